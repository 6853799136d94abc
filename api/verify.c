#include "verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "chain.h"
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

/* Log entry seq (1, the setup, to move_count) of the export. */
static const json_t *entry(const json_t *setup, const json_t *moves, json_int_t seq)
{
    return seq == 1 ? setup : json_array_get(moves, (size_t)(seq - 2));
}

/*
 * The entries are numbered 1 (the setup), 2, 3 ... without a gap or a
 * repeat, and there are as many as the export's move_count: a move taken
 * out of the middle shows here even when the replay would absorb it.
 */
static int check_numbering(const json_t *setup, const json_t *moves,
                           json_int_t count, char *why, size_t n)
{
    json_int_t have = 1 + (json_int_t)json_array_size(moves);

    if (count != have)
        return fail(why, n, "the export counts %lld log entries but holds %lld",
                    (long long)count, (long long)have);
    for (json_int_t seq = 1; seq <= count; seq++) {
        const json_t *s = json_object_get(entry(setup, moves, seq), "seq");

        if (!json_is_integer(s) || json_integer_value(s) != seq)
            return fail(why, n, "log entry %lld is numbered %lld: an entry is missing, "
                        "repeated or out of place", (long long)seq,
                        json_is_integer(s) ? (long long)json_integer_value(s) : -1LL);
    }
    return 0;
}

/*
 * The hash of the export's log entry m, number seq, after prev; -1 when
 * m lacks a part of an entry. The setup (seq 1) has no seat, kind or move
 * in the export: they are -1, "setup" and {}.
 */
static int hash_entry(unsigned char out[CHAIN_HASH_BYTES],
                      const unsigned char key[CHAIN_HASH_BYTES],
                      const unsigned char prev[CHAIN_HASH_BYTES],
                      const char *game_id, json_int_t seq, const json_t *m)
{
    const json_t *move = json_object_get(m, "move"), *events = json_object_get(m, "events");
    const json_t *seat = json_object_get(m, "seat"), *pos = json_object_get(m, "rng_pos");
    char *move_text = seq > 1 && json_is_object(move) ? json_dumps(move, CHAIN_JSON_FLAGS) : NULL;
    char *events_text = json_is_array(events) ? json_dumps(events, CHAIN_JSON_FLAGS) : NULL;
    struct chain_entry e = {game_id, seq, -1, "setup", "{}", events_text,
                            json_integer_value(pos)};
    int rc = -1;

    if (seq > 1) {
        e.seat = json_is_integer(seat) ? (int)json_integer_value(seat) : -2;
        e.kind = json_string_value(json_object_get(m, "kind"));
        e.move = move_text;
    }
    if (e.kind && e.move && events_text && json_is_integer(pos)) {
        chain_entry_hash(out, key, prev, &e);
        rc = 0;
    }
    free(move_text);
    free(events_text);
    return rc;
}

/*
 * Recomputes the hash chain (chain.h) over the entries from chain_from on,
 * compares each entry's hash and ends at the head the export names.
 * Entries before chain_from were written before the chain existed and
 * carry no hash.
 */
static int check_chain(const char *game_id, const char *commitment,
                       const unsigned char *seed, const json_t *setup,
                       const json_t *moves, json_int_t count, json_int_t from,
                       const json_t *head, char *why, size_t n)
{
    unsigned char key[CHAIN_HASH_BYTES], prev[CHAIN_HASH_BYTES];
    char hex[CHAIN_HEX_LEN] = "";

    if (from < 1 || from > count + 1)
        return fail(why, n, "the chain starts at entry %lld, outside the log", (long long)from);
    chain_key(key, seed, RNG_SEED_BYTES, game_id);
    chain_genesis(prev, game_id, commitment, from);
    for (json_int_t seq = 1; seq <= count; seq++) {
        const json_t *m = entry(setup, moves, seq), *hash = json_object_get(m, "hash");

        if (seq < from) {
            if (!json_is_null(hash))
                return fail(why, n, "log entry %lld precedes the chain yet has a hash",
                            (long long)seq);
            continue;
        }
        if (hash_entry(prev, key, prev, game_id, seq, m))
            return fail(why, n, "log entry %lld is not a complete entry", (long long)seq);
        sodium_bin2hex(hex, sizeof hex, prev, sizeof prev);
        if (!json_is_string(hash) || strcmp(json_string_value(hash), hex) != 0)
            return fail(why, n, "log entry %lld: its hash does not match the entry and the "
                        "entries before it", (long long)seq);
    }
    if (from > count ? !json_is_null(head)
                     : !json_is_string(head) || strcmp(json_string_value(head), hex) != 0)
        return fail(why, n, "the log's head is not the hash of its last entry");
    return 0;
}

int verify_export(const json_t *ex, char *why, size_t n)
{
    const char *format = NULL, *game_id, *ruleset, *seed_hex, *commitment;
    json_t *options, *seats, *setup, *moves, *final_state, *winners, *head;
    json_int_t count, from;
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

    if (json_unpack((json_t *)ex, "{s:s}", "format", &format) == 0 &&
        strcmp(format, "turnpost-export-1") == 0)
        return fail(why, n, "a turnpost-export-1 file predates the move log's hash "
                    "chain; export the game again");
    if (json_unpack_ex((json_t *)ex, &jerr, 0,
                       "{s:s, s:s, s:s, s:o, s:i, s:o, s:s, s:s, s:o, s:o, s:I, s:I, s:o, "
                       "s:o, s:o}",
                       "format", &format, "game_id", &game_id, "ruleset", &ruleset,
                       "options", &options, "seat_count", &seat_count, "seats", &seats,
                       "seed", &seed_hex, "commitment", &commitment, "setup", &setup,
                       "moves", &moves, "move_count", &count, "chain_from", &from,
                       "log_head", &head, "final_state", &final_state, "winners",
                       &winners))
        return fail(why, n, "not a Turnpost export: %s", jerr.text);
    if (strcmp(format, "turnpost-export-2") != 0)
        return fail(why, n, "unknown export format %s", format);
    if (!json_is_object(setup) || !json_is_array(moves))
        return fail(why, n, "the export's setup or moves are missing");
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
    if (check_numbering(setup, moves, count, why, n) ||
        check_chain(game_id, commitment, seed, setup, moves, count, from, head, why, n))
        return -1;
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
        /* a timeout is the engine's resignation, made by the clock */
        if (kind && (strcmp(kind, "resign") == 0 || strcmp(kind, "timeout") == 0)) {
            /* Any seat may resign at any time; the engine refuses one
             * that has already left the game. */
            if (seat < 0 || seat >= seat_count ||
                e->resign(&state, seat, &events, &err)) {
                fail(why, n, "the resignation of seat %d at entry %lld is not "
                     "possible there%s%s", seat, seq, err.message[0] ? ": " : "",
                     err.message);
                goto out;
            }
        } else if (!kind || (strcmp(kind, "move") != 0 && strcmp(kind, "auto") != 0)) {
            fail(why, n, "entry %lld is neither a move, a resignation nor a timeout", seq);
            goto out;
        } else if (seat < 0 || seat >= seat_count) {
            /* an any-time move skips the must-act test, and a shift by a
             * seat of an untrusted file must stay within the mask */
            fail(why, n, "move %lld: there is no seat %d", seq, seat);
            goto out;
        } else if (!(st.must_act & (1u << seat)) &&
                   !(e->any_time && e->any_time(json_object_get(m, "move")))) {
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

int verify_kept_head(const json_t *ex, long long seq, const char *head,
                     char *why, size_t n)
{
    const json_t *moves = json_object_get(ex, "moves"), *hash;

    if (seq < 1 || seq > 1 + (long long)json_array_size(moves))
        return fail(why, n, "the log has no entry %lld", seq);
    hash = json_object_get(entry(json_object_get(ex, "setup"), moves, seq), "hash");
    if (!json_is_string(hash))
        return fail(why, n, "log entry %lld precedes the chain: no head to compare", seq);
    if (strcmp(json_string_value(hash), head) != 0)
        return fail(why, n, "log entry %lld has hash %s, not the head %s kept from "
                    "an earlier answer: the log was rewritten", seq,
                    json_string_value(hash), head);
    return 0;
}
