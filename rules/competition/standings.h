/*
 * standings.h - standings of an event from its games: points under the
 * event's points, then the organiser's tie-breaks in the order chosen,
 * then the seed.
 *
 * Computed from the list of games alone, so a standing is always what a
 * recomputation from the results gives. Games not done count nothing.
 * docs/standings.md defines each tie-break and how byes, forfeits and
 * games of more than two seats enter it.
 */
#ifndef TURNPOST_RULES_STANDINGS_H
#define TURNPOST_RULES_STANDINGS_H

#include "competition.h"

enum tiebreak {
    TB_BUCHHOLZ = 0,      /* sum of the opponents' points */
    TB_MEDIAN_BUCHHOLZ,   /* the same without the best and the worst */
    TB_SONNEBORN_BERGER,  /* opponents' points weighted by the result */
    TB_HEAD_TO_HEAD,      /* points among the entrants tied on points */
    TB_WINS,              /* games won over the board */
    TB_COUNT
};

/* "buchholz", "median_buchholz", "sonneborn_berger", "head_to_head",
   "wins" */
const char *tiebreak_name(enum tiebreak t);
/* The tie-break a name stands for, or -1. */
int tiebreak_parse(const char *name);

struct standing {
    int entrant;
    int rank;                 /* 1-based; shared when all keys are equal */
    double points;
    double tiebreak[TB_COUNT]; /* every tie-break, chosen or not */
    int played, wins, draws, losses, byes, forfeits_won, forfeits_lost;
};

/*
 * The standings of n entrants after games g[0..ng): out[0..n) best first.
 * order[0..norder) are the tie-breaks that separate equal points, in the
 * organiser's order; entrants still equal keep their seed order and
 * share a rank. Allocates a few scratch arrays and frees them before it
 * returns; it aborts if an allocation fails.
 */
void standings_compute(int n, const struct comp_game *g, int ng,
                       const struct comp_points *p, const enum tiebreak *order,
                       int norder, struct standing *out);

#endif
