/*
 * standings.c - points, tie-breaks and ranks from an event's games.
 *
 * docs/standings.md is the rulebook this file follows: each tie-break's
 * definition, the virtual opponent that stands in for an unplayed game,
 * and how a table of more than two seats counts.
 */
#include "standings.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Median Buchholz drops this many at each end from this many rounds on */
#define MEDIAN_LONG_EVENT_ROUNDS 9
#define MEDIAN_MAX_DROP 2

static const char *const names[TB_COUNT] = {
    [TB_BUCHHOLZ] = "buchholz",
    [TB_MEDIAN_BUCHHOLZ] = "median_buchholz",
    [TB_SONNEBORN_BERGER] = "sonneborn_berger",
    [TB_HEAD_TO_HEAD] = "head_to_head",
    [TB_WINS] = "wins",
};

const char *tiebreak_name(enum tiebreak t)
{
    return (int)t >= 0 && t < TB_COUNT ? names[t] : NULL;
}

int tiebreak_parse(const char *name)
{
    for (int t = 0; name && t < TB_COUNT; t++)
        if (strcmp(name, names[t]) == 0)
            return t;
    return -1;
}

/* The standings are void-returning: a failed allocation cannot be
   reported, so it ends the process in this one place. */
static void *scratch(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (!p)
        abort();
    return p;
}

static bool valid_entrant(int n, int e)
{
    return e >= 0 && e < n;
}

static bool is_bye(const struct comp_game *g)
{
    return g->seats == 1 || g->how == COMP_BYE;
}

/* Seats 0..seats-1, clamped so a malformed count reads no further. */
static int seat_count(const struct comp_game *g)
{
    return g->seats < 1 ? 0 : g->seats > COMP_MAX_SEATS ? COMP_MAX_SEATS
                                                        : g->seats;
}

/* Seat s against seat t of the same table: 1 ahead, 1/2 level, 0 behind. */
static double pairwise_score(const struct comp_game *g, int s, int t)
{
    return g->place[s] < g->place[t] ? 1 : g->place[s] == g->place[t] ? 0.5
                                                                       : 0;
}

/* What seat s scores against seat t as if the two had met alone. */
static double pairwise_points(const struct comp_points *p,
                              const struct comp_game *g, int s, int t)
{
    bool forfeit = g->how == COMP_FORFEIT;

    if (g->place[s] < g->place[t])
        return forfeit ? p->forfeit_win : p->win;
    if (g->place[s] == g->place[t])
        return p->draw;
    return forfeit ? p->forfeit_loss : p->loss;
}

/* The result a bye is worth against its virtual opponent, by the points
   it gives: a full bye a win, a half-point bye a draw. */
static double bye_score(const struct comp_points *p)
{
    return p->bye >= p->win ? 1 : p->bye >= p->draw ? 0.5 : 0;
}

/* Keys compare on a grid of 1e-6 so that sums taken in another order
   (thirds of a shared place) still tie, and the order stays total. The
   rounding is done by hand: rules/ links no maths library. */
static long long key_of(double x)
{
    double scaled = x * 1e6;
    return (long long)(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
}

/* The k highest and k lowest of the opponents' points seen so far. */
struct extremes {
    double high[MEDIAN_MAX_DROP], low[MEDIAN_MAX_DROP];
    int seen;
};

static void extremes_add(struct extremes *x, double v)
{
    int kept = x->seen < MEDIAN_MAX_DROP ? x->seen : MEDIAN_MAX_DROP;
    int i;

    for (i = kept; i > 0 && x->high[i - 1] < v; i--)
        if (i < MEDIAN_MAX_DROP)
            x->high[i] = x->high[i - 1];
    if (i < MEDIAN_MAX_DROP)
        x->high[i] = v;
    for (i = kept; i > 0 && x->low[i - 1] > v; i--)
        if (i < MEDIAN_MAX_DROP)
            x->low[i] = x->low[i - 1];
    if (i < MEDIAN_MAX_DROP)
        x->low[i] = v;
    x->seen++;
}

static void opponent_met(struct standing *st, struct extremes *x,
                         double opponent_points, double score)
{
    st->tiebreak[TB_BUCHHOLZ] += opponent_points;
    st->tiebreak[TB_SONNEBORN_BERGER] += opponent_points * score;
    extremes_add(x, opponent_points);
}

/* Points and the counts of results: one pass over the games. */
static void count_results(int n, const struct comp_game *games, int ng,
                          const struct comp_points *p, struct standing *st)
{
    for (int i = 0; i < ng; i++) {
        const struct comp_game *g = &games[i];
        int seats = seat_count(g);

        for (int s = 0; g->done && s < seats; s++) {
            int e = g->entrant[s];
            if (!valid_entrant(n, e))
                continue;
            st[e].points += comp_game_points(p, g, s);
            if (is_bye(g)) {
                st[e].byes++;
                continue;
            }
            int better = 0, level = 0;
            for (int t = 0; t < seats; t++)
                if (t != s && g->place[t] < g->place[s])
                    better++;
                else if (t != s && g->place[t] == g->place[s])
                    level++;
            bool alone_first = better == 0 && level == 0;
            if (g->how == COMP_FORFEIT) {
                if (alone_first)
                    st[e].forfeits_won++;
                else
                    st[e].forfeits_lost++;
                continue;
            }
            st[e].played++;
            if (alone_first) {
                st[e].wins++;
                st[e].tiebreak[TB_WINS]++;
            } else if (better == 0) {
                st[e].draws++;
            } else {
                st[e].losses++;
            }
        }
    }
}

/* Buchholz, its median and Sonneborn-Berger, once every entrant's final
   points are known. An unplayed game meets a virtual opponent holding
   the entrant's own points: one for a bye, one per other seat for a
   forfeit, each weighted by the result that seat had. */
static void opponent_tiebreaks(int n, const struct comp_game *games, int ng,
                               const struct comp_points *p, struct standing *st)
{
    struct extremes *x = scratch((size_t)n, sizeof *x);
    int rounds = 0;

    for (int i = 0; i < ng; i++) {
        const struct comp_game *g = &games[i];
        int seats = seat_count(g);

        if (!g->done)
            continue;
        if (g->round >= rounds && g->round < INT_MAX)
            rounds = g->round + 1;
        for (int s = 0; s < seats; s++) {
            int e = g->entrant[s];
            if (!valid_entrant(n, e))
                continue;
            if (is_bye(g)) {
                opponent_met(&st[e], &x[e], st[e].points, bye_score(p));
                continue;
            }
            for (int t = 0; t < seats; t++) {
                int o = g->entrant[t];
                if (t == s || !valid_entrant(n, o))
                    continue;
                double met = g->how == COMP_FORFEIT ? st[e].points
                                                    : st[o].points;
                opponent_met(&st[e], &x[e], met, pairwise_score(g, s, t));
            }
        }
    }

    int drop = rounds >= MEDIAN_LONG_EVENT_ROUNDS ? MEDIAN_MAX_DROP : 1;
    for (int e = 0; e < n; e++) {
        double median = 0;
        if (x[e].seen > 2 * drop) {
            median = st[e].tiebreak[TB_BUCHHOLZ];
            for (int k = 0; k < drop; k++)
                median -= x[e].high[k] + x[e].low[k];
        }
        st[e].tiebreak[TB_MEDIAN_BUCHHOLZ] = median;
    }
    free(x);
}

/* Two entrants level on points seated at one finished game: lo and hi
   are the entrants, lo_seat and hi_seat their seats in games[game]. */
struct meeting {
    int lo, hi;
    int game, lo_seat, hi_seat;
};

static int meeting_cmp(const void *a, const void *b)
{
    const struct meeting *x = a, *y = b;

    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return (x->hi > y->hi) - (x->hi < y->hi);
}

/* Head-to-head: among the entrants level on points (group[e], -1 alone),
   the points each scored against the others, counted only for a group in
   which every pair met in a game played or forfeited. */
static void head_to_head(int n, const struct comp_game *games, int ng,
                         const struct comp_points *p, const int *group,
                         const int *group_size, struct standing *st)
{
    size_t cap = 0, used = 0;
    struct meeting *m;
    int *pairs_met = scratch((size_t)n, sizeof *pairs_met);

    for (int i = 0; i < ng; i++)
        if (games[i].done && !is_bye(&games[i]))
            cap += (size_t)seat_count(&games[i]) *
                   (size_t)(seat_count(&games[i]) - 1) / 2;
    m = scratch(cap, sizeof *m);
    for (int i = 0; i < ng; i++) {
        const struct comp_game *g = &games[i];
        int seats = seat_count(g);

        if (!g->done || is_bye(g))
            continue;
        for (int s = 0; s < seats; s++)
            for (int t = s + 1; t < seats; t++) {
                int a = g->entrant[s], b = g->entrant[t];
                if (!valid_entrant(n, a) || !valid_entrant(n, b) || a == b ||
                    group[a] < 0 || group[a] != group[b])
                    continue;
                m[used++] = a < b ? (struct meeting){a, b, i, s, t}
                                  : (struct meeting){b, a, i, t, s};
            }
    }
    qsort(m, used, sizeof *m, meeting_cmp);
    for (size_t i = 0; i < used; i++)
        if (i == 0 || meeting_cmp(&m[i], &m[i - 1]) != 0)
            pairs_met[group[m[i].lo]]++;

    for (size_t i = 0; i < used; i++) {
        const struct comp_game *g = &games[m[i].game];
        long long size = group_size[group[m[i].lo]];

        if (pairs_met[group[m[i].lo]] != size * (size - 1) / 2)
            continue;
        st[m[i].lo].tiebreak[TB_HEAD_TO_HEAD] +=
            pairwise_points(p, g, m[i].lo_seat, m[i].hi_seat);
        st[m[i].hi].tiebreak[TB_HEAD_TO_HEAD] +=
            pairwise_points(p, g, m[i].hi_seat, m[i].lo_seat);
    }
    free(m);
    free(pairs_met);
}

struct order_ctx {
    const enum tiebreak *order;
    int norder;
};

/* qsort has no context argument; the comparison reads it from here for
   the one sort in progress, which standings_compute sets and clears. */
static _Thread_local struct order_ctx sort_ctx;

static int compare_keys(const struct standing *x, const struct standing *y,
                        const struct order_ctx *c)
{
    long long a = key_of(x->points), b = key_of(y->points);

    if (a != b)
        return a > b ? -1 : 1;
    for (int k = 0; k < c->norder; k++) {
        enum tiebreak t = c->order[k];
        if ((int)t < 0 || t >= TB_COUNT)
            continue;
        a = key_of(x->tiebreak[t]);
        b = key_of(y->tiebreak[t]);
        if (a != b)
            return a > b ? -1 : 1;
    }
    return 0;
}

static int standing_cmp(const void *a, const void *b)
{
    const struct standing *x = a, *y = b;
    int c = compare_keys(x, y, &sort_ctx);

    return c ? c : (x->entrant > y->entrant) - (x->entrant < y->entrant);
}

static int points_cmp(const void *a, const void *b)
{
    const struct standing *x = a, *y = b;
    long long pa = key_of(x->points), pb = key_of(y->points);

    if (pa != pb)
        return pa > pb ? -1 : 1;
    return (x->entrant > y->entrant) - (x->entrant < y->entrant);
}

/* Groups of entrants level on points: group[e] numbers each group of two
   or more, -1 for an entrant alone on its points. */
static void point_groups(int n, const struct standing *st, int *group,
                         int *group_size)
{
    struct standing *sorted = scratch((size_t)n, sizeof *sorted);
    int groups = 0;

    memcpy(sorted, st, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, points_cmp);
    for (int i = 0; i < n;) {
        int j = i + 1;
        while (j < n && key_of(sorted[j].points) == key_of(sorted[i].points))
            j++;
        for (int k = i; k < j; k++)
            group[sorted[k].entrant] = j - i > 1 ? groups : -1;
        if (j - i > 1)
            group_size[groups++] = j - i;
        i = j;
    }
    free(sorted);
}

void standings_compute(int n, const struct comp_game *g, int ng,
                       const struct comp_points *p, const enum tiebreak *order,
                       int norder, struct standing *out)
{
    if (n <= 0 || !out || !p)
        return;
    if (!g || ng < 0)
        ng = 0;
    if (!order || norder < 0)
        norder = 0;
    for (int e = 0; e < n; e++)
        out[e] = (struct standing){.entrant = e};

    count_results(n, g, ng, p, out);
    opponent_tiebreaks(n, g, ng, p, out);

    int *group = scratch((size_t)n, sizeof *group);
    int *group_size = scratch((size_t)n, sizeof *group_size);
    point_groups(n, out, group, group_size);
    head_to_head(n, g, ng, p, group, group_size, out);
    free(group);
    free(group_size);

    sort_ctx = (struct order_ctx){order, norder};
    qsort(out, (size_t)n, sizeof *out, standing_cmp);
    for (int i = 0; i < n; i++)
        out[i].rank = i > 0 && compare_keys(&out[i], &out[i - 1],
                                            &sort_ctx) == 0
                          ? out[i - 1].rank
                          : i + 1;
    sort_ctx = (struct order_ctx){0};
}
