/*
 * test_swiss.c - the Swiss pairing rules of docs/pairing.md, one case each.
 */
#include <stdbool.h>

#include "check.h"
#include "competition/swiss.h"
#include "pairing_fixture.h"

static int pair(struct event *ev, int round, struct comp_game *out)
{
    return swiss_pair(ev->n, ev->active, ev->g, ev->ng, &ev->pts, round, out);
}

static bool game_is(const struct comp_game *g, int a, int b)
{
    return g->seats == 2 && ((g->entrant[0] == a && g->entrant[1] == b) ||
                             (g->entrant[0] == b && g->entrant[1] == a));
}

static void test_round_one_top_half_meets_bottom_half(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 8);

    CHECK_EQ_INT(pair(&ev, 0, out), 4);
    for (int b = 0; b < 4; b++) {
        CHECK(game_is(&out[b], b, b + 4));
        CHECK_EQ_INT(out[b].round, 0);
        CHECK(!out[b].done);
    }
    /* with no colour history the top seat alternates by board */
    CHECK_EQ_INT(out[0].entrant[0], 0);
    CHECK_EQ_INT(out[1].entrant[0], 5);
    CHECK_EQ_INT(out[2].entrant[0], 2);
    CHECK_EQ_INT(out[3].entrant[0], 7);
}

static void test_score_groups_pair_within_themselves(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 8);
    played(&ev, 0, 0, 4, 1);
    played(&ev, 0, 5, 1, -1);
    played(&ev, 0, 2, 6, 1);
    played(&ev, 0, 7, 3, -1);

    CHECK_EQ_INT(pair(&ev, 1, out), 4);
    CHECK(game_is(&out[0], 0, 2));
    CHECK(game_is(&out[1], 1, 3));
    CHECK(game_is(&out[2], 4, 6));
    CHECK(game_is(&out[3], 5, 7));
}

static void test_odd_score_group_floats_its_lowest_once(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 6);
    played(&ev, 0, 0, 3, 1);
    played(&ev, 0, 4, 1, -1);
    played(&ev, 0, 2, 5, 1);
    /* 1 and 4 drew instead: 0 and 2 on 1, 1 and 4 on 1/2, 3 and 5 on 0 */
    ev.g[1].place[0] = ev.g[1].place[1] = 1;

    CHECK_EQ_INT(pair(&ev, 1, out), 3);
    CHECK(game_is(&out[0], 0, 2));
    /* 1 and 4 met: each floats down to the zero group */
    CHECK(game_is(&out[1], 1, 3));
    CHECK(game_is(&out[2], 4, 5));
}

static void test_bye_goes_to_the_lowest_of_the_lowest_group(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 5);

    CHECK_EQ_INT(pair(&ev, 0, out), 3);
    CHECK_EQ_INT(out[2].seats, 1);
    CHECK_EQ_INT(out[2].entrant[0], 4);
    CHECK_EQ_INT(out[2].how, COMP_BYE);
    CHECK(out[2].done);
    CHECK_EQ_INT(out[2].place[0], 1);

    /* 0 and 1 lost: the zero group is 0, 1; the lower seed 1 sits out */
    played(&ev, 0, 0, 2, -1);
    played(&ev, 0, 3, 1, 1);
    bye(&ev, 0, 4);
    CHECK_EQ_INT(pair(&ev, 1, out), 3);
    CHECK_EQ_INT(out[2].entrant[0], 1);
}

static void test_nobody_has_a_second_bye(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 3);
    played(&ev, 0, 0, 1, 1);
    bye(&ev, 0, 2);
    played(&ev, 1, 2, 0, -1);
    bye(&ev, 1, 1);

    /* only 0, the leader, has had no bye */
    CHECK_EQ_INT(pair(&ev, 2, out), 2);
    CHECK(game_is(&out[0], 1, 2));
    CHECK_EQ_INT(out[1].entrant[0], 0);
    CHECK_EQ_INT(out[1].seats, 1);
}

static void test_bye_moves_up_when_the_rest_cannot_pair(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 5);
    played(&ev, 0, 0, 1, 0);
    played(&ev, 1, 2, 0, 0);
    played(&ev, 2, 0, 3, 0);

    /* without 4, entrant 0 has met everyone left; 3 sits out instead */
    CHECK_EQ_INT(pair(&ev, 3, out), 3);
    CHECK_EQ_INT(out[2].entrant[0], 3);
    CHECK(game_is(&out[0], 0, 4) || game_is(&out[1], 0, 4));
}

static void test_seats_alternate(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 4);
    played(&ev, 0, 0, 2, 1);
    played(&ev, 0, 3, 1, -1);

    CHECK_EQ_INT(pair(&ev, 1, out), 2);
    CHECK_EQ_INT(out[0].entrant[0], 1);
    CHECK_EQ_INT(out[0].entrant[1], 0);
    CHECK_EQ_INT(out[1].entrant[0], 2);
    CHECK_EQ_INT(out[1].entrant[1], 3);
}

static void test_the_seat_had_less_comes_first(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 8);
    /* 0: seats 0, 1 and a drawn forfeit, which is no seat: it only
       alternates. 1: seats 1, 0, 1, one game short of seat 0. */
    played(&ev, 0, 0, 4, 0);
    played(&ev, 1, 5, 0, 0);
    played(&ev, 2, 6, 0, 0);
    ev.g[2].how = COMP_FORFEIT;
    played(&ev, 0, 5, 1, 0);
    played(&ev, 1, 1, 6, 0);
    played(&ev, 2, 7, 1, 0);
    for (int i = 2; i < 8; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 3, out), 1);
    CHECK_EQ_INT(out[0].entrant[0], 1);
}

static void test_never_three_in_a_row_when_avoidable(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 8);
    /* 0 (top seed): seats 0, 1, 0; 1: seats 1, 0, 0. Both lean to seat 1
       by one game; only 1 would take the same seat a third time. */
    played(&ev, 0, 0, 2, 0);
    played(&ev, 1, 3, 0, 0);
    played(&ev, 2, 0, 4, 0);
    played(&ev, 0, 5, 1, 0);
    played(&ev, 1, 1, 6, 0);
    played(&ev, 2, 1, 7, 0);
    for (int i = 2; i < 8; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 3, out), 1);
    CHECK_EQ_INT(out[0].entrant[0], 0);
    CHECK_EQ_INT(out[0].entrant[1], 1);
}

static void test_same_seat_needs_part_within_a_score_group(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 8);
    /* all on 1 point; 0 and 2 took seat 0 twice running, so Dutch order's
       0-2 would give one of them a third; 0-3 and 1-2 float nobody */
    played(&ev, 0, 0, 4, 0);
    played(&ev, 1, 0, 5, 0);
    played(&ev, 0, 2, 6, 0);
    played(&ev, 1, 2, 7, 0);
    played(&ev, 0, 1, 7, 0);
    played(&ev, 1, 4, 1, 0);
    played(&ev, 0, 5, 3, 0);
    played(&ev, 1, 3, 6, 0);
    for (int i = 4; i < 8; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 2, out), 2);
    CHECK(game_is(&out[0], 0, 3));
    CHECK(game_is(&out[1], 1, 2));
    CHECK_EQ_INT(out[0].entrant[1], 0);
    CHECK_EQ_INT(out[1].entrant[1], 2);
}

static void test_unavoidable_clashes_kept_to_the_fewest(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 10);
    /* all on 1 point; 0, 1, 3, 4 took seat 0 twice, 2 and 5 seat 1
       twice. One clash is unavoidable; Dutch order (0-3, 1-4, 2-5) would
       make three. */
    const bool first[6] = {true, true, false, true, true, false};
    for (int i = 0; i < 6; i++)
        for (int r = 0; r < 2; r++) {
            int dummy = 6 + (i + r) % 4;
            if (first[i])
                played(&ev, r, i, dummy, 0);
            else
                played(&ev, r, dummy, i, 0);
        }
    for (int i = 6; i < 10; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 2, out), 3);
    CHECK(game_is(&out[0], 0, 5));
    CHECK(game_is(&out[1], 1, 2));
    CHECK(game_is(&out[2], 3, 4));
}

static void test_no_third_seat_in_a_row_before_score_groups(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 8);
    /* 0 and 1 lead on 2 points, both after seat 0 twice: meeting, one
       would take seat 0 a third time, so both float down instead */
    played(&ev, 0, 0, 4, 1);
    played(&ev, 1, 0, 5, 1);
    played(&ev, 0, 1, 6, 1);
    played(&ev, 1, 1, 7, 1);
    for (int i = 4; i < 8; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 2, out), 2);
    CHECK(game_is(&out[0], 0, 2));
    CHECK(game_is(&out[1], 1, 3));
    CHECK_EQ_INT(out[0].entrant[1], 0);
    CHECK_EQ_INT(out[1].entrant[1], 1);
}

static void test_no_difference_past_two_before_score_groups(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 12);
    /* 0 and 1 lead on 4 points after seats 0, 0, 1, 0: a difference of
       +2, not two running. Meeting, one would reach +3; 2 and 3, on 2
       points after seats 0, 1, 0, 1, take them instead. */
    const int seat0[4] = {1, 1, 0, 1}, seat2[4] = {1, 0, 1, 0};
    for (int r = 0; r < 4; r++) {
        for (int i = 0; i < 2; i++) {
            int dummy = 4 + (i * 4 + r) % 8;
            if (seat0[r])
                played(&ev, r, i, dummy, 1);
            else
                played(&ev, r, dummy, i, -1);
        }
        for (int i = 2; i < 4; i++) {
            int dummy = 4 + (i * 4 + r) % 8;
            if (seat2[r])
                played(&ev, r, i, dummy, 0);
            else
                played(&ev, r, dummy, i, 0);
        }
    }
    for (int i = 4; i < 12; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 4, out), 2);
    CHECK(game_is(&out[0], 0, 2));
    CHECK(game_is(&out[1], 1, 3));
    CHECK_EQ_INT(out[0].entrant[1], 0);
    CHECK_EQ_INT(out[1].entrant[1], 1);
}

static void test_bye_moves_up_to_keep_the_colour_limits(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 9);
    /* all on 1 point; 0 and 1 took seat 0 twice, 2 seats 0 and 1. With
       the bye to 2, 0 and 1 would meet and one take seat 0 a third time:
       the bye moves up to 1, and 0 meets 2. */
    played(&ev, 0, 0, 3, 0);
    played(&ev, 1, 0, 4, 0);
    played(&ev, 0, 1, 5, 0);
    played(&ev, 1, 1, 6, 0);
    played(&ev, 0, 2, 7, 0);
    played(&ev, 1, 8, 2, 0);
    for (int i = 3; i < 9; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 2, out), 2);
    CHECK(game_is(&out[0], 0, 2));
    CHECK_EQ_INT(out[0].entrant[1], 0);
    CHECK_EQ_INT(out[1].seats, 1);
    CHECK_EQ_INT(out[1].entrant[0], 1);
}

static void test_limits_give_way_only_to_rematches(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 8);
    /* all on 1 point; 0 and 1 took seat 0 twice, and 2 has met both:
       0-1 is the only pairing left, so one of them takes seat 0 a third
       time, and 2 still gets the seat 0 it needs */
    played(&ev, 0, 0, 4, 0);
    played(&ev, 1, 0, 2, 0);
    played(&ev, 0, 1, 2, 0);
    played(&ev, 1, 1, 5, 0);
    played(&ev, 0, 3, 6, 0);
    played(&ev, 1, 7, 3, 0);
    for (int i = 4; i < 8; i++)
        ev.active[i] = false;

    CHECK_EQ_INT(pair(&ev, 2, out), 2);
    CHECK(game_is(&out[0], 0, 1));
    CHECK(game_is(&out[1], 2, 3));
    CHECK_EQ_INT(out[1].entrant[0], 2);
}

static void test_withdrawn_entrants_are_not_paired(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 6);
    ev.active[1] = false;
    ev.active[4] = false;

    CHECK_EQ_INT(pair(&ev, 0, out), 2);
    for (int b = 0; b < 2; b++)
        for (int s = 0; s < 2; s++)
            CHECK(out[b].entrant[s] != 1 && out[b].entrant[s] != 4);
    CHECK(game_is(&out[0], 0, 3));
    CHECK(game_is(&out[1], 2, 5));
}

static void test_forfeit_is_a_meeting_not_a_bye(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 3);
    played(&ev, 0, 1, 2, 1);
    ev.g[0].how = COMP_FORFEIT;
    bye(&ev, 0, 0);

    /* 2 lost by forfeit: it is the lowest and has had no bye */
    CHECK_EQ_INT(pair(&ev, 1, out), 2);
    CHECK(game_is(&out[0], 0, 1));
    CHECK_EQ_INT(out[1].entrant[0], 2);

    event_init(&ev, 2);
    played(&ev, 0, 0, 1, -1);
    ev.g[0].how = COMP_FORFEIT;
    CHECK_EQ_INT(pair(&ev, 1, out), -1);
}

static void test_no_pairing_after_a_full_round_robin(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 4);
    played(&ev, 0, 0, 1, 1);
    played(&ev, 0, 2, 3, 0);
    played(&ev, 1, 2, 0, -1);
    played(&ev, 1, 1, 3, 1);
    played(&ev, 2, 0, 3, 0);
    played(&ev, 2, 1, 2, -1);

    CHECK_EQ_INT(pair(&ev, 3, out), -1);
}

static void test_no_pairing_when_every_bye_is_spent(void)
{
    struct event ev;
    struct comp_game out[4];
    event_init(&ev, 3);
    bye(&ev, 0, 0);
    bye(&ev, 1, 1);
    bye(&ev, 2, 2);

    CHECK_EQ_INT(pair(&ev, 3, out), -1);
}

static void test_same_inputs_same_pairing(void)
{
    struct event ev;
    struct comp_game a[8], b[8];
    event_init(&ev, 9);
    played(&ev, 0, 0, 4, 0);
    played(&ev, 0, 5, 1, 1);
    played(&ev, 0, 2, 6, -1);
    played(&ev, 0, 7, 3, 0);
    bye(&ev, 0, 8);

    int na = pair(&ev, 1, a), nb = pair(&ev, 1, b);
    CHECK_EQ_INT(na, 5);
    CHECK_EQ_INT(na, nb);
    for (int i = 0; i < na && i < nb; i++) {
        CHECK_EQ_INT(a[i].seats, b[i].seats);
        CHECK_EQ_INT(a[i].entrant[0], b[i].entrant[0]);
        CHECK_EQ_INT(a[i].entrant[1], b[i].entrant[1]);
    }
}

static void test_nobody_to_pair(void)
{
    struct event ev;
    struct comp_game out[2];
    event_init(&ev, 2);
    ev.active[0] = ev.active[1] = false;

    CHECK_EQ_INT(pair(&ev, 0, out), 0);
    CHECK_EQ_INT(swiss_pair(0, NULL, NULL, 0, &ev.pts, 0, out), 0);
    ev.active[0] = true;
    CHECK_EQ_INT(pair(&ev, 0, out), 1);
    CHECK_EQ_INT(out[0].seats, 1);
}

int main(void)
{
    RUN(test_round_one_top_half_meets_bottom_half);
    RUN(test_score_groups_pair_within_themselves);
    RUN(test_odd_score_group_floats_its_lowest_once);
    RUN(test_bye_goes_to_the_lowest_of_the_lowest_group);
    RUN(test_nobody_has_a_second_bye);
    RUN(test_bye_moves_up_when_the_rest_cannot_pair);
    RUN(test_seats_alternate);
    RUN(test_the_seat_had_less_comes_first);
    RUN(test_never_three_in_a_row_when_avoidable);
    RUN(test_same_seat_needs_part_within_a_score_group);
    RUN(test_unavoidable_clashes_kept_to_the_fewest);
    RUN(test_no_third_seat_in_a_row_before_score_groups);
    RUN(test_no_difference_past_two_before_score_groups);
    RUN(test_bye_moves_up_to_keep_the_colour_limits);
    RUN(test_limits_give_way_only_to_rematches);
    RUN(test_withdrawn_entrants_are_not_paired);
    RUN(test_forfeit_is_a_meeting_not_a_bye);
    RUN(test_no_pairing_after_a_full_round_robin);
    RUN(test_no_pairing_when_every_bye_is_spent);
    RUN(test_same_inputs_same_pairing);
    RUN(test_nobody_to_pair);
    return check_summary();
}
