/*
 * game_titan.c - a titan and a support unit in the JSON state.
 *
 * A titan's squares (with the cards' squares appended) come back from its
 * board and cards through hs_titan_init; the state keeps what changes:
 * each square's cube as one letter per square, by station id ("." empty,
 * "s" steam, "b" shield, "d" damage; upper case, and "," for an empty
 * square, when the square is marked as arrived this steam phase), the
 * pressure box bottom first ("s" steam, "h" heat), the reserve, the
 * damage still owed and the discarded steam.
 */
#include <string.h>

#include "game_json.h"

static const char *const mount_keys[HS_MOUNTS + 1] = {"left_arm", "right_arm",
                                                      "torso", NULL};
static const char *const location_keys[HS_LOCATIONS + 1] = {
    "head", "torso", "left_arm", "right_arm", "legs", NULL};
static const char *const owed_names[] = {"hit", "volatile", "weapon", NULL};
static const char *const unit_names[] = {"infantry", "cannon", NULL};

static const char cube_letter[] = {'.', 's', 'b', 'd'};

/* The cards by mount, each an id or null (an empty slot), as customizing
 * allows them (hs_catalog_loadout_check). */
static int load_cards(struct hs_titan_at *t, const struct hs_catalog *cat,
                      const json_t *o, struct hs_mounted mounted[HS_MOUNTS])
{
    const char *id[HS_MOUNTS];

    if (!json_is_object(o) || rules_unknown_key(o, mount_keys))
        return -1;
    memset(mounted, 0, sizeof *mounted * HS_MOUNTS);
    for (int m = 0; m < HS_MOUNTS; m++) {
        json_t *v = json_object_get(o, mount_keys[m]);

        if (!json_is_null(v) && !json_is_string(v))
            return -1;
        id[m] = json_string_value(v);
    }
    if (hs_catalog_loadout_check(cat, &cat->titan[t->board], id, t->card, NULL))
        return -1;
    for (int m = 0; m < HS_MOUNTS; m++)
        if (t->card[m] >= 0)
            hs_catalog_mounted(&cat->weapon[t->card[m]], &mounted[m]);
    return 0;
}

/* One station's letters onto the titan's cubes. */
static int load_station(struct hs_titan *t, int s, const char *str)
{
    if (!str || strlen(str) != (size_t)t->nsquares[s])
        return -1;
    for (int q = 0; q < t->nsquares[s]; q++) {
        char c = str[q];
        int moved = c == ',' || (c >= 'A' && c <= 'Z');
        enum hs_colour col = t->square[s][q].colour;
        const char *p;

        if (c == ',')
            c = '.';
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        p = memchr(cube_letter, c, sizeof cube_letter);
        if (!p || !c)
            return -1;
        t->cube[s][q] = (enum hs_cube)(p - cube_letter);
        t->moved[s][q] = moved;
        /* steam on white or red, shields on blue, damage on white only */
        if ((t->cube[s][q] == HS_C_STEAM && col == HS_BLUE) ||
            (t->cube[s][q] == HS_C_SHIELD && col != HS_BLUE) ||
            (t->cube[s][q] == HS_C_DAMAGE && col != HS_WHITE))
            return -1;
    }
    return 0;
}

static int load_owed(struct hs_titan *t, const json_t *a)
{
    static const char *const keys[] = {"kind", "count", "location", "critical",
                                       "station", NULL};
    size_t i;
    json_t *v;

    if (!json_is_array(a) || json_array_size(a) > HS_MAX_OWED)
        return -1;
    json_array_foreach(a, i, v) {
        struct hs_owed *w = &t->owed[i];
        json_t *st = json_object_get(v, "station");
        int k = hs_json_name(owed_names, json_string_value(json_object_get(v, "kind")));
        int l = hs_json_name(location_keys,
                              json_string_value(json_object_get(v, "location")));

        if (!json_is_object(v) || rules_unknown_key(v, keys) || k < 0 || l < 0 ||
            hs_get_int(v, "count", 1, HS_MAX_STATIONS * HS_MAX_SQUARES, &w->count) ||
            hs_get_bool(v, "critical", &w->critical))
            return -1;
        w->kind = (enum hs_owed_kind)k;
        w->location = (enum hs_location)l;
        w->station = HS_NONE;
        if (!json_is_null(st)) {
            const char *id = json_string_value(st);

            for (int s = 0; id && s < t->board->nstations; s++)
                if (strcmp(t->board->station[s].id, id) == 0)
                    w->station = s;
            if (w->station == HS_NONE)
                return -1;
        }
        if (w->kind != HS_OWED_HIT && w->station == HS_NONE)
            return -1;
    }
    t->nowed = (int)json_array_size(a);
    return 0;
}

static int load_cubes(struct hs_titan *t, const json_t *o)
{
    const struct hs_board *b = t->board;
    json_t *st = json_object_get(o, "stations");
    const char *pr = json_string_value(json_object_get(o, "pressure"));

    if (!json_is_object(st) || json_object_size(st) != (size_t)b->nstations)
        return -1;
    for (int s = 0; s < b->nstations; s++)
        if (load_station(t, s, json_string_value(json_object_get(st, b->station[s].id))))
            return -1;
    if (!pr || strlen(pr) > (size_t)b->capacity)
        return -1;
    for (t->npressure = 0; pr[t->npressure]; t->npressure++) {
        if (pr[t->npressure] != 's' && pr[t->npressure] != 'h')
            return -1;
        t->pressure[t->npressure] = pr[t->npressure] == 'h' ? HS_P_HEAT : HS_P_STEAM;
    }
    if (hs_get_int(o, "reserve", 0, 1000, &t->reserve) ||
        hs_get_bool(o, "destroyed", &t->destroyed) ||
        hs_get_bool(o, "flow", &t->flow) ||
        hs_get_int(o, "flow_next", 0, b->nstations, &t->flow_next) ||
        hs_get_int(o, "discarded", 0, 1000, &t->discarded))
        return -1;
    return load_owed(t, json_object_get(o, "owed"));
}

int hs_titan_load(struct hs_game *g, int i, const json_t *o, int claimed[],
                  struct rules_error *err)
{
    static const char *const keys[] = {
        "board", "cards", "owner", "sector", "terrain", "terrain_damage",
        "moved", "stations", "pressure", "reserve", "destroyed", "flow",
        "flow_next", "owed", "discarded", NULL};
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_titan_at *t = &g->titan[i];
    struct hs_mounted mounted[HS_MOUNTS];
    struct rules_error ierr;
    json_t *ter;

    if (!json_is_object(o) || rules_unknown_key(o, keys))
        return hs_corrupt(err, "titan");
    t->board = hs_catalog_titan(cat, json_string_value(json_object_get(o, "board")));
    if (t->board < 0 || hs_get_int(o, "owner", 0, g->nplayers - 1, &t->owner) ||
        g->p[t->owner].titan != i ||
        cat->titan[t->board].faction != (enum hs_faction)g->team_faction[g->p[t->owner].team])
        return hs_corrupt(err, "titan's board or owner");
    if (load_cards(t, cat, json_object_get(o, "cards"), mounted))
        return hs_corrupt(err, "titan's cards");
    if (hs_titan_init(&t->cubes, &cat->titan[t->board], mounted, NULL, &ierr))
        return hs_corrupt(err, "titan's cards");
    memset(&t->cubes.drawn, 0, sizeof t->cubes.drawn);
    if (load_cubes(&t->cubes, o))
        return hs_corrupt(err, "titan's cubes");
    if (hs_get_int(o, "sector", 0, HS_SECTORS - 1, &t->sector) ||
        hs_get_bool(o, "moved", &t->moved))
        return hs_corrupt(err, "titan's sector");
    ter = json_object_get(o, "terrain");
    t->terrain = -1;
    if (!json_is_null(ter)) {
        int b = hs_catalog_battle(cat, json_string_value(ter));

        if (b < 0 || cat->battle[b].kind != HS_K_TERRAIN ||
            (t->terrain = hs_claim_in_play(g, b, t->owner, claimed)) < 0)
            return hs_corrupt(err, "titan's terrain");
    }
    if (hs_get_int(o, "terrain_damage", 0,
                   t->terrain < 0 ? 0 : cat->battle[g->card[t->terrain]].black_squares,
                   &t->terrain_damage))
        return hs_corrupt(err, "terrain damage");
    return 0;
}

static json_t *station_string(const struct hs_titan *t, int s)
{
    char buf[HS_MAX_SQUARES + 1];

    for (int q = 0; q < t->nsquares[s]; q++) {
        char c = cube_letter[t->cube[s][q]];

        if (t->moved[s][q])
            c = c == '.' ? ',' : (char)(c - 'a' + 'A');
        buf[q] = c;
    }
    buf[t->nsquares[s]] = 0;
    return json_string(buf);
}

json_t *hs_titan_dump(const struct hs_game *g, int i)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan_at *t = &g->titan[i];
    const struct hs_titan *c = &t->cubes;
    json_t *cards = json_object(), *st = json_object(), *owed = json_array();
    char pr[HS_MAX_PRESSURE + 1];

    for (int m = 0; m < HS_MOUNTS; m++)
        json_object_set_new(cards, mount_keys[m],
                            t->card[m] < 0 ? json_null()
                                           : json_string(cat->weapon[t->card[m]].id));
    for (int s = 0; s < c->board->nstations; s++)
        json_object_set_new(st, c->board->station[s].id, station_string(c, s));
    for (int k = 0; k < c->npressure; k++)
        pr[k] = c->pressure[k] == HS_P_HEAT ? 'h' : 's';
    pr[c->npressure] = 0;
    for (int k = 0; k < c->nowed; k++) {
        const struct hs_owed *w = &c->owed[k];

        json_array_append_new(owed, json_pack(
            "{s:s, s:i, s:s, s:b, s:o}", "kind", owed_names[w->kind], "count",
            w->count, "location", location_keys[w->location], "critical",
            w->critical, "station",
            w->station == HS_NONE ? json_null()
                                  : json_string(c->board->station[w->station].id)));
    }
    return json_pack(
        "{s:s, s:o, s:i, s:i, s:o, s:i, s:b, s:o, s:s, s:i, s:b, s:b, s:i, s:o, s:i}",
        "board", cat->titan[t->board].id, "cards", cards, "owner", t->owner,
        "sector", t->sector, "terrain",
        t->terrain < 0 ? json_null() : json_string(cat->battle[g->card[t->terrain]].id),
        "terrain_damage", t->terrain_damage, "moved", t->moved, "stations", st,
        "pressure", pr, "reserve", c->reserve, "destroyed", c->destroyed, "flow",
        c->flow, "flow_next", c->flow_next, "owed", owed, "discarded", c->discarded);
}

int hs_unit_load(struct hs_game *g, int i, const json_t *o,
                 struct rules_error *err)
{
    static const char *const keys[] = {"card", "kind", "team", "owner", "sector",
                                       "attacked", NULL};
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_unit_at *u = &g->unit[i];
    json_t *c = json_object_get(o, "card");
    int k = hs_json_name(unit_names, json_string_value(json_object_get(o, "kind")));

    if (!json_is_object(o) || rules_unknown_key(o, keys) || k < 0 ||
        hs_get_int(o, "team", 0, HS_TEAMS - 1, &u->team) ||
        hs_get_int(o, "owner", 0, g->nplayers - 1, &u->owner) ||
        g->p[u->owner].team != u->team ||
        hs_get_int(o, "sector", 0, HS_SECTORS - 1, &u->sector) ||
        hs_get_bool(o, "attacked", &u->attacked))
        return hs_corrupt(err, "unit");
    u->kind = (enum hs_unit_kind)k;
    u->card = -1;
    if (!json_is_null(c)) {
        u->card = hs_catalog_battle(cat, json_string_value(c));
        if (u->card < 0 || !cat->battle[u->card].has_unit ||
            cat->battle[u->card].unit.kind != u->kind)
            return hs_corrupt(err, "unit's card");
    }
    return 0;
}

json_t *hs_unit_dump(const struct hs_game *g, int i)
{
    const struct hs_unit_at *u = &g->unit[i];

    return json_pack("{s:o, s:s, s:i, s:i, s:i, s:b}", "card",
                     u->card < 0 ? json_null()
                                 : json_string(hs_catalog_get()->battle[u->card].id),
                     "kind", unit_names[u->kind], "team", u->team, "owner",
                     u->owner, "sector", u->sector, "attacked", u->attacked);
}
