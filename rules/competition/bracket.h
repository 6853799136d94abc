/*
 * bracket.h - single and double elimination brackets for two-player
 * games.
 *
 * The bracket is a function of the entrant count and the games so far:
 * round r's games follow from the results of rounds before r, so an
 * event pairs its next round when the last game of a round ends, as for
 * the other formats. Seeds are placed the standard way (1 meets 16, 8
 * meets 9, ... with the top seeds apart until the end); when n is not a
 * power of two the top seeds get the byes of the first round. In a
 * double elimination bracket winners' and losers' games of a round are
 * played together where their results allow; the grand final's winner
 * from the losers' side forces a reset: one more game. A drawn game
 * advances the better seed (docs/brackets.md).
 */
#ifndef TURNPOST_RULES_BRACKET_H
#define TURNPOST_RULES_BRACKET_H

#include <stdbool.h>

#include "competition.h"

/* The most entrants a bracket takes; more and every call returns -1. */
#define BRACKET_MAX_ENTRANTS 4096

enum bracket_kind { BRACKET_SINGLE = 0, BRACKET_DOUBLE };

enum bracket_part {
    BRACKET_WINNERS = 0, /* the single elimination bracket is all this */
    BRACKET_LOSERS,
    BRACKET_GRAND_FINAL,
    BRACKET_RESET,       /* the grand final's second game */
};

/* Where a game stands in the bracket, for display. */
struct bracket_slot {
    enum bracket_part part;
    int part_round; /* 0-based round within its part */
    int match;      /* 0-based match within that round of the part */
};

/* The most rounds the bracket can take (the reset included); 0 if n < 2. */
int bracket_rounds(enum bracket_kind k, int n);

/*
 * The games of round `round`, given every game of the earlier rounds in
 * hist[0..nh), in the order this function gave them, all done. Writes at
 * most n games to out and their slots to slot (may be NULL); returns how
 * many; 0 when the bracket is decided; -1 if hist does not fit the
 * bracket. Byes are one-seat games, done, how COMP_BYE, all in round 0:
 * an empty losers' bracket slot left by a bye lets the other entrant go
 * on without a game. The better seed takes seat 0, except in the grand
 * final (the winners' champion) and the reset (the seats swapped).
 */
int bracket_round(enum bracket_kind k, int n, const struct comp_game *hist,
                  int nh, int round, struct comp_game *out,
                  struct bracket_slot *slot);

/*
 * Final places once the bracket is decided: place[e] for each entrant,
 * 1 the champion, 2 the runner-up, then by the round of elimination
 * (entrants out in the same round share a place). Returns 0, or -1 if
 * the bracket is not decided.
 */
int bracket_places(enum bracket_kind k, int n, const struct comp_game *hist,
                   int nh, int *place);

#endif
