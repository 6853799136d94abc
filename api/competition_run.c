#include "competition_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "competition/bracket.h"
#include "competition/round_robin.h"
#include "competition/standings.h"
#include "competition/swiss.h"
#include "competition/tables.h"
#include "competitions.h"
#include "engine.h"
#include "leagues.h"
#include "play.h"
#include "ratings.h"
#include "text_buf.h"

static const char *const format_names[FORMAT_COUNT] = {
    "round_robin", "double_round_robin", "swiss", "single_elimination",
    "double_elimination", "tables",
};

const char *comp_format_name(enum comp_format f)
{
    return f < FORMAT_COUNT ? format_names[f] : "";
}

int comp_format_parse(const char *name)
{
    for (int i = 0; name && i < FORMAT_COUNT; i++)
        if (strcmp(name, format_names[i]) == 0)
            return i;
    return -1;
}

static int is_bracket(enum comp_format f)
{
    return f == FORMAT_SINGLE_ELIMINATION || f == FORMAT_DOUBLE_ELIMINATION;
}

static const char *how_name(enum comp_how h)
{
    return h == COMP_BYE ? "bye" : h == COMP_FORFEIT ? "forfeit" : "played";
}

static enum comp_how how_parse(const char *s)
{
    return s && strcmp(s, "bye") == 0 ? COMP_BYE
         : s && strcmp(s, "forfeit") == 0 ? COMP_FORFEIT : COMP_PLAYED;
}

int comp_rounds_for(enum comp_format format, int n, int given)
{
    int k = 0;

    switch (format) {
    case FORMAT_ROUND_ROBIN:
        return round_robin_rounds(n, false);
    case FORMAT_DOUBLE_ROUND_ROBIN:
        return round_robin_rounds(n, true);
    case FORMAT_SWISS:
        while ((1 << k) < n)
            k++;
        return given ? given : k;
    case FORMAT_TABLES:
        return given ? given : 3;
    case FORMAT_SINGLE_ELIMINATION:
        return bracket_rounds(BRACKET_SINGLE, n);
    case FORMAT_DOUBLE_ELIMINATION:
        return bracket_rounds(BRACKET_DOUBLE, n);
    default:
        return 0;
    }
}

/* ---- points ---------------------------------------------------------- */

static void default_points(struct comp_points *p, int seats)
{
    comp_points_chess(p);
    /* a table of more seats: one point for each seat beaten */
    if (seats > 2)
        for (int k = 0; k < COMP_MAX_SEATS; k++)
            p->by_place[k] = k < seats ? seats - 1 - k : 0;
}

int comp_points_parse(const json_t *o, int seats, struct comp_points *p, char *why,
                      size_t whylen)
{
    static const char *const names[] = {"win", "draw", "loss", "bye", "forfeit_win",
                                        "forfeit_loss"};
    double *field[] = {&p->win, &p->draw, &p->loss, &p->bye, &p->forfeit_win,
                       &p->forfeit_loss};
    const char *key;
    const json_t *v;

    default_points(p, seats);
    if (!o)
        return 0;
    if (!json_is_object(o)) {
        snprintf(why, whylen, "points must be an object");
        return -1;
    }
    json_object_foreach((json_t *)o, key, v) {
        int known = 0;

        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(key, names[i]) == 0) {
                if (!json_is_number(v) || json_number_value(v) < -100 ||
                    json_number_value(v) > 100) {
                    snprintf(why, whylen, "points.%s must be a number from -100 to 100", key);
                    return -1;
                }
                *field[i] = json_number_value(v);
                known = 1;
            }
        if (strcmp(key, "by_place") == 0) {
            const json_t *x;
            size_t i;

            if (!json_is_array(v) || json_array_size(v) > COMP_MAX_SEATS) {
                snprintf(why, whylen, "points.by_place is an array of at most %d numbers",
                         COMP_MAX_SEATS);
                return -1;
            }
            json_array_foreach(v, i, x) {
                if (!json_is_number(x)) {
                    snprintf(why, whylen, "points.by_place[%zu] must be a number", i);
                    return -1;
                }
                p->by_place[i] = json_number_value(x);
            }
            known = 1;
        }
        if (!known) {
            snprintf(why, whylen, "points has no member %s", key);
            return -1;
        }
    }
    return 0;
}

json_t *comp_points_json(const struct comp_points *p, int seats)
{
    json_t *o = json_pack("{s:f, s:f, s:f, s:f, s:f, s:f}", "win", p->win, "draw", p->draw,
                          "loss", p->loss, "bye", p->bye, "forfeit_win", p->forfeit_win,
                          "forfeit_loss", p->forfeit_loss);

    if (seats > 2) {
        json_t *a = json_array();

        for (int k = 0; k < seats && k < COMP_MAX_SEATS; k++)
            json_array_append_new(a, json_real(p->by_place[k]));
        json_object_set_new(o, "by_place", a);
    }
    return o;
}

/* ---- loading --------------------------------------------------------- */

static int get_int(const json_t *o, const char *k)
{
    return (int)json_integer_value(json_object_get(o, k));
}

static void read_game(const json_t *row, struct comp_game *g)
{
    const json_t *ents = json_object_get(row, "entrants"), *pl = json_object_get(row, "places");

    memset(g, 0, sizeof *g);
    g->round = get_int(row, "round");
    g->seats = (int)json_array_size(ents);
    if (g->seats > COMP_MAX_SEATS)
        g->seats = COMP_MAX_SEATS;
    for (int s = 0; s < g->seats; s++) {
        g->entrant[s] = (int)json_integer_value(json_array_get(ents, (size_t)s));
        g->place[s] = (int)json_integer_value(json_array_get(pl, (size_t)s));
    }
    g->done = json_is_true(json_object_get(row, "done"));
    g->how = how_parse(json_string_value(json_object_get(row, "how")));
}

enum storage_status comp_event_load(struct db *db, const char *id, int lock,
                                    struct comp_event *ev)
{
    enum storage_status st;
    const json_t *x;
    size_t i;
    char why[120];

    memset(ev, 0, sizeof *ev);
    if ((st = lock ? storage_comp_lock(db, id, &ev->row) : storage_comp_get(db, id, &ev->row)) !=
            STORAGE_OK ||
        (st = storage_entrants_list(db, id, &ev->entrants)) != STORAGE_OK ||
        (st = storage_comp_games(db, id, &ev->game_rows)) != STORAGE_OK)
        return st;
    ev->n = (int)json_array_size(ev->entrants);
    ev->format = (enum comp_format)comp_format_parse(
        json_string_value(json_object_get(ev->row, "format")));
    ev->round = get_int(ev->row, "round");
    ev->rounds = get_int(ev->row, "rounds");
    ev->seats = get_int(ev->row, "seats");
    ev->min_seats = get_int(ev->row, "min_seats");
    ev->ngames = (int)json_array_size(ev->game_rows);
    ev->active = calloc((size_t)ev->n + 1, sizeof *ev->active);
    ev->withdrawn_round = calloc((size_t)ev->n + 1, sizeof *ev->withdrawn_round);
    /* room for one more round's games; write_game grows it for more */
    ev->cap = ev->ngames + ev->n + 1;
    ev->games = calloc((size_t)ev->cap, sizeof *ev->games);
    if (!ev->active || !ev->withdrawn_round || !ev->games || (int)ev->format < 0)
        return STORAGE_ERROR;
    json_array_foreach(ev->entrants, i, x) {
        const json_t *w = json_object_get(x, "withdrawn_round");

        ev->withdrawn_round[i] = json_is_integer(w) ? (int)json_integer_value(w) : -1;
    }
    json_array_foreach(ev->game_rows, i, x)
        read_game(x, &ev->games[i]);
    if (comp_points_parse(json_object_get(ev->row, "points"), ev->seats, &ev->points, why,
                          sizeof why))
        default_points(&ev->points, ev->seats);
    json_array_foreach(json_object_get(ev->row, "tiebreaks"), i, x) {
        int t = tiebreak_parse(json_string_value(x));

        if (t >= 0 && ev->ntiebreaks < 8)
            ev->tiebreak[ev->ntiebreaks++] = t;
    }
    return STORAGE_OK;
}

void comp_event_clear(struct comp_event *ev)
{
    json_decref(ev->row);
    json_decref(ev->entrants);
    json_decref(ev->game_rows);
    free(ev->active);
    free(ev->withdrawn_round);
    free(ev->games);
    memset(ev, 0, sizeof *ev);
}

static const char *comp_id(const struct comp_event *ev)
{
    return json_string_value(json_object_get(ev->row, "id"));
}

static const char *entrant_account(const struct comp_event *ev, int e)
{
    return json_string_value(json_object_get(json_array_get(ev->entrants, (size_t)e),
                                             "account_id"));
}

static const char *entrant_name(const struct comp_event *ev, int e)
{
    return json_string_value(json_object_get(json_array_get(ev->entrants, (size_t)e), "name"));
}

/* The account of member m of entrant e: its own (m 0) or a teammate's. */
static const char *member_account(const struct comp_event *ev, int e, int m)
{
    const json_t *x = json_array_get(ev->entrants, (size_t)e);

    return m == 0 ? json_string_value(json_object_get(x, "account_id"))
                  : json_string_value(json_object_get(
                        json_array_get(json_object_get(x, "team"), (size_t)m - 1),
                        "account_id"));
}

int comp_team_size(const struct comp_event *ev)
{
    int k = (int)json_integer_value(json_object_get(ev->row, "team_size"));

    return k > 1 ? k : 1;
}

int comp_game_seats(const struct comp_event *ev, int entrants, int pos[RULES_MAX_SEATS],
                    int member[RULES_MAX_SEATS])
{
    const struct rules_engine *e =
        rules_engine_find(json_string_value(json_object_get(ev->row, "ruleset")));
    int k = comp_team_size(ev), n = entrants * k, count[RULES_MAX_SEATS] = {0};

    if (n > RULES_MAX_SEATS || (k > 1 && (!e || !e->team_of)))
        return -1;
    for (int s = 0; s < n; s++) {
        pos[s] = k > 1 ? e->team_of(s, n) : s;
        if (pos[s] < 0 || pos[s] >= entrants || count[pos[s]] >= k)
            return -1;
        member[s] = count[pos[s]]++;
    }
    return n;
}

static int withdrawn_by(const struct comp_event *ev, int e, int round)
{
    return ev->withdrawn_round[e] >= 0 && ev->withdrawn_round[e] <= round;
}

/* ---- writing games --------------------------------------------------- */

static void int_list(char *out, size_t n, const int *v, int k)
{
    size_t len = 0;

    len += (size_t)snprintf(out + len, n - len, "{");
    for (int i = 0; i < k && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%d", i ? "," : "", v[i]);
    if (len < n)
        snprintf(out + len, n - len, "}");
}

/*
 * The options of a game of the competition: its own, and where the
 * ruleset lets a two-player game name its first player (the option
 * first_player), seat 0, so the pairing's seat balance is a balance of
 * who moves first. New reference.
 */
static json_t *game_options(struct comp_event *ev, int seats)
{
    const json_t *given = json_object_get(ev->row, "options");
    json_t *o = json_is_object(given) ? json_deep_copy(given) : json_object();

    if (!ev->names_first) {
        /* looked up once: a description is the engine's whole data */
        const struct rules_engine *e =
            rules_engine_find(json_string_value(json_object_get(ev->row, "ruleset")));
        json_t *d = e ? e->describe() : NULL;
        const json_t *props = json_object_get(json_object_get(d, "options"), "properties");

        ev->names_first = json_object_get(props, "first_player") ? 1 : -1;
        json_decref(d);
    }
    if (seats == 2 && ev->names_first > 0 && !json_object_get(o, "first_player_chooser"))
        json_object_set_new(o, "first_player", json_integer(0));
    return o;
}

/* Creates and starts the Turnpost game of cg; *id receives its id. */
static enum storage_status start_game(struct db *db, struct comp_event *ev,
                                      const struct comp_game *cg, char id[37])
{
    const json_t *row = ev->row, *clock = json_object_get(row, "clock");
    char *options_text, *rows_text, *clock_text = NULL;
    struct storage_game g = {0};
    struct rules_error err = {0};
    int pos[RULES_MAX_SEATS], member[RULES_MAX_SEATS];
    int n = comp_game_seats(ev, cg->seats, pos, member);
    json_t *rows, *options;
    enum storage_status st;

    if (n < 0)
        return STORAGE_ERROR;
    rows = json_array();
    options = game_options(ev, n);
    /* a team on its team's seats, its members in seat order */
    for (int s = 0; s < n; s++)
        json_array_append_new(rows, json_pack("{s:i, s:s, s:s, s:b}", "seat", s, "kind",
                                              "account", "account_id",
                                              member_account(ev, cg->entrant[pos[s]],
                                                             member[s]),
                                              "filled", 1));
    options_text = json_dumps(options, JSON_COMPACT);
    json_decref(options);
    rows_text = json_dumps(rows, JSON_COMPACT);
    if (json_is_object(clock))
        clock_text = json_dumps(clock, JSON_COMPACT);
    st = play_game_insert(db, id, json_string_value(json_object_get(row, "ruleset")),
                          options_text, n,
                          json_string_value(json_object_get(row, "organiser")), rows_text,
                          clock_text);
    if (st == STORAGE_OK)
        st = storage_game_lock(db, id, NULL, &g);
    if (st == STORAGE_OK)
        st = play_start(db, &g, &err);
    if (st == STORAGE_OK && json_is_true(json_object_get(row, "rated")))
        st = storage_game_set_rated(db, id);
    storage_game_clear(&g);
    json_decref(rows);
    free(options_text);
    free(rows_text);
    free(clock_text);
    return st;
}

/* Writes game `board` of its round: a bye or forfeit decided now, or a
 * game to play, started. Appends it to ev->games. */
static enum storage_status write_game(struct db *db, struct comp_event *ev, int board,
                                      const struct comp_game *cg,
                                      const struct bracket_slot *slot)
{
    char ents[96], places[96], *slot_text = NULL;
    struct storage_comp_game w = {.round = cg->round, .board = board, .entrants = ents,
                                  .done = cg->done, .how = how_name(cg->how),
                                  .recorded_by = cg->done ? "pairing" : NULL};
    enum storage_status st;
    char id[37];

    if (ev->ngames == ev->cap) {
        struct comp_game *more = realloc(ev->games, sizeof *more * (size_t)(2 * ev->cap));

        if (!more)
            return STORAGE_ERROR;
        ev->games = more;
        ev->cap *= 2;
    }
    int_list(ents, sizeof ents, cg->entrant, cg->seats);
    if (cg->done) {
        int_list(places, sizeof places, cg->place, cg->seats);
        w.places = places;
    }
    if (slot) {
        static const char *const part[] = {"winners", "losers", "grand_final", "reset"};
        json_t *o = json_pack("{s:s, s:i, s:i}", "part", part[slot->part], "round",
                              slot->part_round, "match", slot->match);

        slot_text = json_dumps(o, JSON_COMPACT);
        json_decref(o);
        w.slot_text = slot_text;
    }
    st = storage_comp_game_insert(db, comp_id(ev), &w);
    free(slot_text);
    if (st == STORAGE_OK && !cg->done) {
        st = start_game(db, ev, cg, id);
        if (st == STORAGE_OK)
            st = storage_comp_game_link(db, comp_id(ev), cg->round, board, id);
    }
    if (st == STORAGE_OK)
        ev->games[ev->ngames++] = *cg;
    return st;
}

/*
 * A paired game with a withdrawn entrant: decided now. In a two-seat game
 * the one still in wins by forfeit, or (withdrawals "bye") has a bye;
 * *skip when nobody is left to play it, or for a withdrawn entrant's bye.
 */
static void settle_withdrawn(const struct comp_event *ev, struct comp_game *cg, int *skip)
{
    int out[COMP_MAX_SEATS], nout = 0, in = -1;
    const char *policy = json_string_value(json_object_get(ev->row, "withdrawals"));

    *skip = 0;
    /* a schedule's bye is no use to someone who has left */
    if (cg->seats == 1 && !is_bracket(ev->format) && withdrawn_by(ev, cg->entrant[0], cg->round))
        *skip = 1;
    if (cg->seats != 2)
        return;
    for (int s = 0; s < 2; s++) {
        out[s] = withdrawn_by(ev, cg->entrant[s], cg->round);
        nout += out[s];
        if (!out[s])
            in = s;
    }
    if (nout == 0)
        return;
    cg->done = true;
    if (nout == 2) {
        if (!is_bracket(ev->format)) {
            *skip = 1;
            return;
        }
        /* a bracket needs someone to carry on: the better seed, out next */
        in = cg->entrant[0] < cg->entrant[1] ? 0 : 1;
    } else if (!is_bracket(ev->format) && policy && strcmp(policy, "bye") == 0) {
        cg->entrant[0] = cg->entrant[in];
        cg->seats = 1;
        cg->how = COMP_BYE;
        cg->place[0] = 1;
        return;
    }
    cg->how = COMP_FORFEIT;
    cg->place[in] = 1;
    cg->place[1 - in] = 2;
}

static enum storage_status notify(struct db *db, const struct comp_event *ev,
                                  const char *topic, json_t *payload)
{
    char *text;
    enum storage_status st;

    json_object_set_new(payload, "competition_id", json_string(comp_id(ev)));
    json_object_set(payload, "name", json_object_get(ev->row, "name"));
    text = json_dumps(payload, JSON_COMPACT);
    json_decref(payload);
    if (!text)
        return STORAGE_ERROR;
    st = storage_comp_notify(db, comp_id(ev), topic, text);
    free(text);
    return st;
}

static int round_done(const struct comp_event *ev, int round)
{
    for (int i = 0; i < ev->ngames; i++)
        if (ev->games[i].round == round && !ev->games[i].done)
            return 0;
    return 1;
}

static enum storage_status finish(struct db *db, struct comp_event *ev)
{
    enum storage_status st = storage_comp_set_stage(db, comp_id(ev), "finished", ev->round);

    if (st == STORAGE_OK)
        st = notify(db, ev, "tournament.finished",
                    json_pack("{s:o}", "standings", comp_standings_json(ev)));
    return st;
}

/* The games round r pairs; returns how many, 0 when the competition is
 * decided, -1 when no pairing exists. */
static int pair(const struct comp_event *ev, int r, struct comp_game *out,
                struct bracket_slot *slot)
{
    bool *active = calloc((size_t)ev->n + 1, sizeof *active);
    int k = -1;

    if (!active)
        return -1;
    for (int e = 0; e < ev->n; e++)
        active[e] = !withdrawn_by(ev, e, r);
    switch (ev->format) {
    case FORMAT_ROUND_ROBIN:
    case FORMAT_DOUBLE_ROUND_ROBIN:
        k = r < ev->rounds ? round_robin_round(ev->n, ev->format == FORMAT_DOUBLE_ROUND_ROBIN,
                                               r, out)
                           : 0;
        break;
    case FORMAT_SWISS:
        k = r < ev->rounds ? swiss_pair(ev->n, active, ev->games, ev->ngames, &ev->points, r,
                                        out)
                           : 0;
        break;
    case FORMAT_SINGLE_ELIMINATION:
    case FORMAT_DOUBLE_ELIMINATION:
        k = bracket_round(ev->format == FORMAT_DOUBLE_ELIMINATION ? BRACKET_DOUBLE
                                                                  : BRACKET_SINGLE,
                          ev->n, ev->games, ev->ngames, r, out, slot);
        break;
    case FORMAT_TABLES:
        k = r < ev->rounds ? tables_pair(ev->n, active, ev->games, ev->ngames, &ev->points, r,
                                         ev->min_seats, ev->seats, out)
                           : 0;
        break;
    default:
        break;
    }
    free(active);
    for (int i = 0; i < k; i++)
        out[i].round = r;
    return k;
}

/* Pairs round r and starts its games; moves on while whole rounds are
 * decided without play (byes and forfeits only). */
static enum storage_status pair_from(struct db *db, struct comp_event *ev, int r, char *why,
                                     size_t whylen)
{
    for (;;) {
        struct comp_game *out = calloc((size_t)ev->n + 1, sizeof *out);
        struct bracket_slot *slot = calloc((size_t)ev->n + 1, sizeof *slot);
        json_t *list;
        enum storage_status st = STORAGE_OK;
        int k;

        if (!out || !slot) {
            free(out);
            free(slot);
            return STORAGE_ERROR;
        }
        k = pair(ev, r, out, slot);
        if (k < 0) {
            snprintf(why, whylen, "round %d cannot be paired: %s", r + 1,
                     ev->format == FORMAT_SWISS ? "every pairing left would repeat a game"
                                                : "the entrants still in do not fit");
            free(out);
            free(slot);
            return STORAGE_CONFLICT;
        }
        if (k == 0) {
            free(out);
            free(slot);
            return finish(db, ev);
        }
        ev->round = r;
        list = json_array();
        for (int i = 0, board = 0; i < k && st == STORAGE_OK; i++) {
            int skip = 0;

            settle_withdrawn(ev, &out[i], &skip);
            if (skip)
                continue;
            st = write_game(db, ev, board, &out[i], is_bracket(ev->format) ? &slot[i] : NULL);
            if (st == STORAGE_OK) {
                json_t *names = json_array();

                for (int s = 0; s < out[i].seats; s++)
                    json_array_append_new(names, json_string(entrant_name(ev, out[i].entrant[s])));
                json_array_append_new(list, json_pack("{s:i, s:o}", "board", board,
                                                      "players", names));
            }
            board++;
        }
        free(out);
        free(slot);
        if (st == STORAGE_OK)
            st = storage_comp_set_stage(db, comp_id(ev), "running", r);
        if (st == STORAGE_OK && json_is_string(json_object_get(ev->row, "league_id")))
            st = storage_comp_schedule(db, comp_id(ev));
        if (st == STORAGE_OK)
            st = notify(db, ev, "tournament.round",
                        json_pack("{s:i, s:o}", "round", r, "games", list));
        else
            json_decref(list);
        if (st != STORAGE_OK || !round_done(ev, r))
            return st;
        r++;
    }
}

enum storage_status comp_start(struct db *db, struct comp_event *ev, char *why, size_t whylen)
{
    return pair_from(db, ev, 0, why, whylen);
}

struct comp_game *comp_find_game(struct comp_event *ev, int round, int board)
{
    int b = 0;

    /* boards are numbered from 0 within their round, in storage order */
    for (int i = 0; i < ev->ngames; i++)
        if (ev->games[i].round == round && b++ == board)
            return &ev->games[i];
    return NULL;
}

enum storage_status comp_record(struct db *db, struct comp_event *ev, int round, int board,
                                enum comp_how how, const int *places, const char *by)
{
    struct comp_game *g = comp_find_game(ev, round, board);
    char pl[96];
    enum storage_status st;
    char why[200];

    if (!g)
        return STORAGE_NOT_FOUND;
    if (g->done)
        return STORAGE_CONFLICT;
    int_list(pl, sizeof pl, places, g->seats);
    if ((st = storage_comp_game_record(db, comp_id(ev), round, board, how_name(how), pl,
                                       by)) != STORAGE_OK)
        return st;
    g->done = true;
    g->how = how;
    for (int s = 0; s < g->seats; s++)
        g->place[s] = places[s];
    {
        json_t *names = json_array();

        for (int s = 0; s < g->seats; s++)
            json_array_append_new(names, json_pack("{s:s, s:i}", "name",
                                                   entrant_name(ev, g->entrant[s]), "place",
                                                   places[s]));
        st = notify(db, ev, "tournament.result",
                    json_pack("{s:i, s:i, s:s, s:o}", "round", round, "board", board, "how",
                              how_name(how), "players", names));
    }
    if (st != STORAGE_OK || round != ev->round || !round_done(ev, round))
        return st == STORAGE_OK ? storage_comp_touch(db, comp_id(ev)) : st;
    st = pair_from(db, ev, round + 1, why, sizeof why);
    /* a round that cannot be paired ends the competition where it stands */
    return st == STORAGE_CONFLICT ? finish(db, ev) : st;
}

enum storage_status comp_game_finished(struct db *db, const char *comp, int round, int board,
                                       const struct storage_game *g)
{
    const json_t *pl = json_object_get(g->result, "places");
    int places[COMP_MAX_SEATS], pos[RULES_MAX_SEATS], member[RULES_MAX_SEATS];
    struct comp_event ev;
    enum storage_status st;
    size_t n = json_array_size(pl);

    if (n < 1 || n > RULES_MAX_SEATS)
        return STORAGE_ERROR;
    st = comp_event_load(db, comp, 1, &ev);
    /* a team's place is its members' (the game places a team together) */
    if (st == STORAGE_OK &&
        comp_game_seats(&ev, (int)n / comp_team_size(&ev), pos, member) != (int)n)
        st = STORAGE_ERROR;
    for (size_t s = 0; st == STORAGE_OK && s < n; s++)
        if (member[s] == 0 && pos[s] < COMP_MAX_SEATS)
            places[pos[s]] = (int)json_integer_value(json_array_get(pl, s));
    if (st == STORAGE_OK) {
        st = comp_record(db, &ev, round, board, COMP_PLAYED, places, "game");
        /* an organiser's result came first: it stands */
        if (st == STORAGE_CONFLICT)
            st = STORAGE_OK;
    }
    comp_event_clear(&ev);
    return st;
}

enum storage_status comp_withdraw(struct db *db, struct comp_event *ev, int e)
{
    enum storage_status st;

    st = storage_entrant_withdraw(db, comp_id(ev), entrant_account(ev, e), ev->round + 1);
    if (st == STORAGE_OK) {
        ev->withdrawn_round[e] = ev->round + 1;
        st = storage_comp_touch(db, comp_id(ev));
    }
    return st;
}

enum storage_status comp_repair(struct db *db, struct comp_event *ev, char *why,
                                size_t whylen)
{
    int64_t started = 0;
    enum storage_status st;
    int keep = 0;

    if ((st = storage_comp_round_started(db, comp_id(ev), ev->round, &started)) != STORAGE_OK)
        return st;
    if (started > 0) {
        snprintf(why, whylen, "%lld games of round %d have had moves",
                 (long long)started, ev->round + 1);
        return STORAGE_CONFLICT;
    }
    /* the round's games go, so a withdrawal during it counts from it */
    if ((st = storage_comp_round_delete(db, comp_id(ev), ev->round)) != STORAGE_OK ||
        (st = storage_entrants_withdraw_from(db, comp_id(ev), ev->round)) != STORAGE_OK)
        return st;
    for (int e = 0; e < ev->n; e++)
        if (ev->withdrawn_round[e] == ev->round + 1)
            ev->withdrawn_round[e] = ev->round;
    for (int i = 0; i < ev->ngames; i++)
        if (ev->games[i].round != ev->round)
            ev->games[keep++] = ev->games[i];
    ev->ngames = keep;
    return pair_from(db, ev, ev->round, why, whylen);
}

/* ---- standings ------------------------------------------------------- */

static struct standing *standings(const struct comp_event *ev)
{
    struct standing *s = calloc((size_t)ev->n + 1, sizeof *s);

    if (s)
        standings_compute(ev->n, ev->games, ev->ngames, &ev->points,
                          (const enum tiebreak *)ev->tiebreak, ev->ntiebreaks, s);
    return s;
}

json_t *comp_standings_json(const struct comp_event *ev)
{
    struct standing *s = standings(ev);
    int *place = calloc((size_t)ev->n + 1, sizeof *place);
    int decided = 0;
    json_t *out = json_array();

    if (!s || !place)
        goto out;
    if (is_bracket(ev->format))
        decided = bracket_places(ev->format == FORMAT_DOUBLE_ELIMINATION ? BRACKET_DOUBLE
                                                                         : BRACKET_SINGLE,
                                 ev->n, ev->games, ev->ngames, place) == 0;
    for (int i = 0; i < ev->n; i++) {
        const struct standing *x = &s[i];
        json_t *tb = json_object(), *row;

        for (int t = 0; t < ev->ntiebreaks; t++)
            json_object_set_new(tb, tiebreak_name((enum tiebreak)ev->tiebreak[t]),
                                json_real(x->tiebreak[ev->tiebreak[t]]));
        row = json_pack("{s:i, s:i, s:s, s:s, s:f, s:o, s:i, s:i, s:i, s:i, s:i, s:b}",
                        "rank", x->rank, "seed", x->entrant, "account_id",
                        entrant_account(ev, x->entrant), "name", entrant_name(ev, x->entrant),
                        "points", x->points, "tiebreaks", tb, "played", x->played, "wins",
                        x->wins, "draws", x->draws, "losses", x->losses, "byes", x->byes,
                        "withdrawn", ev->withdrawn_round[x->entrant] >= 0);
        if (decided)
            json_object_set_new(row, "place", json_integer(place[x->entrant]));
        json_array_append_new(out, row);
    }
out:
    free(s);
    free(place);
    return out;
}

char *comp_standings_markdown(const struct comp_event *ev)
{
    json_t *rows = comp_standings_json(ev), *x;
    const char *status = json_string_value(json_object_get(ev->row, "status"));
    struct text_buf b = {0};
    size_t i;

    text_buf_printf(&b, "**%s** (%s, %s)", json_string_value(json_object_get(ev->row, "name")),
                    comp_format_name(ev->format), json_string_value(json_object_get(ev->row, "ruleset")));
    if (strcmp(status, "running") == 0)
        text_buf_printf(&b, ": round %d", ev->round + 1);
    else
        text_buf_printf(&b, ": %s", status);
    text_buf_printf(&b, "\n\n| # | Player | Points | W-D-L |");
    for (int t = 0; t < ev->ntiebreaks; t++)
        text_buf_printf(&b, " %s |", tiebreak_name((enum tiebreak)ev->tiebreak[t]));
    text_buf_printf(&b, "\n|---|---|---|---|");
    for (int t = 0; t < ev->ntiebreaks; t++)
        text_buf_printf(&b, "---|");
    json_array_foreach(rows, i, x) {
        const json_t *place = json_object_get(x, "place");

        text_buf_printf(&b, "\n| %d | %s%s | %g | %d-%d-%d |",
                        place ? (int)json_integer_value(place) : get_int(x, "rank"),
                        json_string_value(json_object_get(x, "name")),
                        json_is_true(json_object_get(x, "withdrawn")) ? " (withdrawn)" : "",
                        json_number_value(json_object_get(x, "points")), get_int(x, "wins"),
                        get_int(x, "draws"), get_int(x, "losses"));
        for (int t = 0; t < ev->ntiebreaks; t++)
            text_buf_printf(&b, " %g |",
                            json_number_value(json_object_get(
                                json_object_get(x, "tiebreaks"),
                                tiebreak_name((enum tiebreak)ev->tiebreak[t]))));
    }
    text_buf_printf(&b, "\n");
    json_decref(rows);
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    return b.p;
}
