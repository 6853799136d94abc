/*
 * fuzz_ironfuture_move.c - libFuzzer target for Iron Future's apply().
 *
 * Deals a game with a fixed key, plays a few deterministic legal moves
 * (how many depends on the input, so the fuzzer reaches allocation,
 * supports and the acquisition phase), then offers the input, parsed as
 * JSON, as a move for each seat and for seats that do not exist.
 * apply must either refuse with a filled rules_error and the state
 * untouched, or leave a state that loads, round-trips and can be viewed.
 * Any breach aborts; ASan and LSan catch the rest.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "ironfuture/game.h"
#include "rng.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_ironfuture_move: %s\n", what);
        abort();
    }
}

/* A state the engine accepted must be whole and viewable. */
static void check_state_sound(const struct rules_engine *eng, json_t *st)
{
    struct if_game g;
    struct rules_error err;
    struct rules_status s;
    json_t *again;

    require(ironfuture_game_load(&g, st, &err) == 0, "accepted state does not load");
    again = ironfuture_game_dump(&g);
    require(json_equal(again, st), "state does not round-trip");
    json_decref(again);
    require(eng->status(st, &s) == 0, "status refuses the state");
    require(s.finished || s.must_act != 0, "nobody must act in an unfinished game");
    for (int seat = -1; seat < 2; seat++) {
        json_t *v = eng->view(st, seat), *m = eng->legal_moves(st, seat);

        require(v && !json_object_get(v, "error"), "view fails");
        require(m && json_is_array(json_object_get(m, "moves")), "legal_moves fails");
        json_decref(v);
        json_decref(m);
    }
}

#define PREFIXES 96

/*
 * The game after 0..PREFIXES-1 deterministic legal moves, dealt once:
 * apply() never changes the state it is given, so they can be shared.
 * They stay reachable from here, so LeakSanitizer does not count them.
 */
static json_t *prefix_state[PREFIXES];
static struct rng prefix_rng[PREFIXES];

static void deal_prefixes(const struct rules_engine *eng)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    struct rng rng;
    json_t *st = NULL, *ev = NULL;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + 5);
    rng_init(&rng, key, 0);
    require(eng->setup(NULL, 2, &rng, &st, &ev, &err) == 0, "setup fails");
    json_decref(ev);
    for (unsigned step = 0; step < PREFIXES; step++) {
        struct rules_status s;
        json_t *list, *m;
        int seat;

        prefix_state[step] = json_incref(st);
        prefix_rng[step] = rng;
        require(eng->status(st, &s) == 0, "status fails");
        if (s.finished)
            continue;
        seat = s.must_act & 1 ? 0 : 1;
        list = eng->legal_moves(st, seat);
        m = json_array_get(json_object_get(list, "moves"),
                           (step * 7 + 3) % json_array_size(json_object_get(list, "moves")));
        ev = NULL;
        require(eng->apply(&st, seat, m, &rng, &ev, &err) == 0, "a legal move is refused");
        json_decref(ev);
        json_decref(list);
    }
    json_decref(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int seats[] = {0, 1, -1, 2};
    const struct rules_engine *eng = rules_engine_find("ironfuture");
    struct rules_error err;
    json_t *st, *ev, *move;
    unsigned prefix = 0;

    require(eng != NULL, "no engine");
    if (!prefix_state[0])
        deal_prefixes(eng);
    /* Which position the move meets depends on the input's bytes. */
    for (size_t i = 0; i < size; i++)
        prefix += data[i];
    prefix %= PREFIXES;
    st = prefix_state[prefix];
    move = json_loadb((const char *)data, size, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
    for (size_t k = 0; k < sizeof seats / sizeof seats[0]; k++) {
        json_t *copy = json_incref(st);
        char *before = json_dumps(st, JSON_COMPACT | JSON_SORT_KEYS), *after;
        struct rng r = prefix_rng[prefix];
        int rc;

        ev = NULL;
        memset(&err, 0, sizeof err);
        rc = eng->apply(&copy, seats[k], move, &r, &ev, &err);
        if (rc != 0) {
            require(rc == -1, "apply returns neither 0 nor -1");
            require(err.code[0] && err.message[0] && err.rule[0], "refusal without an error");
            require(copy == st && ev == NULL, "refusal replaced the state");
            after = json_dumps(st, JSON_COMPACT | JSON_SORT_KEYS);
            require(strcmp(before, after) == 0, "refusal changed the state");
            free(after);
        } else {
            require(seats[k] == 0 || seats[k] == 1, "a seat that does not exist moved");
            require(json_is_array(ev), "no events");
            check_state_sound(eng, copy);
        }
        free(before);
        json_decref(ev);
        json_decref(copy);
    }
    json_decref(move);
    return 0;
}
