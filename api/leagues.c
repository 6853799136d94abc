#define _GNU_SOURCE /* strptime, timegm */
/*
 * leagues.c - /v1/leagues: seasons of divisions with promotion and
 * relegation. Members join the league; the organiser starts each season,
 * which seeds the divisions (the first by rating, later ones from the last
 * season's standings, the best of each division up and the worst down)
 * and starts each division as a competition: a round robin of two-player
 * games, or rounds of tables for games of more players, every round dated
 * on the league's fixture spacing. A division's own standings, games and
 * crosstable are those of /v1/tournaments/{division}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accounts.h"
#include "clock.h"
#include "common.h"
#include "competition/round_robin.h"
#include "competition/standings.h"
#include "competition/tables.h"
#include "competition_run.h"
#include "competition_settings.h"
#include "competitions.h"
#include "engine.h"
#include "handlers.h"
#include "leagues.h"
#include "paging.h"
#include "play.h"

#define LEAGUE_MAX_DIVISION 64
#define LEAGUE_MAX_DIVISIONS 64

static int league_or_reply(struct request *r, struct worker *w, int lock, json_t **out)
{
    enum storage_status st;

    *out = NULL;
    if (!uuid_valid(r->params[0])) {
        reply_problem(r, PROBLEM_not_found, "No league %s.", r->params[0]);
        return -1;
    }
    st = lock ? storage_league_lock(w->db, r->params[0], out)
              : storage_league_get(w->db, r->params[0], out);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "league");
        return -1;
    }
    return 0;
}

static const char *str(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

static int num(const json_t *o, const char *k)
{
    return (int)json_integer_value(json_object_get(o, k));
}

void handle_league_create(struct request *r, struct worker *w)
{
    const char *name = NULL, *ruleset = NULL;
    json_t *body = NULL, *options = NULL, *points_in = NULL, *tb = NULL, *clock_in = NULL,
           *cols = NULL, *row = NULL;
    json_int_t seats = 2, promote = 1, relegate = 1, round_days = 7, size = 8, games = 0,
               team_size = 1;
    int rated = 0, twice = 0;
    struct comp_settings set = {0};
    struct storage_account me;
    const struct rules_engine *e;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    char id[37];

    if (auth_account_or_reply(r, w, &c, &me) ||
        request_body_or_reply(r, &body, 0,
                              (const char *const[]){"name", "ruleset", "options", "seats",
                                                    "points", "tiebreaks", "rated", "clock",
                                                    "promote", "relegate", "round_days",
                                                    "division_size", "games", "twice",
                                                    "team_size", NULL}))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT,
                       "{s:s, s:s, s?:o, s?:I, s?:o, s?:o, s?:b, s?:o, s?:I, s?:I, s?:I, s?:I, "
                       "s?:I, s?:b, s?:I}",
                       "name", &name, "ruleset", &ruleset, "options", &options, "seats", &seats,
                       "points", &points_in, "tiebreaks", &tb, "rated", &rated, "clock",
                       &clock_in, "promote", &promote, "relegate", &relegate, "round_days",
                       &round_days, "division_size", &size, "games", &games, "twice", &twice,
                       "team_size", &team_size)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", jerr.text);
        goto out;
    }
    if (!(e = comp_engine_or_reply(r, ruleset)))
        goto out;
    if (!json_object_get(body, "seats"))
        seats = e->min_seats > 2 && team_size == 1 ? (e->max_seats < 4 ? e->max_seats : 4) : 2;
    if (comp_team_size_or_reply(r, e, team_size, seats == 2))
        goto out;
    if ((team_size == 1 && (seats < e->min_seats || seats > e->max_seats)) ||
        seats > COMP_MAX_SEATS) {
        reply_problem(r, PROBLEM_bad_request, "%s takes %d to %d players a game.", e->title,
                      e->min_seats, e->max_seats);
        goto out;
    }
    if (size < seats || size > LEAGUE_MAX_DIVISION || promote < 0 || relegate < 0 ||
        promote > size / 2 || relegate > size / 2 || round_days < 1 || round_days > 365 ||
        games < 0 || games > COMP_MAX_ROUNDS || (games && seats == 2) || (twice && seats > 2)) {
        reply_problem(r, PROBLEM_bad_request,
                      "division_size is seats to %d; promote and relegate at most half a "
                      "division; round_days 1 to 365; games (tables) 1 to %d, twice "
                      "(two-player) a double round robin.", LEAGUE_MAX_DIVISION,
                      COMP_MAX_ROUNDS);
        goto out;
    }
    if (comp_settings_or_reply(r, e, name, options, points_in, tb, clock_in, (int)seats,
                               (int)(seats * team_size), &set))
        goto out;
    uuid_new(id);
    cols = json_pack("{s:s, s:s, s:s, s:s, s:o, s:I, s:o, s:o, s:b, s:O, s:I, s:I, s:I, s:I, "
                     "s:I, s:b, s:I}",
                     "id", id, "name", name, "organiser", me.id, "ruleset", e->id, "options",
                     options ? json_incref(options) : json_object(), "seats", seats, "points",
                     comp_points_json(&set.points, (int)seats), "tiebreaks",
                     tb ? json_incref(tb) : json_array(), "rated", rated, "clock",
                     set.clock ? set.clock : json_null(), "promote", promote,
                     "relegate", relegate, "round_days", round_days, "division_size", size,
                     "games", seats > 2 && !games ? 3 : games, "twice", twice, "team_size",
                     team_size);
    if (!cols) {
        reply_problem(r, PROBLEM_internal, "The league could not be written.");
        goto out;
    }
    if ((st = storage_league_insert(w->db, cols)) != STORAGE_OK ||
        (st = storage_league_get(w->db, id, &row)) != STORAGE_OK) {
        reply_storage(r, st, "league");
        goto out;
    }
    snprintf(r->location, sizeof r->location, "/v1/leagues/%s", id);
    reply_json(r, 201, json_pack("{s:O, s:[]}", "league", row, "members"));
out:
    json_decref(body);
    comp_settings_clear(&set);
    json_decref(cols);
    json_decref(row);
}

static void reply_league(struct request *r, struct worker *w, const char *id, int status)
{
    json_t *row = NULL, *members = NULL;
    enum storage_status st;

    if ((st = storage_league_get(w->db, id, &row)) != STORAGE_OK ||
        (st = storage_league_members(w->db, id, &members)) != STORAGE_OK) {
        json_decref(row);
        reply_storage(r, st, "league");
        return;
    }
    reply_json(r, status, json_pack("{s:o, s:o}", "league", row, "members", members));
}

void handle_league_get(struct request *r, struct worker *w)
{
    struct caller c;

    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (!uuid_valid(r->params[0])) {
        reply_problem(r, PROBLEM_not_found, "No league %s.", r->params[0]);
        return;
    }
    reply_league(r, w, r->params[0], 200);
}

void handle_league_list(struct request *r, struct worker *w)
{
    struct storage_page page = {0};
    enum storage_status st;
    struct paging pg;
    struct caller c;
    char us[24], id[37];
    json_t *body;

    if (request_params_or_reply(r, (const char *const[]){"limit", "cursor", NULL}) ||
        paging_or_reply(r, &w->app->keys, NULL, &pg))
        return;
    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (pg.key && paging_key_time_id(pg.key, us, id)) {
        reply_problem(r, PROBLEM_invalid_parameter, "cursor is not one of this list's.");
        return;
    }
    if ((st = storage_league_list(w->db, pg.key ? us : NULL, pg.key ? id : NULL,
                                  (int)pg.limit, &page)) != STORAGE_OK) {
        reply_storage(r, st, "league");
        return;
    }
    body = json_pack("{s:o}", "leagues", page.items);
    paging_finish(r, &w->app->keys, &pg, page.more ? page.last : NULL, body);
    reply_json(r, 200, body);
}

/* Begins a transaction with the league locked; the caller's account. */
static int begin_or_reply(struct request *r, struct worker *w, struct caller *c,
                          struct storage_account *me, json_t **body, const char *const *allowed,
                          json_t **league)
{
    enum storage_status st;

    *body = NULL;
    *league = NULL;
    if (auth_account_or_reply(r, w, c, me) ||
        (allowed && request_body_or_reply(r, body, 1, allowed)))
        return -1;
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "league");
        goto fail;
    }
    if (league_or_reply(r, w, 1, league)) {
        db_rollback(w->db);
        goto fail;
    }
    return 0;
fail:
    json_decref(*body);
    *body = NULL;
    return -1;
}

/* After a change that came to st: commits it and answers the league as
 * it now is, or rolls it back and says why. */
static void commit_and_show(struct request *r, struct worker *w, const char *id,
                            enum storage_status st, int status)
{
    if (st == STORAGE_OK)
        st = db_commit(w->db);
    if (st != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "league");
        return;
    }
    reply_league(r, w, id, status);
}

static void fail(struct request *r, struct worker *w, enum problem_code code, const char *detail)
{
    db_rollback(w->db);
    reply_problem(r, code, "%s", detail);
}

/* POST /v1/leagues/{id}/members: {} the caller joins; {"account_id"} or
 * {"name"}: the organiser adds an account. From the next season on. */
void handle_league_join(struct request *r, struct worker *w)
{
    const char *account_id = NULL, *name = NULL, *who;
    struct storage_account me, them;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    json_t *body, *league, *team = NULL, *members = NULL;
    char mates[4 * 40];

    if (begin_or_reply(r, w, &c, &me, &body,
                       (const char *const[]){"account_id", "name", "team", NULL}, &league))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s?:s, s?:s, s?:o}", "account_id",
                       &account_id, "name", &name, "team", &team) ||
        (account_id && name)) {
        fail(r, w, PROBLEM_bad_request, "The body is {}, {\"account_id\": id} or {\"name\": "
             "name}, with \"team\": [ids] in a league of teams.");
        goto out;
    }
    who = me.id;
    if (account_id || name) {
        if (strcmp(str(league, "organiser"), me.id) != 0) {
            fail(r, w, PROBLEM_forbidden, "Only the organiser adds others to the league.");
            goto out;
        }
        st = comp_named_account(w->db, account_id, name, &them);
        if (st != STORAGE_OK) {
            if (st == STORAGE_NOT_FOUND)
                fail(r, w, PROBLEM_bad_request, "No such account.");
            else {
                db_rollback(w->db);
                reply_storage(r, st, "account");
            }
            goto out;
        }
        who = them.id;
    }
    if ((st = storage_league_members(w->db, str(league, "id"), &members)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "league");
        goto out;
    }
    if (comp_team_or_reply(r, w->db, members, team, who, num(league, "team_size"), mates,
                           sizeof mates))
        goto out;
    st = storage_league_member_add(w->db, str(league, "id"), who,
                                   num(league, "team_size") > 1 ? mates : NULL);
    if (st != STORAGE_OK) {
        db_rollback(w->db);
        if (st == STORAGE_CONFLICT)
            reply_problem(r, PROBLEM_conflict, "That account is a member already.");
        else
            reply_storage(r, st, "league");
        goto out;
    }
    commit_and_show(r, w, str(league, "id"), STORAGE_OK, 201);
out:
    json_decref(members);
    json_decref(body);
    json_decref(league);
}

/* DELETE /v1/leagues/{id}/members/{account}: leaves from the next season
 * (a season being played goes on with them). */
void handle_league_leave(struct request *r, struct worker *w)
{
    struct storage_account me;
    enum storage_status st;
    struct caller c;
    json_t *body, *league;

    if (begin_or_reply(r, w, &c, &me, &body, NULL, &league))
        return;
    if (strcmp(r->params[1], me.id) != 0 && strcmp(str(league, "organiser"), me.id) != 0) {
        fail(r, w, PROBLEM_forbidden, "Only the member or the organiser removes a member.");
        goto out;
    }
    st = uuid_valid(r->params[1]) ? storage_league_member_remove(w->db, str(league, "id"),
                                                                 r->params[1])
                                  : STORAGE_NOT_FOUND;
    if (st != STORAGE_OK) {
        db_rollback(w->db);
        if (st == STORAGE_NOT_FOUND)
            reply_problem(r, PROBLEM_not_found, "No such member.");
        else
            reply_storage(r, st, "league");
        goto out;
    }
    commit_and_show(r, w, str(league, "id"), STORAGE_OK, 200);
out:
    json_decref(league);
}

/* ---- a new season ----------------------------------------------------- */

struct season_plan {
    json_t *div[LEAGUE_MAX_DIVISIONS]; /* account ids, best first */
    int n;
};

static void plan_clear(struct season_plan *p)
{
    for (int d = 0; d < p->n; d++)
        json_decref(p->div[d]);
    p->n = 0;
}

static int in_list(const json_t *list, const char *id)
{
    const json_t *x;
    size_t i;

    json_array_foreach(list, i, x)
        if (strcmp(json_string_value(x), id) == 0)
            return 1;
    return 0;
}

/* Splits the members still unplaced (best first) into divisions of at
 * most size, filling the last division of the plan first. */
static int place_rest(struct season_plan *p, const json_t *members, int size)
{
    const json_t *m;
    size_t i;

    json_array_foreach(members, i, m) {
        const char *id = str(m, "account_id");
        int placed = 0;

        for (int d = 0; d < p->n; d++)
            placed |= in_list(p->div[d], id);
        if (placed)
            continue;
        if (p->n == 0 || (int)json_array_size(p->div[p->n - 1]) >= size) {
            if (p->n == LEAGUE_MAX_DIVISIONS)
                return -1;
            p->div[p->n++] = json_array();
        }
        json_array_append_new(p->div[p->n - 1], json_string(id));
    }
    return 0;
}

/* The divisions of the next season from the last season's standings:
 * each keeps those still members, the best `promote` of each division
 * but the top move up and the worst `relegate` of each but the last move
 * down; new members fill the bottom. */
static enum storage_status plan_from(struct db *db, const json_t *league, const json_t *members,
                                     struct season_plan *p)
{
    json_t *divs = NULL, *order[LEAGUE_MAX_DIVISIONS] = {0};
    int nd, up = num(league, "promote"), down = num(league, "relegate");
    enum storage_status st;

    p->n = 0;
    if ((st = storage_league_divisions(db, str(league, "id"), num(league, "season"), &divs)) !=
        STORAGE_OK)
        return st;
    nd = (int)json_array_size(divs);
    if (nd > LEAGUE_MAX_DIVISIONS)
        nd = LEAGUE_MAX_DIVISIONS;
    for (int d = 0; d < nd; d++) {
        struct comp_event ev;
        json_t *rows;
        const json_t *x;
        size_t i;

        if ((st = comp_event_load(db, str(json_array_get(divs, (size_t)d), "tournament_id"), 0,
                                  &ev)) != STORAGE_OK) {
            comp_event_clear(&ev);
            goto out;
        }
        rows = comp_standings_json(&ev);
        order[d] = json_array();
        json_array_foreach(rows, i, x) {
            const json_t *m;
            size_t k;

            json_array_foreach(members, k, m)
                if (strcmp(str(m, "account_id"), str(x, "account_id")) == 0)
                    json_array_append_new(order[d], json_string(str(x, "account_id")));
        }
        json_decref(rows);
        comp_event_clear(&ev);
    }
    for (int d = 0; d < nd; d++)
        p->div[d] = json_array();
    p->n = nd;
    for (int d = 0; d < nd; d++) {
        int len = (int)json_array_size(order[d]);

        for (int i = 0; i < len; i++) {
            int to = d;

            if (d > 0 && i < up)
                to = d - 1;
            else if (d < nd - 1 && i >= len - down && i >= (d > 0 ? up : 0))
                to = d + 1;
            json_array_append(p->div[to], json_array_get(order[d], (size_t)i));
        }
    }
    /* drop emptied divisions */
    for (int d = 0; d < p->n;) {
        if (json_array_size(p->div[d]) == 0) {
            json_decref(p->div[d]);
            memmove(&p->div[d], &p->div[d + 1], sizeof p->div[0] * (size_t)(p->n - d - 1));
            p->n--;
        } else {
            d++;
        }
    }
    st = STORAGE_OK;
out:
    for (int d = 0; d < nd; d++)
        json_decref(order[d]);
    json_decref(divs);
    return st;
}

/* A division too small for a game joins the one above it. */
static void merge_small(struct season_plan *p, int least)
{
    while (p->n > 1 && (int)json_array_size(p->div[p->n - 1]) < least) {
        json_array_extend(p->div[p->n - 2], p->div[p->n - 1]);
        json_decref(p->div[--p->n]);
    }
}

/* Creates and starts division d of season s. */
/* The teammates of member id among rows (the league's members) as a
 * uuid[] literal in out, or NULL in a league of players. */
static const char *teammates_of(const json_t *rows, const char *id, char *out, size_t n)
{
    const json_t *x, *m;
    size_t i, j, len = 0;

    json_array_foreach(rows, i, x) {
        if (strcmp(str(x, "account_id"), id) != 0 || !json_is_array(json_object_get(x, "team")))
            continue;
        len += (size_t)snprintf(out + len, n - len, "{");
        json_array_foreach(json_object_get(x, "team"), j, m)
            len += (size_t)snprintf(out + len, n - len, "%s%s", j ? "," : "", str(m, "account_id"));
        snprintf(out + len, n - len, "}");
        return out;
    }
    return NULL;
}

static enum storage_status start_division(struct db *db, const json_t *league, int season,
                                          int d, const json_t *members, const json_t *rows,
                                          char *why, size_t whylen)
{
    const struct rules_engine *e = rules_engine_find(str(league, "ruleset"));
    int seats = num(league, "seats"), n = (int)json_array_size(members);
    int tables = seats > 2, min_seats;
    enum comp_format format = tables ? FORMAT_TABLES
                            : json_is_true(json_object_get(league, "twice"))
                                ? FORMAT_DOUBLE_ROUND_ROBIN
                                : FORMAT_ROUND_ROBIN;
    char id[37], name[160];
    struct comp_event ev;
    enum storage_status st;
    json_t *cols;
    const json_t *m;
    size_t i;

    min_seats = !tables ? 2 : seats - 1 > e->min_seats ? seats - 1 : e->min_seats;
    if (tables && n < seats)
        min_seats = n >= e->min_seats ? n : min_seats;
    if (tables ? !tables_possible(n, min_seats, seats) : n < 2) {
        snprintf(why, whylen, "division %d has %d members: too few to play", d + 1, n);
        return STORAGE_CONFLICT;
    }
    uuid_new(id);
    snprintf(name, sizeof name, "%s, season %d, division %d", str(league, "name"), season,
             d + 1);
    cols = json_pack("{s:s, s:s, s:O, s:O, s:O, s:i, s:i, s:s, s:i, s:O, s:O, s:O, s:O, s:s, "
                     "s:b, s:i, s:s, s:O, s:i, s:i, s:i}",
                     "id", id, "name", name, "organiser", json_object_get(league, "organiser"),
                     "ruleset", json_object_get(league, "ruleset"), "options",
                     json_object_get(league, "options"), "seats", seats, "min_seats", min_seats,
                     "format", comp_format_name(format), "rounds",
                     comp_rounds_for(format, n, num(league, "games")), "points",
                     json_object_get(league, "points"), "tiebreaks",
                     json_object_get(league, "tiebreaks"), "rated",
                     json_object_get(league, "rated"), "clock",
                     json_object_get(league, "clock"), "registration", "invite", "check_in", 0,
                     "max_entrants", LEAGUE_MAX_DIVISION, "withdrawals", "forfeit",
                     "league_id", json_object_get(league, "id"), "season", season, "division",
                     d, "team_size", num(league, "team_size"));
    st = cols ? storage_comp_insert(db, cols) : STORAGE_ERROR;
    json_decref(cols);
    json_array_foreach(members, i, m) {
        char mates[4 * 40];

        if (st == STORAGE_OK)
            st = storage_entrant_add(db, id, json_string_value(m), 1, 1,
                                     teammates_of(rows, json_string_value(m), mates,
                                                  sizeof mates));
    }
    if (st == STORAGE_OK)
        st = storage_entrants_seed(db, id, 0);
    if (st != STORAGE_OK)
        return st;
    if ((st = comp_event_load(db, id, 1, &ev)) == STORAGE_OK)
        st = comp_start(db, &ev, why, whylen);
    comp_event_clear(&ev);
    return st;
}

/* POST /v1/leagues/{id}/seasons: the organiser starts the next season. */
void handle_league_season(struct request *r, struct worker *w)
{
    struct season_plan plan = {0};
    struct storage_account me;
    enum storage_status st = STORAGE_OK;
    struct caller c;
    json_t *body, *league, *members = NULL, *divs = NULL, *x;
    int season, size, least;
    char why[200];
    size_t i;

    if (begin_or_reply(r, w, &c, &me, &body, (const char *const[]){NULL}, &league))
        return;
    if (strcmp(str(league, "organiser"), me.id) != 0) {
        fail(r, w, PROBLEM_forbidden, "Only the league's organiser starts a season.");
        goto out;
    }
    season = num(league, "season");
    size = num(league, "division_size");
    least = num(league, "seats") > 2 ? num(league, "seats") - 1 : 2;
    if ((st = storage_league_divisions(w->db, str(league, "id"), season, &divs)) != STORAGE_OK ||
        (st = storage_league_members(w->db, str(league, "id"), &members)) != STORAGE_OK)
        goto storage;
    json_array_foreach(divs, i, x)
        if (strcmp(str(x, "status"), "finished") != 0) {
            fail(r, w, PROBLEM_conflict, "The season is still being played.");
            goto out;
        }
    if ((int)json_array_size(members) < least) {
        snprintf(why, sizeof why, "The league has %zu members; a season needs %d or more.",
                 json_array_size(members), least);
        fail(r, w, PROBLEM_conflict, why);
        goto out;
    }
    if (season > 0 && (st = plan_from(w->db, league, members, &plan)) != STORAGE_OK)
        goto storage;
    if (place_rest(&plan, members, size)) {
        fail(r, w, PROBLEM_conflict, "Too many members for the league's divisions.");
        goto out;
    }
    merge_small(&plan, least);
    for (int d = 0; d < plan.n && st == STORAGE_OK; d++)
        st = start_division(w->db, league, season + 1, d, plan.div[d], members, why,
                            sizeof why);
    if (st == STORAGE_CONFLICT) {
        fail(r, w, PROBLEM_conflict, why);
        goto out;
    }
    if (st == STORAGE_OK)
        st = storage_league_set_season(w->db, str(league, "id"), season + 1);
    if (st != STORAGE_OK)
        goto storage;
    commit_and_show(r, w, str(league, "id"), STORAGE_OK, 201);
    goto out;
storage:
    db_rollback(w->db);
    reply_storage(r, st, "league");
out:
    plan_clear(&plan);
    json_decref(members);
    json_decref(divs);
    json_decref(body);
    json_decref(league);
}

/* ---- a season's divisions --------------------------------------------- */

/* t + days, both RFC 3339 UTC (seconds). */
static void add_days(const char *t, int days, char out[24])
{
    struct tm tm = {0};

    out[0] = 0;
    if (!t || !strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm))
        return;
    time_t s = timegm(&tm) + (time_t)days * 86400;
    gmtime_r(&s, &tm);
    strftime(out, 24, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The names of game g's players. New reference. */
static json_t *player_names(const struct comp_event *ev, const struct comp_game *g)
{
    json_t *names = json_array();

    for (int s = 0; s < g->seats; s++)
        json_array_append(names, json_object_get(json_array_get(ev->entrants,
                                                                (size_t)g->entrant[s]),
                                                 "name"));
    return names;
}

/*
 * Every round of a division with its due date: a round robin's pairings
 * from its schedule, played or not; tables are seated by score, so their
 * round's games are known once it is paired.
 */
static json_t *fixtures(const struct comp_event *ev, int days)
{
    int twice = ev->format == FORMAT_DOUBLE_ROUND_ROBIN;
    int scheduled = twice || ev->format == FORMAT_ROUND_ROBIN;
    struct comp_game *g = calloc((size_t)ev->n + 1, sizeof *g);
    const char *start = json_string_value(json_object_get(ev->row, "started_at"));
    json_t *out = json_array();

    for (int r = 0; g && r < ev->rounds; r++) {
        json_t *list = json_array();
        char due[24];

        if (scheduled) {
            int k = round_robin_round(ev->n, twice, r, g);

            for (int i = 0; i < k; i++)
                json_array_append_new(list, json_pack("{s:o}", "players",
                                                      player_names(ev, &g[i])));
        } else {
            for (int i = 0; i < ev->ngames; i++)
                if (ev->games[i].round == r)
                    json_array_append_new(list, json_pack("{s:o}", "players",
                                                          player_names(ev, &ev->games[i])));
        }
        add_days(start, (r + 1) * days, due);
        json_array_append_new(out, json_pack("{s:i, s:s?, s:b, s:o}", "round", r, "due",
                                             due[0] ? due : NULL, "paired", r <= ev->round,
                                             "games", list));
    }
    free(g);
    return out;
}

void handle_league_season_get(struct request *r, struct worker *w)
{
    json_t *league = NULL, *divs = NULL, *out, *x;
    enum storage_status st;
    struct caller c;
    long season;
    size_t i;

    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (parse_int_in(r->params[1], 1, 1000000, &season)) {
        reply_problem(r, PROBLEM_not_found, "No season %s.", r->params[1]);
        return;
    }
    if (league_or_reply(r, w, 0, &league))
        return;
    if ((st = storage_league_divisions(w->db, str(league, "id"), (int)season, &divs)) !=
        STORAGE_OK) {
        reply_storage(r, st, "league");
        goto out;
    }
    if (json_array_size(divs) == 0) {
        reply_problem(r, PROBLEM_not_found, "The league has no season %ld.", season);
        goto out;
    }
    out = json_array();
    json_array_foreach(divs, i, x) {
        struct comp_event ev;

        if ((st = comp_event_load(w->db, str(x, "tournament_id"), 0, &ev)) != STORAGE_OK) {
            comp_event_clear(&ev);
            json_decref(out);
            reply_storage(r, st, "league");
            goto out;
        }
        json_array_append_new(out, json_pack(
            "{s:i, s:s, s:O, s:i, s:i, s:o, s:o}", "division", (int)i + 1, "tournament_id",
            str(x, "tournament_id"), "status", json_object_get(ev.row, "status"), "round",
            ev.round, "rounds", ev.rounds, "standings", comp_standings_json(&ev), "fixtures",
            fixtures(&ev, num(league, "round_days"))));
        comp_event_clear(&ev);
    }
    reply_json(r, 200, json_pack("{s:s, s:i, s:o}", "league_id", str(league, "id"), "season",
                                 (int)season, "divisions", out));
out:
    json_decref(league);
    json_decref(divs);
}
