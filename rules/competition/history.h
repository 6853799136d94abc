/*
 * history.h - what the pairing modules (swiss, tables) read from the
 * games so far: scores, byes, seats taken and who has met whom. Shared
 * by them, not part of the API's view of competitions.
 */
#ifndef TURNPOST_RULES_COMPETITION_HISTORY_H
#define TURNPOST_RULES_COMPETITION_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "competition.h"

struct history_entrant {
    double score;
    int byes;          /* one-seat games */
    int first_seats;   /* played games (2+ seats) at seat 0 */
    int colour_diff;   /* two-seat played games: seat 0 minus seat 1 */
    int last_round[2]; /* rounds of the two latest two-seat played games,
                          newest first; -1 when there is none */
    int last_seat[2];  /* the seat in them, -1 when there is none */
    int opp_first;     /* into history.opp */
    int opp_count;
};

struct history {
    int n;
    struct history_entrant *e; /* by entrant */
    int *opp;                  /* everyone each entrant shared a game with */
};

/*
 * Reads hist[0..nh) for entrants 0..n-1 into h (which owns new arrays:
 * free them with history_free). Games naming entrants outside 0..n-1
 * are skipped. A forfeit is a meeting but no seat: nobody moved in it.
 * Aborts if an allocation fails.
 */
void history_read(struct history *h, int n, const struct comp_game *hist,
                  int nh, const struct comp_points *p);
void history_free(struct history *h);

/* Whether a and b have shared a game of two or more seats. */
bool history_met(const struct history *h, int a, int b);

/* Whether a and b have the same score. */
bool history_level(const struct history *h, int a, int b);

/*
 * Writes the active entrants, best first (score, then seed), to out and
 * returns how many.
 */
int history_rank(const struct history *h, const bool *active, int *out);

/* calloc that aborts instead of returning NULL; never NULL for count 0. */
void *history_calloc(size_t count, size_t size);

#endif
