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

int main(void)
{
    RUN(test_board_reads_stations_arrows_and_numbers);
    RUN(test_board_depth_is_fewest_arrows_from_the_boiler);
    RUN(test_board_refuses_what_it_does_not_know);
    return check_summary();
}
