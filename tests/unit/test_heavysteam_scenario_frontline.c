/*
 * test_heavysteam_scenario_frontline.c - Scenario 4, Frontline Fight
 * (rules/heavysteam/scenario_frontline.c; RULINGS.md HS-R-190 to
 * HS-R-197): the setup's units and their marks, the deck without Infantry
 * Support cards, the dice the marks give, the infantry victory, and
 * random games from its setup played through the legal moves to their
 * end, with the scenario's invariants checked after every move.
 *
 * Every position is reached by moves from hs_game_setup with "scenario":
 * 4 (heavysteam_play_fixture.h's duel, 2 seats).
 */
#include "heavysteam_game_fixture.h"
#include "heavysteam_play_fixture.h"
#include "heavysteam/combat_step.h"
#include "heavysteam/scenario.h"
#include "heavysteam/text.h"

/* A unit of team and kind in sector, -1 none; black: -1 either, else
 * the black cube it must have. */
static int unit_at(int team, enum hs_unit_kind kind, int sec, int black)
{
    for (int u = 0; u < G.nunits; u++)
        if (G.unit[u].team == team && G.unit[u].kind == kind && G.unit[u].sector == sec &&
            (black < 0 || G.unit[u].black == black))
            return u;
    return -1;
}

static int infantry_of(const struct hs_game *g, int team)
{
    int n = 0;

    for (int u = 0; u < g->nunits; u++)
        n += g->unit[u].team == team && g->unit[u].kind == HS_UNIT_INFANTRY;
    return n;
}

static int frontline(const char *uk, const char *cet, int k)
{
    duel_scenario = 4;
    return duel(uk, cet, k);
}

/* The dice of the last attack and defense rolls. */
static int rolled(const char *type)
{
    return event_int(type, "dice");
}

static void test_hs_r_190_frontline_setup(void)
{
    /* U.K. from position 0, C.E.T. from 7 (HS-DATA-01) */
    static const int where[2][4] = {{1, 2, 3, 3}, {6, 5, 4, 4}};

    if (frontline(DREADMOOR, KALTSCHMIED, 1))
        return;
    CHECK_EQ_INT(G.scenario, 4);
    CHECK_EQ_INT(G.nunits, 8);
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 4; k++) {
            const struct hs_unit_at *u = &G.unit[t * 4 + k];

            CHECK_EQ_INT(u->team, t);
            CHECK_EQ_INT(u->owner, t);
            CHECK_EQ_INT(u->card, -1);
            CHECK_EQ_INT(u->kind, k == 0 ? HS_UNIT_CANNON : HS_UNIT_INFANTRY);
            CHECK_EQ_INT(u->sector, where[t][k]);
            /* HS-R-192: the infantry marked white, the cannon not */
            CHECK_EQ_INT(u->white, k > 0);
            CHECK_EQ_INT(u->black, 0);
            /* HS-DATA-15: the support cards' stats */
            CHECK_EQ_INT(hs_combat_unit(&G, t * 4 + k)->defense_dice, k == 0 ? 3 : 5);
        }
    /* heavies in their start sectors */
    CHECK_EQ_INT(sector(0), 0);
    CHECK_EQ_INT(sector(1), 7);
    check_cubes(&G);
    check_round_trip(&G);
    /* in chat the infantry show their mark */
    {
        json_t *st = hs_game_dump(&G);
        char *text = hs_text_view(st, -1);

        CHECK(text && strstr(text, "1 infantry (seat 0) sector 2 white") != NULL);
        free(text);
        json_decref(st);
    }
    /* lights one sector forward, the units where they are */
    if (frontline(KESTREL, FELDHASE, 1))
        return;
    CHECK_EQ_INT(sector(0), 1);
    CHECK_EQ_INT(sector(1), 6);
    CHECK_EQ_INT(G.unit[0].sector, 1);
    CHECK_EQ_INT(G.unit[4].sector, 6);
}

static void test_hs_r_191_no_infantry_support_cards(void)
{
    int boxed = 0, cannons = 0;

    if (frontline(DREADMOOR, KALTSCHMIED, 2))
        return;
    for (int c = 0; c < G.ncards; c++) {
        const char *id = cat()->battle[G.card[c]].id;

        if (strcmp(id, "infantry_support") == 0)
            boxed += CHECK_EQ_INT(G.zone[c], HS_Z_BOX);
        if (strcmp(id, "cannon_support") == 0)
            cannons += G.zone[c] != HS_Z_BOX;
    }
    CHECK_EQ_INT(boxed, 3);
    CHECK_EQ_INT(cannons, 3);    /* the Mobile Cannon Support cards stay */
    CHECK_EQ_INT(kind_in(&G, HS_Z_BOX, HS_K_SUPPORT), 3);
    /* the Meeting Engagement keeps them */
    duel_scenario = 0;
    if (duel(DREADMOOR, KALTSCHMIED, 2))
        return;
    CHECK_EQ_INT(kind_in(&G, HS_Z_BOX, HS_K_SUPPORT), 0);
}

/*
 * Round 1's Combat phase: the team with initiative fires an infantry of
 * sector 3 or 4 at an enemy infantry one sector away (HS-AMB-27), then
 * the other team fires one of its own at that attacker. Returns the
 * first attacker's team, -1 when the position was not reached.
 */
static int infantry_duel(int k, int *first, int *second)
{
    struct rules_error err;
    int a, b, mine, theirs;

    if (frontline(DREADMOOR, KALTSCHMIED, k) || moves(0, 0))
        return -1;
    a = G.initiative;
    b = 1 - a;
    mine = unit_at(a, HS_UNIT_INFANTRY, a == 0 ? 3 : 4, -1);
    theirs = unit_at(b, HS_UNIT_INFANTRY, b == 0 ? 3 : 4, -1);
    if (attack_turn(a))
        return -1;
    json_array_clear(events);
    if (!CHECK(ok(act(a, &err, "{\"type\": \"attack\", \"unit\": %d, \"target_unit\": %d}",
                      mine, theirs), &err)))
        return -1;
    *first = G.unit[mine].white * 10 + G.unit[mine].black;
    /* HS-R-192: the target's white cube, a defense die more */
    CHECK_EQ_INT(rolled("attack_roll"), 4);
    CHECK_EQ_INT(rolled("defense_roll"), 6);
    /* the other team's infantry at the attacker (a destroyed target gone) */
    theirs = unit_at(b, HS_UNIT_INFANTRY, b == 0 ? 3 : 4, -1);
    mine = unit_at(a, HS_UNIT_INFANTRY, a == 0 ? 3 : 4, 1);
    if (attack_turn(b) || !CHECK(mine >= 0 && theirs >= 0))
        return -1;
    json_array_clear(events);
    if (!CHECK(ok(act(b, &err, "{\"type\": \"attack\", \"unit\": %d, \"target_unit\": %d}",
                      theirs, mine), &err)))
        return -1;
    *second = rolled("attack_roll") * 10 + rolled("defense_roll");
    return a;
}

static void test_hs_r_193_firing_marks_black(void)
{
    int first = 0, second = 0, white = 0, black = 0;

    if (infantry_duel(3, &first, &second) < 0)
        return;
    /* the attacker lost its white cube and took a black one */
    CHECK_EQ_INT(first, 1);
    CHECK(count_events("unit_marked") >= 1);
    for (int u = 0; u < G.nunits; u++) {
        white += G.unit[u].white;
        black += G.unit[u].black;
        CHECK(!(G.unit[u].white && G.unit[u].black));
    }
    CHECK(black >= 1);
    CHECK(white <= 5);
    check_cubes(&G);
    check_round_trip(&G);
}

static void test_hs_r_194_black_cube_attack_die(void)
{
    int first = 0, second = 0;

    if (infantry_duel(4, &first, &second) < 0)
        return;
    /* 4 attack dice and one for the black cube; the white cube is gone */
    CHECK_EQ_INT(second, 5 * 10 + 5);
}

/* HS-R-193: moving marks an infantry as firing does; a cannon takes no
 * mark; a second move adds no second black cube. */
static void test_hs_r_193_moving_marks_black(void)
{
    char after[2][160];
    int inf[2], can[2], black0;

    if (frontline(DREADMOOR, KALTSCHMIED, 5))
        return;
    for (int t = 0; t < 2; t++) {
        inf[t] = unit_at(t, HS_UNIT_INFANTRY, t == 0 ? 2 : 5, -1);
        can[t] = unit_at(t, HS_UNIT_CANNON, t == 0 ? 1 : 6, -1);
        snprintf(after[t], sizeof after[t],
                 "{\"type\": \"done\", \"infantry\": {\"unit\": %d, \"sector\": %d}, "
                 "\"cannon\": {\"unit\": %d, \"sector\": %d}}", inf[t], t == 0 ? 3 : 4,
                 can[t], t == 0 ? 3 : 4);
    }
    black0 = G.stock_black;
    if (moves_with(1, 1, after[0], after[1]))
        return;
    for (int t = 0; t < 2; t++) {
        CHECK_EQ_INT(G.unit[inf[t]].sector, t == 0 ? 3 : 4);
        CHECK_EQ_INT(G.unit[inf[t]].white, 0);
        CHECK_EQ_INT(G.unit[inf[t]].black, 1);
        CHECK_EQ_INT(G.unit[can[t]].sector, t == 0 ? 3 : 4);
        CHECK_EQ_INT(G.unit[can[t]].white + G.unit[can[t]].black, 0);
    }
    CHECK_EQ_INT(G.stock_black, black0 - 2);
    check_cubes(&G);
    check_round_trip(&G);
    /* then it fires: still one black cube */
    {
        int a = G.initiative, target = unit_at(1 - a, HS_UNIT_INFANTRY, a == 0 ? 4 : 3, 0);
        struct rules_error err;

        if (attack_turn(a) || !CHECK(target >= 0))
            return;
        CHECK(ok(act(a, &err, "{\"type\": \"attack\", \"unit\": %d, \"target_unit\": %d}",
                     inf[a], target), &err));
        CHECK_EQ_INT(G.unit[inf[a]].black, 1);
        CHECK_EQ_INT(G.stock_black, black0 - 2);
        check_cubes(&G);
    }
}

/* The seat asked attacks an enemy infantry with the first attack listed
 * against one, else passes; any other question gets the quiet answer. */
static int hunt_infantry(void)
{
    struct hs_attack_option o[HS_MAX_OPTIONS];
    struct rules_error err;
    int s = G.ask_seat, n;

    if (G.ask != HS_ASK_ATTACK)
        return quiet_move(&G, events);
    n = hs_combat_options(&G, s, o);
    for (int i = 0; i < n; i++) {
        if (o[i].target_unit < 0 || G.unit[o[i].target_unit].kind != HS_UNIT_INFANTRY)
            continue;
        if (o[i].unit >= 0)
            return act(s, &err, "{\"type\": \"attack\", \"unit\": %d, \"target_unit\": %d}",
                       o[i].unit, o[i].target_unit);
        return act(s, &err, "{\"type\": \"attack\", \"mount\": \"%s\", \"target_unit\": %d}",
                   hs_mount_name((enum hs_mount)o[i].mount), o[i].target_unit);
    }
    return act(s, &err, "{\"type\": \"pass\"}");
}

static void test_hs_r_195_all_infantry_destroyed(void)
{
    int won = 0;

    for (int k = 10; k < 40 && !won; k++) {
        int fewer = 0;

        if (frontline(DREADMOOR, KALTSCHMIED, k))
            return;
        never_ask(0);
        never_ask(1);
        for (int guard = 0; guard < 4000 && G.stage == HS_STAGE_ROUND; guard++) {
            if (!CHECK(hunt_infantry() == 0))
                return;
            /* infantry lost without the game ending: it goes on */
            if (G.stage == HS_STAGE_ROUND && infantry_of(&G, 0) > 0 && infantry_of(&G, 1) > 0)
                fewer |= infantry_of(&G, 0) + infantry_of(&G, 1) < 6;
        }
        if (G.stage != HS_STAGE_OVER ||
            strcmp(json_string_value(json_object_get(last_event("game_over"), "reason")),
                   "all_infantry_destroyed") != 0)
            continue;
        won = 1;
        CHECK(fewer);
        CHECK_EQ_INT(infantry_of(&G, 1 - G.winner_team), 0);
        CHECK(infantry_of(&G, G.winner_team) > 0);
        CHECK_EQ_INT(event_int("game_over", "winner_team"), G.winner_team);
        check_cubes(&G);
        check_round_trip(&G);
    }
    CHECK(won);
}

/* ---- random games ------------------------------------------------------------ */

#define PLAYOUTS 400
#define PLAYOUT_STEPS 6000

static long reasons[3], capped, rounds, steps, went_on, taken_over;

/* The scenario's invariants in g: at most 6 infantry and 4 mobile
 * cannons a faction (its miniatures), an infantry's marks one or none
 * and a cannon's none, the setup's white cubes never coming back. */
static void check_units(const struct hs_game *g, int whites_before)
{
    int count[2][2] = {{0, 0}, {0, 0}}, whites = 0;

    for (int u = 0; u < g->nunits; u++) {
        const struct hs_unit_at *x = &g->unit[u];

        count[x->team][x->kind]++;
        CHECK(!(x->white && x->black));
        CHECK(x->kind == HS_UNIT_INFANTRY || !(x->white || x->black));
        whites += x->white;
    }
    for (int t = 0; t < 2; t++)
        CHECK(count[t][HS_UNIT_INFANTRY] <= 6 && count[t][HS_UNIT_CANNON] <= 4);
    CHECK(whites <= whites_before);
}

static int frontline_of(int k, const char *more, int seats)
{
    return scenario_game(4, k, more, seats);
}

/* A titan destroyed and the game going on (three or four players). */
static int lost_one(const struct hs_game *g)
{
    int n = 0;

    for (int s = 0; s < g->nplayers; s++)
        n += g->titan[g->p[s].titan].cubes.destroyed;
    return n > 0 && g->stage == HS_STAGE_ROUND;
}

/* Unit attacks among the last move's events declared by a seat whose
 * titan is destroyed (HS-R-196), each checked to be its team's units
 * seat. */
static int fired_by_lost(const struct hs_game *g)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(events, i, e) {
        int s = (int)json_integer_value(json_object_get(e, "seat"));

        if (strcmp(json_string_value(json_object_get(e, "type")), "attack_declared") != 0)
            continue;
        if (!json_object_get(e, "unit"))
            continue;
        if (g->titan[g->p[s].titan].cubes.destroyed)
            n++;
        /* a teammate of a destroyed titan fires no unit */
        for (int t = 0; t < g->nplayers; t++)
            if (t != s && g->p[t].team == g->p[s].team && g->stage == HS_STAGE_ROUND)
                CHECK(!g->titan[g->p[t].titan].cubes.destroyed ||
                      g->titan[g->p[s].titan].cubes.destroyed);
    }
    return n;
}

static void playout(int k, const char *more, int seats)
{
    int counted = 0;

    if (frontline_of(k, more, seats))
        return;
    for (int step = 0; step < PLAYOUT_STEPS && G.stage == HS_STAGE_ROUND; step++) {
        int before = 0;

        for (int u = 0; u < G.nunits; u++)
            before += G.unit[u].white;
        if (!CHECK(random_move(&G, events) == 0))
            return;
        check_cubes(&G);
        check_units(&G, before);
        went_on += lost_one(&G) && !counted;
        counted |= lost_one(&G);
        taken_over += fired_by_lost(&G);
        if (step % 50 == 0)
            check_round_trip(&G);
        steps++;
        json_array_clear(events);
    }
    if (G.stage != HS_STAGE_OVER) {
        capped++;
        return;
    }
    check_round_trip(&G);
    rounds += G.round;
    {
        /* the game over event was cleared with its move's events: the
         * reason read from the state */
        int left[2] = {0, 0};

        for (int s = 0; s < G.nplayers; s++)
            left[G.p[s].team] += !G.titan[G.p[s].titan].cubes.destroyed;
        if (!left[1 - G.winner_team])
            reasons[0]++;
        else if (!infantry_of(&G, 1 - G.winner_team))
            reasons[1]++;
        else
            reasons[2]++;        /* resigned or other: none here */
    }
}

/* The seat whose titan is destroyed, the game going on, -1 none. */
static int lost_seat(void)
{
    for (int s = 0; s < G.nplayers; s++)
        if (G.stage == HS_STAGE_ROUND && T(s)->destroyed)
            return s;
    return -1;
}

/*
 * Random moves from a three- or four-player Frontline game of seed k
 * until a titan is destroyed and the game goes on, then until where(G)
 * holds. Returns the seat of the destroyed titan, -1 when not reached.
 */
static int after_a_loss(int k, int (*where)(int lost))
{
    heat_bias = 1;
    if (frontline_of(k, "", 3 + k % 2))
        return -1;
    for (int step = 0; step < PLAYOUT_STEPS && G.stage == HS_STAGE_ROUND; step++) {
        int lost = lost_seat();

        if (lost >= 0 && where(lost)) {
            heat_bias = 0;
            return lost;
        }
        json_array_clear(events);
        if (!CHECK(random_move(&G, events) == 0))
            break;
    }
    heat_bias = 0;
    return -1;
}

static int attack_asked(int lost)
{
    return G.phase == HS_PH_COMBAT && G.ask == HS_ASK_ATTACK &&
           G.p[G.ask_seat].team == G.p[lost].team;
}

/* Listed attacks of seat: by its units (units) or its weapons. */
static int listed_attacks(int seat, int units)
{
    json_t *list = hs_round_moves(&G, seat), *e;
    size_t i;
    int n = 0;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), "attack") == 0 &&
             (json_object_get(e, "unit") != NULL) == units;
    json_decref(list);
    return n;
}

/* HS-R-196: the destroyed titan's player fires the team's units, and
 * only he does. */
static void test_hs_r_196_destroyed_player_fires_units(void)
{
    int seen = 0;

    for (int k = 0; k < 200 && seen != 3; k++) {
        int lost = after_a_loss(k, attack_asked), s = G.ask_seat;
        struct rules_error err;

        if (lost < 0)
            continue;
        if (s == lost) {
            /* asked though destroyed, for unit attacks only */
            CHECK(listed_attacks(s, 1) > 0);
            CHECK_EQ_INT(listed_attacks(s, 0), 0);
            seen |= 1;
        } else {
            struct hs_attack_option o[HS_MAX_OPTIONS];
            int n = hs_combat_options(&G, s, o), unit = -1, target = -1;
            json_t *before = hs_game_dump(&G), *after;

            CHECK_EQ_INT(listed_attacks(s, 1), 0);
            for (int i = 0; i < n; i++)
                CHECK(o[i].unit < 0);
            /* a unit of the team at an enemy unit, refused, nothing changed */
            for (int u = 0; u < G.nunits && unit < 0; u++)
                if (G.unit[u].team == G.p[s].team && !G.unit[u].attacked)
                    unit = u;
            for (int u = 0; u < G.nunits && target < 0; u++)
                if (G.unit[u].team != G.p[s].team)
                    target = u;
            if (unit < 0 || target < 0) {
                json_decref(before);
                continue;
            }
            CHECK_EQ_INT(act(s, &err, "{\"type\": \"attack\", \"unit\": %d, "
                                      "\"target_unit\": %d}", unit, target), -1);
            CHECK_EQ_STR(err.code, "units_taken_over");
            CHECK(strncmp(err.rule, "HS-R-196", 8) == 0);
            after = hs_game_dump(&G);
            CHECK(json_equal(before, after));
            json_decref(before);
            json_decref(after);
            seen |= 2;
        }
    }
    CHECK_EQ_INT(seen, 3);
}

static int unit_move_asked(int lost)
{
    return G.phase == HS_PH_MOVE && G.ask == HS_ASK_AFTER_MOVE && G.ask_seat == lost;
}

/* HS-R-197: in the Move phase the destroyed titan's player moves 1
 * infantry 1 sector or 1 mobile cannon 2, not both. */
static void test_hs_r_197_destroyed_player_moves_a_unit(void)
{
    int seen = 0;

    for (int k = 0; k < 200 && !seen; k++) {
        int lost = after_a_loss(k, unit_move_asked), inf = -1, can = -1;
        struct rules_error err;
        json_t *before, *after;

        if (lost < 0)
            continue;
        for (int u = 0; u < G.nunits; u++)
            if (G.unit[u].team == G.p[lost].team) {
                if (G.unit[u].kind == HS_UNIT_INFANTRY && inf < 0)
                    inf = u;
                if (G.unit[u].kind == HS_UNIT_CANNON && can < 0)
                    can = u;
            }
        if (inf < 0 || can < 0)
            continue;
        {
            int isec = G.unit[inf].sector > 0 ? G.unit[inf].sector - 1 : 1;
            int csec = G.unit[can].sector > 1 ? G.unit[can].sector - 2
                                               : G.unit[can].sector + 2;

            before = hs_game_dump(&G);
            CHECK_EQ_INT(act(lost, &err, "{\"type\": \"done\", \"infantry\": {\"unit\": "
                                         "%d, \"sector\": %d}, \"cannon\": {\"unit\": %d, "
                                         "\"sector\": %d}}", inf, isec, can, csec), -1);
            CHECK_EQ_STR(err.code, "one_unit");
            after = hs_game_dump(&G);
            CHECK(json_equal(before, after));
            json_decref(before);
            json_decref(after);
            /* one infantry one sector: moved, and marked (HS-R-193) */
            json_array_clear(events);
            MUST(lost, "{\"type\": \"done\", \"infantry\": {\"unit\": %d, "
                       "\"sector\": %d}}", inf, isec);
            CHECK_EQ_INT(count_events("unit_moved"), 1);
            CHECK_EQ_INT(event_int("unit_moved", "sector"), isec);
            CHECK_EQ_INT(G.unit[inf].black, 1);
            check_cubes(&G);
            check_round_trip(&G);
            seen = 1;
        }
    }
    CHECK(seen);
}

static void test_hs_r_195_random_frontline_games(void)
{
    play_compositions(PLAYOUTS, 100, playout);
    fprintf(stderr, "  %d Frontline games: %ld all titans, %ld all infantry, %ld other, "
            "%ld unfinished; %ld moves, %ld rounds; %ld went on after a titan, %ld unit "
            "attacks by its player\n", PLAYOUTS, reasons[0], reasons[1],
            reasons[2], capped, steps, rounds, went_on, taken_over);
    CHECK(reasons[1] > 0);
    CHECK_EQ_INT((int)reasons[2], 0);
    CHECK(capped < PLAYOUTS / 4);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_190_frontline_setup);
    RUN(test_hs_r_191_no_infantry_support_cards);
    RUN(test_hs_r_193_firing_marks_black);
    RUN(test_hs_r_194_black_cube_attack_die);
    RUN(test_hs_r_193_moving_marks_black);
    RUN(test_hs_r_195_all_infantry_destroyed);
    RUN(test_hs_r_196_destroyed_player_fires_units);
    RUN(test_hs_r_197_destroyed_player_moves_a_unit);
    RUN(test_hs_r_195_random_frontline_games);
    json_decref(events);
    return check_summary();
}
