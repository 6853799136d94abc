/* Creating, joining, inviting to and viewing games. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accounts.h"
#include "chat.h"
#include "clock.h"
#include "common.h"
#include "handlers.h"
#include "http_cache.h"
#include "idempotency.h"
#include "paging.h"
#include "play.h"
#include "ratings.h"
#include "view_cache.h"

/*
 * Checks the seat list of a new game into rows for storage: each seat is
 * exactly one of {"account_id": id}, {"open": true}, {"invite": true}.
 */
static int seats_or_reply(struct request *r, struct worker *w,
                          const struct rules_engine *e, json_t *seats,
                          const char *creator, const char *entropy,
                          json_t **rows)
{
    size_t n = json_array_size(seats), i;
    int entropy_used = 0;
    json_t *s;

    if (!json_is_array(seats) || n < (size_t)e->min_seats ||
        n > (size_t)e->max_seats) {
        reply_problem(r, PROBLEM_bad_request,
                      "seats must list %d to %d seats for %s.", e->min_seats,
                      e->max_seats, e->title);
        return -1;
    }
    *rows = json_array();
    json_array_foreach(seats, i, s) {
        const char *acct = NULL;
        int open = 0, invite = 0;
        json_error_t err = {0};
        json_t *row;

        if (json_unpack_ex(s, &err, JSON_STRICT, "{s?:s, s?:b, s?:b}",
                           "account_id", &acct, "open", &open, "invite",
                           &invite) ||
            (acct != NULL) + open + invite != 1) {
            reply_problem(r, PROBLEM_bad_request,
                          "seats[%zu] must be {\"account_id\": id}, {\"open\": true} or {\"invite\": true}%s%s.",
                          i, err.text[0] ? ": " : "", err.text);
            goto fail;
        }
        row = json_pack("{s:i, s:s, s:b}", "seat", (int)i, "kind",
                        acct ? "account" : open ? "open" : "invite", "filled",
                        acct != NULL);
        if (acct) {
            struct storage_account a;
            enum storage_status st = uuid_valid(acct)
                                         ? storage_account_get(w->db, acct, &a)
                                         : STORAGE_NOT_FOUND;
            if (st != STORAGE_OK) {
                json_decref(row);
                if (st == STORAGE_NOT_FOUND)
                    reply_problem(r, PROBLEM_bad_request,
                                  "seats[%zu]: no account %s.", i, acct);
                else
                    reply_storage(r, st, "account");
                goto fail;
            }
            json_object_set_new(row, "account_id", json_string(a.id));
            if (entropy && !entropy_used && strcmp(a.id, creator) == 0) {
                json_object_set_new(row, "entropy", json_string(entropy));
                entropy_used = 1;
            }
        }
        json_array_append_new(*rows, row);
    }
    if (entropy && !entropy_used) {
        reply_problem(r, PROBLEM_bad_request,
                      "entropy goes with a seat of yours; you hold none.");
        goto fail;
    }
    return 0;
fail:
    json_decref(*rows);
    *rows = NULL;
    return -1;
}

static void reply_started(struct request *r, enum storage_status st,
                          const struct rules_error *err)
{
    if (st == STORAGE_ERROR && err->code[0])
        reply_problem(r, PROBLEM_internal, "The game could not be set up: %s",
                      err->message);
    else
        reply_storage(r, st, "game");
}

void handle_game_create(struct request *r, struct worker *w)
{
    static const char route[] = "POST /v1/games";
    const char *ruleset, *entropy = NULL;
    json_t *body = NULL, *options = NULL, *seats, *rows = NULL, *invites, *clock_in = NULL,
           *clock = NULL;
    char *clock_text = NULL, why[200];
    struct storage_account me;
    struct storage_game g = {0};
    struct rules_error err = {0};
    const struct rules_engine *e;
    char id[37], *options_text = NULL, *rows_text = NULL;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    int filled = 1, rated = 0;
    size_t i;
    json_t *row;

    if (auth_account_or_reply(r, w, &c, &me) ||
        request_body_or_reply(r, &body, 0, (const char *const[]){"ruleset", "options", "seats", "entropy", "clock", "rated", NULL}))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s:s, s?:o, s:o, s?:s, s?:o, s?:b}",
                       "ruleset", &ruleset, "options", &options, "seats",
                       &seats, "entropy", &entropy, "clock", &clock_in, "rated", &rated)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", jerr.text);
        goto out;
    }
    if (!(e = rules_engine_find(ruleset))) {
        reply_problem(r, PROBLEM_bad_request, "No ruleset %s; see /v1/rulesets.", ruleset);
        goto out;
    }
    if (options && !json_is_object(options)) {
        reply_problem(r, PROBLEM_bad_request, "options must be an object.");
        goto out;
    }
    if (entropy && strlen(entropy) > ENTROPY_MAX) {
        reply_problem(r, PROBLEM_bad_request, "entropy is at most %d bytes.", ENTROPY_MAX);
        goto out;
    }
    if (clock_in && clock_parse(clock_in, play_timeout_policies(e), &clock, why, sizeof why)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", why);
        goto out;
    }
    if (seats_or_reply(r, w, e, seats, me.id, entropy, &rows) ||
        play_options_or_reply(r, e, options, (int)json_array_size(seats)))
        goto out;
    clock_text = clock ? json_dumps(clock, JSON_COMPACT) : NULL;
    filled = seat_rows_filled(rows);
    /* No options are stored as {}. */
    options_text = options ? json_dumps(options, JSON_COMPACT) : strdup("{}");
    rows_text = json_dumps(rows, JSON_COMPACT);
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "game");
        goto out;
    }
    if (idempotency_claim_or_reply(r, w, me.id, route, body)) {
        db_rollback(w->db);
        goto out;
    }
    if ((st = play_game_insert(w->db, id, ruleset, options_text, (int)json_array_size(rows),
                               me.id, rows_text, clock_text)) != STORAGE_OK ||
        (rated && (st = storage_game_set_rated(w->db, id)) != STORAGE_OK) ||
        (st = storage_game_lock(w->db, id, me.id, &g)) != STORAGE_OK ||
        (filled && (st = play_start(w->db, &g, &err)) != STORAGE_OK)) {
        db_rollback(w->db);
        reply_started(r, st, &err);
        goto out;
    }
    invites = json_array();
    json_array_foreach(rows, i, row) {
        char token[TOKEN_MAX_LEN];
        int64_t exp;

        if (strcmp(json_string_value(json_object_get(row, "kind")), "invite") != 0)
            continue;
        if (auth_issue_seat(w, me.id, id, (int)i, 0, token, sizeof token, &exp) < 0)
            continue;
        json_array_append_new(invites, json_pack("{s:i, s:s, s:I}", "seat", (int)i,
                                                 "token", token, "expires_at",
                                                 (json_int_t)exp));
    }
    {
        int seat = -1;

        play_seat_or_reply(r, &c, &g, -1, 0, &seat);
        reply_json(r, 201, json_pack("{s:o, s:o}", "game", play_view(&g, seat),
                                     "invites", invites));
    }
    if ((st = idempotency_finish(r, w, me.id, route)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "game");
        goto out;
    }
out:
    storage_game_clear(&g);
    json_decref(body);
    json_decref(rows);
    json_decref(clock);
    free(options_text);
    free(rows_text);
    free(clock_text);
}

/* The game in the path, locked for this transaction. */
static int lock_or_reply(struct request *r, struct worker *w,
                         const struct caller *c, struct storage_game *g)
{
    enum storage_status st;

    if (game_id_or_reply(r, r->params[0]))
        return -1;
    if ((st = storage_game_begin_lock(w->db, r->params[0], c->claims.sub, g)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "game");
        return -1;
    }
    return 0;
}

static json_t *seat_row(const struct storage_game *g, long seat)
{
    return json_array_get(g->seats, (size_t)seat);
}

/* Fills seat: for an account or, with a seat token, its invite seat. */
static int fill_or_reply(struct request *r, struct worker *w,
                         const struct caller *c, struct storage_game *g,
                         long seat, const char *entropy)
{
    char name[65] = "";
    json_t *row;
    enum storage_status st;

    if (c->seat_cap) {
        if (strcmp(c->claims.game, g->id) != 0) {
            reply_problem(r, PROBLEM_forbidden, "This seat token is for another game.");
            return -1;
        }
        if (seat >= 0 && seat != c->claims.seat) {
            reply_problem(r, PROBLEM_forbidden, "This seat token joins seat %d only.",
                          c->claims.seat);
            return -1;
        }
        seat = c->claims.seat;
        row = seat_row(g, seat);
        if (auth_epoch_ok_or_reply(r, c, json_integer_value(json_object_get(row, "invite_epoch"))))
            return -1;
    } else {
        if (auth_epoch_ok_or_reply(r, c, g->caller_epoch))
            return -1;
        for (long i = 0; seat < 0 && i < g->seat_count; i++) {
            json_t *s = seat_row(g, i);
            if (!strcmp(json_string_value(json_object_get(s, "kind")), "open") &&
                !json_is_true(json_object_get(s, "filled")))
                seat = i;
        }
        if (seat < 0 || seat >= g->seat_count) {
            reply_problem(r, PROBLEM_conflict, "This game has no open seat.");
            return -1;
        }
        row = seat_row(g, seat);
        if (strcmp(json_string_value(json_object_get(row, "kind")), "open") != 0) {
            reply_problem(r, PROBLEM_conflict, "Seat %ld is not open.", seat);
            return -1;
        }
    }
    if (json_is_true(json_object_get(row, "filled"))) {
        reply_problem(r, PROBLEM_conflict, "Seat %ld is already taken.", seat);
        return -1;
    }
    st = c->seat_cap ? storage_seat_set_entropy(w->db, g->id, (int)seat, entropy)
                     : storage_seat_fill(w->db, g->id, (int)seat, c->claims.sub, entropy,
                                         name);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "seat");
        return -1;
    }
    json_object_set_new(row, "filled", json_true());
    json_object_set_new(row, "entropy", json_string(entropy));
    if (!c->seat_cap) {
        json_object_set_new(row, "account_id", json_string(c->claims.sub));
        json_object_set_new(row, "name", json_string(name));
    }
    return (int)seat;
}

void handle_game_join(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    struct rules_error err = {0};
    const char *entropy = "";
    json_t *seat_json = NULL;
    json_int_t seat = -1;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    json_t *body;
    int filled = 1, joined;
    size_t i;
    json_t *row;

    if (auth_or_reply(r, w, AUTH_ANY, &c) ||
        request_body_or_reply(r, &body, 1, (const char *const[]){"seat", "entropy", NULL}))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s?:o, s?:s}", "seat", &seat_json,
                       "entropy", &entropy)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", jerr.text);
        json_decref(body);
        return;
    }
    if (seat_json)
        seat = json_is_integer(seat_json) ? json_integer_value(seat_json) : -2;
    if (strlen(entropy) > ENTROPY_MAX || seat < -1 || (seat_json && seat < 0) ||
        seat >= RULES_MAX_SEATS) {
        reply_problem(r, PROBLEM_bad_request,
                      "entropy is at most %d bytes and seat a seat number.", ENTROPY_MAX);
        json_decref(body);
        return;
    }
    if (lock_or_reply(r, w, &c, &g))
        goto out;
    if (c.seat_cap && strcmp(c.claims.game, g.id) != 0) {
        reply_problem(r, PROBLEM_forbidden, "This seat token is for another game.");
        goto rollback;
    }
    if (seat >= g.seat_count) {
        reply_problem(r, PROBLEM_bad_request, "This game has seats 0 to %d.", g.seat_count - 1);
        goto rollback;
    }
    if (strcmp(g.status, "open") != 0) {
        reply_problem(r, PROBLEM_conflict, "This game has started; its seats are taken.");
        goto rollback;
    }
    if ((joined = fill_or_reply(r, w, &c, &g, (long)seat, entropy)) < 0)
        goto rollback;
    json_array_foreach(g.seats, i, row) {
        if (!json_is_true(json_object_get(row, "filled")))
            filled = 0;
    }
    st = filled ? play_start(w->db, &g, &err) : storage_game_touch(w->db, g.id, &g.version);
    if (st != STORAGE_OK || (st = db_commit(w->db)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_started(r, st, &err);
        goto out;
    }
    if (!filled)
        snprintf(g.status, sizeof g.status, "open");
    http_cache_view_etag(r, g.version, joined, NULL);
    reply_json(r, 200, play_view(&g, joined));
    goto out;
rollback:
    db_rollback(w->db);
out:
    storage_game_clear(&g);
    json_decref(body);
}

void handle_seat_invite(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    char token[TOKEN_MAX_LEN];
    enum storage_status st;
    int64_t epoch, exp;
    struct caller c;
    long seat;
    json_t *row, *body;

    if (auth_or_reply(r, w, AUTH_ACCOUNT, &c) ||
        request_body_or_reply(r, &body, 1, (const char *const[]){NULL}))
        return;
    json_decref(body);
    if (parse_int_in(r->params[1], 0, RULES_MAX_SEATS - 1, &seat)) {
        reply_problem(r, PROBLEM_invalid_parameter, "seat must be a seat number.");
        return;
    }
    if (lock_or_reply(r, w, &c, &g))
        goto out;
    if (auth_epoch_ok_or_reply(r, &c, g.caller_epoch))
        goto rollback;
    if (strcmp(g.created_by, c.claims.sub) != 0 && !c.admin) {
        reply_problem(r, PROBLEM_forbidden, "Only the game's creator may invite.");
        goto rollback;
    }
    if (seat >= g.seat_count) {
        reply_problem(r, PROBLEM_not_found, "This game has seats 0 to %d.", g.seat_count - 1);
        goto rollback;
    }
    row = seat_row(&g, seat);
    if (strcmp(json_string_value(json_object_get(row, "kind")), "invite") != 0) {
        reply_problem(r, PROBLEM_conflict, "Seat %ld is not an invite seat.", seat);
        goto rollback;
    }
    if ((st = storage_seat_invite(w->db, g.id, (int)seat, &epoch)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "seat");
        goto out;
    }
    if (auth_issue_seat(w, c.claims.sub, g.id, (int)seat, epoch, token,
                        sizeof token, &exp) < 0) {
        reply_problem(r, PROBLEM_internal, "No signing key is loaded.");
        goto out;
    }
    reply_json(r, 201, json_pack("{s:i, s:s, s:I}", "seat", (int)seat, "token",
                                 token, "expires_at", (json_int_t)exp));
    goto out;
rollback:
    db_rollback(w->db);
out:
    storage_game_clear(&g);
}

/*
 * A view is served from the view cache when the game is still at the
 * cached version; the row is read either way, so the answer is never
 * older than the database.
 */
/*
 * The long poll of a view: ?wait=S (1 to 60 seconds) with
 * ?after_version=N, both or neither. *wait is 0 without them.
 */
static int wait_or_reply(struct request *r, long *wait, long *after)
{
    static const char *const allowed[] = {"wait", "after_version", NULL};
    const char *w = request_query(r, "wait"), *a = request_query(r, "after_version");

    *wait = 0;
    *after = -1;
    if (request_params_or_reply(r, allowed))
        return -1;
    if (!w && !a)
        return 0;
    if (!w || !a || parse_int_in(w, 1, 60, wait) || parse_int_in(a, 0, 1L << 53, after)) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "A long poll takes wait (1 to 60 seconds) and after_version (a "
                      "version), together.");
        return -1;
    }
    return 0;
}

/* The view as Markdown for chat (api/chat.h); no cache, no long poll. */
static void markdown_view(struct request *r, struct worker *w, const struct caller *c)
{
    struct storage_game g = {0};
    enum storage_status st;
    char *text;
    int seat;

    if ((st = storage_game_read(w->db, r->params[0], c->claims.sub, &g)) != STORAGE_OK) {
        reply_storage(r, st, "game");
        return;
    }
    if (play_seat_or_reply(r, c, &g, -1, 0, &seat) == 0) {
        if ((text = chat_view(w->db, &g, seat))) {
            http_cache_view_etag(r, g.version, seat, ".md");
            reply_take(r, 200, "text/markdown; charset=utf-8", text, strlen(text));
        } else {
            reply_problem(r, PROBLEM_internal, "The view could not be written.");
        }
    }
    storage_game_clear(&g);
}

void handle_game_view(struct request *r, struct worker *w)
{
    struct view_cache *vc = w->app->views;
    long wait, after;
    struct storage_game g = {0};
    enum storage_status st;
    struct caller c;
    int seat, unchanged = 0;
    int64_t known;
    char *body = NULL;
    size_t len = 0;

    if (wait_or_reply(r, &wait, &after) || auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (game_id_or_reply(r, r->params[0]))
        return;
    if (request_wants(r, "text/markdown")) {
        markdown_view(r, w, &c);
        return;
    }
    known = view_cache_version(vc, r->params[0], c.claims.sub);
    for (;;) {
        st = storage_game_read_unless(w->db, r->params[0], c.claims.sub, known,
                                      &g, &unchanged);
        if (st != STORAGE_OK) {
            reply_storage(r, st, "game");
            return;
        }
        if (play_seat_or_reply(r, &c, &g, -1, 0, &seat))
            goto out;
        if (!unchanged ||
            (body = view_cache_get(vc, g.id, c.claims.sub, g.version, seat, &len)))
            break;
        /* held for another seat of this viewer: read the state after all */
        storage_game_clear(&g);
        known = -1;
    }
    if (wait && g.version <= after && !r->wait.woken) {
        reply_later(r, g.id, after, (int)wait);
        goto out;
    }
    http_cache_view_etag(r, g.version, seat, NULL);   /* server.c answers If-None-Match */
    if (!body) {
        json_t *v = play_view(&g, seat);

        body = json_dumps(v, JSON_COMPACT);
        json_decref(v);
        if (!body) {
            reply_problem(r, PROBLEM_internal, "The view could not be written.");
            goto out;
        }
        len = strlen(body);
        if (g.state)
            view_cache_put(vc, g.id, c.claims.sub, g.version, seat, body, len);
    }
    reply_take(r, 200, "application/json", body, len);
    body = NULL;
out:
    free(body);
    storage_game_clear(&g);
}

void handle_my_games(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"awaiting", "status", "limit", "cursor", NULL};
    const char *awaiting = request_query(r, "awaiting");
    const char *status = request_query(r, "status");
    struct storage_account me;
    struct storage_page page;
    enum storage_status st;
    char us[24], id[37];
    struct paging pg;
    struct caller c;
    json_t *body;

    if (request_params_or_reply(r, allowed) ||
        paging_or_reply(r, &w->app->keys, NULL, &pg))
        return;
    if (awaiting && strcmp(awaiting, "me") != 0) {
        reply_problem(r, PROBLEM_invalid_parameter, "awaiting takes only the value me.");
        return;
    }
    if (status && strcmp(status, "open") && strcmp(status, "active") &&
        strcmp(status, "finished")) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "status is open, active or finished.");
        return;
    }
    if (pg.key && paging_key_time_id(pg.key, us, id)) {
        reply_problem(r, PROBLEM_invalid_parameter, "cursor is not one of this list's.");
        return;
    }
    if (auth_account_or_reply(r, w, &c, &me))
        return;
    st = storage_games_of_account(w->db, me.id, status, awaiting != NULL, pg.key ? us : NULL,
                                  pg.key ? id : NULL, (int)pg.limit, &page);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "game");
        return;
    }
    body = json_pack("{s:o}", "games", page.items);
    paging_finish(r, &w->app->keys, &pg, page.more ? page.last : NULL, body);
    reply_json(r, 200, body);
}

/*
 * The lobby's option filters, option.<name>=<value>, as one JSON object
 * the game's options must contain: a value that reads as a JSON number,
 * boolean or string ("4", true, "\"4\"") is that, anything else the string
 * as given. *out is NULL when there are none.
 */
static int option_filter_or_reply(struct request *r, json_t **out)
{
    *out = NULL;
    for (int i = 0; i < r->query_count; i++) {
        const char *name, *text = r->query_values[i];
        size_t n;
        json_t *v;

        if (strncmp(r->query_keys[i], "option.", 7) != 0)
            continue;
        name = r->query_keys[i] + 7;
        n = strlen(name);
        if (n == 0 || n > 64 ||
            strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != n) {
            reply_problem(r, PROBLEM_invalid_parameter,
                          "%s: an option's name is 1 to 64 letters, digits or _.",
                          r->query_keys[i]);
            goto fail;
        }
        v = json_loads(text, JSON_DECODE_ANY, NULL);
        if (!json_is_number(v) && !json_is_boolean(v) && !json_is_string(v)) {
            json_decref(v);
            v = json_string(text);
        }
        if (!v) {
            reply_problem(r, PROBLEM_invalid_parameter, "%s is not UTF-8.", r->query_keys[i]);
            goto fail;
        }
        if (!*out)
            *out = json_object();
        json_object_set_new(*out, name, v);
    }
    return 0;
fail:
    json_decref(*out);
    *out = NULL;
    return -1;
}

void handle_lobby(struct request *r, struct worker *w)
{
    static const char *const fixed[] = {"status", "ruleset", "created_by", "player",
                                        "limit", "cursor"};
    const char *allowed[sizeof fixed / sizeof fixed[0] + HTTP_MAX_QUERY + 1];
    struct storage_lobby_filter f = {
        .status = request_query(r, "status"),
        .ruleset = request_query(r, "ruleset"),
        .created_by = request_query(r, "created_by"),
        .player = request_query(r, "player"),
    };
    struct storage_page page = {0};
    enum storage_status st;
    json_t *options = NULL, *body;
    char us[24], id[37];
    struct paging pg;
    struct caller c;
    size_t n = 0;

    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        allowed[n++] = fixed[i];
    for (int i = 0; i < r->query_count; i++)
        if (strncmp(r->query_keys[i], "option.", 7) == 0)
            allowed[n++] = r->query_keys[i];
    allowed[n] = NULL;
    if (request_params_or_reply(r, allowed) ||
        paging_or_reply(r, &w->app->keys, NULL, &pg))
        return;
    /* anyone may look; a token, when one is sent, must be good */
    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (!f.status)
        f.status = "open";
    if (strcmp(f.status, "open") && strcmp(f.status, "active") && strcmp(f.status, "finished")) {
        reply_problem(r, PROBLEM_invalid_parameter, "status is open, active or finished.");
        return;
    }
    if (f.ruleset && !rules_engine_find(f.ruleset)) {
        reply_problem(r, PROBLEM_invalid_parameter, "No ruleset %s; see /v1/rulesets.",
                      f.ruleset);
        return;
    }
    if ((f.created_by && !uuid_valid(f.created_by)) || (f.player && !uuid_valid(f.player))) {
        reply_problem(r, PROBLEM_invalid_parameter, "created_by and player are account ids.");
        return;
    }
    if (pg.key && paging_key_time_id(pg.key, us, id)) {
        reply_problem(r, PROBLEM_invalid_parameter, "cursor is not one of this list's.");
        return;
    }
    if (option_filter_or_reply(r, &options))
        return;
    f.options_text = options ? json_dumps(options, JSON_COMPACT) : NULL;
    json_decref(options);
    st = storage_lobby(w->db, &f, pg.key ? us : NULL, pg.key ? id : NULL, (int)pg.limit,
                       &page);
    free((char *)f.options_text);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "game");
        return;
    }
    body = json_pack("{s:o}", "games", page.items);
    paging_finish(r, &w->app->keys, &pg, page.more ? page.last : NULL, body);
    reply_json(r, 200, body);
}
