/*
 * round_robin.h - round-robin schedules by the circle method (Berger
 * tables): everyone meets everyone once (single) or twice with the
 * seats swapped (double).
 *
 * With an odd number of entrants a phantom makes the count even and its
 * opponent of the round has a bye (a one-seat game). Seat 0 moves first;
 * the schedule balances it so that no entrant moves first more than one
 * game more than second over a single round robin (for an odd n, exactly
 * as often first as second; in a double round robin, always exactly).
 * docs/standings.md gives the construction.
 */
#ifndef TURNPOST_RULES_ROUND_ROBIN_H
#define TURNPOST_RULES_ROUND_ROBIN_H

#include <stdbool.h>

#include "competition.h"

/* Rounds of a round robin of n entrants (n - 1 if n is even, n if odd;
   twice as many for a double round robin); 0 if n < 2. */
int round_robin_rounds(int n, bool twice);

/*
 * The games of round r (0-based) of a round robin of n entrants: every
 * entrant in exactly one game, the bye (if any) last. Writes at most
 * (n + 1) / 2 games; returns how many, or -1 if r or n is out of range.
 */
int round_robin_round(int n, bool twice, int r, struct comp_game *out);

#endif
