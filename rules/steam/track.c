/*
 * track.c - links from tiles, and the rules of laying track (RULINGS.md
 * ST-R-BUILD-*). Every check runs on the board before any change.
 */
#include "track.h"

#include <stdlib.h>
#include <string.h>

enum { E_OFF, E_BLOCKED, E_NODE, E_OPEN, E_TRACK, E_MISMATCH };

void steam_seg_ends(const struct st_game *g, int h, int k, int e[2])
{
    const struct st_tile *t = &g->cat->tile[g->track[h].tile];

    e[0] = st_rot(t->seg[k][0], g->track[h].rot);
    e[1] = st_rot(t->seg[k][1], g->track[h].rot);
}

/* The segment of the tile on h with an end at side, or -1. */
static int seg_at_side(const struct st_game *g, int h, int side)
{
    const struct st_track *tr = &g->track[h];

    if (tr->tile < 0)
        return -1;
    for (int k = 0; k < g->cat->tile[tr->tile].nseg; k++) {
        int e[2];

        steam_seg_ends(g, h, k, e);
        if (e[0] == side || e[1] == side)
            return k;
    }
    return -1;
}

/* What end e of a segment on hex h runs into. */
static int resolve(const struct st_game *g, int h, int e, int *node, int *nh,
                   int *nk)
{
    const struct st_hex *hx = &g->map->hex[h];
    int n, k;

    *node = *nh = *nk = -1;
    if (e == ST_TOWN_END) {
        *node = h;
        return E_NODE;
    }
    n = hx->nb[e];
    if (n < 0)
        return E_OFF;
    if (hx->blocked[e])
        return E_BLOCKED;
    if (st_is_city(g, n)) {
        *node = n;
        return E_NODE;
    }
    if (g->track[n].tile < 0)
        return E_OPEN;
    k = seg_at_side(g, n, (e + 3) % 6);
    if (k < 0)
        return E_MISMATCH;
    *nh = n;
    *nk = k;
    return E_TRACK;
}

static int other_end(const int e[2], int in)
{
    return e[0] == in ? e[1] : e[0];
}

/* Records end i of link l: the node it reaches or the open tile side. */
static void set_end(struct st_net *net, int l, int i, int r, int node, int h,
                    int side)
{
    struct st_link *L = &net->link[l];

    if (r == E_NODE) {
        L->end[i] = node;
        return;
    }
    L->end[i] = -1;
    if (L->open_hex < 0) {
        L->open_hex = h;
        L->open_side = side;
    }
    if (side != ST_TOWN_END)
        net->open_at[h][side] = (short)l;
}

int steam_net_build(const struct st_game *g, struct st_net *net)
{
    const int nhex = g->map->nhex;

    net->nlinks = 0;
    memset(net->link_of, 0xff, sizeof net->link_of);
    memset(net->open_at, 0xff, sizeof net->open_at);
    memset(net->at_node, 0, sizeof net->at_node);
    for (int h = 0; h < nhex; h++) {
        int nseg = g->track[h].tile < 0 ? 0 : g->cat->tile[g->track[h].tile].nseg;

        for (int k = 0; k < nseg; k++) {
            int ch = h, ck = k, out, in, e[2], steps = 0, l, node, nh, nk, r;
            struct st_link *L;

            if (net->link_of[h][k] >= 0)
                continue;
            steam_seg_ends(g, ch, ck, e);
            out = e[0];
            while (resolve(g, ch, out, &node, &nh, &nk) == E_TRACK) {
                if (++steps > ST_MAX_LINKS)
                    return -1;
                steam_seg_ends(g, nh, nk, e);
                out = other_end(e, (out + 3) % 6);
                ch = nh;
                ck = nk;
            }
            if (net->nlinks >= ST_MAX_LINKS)
                return -1;
            l = net->nlinks++;
            L = &net->link[l];
            memset(L, 0, sizeof *L);
            L->open_hex = L->open_side = -1;
            L->owner = g->track[ch].owner[ck];
            r = resolve(g, ch, out, &node, &nh, &nk);
            set_end(net, l, 0, r, node, ch, out);
            in = out;
            for (;;) {
                if (net->link_of[ch][ck] >= 0)
                    return -1;          /* a loop of track */
                net->link_of[ch][ck] = (short)l;
                L->nseg++;
                if (g->track[ch].owner[ck] != L->owner)
                    return -1;          /* one link, two owners */
                if (g->track[ch].stamp[ck] > L->stamp)
                    L->stamp = g->track[ch].stamp[ck];
                steam_seg_ends(g, ch, ck, e);
                out = other_end(e, in);
                r = resolve(g, ch, out, &node, &nh, &nk);
                if (r != E_TRACK) {
                    set_end(net, l, 1, r, node, ch, out);
                    break;
                }
                ch = nh;
                ck = nk;
                in = (out + 3) % 6;
            }
            L->complete = L->end[0] >= 0 && L->end[1] >= 0;
            if (L->complete && L->end[0] == L->end[1])
                return -1;
            for (int i = 0; i < 2; i++)
                if (L->owner >= 0 && L->end[i] >= 0)
                    net->at_node[L->end[i]] |= 1u << L->owner;
        }
    }
    return 0;
}

void steam_link_set_owner(struct st_game *g, const struct st_net *net, int l,
                          int owner)
{
    for (int h = 0; h < g->map->nhex; h++)
        for (int k = 0; k < ST_MAX_SEGS; k++)
            if (net->link_of[h][k] == l)
                g->track[h].owner[k] = owner;
}

/* The node at the far end of link l from its open end at (h, side). */
static int far_node(const struct st_net *net, int l)
{
    const struct st_link *L = &net->link[l];

    return L->end[0] >= 0 ? L->end[0] : L->end[1];
}

/* How one new segment (ends a, b on hex h) would join the network. */
struct seg_eval {
    int joined[2];              /* link joined at each end, -1 */
    int far[2];                 /* node reached through each end, -1 */
    int gives_to;               /* a town exit joining another's link */
};

static int eval_ends(const struct st_game *g, const struct st_net *net, int h,
                     const int e[2], struct seg_eval *ev,
                     struct rules_error *err)
{
    ev->gives_to = -1;
    for (int i = 0; i < 2; i++) {
        int node, nh, nk, r = resolve(g, h, e[i], &node, &nh, &nk);

        ev->joined[i] = ev->far[i] = -1;
        switch (r) {
        case E_OFF:
            return rules_fail(err, "off_board", ST_RULE_LIMITS,
                              "Track may not run off the edge of the board.");
        case E_BLOCKED:
            return rules_fail(err, "impassable", ST_RULE_LIMITS,
                              "Track may not cross a hex side marked "
                              "impassable.");
        case E_NODE:
            ev->far[i] = node;
            break;
        case E_TRACK:
            ev->joined[i] = net->link_of[nh][nk];
            ev->far[i] = far_node(net, ev->joined[i]);
            break;
        default:
            /* An empty hex, or a tile side without track (E_MISMATCH):
             * an open end, which improving that tile may continue
             * (RULINGS ST-R-04). */
            break;
        }
    }
    if (ev->joined[0] >= 0 && ev->joined[0] == ev->joined[1])
        return rules_fail(err, "loop", ST_RULE_LIMITS,
                          "Track may not join a link to itself.");
    if (ev->far[0] >= 0 && ev->far[0] == ev->far[1])
        return rules_fail(err, "same_place", ST_RULE_LIMITS,
                          "Track may not start and finish in the same town "
                          "or city.");
    return 0;
}

/* May seat claim unowned incomplete link l? */
static int claimable(const struct st_game *g, const struct st_net *net,
                     int seat, int l)
{
    int f = far_node(net, l);

    return f >= 0 && (st_is_city(g, f) || (net->at_node[f] & (1u << seat)));
}

/* The segments of kind t at rotation r as canonical side-pair keys. */
static int seg_key(const struct st_tile *t, int r, int k)
{
    int a = st_rot(t->seg[k][0], r), b = st_rot(t->seg[k][1], r);

    return a < b ? a * 8 + b : b * 8 + a;
}

/*
 * Checks every new segment of tile kind `tile` at rot on h. newseg[k] is
 * set for the segments not already on the hex; evs[k] their evaluation.
 */
static int check_segments(const struct st_game *g, const struct st_net *net,
                          int seat, int h, int tile, int rot,
                          const int newseg[ST_MAX_SEGS],
                          struct seg_eval evs[ST_MAX_SEGS],
                          struct rules_error *err)
{
    const struct st_tile *t = &g->cat->tile[tile];
    int reach = t->town && (net->at_node[h] & (1u << seat));

    for (int k = 0; k < t->nseg; k++) {
        int e[2] = {st_rot(t->seg[k][0], rot), st_rot(t->seg[k][1], rot)};

        if (!newseg[k])
            continue;
        if (eval_ends(g, net, h, e, &evs[k], err))
            return -1;
        for (int i = 0; i < 2; i++) {
            int l = evs[k].joined[i];

            if (l >= 0 && (net->link[l].owner == seat ||
                           (net->link[l].owner < 0 && claimable(g, net, seat, l))))
                reach = 1;
        }
    }
    for (int k = 0; k < t->nseg; k++) {
        struct seg_eval *ev = &evs[k];
        int mine = 0, city = 0, unowned_ok = 1;

        if (!newseg[k])
            continue;
        for (int i = 0; i < 2; i++) {
            int l = ev->joined[i];

            if (ev->far[i] >= 0 && st_is_city(g, ev->far[i]))
                city = 1;
            if (l < 0)
                continue;
            if (net->link[l].owner == seat) {
                mine = 1;
            } else if (net->link[l].owner >= 0) {
                if (!t->town)
                    return rules_fail(err, "other_players_track",
                                      ST_RULE_BUILD,
                                      "You may not extend another player's "
                                      "track.");
                ev->gives_to = net->link[l].owner;
            }
        }
        for (int i = 0; i < 2; i++) {
            int l = ev->joined[i];

            if (l >= 0 && net->link[l].owner < 0 &&
                !claimable(g, net, seat, l) && !mine && !(t->town && reach))
                unowned_ok = 0;
        }
        if (!unowned_ok)
            return rules_fail(err, "cannot_claim", ST_RULE_UNOWNED,
                              "You can only claim an unowned incomplete link "
                              "that starts at a city or connects to one of "
                              "your own links.");
        if (ev->gives_to >= 0 || mine || city || (t->town && reach))
            continue;
        for (int i = 0; i < 2; i++)
            if (ev->joined[i] >= 0)
                mine = 1;       /* a claimable unowned link */
        if (!mine)
            return rules_fail(err, "not_connected", ST_RULE_BUILD,
                              t->town
                              ? "Track may leave a town only where your own "
                                "track reaches it; otherwise start from a city."
                              : "New track must extend your own track or "
                                "start from a city.");
    }
    return 0;
}

/* Which segments of kind tile at rot are new on h: 0, or -1 when the tile
 * would take away track that is there. */
static int new_segments(const struct st_game *g, int h, int tile, int rot,
                        int newseg[ST_MAX_SEGS], int match[ST_MAX_SEGS])
{
    const struct st_track *tr = &g->track[h];
    const struct st_tile *t = &g->cat->tile[tile];
    int found = 0;

    for (int k = 0; k < ST_MAX_SEGS; k++) {
        newseg[k] = k < t->nseg;
        match[k] = -1;
    }
    if (tr->tile < 0)
        return 0;
    for (int j = 0; j < g->cat->tile[tr->tile].nseg; j++) {
        int key = seg_key(&g->cat->tile[tr->tile], tr->rot, j), hit = 0;

        for (int k = 0; k < t->nseg; k++)
            if (seg_key(t, rot, k) == key) {
                newseg[k] = 0;
                match[k] = j;
                hit = 1;
            }
        if (!hit)
            return -1;
        found++;
    }
    return found;
}

int steam_build_check(const struct st_game *g, const struct st_net *net,
                      int seat, int h, int tile, int rot, int *cost,
                      struct rules_error *err)
{
    const struct st_hex *hx;
    const struct st_tile *t;
    struct seg_eval evs[ST_MAX_SEGS];
    int newseg[ST_MAX_SEGS], match[ST_MAX_SEGS], kept, improving;

    if (h < 0 || h >= g->map->nhex || g->map->hex[h].terrain == ST_VOID)
        return rules_fail(err, "bad_hex", ST_RULE_FORMAT,
                          "There is no such hex on this map.");
    if (tile < 0 || tile >= g->cat->ntiles || rot < 0 || rot > 5)
        return rules_fail(err, "bad_tile", ST_RULE_FORMAT,
                          "Name a tile of the manifest and a rotation 0..5.");
    hx = &g->map->hex[h];
    t = &g->cat->tile[tile];
    if (st_is_city(g, h))
        return rules_fail(err, "city_hex", ST_RULE_LIMITS,
                          "Track cannot be placed on top of a city.");
    if (hx->terrain == ST_TOWN && !t->town)
        return rules_fail(err, "town_tile_needed", ST_RULE_TOWNS,
                          "Only a town track tile may be placed on a hex "
                          "with a town.");
    if (hx->terrain != ST_TOWN && t->town)
        return rules_fail(err, "not_a_town", ST_RULE_TOWNS,
                          "A town track tile may only be placed on a hex "
                          "with a town.");
    if (g->tiles_left[tile] <= 0)
        return rules_fail(err, "tile_unavailable", ST_RULE_BUILD,
                          "There are no %s tiles left in the supply.",
                          t->name);
    improving = g->track[h].tile >= 0;
    kept = new_segments(g, h, tile, rot, newseg, match);
    if (kept < 0)
        return rules_fail(err, "must_preserve", ST_RULE_IMPROVE,
                          "Improving must keep all the track already on the "
                          "hex; you may only add track.");
    if (improving && kept >= t->nseg)
        return rules_fail(err, "no_new_track", ST_RULE_IMPROVE,
                          "An improvement must add new track to the hex.");
    if (check_segments(g, net, seat, h, tile, rot, newseg, evs, err))
        return -1;
    *cost = t->exits + (t->town ? 1 : 0);
    if (!improving)
        *cost += (hx->river ? 1 : 0) + (hx->terrain == ST_HILLS ? 2 : 0);
    return 0;
}

void steam_build_do(struct st_game *g, int seat, int h, int tile, int rot)
{
    struct st_net pre_buf, *pre = &pre_buf;
    struct st_track old, *tr = &g->track[h];
    const struct st_tile *t = &g->cat->tile[tile];
    struct seg_eval evs[ST_MAX_SEGS];
    int newseg[ST_MAX_SEGS], match[ST_MAX_SEGS];
    struct rules_error err;

    if (steam_net_build(g, pre))
        abort();
    new_segments(g, h, tile, rot, newseg, match);
    memset(evs, 0, sizeof evs);
    if (check_segments(g, pre, seat, h, tile, rot, newseg, evs, &err))
        abort();
    /* Claims first, on the board as it was. */
    for (int k = 0; k < t->nseg; k++)
        for (int i = 0; newseg[k] && i < 2; i++) {
            int l = evs[k].joined[i];

            if (l >= 0 && pre->link[l].owner < 0)
                steam_link_set_owner(g, pre, l, seat);
        }
    old = *tr;
    if (old.tile >= 0)
        g->tiles_left[old.tile]++;
    g->tiles_left[tile]--;
    tr->tile = tile;
    tr->rot = rot;
    for (int k = 0; k < ST_MAX_SEGS; k++) {
        if (k >= t->nseg) {
            tr->owner[k] = -1;
            tr->stamp[k] = 0;
        } else if (!newseg[k]) {
            tr->owner[k] = old.owner[match[k]];
            tr->stamp[k] = old.stamp[match[k]];
        } else {
            tr->owner[k] = evs[k].gives_to >= 0 ? evs[k].gives_to : seat;
            tr->stamp[k] = g->turn;
        }
    }
}

/* The single segment of the plain tile on h, as (entry, open) sides, when
 * it is the open end of an incomplete link; else -1. */
static int redirect_target(const struct st_game *g, const struct st_net *net,
                           int h, int *entry, int *open, int *l)
{
    const struct st_track *tr = &g->track[h];
    int e[2];

    if (tr->tile < 0 || g->cat->tile[tr->tile].town ||
        g->cat->tile[tr->tile].nseg != 1)
        return -1;
    *l = net->link_of[h][0];
    if (*l < 0 || net->link[*l].complete)
        return -1;
    steam_seg_ends(g, h, 0, e);
    for (int i = 0; i < 2; i++)
        if (net->open_at[h][e[i]] == *l) {
            *open = e[i];
            *entry = e[1 - i];
            return 0;
        }
    return -1;
}

int steam_redirect_check(const struct st_game *g, const struct st_net *net,
                         int seat, int h, int tile, int rot, int *cost,
                         struct rules_error *err)
{
    const struct st_tile *t;
    int entry, open, l, e[2], z, node, nh, nk, r;

    if (h < 0 || h >= g->map->nhex || g->map->hex[h].terrain == ST_VOID)
        return rules_fail(err, "bad_hex", ST_RULE_FORMAT,
                          "There is no such hex on this map.");
    if (tile < 0 || tile >= g->cat->ntiles || rot < 0 || rot > 5)
        return rules_fail(err, "bad_tile", ST_RULE_FORMAT,
                          "Name a tile of the manifest and a rotation 0..5.");
    if (g->map->hex[h].terrain == ST_TOWN && g->track[h].tile >= 0)
        return rules_fail(err, "town_redirect", ST_RULE_REDIRECT,
                          "Track on a hex containing a town cannot be "
                          "redirected.");
    if (redirect_target(g, net, h, &entry, &open, &l))
        return rules_fail(err, "not_redirectable", ST_RULE_REDIRECT,
                          "Only the tile at the open end of an incomplete "
                          "link, with a single track on it, can be "
                          "redirected; completed links cannot be altered.");
    if (net->link[l].owner >= 0 && net->link[l].owner != seat)
        return rules_fail(err, "other_players_track", ST_RULE_REDIRECT,
                          "You cannot redirect track on another player's "
                          "link.");
    if (net->link[l].owner < 0 && !claimable(g, net, seat, l))
        return rules_fail(err, "cannot_claim", ST_RULE_REDIRECT,
                          "You can only redirect an unowned incomplete link "
                          "that starts at a city or connects to one of your "
                          "own links.");
    t = &g->cat->tile[tile];
    if (t->town || t->nseg != 1)
        return rules_fail(err, "bad_redirect_tile", ST_RULE_REDIRECT,
                          "Redirect with a plain tile of a single track.");
    e[0] = st_rot(t->seg[0][0], rot);
    e[1] = st_rot(t->seg[0][1], rot);
    if (e[0] != entry && e[1] != entry)
        return rules_fail(err, "must_preserve", ST_RULE_REDIRECT,
                          "The redirected tile must still connect to the "
                          "rest of its link.");
    z = e[0] == entry ? e[1] : e[0];
    if (z == open)
        return rules_fail(err, "same_track", ST_RULE_REDIRECT,
                          "Redirecting must send the track in a different "
                          "direction.");
    if (tile != g->track[h].tile && g->tiles_left[tile] <= 0)
        return rules_fail(err, "tile_unavailable", ST_RULE_BUILD,
                          "There are no %s tiles left in the supply.",
                          t->name);
    r = resolve(g, h, z, &node, &nh, &nk);
    if (r == E_OFF)
        return rules_fail(err, "off_board", ST_RULE_LIMITS,
                          "Track may not run off the edge of the board.");
    if (r == E_BLOCKED)
        return rules_fail(err, "impassable", ST_RULE_LIMITS,
                          "Track may not cross a hex side marked impassable.");
    if (r == E_TRACK)
        return rules_fail(err, "redirect_into_track", ST_RULE_REDIRECT,
                          "A redirected tile may point into an empty hex, a "
                          "town, a city or a tile side without track, not "
                          "into other track.");
    if (r == E_NODE && node == far_node(net, l))
        return rules_fail(err, "same_place", ST_RULE_LIMITS,
                          "Track may not start and finish in the same town "
                          "or city.");
    *cost = t->exits;
    return 0;
}

void steam_redirect_do(struct st_game *g, int seat, int h, int tile, int rot)
{
    struct st_net net_buf, *net = &net_buf;
    struct st_track *tr = &g->track[h];
    int l, complete;

    g->tiles_left[tr->tile]++;
    g->tiles_left[tile]--;
    tr->tile = tile;
    tr->rot = rot;
    if (steam_net_build(g, net))
        abort();
    l = net->link_of[h][0];
    complete = net->link[l].complete;
    if (complete && net->link[l].owner < 0)
        steam_link_set_owner(g, net, l, seat);
}
