/*
 * test_heavysteam_scenario_chance.c - Scenario 2, Chance Encounter
 * (rules/heavysteam/scenario_chance.c; RULINGS.md HS-R-160..HS-R-167):
 * the Smoke event set aside face up, smoke in sectors 1 and 6 until the
 * first event comes to the track, the titans placed and 2 steam cubes
 * each before round 1 (the random games to the first titan destroyed are
 * in test_heavysteam_scenario_property.c).
 */
#include "heavysteam_scenario_fixture.h"

#define HEAVY "{\"scenario\": 2}"
#define LIGHT "{\"scenario\": 2, \"size\": \"light\"}"

static int asked_steam(const struct hs_game *g)
{
    return g->ask == HS_ASK_PLACE_STEAM;
}

static int round_one_move(const struct hs_game *g)
{
    return g->ask == HS_ASK_MOVE || g->round > 1 || g->phase != HS_PH_MOVE;
}

/* HS-R-160: the Smoke event never in the deck, set aside where every
 * view sees it; the 3 events picked from the other 9. */
static void test_hs_r_160_smoke_event_set_aside_face_up(void)
{
    for (int k = 0; k < SEEDS; k++) {
        struct hs_game *g = scenario_game(k, k % 2 ? LIGHT : HEAVY);
        int c = smoke_event_card(g), events = 0;

        CHECK_EQ_INT(g->zone[c], HS_Z_EVENTS_DONE);
        for (int i = 0; i < g->ndeck; i++)
            events += cat()->battle[g->card[g->deck[i]]].kind == HS_K_EVENT;
        CHECK_EQ_INT(events, 3);
        CHECK_EQ_INT(kind_in(g, HS_Z_BOX, HS_K_EVENT), 6);
        for (int seat = -1; seat < 2 && k < 8; seat++) {
            json_t *v = hs_view_build(g, seat);

            CHECK_EQ_STR(json_string_value(json_array_get(json_object_get(
                             json_object_get(v, "battle_cards"), "events_done"), 0)),
                         "smoke");
            json_decref(v);
            check_view(g, seat);
        }
        free(g);
    }
}

/* HS-R-161: smoke counters in sectors 1 and 6, and nowhere else. */
static void test_hs_r_161_smoke_in_sectors_1_and_6(void)
{
    for (int k = 0; k < 10; k++) {
        struct hs_game *g = composition_game(k, 2);

        for (int s = 0; s < HS_SECTORS; s++)
            CHECK_EQ_INT(g->smoke[s], s == 1 || s == 6);
        check_view(g, -1);
        free(g);
    }
}

/* HS-R-162: the smoke stays until an event is drawn to the track, even
 * when an event is drawn into a hand; then both counters are gone. */
static void test_hs_r_162_smoke_removed_by_first_event(void)
{
    int cleared = 0, dead = 0;

    for (int k = 0; k < 60; k++) {
        struct hs_game *g = scenario_game(k, k % 2 ? LIGHT : HEAVY);

        for (int i = 0; i < 4000 && g->stage == HS_STAGE_ROUND; i++) {
            json_t *ev = json_array();
            int had = g->smoke[1] && g->smoke[6];

            if (random_move(g, ev) < 0) {
                json_decref(ev);
                break;
            }
            if (had && has_event(ev, "event_drawn")) {
                for (int s = 0; s < HS_SECTORS; s++)
                    CHECK_EQ_INT(g->smoke[s], 0);
                cleared++;
                json_decref(ev);
                break;
            }
            CHECK(g->smoke[1] && g->smoke[6]);
            dead += kind_in(g, HS_Z_HAND, HS_K_EVENT) > 0;
            json_decref(ev);
        }
        free(g);
    }
    /* a hand draws only after an event or by a card: rarely first */
    fprintf(stderr, "  smoke cleared in %d games; %d moves with an event in a hand before\n",
            cleared, dead);
    CHECK(cleared > 10);
}

/* HS-R-163: heavies start in sector 2 or 5 of their half, without a
 * question; lights are asked between that sector and the smoke's. */
static void test_hs_r_163_where_titans_start(void)
{
    struct hs_game *g = scenario_game(5, HEAVY);
    json_t *list;

    CHECK_EQ_INT(g->titan[0].sector, 2);
    CHECK_EQ_INT(g->titan[1].sector, 5);
    CHECK_EQ_INT(g->ask, HS_ASK_PLACE_STEAM);
    free(g);
    for (int k = 0; k < 20; k++) {
        int s, uk;

        g = scenario_game(k, LIGHT);
        s = g->ask_seat;
        uk = g->titan[s].cubes.board->faction == HS_UK;
        CHECK_EQ_INT(g->ask, HS_ASK_PLACE);
        /* waiting in the start sector until placed */
        CHECK_EQ_INT(g->titan[s].sector, uk ? 0 : 7);
        list = hs_round_moves(g, s);
        CHECK_EQ_INT(json_array_size(json_object_get(list, "moves")), 2);
        json_decref(list);
        refused(g, s, uk ? "{\"type\": \"place\", \"sector\": 3}"
                         : "{\"type\": \"place\", \"sector\": 4}", "bad_placement", "HS-R-163");
        refused(g, s, uk ? "{\"type\": \"place\", \"sector\": 5}"
                         : "{\"type\": \"place\", \"sector\": 2}", "bad_placement", "HS-R-163");
        refused(g, s, "{\"type\": \"place\", \"sector\": 2, \"x\": 1}", "unknown_field",
                "HS-R-11");
        refused(g, s, "{\"type\": \"hold\"}", "unknown_move", "HS-R-163");
        refused(g, 1 - s, "{\"type\": \"place\", \"sector\": 2}", "not_your_turn", "HS-AMB-22");
        CHECK(ok(try_move(g, s, uk ? "{\"type\": \"place\", \"sector\": 1}"
                                   : "{\"type\": \"place\", \"sector\": 6}", NULL,
                          &(struct rules_error){0}), &(struct rules_error){0}));
        CHECK_EQ_INT(g->titan[s].sector, uk ? 1 : 6);
        free(g);
    }
}

/* HS-R-164: the team with initiative places first, in the open: the
 * other side is asked once it is placed and sees where. */
static void test_hs_r_164_placing_in_initiative_order(void)
{
    int firsts[2] = {0, 0};

    for (int k = 0; k < 40; k++) {
        json_t *ev = json_array(), *v, *placed;
        struct hs_game *g = scenario_game(k, LIGHT);
        int first = g->ask_seat, other = 1 - first;
        struct rules_error err;

        CHECK_EQ_INT(g->p[first].team, g->initiative);
        firsts[first]++;
        CHECK(ok(try_move(g, first, g->p[first].team == 0 ? "{\"type\": \"place\", \"sector\": 2}"
                                                           : "{\"type\": \"place\", \"sector\": 5}",
                          ev, &err), &err));
        CHECK_EQ_INT(g->ask, HS_ASK_PLACE);
        CHECK_EQ_INT(g->ask_seat, other);
        {
            json_t *e = find_event(ev, "titan_placed");

            CHECK(e && !json_object_get(e, "to"));
            CHECK_EQ_INT(json_integer_value(json_object_get(e, "seat")), first);
        }
        v = hs_view_build(g, other);
        placed = json_object_get(json_object_get(v, "scenario_state"), "placed");
        CHECK(json_is_true(json_array_get(placed, (size_t)first)));
        CHECK(json_is_false(json_array_get(placed, (size_t)other)));
        CHECK_EQ_INT(json_integer_value(json_object_get(json_array_get(json_object_get(v, "titans"),
                                                                        (size_t)first), "sector")),
                     g->titan[first].sector);
        json_decref(v);
        check_round_trip(g);
        CHECK(play_until(g, asked_steam, ev, 10));
        CHECK_EQ_INT(g->ask_seat, first);
        json_decref(ev);
        free(g);
    }
    CHECK(firsts[0] > 0 && firsts[1] > 0);
}

/* An empty square of a station of type ty (-1: any), red or white, on
 * seat's titan, as "[id, n]" in buf. */
static int find_square(const struct hs_game *g, int seat, int ty, int red,
                       char *buf, size_t n)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;

    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++)
            if ((ty < 0 || (int)t->board->station[s].type == ty) && t->cube[s][q] == HS_C_EMPTY &&
                (red ? t->square[s][q].colour == HS_RED
                     : t->square[s][q].colour == HS_WHITE)) {
                snprintf(buf, n, "[\"%s\", %d]", t->board->station[s].id, q);
                return 0;
            }
    return -1;
}

/* HS-R-165: up to 2 steam cubes from the reserve onto the titan, in
 * initiative order, red squares adding heat and shield squares shields;
 * a third refused; [] declines the rest; then round 1's Move. */
static void test_hs_r_165_two_steam_cubes_from_reserve(void)
{
    int tried_red = 0, tried_shield = 0;

    for (int k = 0; k < 40; k++) {
        json_t *ev = json_array();
        struct hs_game *g = scenario_game(k, HEAVY);
        int s = g->ask_seat, reserve, heat0, blue0;
        char a[64], b[64], text[200];
        struct rules_error err;
        struct hs_census c;

        CHECK_EQ_INT(g->ask, HS_ASK_PLACE_STEAM);
        CHECK_EQ_INT(g->p[s].team, g->initiative);
        reserve = g->titan[s].cubes.reserve;
        hs_titan_census(&g->titan[s].cubes, &c);
        heat0 = c.pressure_heat;
        blue0 = g->stock_blue;
        refused(g, s, "{\"type\": \"place_steam\", \"squares\": [[\"nope\", 0]]}", "bad_squares",
                "HS-R-165");
        refused(g, s, "{\"type\": \"pilot_power\"}", "not_now", "HS-R-117");
        if (k % 2 == 0 && find_square(g, s, -1, 1, a, sizeof a) == 0) {
            /* a red square: a heat cube */
            snprintf(text, sizeof text, "{\"type\": \"place_steam\", \"squares\": [%s]}", a);
            CHECK(ok(try_move(g, s, text, ev, &err), &err));
            hs_titan_census(&g->titan[s].cubes, &c);
            CHECK_EQ_INT(c.pressure_heat, heat0 + 1);
            tried_red++;
        } else if (find_square(g, s, HS_SHIELD, 0, a, sizeof a) == 0) {
            snprintf(text, sizeof text, "{\"type\": \"place_steam\", \"squares\": [%s]}", a);
            CHECK(ok(try_move(g, s, text, ev, &err), &err));
            CHECK(g->stock_blue <= blue0);
            tried_shield += g->stock_blue < blue0;
        } else {
            CHECK(find_square(g, s, HS_COMMAND, 0, a, sizeof a) == 0);
            snprintf(text, sizeof text, "{\"type\": \"place_steam\", \"squares\": [%s]}", a);
            CHECK(ok(try_move(g, s, text, ev, &err), &err));
        }
        /* one more may go, not two */
        CHECK_EQ_INT(g->ask, HS_ASK_PLACE_STEAM);
        CHECK_EQ_INT(g->ask_seat, s);
        CHECK(find_square(g, s, HS_COMMAND, 0, a, sizeof a) == 0);
        CHECK(find_square(g, s, HS_MOBILITY, 0, b, sizeof b) == 0);
        snprintf(text, sizeof text, "{\"type\": \"place_steam\", \"squares\": [%s, %s]}", a, b);
        refused(g, s, text, "too_much_steam", "HS-R-165");
        snprintf(text, sizeof text, "{\"type\": \"place_steam\", \"squares\": [%s]}", b);
        CHECK(ok(try_move(g, s, text, ev, &err), &err));
        CHECK_EQ_INT(g->titan[s].cubes.reserve, reserve - 2);
        /* the other side's turn; it declines */
        CHECK_EQ_INT(g->ask, HS_ASK_PLACE_STEAM);
        CHECK_EQ_INT(g->ask_seat, 1 - s);
        reserve = g->titan[1 - s].cubes.reserve;
        CHECK(ok(try_move(g, 1 - s, "{\"type\": \"place_steam\", \"squares\": []}", ev, &err),
                 &err));
        CHECK_EQ_INT(g->titan[1 - s].cubes.reserve, reserve);
        /* round 1's Move, the team with initiative first */
        CHECK_EQ_INT(g->round, 1);
        CHECK_EQ_INT(g->phase, HS_PH_MOVE);
        CHECK_EQ_INT(g->ask_seat, s);
        CHECK(g->ask == HS_ASK_MOVE);
        check_cubes(g);
        check_round_trip(g);
        json_decref(ev);
        free(g);
    }
    CHECK(tried_red > 0 && tried_shield > 0);
}

/* HS-R-166: the team that won the setup's roll has no free move, and
 * acts first in round 1. */
static void test_hs_r_166_no_free_move_for_the_first_initiative(void)
{
    for (int k = 0; k < 20; k++) {
        json_t *ev = json_array();
        struct hs_game *g = scenario_game(k, k % 2 ? LIGHT : HEAVY);

        CHECK(play_until(g, round_one_move, ev, 20));
        CHECK_EQ_INT(count_event(ev, "free_move_done"), 0);
        CHECK_EQ_INT(g->p[g->ask_seat].team, g->initiative);
        CHECK_EQ_INT(g->round, 1);
        json_decref(ev);
        free(g);
    }
}

/* HS-R-128, HS-R-131: out of time a light starts in the smoke and no
 * steam is placed; both moves in the chat notation, "place_steam a.n"
 * read back too. */
static void test_hs_r_128_131_timeout_and_chat_at_the_placing(void)
{
    struct hs_game *g = scenario_game(2, LIGHT);
    json_t *m, *state, *sq;
    struct rules_error err;
    char text[96];
    int s;

    s = g->ask_seat;
    snprintf(text, sizeof text, "{\"type\": \"place\", \"sector\": %d}",
             g->p[s].team == 0 ? 1 : 6);
    timeout_and_chat(g, text);
    CHECK_EQ_INT(g->ask, HS_ASK_PLACE);
    timeout_and_chat(g, g->p[g->ask_seat].team == 0 ? "{\"type\": \"place\", \"sector\": 1}"
                                                    : "{\"type\": \"place\", \"sector\": 6}");
    CHECK_EQ_INT(g->ask, HS_ASK_PLACE_STEAM);
    state = hs_game_dump(g);
    m = hs_text_parse(state, g->ask_seat, "place_steam command.0 boiler.4", &err);
    sq = json_pack("[[s, i], [s, i]]", "command", 0, "boiler", 4);
    CHECK(m && json_equal(json_object_get(m, "squares"), sq));
    json_decref(sq);
    json_decref(m);
    json_decref(state);
    timeout_and_chat(g, "{\"type\": \"place_steam\", \"squares\": []}");
    timeout_and_chat(g, "{\"type\": \"place_steam\", \"squares\": []}");
    CHECK_EQ_INT(g->ask, HS_ASK_MOVE);
    free(g);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_160_smoke_event_set_aside_face_up);
    RUN(test_hs_r_161_smoke_in_sectors_1_and_6);
    RUN(test_hs_r_162_smoke_removed_by_first_event);
    RUN(test_hs_r_163_where_titans_start);
    RUN(test_hs_r_164_placing_in_initiative_order);
    RUN(test_hs_r_165_two_steam_cubes_from_reserve);
    RUN(test_hs_r_166_no_free_move_for_the_first_initiative);
    RUN(test_hs_r_128_131_timeout_and_chat_at_the_placing);
    return check_summary();
}
