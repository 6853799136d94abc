/*
 * tables.c - score-ordered tables for games of three or more seats.
 *
 * The active entrants, ranked by score then seed, are cut into the
 * fewest tables that fit max_seats, as equal as possible, the larger
 * tables first. Then each boundary between neighbouring tables, top
 * first, may exchange one entrant of the two lowest of the upper table
 * for one of the two highest of the lower table, when that strictly
 * lowers the number of pairs at the two tables who have met before. An
 * entrant takes part in at most one exchange, so it sits at its
 * score-order table or the next one, at most three places from its rank.
 * Seat 0 goes to whoever has had it least, ties by rank.
 */
#include "tables.h"

#include <stdlib.h>

#include "history.h"

static bool valid_bounds(int min_seats, int max_seats)
{
    return min_seats >= 2 && min_seats <= max_seats &&
           max_seats <= COMP_MAX_SEATS;
}

bool tables_possible(int m, int min_seats, int max_seats)
{
    if (m < 0 || !valid_bounds(min_seats, max_seats))
        return false;
    int fewest = (m + max_seats - 1) / max_seats;
    /* more tables only make the smallest one smaller */
    return (long)fewest * min_seats <= m;
}

/* Pairs among seat[0..size) who have met before. */
static int repeats(const struct history *h, const int *seat, int size)
{
    int count = 0;
    for (int i = 0; i < size; i++)
        for (int j = i + 1; j < size; j++)
            count += history_met(h, seat[i], seat[j]);
    return count;
}

struct table {
    int first; /* into the ranking, before any exchange */
    int size;
    int seat[COMP_MAX_SEATS];
};

/*
 * The best exchange across the boundary of tables a and b (a above):
 * the one lowering their repeats most, then the one between the closest
 * ranks. moved[] marks ranking positions already exchanged.
 */
static void exchange_across(const struct history *h, struct table *a,
                            struct table *b, const int *ranking, bool *moved)
{
    int before = repeats(h, a->seat, a->size) + repeats(h, b->seat, b->size);
    int best_gain = 0, best_x = -1, best_y = -1, best_gap = 0;

    for (int x = a->size - 1; x >= 0 && x >= a->size - 2; x--) {
        for (int y = 0; y < b->size && y < 2; y++) {
            int px = a->first + x, py = b->first + y;
            if (moved[px] || moved[py])
                continue;
            int ta[COMP_MAX_SEATS], tb[COMP_MAX_SEATS];
            for (int i = 0; i < a->size; i++)
                ta[i] = a->seat[i];
            for (int i = 0; i < b->size; i++)
                tb[i] = b->seat[i];
            ta[x] = ranking[py];
            tb[y] = ranking[px];
            int gain = before - repeats(h, ta, a->size) -
                       repeats(h, tb, b->size);
            int gap = py - px;
            if (gain > best_gain || (gain == best_gain && gain > 0 &&
                                     gap < best_gap)) {
                best_gain = gain;
                best_x = x;
                best_y = y;
                best_gap = gap;
            }
        }
    }
    if (best_x < 0)
        return;
    int t = a->seat[best_x];
    a->seat[best_x] = b->seat[best_y];
    b->seat[best_y] = t;
    moved[a->first + best_x] = moved[b->first + best_y] = true;
}

/* Seat 0 to the one who has had it least; the rest keep rank order. */
static void order_seats(const struct history *h, struct table *t,
                        const int *rank_of)
{
    for (int i = 1; i < t->size; i++) {
        int x = t->seat[i], j = i;
        while (j > 0) {
            int y = t->seat[j - 1];
            int fx = h->e[x].first_seats, fy = h->e[y].first_seats;
            if (fy < fx || (fy == fx && rank_of[y] < rank_of[x]))
                break;
            t->seat[j] = y;
            j--;
        }
        t->seat[j] = x;
    }
}

int tables_pair(int n, const bool *active, const struct comp_game *hist, int nh,
                const struct comp_points *p, int round, int min_seats,
                int max_seats, struct comp_game *out)
{
    if (n < 0 || nh < 0 || !valid_bounds(min_seats, max_seats) ||
        (n > 0 && (!active || !out || !p)) || (nh > 0 && !hist))
        return -1;

    struct history h;
    history_read(&h, n, hist, nh, p);
    int *ranking = history_calloc((size_t)n, sizeof *ranking);
    int *rank_of = history_calloc((size_t)n, sizeof *rank_of);
    bool *moved = history_calloc((size_t)n, sizeof *moved);
    int m = history_rank(&h, active, ranking);
    int count = -1;

    if (!tables_possible(m, min_seats, max_seats))
        goto out;
    count = m == 0 ? 0 : (m + max_seats - 1) / max_seats;
    struct table *t = history_calloc((size_t)count, sizeof *t);
    for (int i = 0; i < m; i++)
        rank_of[ranking[i]] = i;
    for (int k = 0, first = 0; k < count; k++) {
        t[k].first = first;
        t[k].size = m / count + (k < m % count);
        for (int s = 0; s < t[k].size; s++)
            t[k].seat[s] = ranking[first + s];
        first += t[k].size;
    }
    for (int k = 0; k + 1 < count; k++)
        exchange_across(&h, &t[k], &t[k + 1], ranking, moved);
    for (int k = 0; k < count; k++) {
        order_seats(&h, &t[k], rank_of);
        struct comp_game g = {.round = round, .seats = t[k].size,
                              .how = COMP_PLAYED};
        for (int s = 0; s < COMP_MAX_SEATS; s++)
            g.entrant[s] = s < t[k].size ? t[k].seat[s] : COMP_NONE;
        out[k] = g;
    }
    free(t);
out:
    free(moved);
    free(rank_of);
    free(ranking);
    history_free(&h);
    return count;
}
