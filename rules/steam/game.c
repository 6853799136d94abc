/*
 * game.c - converts a Steam game between its JSON state and struct
 * st_game, checking the JSON as strictly as a move.
 *
 * The bag (counts by colour: nothing is drawn after setup, so its order
 * is not kept) and the tile supply (count per kind) are stored as counts
 * of their own, so that a rule losing a cube or a tile shows in the state
 * rather than being absorbed by a derivation; load checks them against
 * the catalog less the board. New City tiles left are derived.
 */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "track.h"

static const char *const phase_names[] = {"auction", "select", "build",
                                          "move", "score", "over"};

const char *steam_phase_name(enum st_phase ph)
{
    return phase_names[ph];
}

static int corrupt(struct rules_error *err, const char *what)
{
    return rules_fail(err, "corrupt_state", "Turnpost: game state",
                      "The stored game state is damaged (%s).", what);
}

static int get_int(const json_t *o, const char *key, int lo, int hi, int *out)
{
    json_t *v = json_object_get(o, key);

    if (!json_is_integer(v) || json_integer_value(v) < lo ||
        json_integer_value(v) > hi)
        return -1;
    *out = (int)json_integer_value(v);
    return 0;
}

static int get_bool(const json_t *o, const char *key, int *out)
{
    json_t *v = json_object_get(o, key);

    if (!json_is_boolean(v))
        return -1;
    *out = json_is_true(v);
    return 0;
}

/* A cube string ("rrb") into counts added to c[]. */
static int get_cubes(const json_t *v, int c[ST_COLOURS])
{
    const char *s = json_string_value(v);
    int last = 0;

    if (!s || strlen(s) > 96)
        return -1;
    for (; *s; s++) {
        int k = steam_colour_from_letter(*s);

        if (k < last)           /* also refuses unknown letters */
            return -1;
        last = k;
        c[k]++;
    }
    return 0;
}

static json_t *cube_string(const int c[ST_COLOURS])
{
    char buf[128];
    int n = 0;

    for (int k = 0; k < ST_COLOURS; k++)
        for (int i = 0; i < c[k] && n < 120; i++)
            buf[n++] = steam_colour_letter(k);
    buf[n] = 0;
    return json_string(buf);
}

static int load_player(struct st_game *g, const json_t *o, int s)
{
    struct st_player *p = &g->p[s];
    json_t *a;

    /* Every key but "resigned" must be there, so counting them refuses
     * any other key without comparing names (this runs on every load). */
    if (!json_is_object(o) ||
        json_object_size(o) != 10 + (json_object_get(o, "resigned") != NULL))
        return -1;
    if (get_int(o, "cash", 0, 100000, &p->cash) ||
        get_int(o, "income", g->cat->income_min, g->cat->income_max,
                &p->income) ||
        get_int(o, "vp", -100000, 100000, &p->vp) ||
        get_int(o, "loco", 1, g->cat->loco_max, &p->loco) ||
        get_bool(o, "pass_option", &p->passed_option) ||
        get_bool(o, "bankrupt", &p->bankrupt) ||
        get_int(o, "builds", 0, 4, &p->builds) ||
        get_int(o, "owe", 0, 3, &p->owe) ||
        get_bool(o, "loco_moved", &p->loco_moved))
        return -1;
    /* "resigned" is written only once true, so that states from before
     * resignation existed load and dump unchanged. */
    a = json_object_get(o, "resigned");
    if (a && !json_is_true(a))
        return -1;
    p->resigned = a != NULL;
    if (p->resigned && (p->bankrupt || p->cash))   /* cash went to the bank */
        return -1;
    a = json_object_get(o, "action");
    if (json_is_null(a))
        p->action = -1;
    else if ((p->action = steam_catalog_action(g->cat, json_string_value(a))) < 0)
        return -1;
    return 0;
}

static int load_track(struct st_game *g, const json_t *a)
{
    size_t i;
    json_t *v;

    if (!json_is_array(a))
        return -1;
    json_array_foreach(a, i, v) {
        int h = steam_hex_parse(g->map, json_string_value(json_array_get(v, 0)));
        int t = steam_catalog_tile(g->cat, json_string_value(json_array_get(v, 1)));
        json_t *rot = json_array_get(v, 2), *own = json_array_get(v, 3),
               *st = json_array_get(v, 4);
        struct st_track *tr;

        if (json_array_size(v) != 5 || h < 0 || t < 0 || !json_is_integer(rot) ||
            json_integer_value(rot) < 0 || json_integer_value(rot) > 5 ||
            g->track[h].tile >= 0 ||
            json_array_size(own) != (size_t)g->cat->tile[t].nseg ||
            json_array_size(st) != (size_t)g->cat->tile[t].nseg)
            return -1;
        if (st_is_city(g, h) ||
            (g->map->hex[h].terrain == ST_TOWN) != g->cat->tile[t].town)
            return -1;
        tr = &g->track[h];
        tr->tile = t;
        tr->rot = (int)json_integer_value(rot);
        for (int k = 0; k < g->cat->tile[t].nseg; k++) {
            json_t *o = json_array_get(own, (size_t)k), *s = json_array_get(st, (size_t)k);

            if (!json_is_integer(o) || json_integer_value(o) < -1 ||
                json_integer_value(o) >= g->nplayers || !json_is_integer(s) ||
                json_integer_value(s) < 1 || json_integer_value(s) > g->turn)
                return -1;
            tr->owner[k] = (int)json_integer_value(o);
            tr->stamp[k] = (int)json_integer_value(s);
        }
        if (g->tiles_left[t]-- <= 0)
            return -1;
    }
    return 0;
}

/*
 * The bag and the tile supply as the state counts them. g->bag and
 * g->tiles_left hold, on entry, what the catalog leaves once the board is
 * counted: the bag must hold exactly that (every cube is somewhere), the
 * supply no more (tests may take tiles out of it to make a position).
 */
static int load_counts(struct st_game *g, const json_t *state)
{
    int bag[ST_COLOURS] = {0};
    json_t *tiles = json_object_get(state, "tiles");

    if (get_cubes(json_object_get(state, "bag"), bag) ||
        memcmp(bag, g->bag, sizeof bag) != 0 || !json_is_object(tiles) ||
        json_object_size(tiles) != (size_t)g->cat->ntiles)
        return -1;
    /* as many keys as kinds, and each kind found: no other key */
    for (int t = 0; t < g->cat->ntiles; t++) {
        json_t *v = json_object_get(tiles, g->cat->tile[t].id);

        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > g->tiles_left[t])
            return -1;
        g->tiles_left[t] = (int)json_integer_value(v);
    }
    return 0;
}

/* Players with neither a place in the auction's order nor resigned. */
static int auction_open(const struct st_game *g)
{
    int n = 0;

    for (int s = 0; s < g->nplayers; s++) {
        int in = 0;

        for (int j = 0; j < g->norder; j++)
            in |= g->order[j] == s;
        n += !in && !g->p[s].resigned;
    }
    return n;
}

int steam_game_load(struct st_game *g, const json_t *state,
                    struct rules_error *err)
{
    const struct st_catalog *cat = steam_catalog_get();
    const char *ver, *key, *ph;
    json_t *a, *v;
    size_t i;
    int mi, used_city[ST_COLOURS] = {0}, counted;
    struct st_net net_buf, *net = &net_buf;

    memset(g, 0, sizeof *g);
    if (!cat->ok)
        return corrupt(err, "data");
    g->cat = cat;
    /* 22 keys; 20 in states written before the bag and the tile supply
     * were kept as counts of their own (these derive them, below). */
    counted = json_object_get(state, "bag") != NULL;
    if (!json_is_object(state) || json_object_size(state) != 20u + 2u * (size_t)counted)
        return corrupt(err, "not a Steam state");
    ver = json_string_value(json_object_get(state, "data_version"));
    if (!ver || strcmp(ver, cat->version) != 0)
        return rules_fail(err, "data_version_mismatch", "Turnpost: game state",
                          "This game was set up with other Steam data.");
    mi = steam_catalog_map(cat, json_string_value(json_object_get(state, "map")));
    if (mi < 0)
        return corrupt(err, "map");
    g->map = &cat->map[mi];
    for (int h = 0; h < ST_MAX_HEX; h++) {
        g->track[h].tile = -1;
        for (int k = 0; k < ST_MAX_SEGS; k++)
            g->track[h].owner[k] = -1;
    }
    for (int t = 0; t < cat->ntiles; t++)
        g->tiles_left[t] = cat->tile[t].count;
    if (get_int(state, "players", 3, 6, &g->nplayers) ||
        get_bool(state, "auction", &g->auction) ||
        get_int(state, "last_turn", 1, 20, &g->last_turn) ||
        get_int(state, "turn", 1, g->last_turn, &g->turn) ||
        get_int(state, "round", 1, 2, &g->round) ||
        get_int(state, "winner", -1, g->nplayers - 1, &g->winner))
        return corrupt(err, "counters");
    ph = json_string_value(json_object_get(state, "phase"));
    g->phase = ST_OVER + 1;
    for (int k = 0; ph && k <= ST_OVER; k++)
        if (strcmp(ph, phase_names[k]) == 0)
            g->phase = (enum st_phase)k;
    if ((int)g->phase > ST_OVER || (g->phase == ST_OVER) != (g->winner >= 0))
        return corrupt(err, "phase");
    a = json_object_get(state, "order");
    if (!json_is_array(a) || json_array_size(a) > (size_t)g->nplayers)
        return corrupt(err, "order");
    json_array_foreach(a, i, v) {
        int s = (int)json_integer_value(v);

        if (!json_is_integer(v) || s < 0 || s >= g->nplayers)
            return corrupt(err, "order");
        for (size_t j = 0; j < i; j++)
            if (g->order[j] == s)
                return corrupt(err, "order");
        g->order[g->norder++] = s;
    }
    if (get_int(state, "cur", 0, ST_MAX_PLAYERS, &g->cur))
        return corrupt(err, "cur");
    a = json_object_get(state, "seats");
    if (!json_is_array(a) || json_array_size(a) != (size_t)g->nplayers)
        return corrupt(err, "seats");
    json_array_foreach(a, i, v)
        if (load_player(g, v, (int)i))
            return corrupt(err, "seat");
    if (g->winner >= 0 && g->p[g->winner].resigned)
        return corrupt(err, "winner");
    for (int s = 0; s < g->nplayers; s++) {
        int in = 0;

        for (int j = 0; j < g->norder; j++)
            in |= g->order[j] == s;
        if (g->phase != ST_AUCTION && !g->p[s].resigned && in == g->p[s].bankrupt)
            return corrupt(err, "order and bankruptcy");
        /* A resigned player leaves the auction's places at once, and the
         * turn order in Phase 5 or at the end. */
        if (in && g->p[s].resigned &&
            (g->phase == ST_AUCTION || g->phase == ST_OVER))
            return corrupt(err, "order and resignation");
    }
    a = json_object_get(state, "new_cities");
    if (!json_is_object(a))
        return corrupt(err, "new_cities");
    json_object_foreach(a, key, v) {
        int h = steam_hex_parse(g->map, key), c = steam_colour_parse(json_string_value(v));

        if (h < 0 || c < 0 || g->map->hex[h].terrain != ST_TOWN ||
            ++used_city[c] > cat->new_cities[c])
            return corrupt(err, "new_cities");
        g->new_city[h] = c + 1;
        g->growth[h] = 1;
    }
    for (int c = 0; c < ST_COLOURS; c++)
        g->city_tiles[c] = cat->new_cities[c] - used_city[c];
    a = json_object_get(state, "growth");
    if (!json_is_array(a))
        return corrupt(err, "growth");
    json_array_foreach(a, i, v) {
        int h = steam_hex_parse(g->map, json_string_value(v));

        if (h < 0 || g->map->hex[h].terrain != ST_CITY || g->growth[h])
            return corrupt(err, "growth");
        g->growth[h] = 1;
    }
    for (int c = 0; c < ST_COLOURS; c++)
        g->bag[c] = cat->cubes[c];
    a = json_object_get(state, "cubes");
    if (!json_is_object(a))
        return corrupt(err, "cubes");
    json_object_foreach(a, key, v) {
        int h = steam_hex_parse(g->map, key);

        if (h < 0 || !st_is_city(g, h) || get_cubes(v, g->cubes[h]) ||
            json_string_length(v) == 0)
            return corrupt(err, "cubes");
        for (int c = 0; c < ST_COLOURS; c++)
            g->bag[c] -= g->cubes[h][c];
    }
    a = json_object_get(state, "supply");
    if (!json_is_array(a) || json_array_size(a) != (size_t)g->map->supply_spaces)
        return corrupt(err, "supply");
    json_array_foreach(a, i, v) {
        if (get_cubes(v, g->supply[i]))
            return corrupt(err, "supply");
        for (int c = 0; c < ST_COLOURS; c++)
            g->bag[c] -= g->supply[i][c];
    }
    for (int c = 0; c < ST_COLOURS; c++)
        if (g->bag[c] < 0)
            return corrupt(err, "too many cubes");
    if (load_track(g, json_object_get(state, "track")))
        return corrupt(err, "track");
    if (counted && load_counts(g, state))
        return corrupt(err, "bag or tile supply");
    a = json_object_get(state, "auction_bid");
    if (!json_is_array(a) || json_array_size(a) != 4 ||
        !json_is_integer(json_array_get(a, 0)) ||
        !json_is_integer(json_array_get(a, 1)) ||
        !json_is_integer(json_array_get(a, 2)) ||
        !json_is_integer(json_array_get(a, 3)))
        return corrupt(err, "auction_bid");
    g->auc_bid = (int)json_integer_value(json_array_get(a, 0));
    g->auc_high = (int)json_integer_value(json_array_get(a, 1));
    g->auc_turn = (int)json_integer_value(json_array_get(a, 2));
    g->auc_out = (unsigned)json_integer_value(json_array_get(a, 3));
    if (g->auc_bid < -1 || g->auc_bid > 1000 || g->auc_high < -1 ||
        g->auc_high >= g->nplayers || g->auc_turn < 0 ||
        g->auc_turn >= g->nplayers || g->auc_out >= (1u << g->nplayers) ||
        (g->auc_bid >= 0) != (g->auc_high >= 0))
        return corrupt(err, "auction_bid");
    a = json_object_get(state, "scores");
    if (!json_is_array(a) || json_array_size(a) > ST_MAX_PLAYERS)
        return corrupt(err, "scores");
    json_array_foreach(a, i, v) {
        json_t *s = json_array_get(v, 0), *p = json_array_get(v, 1);

        if (json_array_size(v) != 2 || !json_is_integer(s) ||
            json_integer_value(s) < 0 || json_integer_value(s) >= g->nplayers ||
            !json_is_integer(p) || json_integer_value(p) < 1 ||
            json_integer_value(p) > 6 ||
            !st_in_game(g, (int)json_integer_value(s)))
            return corrupt(err, "scores");
        g->score_seat[g->nscore] = (int)json_integer_value(s);
        g->score_pts[g->nscore++] = (int)json_integer_value(p);
    }
    if ((g->phase == ST_SCORE) != (g->nscore > 0))
        return corrupt(err, "scores");
    a = json_object_get(state, "money");
    if (json_array_size(a) != 2 || !json_is_integer(json_array_get(a, 0)) ||
        !json_is_integer(json_array_get(a, 1)))
        return corrupt(err, "money");
    g->money_out = (long)json_integer_value(json_array_get(a, 0));
    g->money_in = (long)json_integer_value(json_array_get(a, 1));
    if (g->phase == ST_AUCTION ? auction_open(g) < 2
        : g->phase == ST_OVER ? g->cur != 0
        : g->norder < 1 || g->cur >= g->norder)
        return corrupt(err, "cur");
    /* Nobody who left the game is ever asked to act. */
    if (steam_to_act(g) >= 0 && !st_in_game(g, steam_to_act(g)))
        return corrupt(err, "a player who left must act");
    if (steam_net_build(g, net)) {
        return corrupt(err, "links");
    }
    return 0;
}

json_t *steam_game_dump(const struct st_game *g)
{
    json_t *o = json_object(), *seats = json_array(), *track = json_array(),
           *cubes = json_object(), *growth = json_array(),
           *nc = json_object(), *supply = json_array(), *order = json_array(),
           *scores = json_array(), *tiles = json_object();
    char hb[8];

    for (int s = 0; s < g->nplayers; s++) {
        const struct st_player *p = &g->p[s];

        json_array_append_new(seats, json_pack(
            "{s:i, s:i, s:i, s:i, s:o, s:b, s:b, s:i, s:i, s:b}",
            "cash", p->cash, "income", p->income, "vp", p->vp, "loco",
            p->loco, "action",
            p->action >= 0 ? json_string(g->cat->action[p->action].id)
                           : json_null(),
            "pass_option", p->passed_option, "bankrupt", p->bankrupt,
            "builds", p->builds, "owe", p->owe, "loco_moved",
            p->loco_moved));
        if (p->resigned)
            json_object_set_new(json_array_get(seats, (size_t)s), "resigned",
                                json_true());
    }
    for (int h = 0; h < g->map->nhex; h++) {
        const struct st_track *tr = &g->track[h];

        if (tr->tile >= 0) {
            json_t *own = json_array(), *st = json_array();

            for (int k = 0; k < g->cat->tile[tr->tile].nseg; k++) {
                json_array_append_new(own, json_integer(tr->owner[k]));
                json_array_append_new(st, json_integer(tr->stamp[k]));
            }
            json_array_append_new(track, json_pack(
                "[s, s, i, o, o]", steam_hex_name(g->map, h, hb),
                g->cat->tile[tr->tile].id, tr->rot, own, st));
        }
        if (st_is_city(g, h)) {
            int n = 0;

            for (int c = 0; c < ST_COLOURS; c++)
                n += g->cubes[h][c];
            if (n)
                json_object_set_new(cubes, steam_hex_name(g->map, h, hb),
                                    cube_string(g->cubes[h]));
        }
        if (g->growth[h] && !g->new_city[h])
            json_array_append_new(growth,
                                  json_string(steam_hex_name(g->map, h, hb)));
        if (g->new_city[h])
            json_object_set_new(nc, steam_hex_name(g->map, h, hb),
                                json_string(steam_colour_name(g->new_city[h] - 1)));
    }
    for (int i = 0; i < g->map->supply_spaces; i++)
        json_array_append_new(supply, cube_string(g->supply[i]));
    for (int i = 0; i < g->norder; i++)
        json_array_append_new(order, json_integer(g->order[i]));
    for (int t = 0; t < g->cat->ntiles; t++)
        json_object_set_new(tiles, g->cat->tile[t].id, json_integer(g->tiles_left[t]));
    for (int i = 0; i < g->nscore; i++)
        json_array_append_new(scores, json_pack("[i, i]", g->score_seat[i],
                                                g->score_pts[i]));
    json_object_set_new(o, "data_version", json_string(g->cat->version));
    json_object_set_new(o, "map", json_string(g->map->id));
    json_object_set_new(o, "players", json_integer(g->nplayers));
    json_object_set_new(o, "auction", json_boolean(g->auction));
    json_object_set_new(o, "turn", json_integer(g->turn));
    json_object_set_new(o, "last_turn", json_integer(g->last_turn));
    json_object_set_new(o, "phase", json_string(phase_names[g->phase]));
    json_object_set_new(o, "order", order);
    json_object_set_new(o, "cur", json_integer(g->cur));
    json_object_set_new(o, "round", json_integer(g->round));
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "track", track);
    json_object_set_new(o, "cubes", cubes);
    json_object_set_new(o, "growth", growth);
    json_object_set_new(o, "new_cities", nc);
    json_object_set_new(o, "supply", supply);
    json_object_set_new(o, "bag", cube_string(g->bag));
    json_object_set_new(o, "tiles", tiles);
    json_object_set_new(o, "auction_bid", json_pack("[i, i, i, i]", g->auc_bid,
                        g->auc_high, g->auc_turn, (int)g->auc_out));
    json_object_set_new(o, "scores", scores);
    json_object_set_new(o, "money", json_pack("[I, I]", (json_int_t)g->money_out,
                                              (json_int_t)g->money_in));
    json_object_set_new(o, "winner", json_integer(g->winner));
    return o;
}
