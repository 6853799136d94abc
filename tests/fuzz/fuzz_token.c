/*
 * fuzz_token.c - libFuzzer target for token_verify.
 *
 * Each input is used twice:
 *  1. as a token, verified against a fixed two-key ring: it must not
 *     crash, must leave the claims alone unless it is valid, and a valid
 *     token's claims must sign and verify again to the same claims;
 *  2. as claims JSON, correctly signed by each of the two keys: the key
 *     may change only whether the signature matches (the claims name one
 *     kid), never what the claims are judged to be, and whatever verifies
 *     must round-trip through token_sign.
 * Seeds: tests/fuzz/corpus/fuzz_token/ (tokens and claims JSON).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "token.h"

#define NOW 1700000000 /* the seeds' tokens are valid at this time */
#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct token_keyring ring;

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_token: %s\n", what);
    abort();
}

/* Seeds 1 and 2 are "k1" and "k2"; k2 signs. */
static void setup(void)
{
    unsigned char seed[32];

    if (ring.n != 0)
        return;
    if (sodium_init() < 0)
        fail("sodium_init");
    ring.signer = -1;
    for (int k = 1; k <= 2; k++) {
        for (int i = 0; i < 32; i++)
            seed[i] = (unsigned char)(k + i);
        token_keyring_add(&ring, k == 1 ? "k1" : "k2", seed, k == 2);
    }
    if (ring.n != 2 || ring.signer != 1)
        fail("setup");
}

static int same_claims(const struct token_claims *a,
                       const struct token_claims *b, int same_kid)
{
    return (!same_kid || strcmp(a->kid, b->kid) == 0) &&
           strcmp(a->sub, b->sub) == 0 && strcmp(a->jti, b->jti) == 0 &&
           strcmp(a->game, b->game) == 0 && a->seat == b->seat &&
           a->scopes == b->scopes && a->iat == b->iat && a->exp == b->exp &&
           a->epoch == b->epoch;
}

/* Verified claims sign again (as the signer, k2), deterministically, into
 * a token that verifies to the same claims. */
static void round_trip(const struct token_claims *c)
{
    struct token_claims c1 = *c, c2 = *c, back;
    char t1[TOKEN_MAX_LEN + 1], t2[TOKEN_MAX_LEN + 1];
    int n1 = token_sign(&ring, &c1, t1, sizeof t1),
        n2 = token_sign(&ring, &c2, t2, sizeof t2);

    if (n1 <= 0 || n1 != n2 || memcmp(t1, t2, (size_t)n1) != 0)
        fail("verified claims do not sign, or sign differently twice");
    if (strcmp(c1.kid, "k2") != 0 || !same_claims(&c1, c, 0))
        fail("signing changed more than the kid");
    if (token_verify(&ring, t1, (size_t)n1, NOW, &back) != TOKEN_OK ||
        !same_claims(&back, &c1, 1))
        fail("a signed token does not verify to its claims");
}

/* "tp1.<base64url(json)>.<signature by key>" into out (cap bytes). */
static size_t forge(const struct token_key *key, const uint8_t *json,
                    size_t n, char *out, size_t cap)
{
    unsigned char sig[crypto_sign_BYTES];
    size_t len;

    if (4 + sodium_base64_ENCODED_LEN(n, B64) + 1 +
            sodium_base64_ENCODED_LEN(sizeof sig, B64) > cap)
        fail("forge buffer");
    memcpy(out, "tp1.", 4);
    sodium_bin2base64(out + 4, cap - 4, json, n, B64);
    len = strlen(out);
    crypto_sign_detached(sig, NULL, (unsigned char *)out, len, key->sk);
    out[len++] = '.';
    sodium_bin2base64(out + len, cap - len, sig, sizeof sig, B64);
    return strlen(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct token_claims c, untouched;
    enum token_status st[2];
    char tok[2 * TOKEN_MAX_LEN];

    setup();

    /* 1. The bytes as a token (libFuzzer's buffer is exactly size long). */
    memset(&c, 0xa5, sizeof c);
    untouched = c;
    if (token_verify(&ring, (const char *)data, size, NOW, &c) == TOKEN_OK)
        round_trip(&c);
    else if (memcmp(&c, &untouched, sizeof c) != 0)
        fail("a refused token wrote claims");

    /* 2. The bytes as claims, signed by k1 and by k2. Past 699 bytes the
     * token would exceed TOKEN_MAX_LEN; that limit is part 1's business. */
    if (size > 699)
        return 0;
    for (int k = 0; k < 2; k++) {
        size_t n = forge(&ring.keys[k], data, size, tok, sizeof tok);

        memset(&c, 0xa5, sizeof c);
        st[k] = token_verify(&ring, tok, n, NOW, &c);
        if (st[k] == TOKEN_OK)
            round_trip(&c);
        else if (memcmp(&c, &untouched, sizeof c) != 0)
            fail("a refused token wrote claims");
    }
    if (st[0] == TOKEN_BAD_SIGNATURE && st[1] == TOKEN_BAD_SIGNATURE)
        fail("claims signed by either key verify by neither");
    if (st[0] != st[1] && st[0] != TOKEN_BAD_SIGNATURE &&
        st[1] != TOKEN_BAD_SIGNATURE)
        fail("the signing key changed the verdict on the claims");
    if ((st[0] == TOKEN_MALFORMED || st[0] == TOKEN_UNKNOWN_KEY) &&
        st[0] != st[1])
        fail("claims judged differently under two keys");
    return 0;
}
