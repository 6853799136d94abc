/*
 * One move, one message, one account: what the Location of the 201 that
 * made each leads to. Each is read as its list reads it, with the same
 * visibility: a move's events as the caller's seat sees them, a message
 * only if the caller's seat may read it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "common.h"
#include "handlers.h"
#include "messages.h"
#include "play.h"

/* The number in the path's second parameter (a seq, a message id), or -1
 * having replied 400. */
static long number_or_reply(struct request *r, const char *what)
{
    long n;

    if (parse_int_in(r->params[1], 1, 1L << 40, &n)) {
        reply_problem(r, PROBLEM_invalid_parameter, "%s is a whole number from 1.", what);
        return -1;
    }
    return n;
}

/* The game of the path, read for the caller, and the seat it reads as. */
static int game_or_reply(struct request *r, struct worker *w, struct caller *c,
                         struct storage_game *g, long want, int *seat)
{
    enum storage_status st;

    if ((st = storage_game_read(w->db, r->params[0], c->claims.sub, g)) != STORAGE_OK) {
        reply_storage(r, st, "game");
        return -1;
    }
    return play_seat_or_reply(r, c, g, want, 0, seat) ? -1 : 0;
}

void handle_move_get(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {NULL};
    struct storage_game g = {0};
    json_t *moves = NULL, *m;
    enum storage_status st;
    struct caller c;
    long seq;
    int seat;

    /* who asks first: a bad token is 401 whatever the path holds */
    if (request_params_or_reply(r, allowed) || auth_or_reply(r, w, AUTH_ANY, &c) ||
        game_id_or_reply(r, r->params[0]) || (seq = number_or_reply(r, "seq")) < 0 ||
        game_or_reply(r, w, &c, &g, -1, &seat))
        goto out;
    if ((st = storage_moves_list(w->db, g.id, seq - 1, 1, &moves)) != STORAGE_OK) {
        reply_storage(r, st, "move log");
        goto out;
    }
    m = json_array_get(moves, 0);
    if (!m || json_integer_value(json_object_get(m, "seq")) != seq) {
        reply_problem(r, PROBLEM_not_found, "Game %s has no move %ld.", g.id, seq);
        goto out;
    }
    json_object_set_new(m, "events", play_events_for(json_object_get(m, "events"), seat));
    json_object_del(m, "rng_pos");
    play_move_seen(g.ruleset, strcmp(g.status, "finished") == 0, m, seat, g.seat_count);
    reply_json(r, 200, json_incref(m));
out:
    json_decref(moves);
    storage_game_clear(&g);
}

void handle_message_get(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"seat", NULL};
    const char *seat_s = request_query(r, "seat");
    struct storage_game g = {0};
    json_t *list = NULL, *m;
    enum storage_status st;
    struct caller c;
    long id, want = -1;
    int seat;

    if (request_params_or_reply(r, allowed) || auth_or_reply(r, w, AUTH_ANY, &c) ||
        game_id_or_reply(r, r->params[0]) || (id = number_or_reply(r, "The message id")) < 0)
        goto out;
    if (seat_s && parse_int_in(seat_s, 0, RULES_MAX_SEATS - 1, &want)) {
        reply_problem(r, PROBLEM_invalid_parameter, "seat is a seat number.");
        goto out;
    }
    if (game_or_reply(r, w, &c, &g, want, &seat))
        goto out;
    if ((st = storage_messages_list(w->db, g.id, seat, id - 1, 1, &list)) != STORAGE_OK) {
        reply_storage(r, st, "messages");
        goto out;
    }
    /* the list skips what this seat may not read: then it is not found */
    m = json_array_get(list, 0);
    if (!m || json_integer_value(json_object_get(m, "id")) != id) {
        reply_problem(r, PROBLEM_not_found, "Game %s has no message %ld for this seat.",
                      g.id, id);
        goto out;
    }
    reply_json(r, 200, json_pack("{s:s, s:O}", "game_id", g.id, "message", m));
out:
    json_decref(list);
    storage_game_clear(&g);
}
