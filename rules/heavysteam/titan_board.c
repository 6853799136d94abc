/*
 * titan_board.c - reads and checks one titan board (titan.h's format).
 *
 * Every check fails the board: a typo in a board file must fail every
 * test rather than quietly change how steam flows or where damage lands.
 */
#include <stdio.h>
#include <string.h>

#include "../data.h"
#include "titan.h"

static const char *const location_names[HS_LOCATIONS] = {
    "head", "torso", "left_arm", "right_arm", "legs"};
static const char *const type_names[] = {
    "boiler", "command", "mobility", "repair", "shield", "weapon_slot",
    "vent", "conduit", NULL};
const char *const hs_mount_names[HS_MOUNTS + 1] = {"left_arm", "right_arm", "torso", NULL};
static const char *const colour_names[] = {"white", "red", "blue", NULL};
static const char *const section_names[] = {"blue", "green", "red", NULL};

/* The mount's cards hang on a station of the same hit location. */
static const enum hs_location mount_location[HS_MOUNTS] = {
    HS_LEFT_ARM, HS_RIGHT_ARM, HS_TORSO};

const char *hs_station_type_name(enum hs_station_type t)
{
    return (int)t >= 0 && t < 8 ? type_names[t] : "?";
}

int hs_station_type_named(const char *name)
{
    for (int t = 0; name && type_names[t]; t++)
        if (strcmp(type_names[t], name) == 0)
            return t;
    return -1;
}

const char *hs_location_name(enum hs_location l)
{
    return (int)l >= 0 && l < HS_LOCATIONS ? location_names[l] : "?";
}

const char *hs_mount_name(enum hs_mount m)
{
    return (int)m >= 0 && m < HS_MOUNTS ? hs_mount_names[m] : "?";
}

enum hs_location hs_mount_location(enum hs_mount m)
{
    return mount_location[m];
}

/* The index of s in the NULL-terminated names (n entries at most), or -1. */
static int name_index(const char *s, const char *const *names, int n)
{
    for (int i = 0; s && i < n && names[i]; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static int get_enum(char *error, const json_t *obj, const char *what,
                    const char *key, const char *const *names, int n, int *out)
{
    *out = name_index(json_string_value(json_object_get(obj, key)), names, n);
    if (*out < 0)
        return rules_data_fail(error, "%s: \"%s\" is missing or unknown",
                               what, key);
    return 0;
}

static int get_pair(char *error, const json_t *obj, const char *what,
                    const char *key, int lo, int hi, int *a, int *b)
{
    json_t *v = json_object_get(obj, key);
    json_t *x = json_array_get(v, 0), *y = json_array_get(v, 1);

    if (json_array_size(v) != 2 || !json_is_integer(x) || !json_is_integer(y) ||
        json_integer_value(x) < lo || json_integer_value(x) > hi ||
        json_integer_value(y) < lo || json_integer_value(y) > hi)
        return rules_data_fail(error, "%s: \"%s\" must be two integers in %d..%d",
                               what, key, lo, hi);
    *a = (int)json_integer_value(x);
    *b = (int)json_integer_value(y);
    return 0;
}

static int read_square(const json_t *o, const struct hs_station *s,
                       struct hs_square *q, char *error)
{
    static const char *const keys[] = {"colour", "start", "weak", NULL};
    json_t *start = json_object_get(o, "start");
    char what[HS_NAME + 32];
    int colour;

    snprintf(what, sizeof what, "station %s: square", s->id);
    memset(q, 0, sizeof *q);
    if (rules_data_keys(error, o, what, keys) ||
        get_enum(error, o, what, "colour", colour_names, 3, &colour))
        return -1;
    q->colour = (enum hs_colour)colour;
    if (start && !json_is_boolean(start))
        return rules_data_fail(error, "%s: \"start\" must be true or false", what);
    q->start = json_is_true(start);
    if (q->start && q->colour == HS_RED)
        return rules_data_fail(error, "%s: a red square has no start dot", what);
    if (q->colour == HS_BLUE && s->type != HS_SHIELD)
        return rules_data_fail(error, "%s: blue squares are a shield station's",
                               what);
    if (json_object_get(o, "weak")) {
        if (rules_data_int(error, o, what, "weak", 2, 6, &q->weak))
            return -1;
        /* damage lands on white squares only, so only they can be weak */
        if (q->colour != HS_WHITE)
            return rules_data_fail(error, "%s: a weak point is a white square",
                                   what);
    }
    return 0;
}

static int read_station(const json_t *o, struct hs_station *s, char *error)
{
    static const char *const keys[] = {"id", "location", "type", "mount",
                                       "squares", NULL};
    json_t *sq = json_object_get(o, "squares"), *v;
    char what[HS_NAME + 16];
    int n, lo, white = 0;
    size_t i;

    memset(s, 0, sizeof *s);
    if (rules_data_keys(error, o, "station", keys) ||
        rules_data_str(error, o, "station", "id", s->id, sizeof s->id))
        return -1;
    snprintf(what, sizeof what, "station %s", s->id);
    if (get_enum(error, o, what, "location", location_names, HS_LOCATIONS, &n))
        return -1;
    s->location = (enum hs_location)n;
    if (get_enum(error, o, what, "type", type_names, 8, &n))
        return -1;
    s->type = (enum hs_station_type)n;
    if (s->type == HS_WEAPON_SLOT) {
        if (get_enum(error, o, what, "mount", hs_mount_names, HS_MOUNTS, &n))
            return -1;
        s->mount = (enum hs_mount)n;
        if (mount_location[s->mount] != s->location)
            return rules_data_fail(error, "%s: a %s mount is on the %s", what,
                                   hs_mount_names[s->mount],
                                   location_names[mount_location[s->mount]]);
    } else if (json_object_get(o, "mount")) {
        return rules_data_fail(error, "%s: only a weapon_slot has a mount", what);
    }
    /* a weapon slot may be only the place its card's squares go */
    lo = s->type == HS_WEAPON_SLOT ? 0 : 1;
    if (!json_is_array(sq) || (int)json_array_size(sq) < lo ||
        json_array_size(sq) > HS_MAX_SQUARES)
        return rules_data_fail(error, "%s: %d..%d squares", what, lo,
                               HS_MAX_SQUARES);
    json_array_foreach(sq, i, v) {
        if (read_square(v, s, &s->square[i], error))
            return -1;
        white += s->square[i].colour == HS_WHITE;
    }
    s->nsquares = (int)json_array_size(sq);
    /* the titan dies when these white squares are all damaged */
    if ((s->type == HS_BOILER || s->type == HS_COMMAND) && !white)
        return rules_data_fail(error, "%s: a %s station needs white squares",
                               what, type_names[s->type]);
    return 0;
}

static int read_pressure(const json_t *a, struct hs_board *b, char *error)
{
    static const char *const keys[] = {"cells", "dice", "section", NULL};
    enum hs_section last = HS_SECTION_BLUE;
    json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > HS_MAX_COLUMNS)
        return rules_data_fail(error, "board %s: pressure must be 1..%d columns",
                               b->id, HS_MAX_COLUMNS);
    b->capacity = 0;
    json_array_foreach(a, i, v) {
        struct hs_column *c = &b->column[i];
        int section;

        if (rules_data_keys(error, v, "pressure column", keys) ||
            rules_data_int(error, v, "pressure column", "cells", 1,
                           HS_MAX_PRESSURE, &c->cells) ||
            rules_data_int(error, v, "pressure column", "dice", 0, 12, &c->dice) ||
            get_enum(error, v, "pressure column", "section", section_names, 3,
                     &section))
            return -1;
        c->section = (enum hs_section)section;
        /* cubes fill blue, then green, then red: the sections in that order */
        if (c->section < last)
            return rules_data_fail(error, "board %s: pressure sections go blue, "
                                   "green, red", b->id);
        last = c->section;
        b->capacity += c->cells;
        if (b->capacity > HS_MAX_PRESSURE)
            return rules_data_fail(error, "board %s: pressure holds at most %d "
                                   "cubes", b->id, HS_MAX_PRESSURE);
    }
    b->ncolumns = (int)json_array_size(a);
    if (last != HS_SECTION_RED)
        return rules_data_fail(error, "board %s: pressure has no red overload "
                               "section", b->id);
    return 0;
}

static int station_index(const struct hs_board *b, const char *id)
{
    for (int i = 0; id && i < b->nstations; i++)
        if (strcmp(b->station[i].id, id) == 0)
            return i;
    return HS_NONE;
}

static int read_arrows(const json_t *a, struct hs_board *b, char *error)
{
    json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > HS_MAX_ARROWS)
        return rules_data_fail(error, "board %s: 1..%d arrows", b->id,
                               HS_MAX_ARROWS);
    json_array_foreach(a, i, v) {
        int from = station_index(b, json_string_value(json_array_get(v, 0)));
        int to = station_index(b, json_string_value(json_array_get(v, 1)));

        if (json_array_size(v) != 2 || from == HS_NONE || to == HS_NONE ||
            from == to)
            return rules_data_fail(error, "board %s: arrow %zu must join two "
                                   "different known stations", b->id, i);
        for (size_t k = 0; k < i; k++)
            if (b->arrow[k][0] == from && b->arrow[k][1] == to)
                return rules_data_fail(error, "board %s: arrow %s -> %s twice",
                                       b->id, b->station[from].id,
                                       b->station[to].id);
        b->arrow[i][0] = from;
        b->arrow[i][1] = to;
    }
    b->narrows = (int)json_array_size(a);
    return 0;
}

/* Depths by breadth-first search from the boiler, then no cycle: every
 * station reached, and a topological order (Kahn) consumes them all. */
static int check_graph(struct hs_board *b, char *error)
{
    int queue[HS_MAX_STATIONS], indeg[HS_MAX_STATIONS] = {0};
    int head = 0, tail = 0, done = 0;

    for (int i = 0; i < b->nstations; i++)
        b->depth[i] = HS_NONE;
    b->depth[b->boiler] = 0;
    queue[tail++] = b->boiler;
    while (head < tail) {
        int s = queue[head++];

        for (int k = 0; k < b->narrows; k++)
            if (b->arrow[k][0] == s && b->depth[b->arrow[k][1]] == HS_NONE) {
                b->depth[b->arrow[k][1]] = b->depth[s] + 1;
                queue[tail++] = b->arrow[k][1];
            }
    }
    for (int i = 0; i < b->nstations; i++)
        if (b->depth[i] == HS_NONE)
            return rules_data_fail(error, "board %s: station %s is not reached "
                                   "from the boiler", b->id, b->station[i].id);
    for (int k = 0; k < b->narrows; k++)
        indeg[b->arrow[k][1]]++;
    head = tail = 0;
    for (int i = 0; i < b->nstations; i++)
        if (!indeg[i])
            queue[tail++] = i;
    while (head < tail) {
        int s = queue[head++];

        done++;
        for (int k = 0; k < b->narrows; k++)
            if (b->arrow[k][0] == s && --indeg[b->arrow[k][1]] == 0)
                queue[tail++] = b->arrow[k][1];
    }
    if (done != b->nstations)
        return rules_data_fail(error, "board %s: the arrows form a cycle", b->id);
    /* Furthest first; among equals, a station after those its arrows
     * reach, so that cubes leave a station before others arrive there. */
    for (int i = 0; i < b->nstations; i++)
        b->order[i] = queue[b->nstations - 1 - i];
    for (int i = 1; i < b->nstations; i++)
        for (int j = i; j > 0 && b->depth[b->order[j]] > b->depth[b->order[j - 1]];
             j--) {
            int x = b->order[j];

            b->order[j] = b->order[j - 1];
            b->order[j - 1] = x;
        }
    for (int k = 0; k < b->narrows; k++)
        if (b->arrow[k][1] == b->boiler)
            return rules_data_fail(error, "board %s: an arrow leads into the "
                                   "boiler", b->id);
    return 0;
}

/* Arrows between two stations, in either direction (Floyd-Warshall). */
static void distances(struct hs_board *b)
{
    int n = b->nstations, far = HS_MAX_STATIONS;

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            b->dist[i][j] = i == j ? 0 : far;
    for (int k = 0; k < b->narrows; k++) {
        b->dist[b->arrow[k][0]][b->arrow[k][1]] = 1;
        b->dist[b->arrow[k][1]][b->arrow[k][0]] = 1;
    }
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (b->dist[i][k] + b->dist[k][j] < b->dist[i][j])
                    b->dist[i][j] = b->dist[i][k] + b->dist[k][j];
}

static int read_loadout(const json_t *o, struct hs_board *b, char *error)
{
    char what[HS_NAME + 16];

    snprintf(what, sizeof what, "board %s: loadout", b->id);
    if (rules_data_keys(error, o, what, hs_mount_names))
        return -1;
    for (int m = 0; m < HS_MOUNTS; m++) {
        int n = 0;

        if (rules_data_str(error, o, what, hs_mount_names[m], b->loadout[m],
                           sizeof b->loadout[m]))
            return -1;
        for (int i = 0; i < b->nstations; i++)
            n += b->station[i].type == HS_WEAPON_SLOT &&
                 b->station[i].mount == (enum hs_mount)m;
        if (n != 1)
            return rules_data_fail(error, "board %s: %d weapon_slot stations for "
                                   "the %s mount, not 1", b->id, n,
                                   hs_mount_names[m]);
        for (int i = 0; i < b->nstations; i++)
            if (b->station[i].type == HS_WEAPON_SLOT &&
                b->station[i].mount == (enum hs_mount)m)
                b->mount_station[m] = i;
    }
    return 0;
}

/* Damage meets "that location's shield station": one at most. */
static int find_shields(struct hs_board *b, char *error)
{
    for (int l = 0; l < HS_LOCATIONS; l++)
        b->shield[l] = HS_NONE;
    for (int i = 0; i < b->nstations; i++) {
        enum hs_location l = b->station[i].location;

        if (b->station[i].type != HS_SHIELD)
            continue;
        if (b->shield[l] != HS_NONE)
            return rules_data_fail(error, "board %s: two shield stations in the "
                                   "%s", b->id, location_names[l]);
        b->shield[l] = i;
    }
    return 0;
}

int hs_board_read(const json_t *obj, struct hs_board *b, char *error)
{
    static const char *const keys[] = {
        "data_version", "id", "name", "faction", "size", "points", "reserve",
        "production", "release", "move_cost", "evade", "repair", "pressure",
        "stations", "arrows", "loadout", NULL};
    static const char *const factions[] = {"uk", "cet", NULL};
    static const char *const sizes[] = {"heavy", "light", NULL};
    static const char *const evade_keys[] = {"cost", "dice", NULL};
    static const char *const repair_keys[] = {"cost", "removes", NULL};
    json_t *st = json_object_get(obj, "stations"), *v;
    char what[HS_NAME + 16];
    size_t i;
    int n;

    memset(b, 0, sizeof *b);
    b->boiler = b->command = HS_NONE;
    if (rules_data_keys(error, obj, "board", keys) ||
        rules_data_str(error, obj, "board", "id", b->id, sizeof b->id))
        return -1;
    snprintf(what, sizeof what, "board %s", b->id);
    if (json_object_get(obj, "data_version") &&
        !json_is_string(json_object_get(obj, "data_version")))
        return rules_data_fail(error, "%s: \"data_version\" must be a string",
                               what);
    if (rules_data_str(error, obj, what, "name", b->name, sizeof b->name) ||
        get_enum(error, obj, what, "faction", factions, 2, &n))
        return -1;
    b->faction = (enum hs_faction)n;
    if (get_enum(error, obj, what, "size", sizes, 2, &n))
        return -1;
    b->size = (enum hs_size)n;
    if (rules_data_int(error, obj, what, "points", 1, 99, &b->points) ||
        rules_data_int(error, obj, what, "reserve", 0, 99, &b->reserve) ||
        rules_data_int(error, obj, what, "production", 1, 99, &b->production) ||
        rules_data_int(error, obj, what, "release", 1, HS_MAX_PRESSURE,
                       &b->release) ||
        get_pair(error, obj, what, "move_cost", 0, 20, &b->move_cost[0],
                 &b->move_cost[1]))
        return -1;
    v = json_object_get(obj, "evade");
    if (rules_data_keys(error, v, "evade", evade_keys) ||
        rules_data_int(error, v, "evade", "cost", 1, 20, &b->evade_cost) ||
        rules_data_int(error, v, "evade", "dice", 1, 12, &b->evade_dice))
        return -1;
    v = json_object_get(obj, "repair");
    if (rules_data_keys(error, v, "repair", repair_keys) ||
        rules_data_int(error, v, "repair", "cost", 1, 20, &b->repair_cost) ||
        rules_data_int(error, v, "repair", "removes", 1, 20,
                       &b->repair_removes))
        return -1;
    if (read_pressure(json_object_get(obj, "pressure"), b, error))
        return -1;
    if (!json_is_array(st) || json_array_size(st) < 2 ||
        json_array_size(st) > HS_MAX_STATIONS)
        return rules_data_fail(error, "%s: 2..%d stations", what,
                               HS_MAX_STATIONS);
    json_array_foreach(st, i, v) {
        struct hs_station *s = &b->station[i];

        if (read_station(v, s, error))
            return -1;
        if (station_index(b, s->id) != HS_NONE)
            return rules_data_fail(error, "%s: station %s twice", what, s->id);
        b->nstations = (int)i + 1;
        if (s->type == HS_BOILER || s->type == HS_COMMAND) {
            int *slot = s->type == HS_BOILER ? &b->boiler : &b->command;

            if (*slot != HS_NONE)
                return rules_data_fail(error, "%s: more than one %s station",
                                       what, type_names[s->type]);
            *slot = (int)i;
        }
    }
    if (b->boiler == HS_NONE || b->command == HS_NONE)
        return rules_data_fail(error, "%s: exactly one boiler and one command "
                               "station", what);
    if (read_arrows(json_object_get(obj, "arrows"), b, error) ||
        check_graph(b, error))
        return -1;
    distances(b);
    if (find_shields(b, error))
        return -1;
    return read_loadout(json_object_get(obj, "loadout"), b, error);
}
