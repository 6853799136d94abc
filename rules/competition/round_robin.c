/*
 * round_robin.c - Berger tables by the circle method.
 *
 * The schedule is the one FIDE's handbook prints for round robins (C.05,
 * annex 1), numbered from 0: with N entrants (N even, a phantom added
 * when n is odd), entrant N-1 stays fixed and the other N-1 turn around
 * it. In round r the fixed entrant meets q = r * N/2 (mod N-1); the
 * others pair off around q, q+k against q-k for k = 1 .. N/2-1, with
 * q+k moving first. The fixed entrant moves first in the odd rounds, so
 * its seats alternate; everyone else's alternate too, which is what
 * keeps each entrant's seat-0 and seat-1 counts within one of each other.
 */
#include "round_robin.h"

#include <limits.h>

/* Beyond this the round count of a double round robin overflows an int. */
#define MAX_ENTRANTS (INT_MAX / 2 - 1)

int round_robin_rounds(int n, bool twice)
{
    if (n < 2 || n > MAX_ENTRANTS)
        return 0;
    int single = n % 2 ? n : n - 1;
    return twice ? 2 * single : single;
}

static struct comp_game pairing(int round, int first, int second)
{
    struct comp_game g = {.round = round, .seats = 2, .done = false,
                          .how = COMP_PLAYED};

    for (int s = 0; s < COMP_MAX_SEATS; s++)
        g.entrant[s] = COMP_NONE;
    g.entrant[0] = first;
    g.entrant[1] = second;
    return g;
}

static struct comp_game bye(int round, int entrant)
{
    struct comp_game g = pairing(round, entrant, COMP_NONE);

    g.seats = 1;
    g.done = true;
    g.how = COMP_BYE;
    g.place[0] = 1;
    return g;
}

int round_robin_round(int n, bool twice, int r, struct comp_game *out)
{
    int rounds = round_robin_rounds(n, twice);
    if (rounds == 0 || r < 0 || r >= rounds || !out)
        return -1;

    int total = n + n % 2;   /* with the phantom */
    int turning = total - 1; /* entrants on the circle */
    int fixed = total - 1;   /* the phantom when n is odd */
    int cycle_round = r % turning;
    /* the second cycle of a double round robin swaps every seat */
    bool swapped = r >= turning;
    int q = (int)((long long)cycle_round * (total / 2) % turning);
    int count = 0;

    for (int k = 1; k < total / 2; k++) {
        int a = (q + k) % turning, b = (q - k + turning) % turning;
        out[count++] = swapped ? pairing(r, b, a) : pairing(r, a, b);
    }
    if (fixed == n) {
        out[count++] = bye(r, q);
        return count;
    }
    bool fixed_first = (cycle_round % 2 == 1) != swapped;
    struct comp_game g = fixed_first ? pairing(r, fixed, q)
                                     : pairing(r, q, fixed);
    /* board 1 of a Berger table is the fixed entrant's game */
    for (int i = count; i > 0; i--)
        out[i] = out[i - 1];
    out[0] = g;
    return count + 1;
}
