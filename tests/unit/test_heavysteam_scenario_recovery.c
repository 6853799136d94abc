/*
 * test_heavysteam_scenario_recovery.c - Scenario 3, Critical Recovery
 * (rules/heavysteam/scenario_recovery.c; RULINGS.md HS-R-180 to
 * HS-R-186): the setup, the recovery in the Battle Card phase and its
 * roll, the dirigible carried, the victory by carrying it home, and
 * random games from its setup played through the legal moves to their
 * end, with the dirigible checked after every move.
 *
 * Every position is reached by moves from hs_game_setup with "scenario":
 * 3 (heavysteam_play_fixture.h's duel, 2 seats).
 */
#include "heavysteam_game_fixture.h"
#include "heavysteam_play_fixture.h"
#include "heavysteam/scenario.h"
#include "heavysteam/text.h"

static int recovery(const char *uk, const char *cet, int k)
{
    duel_scenario = 3;
    return duel(uk, cet, k);
}

/* The station id of seat's first station of type. */
static const char *station_id(int seat, enum hs_station_type type)
{
    const struct hs_board *b = T(seat)->board;

    for (int i = 0; i < b->nstations; i++)
        if (b->station[i].type == type)
            return b->station[i].id;
    return NULL;
}

/* The dirigible as seat's view shows it. */
static json_t *dirigible_seen(int seat)
{
    json_t *v = hs_view_build(&G, seat);
    json_t *d = json_incref(json_object_get(v, "scenario_state"));

    json_decref(v);
    return d;
}

static int seen_sector(int seat, int k)
{
    json_t *d = dirigible_seen(seat);
    int s = (int)json_integer_value(json_array_get(json_object_get(d, "sectors"), (size_t)k));

    json_decref(d);
    return s;
}

static int seen_carrier(int seat)
{
    json_t *d = dirigible_seen(seat), *c = json_object_get(d, "carrier");
    int s = json_is_integer(c) ? (int)json_integer_value(c) : -1;

    json_decref(d);
    return s;
}

/* Whether "recover" is among seat's legal moves now. */
static int recover_listed(int seat)
{
    json_t *list = hs_round_moves(&G, seat), *e;
    size_t i;
    int found = 0;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        found |= strcmp(json_string_value(json_object_get(e, "type")), "recover") == 0;
    json_decref(list);
    return found;
}

/*
 * Plays on, every seat quiet (attacks passed, nothing bought, no free
 * move, the steam sent to the legs and the command station, holds unless
 * go[seat] says how many sectors that seat moves towards the enemy,
 * negative towards home), until seat is asked to buy in the Battle Card
 * phase. Returns 0 there, -1 when the game ended or the round passed by.
 */
static int until_buy(int seat, const int go[2])
{
    const char *prefer[2][HS_MAX_STATIONS + 1];
    int round = G.round;
    struct rules_error err;

    /* the legs' stations, then the command station */
    for (int s = 0; s < 2; s++) {
        const struct hs_board *b = T(s)->board;
        int n = 0;

        for (int i = 0; i < b->nstations; i++)
            if (b->station[i].location == HS_LEGS && b->station[i].type != HS_SHIELD)
                prefer[s][n++] = b->station[i].id;
        prefer[s][n++] = station_id(s, HS_COMMAND);
        prefer[s][n] = NULL;
    }
    while (G.stage == HS_STAGE_ROUND && G.round <= round + 1) {
        int s = G.ask_seat, rc;

        if (G.phase == HS_PH_CARDS && G.ask == HS_ASK_BUY && s == seat)
            return 0;
        if (G.ask == HS_ASK_MOVE && go[s]) {
            int n = go[s] < 0 ? -go[s] : go[s];
            int dir = (T(s)->board->faction == HS_UK) == (go[s] > 0) ? 1 : -1;
            int pay = n;

            /* as far as it can pay */
            while (pay > 1 &&
                   (steam_at(&G, s, HS_MOBILITY) < T(s)->board->move_cost[pay - 1] ||
                    sector(s) + dir * pay < 0 || sector(s) + dir * pay >= HS_SECTORS ||
                    hs_pressure_room(T(s)) < T(s)->board->move_cost[pay - 1]))
                pay--;
            rc = act(s, &err, "{\"type\": \"move\", \"pay\": %d, \"sector\": %d}", pay,
                     sector(s) + dir * pay);
        } else {
            rc = quiet_answer(s, prefer[s], &err);
        }
        if (!CHECK(ok(rc, &err)))
            return -1;
    }
    return -1;
}

static void test_hs_r_180_recovery_setup(void)
{
    const char *const pairs[2][2] = {{DREADMOOR, KALTSCHMIED}, {KESTREL, FELDHASE}};

    for (int k = 0; k < 2; k++) {
        if (recovery(pairs[k][0], pairs[k][1], 1))
            return;
        CHECK_EQ_INT(G.scenario, 3);
        /* every titan in its starting sector, lights too */
        CHECK_EQ_INT(sector(0), 0);
        CHECK_EQ_INT(sector(1), 7);
        CHECK_EQ_INT(G.nunits, 0);
        /* the dirigible between 3 and 4, for every viewer */
        for (int s = -1; s < 2; s++) {
            CHECK_EQ_INT(seen_sector(s, 0), 3);
            CHECK_EQ_INT(seen_sector(s, 1), 4);
            CHECK_EQ_INT(seen_carrier(s), -1);
        }
        check_cubes(&G);
        check_round_trip(&G);
    }
    /* in chat too (HS-R-131): the dirigible shown, "recover" read and written */
    {
        json_t *st = hs_game_dump(&G), *m;
        char *text = hs_text_view(st, 0), *back;
        struct rules_error err;

        CHECK(text && strstr(text, "Dirigible in sector 3 and 4\n") != NULL);
        m = hs_text_parse(st, 0, "recover", &err);
        CHECK(m && strcmp(json_string_value(json_object_get(m, "type")), "recover") == 0 &&
              json_object_size(m) == 1);
        back = m ? hs_text_move(m) : NULL;
        CHECK(back && strcmp(back, "recover") == 0);
        free(back);
        free(text);
        json_decref(m);
        json_decref(st);
    }
}

/* HS-R-186: the starting roll's winner has no free move. */
static void test_hs_r_186_no_starting_free_move(void)
{
    json_t *ev = json_array();
    struct hs_game *g = new_game(3, "{\"scenario\": 3}", ev);

    CHECK_EQ_INT(count_event(ev, "initiative"), 1);
    CHECK(json_is_false(json_object_get(find_event(ev, "initiative"), "free_move")));
    CHECK_EQ_INT(count_event(ev, "dirigible_placed"), 1);
    json_decref(ev);
    free(g);
}

/* Seat 0 (U.K., from 0) walks to sector 3, the C.E.T. holding at 7; seat
 * 0 is then asked to buy there. Returns 0 once it is. */
static int walk_to_dirigible(int k)
{
    const int go[2] = {2, 0};

    if (recovery(DREADMOOR, KALTSCHMIED, k))
        return -1;
    never_ask(0);
    never_ask(1);
    for (int r = 0; r < 8; r++) {
        if (until_buy(0, sector(0) >= 3 ? (const int[2]){0, 0} : go))
            return -1;
        if (sector(0) >= 3 && sector(0) <= 4 && steam(0, "command") >= 2)
            return 0;
        if (sector(0) > 3)
            return -1;
        CHECK(!recover_listed(0));
        MUST(0, "{\"type\": \"pass\"}");
    }
    return -1;
}

static void test_hs_r_181_recover_in_cards_phase(void)
{
    int done = 0;

    for (int k = 1; k < 40 && done != 3; k++) {
        int cmd, reserve;
        json_t *before;
        struct rules_error err;

        if (walk_to_dirigible(k))
            continue;
        CHECK(recover_listed(0));
        cmd = steam(0, "command");
        reserve = T(0)->reserve;
        json_array_clear(events);
        MUST(0, "{\"type\": \"recover\"}");
        /* 2 command steam to the power reserve, failed or not; 3+ with
         * no enemy near */
        CHECK_EQ_INT(steam(0, "command"), cmd - 2);
        CHECK_EQ_INT(T(0)->reserve, reserve + 2);
        CHECK_EQ_INT(event_int("recovery_roll", "need"), 3);
        CHECK_EQ_INT(event_int("recovery_roll", "seat"), 0);
        CHECK_EQ_INT(event_bool("recovery_roll", "recovered"),
                     event_int("recovery_roll", "roll") >= 3);
        CHECK_EQ_INT(seen_carrier(1), event_bool("recovery_roll", "recovered") ? 0 : -1);
        check_cubes(&G);
        check_round_trip(&G);
        /* one try a phase: listed no more, refused, nothing changed */
        CHECK(!recover_listed(0));
        before = hs_game_dump(&G);
        CHECK_EQ_INT(act(0, &err, "{\"type\": \"recover\"}"), -1);
        CHECK_EQ_STR(err.code, event_bool("recovery_roll", "recovered")
                                   ? "dirigible_carried" : "recovery_tried");
        CHECK(strncmp(err.rule, "HS-R-18", 7) == 0);
        {
            json_t *after = hs_game_dump(&G);

            CHECK(json_equal(before, after));
            json_decref(after);
        }
        json_decref(before);
        /* still the buyer: it buys or passes */
        CHECK_EQ_INT(G.ask, HS_ASK_BUY);
        CHECK_EQ_INT(G.ask_seat, 0);
        done |= 1 << event_bool("recovery_roll", "recovered");
    }
    /* a failed roll and a success both seen */
    CHECK_EQ_INT(done, 3);
}

/* Away from the dirigible: not listed, refused, nothing changed. */
static void test_hs_r_181_not_at_dirigible(void)
{
    const int hold[2] = {0, 0};
    struct rules_error err;
    json_t *before, *after;

    if (recovery(DREADMOOR, KALTSCHMIED, 2) || until_buy(0, hold))
        return;
    CHECK(!recover_listed(0));
    before = hs_game_dump(&G);
    CHECK_EQ_INT(act(0, &err, "{\"type\": \"recover\"}"), -1);
    CHECK_EQ_STR(err.code, "not_at_dirigible");
    after = hs_game_dump(&G);
    CHECK(json_equal(before, after));
    json_decref(before);
    json_decref(after);
    /* and outside the Battle Card phase */
    MUST(0, "{\"type\": \"pass\"}");
    while (G.phase == HS_PH_CARDS && G.stage == HS_STAGE_ROUND)
        CHECK(quiet_move(&G, events) == 0);
    CHECK_EQ_INT(act(G.ask_seat, &err, "{\"type\": \"recover\"}"), -1);
}

/* HS-R-182: an enemy titan within one sector of the dirigible (3 and 4:
 * in 2 to 5, its own sectors counted) makes it 5+, one further 3+. */
static void test_hs_r_182_enemy_near(void)
{
    int seen = 0;

    for (int k = 1; k < 80 && seen != 7; k++) {
        if (recovery(KESTREL, FELDHASE, k))
            continue;
        never_ask(0);
        never_ask(1);
        for (int r = 0; r < 8 && G.stage == HS_STAGE_ROUND; r++) {
            /* the C.E.T. comes on at its own pace, a seed apart */
            int go[2] = {sector(0) < 3 ? 2 : 0, sector(1) > 3 ? k % 3 : 0};
            int d;

            if (until_buy(0, go))
                break;
            d = sector(1);
            if (recover_listed(0)) {
                int near = d >= 2 && d <= 5, same = d == 3 || d == 4;

                MUST(0, "{\"type\": \"recover\"}");
                CHECK_EQ_INT(event_int("recovery_roll", "need"), (near ? 5 : 3));
                CHECK_EQ_INT(event_bool("recovery_roll", "recovered"),
                             event_int("recovery_roll", "roll") >= (near ? 5 : 3));
                seen |= same ? 4 : near ? 2 : 1;
                break;
            }
            MUST(0, "{\"type\": \"pass\"}");
        }
    }
    /* far, adjacent and in the same sector each met */
    CHECK_EQ_INT(seen, 7);
}

/* HS-R-183, HS-R-185: the carrier takes it along and wins at home. */
static void test_hs_r_185_carried_home_wins(void)
{
    int won = 0;

    for (int k = 1; k < 60 && !won; k++) {
        const int home[2] = {-2, 0};

        if (walk_to_dirigible(k))
            continue;
        MUST(0, "{\"type\": \"recover\"}");
        if (!event_bool("recovery_roll", "recovered"))
            continue;
        /* HS-R-183: the other titan cannot take it from the carrier */
        CHECK(!recover_listed(1));
        MUST(0, "{\"type\": \"pass\"}");
        for (int r = 0; r < 10 && G.stage == HS_STAGE_ROUND; r++) {
            /* seat 0 may not be asked to buy: then the round passes by */
            if (until_buy(0, home) < 0 && G.stage != HS_STAGE_ROUND)
                break;
            CHECK_EQ_INT(seen_sector(1, 0), sector(0));
            CHECK_EQ_INT(seen_sector(1, 1), sector(0));
            CHECK_EQ_INT(seen_carrier(-1), 0);
            if (G.ask == HS_ASK_BUY && G.ask_seat == 0)
                MUST(0, "{\"type\": \"pass\"}");
        }
        if (!CHECK_EQ_INT(G.stage, HS_STAGE_OVER))
            continue;
        won = 1;
        CHECK_EQ_INT(sector(0), 0);
        CHECK_EQ_INT(G.winner_team, 0);
        CHECK_EQ_STR(json_string_value(json_object_get(last_event("game_over"), "reason")),
                     "dirigible_recovered");
        CHECK_EQ_INT(event_int("game_over", "carrier"), 0);
        /* won on the move home: in the Move phase */
        CHECK_EQ_INT(G.phase, HS_PH_MOVE);
        check_cubes(&G);
        check_round_trip(&G);
    }
    CHECK(won);
}

/* ---- random games ------------------------------------------------------------ */

#define PLAYOUTS 300
#define PLAYOUT_STEPS 6000

static long reasons[3], capped, tries, carried;

/* The dirigible exists once: in one sector or two neighbours, carried by
 * a titan that is not destroyed and stands where it is, or by nobody. */
static void check_dirigible(const struct hs_game *g)
{
    json_t *st = hs_game_dump(g), *d = json_object_get(st, "scenario_state");
    json_t *sec = json_object_get(d, "sectors"), *c = json_object_get(d, "carrier");
    int lo = (int)json_integer_value(json_array_get(sec, 0));
    int hi = (int)json_integer_value(json_array_get(sec, 1));

    CHECK(json_array_size(sec) == 2 && lo >= 0 && hi < HS_SECTORS && (hi == lo || hi == lo + 1));
    if (json_is_integer(c)) {
        const struct hs_titan_at *ta = &g->titan[g->p[json_integer_value(c)].titan];

        CHECK(!ta->cubes.destroyed && lo == ta->sector && hi == lo);
    } else {
        CHECK(json_is_null(c));
    }
    json_decref(st);
}

/* A random legal move, but one the players of this scenario make more
 * often: a recovery whenever listed, and the carrier's move home at the
 * most it can pay. */
static int biased_move(void)
{
    struct hs_game *g = &G;
    int s = g->ask_seat;
    struct rules_error err;

    if (recover_listed(s) && pick(4))
        return act(s, &err, "{\"type\": \"recover\"}");
    if (g->ask == HS_ASK_MOVE && g->carrier == s && pick(4)) {
        int home = hs_catalog_get()->board.start[T(s)->board->faction];
        int dir = home < sector(s) ? -1 : 1;

        for (int pay = 2; pay >= 1; pay--) {
            int to = sector(s) + dir * pay, cost = T(s)->board->move_cost[pay - 1];

            if ((dir < 0 ? to < home : to > home) || steam_at(g, s, HS_MOBILITY) < cost ||
                hs_pressure_room(T(s)) < cost)
                continue;
            return act(s, &err, "{\"type\": \"move\", \"pay\": %d, \"sector\": %d}",
                       pay, to);
        }
    }
    return random_move(g, events);
}

static int recovery_of(int k, const char *more, int seats)
{
    return scenario_game(3, k, more, seats);
}

static long dropped_taken;

static void playout(int k, const char *more, int seats)
{
    int dropped = 0;

    if (recovery_of(k, more, seats))
        return;
    for (int step = 0; step < PLAYOUT_STEPS && G.stage == HS_STAGE_ROUND; step++) {
        if (!CHECK(biased_move() == 0))
            return;
        tries += count_events("recovery_roll");
        carried += event_bool("recovery_roll", "recovered");
        /* HS-R-184: dropped by a destroyed carrier, recovered by another */
        if (G.carrier >= 0 && T(G.carrier)->destroyed)
            dropped = G.carrier + 1;
        else if (dropped && G.carrier >= 0 && G.carrier != dropped - 1) {
            dropped_taken++;
            dropped = 0;
        }
        check_cubes(&G);
        check_dirigible(&G);
        if (step % 50 == 0)
            check_round_trip(&G);
        if (G.stage == HS_STAGE_OVER) {
            const char *why = json_string_value(json_object_get(last_event("game_over"),
                                                                "reason"));

            reasons[strcmp(why, "all_titans_destroyed") == 0 ? 0
                    : strcmp(why, "dirigible_recovered") == 0 ? 1 : 2]++;
        }
        json_array_clear(events);
    }
    if (G.stage != HS_STAGE_OVER)
        capped++;
    check_round_trip(&G);
}

/* HS-R-184: a carrier destroyed (here it ends the two-player game, every
 * enemy titan destroyed) drops the dirigible in its sector. */
static void test_hs_r_184_destroyed_carrier_drops(void)
{
    int seen = 0;

    heat_bias = 1;
    for (int k = 0; k < 400 && !seen; k++) {
        int was = -1, at = -1;

        if (recovery(KESTREL, FELDHASE, 500 + k))
            break;
        for (int step = 0; step < PLAYOUT_STEPS && G.stage == HS_STAGE_ROUND; step++) {
            was = G.carrier;
            at = was >= 0 ? sector(was) : -1;
            if (!CHECK(biased_move() == 0))
                break;
            json_array_clear(events);
        }
        if (was < 0 || !T(was)->destroyed)
            continue;
        seen = 1;
        CHECK_EQ_INT(seen_carrier(-1), -1);
        CHECK_EQ_INT(seen_sector(-1, 0), at);
        CHECK_EQ_INT(seen_sector(1 - was, 1), at);
        CHECK_EQ_INT(G.winner_team, 1 - G.p[was].team);
        check_round_trip(&G);
    }
    heat_bias = 0;
    CHECK(seen);
}

/* Towards the dirigible: every titan moves at the most it can pay
 * towards the sector it lies in, every recovery listed is tried, and
 * everything else is answered quietly. */
static int towards_dirigible(void)
{
    int s = G.ask_seat, sec[2];
    struct rules_error err;

    if (recover_listed(s))
        return act(s, &err, "{\"type\": \"recover\"}");
    sec[0] = seen_sector(-1, 0);
    sec[1] = seen_sector(-1, 1);
    if (G.ask == HS_ASK_MOVE && (sector(s) < sec[0] || sector(s) > sec[1])) {
        int dir = sector(s) < sec[0] ? 1 : -1, far = dir > 0 ? sec[0] - sector(s)
                                                             : sector(s) - sec[1];

        for (int pay = far < 2 ? far : 2; pay >= 1; pay--) {
            int cost = T(s)->board->move_cost[pay - 1];

            if (steam_at(&G, s, HS_MOBILITY) >= cost && hs_pressure_room(T(s)) >= cost)
                return act(s, &err, "{\"type\": \"move\", \"pay\": %d, \"sector\": %d}",
                           pay, sector(s) + dir * pay);
        }
    }
    if (G.ask == HS_ASK_ATTACK || G.ask == HS_ASK_BUY)
        return act(s, &err, "{\"type\": \"pass\"}");
    return quiet_move(&G, events);
}

/* HS-R-184 with three or four players: the carrier destroyed and the
 * game going on, another titan comes to where it lies and recovers it. */
static void test_hs_r_184_dropped_recovered_by_another(void)
{
    int seen = 0;

    for (int k = 0; k < 600 && !seen; k++) {
        int old = -1, at = -1;

        heat_bias = 1;
        if (recovery_of(900 + k, "", 3 + k % 2))
            break;
        for (int step = 0; step < PLAYOUT_STEPS && G.stage == HS_STAGE_ROUND; step++) {
            if (G.carrier >= 0 && T(G.carrier)->destroyed) {
                old = G.carrier;
                at = sector(old);
                break;
            }
            json_array_clear(events);
            if (!CHECK(biased_move() == 0))
                break;
        }
        heat_bias = 0;
        if (old < 0 || G.stage != HS_STAGE_ROUND)
            continue;
        /* it lies where its carrier was destroyed, carried by nobody */
        CHECK_EQ_INT(seen_carrier(-1), -1);
        CHECK_EQ_INT(seen_sector(-1, 0), at);
        CHECK_EQ_INT(seen_sector(-1, 1), at);
        check_round_trip(&G);
        never_ask(0);
        for (int s = 1; s < G.nplayers; s++)
            never_ask(s);
        for (int step = 0; step < 4000 && G.stage == HS_STAGE_ROUND; step++) {
            json_array_clear(events);
            if (!CHECK(towards_dirigible() == 0))
                break;
            if (event_bool("recovery_roll", "recovered")) {
                int by = event_int("recovery_roll", "seat");

                CHECK(by != old && !T(by)->destroyed);
                CHECK_EQ_INT(sector(by), at);
                CHECK_EQ_INT(seen_carrier(-1), by);
                seen = 1;
                break;
            }
        }
    }
    CHECK(seen);
}

static void test_hs_r_185_random_recovery_games(void)
{
    play_compositions(PLAYOUTS, 200, playout);
    fprintf(stderr, "  %d Critical Recovery games: %ld all titans, %ld dirigible home, "
            "%ld other, %ld unfinished; %ld recovery rolls, %ld recovered, %ld dropped and "
            "taken by another\n", PLAYOUTS, reasons[0], reasons[1], reasons[2], capped,
            tries, carried, dropped_taken);
    CHECK(tries > 0 && carried > 0);
    CHECK_EQ_INT((int)reasons[2], 0);
    CHECK(capped < PLAYOUTS / 4);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_180_recovery_setup);
    RUN(test_hs_r_186_no_starting_free_move);
    RUN(test_hs_r_181_recover_in_cards_phase);
    RUN(test_hs_r_181_not_at_dirigible);
    RUN(test_hs_r_182_enemy_near);
    RUN(test_hs_r_185_carried_home_wins);
    RUN(test_hs_r_184_destroyed_carrier_drops);
    RUN(test_hs_r_184_dropped_recovered_by_another);
    RUN(test_hs_r_185_random_recovery_games);
    json_decref(events);
    return check_summary();
}
