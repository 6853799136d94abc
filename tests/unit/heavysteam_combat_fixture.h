/*
 * heavysteam_combat_fixture.h - what the combat tests share
 * (test_heavysteam_combat.c: the steps of one attack;
 * test_heavysteam_combat_traits.c: weapon traits, equipment, support
 * units): a game set up, moves, steam phases, attacks, and the events
 * the checks read.
 *
 * Every game is the Meeting Engagement of two catalog boards with their
 * printed loadouts, set up by hs_titan_init as the game's setup does;
 * positions are reached by playing: steam phases through titan_flow.h,
 * moves paid from the mobility station, attacks through combat.h. Where
 * a test needs a roll to come out a way, it tries fixed seeds in order
 * until one does.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_COMBAT_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_COMBAT_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "heavysteam/combat.h"
#include "heavysteam/titan_flow.h"

static struct hs_game G;
static struct rng rng;
static json_t *events;

static inline void seed(int k)
{
    unsigned char key[RNG_KEY_BYTES];

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 7 + 3);
    key[0] ^= (unsigned char)k;
    key[1] ^= (unsigned char)(k >> 8);
    rng_init(&rng, key, 0);
}

static inline int ok(int rc, const struct rules_error *err)
{
    if (rc < 0)
        fprintf(stderr, "  refused: %s: %s\n", err->code, err->message);
    return rc >= 0;
}

static inline int station(int seat, const char *id)
{
    const struct hs_board *b = G.titan[G.p[seat].titan].cubes.board;

    for (int i = 0; i < b->nstations; i++)
        if (strcmp(b->station[i].id, id) == 0)
            return i;
    return HS_NONE;
}

static inline struct hs_titan *T(int seat)
{
    return &G.titan[G.p[seat].titan].cubes;
}

static inline int steam(int seat, const char *id)
{
    return hs_titan_steam_at(T(seat), station(seat, id));
}

static inline int cubes(int seat, const char *id, enum hs_cube c)
{
    int s = station(seat, id), n = 0;

    for (int q = 0; q < T(seat)->nsquares[s]; q++)
        n += T(seat)->cube[s][q] == c;
    return n;
}

static inline int count_events(const char *type)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(events, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

static inline json_t *last_event(const char *type)
{
    json_t *found = NULL, *e;
    size_t i;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            found = e;
    return found;
}

static inline int event_int(const char *type, const char *key)
{
    json_t *e = last_event(type);

    return e ? (int)json_integer_value(json_object_get(e, key)) : -1;
}

static inline int event_bool(const char *type, const char *key)
{
    json_t *e = last_event(type);

    return e && json_is_true(json_object_get(e, key));
}

/* Critical faces among the last roll of type. */
static inline int faces(const char *type, const char *face)
{
    json_t *f = json_object_get(last_event(type), "faces"), *v;
    size_t i;
    int n = 0;

    json_array_foreach(f, i, v)
        n += strcmp(json_string_value(v), face) == 0;
    return n;
}

/*
 * The Meeting Engagement as the game's setup deals it (HS-R-07, HS-R-08,
 * HS-R-10): seat 0 the U.K. board, seat 1 the C.E.T. board, each with its
 * printed loadout (Charged Up taken in full), heavies in the starting
 * sectors, lights one forward; the 54 battle cards, 3 in each hand; every
 * standing order "ask me". swap: a card id mounted instead of seat
 * swap_seat's printed card on swap_mount (NULL: the printed loadouts).
 */
static inline void duel_with(const char *uk, const char *cet, int k, int swap_seat,
                      enum hs_mount swap_mount, const char *swap)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const char *ids[2] = {uk, cet};
    struct rules_error err;

    CHECK(cat->ok);
    seed(k);
    json_decref(events);
    events = json_array();
    memset(&G, 0, sizeof G);
    G.scenario = 1;
    G.nplayers = G.ntitans = 2;
    G.stock_white = cat->board.stock[HS_STOCK_WHITE];
    G.stock_blue = cat->board.stock[HS_STOCK_BLUE];
    G.stock_red = cat->board.stock[HS_STOCK_RED];
    G.stock_black = cat->board.stock[HS_STOCK_BLACK];
    for (int i = 0; i < 2; i++) {
        struct hs_player *p = &G.p[i];
        struct hs_titan_at *ta = &G.titan[i];
        struct hs_mounted m[HS_MOUNTS];
        const struct hs_board *b;

        p->team = i;
        p->titan = i;
        p->pilot = -1;
        p->orders = (struct hs_orders){HS_ORDER_ASK, HS_ORDER_ASK, HS_ORDER_ASK, 0,
                                       {0}, HS_ORDER_ASK};
        ta->board = hs_catalog_titan(cat, ids[i]);
        b = &cat->titan[ta->board];
        for (int s = 0; s < HS_MOUNTS; s++) {
            const struct hs_weapon_card *w;

            ta->card[s] = hs_catalog_weapon(cat, swap && i == swap_seat &&
                                                         s == (int)swap_mount
                                                     ? swap
                                                     : b->loadout[s]);
            w = &cat->weapon[ta->card[s]];
            hs_catalog_mounted(w, &m[s]);
            m[s].fragile = w->trait[HS_T_FRAGILE];
            m[s].charged = w->trait[HS_T_CHARGED_UP];
        }
        if (!CHECK(hs_titan_init(&ta->cubes, b, m, events, &err) == 0))
            fprintf(stderr, "init: %s\n", err.message);
        ta->owner = i;
        ta->terrain = -1;
        ta->sector = cat->board.start[b->faction] +
                     (b->size == HS_LIGHT ? (b->faction == HS_UK ? 1 : -1) : 0);
        G.team_faction[i] = b->faction;
    }
    for (int c = 0; c < cat->nbattle; c++)
        for (int n = 0; n < cat->battle[c].copies; n++) {
            G.card[G.ncards] = c;
            G.zone[G.ncards] = HS_Z_DECK;
            G.holder[G.ncards] = -1;
            G.ncards++;
        }
    for (int i = 0, dealt = 0; dealt < 6; i++)
        if (cat->battle[G.card[i]].kind != HS_K_EVENT) {
            G.zone[i] = HS_Z_HAND;
            G.holder[i] = dealt++ % 2;
        }
    G.winner_team = -1;
    G.actor = -1;
    G.stage = HS_STAGE_ROUND;
    G.phase = HS_PH_COMBAT;
    json_array_clear(events);
}

static inline void duel(const char *uk, const char *cet, int k)
{
    duel_with(uk, cet, k, 0, HS_MOUNT_TORSO, NULL);
}

/* Orders that answer every question the attack asks without asking. */
static inline void never_ask(int seat)
{
    struct hs_orders *o = &G.p[seat].orders;

    o->evade = 0;
    o->cards_when_attacked = 0;
    o->damage = 1;
    o->reroll = 0;
}

/*
 * A move of sectors towards the enemy (HS-R-13, HS-R-14), as the Move
 * phase makes it: its cost from mobility into the pressure box.
 */
static inline void march(int seat, int sectors)
{
    struct hs_titan_at *ta = &G.titan[G.p[seat].titan];
    struct rules_error err;

    CHECK(ok(hs_titan_pay(&ta->cubes, station(seat, "mobility"),
                          ta->cubes.board->move_cost[sectors - 1], HS_PAY_PRESSURE,
                          events, &err),
             &err));
    ta->sector += ta->cubes.board->faction == HS_UK ? sectors : -sectors;
    ta->moved = 1;
}

/*
 * A steam phase for seat (HS-R-36..41): each station's cubes go first to
 * the stations named in prefer (in that order), then to any white square
 * but a vent's, then as the rules make them; then the boiler's refill.
 */
static inline void steam_phase(int seat, const char *const *prefer)
{
    struct hs_titan *t = T(seat);
    struct rules_error err;

    CHECK(ok(hs_steam_begin(t, &err), &err));
    for (;;) {
        struct hs_flow_choices c;
        struct hs_flow_move m;
        int left, sent = 0;

        hs_steam_choices(t, &c);
        if (c.station == HS_NONE)
            break;
        memset(&m, 0, sizeof m);
        left = c.cubes;
        for (int pass = 0; pass < 4; pass++)
            for (int k = 0; k < c.ndest && left > 0; k++) {
                const struct hs_flow_dest *d = &c.dest[k];
                int want = pass == 0 ? 0 : 1, n;

                if (pass == 0) {
                    want = 0;
                    for (int p = 0; prefer && prefer[p]; p++)
                        want |= d->station == station(seat, prefer[p]);
                    if (!want)
                        continue;
                } else if (pass == 1 && d->vent) {
                    continue;
                } else if (pass >= 2 && sent >= c.must) {
                    continue;
                }
                if (pass == 3) {
                    n = d->free_red - m.red[d->station];
                    n = n < left ? n : left;
                    n = n < c.must - sent ? n : c.must - sent;
                    m.red[d->station] += n;
                } else {
                    n = d->free_white - m.white[d->station];
                    n = n < left ? n : left;
                    if (pass == 2)
                        n = n < c.must - sent ? n : c.must - sent;
                    m.white[d->station] += n;
                }
                left -= n;
                sent += n;
            }
        if (!CHECK(ok(hs_steam_move(t, &m, &rng, events, &err), &err)))
            return;
    }
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_titan_refill(t, events, &err), &err));
}

static inline int declare(int seat, enum hs_mount mount, int target, int hotshot,
                   struct rules_error *err)
{
    struct hs_declare d = {mount, -1, target, -1, hotshot, 0, 0};

    return hs_combat_declare(&G, seat, &d, NULL, &rng, events, err);
}

static inline int offered(int seat, enum hs_mount mount, int target)
{
    struct hs_attack_option o[HS_MAX_OPTIONS];
    int n = hs_combat_options(&G, seat, o);

    for (int i = 0; i < n; i++)
        if (o[i].mount == (int)mount && o[i].target_seat == target)
            return 1;
    return 0;
}

#define KESTREL "uk_light_kestrel"
#define FELDHASE "cet_light_feldhase"

#define DREADMOOR "uk_heavy_dreadmoor"
#define KALTSCHMIED "cet_heavy_kaltschmied"
#define WAYFARER "uk_light_wayfarer"
#define STURMVOGEL "cet_light_sturmvogel"

static inline int heat(int seat)
{
    struct hs_census c;

    hs_titan_census(T(seat), &c);
    return c.pressure_heat;
}

/* Points that met the shields in every location struck so far. */
static inline int points_struck(void)
{
    json_t *e;
    size_t i;
    int n = 0;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "shields_hit") == 0)
            n += (int)(json_integer_value(json_object_get(e, "steam")) +
                       json_integer_value(json_object_get(e, "shield")) +
                       json_integer_value(json_object_get(e, "through")));
    return n;
}

/* An Infantry Support card played by seat: its unit in sector, naming
 * its catalog card (the card itself stays in play). */
static inline int infantry(int seat, int sector)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int i = 0; i < G.ncards; i++)
        if (G.zone[i] == HS_Z_DECK &&
            strcmp(cat->battle[G.card[i]].id, "infantry_support") == 0) {
            G.zone[i] = HS_Z_IN_PLAY;
            G.holder[i] = seat;
            G.unit[G.nunits] = (struct hs_unit_at){G.card[i], HS_UNIT_INFANTRY,
                                                   G.p[seat].team, seat, sector, 0};
            return G.nunits++;
        }
    return -1;
}

/* A terrain card of that id played on seat's titan in the Move phase. */
static inline int play_terrain(int seat, const char *id)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int i = 0; i < G.ncards; i++)
        if (G.zone[i] == HS_Z_DECK && strcmp(cat->battle[G.card[i]].id, id) == 0) {
            G.zone[i] = HS_Z_IN_PLAY;
            G.holder[i] = seat;
            G.titan[G.p[seat].titan].terrain = i;
            return i;
        }
    return -1;
}

#endif
