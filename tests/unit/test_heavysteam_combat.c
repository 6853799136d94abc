/*
 * test_heavysteam_combat.c - one attack of Heavy Steam's Combat phase
 * (rules/heavysteam/combat.h), one case per rule, named after it.
 *
 * Every game is the Meeting Engagement of two catalog boards with their
 * printed loadouts, set up by hs_titan_init as the game's setup does;
 * positions are reached by playing: steam phases through titan_flow.h,
 * moves paid from the mobility station, attacks through combat.h. Where
 * a test needs a roll to come out a way, it tries fixed seeds in order
 * until one does.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "heavysteam/combat.h"
#include "heavysteam/titan_flow.h"

static struct hs_game G;
static struct rng rng;
static json_t *events;

static void seed(int k)
{
    unsigned char key[RNG_KEY_BYTES];

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 7 + 3);
    key[0] ^= (unsigned char)k;
    key[1] ^= (unsigned char)(k >> 8);
    rng_init(&rng, key, 0);
}

static int ok(int rc, const struct rules_error *err)
{
    if (rc < 0)
        fprintf(stderr, "  refused: %s: %s\n", err->code, err->message);
    return rc >= 0;
}

static int station(int seat, const char *id)
{
    const struct hs_board *b = G.titan[G.p[seat].titan].cubes.board;

    for (int i = 0; i < b->nstations; i++)
        if (strcmp(b->station[i].id, id) == 0)
            return i;
    return HS_NONE;
}

static struct hs_titan *T(int seat)
{
    return &G.titan[G.p[seat].titan].cubes;
}

static int steam(int seat, const char *id)
{
    return hs_titan_steam_at(T(seat), station(seat, id));
}

static int cubes(int seat, const char *id, enum hs_cube c)
{
    int s = station(seat, id), n = 0;

    for (int q = 0; q < T(seat)->nsquares[s]; q++)
        n += T(seat)->cube[s][q] == c;
    return n;
}

static int count_events(const char *type)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(events, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

static json_t *last_event(const char *type)
{
    json_t *found = NULL, *e;
    size_t i;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            found = e;
    return found;
}

static int event_int(const char *type, const char *key)
{
    json_t *e = last_event(type);

    return e ? (int)json_integer_value(json_object_get(e, key)) : -1;
}

static int event_bool(const char *type, const char *key)
{
    json_t *e = last_event(type);

    return e && json_is_true(json_object_get(e, key));
}

/* Critical faces among the last roll of type. */
static int faces(const char *type, const char *face)
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
static void duel_with(const char *uk, const char *cet, int k, int swap_seat,
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

static void duel(const char *uk, const char *cet, int k)
{
    duel_with(uk, cet, k, 0, HS_MOUNT_TORSO, NULL);
}

/* Orders that answer every question the attack asks without asking. */
static void never_ask(int seat)
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
static void march(int seat, int sectors)
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
static void steam_phase(int seat, const char *const *prefer)
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

static int declare(int seat, enum hs_mount mount, int target, int hotshot,
                   struct rules_error *err)
{
    struct hs_declare d = {mount, -1, target, -1, hotshot, 0};

    return hs_combat_declare(&G, seat, &d, NULL, &rng, events, err);
}

static int offered(int seat, enum hs_mount mount, int target)
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

/* ---- legal attacks --------------------------------------------------------------- */

/* HS-R-19, HS-R-20, HS-R-60: in range, with the steam, close combat at 0. */
static void test_hs_r_19_range_and_minimum_range(void)
{
    struct rules_error err;
    static const char *const legs[] = {"mobility", "hip", NULL};

    duel(KESTREL, FELDHASE, 1);
    /* range 5: the Arc Lance (Charged Up 2, 1..5) may fire */
    CHECK(offered(0, HS_MOUNT_RIGHT_ARM, 1));
    CHECK_EQ_INT(declare(0, HS_MOUNT_LEFT_ARM, 1, 0, &err), -1);
    CHECK_EQ_STR(err.code, "not_enough_steam");
    CHECK_EQ_INT(declare(0, HS_MOUNT_TORSO, 1, 0, &err), -1);
    CHECK_EQ_STR(err.code, "not_a_weapon");
    CHECK_EQ_INT(declare(1, HS_MOUNT_TORSO, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "out_of_range");
    CHECK(!offered(1, HS_MOUNT_TORSO, 0));
    CHECK_EQ_INT(declare(1, HS_MOUNT_LEFT_ARM, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "close_combat_range");
    CHECK_EQ_INT(declare(0, HS_MOUNT_RIGHT_ARM, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "bad_target");

    /* both close in to range 1: the Blitz Coil (0..2) reaches */
    march(1, 2);
    march(0, 2);
    CHECK(offered(1, HS_MOUNT_TORSO, 0));
    steam_phase(0, legs);
    steam_phase(1, legs);
    /* the same sector: below the Arc Lance's shortest range */
    march(1, 1);
    CHECK_EQ_INT(G.titan[0].sector, G.titan[1].sector);
    CHECK(!offered(0, HS_MOUNT_RIGHT_ARM, 1));
    CHECK_EQ_INT(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), -1);
    CHECK_EQ_STR(err.code, "below_min_range");
    CHECK(offered(1, HS_MOUNT_TORSO, 0));
}

/* ---- declaring and paying -------------------------------------------------------- */

/* HS-R-18: the attack cost goes to the pressure box before the roll and
 * stays spent when the attack misses. */
static void test_hs_r_18_attack_cost_paid_even_on_a_miss(void)
{
    struct rules_error err;
    int k;

    for (k = 1; k < 200; k++) {
        duel(KESTREL, FELDHASE, k);
        never_ask(1);
        CHECK_EQ_INT(steam(0, "right_slot"), 2);
        CHECK_EQ_INT(T(0)->npressure, 0);
        if (!CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return;
        if (!event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k < 200);
    CHECK_EQ_INT(G.attack.active, 0);
    CHECK_EQ_INT(G.ask, HS_ASK_NONE);
    CHECK_EQ_INT(steam(0, "right_slot"), 0);
    CHECK_EQ_INT(T(0)->npressure, 2);
    CHECK_EQ_INT(cubes(1, "boiler", HS_C_DAMAGE), 0);
}

/* HS-R-24, HS-AMB-35: the defender evades before the attack roll, paying
 * from mobility into the pressure box; orders answer in advance. */
static void test_hs_r_24_evade_decided_before_the_roll(void)
{
    struct rules_error err;
    struct hs_evade ev = {1, -1};
    int mob;

    duel(KESTREL, FELDHASE, 3);
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    CHECK_EQ_INT(G.ask, HS_ASK_EVADE);
    CHECK_EQ_INT(G.ask_seat, 1);
    CHECK_EQ_INT(count_events("attack_roll"), 0);
    CHECK_EQ_INT(hs_combat_evade(&G, 0, &ev, NULL, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_asked");
    mob = steam(1, "mobility");
    never_ask(1);
    G.p[1].orders.evade = HS_ORDER_ASK; /* the evade itself still asked */
    CHECK(ok(hs_combat_evade(&G, 1, &ev, NULL, &rng, events, &err), &err));
    CHECK_EQ_INT(steam(1, "mobility"), mob - 1);
    CHECK_EQ_INT(T(1)->npressure, 1);
    CHECK_EQ_INT(count_events("attack_roll"), 1);
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 4 + 1);

    /* with an evade order nobody is asked */
    duel(KESTREL, FELDHASE, 3);
    never_ask(1);
    G.p[1].orders.evade = 1;
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    CHECK_EQ_INT(count_events("order_decided") >= 1, 1);
    CHECK_EQ_INT(count_events("evaded"), 1);
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 5);
}

/* HS-AMB-14: the base defense dice are read after the evade's steam is in
 * the box. The Kestrel's first column holds 2 cubes at 4 dice, its second
 * 3 dice: a move of 2 fills the first, the evade opens the second. */
static void test_hs_amb_14_defense_dice_read_after_the_evade(void)
{
    static const char *const legs[] = {"mobility", "hip", NULL};
    struct rules_error err;
    struct hs_evade ev = {1, -1};

    duel(KESTREL, FELDHASE, 5);
    steam_phase(0, legs);
    march(1, 2);
    march(0, 2);
    CHECK_EQ_INT(T(0)->npressure, 2);
    CHECK_EQ_INT(hs_pressure_dice(T(0)), 4);
    CHECK(ok(declare(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
    CHECK_EQ_INT(G.ask, HS_ASK_EVADE);
    never_ask(0);
    CHECK(ok(hs_combat_evade(&G, 0, &ev, NULL, &rng, events, &err), &err));
    CHECK_EQ_INT(hs_pressure_dice(T(0)), 3);
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 3 + 1);
}

/* HS-R-64, HS-AMB-13: a powered Evade X card is one more evade: X
 * mobility steam for X defense dice, with the board's own. Sprint Pistons
 * (Evade 1) on the Feldhase's right arm instead of the Rivet Gun. */
static void test_hs_r_64_evade_x_card_adds_an_evade(void)
{
    static const char *const arm[] = {"right_slot", "right_feed", "mobility", "hip",
                                      NULL};
    struct hs_evade ev = {1, HS_MOUNT_LEFT_ARM};
    struct rules_error err;
    int mob, dice;

    duel_with(KESTREL, FELDHASE, 4, 1, HS_MOUNT_RIGHT_ARM, "cet_sprint_pistons");
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    ev.card = HS_MOUNT_RIGHT_ARM; /* no steam on it yet */
    CHECK_EQ_INT(hs_combat_evade(&G, 1, &ev, NULL, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "no_evade_card");

    duel_with(KESTREL, FELDHASE, 4, 1, HS_MOUNT_RIGHT_ARM, "cet_sprint_pistons");
    steam_phase(1, arm);
    steam_phase(1, arm);
    CHECK(steam(1, "right_slot") > 0);
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    ev.card = HS_MOUNT_LEFT_ARM; /* the Rock Drill has no Evade X */
    CHECK_EQ_INT(hs_combat_evade(&G, 1, &ev, NULL, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "no_evade_card");
    ev.card = HS_MOUNT_RIGHT_ARM;
    mob = steam(1, "mobility");
    never_ask(1);
    CHECK(mob >= 2);
    CHECK_EQ_INT(T(1)->npressure, 0);
    CHECK(ok(hs_combat_evade(&G, 1, &ev, NULL, &rng, events, &err), &err));
    CHECK_EQ_INT(steam(1, "mobility"), mob - 2);
    dice = event_int("defense_roll", "dice");
    CHECK_EQ_INT(event_int("evaded", "dice"), 2);
    /* 2 cubes stay in the first column: 4 dice, and 2 bought */
    CHECK_EQ_INT(dice, 4 + 2);
}

/* ---- results ----------------------------------------------------------------------- */

/* Feldhase's Blitz Coil at the Kestrel from range 1, every answer ordered. */
static void blitz_at_kestrel(int k)
{
    struct rules_error err;

    duel(KESTREL, FELDHASE, k);
    march(1, 2);
    march(0, 2);
    never_ask(0);
    never_ask(1);
    CHECK(ok(declare(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
}

/* HS-R-25, HS-AMB-05: a critical needs more Critical Hits than Critical
 * Defenses; as many is a plain hit. */
static void test_hs_amb_05_critical_needs_more_crits_than_crit_defenses(void)
{
    int plain = 0, critical = 0;

    for (int k = 1; k < 400 && (!plain || !critical); k++) {
        int c, d;

        blitz_at_kestrel(k);
        if (!event_bool("attack_result", "hit"))
            continue;
        c = faces("attack_roll", "critical");
        d = faces("defense_roll", "critical");
        if (c >= 1 && c == d && !plain) {
            plain = 1;
            CHECK(!event_bool("attack_result", "critical"));
            CHECK(G.ask != HS_ASK_LAST_CUBE);
        }
        if (c > d && !critical) {
            critical = 1;
            CHECK(event_bool("attack_result", "critical"));
        }
    }
    CHECK(plain);
    CHECK(critical);
}

/* HS-R-34: one black cube on the target's terrain per Critical Hit face,
 * even when the attack misses. */
static void test_hs_r_34_terrain_takes_a_cube_per_critical_face_on_a_miss(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct rules_error err;
    int k, woods = -1, crits = 0;

    for (k = 1; k < 400; k++) {
        duel(KESTREL, FELDHASE, k);
        march(1, 2);
        /* the Move phase: Woods played on the Feldhase after its move */
        for (int i = 0; i < G.ncards && woods < 0; i++)
            if (strcmp(cat->battle[G.card[i]].id, "woods") == 0 &&
                G.zone[i] == HS_Z_DECK)
                woods = i;
        G.zone[woods] = HS_Z_IN_PLAY;
        G.holder[woods] = 1;
        G.titan[1].terrain = woods;
        never_ask(1);
        CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
        crits = faces("attack_roll", "critical");
        if (!event_bool("attack_result", "hit") && crits >= 1)
            break;
        woods = -1;
    }
    CHECK(k < 400);
    /* Woods: +1 defense die, a light +1 more */
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 4 + 2);
    CHECK_EQ_INT(G.titan[1].terrain, woods);
    CHECK_EQ_INT(G.titan[1].terrain_damage, crits);
    CHECK_EQ_INT(event_int("terrain_hit", "cubes"), crits);
}

/* ---- hit location ---------------------------------------------------------------- */

/* The Kestrel's Arc Lance at the Feldhase (from range 3 after the
 * Feldhase's move when near, else 5), from seed from on until it hits as
 * want says; returns the seed, 0 for none. */
static int arc_lance_hits(int from, int upto, int near, int (*want)(void))
{
    struct rules_error err;
    static const char *const head[] = {"command", NULL};

    for (int k = from; k < upto; k++) {
        duel(KESTREL, FELDHASE, k);
        steam_phase(0, head);
        if (near)
            march(1, 2);
        G.p[1].orders.evade = 0;
        G.p[1].orders.cards_when_attacked = 0;
        if (!CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return 0;
        if (event_bool("attack_result", "hit") && (!want || want()))
            return k;
    }
    return 0;
}

/* HS-R-26: one re-roll for 2 command steam, which goes to the power
 * reserve; the second roll stands. */
static void test_hs_r_26_reroll_at_most_once_paid_to_the_reserve(void)
{
    struct rules_error err;
    int cmd, reserve, re, legs;

    CHECK(arc_lance_hits(1, 300, 0, NULL));
    CHECK_EQ_INT(G.ask, HS_ASK_REROLL);
    CHECK_EQ_INT(G.ask_seat, 0);
    cmd = steam(0, "command");
    reserve = T(0)->reserve;
    CHECK(cmd >= 2);
    CHECK_EQ_INT(hs_combat_reroll(&G, 1, HS_REROLL, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_asked");
    CHECK(ok(hs_combat_reroll(&G, 0, HS_REROLL, &rng, events, &err), &err));
    CHECK_EQ_INT(count_events("location_reroll"), 1);
    CHECK_EQ_INT(steam(0, "command"), cmd - 2);
    CHECK_EQ_INT(T(0)->reserve, reserve + 2);
    CHECK(G.ask != HS_ASK_REROLL);
    hs_combat_reroll_choices(&G, &re, &legs);
    CHECK_EQ_INT(re, 0);
    CHECK_EQ_INT(hs_combat_reroll(&G, 0, HS_REROLL, &rng, events, &err), -1);
    CHECK_EQ_INT(count_events("location_reroll"), 1);
}

static int torso_hit(void)
{
    json_t *e = last_event("hit_location");

    return e && strcmp(json_string_value(json_object_get(e, "location")), "torso") == 0;
}

static int torso_plain(void)
{
    return torso_hit() && !event_bool("attack_result", "critical");
}

/* HS-R-27: damage removes a shield station's steam before its shields. */
static void test_hs_r_27_shields_white_before_blue(void)
{
    static const char *const shield[] = {"torso_shield", NULL};
    struct rules_error err;
    int k;

    for (k = 1; k < 600; k++) {
        duel(KESTREL, FELDHASE, k);
        /* steam into the Feldhase's torso shield lights a shield cube */
        steam_phase(1, shield);
        never_ask(1);
        CHECK_EQ_INT(steam(1, "torso_shield"), 1);
        CHECK_EQ_INT(cubes(1, "torso_shield", HS_C_SHIELD), 2);
        if (!CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return;
        if (event_bool("attack_result", "hit") && torso_hit())
            break;
    }
    CHECK(k < 600);
    /* the Arc Lance at range 5: 1 damage, taken by the steam cube */
    CHECK_EQ_INT(event_int("shields_hit", "steam"), 1);
    CHECK_EQ_INT(event_int("shields_hit", "shield"), 0);
    CHECK_EQ_INT(steam(1, "torso_shield"), 0);
    CHECK_EQ_INT(cubes(1, "torso_shield", HS_C_SHIELD), 2);
    CHECK_EQ_INT(G.attack.active, 0);
}

/* The square of station with weak point n. */
static int weak_square(int seat, const char *id, int n)
{
    int s = station(seat, id);

    for (int q = 0; q < T(seat)->nsquares[s]; q++)
        if (T(seat)->square[s][q].weak == n)
            return q;
    return -1;
}

/* HS-R-31: a damage cube on a weak point takes the lowest number left:
 * the repair station's 2 before the boiler's 3 (the Feldhase's torso
 * shield takes 1 of the Arc Lance's 2 damage, 1 cube is placed). */
static void test_hs_r_31_weak_point_lowest_number_first(void)
{
    struct hs_damage_choices c;
    struct rules_error err;
    int b, r, w2, w3;

    CHECK(arc_lance_hits(1, 600, 1, torso_plain));
    if (G.ask == HS_ASK_REROLL)
        CHECK(ok(hs_combat_reroll(&G, 0, HS_KEEP, &rng, events, &err), &err));
    if (!CHECK_EQ_INT(G.ask, HS_ASK_DAMAGE) ||
        !CHECK_EQ_INT(hs_combat_damage_seat(&G), 1))
        return;
    b = station(1, "boiler");
    r = station(1, "repair");
    w2 = weak_square(1, "repair", 2);
    w3 = weak_square(1, "boiler", 3);
    hs_titan_damage_choices(T(1), &c);
    for (int i = 0; i < c.ntargets; i++)
        CHECK(c.target[i].station != b || c.target[i].square != w3);
    {
        struct hs_damage_pick p = {b, w3, HS_NONE, HS_NONE};

        CHECK_EQ_INT(hs_combat_damage(&G, 1, &p, 1, &rng, events, &err), -1);
        CHECK_EQ_STR(err.code, "bad_damage_square");
        p = (struct hs_damage_pick){r, w2, HS_NONE, HS_NONE};
        CHECK(ok(hs_combat_damage(&G, 1, &p, 1, &rng, events, &err), &err));
    }
    CHECK_EQ_INT(T(1)->cube[r][w2], HS_C_DAMAGE);
    CHECK_EQ_INT(count_events("weak_point_roll"), 1);
}

/* HS-R-33, HS-R-10: a titan destroyed by a failed weak-point roll ends the
 * Meeting Engagement; the other team wins and its owner's hand is
 * discarded. */
static void test_hs_r_33_destroyed_titan_ends_the_meeting_engagement(void)
{
    struct rules_error err;
    int k = 0, hand = 0;

    for (;;) {
        struct hs_damage_pick p;

        k = arc_lance_hits(k + 1, 2000, 1, torso_plain);
        if (!CHECK(k))
            return;
        if (G.ask == HS_ASK_REROLL)
            CHECK(ok(hs_combat_reroll(&G, 0, HS_KEEP, &rng, events, &err), &err));
        p = (struct hs_damage_pick){station(1, "repair"), weak_square(1, "repair", 2),
                                    HS_NONE, HS_NONE};
        hand = 0;
        for (int i = 0; i < G.ncards; i++)
            hand += G.zone[i] == HS_Z_HAND && G.holder[i] == 1;
        CHECK_EQ_INT(hand, 3);
        if (!CHECK(ok(hs_combat_damage(&G, 1, &p, 1, &rng, events, &err), &err)))
            return;
        if (T(1)->destroyed)
            break;
    }
    CHECK_EQ_INT(event_int("weak_point_roll", "roll"), 1);
    CHECK_EQ_INT(G.winner_team, 0);
    CHECK_EQ_INT(G.stage, HS_STAGE_OVER);
    CHECK_EQ_INT(G.attack.active, 0);
    CHECK_EQ_INT(G.ask, HS_ASK_NONE);
    CHECK_EQ_INT(count_events("game_over"), 1);
    hand = 0;
    for (int i = 0; i < G.ncards; i++)
        hand += G.zone[i] == HS_Z_HAND && G.holder[i] == 1;
    CHECK_EQ_INT(hand, 0);
}

/* ---- close combat ------------------------------------------------------------------ */

/* HS-R-20, HS-R-21: a titan that moved strikes with the parenthesised
 * dice for free, and close combat ignores every shield. */
static void test_hs_r_21_close_combat_ignores_shields(void)
{
    static const char *const drill[] = {"left_slot", "left_feed", "mobility", "hip",
                                        NULL};
    struct rules_error err;
    int k, blue[HS_LOCATIONS];

    for (k = 1; k < 300; k++) {
        struct hs_attack_option o[HS_MAX_OPTIONS];
        int n, found = 0;

        duel(KESTREL, FELDHASE, k);
        march(1, 2);
        march(0, 2);
        steam_phase(1, drill);
        steam_phase(1, drill);
        G.titan[1].moved = 0; /* a new round */
        march(1, 1);
        CHECK_EQ_INT(G.titan[0].sector, G.titan[1].sector);
        n = hs_combat_options(&G, 1, o);
        for (int i = 0; i < n; i++)
            if (o[i].mount == HS_MOUNT_LEFT_ARM) {
                found = 1;
                CHECK(o[i].close);
                CHECK_EQ_INT(o[i].boost, HS_BOOST_FREE);
            }
        if (!CHECK(found))
            return;
        for (int l = 0; l < HS_LOCATIONS; l++) {
            int s = T(0)->board->shield[l];

            blue[l] = 0;
            for (int q = 0; s != HS_NONE && q < T(0)->nsquares[s]; q++)
                blue[l] += T(0)->cube[s][q] == HS_C_SHIELD;
        }
        never_ask(0);
        never_ask(1);
        if (!CHECK(ok(declare(1, HS_MOUNT_LEFT_ARM, 0, 0, &err), &err)))
            return;
        if (event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k < 300);
    /* Rock Drill: close combat 2 (4), 4 damage */
    CHECK_EQ_INT(event_int("attack_roll", "dice"), 4);
    CHECK_EQ_INT(event_int("shields_hit", "through"), 4);
    CHECK_EQ_INT(event_int("shields_hit", "shield"), 0);
    for (int l = 0; l < HS_LOCATIONS; l++) {
        int s = T(0)->board->shield[l], now = 0;

        for (int q = 0; s != HS_NONE && q < T(0)->nsquares[s]; q++)
            now += T(0)->cube[s][q] == HS_C_SHIELD;
        CHECK_EQ_INT(now, blue[l]);
    }
}

/* ---- weapon traits ------------------------------------------------------------------- */

#define DREADMOOR "uk_heavy_dreadmoor"
#define KALTSCHMIED "cet_heavy_kaltschmied"
#define WAYFARER "uk_light_wayfarer"
#define STURMVOGEL "cet_light_sturmvogel"

static int heat(int seat)
{
    struct hs_census c;

    hs_titan_census(T(seat), &c);
    return c.pressure_heat;
}

/* Points that met the shields in every location struck so far. */
static int points_struck(void)
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

/* HS-R-67, HS-R-77, HS-AMB-35: Hotshot's steam is paid with the attack
 * cost, +1 damage each; Trails' heat goes in after the attack. */
static void test_hs_r_67_hotshot_damage_and_r_77_trails_heat(void)
{
    static const char *const torso[] = {"torso_slot", NULL};
    struct hs_attack_option o[HS_MAX_OPTIONS];
    struct rules_error err;
    int k, n, max = -1;

    for (k = 1; k < 400; k++) {
        duel(DREADMOOR, KALTSCHMIED, k);
        steam_phase(1, torso);
        march(1, 1);
        march(0, 1);
        never_ask(0);
        never_ask(1);
        n = hs_combat_options(&G, 1, o);
        for (int i = 0; i < n; i++)
            if (o[i].mount == HS_MOUNT_TORSO && o[i].target_seat == 0)
                max = o[i].hotshot_max;
        /* Boilerburst Cannon: attack cost 3, Hotshot 3, range 5: 2 dice, 3 */
        CHECK_EQ_INT(max, 3);
        CHECK_EQ_INT(steam(1, "torso_slot"), 6);
        CHECK_EQ_INT(declare(1, HS_MOUNT_TORSO, 0, 4, &err), -1);
        CHECK_EQ_STR(err.code, "bad_hotshot");
        if (!CHECK(ok(declare(1, HS_MOUNT_TORSO, 0, 3, &err), &err)))
            return;
        CHECK_EQ_INT(steam(1, "torso_slot"), 0);
        CHECK_EQ_INT(G.attack.active, 0);
        CHECK_EQ_INT(heat(1), 2);
        CHECK_EQ_INT(T(1)->npressure, 2 + 6 + 2);
        if (event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k < 400);
    CHECK_EQ_INT(points_struck(), 3 + 3);
}

/* HS-R-76, HS-AMB-25, HS-R-68: the Howitzer's hit strikes two locations,
 * each taking the full damage; its target's terrain adds no dice. */
static void test_hs_r_76_spread_strikes_two_locations_ignoring_terrain(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    static const char *const torso[] = {"torso_slot", NULL};
    struct rules_error err;
    int k;

    for (k = 1; k < 400; k++) {
        int woods = -1;

        duel(DREADMOOR, KALTSCHMIED, k);
        steam_phase(0, torso);
        for (int i = 0; i < G.ncards && woods < 0; i++)
            if (strcmp(cat->battle[G.card[i]].id, "woods") == 0 &&
                G.zone[i] == HS_Z_DECK)
                woods = i;
        G.zone[woods] = HS_Z_IN_PLAY;
        G.holder[woods] = 1;
        G.titan[1].terrain = woods;
        never_ask(0);
        never_ask(1);
        if (!CHECK(ok(declare(0, HS_MOUNT_TORSO, 1, 0, &err), &err)))
            return;
        /* range 7: 2 dice, 2 damage; the pressure box empty: 4 dice */
        CHECK_EQ_INT(event_int("defense_roll", "dice"), 4);
        if (event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k < 400);
    CHECK_EQ_INT(count_events("hit_location"), 2);
    CHECK_EQ_INT(count_events("shields_hit"), 2);
    CHECK_EQ_INT(points_struck(), 2 * 2);
    CHECK_EQ_INT(G.attack.active, 0);
}

/* HS-R-66, HS-R-71: Exploding Rounds add to damage past the shields; Low
 * Ammo puts its cubes on the weapon after the attack, its owner placing. */
static void test_hs_r_71_low_ammo_and_r_66_exploding_rounds(void)
{
    static const char *const torso[] = {"torso_slot", NULL};
    struct rules_error err;
    int k;

    for (k = 1; k < 600; k++) {
        duel(WAYFARER, STURMVOGEL, k);
        steam_phase(0, torso);
        never_ask(0);
        never_ask(1);
        /* Skyrocket Rack at range 5: 2 dice, 2 damage */
        if (!CHECK(ok(declare(0, HS_MOUNT_TORSO, 1, 0, &err), &err)))
            return;
        CHECK_EQ_INT(cubes(0, "torso_slot", HS_C_DAMAGE), 1);
        CHECK_EQ_INT(G.attack.active, 0);
        if (event_int("shields_hit", "through") > 0)
            break;
    }
    CHECK(k < 600);
    CHECK_EQ_INT(event_int("exploding_rounds", "damage"),
                 event_int("shields_hit", "through") + 1);
    {
        /* the weapon's cube comes last, after the target's */
        json_t *e;
        size_t i, roll = 0, own = 0;

        json_array_foreach(events, i, e) {
            const char *t = json_string_value(json_object_get(e, "type"));

            if (strcmp(t, "attack_roll") == 0)
                roll = i;
            if (strcmp(t, "damage_owed") == 0 && json_object_get(e, "why"))
                own = i;
        }
        CHECK(own > roll);
    }
}

/* The Wayfarer and the Sturmvogel at range 2 (the Wayfarer's 2-sector
 * move costs 3), two steam phases into the right arms. */
static void lights_close(int k)
{
    static const char *const arm[] = {"right_slot", "right_feed", NULL};

    duel(WAYFARER, STURMVOGEL, k);
    march(1, 2);
    march(0, 1);
    steam_phase(0, arm);
    steam_phase(1, arm);
    steam_phase(0, arm);
    steam_phase(1, arm);
    never_ask(0);
    never_ask(1);
}

/* HS-R-74, HS-AMB-25: Rate of Fire 2 is one payment and two rolls. */
static void test_hs_r_74_rate_of_fire_two_rolls_one_payment(void)
{
    struct rules_error err;
    int before, pressure;

    lights_close(1);
    before = steam(0, "right_slot");
    pressure = T(0)->npressure;
    CHECK(before >= 2);
    /* Pepperbox Gun: attack cost 2, Rate of Fire 2 */
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    CHECK_EQ_INT(G.attack.active, 0);
    CHECK_EQ_INT(count_events("attack_roll"), 2);
    CHECK_EQ_INT(count_events("defense_roll"), 2);
    CHECK_EQ_INT(steam(0, "right_slot"), before - 2);
    CHECK_EQ_INT(T(0)->npressure, pressure + 2);
}

/* HS-R-69: a hit with Inflame X puts X heat cubes in the target's box. */
static void test_hs_r_69_inflame_heats_the_target(void)
{
    struct rules_error err;
    int k, h = 0, mine = 0;

    for (k = 1; k < 400; k++) {
        lights_close(k);
        h = heat(0);
        mine = heat(1);
        /* Flame Lance: range 2, 3 dice; Inflame 2, Trails 1 */
        if (!CHECK(ok(declare(1, HS_MOUNT_RIGHT_ARM, 0, 0, &err), &err)))
            return;
        if (event_bool("attack_result", "hit"))
            break;
        CHECK_EQ_INT(heat(0), h);
    }
    CHECK(k < 400);
    CHECK_EQ_INT(count_events("inflame"), 1);
    CHECK_EQ_INT(heat(0), h + 2);
    CHECK_EQ_INT(heat(1), mine + 1);
}

/* HS-R-05: powered equipment counts: the Kestrel's Aegis Plating, with
 * steam on it, adds a defense die when the titan is attacked. */
static void test_hs_r_05_powered_aegis_plating_adds_a_defense_die(void)
{
    static const char *const torso[] = {"torso_slot", NULL};
    struct rules_error err;
    int dice;

    duel(KESTREL, FELDHASE, 2);
    march(1, 2);
    never_ask(0);
    /* the Blitz Coil at range 3; the plating holds no steam */
    CHECK_EQ_INT(steam(0, "torso_slot"), 0);
    CHECK(ok(declare(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 4);

    duel(KESTREL, FELDHASE, 2);
    steam_phase(0, torso);
    CHECK(steam(0, "torso_slot") > 0);
    march(1, 2);
    never_ask(0);
    dice = hs_pressure_dice(T(0)) + 1;
    CHECK(ok(declare(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
    CHECK_EQ_INT(event_int("defense_roll", "dice"), dice);
}

/* HS-R-72: a Low Trajectory hit may be moved to the legs; that choice is
 * the attacker's even when his orders answer the re-roll. A Grapeshot
 * Mortar (1..3) on the Kestrel's left arm instead of the Needle Rifle. */
static void test_hs_r_72_low_trajectory_moves_the_hit_to_the_legs(void)
{
    static const char *const arm[] = {"left_slot", "left_feed", NULL};
    struct rules_error err;
    int k, re = 0, legs = 0;

    for (k = 1; k < 400; k++) {
        duel_with(KESTREL, FELDHASE, k, 0, HS_MOUNT_LEFT_ARM, "uk_grapeshot");
        steam_phase(0, arm);
        steam_phase(0, arm);
        march(1, 2);
        never_ask(0);
        never_ask(1);
        if (!CHECK(ok(declare(0, HS_MOUNT_LEFT_ARM, 1, 0, &err), &err)))
            return;
        if (G.ask == HS_ASK_REROLL)
            break;
        CHECK_EQ_INT(G.attack.active, 0);
    }
    CHECK(k < 400);
    hs_combat_reroll_choices(&G, &re, &legs);
    CHECK(legs);
    CHECK(ok(hs_combat_reroll(&G, 0, HS_TO_LEGS, &rng, events, &err), &err));
    CHECK_EQ_INT(count_events("low_trajectory"), 1);
    CHECK_EQ_STR(json_string_value(json_object_get(last_event("shields_hit"),
                                                   "station")),
                 "legs_shield");
}

/* HS-R-70, HS-AMB-32: damage past the shields from a Knockback X weapon
 * makes the target spend X mobility steam, or, short of it, discard its
 * terrain. A Harpoon Winch (1..2, Knockback 2) on the Kestrel's right arm
 * instead of the Arc Lance. */
static void test_hs_r_70_knockback_discards_terrain_without_steam(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    static const char *const arm[] = {"right_slot", "right_feed", NULL};
    struct rules_error err;
    int k, woods = -1;

    for (k = 1; k < 600; k++) {
        duel_with(KESTREL, FELDHASE, k, 0, HS_MOUNT_RIGHT_ARM, "uk_harpoon");
        steam_phase(0, arm);
        steam_phase(0, arm);
        march(1, 2);
        march(0, 1);
        woods = -1;
        for (int i = 0; i < G.ncards && woods < 0; i++)
            if (strcmp(cat->battle[G.card[i]].id, "woods") == 0 &&
                G.zone[i] == HS_Z_DECK)
                woods = i;
        G.zone[woods] = HS_Z_IN_PLAY;
        G.holder[woods] = 1;
        G.titan[1].terrain = woods;
        never_ask(0);
        never_ask(1);
        CHECK_EQ_INT(steam(1, "mobility"), 0);
        if (!CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return;
        if (event_int("shields_hit", "through") > 0 && !T(1)->destroyed)
            break;
    }
    CHECK(k < 600);
    CHECK_EQ_INT(count_events("knockback"), 1);
    CHECK_EQ_INT(G.titan[1].terrain, -1);
    CHECK_EQ_INT(G.zone[woods], HS_Z_DISCARD);
}

/* ---- support units --------------------------------------------------------------------- */

/* An Infantry Support card played by seat: its unit in sector. */
static int infantry(int seat, int sector)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int i = 0; i < G.ncards; i++)
        if (G.zone[i] == HS_Z_DECK &&
            strcmp(cat->battle[G.card[i]].id, "infantry_support") == 0) {
            G.zone[i] = HS_Z_IN_PLAY;
            G.holder[i] = seat;
            G.unit[G.nunits] = (struct hs_unit_at){i, HS_UNIT_INFANTRY,
                                                   G.p[seat].team, seat, sector, 0};
            return G.nunits++;
        }
    return -1;
}

/* HS-R-35, HS-AMB-27, HS-AMB-28: a unit attacks once a Combat phase,
 * exactly at its range, and makes no criticals. */
static void test_hs_r_35_unit_attacks_once_without_criticals(void)
{
    struct rules_error err;
    int k, u = -1;

    for (k = 1; k < 400; k++) {
        struct hs_declare d;

        duel(KESTREL, FELDHASE, k);
        never_ask(0);
        never_ask(1);
        u = infantry(0, 5);
        if (!CHECK(u >= 0))
            return;
        d = (struct hs_declare){-1, u, 1, -1, 0, 0};
        if (k == 1) {
            struct hs_declare far = {-1, infantry(0, 3), 1, -1, 0, 0};

            CHECK_EQ_INT(hs_combat_declare(&G, 0, &far, NULL, &rng, events, &err), -1);
            CHECK_EQ_STR(err.code, "out_of_range");
            CHECK_EQ_INT(hs_combat_declare(&G, 1, &d, NULL, &rng, events, &err), -1);
            CHECK_EQ_STR(err.code, "not_your_unit");
        }
        if (!CHECK(ok(hs_combat_declare(&G, 0, &d, NULL, &rng, events, &err), &err)))
            return;
        CHECK_EQ_INT(hs_combat_declare(&G, 0, &d, NULL, &rng, events, &err), -1);
        CHECK_EQ_STR(err.code, "unit_attacked");
        if (event_bool("attack_result", "hit") &&
            faces("attack_roll", "critical") > faces("defense_roll", "critical"))
            break;
    }
    CHECK(k < 400);
    CHECK(!event_bool("attack_result", "critical"));
    /* Infantry Support: 2 damage */
    CHECK_EQ_INT(points_struck(), 2);
}

/* HS-R-35: a support unit is destroyed by a failed defense roll, its card
 * to the discard pile. */
static void test_hs_r_35_unit_destroyed_on_a_failed_defense(void)
{
    struct rules_error err;
    int k, u = -1, card = -1;

    for (k = 1; k < 400; k++) {
        struct hs_declare d;

        duel(KESTREL, FELDHASE, k);
        u = infantry(0, 4);
        card = G.unit[u].card;
        d = (struct hs_declare){HS_MOUNT_TORSO, -1, -1, u, 0, 0};
        /* Blitz Coil at range 2 */
        if (!CHECK(ok(hs_combat_declare(&G, 1, &d, NULL, &rng, events, &err), &err)))
            return;
        /* nobody is asked to evade for a unit */
        CHECK_EQ_INT(G.attack.active, 0);
        if (event_bool("attack_result", "hit"))
            break;
        CHECK_EQ_INT(G.nunits, 1);
    }
    CHECK(k < 400);
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 5);
    CHECK_EQ_INT(count_events("unit_destroyed"), 1);
    CHECK_EQ_INT(G.nunits, 0);
    CHECK_EQ_INT(G.zone[card], HS_Z_DISCARD);
}

int main(void)
{
    RUN(test_hs_r_19_range_and_minimum_range);
    RUN(test_hs_r_18_attack_cost_paid_even_on_a_miss);
    RUN(test_hs_r_24_evade_decided_before_the_roll);
    RUN(test_hs_amb_14_defense_dice_read_after_the_evade);
    RUN(test_hs_r_64_evade_x_card_adds_an_evade);
    RUN(test_hs_amb_05_critical_needs_more_crits_than_crit_defenses);
    RUN(test_hs_r_34_terrain_takes_a_cube_per_critical_face_on_a_miss);
    RUN(test_hs_r_26_reroll_at_most_once_paid_to_the_reserve);
    RUN(test_hs_r_27_shields_white_before_blue);
    RUN(test_hs_r_31_weak_point_lowest_number_first);
    RUN(test_hs_r_33_destroyed_titan_ends_the_meeting_engagement);
    RUN(test_hs_r_21_close_combat_ignores_shields);
    RUN(test_hs_r_67_hotshot_damage_and_r_77_trails_heat);
    RUN(test_hs_r_76_spread_strikes_two_locations_ignoring_terrain);
    RUN(test_hs_r_71_low_ammo_and_r_66_exploding_rounds);
    RUN(test_hs_r_74_rate_of_fire_two_rolls_one_payment);
    RUN(test_hs_r_69_inflame_heats_the_target);
    RUN(test_hs_r_05_powered_aegis_plating_adds_a_defense_die);
    RUN(test_hs_r_72_low_trajectory_moves_the_hit_to_the_legs);
    RUN(test_hs_r_70_knockback_discards_terrain_without_steam);
    RUN(test_hs_r_35_unit_attacks_once_without_criticals);
    RUN(test_hs_r_35_unit_destroyed_on_a_failed_defense);
    json_decref(events);
    return check_summary();
}
