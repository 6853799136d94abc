/*
 * heavysteam_round_fixture.h - what the round tests share: a game from
 * the real setup (hs_game_setup, then both pilot moves through
 * hs_pilot_apply), moves played through hs_round_apply only, and a
 * player that makes a random legal move from hs_round_moves' listing,
 * filling a shape's holes within their bounds.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_ROUND_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_ROUND_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "heavysteam/cards.h"
#include "heavysteam/pilots.h"
#include "heavysteam/round.h"
#include "heavysteam/setup.h"

static struct rng R;
static unsigned pick_state;
/* 1: the random player builds pressure (red squares, the longest moves,
 * every attack with all its Hotshot, every evade) */
static int heat_bias;

static inline unsigned pick(unsigned n)
{
    pick_state = pick_state * 1103515245u + 12345u;
    return n ? (pick_state >> 8) % n : 0;
}

static inline int ok(int rc, const struct rules_error *err)
{
    if (rc < 0)
        fprintf(stderr, "  refused: %s (%s): %s\n", err->code, err->rule, err->message);
    return rc >= 0;
}

/* The events shuffled into the deck are all ones cards.c plays (on main
 * some are not yet, and a track that draws one cannot go on). */
static inline int events_played(const struct hs_game *g)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_DECK && cat->battle[g->card[c]].kind == HS_K_EVENT &&
            !hs_event_supported(&cat->battle[g->card[c]]))
            return 0;
    return 1;
}

/* Game k of seats with options o (NULL: none): the setup of seed k, or
 * of k + 1000, k + 2000 ... the first whose events are all played; each
 * seat with pilot[seat] (pilot or its entry NULL: the first it may
 * choose), no Charged Up steam. */
static inline struct hs_game *round_game_of(int k, const json_t *o, int seats,
                                            const char *const *pilot)
{
    struct hs_game *g = calloc(1, sizeof *g);
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;

    for (int j = k; j < k + 64000; j += 1000) {
        memset(g, 0, sizeof *g);
        memset(key, 0, sizeof key);
        key[0] = (unsigned char)j;
        key[1] = (unsigned char)(j >> 8);
        rng_init(&R, key, 0);
        CHECK(ok(hs_game_setup(g, o, seats, &R, NULL, &err), &err));
        if (events_played(g))
            break;
    }
    pick_state = (unsigned)k * 2654435761u + 1;
    for (int s = 0; s < seats; s++) {
        json_t *moves = hs_pilot_moves(g, s);
        json_t *m = json_array_get(json_object_get(moves, "moves"), 0);
        json_t *mv = pilot && pilot[s]
                         ? json_pack("{s:s, s:s}", "type", "pilot", "pilot", pilot[s])
                         : json_pack("{s:s, s:O}", "type", "pilot", "pilot",
                                     json_object_get(m, "pilot"));

        CHECK(ok(hs_pilot_apply(g, s, mv, &R, NULL, &err), &err));
        json_decref(mv);
        json_decref(moves);
    }
    CHECK_EQ_INT(g->stage, HS_STAGE_ROUND);
    return g;
}

/* Two seats (U.K. and C.E.T. heavies, or lights with size "light"). */
static inline struct hs_game *round_game_with(int k, const char *size,
                                              const char *const pilot[2])
{
    json_t *o = size ? json_pack("{s:s}", "size", size) : NULL;
    struct hs_game *g = round_game_of(k, o, 2, pilot);

    json_decref(o);
    return g;
}

static inline struct hs_game *round_game(int k, const char *size)
{
    return round_game_with(k, size, NULL);
}

/* Plays seat's move given as JSON text; returns hs_round_apply's result. */
static inline int play(struct hs_game *g, int seat, const char *text, json_t *events,
                       struct rules_error *err)
{
    json_t *m = json_loads(text, 0, NULL);
    int rc;

    if (!m) {
        fprintf(stderr, "  bad JSON in test: %s\n", text);
        return -2;
    }
    rc = hs_round_apply(g, seat, m, &R, events, err);
    json_decref(m);
    return rc;
}

static inline int play_ok(struct hs_game *g, const char *text, json_t *events)
{
    struct rules_error err;

    return ok(play(g, g->ask_seat, text, events, &err), &err);
}

static inline int has_event(const json_t *events, const char *type)
{
    size_t i;
    json_t *e;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return 1;
    return 0;
}

/* Cards of that id in seat's hand (id NULL: every card there). */
static inline int hand_count(const struct hs_game *g, int seat, const char *id)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == HS_Z_HAND && g->holder[c] == seat &&
             (!id || strcmp(cat->battle[g->card[c]].id, id) == 0);
    return n;
}

/* The lowest copy of card id in seat's hand, -1 none. */
static inline int hand_copy(const struct hs_game *g, int seat, const char *id)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_HAND && g->holder[c] == seat &&
            strcmp(cat->battle[g->card[c]].id, id) == 0)
            return c;
    return -1;
}

/* Events of that type among events. */
static inline int count_event(const json_t *events, const char *type)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(events, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

static inline json_t *find_event(const json_t *events, const char *type)
{
    size_t i;
    json_t *e, *found = NULL;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            found = e;
    return found;
}

/* ---- filling a shape --------------------------------------------------- */

static inline int bound(const json_t *b)
{
    int lo = (int)json_integer_value(json_object_get(b, "min"));
    int hi = (int)json_integer_value(json_object_get(b, "max"));

    return hi > lo ? lo + (int)pick((unsigned)(hi - lo + 1)) : lo;
}

static inline json_t *one_of(const json_t *b)
{
    json_t *of = json_object_get(b, "of");

    return json_array_get(of, pick((unsigned)json_array_size(of)));
}

/* A legal distribution: the white squares of the stations that are no
 * vent filled first (in a random order), then vents and red squares at
 * random with what is left. */
static inline void fill_flow(json_t *m, const json_t *shape)
{
    const json_t *white = json_object_get(shape, "white"), *red = json_object_get(shape, "red");
    int left = (int)json_integer_value(json_object_get(shape, "cubes"));
    json_t *w = json_object(), *r = json_object(), *v;
    const char *ids[64], *key;
    int n = 0;

    json_object_foreach((json_t *)white, key, v)
        ids[n++] = key;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pick((unsigned)i + 1);
        const char *t = ids[i];

        ids[i] = ids[j];
        ids[j] = t;
    }
    /* red squares first: legal when every cube then moves, or the white
     * squares after them are all taken */
    for (int i = 0; heat_bias && i < n; i++) {
        int max = (int)json_integer_value(json_object_get(json_object_get(red, ids[i]), "max"));
        int k = max < left ? max : left;

        if (k)
            json_object_set_new(r, ids[i], json_integer(k));
        left -= k;
    }
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            const json_t *b = json_object_get(white, ids[i]);
            int vent = json_is_true(json_object_get(b, "vent")), max, k;

            if (vent != pass)
                continue;
            max = (int)json_integer_value(json_object_get(b, "max"));
            k = max < left ? max : left;
            if (vent)
                k = (int)pick((unsigned)k + 1);
            if (k)
                json_object_set_new(w, ids[i], json_integer(k));
            left -= k;
        }
    for (int i = 0; !heat_bias && i < n; i++) {
        int max = (int)json_integer_value(json_object_get(json_object_get(red, ids[i]), "max"));
        int k = (int)pick((unsigned)(max < left ? max : left) + 1);

        if (k)
            json_object_set_new(r, ids[i], json_integer(k));
        left -= k;
    }
    json_object_set_new(m, "white", w);
    json_object_set_new(m, "red", r);
}

/* A choice for the options of one step (effects.h's format): the first
 * cubes of steam, a damage square without steam when there is one, the
 * first sector or unit. */
static inline json_t *fill_choice(const json_t *o)
{
    json_t *choice = json_object();

    if (json_object_get(o, "steam")) {
        json_t *a = json_array();

        for (int i = 0; i < json_integer_value(json_object_get(o, "n")); i++)
            json_array_append(a, json_array_get(json_object_get(o, "steam"), (size_t)i));
        json_object_set_new(choice, "steam", a);
    } else if (json_object_get(o, "damage")) {
        const json_t *all = json_object_get(o, "damage");
        json_t *d = json_array_get(all, pick((unsigned)json_array_size(all))), *x;
        size_t i;

        /* a square without steam when there is one: none has to move */
        json_array_foreach(all, i, x)
            if (json_is_true(json_object_get(d, "steam")) &&
                !json_is_true(json_object_get(x, "steam")))
                d = x;

        json_object_set_new(choice, "damage",
                            json_pack("[{s:O, s:O}]", "station", json_object_get(d, "station"),
                                      "square", json_object_get(d, "square")));
    } else if (json_object_get(o, "sector")) {
        json_object_set(choice, "sector", json_array_get(json_object_get(o, "sector"), 0));
    } else if (json_object_get(o, "repair")) {
        json_t *a = json_array();

        for (int i = 0; i < json_integer_value(json_object_get(o, "n")); i++) {
            const json_t *q = json_array_get(json_object_get(o, "repair"), (size_t)i);

            json_array_append_new(a, json_pack("{s:O, s:O}", "station",
                                               json_object_get(q, "station"), "square",
                                               json_object_get(q, "square")));
        }
        json_object_set_new(choice, "repair", a);
    } else if (json_object_get(o, "shield")) {
        json_t *a = json_array();
        size_t i;
        const json_t *l;
        int left = (int)json_integer_value(json_object_get(o, "n"));

        /* each location up to its room, in the order listed */
        json_array_foreach(json_object_get(o, "shield"), i, l)
            for (int k = 0; left > 0 && k < json_integer_value(json_object_get(l, "room")); k++, left--)
                json_array_append(a, json_object_get(l, "location"));
        json_object_set_new(choice, "shield", a);
    }
    return choice;
}

static inline void fill_event(const struct hs_game *g, json_t *m)
{
    json_t *o = hs_event_options(g, g->ask_seat);

    json_object_set_new(m, "choice", fill_choice(o));
    json_decref(o);
}

/* The move an entry of the listing makes, its holes filled at random. */
static inline json_t *fill(const struct hs_game *g, const json_t *e)
{
    json_t *m = json_deep_copy(e), *v;
    const char *type = json_string_value(json_object_get(e, "type"));
    int shape = strcmp(json_string_value(json_object_get(e, "form")), "shape") == 0;

    json_object_del(m, "form");
    if (!shape)
        return m;
    /* a battle card played with an attack or an evade: its one choice */
    if ((v = json_object_get(e, "battle_card")) && strcmp(type, "card") != 0 &&
        (v = json_object_get(e, "choice"))) {
        if (json_array_size(v) != 1) {
            json_decref(m);
            return NULL;
        }
        json_object_set_new(m, "choice", fill_choice(json_array_get(v, 0)));
    }
    if (strcmp(type, "loadout") == 0) {
        /* one mount changed: each value listed fits with the other two */
        const char *key = hs_mount_names[pick(HS_MOUNTS)];

        json_decref(m);
        m = json_pack("{s:s}", "type", "loadout");
        json_object_set(m, key, one_of(json_object_get(e, key)));
    } else if (strcmp(type, "flow") == 0) {
        json_object_del(m, "station");
        json_object_del(m, "cubes");
        json_object_del(m, "must");
        fill_flow(m, e);
    } else if (strcmp(type, "event") == 0) {
        fill_event(g, m);
    } else if (strcmp(type, "attack") == 0) {
        if ((v = json_object_get(e, "hotshot")))
            json_object_set_new(m, "hotshot",
                                heat_bias ? json_integer(json_integer_value(json_object_get(v, "max")))
                                          : json_integer(bound(v)));
        if ((v = json_object_get(e, "boost")))
            json_object_set(m, "boost", one_of(v));
    } else if (strcmp(type, "evade") == 0) {
        json_t *of = json_object_get(json_object_get(e, "board"), "of");

        json_object_set(m, "board", heat_bias ? json_array_get(of, json_array_size(of) - 1)
                                              : one_of(json_object_get(e, "board")));
        json_object_set(m, "card", one_of(json_object_get(e, "card")));
    } else if (strcmp(type, "damage") == 0) {
        json_t *p = json_deep_copy(one_of(json_object_get(e, "picks")));

        if ((v = json_object_get(p, "to"))) {
            json_t *to = one_of(v);

            if (to)
                json_object_set(p, "to", to);
            else
                json_object_del(p, "to");
        }
        json_object_set_new(m, "picks", json_pack("[o]", p));
    } else if (strcmp(type, "done") == 0) {
        for (int k = 0; k < 2; k++) {
            const char *key = k ? "cannon" : "infantry";

            if ((v = json_object_get(e, key)) && pick(2))
                json_object_set(m, key, one_of(v));
            else
                json_object_del(m, key);
        }
        /* a pilot's steam cube after a paid move, taken or not (HS-R-120) */
        if ((v = json_object_get(e, "pilot_step")) && pick(2))
            json_object_set_new(m, "pilot_step",
                                json_pack("{s:O, s:O}", "from", one_of(json_object_get(v, "from")),
                                          "to", one_of(json_object_get(v, "to"))));
        else
            json_object_del(m, "pilot_step");
    } else if (strcmp(type, "steam_done") == 0) {
        json_t *shut = json_array(), *reps = json_array();
        const json_t *r = json_object_get(e, "repairs");

        if (json_array_size(json_object_get(json_object_get(e, "shutdown"), "of")) && !pick(4))
            json_array_append(shut, one_of(json_object_get(e, "shutdown")));
        if (json_integer_value(json_object_get(r, "max")) > 0)
            json_array_append_new(reps, json_pack("[O]", one_of(r)));
        json_object_set_new(m, "shutdown", shut);
        json_object_set_new(m, "repairs", reps);
    } else if (strcmp(type, "free_move") == 0) {
        const json_t *s = json_object_get(e, "steps");
        /* one pick a statement: argument order is the compiler's */
        json_t *from = one_of(json_object_get(s, "from"));
        json_t *to = one_of(json_object_get(s, "to"));

        json_object_set_new(m, "steps", json_pack("[{s:O, s:O}]", "from", from, "to", to));
    } else if (strcmp(type, "card") == 0 && json_array_size(json_object_get(e, "choice")) == 1) {
        json_object_set_new(m, "choice", fill_choice(json_array_get(json_object_get(e, "choice"), 0)));
    } else {
        json_decref(m);
        return NULL;             /* a card of several choices: left to the card tests */
    }
    return m;
}

/*
 * One random legal move of the seat asked: a random entry, its holes
 * filled; a filled shape the rules refuse (a free move within one
 * station, say) falls back to a plain move of the listing. Returns 0, or
 * -1 when nothing the listing offers was accepted; *played (when not
 * NULL) the move accepted, a new reference.
 */
static inline int random_move_played(struct hs_game *g, json_t *events, json_t **played)
{
    json_t *list = hs_round_moves(g, g->ask_seat);
    json_t *moves = json_object_get(list, "moves");
    size_t n = json_array_size(moves);
    int rc = -1;

    for (int tries = 0; rc < 0 && tries < 12 && n; tries++) {
        /* biased: the last entries (the longest move, an attack, a shape) */
        const json_t *e = json_array_get(moves, heat_bias && tries < 3 ? n - 1 - pick(n < 2 ? 1 : 2)
                                                : tries < 6 ? pick((unsigned)n) : (size_t)tries % n);
        json_t *m = fill(g, e);
        struct rules_error err;

        if (!m)
            continue;
        rc = hs_round_apply(g, g->ask_seat, m, &R, events, &err);
        if (rc < 0 && getenv("HS_ROUND_DEBUG"))
            fprintf(stderr, "  %s refused: %s: %s\n", json_dumps(m, JSON_COMPACT), err.code,
                    err.message);
        if (rc < 0 && strcmp(json_string_value(json_object_get(e, "form")), "move") == 0) {
            fprintf(stderr, "  a listed move was refused: %s: %s\n", err.code, err.message);
            json_decref(m);
            break;
        }
        if (rc == 0 && played)
            *played = json_incref(m);
        json_decref(m);
    }
    json_decref(list);
    return rc;
}

static inline int random_move(struct hs_game *g, json_t *events)
{
    return random_move_played(g, events, NULL);
}

/* The plain move that does least (hold, pass, done, no free move, no
 * evade, keep), else a random one: nobody attacks or plays a card. */
static inline int quiet_move(struct hs_game *g, json_t *events)
{
    static const char *const quiet[] = {"hold", "pass", "done", "steam_done", "free_move",
                                        "evade", "reroll", NULL};
    json_t *list = hs_round_moves(g, g->ask_seat), *e;
    size_t i;
    int rc = 1;

    json_array_foreach(json_object_get(list, "moves"), i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));

        if (strcmp(json_string_value(json_object_get(e, "form")), "move") != 0)
            continue;
        for (int k = 0; rc > 0 && quiet[k]; k++)
            if (strcmp(type, quiet[k]) == 0) {
                json_t *m = fill(g, e);
                struct rules_error err;

                rc = hs_round_apply(g, g->ask_seat, m, &R, events, &err);
                json_decref(m);
            }
        if (rc <= 0)
            break;
    }
    json_decref(list);
    return rc > 0 ? random_move(g, events) : rc;
}

/* Plays random (or quiet) moves until the phase is ph of round (or the
 * game ends). */
static inline int reach_by(struct hs_game *g, int round, enum hs_phase ph, json_t *events,
                           int quietly)
{
    for (int guard = 0; guard < 2000; guard++) {
        if (g->stage != HS_STAGE_ROUND || (g->round == round && g->phase == ph))
            return g->stage == HS_STAGE_ROUND;
        if ((quietly ? quiet_move(g, events) : random_move(g, events)) < 0)
            return 0;
    }
    return 0;
}

static inline int reach(struct hs_game *g, int round, enum hs_phase ph, json_t *events)
{
    return reach_by(g, round, ph, events, 0);
}

static inline int steam_at(const struct hs_game *g, int seat, enum hs_station_type type)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int n = 0;

    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].type == type)
            n += hs_titan_steam_at(t, s);
    return n;
}

#endif
