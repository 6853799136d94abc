/*
 * tournaments.c - /v1/tournaments: an organiser creates a tournament,
 * players register (or are invited and accept by checking in), the
 * organiser starts it, and from then on its rounds pair and start
 * themselves as games end (competition_run.c). Reading is public.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accounts.h"
#include "clock.h"
#include "common.h"
#include "competition/standings.h"
#include "competition/tables.h"
#include "competition_run.h"
#include "competition_settings.h"
#include "competitions.h"
#include "engine.h"
#include "handlers.h"
#include "paging.h"
#include "play.h"

#define TOURNAMENT_MAX_ROUNDS COMP_MAX_ROUNDS
#define TOURNAMENT_MAX_ENTRANTS 10000

static int two_player(enum comp_format f)
{
    return f != FORMAT_TABLES;
}

/* The JSON of a competition as the API shows it. New reference. */
static json_t *shown(json_t *row)
{
    json_t *o = json_deep_copy(row);

    json_object_del(o, "league_id");
    json_object_del(o, "season");
    json_object_del(o, "division");
    return o;
}

void handle_tournament_create(struct request *r, struct worker *w)
{
    const char *name = NULL, *ruleset = NULL, *format_name = NULL, *registration = "open",
               *withdrawals = "forfeit";
    json_t *body = NULL, *options = NULL, *points_in = NULL, *tb = NULL, *clock_in = NULL,
           *cols = NULL, *row = NULL;
    json_int_t rounds = 0, seats = 0, min_seats = 0, max_entrants = 256, team_size = 1;
    int rated = 0, check_in = 0, format;
    struct comp_settings set = {0};
    struct storage_account me;
    const struct rules_engine *e;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    char id[37];

    if (auth_account_or_reply(r, w, &c, &me) ||
        request_body_or_reply(r, &body, 0,
                              (const char *const[]){"name", "ruleset", "options", "format",
                                                    "rounds", "seats", "min_seats", "points",
                                                    "tiebreaks", "rated", "clock",
                                                    "registration", "check_in",
                                                    "max_entrants", "withdrawals",
                                                    "team_size", NULL}))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT,
                       "{s:s, s:s, s?:o, s:s, s?:I, s?:I, s?:I, s?:o, s?:o, s?:b, s?:o, s?:s, "
                       "s?:b, s?:I, s?:s, s?:I}",
                       "name", &name, "ruleset", &ruleset, "options", &options, "format",
                       &format_name, "rounds", &rounds, "seats", &seats, "min_seats",
                       &min_seats, "points", &points_in, "tiebreaks", &tb, "rated", &rated,
                       "clock", &clock_in, "registration", &registration, "check_in",
                       &check_in, "max_entrants", &max_entrants, "withdrawals",
                       &withdrawals, "team_size", &team_size)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", jerr.text);
        goto out;
    }
    if (!(e = comp_engine_or_reply(r, ruleset)))
        goto out;
    if ((format = comp_format_parse(format_name)) < 0) {
        reply_problem(r, PROBLEM_bad_request,
                      "No format %s: round_robin, double_round_robin, swiss, "
                      "single_elimination, double_elimination or tables.", format_name);
        goto out;
    }
    if (comp_team_size_or_reply(r, e, team_size, two_player((enum comp_format)format)))
        goto out;
    if (two_player((enum comp_format)format)) {
        if (seats && seats != 2) {
            reply_problem(r, PROBLEM_bad_request,
                          "%s pairs two-player games; seats is 2 or left out.", format_name);
            goto out;
        }
        seats = min_seats = 2;
        if (e->min_seats > 2 && team_size == 1) {
            reply_problem(r, PROBLEM_bad_request,
                          "%s takes %d to %d players a game: use the tables format.",
                          e->title, e->min_seats, e->max_seats);
            goto out;
        }
    } else {
        if (!seats)
            seats = e->max_seats < 4 ? e->max_seats : 4;
        if (!min_seats)
            min_seats = seats - 1 > e->min_seats ? seats - 1 : e->min_seats;
        if (seats < e->min_seats || seats > e->max_seats || seats > COMP_MAX_SEATS ||
            min_seats < e->min_seats || min_seats > seats) {
            reply_problem(r, PROBLEM_bad_request,
                          "%s tables seat %d to %d players: min_seats <= seats within it.",
                          e->title, e->min_seats,
                          e->max_seats < COMP_MAX_SEATS ? e->max_seats : COMP_MAX_SEATS);
            goto out;
        }
    }
    if (rounds < 0 || rounds > TOURNAMENT_MAX_ROUNDS ||
        (rounds && format != FORMAT_SWISS && format != FORMAT_TABLES)) {
        reply_problem(r, PROBLEM_bad_request,
                      "rounds is for swiss and tables (1 to %d); the other formats take "
                      "as many as their entrants need.", TOURNAMENT_MAX_ROUNDS);
        goto out;
    }
    if (max_entrants < 2 || max_entrants > TOURNAMENT_MAX_ENTRANTS) {
        reply_problem(r, PROBLEM_bad_request, "max_entrants is 2 to %d.",
                      TOURNAMENT_MAX_ENTRANTS);
        goto out;
    }
    if (strcmp(registration, "open") && strcmp(registration, "invite")) {
        reply_problem(r, PROBLEM_bad_request, "registration is open or invite.");
        goto out;
    }
    if (strcmp(withdrawals, "forfeit") && strcmp(withdrawals, "bye")) {
        reply_problem(r, PROBLEM_bad_request,
                      "withdrawals is forfeit (their opponents win by forfeit) or bye.");
        goto out;
    }
    if (comp_settings_or_reply(r, e, name, options, points_in, tb, clock_in, (int)seats,
                               (int)(seats * team_size), &set))
        goto out;
    uuid_new(id);
    cols = json_pack("{s:s, s:s, s:s, s:s, s:o, s:I, s:I, s:s, s:I, s:o, s:o, s:b, s:O, "
                     "s:s, s:b, s:I, s:s, s:I}",
                     "id", id, "name", name, "organiser", me.id, "ruleset", e->id, "options",
                     options ? json_incref(options) : json_object(), "seats", seats, "min_seats",
                     min_seats, "format", format_name, "rounds", rounds, "points",
                     comp_points_json(&set.points, (int)seats), "tiebreaks",
                     tb ? json_incref(tb) : json_array(), "rated", rated, "clock",
                     set.clock ? set.clock : json_null(), "registration", registration, "check_in",
                     check_in, "max_entrants", max_entrants, "withdrawals", withdrawals,
                     "team_size", team_size);
    if (!cols) {
        reply_problem(r, PROBLEM_internal, "The tournament could not be written.");
        goto out;
    }
    if ((st = storage_comp_insert(w->db, cols)) != STORAGE_OK ||
        (st = storage_comp_get(w->db, id, &row)) != STORAGE_OK) {
        reply_storage(r, st, "tournament");
        goto out;
    }
    snprintf(r->location, sizeof r->location, "/v1/tournaments/%s", id);
    reply_json(r, 201, json_pack("{s:o, s:[]}", "tournament", shown(row), "entrants"));
out:
    json_decref(body);
    comp_settings_clear(&set);
    json_decref(cols);
    json_decref(row);
}

/* The tournament in the path, read (locked when lock: a transaction is
 * open then). Returns 0, or -1 having replied. */
static int event_or_reply(struct request *r, struct worker *w, int lock, struct comp_event *ev)
{
    enum storage_status st;

    memset(ev, 0, sizeof *ev);
    if (!uuid_valid(r->params[0])) {
        reply_problem(r, PROBLEM_not_found, "No tournament %s.", r->params[0]);
        return -1;
    }
    st = comp_event_load(w->db, r->params[0], lock, ev);
    if (st != STORAGE_OK) {
        comp_event_clear(ev);
        reply_storage(r, st, "tournament");
        return -1;
    }
    return 0;
}

static int organiser(const struct comp_event *ev, const struct caller *c)
{
    return strcmp(json_string_value(json_object_get(ev->row, "organiser")), c->claims.sub) == 0;
}

static int organiser_or_reply(struct request *r, const struct comp_event *ev,
                              const struct caller *c)
{
    if (organiser(ev, c))
        return 0;
    reply_problem(r, PROBLEM_forbidden, "Only the tournament's organiser may do this.");
    return -1;
}

static const char *status_of(const struct comp_event *ev)
{
    return json_string_value(json_object_get(ev->row, "status"));
}

/* Begins a transaction and locks the tournament; the caller's account. */
static int begin_or_reply(struct request *r, struct worker *w, struct caller *c,
                          struct storage_account *me, json_t **body,
                          const char *const *allowed, struct comp_event *ev)
{
    enum storage_status st;

    *body = NULL;
    if (auth_account_or_reply(r, w, c, me) ||
        (allowed && request_body_or_reply(r, body, 1, allowed)))
        return -1;
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "tournament");
        json_decref(*body);
        *body = NULL;
        return -1;
    }
    if (event_or_reply(r, w, 1, ev)) {
        db_rollback(w->db);
        json_decref(*body);
        *body = NULL;
        return -1;
    }
    return 0;
}

/* After a change that came to st: commits it and answers the tournament
 * as it now is, or rolls it back and says why. */
static void commit_and_show(struct request *r, struct worker *w, struct comp_event *ev,
                            enum storage_status st, int status)
{
    struct comp_event now;

    if (st == STORAGE_OK)
        st = db_commit(w->db);
    if (st != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "tournament");
        return;
    }
    if (comp_event_load(w->db, json_string_value(json_object_get(ev->row, "id")), 0, &now) !=
        STORAGE_OK) {
        comp_event_clear(&now);
        reply_problem(r, PROBLEM_internal, "The tournament could not be read back.");
        return;
    }
    reply_json(r, status, json_pack("{s:o, s:O}", "tournament", shown(now.row), "entrants",
                                    now.entrants));
    comp_event_clear(&now);
}

static void fail(struct request *r, struct worker *w, enum problem_code code,
                 const char *detail)
{
    db_rollback(w->db);
    reply_problem(r, code, "%s", detail);
}

void handle_tournament_get(struct request *r, struct worker *w)
{
    struct comp_event ev;
    struct caller c;

    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (event_or_reply(r, w, 0, &ev))
        return;
    reply_json(r, 200, json_pack("{s:o, s:O}", "tournament", shown(ev.row), "entrants",
                                 ev.entrants));
    comp_event_clear(&ev);
}

void handle_tournament_list(struct request *r, struct worker *w)
{
    const char *status = request_query(r, "status");
    struct storage_page page = {0};
    json_t *items, *x, *body;
    enum storage_status st;
    struct paging pg;
    struct caller c;
    char us[24], id[37];
    size_t i;

    if (request_params_or_reply(r, (const char *const[]){"status", "limit", "cursor", NULL}) ||
        paging_or_reply(r, &w->app->keys, NULL, &pg))
        return;
    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (status && strcmp(status, "registration") && strcmp(status, "running") &&
        strcmp(status, "finished")) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "status is registration, running or finished.");
        return;
    }
    if (pg.key && paging_key_time_id(pg.key, us, id)) {
        reply_problem(r, PROBLEM_invalid_parameter, "cursor is not one of this list's.");
        return;
    }
    st = storage_comp_list(w->db, status, pg.key ? us : NULL, pg.key ? id : NULL,
                           (int)pg.limit, &page);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "tournament");
        return;
    }
    items = json_array();
    json_array_foreach(page.items, i, x)
        json_array_append_new(items, shown(x));
    json_decref(page.items);
    body = json_pack("{s:o}", "tournaments", items);
    paging_finish(r, &w->app->keys, &pg, page.more ? page.last : NULL, body);
    reply_json(r, 200, body);
}

/* The entrant of account among ev's entrants: its index, or -1. */
static int entrant_of(const struct comp_event *ev, const char *account)
{
    const json_t *x;
    size_t i;

    json_array_foreach(ev->entrants, i, x)
        if (strcmp(json_string_value(json_object_get(x, "account_id")), account) == 0)
            return (int)i;
    return -1;
}

/*
 * POST /v1/tournaments/{id}/entrants: {} registers the caller (open
 * registration); {"account_id"} or {"name"} from the organiser invites an
 * account, which accepts by checking in. In a tournament of teams,
 * "team" lists the entrant's teammates: the entrant is their captain.
 */
void handle_tournament_register(struct request *r, struct worker *w)
{
    const char *account_id = NULL, *name = NULL, *who;
    struct storage_account me, them;
    struct comp_event ev;
    enum storage_status st;
    json_error_t jerr;
    struct caller c;
    json_t *body, *team = NULL;
    char mates[4 * 40];
    int by_organiser;

    if (begin_or_reply(r, w, &c, &me, &body,
                       (const char *const[]){"account_id", "name", "team", NULL}, &ev))
        return;
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s?:s, s?:s, s?:o}", "account_id",
                       &account_id, "name", &name, "team", &team) ||
        (account_id && name)) {
        fail(r, w, PROBLEM_bad_request, "The body is {}, {\"account_id\": id} or {\"name\": "
             "name}, with \"team\": [ids] in a tournament of teams.");
        goto out;
    }
    by_organiser = account_id || name;
    if (strcmp(status_of(&ev), "registration") != 0) {
        fail(r, w, PROBLEM_conflict, "Registration is closed: the tournament has started.");
        goto out;
    }
    if (by_organiser && !organiser(&ev, &c)) {
        fail(r, w, PROBLEM_forbidden, "Only the organiser registers others.");
        goto out;
    }
    if (!by_organiser &&
        strcmp(json_string_value(json_object_get(ev.row, "registration")), "invite") == 0) {
        fail(r, w, PROBLEM_forbidden,
             "This tournament is by invitation: the organiser invites, you check in.");
        goto out;
    }
    who = me.id;
    if (by_organiser) {
        st = comp_named_account(w->db, account_id, name, &them);
        if (st == STORAGE_NOT_FOUND) {
            fail(r, w, PROBLEM_bad_request, "No such account.");
            goto out;
        }
        if (st != STORAGE_OK) {
            db_rollback(w->db);
            reply_storage(r, st, "account");
            goto out;
        }
        who = them.id;
    }
    if (comp_team_or_reply(r, w->db, ev.entrants, team, who, comp_team_size(&ev), mates,
                           sizeof mates))
        goto out;
    if ((json_int_t)json_array_size(ev.entrants) >=
        json_integer_value(json_object_get(ev.row, "max_entrants"))) {
        fail(r, w, PROBLEM_conflict, "The tournament is full.");
        goto out;
    }
    /* an invitation waits for its check-in; a registration needs one only
       when the tournament asks for it */
    st = storage_entrant_add(w->db, json_string_value(json_object_get(ev.row, "id")), who,
                             by_organiser,
                             !by_organiser && !json_is_true(json_object_get(ev.row, "check_in")),
                             comp_team_size(&ev) > 1 ? mates : NULL);
    if (st == STORAGE_OK)
        st = storage_comp_touch(w->db, json_string_value(json_object_get(ev.row, "id")));
    if (st != STORAGE_OK) {
        db_rollback(w->db);
        if (st == STORAGE_CONFLICT)
            reply_problem(r, PROBLEM_conflict, "That account is registered already.");
        else
            reply_storage(r, st, "tournament");
        goto out;
    }
    commit_and_show(r, w, &ev, STORAGE_OK, 201);
out:
    comp_event_clear(&ev);
    json_decref(body);
}

void handle_tournament_check_in(struct request *r, struct worker *w)
{
    struct storage_account me;
    struct comp_event ev;
    enum storage_status st;
    struct caller c;
    json_t *body;

    if (begin_or_reply(r, w, &c, &me, &body, (const char *const[]){NULL}, &ev))
        return;
    if (strcmp(status_of(&ev), "registration") != 0) {
        fail(r, w, PROBLEM_conflict, "Check-in is over: the tournament has started.");
        goto out;
    }
    if (entrant_of(&ev, me.id) < 0) {
        fail(r, w, PROBLEM_not_found, "You are not registered in this tournament.");
        goto out;
    }
    st = storage_entrant_check_in(w->db, json_string_value(json_object_get(ev.row, "id")),
                                  me.id);
    if (st == STORAGE_OK)
        st = storage_comp_touch(w->db, json_string_value(json_object_get(ev.row, "id")));
    commit_and_show(r, w, &ev, st, 200);
out:
    comp_event_clear(&ev);
    json_decref(body);
}

/* DELETE /v1/tournaments/{id}/entrants/{account}: before the start the
 * entrant leaves; after it, withdraws from the next round on. */
void handle_tournament_withdraw(struct request *r, struct worker *w)
{
    struct storage_account me;
    struct comp_event ev;
    enum storage_status st;
    struct caller c;
    json_t *body;
    const char *id;
    int e;

    if (begin_or_reply(r, w, &c, &me, &body, NULL, &ev))
        return;
    id = json_string_value(json_object_get(ev.row, "id"));
    if (strcmp(r->params[1], me.id) != 0 && !organiser(&ev, &c)) {
        fail(r, w, PROBLEM_forbidden, "Only the entrant or the organiser withdraws an entrant.");
        goto out;
    }
    if ((e = entrant_of(&ev, r->params[1])) < 0) {
        fail(r, w, PROBLEM_not_found, "No such entrant.");
        goto out;
    }
    if (strcmp(status_of(&ev), "finished") == 0) {
        fail(r, w, PROBLEM_conflict, "The tournament is over.");
        goto out;
    }
    if (strcmp(status_of(&ev), "registration") == 0) {
        st = storage_entrant_remove(w->db, id, r->params[1]);
        if (st == STORAGE_OK)
            st = storage_comp_touch(w->db, id);
    } else if (ev.withdrawn_round[e] >= 0) {
        fail(r, w, PROBLEM_conflict, "That entrant has withdrawn already.");
        goto out;
    } else {
        st = comp_withdraw(w->db, &ev, e);
    }
    commit_and_show(r, w, &ev, st, 200);
out:
    comp_event_clear(&ev);
}

void handle_tournament_start(struct request *r, struct worker *w)
{
    struct storage_account me;
    struct comp_event ev, now = {0};
    enum storage_status st;
    struct caller c;
    json_t *body;
    const char *id;
    char why[200];
    int ready = 0, rounds;
    const json_t *x;
    size_t i;

    if (begin_or_reply(r, w, &c, &me, &body, (const char *const[]){NULL}, &ev))
        return;
    id = json_string_value(json_object_get(ev.row, "id"));
    if (organiser_or_reply(r, &ev, &c)) {
        db_rollback(w->db);
        goto out;
    }
    if (strcmp(status_of(&ev), "registration") != 0) {
        fail(r, w, PROBLEM_conflict, "The tournament has started already.");
        goto out;
    }
    json_array_foreach(ev.entrants, i, x)
        ready += json_is_true(json_object_get(x, "checked_in"));
    if (ready < 2) {
        snprintf(why, sizeof why, "%d entrants are checked in; a tournament needs 2 or more.",
                 ready);
        fail(r, w, PROBLEM_conflict, why);
        goto out;
    }
    if (ev.format == FORMAT_TABLES && !tables_possible(ready, ev.min_seats, ev.seats)) {
        snprintf(why, sizeof why,
                 "%d entrants cannot be seated at tables of %d to %d players.", ready,
                 ev.min_seats, ev.seats);
        fail(r, w, PROBLEM_conflict, why);
        goto out;
    }
    rounds = comp_rounds_for(ev.format, ready,
                             (int)json_integer_value(json_object_get(ev.row, "rounds")));
    if ((st = storage_entrants_seed(w->db, id, 1)) != STORAGE_OK ||
        (st = storage_comp_set_rounds(w->db, id, rounds)) != STORAGE_OK ||
        (st = comp_event_load(w->db, id, 0, &now)) != STORAGE_OK) {
        comp_event_clear(&now);
        db_rollback(w->db);
        reply_storage(r, st, "tournament");
        goto out;
    }
    st = comp_start(w->db, &now, why, sizeof why);
    comp_event_clear(&now);
    if (st == STORAGE_CONFLICT) {
        fail(r, w, PROBLEM_conflict, why);
        goto out;
    }
    commit_and_show(r, w, &ev, st, 200);
out:
    comp_event_clear(&ev);
    json_decref(body);
}

/* Games as shown: each seat's entrant named. */
static json_t *games_shown(const struct comp_event *ev, long round)
{
    json_t *out = json_array(), *x;
    size_t i;

    json_array_foreach(ev->game_rows, i, x) {
        json_t *g, *players, *e;
        size_t k;

        if (round >= 0 && json_integer_value(json_object_get(x, "round")) != round)
            continue;
        players = json_array();
        g = json_deep_copy(x);
        json_array_foreach(json_object_get(x, "entrants"), k, e) {
            const json_t *ent = json_array_get(ev->entrants, (size_t)json_integer_value(e));
            const json_t *pl = json_array_get(json_object_get(x, "places"), k);

            json_array_append_new(players,
                                  json_pack("{s:i, s:I, s:O, s:O, s:O}", "seat", (int)k, "seed",
                                            json_integer_value(e), "account_id",
                                            json_object_get(ent, "account_id"), "name",
                                            json_object_get(ent, "name"), "place",
                                            pl ? pl : json_null()));
        }
        json_object_set_new(g, "players", players);
        json_object_del(g, "entrants");
        json_object_del(g, "places");
        json_array_append_new(out, g);
    }
    return out;
}

void handle_tournament_games(struct request *r, struct worker *w)
{
    const char *round = request_query(r, "round");
    struct comp_event ev;
    struct caller c;
    long rd = -1;

    if (request_params_or_reply(r, (const char *const[]){"round", NULL}))
        return;
    if (round && parse_int_in(round, 0, TOURNAMENT_MAX_ROUNDS, &rd)) {
        reply_problem(r, PROBLEM_invalid_parameter, "round is a number from 0.");
        return;
    }
    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (event_or_reply(r, w, 0, &ev))
        return;
    reply_json(r, 200, json_pack("{s:i, s:O, s:o}", "round", ev.round, "status",
                                 json_object_get(ev.row, "status"), "games",
                                 games_shown(&ev, rd)));
    comp_event_clear(&ev);
}

void handle_tournament_standings(struct request *r, struct worker *w)
{
    struct comp_event ev;
    struct caller c;

    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (event_or_reply(r, w, 0, &ev))
        return;
    if (request_wants(r, "text/markdown")) {
        char *text = comp_standings_markdown(&ev);

        if (text)
            reply_take(r, 200, "text/markdown; charset=utf-8", text, strlen(text));
        else
            reply_problem(r, PROBLEM_internal, "The standings could not be written.");
    } else {
        reply_json(r, 200, json_pack("{s:O, s:i, s:i, s:o}", "status",
                                     json_object_get(ev.row, "status"), "round", ev.round,
                                     "rounds", ev.rounds, "standings",
                                     comp_standings_json(&ev)));
    }
    comp_event_clear(&ev);
}

/* Each entrant's games round by round: whom they met, with what result. */
void handle_tournament_crosstable(struct request *r, struct worker *w)
{
    struct comp_event ev;
    struct caller c;
    json_t *rows;

    if (r->authorization && auth_or_reply(r, w, AUTH_ANY, &c))
        return;
    if (event_or_reply(r, w, 0, &ev))
        return;
    rows = json_array();
    for (int e = 0; e < ev.n; e++) {
        json_t *games = json_array();

        for (int i = 0; i < ev.ngames; i++) {
            const struct comp_game *g = &ev.games[i];
            json_t *opp;
            int me = -1;

            for (int s = 0; s < g->seats; s++)
                if (g->entrant[s] == e)
                    me = s;
            if (me < 0)
                continue;
            opp = json_array();
            for (int s = 0; s < g->seats; s++)
                if (s != me)
                    json_array_append_new(opp, json_integer(g->entrant[s]));
            json_array_append_new(games, json_pack(
                "{s:i, s:i, s:o, s:s, s:o, s:o}", "round", g->round, "seat", me, "opponents",
                opp, "how", g->how == COMP_BYE ? "bye" : g->how == COMP_FORFEIT ? "forfeit"
                                                                                : "played",
                "place", g->done ? json_integer(g->place[me]) : json_null(), "points",
                g->done ? json_real(comp_game_points(&ev.points, g, me)) : json_null()));
        }
        json_array_append_new(rows, json_pack("{s:i, s:O, s:o}", "seed", e, "name",
                                              json_object_get(json_array_get(ev.entrants,
                                                                             (size_t)e),
                                                              "name"),
                                              "games", games));
    }
    reply_json(r, 200, json_pack("{s:o}", "crosstable", rows));
    comp_event_clear(&ev);
}

/* The round (and board) of the path; 404 when not numbers in range. */
static int round_board_or_reply(struct request *r, long *round, long *board)
{
    if (parse_int_in(r->params[1], 0, TOURNAMENT_MAX_ROUNDS, round) ||
        (board && parse_int_in(r->params[2], 0, TOURNAMENT_MAX_ENTRANTS, board))) {
        reply_problem(r, PROBLEM_not_found, "No such round or board.");
        return -1;
    }
    return 0;
}

/* POST .../rounds/{round}/games/{board}/result: the organiser's result,
 * {"places": [...]} by seat and "how" (forfeit by default: a no-show). */
void handle_tournament_result(struct request *r, struct worker *w)
{
    struct storage_account me;
    struct comp_event ev;
    enum storage_status st;
    const char *how = "forfeit";
    json_t *body, *places = NULL;
    int place[COMP_MAX_SEATS];
    json_error_t jerr;
    struct caller c;
    long round, board;
    const struct comp_game *g = NULL;

    if (begin_or_reply(r, w, &c, &me, &body, (const char *const[]){"places", "how", NULL},
                       &ev))
        return;
    if (organiser_or_reply(r, &ev, &c)) {
        db_rollback(w->db);
        goto out;
    }
    if (json_unpack_ex(body, &jerr, JSON_STRICT, "{s:o, s?:s}", "places", &places, "how",
                       &how) ||
        (strcmp(how, "forfeit") && strcmp(how, "played"))) {
        fail(r, w, PROBLEM_bad_request,
             "The body is {\"places\": [place by seat, 1 first], \"how\": forfeit or played}.");
        goto out;
    }
    if (round_board_or_reply(r, &round, &board)) {
        db_rollback(w->db);
        goto out;
    }
    if (!(g = comp_find_game(&ev, (int)round, (int)board))) {
        fail(r, w, PROBLEM_not_found, "This tournament has no such game.");
        goto out;
    }
    if (g->done) {
        fail(r, w, PROBLEM_conflict, "That game has its result already.");
        goto out;
    }
    if (!json_is_array(places) || json_array_size(places) != (size_t)g->seats) {
        fail(r, w, PROBLEM_bad_request, "places gives one place for each seat of the game.");
        goto out;
    }
    for (int s = 0; s < g->seats; s++) {
        const json_t *p = json_array_get(places, (size_t)s);

        if (!json_is_integer(p) || json_integer_value(p) < 1 ||
            json_integer_value(p) > g->seats) {
            fail(r, w, PROBLEM_bad_request, "Each place is from 1 to the number of seats.");
            goto out;
        }
        place[s] = (int)json_integer_value(p);
    }
    st = comp_record(w->db, &ev, (int)round, (int)board,
                     strcmp(how, "played") == 0 ? COMP_PLAYED : COMP_FORFEIT, place,
                     "organiser");
    commit_and_show(r, w, &ev, st, 200);
out:
    comp_event_clear(&ev);
    json_decref(body);
}

/* POST .../rounds/{round}/repair: the current round paired again, before
 * any of its games has had a move. */
void handle_tournament_repair(struct request *r, struct worker *w)
{
    struct storage_account me;
    struct comp_event ev;
    enum storage_status st;
    struct caller c;
    json_t *body;
    long round;
    char why[200];

    if (begin_or_reply(r, w, &c, &me, &body, (const char *const[]){NULL}, &ev))
        return;
    if (organiser_or_reply(r, &ev, &c) || round_board_or_reply(r, &round, NULL)) {
        db_rollback(w->db);
        goto out;
    }
    if (strcmp(status_of(&ev), "running") != 0 || round != ev.round) {
        fail(r, w, PROBLEM_conflict, "Only the round being played can be paired again.");
        goto out;
    }
    st = comp_repair(w->db, &ev, why, sizeof why);
    if (st == STORAGE_CONFLICT) {
        fail(r, w, PROBLEM_conflict, why);
        goto out;
    }
    commit_and_show(r, w, &ev, st, 200);
out:
    comp_event_clear(&ev);
    json_decref(body);
}
