/*
 * view.c - views, legal moves, status and describe for Steam.
 *
 * legal_moves lists concrete moves where they are few (select, score,
 * deliver, done, pass) and shapes where they are many: "build" and
 * "redirect" carry "options": [{"hex", "tiles": [{"tile", "rotations",
 * "cost"}]}], "bid" carries "amount": {"min", "max"}, and "urbanize" and
 * "grow" carry arrays of allowed values for each field (any combination
 * is legal). Each entry says which it is: "form" is "move" or "shape".
 * describe() says the same.
 */
#include "view.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "track.h"

static const char *hexname(const struct st_game *g, int h, char *buf)
{
    return steam_hex_name(g->map, h, buf);
}

static json_t *colour_counts(const int c[ST_COLOURS])
{
    json_t *o = json_object();

    for (int k = 0; k < ST_COLOURS; k++)
        json_object_set_new(o, steam_colour_name(k), json_integer(c[k]));
    return o;
}

static json_t *cube_list(const int c[ST_COLOURS])
{
    json_t *a = json_array();

    for (int k = 0; k < ST_COLOURS; k++)
        for (int i = 0; i < c[k]; i++)
            json_array_append_new(a, json_string(steam_colour_name(k)));
    return a;
}

json_t *steam_map_json(const struct st_catalog *cat, const struct st_map *m,
                       const struct st_game *g)
{
    json_t *rows = json_array(), *cities = json_array(), *towns = json_array(),
           *imp = json_array();
    char buf[ST_MAX_COLS + 1], hb[8];

    (void)cat;
    for (int r = 0; r < m->rows; r++) {
        for (int c = 0; c < m->cols; c++) {
            const struct st_hex *hx = &m->hex[r * m->cols + c];

            buf[c] = hx->terrain == ST_VOID ? '~'
                   : hx->terrain == ST_CITY ? 'C'
                   : hx->terrain == ST_TOWN ? (hx->river ? 'T' : 't')
                   : hx->terrain == ST_HILLS ? (hx->river ? 'H' : 'h')
                   : hx->river ? 'r' : hx->coast ? 'c' : '.';
        }
        buf[m->cols] = 0;
        json_array_append_new(rows, json_string(buf));
    }
    for (int i = 0; i < m->ncities; i++) {
        const struct st_city *c = &m->city[i];
        json_t *o = json_pack("{s:s, s:s, s:s, s:i}", "hex",
                              steam_hex_name(m, c->hex, hb), "name", c->name,
                              "colour", steam_colour_name(c->colour), "cubes",
                              c->cubes);

        if (g)
            json_object_set_new(o, "growth_marker", json_boolean(g->growth[c->hex]));
        json_array_append_new(cities, o);
    }
    for (int i = 0; i < m->ntowns; i++) {
        const struct st_town *t = &m->town[i];
        json_t *o = json_pack("{s:s, s:s}", "hex", steam_hex_name(m, t->hex, hb),
                              "name", t->name);

        if (g && g->new_city[t->hex])
            json_object_set_new(o, "new_city",
                                json_string(steam_colour_name(g->new_city[t->hex] - 1)));
        json_array_append_new(towns, o);
    }
    for (int h = 0; h < m->nhex; h++)
        for (int s = 0; s < 3; s++)
            if (m->hex[h].blocked[s]) {
                char x[16];

                snprintf(x, sizeof x, "%s/%d", steam_hex_name(m, h, hb), s);
                json_array_append_new(imp, json_string(x));
            }
    return json_pack("{s:s, s:s, s:i, s:i, s:o, s:o, s:o, s:o, s:i}", "id",
                     m->id, "name", m->name, "cols", m->cols, "rows_count",
                     m->rows, "rows", rows, "cities", cities, "towns", towns,
                     "impassable", imp, "supply_spaces", m->supply_spaces);
}

json_t *steam_view_build(const struct st_game *g, int seat)
{
    json_t *o = json_object(), *players = json_array(), *track = json_array(),
           *links = json_array(), *cubes = json_object(), *supply = json_array(),
           *tiles = json_object(), *order = json_array();
    struct st_net net_buf, *net = &net_buf;
    char hb[8];
    int to_act = steam_to_act(g);

    if (steam_net_build(g, net)) {
        json_decref(o);
        json_decref(players);
        json_decref(track);
        json_decref(links);
        json_decref(cubes);
        json_decref(supply);
        json_decref(tiles);
        json_decref(order);
        return json_pack("{s:s}", "error", "corrupt_state");
    }
    for (int s = 0; s < g->nplayers; s++) {
        const struct st_player *p = &g->p[s];

        json_array_append_new(players, json_pack(
            "{s:i, s:i, s:i, s:i, s:i, s:o, s:b, s:b, s:b, s:i, s:i, s:b, s:b, s:b}",
            "seat", s, "cash", p->cash, "income", p->income, "vp", p->vp,
            "locomotive", p->loco, "action",
            p->action >= 0 ? json_string(g->cat->action[p->action].id) : json_null(),
            "pass_option", p->passed_option, "bankrupt", p->bankrupt,
            "resigned", p->resigned,
            "built", p->builds, "build_limit", steam_build_limit(g, s),
            "owes_urbanization", (p->owe & ST_OWE_URBANIZE) != 0,
            "owes_city_growth", (p->owe & ST_OWE_GROWTH) != 0,
            "improved_locomotive", p->loco_moved));
    }
    for (int h = 0; h < g->map->nhex; h++) {
        const struct st_track *tr = &g->track[h];

        if (tr->tile >= 0) {
            json_t *segs = json_array();

            for (int k = 0; k < g->cat->tile[tr->tile].nseg; k++) {
                int e[2];
                const struct st_link *L = &net->link[net->link_of[h][k]];

                steam_seg_ends(g, h, k, e);
                json_array_append_new(segs, json_pack(
                    "{s:[o, o], s:i, s:b, s:i}", "ends",
                    e[0] == ST_TOWN_END ? json_string("town") : json_integer(e[0]),
                    e[1] == ST_TOWN_END ? json_string("town") : json_integer(e[1]),
                    "owner", tr->owner[k], "complete", L->complete, "link",
                    net->link_of[h][k]));
            }
            json_array_append_new(track, json_pack(
                "{s:s, s:s, s:i, s:o}", "hex", hexname(g, h, hb), "tile",
                g->cat->tile[tr->tile].id, "rotation", tr->rot, "segments",
                segs));
        }
        if (st_is_city(g, h)) {
            int n = 0;

            for (int c = 0; c < ST_COLOURS; c++)
                n += g->cubes[h][c];
            if (n)
                json_object_set_new(cubes, hexname(g, h, hb), cube_list(g->cubes[h]));
        }
    }
    for (int l = 0; l < net->nlinks; l++) {
        const struct st_link *L = &net->link[l];
        json_t *ends = json_array(), *lo;

        for (int i = 0; i < 2; i++)
            json_array_append_new(ends, L->end[i] >= 0
                                  ? json_string(hexname(g, L->end[i], hb))
                                  : json_null());
        lo = json_pack("{s:i, s:o, s:i, s:b, s:i}", "link", l, "ends", ends,
                       "owner", L->owner, "complete", L->complete, "tiles",
                       L->nseg);
        if (!L->complete && L->open_hex >= 0) {
            json_object_set_new(lo, "open_hex", json_string(hexname(g, L->open_hex, hb)));
            json_object_set_new(lo, "open_side", json_integer(L->open_side));
            json_object_set_new(lo, "last_extended", json_integer(L->stamp));
        }
        json_array_append_new(links, lo);
    }
    for (int i = 0; i < g->map->supply_spaces; i++)
        json_array_append_new(supply, cube_list(g->supply[i]));
    for (int t = 0; t < g->cat->ntiles; t++)
        json_object_set_new(tiles, g->cat->tile[t].id, json_integer(g->tiles_left[t]));
    for (int i = 0; i < g->norder; i++)     /* who resigned mid-turn has left */
        if (!g->p[g->order[i]].resigned)
            json_array_append_new(order, json_integer(g->order[i]));
    json_object_set_new(o, "game", json_string("steam"));
    json_object_set_new(o, "data_version", json_string(g->cat->version));
    json_object_set_new(o, "viewer", json_integer(seat));
    json_object_set_new(o, "map", steam_map_json(g->cat, g->map, g));
    json_object_set_new(o, "turn", json_integer(g->turn));
    json_object_set_new(o, "last_turn", json_integer(g->last_turn));
    json_object_set_new(o, "phase", json_string(steam_phase_name(g->phase)));
    json_object_set_new(o, "round", json_integer(g->round));
    json_object_set_new(o, "to_act", to_act >= 0 ? json_integer(to_act) : json_null());
    json_object_set_new(o, "turn_order", order);
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "track", track);
    json_object_set_new(o, "links", links);
    json_object_set_new(o, "cubes", cubes);
    json_object_set_new(o, "supply", supply);
    json_object_set_new(o, "bag", colour_counts(g->bag));
    json_object_set_new(o, "tiles_left", tiles);
    json_object_set_new(o, "new_city_tiles_left", colour_counts(g->city_tiles));
    if (g->phase == ST_AUCTION)
        json_object_set_new(o, "auction", json_pack(
            "{s:i, s:o, s:o, s:i}", "position", g->norder + 1, "bid",
            g->auc_bid >= 0 ? json_integer(g->auc_bid) : json_null(), "high_bidder",
            g->auc_high >= 0 ? json_integer(g->auc_high) : json_null(),
            "bidder", g->auc_turn));
    if (g->phase == ST_SCORE) {
        json_t *a = json_array();

        for (int i = 0; i < g->nscore; i++)
            json_array_append_new(a, json_pack("{s:i, s:i}", "seat",
                                               g->score_seat[i], "points",
                                               g->score_pts[i]));
        json_object_set_new(o, "scoring", a);
    }
    json_object_set_new(o, "winner", g->winner >= 0 ? json_integer(g->winner) : json_null());
    return o;
}

/* ---- legal moves ----------------------------------------------------------- */

/*
 * What build_options works from, set up once per call: the distinct
 * rotations of the tile kinds the call may list, for plain hexes [0] and
 * towns [1], in manifest order, with bit sets of those whose track uses
 * each side (a hex then finds the few that fit its sides in a handful of
 * word operations instead of trying every tile and rotation); which hexes
 * are cities; and the JSON values the answer shares. Tile entries
 * {"tile", "rotations", "cost"} repeat from hex to hex, so equal ones are
 * one value referenced from every hex that lists them, as are the
 * rotation numbers (the answer is read only): a build list needs 40%
 * fewer allocations.
 */
#define ST_SHARED_PER_TILE 8
#define ST_ROT_WORDS ((ST_MAX_TILES * 6 + 63) / 64)

struct option_ctx {
    const struct st_game *g;
    const struct st_net *net;
    int seat, redirect, funds;
    int nrot[2];
    struct {
        unsigned char tile, rot;
    } rot[2][ST_MAX_TILES * 6];
    uint64_t with_side[2][6][ST_ROT_WORDS]; /* bit i: rot[.][i] uses side s */
    uint64_t all[2][ST_ROT_WORDS];
    unsigned char city[ST_MAX_HEX];
    json_t *num[6];                         /* 0..5, created when first used */
    int nshared[ST_MAX_TILES];
    struct {
        unsigned rots;                      /* bit r: rotation r listed */
        int cost;
        json_t *v;                          /* borrowed from the answer */
    } shared[ST_MAX_TILES][ST_SHARED_PER_TILE];
};

static void option_ctx_init(struct option_ctx *cx, const struct st_game *g,
                            const struct st_net *net, int seat, int redirect)
{
    const struct st_catalog *cat = g->cat;

    cx->g = g;
    cx->net = net;
    cx->seat = seat;
    cx->redirect = redirect;
    cx->funds = steam_max_funds(g, seat);
    cx->nrot[0] = cx->nrot[1] = 0;
    memset(cx->with_side, 0, sizeof cx->with_side);
    memset(cx->all, 0, sizeof cx->all);
    for (int t = 0; t < cat->ntiles; t++) {
        const struct st_tile *tl = &cat->tile[t];
        int town = tl->town != 0;

        cx->nshared[t] = 0;
        if (redirect && (town || tl->nseg != 1))
            continue;       /* steam_redirect_check refuses these */
        for (int r = 0; r < 6; r++)
            if (tl->rot_distinct & (1u << r)) {
                int i = cx->nrot[town]++;

                cx->rot[town][i].tile = (unsigned char)t;
                cx->rot[town][i].rot = (unsigned char)r;
                cx->all[town][i / 64] |= 1ull << (i % 64);
                for (int s = 0; s < 6; s++)
                    if (tl->side_mask[r] & (1u << s))
                        cx->with_side[town][s][i / 64] |= 1ull << (i % 64);
            }
    }
    for (int h = 0; h < g->map->nhex; h++)
        cx->city[h] = (unsigned char)st_is_city(g, h);
    memset(cx->num, 0, sizeof cx->num);
}

static void option_ctx_done(struct option_ctx *cx)
{
    for (int r = 0; r < 6; r++)
        json_decref(cx->num[r]);
}

/* Whether hex h could take any new tile: next to a city, an open end, or
 * already holding track (an improvement). A cheap filter only. */
static int build_candidate(const struct option_ctx *cx, int h)
{
    const struct st_hex *hx = &cx->g->map->hex[h];

    if (hx->terrain == ST_VOID || cx->city[h])
        return 0;
    if (cx->g->track[h].tile >= 0)
        return 1;
    for (int s = 0; s < 6; s++) {
        int n = hx->nb[s];

        if (n < 0 || hx->blocked[s])
            continue;
        if (cx->city[n] || cx->net->open_at[n][(s + 3) % 6] >= 0)
            return 1;
    }
    return 0;
}

/* Appends to *tiles (created when first needed) the entry for tile t with
 * rotations rots (bit r), nothing when rots is empty. */
static void tile_entry_add(struct option_ctx *cx, json_t **tiles, int t,
                           unsigned rots, int cost)
{
    json_t *a, *v;
    int n;

    if (!rots)
        return;
    n = cx->nshared[t];
    if (!*tiles)
        *tiles = json_array();
    for (int i = 0; i < n; i++)
        if (cx->shared[t][i].rots == rots && cx->shared[t][i].cost == cost) {
            json_array_append(*tiles, cx->shared[t][i].v);
            return;
        }
    a = json_array();
    for (int r = 0; r < 6; r++)
        if (rots & (1u << r)) {
            if (!cx->num[r])
                cx->num[r] = json_integer(r);
            json_array_append(a, cx->num[r]);
        }
    v = json_object();
    json_object_set_new_nocheck(v, "tile", json_string(cx->g->cat->tile[t].id));
    json_object_set_new_nocheck(v, "rotations", a);
    json_object_set_new_nocheck(v, "cost", json_integer(cost));
    if (n < ST_SHARED_PER_TILE) {
        cx->shared[t][n].rots = rots;
        cx->shared[t][n].cost = cost;
        cx->shared[t][n].v = v;
        cx->nshared[t]++;
    }
    json_array_append_new(*tiles, v);
}

/* The tiles hex h may take now, as listed by legal_moves; NULL for none. */
static json_t *hex_options(struct option_ctx *cx, int h)
{
    const struct st_game *g = cx->g;
    const struct st_net *net = cx->net;
    int redirect = cx->redirect, town = g->map->hex[h].terrain == ST_TOWN;
    unsigned bad = 0, have = 0, good = 0, rots = 0;
    uint64_t fit[ST_ROT_WORDS];
    int cur = -1, cost = 0;
    json_t *tiles = NULL;

    /* Sides no new track may use: off the board or impassable (a side of
     * a tile without track there is an open end, RULINGS ST-R-04). A
     * cheap filter before the checks. */
    for (int s = 0; s < 6; s++) {
        int n = g->map->hex[h].nb[s];

        if (n < 0 || g->map->hex[h].blocked[s])
            bad |= 1u << s;
        else if (n >= 0 && (cx->city[n] || net->open_at[n][(s + 3) % 6] >= 0))
            good |= 1u << s;
    }
    /* New track must touch a city or an open end, except a town
     * tile's exits where the player's track already reaches the town. */
    if (town && (net->at_node[h] & (1u << cx->seat)))
        good = 0x3f;
    if (g->track[h].tile >= 0 && !redirect)
        have = g->cat->tile[g->track[h].tile].side_mask[g->track[h].rot];
    /* A rotation fits when its track keeps every side in use (have),
     * adds none that is bad and, when building, one that is good. */
    for (int w = 0; w < ST_ROT_WORDS; w++) {
        uint64_t any = redirect ? ~0ull : 0;

        fit[w] = cx->all[town][w];
        for (int s = 0; s < 6; s++) {
            if (have & (1u << s))
                fit[w] &= cx->with_side[town][s][w];
            else if (bad & (1u << s))
                fit[w] &= ~cx->with_side[town][s][w];
            else if (good & (1u << s))
                any |= cx->with_side[town][s][w];
        }
        fit[w] &= any;
    }
    for (int w = 0; w < ST_ROT_WORDS; w++)
        for (uint64_t bits = fit[w]; bits; bits &= bits - 1) {
            int i = w * 64 + __builtin_ctzll(bits);
            int t = cx->rot[town][i].tile, r = cx->rot[town][i].rot, c;

            if (t != cur) {
                tile_entry_add(cx, &tiles, cur, rots, cost);
                cur = t;
                rots = 0;
            }
            /* On a plain tile each new track must itself touch a city
             * or an open end, or it starts nowhere. */
            if (!redirect && !town) {
                int lonely = 0;

                for (int k = 0; k < g->cat->tile[t].nseg; k++) {
                    unsigned sm = g->cat->tile[t].seg_mask[r][k];

                    if ((sm & have) != sm && !(sm & good))
                        lonely = 1;
                }
                if (lonely)
                    continue;
            }
            if ((redirect ? steam_redirect_check(g, net, cx->seat, h, t, r, &c, NULL)
                          : steam_build_check(g, net, cx->seat, h, t, r, &c, NULL)) ||
                c > cx->funds)
                continue;
            rots |= 1u << r;
            cost = c;
        }
    tile_entry_add(cx, &tiles, cur, rots, cost);
    return tiles;
}

static json_t *build_options(const struct st_game *g, const struct st_net *net,
                             int seat, int redirect)
{
    json_t *opts = json_array(), *tiles, *o;
    struct option_ctx cx;
    char hb[8];

    option_ctx_init(&cx, g, net, seat, redirect);
    for (int h = 0; h < g->map->nhex; h++) {
        if (redirect ? g->track[h].tile < 0 : !build_candidate(&cx, h))
            continue;
        tiles = hex_options(&cx, h);
        if (!tiles)
            continue;
        o = json_object();
        json_object_set_new_nocheck(o, "hex", json_string(hexname(g, h, hb)));
        json_object_set_new_nocheck(o, "tiles", tiles);
        json_array_append_new(opts, o);
    }
    option_ctx_done(&cx);
    return opts;
}

static json_t *supply_choices(const struct st_game *g)
{
    json_t *a = json_array();

    for (int i = 0; i < g->map->supply_spaces; i++)
        for (int c = 0; c < ST_COLOURS; c++)
            if (g->supply[i][c]) {
                json_array_append_new(a, json_integer(i));
                break;
            }
    return a;
}

struct dfs {
    const struct st_game *g;
    const struct st_net *net;
    int seat;
    struct st_route r;
    json_t *out;
    int count;
};

#define ST_MAX_LISTED_ROUTES 4000

static void route_emit(struct dfs *d)
{
    json_t *steps = json_array();
    char hb[8];

    for (int i = 0; i < d->r.n; i++)
        json_array_append_new(steps, json_pack("{s:s, s:i}", "to",
                              hexname(d->g, d->r.to[i], hb), "owner",
                              d->r.owner[i]));
    json_array_append_new(d->out, json_pack(
        "{s:s, s:s, s:s, s:o}", "type", "deliver", "from",
        hexname(d->g, d->r.from, hb), "colour", steam_colour_name(d->r.colour),
        "route", steps));
    d->count++;
}

/* Extends d->r from node `at` by every completed link not yet used. */
static void route_dfs(struct dfs *d, int at)
{
    const struct st_net *net = d->net;

    if (d->r.n >= d->g->p[d->seat].loco || d->count >= ST_MAX_LISTED_ROUTES)
        return;
    for (int l = 0; l < net->nlinks; l++) {
        const struct st_link *L = &net->link[l];
        int to, dup = 0;

        if (!L->complete || (L->end[0] != at && L->end[1] != at))
            continue;
        to = L->end[0] == at ? L->end[1] : L->end[0];
        if (to == d->r.from)
            continue;
        for (int i = 0; i < d->r.n; i++)
            dup |= d->r.to[i] == to;
        /* one entry per (node, owner): parallel links are the same move */
        for (int m = 0; m < l; m++) {
            const struct st_link *M = &net->link[m];

            if (M->complete && M->owner == L->owner &&
                ((M->end[0] == at && M->end[1] == to) ||
                 (M->end[1] == at && M->end[0] == to)))
                dup = 1;
        }
        if (dup)
            continue;
        d->r.to[d->r.n] = to;
        d->r.owner[d->r.n] = L->owner;
        d->r.n++;
        if (st_is_city(d->g, to) && st_city_colour(d->g, to) == d->r.colour) {
            if (steam_deliver_check(d->g, net, d->seat, &d->r, NULL) == 0)
                route_emit(d);
        } else {
            route_dfs(d, to);
        }
        d->r.n--;
    }
}

/* Whether entries of this type are shapes with holes to fill; the others
 * are concrete moves, sent as they are. */
static int is_shape(const char *type)
{
    static const char *const shapes[] = {"bid", "build", "redirect", "urbanize",
                                         "grow", NULL};

    for (int i = 0; type && shapes[i]; i++)
        if (strcmp(type, shapes[i]) == 0)
            return 1;
    return 0;
}

/* Every entry says which it is ("form"), so that a client can tell from
 * the contract alone what it may send unchanged. */
static void mark_forms(json_t *moves)
{
    json_t *m;
    size_t i;

    json_array_foreach(moves, i, m)
        json_object_set_new_nocheck(
            m, "form", json_string(is_shape(json_string_value(json_object_get(m, "type")))
                                   ? "shape" : "move"));
}

json_t *steam_moves_list(const struct st_game *g, int seat)
{
    json_t *moves = json_array();
    struct st_net net_buf, *net = &net_buf;

    if (seat < 0 || seat != steam_to_act(g))
        return json_pack("{s:o}", "moves", moves);
    if (steam_net_build(g, net)) {
        return json_pack("{s:o}", "moves", moves);
    }
    switch (g->phase) {
    case ST_AUCTION: {
        int lo = g->auc_bid + 1, hi = steam_max_funds(g, seat);

        if (lo <= hi)
            json_array_append_new(moves, json_pack(
                "{s:s, s:{s:i, s:i}}", "type", "bid", "amount", "min", lo,
                "max", hi));
        json_array_append_new(moves, json_pack("{s:s}", "type", "pass"));
        break;
    }
    case ST_SELECT:
        for (int a = 0; a < ST_ACTIONS; a++)
            for (int po = 0; po < 2; po++) {
                json_t *m;

                if (steam_select_check(g, seat, a, po, NULL))
                    continue;
                m = json_pack("{s:s, s:s}", "type", "select", "action",
                              g->cat->action[a].id);
                if (g->cat->action[a].pass_option)
                    json_object_set_new(m, "pass_option", json_boolean(po));
                json_array_append_new(moves, m);
            }
        break;
    case ST_BUILD: {
        const struct st_player *p = &g->p[seat];

        if (p->builds < steam_build_limit(g, seat)) {
            json_t *b = build_options(g, net, seat, 0),
                   *r = build_options(g, net, seat, 1);

            if (json_array_size(b))
                json_array_append_new(moves, json_pack("{s:s, s:o}", "type",
                                      "build", "options", b));
            else
                json_decref(b);
            if (json_array_size(r))
                json_array_append_new(moves, json_pack("{s:s, s:o}", "type",
                                      "redirect", "options", r));
            else
                json_decref(r);
        }
        if (p->owe & ST_OWE_URBANIZE) {
            json_t *hexes = json_array(), *cols = json_array(),
                   *m = json_pack("{s:s}", "type", "urbanize");
            char hb[8];

            for (int h = 0; h < g->map->nhex; h++)
                if (g->map->hex[h].terrain == ST_TOWN && !g->new_city[h])
                    json_array_append_new(hexes, json_string(hexname(g, h, hb)));
            for (int c = 0; c < ST_COLOURS; c++)
                if (g->city_tiles[c])
                    json_array_append_new(cols, json_string(steam_colour_name(c)));
            json_object_set_new(m, "hex", hexes);
            json_object_set_new(m, "colour", cols);
            json_object_set_new(m, "supply", supply_choices(g));
            json_array_append_new(moves, m);
        }
        if (p->owe & ST_OWE_GROWTH) {
            json_t *cities = json_array(), *m = json_pack("{s:s}", "type", "grow");
            char hb[8];

            for (int h = 0; h < g->map->nhex; h++)
                if (st_is_city(g, h) && !g->growth[h])
                    json_array_append_new(cities, json_string(hexname(g, h, hb)));
            json_object_set_new(m, "city", cities);
            json_object_set_new(m, "supply", supply_choices(g));
            json_array_append_new(moves, m);
        }
        if (!p->owe)
            json_array_append_new(moves, json_pack("{s:s}", "type", "done"));
        break;
    }
    case ST_MOVE: {
        struct dfs d;

        memset(&d, 0, sizeof d);
        d.g = g;
        d.net = net;
        d.seat = seat;
        d.out = moves;
        for (int h = 0; h < g->map->nhex; h++)
            for (int c = 0; st_is_city(g, h) && c < ST_COLOURS; c++)
                if (g->cubes[h][c]) {
                    d.r.from = h;
                    d.r.colour = c;
                    d.r.n = 0;
                    route_dfs(&d, h);
                }
        if (!g->p[seat].loco_moved && g->p[seat].loco < g->cat->loco_max)
            json_array_append_new(moves, json_pack("{s:s}", "type", "locomotive"));
        json_array_append_new(moves, json_pack("{s:s}", "type", "pass"));
        break;
    }
    case ST_SCORE:
        if (g->p[seat].income + g->score_pts[0] <= g->cat->income_max)
            json_array_append_new(moves, json_pack("{s:s, s:s}", "type",
                                                   "score", "take", "income"));
        json_array_append_new(moves, json_pack("{s:s, s:s}", "type", "score",
                                               "take", "vp"));
        break;
    default:
        break;
    }
    mark_forms(moves);
    return json_pack("{s:o}", "moves", moves);
}

void steam_status_fill(const struct st_game *g, struct rules_status *st)
{
    int s = steam_to_act(g);

    memset(st, 0, sizeof *st);
    if (g->phase == ST_OVER) {
        int left = 0, resigned = 0;

        for (int i = 0; i < g->nplayers; i++) {
            left += st_in_game(g, i);
            resigned += g->p[i].resigned;
        }
        st->finished = 1;
        st->winners = 1u << g->winner;
        steam_final_places(g, st->place);
        if (resigned && left <= 1 && g->turn < g->last_turn)
            snprintf(st->summary, sizeof st->summary,
                     "Game over in turn %d: seat %d wins, the others having "
                     "resigned or gone bankrupt.", g->turn, g->winner);
        else
            snprintf(st->summary, sizeof st->summary,
                     "Game over after turn %d: seat %d wins with %d VP.",
                     g->turn, g->winner, g->p[g->winner].vp);
        return;
    }
    st->must_act = 1u << s;
    snprintf(st->summary, sizeof st->summary,
             "Turn %d of %d, %s phase: seat %d to act.", g->turn,
             g->last_turn, steam_phase_name(g->phase), s);
}

/* ---- describe ------------------------------------------------------------------ */

static const char *const move_schemas =
    "{"
    "\"bid\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"amount\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"bid\"},\"amount\":{\"type\":\"integer\",\"minimum\":0}}},"
    "\"pass\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"pass\"}}},"
    "\"select\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"action\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"select\"},\"action\":{\"enum\":[\"turn_order\",\"first_move\","
    "  \"first_build\",\"engineer\",\"city_growth\",\"urbanization\",\"locomotive\"]},"
    "  \"pass_option\":{\"type\":\"boolean\"}}},"
    "\"build\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"hex\",\"tile\",\"rotation\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"build\"},\"hex\":{\"type\":\"string\"},\"tile\":{\"type\":\"string\"},"
    "  \"rotation\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":5}}},"
    "\"redirect\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"hex\",\"tile\",\"rotation\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"redirect\"},\"hex\":{\"type\":\"string\"},\"tile\":{\"type\":\"string\"},"
    "  \"rotation\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":5}}},"
    "\"urbanize\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"hex\",\"colour\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"urbanize\"},\"hex\":{\"type\":\"string\"},"
    "  \"colour\":{\"enum\":[\"red\",\"blue\",\"yellow\",\"purple\",\"gray\"]},\"supply\":{\"type\":[\"integer\",\"null\"]}}},"
    "\"grow\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"city\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"grow\"},\"city\":{\"type\":\"string\"},\"supply\":{\"type\":[\"integer\",\"null\"]}}},"
    "\"done\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"done\"}}},"
    "\"deliver\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"from\",\"colour\",\"route\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"deliver\"},\"from\":{\"type\":\"string\"},"
    "  \"colour\":{\"enum\":[\"red\",\"blue\",\"yellow\",\"purple\",\"gray\"]},"
    "  \"route\":{\"type\":\"array\",\"minItems\":1,\"maxItems\":6,\"items\":{\"type\":\"object\","
    "  \"additionalProperties\":false,\"required\":[\"to\",\"owner\"],\"properties\":{\"to\":{\"type\":\"string\"},"
    "  \"owner\":{\"type\":\"integer\",\"minimum\":-1,\"maximum\":5}}}}}},"
    "\"locomotive\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"locomotive\"}}},"
    "\"score\": {\"type\":\"object\",\"additionalProperties\":false,\"required\":[\"type\",\"take\"],"
    "  \"properties\":{\"form\":{\"const\":\"move\"},\"type\":{\"const\":\"score\"},\"take\":{\"enum\":[\"income\",\"vp\"]}}}"
    "}";

static const char *const options_schema =
    "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{"
    "\"map\":{\"enum\":[\"tidewater\",\"rhinegold\"],\"description\":\"Default: tidewater for 3-4 players, rhinegold for 5-6.\"},"
    "\"turn_order\":{\"enum\":[\"random\",\"auction\"],\"default\":\"auction\","
    "\"description\":\"Initial turn order: the auction, or random with $1/$2/... to the later players (first game).\"}}}";

json_t *steam_describe_build(void)
{
    const struct st_catalog *cat = steam_catalog_get();
    json_t *o, *maps = json_array(), *tiles = json_array(), *actions = json_array();

    if (!cat->ok)
        return json_pack("{s:s, s:s, s:s}", "id", "steam", "error",
                         "catalog_invalid", "message", cat->error);
    for (int i = 0; i < cat->nmaps; i++) {
        json_t *m = steam_map_json(cat, &cat->map[i], NULL), *pl = json_array();

        for (int p = cat->map[i].players_lo; p <= cat->map[i].players_hi; p++)
            json_array_append_new(pl, json_integer(p));
        json_object_set_new(m, "players", pl);
        json_object_set_new(m, "fewer_cubes_with_3", json_boolean(cat->map[i].fewer_with_3));
        json_array_append_new(maps, m);
    }
    for (int t = 0; t < cat->ntiles; t++) {
        const struct st_tile *tl = &cat->tile[t];
        json_t *segs = json_array();

        for (int k = 0; k < tl->nseg; k++)
            json_array_append_new(segs, tl->town
                ? json_pack("[i, s]", tl->seg[k][0], "town")
                : json_pack("[i, i]", tl->seg[k][0], tl->seg[k][1]));
        json_array_append_new(tiles, json_pack(
            "{s:s, s:s, s:s, s:o, s:i, s:i}", "id", tl->id, "name", tl->name,
            "kind", tl->town ? "town" : "plain", "segments", segs, "count",
            tl->count, "track_cost", tl->exits + tl->town));
    }
    for (int a = 0; a < ST_ACTIONS; a++)
        json_array_append_new(actions, json_pack(
            "{s:s, s:s, s:i, s:i, s:b}", "id", cat->action[a].id, "name",
            cat->action[a].name, "value", cat->action[a].value, "cost",
            cat->action[a].cost, "pass_option", cat->action[a].pass_option));
    o = json_pack("{s:s, s:s, s:i, s:i, s:s}", "id", "steam", "title", "Steam",
                  "min_seats", 3, "max_seats", 6, "data_version", cat->version);
    json_object_set_new(o, "options", json_loads(options_schema, 0, NULL));
    {
        static const struct {
            const char *type, *text;
        } desc[] = {
            {"bid", "Initial turn-order auction: raise the bid for the position on offer "
                    "(at least $1 more; the first bid may be $0). The winner raises the "
                    "money to pay."},
            {"pass", "Auction: leave the bidding for this position (final). Move Goods: "
                     "do nothing with this activity."},
            {"select", "Phase 1: take an action tile; for City Growth and Urbanization "
                       "say at once whether you use its Pass Option."},
            {"build", "Phase 2: lay a tile on an empty hex, or improve the tile there "
                      "with one that keeps all its track (crossing, passing or a richer "
                      "town tile)."},
            {"redirect", "Phase 2: change the tile at the open end of an incomplete "
                         "link so that its track leaves another way."},
            {"urbanize", "Phase 2, after taking Urbanization: place a New City tile of a "
                         "colour still available on a town, with the cubes of one Goods "
                         "Supply space (omit supply when all are empty)."},
            {"grow", "Phase 2, after taking City Growth: add the cubes of one Goods "
                     "Supply space to a city without a City Growth marker."},
            {"done", "Phase 2: finish building this turn."},
            {"deliver", "Phase 3: move a cube along completed links to the first city of "
                        "its colour; each step names the node reached and the owner of "
                        "the link used (-1 unowned)."},
            {"locomotive", "Phase 3: improve your locomotive one level (once per turn, "
                           "free)."},
            {"score", "After a delivery, each scorer in turn: take the track points as "
                      "income or as VP."},
        };
        json_t *schemas = json_loads(move_schemas, 0, NULL), *types = json_array();

        for (size_t i = 0; i < sizeof desc / sizeof desc[0]; i++)
            json_array_append_new(types, json_pack(
                "{s:s, s:s, s:O}", "type", desc[i].type, "description",
                desc[i].text, "schema", json_object_get(schemas, desc[i].type)));
        json_decref(schemas);
        json_object_set_new(o, "move_types", types);
    }
    json_object_set_new(o, "legal_moves", json_string(
        "{\"moves\": [...]} for the seat that must act (empty for others). Each entry has "
        "\"form\": \"move\" (a concrete move, sent as it is, its form included or not) or "
        "\"shape\" (holes to fill; send the move without form). Concrete moves "
        "(select, score, deliver, locomotive, pass, done) are listed as they are sent. Shapes: "
        "\"bid\" has \"amount\": {\"min\", \"max\"}; \"build\" and \"redirect\" have \"options\": "
        "[{\"hex\", \"tiles\": [{\"tile\", \"rotations\": [...], \"cost\"}]}] - send "
        "{\"type\", \"hex\", \"tile\", \"rotation\"}; \"urbanize\" and \"grow\" give an array "
        "of allowed values per field (\"hex\"/\"city\", \"colour\", \"supply\"; an empty supply "
        "array means omit supply), any combination is legal. Rotations are listed once per "
        "distinct orientation; any rotation 0..5 is accepted."));
    json_object_set_new(o, "geometry", json_string(
        "Pointy-top hexes in rows; odd rows are shifted half a hex right. A hex is its column "
        "letter and 1-based row (\"e1\"). Sides are numbered clockwise from east: 0 E, 1 SE, "
        "2 SW, 3 W, 4 NW, 5 NE; rotation r turns side s into (s + r) mod 6. Map codes: ~ no "
        "hex, . plains, c coast, r river, h hills, H hills with river, t town, T town on a "
        "river, C city."));
    json_object_set_new(o, "maps", maps);
    json_object_set_new(o, "tiles", tiles);
    json_object_set_new(o, "actions", actions);
    json_object_set_new(o, "rules", json_pack(
        "{s:i, s:i, s:i, s:{s:i, s:i, s:i, s:i}}", "income_min", cat->income_min,
        "income_max", cat->income_max, "locomotive_max", cat->loco_max,
        "turns", "3", cat->turns[3], "4", cat->turns[4], "5", cat->turns[5],
        "6", cat->turns[6]));
    return o;
}
