/*
 * ratings.c - /v1/ratings: each ruleset's leaderboard and each account's
 * rating with its history. Public. A rating not touched for periods is
 * shown as of now: its deviation grown by each period without games.
 */
#include <stdio.h>
#include <string.h>

#include "accounts.h"
#include "common.h"
#include "engine.h"
#include "handlers.h"
#include "play.h"
#include "rating_update.h"
#include "ratings.h"

#define BOARD_MAX 200

/* A stored rating as shown now. New reference. */
static json_t *shown(const json_t *row, int64_t period)
{
    struct glicko2 start, now;

    rating_as_of(row, period, &start, &now);
    return json_pack("{s:O, s:O, s:f, s:f, s:f, s:b, s:O, s:O, s:O, s:O, s:O}",
                     "account_id", json_object_get(row, "account_id"), "name",
                     json_object_get(row, "name"), "rating", now.rating, "rd", now.rd,
                     "volatility", now.volatility, "provisional", glicko2_provisional(&now),
                     "games", json_object_get(row, "games"), "wins",
                     json_object_get(row, "wins"), "draws", json_object_get(row, "draws"),
                     "losses", json_object_get(row, "losses"), "updated_at",
                     json_object_get(row, "updated_at"));
}

static int ruleset_or_reply(struct request *r, const char *id)
{
    if (rules_engine_find(id))
        return 0;
    reply_problem(r, PROBLEM_not_found, "No ruleset %s; see /v1/rulesets.", id);
    return -1;
}

void handle_rating_board(struct request *r, struct worker *w)
{
    const char *limit = request_query(r, "limit"), *offset = request_query(r, "offset");
    int64_t period = rating_period(play_now_ms());
    long lim = 50, off = 0;
    json_t *rows = NULL, *out, *x;
    enum storage_status st;
    struct caller c;
    size_t i;

    if (request_params_or_reply(r, (const char *const[]){"limit", "offset", NULL}))
        return;
    if ((limit && parse_int_in(limit, 1, BOARD_MAX, &lim)) ||
        (offset && parse_int_in(offset, 0, 1000000, &off))) {
        reply_problem(r, PROBLEM_invalid_parameter, "limit is 1 to %d; offset 0 or more.",
                      BOARD_MAX);
        return;
    }
    if ((r->authorization && auth_or_reply(r, w, AUTH_ANY, &c)) ||
        ruleset_or_reply(r, r->params[0]))
        return;
    if ((st = storage_rating_board(w->db, r->params[0], (int)lim, (int)off, &rows)) !=
        STORAGE_OK) {
        reply_storage(r, st, "rating");
        return;
    }
    out = json_array();
    json_array_foreach(rows, i, x) {
        json_t *o = shown(x, period);

        json_object_set_new(o, "rank", json_integer((json_int_t)(off + (long)i + 1)));
        json_array_append_new(out, o);
    }
    reply_json(r, 200, json_pack("{s:s, s:I, s:o}", "ruleset", r->params[0],
                                 "period_days", (json_int_t)(RATING_PERIOD_MS / 86400000),
                                 "ratings", out));
    json_decref(rows);
}

void handle_rating_of(struct request *r, struct worker *w)
{
    const char *limit = request_query(r, "limit");
    int64_t period = rating_period(play_now_ms());
    json_t *row = NULL, *history = NULL;
    struct storage_account a;
    enum storage_status st;
    struct caller c;
    long lim = 50;

    if (request_params_or_reply(r, (const char *const[]){"limit", NULL}))
        return;
    if (limit && parse_int_in(limit, 1, BOARD_MAX, &lim)) {
        reply_problem(r, PROBLEM_invalid_parameter, "limit is 1 to %d.", BOARD_MAX);
        return;
    }
    if ((r->authorization && auth_or_reply(r, w, AUTH_ANY, &c)) ||
        ruleset_or_reply(r, r->params[0]))
        return;
    st = uuid_valid(r->params[1]) ? storage_account_get(w->db, r->params[1], &a)
                                  : storage_account_get_by_name(w->db, r->params[1], &a);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "account");
        return;
    }
    st = storage_rating_of(w->db, a.id, r->params[0], &row);
    if (st == STORAGE_NOT_FOUND) {
        struct glicko2 fresh;

        glicko2_initial(&fresh);
        reply_json(r, 200, json_pack("{s:s, s:{s:s, s:s, s:f, s:f, s:f, s:b, s:i}, s:[]}",
                                     "ruleset", r->params[0], "rating", "account_id", a.id,
                                     "name", a.name, "rating", fresh.rating, "rd", fresh.rd,
                                     "volatility", fresh.volatility, "provisional", 1,
                                     "games", 0, "history"));
        return;
    }
    if (st != STORAGE_OK ||
        (st = storage_rating_history(w->db, a.id, r->params[0], (int)lim, &history)) !=
            STORAGE_OK) {
        json_decref(row);
        reply_storage(r, st, "rating");
        return;
    }
    reply_json(r, 200, json_pack("{s:s, s:o, s:o}", "ruleset", r->params[0], "rating",
                                 shown(row, period), "history", history));
    json_decref(row);
}
