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

/* A game whose seat asked first in round 1 holds a card of kind. */
static struct hs_game *game_with(enum hs_card_kind kind, int *card)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int k = 1; k < 400; k++) {
        struct hs_game *g = round_game(k, NULL);

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

/* HS-R-15: a terrain card only after paying to move; the next paid move
 * removes it to the discard pile, its damage cubes back to the stock. */
static void test_hs_r_15_terrain_removed_on_a_paid_move(void)
{
    int c = -1, seat, start[HS_STOCKS], now[HS_STOCKS];
    struct hs_game *g = game_with(HS_K_TERRAIN, &c);
    struct rules_error err;
    char text[80];
    json_t *events = json_array();

    if (!CHECK(g != NULL))
        return;
    seat = g->ask_seat;
    hs_game_count_cubes(g, start);
    /* holding, the card cannot be played (HS-R-96) */
    CHECK(play_ok(g, "{\"type\": \"hold\"}", events));
    if (g->ask == HS_ASK_AFTER_MOVE && g->ask_seat == seat) {
        snprintf(text, sizeof text, "{\"type\": \"card\", \"card\": %d}", c);
        CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "not_moved");
        CHECK(play_ok(g, "{\"type\": \"done\"}", events));
    }
    /* round 2: pay to stay, then play it */
    CHECK(reach(g, 2, HS_PH_MOVE, events));
    if (!CHECK(g->ask == HS_ASK_MOVE) || g->zone[c] != HS_Z_HAND) {
        free(g);
        json_decref(events);
        return;
    }
    while ((g->ask_seat != seat && g->ask != HS_ASK_NONE) && CHECK(random_move(g, events) == 0))
        ;
    snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
             g->titan[g->p[seat].titan].sector);
    if (CHECK(g->ask == HS_ASK_MOVE) && CHECK(play_ok(g, text, events))) {
        int paid = 0;

        snprintf(text, sizeof text, "{\"type\": \"card\", \"card\": %d}", c);
        CHECK(play_ok(g, text, events));
        CHECK_EQ_INT(g->titan[g->p[seat].titan].terrain, c);
        CHECK_EQ_INT(g->zone[c], HS_Z_IN_PLAY);
        if (g->ask == HS_ASK_AFTER_MOVE && g->ask_seat == seat)
            CHECK(play_ok(g, "{\"type\": \"done\"}", events));
        /* a later round: a paid move, even to the same sector, removes it */
        for (int r = 3; !paid && r < 10 && CHECK(reach(g, r, HS_PH_MOVE, events));
             r++) {
            while ((g->ask_seat != seat && g->ask != HS_ASK_NONE) && CHECK(random_move(g, events) == 0))
                ;
            CHECK_EQ_INT(g->zone[c], HS_Z_IN_PLAY);
            if (g->ask != HS_ASK_MOVE) {
                CHECK(play_ok(g, "{\"type\": \"done\"}", events));
                continue;
            }
            snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
                     g->titan[g->p[seat].titan].sector);
            CHECK(paid = play_ok(g, text, events));
            CHECK_EQ_INT(g->zone[c], HS_Z_DISCARD);
            CHECK_EQ_INT(g->titan[g->p[seat].titan].terrain, -1);
            CHECK_EQ_INT(g->titan[g->p[seat].titan].terrain_damage, 0);
        }
        CHECK(paid);
    }
    hs_game_count_cubes(g, now);
    for (int k = 0; k < HS_STOCKS; k++)
        CHECK_EQ_INT(now[k], start[k]);
    CHECK(hs_cards_check(g, &err) == 0);
    json_decref(events);
    free(g);
}

int main(void)
{
    RUN(test_hs_r_11_round_one_begins_at_move);
    RUN(test_hs_r_13_move_cost);
    RUN(test_hs_r_14_where_a_titan_may_go);
    RUN(test_hs_r_15_terrain_removed_on_a_paid_move);
    return check_summary();
}
