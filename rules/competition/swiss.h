/*
 * swiss.h - Swiss pairing for two-player games: entrants of equal score
 * meet, nobody meets the same opponent twice, nobody has a second bye,
 * and the first move alternates: while any pairing allows, nobody moves
 * first (or second) three times running or more than two games more
 * often than the other way.
 *
 * Pure: the pairing of a round is a function of the entrants, who is
 * still playing and every game so far, so re-pairing a round gives the
 * same pairing. docs/pairing.md states the rules in order of priority.
 */
#ifndef TURNPOST_RULES_SWISS_H
#define TURNPOST_RULES_SWISS_H

#include <stdbool.h>

#include "competition.h"

/*
 * Pairs round `round` for the n entrants whose active[i] is true (a
 * withdrawn entrant is not paired), after the games hist[0..nh) of the
 * earlier rounds, scored under p. Writes the games to out (at most
 * (n + 1) / 2; a bye, if any, last, given to the lowest score group's
 * lowest entrant who has had none) and returns how many; -1 when no
 * pairing without a rematch or a second bye exists.
 */
int swiss_pair(int n, const bool *active, const struct comp_game *hist, int nh,
               const struct comp_points *p, int round, struct comp_game *out);

#endif
