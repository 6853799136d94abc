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
    json_t *f[HS_MOUNTS];

    if (!json_is_object(o) || rules_object_fields(o, hs_mount_names, f))
        return -1;
    memset(mounted, 0, sizeof *mounted * HS_MOUNTS);
    for (int m = 0; m < HS_MOUNTS; m++) {
        json_t *v = f[m];

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

/* A titan's keys, as hs_titan_dump writes them; T_ their indexes. */
static const char *const titan_keys[] = {
    "board", "cards", "owner", "sector", "terrain", "terrain_damage",
    "moved", "stations", "pressure", "reserve", "destroyed", "flow",
    "flow_next", "owed", "discarded", NULL};
enum {
    T_BOARD, T_CARDS, T_OWNER, T_SECTOR, T_TERRAIN, T_TERRAIN_DAMAGE, T_MOVED,
    T_STATIONS, T_PRESSURE, T_RESERVE, T_DESTROYED, T_FLOW, T_FLOW_NEXT, T_OWED,
    T_DISCARDED, T_KEYS
};

static int load_cubes(struct hs_titan *t, json_t *const f[])
{
    const struct hs_board *b = t->board;
    json_t *st = f[T_STATIONS], *cubes[HS_MAX_STATIONS];
    const char *pr = json_string_value(f[T_PRESSURE]), *ids[HS_MAX_STATIONS + 1];

    if (!json_is_object(st) || json_object_size(st) != (size_t)b->nstations)
        return -1;
    /* as many keys as stations: a key that is no station's leaves one out */
    for (int s = 0; s < b->nstations; s++)
        ids[s] = b->station[s].id;
    ids[b->nstations] = NULL;
    rules_object_fields(st, ids, cubes);
    for (int s = 0; s < b->nstations; s++)
        if (load_station(t, s, json_string_value(cubes[s])))
            return -1;
    if (!pr || strlen(pr) > (size_t)b->capacity)
        return -1;
    for (t->npressure = 0; pr[t->npressure]; t->npressure++) {
        if (pr[t->npressure] != 's' && pr[t->npressure] != 'h')
            return -1;
        t->pressure[t->npressure] = pr[t->npressure] == 'h' ? HS_P_HEAT : HS_P_STEAM;
    }
    if (hs_int(f[T_RESERVE], 0, 1000, &t->reserve) ||
        hs_bool(f[T_DESTROYED], &t->destroyed) ||
        hs_bool(f[T_FLOW], &t->flow) ||
        hs_int(f[T_FLOW_NEXT], 0, b->nstations, &t->flow_next) ||
        hs_int(f[T_DISCARDED], 0, 1000, &t->discarded))
        return -1;
    return load_owed(t, f[T_OWED]);
}

int hs_titan_load(struct hs_game *g, int i, const json_t *o, int claimed[],
                  struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_titan_at *t = &g->titan[i];
    struct hs_mounted mounted[HS_MOUNTS];
    struct rules_error ierr;
    json_t *f[T_KEYS], *ter;

    if (!json_is_object(o) || rules_object_fields(o, titan_keys, f))
        return hs_corrupt(err, "titan");
    t->board = hs_catalog_titan(cat, json_string_value(f[T_BOARD]));
    if (t->board < 0 || hs_int(f[T_OWNER], 0, g->nplayers - 1, &t->owner) ||
        g->p[t->owner].titan != i ||
        cat->titan[t->board].faction != (enum hs_faction)g->team_faction[g->p[t->owner].team])
        return hs_corrupt(err, "titan's board or owner");
    if (load_cards(t, cat, f[T_CARDS], mounted))
        return hs_corrupt(err, "titan's cards");
    if (hs_titan_init(&t->cubes, &cat->titan[t->board], mounted, NULL, &ierr))
        return hs_corrupt(err, "titan's cards");
    memset(&t->cubes.drawn, 0, sizeof t->cubes.drawn);
    if (load_cubes(&t->cubes, f))
        return hs_corrupt(err, "titan's cubes");
    if (hs_int(f[T_SECTOR], 0, HS_SECTORS - 1, &t->sector) || hs_bool(f[T_MOVED], &t->moved))
        return hs_corrupt(err, "titan's sector");
    ter = f[T_TERRAIN];
    t->terrain = -1;
    if (!json_is_null(ter)) {
        int b = hs_catalog_battle(cat, json_string_value(ter));

        if (b < 0 || cat->battle[b].kind != HS_K_TERRAIN ||
            (t->terrain = hs_claim_in_play(g, b, t->owner, claimed)) < 0)
            return hs_corrupt(err, "titan's terrain");
    }
    if (hs_int(f[T_TERRAIN_DAMAGE], 0,
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
    return hs_str(buf);
}

static json_t *owed_dump(const struct hs_titan *c, const struct hs_owed *w)
{
    json_t *o = json_object();

    hs_put_str(o, "kind", owed_names[w->kind]);
    hs_put_int(o, "count", w->count);
    hs_put_str(o, "location", location_keys[w->location]);
    hs_put_bool(o, "critical", w->critical);
    hs_put_str(o, "station", w->station == HS_NONE ? NULL : c->board->station[w->station].id);
    return o;
}

json_t *hs_titan_dump(const struct hs_game *g, int i)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan_at *t = &g->titan[i];
    const struct hs_titan *c = &t->cubes;
    json_t *o = json_object(), *cards = json_object(), *st = json_object(),
           *owed = json_array();
    char pr[HS_MAX_PRESSURE + 1];

    for (int m = 0; m < HS_MOUNTS; m++)
        hs_put_str(cards, hs_mount_names[m], t->card[m] < 0 ? NULL : cat->weapon[t->card[m]].id);
    for (int s = 0; s < c->board->nstations; s++)
        hs_put(st, c->board->station[s].id, station_string(c, s));
    for (int k = 0; k < c->npressure; k++)
        pr[k] = c->pressure[k] == HS_P_HEAT ? 'h' : 's';
    pr[c->npressure] = 0;
    for (int k = 0; k < c->nowed; k++)
        json_array_append_new(owed, owed_dump(c, &c->owed[k]));
    hs_put_str(o, "board", cat->titan[t->board].id);
    hs_put(o, "cards", cards);
    hs_put_int(o, "owner", t->owner);
    hs_put_int(o, "sector", t->sector);
    hs_put_str(o, "terrain", t->terrain < 0 ? NULL : cat->battle[g->card[t->terrain]].id);
    hs_put_int(o, "terrain_damage", t->terrain_damage);
    hs_put_bool(o, "moved", t->moved);
    hs_put(o, "stations", st);
    hs_put_str(o, "pressure", pr);
    hs_put_int(o, "reserve", c->reserve);
    hs_put_bool(o, "destroyed", c->destroyed);
    hs_put_bool(o, "flow", c->flow);
    hs_put_int(o, "flow_next", c->flow_next);
    hs_put(o, "owed", owed);
    hs_put_int(o, "discarded", c->discarded);
    return o;
}

int hs_unit_load(struct hs_game *g, int i, const json_t *o,
                 struct rules_error *err)
{
    static const char *const keys[] = {"card", "kind", "team", "owner", "sector",
                                       "attacked", "white_cube", "black_cube", NULL};
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_unit_at *u = &g->unit[i];
    json_t *f[8], *c;
    int k;

    if (!json_is_object(o) || rules_object_fields(o, keys, f) ||
        (k = hs_json_name(unit_names, json_string_value(f[1]))) < 0 ||
        hs_int(f[2], 0, HS_TEAMS - 1, &u->team) ||
        hs_int(f[3], 0, g->nplayers - 1, &u->owner) ||
        g->p[u->owner].team != u->team ||
        hs_int(f[4], 0, HS_SECTORS - 1, &u->sector) ||
        hs_bool(f[5], &u->attacked) ||
        /* the Frontline Fight's marks: a state from before them has none */
        (f[6] && hs_bool(f[6], &u->white)) || (f[7] && hs_bool(f[7], &u->black)) ||
        ((u->white || u->black) && k != HS_UNIT_INFANTRY))
        return hs_corrupt(err, "unit");
    c = f[0];
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
    json_t *o = json_object();

    hs_put_str(o, "card", u->card < 0 ? NULL : hs_catalog_get()->battle[u->card].id);
    hs_put_str(o, "kind", unit_names[u->kind]);
    hs_put_int(o, "team", u->team);
    hs_put_int(o, "owner", u->owner);
    hs_put_int(o, "sector", u->sector);
    hs_put_bool(o, "attacked", u->attacked);
    hs_put_bool(o, "white_cube", u->white);
    hs_put_bool(o, "black_cube", u->black);
    return o;
}
