/*
 * rating_games.h - the pairwise results a finished game gives each of its
 * seats, for the ratings.
 *
 * A two-player game is one result. A game of more sides (Steam, 3 to 6
 * players) is decomposed into one result against each other side, scored
 * by finishing place (above: win, same: draw, below: loss) and weighted
 * so that the seat's results add up to one game; docs/ratings.md names
 * the method and its reference. With teams (side[] not NULL), each team
 * is one side and a seat plays no result against its teammates.
 */
#ifndef TURNPOST_RULES_RATING_GAMES_H
#define TURNPOST_RULES_RATING_GAMES_H

#include "competition.h"

struct rating_pair {
    int opponent_seat; /* a seat of g on another side */
    double score;      /* 1, 0.5 or 0 */
    double weight;     /* 0 < weight <= 1 */
};

/*
 * The results of seat s of the finished game g: at most COMP_MAX_SEATS-1,
 * written to out; returns how many (0 for a bye, an unfinished game or a
 * seat with no opponent side). side[i] is the team of seat i, or side is
 * NULL when every seat is its own side.
 */
int rating_pairs(const struct comp_game *g, const int *side, int s,
                 struct rating_pair out[COMP_MAX_SEATS - 1]);

#endif
