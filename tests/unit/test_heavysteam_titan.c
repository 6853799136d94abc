/*
 * test_heavysteam_titan.c - a Heavy Steam titan board's rules, one case
 * per rule, named after it (rules/heavysteam/titan.h, titan_flow.h):
 * reading a board, setup, the pressure box, paying steam, steam
 * allocation, steam outside the flow. Damage: test_heavysteam_damage.c.
 *
 * Boards are the fixtures of heavysteam_boards.h, read by hs_board_read;
 * every position is reached from a freshly set-up titan by the calls the
 * game makes, never by writing cubes into the struct.
 */
#include "heavysteam_titan_fixture.h"

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

static void two_shields_in_a_location(json_t *o)
{
    json_object_set_new(station_json(o, "vent"), "type", json_string("shield"));
}
static void boiler_without_white(json_t *o)
{
    json_object_set_new(station_json(o, "boiler"), "squares",
                        json_pack("[{ss}]", "colour", "red"));
}
static void red_start_dot(json_t *o)
{
    json_object_set_new(json_array_get(json_object_get(station_json(o, "command"),
                                                       "squares"), 2),
                        "start", json_true());
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
    refused(two_shields_in_a_location, "two shield stations in the torso");
    refused(boiler_without_white, "needs white squares");
    refused(red_start_dot, "no start dot");
}

/* HS-R-82: furthest stations first; among equally far ones, a station
 * after those its arrows lead to. */
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

/* HS-R-81: a forced cube the box cannot hold is damage in the boiler, on
 * an empty square before one holding steam. */
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

/* HS-R-81: an overload roll's shortfall is damage cubes in the boiler. */
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

static void test_steam_may_go_to_a_vent_while_stations_have_room(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;

    /* HS-AMB-37: the player chooses among arrows; a vent is one */
    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "vent", 3, 0, "command", 1, 0, &err), &err));
    CHECK_EQ_INT(steam_at(t, "vent"), 3);
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

/* ---- the battle cards' cube operations (RULINGS.md, the effect vocabulary) ---- */

/* HS-DATA-16, `reserve`: white cubes from the stock into the power
 * reserve, drawn from the stock. */
static void test_hs_data_16_reserve_from_the_white_stock(void)
{
    struct hs_titan *t = fresh(&small);

    hs_titan_reserve_add(t, 3, events);
    CHECK_EQ_INT(t->reserve, 13);
    CHECK_EQ_INT(count_events("reserve_added"), 1);
    hs_titan_reserve_add(t, 0, events);
    CHECK_EQ_INT(count_events("reserve_added"), 1);
    check_white_conserved(t);
}

/* HS-R-78, `repair`: a card removes its damage cubes paying nothing to
 * the repair station; an Unrepairable card keeps its cubes. */
static void test_hs_r_78_card_repair_pays_nothing_unrepairable_kept(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int v = station(&heavy, "vent"), g = station(&heavy, "torso_gun");
    const int fix[3][2] = {{v, 0}, {v, 1}, {g, 0}};
    int unrepairable[HS_MOUNTS] = {0, 0, 1};
    struct hs_damage_pick pick[3] = {{v, 0, HS_NONE, HS_NONE}, {v, 1, HS_NONE, HS_NONE},
                                     {g, 0, HS_NONE, HS_NONE}};

    CHECK(ok(hs_titan_hit(t, HS_TORSO, 3, 0, events, &err), &err));
    CHECK(ok(hs_titan_damage_place(t, HS_PLACER_OWNER, pick, 3, &rng, events, &err),
             &err));
    CHECK_EQ_INT(hs_titan_card_repair(t, fix, 3, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "unrepairable");
    CHECK_EQ_INT(cubes_at(t, "vent", HS_C_DAMAGE), 2);
    CHECK_EQ_INT(hs_titan_card_repair(t, fix + 2, 1, NULL, events, &err), 0);
    CHECK_EQ_INT(hs_titan_card_repair(t, fix, 2, unrepairable, events, &err), 0);
    CHECK_EQ_INT(cubes_at(t, "vent", HS_C_DAMAGE), 0);
    CHECK_EQ_INT(cubes_at(t, "torso_gun", HS_C_DAMAGE), 0);
    /* nothing paid: the repair station and the pressure box untouched */
    CHECK_EQ_INT(t->npressure, 0);
    CHECK_EQ_INT(hs_titan_card_repair(t, fix, 1, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "no_damage_there");
    CHECK_EQ_INT(hs_titan_card_repair(t, fix, 0, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "too_many_repairs");
    check_white_conserved(t);
}

/* HS-DATA-16, `shield`: blue cubes from the stock onto the empty blue
 * squares of a hit location's shield station, none where it has none. */
static void test_hs_data_16_shield_onto_empty_blue_squares(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;

    CHECK_EQ_INT(hs_titan_shield_room(t, HS_LEFT_ARM), 1);
    CHECK_EQ_INT(hs_titan_shield_room(t, HS_TORSO), 3);
    CHECK_EQ_INT(hs_titan_shield_room(t, HS_HEAD), 0);
    CHECK_EQ_INT(hs_titan_add_shield(t, HS_LEFT_ARM, 2, events, &err), -1);
    CHECK_EQ_STR(err.code, "no_blue_square");
    CHECK_EQ_INT(hs_titan_add_shield(t, HS_HEAD, 1, events, &err), -1);
    CHECK(ok(hs_titan_add_shield(t, HS_TORSO, 2, events, &err), &err));
    CHECK_EQ_INT(cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
    CHECK_EQ_INT(hs_titan_shield_room(t, HS_TORSO), 1);
    /* the steam squares stay as they were */
    CHECK_EQ_INT(steam_at(t, "torso_shield"), 0);
    check_white_conserved(t);
}

/* HS-R-51, `release` outside the Pressure phase: n cubes popped now, last
 * in first out; a vent's steam stays and brings no pop more. */
static void test_hs_r_51_card_release_pops_last_in_first_out(void)
{
    struct hs_titan *t = fresh(&small);
    struct rules_error err;
    struct hs_census c;
    int v = station(&small, "vent");
    const int sq[1][2] = {{v, 0}};

    CHECK(ok(hs_titan_pay(t, station(&small, "mobility"), 1, HS_PAY_PRESSURE,
                          events, &err), &err));
    hs_pressure_force(t, HS_P_HEAT, 2, &rng, events);
    CHECK(ok(hs_titan_add_steam(t, HS_LOCATIONS, sq, 1, &rng, events, &err), &err));
    CHECK_EQ_INT(hs_pressure_pop(t, 2, events), 2);
    hs_titan_census(t, &c);
    CHECK_EQ_INT(c.pressure_steam, 1);
    CHECK_EQ_INT(c.pressure_heat, 0);
    CHECK_EQ_INT(t->drawn.red, 0);
    CHECK_EQ_INT(steam_at(t, "vent"), 1);
    CHECK_EQ_INT(hs_pressure_pop(t, 3, events), 1);  /* the steam, to the reserve */
    CHECK_EQ_INT(t->npressure, 0);
    CHECK_EQ_INT(t->reserve, 10);   /* 10, 1 to the vent, the popped 1 back */
    CHECK_EQ_INT(hs_pressure_pop(t, 2, events), 0);
    check_white_conserved(t);
}

int main(void)
{
    load_boards();
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
    RUN(test_steam_may_go_to_a_vent_while_stations_have_room);
    RUN(test_steam_need_not_move_to_a_vent_or_a_full_station);
    RUN(test_steam_onto_red_square_adds_heat);
    RUN(test_steam_left_on_red_square_adds_heat);
    RUN(test_steam_moved_off_red_square_adds_no_heat);
    RUN(test_shield_cube_added_with_steam);
    RUN(test_shield_cube_added_outside_the_steam_phase);
    RUN(test_shutdown_sends_steam_to_reserve_and_shields_to_stock);
    RUN(test_refill_leaves_in_the_reserve_what_the_boiler_cannot_hold);
    RUN(test_refill_takes_all_that_is_left_when_the_reserve_is_short);
    RUN(test_free_move_two_cubes_to_any_other_station);
    RUN(test_pilot_steam_from_the_reserve_onto_one_location);
    RUN(test_hs_data_16_reserve_from_the_white_stock);
    RUN(test_hs_r_78_card_repair_pays_nothing_unrepairable_kept);
    RUN(test_hs_data_16_shield_onto_empty_blue_squares);
    RUN(test_hs_r_51_card_release_pops_last_in_first_out);
    json_decref(events);
    return check_summary();
}
