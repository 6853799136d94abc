/*
 * ironfuture_games.h - whole Iron Future games for the unit tests, dealt
 * from a real setup and played to the end by random legal moves, for the
 * tests of the chat notation and of the pictures. Before including it a
 * test defines eng (the engine), MAX_STEPS (moves a game may take) and
 * GAME_KEY(n, i), byte i of game n's key (each test deals its own games).
 */
#ifndef TURNPOST_TESTS_IRONFUTURE_GAMES_H
#define TURNPOST_TESTS_IRONFUTURE_GAMES_H

#include <jansson.h>

#include "check.h"
#include "engine.h"
#include "rng.h"

typedef void position_fn(json_t *st);

static unsigned long long pick_state;

static unsigned pick(unsigned n)
{
    pick_state ^= pick_state << 13;
    pick_state ^= pick_state >> 7;
    pick_state ^= pick_state << 17;
    return (unsigned)(pick_state % n);
}

static json_t *moves_of(json_t *st, int seat)
{
    json_t *o = eng->legal_moves(st, seat), *m = json_incref(json_object_get(o, "moves"));

    json_decref(o);
    return m;
}

/*
 * Deals game n and plays it to the end, the seat that must act choosing
 * uniformly among its legal moves; fn sees every position, the final one
 * included. Every move must be accepted and the game must end.
 */
static void play_game(int n, position_fn *fn)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rng stream;
    struct rules_error err;
    struct rules_status s = {0};
    json_t *st = NULL, *ev = NULL, *opt = NULL;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)GAME_KEY(n, i);
    rng_init(&stream, key, 0);
    pick_state = 0x9e3779b97f4a7c15ULL ^ (unsigned long long)(n + 1) * 0x2545f4914f6cdd1dULL;
    if (n % 6 == 5)
        opt = json_pack("{s:i}", "first_player_chooser", n % 2);
    else if (n % 6 == 4)
        opt = json_pack("{s:i}", "rounds_to_win", 1 + n % 5);
    if (!CHECK_EQ_INT(eng->setup(opt, 2, &stream, &st, &ev, &err), 0)) {
        fprintf(stderr, "  setup: %s %s\n", err.code, err.message);
        json_decref(opt);
        return;
    }
    json_decref(opt);
    json_decref(ev);
    for (int k = 0; k < MAX_STEPS; k++) {
        json_t *list, *m;
        int seat;

        fn(st);
        if (!CHECK_EQ_INT(eng->status(st, &s), 0) || s.finished)
            break;
        seat = s.must_act & 1u ? 0 : 1;
        list = moves_of(st, seat);
        if (!CHECK(json_array_size(list) > 0)) {
            json_decref(list);
            break;
        }
        m = json_array_get(list, pick((unsigned)json_array_size(list)));
        if (!CHECK_EQ_INT(eng->apply(&st, seat, m, &stream, &ev, &err), 0))
            fprintf(stderr, "  game %d refused: %s %s\n", n, err.code, err.message);
        else
            json_decref(ev);
        json_decref(list);
    }
    CHECK(s.finished);
    json_decref(st);
}

static json_t *seat_zone(json_t *st, int s, const char *z)
{
    return json_object_get(json_array_get(json_object_get(st, "seats"), (size_t)s), z);
}

#endif
