/*
 * test_ratings_property.c - random games and rating periods; each
 * invariant is recounted here from the raw game or results, never taken
 * from the module's own bookkeeping.
 *
 * rating_pairs, for every seat of RATING_GAMES random games of 1 to 6
 * seats (random places with ties, teams or not, some byes and unfinished):
 *   - a result for each seat of every other side and for no other seat
 *     (never a teammate, never itself), each opponent once, in seat order;
 *   - its score is 1, 0.5 or 0 as the two places compare;
 *   - seat s's score against j plus j's against s is 1;
 *   - each other side's results weigh 1/(sides - 1) together, and all of
 *     a seat's results one game.
 * glicko2_rate, for RATING_PERIODS random periods of 0 to 12 results:
 *   - it accepts them; RD' never above 350 nor above the pre-period
 *     deviation its own new volatility implies; a period without games
 *     keeps rating and volatility and grows RD as sqrt(RD^2 + sigma^2);
 *   - the rating moves the way sum w g (s - E) points (recomputed here);
 *   - the order of the results does not matter, and a result split into
 *     two of half its weight is the same result;
 *   - raising one result's score never lowers the new rating.
 */
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "glicko2.h"
#include "rating_games.h"

#define RATING_GAMES 100000
#define RATING_PERIODS 100000
#define MAX_RESULTS 12
#define SCALE 173.7178

static uint64_t rng_state = 0x5eed2026;

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(int n)
{
    return (int)(splitmix64() % (uint64_t)n);
}

static double uniform(double lo, double hi)
{
    return lo + (hi - lo) * (double)(splitmix64() >> 11) / 9007199254740992.0;
}

static struct comp_game random_game(int side[COMP_MAX_SEATS], bool *teams)
{
    struct comp_game g = {.seats = 1 + below(COMP_MAX_SEATS), .done = true};

    g.how = below(4) == 0 ? COMP_FORFEIT : COMP_PLAYED;
    if (g.seats == 1)
        g.how = COMP_BYE;
    if (below(20) == 0)
        g.done = false;
    *teams = below(2) == 0;
    for (int i = 0; i < g.seats; i++) {
        g.entrant[i] = i;
        g.place[i] = 1 + below(g.seats);
        /* team labels 0..3: a few seats share each, some none */
        side[i] = *teams ? below(4) : i;
    }
    return g;
}

static void check_pairs_of_seat(const struct comp_game *g, const int *side,
                                bool teams, int s)
{
    struct rating_pair out[COMP_MAX_SEATS - 1];
    int n = rating_pairs(g, teams ? side : NULL, s, out);
    unsigned labels = 0;
    int opponents = 0;

    for (int i = 0; i < g->seats; i++) {
        labels |= 1u << side[i];
        opponents += side[i] != side[s];
    }
    int sides = __builtin_popcount(labels);
    bool rated = g->done && g->how != COMP_BYE && g->seats >= 2;
    if (!rated || sides < 2) {
        CHECK_EQ_INT(n, 0);
        return;
    }
    CHECK_EQ_INT(n, opponents);

    double total = 0, by_label[COMP_MAX_SEATS] = {0};
    for (int k = 0; k < n && k < COMP_MAX_SEATS - 1; k++) {
        int j = out[k].opponent_seat;
        if (!CHECK(j >= 0 && j < g->seats && side[j] != side[s]))
            return;
        if (k > 0)
            CHECK(j > out[k - 1].opponent_seat);
        double want = g->place[s] < g->place[j]    ? 1
                      : g->place[s] == g->place[j] ? 0.5
                                                   : 0;
        CHECK(out[k].score == want);
        CHECK(out[k].weight > 0 && out[k].weight <= 1);
        total += out[k].weight;
        by_label[side[j]] += out[k].weight;

        struct rating_pair back[COMP_MAX_SEATS - 1];
        int m = rating_pairs(g, teams ? side : NULL, j, back);
        for (int b = 0; b < m; b++)
            if (back[b].opponent_seat == s)
                CHECK(back[b].score + out[k].score == 1);
    }
    CHECK(fabs(total - 1) < 1e-12);
    for (int l = 0; l < COMP_MAX_SEATS; l++)
        if ((labels & (1u << l)) && l != side[s])
            CHECK(fabs(by_label[l] - 1.0 / (sides - 1)) < 1e-12);
}

static void test_pairs_of_random_games(void)
{
    for (int t = 0; t < RATING_GAMES; t++) {
        int side[COMP_MAX_SEATS];
        bool teams;
        struct comp_game g = random_game(side, &teams);
        for (int s = 0; s < g.seats; s++)
            check_pairs_of_seat(&g, side, teams, s);
    }
}

static struct glicko2 random_rating(void)
{
    /* a quarter are new players, at the RD cap */
    double rd = below(4) == 0 ? GLICKO2_RD : uniform(30, 350);
    return (struct glicko2){uniform(600, 2600), rd, uniform(0.03, 0.1)};
}

static int random_period(struct glicko2_result r[MAX_RESULTS])
{
    int n = below(MAX_RESULTS + 1);

    for (int i = 0; i < n; i++) {
        r[i].opponent = random_rating();
        r[i].score = below(3) / 2.0;
        r[i].weight = below(3) == 0 ? 1 : uniform(0.05, 1);
    }
    return n;
}

/* sum w g (s - E), from the paper's formulas written out here */
static double improvement_of(const struct glicko2 *p,
                             const struct glicko2_result *r, int n)
{
    double sum = 0, mu = (p->rating - 1500) / SCALE;

    for (int i = 0; i < n; i++) {
        double phi_j = r[i].opponent.rd / SCALE;
        double mu_j = (r[i].opponent.rating - 1500) / SCALE;
        double g = 1 / sqrt(1 + 3 * phi_j * phi_j / (M_PI * M_PI));
        double e = 1 / (1 + exp(-g * (mu - mu_j)));
        sum += r[i].weight * g * (r[i].score - e);
    }
    return sum;
}

static bool same_rating(const struct glicko2 *a, const struct glicko2 *b)
{
    return fabs(a->rating - b->rating) < 1e-7 && fabs(a->rd - b->rd) < 1e-7 &&
           fabs(a->volatility - b->volatility) < 1e-9;
}

static void check_period(const struct glicko2 *p, struct glicko2_result *r,
                         int n)
{
    struct glicko2 after, again;

    if (!CHECK_EQ_INT(glicko2_rate(p, r, n, 0.5, &after), 0))
        return;
    double implied = sqrt(p->rd * p->rd + pow(after.volatility * SCALE, 2));
    CHECK(after.rd <= GLICKO2_RD);
    CHECK(after.rd <= implied + 1e-9);
    if (n == 0) {
        CHECK(after.rating == p->rating);
        CHECK(after.volatility == p->volatility);
        CHECK(fabs(after.rd - fmin(implied, GLICKO2_RD)) < 1e-9);
        return;
    }

    double toward = improvement_of(p, r, n);
    if (toward > 1e-9)
        CHECK(after.rating > p->rating);
    else if (toward < -1e-9)
        CHECK(after.rating < p->rating);

    /* reversed order */
    struct glicko2_result rev[MAX_RESULTS + 1];
    for (int i = 0; i < n; i++)
        rev[i] = r[n - 1 - i];
    CHECK_EQ_INT(glicko2_rate(p, rev, n, 0.5, &again), 0);
    CHECK(same_rating(&after, &again));

    /* the first result split in two halves, the halves apart */
    struct glicko2_result split[MAX_RESULTS + 1];
    int m = 0;
    split[m] = r[0];
    split[m++].weight = r[0].weight / 2;
    for (int i = 1; i < n; i++)
        split[m++] = r[i];
    split[m] = r[0];
    split[m++].weight = r[0].weight / 2;
    CHECK_EQ_INT(glicko2_rate(p, split, m, 0.5, &again), 0);
    CHECK(same_rating(&after, &again));

    /* the last result half a point better */
    if (r[n - 1].score < 1) {
        r[n - 1].score += 0.5;
        CHECK_EQ_INT(glicko2_rate(p, r, n, 0.5, &again), 0);
        CHECK(again.rating >= after.rating - 1e-9);
        r[n - 1].score -= 0.5;
    }
}

static void test_random_rating_periods(void)
{
    for (int t = 0; t < RATING_PERIODS; t++) {
        struct glicko2 p = random_rating();
        struct glicko2_result r[MAX_RESULTS];
        int n = random_period(r);
        check_period(&p, r, n);
    }
}

int main(void)
{
    RUN(test_pairs_of_random_games);
    RUN(test_random_rating_periods);
    return check_summary();
}
