/*
 * steam_greedy.h - a Steam player for the unit tests that play whole games
 * from a real deal: it delivers what its links reach, builds greedily
 * towards cities (so that links complete and goods move), and otherwise
 * plays a legal move at random. Shared by the tests of the chat notation
 * and of the pictures; include it after the engine's headers and check.h.
 */
#ifndef TURNPOST_TESTS_STEAM_GREEDY_H
#define TURNPOST_TESTS_STEAM_GREEDY_H

#include <stdint.h>
#include <string.h>

#include <jansson.h>

#include "rng.h"
#include "steam/game.h"
#include "steam/track.h"

static uint32_t pick(struct rng *r, size_t n)
{
    return n ? rng_uniform(r, (uint32_t)n) : 0;
}

static const char *type_of(const json_t *m)
{
    const char *t = json_string_value(json_object_get(m, "type"));

    return t ? t : "";
}

/* ---- the notation of each move ---------------------------------------------- */

enum { END_NONE, END_NEAR, END_OWN, END_NODE };

/* What the track end at side x of hex h (or the town end) would meet. */
static int end_class(const struct st_game *g, const struct st_net *net, int seat, int h,
                     int x)
{
    int n, l;

    if (x == ST_TOWN_END)
        return END_NODE;
    n = g->map->hex[h].nb[x];
    if (n < 0)
        return END_NONE;
    if (st_is_city(g, n))
        return END_NODE;
    l = net->open_at[n][(x + 3) % 6];
    if (l >= 0 && net->link[l].owner == seat)
        return END_OWN;
    for (int s = 0; s < 6; s++) {
        int m = g->map->hex[n].nb[s];

        if (m >= 0 && m != h && st_is_city(g, m))
            return END_NEAR;
    }
    return END_NONE;
}

/* The build of shape l on an empty hex whose track best continues seat's
 * own open end towards a city, or joins two cities; NULL when none is
 * worth it. */
static json_t *greedy_build(const json_t *st, int seat, const json_t *l, struct rng *r)
{
    static const int worth[4][4] = {
        /* NONE NEAR OWN NODE */
        {0, 0, 2, 1}, {0, 0, 5, 4}, {2, 5, 0, 10}, {1, 4, 10, 9}};
    static struct st_game g;
    static struct st_net net;
    const json_t *o, *e, *rot, *best_o = NULL, *best_e = NULL, *best_r = NULL;
    int best = -1, own_open = 0;
    size_t i, j, k;

    if (steam_game_load(&g, st, NULL) || steam_net_build(&g, &net))
        return NULL;
    for (int x = 0; x < net.nlinks; x++)
        own_open |= net.link[x].owner == seat && !net.link[x].complete;
    json_array_foreach(json_object_get(l, "options"), i, o) {
        int h = steam_hex_parse(g.map, json_string_value(json_object_get(o, "hex")));

        if (h < 0 || g.track[h].tile >= 0)
            continue;
        json_array_foreach(json_object_get(o, "tiles"), j, e) {
            int t = steam_catalog_tile(g.cat, json_string_value(json_object_get(e, "tile")));

            json_array_foreach(json_object_get(e, "rotations"), k, rot) {
                int rr = (int)json_integer_value(rot), score = 0;

                for (int s = 0; s < g.cat->tile[t].nseg; s++) {
                    int a = end_class(&g, &net, seat, h, st_rot(g.cat->tile[t].seg[s][0], rr)),
                        b = end_class(&g, &net, seat, h, st_rot(g.cat->tile[t].seg[s][1], rr));

                    if (worth[a][b] > score)
                        score = worth[a][b];
                }
                score = score * 100 + (int)pick(r, 100);
                if (score > best) {
                    best = score;
                    best_o = o;
                    best_e = e;
                    best_r = rot;
                }
            }
        }
    }
    if (best < 400 && !(own_open && best >= 200))
        return NULL;
    return json_pack("{s:s, s:O, s:O, s:O}", "type", "build", "hex",
                     json_object_get(best_o, "hex"), "tile", json_object_get(best_e, "tile"),
                     "rotation", best_r);
}

/* A concrete move of shape l, at random. New reference. */
static json_t *concretize(const json_t *l, struct rng *r)
{
    const char *t = type_of(l);

    if (!strcmp(t, "build") || !strcmp(t, "redirect")) {
        const json_t *opts = json_object_get(l, "options");
        const json_t *o = json_array_get(opts, pick(r, json_array_size(opts)));
        const json_t *tiles = json_object_get(o, "tiles");
        const json_t *e = json_array_get(tiles, pick(r, json_array_size(tiles)));
        const json_t *rots = json_object_get(e, "rotations");

        return json_pack("{s:s, s:O, s:O, s:O}", "type", t, "hex", json_object_get(o, "hex"),
                         "tile", json_object_get(e, "tile"), "rotation",
                         json_array_get(rots, pick(r, json_array_size(rots))));
    }
    if (!strcmp(t, "bid"))
        return json_pack("{s:s, s:O}", "type", "bid", "amount",
                         json_object_get(json_object_get(l, "amount"), "min"));
    if (!strcmp(t, "urbanize") || !strcmp(t, "grow")) {
        json_t *m = json_pack("{s:s}", "type", t);
        const char *key;
        json_t *v;

        json_object_foreach((json_t *)l, key, v)
            if (json_is_array(v) && json_array_size(v))
                json_object_set(m, key, json_array_get(v, pick(r, json_array_size(v))));
        return m;
    }
    return json_incref((json_t *)l);
}

static const json_t *find_type(const json_t *moves, const char *t)
{
    const json_t *l;
    size_t i;

    json_array_foreach(moves, i, l)
        if (!strcmp(type_of(l), t))
            return l;
    return NULL;
}

/* The move seat makes. New reference. */
static json_t *choose(const json_t *st, int seat, const json_t *moves, struct rng *r)
{
    const json_t *seats = json_object_get(st, "seats"), *l;
    const json_t *me = json_array_get(seats, (size_t)seat);
    int cash = (int)json_integer_value(json_object_get(me, "cash")),
        income = (int)json_integer_value(json_object_get(me, "income"));
    size_t n = json_array_size(moves), i;
    size_t first = n, count = 0;

    json_array_foreach(moves, i, l)     /* a delivery, mostly */
        if (!strcmp(type_of(l), "deliver")) {
            first = first == n ? i : first;
            count++;
        }
    if (count && pick(r, 8))
        return concretize(json_array_get(moves, first + pick(r, count < 3 ? count : 3)), r);
    if ((l = find_type(moves, "urbanize")) || (l = find_type(moves, "grow")))
        return concretize(l, r);
    if ((l = find_type(moves, "score")))
        return concretize(json_array_get(moves, income < 8 ? 0 : n - 1), r);
    if ((l = find_type(moves, "build")) && (cash >= 4 || income > -4)) {
        json_t *m = pick(r, 10) ? greedy_build(st, seat, l, r) : concretize(l, r);

        if (m)
            return m;
    }
    if ((l = find_type(moves, "redirect")) && !pick(r, 8) && cash >= 2)
        return concretize(l, r);
    if ((l = find_type(moves, "done")))
        return concretize(l, r);
    if ((l = find_type(moves, "bid")) && !pick(r, 3))
        return concretize(l, r);
    if ((l = find_type(moves, "locomotive")) && !pick(r, 3))
        return concretize(l, r);
    if ((l = find_type(moves, "pass")))
        return concretize(l, r);
    for (int tries = 0; tries < 8; tries++) {       /* select: what it can pay */
        const json_t *c = json_array_get(moves, pick(r, n));
        const char *a = json_string_value(json_object_get(c, "action"));
        int ok = !a ? 1
                 : !strcmp(a, "locomotive") ? cash >= 8
                 : !json_is_false(json_object_get(c, "pass_option")) ? 1
                 : !strcmp(a, "city_growth") ? cash >= 3 : cash >= 7;

        if (ok)
            return concretize(c, r);
    }
    return concretize(json_array_get(moves, pick(r, n)), r);
}

#endif
