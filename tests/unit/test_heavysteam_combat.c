/*
 * test_heavysteam_combat.c - one attack of Heavy Steam's Combat phase
 * (rules/heavysteam/combat.h) step by step, one case per rule, named
 * after it: legal attacks, paying, the evade, the rolls, terrain hits,
 * the hit location, shields, damage, a destroyed titan.
 *
 * Every game is set up and played as heavysteam_play_fixture.h says: a
 * position is reached by moves from the real setup, and a move of the
 * Combat phase is made when the game asks its seat.
 */
#include "heavysteam_play_fixture.h"

/* Steam sent to the legs, for the moves of the next round. */
static const char *const legs[] = {"mobility", "hip", NULL};

/* Steam sent to the Rock Drill, and the legs after it. */
static const char *const drill[] = {"left_slot", "left_feed", "mobility", "hip", NULL};

/*
 * The Combat phase, on to seat's attack: the other side, asked first
 * when it has the initiative, passes (and attacks no more this phase).
 */
static int attacks_now(int seat)
{
    if (G.ask == HS_ASK_ATTACK && G.ask_seat != seat)
        pass_turn();
    return CHECK_EQ_INT(G.ask, HS_ASK_ATTACK) && CHECK_EQ_INT(G.ask_seat, seat);
}

/* seat's orders: every question of an attack answered but the evade. */
static void ask_only_the_evade(int seat)
{
    never_ask(seat);
    MUST(seat, "{\"type\": \"orders\", \"evade\": \"ask\"}");
}

/* ---- legal attacks --------------------------------------------------------------- */

/* The Kestrel's refusals at range 4, asked to attack. */
static void kestrel_at_range_4(void)
{
    struct rules_error err;

    CHECK_EQ_INT(declare(0, HS_MOUNT_LEFT_ARM, 1, 0, &err), -1);
    CHECK_EQ_STR(err.code, "not_enough_steam");
    CHECK_EQ_INT(declare(0, HS_MOUNT_TORSO, 1, 0, &err), -1);
    CHECK_EQ_STR(err.code, "not_a_weapon");
    CHECK_EQ_INT(declare(0, HS_MOUNT_RIGHT_ARM, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "bad_target");
}

/* The Feldhase's refusals at range 4, asked to attack (its cannon may). */
static void feldhase_at_range_4(void)
{
    struct rules_error err;

    CHECK_EQ_INT(declare(1, HS_MOUNT_TORSO, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "out_of_range");
    CHECK_EQ_INT(declare(1, HS_MOUNT_LEFT_ARM, 0, 0, &err), -1);
    CHECK_EQ_STR(err.code, "close_combat_range");
}

/* HS-R-19, HS-R-20, HS-R-60: in range, with the steam, close combat at 0.
 * A seat with no legal attack passes without being asked, so the
 * Feldhase plays a Mobile Cannon Support (range 1..3) one sector ahead:
 * it has an attack while its own weapons are out of range, and later the
 * Kestrel, too close for its arms, may still shoot at the cannon. */
static void test_hs_r_19_range_and_minimum_range(void)
{
    const char *cannon = "{\"type\": \"card\", \"card\": \"cannon_support\", "
                         "\"choice\": {\"sector\": 5}}";
    struct rules_error err;
    int k;

    for (k = 1; k < 200; k++)
        if (duel(KESTREL, FELDHASE, k) == 0 && holds(1, "cannon_support"))
            break;
    if (!CHECK(k < 200))
        return;
    /* the Kestrel one sector on, the Feldhase holding, its cannon at 5 */
    if (moves_with(1, 0, NULL, cannon))
        return;
    CHECK_EQ_INT(sector(1) - sector(0), 4);
    /* range 4: the Arc Lance (Charged Up 2, 1..5) may fire */
    CHECK(offered(0, HS_MOUNT_RIGHT_ARM, 1));
    CHECK(!offered(1, HS_MOUNT_TORSO, 0));
    for (int turn = 0; turn < 2; turn++) {
        if (!CHECK_EQ_INT(G.ask, HS_ASK_ATTACK))
            return;
        if (G.ask_seat == 0)
            kestrel_at_range_4();
        else
            feldhase_at_range_4();
        pass_turn();
    }

    /* the next round both close in to range 1: the Blitz Coil (0..3) reaches */
    if (next_round(legs, legs) || moves(1, 2))
        return;
    CHECK_EQ_INT(sector(1) - sector(0), 1);
    CHECK(offered(1, HS_MOUNT_TORSO, 0));
    /* and the round after, the same sector: below the Arc Lance's shortest range */
    if (next_round(legs, legs) || moves(0, 1))
        return;
    CHECK_EQ_INT(sector(0), sector(1));
    CHECK(!offered(0, HS_MOUNT_RIGHT_ARM, 1));
    CHECK(offered(1, HS_MOUNT_TORSO, 0));
    if (!attacks_now(0))
        return;
    CHECK_EQ_INT(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), -1);
    CHECK_EQ_STR(err.code, "below_min_range");
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
        if (moves(0, 0) || !attacks_now(0))
            return;
        CHECK_EQ_INT(steam(0, "right_slot"), 2);
        CHECK_EQ_INT(T(0)->npressure, 0);
        if (!CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return;
        if (!event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k < 200);
    /* the attack is over: no question of it is left to answer */
    CHECK_EQ_INT(G.attack.active, 0);
    CHECK(G.ask != HS_ASK_EVADE && G.ask != HS_ASK_REROLL && G.ask != HS_ASK_DAMAGE &&
          G.ask != HS_ASK_LAST_CUBE);
    CHECK_EQ_INT(steam(0, "right_slot"), 0);
    CHECK_EQ_INT(T(0)->npressure, 2);
    CHECK_EQ_INT(cubes(1, "boiler", HS_C_DAMAGE), 0);
}

/* HS-R-24, HS-AMB-35: the defender evades before the attack roll, paying
 * from mobility into the pressure box; orders answer in advance. */
static void test_hs_r_24_evade_decided_before_the_roll(void)
{
    struct rules_error err;
    int mob;

    duel(KESTREL, FELDHASE, 3);
    ask_only_the_evade(1);
    if (moves(0, 0) || !attacks_now(0))
        return;
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    CHECK_EQ_INT(G.ask, HS_ASK_EVADE);
    CHECK_EQ_INT(G.ask_seat, 1);
    CHECK_EQ_INT(count_events("attack_roll"), 0);
    /* the attacker is not the one asked */
    CHECK_EQ_INT(evade(0, 1, -1, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_turn");
    mob = steam(1, "mobility");
    CHECK(ok(evade(1, 1, -1, &err), &err));
    CHECK_EQ_INT(steam(1, "mobility"), mob - 1);
    CHECK_EQ_INT(T(1)->npressure, 1);
    CHECK_EQ_INT(count_events("attack_roll"), 1);
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 4 + 1);

    /* with an evade order nobody is asked */
    duel(KESTREL, FELDHASE, 3);
    never_ask(1);
    MUST(1, "{\"type\": \"orders\", \"evade\": 1}");
    if (moves(0, 0) || !attacks_now(0))
        return;
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    CHECK_EQ_INT(count_events("order_decided") >= 1, 1);
    CHECK_EQ_INT(count_events("evaded"), 1);
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 5);
}

/* HS-AMB-14: the base defense dice are read after the evade's steam is in
 * the box. The Kestrel's first column holds 2 cubes at 4 dice, its second
 * 3 dice: a move of 2 fills the first, the evade opens the second. The
 * Kestrel's legs are filled in round 1's steam phase, so that round 2
 * leaves it steam to evade after its move. */
static void test_hs_amb_14_defense_dice_read_after_the_evade(void)
{
    struct rules_error err;

    duel(KESTREL, FELDHASE, 5);
    ask_only_the_evade(0);
    never_ask(1);
    if (next_round(legs, NULL) || moves(2, 2))
        return;
    CHECK_EQ_INT(T(0)->npressure, 2);
    CHECK_EQ_INT(hs_pressure_dice(T(0)), 4);
    if (!attacks_now(1))
        return;
    CHECK(ok(declare(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
    CHECK_EQ_INT(G.ask, HS_ASK_EVADE);
    CHECK(ok(evade(0, 1, -1, &err), &err));
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
    struct rules_error err;
    int mob, dice;

    if (duel_with(KESTREL, FELDHASE, 4, 1, HS_MOUNT_RIGHT_ARM, "cet_sprint_pistons"))
        return;
    ask_only_the_evade(1);
    if (moves(0, 0) || !attacks_now(0))
        return;
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    /* no steam on it yet */
    CHECK_EQ_INT(evade(1, 1, HS_MOUNT_RIGHT_ARM, &err), -1);
    CHECK_EQ_STR(err.code, "no_evade_card");

    /* two steam phases fill the pistons; round 3, nobody moves */
    if (duel_with(KESTREL, FELDHASE, 4, 1, HS_MOUNT_RIGHT_ARM, "cet_sprint_pistons"))
        return;
    ask_only_the_evade(1);
    if (next_round(NULL, arm) || next_round(NULL, arm) || moves(0, 0) || !attacks_now(0))
        return;
    CHECK(steam(1, "right_slot") > 0);
    CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    /* the Rock Drill has no Evade X */
    CHECK_EQ_INT(evade(1, 1, HS_MOUNT_LEFT_ARM, &err), -1);
    CHECK_EQ_STR(err.code, "no_evade_card");
    mob = steam(1, "mobility");
    CHECK(mob >= 2);
    CHECK_EQ_INT(T(1)->npressure, 0);
    CHECK(ok(evade(1, 1, HS_MOUNT_RIGHT_ARM, &err), &err));
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
    never_ask(0);
    never_ask(1);
    if (moves(2, 2) || !attacks_now(1))
        return;
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
 * even when the attack misses. The setup deals Woods to the Feldhase,
 * which plays it after its move. */
static void test_hs_r_34_terrain_takes_a_cube_per_critical_face_on_a_miss(void)
{
    struct rules_error err;
    int k, woods = -1, crits = 0;

    for (k = 1; k < 400; k++) {
        duel(KESTREL, FELDHASE, k);
        if ((woods = hand_copy(&G, 1, "woods")) < 0)
            continue;
        never_ask(1);
        if (moves_with(0, 2, NULL, "{\"type\": \"card\", \"card\": \"woods\"}") ||
            !attacks_now(0))
            return;
        CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
        crits = faces("attack_roll", "critical");
        if (!event_bool("attack_result", "hit") && crits >= 1)
            break;
    }
    CHECK(k < 400);
    /* Woods: +1 defense die, a light +1 more */
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 4 + 2);
    CHECK_EQ_INT(G.titan[G.p[1].titan].terrain, woods);
    CHECK_EQ_INT(G.titan[G.p[1].titan].terrain_damage, crits);
    CHECK_EQ_INT(event_int("terrain_hit", "cubes"), crits);
}

/* ---- hit location ---------------------------------------------------------------- */

/*
 * The Kestrel's Arc Lance at the Feldhase, from seed from on until it
 * hits as want says; returns the seed, 0 for none. near: in round 1, from
 * range 3 after the Feldhase's move; else in round 2 from range 5, round
 * 1's steam phase having sent the Kestrel's steam to its command station
 * (the re-roll's cost). The Feldhase neither evades nor plays a card.
 */
static int arc_lance_hits(int from, int upto, int near, int (*want)(void))
{
    static const char *const head[] = {"command", NULL};
    struct rules_error err;

    for (int k = from; k < upto; k++) {
        duel(KESTREL, FELDHASE, k);
        MUST(1, "{\"type\": \"orders\", \"evade\": \"never\", \"cards_when_attacked\": "
                "\"never\"}");
        if ((!near && next_round(head, NULL)) || moves(0, near ? 2 : 0) || !attacks_now(0))
            return 0;
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
    int cmd, reserve, re, legs_only;

    CHECK(arc_lance_hits(1, 300, 0, NULL));
    CHECK_EQ_INT(G.ask, HS_ASK_REROLL);
    CHECK_EQ_INT(G.ask_seat, 0);
    cmd = steam(0, "command");
    reserve = T(0)->reserve;
    CHECK(cmd >= 2);
    /* the defender is not the one asked */
    CHECK_EQ_INT(reroll(1, "reroll", &err), -1);
    CHECK_EQ_STR(err.code, "not_your_turn");
    CHECK(ok(reroll(0, "reroll", &err), &err));
    CHECK_EQ_INT(count_events("location_reroll"), 1);
    CHECK_EQ_INT(steam(0, "command"), cmd - 2);
    CHECK_EQ_INT(T(0)->reserve, reserve + 2);
    CHECK(G.ask != HS_ASK_REROLL);
    hs_combat_reroll_choices(&G, &re, &legs_only);
    CHECK_EQ_INT(re, 0);
    CHECK_EQ_INT(reroll(0, "reroll", &err), -1);
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

/* HS-R-27: damage removes a shield station's steam before its shields.
 * Round 1's steam phase sends the Feldhase's steam to its torso shield;
 * the Kestrel fires in round 2. */
static void test_hs_r_27_shields_white_before_blue(void)
{
    static const char *const shield[] = {"torso_shield", NULL};
    struct rules_error err;
    int k;

    for (k = 1; k < 600; k++) {
        duel(KESTREL, FELDHASE, k);
        /* the Kestrel's steam phase may pay for a re-roll: kept by order */
        never_ask(0);
        never_ask(1);
        if (next_round(NULL, shield) || moves(0, 0))
            return;
        /* steam into the Feldhase's torso shield lights a shield cube */
        CHECK_EQ_INT(steam(1, "torso_shield"), 1);
        CHECK_EQ_INT(cubes(1, "torso_shield", HS_C_SHIELD), 2);
        if (!attacks_now(0) || !CHECK(ok(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
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
        CHECK(ok(reroll(0, "keep", &err), &err));
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
    CHECK_EQ_INT(damage(1, "boiler", w3, &err), -1);
    CHECK_EQ_STR(err.code, "bad_damage_square");
    CHECK(ok(damage(1, "repair", w2, &err), &err));
    CHECK_EQ_INT(T(1)->cube[r][w2], HS_C_DAMAGE);
    CHECK_EQ_INT(count_events("weak_point_roll"), 1);
}

/* HS-R-33, HS-R-10, HS-R-105: a titan destroyed by a failed weak-point
 * roll ends the Meeting Engagement; the other team wins and its owner's
 * hand is discarded. */
static void test_hs_r_33_destroyed_titan_ends_the_meeting_engagement(void)
{
    struct rules_error err;
    int k = 0;

    for (;;) {
        k = arc_lance_hits(k + 1, 2000, 1, torso_plain);
        if (!CHECK(k))
            return;
        if (G.ask == HS_ASK_REROLL)
            CHECK(ok(reroll(0, "keep", &err), &err));
        CHECK_EQ_INT(hand_count(&G, 1, NULL), 3);
        if (!CHECK(ok(damage(1, "repair", weak_square(1, "repair", 2), &err), &err)))
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
    CHECK_EQ_INT(hand_count(&G, 1, NULL), 0);
    {
        struct hs_attack_option o[HS_MAX_OPTIONS];

        CHECK_EQ_INT(hs_combat_options(&G, 0, o), 0);
        /* no move at all once the game is over */
        CHECK_EQ_INT(declare(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), -1);
        CHECK_EQ_STR(err.code, "not_now");
    }
}

/* ---- battle cards with an attack ---------------------------------------------------- */

/* HS-R-122: an `attack` card is played in the move that declares its
 * attack, and its numbers reach that attack: Overpressure Shot's 2 more
 * damage. HS-R-94: its heat cube goes in its player's own box, not the
 * target's. The Kestrel's Arc Lance in round 1, the Feldhase asked to
 * evade (the card already played by then). */
static void test_hs_r_122_attack_card_played_with_its_declaration(void)
{
    struct rules_error err;
    int k, c, h0, h1;

    for (k = 1; k < 1000; k++) {
        if (!CHECK(duel(KESTREL, FELDHASE, k) == 0))
            return;
        if (holds(0, "overpressure_shot"))
            break;
    }
    if (!CHECK(k < 1000))
        return;
    c = hand_copy(&G, 0, "overpressure_shot");
    never_ask(0);
    ask_only_the_evade(1);
    if (moves(0, 0) || !attacks_now(0))
        return;
    h0 = heat(0);
    h1 = heat(1);
    CHECK(ok(act(0, &err, "{\"type\": \"attack\", \"mount\": \"right_arm\", \"target\": 1, "
                          "\"battle_card\": \"overpressure_shot\"}"),
             &err));
    CHECK_EQ_INT(G.ask, HS_ASK_EVADE);
    CHECK_EQ_INT(G.zone[c], HS_Z_DISCARD);
    CHECK_EQ_INT(G.attack.mod_damage, 2);
    CHECK_EQ_INT(heat(0), h0 + 1);
    CHECK_EQ_INT(heat(1), h1);
}

/* ---- close combat ------------------------------------------------------------------ */

/* Round 1 both close in to range 1, round 2 nobody moves, round 3 the
 * Feldhase steps into the Kestrel's sector; each steam phase sends the
 * Feldhase's steam to its Rock Drill. Returns 0 in round 3's Combat. */
static int feldhase_steps_in(int k)
{
    duel(KESTREL, FELDHASE, k);
    never_ask(0);
    never_ask(1);
    if (moves(2, 2) || next_round(NULL, drill) || moves(0, 0) || next_round(NULL, drill) ||
        moves(0, 1))
        return -1;
    return CHECK_EQ_INT(sector(0), sector(1)) ? 0 : -1;
}

/* HS-R-20, HS-R-21: a titan that moved strikes with the parenthesised
 * dice for free, and close combat ignores every shield. */
static void test_hs_r_21_close_combat_ignores_shields(void)
{
    struct rules_error err;
    int k, blue[HS_LOCATIONS];

    for (k = 1; k < 300; k++) {
        struct hs_attack_option o[HS_MAX_OPTIONS];
        int n, found = 0;

        if (feldhase_steps_in(k))
            return;
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
        if (!attacks_now(1) || !CHECK(ok(declare(1, HS_MOUNT_LEFT_ARM, 0, 0, &err), &err)))
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
    const char *boosted = "{\"type\": \"attack\", \"mount\": \"left_arm\", \"target\": 0, "
                          "\"hotshot\": 0, \"boost\": 1}";
    struct rules_error err;
    int mob, pressure;

    if (feldhase_steps_in(7) || !attacks_now(1))
        return;
    /* it moved: its dice are free, nothing to pay */
    CHECK_EQ_INT(act(1, &err, "%s", boosted), -1);
    CHECK_EQ_STR(err.code, "bad_boost");
    /* the next round, nobody moves */
    if (next_round(NULL, drill) || moves(0, 0) || !attacks_now(1))
        return;
    mob = steam(1, "mobility");
    pressure = T(1)->npressure;
    CHECK(mob >= 1);
    /* Rock Drill: attack cost 2, Close Combat 1: 2 dice, or 4 */
    CHECK(ok(act(1, &err, "%s", boosted), &err));
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
    RUN(test_hs_r_122_attack_card_played_with_its_declaration);
    RUN(test_hs_r_21_close_combat_ignores_shields);
    RUN(test_hs_r_61_close_combat_boost_paid_from_mobility);
    json_decref(events);
    return check_summary();
}
