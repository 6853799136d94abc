#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "engine.h"

static int fail(char *why, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    return -1;
}

/* Compares what the replay produced with what the export says. */
static int same(const char *what, long long seq, json_t *events,
                const json_t *want_events, uint64_t pos, const json_t *want_pos,
                char *why, size_t n)
{
    if (!json_equal(events, (json_t *)want_events))
        return fail(why, n, "%s %lld: the events (rolls, shuffles, draws) differ from the replay",
                    what, seq);
    if (!json_is_integer(want_pos) || (uint64_t)json_integer_value(want_pos) != pos)
        return fail(why, n, "%s %lld: the random stream position differs from the replay",
                    what, seq);
    return 0;
}

int verify_export(const json_t *ex, char *why, size_t n)
{
    const char *format = NULL, *game_id, *ruleset, *seed_hex, *commitment;
    json_t *options, *seats, *setup, *moves, *final_state, *winners;
    const char *entropy[RULES_MAX_SEATS] = {0};
    unsigned char seed[RNG_SEED_BYTES], key[RNG_KEY_BYTES];
    char check[65];
    json_t *state = NULL, *events = NULL, *m;
    struct rules_error err = {0};
    struct rules_status st;
    const struct rules_engine *e;
    int seat_count, rc = -1;
    size_t len, i;
    struct rng rng;
    json_error_t jerr;

    if (json_unpack_ex((json_t *)ex, &jerr, 0,
                       "{s:s, s:s, s:s, s:o, s:i, s:o, s:s, s:s, s:o, s:o, s:o, s:o}",
                       "format", &format, "game_id", &game_id, "ruleset", &ruleset,
                       "options", &options, "seat_count", &seat_count, "seats", &seats,
                       "seed", &seed_hex, "commitment", &commitment, "setup", &setup,
                       "moves", &moves, "final_state", &final_state, "winners",
                       &winners))
        return fail(why, n, "not a Turnpost export: %s", jerr.text);
    if (strcmp(format, "turnpost-export-1") != 0)
        return fail(why, n, "unknown export format %s", format);
    if (!(e = rules_engine_find(ruleset)))
        return fail(why, n, "unknown ruleset %s", ruleset);
    if (seat_count < e->min_seats || seat_count > e->max_seats ||
        json_array_size(seats) != (size_t)seat_count)
        return fail(why, n, "the seat list does not fit %s", e->title);
    if (sodium_hex2bin(seed, sizeof seed, seed_hex, strlen(seed_hex), NULL, &len, NULL) ||
        len != sizeof seed)
        return fail(why, n, "the seed is not 32 bytes of hex");
    rng_commitment(check, seed, game_id);
    if (strcmp(check, commitment) != 0)
        return fail(why, n, "the seed does not match the commitment published at creation");
    for (int s = 0; s < seat_count; s++)
        entropy[s] = json_string_value(json_object_get(json_array_get(seats, (size_t)s),
                                                       "entropy"));
    rng_derive_key(key, seed, game_id, entropy, seat_count);
    rng_init(&rng, key, 0);
    if (e->setup(json_object_size(options) ? options : NULL, seat_count, &rng,
                 &state, &events, &err))
        return fail(why, n, "setup refused: %s", err.message);
    if (same("setup", 1, events, json_object_get(setup, "events"), rng.pos,
             json_object_get(setup, "rng_pos"), why, n))
        goto out;
    json_array_foreach(moves, i, m) {
        const char *kind = json_string_value(json_object_get(m, "kind"));
        long long seq = (long long)json_integer_value(json_object_get(m, "seq"));
        int seat = (int)json_integer_value(json_object_get(m, "seat"));

        json_decref(events);
        events = NULL;
        if (e->status(state, &st) || st.finished) {
            fail(why, n, "entry %lld follows the end of the game", seq);
            goto out;
        }
        if (kind && strcmp(kind, "resign") == 0) {
            /* Any seat may resign at any time; the engine refuses one
             * that has already left the game. */
            if (seat < 0 || seat >= seat_count ||
                e->resign(&state, seat, &events, &err)) {
                fail(why, n, "the resignation of seat %d at entry %lld is not "
                     "possible there%s%s", seat, seq, err.message[0] ? ": " : "",
                     err.message);
                goto out;
            }
        } else if (!kind || strcmp(kind, "move") != 0) {
            fail(why, n, "entry %lld is neither a move nor a resignation", seq);
            goto out;
        } else if (!(st.must_act & (1u << seat))) {
            fail(why, n, "move %lld: seat %d was not to act", seq, seat);
            goto out;
        } else if (e->apply(&state, seat, json_object_get(m, "move"), &rng, &events,
                            &err)) {
            fail(why, n, "move %lld is illegal on replay: %s", seq, err.message);
            goto out;
        }
        if (same(kind, seq, events, json_object_get(m, "events"), rng.pos,
                 json_object_get(m, "rng_pos"), why, n))
            goto out;
    }
    if (!json_equal(state, final_state)) {
        fail(why, n, "the final state differs from the replay");
        goto out;
    }
    {
        json_t *want = json_array();

        if (e->status(state, &st) || !st.finished) {
            json_decref(want);
            fail(why, n, "the replayed game is not over");
            goto out;
        }
        for (int s = 0; s < seat_count; s++)
            if (st.winners & (1u << s))
                json_array_append_new(want, json_integer(s));
        if (!json_equal(want, winners)) {
            json_decref(want);
            fail(why, n, "the winners differ from the replay");
            goto out;
        }
        json_decref(want);
    }
    rc = 0;
out:
    json_decref(state);
    json_decref(events);
    return rc;
}
