/*
 * tables.h - rounds of tables for games of 3 to 6 players (Steam), seated
 * by score: the leaders share a table, then the next, and so on.
 *
 * Tables have min_seats..max_seats seats and sizes as equal as possible;
 * who has met whom is spread where seating by score allows, and seat
 * order rotates so that nobody moves first much more often than others.
 */
#ifndef TURNPOST_RULES_TABLES_H
#define TURNPOST_RULES_TABLES_H

#include <stdbool.h>

#include "competition.h"

/*
 * Seats round `round` for the active entrants after hist[0..nh). Writes
 * the tables to out (at most n / min_seats) and returns how many; -1 when
 * the active count cannot be split into tables of min_seats..max_seats
 * (2 <= min_seats <= max_seats <= COMP_MAX_SEATS).
 */
int tables_pair(int n, const bool *active, const struct comp_game *hist, int nh,
                const struct comp_points *p, int round, int min_seats,
                int max_seats, struct comp_game *out);

/* Whether m active entrants can be split into tables of min..max seats. */
bool tables_possible(int m, int min_seats, int max_seats);

#endif
