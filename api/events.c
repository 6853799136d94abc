/* Event streams (Server-Sent Events) of a game's move log. */
#include <stdio.h>
#include <string.h>

#include "accounts.h"
#include "auth.h"
#include "common.h"
#include "handlers.h"
#include "live.h"
#include "play.h"
#include "webhooks.h"

/* "A" or "A:B": log entry A (at most count) and message B (*mpos -1 without). */
static int position(const char *s, int64_t count, long *pos, long *mpos)
{
    char head[24];
    const char *colon = strchr(s, ':');

    *mpos = -1;
    if (!colon)
        return parse_int_in(s, 0, count, pos);
    if ((size_t)(colon - s) >= sizeof head)
        return -1;
    memcpy(head, s, (size_t)(colon - s));
    head[colon - s] = 0;
    return parse_int_in(head, 0, count, pos) || parse_int_in(colon + 1, 0, 1L << 53, mpos);
}

/*
 * GET /v1/games/{id}/events: the move log from a position on, as the
 * caller's seat may see it, with the messages it may read. The position is
 * the Last-Event-ID of a resumed stream (entry:message), else ?after=N
 * (with every message when N is 0), else the log's end (only what comes).
 */
void handle_game_events(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"after", NULL};
    const char *after = r->last_event_id ? r->last_event_id : request_query(r, "after");
    struct storage_game g = {0};
    struct live_stream *stream;
    enum storage_status st;
    struct caller c;
    long pos = -1, mpos = -1;
    int seat;

    if (request_params_or_reply(r, allowed) || auth_or_reply(r, w, AUTH_ANY, &c) ||
        game_id_or_reply(r, r->params[0]))
        return;
    if ((st = storage_game_read(w->db, r->params[0], c.claims.sub, &g)) != STORAGE_OK) {
        reply_storage(r, st, "game");
        goto out;
    }
    if (play_seat_or_reply(r, &c, &g, -1, 0, &seat))
        goto out;
    if (after && position(after, g.move_count, &pos, &mpos)) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "Last-Event-ID is <entry>:<message> or <entry>, and after an entry: "
                      "0 to %lld.", (long long)g.move_count);
        goto out;
    }
    if (r->last_event_id == NULL && mpos < 0 && pos == 0)
        mpos = 0;   /* ?after=0: every message too */
    if (!w->app->live) {
        reply_problem(r, PROBLEM_service_unavailable, "Event streams are not running.");
        goto out;
    }
    if (!(stream = live_stream_new(g.id, g.ruleset, seat, g.seat_count,
                                   pos >= 0 ? pos : g.move_count, mpos))) {
        reply_problem(r, PROBLEM_internal, "No memory for the stream.");
        goto out;
    }
    reply_stream(r, stream);
out:
    storage_game_clear(&g);
}

/*
 * GET /v1/me/events: what concerns the caller's account, from the outbox:
 * after the row named by Last-Event-ID, else ?after=N, else from now.
 */
void handle_my_events(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"after", NULL};
    const char *after = r->last_event_id ? r->last_event_id : request_query(r, "after");
    struct storage_account a;
    struct live_stream *stream;
    enum storage_status st;
    struct caller c;
    int64_t head;
    long pos = -1;

    if (request_params_or_reply(r, allowed) || auth_account_or_reply(r, w, &c, &a))
        return;
    if ((st = storage_outbox_head(w->db, &head)) != STORAGE_OK) {
        reply_storage(r, st, "event log");
        return;
    }
    if (after && parse_int_in(after, 0, head, &pos)) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "Last-Event-ID and after name an event: 0 to %lld.", (long long)head);
        return;
    }
    if (!w->app->live) {
        reply_problem(r, PROBLEM_service_unavailable, "Event streams are not running.");
        return;
    }
    if (!(stream = live_stream_new_account(a.id, pos >= 0 ? pos : head))) {
        reply_problem(r, PROBLEM_internal, "No memory for the stream.");
        return;
    }
    reply_stream(r, stream);
}
