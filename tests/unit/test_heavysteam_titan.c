/*
 * test_heavysteam_titan.c - a Heavy Steam titan board's rules, one case
 * per rule, named after it (rules/heavysteam/titan.h).
 *
 * Boards are the fixtures of heavysteam_boards.h, read by hs_board_read;
 * every position is reached from a freshly set-up titan by the calls the
 * game makes, never by writing cubes into the struct.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "heavysteam/titan.h"
#include "heavysteam/titan_damage.h"
#include "heavysteam/titan_flow.h"
#include "heavysteam_boards.h"

static json_t *board_json(const char *text)
{
    json_error_t jerr;
    json_t *o = json_loads(text, 0, &jerr);

    if (!CHECK(o != NULL))
        fprintf(stderr, "fixture: %s (line %d)\n", jerr.text, jerr.line);
    return o;
}

/* Reads a board; returns 0 or -1 with error set. */
static int read_board(const json_t *o, struct hs_board *b, char *error)
{
    error[0] = 0;
    return hs_board_read(o, b, error);
}

static int station(const struct hs_board *b, const char *id)
{
    for (int i = 0; i < b->nstations; i++)
        if (strcmp(b->station[i].id, id) == 0)
            return i;
    return HS_NONE;
}

static struct rng rng;
static struct hs_board small, heavy;
static struct hs_titan T;

static void seed(int k)
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
static void test_cards(struct hs_mounted c[HS_MOUNTS])
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
static struct hs_titan *fresh(const struct hs_board *b)
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

static int count_events(const char *type)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(events, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

static int steam_at(const struct hs_titan *t, const char *id)
{
    return hs_titan_steam_at(t, station(t->board, id));
}

static int cubes_at(const struct hs_titan *t, const char *id, enum hs_cube c)
{
    int s = station(t->board, id), n = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        n += t->cube[s][q] == c;
    return n;
}

static int heat(const struct hs_titan *t)
{
    struct hs_census c;

    hs_titan_census(t, &c);
    return c.pressure_heat;
}

/* White cubes are never made or lost but by the stock and discards. */
static void check_white_conserved(const struct hs_titan *t)
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

static int ok(int rc, const struct rules_error *err)
{
    if (rc < 0)
        fprintf(stderr, "  refused: %s: %s\n", err->code, err->message);
    return rc >= 0;
}

/* Moves the current station's cubes: to[i] white and red counts. */
static int flow(struct hs_titan *t, const char *to1, int w1, int r1,
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

static const char *moving(const struct hs_titan *t)
{
    struct hs_flow_choices c;

    hs_steam_choices(t, &c);
    return c.station == HS_NONE ? "(none)" : t->board->station[c.station].id;
}

/* ---- board ---------------------------------------------------------------- */

static void test_board_reads_stations_arrows_and_numbers(void)
{
    json_t *o = board_json(hs_test_small_board);
    struct hs_board b;
    char error[RULES_DATA_ERROR];

    if (!CHECK(read_board(o, &b, error) == 0))
        fprintf(stderr, "%s\n", error);
    CHECK_EQ_STR(b.id, "test_small");
    CHECK_EQ_INT(b.size, HS_LIGHT);
    CHECK_EQ_INT(b.nstations, 9);
    CHECK_EQ_INT(b.narrows, 8);
    CHECK_EQ_INT(b.boiler, station(&b, "boiler"));
    CHECK_EQ_INT(b.command, station(&b, "command"));
    CHECK_EQ_INT(b.capacity, 6);
    CHECK_EQ_INT(b.ncolumns, 3);
    CHECK_EQ_INT(b.move_cost[1], 3);
    CHECK_EQ_INT(b.evade_cost, 2);
    CHECK_EQ_INT(b.repair_removes, 1);
    CHECK_EQ_STR(b.loadout[HS_MOUNT_RIGHT_ARM], "test_cannon");
    CHECK_EQ_INT(b.station[station(&b, "gun_left")].mount, HS_MOUNT_LEFT_ARM);
    CHECK_EQ_INT(b.station[station(&b, "shield")].square[2].colour, HS_BLUE);
    CHECK(b.station[station(&b, "shield")].square[2].start);
    json_decref(o);
}

static void test_board_depth_is_fewest_arrows_from_the_boiler(void)
{
    json_t *o = board_json(hs_test_small_board);
    struct hs_board b;
    char error[RULES_DATA_ERROR];

    /* a shortcut boiler -> vent makes the vent 1 deep, not 2 */
    json_array_append_new(json_object_get(o, "arrows"),
                          json_pack("[ss]", "boiler", "vent"));
    if (!CHECK(read_board(o, &b, error) == 0))
        fprintf(stderr, "%s\n", error);
    CHECK_EQ_INT(b.depth[b.boiler], 0);
    CHECK_EQ_INT(b.depth[station(&b, "pipe")], 1);
    CHECK_EQ_INT(b.depth[station(&b, "gun_left")], 2);
    CHECK_EQ_INT(b.depth[station(&b, "vent")], 1);
    json_decref(o);
}

/* Applies edit to a fresh copy of the small board and expects a refusal
 * whose message contains want. */
static void refused(void (*edit)(json_t *), const char *want)
{
    json_t *o = board_json(hs_test_small_board);
    struct hs_board b;
    char error[RULES_DATA_ERROR];

    edit(o);
    if (CHECK(read_board(o, &b, error) == -1) && !CHECK(strstr(error, want)))
        fprintf(stderr, "  wanted \"%s\" in \"%s\"\n", want, error);
    json_decref(o);
}

static json_t *station_json(json_t *o, const char *id)
{
    size_t i;
    json_t *s;

    json_array_foreach(json_object_get(o, "stations"), i, s)
        if (strcmp(json_string_value(json_object_get(s, "id")), id) == 0)
            return s;
    return NULL;
}

static void unknown_top_key(json_t *o) { json_object_set_new(o, "colour", json_true()); }
static void unknown_square_key(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(station_json(o, "boiler"),
                                                       "squares"), 0),
                        "volatile", json_integer(3));
}
static void points_out_of_range(json_t *o) { json_object_set_new(o, "points", json_integer(0)); }
static void second_boiler(json_t *o)
{
    json_object_set_new(station_json(o, "pipe"), "type", json_string("boiler"));
}
static void no_command(json_t *o)
{
    json_object_set_new(station_json(o, "command"), "type", json_string("conduit"));
}
static void arrow_to_unknown(json_t *o)
{
    json_array_append_new(json_object_get(o, "arrows"), json_pack("[ss]", "pipe", "nowhere"));
}
static void cycle(json_t *o)
{
    json_array_append_new(json_object_get(o, "arrows"), json_pack("[ss]", "vent", "pipe"));
}
static void into_boiler(json_t *o)
{
    json_array_append_new(json_object_get(o, "arrows"), json_pack("[ss]", "vent", "boiler"));
}
static void unreached(json_t *o)
{
    json_array_remove(json_object_get(o, "arrows"), 1); /* boiler -> mobility */
}
static void pressure_over_capacity(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(o, "pressure"), 0), "cells",
                        json_integer(HS_MAX_PRESSURE));
}
static void sections_out_of_order(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(o, "pressure"), 0), "section",
                        json_string("red"));
}
static void no_red_section(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(o, "pressure"), 2), "section",
                        json_string("green"));
}
static void mount_missing(json_t *o)
{
    json_t *s = station_json(o, "gun_torso");

    json_object_set_new(s, "type", json_string("conduit"));
    json_object_del(s, "mount");
    json_object_set_new(s, "squares", json_pack("[{ss}]", "colour", "white"));
}
static void mount_in_wrong_location(json_t *o)
{
    json_object_set_new(station_json(o, "gun_left"), "location", json_string("legs"));
}
static void loadout_short(json_t *o)
{
    json_object_del(json_object_get(o, "loadout"), "torso");
}
static void blue_outside_shield(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(station_json(o, "pipe"),
                                                       "squares"), 0),
                        "colour", json_string("blue"));
}
static void weak_on_red(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(station_json(o, "command"),
                                                       "squares"), 2),
                        "weak", json_integer(4));
}
static void duplicate_station(json_t *o)
{
    json_object_set_new(station_json(o, "vent"), "id", json_string("pipe"));
}

static void test_board_refuses_what_it_does_not_know(void)
{
    refused(unknown_top_key, "unknown key \"colour\"");
    refused(unknown_square_key, "unknown key \"volatile\"");
    refused(points_out_of_range, "\"points\"");
    refused(second_boiler, "more than one boiler");
    refused(no_command, "one command");
    refused(arrow_to_unknown, "known stations");
    refused(cycle, "cycle");
    refused(into_boiler, "cycle");
    refused(unreached, "mobility is not reached");
    refused(pressure_over_capacity, "at most");
    refused(sections_out_of_order, "blue, green, red");
    refused(no_red_section, "red overload");
    refused(mount_missing, "torso mount");
    refused(mount_in_wrong_location, "left_arm mount is on the left_arm");
    refused(loadout_short, "\"torso\"");
    refused(blue_outside_shield, "shield station");
    refused(weak_on_red, "white square");
    refused(duplicate_station, "pipe twice");
}

static void test_full_board_orders_steam_furthest_first(void)
{
    const int *o = heavy.order;
    int pos[HS_MAX_STATIONS];

    for (int i = 0; i < heavy.nstations; i++)
        pos[o[i]] = i;
    for (int i = 1; i < heavy.nstations; i++)
        CHECK(heavy.depth[o[i - 1]] >= heavy.depth[o[i]]);
    CHECK_EQ_INT(o[heavy.nstations - 1], heavy.boiler);
    /* vent and main are both 1 deep; main -> vent, so the vent goes first */
    CHECK(pos[station(&heavy, "vent")] < pos[station(&heavy, "main")]);
    CHECK_EQ_INT(heavy.shield[HS_LEFT_ARM], station(&heavy, "l_shield"));
    CHECK_EQ_INT(heavy.shield[HS_HEAD], HS_NONE);
    CHECK_EQ_INT(heavy.dist[station(&heavy, "l_gun")][station(&heavy, "r_gun")], 4);
}

/* ---- setup ---------------------------------------------------------------- */

static void test_setup_fills_white_and_blue_dots_and_the_reserve(void)
{
    struct hs_titan *t = fresh(&small);

    CHECK_EQ_INT(steam_at(t, "boiler"), 2);
    CHECK_EQ_INT(steam_at(t, "mobility"), 1);
    CHECK_EQ_INT(cubes_at(t, "shield", HS_C_SHIELD), 1);
    CHECK_EQ_INT(t->reserve, 10);
    CHECK_EQ_INT(t->drawn.white, 13);
    CHECK_EQ_INT(t->drawn.blue, 1);
    CHECK_EQ_INT(t->npressure, 0);
    check_white_conserved(t);
}

static void test_setup_mounts_card_squares_on_their_slot(void)
{
    struct hs_titan *t = fresh(&small);
    int s = station(&small, "gun_right");

    CHECK_EQ_INT(t->nsquares[s], 3);
    CHECK_EQ_INT(t->square[s][2].colour, HS_RED);
    CHECK_EQ_INT(t->nsquares[station(&small, "gun_torso")], 3);
    CHECK_EQ_INT(t->max_damage[HS_MOUNT_LEFT_ARM], 3);
}

static void test_charged_up_takes_reserve_steam_into_the_weapon(void)
{
    struct hs_mounted c[HS_MOUNTS];
    struct rules_error err;

    test_cards(c);
    c[HS_MOUNT_TORSO].charged = 2;
    CHECK(ok(hs_titan_init(&T, &small, c, events, &err), &err));
    CHECK_EQ_INT(steam_at(&T, "gun_torso"), 2);
    CHECK_EQ_INT(T.reserve, 8);
    check_white_conserved(&T);
    c[HS_MOUNT_TORSO].charged = 4; /* the mortar has three white squares */
    CHECK_EQ_INT(hs_titan_init(&T, &small, c, events, &err), -1);
    CHECK_EQ_STR(err.code, "charged_up_too_many");
}

/* ---- the pressure box ----------------------------------------------------- */

static void test_pressure_defense_dice_from_rightmost_column(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    CHECK_EQ_INT(hs_pressure_dice(t), 4); /* empty: 4 dice */
    CHECK(ok(hs_titan_pay(t, station(&small, "mobility"), 1, HS_PAY_PRESSURE,
                          events, &err), &err));
    CHECK_EQ_INT(hs_pressure_dice(t), 3);
    hs_pressure_force(t, HS_P_HEAT, 1, &rng, events);
    CHECK_EQ_INT(hs_pressure_dice(t), 3);
    hs_pressure_force(t, HS_P_HEAT, 1, &rng, events);
    CHECK_EQ_INT(hs_pressure_dice(t), 2);
    CHECK_EQ_INT(hs_pressure_overload(t), 0);
    hs_pressure_force(t, HS_P_HEAT, 2, &rng, events);
    CHECK_EQ_INT(hs_pressure_dice(t), 1);
    CHECK_EQ_INT(hs_pressure_overload(t), 1);
    check_white_conserved(t);
}

static void test_pressure_payment_that_does_not_fit_is_refused(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    hs_pressure_force(t, HS_P_HEAT, 6, &rng, events);
    CHECK_EQ_INT(hs_pressure_room(t), 0);
    CHECK_EQ_INT(hs_titan_pay(t, station(&small, "mobility"), 1, HS_PAY_PRESSURE,
                              events, &err), -1);
    CHECK_EQ_STR(err.code, "pressure_full");
    CHECK_EQ_INT(steam_at(t, "mobility"), 1);
}

static void test_pressure_forced_cube_that_does_not_fit_damages_the_boiler(void)
{
    struct hs_titan *t = fresh(&small);

    hs_pressure_force(t, HS_P_HEAT, 7, &rng, events);
    CHECK_EQ_INT(t->npressure, 6);
    CHECK_EQ_INT(count_events("pressure_full"), 1);
    CHECK_EQ_INT(cubes_at(t, "boiler", HS_C_DAMAGE), 1);
    /* an empty white square takes it before one holding steam */
    CHECK_EQ_INT(steam_at(t, "boiler"), 2);
    check_white_conserved(t);
}

static void test_pressure_release_last_in_first_out(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    struct hs_census c;

    CHECK(ok(hs_titan_pay(t, station(&small, "mobility"), 1, HS_PAY_PRESSURE,
                          events, &err), &err));
    hs_pressure_force(t, HS_P_HEAT, 3, &rng, events);
    hs_pressure_release(t, 0, events); /* release 3: the three heat cubes */
    hs_titan_census(t, &c);
    CHECK_EQ_INT(c.pressure_steam, 1);
    CHECK_EQ_INT(c.pressure_heat, 0);
    CHECK_EQ_INT(t->reserve, 10);
    CHECK_EQ_INT(t->drawn.red, 0); /* heat goes back to the stock */
    hs_pressure_force(t, HS_P_HEAT, 3, &rng, events);
    hs_pressure_release(t, 1, events); /* a pilot's +1 bleed */
    CHECK_EQ_INT(t->npressure, 0);
    CHECK_EQ_INT(t->reserve, 11); /* steam goes to the reserve */
    check_white_conserved(t);
}

static void test_pressure_vent_steam_releases_one_more_cube_each(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    int vent = station(&small, "vent"), b = small.boiler;
    struct hs_steam_step step[2] = {{b, 0, vent, 0}, {b, 1, vent, 1}};

    CHECK(ok(hs_titan_free_move(t, step, 2, &rng, events, &err), &err));
    hs_pressure_force(t, HS_P_HEAT, 6, &rng, events);
    hs_pressure_release(t, 0, events);
    CHECK_EQ_INT(steam_at(t, "vent"), 0);
    CHECK_EQ_INT(t->reserve, 12);
    CHECK_EQ_INT(t->npressure, 1); /* 3 released and 2 vented of 6 */
    check_white_conserved(t);
}

static json_t *last_event(const char *type)
{
    json_t *found = NULL, *e;
    size_t i;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            found = e;
    return found;
}

static void test_pressure_overload_roll_damages_the_boiler(void)
{
    int damaged = 0;

    for (int k = 1; k < 12; k++) {
        struct hs_titan *t = fresh(&small);
        int roll;

        seed(k);
        hs_pressure_force(t, HS_P_HEAT, 6, &rng, events);
        CHECK_EQ_INT(hs_pressure_overload(t), 2);
        hs_pressure_overload_roll(t, &rng, events);
        if (!CHECK(last_event("overload_roll")))
            return;
        roll = (int)json_integer_value(json_object_get(last_event("overload_roll"), "roll"));
        /* below the count: the difference in damage cubes in the boiler */
        CHECK_EQ_INT(cubes_at(t, "boiler", HS_C_DAMAGE), roll < 2 ? 2 - roll : 0);
        damaged += roll < 2;
        check_white_conserved(t);
    }
    CHECK(damaged > 0);
    /* one cube in the red section makes no roll */
    fresh(&small);
    hs_pressure_force(&T, HS_P_HEAT, 5, &rng, events);
    hs_pressure_overload_roll(&T, &rng, events);
    CHECK_EQ_INT(count_events("overload_roll"), 0);
}

/* ---- paying steam ----------------------------------------------------------- */

static void test_pay_takes_red_squares_first(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    int m = station(&small, "mobility");
    const int sq[1][2] = {{m, 2}}; /* the red square */

    CHECK(ok(hs_titan_add_steam(t, HS_LEGS, sq, 1, &rng, events, &err), &err));
    CHECK_EQ_INT(heat(t), 1);
    CHECK(ok(hs_titan_pay(t, m, 1, HS_PAY_PRESSURE, events, &err), &err));
    CHECK_EQ_INT(t->cube[m][2], HS_C_EMPTY);
    CHECK_EQ_INT(t->cube[m][0], HS_C_STEAM);
    CHECK_EQ_INT(hs_titan_pay(t, m, 2, HS_PAY_PRESSURE, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_enough_steam");
    check_white_conserved(t);
}

static void test_purchase_steam_goes_to_the_reserve(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "command", 2, 0, NULL, 0, 0, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_titan_pay(t, small.command, 2, HS_PAY_RESERVE, events, &err), &err));
    CHECK_EQ_INT(t->reserve, 12);
    CHECK_EQ_INT(t->npressure, 0);
    check_white_conserved(t);
}

/* ---- steam allocation ------------------------------------------------------- */

static void test_steam_moves_furthest_cubes_first(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    int p = station(&small, "pipe"), b = small.boiler;
    struct hs_steam_step step[2] = {{b, 0, p, 0}, {b, 1, p, 1}};

    CHECK(ok(hs_titan_free_move(t, step, 2, &rng, events, &err), &err));
    CHECK(ok(hs_titan_refill(t, events, &err), &err));
    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK_EQ_STR(moving(t), "pipe");
    CHECK(ok(flow(t, "gun_left", 2, 0, NULL, 0, 0, &err), &err));
    CHECK_EQ_STR(moving(t), "boiler");
    CHECK(ok(flow(t, "pipe", 2, 0, "command", 2, 0, &err), &err));
    /* each cube crosses one arrow: the boiler's cubes stay in the pipe */
    CHECK_EQ_STR(moving(t), "(none)");
    CHECK_EQ_INT(steam_at(t, "pipe"), 2);
    CHECK_EQ_INT(steam_at(t, "gun_left"), 2);
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    check_white_conserved(t);
}

static void test_steam_mandatory_movement(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    struct hs_flow_choices c;

    CHECK(ok(hs_steam_begin(t, &err), &err));
    hs_steam_choices(t, &c);
    CHECK_EQ_INT(c.station, small.boiler);
    CHECK_EQ_INT(c.cubes, 2);
    CHECK_EQ_INT(c.must, 2);
    CHECK_EQ_INT(hs_steam_end(t, &rng, events, &err), -1);
    CHECK_EQ_INT(flow(t, NULL, 0, 0, NULL, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "steam_must_move");
    CHECK_EQ_INT(flow(t, "command", 1, 0, NULL, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "steam_must_move");
    CHECK_EQ_INT(flow(t, "vent", 1, 0, NULL, 0, 0, &err), -1); /* no arrow */
    CHECK_EQ_STR(err.code, "no_power_flow_arrow");
    CHECK_EQ_INT(flow(t, "command", 3, 0, NULL, 0, 0, &err), -1);
    CHECK(ok(flow(t, "command", 1, 0, "pipe", 1, 0, &err), &err));
    check_white_conserved(t);
}

/* Plays steam phases on the small board until both guns' white squares
 * are full and the pipe holds two cubes. */
static void fill_the_guns(struct hs_titan *t)
{
    struct rules_error err;
    int p = station(&small, "pipe"), b = small.boiler;
    struct hs_steam_step step[2] = {{b, 0, p, 0}, {b, 1, p, 1}};

    CHECK(ok(hs_titan_free_move(t, step, 2, &rng, events, &err), &err));
    CHECK(ok(hs_titan_refill(t, events, &err), &err));
    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "gun_left", 2, 0, NULL, 0, 0, &err), &err));
    CHECK(ok(flow(t, "pipe", 2, 0, "gun_torso", 2, 0, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_titan_refill(t, events, &err), &err));
    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK_EQ_STR(moving(t), "pipe");
    CHECK(ok(flow(t, "gun_right", 2, 0, NULL, 0, 0, &err), &err));
    CHECK(ok(flow(t, "pipe", 2, 0, "shield", 2, 0, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
}

static void test_steam_need_not_move_to_a_vent_or_a_full_station(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    struct hs_flow_choices c;

    fill_the_guns(t);
    CHECK(ok(hs_steam_begin(t, &err), &err));
    hs_steam_choices(t, &c);
    CHECK_EQ_INT(c.station, station(&small, "pipe"));
    CHECK_EQ_INT(c.cubes, 2);
    CHECK_EQ_INT(c.must, 0); /* the guns' white squares are full, the vent is a vent */
    CHECK(ok(flow(t, NULL, 0, 0, NULL, 0, 0, &err), &err));
    CHECK_EQ_INT(steam_at(t, "pipe"), 2);
    check_white_conserved(t);
}

static void test_steam_onto_red_square_adds_heat(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    fill_the_guns(t);
    CHECK_EQ_INT(heat(t), 0);
    CHECK(ok(hs_steam_begin(t, &err), &err));
    /* the pipe's cubes may go to the cannon's red square, never must */
    CHECK(ok(flow(t, "gun_right", 0, 1, "vent", 1, 0, &err), &err));
    CHECK_EQ_INT(heat(t), 1);
    check_white_conserved(t);
}

static void test_steam_left_on_red_square_adds_heat(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "command", 1, 1, NULL, 0, 0, &err), &err));
    CHECK_EQ_INT(heat(t), 1);
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK_EQ_INT(heat(t), 1); /* it arrived this phase: no more heat */
    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK_EQ_INT(heat(t), 2); /* it stayed on the red square */
    check_white_conserved(t);
}

static void test_steam_moved_off_red_square_adds_no_heat(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK_EQ_STR(moving(t), "boiler");
    CHECK(ok(flow(t, "main", 2, 1, "command", 1, 0, &err), &err));
    CHECK_EQ_INT(heat(t), 1);
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK_EQ_STR(moving(t), "main");
    CHECK(ok(flow(t, "hips", 2, 0, "l_shoulder", 1, 0, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK_EQ_INT(heat(t), 1);
    check_white_conserved(t);
}

static void test_shield_cube_added_with_steam(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "shield", 2, 0, NULL, 0, 0, &err), &err));
    /* two steam cubes, one empty blue square left: one shield cube */
    CHECK_EQ_INT(cubes_at(t, "shield", HS_C_SHIELD), 2);
    CHECK_EQ_INT(count_events("shield_added"), 1);
    check_white_conserved(t);
}

static void test_shield_cube_added_outside_the_steam_phase(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    struct hs_steam_step step = {small.boiler, 0, station(&small, "shield"), 0};

    /* HS-AMB-17: "whenever", the free move included */
    CHECK(ok(hs_titan_free_move(t, &step, 1, &rng, events, &err), &err));
    CHECK_EQ_INT(cubes_at(t, "shield", HS_C_SHIELD), 2);
}

static void test_shutdown_sends_steam_to_reserve_and_shields_to_stock(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    int s = station(&small, "shield");

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "shield", 2, 0, NULL, 0, 0, &err), &err));
    CHECK_EQ_INT(hs_titan_shutdown(t, s, events, &err), -1);
    CHECK_EQ_STR(err.code, "steam_still_moving");
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_titan_shutdown(t, s, events, &err), &err));
    CHECK_EQ_INT(steam_at(t, "shield"), 0);
    CHECK_EQ_INT(cubes_at(t, "shield", HS_C_SHIELD), 0);
    CHECK_EQ_INT(t->reserve, 12);
    CHECK_EQ_INT(t->drawn.blue, 0);
    CHECK_EQ_INT(hs_titan_shutdown(t, station(&small, "pipe"), events, &err), -1);
    check_white_conserved(t);
}

static void test_refill_leaves_in_the_reserve_what_the_boiler_cannot_hold(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;

    CHECK(ok(hs_titan_refill(t, events, &err), &err));
    CHECK_EQ_INT(steam_at(t, "boiler"), 4); /* production 4, room for 2 */
    CHECK_EQ_INT(t->reserve, 8);
    check_white_conserved(t);
}

static void test_refill_takes_all_that_is_left_when_the_reserve_is_short(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    const int sq[8][2] = {{station(&small, "pipe"), 0}, {station(&small, "pipe"), 1},
                          {station(&small, "vent"), 0}, {station(&small, "vent"), 1},
                          {station(&small, "gun_torso"), 0},
                          {station(&small, "gun_torso"), 1},
                          {station(&small, "gun_torso"), 2},
                          {station(&small, "command"), 0}};
    int b = small.boiler;
    struct hs_steam_step step[2] = {{b, 0, station(&small, "command"), 1},
                                    {b, 1, station(&small, "mobility"), 1}};

    CHECK(ok(hs_titan_add_steam(t, HS_LOCATIONS, sq, 8, &rng, events, &err), &err));
    CHECK(ok(hs_titan_free_move(t, step, 2, &rng, events, &err), &err));
    CHECK_EQ_INT(t->reserve, 2);
    CHECK(ok(hs_titan_refill(t, events, &err), &err));
    CHECK_EQ_INT(steam_at(t, "boiler"), 2);
    CHECK_EQ_INT(t->reserve, 0);
    check_white_conserved(t);
}

/* ---- damage ------------------------------------------------------------------ */

static int place(struct hs_titan *t, enum hs_placer who, int s, int q, int ts,
                 int tq, struct rules_error *err)
{
    struct hs_damage_pick p = {s, q, ts, tq};

    return hs_titan_damage_place(t, who, &p, 1, &rng, events, err);
}

static int offered(const struct hs_titan *t, int s, int q)
{
    struct hs_damage_choices c;

    hs_titan_damage_choices(t, &c);
    for (int i = 0; i < c.ntargets; i++)
        if (c.target[i].station == s && c.target[i].square == q)
            return 1;
    return 0;
}

static void test_repair_spends_its_cost_and_removes_damage(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int r = station(&heavy, "repair"), v = station(&heavy, "vent");
    int g = station(&heavy, "torso_gun");
    const int fix[3][2] = {{v, 0}, {v, 1}, {g, 0}};
    int unrepairable[HS_MOUNTS] = {0, 0, 1};

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "repair", 3, 0, "command", 1, 0, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_titan_hit(t, HS_TORSO, 3, 0, events, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, v, 0, HS_NONE, 0, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, v, 1, HS_NONE, 0, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, g, 0, HS_NONE, 0, &err), &err));
    CHECK_EQ_INT(hs_titan_repair(t, r, fix, 3, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "too_many_repairs");
    CHECK_EQ_INT(hs_titan_repair(t, r, fix + 1, 2, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "unrepairable");
    CHECK(ok(hs_titan_repair(t, r, fix, 2, unrepairable, events, &err), &err));
    CHECK_EQ_INT(cubes_at(t, "vent", HS_C_DAMAGE), 0);
    CHECK_EQ_INT(steam_at(t, "repair"), 0);
    CHECK_EQ_INT(t->npressure, 3);
    CHECK_EQ_INT(hs_titan_repair(t, r, fix, 1, unrepairable, events, &err), -1);
    check_white_conserved(t);
}

/* Two free moves of steam into the torso shield: two steam, two shields. */
static void power_torso_shield(struct hs_titan *t)
{
    struct rules_error err;
    int s = station(&heavy, "torso_shield"), b = heavy.boiler;
    struct hs_steam_step step[2] = {{b, 0, s, 0}, {b, 1, s, 1}};

    CHECK(ok(hs_titan_free_move(t, step, 2, &rng, events, &err), &err));
    CHECK_EQ_INT(cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
}

static void test_shields_absorb_steam_before_shield_cubes(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct hs_census c;

    power_torso_shield(t);
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, 0, &rng, events), 0);
    CHECK_EQ_INT(steam_at(t, "torso_shield"), 0);
    CHECK_EQ_INT(cubes_at(t, "torso_shield", HS_C_SHIELD), 1);
    hs_titan_census(t, &c);
    CHECK_EQ_INT(c.pressure_steam, 1); /* the first steam cube */
    CHECK_EQ_INT(t->reserve, 21);      /* the other */
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, 0, &rng, events), 2);
    CHECK_EQ_INT(hs_titan_shields(t, HS_HEAD, 3, 0, &rng, events), 3);
    check_white_conserved(t);
}

static void test_shields_piercing_and_close_combat_leave_cubes_in_place(void)
{
    struct hs_titan *t = fresh(&heavy);

    power_torso_shield(t);
    /* HS-AMB-30: the ignored cubes stay */
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, 2, &rng, events), 1);
    CHECK_EQ_INT(steam_at(t, "torso_shield") +
                     cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, HS_IGNORE_ALL_SHIELDS, &rng, events), 3);
    CHECK_EQ_INT(steam_at(t, "torso_shield") +
                     cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
    check_white_conserved(t);
}

static void test_damage_only_on_white_squares_of_the_hit_location(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int m = station(&heavy, "mobility"), h = station(&heavy, "hips");
    struct hs_damage_choices c;

    CHECK(ok(hs_titan_hit(t, HS_LEGS, 1, 0, events, &err), &err));
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_OWNER);
    CHECK_EQ_INT(c.cubes, 1);
    for (int i = 0; i < c.ntargets; i++) {
        CHECK_EQ_INT(heavy.station[c.target[i].station].location, HS_LEGS);
        CHECK_EQ_INT(t->square[c.target[i].station][c.target[i].square].colour, HS_WHITE);
    }
    CHECK_EQ_INT(c.ntargets, 6); /* hips 2, mobility 3, knees 1 */
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 3, HS_NONE, 0, &err), -1); /* red */
    CHECK_EQ_STR(err.code, "bad_damage_square");
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, heavy.command, 0, HS_NONE, 0, &err), -1);
    CHECK_EQ_INT(place(t, HS_PLACER_ATTACKER, h, 0, HS_NONE, 0, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_damage");
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, h, 0, HS_NONE, 0, &err), 1);
    CHECK_EQ_INT(cubes_at(t, "hips", HS_C_DAMAGE), 1);
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_NONE);
    check_white_conserved(t);
}

static void test_damage_displaced_steam_moves_within_its_station(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int m = station(&heavy, "mobility"), h = station(&heavy, "hips");

    CHECK(ok(hs_titan_hit(t, HS_LEGS, 2, 0, events, &err), &err));
    /* HS-AMB-10: it must move while there is room */
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, HS_NONE, 0, &err), -1);
    CHECK_EQ_STR(err.code, "bad_steam_displacement");
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, h, 0, &err), -1);
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, m, 2, &err), 1);
    CHECK_EQ_INT(steam_at(t, "mobility"), 2);
    CHECK_EQ_INT(heat(t), 0);
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 1, m, 3, &err), 1); /* red: heat */
    CHECK_EQ_INT(heat(t), 1);
    CHECK_EQ_INT(steam_at(t, "mobility"), 2);
    check_white_conserved(t);
}

static void test_damage_discards_steam_that_has_no_room(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int k = station(&heavy, "knees");
    struct hs_steam_step step = {heavy.boiler, 0, k, 0};

    CHECK(ok(hs_titan_free_move(t, &step, 1, &rng, events, &err), &err));
    CHECK(ok(hs_titan_hit(t, HS_LEGS, 1, 0, events, &err), &err));
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, k, 0, HS_NONE, 0, &err), 1);
    CHECK_EQ_INT(t->discarded, 1);
    CHECK_EQ_INT(count_events("steam_discarded"), 1);
    check_white_conserved(t);
}

static void test_critical_hit_last_cube_is_the_attackers(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    struct hs_damage_choices c;
    struct hs_damage_pick two[2] = {{station(&heavy, "vent"), 0, HS_NONE, 0},
                                    {station(&heavy, "vent"), 1, HS_NONE, 0}};
    int v = station(&heavy, "vent");

    CHECK(ok(hs_titan_hit(t, HS_TORSO, 2, 1, events, &err), &err));
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_OWNER);
    CHECK_EQ_INT(c.cubes, 1);
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, two, 2, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_damage");
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, two, 1, &rng, events, &err), 1);
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_ATTACKER);
    /* HS-AMB-10: the steam under the attacker's cube may go anywhere in
     * the hit location */
    CHECK_EQ_INT(place(t, HS_PLACER_ATTACKER, heavy.boiler, 0, v, 1, &err), 1);
    CHECK_EQ_INT(steam_at(t, "vent"), 1);
    CHECK_EQ_INT(steam_at(t, "boiler"), 3);
    CHECK_EQ_INT(cubes_at(t, "boiler", HS_C_DAMAGE), 1);
    check_white_conserved(t);
}

static void test_weak_point_lowest_number_first(void)
{
    int b = heavy.boiler, m = station(&heavy, "main");

    for (int k = 1; k < 20; k++) {
        struct hs_titan *t = fresh(&heavy);
        struct rules_error err;
        json_t *roll;

        seed(k);
        CHECK(ok(hs_titan_hit(t, HS_TORSO, 2, 0, events, &err), &err));
        CHECK(offered(t, b, 5));  /* weak 3 */
        CHECK(!offered(t, m, 0)); /* weak 5 waits for the 3 */
        CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, HS_NONE, 0, &err), -1);
        CHECK_EQ_INT(place(t, HS_PLACER_OWNER, b, 5, HS_NONE, 0, &err), 1);
        roll = json_array_get(events, json_array_size(events) - 1);
        if (t->destroyed) {
            roll = json_array_get(events, json_array_size(events) - 2);
            CHECK(json_integer_value(json_object_get(roll, "roll")) < 3);
            continue;
        }
        CHECK_EQ_STR(json_string_value(json_object_get(roll, "type")), "weak_point_roll");
        CHECK(json_integer_value(json_object_get(roll, "roll")) >= 3);
        CHECK(offered(t, m, 0));
        return;
    }
    CHECK(!"no seed survived the weak point");
}

static void test_volatile_failure_fills_the_weapon_then_towards_the_torso(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int g = station(&heavy, "l_gun"), sh = station(&heavy, "l_shoulder");
    struct hs_damage_pick two[2] = {{g, 2, HS_NONE, 0}, {g, 0, HS_NONE, 0}};
    struct hs_damage_choices c;

    CHECK(ok(hs_titan_hit(t, HS_LEFT_ARM, 2, 0, events, &err), &err));
    /* the claw's volatile 7 always fails: the placement stops there */
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, two, 2, &rng, events, &err), 1);
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.cubes, 3); /* the claw's highest damage */
    CHECK_EQ_INT(c.ntargets, 2); /* the weapon's own squares first */
    CHECK(ok(place(t, HS_PLACER_OWNER, g, 0, HS_NONE, 0, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, g, 1, HS_NONE, 0, &err), &err));
    /* then the nearest station back towards the torso, or the shield */
    CHECK(offered(t, sh, 0));
    CHECK(offered(t, station(&heavy, "l_shield"), 0));
    CHECK(!offered(t, station(&heavy, "main"), 1));
    CHECK(ok(place(t, HS_PLACER_OWNER, sh, 0, HS_NONE, 0, &err), &err));
    /* then the hit's second cube */
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.cubes, 1);
    CHECK(offered(t, station(&heavy, "l_shield"), 0));
    check_white_conserved(t);
}

static void test_disabled_arm_sends_damage_to_the_nearest_torso_station(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int rs = station(&heavy, "r_shoulder"), rg = station(&heavy, "r_gun");
    int rsh = station(&heavy, "r_shield"), m = station(&heavy, "main");
    struct hs_damage_pick arm[4] = {{rs, 0, HS_NONE, 0}, {rs, 1, HS_NONE, 0},
                                    {rg, 0, HS_NONE, 0}, {rsh, 0, HS_NONE, 0}};

    CHECK(ok(hs_titan_hit(t, HS_RIGHT_ARM, 5, 0, events, &err), &err));
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, arm, 4, &rng, events, &err), 4);
    CHECK(hs_titan_disabled(t, HS_RIGHT_ARM));
    /* HS-AMB-08: this attack's fifth cube goes on as if it came later */
    CHECK(offered(t, m, 1));
    CHECK(!offered(t, heavy.boiler, 4));
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 1, HS_NONE, 0, &err), 1);
    CHECK_EQ_INT(cubes_at(t, "main", HS_C_DAMAGE), 1);
    check_white_conserved(t);
}

static void test_command_station_full_destroys_the_titan(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int c = heavy.command;
    struct hs_damage_pick head[3] = {{c, 0, HS_NONE, 0}, {c, 1, HS_NONE, 0},
                                     {c, 2, HS_NONE, 0}};

    CHECK(ok(hs_titan_hit(t, HS_HEAD, 4, 0, events, &err), &err));
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, head, 3, &rng, events, &err), 3);
    CHECK(t->destroyed);
    CHECK_EQ_INT(count_events("titan_destroyed"), 1);
    CHECK_EQ_INT(t->nowed, 0);
    CHECK_EQ_INT(hs_titan_hit(t, HS_TORSO, 1, 0, events, &err), -1);
}

/* ---- steam outside the flow ---------------------------------------------------- */

static void test_free_move_two_cubes_to_any_other_station(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    int b = small.boiler, v = station(&small, "vent"), s = station(&small, "shield");
    struct hs_steam_step three[3] = {{b, 0, v, 0}, {b, 1, station(&small, "command"), 2},
                                     {station(&small, "mobility"), 0, v, 1}};
    struct hs_steam_step same = {b, 0, b, 2}, blue = {b, 0, s, 3};

    CHECK_EQ_INT(hs_titan_free_move(t, three, 3, &rng, events, &err), -1);
    CHECK_EQ_INT(hs_titan_free_move(t, &same, 1, &rng, events, &err), -1);
    CHECK_EQ_INT(hs_titan_free_move(t, &blue, 1, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "no_free_square");
    CHECK(ok(hs_titan_free_move(t, three, 2, &rng, events, &err), &err));
    CHECK_EQ_INT(steam_at(t, "vent"), 1);
    CHECK_EQ_INT(heat(t), 1); /* the command's red square */
    CHECK_EQ_INT(hs_titan_free_move(t, three, 1, &rng, events, &err), -1);
    check_white_conserved(t);
}

static void test_pilot_steam_from_the_reserve_onto_one_location(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    int m = station(&small, "mobility");
    const int legs[2][2] = {{m, 1}, {m, 2}}, other[1][2] = {{station(&small, "pipe"), 0}};

    CHECK_EQ_INT(hs_titan_add_steam(t, HS_LEGS, other, 1, &rng, events, &err), -1);
    CHECK(ok(hs_titan_add_steam(t, HS_LEGS, legs, 2, &rng, events, &err), &err));
    CHECK_EQ_INT(steam_at(t, "mobility"), 3);
    CHECK_EQ_INT(t->reserve, 8);
    CHECK_EQ_INT(heat(t), 1);
    check_white_conserved(t);
}

int main(void)
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
    RUN(test_board_reads_stations_arrows_and_numbers);
    RUN(test_board_depth_is_fewest_arrows_from_the_boiler);
    RUN(test_board_refuses_what_it_does_not_know);
    RUN(test_full_board_orders_steam_furthest_first);
    RUN(test_setup_fills_white_and_blue_dots_and_the_reserve);
    RUN(test_setup_mounts_card_squares_on_their_slot);
    RUN(test_charged_up_takes_reserve_steam_into_the_weapon);
    RUN(test_pressure_defense_dice_from_rightmost_column);
    RUN(test_pressure_payment_that_does_not_fit_is_refused);
    RUN(test_pressure_forced_cube_that_does_not_fit_damages_the_boiler);
    RUN(test_pressure_release_last_in_first_out);
    RUN(test_pressure_vent_steam_releases_one_more_cube_each);
    RUN(test_pressure_overload_roll_damages_the_boiler);
    RUN(test_pay_takes_red_squares_first);
    RUN(test_purchase_steam_goes_to_the_reserve);
    RUN(test_steam_moves_furthest_cubes_first);
    RUN(test_steam_mandatory_movement);
    RUN(test_steam_need_not_move_to_a_vent_or_a_full_station);
    RUN(test_steam_onto_red_square_adds_heat);
    RUN(test_steam_left_on_red_square_adds_heat);
    RUN(test_steam_moved_off_red_square_adds_no_heat);
    RUN(test_shield_cube_added_with_steam);
    RUN(test_shield_cube_added_outside_the_steam_phase);
    RUN(test_shutdown_sends_steam_to_reserve_and_shields_to_stock);
    RUN(test_refill_leaves_in_the_reserve_what_the_boiler_cannot_hold);
    RUN(test_refill_takes_all_that_is_left_when_the_reserve_is_short);
    RUN(test_repair_spends_its_cost_and_removes_damage);
    RUN(test_shields_absorb_steam_before_shield_cubes);
    RUN(test_shields_piercing_and_close_combat_leave_cubes_in_place);
    RUN(test_damage_only_on_white_squares_of_the_hit_location);
    RUN(test_damage_displaced_steam_moves_within_its_station);
    RUN(test_damage_discards_steam_that_has_no_room);
    RUN(test_critical_hit_last_cube_is_the_attackers);
    RUN(test_weak_point_lowest_number_first);
    RUN(test_volatile_failure_fills_the_weapon_then_towards_the_torso);
    RUN(test_disabled_arm_sends_damage_to_the_nearest_torso_station);
    RUN(test_command_station_full_destroys_the_titan);
    RUN(test_free_move_two_cubes_to_any_other_station);
    RUN(test_pilot_steam_from_the_reserve_onto_one_location);
    json_decref(events);
    return check_summary();
}
