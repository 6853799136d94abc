/*
 * heavysteam_titan_fixture.h - what the titan's rule tests share: the
 * boards of heavysteam_boards.h read by hs_board_read, a test loadout, a
 * freshly set-up titan, and the counts the checks read.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_TITAN_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_TITAN_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "heavysteam/titan.h"
#include "heavysteam/titan_damage.h"
#include "heavysteam/titan_flow.h"
#include "heavysteam_boards.h"

static inline json_t *board_json(const char *text)
{
    json_error_t jerr;
    json_t *o = json_loads(text, 0, &jerr);

    if (!CHECK(o != NULL))
        fprintf(stderr, "fixture: %s (line %d)\n", jerr.text, jerr.line);
    return o;
}

/* Reads a board; returns 0 or -1 with error set. */
static inline int read_board(const json_t *o, struct hs_board *b, char *error)
{
    error[0] = 0;
    return hs_board_read(o, b, error);
}

static inline int station(const struct hs_board *b, const char *id)
{
    for (int i = 0; i < b->nstations; i++)
        if (strcmp(b->station[i].id, id) == 0)
            return i;
    return HS_NONE;
}

static struct rng rng;
static struct hs_board small, heavy;
static struct hs_titan T;

static inline void seed(int k)
{
    unsigned char key[RNG_KEY_BYTES];

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + k);
    rng_init(&rng, key, 0);
}

static const struct hs_square white = {.colour = HS_WHITE};
static const struct hs_square red = {.colour = HS_RED};

/* The test loadout: a claw (two white squares, the second volatile 7:
 * it always fails), a cannon (white, red), a mortar (three white). */
static inline void test_cards(struct hs_mounted c[HS_MOUNTS])
{
    memset(c, 0, sizeof(struct hs_mounted) * HS_MOUNTS);
    c[HS_MOUNT_LEFT_ARM].nsquares = 2;
    c[HS_MOUNT_LEFT_ARM].square[0] = white;
    c[HS_MOUNT_LEFT_ARM].square[1] = white;
    c[HS_MOUNT_LEFT_ARM].square[1].volatile_n = 7;
    c[HS_MOUNT_LEFT_ARM].max_damage = 3;
    c[HS_MOUNT_RIGHT_ARM].nsquares = 2;
    c[HS_MOUNT_RIGHT_ARM].square[0] = white;
    c[HS_MOUNT_RIGHT_ARM].square[1] = red;
    c[HS_MOUNT_RIGHT_ARM].max_damage = 2;
    c[HS_MOUNT_TORSO].nsquares = 3;
    for (int q = 0; q < 3; q++)
        c[HS_MOUNT_TORSO].square[q] = white;
    c[HS_MOUNT_TORSO].max_damage = 4;
}

static json_t *events;

/* A titan freshly set up on b with the test cards. */
static inline struct hs_titan *fresh(const struct hs_board *b)
{
    struct hs_mounted c[HS_MOUNTS];
    struct rules_error err;

    seed(1);
    test_cards(c);
    json_decref(events);
    events = json_array();
    if (!CHECK(hs_titan_init(&T, b, c, events, &err) == 0))
        fprintf(stderr, "init: %s\n", err.message);
    return &T;
}

static inline int count_events(const char *type)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(events, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

static inline int steam_at(const struct hs_titan *t, const char *id)
{
    return hs_titan_steam_at(t, station(t->board, id));
}

static inline int cubes_at(const struct hs_titan *t, const char *id, enum hs_cube c)
{
    int s = station(t->board, id), n = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        n += t->cube[s][q] == c;
    return n;
}

static inline int heat(const struct hs_titan *t)
{
    struct hs_census c;

    hs_titan_census(t, &c);
    return c.pressure_heat;
}

/* White cubes are never made or lost but by the stock and discards. */
static inline void check_white_conserved(const struct hs_titan *t)
{
    struct hs_census c;

    hs_titan_census(t, &c);
    CHECK_EQ_INT(c.steam_white + c.steam_red + c.pressure_steam + c.reserve +
                     c.discarded,
                 t->drawn.white);
    CHECK_EQ_INT(c.shield, t->drawn.blue);
    CHECK_EQ_INT(c.pressure_heat, t->drawn.red);
    CHECK_EQ_INT(c.damage, t->drawn.black);
}

static inline int ok(int rc, const struct rules_error *err)
{
    if (rc < 0)
        fprintf(stderr, "  refused: %s: %s\n", err->code, err->message);
    return rc >= 0;
}

/* Moves the current station's cubes: to[i] white and red counts. */
static inline int flow(struct hs_titan *t, const char *to1, int w1, int r1,
                const char *to2, int w2, int r2, struct rules_error *err)
{
    struct hs_flow_move m;

    memset(&m, 0, sizeof m);
    if (to1) {
        m.white[station(t->board, to1)] = w1;
        m.red[station(t->board, to1)] = r1;
    }
    if (to2) {
        m.white[station(t->board, to2)] = w2;
        m.red[station(t->board, to2)] = r2;
    }
    return hs_steam_move(t, &m, &rng, events, err);
}

static inline const char *moving(const struct hs_titan *t)
{
    struct hs_flow_choices c;

    hs_steam_choices(t, &c);
    return c.station == HS_NONE ? "(none)" : t->board->station[c.station].id;
}

static inline json_t *last_event(const char *type)
{
    json_t *found = NULL, *e;
    size_t i;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            found = e;
    return found;
}

static inline void load_boards(void)
{
    char error[RULES_DATA_ERROR];
    json_t *o = board_json(hs_test_small_board);

    if (!CHECK(read_board(o, &small, error) == 0))
        fprintf(stderr, "small: %s\n", error);
    json_decref(o);
    o = board_json(hs_test_heavy_board);
    if (!CHECK(read_board(o, &heavy, error) == 0))
        fprintf(stderr, "heavy: %s\n", error);
    json_decref(o);
}

#endif
