/*
 * test_rng.c - deterministic, verifiable randomness.
 *
 * The known answers below were computed once and checked against an
 * independent implementation (Python's hashlib BLAKE2b and a ChaCha20
 * written from RFC 8439). They pin the stream: if one changes, every
 * stored game's replay changes with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "check.h"
#include "rng.h"

static void fixed_key(unsigned char key[RNG_KEY_BYTES], unsigned char b)
{
    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(b * 7 + i);
}

static void hex_of(char *out, const unsigned char *b, size_t n)
{
    sodium_bin2hex(out, 2 * n + 1, b, n);
}

/* The seed 00 01 .. 1f, game "g-1", seats "alice" and "bob". */
static void kat_seed(unsigned char seed[RNG_SEED_BYTES])
{
    for (int i = 0; i < RNG_SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
}

static void kat_key(unsigned char key[RNG_KEY_BYTES])
{
    static const char *const ent[] = {"alice", "bob"};
    unsigned char seed[RNG_SEED_BYTES];

    kat_seed(seed);
    rng_derive_key(key, seed, "g-1", ent, 2);
}

static void test_commitment_known_answer(void)
{
    unsigned char seed[RNG_SEED_BYTES], direct[32];
    char hex[65], hex2[65], want[65];
    crypto_generichash_state st;

    kat_seed(seed);
    rng_commitment(hex, seed, "g-1");
    CHECK_EQ_STR(hex, "8300cae0a25418fd56ea0bad86bfa2a9"
                      "e34e5d581886feaa4cb0916e0d41eaf4");

    /* It is BLAKE2b-256(seed || game id), as published. */
    crypto_generichash_init(&st, NULL, 0, 32);
    crypto_generichash_update(&st, seed, sizeof seed);
    crypto_generichash_update(&st, (const unsigned char *)"g-1", 3);
    crypto_generichash_final(&st, direct, 32);
    hex_of(want, direct, 32);
    CHECK_EQ_STR(hex, want);

    rng_commitment(hex2, seed, "g-2");
    CHECK(strcmp(hex, hex2) != 0);
    seed[31] ^= 1;
    rng_commitment(hex2, seed, "g-1");
    CHECK(strcmp(hex, hex2) != 0);
}

static void test_derive_key_known_answer(void)
{
    unsigned char seed[RNG_SEED_BYTES], key[RNG_KEY_BYTES],
        other[RNG_KEY_BYTES];
    char hex[65];

    kat_seed(seed);
    kat_key(key);
    hex_of(hex, key, sizeof key);
    CHECK_EQ_STR(hex, "fc7579c434f47c7d8fa4babea5592b09"
                      "0cbaeda15f406f7a7a565b8d3b53109f");

    /* The order of the seats' entropy matters. */
    {
        static const char *const swapped[] = {"bob", "alice"};

        rng_derive_key(other, seed, "g-1", swapped, 2);
        CHECK(memcmp(key, other, sizeof key) != 0);
    }
    /* Parts are length-prefixed: moving a boundary changes the key. */
    {
        static const char *const a[] = {"ab", ""}, *const b[] = {"a", "b"},
                                 *const c[] = {"alic", "ebob"};
        unsigned char ka[RNG_KEY_BYTES], kb[RNG_KEY_BYTES];

        rng_derive_key(ka, seed, "g-1", a, 2);
        rng_derive_key(kb, seed, "g-1", b, 2);
        CHECK(memcmp(ka, kb, sizeof ka) != 0);
        rng_derive_key(other, seed, "g-1", c, 2);
        CHECK(memcmp(key, other, sizeof key) != 0);
    }
    /* A NULL entry counts as empty; an empty entry still counts. */
    {
        static const char *const with_null[] = {"alice", NULL},
                                 *const with_empty[] = {"alice", ""},
                                 *const one[] = {"alice"};
        unsigned char k1[RNG_KEY_BYTES], k2[RNG_KEY_BYTES],
            k3[RNG_KEY_BYTES];

        rng_derive_key(k1, seed, "g-1", with_null, 2);
        rng_derive_key(k2, seed, "g-1", with_empty, 2);
        rng_derive_key(k3, seed, "g-1", one, 1);
        CHECK(memcmp(k1, k2, sizeof k1) == 0);
        CHECK(memcmp(k1, k3, sizeof k1) != 0);
    }
    /* No entropy at all is allowed, and differs from one empty string. */
    {
        static const char *const empty[] = {""};
        unsigned char k0[RNG_KEY_BYTES], k1[RNG_KEY_BYTES];

        rng_derive_key(k0, seed, "g-1", NULL, 0);
        rng_derive_key(k1, seed, "g-1", empty, 1);
        CHECK(memcmp(k0, k1, sizeof k0) != 0);
    }
    /* The game id and the seed are in it. */
    {
        static const char *const ent[] = {"alice", "bob"};

        rng_derive_key(other, seed, "g-2", ent, 2);
        CHECK(memcmp(key, other, sizeof key) != 0);
        seed[0] ^= 0x80;
        rng_derive_key(other, seed, "g-1", ent, 2);
        CHECK(memcmp(key, other, sizeof key) != 0);
    }
}

static void test_stream_known_answer(void)
{
    static const int dice[] = {5, 3, 4, 3, 6, 1, 3, 5, 2, 2, 5, 4};
    static const int deal[] = {7, 9, 4, 5, 0, 3, 8, 1, 6, 2};
    unsigned char key[RNG_KEY_BYTES], b[16];
    char hex[33];
    struct rng r;
    int a[10];

    kat_key(key);
    rng_init(&r, key, 0);
    rng_bytes(&r, b, sizeof b);
    hex_of(hex, b, sizeof b);
    CHECK_EQ_STR(hex, "3050727a8ab7c3eccbb0b2b2223c7243");

    rng_init(&r, key, 0);
    for (int i = 0; i < 12; i++)
        CHECK_EQ_INT(rng_die(&r, 6), dice[i]);
    CHECK_EQ_INT(r.pos, 48);
    for (int i = 0; i < 10; i++)
        a[i] = i;
    rng_shuffle(&r, a, 10);
    for (int i = 0; i < 10; i++)
        CHECK_EQ_INT(a[i], deal[i]);
    CHECK_EQ_INT(r.pos, 84);
}

/* The stream is IETF ChaCha20 with a zero nonce, from counter 0. */
static void test_stream_is_chacha20(void)
{
    static const unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
    unsigned char key[RNG_KEY_BYTES], want[1000], got[1000];
    struct rng r;

    fixed_key(key, 1);
    crypto_stream_chacha20_ietf(want, sizeof want, nonce, key);
    rng_init(&r, key, 0);
    rng_bytes(&r, got, sizeof got);
    CHECK(memcmp(want, got, sizeof want) == 0);
    CHECK_EQ_INT(r.pos, sizeof got);
}

static void test_deterministic(void)
{
    unsigned char key[RNG_KEY_BYTES], key2[RNG_KEY_BYTES], a[777], b[777];
    struct rng r1, r2;

    fixed_key(key, 2);
    rng_init(&r1, key, 12345);
    rng_init(&r2, key, 12345);
    rng_bytes(&r1, a, sizeof a);
    rng_bytes(&r2, b, sizeof b);
    CHECK(memcmp(a, b, sizeof a) == 0);
    CHECK_EQ_INT(r1.pos, 12345 + sizeof a);

    /* Another key, another stream. */
    fixed_key(key2, 3);
    rng_init(&r2, key2, 12345);
    rng_bytes(&r2, b, sizeof b);
    CHECK(memcmp(a, b, sizeof a) != 0);

    /* Reading nothing moves nothing. */
    rng_bytes(&r1, a, 0);
    CHECK_EQ_INT(r1.pos, 12345 + sizeof a);
}

/* Starting at a position gives what reading up to it would have. */
static void test_init_at_position(void)
{
    static const uint64_t at[] = {0, 1, 3, 63, 64, 65, 127, 128, 129,
                                  500, 1023, 1024, 4000};
    unsigned char key[RNG_KEY_BYTES], ref[4096], got[4096];
    struct rng r;

    fixed_key(key, 4);
    rng_init(&r, key, 0);
    rng_bytes(&r, ref, sizeof ref);
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        size_t n = sizeof ref - (size_t)at[i];

        rng_init(&r, key, at[i]);
        rng_bytes(&r, got, n);
        if (!CHECK(memcmp(got, ref + at[i], n) == 0))
            fprintf(stderr, "  at position %llu\n",
                    (unsigned long long)at[i]);
    }

    /* Re-initialising mid-stream forgets the cached block. */
    rng_init(&r, key, 0);
    rng_bytes(&r, got, 10);
    rng_init(&r, key, 3000);
    rng_bytes(&r, got, 10);
    CHECK(memcmp(got, ref + 3000, 10) == 0);
    {
        unsigned char key2[RNG_KEY_BYTES];

        fixed_key(key2, 5);
        rng_init(&r, key2, 3000); /* same block number, another key */
        rng_bytes(&r, got, 10);
        CHECK(memcmp(got, ref + 3000, 10) != 0);
    }
}

/* Reads in every chunk size from 1 to 130 cross 64-byte blocks. */
static void test_block_boundaries(void)
{
    unsigned char key[RNG_KEY_BYTES], ref[4096], got[4096];
    struct rng r;

    fixed_key(key, 6);
    rng_init(&r, key, 0);
    rng_bytes(&r, ref, sizeof ref);
    for (size_t chunk = 1; chunk <= 130; chunk++) {
        size_t off = 0;

        rng_init(&r, key, 0);
        while (off < sizeof got) {
            size_t n = chunk < sizeof got - off ? chunk : sizeof got - off;

            rng_bytes(&r, got + off, n);
            off += n;
        }
        if (!CHECK(memcmp(got, ref, sizeof ref) == 0))
            fprintf(stderr, "  chunk %zu\n", chunk);
        CHECK_EQ_INT(r.pos, sizeof got);
    }
}

/*
 * The IETF counter is 32 bits; past block 2^32 - 1 the stream goes on
 * with the high bits in the nonce rather than wrapping to block 0.
 */
static void test_counter_rollover(void)
{
    const uint64_t edge = UINT64_C(64) << 32; /* first byte of block 2^32 */
    unsigned char key[RNG_KEY_BYTES], got[16], start[64], next[64];
    char hex[33];
    struct rng r;

    kat_key(key);
    rng_init(&r, key, edge - 8);
    rng_bytes(&r, got, sizeof got);
    hex_of(hex, got, sizeof got);
    CHECK_EQ_STR(hex, "35a282a3afc4299fbb9eda2697afbcda");

    rng_init(&r, key, 0);
    rng_bytes(&r, start, sizeof start);
    rng_init(&r, key, edge);
    rng_bytes(&r, next, sizeof next);
    CHECK(memcmp(start, next, sizeof start) != 0);

    /* Far along too: position 2^63 and beyond. */
    rng_init(&r, key, UINT64_C(1) << 63);
    rng_bytes(&r, got, sizeof got);
    CHECK_EQ_INT(r.pos, (UINT64_C(1) << 63) + sizeof got);
    rng_init(&r, key, UINT64_MAX - 100);
    rng_bytes(&r, next, 64);
    CHECK_EQ_INT(r.pos, UINT64_MAX - 36);
}

static void test_uniform_in_range(void)
{
    static const uint32_t ns[] = {1, 2, 3, 6, 7, 52, 1000,
                                  (UINT32_C(1) << 31) + 1,
                                  UINT32_C(3) << 30, UINT32_MAX - 1,
                                  UINT32_MAX};
    unsigned char key[RNG_KEY_BYTES];
    struct rng r;

    fixed_key(key, 7);
    rng_init(&r, key, 0);
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        uint32_t max = 0, bad = 0;

        for (int k = 0; k < 20000; k++) {
            uint32_t v = rng_uniform(&r, ns[i]);

            bad += v >= ns[i];
            if (v > max)
                max = v;
        }
        if (!CHECK_EQ_INT(bad, 0))
            fprintf(stderr, "  n = %lu\n", (unsigned long)ns[i]);
        /* ...and reaches the top of the range, not just its bottom. */
        if (ns[i] <= 1000)
            CHECK_EQ_INT(max, ns[i] - 1);
        else
            CHECK(max > ns[i] / 4 * 3);
    }

    /* n = 1 has one answer and draws nothing. */
    {
        uint64_t pos = r.pos;

        CHECK_EQ_INT(rng_uniform(&r, 1), 0);
        CHECK_EQ_INT(r.pos, pos);
    }
}

/*
 * For n = 3 * 2^30, taking a 32-bit word modulo n would make [0, 2^30)
 * twice as likely as the rest (1/2 instead of 1/3): rejection sampling
 * must not.
 */
static void test_uniform_no_modulo_bias(void)
{
    const uint32_t n = UINT32_C(3) << 30;
    unsigned char key[RNG_KEY_BYTES];
    struct rng r;
    int low = 0;

    fixed_key(key, 8);
    rng_init(&r, key, 0);
    for (int i = 0; i < 60000; i++)
        low += rng_uniform(&r, n) < (UINT32_C(1) << 30);
    /* Expected 20000, sd ~115. */
    CHECK(low > 19000 && low < 21000);
}

/* Pearson's chi-square statistic of counts against a flat expectation. */
static double chi_square(const long *count, int k, long total)
{
    double expect = (double)total / k, x = 0;

    for (int i = 0; i < k; i++)
        x += (count[i] - expect) * (count[i] - expect) / expect;
    return x;
}

static void test_die_chi_square(void)
{
    unsigned char key[RNG_KEY_BYTES];
    long d6[6] = {0}, d20[20] = {0};
    struct rng r;
    int out = 0;

    fixed_key(key, 9);
    rng_init(&r, key, 0);
    for (long i = 0; i < 600000; i++) {
        int v = rng_die(&r, 6);

        if (v < 1 || v > 6)
            out++;
        else
            d6[v - 1]++;
    }
    CHECK_EQ_INT(out, 0);
    /* 5 degrees of freedom: P(chi2 > 20.515) = 0.001. Fixed key, so the
     * result never changes; the bound says the stream looks fair. */
    CHECK(chi_square(d6, 6, 600000) < 20.515);

    for (long i = 0; i < 200000; i++) {
        int v = rng_die(&r, 20);

        if (v < 1 || v > 20)
            out++;
        else
            d20[v - 1]++;
    }
    CHECK_EQ_INT(out, 0);
    /* 19 degrees of freedom: P(chi2 > 43.820) = 0.001. */
    CHECK(chi_square(d20, 20, 200000) < 43.820);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

static void test_shuffle_is_permutation(void)
{
    unsigned char key[RNG_KEY_BYTES];
    int a[52], b[52], moved = 0;
    struct rng r1, r2;

    fixed_key(key, 10);
    for (int i = 0; i < 52; i++)
        a[i] = b[i] = 100 + i;
    rng_init(&r1, key, 99);
    rng_init(&r2, key, 99);
    rng_shuffle(&r1, a, 52);
    rng_shuffle(&r2, b, 52);
    CHECK(memcmp(a, b, sizeof a) == 0); /* deterministic */
    for (int i = 0; i < 52; i++)
        moved += a[i] != 100 + i;
    CHECK(moved > 40);
    qsort(a, 52, sizeof a[0], cmp_int);
    for (int i = 0; i < 52; i++)
        CHECK_EQ_INT(a[i], 100 + i);

    /* Nothing to shuffle: nothing drawn, nothing touched. */
    {
        uint64_t pos = r1.pos;
        int one = 42;

        rng_shuffle(&r1, NULL, 0);
        rng_shuffle(&r1, &one, 1);
        CHECK_EQ_INT(one, 42);
        CHECK_EQ_INT(r1.pos, pos);
    }
}

/* Every order of three cards comes up about equally often. */
static void test_shuffle_is_uniform(void)
{
    unsigned char key[RNG_KEY_BYTES];
    long count[6] = {0};
    struct rng r;

    fixed_key(key, 11);
    rng_init(&r, key, 0);
    for (long i = 0; i < 60000; i++) {
        int a[3] = {0, 1, 2};

        rng_shuffle(&r, a, 3);
        /* Index the 6 orders by (first card, whether the rest ascend). */
        count[a[0] * 2 + (a[1] < a[2])]++;
    }
    for (int i = 0; i < 6; i++)
        CHECK(count[i] > 0);
    CHECK(chi_square(count, 6, 60000) < 20.515);
}

int main(void)
{
    if (sodium_init() < 0)
        return 2;
    RUN(test_commitment_known_answer);
    RUN(test_derive_key_known_answer);
    RUN(test_stream_known_answer);
    RUN(test_stream_is_chacha20);
    RUN(test_deterministic);
    RUN(test_init_at_position);
    RUN(test_block_boundaries);
    RUN(test_counter_rollover);
    RUN(test_uniform_in_range);
    RUN(test_uniform_no_modulo_bias);
    RUN(test_die_chi_square);
    RUN(test_shuffle_is_permutation);
    RUN(test_shuffle_is_uniform);
    return check_summary();
}
