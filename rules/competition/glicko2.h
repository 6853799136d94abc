/*
 * glicko2.h - Glicko-2 ratings (Glickman, "Example of the Glicko-2
 * system", 2013): one rating period of one player at a time.
 *
 * Ratings are on the Glicko scale (1500 +- 350); the conversion to the
 * Glicko-2 scale (divide by 173.7178) happens inside. A result may carry
 * a weight below 1: the pairwise results a game of more than two sides
 * gives (rating_games.h) count as a fraction of a game each, so a Steam
 * table of six is not worth five two-player games.
 */
#ifndef TURNPOST_RULES_GLICKO2_H
#define TURNPOST_RULES_GLICKO2_H

#include <stdbool.h>

#define GLICKO2_RATING 1500.0
#define GLICKO2_RD 350.0
#define GLICKO2_VOLATILITY 0.06
#define GLICKO2_TAU 0.5            /* the system constant the paper uses */
#define GLICKO2_PROVISIONAL_RD 110.0 /* above it a rating is provisional */

struct glicko2 {
    double rating, rd, volatility;
};

struct glicko2_result {
    struct glicko2 opponent; /* the opponent's rating at the period start */
    double score;            /* 1 win, 0.5 draw, 0 loss */
    double weight;           /* 1 for a whole game; 0 < weight <= 1 */
};

/* A new player: 1500, 350, 0.06. */
void glicko2_initial(struct glicko2 *p);

/*
 * The player's rating after one rating period with n results (n may be
 * 0: a period without games, where only the deviation grows). The
 * deviation never exceeds GLICKO2_RD. Returns 0, or -1 if an input is
 * out of range (then *after is untouched).
 */
int glicko2_rate(const struct glicko2 *player, const struct glicko2_result *r,
                 int n, double tau, struct glicko2 *after);

/* Whether the rating is still provisional (its deviation is large). */
bool glicko2_provisional(const struct glicko2 *p);

/*
 * The intermediate quantities of one glicko2_rate call, on the Glicko-2
 * scale, named as in Glickman's example so that a test can hold each
 * against the paper. With n == 0 only mu, phi, phi_star and phi_new mean
 * anything (v and delta are 0, volatility is the player's).
 */
struct glicko2_steps {
    double mu, phi;   /* the player, step 2 */
    double v;         /* estimated variance from the results, step 3 */
    double delta;     /* estimated improvement, step 4 */
    double volatility; /* sigma', step 5 */
    double phi_star;  /* pre-period deviation, step 6 */
    double phi_new, mu_new; /* step 7 */
};

/* glicko2_rate, also filling *steps (not NULL) when it returns 0. */
int glicko2_rate_steps(const struct glicko2 *player,
                       const struct glicko2_result *r, int n, double tau,
                       struct glicko2 *after, struct glicko2_steps *steps);

/* The paper's g(phi) and E(mu, mu_j, phi_j), on the Glicko-2 scale. */
double glicko2_g(double phi);
double glicko2_e(double mu, double mu_j, double phi_j);

/*
 * Step 5 alone: the new volatility from the old one, the player's phi,
 * v, delta and tau, by the Illinois algorithm to within 0.000001. For
 * reproducing the paper from its own rounded v and delta.
 */
double glicko2_volatility(double sigma, double phi, double v, double delta,
                          double tau);

#endif
