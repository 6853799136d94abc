/*
 * test_heavysteam_combat_traits.c - the weapon traits, equipment and
 * support units in one Heavy Steam attack (rules/heavysteam/combat.h),
 * one case per rule, named after it.
 *
 * Every game is set up and played as heavysteam_combat_fixture.h says.
 */
#include "heavysteam_combat_fixture.h"

/* ---- weapon traits ------------------------------------------------------------------- */

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
    static const char *const torso[] = {"torso_slot", NULL};
    struct rules_error err;
    int k;

    for (k = 1; k < 400; k++) {
        duel(DREADMOOR, KALTSCHMIED, k);
        steam_phase(0, torso);
        CHECK(play_terrain(1, "woods") >= 0);
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
    static const char *const arm[] = {"right_slot", "right_feed", NULL};
    struct rules_error err;
    int k, woods = -1;

    for (k = 1; k < 600; k++) {
        duel_with(KESTREL, FELDHASE, k, 0, HS_MOUNT_RIGHT_ARM, "uk_harpoon");
        steam_phase(0, arm);
        steam_phase(0, arm);
        march(1, 2);
        march(0, 1);
        woods = play_terrain(1, "woods");
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
        d = (struct hs_declare){-1, u, 1, -1, 0, 0, 0};
        if (k == 1) {
            struct hs_declare far = {-1, infantry(0, 3), 1, -1, 0, 0, 0};

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
    int k, u = -1, card = -1, discarded = 0;

    for (k = 1; k < 400; k++) {
        struct hs_declare d;

        duel(KESTREL, FELDHASE, k);
        u = infantry(0, 4);
        card = G.unit[u].card;
        discarded = 0;
        for (int i = 0; i < G.ncards; i++)
            discarded += G.card[i] == card && G.zone[i] == HS_Z_DISCARD;
        d = (struct hs_declare){HS_MOUNT_TORSO, -1, -1, u, 0, 0, 0};
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
    for (int i = 0; i < G.ncards; i++) {
        CHECK(G.card[i] != card || G.zone[i] != HS_Z_IN_PLAY);
        discarded -= G.card[i] == card && G.zone[i] == HS_Z_DISCARD;
    }
    CHECK_EQ_INT(discarded, -1);
}

int main(void)
{
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
