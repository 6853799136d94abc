/*
 * fuzz_text_move.c - libFuzzer target for the engines' chat notation.
 *
 * Each input is a line typed in a chat, read by every engine that has a
 * notation (text_parse) for a seat of a freshly dealt game (its first byte
 * picks the engine, the seat and the deal). It must not crash; when it
 * names a move, that move written back (text_move) must read as the same
 * move, and an unreadable line must say so with the stable code.
 * Seeds: tests/fuzz/corpus/fuzz_text_move/ (lines of both notations).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine.h"
#include "rng.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *text)
{
    fprintf(stderr, "fuzz_text_move: %s: %s\n", what, text);
    abort();
}

/* A dealt game of engine e for seats players, the deal chosen by deal. */
static json_t *deal(const struct rules_engine *e, int seats, unsigned deal)
{
    unsigned char key[RNG_KEY_BYTES] = {0};
    struct rules_error err = {0};
    json_t *state = NULL, *events = NULL;
    struct rng rng;

    key[0] = (unsigned char)deal;
    rng_init(&rng, key, 0);
    if (e->setup(NULL, seats, &rng, &state, &events, &err))
        return NULL;
    json_decref(events);
    return state;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct rules_engine *e;
    struct rules_error err = {0};
    json_t *state, *move, *again;
    char *text, *written;
    int seats, seat;

    if (size < 1 || size > 512)
        return 0;
    e = rules_engine_at(data[0] % rules_engine_count());
    if (!e->text_parse || !e->text_move)
        return 0;
    seats = e->min_seats + (data[0] >> 4) % (e->max_seats - e->min_seats + 1);
    seat = (data[0] >> 2) % seats;
    if (!(state = deal(e, seats, data[0])))
        return 0;
    text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    move = e->text_parse(state, seat, text, &err);
    if (!move) {
        if (strcmp(err.code, "unreadable_move") != 0)
            fail("refused without unreadable_move", text);
    } else {
        if (!(written = e->text_move(move)))
            fail("a move read cannot be written", text);
        memset(&err, 0, sizeof err);
        again = e->text_parse(state, seat, written, &err);
        if (!again || !json_equal(again, move))
            fail("a move read, written and read again changed", written);
        json_decref(again);
        free(written);
        json_decref(move);
    }
    free(text);
    json_decref(state);
    return 0;
}
