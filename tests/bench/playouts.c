/*
 * playouts.c - random games through the rules engines alone: how many
 * whole games and moves per second one core plays, without HTTP, SQL or
 * JSON text. A figure, not a test; tests/bench/run.sh prints it.
 *
 *   turnpost-playouts [--ruleset steam|ironfuture] [--games N] [--seed N]
 *
 * Each move is what a bot playing through the API makes an engine do:
 * status() for who must act, legal_moves() for that seat, one listed move
 * picked uniformly at random (a shape - Steam's build and redirect options,
 * bid range, urbanize and grow values - made concrete with random values
 * from it, the lowest bid), then apply(). Steam games cycle through 3 to 6
 * players; Iron Future is for two. The games, and so the figures' work,
 * depend only on --seed. Rates are per second of this process's CPU time,
 * so other load on the machine moves them less than wall time would.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "engine.h"
#include "rng.h"

#define MAX_MOVES 20000         /* a game longer than this is an error */

struct tally {
    long games, moves, unfinished;
};

static uint32_t any(struct rng *r, size_t n)
{
    return n ? rng_uniform(r, (uint32_t)n) : 0;
}

/* A random element of the JSON array a (borrowed); NULL when empty. */
static json_t *any_of(struct rng *r, json_t *a)
{
    return json_array_get(a, any(r, json_array_size(a)));
}

/* The move to send for listed move m: m itself, or a concrete move from
 * its shape. New reference. */
static json_t *concrete(json_t *m, struct rng *r)
{
    const char *type = json_string_value(json_object_get(m, "type"));
    json_t *out, *opt, *tile, *v;
    const char *key;

    if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
        opt = any_of(r, json_object_get(m, "options"));
        tile = any_of(r, json_object_get(opt, "tiles"));
        return json_pack("{s:s, s:O, s:O, s:O}", "type", type,
                         "hex", json_object_get(opt, "hex"),
                         "tile", json_object_get(tile, "tile"),
                         "rotation", any_of(r, json_object_get(tile, "rotations")));
    }
    if (!strcmp(type, "bid"))
        return json_pack("{s:s, s:O}", "type", type, "amount",
                         json_object_get(json_object_get(m, "amount"), "min"));
    if (strcmp(type, "urbanize") && strcmp(type, "grow"))
        return json_incref(m);
    /* Any value of each field; an empty list means leave the field out. */
    out = json_object();
    json_object_foreach(m, key, v) {
        if (!json_is_array(v))
            json_object_set(out, key, v);
        else if (json_array_size(v))
            json_object_set(out, key, any_of(r, v));
    }
    return out;
}

/* Plays game number i of ruleset eng with seats players; adds to t.
 * Returns 0, or -1 when the engine refused a listed move. */
static int play(const struct rules_engine *eng, int seats, uint64_t seed,
                long i, struct tally *t)
{
    unsigned char key[RNG_KEY_BYTES] = {0};
    struct rng game, pick;
    struct rules_error err;
    struct rules_status st;
    json_t *state = NULL, *events = NULL;
    long moves = 0;
    int rc = 0;

    memcpy(key, &seed, sizeof seed);
    memcpy(key + 8, &i, sizeof i);
    rng_init(&game, key, 0);
    key[31] = 1;
    rng_init(&pick, key, 0);
    if (eng->setup(NULL, seats, &game, &state, &events, &err)) {
        fprintf(stderr, "playouts: %s setup: %s\n", eng->id, err.message);
        return -1;
    }
    json_decref(events);
    while (eng->status(state, &st) == 0 && !st.finished && moves < MAX_MOVES) {
        int seat = __builtin_ctz(st.must_act);
        json_t *list = eng->legal_moves(state, seat), *move;

        move = concrete(any_of(&pick, json_object_get(list, "moves")), &pick);
        events = NULL;
        if (eng->apply(&state, seat, move, &game, &events, &err)) {
            fprintf(stderr, "playouts: %s game %ld refused a listed move: %s\n",
                    eng->id, i, err.message);
            rc = -1;
        }
        json_decref(events);
        json_decref(move);
        json_decref(list);
        if (rc)
            break;
        moves++;
    }
    t->games++;
    t->moves += moves;
    t->unfinished += !st.finished;
    json_decref(state);
    return rc;
}

static double cpu_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run(const char *id, long games, uint64_t seed)
{
    const struct rules_engine *eng = rules_engine_find(id);
    struct tally t = {0, 0, 0};
    double t0, secs;

    if (!eng) {
        fprintf(stderr, "playouts: no ruleset %s\n", id);
        return -1;
    }
    t0 = cpu_seconds();
    for (long i = 0; i < games; i++) {
        int seats = eng->min_seats + (int)(i % (eng->max_seats - eng->min_seats + 1));

        if (play(eng, seats, seed, i, &t))
            return -1;
    }
    secs = cpu_seconds() - t0;
    if (secs <= 0)
        secs = 1e-9;
    printf("playouts %-10s %ld games (%d-%d seats), %ld moves in %.2f s CPU: "
           "%.1f games/s, %.0f moves/s\n", id, t.games, eng->min_seats,
           eng->max_seats, t.moves, secs, (double)t.games / secs,
           (double)t.moves / secs);
    if (t.unfinished) {
        fprintf(stderr, "playouts: %ld %s games unfinished after %d moves\n",
                t.unfinished, id, MAX_MOVES);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const char *const all[] = {"steam", "ironfuture", NULL};
    const char *only = NULL;
    long games = 200;
    uint64_t seed = 1;
    int rc = 0, known = 0;

    for (int i = 1; i < argc; i += 2) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;

        if (!strcmp(argv[i], "--ruleset") && val) {
            only = val;
        } else if (!strcmp(argv[i], "--games") && val && atol(val) > 0) {
            games = atol(val);
        } else if (!strcmp(argv[i], "--seed") && val) {
            seed = strtoull(val, NULL, 10);
        } else {
            fprintf(stderr, "usage: turnpost-playouts [--ruleset steam|ironfuture] "
                            "[--games N] [--seed N]\n");
            return 2;
        }
    }
    for (int k = 0; all[k]; k++)
        if (!only || !strcmp(only, all[k])) {
            known = 1;
            rc |= run(all[k], games, seed);
        }
    if (!known) {
        fprintf(stderr, "playouts: no ruleset %s\n", only);
        return 2;
    }
    return rc ? 1 : 0;
}
