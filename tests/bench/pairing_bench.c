/*
 * pairing_bench.c - how long the competition modules take on large
 * events: a Swiss round of 1,000 and of 10,000 entrants, in round 1 and
 * in round 5 after four rounds of random results, a round of tables, and
 * the standings after those rounds. A figure, not a test.
 *
 *   turnpost-pairing-bench [--repeat N] [--seed N]
 *
 * Each figure is the fastest of N runs (default 5) in milliseconds of
 * this process's CPU time, so other load on the machine moves it less.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "competition/swiss.h"
#include "competition/tables.h"
#include "splitmix.h"
#if __has_include("competition/standings.h")
#include "competition/standings.h"
#define HAVE_STANDINGS 1
#endif

#ifndef ROUNDS_BEFORE
#define ROUNDS_BEFORE 4
#endif

static struct splitmix rng = {1};

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Wins, draws and losses at random, seat 0 a little likelier to win. */
static void finish(struct comp_game *g)
{
    g->done = true;
    if (g->seats == 1)
        return;
    int r = splitmix_below(&rng, 10);
    g->place[0] = r < 6 ? 1 : 2;
    g->place[1] = r < 4 ? 2 : 1;
}

struct event {
    int n;
    bool *active;
    struct comp_game *games;
    int ng;
    struct comp_points pts;
};

static double time_swiss_round(struct event *ev, int round, int repeat,
                               struct comp_game *out, int *count)
{
    double best = -1;
    for (int k = 0; k < repeat; k++) {
        double t0 = cpu_ms();
        *count = swiss_pair(ev->n, ev->active, ev->games, ev->ng, &ev->pts,
                            round, out);
        double t = cpu_ms() - t0;
        if (best < 0 || t < best)
            best = t;
    }
    return best;
}

static void bench_size(int n, int repeat)
{
    struct event ev = {.n = n};
    struct comp_game *out = calloc((size_t)n / 2 + 1, sizeof *out);
    ev.active = calloc((size_t)n, sizeof *ev.active);
    ev.games = calloc((size_t)(ROUNDS_BEFORE + 1) * (n / 2 + 1),
                      sizeof *ev.games);
    if (!out || !ev.active || !ev.games) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    comp_points_chess(&ev.pts);
    for (int i = 0; i < n; i++)
        ev.active[i] = true;

    int count = 0;
    for (int r = 0; r <= ROUNDS_BEFORE; r++) {
        double ms = time_swiss_round(&ev, r, repeat, out, &count);
        if (count < 0) {
            printf("swiss n=%d round %d: no pairing\n", n, r + 1);
            break;
        }
        if (r == 0 || r == ROUNDS_BEFORE)
            printf("swiss_pair       n=%-6d round %d  %9.3f ms  (%d games)\n",
                   n, r + 1, ms, count);
        for (int k = 0; k < count; k++) {
            finish(&out[k]);
            ev.games[ev.ng++] = out[k];
        }
    }

    struct comp_game *tables = calloc((size_t)n / 3 + 1, sizeof *tables);
    double best = -1;
    for (int k = 0; k < repeat && tables; k++) {
        double t0 = cpu_ms();
        count = tables_pair(n, ev.active, ev.games, ev.ng, &ev.pts,
                            ROUNDS_BEFORE + 1, 3, 6, tables);
        double t = cpu_ms() - t0;
        if (best < 0 || t < best)
            best = t;
    }
    printf("tables_pair      n=%-6d 3-6 seats %6.3f ms  (%d tables)\n", n,
           best, count);
    free(tables);

#ifdef HAVE_STANDINGS
    struct standing *st = calloc((size_t)n, sizeof *st);
    enum tiebreak order[] = {TB_BUCHHOLZ, TB_SONNEBORN_BERGER, TB_WINS};
    best = -1;
    for (int k = 0; k < repeat && st; k++) {
        double t0 = cpu_ms();
        standings_compute(n, ev.games, ev.ng, &ev.pts, order, 3, st);
        double t = cpu_ms() - t0;
        if (best < 0 || t < best)
            best = t;
    }
    printf("standings        n=%-6d %d games %7.3f ms\n", n, ev.ng, best);
    free(st);
#endif
    free(out);
    free(ev.active);
    free(ev.games);
}

int main(int argc, char **argv)
{
    int repeat = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
            repeat = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            rng.state = strtoull(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "usage: %s [--repeat N] [--seed N]\n", argv[0]);
            return 2;
        }
    }
    if (repeat < 1)
        repeat = 1;
    bench_size(1000, repeat);
    bench_size(10000, repeat);
    return 0;
}
