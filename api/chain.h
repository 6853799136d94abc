/*
 * chain.h - the move log's hash chain.
 *
 * Every log entry (the setup, each move, each resignation) carries a hash
 * over the entry and the hash before it; the game row keeps the last one,
 * the head, and every view shows it. A player who kept any answer naming
 * the head at entry n can check on the export, once the game is over, that
 * entries 1 to n are exactly the ones it was computed over: rewriting,
 * removing, inserting or reordering any of them changes every hash after.
 *
 * All hashes are BLAKE2b-256 (libsodium crypto_generichash):
 *
 *   genesis = H(F("turnpost-log-genesis-1") F(game id) F(commitment) I(from))
 *   key     = H_seed(F("turnpost-log-key-1") F(game id))
 *   hash_n  = H_key(F("turnpost-log-entry-1") F(hash_n-1) F(game id) I(seq)
 *                   I(seat) F(kind) F(J(move)) F(J(events)) I(rng_pos))
 *
 * H_k is BLAKE2b keyed with k; F(b) is b preceded by its length as 8 bytes
 * big-endian; I(n) is F of n as 8 bytes big-endian two's complement (the
 * setup's seat is -1); J(v) is json_dumps(v, CHAIN_JSON_FLAGS): keys
 * sorted, no spaces, so the same for the value the server built and for
 * the value read back from PostgreSQL's jsonb or an export. The server
 * stores the log's JSON printed that way, so that it prints it only once.
 * The genesis hash stands in for hash_0 of the first chained entry, entry
 * "from" (1 for every game created since the chain exists).
 *
 * Entry hashes are keyed by a key derived from the game's secret seed:
 * otherwise anyone could try every possible hand against an entry's hash
 * and learn a private draw. The export reveals the seed, so anyone can
 * recompute the chain of a finished game; the seed was committed at
 * creation, so the key leaves the server no choice. Pure: no I/O.
 */
#ifndef TURNPOST_API_CHAIN_H
#define TURNPOST_API_CHAIN_H

#include <stdint.h>

#include <jansson.h>

#define CHAIN_HASH_BYTES 32
#define CHAIN_JSON_FLAGS (JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY)
#define CHAIN_HEX_LEN (2 * CHAIN_HASH_BYTES + 1)   /* with the NUL */

/* One log entry as it is hashed; the strings are borrowed. */
struct chain_entry {
    const char *game_id;
    int64_t seq;            /* 1 for the setup */
    int seat;               /* -1 for the setup */
    const char *kind;       /* "setup", "move" or "resign" */
    const char *move;       /* json_dumps(move, CHAIN_JSON_FLAGS) */
    const char *events;     /* the same of all events, private ones too */
    int64_t rng_pos;        /* stream position after the entry */
};

/* The hash before entry from, the first chained entry of game_id. */
void chain_genesis(unsigned char out[CHAIN_HASH_BYTES], const char *game_id,
                   const char *commitment, int64_t from);

/* The key of game_id's entry hashes, from its seed. */
void chain_key(unsigned char key[CHAIN_HASH_BYTES], const unsigned char *seed,
               size_t seed_len, const char *game_id);

/* hash_n of e after prev; out may be prev. */
void chain_entry_hash(unsigned char out[CHAIN_HASH_BYTES],
                      const unsigned char key[CHAIN_HASH_BYTES],
                      const unsigned char prev[CHAIN_HASH_BYTES],
                      const struct chain_entry *e);

/*
 * chain_entry_hash() after the head in hex (prev_hex, or the genesis of
 * entry from when prev_hex is empty), written in hex to out_hex. -1 when
 * prev_hex is neither empty nor a hash, or when it is empty and e is not
 * entry from. For the server, which keeps the head in hex.
 */
int chain_next_hex(char out_hex[CHAIN_HEX_LEN], const char *prev_hex,
                   const unsigned char *seed, size_t seed_len,
                   const char *commitment, int64_t from,
                   const struct chain_entry *e);

#endif
