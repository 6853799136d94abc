/*
 * rng.h - deterministic, verifiable randomness.
 *
 * The server draws a secret 32-byte seed per game and publishes
 * commitment = BLAKE2b-256(seed || game_id). The stream key is
 * BLAKE2b-256 over the seed, the game id and every seat's public entropy,
 * so the server, having committed first, cannot steer the stream. The
 * stream itself is ChaCha20 (IETF) keyed by that key, read as bytes from
 * position 0; a game stores only its position, so any request can rebuild
 * the stream and `turnpost verify` can replay it.
 *
 * Dice use rejection sampling and shuffles Fisher-Yates: no modulo bias.
 */
#ifndef TURNPOST_RULES_RNG_H
#define TURNPOST_RULES_RNG_H

#include <stddef.h>
#include <stdint.h>

#define RNG_SEED_BYTES 32
#define RNG_KEY_BYTES 32

struct rng {
    unsigned char key[RNG_KEY_BYTES];
    uint64_t pos;              /* bytes consumed from the stream */
    unsigned char block[64];   /* keystream block holding pos */
    uint64_t block_no;         /* which block is in block[]; UINT64_MAX none */
};

/* BLAKE2b-256(seed || game_id) as 64 lowercase hex digits and a NUL. */
void rng_commitment(char hex[65], const unsigned char seed[RNG_SEED_BYTES],
                    const char *game_id);

/*
 * The stream key from the seed, the game id and each seat's entropy
 * (n strings, NULL entries count as empty). Each part is length-prefixed
 * so no two different inputs hash alike.
 */
void rng_derive_key(unsigned char key[RNG_KEY_BYTES],
                    const unsigned char seed[RNG_SEED_BYTES],
                    const char *game_id, const char *const *entropy, int n);

/* Positions the stream of key at byte pos. */
void rng_init(struct rng *r, const unsigned char key[RNG_KEY_BYTES],
              uint64_t pos);

/* The next n bytes of the stream. */
void rng_bytes(struct rng *r, unsigned char *out, size_t n);

/* Uniform in [0, n) for n >= 1, by rejection sampling on 32-bit words. */
uint32_t rng_uniform(struct rng *r, uint32_t n);

/* A fair die: uniform in [1, sides]. */
int rng_die(struct rng *r, int sides);

/* Fisher-Yates shuffle of n ints in place. */
void rng_shuffle(struct rng *r, int *a, size_t n);

#endif
