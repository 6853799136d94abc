/*
 * test_standings.c - standings worked out by hand: one case per rule of
 * docs/standings.md, points first, then each tie-break, shared ranks,
 * byes, forfeits and tables of more seats.
 */
#include "check.h"
#include "standings.h"

#define CHECK_NEAR(a, b)                                                     \
    do {                                                                     \
        double a_ = (a), b_ = (b);                                           \
        if (!CHECK(a_ - b_ < 1e-9 && b_ - a_ < 1e-9))                                    \
            fprintf(stderr, "    %s = %g, want %g\n", #a, a_, b_);          \
    } while (0)

/* A finished two-player game of round r: seat 0 scores `result`
   (1 win, 0.5 draw, 0 loss) against seat 1. */
static struct comp_game duel(int r, int a, int b, double result)
{
    struct comp_game g = {.round = r, .seats = 2, .entrant = {a, b},
                          .done = true, .how = COMP_PLAYED};

    g.place[0] = result >= 0.5 ? 1 : 2;
    g.place[1] = result <= 0.5 ? 1 : 2;
    return g;
}

static struct comp_game forfeit(int r, int winner, int loser)
{
    struct comp_game g = duel(r, winner, loser, 1);

    g.how = COMP_FORFEIT;
    return g;
}

static struct comp_game bye(int r, int e)
{
    return (struct comp_game){.round = r, .seats = 1, .entrant = {e},
                              .done = true, .how = COMP_BYE, .place = {1}};
}

/* The standing of entrant e among out[0..n). */
static const struct standing *of(const struct standing *out, int n, int e)
{
    for (int i = 0; i < n; i++)
        if (out[i].entrant == e)
            return &out[i];
    return &out[0];
}

/* A round robin of n in which the better seed always wins. */
static int seeds_win(int n, struct comp_game *g)
{
    int ng = 0;

    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            g[ng++] = duel(0, a, b, 1);
    /* the rounds a round robin of n would have */
    g[ng - 1].round = (n % 2 ? n : n - 1) - 1;
    return ng;
}

static void test_tiebreak_names(void)
{
    for (int t = 0; t < TB_COUNT; t++)
        CHECK_EQ_INT(tiebreak_parse(tiebreak_name(t)), t);
    CHECK_EQ_STR(tiebreak_name(TB_SONNEBORN_BERGER), "sonneborn_berger");
    CHECK_EQ_INT(tiebreak_parse("median_buchholz"), TB_MEDIAN_BUCHHOLZ);
    CHECK_EQ_INT(tiebreak_parse("Buchholz"), -1);
    CHECK_EQ_INT(tiebreak_parse(NULL), -1);
    CHECK(tiebreak_name(TB_COUNT) == NULL);
}

/*
 * Six entrants, two rounds: 0-1 1-0, 2-3 1-0, 4-5 draw; 0-2 1-0,
 * 3-4 1-0, 5-1 1-0. Points 2, 0, 1, 1, 1/2, 3/2.
 */
static int six_of_two_rounds(struct comp_game *g)
{
    g[0] = duel(0, 0, 1, 1);
    g[1] = duel(0, 2, 3, 1);
    g[2] = duel(0, 4, 5, 0.5);
    g[3] = duel(1, 0, 2, 1);
    g[4] = duel(1, 3, 4, 1);
    g[5] = duel(1, 5, 1, 1);
    return 6;
}

/* The standings of six_of_two_rounds under chess points. */
static void six_standings(const enum tiebreak *order, int norder,
                          struct standing out[6])
{
    struct comp_game g[6];
    struct comp_points p;

    comp_points_chess(&p);
    standings_compute(6, g, six_of_two_rounds(g), &p, order, norder, out);
}

static void test_points_and_counts(void)
{
    struct standing out[6];
    static const double want[6] = {2, 0, 1, 1, 0.5, 1.5};

    six_standings(NULL, 0, out);
    for (int e = 0; e < 6; e++)
        CHECK_NEAR(of(out, 6, e)->points, want[e]);
    CHECK_EQ_INT(of(out, 6, 0)->wins, 2);
    CHECK_EQ_INT(of(out, 6, 4)->draws, 1);
    CHECK_EQ_INT(of(out, 6, 4)->losses, 1);
    CHECK_EQ_INT(of(out, 6, 4)->played, 2);
    /* 2 and 3 are level and no tie-break is chosen: seed order, one rank */
    CHECK_EQ_INT(out[2].entrant, 2);
    CHECK_EQ_INT(out[3].entrant, 3);
    CHECK_EQ_INT(out[2].rank, 3);
    CHECK_EQ_INT(out[3].rank, 3);
    CHECK_EQ_INT(out[4].rank, 5);
}

static void test_points_of_another_scale(void)
{
    struct comp_game g[6];
    struct comp_points p = {.win = 3, .draw = 1, .loss = 0, .bye = 3,
                            .forfeit_win = 3, .forfeit_loss = -1};
    struct standing out[6];

    standings_compute(6, g, six_of_two_rounds(g), &p, NULL, 0, out);
    CHECK_NEAR(of(out, 6, 0)->points, 6);
    CHECK_NEAR(of(out, 6, 5)->points, 4);
    CHECK_NEAR(of(out, 6, 4)->points, 1);
}

/* Buchholz: 0 met 1 (0) and 2 (1); 1 met 0 (2) and 5 (3/2); ... */
static void test_buchholz_sums_opponents_points(void)
{
    struct standing out[6];
    static const double want[6] = {1, 3.5, 3, 1.5, 2.5, 0.5};
    enum tiebreak order[] = {TB_BUCHHOLZ};

    six_standings(order, 1, out);
    for (int e = 0; e < 6; e++)
        CHECK_NEAR(of(out, 6, e)->tiebreak[TB_BUCHHOLZ], want[e]);
    CHECK_EQ_INT(out[2].entrant, 2);
    CHECK_EQ_INT(out[2].rank, 3);
    CHECK_EQ_INT(out[3].entrant, 3);
    CHECK_EQ_INT(out[3].rank, 4);
}

/* Sonneborn-Berger: 4 drew with 5 (3/2) and lost: 3/4; 5 drew with 4
   (1/2) and beat 1 (0): 1/4. */
static void test_sonneborn_berger_weights_by_result(void)
{
    struct standing out[6];
    static const double want[6] = {1, 0, 1, 0.5, 0.75, 0.25};

    six_standings(NULL, 0, out);
    for (int e = 0; e < 6; e++)
        CHECK_NEAR(of(out, 6, e)->tiebreak[TB_SONNEBORN_BERGER], want[e]);
}

/* 2 and 3 are level on 1 point, and 2 beat 3. */
static void test_head_to_head_between_level_entrants(void)
{
    struct standing out[6];
    enum tiebreak order[] = {TB_HEAD_TO_HEAD};

    six_standings(order, 1, out);
    CHECK_NEAR(of(out, 6, 2)->tiebreak[TB_HEAD_TO_HEAD], 1);
    CHECK_NEAR(of(out, 6, 3)->tiebreak[TB_HEAD_TO_HEAD], 0);
    /* alone on their points: nothing to count */
    CHECK_NEAR(of(out, 6, 0)->tiebreak[TB_HEAD_TO_HEAD], 0);
    CHECK_EQ_INT(out[2].rank, 3);
    CHECK_EQ_INT(out[3].rank, 4);
}

/* 0, 2 and 4 each won their one game, never against each other: the
   group did not all meet, so head-to-head is 0 for every one of them. */
static void test_head_to_head_needs_every_pair_met(void)
{
    struct comp_game g[4] = {duel(0, 0, 1, 1), duel(0, 2, 3, 1),
                             duel(0, 4, 5, 1), duel(1, 0, 2, 0.5)};
    struct comp_points p;
    struct standing out[6];
    enum tiebreak order[] = {TB_HEAD_TO_HEAD};

    comp_points_chess(&p);
    /* 0 and 2 drew in round 1: level on 1.5, and they met */
    standings_compute(6, g, 4, &p, order, 1, out);
    CHECK_NEAR(of(out, 6, 0)->tiebreak[TB_HEAD_TO_HEAD], 0.5);
    CHECK_NEAR(of(out, 6, 2)->tiebreak[TB_HEAD_TO_HEAD], 0.5);
    /* without round 1: 0, 2, 4 level on 1, no two of them met */
    standings_compute(6, g, 3, &p, order, 1, out);
    for (int e = 0; e < 6; e++)
        CHECK_NEAR(out[e].tiebreak[TB_HEAD_TO_HEAD], 0);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT(out[i].entrant, 2 * i);
        CHECK_EQ_INT(out[i].rank, 1);
        CHECK_EQ_INT(out[i + 3].entrant, 2 * i + 1);
        CHECK_EQ_INT(out[i + 3].rank, 4);
    }
}

/* 0, 1 and 2 end level on 1.5, but only 0 and 1 met (a draw): the
   group did not all meet, so their draw counts for neither. */
static void test_head_to_head_of_a_group_partly_met(void)
{
    struct comp_game g[5] = {duel(0, 0, 3, 1), duel(0, 1, 4, 1),
                             duel(0, 2, 5, 1), duel(1, 0, 1, 0.5),
                             duel(1, 2, 5, 0.5)};
    struct comp_points p;
    struct standing out[6];
    enum tiebreak order[] = {TB_HEAD_TO_HEAD};

    comp_points_chess(&p);
    standings_compute(6, g, 5, &p, order, 1, out);
    for (int e = 0; e < 3; e++) {
        CHECK_NEAR(of(out, 6, e)->points, 1.5);
        CHECK_NEAR(of(out, 6, e)->tiebreak[TB_HEAD_TO_HEAD], 0);
        CHECK_EQ_INT(out[e].rank, 1);
    }
}

/* 2 and 3 won a game each: wins do not part them, Buchholz does. */
static void test_wins_then_buchholz(void)
{
    struct standing out[6];
    enum tiebreak wins_only[] = {TB_WINS};
    enum tiebreak both[] = {TB_WINS, TB_BUCHHOLZ};

    six_standings(wins_only, 1, out);
    CHECK_NEAR(of(out, 6, 2)->tiebreak[TB_WINS], 1);
    CHECK_NEAR(of(out, 6, 3)->tiebreak[TB_WINS], 1);
    CHECK_EQ_INT(out[2].rank, 3);
    CHECK_EQ_INT(out[3].rank, 3);
    six_standings(both, 2, out);
    CHECK_EQ_INT(out[3].rank, 4);
}

/* Everyone on 1.5 after a round robin of cycles: every key is level, so
   all four share rank 1 in seed order. */
static void test_all_level_share_a_rank(void)
{
    struct comp_game g[6] = {duel(0, 0, 2, 1),   duel(0, 1, 3, 1),
                             duel(1, 0, 1, 0.5), duel(1, 2, 3, 0.5),
                             duel(2, 3, 0, 1),   duel(2, 2, 1, 1)};
    struct comp_points p;
    struct standing out[4];
    enum tiebreak order[] = {TB_BUCHHOLZ, TB_SONNEBORN_BERGER,
                             TB_HEAD_TO_HEAD, TB_WINS, TB_MEDIAN_BUCHHOLZ};

    comp_points_chess(&p);
    standings_compute(4, g, 6, &p, order, 5, out);
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_INT(out[i].entrant, i);
        CHECK_EQ_INT(out[i].rank, 1);
        CHECK_NEAR(out[i].points, 1.5);
        CHECK_NEAR(out[i].tiebreak[TB_BUCHHOLZ], 4.5);
        CHECK_NEAR(out[i].tiebreak[TB_SONNEBORN_BERGER], 2.25);
        CHECK_NEAR(out[i].tiebreak[TB_HEAD_TO_HEAD], 1.5);
    }
}

/* Five entrants, seeds always win: points 4 3 2 1 0. Under 9 rounds one
   opponent is dropped at each end. */
static void test_median_buchholz_drops_one_each_end(void)
{
    struct comp_game g[10];
    struct comp_points p;
    struct standing out[5];
    static const double want[5] = {3, 3, 4, 5, 5};

    comp_points_chess(&p);
    standings_compute(5, g, seeds_win(5, g), &p, NULL, 0, out);
    for (int e = 0; e < 5; e++) {
        CHECK_NEAR(out[e].tiebreak[TB_BUCHHOLZ], 6 + e);
        CHECK_NEAR(out[e].tiebreak[TB_MEDIAN_BUCHHOLZ], want[e]);
    }
    CHECK_NEAR(out[0].tiebreak[TB_SONNEBORN_BERGER], 6);
    CHECK_NEAR(out[1].tiebreak[TB_SONNEBORN_BERGER], 3);
}

/* Ten entrants, 9 rounds: two dropped at each end. Entrant 0 met points
   8..0 and keeps 6+5+4+3+2; entrant 5 met 9..5 and 3..0, keeps 7+6+5+3+2. */
static void test_median_buchholz_drops_two_from_nine_rounds(void)
{
    struct comp_game g[45];
    struct comp_points p;
    struct standing out[10];

    comp_points_chess(&p);
    standings_compute(10, g, seeds_win(10, g), &p, NULL, 0, out);
    CHECK_NEAR(of(out, 10, 0)->tiebreak[TB_MEDIAN_BUCHHOLZ], 20);
    CHECK_NEAR(of(out, 10, 5)->tiebreak[TB_MEDIAN_BUCHHOLZ], 23);
    CHECK_NEAR(of(out, 10, 5)->tiebreak[TB_BUCHHOLZ], 41);
}

static void test_median_buchholz_of_too_few_opponents_is_zero(void)
{
    struct comp_game g[1] = {duel(0, 0, 1, 1)};
    struct comp_points p;
    struct standing out[2];

    comp_points_chess(&p);
    standings_compute(2, g, 1, &p, NULL, 0, out);
    CHECK_NEAR(out[0].tiebreak[TB_BUCHHOLZ], 0);
    CHECK_NEAR(out[1].tiebreak[TB_BUCHHOLZ], 1);
    CHECK_NEAR(out[1].tiebreak[TB_MEDIAN_BUCHHOLZ], 0);
}

/*
 * Byes and forfeits meet a virtual opponent with the entrant's own
 * points. Round 0: 0 beats 1, 2 has a bye; round 1: 2 wins by forfeit
 * against 0, 1 has a bye. Points 1, 1, 2.
 */
static void test_byes_and_forfeits_meet_a_virtual_opponent(void)
{
    struct comp_game g[4] = {duel(0, 0, 1, 1), bye(0, 2), forfeit(1, 2, 0),
                             bye(1, 1)};
    struct comp_points p;
    struct standing out[3];

    comp_points_chess(&p);
    standings_compute(3, g, 4, &p, NULL, 0, out);
    const struct standing *a = of(out, 3, 0), *b = of(out, 3, 1),
                          *c = of(out, 3, 2);
    CHECK_NEAR(a->points, 1);
    CHECK_NEAR(b->points, 1);
    CHECK_NEAR(c->points, 2);
    CHECK_NEAR(a->tiebreak[TB_BUCHHOLZ], 1 + 1);
    CHECK_NEAR(b->tiebreak[TB_BUCHHOLZ], 1 + 1);
    CHECK_NEAR(c->tiebreak[TB_BUCHHOLZ], 2 + 2);
    CHECK_NEAR(a->tiebreak[TB_SONNEBORN_BERGER], 1);
    CHECK_NEAR(b->tiebreak[TB_SONNEBORN_BERGER], 1);
    CHECK_NEAR(c->tiebreak[TB_SONNEBORN_BERGER], 4);
    /* a forfeit is no game won over the board */
    CHECK_NEAR(c->tiebreak[TB_WINS], 0);
    CHECK_EQ_INT(c->wins, 0);
    CHECK_EQ_INT(c->played, 0);
    CHECK_EQ_INT(c->byes, 1);
    CHECK_EQ_INT(c->forfeits_won, 1);
    CHECK_EQ_INT(a->played, 1);
    CHECK_EQ_INT(a->wins, 1);
    CHECK_EQ_INT(a->forfeits_lost, 1);
    CHECK_EQ_INT(b->losses, 1);
    CHECK_EQ_INT(b->byes, 1);
}

/* A half-point bye counts as a draw with the virtual opponent. */
static void test_half_point_bye_is_a_draw_for_sonneborn_berger(void)
{
    struct comp_game g[2] = {bye(0, 0), duel(1, 0, 1, 1)};
    struct comp_points p;
    struct standing out[2];

    comp_points_chess(&p);
    p.bye = 0.5;
    standings_compute(2, g, 2, &p, NULL, 0, out);
    CHECK_NEAR(out[0].points, 1.5);
    CHECK_NEAR(out[0].tiebreak[TB_SONNEBORN_BERGER], 0.5 * 1.5 + 0);
    CHECK_NEAR(out[0].tiebreak[TB_BUCHHOLZ], 1.5 + 0);
}

/* Two tables of four with places scoring 3, 2, 1, 0; a shared place
   shares its points. */
static void test_tables_count_every_other_seat(void)
{
    struct comp_game g[2] = {
        {.round = 0, .seats = 4, .entrant = {0, 1, 2, 3}, .done = true,
         .how = COMP_PLAYED, .place = {1, 2, 2, 4}},
        {.round = 1, .seats = 4, .entrant = {3, 2, 1, 0}, .done = true,
         .how = COMP_PLAYED, .place = {1, 1, 3, 4}},
    };
    struct comp_points p = {.win = 1, .draw = 0.5, .loss = 0,
                            .by_place = {3, 2, 1, 0}};
    struct standing out[4];
    enum tiebreak order[] = {TB_HEAD_TO_HEAD};
    static const double points[4] = {3, 2.5, 4, 2.5};
    static const double buchholz[4] = {18, 19, 16, 19};
    static const double sb[4] = {9, 7.5, 10.5, 7.5};

    standings_compute(4, g, 2, &p, order, 1, out);
    for (int e = 0; e < 4; e++) {
        const struct standing *s = of(out, 4, e);
        CHECK_NEAR(s->points, points[e]);
        CHECK_NEAR(s->tiebreak[TB_BUCHHOLZ], buchholz[e]);
        CHECK_NEAR(s->tiebreak[TB_SONNEBORN_BERGER], sb[e]);
        CHECK_EQ_INT(s->played, 2);
    }
    /* alone first a win, shared first a draw, anything else a loss */
    CHECK_EQ_INT(of(out, 4, 0)->wins, 1);
    CHECK_EQ_INT(of(out, 4, 0)->losses, 1);
    CHECK_EQ_INT(of(out, 4, 1)->losses, 2);
    CHECK_EQ_INT(of(out, 4, 2)->draws, 1);
    CHECK_EQ_INT(of(out, 4, 2)->losses, 1);
    CHECK_EQ_INT(of(out, 4, 3)->draws, 1);
    /* 1 and 3 are level: each finished ahead of the other once */
    CHECK_NEAR(of(out, 4, 1)->tiebreak[TB_HEAD_TO_HEAD], 1);
    CHECK_NEAR(of(out, 4, 3)->tiebreak[TB_HEAD_TO_HEAD], 1);
    CHECK_EQ_INT(out[2].entrant, 1);
    CHECK_EQ_INT(out[3].entrant, 3);
    CHECK_EQ_INT(out[3].rank, 3);
}

static void test_unfinished_games_count_nothing(void)
{
    struct comp_game g[2] = {duel(0, 0, 1, 1), duel(1, 1, 0, 1)};
    struct comp_points p;
    struct standing out[2];

    comp_points_chess(&p);
    g[1].done = false;
    standings_compute(2, g, 2, &p, NULL, 0, out);
    CHECK_NEAR(out[0].points, 1);
    CHECK_EQ_INT(out[0].played, 1);
    CHECK_EQ_INT(out[1].played, 1);
    CHECK_NEAR(out[1].tiebreak[TB_BUCHHOLZ], 1);
}

static void test_no_games_all_share_first(void)
{
    struct comp_points p;
    struct standing out[3];

    comp_points_chess(&p);
    standings_compute(3, NULL, 0, &p, NULL, 0, out);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ_INT(out[i].entrant, i);
        CHECK_EQ_INT(out[i].rank, 1);
    }
}

int main(void)
{
    RUN(test_tiebreak_names);
    RUN(test_points_and_counts);
    RUN(test_points_of_another_scale);
    RUN(test_buchholz_sums_opponents_points);
    RUN(test_sonneborn_berger_weights_by_result);
    RUN(test_head_to_head_between_level_entrants);
    RUN(test_head_to_head_needs_every_pair_met);
    RUN(test_head_to_head_of_a_group_partly_met);
    RUN(test_wins_then_buchholz);
    RUN(test_all_level_share_a_rank);
    RUN(test_median_buchholz_drops_one_each_end);
    RUN(test_median_buchholz_drops_two_from_nine_rounds);
    RUN(test_median_buchholz_of_too_few_opponents_is_zero);
    RUN(test_byes_and_forfeits_meet_a_virtual_opponent);
    RUN(test_half_point_bye_is_a_draw_for_sonneborn_berger);
    RUN(test_tables_count_every_other_seat);
    RUN(test_unfinished_games_count_nothing);
    RUN(test_no_games_all_share_first);
    return check_summary();
}
