/*
 * test_rating_games.c - the pairwise results of a finished game, one
 * case per rule of docs/ratings.md ("Games of more than two sides").
 */
#include <math.h>

#include "check.h"
#include "rating_games.h"

static struct comp_game game(int seats, const int *place, enum comp_how how)
{
    struct comp_game g = {.round = 0, .seats = seats, .done = true,
                          .how = how};
    for (int i = 0; i < seats; i++) {
        g.entrant[i] = 10 + i;
        g.place[i] = place[i];
    }
    return g;
}

static bool near(double a, double b)
{
    return fabs(a - b) < 1e-12;
}

static void test_two_players_one_whole_result(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(2, (int[]){2, 1}, COMP_PLAYED);

    CHECK_EQ_INT(rating_pairs(&g, NULL, 0, out), 1);
    CHECK_EQ_INT(out[0].opponent_seat, 1);
    CHECK(near(out[0].score, 0) && near(out[0].weight, 1));
    CHECK_EQ_INT(rating_pairs(&g, NULL, 1, out), 1);
    CHECK_EQ_INT(out[0].opponent_seat, 0);
    CHECK(near(out[0].score, 1) && near(out[0].weight, 1));
}

static void test_two_player_draw_is_half(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(2, (int[]){1, 1}, COMP_PLAYED);

    for (int s = 0; s < 2; s++) {
        CHECK_EQ_INT(rating_pairs(&g, NULL, s, out), 1);
        CHECK(near(out[0].score, 0.5) && near(out[0].weight, 1));
    }
}

static void test_forfeit_is_rated_by_places(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(2, (int[]){1, 2}, COMP_FORFEIT);

    CHECK_EQ_INT(rating_pairs(&g, NULL, 0, out), 1);
    CHECK(near(out[0].score, 1) && near(out[0].weight, 1));
}

static void test_bye_and_unfinished_give_nothing(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game bye = game(1, (int[]){1}, COMP_BYE);
    struct comp_game open = game(2, (int[]){1, 2}, COMP_PLAYED);
    struct comp_game marked_bye = game(2, (int[]){1, 2}, COMP_BYE);

    open.done = false;
    CHECK_EQ_INT(rating_pairs(&bye, NULL, 0, out), 0);
    CHECK_EQ_INT(rating_pairs(&open, NULL, 0, out), 0);
    CHECK_EQ_INT(rating_pairs(&marked_bye, NULL, 0, out), 0);
}

static void test_bad_seat_gives_nothing(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(3, (int[]){1, 2, 3}, COMP_PLAYED);

    CHECK_EQ_INT(rating_pairs(&g, NULL, -1, out), 0);
    CHECK_EQ_INT(rating_pairs(&g, NULL, 3, out), 0);
    g.seats = COMP_MAX_SEATS + 1;
    CHECK_EQ_INT(rating_pairs(&g, NULL, 0, out), 0);
    CHECK_EQ_INT(rating_pairs(NULL, NULL, 0, out), 0);
}

static void test_four_players_each_a_third(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    /* seat 1 came second: lost to seat 2, beat seats 0 and 3 */
    struct comp_game g = game(4, (int[]){3, 2, 1, 4}, COMP_PLAYED);

    CHECK_EQ_INT(rating_pairs(&g, NULL, 1, out), 3);
    CHECK_EQ_INT(out[0].opponent_seat, 0);
    CHECK(near(out[0].score, 1));
    CHECK_EQ_INT(out[1].opponent_seat, 2);
    CHECK(near(out[1].score, 0));
    CHECK_EQ_INT(out[2].opponent_seat, 3);
    CHECK(near(out[2].score, 1));
    for (int i = 0; i < 3; i++)
        CHECK(near(out[i].weight, 1.0 / 3));
}

static void test_shared_place_is_a_draw(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(3, (int[]){1, 1, 3}, COMP_PLAYED);

    CHECK_EQ_INT(rating_pairs(&g, NULL, 0, out), 2);
    CHECK(near(out[0].score, 0.5) && near(out[1].score, 1));
    CHECK_EQ_INT(rating_pairs(&g, NULL, 2, out), 2);
    CHECK(near(out[0].score, 0) && near(out[1].score, 0));
    CHECK(near(out[0].weight, 0.5) && near(out[1].weight, 0.5));
}

static void test_six_players_weights_add_to_one(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(6, (int[]){4, 1, 6, 2, 5, 3}, COMP_PLAYED);

    for (int s = 0; s < 6; s++) {
        double sum = 0;
        CHECK_EQ_INT(rating_pairs(&g, NULL, s, out), 5);
        for (int i = 0; i < 5; i++) {
            CHECK(out[i].opponent_seat != s);
            CHECK(near(out[i].weight, 0.2));
            sum += out[i].weight;
        }
        CHECK(near(sum, 1));
    }
}

static void test_two_teams_no_result_against_partner(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    /* seats 0 and 2 against 1 and 3; 0 and 2 won */
    struct comp_game g = game(4, (int[]){1, 2, 1, 2}, COMP_PLAYED);
    const int side[4] = {7, 9, 7, 9};

    CHECK_EQ_INT(rating_pairs(&g, side, 0, out), 2);
    CHECK_EQ_INT(out[0].opponent_seat, 1);
    CHECK_EQ_INT(out[1].opponent_seat, 3);
    for (int i = 0; i < 2; i++)
        CHECK(near(out[i].score, 1) && near(out[i].weight, 0.5));
    CHECK_EQ_INT(rating_pairs(&g, side, 3, out), 2);
    CHECK_EQ_INT(out[0].opponent_seat, 0);
    CHECK_EQ_INT(out[1].opponent_seat, 2);
    CHECK(near(out[0].score, 0) && near(out[1].score, 0));
}

static void test_uneven_sides_share_their_weight(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    /* a pair (seats 0, 1) and two single players: three sides */
    struct comp_game g = game(4, (int[]){2, 2, 1, 3}, COMP_PLAYED);
    const int side[4] = {0, 0, 1, 2};

    /* the pair's seat: half a game against each single player */
    CHECK_EQ_INT(rating_pairs(&g, side, 0, out), 2);
    CHECK_EQ_INT(out[0].opponent_seat, 2);
    CHECK(near(out[0].score, 0) && near(out[0].weight, 0.5));
    CHECK_EQ_INT(out[1].opponent_seat, 3);
    CHECK(near(out[1].score, 1) && near(out[1].weight, 0.5));

    /* a single player: half a game against the pair, a quarter each */
    CHECK_EQ_INT(rating_pairs(&g, side, 2, out), 3);
    CHECK(near(out[0].weight, 0.25) && near(out[1].weight, 0.25));
    CHECK(near(out[2].weight, 0.5));
    CHECK(near(out[0].score, 1) && near(out[2].score, 1));
}

static void test_one_team_has_no_opponent(void)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    struct comp_game g = game(3, (int[]){1, 1, 1}, COMP_PLAYED);
    const int side[3] = {4, 4, 4};

    CHECK_EQ_INT(rating_pairs(&g, side, 1, out), 0);
}

int main(void)
{
    RUN(test_two_players_one_whole_result);
    RUN(test_two_player_draw_is_half);
    RUN(test_forfeit_is_rated_by_places);
    RUN(test_bye_and_unfinished_give_nothing);
    RUN(test_bad_seat_gives_nothing);
    RUN(test_four_players_each_a_third);
    RUN(test_shared_place_is_a_draw);
    RUN(test_six_players_weights_add_to_one);
    RUN(test_two_teams_no_result_against_partner);
    RUN(test_uneven_sides_share_their_weight);
    RUN(test_one_team_has_no_opponent);
    return check_summary();
}
