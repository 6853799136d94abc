#include "chain.h"

#include <string.h>

#include <sodium.h>

/* F(b): b preceded by its length, 8 bytes big-endian. */
static void field(crypto_generichash_state *h, const void *b, size_t len)
{
    unsigned char n[8];

    for (int i = 0; i < 8; i++)
        n[i] = (unsigned char)((uint64_t)len >> (56 - 8 * i));
    crypto_generichash_update(h, n, sizeof n);
    crypto_generichash_update(h, b, len);
}

static void text(crypto_generichash_state *h, const char *s)
{
    field(h, s, strlen(s));
}

/* I(n): n as 8 bytes big-endian two's complement, as a field. */
static void integer(crypto_generichash_state *h, int64_t v)
{
    unsigned char b[8];

    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)((uint64_t)v >> (56 - 8 * i));
    field(h, b, sizeof b);
}

void chain_genesis(unsigned char out[CHAIN_HASH_BYTES], const char *game_id,
                   const char *commitment, int64_t from)
{
    crypto_generichash_state h;

    crypto_generichash_init(&h, NULL, 0, CHAIN_HASH_BYTES);
    text(&h, "turnpost-log-genesis-1");
    text(&h, game_id);
    text(&h, commitment);
    integer(&h, from);
    crypto_generichash_final(&h, out, CHAIN_HASH_BYTES);
}

void chain_key(unsigned char key[CHAIN_HASH_BYTES], const unsigned char *seed,
               size_t seed_len, const char *game_id)
{
    crypto_generichash_state h;

    crypto_generichash_init(&h, seed, seed_len, CHAIN_HASH_BYTES);
    text(&h, "turnpost-log-key-1");
    text(&h, game_id);
    crypto_generichash_final(&h, key, CHAIN_HASH_BYTES);
}

void chain_entry_hash(unsigned char out[CHAIN_HASH_BYTES],
                      const unsigned char key[CHAIN_HASH_BYTES],
                      const unsigned char prev[CHAIN_HASH_BYTES],
                      const struct chain_entry *e)
{
    crypto_generichash_state h;

    crypto_generichash_init(&h, key, CHAIN_HASH_BYTES, CHAIN_HASH_BYTES);
    text(&h, "turnpost-log-entry-1");
    field(&h, prev, CHAIN_HASH_BYTES);
    text(&h, e->game_id);
    integer(&h, e->seq);
    integer(&h, e->seat);
    text(&h, e->kind);
    text(&h, e->move);
    text(&h, e->events);
    integer(&h, e->rng_pos);
    crypto_generichash_final(&h, out, CHAIN_HASH_BYTES);
}

int chain_next_hex(char out_hex[CHAIN_HEX_LEN], const char *prev_hex,
                   const unsigned char *seed, size_t seed_len,
                   const char *commitment, int64_t from,
                   const struct chain_entry *e)
{
    unsigned char prev[CHAIN_HASH_BYTES], key[CHAIN_HASH_BYTES], out[CHAIN_HASH_BYTES];
    size_t len;

    if (!*prev_hex) {
        /* the first chained entry, and only that one, follows the genesis */
        if (e->seq != from)
            return -1;
        chain_genesis(prev, e->game_id, commitment, from);
    } else if (sodium_hex2bin(prev, sizeof prev, prev_hex, strlen(prev_hex), NULL,
                              &len, NULL) ||
               len != sizeof prev) {
        return -1;
    }
    chain_key(key, seed, seed_len, e->game_id);
    chain_entry_hash(out, key, prev, e);
    sodium_bin2hex(out_hex, CHAIN_HEX_LEN, out, sizeof out);
    return 0;
}
