/*
 * test_glicko2.c - Glicko-2 as Glickman's "Example of the Glicko-2
 * system" computes it, and the edges Turnpost adds (weights, the RD cap,
 * refused inputs).
 *
 * The paper rounds each intermediate it prints and carries the rounded
 * number into the next step, so a full-precision v, delta, phi* and r'
 * differ from the printed ones in the last digit or two. Each printed
 * value is checked twice: the step replayed from the paper's own printed
 * inputs gives it at the printed precision, and the module's
 * full-precision value is within the error those rounded inputs carry.
 * The full-precision figures (FULL_*) were computed once by a separate
 * Python script of the paper's steps.
 */
#include <math.h>

#include "check.h"
#include "glicko2.h"

#define SCALE 173.7178

/* |a - b| <= tol, printing both sides when it fails. */
#define CHECK_NEAR(a, b, tol)                                              \
    do {                                                                   \
        double a_ = (a), b_ = (b);                                         \
        if (!CHECK(fabs(a_ - b_) <= (tol)))                                \
            fprintf(stderr, "    %s = %.10g, %s = %.10g (tol %g)\n", #a, a_, \
                    #b, b_, (double)(tol));                                \
    } while (0)

#define FULL_V 1.7789770897239976
#define FULL_DELTA -0.4839332609836549
#define FULL_SIGMA 0.059995984286488495
#define FULL_PHI_STAR 1.1528546895801364
#define FULL_PHI 0.8721991881307343
#define FULL_MU -0.20694096667525494
#define FULL_RATING 1464.0506705393013
#define FULL_RD 151.51652412385727

static const struct glicko2 paper_player = {1500, 200, 0.06};
static const struct glicko2_result paper_results[3] = {
    {{1400, 30, 0.06}, 1, 1},
    {{1550, 100, 0.06}, 0, 1},
    {{1700, 300, 0.06}, 0, 1},
};
/* The paper's table of the three opponents, as printed. */
static const double paper_mu_j[3] = {-0.5756, 0.2878, 1.1513};
static const double paper_phi_j[3] = {0.1727, 0.5756, 1.7269};
static const double paper_g[3] = {0.9955, 0.9531, 0.7242};
static const double paper_e[3] = {0.639, 0.432, 0.303};

/* The module's run of the paper's example, with its intermediates. */
static void paper_steps(struct glicko2 *after, struct glicko2_steps *st)
{
    CHECK_EQ_INT(glicko2_rate_steps(&paper_player, paper_results, 3, 0.5,
                                    after, st), 0);
}

static void test_paper_scale_conversion(void)
{
    struct glicko2 after;
    struct glicko2_steps st;

    paper_steps(&after, &st);
    CHECK_NEAR(st.mu, 0, 0.00005);
    CHECK_NEAR(st.phi, 1.1513, 0.00005);
    for (int j = 0; j < 3; j++) {
        CHECK_NEAR((paper_results[j].opponent.rating - 1500) / SCALE,
                   paper_mu_j[j], 0.00005);
        CHECK_NEAR(paper_results[j].opponent.rd / SCALE, paper_phi_j[j],
                   0.00005);
    }
}

static void test_paper_g_and_e(void)
{
    for (int j = 0; j < 3; j++) {
        double mu_j = (paper_results[j].opponent.rating - 1500) / SCALE;
        double phi_j = paper_results[j].opponent.rd / SCALE;
        CHECK_NEAR(glicko2_g(phi_j), paper_g[j], 0.00005);
        CHECK_NEAR(glicko2_e(0, mu_j, phi_j), paper_e[j], 0.0005);
    }
}

static void test_paper_v_and_delta(void)
{
    struct glicko2 after;
    struct glicko2_steps st;
    double info = 0, improvement = 0;

    /* the paper's v and delta follow from its printed g and E */
    for (int j = 0; j < 3; j++) {
        info += paper_g[j] * paper_g[j] * paper_e[j] * (1 - paper_e[j]);
        improvement += paper_g[j] * (paper_results[j].score - paper_e[j]);
    }
    CHECK_NEAR(1 / info, 1.7785, 0.00005);
    CHECK_NEAR(1.7785 * improvement, -0.4834, 0.00005);

    /* E printed to 3 places moves v and delta by up to ~0.001 */
    paper_steps(&after, &st);
    CHECK_NEAR(st.v, 1.7785, 0.001);
    CHECK_NEAR(st.delta, -0.4834, 0.001);
    CHECK_NEAR(st.v, FULL_V, 1e-9);
    CHECK_NEAR(st.delta, FULL_DELTA, 1e-9);
}

static void test_paper_volatility(void)
{
    struct glicko2 after;
    struct glicko2_steps st;

    /* from the paper's own v and delta; it prints sigma' cut to 5 places */
    double sigma = glicko2_volatility(0.06, 200 / SCALE, 1.7785, -0.4834, 0.5);
    CHECK_NEAR(sigma, 0.05999, 0.00001);
    CHECK(sigma >= 0.05999 && sigma < 0.06);

    paper_steps(&after, &st);
    CHECK(st.volatility >= 0.05999 && st.volatility < 0.06);
    CHECK_NEAR(st.volatility, FULL_SIGMA, 1e-9);
    CHECK_NEAR(after.volatility, st.volatility, 0);
}

static void test_paper_new_phi_and_mu(void)
{
    struct glicko2 after;
    struct glicko2_steps st;

    /* phi* from the printed phi and sigma', as the paper forms it */
    CHECK_NEAR(sqrt(1.1513 * 1.1513 + 0.05999 * 0.05999), 1.152862,
               0.0000005);

    paper_steps(&after, &st);
    CHECK_NEAR(st.phi_star, 1.152862, 0.00001);
    CHECK_NEAR(st.phi_star, FULL_PHI_STAR, 1e-9);
    CHECK_NEAR(st.phi_new, 0.8722, 0.00005);
    CHECK_NEAR(st.mu_new, -0.2069, 0.00005);
    CHECK_NEAR(st.phi_new, FULL_PHI, 1e-9);
    CHECK_NEAR(st.mu_new, FULL_MU, 1e-9);
}

static void test_paper_final_rating(void)
{
    struct glicko2 after;

    /* the paper's r' and RD' are its rounded mu' and phi' scaled back */
    CHECK_NEAR(SCALE * -0.2069 + 1500, 1464.06, 0.005);
    CHECK_NEAR(SCALE * 0.8722, 151.52, 0.005);

    CHECK_EQ_INT(glicko2_rate(&paper_player, paper_results, 3, 0.5, &after),
                 0);
    /* mu' rounded to 4 places is worth 0.0087 rating points */
    CHECK_NEAR(after.rating, 1464.06, 0.01);
    CHECK_NEAR(after.rd, 151.52, 0.005);
    CHECK_NEAR(after.volatility, 0.05999, 0.00001);
    CHECK_NEAR(after.rating, FULL_RATING, 1e-9);
    CHECK_NEAR(after.rd, FULL_RD, 1e-9);
}

static void test_initial_rating(void)
{
    struct glicko2 p;

    glicko2_initial(&p);
    CHECK_NEAR(p.rating, 1500, 0);
    CHECK_NEAR(p.rd, 350, 0);
    CHECK_NEAR(p.volatility, 0.06, 0);
    CHECK(glicko2_provisional(&p));
}

static void test_provisional_above_rd_110(void)
{
    struct glicko2 p = {1500, 110, 0.06};

    CHECK(!glicko2_provisional(&p));
    p.rd = 110.01;
    CHECK(glicko2_provisional(&p));
    p.rd = 60;
    CHECK(!glicko2_provisional(&p));
}

static void test_empty_period_grows_rd(void)
{
    struct glicko2 after;
    struct glicko2_steps st;

    CHECK_EQ_INT(glicko2_rate_steps(&paper_player, NULL, 0, 0.5, &after, &st),
                 0);
    /* phi* = sqrt(phi^2 + sigma^2), back on the Glicko scale */
    CHECK_NEAR(after.rd, sqrt(200.0 * 200 + 0.06 * SCALE * 0.06 * SCALE),
               1e-9);
    CHECK_NEAR(after.rd, 200.2714, 0.00005);
    CHECK_NEAR(after.rating, 1500, 0);
    CHECK_NEAR(after.volatility, 0.06, 0);
    CHECK_NEAR(st.v, 0, 0);
    CHECK_NEAR(st.delta, 0, 0);
}

static void test_rd_capped_at_350(void)
{
    struct glicko2 p = {1720, 349.9, 0.06}, after;

    CHECK_EQ_INT(glicko2_rate(&p, NULL, 0, 0.5, &after), 0);
    CHECK_NEAR(after.rd, GLICKO2_RD, 0);
    CHECK_NEAR(after.rating, 1720, 0);

    /* a deviation recorded above the cap comes back at it */
    p.rd = 500;
    CHECK_EQ_INT(glicko2_rate(&p, NULL, 0, 0.5, &after), 0);
    CHECK_NEAR(after.rd, GLICKO2_RD, 0);

    /* years without games end at the cap, never above */
    p = (struct glicko2){1600, 40, 0.09};
    for (int period = 0; period < 2000; period++) {
        CHECK_EQ_INT(glicko2_rate(&p, NULL, 0, 0.5, &p), 0);
        CHECK(p.rd <= GLICKO2_RD);
    }
    CHECK_NEAR(p.rd, GLICKO2_RD, 0);

    /* one game against a new opponent from the start: still at most 350 */
    struct glicko2_result r = {{1500, 350, 0.06}, 0.5, 1};
    glicko2_initial(&p);
    CHECK_EQ_INT(glicko2_rate(&p, &r, 1, 0.5, &after), 0);
    CHECK(after.rd <= GLICKO2_RD && after.rd < p.rd);
}

static void test_win_never_lowers_rating(void)
{
    static const double ratings[] = {800, 1300, 1500, 1650, 2400, 3100};
    static const double rds[] = {30, 110, 200, 350};
    static const double weights[] = {0.05, 0.2, 0.5, 1};

    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++)
            for (int d = 0; d < 4; d++)
                for (int w = 0; w < 4; w++) {
                    struct glicko2 p = {ratings[a], rds[d], 0.06}, after;
                    struct glicko2_result r = {
                        {ratings[b], rds[3 - d], 0.06}, 1, weights[w]};
                    CHECK_EQ_INT(glicko2_rate(&p, &r, 1, 0.5, &after), 0);
                    CHECK(after.rating > p.rating);
                    r.score = 0;
                    CHECK_EQ_INT(glicko2_rate(&p, &r, 1, 0.5, &after), 0);
                    CHECK(after.rating < p.rating);
                }
}

static void test_results_are_symmetric(void)
{
    /* two equal players: what the winner gains, the loser loses */
    struct glicko2 a = {1580, 120, 0.06}, b = a, a2, b2;
    struct glicko2_result a_wins = {b, 1, 1}, b_loses = {a, 0, 1};

    CHECK_EQ_INT(glicko2_rate(&a, &a_wins, 1, 0.5, &a2), 0);
    CHECK_EQ_INT(glicko2_rate(&b, &b_loses, 1, 0.5, &b2), 0);
    CHECK_NEAR(a2.rating - 1580, 1580 - b2.rating, 1e-9);
    CHECK_NEAR(a2.rd, b2.rd, 1e-9);
    CHECK_NEAR(a2.volatility, b2.volatility, 1e-12);

    /* a draw between equals moves neither rating */
    struct glicko2_result draw = {b, 0.5, 1};
    CHECK_EQ_INT(glicko2_rate(&a, &draw, 1, 0.5, &a2), 0);
    CHECK_NEAR(a2.rating, 1580, 1e-9);

    /* the order of a period's results does not matter */
    struct glicko2_result rev[3] = {paper_results[2], paper_results[0],
                                    paper_results[1]};
    CHECK_EQ_INT(glicko2_rate(&paper_player, rev, 3, 0.5, &a2), 0);
    CHECK_NEAR(a2.rating, FULL_RATING, 1e-9);
    CHECK_NEAR(a2.rd, FULL_RD, 1e-9);
}

static void test_after_may_be_the_player(void)
{
    struct glicko2 p = paper_player;

    CHECK_EQ_INT(glicko2_rate(&p, paper_results, 3, 0.5, &p), 0);
    CHECK_NEAR(p.rating, FULL_RATING, 1e-9);
}

/* glicko2_rate refuses r[0] as changed by bad, leaving *after alone. */
static void check_refused(struct glicko2_result bad)
{
    struct glicko2 after = {-7, -7, -7};

    CHECK_EQ_INT(glicko2_rate(&paper_player, &bad, 1, 0.5, &after), -1);
    CHECK(after.rating == -7 && after.rd == -7 && after.volatility == -7);
}

static void test_bad_inputs_refused(void)
{
    const struct glicko2_result ok = paper_results[0];
    struct glicko2_result r;
    struct glicko2 p, after = {-7, -7, -7};
    const double bad_player[][3] = {
        {NAN, 200, 0.06}, {INFINITY, 200, 0.06}, {-INFINITY, 200, 0.06},
        {1500, 0, 0.06},  {1500, -5, 0.06},      {1500, NAN, 0.06},
        {1500, INFINITY, 0.06}, {1500, 200, 0},  {1500, 200, -0.1},
        {1500, 200, NAN}, {1500, 200, INFINITY},
    };
    const int bad_players = sizeof bad_player / sizeof bad_player[0];

    for (int i = 0; i < bad_players; i++) {
        p = (struct glicko2){bad_player[i][0], bad_player[i][1],
                             bad_player[i][2]};
        CHECK_EQ_INT(glicko2_rate(&p, &ok, 1, 0.5, &after), -1);
        CHECK_EQ_INT(glicko2_rate(&p, NULL, 0, 0.5, &after), -1);
        /* the same values in an opponent */
        r = ok;
        r.opponent = p;
        check_refused(r);
    }
    CHECK(after.rating == -7 && after.rd == -7 && after.volatility == -7);

    const double bad_tau[] = {0, -0.5, NAN, INFINITY};
    for (int i = 0; i < 4; i++) {
        CHECK_EQ_INT(glicko2_rate(&paper_player, &ok, 1, bad_tau[i], &after),
                     -1);
        CHECK_EQ_INT(glicko2_rate(&paper_player, NULL, 0, bad_tau[i], &after),
                     -1);
    }

    const double bad_score[] = {-0.01, 1.01, 2, NAN, INFINITY};
    for (int i = 0; i < 5; i++) {
        r = ok;
        r.score = bad_score[i];
        check_refused(r);
    }
    const double bad_weight[] = {0, -0.5, 1.0001, NAN, INFINITY};
    for (int i = 0; i < 5; i++) {
        r = ok;
        r.weight = bad_weight[i];
        check_refused(r);
    }

    CHECK_EQ_INT(glicko2_rate(&paper_player, NULL, 1, 0.5, &after), -1);
    CHECK_EQ_INT(glicko2_rate(&paper_player, &ok, -1, 0.5, &after), -1);
    CHECK_EQ_INT(glicko2_rate(NULL, &ok, 1, 0.5, &after), -1);
    CHECK_EQ_INT(glicko2_rate(&paper_player, &ok, 1, 0.5, NULL), -1);
    CHECK(after.rating == -7 && after.rd == -7 && after.volatility == -7);

    /* the edges themselves are accepted */
    r = ok;
    r.score = 0;
    r.weight = 1;
    CHECK_EQ_INT(glicko2_rate(&paper_player, &r, 1, 0.5, &after), 0);
    r.score = 1;
    r.weight = 1e-9;
    CHECK_EQ_INT(glicko2_rate(&paper_player, &r, 1, 0.5, &after), 0);
}

static void test_weight_scales_the_terms(void)
{
    struct glicko2 after;
    struct glicko2_steps st;
    const struct glicko2 opp = {1650, 80, 0.06};
    struct glicko2_result r = {opp, 1, 0.25};

    /* 1/v and the delta sum each carry the weight as a factor */
    CHECK_EQ_INT(glicko2_rate_steps(&paper_player, &r, 1, 0.5, &after, &st),
                 0);
    double mu_j = (1650 - 1500) / SCALE, phi_j = 80 / SCALE;
    double g = glicko2_g(phi_j), e = glicko2_e(0, mu_j, phi_j);
    CHECK_NEAR(st.v, 1 / (0.25 * g * g * e * (1 - e)), 1e-9);
    CHECK_NEAR(st.delta, st.v * 0.25 * g * (1 - e), 1e-12);
    CHECK_NEAR(st.mu_new, st.phi_new * st.phi_new * 0.25 * g * (1 - e), 1e-12);
}

static void test_weights_split_a_game(void)
{
    const struct glicko2 opp = {1650, 80, 0.06};
    struct glicko2_result whole = {opp, 1, 1};
    struct glicko2_result halves[2] = {{opp, 1, 0.5}, {opp, 1, 0.5}};
    struct glicko2_result half = {opp, 1, 0.5};
    struct glicko2 w, h2, h1, none;

    CHECK_EQ_INT(glicko2_rate(&paper_player, &whole, 1, 0.5, &w), 0);
    CHECK_EQ_INT(glicko2_rate(&paper_player, halves, 2, 0.5, &h2), 0);
    CHECK_EQ_INT(glicko2_rate(&paper_player, &half, 1, 0.5, &h1), 0);
    CHECK_EQ_INT(glicko2_rate(&paper_player, NULL, 0, 0.5, &none), 0);

    /* two halves of the same game are that game */
    CHECK_NEAR(h2.rating, w.rating, 1e-9);
    CHECK_NEAR(h2.rd, w.rd, 1e-9);
    CHECK_NEAR(h2.volatility, w.volatility, 1e-12);
    /* half a win moves less than a win, more than nothing */
    CHECK(h1.rating > none.rating && h1.rating < w.rating);
    CHECK(h1.rd < none.rd && h1.rd > w.rd);
}

static void test_far_opponents_stay_finite(void)
{
    /* no information in double precision: the rating stays finite */
    struct glicko2 p = {1500, 50, 0.06}, after;
    struct glicko2_result r = {{1e9, 30, 0.06}, 1, 1};

    CHECK_EQ_INT(glicko2_rate(&p, &r, 1, 0.5, &after), 0);
    CHECK(isfinite(after.rating) && after.rating >= p.rating);
    CHECK(after.rd > 0 && after.rd <= GLICKO2_RD);
    CHECK(after.volatility > 0 && isfinite(after.volatility));
}

int main(void)
{
    RUN(test_paper_scale_conversion);
    RUN(test_paper_g_and_e);
    RUN(test_paper_v_and_delta);
    RUN(test_paper_volatility);
    RUN(test_paper_new_phi_and_mu);
    RUN(test_paper_final_rating);
    RUN(test_initial_rating);
    RUN(test_provisional_above_rd_110);
    RUN(test_empty_period_grows_rd);
    RUN(test_rd_capped_at_350);
    RUN(test_win_never_lowers_rating);
    RUN(test_results_are_symmetric);
    RUN(test_after_may_be_the_player);
    RUN(test_bad_inputs_refused);
    RUN(test_weight_scales_the_terms);
    RUN(test_weights_split_a_game);
    RUN(test_far_opponents_stay_finite);
    return check_summary();
}
