/*
 * test_round_robin.c - Berger schedules: who meets whom, when, and in
 * which seat, for every size from 2 to 30 entrants.
 */
#include <stdlib.h>

#include "check.h"
#include "round_robin.h"

#define MAX_N 30

/* met[a][b]: games with a in seat 0 and b in seat 1 */
struct tally {
    int met[MAX_N][MAX_N];
    int first[MAX_N], second[MAX_N], byes[MAX_N];
};

/* Tallies every round of the schedule, checking each round as it goes:
   round numbers, one game per entrant, the bye last and done. */
static void tally_schedule(int n, bool twice, struct tally *t)
{
    struct comp_game g[MAX_N];

    *t = (struct tally){0};
    for (int r = 0; r < round_robin_rounds(n, twice); r++) {
        int seen[MAX_N] = {0};
        int count = round_robin_round(n, twice, r, g);

        CHECK_EQ_INT(count, (n + 1) / 2);
        for (int i = 0; i < count; i++) {
            CHECK_EQ_INT(g[i].round, r);
            for (int s = 0; s < g[i].seats; s++) {
                int e = g[i].entrant[s];
                CHECK(e >= 0 && e < n);
                if (e >= 0 && e < n)
                    seen[e]++;
            }
            if (g[i].seats == 1) {
                CHECK_EQ_INT(i, count - 1);
                CHECK(g[i].done);
                CHECK_EQ_INT(g[i].how, COMP_BYE);
                CHECK_EQ_INT(g[i].place[0], 1);
                t->byes[g[i].entrant[0]]++;
                continue;
            }
            CHECK_EQ_INT(g[i].seats, 2);
            CHECK(!g[i].done);
            CHECK_EQ_INT(g[i].how, COMP_PLAYED);
            t->met[g[i].entrant[0]][g[i].entrant[1]]++;
            t->first[g[i].entrant[0]]++;
            t->second[g[i].entrant[1]]++;
        }
        for (int e = 0; e < n; e++)
            CHECK_EQ_INT(seen[e], 1);
    }
}

static void test_rounds_count(void)
{
    CHECK_EQ_INT(round_robin_rounds(0, false), 0);
    CHECK_EQ_INT(round_robin_rounds(1, false), 0);
    CHECK_EQ_INT(round_robin_rounds(2, false), 1);
    CHECK_EQ_INT(round_robin_rounds(2, true), 2);
    CHECK_EQ_INT(round_robin_rounds(5, false), 5);
    CHECK_EQ_INT(round_robin_rounds(6, false), 5);
    CHECK_EQ_INT(round_robin_rounds(7, true), 14);
}

static void test_out_of_range_rounds_refused(void)
{
    struct comp_game g[4];

    CHECK_EQ_INT(round_robin_round(1, false, 0, g), -1);
    CHECK_EQ_INT(round_robin_round(4, false, -1, g), -1);
    CHECK_EQ_INT(round_robin_round(4, false, 3, g), -1);
    CHECK_EQ_INT(round_robin_round(4, true, 5, g), 2);
    CHECK_EQ_INT(round_robin_round(4, true, 6, g), -1);
}

/* Boards g[0..boards) pair want[b][0] (seat 0) with want[b][1], as
   FIDE's tables number entrants: from 1. */
static void check_boards(const struct comp_game *g, const int (*want)[2],
                         int boards)
{
    for (int b = 0; b < boards; b++) {
        CHECK_EQ_INT(g[b].entrant[0], want[b][0] - 1);
        CHECK_EQ_INT(g[b].entrant[1], want[b][1] - 1);
    }
}

/* FIDE's Berger table for 5 or 6 players (C.05 annex 1), numbered from
   1 there and from 0 here; the phantom of 5 is 6's place. */
static void test_berger_table_of_six(void)
{
    static const int want[5][3][2] = {
        {{1, 6}, {2, 5}, {3, 4}}, {{6, 4}, {5, 3}, {1, 2}},
        {{2, 6}, {3, 1}, {4, 5}}, {{6, 5}, {1, 4}, {2, 3}},
        {{3, 6}, {4, 2}, {5, 1}},
    };
    struct comp_game g[3];

    for (int r = 0; r < 5; r++) {
        CHECK_EQ_INT(round_robin_round(6, false, r, g), 3);
        check_boards(g, want[r], 3);
        /* five entrants: the same boards, 6's game a bye, moved last */
        CHECK_EQ_INT(round_robin_round(5, false, r, g), 3);
        int with_six = want[r][0][0] == 6 ? want[r][0][1] : want[r][0][0];
        CHECK_EQ_INT(g[2].seats, 1);
        CHECK_EQ_INT(g[2].entrant[0], with_six - 1);
        check_boards(g, want[r] + 1, 2);
    }
}

/* The 7-or-8 table, with the fixed entrant's board first in each round. */
static void test_berger_table_of_eight(void)
{
    static const int want[7][4][2] = {
        {{1, 8}, {2, 7}, {3, 6}, {4, 5}}, {{8, 5}, {6, 4}, {7, 3}, {1, 2}},
        {{2, 8}, {3, 1}, {4, 7}, {5, 6}}, {{8, 6}, {7, 5}, {1, 4}, {2, 3}},
        {{3, 8}, {4, 2}, {5, 1}, {6, 7}}, {{8, 7}, {1, 6}, {2, 5}, {3, 4}},
        {{4, 8}, {5, 3}, {6, 2}, {7, 1}},
    };
    struct comp_game g[4];

    for (int r = 0; r < 7; r++) {
        CHECK_EQ_INT(round_robin_round(8, false, r, g), 4);
        check_boards(g, want[r], 4);
    }
}

static void test_single_every_pair_meets_once(void)
{
    struct tally *t = malloc(sizeof *t);

    for (int n = 2; n <= MAX_N; n++) {
        tally_schedule(n, false, t);
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++)
                CHECK_EQ_INT(t->met[a][b] + t->met[b][a], 1);
    }
    free(t);
}

static void test_double_every_pair_meets_once_in_each_seat(void)
{
    struct tally *t = malloc(sizeof *t);

    for (int n = 2; n <= MAX_N; n++) {
        tally_schedule(n, true, t);
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                CHECK_EQ_INT(t->met[a][b], 1);
                CHECK_EQ_INT(t->met[b][a], 1);
            }
    }
    free(t);
}

static void test_double_second_half_swaps_the_first(void)
{
    struct comp_game a[MAX_N], b[MAX_N];

    for (int n = 2; n <= MAX_N; n++) {
        int half = round_robin_rounds(n, false);
        for (int r = 0; r < half; r++) {
            int ca = round_robin_round(n, true, r, a);
            int cb = round_robin_round(n, true, r + half, b);
            CHECK_EQ_INT(ca, cb);
            for (int i = 0; i < ca && i < cb; i++) {
                CHECK_EQ_INT(b[i].seats, a[i].seats);
                CHECK_EQ_INT(b[i].round, r + half);
                if (a[i].seats == 2) {
                    CHECK_EQ_INT(b[i].entrant[0], a[i].entrant[1]);
                    CHECK_EQ_INT(b[i].entrant[1], a[i].entrant[0]);
                } else {
                    CHECK_EQ_INT(b[i].entrant[0], a[i].entrant[0]);
                }
            }
        }
    }
}

static void test_odd_count_byes_once_per_cycle(void)
{
    struct tally *t = malloc(sizeof *t);

    for (int n = 2; n <= MAX_N; n++) {
        tally_schedule(n, false, t);
        for (int e = 0; e < n; e++)
            CHECK_EQ_INT(t->byes[e], n % 2);
        tally_schedule(n, true, t);
        for (int e = 0; e < n; e++)
            CHECK_EQ_INT(t->byes[e], 2 * (n % 2));
    }
    free(t);
}

/* Even n: every entrant within one of even in seat 0 over a single
   round robin. Odd n: each plays n - 1 games, an even count, and the
   Berger table splits it exactly in half. */
static void test_seat_balance(void)
{
    struct tally *t = malloc(sizeof *t);

    for (int n = 2; n <= MAX_N; n++) {
        tally_schedule(n, false, t);
        for (int e = 0; e < n; e++) {
            int diff = abs(t->first[e] - t->second[e]);
            CHECK_EQ_INT(t->first[e] + t->second[e], n - 1);
            CHECK(n % 2 ? diff == 0 : diff <= 1);
        }
        tally_schedule(n, true, t);
        for (int e = 0; e < n; e++)
            CHECK_EQ_INT(t->first[e], t->second[e]);
    }
    free(t);
}

int main(void)
{
    RUN(test_rounds_count);
    RUN(test_out_of_range_rounds_refused);
    RUN(test_berger_table_of_six);
    RUN(test_berger_table_of_eight);
    RUN(test_single_every_pair_meets_once);
    RUN(test_double_every_pair_meets_once_in_each_seat);
    RUN(test_double_second_half_swaps_the_first);
    RUN(test_odd_count_byes_once_per_cycle);
    RUN(test_seat_balance);
    return check_summary();
}
