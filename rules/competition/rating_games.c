/*
 * rating_games.c - a finished game as pairwise results: every seat plays
 * one result against every seat of every other side (docs/ratings.md).
 */
#include "rating_games.h"

#include <stddef.h>

static int side_of(const int *side, int seat)
{
    return side ? side[seat] : seat;
}

/* How many seats of g are on the side of seat t. */
static int side_size(const struct comp_game *g, const int *side, int t)
{
    int count = 0;
    for (int i = 0; i < g->seats; i++)
        if (side_of(side, i) == side_of(side, t))
            count++;
    return count;
}

/* How many sides g has: a side counts at its lowest seat. */
static int side_count(const struct comp_game *g, const int *side)
{
    int sides = 0;
    for (int i = 0; i < g->seats; i++) {
        bool first = true;
        for (int j = 0; j < i; j++)
            if (side_of(side, j) == side_of(side, i))
                first = false;
        if (first)
            sides++;
    }
    return sides;
}

int rating_pairs(const struct comp_game *g, const int *side, int s,
                 struct rating_pair out[COMP_MAX_SEATS - 1])
{
    if (!g || !out || !g->done || g->seats < 2 || g->seats > COMP_MAX_SEATS ||
        s < 0 || s >= g->seats)
        return 0;
    if (g->how != COMP_PLAYED && g->how != COMP_FORFEIT)
        return 0;
    int sides = side_count(g, side);
    if (sides < 2)
        return 0;

    int n = 0;
    for (int j = 0; j < g->seats; j++) {
        if (side_of(side, j) == side_of(side, s))
            continue;
        /*
         * Each other side is worth 1/(sides-1) of a game, shared among
         * its seats, so the seat's results add up to one game whatever
         * the table's size.
         */
        out[n].opponent_seat = j;
        out[n].score = g->place[s] < g->place[j]   ? 1
                       : g->place[s] == g->place[j] ? 0.5
                                                    : 0;
        out[n].weight = 1.0 / ((sides - 1) * side_size(g, side, j));
        n++;
    }
    return n;
}
