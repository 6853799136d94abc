/*
 * test_heavysteam_round.c - the round's phase machine: the Move phase's
 * rules, the order of questions, whole rounds played at random. Every
 * position comes from the real setup and moves played through
 * hs_round_apply (round.h).
 */
#include "heavysteam_round_fixture.h"

#include "heavysteam/titan_flow.h"

static int mobility_of(const struct hs_titan *t)
{
    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].type == HS_MOBILITY)
            return s;
    return -1;
}

/* HS-R-11, HS-R-09: the first round begins at the Move phase with the team
 * that won the setup's roll, and nobody is offered a free move for it. */
static void test_hs_r_11_round_one_begins_at_move(void)
{
    struct hs_game *g = round_game(1, NULL);

    CHECK_EQ_INT(g->round, 1);
    CHECK_EQ_INT(g->phase, HS_PH_MOVE);
    CHECK_EQ_INT(g->ask, HS_ASK_MOVE);
    CHECK_EQ_INT(g->p[g->ask_seat].team, g->initiative);
    free(g);
}

/* HS-R-13: a move is paid from the mobility station into the pressure
 * box; a cost the station cannot pay is refused. */
static void test_hs_r_13_move_cost(void)
{
    struct hs_game *g = round_game(2, NULL);
    int seat = g->ask_seat;
    struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int mob = mobility_of(t), before = hs_titan_steam_at(t, mob), box = t->npressure;
    int from = g->titan[g->p[seat].titan].sector, in = from == 0 ? 1 : from - 1;
    struct rules_error err;
    char text[80];
    json_t *events = json_array();

    if (before < t->board->move_cost[1]) {
        snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 2, \"sector\": %d}", in);
        CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "not_enough_steam");
    }
    snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}", in);
    CHECK(play_ok(g, text, events));
    CHECK_EQ_INT(hs_titan_steam_at(t, mob), before - t->board->move_cost[0]);
    CHECK_EQ_INT(t->npressure, box + t->board->move_cost[0]);
    CHECK_EQ_INT(g->titan[g->p[seat].titan].moved, 1);
    CHECK_EQ_INT(g->titan[g->p[seat].titan].sector, in);
    CHECK(has_event(events, "titan_moved"));
    json_decref(events);
    free(g);
}

/* HS-R-14: 0..pay sectors either way; past either end of the track is
 * refused, never shortened (HS-AMB-02); a hold pays nothing. */
static void test_hs_r_14_where_a_titan_may_go(void)
{
    struct hs_game *g = round_game(3, NULL);
    int seat = g->ask_seat, from = g->titan[g->p[seat].titan].sector;
    int off = from == 0 ? -1 : HS_SECTORS;
    struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int box = t->npressure;
    struct rules_error err;
    char text[80];

    snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}", off);
    CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
    CHECK_EQ_STR(err.code, "off_track");
    CHECK(strstr(err.rule, "HS-R-14") != NULL);
    snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
             from == 0 ? 2 : from - 2);
    CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
    CHECK_EQ_STR(err.code, "too_far");
    CHECK_EQ_INT(t->npressure, box);
    /* the listing offers exactly the sectors on the track */
    {
        json_t *l = hs_round_moves(g, seat), *e;
        size_t i;
        int moves = 0;

        json_array_foreach(json_object_get(l, "moves"), i, e) {
            json_t *s = json_object_get(e, "sector");

            if (s) {
                CHECK(json_integer_value(s) >= 0 && json_integer_value(s) < HS_SECTORS);
                moves++;
            }
        }
        /* at an end: paid 1, stay or 1 in; paid 2, stay, 1 or 2 in */
        CHECK_EQ_INT(moves, 2 + (hs_titan_steam_at(t, mobility_of(t)) >=
                                 t->board->move_cost[1]) * 3);
        json_decref(l);
    }
    /* the other seat is not asked */
    CHECK_EQ_INT(play(g, 1 - seat, "{\"type\": \"hold\"}", NULL, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_turn");
    CHECK(play_ok(g, "{\"type\": \"hold\"}", NULL));
    CHECK_EQ_INT(t->npressure, box);
    CHECK_EQ_INT(g->titan[g->p[seat].titan].moved, 0);
    free(g);
}

/* A game from seed *k on whose seat asked first in round 1 holds a card
 * of kind; *k is left at its seed. */
static struct hs_game *game_with(enum hs_card_kind kind, int *card, int *k)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (; *k < 400; ++*k) {
        struct hs_game *g = round_game(*k, NULL);

        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND && g->holder[c] == g->ask_seat &&
                cat->battle[g->card[c]].kind == kind) {
                *card = c;
                return g;
            }
        free(g);
    }
    return NULL;
}

/* Plays quietly to seat's question in the Move phase of round r. */
static int to_move_of(struct hs_game *g, int seat, int r, json_t *events)
{
    if (!reach_by(g, r, HS_PH_MOVE, events, 1))
        return 0;
    while (g->ask_seat != seat && g->ask != HS_ASK_NONE && g->phase == HS_PH_MOVE)
        if (quiet_move(g, events) < 0)
            return 0;
    return g->ask_seat == seat && g->phase == HS_PH_MOVE;
}

/* One game of the terrain rule: 1 when it was played after a paid move
 * and removed by the next one; 0 when the game went otherwise (the titan
 * could not pay, an event swept the terrain away first). */
static int terrain_case(struct hs_game *g, int c, json_t *events)
{
    int seat = g->ask_seat;
    struct hs_titan_at *ta = &g->titan[g->p[seat].titan];
    struct rules_error err;
    char text[80];

    /* holding, the card cannot be played (HS-R-96) */
    CHECK(play_ok(g, "{\"type\": \"hold\"}", events));
    if (g->ask == HS_ASK_AFTER_MOVE && g->ask_seat == seat) {
        snprintf(text, sizeof text, "{\"type\": \"card\", \"card\": \"%s\"}",
                 hs_card_id(g, c));
        CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "not_moved");
        CHECK(play_ok(g, "{\"type\": \"done\"}", events));
    }
    /* a later round: pay to stay, then play it */
    if (!to_move_of(g, seat, 2, events) || g->ask != HS_ASK_MOVE || g->zone[c] != HS_Z_HAND)
        return 0;
    snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
             ta->sector);
    CHECK(play_ok(g, text, events));
    snprintf(text, sizeof text, "{\"type\": \"card\", \"card\": \"%s\"}", hs_card_id(g, c));
    CHECK(play_ok(g, text, events));
    CHECK_EQ_INT(ta->terrain, c);
    CHECK_EQ_INT(g->zone[c], HS_Z_IN_PLAY);
    if (g->ask == HS_ASK_AFTER_MOVE && g->ask_seat == seat)
        CHECK(play_ok(g, "{\"type\": \"done\"}", events));
    /* the next paid move, even to the same sector, removes it */
    for (int r = 3; r < 10 && to_move_of(g, seat, r, events); r++) {
        if (g->zone[c] != HS_Z_IN_PLAY)
            return 0;
        if (g->ask != HS_ASK_MOVE) {
            CHECK(play_ok(g, "{\"type\": \"done\"}", events));
            continue;
        }
        snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
                 ta->sector);
        CHECK(play_ok(g, text, events));
        CHECK_EQ_INT(g->zone[c], HS_Z_DISCARD);
        CHECK_EQ_INT(ta->terrain, -1);
        CHECK_EQ_INT(ta->terrain_damage, 0);
        CHECK(has_event(events, "card_discarded"));
        return 1;
    }
    return 0;
}

/* HS-R-15: a terrain card only after paying to move; the next paid move
 * removes it to the discard pile, its damage cubes back to the stock. */
static void test_hs_r_15_terrain_removed_on_a_paid_move(void)
{
    int proved = 0;

    for (int k = 1; !proved && k < 400; k++) {
        int c = -1, start[HS_STOCKS], now[HS_STOCKS];
        struct hs_game *g = game_with(HS_K_TERRAIN, &c, &k);
        struct rules_error err;
        json_t *events = json_array();

        if (!g) {
            json_decref(events);
            break;
        }
        hs_game_count_cubes(g, start);
        proved = terrain_case(g, c, events);
        hs_game_count_cubes(g, now);
        for (int i = 0; i < HS_STOCKS; i++)
            CHECK_EQ_INT(now[i], start[i]);
        CHECK(hs_cards_check(g, &err) == 0);
        json_decref(events);
        free(g);
    }
    CHECK(proved);
}

int main(void)
{
    RUN(test_hs_r_11_round_one_begins_at_move);
    RUN(test_hs_r_13_move_cost);
    RUN(test_hs_r_14_where_a_titan_may_go);
    RUN(test_hs_r_15_terrain_removed_on_a_paid_move);
    return check_summary();
}
