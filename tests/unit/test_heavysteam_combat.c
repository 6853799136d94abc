/*
 * test_heavysteam_combat.c - one attack of Heavy Steam's Combat phase
 * (rules/heavysteam/combat.h) step by step, one case per rule, named
 * after it: legal attacks, paying, the evade, the rolls, terrain hits,
 * the hit location, shields, damage, a destroyed titan.
 *
 * Every game is set up and played as heavysteam_combat_fixture.h says.
 */
#include "heavysteam_combat_fixture.h"

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
    struct rules_error err;
    int k, woods = -1, crits = 0;

    for (k = 1; k < 400; k++) {
        duel(KESTREL, FELDHASE, k);
        march(1, 2);
        /* the Move phase: Woods played on the Feldhase after its move */
        woods = play_terrain(1, "woods");
        never_ask(1);
        CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
        crits = faces("attack_roll", "critical");
        if (!event_bool("attack_result", "hit") && crits >= 1)
            break;
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
    {
        struct hs_attack_option o[HS_MAX_OPTIONS];

        CHECK_EQ_INT(hs_combat_options(&G, 0, o), 0);
        CHECK_EQ_INT(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), -1);
        CHECK_EQ_STR(err.code, "no_attack_now");
    }
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

/* HS-R-61: a titan that did not move may pay Close Combat X from its
 * mobility station, into the pressure box, for the parenthesised dice. */
static void test_hs_r_61_close_combat_boost_paid_from_mobility(void)
{
    static const char *const drill[] = {"left_slot", "left_feed", "mobility", "hip",
                                        NULL};
    struct hs_declare d = {HS_MOUNT_LEFT_ARM, -1, 0, -1, 0, 1, 0};
    struct rules_error err;
    int mob, pressure;

    duel(KESTREL, FELDHASE, 7);
    march(1, 2);
    march(0, 2);
    steam_phase(1, drill);
    steam_phase(1, drill);
    march(1, 1);
    CHECK_EQ_INT(hs_combat_declare(&G, 1, &d, NULL, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "bad_boost");
    steam_phase(1, drill);
    G.titan[0].moved = G.titan[1].moved = 0; /* the next round, nobody moves */
    never_ask(0);
    never_ask(1);
    mob = steam(1, "mobility");
    pressure = T(1)->npressure;
    CHECK(mob >= 1);
    /* Rock Drill: attack cost 2, Close Combat 1: 2 dice, or 4 */
    CHECK(ok(hs_combat_declare(&G, 1, &d, NULL, &rng, events, &err), &err));
    CHECK_EQ_INT(steam(1, "mobility"), mob - 1);
    CHECK_EQ_INT(event_int("attack_roll", "dice"), 4);
    CHECK_EQ_INT(T(1)->npressure, pressure + 2 + 1);
    CHECK(event_bool("attack_declared", "charged"));
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
    RUN(test_hs_r_61_close_combat_boost_paid_from_mobility);
    json_decref(events);
    return check_summary();
}
