/*
 * test_bracket.c - single and double elimination brackets, one case per
 * rule of docs/brackets.md.
 */
#include <stdlib.h>

#include "check.h"
#include "competition/bracket.h"

#define MAX_GAMES 512

/* How a test decides a two-seat game: the seat that wins, or -1 a draw. */
typedef int (*decide_fn)(const struct comp_game *g,
                         const struct bracket_slot *s);

struct event {
    struct comp_game hist[MAX_GAMES];
    struct bracket_slot slot[MAX_GAMES];
    int nh;
    int rounds; /* rounds that held games */
};

static void finish(struct comp_game *g, int winner_seat)
{
    g->done = true;
    g->how = COMP_PLAYED;
    if (winner_seat < 0) {
        g->place[0] = g->place[1] = 1;
    } else {
        g->place[winner_seat] = 1;
        g->place[1 - winner_seat] = 2;
    }
}

/* Plays the bracket to its end; returns 0, or -1 if a call failed. */
static int play(struct event *ev, enum bracket_kind k, int n, decide_fn decide)
{
    ev->nh = 0;
    ev->rounds = 0;
    for (int r = 0;; r++) {
        if (ev->nh + n > MAX_GAMES)
            return -1;
        int c = bracket_round(k, n, ev->hist, ev->nh, r, ev->hist + ev->nh,
                              ev->slot + ev->nh);
        if (c < 0)
            return -1;
        if (c == 0)
            return 0;
        for (int i = ev->nh; i < ev->nh + c; i++)
            if (ev->hist[i].seats == 2)
                finish(&ev->hist[i], decide(&ev->hist[i], &ev->slot[i]));
        ev->nh += c;
        ev->rounds++;
    }
}

static int better_seed_wins(const struct comp_game *g,
                            const struct bracket_slot *s)
{
    (void)s;
    return g->entrant[0] < g->entrant[1] ? 0 : 1;
}

static int worse_seed_wins(const struct comp_game *g,
                           const struct bracket_slot *s)
{
    (void)s;
    return g->entrant[0] < g->entrant[1] ? 1 : 0;
}

static int all_draws(const struct comp_game *g, const struct bracket_slot *s)
{
    (void)g;
    (void)s;
    return -1;
}

static int has(const struct comp_game *g, int e)
{
    for (int s = 0; s < g->seats; s++)
        if (g->entrant[s] == e)
            return 1;
    return 0;
}

static int loser_of(const struct comp_game *g)
{
    if (g->seats != 2)
        return COMP_NONE;
    if (g->place[0] != g->place[1])
        return g->place[0] > g->place[1] ? g->entrant[0] : g->entrant[1];
    return g->entrant[0] > g->entrant[1] ? g->entrant[0] : g->entrant[1];
}

static int losses(const struct event *ev, int e)
{
    int c = 0;
    for (int i = 0; i < ev->nh; i++)
        c += loser_of(&ev->hist[i]) == e;
    return c;
}

/* The bracket's final places are `want`, entrant by entrant. */
static void check_places(const struct event *ev, enum bracket_kind k, int n,
                         const int *want)
{
    int place[MAX_GAMES];
    CHECK_EQ_INT(bracket_places(k, n, ev->hist, ev->nh, place), 0);
    for (int e = 0; e < n; e++)
        CHECK_EQ_INT(place[e], want[e]);
}

static void test_standard_seed_placement_of_sixteen(void)
{
    struct comp_game g[16];
    /* 0-based: 1 v 16, 8 v 9, 5 v 12, 4 v 13, 3 v 14, 6 v 11, 7 v 10, 2 v 15 */
    int want[8][2] = {{0, 15}, {7, 8}, {4, 11}, {3, 12},
                      {2, 13}, {5, 10}, {6, 9}, {1, 14}};
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 16, NULL, 0, 0, g, NULL), 8);
    for (int i = 0; i < 8; i++) {
        CHECK_EQ_INT(g[i].seats, 2);
        CHECK_EQ_INT(g[i].entrant[0], want[i][0]);
        CHECK_EQ_INT(g[i].entrant[1], want[i][1]);
        CHECK(!g[i].done);
    }
}

static void test_single_eight_top_seeds_meet_in_final(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_SINGLE, 8, better_seed_wins), 0);
    CHECK_EQ_INT(ev.nh, 7);
    CHECK_EQ_INT(ev.rounds, 3);
    CHECK_EQ_INT(bracket_rounds(BRACKET_SINGLE, 8), 3);
    const struct comp_game *final = &ev.hist[ev.nh - 1];
    CHECK_EQ_INT(final->round, 2);
    CHECK_EQ_INT(final->entrant[0], 0);
    CHECK_EQ_INT(final->entrant[1], 1);
    check_places(&ev, BRACKET_SINGLE, 8, (int[]){1, 2, 3, 3, 5, 5, 5, 5});
}

static void test_single_five_byes_to_top_seeds(void)
{
    struct comp_game g[5];
    struct bracket_slot s[5];
    int c = bracket_round(BRACKET_SINGLE, 5, NULL, 0, 0, g, s);
    CHECK_EQ_INT(c, 4);
    int byes = 0;
    for (int i = 0; i < c; i++) {
        if (g[i].seats == 1) {
            byes++;
            CHECK(g[i].done);
            CHECK_EQ_INT(g[i].how, COMP_BYE);
            CHECK(g[i].entrant[0] <= 2); /* seeds 1, 2 and 3 */
        } else {
            CHECK_EQ_INT(g[i].entrant[0], 3); /* 4 v 5 */
            CHECK_EQ_INT(g[i].entrant[1], 4);
        }
        CHECK_EQ_INT(s[i].part, BRACKET_WINNERS);
        CHECK_EQ_INT(s[i].part_round, 0);
    }
    CHECK_EQ_INT(byes, 3);

    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_SINGLE, 5, worse_seed_wins), 0);
    CHECK_EQ_INT(ev.rounds, 3);
    /* 5 beats 4, then 1; 3 beats 2; 5 beats 3 in the final */
    check_places(&ev, BRACKET_SINGLE, 5, (int[]){3, 3, 2, 5, 1});
}

static void test_single_two_is_one_final(void)
{
    static struct event ev;
    int place[2];
    CHECK_EQ_INT(bracket_rounds(BRACKET_SINGLE, 2), 1);
    CHECK_EQ_INT(play(&ev, BRACKET_SINGLE, 2, worse_seed_wins), 0);
    CHECK_EQ_INT(ev.nh, 1);
    CHECK_EQ_INT(bracket_places(BRACKET_SINGLE, 2, ev.hist, ev.nh, place), 0);
    CHECK_EQ_INT(place[0], 2);
    CHECK_EQ_INT(place[1], 1);
}

static void test_draw_advances_better_seed(void)
{
    static struct event ev;
    int place[8];
    CHECK_EQ_INT(play(&ev, BRACKET_SINGLE, 8, all_draws), 0);
    CHECK_EQ_INT(bracket_places(BRACKET_SINGLE, 8, ev.hist, ev.nh, place), 0);
    CHECK_EQ_INT(place[0], 1);
    CHECK_EQ_INT(place[1], 2);
}

static void test_forfeit_counts_as_a_win(void)
{
    struct comp_game h[1], out[1];
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 2, NULL, 0, 0, h, NULL), 1);
    h[0].done = true;
    h[0].how = COMP_FORFEIT;
    h[0].place[0] = 2;
    h[0].place[1] = 1;
    int place[2];
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 2, h, 1, 1, out, NULL), 0);
    CHECK_EQ_INT(bracket_places(BRACKET_SINGLE, 2, h, 1, place), 0);
    CHECK_EQ_INT(place[1], 1);
}

static void test_inconsistent_history_is_refused(void)
{
    struct comp_game h[4], out[4];
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, NULL, 0, 0, h, NULL), 2);
    finish(&h[0], 0);
    /* an unfinished game */
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, h, 2, 1, out, NULL), -1);
    finish(&h[1], 1);
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, h, 2, 1, out, NULL), 1);
    /* too few games, the wrong round, the wrong entrant */
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, h, 1, 1, out, NULL), -1);
    h[1].round = 1;
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, h, 2, 1, out, NULL), -1);
    h[1].round = 0;
    h[1].entrant[1] = 3;
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, h, 2, 1, out, NULL), -1);
    h[1].entrant[1] = 2;
    /* a game of a round not yet paired */
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, h, 2, 0, out, NULL), -1);
    /* not decided yet */
    int place[4];
    CHECK_EQ_INT(bracket_places(BRACKET_SINGLE, 4, h, 2, place), -1);
}

/* Checks the double elimination rules every finished event keeps. */
static void check_double(const struct event *ev, int n, int champion)
{
    for (int e = 0; e < n; e++) {
        int l = losses(ev, e);
        if (e == champion)
            CHECK(l <= 1);
        else
            CHECK_EQ_INT(l, 2);
        /* nobody plays after a second loss */
        int seen = 0;
        for (int i = 0; i < ev->nh; i++) {
            if (seen == 2)
                CHECK(!has(&ev->hist[i], e));
            seen += loser_of(&ev->hist[i]) == e;
        }
    }
}

static void test_double_four_without_reset(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 4, better_seed_wins), 0);
    CHECK_EQ_INT(ev.nh, 6); /* 2n - 2 */
    CHECK_EQ_INT(ev.slot[ev.nh - 1].part, BRACKET_GRAND_FINAL);
    check_double(&ev, 4, 0);
    check_places(&ev, BRACKET_DOUBLE, 4, (int[]){1, 2, 3, 4});
}

static void test_double_loser_drops_to_losers_bracket(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 8, better_seed_wins), 0);
    /* seed 8 loses to seed 1 in round 0 and plays the losers' round 0 */
    int found = 0;
    for (int i = 0; i < ev.nh; i++)
        if (ev.hist[i].round == 1 && ev.slot[i].part == BRACKET_LOSERS &&
            has(&ev.hist[i], 7))
            found = 1;
    CHECK(found);
    /* seed 2 loses the winners' final and drops into the last losers'
     * round, which it wins to reach the grand final against seed 1 */
    const struct comp_game *gf = &ev.hist[ev.nh - 1];
    CHECK_EQ_INT(ev.slot[ev.nh - 1].part, BRACKET_GRAND_FINAL);
    CHECK_EQ_INT(gf->entrant[0], 0);
    CHECK_EQ_INT(gf->entrant[1], 1);
    CHECK_EQ_INT(ev.nh, 14);
    check_double(&ev, 8, 0);
    check_places(&ev, BRACKET_DOUBLE, 8, (int[]){1, 2, 3, 4, 5, 5, 7, 7});
}

/* Better seeds win, but the losers' side takes the grand final. */
static int losers_side_takes_grand_final(const struct comp_game *g,
                                         const struct bracket_slot *s)
{
    if (s->part == BRACKET_GRAND_FINAL)
        return 1;
    return better_seed_wins(g, s);
}

static void test_double_eight_with_reset(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 8, losers_side_takes_grand_final),
                 0);
    int gf = ev.nh - 2, reset = ev.nh - 1;
    CHECK_EQ_INT(ev.slot[gf].part, BRACKET_GRAND_FINAL);
    CHECK_EQ_INT(ev.slot[reset].part, BRACKET_RESET);
    CHECK_EQ_INT(ev.hist[gf].entrant[0], 0);
    CHECK_EQ_INT(ev.hist[gf].entrant[1], 1);
    CHECK_EQ_INT(ev.hist[reset].entrant[0], 1); /* the seats swap */
    CHECK_EQ_INT(ev.hist[reset].entrant[1], 0);
    CHECK_EQ_INT(ev.nh, 15); /* 2n - 1 */
    CHECK_EQ_INT(ev.rounds, bracket_rounds(BRACKET_DOUBLE, 8));
    check_double(&ev, 8, 0);
    CHECK_EQ_INT(losses(&ev, 0), 1);
    int place[8];
    CHECK_EQ_INT(bracket_places(BRACKET_DOUBLE, 8, ev.hist, ev.nh, place), 0);
    CHECK_EQ_INT(place[0], 1);
    CHECK_EQ_INT(place[1], 2);
}

static void test_double_four_with_reset(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 4, losers_side_takes_grand_final),
                 0);
    CHECK_EQ_INT(ev.slot[ev.nh - 1].part, BRACKET_RESET);
    CHECK_EQ_INT(ev.nh, 7);
    CHECK_EQ_INT(ev.rounds, 5);
    check_double(&ev, 4, 0);
    check_places(&ev, BRACKET_DOUBLE, 4, (int[]){1, 2, 3, 4});
}

/* Seed 1 loses its first game; the finals are drawn. */
static int top_seed_from_losers_side(const struct comp_game *g,
                                     const struct bracket_slot *s)
{
    if (s->part == BRACKET_GRAND_FINAL || s->part == BRACKET_RESET)
        return -1;
    if (s->part == BRACKET_WINNERS && s->part_round == 0 && has(g, 0))
        return worse_seed_wins(g, s);
    return better_seed_wins(g, s);
}

static void test_double_drawn_grand_final_goes_to_better_seed(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 4, top_seed_from_losers_side), 0);
    /* seed 2 comes through unbeaten, seed 1 through the losers' side: the
     * drawn grand final counts as seed 2's first loss, so a reset */
    int gf = ev.nh - 2, reset = ev.nh - 1;
    CHECK_EQ_INT(ev.slot[gf].part, BRACKET_GRAND_FINAL);
    CHECK_EQ_INT(ev.hist[gf].entrant[0], 1);
    CHECK_EQ_INT(ev.hist[gf].entrant[1], 0);
    CHECK_EQ_INT(ev.slot[reset].part, BRACKET_RESET);
    CHECK_EQ_INT(ev.hist[reset].entrant[0], 0);
    check_double(&ev, 4, 0);
    /* seed 3 went out in losers' round 0, seed 4 in losers' round 1 */
    check_places(&ev, BRACKET_DOUBLE, 4, (int[]){1, 2, 4, 3});
}

static void test_double_two_rematch_in_grand_final(void)
{
    static struct event ev;
    CHECK_EQ_INT(bracket_rounds(BRACKET_DOUBLE, 2), 3);
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 2, worse_seed_wins), 0);
    /* 2 beats 1, then 1 (losers' side) beats 2 ... by the same rule 2 wins */
    CHECK_EQ_INT(ev.nh, 2);
    int place[2];
    CHECK_EQ_INT(bracket_places(BRACKET_DOUBLE, 2, ev.hist, ev.nh, place), 0);
    CHECK_EQ_INT(place[1], 1);
    CHECK_EQ_INT(place[0], 2);
}

static void test_double_three_losers_bye_without_game(void)
{
    static struct event ev;
    CHECK_EQ_INT(play(&ev, BRACKET_DOUBLE, 3, better_seed_wins), 0);
    /* the bye, 2 v 3, 1 v 2, 2 v 3, the grand final */
    CHECK_EQ_INT(ev.nh, 5);
    int two_seat = 0;
    for (int i = 0; i < ev.nh; i++)
        two_seat += ev.hist[i].seats == 2;
    CHECK_EQ_INT(two_seat, 4); /* 2n - 2 */
    check_double(&ev, 3, 0);
}

static void test_calls_out_of_range_are_refused(void)
{
    struct comp_game g[4];
    int place[1];
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 0, NULL, 0, 0, g, NULL), -1);
    CHECK_EQ_INT(bracket_round(BRACKET_SINGLE, 4, NULL, 0, -1, g, NULL), -1);
    CHECK_EQ_INT(bracket_round(BRACKET_DOUBLE, BRACKET_MAX_ENTRANTS + 1, NULL,
                               0, 0, g, NULL),
                 -1);
    CHECK_EQ_INT(bracket_rounds(BRACKET_DOUBLE, 1), 0);
    /* one entrant: decided before it starts */
    CHECK_EQ_INT(bracket_round(BRACKET_DOUBLE, 1, NULL, 0, 0, g, NULL), 0);
    CHECK_EQ_INT(bracket_places(BRACKET_DOUBLE, 1, NULL, 0, place), 0);
    CHECK_EQ_INT(place[0], 1);
}

int main(void)
{
    RUN(test_standard_seed_placement_of_sixteen);
    RUN(test_single_eight_top_seeds_meet_in_final);
    RUN(test_single_five_byes_to_top_seeds);
    RUN(test_single_two_is_one_final);
    RUN(test_draw_advances_better_seed);
    RUN(test_forfeit_counts_as_a_win);
    RUN(test_inconsistent_history_is_refused);
    RUN(test_double_four_without_reset);
    RUN(test_double_loser_drops_to_losers_bracket);
    RUN(test_double_eight_with_reset);
    RUN(test_double_four_with_reset);
    RUN(test_double_drawn_grand_final_goes_to_better_seed);
    RUN(test_double_two_rematch_in_grand_final);
    RUN(test_double_three_losers_bye_without_game);
    RUN(test_calls_out_of_range_are_refused);
    return check_summary();
}
