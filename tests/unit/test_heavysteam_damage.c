/*
 * test_heavysteam_damage.c - damage to a Heavy Steam titan, one case per
 * rule, named after it (rules/heavysteam/titan_damage.h; repair from
 * titan_flow.h): shields, placing damage cubes, critical hits, weak
 * points, volatile squares, disabled locations, destruction.
 *
 * Every position is reached from a freshly set-up titan by the calls the
 * game makes (heavysteam_titan_fixture.h).
 */
#include "heavysteam_titan_fixture.h"

/* ---- damage ------------------------------------------------------------------ */

static int place(struct hs_titan *t, enum hs_placer who, int s, int q, int ts,
                 int tq, struct rules_error *err)
{
    struct hs_damage_pick p = {s, q, ts, tq};

    return hs_titan_damage_place(t, who, &p, 1, &rng, events, err);
}

static int offered(const struct hs_titan *t, int s, int q)
{
    struct hs_damage_choices c;

    hs_titan_damage_choices(t, &c);
    for (int i = 0; i < c.ntargets; i++)
        if (c.target[i].station == s && c.target[i].square == q)
            return 1;
    return 0;
}

static void test_repair_spends_its_cost_and_removes_damage(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int r = station(&heavy, "repair"), v = station(&heavy, "vent");
    int g = station(&heavy, "torso_gun");
    const int fix[3][2] = {{v, 0}, {v, 1}, {g, 0}};
    int unrepairable[HS_MOUNTS] = {0, 0, 1};

    CHECK(ok(hs_steam_begin(t, &err), &err));
    CHECK(ok(flow(t, "repair", 3, 0, "command", 1, 0, &err), &err));
    CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
    CHECK(ok(hs_titan_hit(t, HS_TORSO, 3, 0, events, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, v, 0, HS_NONE, 0, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, v, 1, HS_NONE, 0, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, g, 0, HS_NONE, 0, &err), &err));
    CHECK_EQ_INT(hs_titan_repair(t, r, fix, 3, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "too_many_repairs");
    CHECK_EQ_INT(hs_titan_repair(t, r, fix + 1, 2, unrepairable, events, &err), -1);
    CHECK_EQ_STR(err.code, "unrepairable");
    CHECK(ok(hs_titan_repair(t, r, fix, 2, unrepairable, events, &err), &err));
    CHECK_EQ_INT(cubes_at(t, "vent", HS_C_DAMAGE), 0);
    CHECK_EQ_INT(steam_at(t, "repair"), 0);
    CHECK_EQ_INT(t->npressure, 3);
    CHECK_EQ_INT(hs_titan_repair(t, r, fix, 1, unrepairable, events, &err), -1);
    check_white_conserved(t);
}

/* Two free moves of steam into the torso shield: two steam, two shields. */
static void power_torso_shield(struct hs_titan *t)
{
    struct rules_error err;
    int s = station(&heavy, "torso_shield"), b = heavy.boiler;
    struct hs_steam_step step[2] = {{b, 0, s, 0}, {b, 1, s, 1}};

    CHECK(ok(hs_titan_free_move(t, step, 2, &rng, events, &err), &err));
    CHECK_EQ_INT(cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
}

static void test_shields_absorb_steam_before_shield_cubes(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct hs_census c;

    power_torso_shield(t);
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, 0, &rng, events), 0);
    CHECK_EQ_INT(steam_at(t, "torso_shield"), 0);
    CHECK_EQ_INT(cubes_at(t, "torso_shield", HS_C_SHIELD), 1);
    hs_titan_census(t, &c);
    CHECK_EQ_INT(c.pressure_steam, 1); /* the first steam cube */
    CHECK_EQ_INT(t->reserve, 21);      /* the other */
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, 0, &rng, events), 2);
    CHECK_EQ_INT(hs_titan_shields(t, HS_HEAD, 3, 0, &rng, events), 3);
    check_white_conserved(t);
}

/* HS-R-73: Piercing Rounds X ignores X shields, which stay where they are. */
static void test_shields_piercing_and_close_combat_leave_cubes_in_place(void)
{
    struct hs_titan *t = fresh(&heavy);

    power_torso_shield(t);
    /* HS-AMB-30: the ignored cubes stay */
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, 2, &rng, events), 1);
    CHECK_EQ_INT(steam_at(t, "torso_shield") +
                     cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
    CHECK_EQ_INT(hs_titan_shields(t, HS_TORSO, 3, HS_IGNORE_ALL_SHIELDS, &rng, events), 3);
    CHECK_EQ_INT(steam_at(t, "torso_shield") +
                     cubes_at(t, "torso_shield", HS_C_SHIELD), 2);
    check_white_conserved(t);
}

static void test_critical_stopped_by_the_shields_does_nothing(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    struct hs_damage_choices c;

    power_torso_shield(t);
    /* HS-AMB-09: no cube got past the shields, so there is no last one */
    CHECK(ok(hs_titan_hit(t, HS_TORSO, hs_titan_shields(t, HS_TORSO, 2, 0, &rng, events),
                          1, events, &err), &err));
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_NONE);
    CHECK_EQ_INT(count_events("damage_owed"), 0);
}

static void test_damage_only_on_white_squares_of_the_hit_location(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int m = station(&heavy, "mobility"), h = station(&heavy, "hips");
    struct hs_damage_choices c;

    CHECK(ok(hs_titan_hit(t, HS_LEGS, 1, 0, events, &err), &err));
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_OWNER);
    CHECK_EQ_INT(c.cubes, 1);
    for (int i = 0; i < c.ntargets; i++) {
        CHECK_EQ_INT(heavy.station[c.target[i].station].location, HS_LEGS);
        CHECK_EQ_INT(t->square[c.target[i].station][c.target[i].square].colour, HS_WHITE);
    }
    CHECK_EQ_INT(c.ntargets, 6); /* hips 2, mobility 3, knees 1 */
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 3, HS_NONE, 0, &err), -1); /* red */
    CHECK_EQ_STR(err.code, "bad_damage_square");
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, heavy.command, 0, HS_NONE, 0, &err), -1);
    CHECK_EQ_INT(place(t, HS_PLACER_ATTACKER, h, 0, HS_NONE, 0, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_damage");
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, h, 0, HS_NONE, 0, &err), 1);
    CHECK_EQ_INT(cubes_at(t, "hips", HS_C_DAMAGE), 1);
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_NONE);
    check_white_conserved(t);
}

static void test_damage_displaced_steam_moves_within_its_station(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int m = station(&heavy, "mobility"), h = station(&heavy, "hips");

    CHECK(ok(hs_titan_hit(t, HS_LEGS, 2, 0, events, &err), &err));
    /* HS-AMB-10: it must move while there is room */
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, HS_NONE, 0, &err), -1);
    CHECK_EQ_STR(err.code, "bad_steam_displacement");
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, h, 0, &err), -1);
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, m, 2, &err), 1);
    CHECK_EQ_INT(steam_at(t, "mobility"), 2);
    CHECK_EQ_INT(heat(t), 0);
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 1, m, 3, &err), 1); /* red: heat */
    CHECK_EQ_INT(heat(t), 1);
    CHECK_EQ_INT(steam_at(t, "mobility"), 2);
    check_white_conserved(t);
}

static void test_damage_discards_steam_that_has_no_room(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int k = station(&heavy, "knees");
    struct hs_steam_step step = {heavy.boiler, 0, k, 0};

    CHECK(ok(hs_titan_free_move(t, &step, 1, &rng, events, &err), &err));
    CHECK(ok(hs_titan_hit(t, HS_LEGS, 1, 0, events, &err), &err));
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, k, 0, HS_NONE, 0, &err), 1);
    CHECK_EQ_INT(t->discarded, 1);
    CHECK_EQ_INT(count_events("steam_discarded"), 1);
    check_white_conserved(t);
}

static void test_critical_hit_last_cube_is_the_attackers(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    struct hs_damage_choices c;
    struct hs_damage_pick two[2] = {{station(&heavy, "vent"), 0, HS_NONE, 0},
                                    {station(&heavy, "vent"), 1, HS_NONE, 0}};
    int v = station(&heavy, "vent");

    CHECK(ok(hs_titan_hit(t, HS_TORSO, 2, 1, events, &err), &err));
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_OWNER);
    CHECK_EQ_INT(c.cubes, 1);
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, two, 2, &rng, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_damage");
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, two, 1, &rng, events, &err), 1);
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.placer, HS_PLACER_ATTACKER);
    /* HS-AMB-10: the steam under the attacker's cube may go anywhere in
     * the hit location */
    CHECK_EQ_INT(place(t, HS_PLACER_ATTACKER, heavy.boiler, 0, v, 1, &err), 1);
    CHECK_EQ_INT(steam_at(t, "vent"), 1);
    CHECK_EQ_INT(steam_at(t, "boiler"), 3);
    CHECK_EQ_INT(cubes_at(t, "boiler", HS_C_DAMAGE), 1);
    check_white_conserved(t);
}

static void test_weak_point_lowest_number_first(void)
{
    int b = heavy.boiler, m = station(&heavy, "main");

    for (int k = 1; k < 20; k++) {
        struct hs_titan *t = fresh(&heavy);
        struct rules_error err;
        json_t *roll;

        seed(k);
        CHECK(ok(hs_titan_hit(t, HS_TORSO, 2, 0, events, &err), &err));
        CHECK(offered(t, b, 5));  /* weak 3 */
        CHECK(!offered(t, m, 0)); /* weak 5 waits for the 3 */
        CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 0, HS_NONE, 0, &err), -1);
        CHECK_EQ_INT(place(t, HS_PLACER_OWNER, b, 5, HS_NONE, 0, &err), 1);
        roll = json_array_get(events, json_array_size(events) - 1);
        if (t->destroyed) {
            roll = json_array_get(events, json_array_size(events) - 2);
            CHECK(json_integer_value(json_object_get(roll, "roll")) < 3);
            continue;
        }
        CHECK_EQ_STR(json_string_value(json_object_get(roll, "type")), "weak_point_roll");
        CHECK(json_integer_value(json_object_get(roll, "roll")) >= 3);
        CHECK(offered(t, m, 0));
        return;
    }
    CHECK(!"no seed survived the weak point");
}

/* HS-R-30: a failed volatile roll owes the weapon's highest damage more;
 * HS-R-85: the placement is cut short there and the owner asked again. */
static void test_volatile_failure_fills_the_weapon_then_towards_the_torso(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int g = station(&heavy, "l_gun"), sh = station(&heavy, "l_shoulder");
    struct hs_damage_pick two[2] = {{g, 2, HS_NONE, 0}, {g, 0, HS_NONE, 0}};
    struct hs_damage_choices c;

    CHECK(ok(hs_titan_hit(t, HS_LEFT_ARM, 2, 0, events, &err), &err));
    /* the claw's volatile 7 always fails: the placement stops there */
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, two, 2, &rng, events, &err), 1);
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.cubes, 3); /* the claw's highest damage */
    CHECK_EQ_INT(c.ntargets, 2); /* the weapon's own squares first */
    CHECK(ok(place(t, HS_PLACER_OWNER, g, 0, HS_NONE, 0, &err), &err));
    CHECK(ok(place(t, HS_PLACER_OWNER, g, 1, HS_NONE, 0, &err), &err));
    /* then the nearest station back towards the torso, or the shield */
    CHECK(offered(t, sh, 0));
    CHECK(offered(t, station(&heavy, "l_shield"), 0));
    CHECK(!offered(t, station(&heavy, "main"), 1));
    CHECK(ok(place(t, HS_PLACER_OWNER, sh, 0, HS_NONE, 0, &err), &err));
    /* then the hit's second cube */
    hs_titan_damage_choices(t, &c);
    CHECK_EQ_INT(c.cubes, 1);
    CHECK(offered(t, station(&heavy, "l_shield"), 0));
    check_white_conserved(t);
}

static void test_disabled_arm_sends_damage_to_the_nearest_torso_station(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int rs = station(&heavy, "r_shoulder"), rg = station(&heavy, "r_gun");
    int rsh = station(&heavy, "r_shield"), m = station(&heavy, "main");
    struct hs_damage_pick arm[4] = {{rs, 0, HS_NONE, 0}, {rs, 1, HS_NONE, 0},
                                    {rg, 0, HS_NONE, 0}, {rsh, 0, HS_NONE, 0}};

    CHECK(ok(hs_titan_hit(t, HS_RIGHT_ARM, 5, 0, events, &err), &err));
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, arm, 4, &rng, events, &err), 4);
    CHECK(hs_titan_disabled(t, HS_RIGHT_ARM));
    /* HS-AMB-08: this attack's fifth cube goes on as if it came later */
    CHECK(offered(t, m, 1));
    CHECK(!offered(t, heavy.boiler, 4));
    CHECK_EQ_INT(place(t, HS_PLACER_OWNER, m, 1, HS_NONE, 0, &err), 1);
    CHECK_EQ_INT(cubes_at(t, "main", HS_C_DAMAGE), 1);
    check_white_conserved(t);
}

/* HS-R-83: a full head sends nothing on to the torso: the hit's fourth
 * cube is not owed anywhere once the command station is full. */
static void test_command_station_full_destroys_the_titan(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int c = heavy.command;
    struct hs_damage_pick head[3] = {{c, 0, HS_NONE, 0}, {c, 1, HS_NONE, 0},
                                     {c, 2, HS_NONE, 0}};

    CHECK(ok(hs_titan_hit(t, HS_HEAD, 4, 0, events, &err), &err));
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, head, 3, &rng, events, &err), 3);
    CHECK(t->destroyed);
    CHECK_EQ_INT(count_events("titan_destroyed"), 1);
    CHECK_EQ_INT(t->nowed, 0);
    CHECK_EQ_INT(hs_titan_hit(t, HS_TORSO, 1, 0, events, &err), -1);
}

/* HS-R-65, HS-R-84: each cube of an enemy hit on a Fragile card brings
 * one more; the Fragile cube itself brings none. */
static void test_fragile_weapon_takes_extra_cubes_from_an_enemy_hit(void)
{
    struct hs_mounted c[HS_MOUNTS];
    struct rules_error err;
    int g = station(&heavy, "torso_gun"), v = station(&heavy, "vent");
    struct hs_damage_pick two[2] = {{g, 0, HS_NONE, 0}, {v, 0, HS_NONE, 0}};
    struct hs_damage_choices ch;

    fresh(&heavy);
    test_cards(c);
    c[HS_MOUNT_TORSO].fragile = 1;
    CHECK(ok(hs_titan_init(&T, &heavy, c, events, &err), &err));
    CHECK(ok(hs_titan_hit(&T, HS_TORSO, 2, 0, events, &err), &err));
    /* the Fragile cube comes first: the placement stops after the hit cube */
    CHECK_EQ_INT(hs_titan_damage_place(&T, HS_PLACER_OWNER, two, 2, &rng, events, &err), 1);
    hs_titan_damage_choices(&T, &ch);
    CHECK_EQ_INT(ch.cubes, 1);
    CHECK_EQ_INT(ch.ntargets, 2); /* the mortar's two white squares left */
    CHECK(!offered(&T, v, 0));
    CHECK(ok(place(&T, HS_PLACER_OWNER, g, 1, HS_NONE, 0, &err), &err));
    /* its own cube makes no more: the hit's second cube is next */
    hs_titan_damage_choices(&T, &ch);
    CHECK_EQ_INT(ch.cubes, 1);
    CHECK(offered(&T, v, 0));
    check_white_conserved(&T);
}

static void test_low_ammo_damages_the_weapon_that_fired(void)
{
    struct hs_titan *t = fresh(&heavy);
    struct rules_error err;
    int g = station(&heavy, "torso_gun");
    struct hs_damage_pick all[3] = {{g, 0, HS_NONE, 0}, {g, 1, HS_NONE, 0},
                                    {g, 2, HS_NONE, 0}};
    struct hs_damage_choices ch;

    CHECK(ok(hs_titan_owe_weapon(t, HS_MOUNT_TORSO, 4, events, &err), &err));
    hs_titan_damage_choices(t, &ch);
    CHECK_EQ_INT(ch.ntargets, 3);
    CHECK_EQ_INT(hs_titan_damage_place(t, HS_PLACER_OWNER, all, 3, &rng, events, &err), 3);
    /* the fourth has no white square of the weapon left: lost */
    hs_titan_damage_choices(t, &ch);
    CHECK_EQ_INT(ch.placer, HS_PLACER_NONE);
    CHECK_EQ_INT(count_events("damage_lost"), 1);
    check_white_conserved(t);
}

/* ---- whole rounds --------------------------------------------------------- */

static int pick(int n)
{
    return n > 0 ? (int)rng_uniform(&rng, (uint32_t)n) : 0;
}

static void check_squares(const struct hs_titan *t)
{
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++) {
            enum hs_colour c = t->square[s][q].colour;
            enum hs_cube k = t->cube[s][q];

            CHECK(k != HS_C_STEAM || c != HS_BLUE);
            CHECK(k != HS_C_SHIELD || c == HS_BLUE);
            CHECK(k != HS_C_DAMAGE || c == HS_WHITE);
        }
    CHECK(t->npressure <= t->board->capacity);
    check_white_conserved(t);
}

/* A distribution hs_steam_choices allows: the white squares that must
 * be filled first, in a random order, then any more cubes anywhere. */
static void random_flow(struct hs_titan *t, const struct hs_flow_choices *c,
                        struct hs_flow_move *m)
{
    int left = c->cubes;

    memset(m, 0, sizeof *m);
    for (int pass = 0; pass < 2; pass++)
        for (int tries = 0; tries < 40 && left; tries++) {
            const struct hs_flow_dest *d = &c->dest[pick(c->ndest)];
            int on_red = pass && pick(2);

            if (!pass && d->vent)
                continue;
            if (on_red ? m->red[d->station] < d->free_red
                    : m->white[d->station] < d->free_white) {
                if (on_red)
                    m->red[d->station]++;
                else
                    m->white[d->station]++;
                left--;
            }
            if (pass && pick(3) == 0)
                break;
        }
    for (int k = 0; k < c->ndest; k++) /* the must: every mandatory white */
        if (!c->dest[k].vent && left)
            while (m->white[c->dest[k].station] < c->dest[k].free_white && left) {
                m->white[c->dest[k].station]++;
                left--;
            }
    (void)t;
}

static void random_damage(struct hs_titan *t)
{
    struct rules_error err;
    struct hs_damage_choices c;
    int room[HS_MAX_STATIONS * HS_MAX_SQUARES][2];

    for (hs_titan_damage_choices(t, &c); c.placer != HS_PLACER_NONE;
         hs_titan_damage_choices(t, &c)) {
        const struct hs_target *x;
        struct hs_damage_pick p;
        int n;

        if (!CHECK(c.ntargets > 0))
            return;
        x = &c.target[pick(c.ntargets)];
        p.station = x->station;
        p.square = x->square;
        p.to_station = HS_NONE;
        p.to_square = 0;
        n = x->steam ? hs_titan_displace_choices(t, x->station, x->square, room) : 0;
        if (n) {
            int k = pick(n);

            p.to_station = room[k][0];
            p.to_square = room[k][1];
        }
        CHECK(ok(hs_titan_damage_place(t, c.placer, &p, 1, &rng, events, &err), &err));
        check_squares(t);
    }
}

static void random_free_move(struct hs_titan *t)
{
    struct rules_error err;
    struct hs_steam_step st;
    int tries = 0;

    do {
        st.from_station = pick(t->board->nstations);
        st.from_square = pick(t->nsquares[st.from_station]);
        st.to_station = pick(t->board->nstations);
        st.to_square = pick(t->nsquares[st.to_station]);
    } while (++tries < 200 &&
             (st.from_station == st.to_station ||
              t->cube[st.from_station][st.from_square] != HS_C_STEAM ||
              t->cube[st.to_station][st.to_square] != HS_C_EMPTY ||
              t->square[st.to_station][st.to_square].colour == HS_BLUE));
    if (tries < 200)
        CHECK(ok(hs_titan_free_move(t, &st, 1, &rng, events, &err), &err));
}

static void random_repair(struct hs_titan *t)
{
    struct rules_error err;
    int r = station(t->board, "repair"), fix[1][2];

    if (r == HS_NONE || hs_titan_steam_at(t, r) < t->board->repair_cost ||
        hs_pressure_room(t) < t->board->repair_cost)
        return;
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++)
            if (t->cube[s][q] == HS_C_DAMAGE) {
                fix[0][0] = s;
                fix[0][1] = q;
                CHECK(ok(hs_titan_repair(t, r, fix, 1, NULL, events, &err), &err));
                return;
            }
}

static void test_whole_rounds_keep_every_cube_accounted_for(void)
{
    const struct hs_board *boards[2] = {&heavy, &small};
    int rounds = 0;

    for (int k = 0; k < 40; k++) {
        struct hs_titan *t = fresh(boards[k % 2]);
        struct rules_error err;

        seed(100 + k);
        for (int round = 0; round < 30 && !t->destroyed; round++, rounds++) {
            struct hs_flow_choices c;
            struct hs_flow_move m;
            int mob = station(t->board, "mobility");
            int pts;

            if (hs_titan_steam_at(t, mob) >= t->board->move_cost[0] &&
                hs_pressure_room(t) >= t->board->move_cost[0])
                CHECK(ok(hs_titan_pay(t, mob, t->board->move_cost[0], HS_PAY_PRESSURE,
                                      events, &err), &err));
            enum hs_location l = (enum hs_location)pick(HS_LOCATIONS);
            int bonus = pick(4), blocked = pick(3) ? 0 : 1;  /* in this order */

            pts = hs_titan_shields(t, l, bonus, blocked, &rng, events);
            if (t->destroyed)
                break;
            CHECK(ok(hs_titan_hit(t, l, pts, pick(2), events, &err), &err));
            random_damage(t);
            check_squares(t);
            if (t->destroyed)
                break;
            CHECK(ok(hs_steam_begin(t, &err), &err));
            for (hs_steam_choices(t, &c); c.station != HS_NONE; hs_steam_choices(t, &c)) {
                random_flow(t, &c, &m);
                if (!CHECK(ok(hs_steam_move(t, &m, &rng, events, &err), &err)))
                    return;
            }
            CHECK(ok(hs_steam_end(t, &rng, events, &err), &err));
            check_squares(t);
            if (t->destroyed)
                break;
            if (pick(4) == 0 && t->board->shield[HS_TORSO] != HS_NONE)
                CHECK(ok(hs_titan_shutdown(t, t->board->shield[HS_TORSO], events, &err),
                         &err));
            CHECK(ok(hs_titan_refill(t, events, &err), &err));
            random_repair(t);
            random_free_move(t);
            check_squares(t);
            hs_pressure_overload_roll(t, &rng, events);
            hs_pressure_release(t, pick(2), events);
            check_squares(t);
            json_array_clear(events);
        }
    }
    if (!CHECK(rounds > 150))
        fprintf(stderr, "  %d rounds\n", rounds);
}

int main(void)
{
    load_boards();
    RUN(test_repair_spends_its_cost_and_removes_damage);
    RUN(test_shields_absorb_steam_before_shield_cubes);
    RUN(test_shields_piercing_and_close_combat_leave_cubes_in_place);
    RUN(test_critical_stopped_by_the_shields_does_nothing);
    RUN(test_damage_only_on_white_squares_of_the_hit_location);
    RUN(test_damage_displaced_steam_moves_within_its_station);
    RUN(test_damage_discards_steam_that_has_no_room);
    RUN(test_critical_hit_last_cube_is_the_attackers);
    RUN(test_weak_point_lowest_number_first);
    RUN(test_volatile_failure_fills_the_weapon_then_towards_the_torso);
    RUN(test_disabled_arm_sends_damage_to_the_nearest_torso_station);
    RUN(test_command_station_full_destroys_the_titan);
    RUN(test_fragile_weapon_takes_extra_cubes_from_an_enemy_hit);
    RUN(test_low_ammo_damages_the_weapon_that_fired);
    RUN(test_whole_rounds_keep_every_cube_accounted_for);
    json_decref(events);
    return check_summary();
}
