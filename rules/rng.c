#include "rng.h"

#include <string.h>

#include <sodium.h>

void rng_commitment(char hex[65], const unsigned char seed[RNG_SEED_BYTES],
                    const char *game_id)
{
    crypto_generichash_state st;
    unsigned char out[32];

    crypto_generichash_init(&st, NULL, 0, sizeof out);
    crypto_generichash_update(&st, seed, RNG_SEED_BYTES);
    crypto_generichash_update(&st, (const unsigned char *)game_id,
                              strlen(game_id));
    crypto_generichash_final(&st, out, sizeof out);
    sodium_bin2hex(hex, 65, out, sizeof out);
}

static void hash_part(crypto_generichash_state *st, const void *p, size_t n)
{
    unsigned char len[8];

    for (int i = 0; i < 8; i++)
        len[i] = (unsigned char)((uint64_t)n >> (8 * i));
    crypto_generichash_update(st, len, sizeof len);
    crypto_generichash_update(st, p, n);
}

void rng_derive_key(unsigned char key[RNG_KEY_BYTES],
                    const unsigned char seed[RNG_SEED_BYTES],
                    const char *game_id, const char *const *entropy, int n)
{
    crypto_generichash_state st;

    crypto_generichash_init(&st, (const unsigned char *)"turnpost-rng-v1",
                            15, RNG_KEY_BYTES);
    hash_part(&st, seed, RNG_SEED_BYTES);
    hash_part(&st, game_id, strlen(game_id));
    for (int i = 0; i < n; i++) {
        const char *e = entropy && entropy[i] ? entropy[i] : "";
        hash_part(&st, e, strlen(e));
    }
    crypto_generichash_final(&st, key, RNG_KEY_BYTES);
}

void rng_init(struct rng *r, const unsigned char key[RNG_KEY_BYTES],
              uint64_t pos)
{
    memcpy(r->key, key, RNG_KEY_BYTES);
    r->pos = pos;
    r->block_no = UINT64_MAX;
}

/* The IETF ChaCha20 counter is 32 bits; the high bits go in the nonce. */
static void load_block(struct rng *r, uint64_t block_no)
{
    static const unsigned char zero[64];
    unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES] = {0};

    for (int i = 0; i < 4; i++)
        nonce[i] = (unsigned char)(block_no >> (32 + 8 * i));
    crypto_stream_chacha20_ietf_xor_ic(r->block, zero, sizeof zero, nonce,
                                       (uint32_t)block_no, r->key);
    r->block_no = block_no;
}

void rng_bytes(struct rng *r, unsigned char *out, size_t n)
{
    while (n > 0) {
        uint64_t b = r->pos / 64;
        size_t off = (size_t)(r->pos % 64), take = 64 - off;

        if (b != r->block_no)
            load_block(r, b);
        if (take > n)
            take = n;
        memcpy(out, r->block + off, take);
        out += take;
        n -= take;
        r->pos += take;
    }
}

uint32_t rng_uniform(struct rng *r, uint32_t n)
{
    /* Accept only words below the largest multiple of n. */
    uint32_t limit = n ? (uint32_t)(UINT32_MAX - (UINT32_MAX % n + 1) % n) : 0;

    if (n <= 1)
        return 0;
    for (;;) {
        unsigned char b[4];
        uint32_t w;

        rng_bytes(r, b, sizeof b);
        w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
            (uint32_t)b[3] << 24;
        if (w <= limit)
            return w % n;
    }
}

int rng_die(struct rng *r, int sides)
{
    return 1 + (int)rng_uniform(r, (uint32_t)sides);
}

void rng_shuffle(struct rng *r, int *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = rng_uniform(r, (uint32_t)i);
        int t = a[i - 1];

        a[i - 1] = a[j];
        a[j] = t;
    }
}
