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

#endif
