/* Messages: the players' posts in a game, to everyone, to one seat, or
 * to the sender's team where the game is played in teams. */
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "handlers.h"
#include "idempotency.h"
#include "messages.h"
#include "paging.h"
#include "play.h"

/* The seats of seat's team in g (seat's own included), or 0 having
 * replied: a game without teams, or a team of one. */
static unsigned team_or_reply(struct request *r, const struct storage_game *g, int seat)
{
    const struct rules_engine *e = rules_engine_find(g->ruleset);
    unsigned team = 0;

    if (!e || !e->team_of) {
        reply_problem(r, PROBLEM_bad_request, "%s is not played in teams: \"to\" is a seat.",
                      e ? e->title : g->ruleset);
        return 0;
    }
    for (int s = 0; s < g->seat_count && s < RULES_MAX_SEATS; s++)
        if (e->team_of(s, g->seat_count) == e->team_of(seat, g->seat_count))
            team |= 1u << s;
    if (team == 1u << seat) {
        reply_problem(r, PROBLEM_bad_request, "Seat %d has no teammate in this game.", seat);
        return 0;
    }
    return team;
}

int message_or_reply(struct request *r, const struct storage_game *g, int seat,
                     const json_t *m, const char **text, int *to, unsigned *team)
{
    json_int_t t = -1;
    json_error_t err;
    json_t *tv = NULL;
    size_t n;

    *to = -1;
    *team = 0;
    if (json_is_string(m)) {
        *text = json_string_value(m);
    } else if (!json_is_object(m) ||
               json_unpack_ex((json_t *)m, &err, JSON_STRICT, "{s:s, s?:o}", "text", text,
                              "to", &tv) ||
               (tv && !json_is_integer(tv) &&
                !(json_is_string(tv) && strcmp(json_string_value(tv), "team") == 0))) {
        reply_problem(r, PROBLEM_bad_request,
                      "A message is a string or {\"text\": \"...\", \"to\": seat or "
                      "\"team\"}.");
        return -1;
    }
    if (json_is_integer(tv))
        t = json_integer_value(tv);
    n = strlen(*text);
    if (n == 0) {
        reply_problem(r, PROBLEM_bad_request, "A message is not empty.");
        return -1;
    }
    if (n > MESSAGE_MAX) {
        reply_problem_ext(r, PROBLEM_message_too_long,
                          json_pack("{s:i, s:I}", "max_bytes", MESSAGE_MAX, "bytes",
                                    (json_int_t)n),
                          "A message is at most 2000 bytes.");
        return -1;
    }
    if (json_is_integer(tv) && (t < 0 || t >= g->seat_count || t == seat)) {
        reply_problem(r, PROBLEM_bad_request,
                      "to is another seat of the game, 0 to %d; leave it out for everyone.",
                      g->seat_count - 1);
        return -1;
    }
    if (json_is_string(tv)) {
        if (!(*team = team_or_reply(r, g, seat)))
            return -1;
        t = MESSAGE_TO_TEAM;
    }
    *to = (int)t;
    return 0;
}

void handle_message_post(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    json_t *body = NULL, *m = NULL, *msg = NULL;
    json_int_t want = -1;
    const char *text;
    enum storage_status st;
    json_error_t err;
    struct caller c;
    char route[96];
    int seat, to;
    unsigned team;

    if (auth_or_reply(r, w, AUTH_ANY, &c) ||
        request_body_or_reply(r, &body, 0, (const char *const[]){"text", "to", "seat", NULL}))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s?:o, s?:I}", "text", &text, "to", &m,
                       "seat", &want) || want < -1 || want >= RULES_MAX_SEATS) {
        reply_problem(r, PROBLEM_bad_request,
                      "The body is {\"text\": \"...\", \"to\": seat, \"seat\": n}.");
        goto out;
    }
    if (game_id_or_reply(r, r->params[0]))
        goto out;
    if ((st = storage_game_begin_lock(w->db, r->params[0], c.claims.sub, &g)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "game");
        goto out;
    }
    snprintf(route, sizeof route, "POST /v1/games/%s/messages", g.id);
    /* the body minus seat is the message: a string, or text and to */
    m = m ? json_pack("{s:s, s:O}", "text", text, "to", m) : json_string(text);
    if (play_seat_or_reply(r, &c, &g, want, 1, &seat) ||
        message_or_reply(r, &g, seat, m, &text, &to, &team) ||
        idempotency_claim_or_reply(r, w, c.claims.sub, route, body))
        goto rollback;
    st = storage_message_post(w->db, g.id, seat, c.seat_cap ? NULL : c.claims.sub, to, team,
                              text, -1, &msg);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "message");
        goto rollback;
    }
    reply_json(r, 201, json_pack("{s:s, s:O}", "game_id", g.id, "message", msg));
    if ((st = idempotency_finish(r, w, c.claims.sub, route)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "message");
        goto rollback;
    }
    goto out;
rollback:
    db_rollback(w->db);
out:
    storage_game_clear(&g);
    json_decref(msg);
    json_decref(m);
    json_decref(body);
}

void handle_messages_list(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"after", "limit", "seat", "cursor", NULL};
    const char *after_s = request_query(r, "after"), *seat_s = request_query(r, "seat");
    struct storage_game g = {0};
    long after = 0, want = -1;
    long long from = 0;
    enum storage_status st;
    json_t *list, *body;
    struct paging pg;
    struct caller c;
    char key[24];
    int seat, more;

    if (request_params_or_reply(r, allowed) ||
        paging_or_reply(r, &w->app->keys, "after", &pg) ||
        auth_or_reply(r, w, AUTH_ANY, &c) || game_id_or_reply(r, r->params[0]))
        return;
    if ((after_s && parse_int_in(after_s, 0, 1L << 53, &after)) ||
        (pg.key && paging_key_int(pg.key, 0, &from)) ||
        (seat_s && parse_int_in(seat_s, 0, RULES_MAX_SEATS - 1, &want))) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "after is a message id >= 0, seat a seat number.");
        return;
    }
    if (!pg.key)
        from = after;
    if ((st = storage_game_read(w->db, r->params[0], c.claims.sub, &g)) != STORAGE_OK) {
        reply_storage(r, st, "game");
        return;
    }
    if (play_seat_or_reply(r, &c, &g, want, 0, &seat))
        goto out;
    /* one more than asked says whether a next page exists */
    if ((st = storage_messages_list(w->db, g.id, seat, (int64_t)from, (int)pg.limit + 1,
                                    &list)) != STORAGE_OK) {
        reply_storage(r, st, "messages");
        goto out;
    }
    if ((more = json_array_size(list) > (size_t)pg.limit))
        json_array_remove(list, json_array_size(list) - 1);
    snprintf(key, sizeof key, "%lld",
             (long long)json_integer_value(json_object_get(
                 json_array_get(list, json_array_size(list) - 1), "id")));
    body = json_pack("{s:s, s:o}", "game_id", g.id, "messages", list);
    paging_finish(r, &w->app->keys, &pg, more ? key : NULL, body);
    reply_json(r, 200, body);
out:
    storage_game_clear(&g);
}
