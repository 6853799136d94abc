/*
 * test_tables_property.c - random events of tables played round by round.
 *
 * Recounted here from the raw games: -1 exactly when no number of tables
 * of min..max seats holds the active count; otherwise every active
 * entrant seated once and no withdrawn one, the fewest tables that fit,
 * sizes within bounds, at most one apart and the larger first; each
 * entrant at its score-order table or a neighbouring one; and never more
 * repeated pairs than the plain cut by score would seat.
 */
#include <stdbool.h>

#include "check.h"
#include "competition/tables.h"
#include "splitmix.h"

#define EVENTS 2000
#define MAX_N 64
#define MAX_ROUNDS 8
#define MAX_GAMES (MAX_ROUNDS * MAX_N)

static struct splitmix rng;

struct event {
    int n;
    bool active[MAX_N];
    struct comp_game g[MAX_GAMES];
    int ng;
    bool met[MAX_N][MAX_N];
    double score[MAX_N];
};

static bool fits_some_count(int m, int min, int max)
{
    for (int t = 0; t <= m; t++)
        if (t * min <= m && m <= t * max)
            return true;
    return false;
}

/* The active entrants in score-then-seed order, by selection. */
static int score_order(const struct event *ev, int *order)
{
    int m = 0;
    for (int i = 0; i < ev->n; i++)
        if (ev->active[i])
            order[m++] = i;
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++) {
            int a = order[i], b = order[j];
            if (ev->score[b] > ev->score[a] + 1e-9 ||
                (ev->score[b] > ev->score[a] - 1e-9 && b < a)) {
                order[i] = b;
                order[j] = a;
            }
        }
    return m;
}

static int repeats_in(const struct event *ev, const int *who, int size)
{
    int count = 0;
    for (int i = 0; i < size; i++)
        for (int j = i + 1; j < size; j++)
            count += ev->met[who[i]][who[j]];
    return count;
}

static void check_tables(const struct event *ev, const struct comp_game *out,
                         int count, int min, int max)
{
    int order[MAX_N], table_of[MAX_N], times[MAX_N] = {0};
    int m = score_order(ev, order);
    int expect = (m + max - 1) / max;

    if (!CHECK_EQ_INT(count, expect))
        return;
    int got = 0, plain = 0;
    for (int k = 0, first = 0; k < count; k++) {
        const struct comp_game *g = &out[k];
        CHECK(g->seats >= min && g->seats <= max);
        CHECK(g->seats == m / count + (k < m % count));
        for (int s = 0; s < g->seats; s++) {
            int x = g->entrant[s];
            if (!CHECK(x >= 0 && x < ev->n))
                return;
            CHECK(ev->active[x]);
            times[x]++;
            table_of[x] = k;
        }
        got += repeats_in(ev, g->entrant, g->seats);
        plain += repeats_in(ev, order + first, g->seats);
        first += g->seats;
    }
    for (int i = 0; i < ev->n; i++)
        CHECK_EQ_INT(times[i], ev->active[i] ? 1 : 0);
    for (int r = 0, k = 0, left = count ? out[0].seats : 0; r < m; r++) {
        while (left == 0)
            left = out[++k].seats;
        int d = table_of[order[r]] - k;
        CHECK(d >= -1 && d <= 1);
        left--;
    }
    CHECK(got <= plain);
}

static void record(struct event *ev, struct comp_game *g)
{
    int places[COMP_MAX_SEATS];
    /* no ties: a random order of finish */
    for (int s = 0; s < g->seats; s++) {
        int t = splitmix_below(&rng, s + 1);
        places[s] = places[t];
        places[t] = s + 1;
    }
    g->done = true;
    for (int s = 0; s < g->seats; s++) {
        g->place[s] = places[s];
        ev->score[g->entrant[s]] += places[s] == 1 ? 2 : places[s] == 2;
        for (int t = 0; t < g->seats; t++)
            if (t != s)
                ev->met[g->entrant[s]][g->entrant[t]] = true;
    }
    ev->g[ev->ng++] = *g;
}

static long events_impossible, tables_seated;

static void play_event(void)
{
    static struct event ev;
    struct comp_points pts;
    struct comp_game out[MAX_N];
    int min = 2 + splitmix_below(&rng, 5);
    int max = min + splitmix_below(&rng, COMP_MAX_SEATS - min + 1);

    comp_points_chess(&pts);
    for (int i = 0; i < COMP_MAX_SEATS; i++)
        pts.by_place[i] = 0;
    pts.by_place[0] = 2;
    pts.by_place[1] = 1;
    pts.win = 2; /* a table of two scores by place too */
    pts.loss = 1;
    ev = (struct event){.n = 1 + splitmix_below(&rng, MAX_N)};
    for (int i = 0; i < ev.n; i++)
        ev.active[i] = true;
    for (int r = 0; r < MAX_ROUNDS; r++) {
        for (int i = 0; i < ev.n; i++)
            if (r > 0 && ev.active[i] && splitmix_below(&rng, 100) < 5)
                ev.active[i] = false;
        int m = 0;
        for (int i = 0; i < ev.n; i++)
            m += ev.active[i];
        int count = tables_pair(ev.n, ev.active, ev.g, ev.ng, &pts, r, min,
                                max, out);
        CHECK_EQ_INT(tables_possible(m, min, max), fits_some_count(m, min, max));
        if (count < 0) {
            events_impossible++;
            CHECK(!fits_some_count(m, min, max));
            return;
        }
        check_tables(&ev, out, count, min, max);
        tables_seated += count;
        for (int k = 0; k < count; k++)
            record(&ev, &out[k]);
    }
}

static void test_random_events_keep_the_table_rules(void)
{
    rng = (struct splitmix){20261203};
    for (int e = 0; e < EVENTS; e++)
        play_event();
    printf("  %ld tables seated, %ld events stopped on an impossible count\n",
           tables_seated, events_impossible);
}

int main(void)
{
    RUN(test_random_events_keep_the_table_rules);
    return check_summary();
}
