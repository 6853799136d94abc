/*
 * hs_engine_playouts.c - Heavy Steam's engine alone, below its JSON
 * interface: whole random games on struct hs_game with hs_round_apply and
 * hs_round_moves (no state stored or loaded between moves), by the unit
 * tests' random player (tests/unit/heavysteam_round_fixture.h) in its
 * aggressive form (every attack, the longest moves), which ends games by
 * destruction as players do. Prints games and moves per second of one
 * core; turnpost-playouts measures the same games through the engine
 * interface the service uses.
 *
 *   turnpost-hs-engine [--games N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "heavysteam_round_fixture.h"

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long games = 400, moves = 0, over = 0;
    double start, took;

    for (int i = 1; i + 1 < argc; i += 2)
        if (strcmp(argv[i], "--games") == 0)
            games = strtol(argv[i + 1], NULL, 10);
    if (!hs_catalog_get()->ok || games < 1) {
        fprintf(stderr, "usage: turnpost-hs-engine [--games N]\n");
        return 2;
    }
    start = now();
    for (long k = 1; k <= games; k++) {
        struct hs_game *g = round_game((int)k, k % 2 ? NULL : "light");

        heat_bias = 1;
        for (int step = 0; step < 20000 && g->stage == HS_STAGE_ROUND; step++, moves++)
            if (random_move(g, NULL) < 0)
                break;
        over += g->stage == HS_STAGE_OVER;
        free(g);
    }
    took = now() - start;
    printf("heavysteam (struct, aggressive random player): %ld games (%ld ended), "
           "%ld moves, %.2f s: %.1f games/s, %.0f moves/s\n",
           games, over, moves, took, (double)games / took, (double)moves / took);
    return check_summary();
}
