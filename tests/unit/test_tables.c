/*
 * test_tables.c - score-ordered tables (docs/pairing.md), one rule a case.
 */
#include <stdbool.h>

#include "check.h"
#include "competition/tables.h"
#include "pairing_fixture.h"

static int seat(struct event *ev, int round, int min, int max,
                struct comp_game *out)
{
    return tables_pair(ev->n, ev->active, ev->g, ev->ng, &ev->pts, round,
                       min, max, out);
}

static void test_possible_splits(void)
{
    CHECK(tables_possible(7, 3, 6));
    CHECK(tables_possible(8, 4, 5));
    CHECK(tables_possible(11, 3, 4));
    CHECK(tables_possible(0, 3, 6));
    CHECK(!tables_possible(2, 3, 6));
    CHECK(!tables_possible(7, 4, 5));
    CHECK(tables_possible(12, 5, 6));
    CHECK(!tables_possible(13, 5, 6));
    CHECK(!tables_possible(9, 5, 6));
}

static void test_bad_bounds_are_refused(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 8);

    CHECK(!tables_possible(8, 1, 4));
    CHECK(!tables_possible(8, 4, 3));
    CHECK(!tables_possible(8, 3, COMP_MAX_SEATS + 1));
    CHECK_EQ_INT(seat(&ev, 0, 1, 4, out), -1);
    CHECK_EQ_INT(seat(&ev, 0, 4, 3, out), -1);
}

static void test_round_one_seats_by_seed_in_the_fewest_tables(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 12);

    CHECK_EQ_INT(seat(&ev, 0, 3, 4, out), 3);
    for (int k = 0; k < 3; k++) {
        CHECK_EQ_INT(out[k].seats, 4);
        CHECK_EQ_INT(out[k].round, 0);
        CHECK(!out[k].done);
        for (int s = 0; s < 4; s++)
            CHECK_EQ_INT(out[k].entrant[s], 4 * k + s);
    }
}

static void test_sizes_as_equal_as_possible_larger_first(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 14);

    CHECK_EQ_INT(seat(&ev, 0, 3, 5, out), 3);
    CHECK_EQ_INT(out[0].seats, 5);
    CHECK_EQ_INT(out[1].seats, 5);
    CHECK_EQ_INT(out[2].seats, 4);
    CHECK(seated_at(&out[2], 13));
}

static void test_tables_follow_the_score(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 6);
    struct comp_game *g = &ev.g[ev.ng++];
    *g = (struct comp_game){.round = 0, .seats = 6, .done = true};
    for (int s = 0; s < 6; s++) {
        g->entrant[s] = s;
        g->place[s] = 6 - s; /* entrant 5 won, 0 came last */
    }
    ev.pts.by_place[1] = 0.5;

    CHECK_EQ_INT(seat(&ev, 1, 3, 3, out), 2);
    /* 5 first, 4 second, the rest level in seed order */
    CHECK(seated_at(&out[0], 5) && seated_at(&out[0], 4) &&
          seated_at(&out[0], 0));
    CHECK(seated_at(&out[1], 1) && seated_at(&out[1], 2) &&
          seated_at(&out[1], 3));
}

static void test_withdrawn_are_not_seated(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 8);
    ev.active[0] = ev.active[5] = false;

    CHECK_EQ_INT(seat(&ev, 0, 3, 3, out), 2);
    for (int k = 0; k < 2; k++)
        CHECK(!seated_at(&out[k], 0) && !seated_at(&out[k], 5));
}

static void test_impossible_count_gives_minus_one(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 11);

    /* two tables seat at most 10, three at least 12 */
    CHECK_EQ_INT(seat(&ev, 0, 4, 5, out), -1);
    ev.active[6] = false;
    CHECK_EQ_INT(seat(&ev, 0, 4, 5, out), 2);
    event_init(&ev, 0);
    CHECK_EQ_INT(seat(&ev, 0, 3, 6, out), 0);
}

static void test_neighbours_swap_to_avoid_meeting_again(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 8);
    tied_table(&ev, 0, (const int[]){0, 1, 2, 3}, 4);
    tied_table(&ev, 0, (const int[]){4, 5, 6, 7}, 4);

    /* all level: the cut by seed would repeat both tables, so the two
       entrants either side of the boundary change places */
    CHECK_EQ_INT(seat(&ev, 1, 4, 4, out), 2);
    CHECK(seated_at(&out[0], 4) && seated_at(&out[1], 3));
    CHECK(seated_at(&out[0], 0) && seated_at(&out[0], 1) &&
          seated_at(&out[0], 2));
}

static void test_seat_zero_rotates(void)
{
    struct event ev;
    struct comp_game out[8];
    event_init(&ev, 4);
    tied_table(&ev, 0, (const int[]){0, 1, 2, 3}, 4);
    tied_table(&ev, 1, (const int[]){1, 0, 2, 3}, 4);

    CHECK_EQ_INT(seat(&ev, 2, 4, 4, out), 1);
    CHECK_EQ_INT(out[0].entrant[0], 2);
    CHECK_EQ_INT(out[0].entrant[1], 3);
    CHECK_EQ_INT(out[0].entrant[2], 0);
    CHECK_EQ_INT(out[0].entrant[3], 1);
}

int main(void)
{
    RUN(test_possible_splits);
    RUN(test_bad_bounds_are_refused);
    RUN(test_round_one_seats_by_seed_in_the_fewest_tables);
    RUN(test_sizes_as_equal_as_possible_larger_first);
    RUN(test_tables_follow_the_score);
    RUN(test_withdrawn_are_not_seated);
    RUN(test_impossible_count_gives_minus_one);
    RUN(test_neighbours_swap_to_avoid_meeting_again);
    RUN(test_seat_zero_rotates);
    return check_summary();
}
