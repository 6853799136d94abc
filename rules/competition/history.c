/*
 * history.c - scores, seats and meetings from an event's games so far.
 */
#include "history.h"

#include <stdlib.h>

/* Scores closer than this are equal: sums of halves are exact anyway. */
#define SCORE_EPS 1e-9

void *history_calloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (!p)
        abort();
    return p;
}

static bool seated(int n, const struct comp_game *g)
{
    if (g->seats < 1 || g->seats > COMP_MAX_SEATS)
        return false;
    for (int s = 0; s < g->seats; s++)
        if (g->entrant[s] < 0 || g->entrant[s] >= n)
            return false;
    return true;
}

static bool is_bye(const struct comp_game *g)
{
    return g->seats == 1 || g->how == COMP_BYE;
}

static void note_colour(struct history_entrant *x, int round, int seat)
{
    x->colour_diff += seat == 0 ? 1 : -1;
    if (round >= x->last_round[0]) {
        x->last_round[1] = x->last_round[0];
        x->last_seat[1] = x->last_seat[0];
        x->last_round[0] = round;
        x->last_seat[0] = seat;
    } else if (round >= x->last_round[1]) {
        x->last_round[1] = round;
        x->last_seat[1] = seat;
    }
}

void history_read(struct history *h, int n, const struct comp_game *hist,
                  int nh, const struct comp_points *p)
{
    struct history_entrant *e = history_calloc((size_t)n, sizeof *e);

    for (int i = 0; i < n; i++) {
        e[i].last_round[0] = e[i].last_round[1] = -1;
        e[i].last_seat[0] = e[i].last_seat[1] = -1;
    }
    for (int k = 0; k < nh; k++) {
        const struct comp_game *g = &hist[k];
        if (!seated(n, g))
            continue;
        for (int s = 0; s < g->seats; s++)
            e[g->entrant[s]].score += comp_game_points(p, g, s);
        if (is_bye(g)) {
            e[g->entrant[0]].byes++;
            continue;
        }
        for (int s = 0; s < g->seats; s++)
            e[g->entrant[s]].opp_count += g->seats - 1;
        if (g->how == COMP_FORFEIT)
            continue;
        e[g->entrant[0]].first_seats++;
        if (g->seats == 2) {
            note_colour(&e[g->entrant[0]], g->round, 0);
            note_colour(&e[g->entrant[1]], g->round, 1);
        }
    }
    int total = 0;
    for (int i = 0; i < n; i++) {
        e[i].opp_first = total;
        total += e[i].opp_count;
        e[i].opp_count = 0;
    }
    int *opp = history_calloc((size_t)total, sizeof *opp);
    for (int k = 0; k < nh; k++) {
        const struct comp_game *g = &hist[k];
        if (!seated(n, g) || is_bye(g))
            continue;
        for (int s = 0; s < g->seats; s++)
            for (int t = 0; t < g->seats; t++) {
                struct history_entrant *x = &e[g->entrant[s]];
                if (s != t)
                    opp[x->opp_first + x->opp_count++] = g->entrant[t];
            }
    }
    *h = (struct history){.n = n, .e = e, .opp = opp};
}

void history_free(struct history *h)
{
    free(h->e);
    free(h->opp);
    h->e = NULL;
    h->opp = NULL;
}

bool history_met(const struct history *h, int a, int b)
{
    const struct history_entrant *x = &h->e[a];
    if (h->e[b].opp_count < x->opp_count) {
        x = &h->e[b];
        b = a;
    }
    for (int i = 0; i < x->opp_count; i++)
        if (h->opp[x->opp_first + i] == b)
            return true;
    return false;
}

bool history_level(const struct history *h, int a, int b)
{
    double d = h->e[a].score - h->e[b].score;
    return d < SCORE_EPS && d > -SCORE_EPS;
}

/*
 * A merge sort rather than qsort: the comparison needs the scores, and
 * qsort could only reach them through a global.
 */
static void sort_ranking(int *v, int m, const struct history_entrant *e,
                         int *tmp)
{
    if (m < 2)
        return;
    int half = m / 2;
    sort_ranking(v, half, e, tmp);
    sort_ranking(v + half, m - half, e, tmp);
    int i = 0, j = half, o = 0;
    while (i < half && j < m) {
        double si = e[v[i]].score, sj = e[v[j]].score;
        bool right_first = sj > si + SCORE_EPS ||
                           (sj > si - SCORE_EPS && v[j] < v[i]);
        tmp[o++] = right_first ? v[j++] : v[i++];
    }
    while (i < half)
        tmp[o++] = v[i++];
    while (j < m)
        tmp[o++] = v[j++];
    for (int x = 0; x < m; x++)
        v[x] = tmp[x];
}

int history_rank(const struct history *h, const bool *active, int *out)
{
    int m = 0;
    for (int i = 0; i < h->n; i++)
        if (active[i])
            out[m++] = i;
    int *tmp = history_calloc((size_t)m, sizeof *tmp);
    sort_ranking(out, m, h->e, tmp);
    free(tmp);
    return m;
}
