/*
 * test_heavysteam_combat_traits.c - the weapon traits, equipment and
 * support units in one Heavy Steam attack (rules/heavysteam/combat.h),
 * one case per rule, named after it.
 *
 * Every game is set up and played as heavysteam_play_fixture.h says: each
 * position is reached by the players' moves from the real setup, and each
 * attack is made in its Combat phase when its seat is asked.
 */
#include "heavysteam_play_fixture.h"

/* Where each seat's steam goes in a Steam Allocation phase
 * (flow_preferring): the stations named first. */
static const char *const torso[] = {"torso_slot", NULL};
static const char *const right_arm[] = {"right_slot", "right_feed", NULL};
static const char *const left_arm[] = {"left_slot", "left_feed", NULL};

/* A position to attack from, reached by moves from the setup. */
struct position {
    const char *uk, *cet;         /* seat 0's board and seat 1's */
    enum hs_mount mount;          /* seat 0's mount carrying swap ... */
    const char *swap;             /* ... instead of its printed card (NULL none) */
    int rounds;                   /* whole rounds played first (next_round) ... */
    const char *const *prefer[2]; /* ... each seat's steam sent so */
    int sectors[2];               /* then each seat's move in the Move phase ... */
    const char *terrain[2];       /* ... and the terrain card it plays after it */
    int attacker;                 /* the seat asked to attack then */
};

/*
 * The position p in the first game from seed k on (duel_with) that gets
 * there: both seats' standing orders answering every question of an
 * attack but Low Trajectory and a critical's last cube (HS-R-101), the
 * rounds played, each terrain card in its seat's hand by then, no event
 * card drawn (its steam, cards and damage past the shields, HS-R-93,
 * would mix with the attack's, and may even end the game), the Move
 * phase played and the attacker asked. Returns the game's seed, -1 when
 * none before seed 1000 gets there.
 */
static int reached(const struct position *p, int k)
{
    for (; k < 1000; k++) {
        char card[2][64];
        int held = 1, i;

        if (duel_with(p->uk, p->cet, k, 0, p->mount, p->swap))
            return -1;
        never_ask(0);
        never_ask(1);
        for (i = 0; i < p->rounds && next_round(p->prefer[0], p->prefer[1]) == 0; i++)
            ;
        /* a round stops short on a refused move, or at the game's end */
        if (i < p->rounds && !CHECK(G.stage != HS_STAGE_ROUND))
            return -1;
        for (int s = 0; s < 2; s++) {
            held &= !p->terrain[s] || holds(s, p->terrain[s]);
            snprintf(card[s], sizeof card[s], "{\"type\": \"card\", \"card\": \"%s\"}",
                     p->terrain[s] ? p->terrain[s] : "");
        }
        if (i < p->rounds || !held || count_events("event_drawn"))
            continue;
        return CHECK(moves_with(p->sectors[0], p->sectors[1], p->terrain[0] ? card[0] : NULL,
                                p->terrain[1] ? card[1] : NULL) == 0 &&
                     attack_turn(p->attacker) == 0)
                   ? k
                   : -1;
    }
    return -1;
}

/* The last cubes last_cubes() placed, counted over the tests. */
static int last_cubes_placed;

/* A critical hit's last cube, always the attacker's to place (HS-R-29,
 * HS-R-101): on the first square the listing offers, its steam (if any)
 * to the first square offered for it; for every location struck.
 * Returns 0 once none is owed, -1 with err when a placement is refused. */
static int last_cubes(int seat, struct rules_error *err)
{
    while (G.ask == HS_ASK_LAST_CUBE && G.ask_seat == seat) {
        json_t *list = hs_round_moves(&G, seat), *e, *of = NULL, *pick, *m;
        size_t i;
        char *text;
        int rc;

        json_array_foreach(json_object_get(list, "moves"), i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "damage") == 0)
                of = json_array_get(json_object_get(json_object_get(e, "picks"), "of"), 0);
        if (!CHECK(of != NULL)) {
            json_decref(list);
            return -1;
        }
        pick = json_pack("{s:O, s:O}", "station", json_object_get(of, "station"), "square",
                         json_object_get(of, "square"));
        if (json_object_get(of, "to"))
            json_object_set(pick, "to",
                            json_array_get(json_object_get(json_object_get(of, "to"), "of"), 0));
        m = json_pack("{s:s, s:[o]}", "type", "damage", "picks", pick);
        text = json_dumps(m, 0);
        rc = act(seat, err, "%s", text);
        free(text);
        json_decref(m);
        json_decref(list);
        if (rc < 0)
            return rc;
        last_cubes_placed++;
    }
    return 0;
}

/* seat's attack through declare(), then the last cube of each location
 * its critical hit strikes (last_cubes); 0 once both are done. */
static int attack(int seat, enum hs_mount mount, int target, int hotshot,
                  struct rules_error *err)
{
    int rc = declare(seat, mount, target, hotshot, err);

    return rc < 0 ? rc : last_cubes(seat, err);
}

/* ---- weapon traits ------------------------------------------------------------------- */

/* HS-R-67, HS-R-77, HS-AMB-35: Hotshot's steam is paid with the attack
 * cost, +1 damage each; Trails' heat goes in after the attack. */
static void test_hs_r_67_hotshot_damage_and_r_77_trails_heat(void)
{
    /* a Steam Allocation phase into the Kaltschmied's torso, then 1
     * sector each: range 5 */
    static const struct position at = {DREADMOOR, KALTSCHMIED, HS_MOUNT_TORSO, NULL, 1,
                                       {NULL, torso}, {1, 1}, {NULL, NULL}, 1};
    struct hs_attack_option o[HS_MAX_OPTIONS];
    struct rules_error err;
    int k, n, max = -1, pressure, h;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        n = hs_combat_options(&G, 1, o);
        for (int i = 0; i < n; i++)
            if (o[i].mount == HS_MOUNT_TORSO && o[i].target_seat == 0)
                max = o[i].hotshot_max;
        /* Boilerburst Cannon: attack cost 3, Hotshot 3, range 5: 2 dice, 3 */
        CHECK_EQ_INT(max, 3);
        CHECK_EQ_INT(steam(1, "torso_slot"), 6);
        pressure = T(1)->npressure;
        h = heat(1);
        CHECK_EQ_INT(declare(1, HS_MOUNT_TORSO, 0, 4, &err), -1);
        CHECK_EQ_STR(err.code, "bad_hotshot");
        if (!CHECK(ok(attack(1, HS_MOUNT_TORSO, 0, 3, &err), &err)))
            return;
        CHECK_EQ_INT(steam(1, "torso_slot"), 0);
        CHECK_EQ_INT(G.attack.active, 0);
        CHECK_EQ_INT(heat(1), h + 2);
        /* the cost and the Hotshot steam, then Trails' 2 heat */
        CHECK_EQ_INT(T(1)->npressure, pressure + 3 + 3 + 2);
        if (event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k > 0);
    CHECK_EQ_INT(points_struck(), 3 + 3);
}

/* HS-R-76, HS-AMB-25, HS-R-68: the Howitzer's hit strikes two locations,
 * each taking the full damage; its target's terrain adds no dice
 * (HS-R-104: Ignore Terrain is always used). */
static void test_hs_r_76_spread_strikes_two_locations_ignoring_terrain(void)
{
    /* a Steam Allocation phase into the Dreadmoor's torso; then the
     * Kaltschmied pays for 1 sector and takes to the woods: range 6 */
    static const struct position at = {DREADMOOR, KALTSCHMIED, HS_MOUNT_TORSO, NULL, 1,
                                       {torso, NULL}, {0, 1}, {NULL, "woods"}, 0};
    struct rules_error err;
    int k;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        CHECK(G.titan[G.p[1].titan].terrain >= 0);
        /* the woods' die does not count: the pressure box's alone, the
         * move's 2 cubes in its first column (3 cells, 4 dice) */
        CHECK_EQ_INT(T(1)->npressure, 2);
        if (!CHECK(ok(attack(0, HS_MOUNT_TORSO, 1, 0, &err), &err)))
            return;
        CHECK_EQ_INT(event_int("defense_roll", "dice"), 4);
        if (event_bool("attack_result", "hit"))
            break;
    }
    CHECK(k > 0);
    CHECK_EQ_INT(count_events("hit_location"), 2);
    CHECK_EQ_INT(count_events("shields_hit"), 2);
    /* range 6: 2 dice, 3 damage */
    CHECK_EQ_INT(points_struck(), 2 * 3);
    CHECK_EQ_INT(G.attack.active, 0);
}

/* HS-R-98: each location a Spread critical hit strikes has its own last
 * cube, the attacker's: the Howitzer's two locations, each past its
 * shields, two last cubes. */
static void test_hs_r_98_spread_critical_a_last_cube_per_location(void)
{
    static const struct position at = {DREADMOOR, KALTSCHMIED, HS_MOUNT_TORSO, NULL, 1,
                                       {torso, NULL}, {0, 1}, {NULL, "woods"}, 0};
    struct rules_error err;
    int k, past = 0;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        json_t *e;
        size_t i;

        last_cubes_placed = 0;
        if (!CHECK(ok(attack(0, HS_MOUNT_TORSO, 1, 0, &err), &err)))
            return;
        past = 0;
        json_array_foreach(events, i, e)
            past += strcmp(json_string_value(json_object_get(e, "type")), "shields_hit") == 0 &&
                    json_integer_value(json_object_get(e, "through")) > 0;
        if (event_bool("attack_result", "critical") && past == 2 && !T(1)->destroyed)
            break;
    }
    CHECK(k > 0);
    CHECK_EQ_INT(count_events("hit_location"), 2);
    CHECK_EQ_INT(last_cubes_placed, 2);
}

/* HS-R-102: damage placed by the defender's orders goes on stations of
 * the types listed first: never_ask lists the vent, then conduits, then
 * shields, the boiler last. The Dreadmoor's Longbore Cannon (4 damage,
 * Piercing Rounds 1) hits the Kaltschmied's torso (a vent of 3 white
 * squares) without a critical. */
static void test_hs_r_102_damage_by_orders_listed_types_first(void)
{
    /* two Steam Allocation phases into the Dreadmoor's left arm, then 1
     * sector each */
    static const struct position at = {DREADMOOR, KALTSCHMIED, HS_MOUNT_TORSO, NULL, 2,
                                       {left_arm, NULL}, {1, 1}, {NULL, NULL}, 0};
    struct rules_error err;
    int k, through = 0, boiler = 0;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        const char *where;

        boiler = cubes(1, "boiler", HS_C_DAMAGE);
        if (!CHECK(ok(attack(0, HS_MOUNT_LEFT_ARM, 1, 0, &err), &err)))
            return;
        through = event_int("shields_hit", "through");
        where = json_string_value(json_object_get(last_event("hit_location"), "location"));
        if (event_bool("attack_result", "hit") && !event_bool("attack_result", "critical") &&
            through > 0 && !T(1)->destroyed && strcmp(where, "torso") == 0)
            break;
    }
    CHECK(k > 0);
    CHECK_EQ_INT(G.attack.active, 0);
    CHECK_EQ_INT(cubes(1, "vent", HS_C_DAMAGE), through < 3 ? through : 3);
    CHECK_EQ_INT(cubes(1, "torso_shield", HS_C_DAMAGE), through > 3 ? through - 3 : 0);
    CHECK_EQ_INT(cubes(1, "boiler", HS_C_DAMAGE), boiler);
}

/* HS-R-66, HS-R-71: Exploding Rounds add to damage past the shields; Low
 * Ammo puts its cubes on the weapon after the attack, its owner placing. */
static void test_hs_r_71_low_ammo_and_r_66_exploding_rounds(void)
{
    /* a Steam Allocation phase into the Wayfarer's torso; both hold */
    static const struct position at = {WAYFARER, STURMVOGEL, HS_MOUNT_TORSO, NULL, 1,
                                       {torso, NULL}, {0, 0}, {NULL, NULL}, 0};
    struct rules_error err;
    int k;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        /* Skyrocket Rack at range 5: 2 dice, 2 damage */
        if (!CHECK(ok(attack(0, HS_MOUNT_TORSO, 1, 0, &err), &err)))
            return;
        CHECK_EQ_INT(cubes(0, "torso_slot", HS_C_DAMAGE), 1);
        CHECK_EQ_INT(G.attack.active, 0);
        if (event_int("shields_hit", "through") > 0)
            break;
    }
    CHECK(k > 0);
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

/* The Wayfarer and the Sturmvogel two Steam Allocation phases into their
 * right arms, then closing to range 2 in round 3 (the Wayfarer 1 sector,
 * its 2-sector move costing 3; the Sturmvogel 2), seat s to attack. */
#define LIGHTS_CLOSE(s)                                                                    \
    {WAYFARER, STURMVOGEL, HS_MOUNT_TORSO, NULL, 2, {right_arm, right_arm}, {1, 2},        \
     {NULL, NULL}, (s)}

/* HS-R-74, HS-AMB-25: Rate of Fire 2 is one payment and two rolls. */
static void test_hs_r_74_rate_of_fire_two_rolls_one_payment(void)
{
    static const struct position at = LIGHTS_CLOSE(0);
    struct rules_error err;
    int before, pressure, rolls, defenses;

    if (!CHECK(reached(&at, 1) > 0))
        return;
    before = steam(0, "right_slot");
    pressure = T(0)->npressure;
    rolls = count_events("attack_roll");
    defenses = count_events("defense_roll");
    CHECK(before >= 2);
    /* Pepperbox Gun: attack cost 2, Rate of Fire 2 */
    CHECK(ok(attack(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err));
    CHECK_EQ_INT(G.attack.active, 0);
    CHECK_EQ_INT(count_events("attack_roll"), rolls + 2);
    CHECK_EQ_INT(count_events("defense_roll"), defenses + 2);
    CHECK_EQ_INT(steam(0, "right_slot"), before - 2);
    CHECK_EQ_INT(T(0)->npressure, pressure + 2);
}

/* HS-R-97: the defense dice an evade buys count for every shot of a Rate
 * of Fire attack, the evade paid once: the Sturmvogel's evade order
 * answers the Pepperbox Gun's attack. */
static void test_hs_r_97_rate_of_fire_evade_counts_for_every_shot(void)
{
    static const struct position at = LIGHTS_CLOSE(0);
    struct rules_error err;
    int k, n = 0, dice[2] = {0, 0}, mob = 0;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        json_t *e;
        size_t i;

        MUST(1, "{\"type\": \"orders\", \"evade\": 1}");
        mob = steam(1, "mobility");
        json_array_clear(events);
        if (!CHECK(ok(attack(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return;
        n = 0;
        json_array_foreach(events, i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "defense_roll") == 0 &&
                n < 2)
                dice[n++] = (int)json_integer_value(json_object_get(e, "dice"));
        if (count_events("evaded") && n == 2)
            break;
    }
    CHECK(k > 0);
    CHECK_EQ_INT(count_events("evaded"), 1);
    CHECK_EQ_INT(steam(1, "mobility"), mob - T(1)->board->evade_cost);
    CHECK_EQ_INT(dice[0], hs_pressure_dice(T(1)) + event_int("evaded", "dice"));
    CHECK_EQ_INT(dice[1], dice[0]);
}

/* HS-R-69: a hit with Inflame X puts X heat cubes in the target's box,
 * once for the hit (HS-R-98). */
static void test_hs_r_69_inflame_heats_the_target(void)
{
    static const struct position at = LIGHTS_CLOSE(1);
    struct rules_error err;
    int k, h = 0, mine = 0;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        h = heat(0);
        mine = heat(1);
        /* Flame Lance: range 2, 3 dice; Inflame 2, Trails 1 */
        if (!CHECK(ok(attack(1, HS_MOUNT_RIGHT_ARM, 0, 0, &err), &err)))
            return;
        if (event_bool("attack_result", "hit"))
            break;
        CHECK_EQ_INT(heat(0), h);
    }
    CHECK(k > 0);
    CHECK_EQ_INT(count_events("inflame"), 1);
    CHECK_EQ_INT(heat(0), h + 2);
    CHECK_EQ_INT(heat(1), mine + 1);
}

/* HS-R-05: powered equipment counts: the Kestrel's Aegis Plating, with
 * steam on it, adds a defense die when the titan is attacked. */
static void test_hs_r_05_powered_aegis_plating_adds_a_defense_die(void)
{
    /* round 1: the Feldhase 2 sectors, the Blitz Coil at range 3 */
    static const struct position bare = {KESTREL, FELDHASE, HS_MOUNT_TORSO, NULL, 0,
                                         {NULL, NULL}, {0, 2}, {NULL, NULL}, 1};
    /* the same in round 2, after a Steam Allocation phase into the plating */
    static const struct position powered = {KESTREL, FELDHASE, HS_MOUNT_TORSO, NULL, 1,
                                            {torso, NULL}, {0, 2}, {NULL, NULL}, 1};
    struct rules_error err;
    int dice;

    /* the plating holds no steam, the Kestrel's pressure box none: 4 dice */
    if (!CHECK(reached(&bare, 2) > 0))
        return;
    CHECK_EQ_INT(steam(0, "torso_slot"), 0);
    CHECK(ok(attack(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
    CHECK_EQ_INT(event_int("defense_roll", "dice"), 4);

    if (!CHECK(reached(&powered, 2) > 0))
        return;
    CHECK(steam(0, "torso_slot") > 0);
    dice = hs_pressure_dice(T(0)) + 1;
    CHECK(ok(attack(1, HS_MOUNT_TORSO, 0, 0, &err), &err));
    CHECK_EQ_INT(event_int("defense_roll", "dice"), dice);
}

/* HS-R-72: a Low Trajectory hit may be moved to the legs; that choice is
 * the attacker's even when his orders answer the re-roll. A Grapeshot
 * Mortar (1..3) on the Kestrel's left arm instead of the Needle Rifle. */
static void test_hs_r_72_low_trajectory_moves_the_hit_to_the_legs(void)
{
    /* two Steam Allocation phases into the left arm, then the Feldhase 2
     * sectors: range 3 */
    static const struct position at = {KESTREL, FELDHASE, HS_MOUNT_LEFT_ARM, "uk_grapeshot", 2,
                                       {left_arm, NULL}, {0, 2}, {NULL, NULL}, 0};
    struct rules_error err;
    int k, re = 0, legs = 0;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        if (!CHECK(ok(attack(0, HS_MOUNT_LEFT_ARM, 1, 0, &err), &err)))
            return;
        if (G.ask == HS_ASK_REROLL)
            break;
        CHECK_EQ_INT(G.attack.active, 0);
    }
    CHECK(k > 0);
    CHECK_EQ_INT(G.ask_seat, 0);
    hs_combat_reroll_choices(&G, &re, &legs);
    CHECK(legs);
    CHECK(ok(reroll(0, "legs", &err), &err));
    CHECK_EQ_INT(count_events("low_trajectory"), 1);
    CHECK_EQ_STR(json_string_value(json_object_get(last_event("shields_hit"),
                                                   "station")),
                 "legs_shield");
}

/* HS-R-70, HS-AMB-32: damage past the shields from a Knockback X weapon
 * makes the target spend X mobility steam, or, short of it, discard its
 * terrain, nobody asked (HS-R-99). A Harpoon Winch (1..2, Knockback 2) on the Kestrel's right arm
 * instead of the Arc Lance. */
static void test_hs_r_70_knockback_discards_terrain_without_steam(void)
{
    /* the Feldhase's steam kept from its mobility station (the hip's to
     * the legs' shield) and from its other shields, for damage to get past */
    static const char *const away[] = {"legs_shield", "left_slot", "right_slot", "command",
                                       "repair", "torso_slot", "vent", NULL};
    /* two Steam Allocation phases, then the Feldhase 2 sectors into the
     * woods and the Kestrel 1: range 2 */
    static const struct position at = {KESTREL, FELDHASE, HS_MOUNT_RIGHT_ARM, "uk_harpoon", 2,
                                       {right_arm, away}, {1, 2}, {NULL, "woods"}, 0};
    struct rules_error err;
    int k, woods = -1;

    for (k = 1; (k = reached(&at, k)) > 0; k++) {
        woods = G.titan[G.p[1].titan].terrain;
        CHECK(woods >= 0);
        CHECK_EQ_INT(steam(1, "mobility"), 0);
        if (!CHECK(ok(attack(0, HS_MOUNT_RIGHT_ARM, 1, 0, &err), &err)))
            return;
        if (event_int("shields_hit", "through") > 0 && !T(1)->destroyed)
            break;
    }
    CHECK(k > 0);
    CHECK_EQ_INT(count_events("knockback"), 1);
    CHECK_EQ_INT(G.titan[G.p[1].titan].terrain, -1);
    CHECK_EQ_INT(G.zone[woods], HS_Z_DISCARD);
}

/* From the Combat phase on to seat's question after its flows in the
 * Steam Allocation phase: every attack passed, the steam sent as
 * flow_preferring(prefer) says. 0 once seat is asked. */
static int after_flow(int seat, const char *const *prefer)
{
    struct rules_error err = {0};

    while (G.phase == HS_PH_COMBAT && G.ask == HS_ASK_ATTACK)
        pass_turn();
    while (G.ask == HS_ASK_FLOW || (G.ask == HS_ASK_AFTER_FLOW && G.ask_seat != seat))
        if (!CHECK(ok(G.ask == HS_ASK_FLOW ? flow_preferring(G.ask_seat, prefer, &err)
                                           : act(G.ask_seat, &err, "{\"type\": \"steam_done\"}"),
                      &err)))
            return -1;
    return G.ask == HS_ASK_AFTER_FLOW && G.ask_seat == seat ? 0 : -1;
}

/* HS-R-75: a weapon with Shutdown (the Kestrel's Arc Lance) gives its
 * cubes to the reserve in the shut-down step, before the boiler is
 * refilled; one without it (the Needle Rifle) is not shut down. */
static void test_hs_r_75_shutdown_weapon_to_the_reserve(void)
{
    static const char *const guns[] = {"left_slot", "right_slot", NULL};
    struct rules_error err;
    int lance, reserve, boiler;

    if (!CHECK(duel(KESTREL, FELDHASE, 1) == 0))
        return;
    never_ask(0);
    never_ask(1);
    if (!CHECK(moves(0, 0) == 0 && after_flow(0, guns) == 0))
        return;
    lance = steam(0, "right_slot");
    reserve = T(0)->reserve;
    boiler = hs_titan_steam_at(T(0), T(0)->board->boiler);
    CHECK(lance > 0);
    CHECK(steam(0, "left_slot") > 0);
    CHECK_EQ_INT(act(0, &err, "{\"type\": \"steam_done\", \"shutdown\": [\"left_slot\"]}"),
                 -1);
    CHECK_EQ_STR(err.code, "cannot_shut_down");
    MUST(0, "{\"type\": \"steam_done\", \"shutdown\": [\"right_slot\"]}");
    CHECK_EQ_INT(steam(0, "right_slot"), 0);
    /* the lance's steam in the reserve, or in the boiler the refill filled */
    CHECK_EQ_INT(T(0)->reserve + hs_titan_steam_at(T(0), T(0)->board->boiler),
                 reserve + boiler + lance);
}

/* ---- support units --------------------------------------------------------------------- */

/*
 * The first game of the Kestrel and the Feldhase from seed k on (duel)
 * whose setup deals the Kestrel an Infantry Support: in round 1's Move
 * phase the Kestrel moves sectors and plays it, its unit (*u) one sector
 * further on; the Feldhase holds. Returns the game's seed, -1 when none
 * before seed 1000 gets there.
 */
static int infantry_ahead(int k, int sectors, int *u)
{
    char text[128];

    for (; k < 1000; k++) {
        if (duel(KESTREL, FELDHASE, k))
            return -1;
        if (!holds(0, "infantry_support"))
            continue;
        snprintf(text, sizeof text, "{\"type\": \"card\", \"card\": \"infantry_support\", "
                                    "\"choice\": {\"sector\": %d}}", sector(0) + sectors + 1);
        if (!CHECK(moves_with(sectors, 0, text, NULL) == 0 && G.nunits == 1))
            return -1;
        *u = G.nunits - 1;
        return k;
    }
    return -1;
}

/* HS-R-35, HS-AMB-27, HS-AMB-28: a unit attacks once a Combat phase,
 * exactly at its range, and makes no criticals. */
static void test_hs_r_35_unit_attacks_once_without_criticals(void)
{
    struct rules_error err;
    int k, u = -1;

    /* round 1: the Kestrel 1 sector, its infantry at range 3 from the
     * Feldhase */
    for (k = 1; (k = infantry_ahead(k, 1, &u)) > 0; k++) {
        int asked[2] = {0, 0};

        never_ask(0);
        never_ask(1);
        while (G.phase == HS_PH_COMBAT && G.ask == HS_ASK_ATTACK) {
            int s = G.ask_seat;

            asked[s] = 1;
            CHECK_EQ_INT(act(s, &err, "{\"type\": \"attack\", \"unit\": %d, \"target\": %d}",
                             u, 1 - s),
                         -1);
            CHECK_EQ_STR(err.code, s == 0 ? "out_of_range" : "not_your_unit");
            pass_turn();
        }
        CHECK(asked[0] && asked[1]);
        /* round 2: the Feldhase 2 sectors, at range 1 from the infantry */
        if (!CHECK(next_round(NULL, NULL) == 0))
            return;
        if (count_events("event_drawn"))
            continue;
        if (!CHECK(moves(0, 2) == 0 && attack_turn(0) == 0))
            return;
        if (!CHECK(ok(act(0, &err, "{\"type\": \"attack\", \"unit\": %d, \"target\": 1}", u),
                      &err)))
            return;
        if (!CHECK(attack_turn(0) == 0))
            return;
        CHECK_EQ_INT(act(0, &err, "{\"type\": \"attack\", \"unit\": %d, \"target\": 1}", u), -1);
        CHECK_EQ_STR(err.code, "unit_attacked");
        if (event_bool("attack_result", "hit") &&
            faces("attack_roll", "critical") > faces("defense_roll", "critical"))
            break;
    }
    CHECK(k > 0);
    CHECK(!event_bool("attack_result", "critical"));
    /* Infantry Support: 2 damage */
    CHECK_EQ_INT(points_struck(), 2);
}

/* HS-R-35, HS-R-103: a support unit is destroyed by a failed defense
 * roll, its card to the discard pile. */
static void test_hs_r_35_unit_destroyed_on_a_failed_defense(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct rules_error err;
    int k, u = -1, card = -1, discarded = 0;

    /* the Kestrel 2 sectors, its infantry at range 2 from the Feldhase;
     * no standing orders */
    for (k = 1; (k = infantry_ahead(k, 2, &u)) > 0; k++) {
        card = G.unit[u].card;
        CHECK_EQ_STR(cat->battle[card].id, "infantry_support");
        discarded = 0;
        for (int i = 0; i < G.ncards; i++)
            discarded += G.card[i] == card && G.zone[i] == HS_Z_DISCARD;
        if (!CHECK(attack_turn(1) == 0))
            return;
        /* Blitz Coil at range 2 */
        if (!CHECK(ok(act(1, &err, "{\"type\": \"attack\", \"mount\": \"torso\", "
                                   "\"target_unit\": %d}", u),
                      &err)))
            return;
        /* nobody is asked to evade for a unit */
        CHECK_EQ_INT(G.attack.active, 0);
        if (event_bool("attack_result", "hit"))
            break;
        CHECK_EQ_INT(G.nunits, 1);
    }
    CHECK(k > 0);
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
    RUN(test_hs_r_98_spread_critical_a_last_cube_per_location);
    RUN(test_hs_r_102_damage_by_orders_listed_types_first);
    RUN(test_hs_r_71_low_ammo_and_r_66_exploding_rounds);
    RUN(test_hs_r_74_rate_of_fire_two_rolls_one_payment);
    RUN(test_hs_r_97_rate_of_fire_evade_counts_for_every_shot);
    RUN(test_hs_r_69_inflame_heats_the_target);
    RUN(test_hs_r_05_powered_aegis_plating_adds_a_defense_die);
    RUN(test_hs_r_72_low_trajectory_moves_the_hit_to_the_legs);
    RUN(test_hs_r_70_knockback_discards_terrain_without_steam);
    RUN(test_hs_r_75_shutdown_weapon_to_the_reserve);
    RUN(test_hs_r_35_unit_attacks_once_without_criticals);
    RUN(test_hs_r_35_unit_destroyed_on_a_failed_defense);
    json_decref(events);
    return check_summary();
}
