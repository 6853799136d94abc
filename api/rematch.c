/*
 * Rematches: a finished game played again by the same seats, with a new
 * seed. The engine says what changes in the options (Iron Future: the
 * player who did not win chooses the first player); each game links to
 * the other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "handlers.h"
#include "idempotency.h"
#include "play.h"
#include "ratings.h"

/*
 * The seats of the rematch, in the old game's order: a seat an account
 * held (from the start or by joining an open seat) is that account's,
 * filled now; a seat played with a seat token is an invite seat again.
 * entropy, if any, goes with the caller's first account seat. New
 * reference, or NULL having replied 400.
 */
static json_t *seat_rows_or_reply(struct request *r, const struct caller *c,
                                  const struct storage_game *old,
                                  const char *entropy)
{
    json_t *rows = json_array(), *s;
    int entropy_used = 0;
    size_t i;

    json_array_foreach(old->seats, i, s) {
        const char *acct = json_string_value(json_object_get(s, "account_id"));
        json_t *row = json_pack("{s:i, s:s, s:b}", "seat", (int)i, "kind",
                                acct ? "account" : "invite", "filled", acct != NULL);

        if (acct) {
            json_object_set_new(row, "account_id", json_string(acct));
            if (entropy && !entropy_used && !c->seat_cap &&
                strcmp(acct, c->claims.sub) == 0) {
                json_object_set_new(row, "entropy", json_string(entropy));
                entropy_used = 1;
            }
        }
        json_array_append_new(rows, row);
    }
    if (entropy && !entropy_used) {
        reply_problem(r, PROBLEM_bad_request,
                      "entropy goes with an account's seat; a seat token adds "
                      "its entropy when it joins the rematch.");
        json_decref(rows);
        return NULL;
    }
    return rows;
}

/*
 * Seat tokens for the rematch's invite seats that the caller may hand
 * out: every one to the game's creator (as at creation), a seat token's
 * own seat to its holder, none to another player (who would otherwise
 * hold the opponent's seat). New reference.
 */
static json_t *rematch_invites(struct worker *w, const struct caller *c,
                               const struct storage_game *g)
{
    int creator = !c->seat_cap && (c->admin || strcmp(c->claims.sub, g->created_by) == 0);
    json_t *invites = json_array(), *s;
    size_t i;

    json_array_foreach(g->seats, i, s) {
        char token[TOKEN_MAX_LEN];
        int64_t exp;

        if (strcmp(json_string_value(json_object_get(s, "kind")), "invite") != 0 ||
            !(creator || (c->seat_cap && c->claims.seat == (int)i)))
            continue;
        if (auth_issue_seat(w, g->created_by, g->id, (int)i,
                            json_integer_value(json_object_get(s, "invite_epoch")),
                            token, sizeof token, &exp) < 0)
            continue;
        json_array_append_new(invites, json_pack("{s:i, s:s, s:I}", "seat", (int)i,
                                                 "token", token, "expires_at",
                                                 (json_int_t)exp));
    }
    return invites;
}

/*
 * Creates the rematch of old (locked, finished, without one) and reads
 * it into *g. The options are the engine's for a rematch. Returns 0, or
 * -1 having replied; the caller rolls back.
 */
static int create_or_reply(struct request *r, struct worker *w,
                           const struct caller *c, struct storage_game *old,
                           const char *entropy, struct storage_game *g)
{
    const struct rules_engine *e = play_engine(old);
    char id[37], *options_text = NULL, *rows_text = NULL, *clock_text = NULL;
    struct rules_error err = {0};
    json_t *rows, *options;
    enum storage_status st;
    int filled, rc = -1;

    if (!(rows = seat_rows_or_reply(r, c, old, entropy)))
        return -1;
    options = !e ? NULL
            : e->rematch_options ? e->rematch_options(old->options, old->state)
                                 : json_incref(old->options);
    if (!options || !old->state) {
        reply_problem(r, PROBLEM_internal, "The finished game cannot be read.");
        goto out;
    }
    filled = seat_rows_filled(rows);
    options_text = json_dumps(options, JSON_COMPACT);
    rows_text = json_dumps(rows, JSON_COMPACT);
    clock_text = old->clock ? json_dumps(old->clock, JSON_COMPACT) : NULL;
    if ((st = play_game_insert(w->db, id, old->ruleset, options_text, old->seat_count,
                               old->created_by, rows_text, clock_text)) != STORAGE_OK ||
        (st = storage_game_link_rematch(w->db, old->id, id, &old->version)) != STORAGE_OK ||
        (old->rated && (st = storage_game_set_rated(w->db, id)) != STORAGE_OK) ||
        (st = storage_game_lock(w->db, id, c->claims.sub, g)) != STORAGE_OK ||
        (filled && (st = play_start(w->db, g, &err)) != STORAGE_OK)) {
        if (st == STORAGE_ERROR && err.code[0])
            reply_problem(r, PROBLEM_internal, "The rematch could not be set up: %s",
                          err.message);
        else
            reply_storage(r, st, "rematch");
        goto out;
    }
    rc = 0;
out:
    json_decref(rows);
    json_decref(options);
    free(options_text);
    free(rows_text);
    free(clock_text);
    return rc;
}

/*
 * POST /v1/games/{id}/rematch: a player of the finished game (account or
 * seat token) asks for it. The first call creates the rematch (201, with
 * invites); later calls answer 200 with it as it is now and no tokens
 * (an Idempotency-Key replays the first answer, tokens included).
 */
void handle_game_rematch(struct request *r, struct worker *w)
{
    struct storage_game old = {0}, g = {0};
    const char *entropy = NULL;
    char route[80], scope[80];
    enum storage_status st;
    json_t *body = NULL, *invites;
    json_error_t jerr;
    struct caller c;
    int seat, created;

    if (auth_or_reply(r, w, AUTH_ANY, &c) ||
        request_body_or_reply(r, &body, 1, (const char *const[]){"entropy", NULL}))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s?:s}", "entropy", &entropy)) {
        reply_problem(r, PROBLEM_bad_request, "The body is {\"entropy\": s} or empty: %s.",
                      jerr.text);
        goto out;
    }
    if (entropy && strlen(entropy) > ENTROPY_MAX) {
        reply_problem(r, PROBLEM_bad_request, "entropy is at most %d bytes.", ENTROPY_MAX);
        goto out;
    }
    if (game_id_or_reply(r, r->params[0]))
        goto out;
    if ((st = storage_game_begin_lock(w->db, r->params[0], c.claims.sub, &old)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "game");
        goto out;
    }
    if (play_seat_or_reply(r, &c, &old, -1, 1, &seat))
        goto rollback;
    if (strcmp(old.status, "finished") != 0) {
        reply_problem(r, PROBLEM_game_not_finished,
                      "A rematch follows a finished game; this one is %s.", old.status);
        goto rollback;
    }
    /* A key is the caller's own, and names this game's rematch only. */
    if (c.seat_cap)
        snprintf(scope, sizeof scope, "seat %s %d", old.id, seat);
    else
        snprintf(scope, sizeof scope, "%s", c.claims.sub);
    snprintf(route, sizeof route, "POST /v1/games/%s/rematch", old.id);
    if (idempotency_claim_or_reply(r, w, scope, route, body))
        goto rollback;
    created = !old.rematch[0];
    if (created ? create_or_reply(r, w, &c, &old, entropy, &g)
                : (st = storage_game_read(w->db, old.rematch, c.claims.sub, &g)) != STORAGE_OK) {
        if (!created)
            reply_storage(r, st, "rematch");
        goto rollback;
    }
    /* A seat token is the old game's: its holder sees the rematch as a
     * spectator until it joins with the new token (which the creator may
     * have given to someone else since). */
    if (c.seat_cap)
        seat = -1;
    else if (play_seat_or_reply(r, &c, &g, -1, 0, &seat))
        goto rollback;
    invites = created ? rematch_invites(w, &c, &g) : json_array();
    reply_json(r, created ? 201 : 200,
               json_pack("{s:o, s:o}", "game", play_view(&g, seat), "invites", invites));
    if ((st = idempotency_finish(r, w, scope, route)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "rematch");
    }
    goto out;
rollback:
    db_rollback(w->db);
out:
    storage_game_clear(&old);
    storage_game_clear(&g);
    json_decref(body);
}
