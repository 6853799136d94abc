/* Legal moves, submitting a move, the move log, resigning and export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "chain.h"
#include "chat.h"
#include "common.h"
#include "game_end.h"
#include "handlers.h"
#include "http_cache.h"
#include "idempotency.h"
#include "messages.h"
#include "paging.h"
#include "play.h"

/* The ?seat= of a request, or -1; -2 having replied 400. */
static long requested_seat(struct request *r)
{
    const char *s = request_query(r, "seat");
    long seat;

    if (!s)
        return -1;
    if (parse_int_in(s, 0, RULES_MAX_SEATS - 1, &seat)) {
        reply_problem(r, PROBLEM_invalid_parameter, "seat must be a seat number.");
        return -2;
    }
    return seat;
}

/* Reads the game of the path for a GET, with the caller checked. */
static int read_or_reply(struct request *r, struct worker *w, struct caller *c,
                         struct storage_game *g)
{
    enum storage_status st;

    if (auth_or_reply(r, w, AUTH_ANY, c))
        return -1;
    if (game_id_or_reply(r, r->params[0]))
        return -1;
    st = storage_game_read(w->db, r->params[0], c->claims.sub, g);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "game");
        return -1;
    }
    return 0;
}

void handle_legal_moves(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"seat", NULL};
    struct storage_game g = {0};
    struct caller c;
    json_t *lm;
    long want;
    int seat;

    if (request_params_or_reply(r, allowed) || (want = requested_seat(r)) == -2 ||
        read_or_reply(r, w, &c, &g))
        return;
    if (play_seat_or_reply(r, &c, &g, want, 1, &seat) == 0) {
        if (!g.state) {
            reply_problem(r, PROBLEM_game_not_started,
                          "The game starts when every seat is filled.");
        } else if (strcmp(g.status, "finished") == 0) {
            reply_json(r, 200, json_pack("{s:s, s:s, s:I, s:i, s:[]}", "game_id", g.id,
                                         "ruleset", g.ruleset,
                                         "version", (json_int_t)g.version, "seat",
                                         seat, "moves"));
        } else if (request_wants(r, "text/plain")) {
            const struct rules_engine *e = play_engine(&g);
            char *lines = e->text_moves ? e->text_moves(g.state, seat) : NULL;

            if (lines)
                reply_take(r, 200, "text/plain; charset=utf-8", lines, strlen(lines));
            else
                reply_problem(r, PROBLEM_not_acceptable, "%s lists its moves as JSON only.",
                              g.ruleset);
        } else {
            const struct rules_engine *e = play_engine(&g);
            json_t *body, *fallback;

            lm = e->legal_moves(g.state, seat);
            body = json_pack("{s:s, s:s, s:I, s:i, s:O}", "game_id", g.id, "ruleset",
                             g.ruleset, "version", (json_int_t)g.version, "seat", seat,
                             "moves", json_object_get(lm, "moves"));
            /* what the clock's "auto" pace would play: a client can show it,
             * or a bot send it, when nothing better comes to mind */
            if ((g.must_act & (1u << seat)) && e->timeout_move &&
                (fallback = e->timeout_move(g.state, seat)))
                json_object_set_new(body, "on_timeout", fallback);
            reply_json(r, 200, body);
            json_decref(lm);
        }
    }
    storage_game_clear(&g);
}

/*
 * The version in a strong entity tag "123" (or a view's "123.0"); -1 for
 * anything else, weak tags included: If-Match compares strongly (RFC 9110,
 * 13.1.1).
 */
static int64_t etag_version(const char *s)
{
    return http_cache_etag_version(s);
}


static void now_rfc3339(char out[24])
{
    time_t t = (time_t)app_now();
    struct tm tm;

    gmtime_r(&t, &tm);
    strftime(out, 24, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * When seat's log already holds a change made with r's Idempotency-Key,
 * replies the stored answer (the same move: status) or 422 (another move)
 * and returns 1; returns 0 when the key is new or absent. It is asked only
 * when a change cannot go ahead: a retry of a change that was applied finds
 * the game moved on, or trips the log's unique key on (game, seat, key).
 */
static int answered_before(struct request *r, struct worker *w,
                           const char *game_id, int seat, const char *move_text,
                           int status)
{
    char *answer = NULL;
    int same = 0;
    enum storage_status st;

    if (!r->idempotency_key)
        return 0;
    st = storage_move_answer(w->db, game_id, seat, r->idempotency_key, move_text,
                             &answer, &same);
    if (st == STORAGE_NOT_FOUND)
        return 0;
    if (st == STORAGE_OK && same)
        reply_raw(r, status, "application/json", answer, strlen(answer));
    else if (st == STORAGE_OK)
        reply_problem(r, PROBLEM_idempotency_key_reused,
                      "This Idempotency-Key was used for another move.");
    else
        reply_storage(r, st, "move log");
    free(answer);
    return 1;
}

/*
 * Writes one change to a locked game already updated in g (state,
 * status, must_act, winners, result, rng_pos): the mover's answer, the log
 * entry and the notification; message (may be NULL), posted with the
 * move, goes into the answer. On success the answer is the reply and the
 * transaction is committed; otherwise it is rolled back and a problem
 * replied.
 */
static void commit_change(struct request *r, struct worker *w,
                          struct storage_game *g, int seat, int clock_mover,
                          const struct caller *c, const char *kind,
                          const char *move_text, json_t *events,
                          int answer_status, const json_t *message)
{
    struct play_change ch;
    json_t *answer, *payload;
    char *answer_text, *events_text;
    enum storage_status st;
    int64_t version;

    g->version++;
    g->move_count++;
    now_rfc3339(g->updated_at);
    /* printed once, as stored and as hashed */
    events_text = json_dumps(events, CHAIN_JSON_FLAGS);
    /* from the locked row's head: the answer below shows the new one */
    if (!events_text || play_chain_next(g, g->move_count, seat, kind, move_text, events_text)) {
        db_rollback(w->db);
        reply_problem(r, PROBLEM_internal, "The move log's hash chain is broken.");
        free(events_text);
        return;
    }
    answer = answer_status == 201
                 ? json_pack("{s:I, s:I, s:o, s:o}", "seq", (json_int_t)g->move_count,
                             "version", (json_int_t)g->version, "events",
                             play_events_for(events, seat), "game", play_view(g, seat))
                 : play_view(g, seat);
    if (message)
        json_object_set(answer, "message", (json_t *)message);
    payload = json_pack("{s:s, s:I, s:I, s:i, s:s, s:s, s:o}", "game_id", g->id,
                        "seq", (json_int_t)g->move_count, "version",
                        (json_int_t)g->version, "seat", seat, "kind", kind,
                        "status", g->status, "must_act", play_seat_list(g->must_act));
    answer_text = json_dumps(answer, JSON_COMPACT);
    play_change_init(&ch, g, seat, clock_mover, kind, move_text, events_text,
                     strcmp(g->status, "finished") == 0 ? "game.finished" : "game.move",
                     payload);
    ch.a.account_id = c->seat_cap ? NULL : c->claims.sub;
    ch.a.idempotency_key = r->idempotency_key;
    ch.a.answer_text = answer_text;
    if (strcmp(g->status, "finished") != 0)
        st = storage_game_advance_commit(w->db, g->id, &ch.a, &version);
    else if ((st = storage_game_advance(w->db, g->id, &ch.a, &version)) == STORAGE_OK &&
             (st = game_end_record(w->db, g)) == STORAGE_OK)
        st = db_commit(w->db);
    if (st != STORAGE_OK) {
        db_rollback(w->db);
        /* the log's unique key: this seat used this key before */
        if (st != STORAGE_CONFLICT ||
            !answered_before(r, w, g->id, seat, move_text, answer_status))
            reply_storage(r, st, "game");
    } else {
        reply_raw(r, answer_status, "application/json", answer_text,
                  strlen(answer_text));
        http_cache_view_etag(r, g->version, seat, NULL);
        if (answer_status == 201)   /* set here, the answer need not be parsed for it */
            snprintf(r->location, sizeof r->location, "/v1/games/%s/moves/%lld", g->id,
                     (long long)g->move_count);
        metrics_move(&w->app->metrics, g->ruleset, kind);
    }
    json_decref(answer);
    free(answer_text);
    free(events_text);
    play_change_clear(&ch);
}

/* 422 naming the rule the engine says the move breaks. */
static void reply_refused(struct request *r, const struct rules_error *err)
{
    reply_problem_ext(r, PROBLEM_illegal_move,
                      json_pack("{s:s, s:s}", "violation", err->code, "rule", err->rule),
                      err->message);
}

/* The game must be under way; replies 409 otherwise. */
static int active_or_reply(struct request *r, const struct storage_game *g)
{
    if (strcmp(g->status, "open") == 0) {
        reply_problem(r, PROBLEM_game_not_started,
                      "The game starts when every seat is filled.");
        return -1;
    }
    if (strcmp(g->status, "finished") == 0) {
        reply_problem(r, PROBLEM_game_finished, "The game is over.");
        return -1;
    }
    return 0;
}

void handle_move_submit(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    struct rules_error err = {0};
    struct rules_status rs;
    json_t *body, *move, *events = NULL, *message = NULL, *posted = NULL, *typed = NULL;
    json_int_t want = -1;
    char *move_text = NULL;
    const char *text_msg;
    int to, text;
    unsigned team;
    const struct rules_engine *e;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    struct rng rng;
    int seat, any_time = 0;

    if (auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    /* a move typed in the game's notation: read once the state is at hand */
    text = r->content_type && strncasecmp(r->content_type, "text/plain", 10) == 0;
    if (text) {
        static const char *const allowed[] = {"seat", NULL};
        const char *s = request_query(r, "seat");
        long n = -1;

        body = NULL;
        if (request_params_or_reply(r, allowed))
            return;
        if (s && parse_int_in(s, 0, RULES_MAX_SEATS - 1, &n)) {
            reply_problem(r, PROBLEM_invalid_parameter, "seat must be a seat number.");
            return;
        }
        want = n;
        move = NULL;
    } else if (request_body_or_reply(r, &body, 0, (const char *const[]){"move", "seat", "message", NULL})) {
        return;
    }
    if (text) {
        /* checked below */
    } else if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s:o, s?:I, s?:o}", "move", &move,
                       "seat", &want, "message", &message) ||
        !json_is_object(move) || !json_is_string(json_object_get(move, "type"))) {
        reply_problem(r, PROBLEM_bad_request,
                      "The body is {\"move\": {\"type\": ..., ...}, \"seat\": n, "
                      "\"message\": ...}: %s.",
                      jerr.text[0] ? jerr.text : "move must be an object with a type");
        goto out;
    }
    if (want < -1 || want >= RULES_MAX_SEATS) {
        reply_problem(r, PROBLEM_bad_request, "seat must be a seat number.");
        goto out;
    }
    if (r->idempotency_key && !idempotency_key_valid(r->idempotency_key)) {
        reply_problem(r, PROBLEM_bad_request,
                      "Idempotency-Key must be 1 to %d printable characters.",
                      IDEMPOTENCY_KEY_MAX);
        goto out;
    }
    if (game_id_or_reply(r, r->params[0]))
        goto out;
    if (!text)
        move_text = json_dumps(move, CHAIN_JSON_FLAGS);
    if ((st = storage_game_begin_lock(w->db, r->params[0], c.claims.sub, &g)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "game");
        goto out;
    }
    if (play_seat_or_reply(r, &c, &g, want, 1, &seat))
        goto rollback;
    if (text) {
        if (chat_text_move_or_reply(r, &g, seat, &typed))
            goto rollback;
        move = typed;
        move_text = json_dumps(move, CHAIN_JSON_FLAGS);
    }
    if (active_or_reply(r, &g))
        goto refused;
    if (r->if_match && strcmp(r->if_match, "*") != 0 &&
        etag_version(r->if_match) != g.version) {
        reply_problem(r, PROBLEM_precondition_failed,
                      "The game is at version %lld; look again before you move.",
                      (long long)g.version);
        goto refused;
    }
    e = play_engine(&g);
    /* standing orders and the like: any seat, whoever must act */
    any_time = e->any_time && e->any_time(move);
    if (!(g.must_act & (1u << seat)) && !any_time) {
        reply_problem(r, PROBLEM_not_your_turn, "Seat %d need not act now.", seat);
        goto refused;
    }
    if (message && message_or_reply(r, &g, seat, message, &text_msg, &to, &team))
        goto refused;
    play_rng(&g, &rng);
    if (e->apply(&g.state, seat, move, &rng, &events, &err)) {
        reply_refused(r, &err);
        goto refused;
    }
    if (play_status(&g, &rs)) {
        reply_problem(r, PROBLEM_internal, "The rules engine lost track of the game.");
        goto rollback;
    }
    g.rng_pos = (int64_t)rng.pos;
    play_settle(&g, &rs);
    /* a message sent with the move is written in its transaction */
    if (message && (st = storage_message_post(w->db, g.id, seat,
                                              c.seat_cap ? NULL : c.claims.sub, to, team,
                                              text_msg, g.move_count + 1, &posted)) !=
                       STORAGE_OK) {
        reply_storage(r, st, "message");
        goto rollback;
    }
    commit_change(r, w, &g, seat, any_time ? -1 : seat, &c, "move", move_text, events, 201,
                  posted);
    goto out;
refused:
    /* A retry of a move that was applied finds the game moved on. */
    answered_before(r, w, g.id, seat, move_text, 201);
rollback:
    db_rollback(w->db);
out:
    storage_game_clear(&g);
    json_decref(events);
    json_decref(posted);
    json_decref(typed);
    json_decref(body);
    free(move_text);
}

/*
 * The caller's seat resigns, at any time. The engine decides what follows
 * (Iron Future ends; Steam goes on without the seat), and the change is
 * logged like a move, with kind "resign".
 */
void handle_resign(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    struct rules_error err = {0};
    struct rules_status rs;
    json_int_t want = -1;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    json_t *body, *events = NULL;
    const struct rules_engine *e;
    int seat;

    if (auth_or_reply(r, w, AUTH_ANY, &c) || request_body_or_reply(r, &body, 1, (const char *const[]){"seat", NULL}))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s?:I}", "seat", &want) ||
        want < -1 || want >= RULES_MAX_SEATS) {
        reply_problem(r, PROBLEM_bad_request, "The body is {\"seat\": n} or empty.");
        goto out;
    }
    if (game_id_or_reply(r, r->params[0]))
        goto out;
    if ((st = db_begin(w->db)) != STORAGE_OK ||
        (st = storage_game_lock(w->db, r->params[0], c.claims.sub, &g)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "game");
        goto out;
    }
    if (play_seat_or_reply(r, &c, &g, want, 1, &seat) || active_or_reply(r, &g))
        goto rollback;
    e = play_engine(&g);
    if (e->resign(&g.state, seat, &events, &err)) {
        reply_refused(r, &err);
        goto rollback;
    }
    if (play_status(&g, &rs)) {
        reply_problem(r, PROBLEM_internal, "The rules engine lost track of the game.");
        goto rollback;
    }
    play_settle(&g, &rs);
    commit_change(r, w, &g, seat, seat, &c, "resign", "{\"type\":\"resign\"}", events, 200,
                  NULL);
    goto out;
rollback:
    db_rollback(w->db);
out:
    storage_game_clear(&g);
    json_decref(events);
    json_decref(body);
}

void handle_moves_list(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"after", "limit", "cursor", NULL};
    const char *after_s = request_query(r, "after");
    struct storage_game g = {0};
    long after = 0;
    long long from = 0;
    enum storage_status st;
    json_t *moves, *out, *m, *body;
    struct paging pg;
    char key[24];
    struct caller c;
    size_t i;
    int seat;

    if (request_params_or_reply(r, allowed) ||
        paging_or_reply(r, &w->app->keys, "after", &pg))
        return;
    if ((after_s && parse_int_in(after_s, 0, 1L << 40, &after)) ||
        (pg.key && paging_key_int(pg.key, 0, &from))) {
        reply_problem(r, PROBLEM_invalid_parameter, "after is a sequence number >= 0.");
        return;
    }
    if (!pg.key)
        from = after;
    if (read_or_reply(r, w, &c, &g))
        return;
    if (play_seat_or_reply(r, &c, &g, -1, 0, &seat))
        goto out;
    /* one more than asked says whether a next page exists */
    st = storage_moves_list(w->db, g.id, (int64_t)from, (int)pg.limit + 1, &moves);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "move log");
        goto out;
    }
    out = json_array();
    json_array_foreach(moves, i, m) {
        if (i == (size_t)pg.limit)
            break;
        json_object_set_new(m, "events",
                            play_events_for(json_object_get(m, "events"), seat));
        json_object_del(m, "rng_pos");
        play_move_seen(g.ruleset, strcmp(g.status, "finished") == 0, m, seat, g.seat_count);
        json_array_append(out, m);
    }
    snprintf(key, sizeof key, "%lld",
             (long long)json_integer_value(json_object_get(json_array_get(out, pg.limit - 1),
                                                           "seq")));
    body = json_pack("{s:s, s:I, s:o}", "game_id", g.id, "version", (json_int_t)g.version,
                     "moves", out);
    paging_finish(r, &w->app->keys, &pg,
                  json_array_size(moves) > (size_t)pg.limit ? key : NULL, body);
    json_decref(moves);
    reply_json(r, 200, body);
out:
    storage_game_clear(&g);
}

void handle_export(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    json_t *moves = json_array(), *page, *seats = json_array(), *setup = NULL, *m, *s,
           *messages = json_array();
    char seed[2 * RNG_SEED_BYTES + 1];
    enum storage_status st = STORAGE_OK;
    int64_t after = 0;
    struct caller c;
    size_t i;
    int seat;

    if (read_or_reply(r, w, &c, &g))
        goto out;
    if (play_seat_or_reply(r, &c, &g, -1, 0, &seat))
        goto out;
    if (strcmp(g.status, "finished") != 0) {
        reply_problem(r, PROBLEM_game_not_finished,
                      "The seed and the full log are published when the game is over.");
        goto out;
    }
    do {
        if ((st = storage_moves_list(w->db, g.id, after, 500, &page)) != STORAGE_OK)
            break;
        json_array_foreach(page, i, m) {
            after = json_integer_value(json_object_get(m, "seq"));
            json_object_del(m, "created_at");
            if (strcmp(json_string_value(json_object_get(m, "kind")), "setup") == 0)
                setup = json_pack("{s:O, s:O, s:O, s:O}", "seq", json_object_get(m, "seq"),
                                  "events", json_object_get(m, "events"), "rng_pos",
                                  json_object_get(m, "rng_pos"), "hash",
                                  json_object_get(m, "hash"));
            else
                json_array_append(moves, m);
        }
        i = json_array_size(page);
        json_decref(page);
    } while (i == 500);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "move log");
        goto out;
    }
    json_array_foreach(g.seats, i, s) {
        json_array_append_new(seats, json_pack("{s:O, s:O}", "seat", json_object_get(s, "seat"),
                                               "entropy", json_object_get(s, "entropy")));
    }
    /* the messages the caller may read; not part of what verify checks */
    for (after = 0;;) {
        if ((st = storage_messages_list(w->db, g.id, seat, after, 500, &page)) != STORAGE_OK)
            break;
        json_array_foreach(page, i, m)
            after = json_integer_value(json_object_get(m, "id"));
        i = json_array_size(page);
        json_array_extend(messages, page);
        json_decref(page);
        if (i < 500)
            break;
    }
    if (st != STORAGE_OK) {
        reply_storage(r, st, "messages");
        goto out;
    }
    sodium_bin2hex(seed, sizeof seed, g.seed, RNG_SEED_BYTES);
    reply_json(r, 200,
               json_pack("{s:s, s:s, s:s, s:O, s:i, s:O, s:s, s:s, s:o, s:O, s:I, s:I, "
                         "s:o, s:O, s:o, s:O}",
                         "format", "turnpost-export-2", "game_id", g.id, "ruleset",
                         g.ruleset, "options", g.options, "seat_count", g.seat_count,
                         "seats", seats, "seed", seed, "commitment", g.commitment,
                         "setup", setup ? setup : json_null(), "moves", moves,
                         "move_count", (json_int_t)g.move_count, "chain_from",
                         (json_int_t)g.chain_from, "log_head",
                         g.log_head[0] ? json_string(g.log_head) : json_null(),
                         "final_state", g.state ? g.state : json_null(), "winners",
                         play_seat_list(g.winners), "messages", messages));
    setup = NULL;
out:
    json_decref(moves);
    json_decref(seats);
    json_decref(setup);
    json_decref(messages);
    storage_game_clear(&g);
}
