/*
 * test_token.c - Ed25519 bearer tokens: signing, every refusal, key
 * rotation, seat capabilities, and key files.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#include "check.h"
#include "token.h"

#define T0 1700000000 /* "now" in these tests */
#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING

static void seed_of(unsigned char seed[32], unsigned char b)
{
    for (int i = 0; i < 32; i++)
        seed[i] = (unsigned char)(b + i);
}

/* A ring holding kid signed by seed_of(b), as its signer. */
static struct token_keyring ring_one(const char *kid, unsigned char b)
{
    struct token_keyring ring = {.n = 0, .signer = -1};
    unsigned char seed[32];

    seed_of(seed, b);
    token_keyring_add(&ring, kid, seed, 1);
    return ring;
}

static struct token_claims play_claims(void)
{
    struct token_claims c;

    memset(&c, 0, sizeof c);
    strcpy(c.sub, "acct-1");
    c.scopes = TOKEN_SCOPE_PLAY;
    c.seat = -1;
    c.iat = T0;
    c.exp = T0 + 3600;
    c.epoch = 7;
    return c;
}

static void check_same_claims(const struct token_claims *a,
                              const struct token_claims *b)
{
    CHECK_EQ_STR(a->kid, b->kid);
    CHECK_EQ_STR(a->sub, b->sub);
    CHECK_EQ_STR(a->jti, b->jti);
    CHECK_EQ_STR(a->game, b->game);
    CHECK_EQ_INT(a->seat, b->seat);
    CHECK_EQ_INT(a->scopes, b->scopes);
    CHECK_EQ_INT(a->iat, b->iat);
    CHECK_EQ_INT(a->exp, b->exp);
    CHECK_EQ_INT(a->epoch, b->epoch);
}

/* Unpadded base64url of n bytes into out (NUL-terminated); its length. */
static size_t b64(char *out, size_t cap, const void *bin, size_t n)
{
    if (sodium_base64_ENCODED_LEN(n, B64) > cap)
        abort();
    sodium_bin2base64(out, cap, bin, n, B64);
    return strlen(out);
}

/*
 * "tp1.<base64url(json)>.<signature by key>": a correctly signed token
 * around any claims text, so a refusal can only be the claims' fault.
 */
static size_t forge(const struct token_key *key, const char *json,
                    size_t json_len, char *out, size_t cap)
{
    unsigned char sig[crypto_sign_BYTES];
    size_t n;

    if (cap < 8)
        abort();
    memcpy(out, "tp1.", 4);
    n = 4 + b64(out + 4, cap - 4, json, json_len);
    crypto_sign_detached(sig, NULL, (unsigned char *)out, n, key->sk);
    out[n++] = '.';
    return n + b64(out + n, cap - n, sig, sizeof sig);
}

static enum token_status verify_json(const struct token_keyring *ring,
                                     const char *json)
{
    char tok[4096];
    size_t n = forge(&ring->keys[0], json, strlen(json), tok, sizeof tok);
    struct token_claims c;

    return token_verify(ring, tok, n, T0, &c);
}

/* The claims JSON inside a token, decoded (NUL-terminated). */
static size_t claims_text(const char *tok, char *out, size_t cap)
{
    const char *a = strchr(tok, '.') + 1, *b = strchr(a, '.');
    size_t n;

    if (sodium_base642bin((unsigned char *)out, cap - 1, a, (size_t)(b - a),
                          NULL, &n, NULL, B64) != 0)
        abort();
    out[n] = '\0';
    return n;
}

static int count_char(const char *s, char ch)
{
    int n = 0;

    for (; *s; s++)
        n += *s == ch;
    return n;
}

static void test_sign_verify_round_trip(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1], json[TOKEN_MAX_LEN];
    json_t *root;
    char *exact;
    int n;

    n = token_sign(&ring, &c, tok, sizeof tok);
    CHECK(n > 0);
    CHECK_EQ_INT(strlen(tok), n);
    CHECK(strncmp(tok, "tp1.", 4) == 0);
    CHECK_EQ_INT(count_char(tok, '.'), 2);
    CHECK_EQ_STR(c.kid, "k1");
    CHECK_EQ_INT(strlen(c.jti), 32);
    CHECK_EQ_INT(strspn(c.jti, "0123456789abcdef"), 32);

    memset(&got, 0, sizeof got);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    check_same_claims(&got, &c);

    /* The claims are the documented JSON, and nothing more. */
    claims_text(tok, json, sizeof json);
    root = json_loads(json, 0, NULL);
    CHECK(root != NULL);
    CHECK_EQ_INT(json_object_size(root), 7);
    CHECK_EQ_STR(json_string_value(json_object_get(root, "sub")), "acct-1");
    CHECK_EQ_STR(json_string_value(
                     json_array_get(json_object_get(root, "scope"), 0)),
                 "play");
    CHECK_EQ_INT(json_integer_value(json_object_get(root, "epoch")), 7);
    json_decref(root);

    /* Not NUL-terminated: an exact-size heap copy (ASan guards the end). */
    exact = malloc((size_t)n);
    CHECK(exact != NULL);
    memcpy(exact, tok, (size_t)n);
    CHECK_EQ_INT(token_verify(&ring, exact, (size_t)n, T0, &got), TOKEN_OK);
    free(exact);

    /* A trailing NUL counted in len is not part of a token. */
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n + 1, T0, &got),
                 TOKEN_MALFORMED);

    /* Claims are optional to receive; a given jti is kept; a fresh one
     * differs each time. */
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, NULL), TOKEN_OK);
    {
        struct token_claims c2 = play_claims(), c3 = play_claims();

        strcpy(c2.jti, "00ff");
        CHECK(token_sign(&ring, &c2, tok, sizeof tok) > 0);
        CHECK_EQ_STR(c2.jti, "00ff");
        CHECK(token_sign(&ring, &c3, tok, sizeof tok) > 0);
        CHECK(strcmp(c3.jti, c.jti) != 0);
    }
}

static void test_public_key_b64(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    unsigned char pk[32];
    char out[48];
    size_t n;

    token_key_public_b64(&ring.keys[0], out);
    CHECK_EQ_INT(strlen(out), 43);
    CHECK(sodium_base642bin(pk, sizeof pk, out, strlen(out), NULL, &n, NULL,
                            B64) == 0);
    CHECK_EQ_INT(n, 32);
    CHECK(memcmp(pk, ring.keys[0].pk, 32) == 0);
}

static void test_refuses_forged_signature(void)
{
    struct token_keyring ring = ring_one("k1", 1),
                         other = ring_one("k1", 2);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1], bad[TOKEN_MAX_LEN + 1],
        json[TOKEN_MAX_LEN], *sig, *p;
    size_t sig_off, json_len;
    int n = token_sign(&ring, &c, tok, sizeof tok);

    CHECK(n > 0);
    sig_off = (size_t)(strrchr(tok, '.') - tok) + 1;

    /* One character of the signature changed (not the last one, whose
     * low bits are padding, so this changes a byte of the signature). */
    for (size_t i = sig_off; i + 1 < (size_t)n; i += 7) {
        strcpy(bad, tok);
        bad[i] = bad[i] == 'A' ? 'B' : 'A';
        CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                     TOKEN_BAD_SIGNATURE);
    }

    /* One byte of the claims changed, the signature kept. */
    json_len = claims_text(tok, json, sizeof json);
    p = strstr(json, "acct-1");
    CHECK(p != NULL);
    p[5] = '2';
    sig = strrchr(tok, '.') + 1;
    {
        size_t m = 4;

        memcpy(bad, "tp1.", 4);
        m += b64(bad + m, sizeof bad - m, json, json_len);
        bad[m++] = '.';
        strcpy(bad + m, sig);
        CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                     TOKEN_BAD_SIGNATURE);
    }

    /* Signed by another key that claims the same kid. */
    c = play_claims();
    n = token_sign(&other, &c, bad, sizeof bad);
    CHECK(n > 0);
    CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                 TOKEN_BAD_SIGNATURE);

    /* All zero signature. */
    strcpy(bad, tok);
    memset(bad + sig_off, 'A', 86);
    CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                 TOKEN_BAD_SIGNATURE);
}

static void test_refuses_expired(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1];
    int n = token_sign(&ring, &c, tok, sizeof tok);

    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, c.exp - 1, &got),
                 TOKEN_OK);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, c.exp, &got),
                 TOKEN_EXPIRED);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, c.exp + 86400, &got),
                 TOKEN_EXPIRED);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, INT64_MAX, &got),
                 TOKEN_EXPIRED);
}

static void test_refuses_iat_in_the_future(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1];
    int n = token_sign(&ring, &c, tok, sizeof tok);

    /* Up to 60 s of clock skew is forgiven, and no more. */
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, c.iat - 60, &got),
                 TOKEN_OK);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, c.iat - 61, &got),
                 TOKEN_EXPIRED);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, INT64_MIN, &got),
                 TOKEN_EXPIRED);
}

static void test_refuses_malformed_shape(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1], bad[2 * TOKEN_MAX_LEN];
    int n = token_sign(&ring, &c, tok, sizeof tok);
    size_t dot1 = 3, dot2 = (size_t)(strrchr(tok, '.') - tok);
    static const char *const shapes[] = {
        "", "t", "tp1", "tp1.", "tp1..", "tp1...", "tp1.e30",
        "tp1.e30.", ".e30.AAAA", "tp2.e30.AAAA", "TP1.e30.AAAA",
        "tp1 e30 AAAA", "tp1.e30.AAAA.AAAA",
    };

    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        CHECK_EQ_INT(token_verify(&ring, shapes[i], strlen(shapes[i]), T0,
                                  &got),
                     TOKEN_MALFORMED);
    CHECK_EQ_INT(token_verify(&ring, NULL, 0, T0, &got), TOKEN_MALFORMED);

    /* Missing parts of a real token. */
    CHECK_EQ_INT(token_verify(&ring, tok, dot2, T0, &got), TOKEN_MALFORMED);
    CHECK_EQ_INT(token_verify(&ring, tok, dot2 + 1, T0, &got),
                 TOKEN_MALFORMED);
    snprintf(bad, sizeof bad, "tp1.%s", tok + dot2);
    CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(token_verify(&ring, tok + dot1 + 1, (size_t)n - dot1 - 1,
                              T0, &got),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n - 1, T0, &got),
                 TOKEN_MALFORMED);

    /* Wrong prefix on a real token. */
    strcpy(bad, tok);
    bad[2] = '2';
    CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                 TOKEN_MALFORMED);

    /* Extra dots: appended, prepended to the signature, inside the
     * claims. */
    snprintf(bad, sizeof bad, "%s.", tok);
    CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                 TOKEN_MALFORMED);
    snprintf(bad, sizeof bad, "%s.AAAA", tok);
    CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                 TOKEN_MALFORMED);
    snprintf(bad, sizeof bad, "%.*s.%s", (int)dot2, tok, tok + dot2);
    CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                 TOKEN_MALFORMED);
    snprintf(bad, sizeof bad, "%.8s.%s", tok, tok + 8);
    CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                 TOKEN_MALFORMED);

    /* Bad base64url: other alphabets, padding, junk, a NUL. */
    static const char subst[] = {'+', '/', '=', '*', ' ', '\0', '\n'};
    for (size_t i = 0; i < sizeof subst; i++) {
        memcpy(bad, tok, (size_t)n);
        bad[dot1 + 5] = subst[i];
        CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                     TOKEN_MALFORMED);
        memcpy(bad, tok, (size_t)n);
        bad[dot2 + 5] = subst[i];
        CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                     TOKEN_MALFORMED);
    }
    /* The signature with a padding character appended. */
    snprintf(bad, sizeof bad, "%s==", tok);
    CHECK_EQ_INT(token_verify(&ring, bad, strlen(bad), T0, &got),
                 TOKEN_MALFORMED);
    /* Non-canonical: the last signature character's padding bits set (86
     * chars carry 516 bits for 512, so the last one's low 4 bits are
     * zero). */
    {
        static const char alpha[] =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int v = (int)(strchr(alpha, tok[n - 1]) - alpha);

        strcpy(bad, tok);
        bad[n - 1] = alpha[v | 1];
        CHECK_EQ_INT(token_verify(&ring, bad, (size_t)n, T0, &got),
                     TOKEN_MALFORMED);
    }

    /* Over-long: no more than TOKEN_MAX_LEN bytes are looked at. */
    memset(bad, 'A', sizeof bad);
    memcpy(bad, tok, (size_t)n);
    CHECK_EQ_INT(token_verify(&ring, bad, TOKEN_MAX_LEN + 1, T0, &got),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(token_verify(&ring, bad, sizeof bad, T0, &got),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(token_verify(&ring, bad, SIZE_MAX, T0, &got),
                 TOKEN_MALFORMED);
}

/* Claims JSON padded with spaces to n bytes. */
static void padded_claims(char *out, size_t n)
{
    static const char json[] =
        "{\"kid\":\"k1\",\"sub\":\"acct-1\",\"scope\":[\"play\"],"
        "\"iat\":1700000000,\"exp\":1700003600,\"jti\":\"ab\",\"epoch\":0";

    memcpy(out, json, sizeof json - 1);
    memset(out + sizeof json - 1, ' ', n - sizeof json);
    out[n - 1] = '}';
}

static void test_length_limit(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims got;
    char json[800], tok[2048];
    size_t n;

    /* 699 bytes of claims make a 1023-byte token, 700 a 1025-byte one. */
    padded_claims(json, 699);
    n = forge(&ring.keys[0], json, 699, tok, sizeof tok);
    CHECK_EQ_INT(n, 1023);
    CHECK_EQ_INT(token_verify(&ring, tok, n, T0, &got), TOKEN_OK);
    padded_claims(json, 700);
    n = forge(&ring.keys[0], json, 700, tok, sizeof tok);
    CHECK_EQ_INT(n, 1025);
    CHECK_EQ_INT(token_verify(&ring, tok, n, T0, &got), TOKEN_MALFORMED);
}

static void test_refuses_malformed_claims(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    /* Each is correctly signed by k1: only the claims are wrong. */
    static const char *const bad[] = {
        /* not JSON, or not an object */
        "", "hello", "{", "[]", "\"k1\"", "null", "42",
        "{\"kid\":\"k1\"}x",
        /* missing claims */
        "{}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\"}",
        "{\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,\"exp\":2,"
        "\"jti\":\"ab\",\"epoch\":0}",
        /* wrong types */
        "{\"kid\":1,\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,\"exp\":2,"
        "\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":7,\"scope\":[\"play\"],\"iat\":1,\"exp\":2,"
        "\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":\"play\",\"iat\":1,\"exp\":2,"
        "\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[1],\"iat\":1,\"exp\":2,"
        "\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":\"1\","
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1.5,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2e9,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":true,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":12,\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":null}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":5,\"seat\":1}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\",\"seat\":\"1\"}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\",\"seat\":null}",
        /* unknown or duplicate keys */
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"admin\":true}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"sub\":\"b\"}",
        /* scopes: unknown, empty, repeated, seat mixed with others */
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"root\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\",\"root\"],"
        "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"Play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\\u0000\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\",\"play\"],"
        "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\",\"play\"],"
        "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\","
        "\"seat\":1}",
        /* game and seat: only together, only with the seat scope */
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\"}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"seat\":1}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\",\"seat\":1}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"\",\"seat\":1}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\",\"seat\":-1}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\",\"seat\":256}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"game\":\"g\","
        "\"seat\":4294967296}",
        /* strings: empty, too long, odd characters */
        "{\"kid\":\"k1\",\"sub\":\"\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a b\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\\n\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"\\u00e9\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\\u0000b\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"0123456789012345678901234567890123456789\","
        "\"scope\":[\"play\"],\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"AB\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"0123456789abcdef0123456789abcdef0\",\"epoch\":0}",
        "{\"kid\":\"\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1k1k1k1k1k1k1k1k1k1k1k1k1k1k1k1\",\"sub\":\"a\","
        "\"scope\":[\"play\"],\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        /* times and epoch out of range */
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":-1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":2,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":2,\"jti\":\"ab\",\"epoch\":-1}",
        "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\"],\"iat\":1,"
        "\"exp\":99999999999999999999,\"jti\":\"ab\",\"epoch\":0}",
    };
    char tok[4096];
    struct token_claims got;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = forge(&ring.keys[0], bad[i], strlen(bad[i]), tok,
                         sizeof tok);

        if (!CHECK_EQ_INT(token_verify(&ring, tok, n, 1, &got),
                          TOKEN_MALFORMED))
            fprintf(stderr, "  claims: %s\n", bad[i]);
    }
    /* Not UTF-8. */
    {
        static const char latin1[] =
            "{\"kid\":\"k1\",\"sub\":\"\xe9\",\"scope\":[\"play\"],\"iat\":1,"
            "\"exp\":2,\"jti\":\"ab\",\"epoch\":0}";
        size_t n = forge(&ring.keys[0], latin1, sizeof latin1 - 1, tok,
                         sizeof tok);

        CHECK_EQ_INT(token_verify(&ring, tok, n, 1, &got), TOKEN_MALFORMED);
    }
    /* The control: the same shape, well-formed, is accepted. */
    CHECK_EQ_INT(
        verify_json(&ring,
                    "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"play\","
                    "\"admin\"],\"iat\":1700000000,\"exp\":1700000001,"
                    "\"jti\":\"ab\",\"epoch\":0}"),
        TOKEN_OK);
    CHECK_EQ_INT(
        verify_json(&ring,
                    " { \"epoch\" : 0 , \"jti\":\"ab\",\"exp\":1700000001,"
                    "\"iat\":1700000000,\"scope\":[\"seat\"],\"sub\":\"a\","
                    "\"seat\":0,\"game\":\"g\",\"kid\":\"k1\"}\n"),
        TOKEN_OK);
}

static void test_refuses_unknown_kid(void)
{
    struct token_keyring ring = ring_one("k1", 1), other = ring_one("k2", 1),
                         empty = {.n = 0, .signer = -1};
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1];
    int n = token_sign(&other, &c, tok, sizeof tok);

    /* Same key material, a kid we do not hold. */
    CHECK(n > 0);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got),
                 TOKEN_UNKNOWN_KEY);
    CHECK_EQ_INT(token_verify(&empty, tok, (size_t)n, T0, &got),
                 TOKEN_UNKNOWN_KEY);
    /* A kid that is a prefix of one we hold. */
    CHECK_EQ_INT(verify_json(&ring, "{\"kid\":\"k\",\"sub\":\"a\",\"scope\":"
                                    "[\"play\"],\"iat\":1700000000,\"exp\":"
                                    "1700000001,\"jti\":\"ab\",\"epoch\":0}"),
                 TOKEN_UNKNOWN_KEY);
}

static void test_key_rotation(void)
{
    struct token_keyring ring = ring_one("k-old", 1),
                         after = {.n = 0, .signer = -1};
    struct token_claims c1 = play_claims(), c2 = play_claims(), got;
    char t1[TOKEN_MAX_LEN + 1], t2[TOKEN_MAX_LEN + 1];
    unsigned char seed[32];
    int n1, n2;

    n1 = token_sign(&ring, &c1, t1, sizeof t1);
    CHECK(n1 > 0);
    CHECK_EQ_STR(c1.kid, "k-old");

    /* A new signer joins; old tokens keep verifying. */
    seed_of(seed, 2);
    token_keyring_add(&ring, "k-new", seed, 1);
    CHECK_EQ_INT(ring.n, 2);
    CHECK_EQ_INT(ring.signer, 1);
    n2 = token_sign(&ring, &c2, t2, sizeof t2);
    CHECK(n2 > 0);
    CHECK_EQ_STR(c2.kid, "k-new");
    CHECK_EQ_INT(token_verify(&ring, t1, (size_t)n1, T0, &got), TOKEN_OK);
    CHECK_EQ_STR(got.kid, "k-old");
    CHECK_EQ_INT(token_verify(&ring, t2, (size_t)n2, T0, &got), TOKEN_OK);
    CHECK_EQ_STR(got.kid, "k-new");

    /* The old key removed: its tokens fail, the new one's do not. */
    token_keyring_add(&after, "k-new", seed, 1);
    CHECK_EQ_INT(token_verify(&after, t1, (size_t)n1, T0, &got),
                 TOKEN_UNKNOWN_KEY);
    CHECK_EQ_INT(token_verify(&after, t2, (size_t)n2, T0, &got), TOKEN_OK);

    /* Adding a kid again replaces its key rather than adding one. */
    seed_of(seed, 3);
    token_keyring_add(&ring, "k-old", seed, 0);
    CHECK_EQ_INT(ring.n, 2);
    CHECK_EQ_INT(ring.signer, 1);
    CHECK_EQ_INT(token_verify(&ring, t1, (size_t)n1, T0, &got),
                 TOKEN_BAD_SIGNATURE);

    /* The ring holds TOKEN_MAX_KEYS; an invalid kid is ignored. */
    for (int i = 0; i < TOKEN_MAX_KEYS + 2; i++) {
        char kid[16];

        snprintf(kid, sizeof kid, "k%d", i);
        token_keyring_add(&ring, kid, seed, 0);
    }
    CHECK_EQ_INT(ring.n, TOKEN_MAX_KEYS);
    token_keyring_add(&after, "bad kid", seed, 1);
    token_keyring_add(&after, "", seed, 1);
    CHECK_EQ_INT(after.n, 1);
    CHECK_EQ_STR(after.keys[after.signer].kid, "k-new");

    /* A ring full of junk counts as empty. */
    {
        struct token_keyring junk;

        memset(&junk, 0x7f, sizeof junk);
        token_keyring_add(&junk, "k1", seed, 0);
        CHECK_EQ_INT(junk.n, 1);
        CHECK_EQ_INT(junk.signer, -1);
        token_keyring_add(&junk, "k2", seed, 1);
        CHECK_EQ_INT(junk.n, 2);
        CHECK_EQ_INT(junk.signer, 1);
    }
}

static void test_seat_capability_round_trip(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1], json[TOKEN_MAX_LEN];
    json_t *root;
    int n;

    c.scopes = TOKEN_SCOPE_SEAT;
    strcpy(c.game, "g-0123456789abcdef");
    c.seat = 3;
    n = token_sign(&ring, &c, tok, sizeof tok);
    CHECK(n > 0);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    check_same_claims(&got, &c);
    CHECK_EQ_INT(got.scopes, TOKEN_SCOPE_SEAT);
    CHECK_EQ_STR(got.game, "g-0123456789abcdef");
    CHECK_EQ_INT(got.seat, 3);

    claims_text(tok, json, sizeof json);
    root = json_loads(json, 0, NULL);
    CHECK_EQ_INT(json_integer_value(json_object_get(root, "seat")), 3);
    CHECK_EQ_STR(json_string_value(json_object_get(root, "scope")
                                       ? json_array_get(json_object_get(
                                                            root, "scope"),
                                                        0)
                                       : NULL),
                 "seat");
    json_decref(root);

    /* Seat 0 and the longest game id fit too. */
    c = play_claims();
    c.scopes = TOKEN_SCOPE_SEAT;
    memset(c.game, 'g', sizeof c.game - 1);
    c.seat = 0;
    n = token_sign(&ring, &c, tok, sizeof tok);
    CHECK(n > 0);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    check_same_claims(&got, &c);

    /* A play token reports no game and seat -1. */
    c = play_claims();
    c.scopes = TOKEN_SCOPE_PLAY | TOKEN_SCOPE_ADMIN;
    n = token_sign(&ring, &c, tok, sizeof tok);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    CHECK_EQ_STR(got.game, "");
    CHECK_EQ_INT(got.seat, -1);
    CHECK_EQ_INT(got.scopes, TOKEN_SCOPE_PLAY | TOKEN_SCOPE_ADMIN);
}

/* A personal token names its row (tid); only an account's token may. */
static void test_personal_token_round_trip(void)
{
    struct token_keyring ring = ring_one("k1", 1);
    struct token_claims c = play_claims(), got;
    char tok[TOKEN_MAX_LEN + 1], json[TOKEN_MAX_LEN];
    json_t *root;
    int n;

    c.scopes = TOKEN_SCOPE_READ | TOKEN_SCOPE_BOT;
    strcpy(c.tid, "5f0c9a1e-8d6b-4c1a-9e2f-0a1b2c3d4e5f");
    n = token_sign(&ring, &c, tok, sizeof tok);
    CHECK(n > 0);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    check_same_claims(&got, &c);
    CHECK_EQ_STR(got.tid, c.tid);
    claims_text(tok, json, sizeof json);
    root = json_loads(json, 0, NULL);
    CHECK_EQ_STR(json_string_value(json_object_get(root, "tid")), c.tid);
    CHECK_EQ_INT(json_array_size(json_object_get(root, "scope")), 2);
    json_decref(root);

    /* An account token carries no tid at all. */
    c = play_claims();
    n = token_sign(&ring, &c, tok, sizeof tok);
    claims_text(tok, json, sizeof json);
    CHECK(strstr(json, "tid") == NULL);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    CHECK_EQ_STR(got.tid, "");

    /* A seat capability may not name one. */
    c = play_claims();
    c.scopes = TOKEN_SCOPE_SEAT;
    strcpy(c.game, "g");
    c.seat = 0;
    strcpy(c.tid, "t1");
    CHECK_EQ_INT(token_sign(&ring, &c, tok, sizeof tok), -1);

    /* tid: a non-empty string of visible characters, nothing else */
    CHECK_EQ_INT(verify_json(&ring, "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"read\"],"
                                    "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"tid\":\"\"}"),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(verify_json(&ring, "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"read\"],"
                                    "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"tid\":7}"),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(verify_json(&ring, "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"read\"],"
                                    "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0,\"tid\":\"a b\"}"),
                 TOKEN_MALFORMED);
    CHECK_EQ_INT(verify_json(&ring, "{\"kid\":\"k1\",\"sub\":\"a\",\"scope\":[\"seat\"],"
                                    "\"iat\":1,\"exp\":2,\"jti\":\"ab\",\"epoch\":0,"
                                    "\"game\":\"g\",\"seat\":0,\"tid\":\"t\"}"),
                 TOKEN_MALFORMED);
}

/* token_sign issues nothing token_verify would refuse. */
static void test_sign_refusals(void)
{
    struct token_keyring ring = ring_one("k1", 1),
                         none = {.n = 0, .signer = -1}, pub = ring;
    struct token_claims c = play_claims(), ok = play_claims();
    char tok[TOKEN_MAX_LEN + 1];
    int n;

    CHECK_EQ_INT(token_sign(&none, &c, tok, sizeof tok), -1);
    pub.keys[0].has_secret = 0;
    CHECK_EQ_INT(token_sign(&pub, &c, tok, sizeof tok), -1);

    /* The output buffer must hold the token and its NUL. */
    n = token_sign(&ring, &ok, tok, sizeof tok);
    CHECK(n > 0);
    CHECK_EQ_INT(token_sign(&ring, &ok, tok, (size_t)n), -1);
    CHECK_EQ_INT(token_sign(&ring, &ok, tok, (size_t)n + 1), n);
    CHECK_EQ_INT(tok[n], '\0');

    struct {
        const char *why;
        struct token_claims c;
    } bad[12];
    size_t nb = 0;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bad[i].why = "";
        bad[i].c = play_claims();
    }
    bad[nb].why = "no sub", bad[nb++].c.sub[0] = '\0';
    bad[nb].why = "no scope", bad[nb++].c.scopes = 0;
    bad[nb].why = "unknown scope bit", bad[nb++].c.scopes |= 1u << 5;
    bad[nb].why = "exp == iat", bad[nb++].c.exp = T0;
    bad[nb].why = "negative epoch", bad[nb++].c.epoch = -1;
    bad[nb].why = "seat without the seat scope", bad[nb++].c.seat = 0;
    bad[nb].why = "game without the seat scope";
    strcpy(bad[nb++].c.game, "g");
    bad[nb].why = "seat scope mixed with play";
    bad[nb].c.scopes = TOKEN_SCOPE_SEAT | TOKEN_SCOPE_PLAY;
    strcpy(bad[nb].c.game, "g");
    bad[nb++].c.seat = 1;
    bad[nb].why = "seat scope without a game";
    bad[nb].c.scopes = TOKEN_SCOPE_SEAT;
    bad[nb++].c.seat = 1;
    bad[nb].why = "jti not hex";
    strcpy(bad[nb++].c.jti, "xyz");
    bad[nb].why = "sub not NUL-terminated";
    memset(bad[nb++].c.sub, 'a', sizeof c.sub);
    bad[nb].why = "seat too large";
    bad[nb].c.scopes = TOKEN_SCOPE_SEAT;
    strcpy(bad[nb].c.game, "g");
    bad[nb++].c.seat = 256;
    CHECK_EQ_INT(nb, sizeof bad / sizeof bad[0]);

    for (size_t i = 0; i < nb; i++) {
        struct token_claims before = bad[i].c;

        if (!CHECK_EQ_INT(token_sign(&ring, &bad[i].c, tok, sizeof tok), -1))
            fprintf(stderr, "  case: %s\n", bad[i].why);
        /* Left as it was. */
        CHECK(memcmp(&before, &bad[i].c, sizeof before) == 0);
    }
}

/* ---- key files --------------------------------------------------------- */

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void remove_file(const char *dir, const char *name)
{
    char path[1024];

    CHECK(snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path);
    CHECK_EQ_INT(unlink(path), 0);
}

/* Removes dir and the files in it (no subdirectories expected). */
static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;

    if (d) {
        while ((e = readdir(d)) != NULL)
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
                remove_file(dir, e->d_name);
        closedir(d);
    }
    CHECK_EQ_INT(rmdir(dir), 0);
}

static int kid_looks_generated(const char *kid)
{
    /* k + 8 hex + '-' + YYYYMMDD */
    return strlen(kid) == 18 && kid[0] == 'k' &&
           strspn(kid + 1, "0123456789abcdef") == 8 && kid[9] == '-' &&
           strspn(kid + 10, "0123456789") == 8;
}

static void test_key_files(void)
{
    char base[] = "/tmp/tp_test_token_XXXXXX", dir[256], path[512],
         kid1[32], kid2[32], err[256], tok[TOKEN_MAX_LEN + 1];
    struct token_keyring ring, before;
    struct token_claims c = play_claims(), got;
    struct stat st;
    unsigned char seed[32];
    char seed_b64[64], text[256];
    int n;

    CHECK(mkdtemp(base) != NULL);
    snprintf(dir, sizeof dir, "%s/keys", base);

    /* generate creates the directory 0700 and a 0600 key file. */
    memset(kid1, 0, sizeof kid1);
    CHECK_EQ_INT(token_key_generate(dir, kid1, err, sizeof err), 0);
    CHECK(kid_looks_generated(kid1));
    CHECK_EQ_INT(stat(dir, &st), 0);
    CHECK(S_ISDIR(st.st_mode));
    CHECK_EQ_INT(st.st_mode & 0777, 0700);
    snprintf(path, sizeof path, "%s/%s.key", dir, kid1);
    CHECK_EQ_INT(stat(path, &st), 0);
    CHECK_EQ_INT(st.st_mode & 0777, 0600);
    {
        json_error_t jerr;
        json_t *root = json_load_file(path, 0, &jerr);
        const char *k, *s;
        json_int_t created;

        CHECK(root != NULL);
        CHECK_EQ_INT(json_unpack_ex(root, &jerr, JSON_STRICT,
                                    "{s:s, s:s, s:I}", "kid", &k, "seed", &s,
                                    "created", &created),
                     0);
        CHECK_EQ_STR(k, kid1);
        CHECK_EQ_INT(strlen(s), 43);
        CHECK(created > T0);
        json_decref(root);
    }

    /* load_dir finds it, and it signs. */
    memset(&ring, 0xff, sizeof ring);
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), 0);
    CHECK_EQ_INT(ring.n, 1);
    CHECK_EQ_INT(ring.signer, 0);
    CHECK_EQ_STR(ring.keys[0].kid, kid1);
    CHECK(ring.keys[0].has_secret);
    n = token_sign(&ring, &c, tok, sizeof tok);
    CHECK(n > 0);
    CHECK_EQ_STR(c.kid, kid1);

    /* A second key: both verify; tokens of the first still do. */
    CHECK_EQ_INT(token_key_generate(dir, kid2, err, sizeof err), 0);
    CHECK(strcmp(kid1, kid2) != 0);
    before = ring;
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), 0);
    CHECK_EQ_INT(ring.n, 2);
    CHECK(ring.signer == 0 || ring.signer == 1);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got), TOKEN_OK);
    for (int i = 0; i < ring.n; i++)
        if (strcmp(ring.keys[i].kid, kid1) == 0)
            CHECK(memcmp(ring.keys[i].pk, before.keys[0].pk, 32) == 0);

    /* The newest by "created" signs, whatever the names; ties go to the
     * larger kid. Files not named *.key, and dot-files, are skipped. */
    seed_of(seed, 9);
    sodium_bin2base64(seed_b64, sizeof seed_b64, seed, 32, B64);
    snprintf(text, sizeof text,
             "{\"kid\": \"a-future\", \"seed\": \"%s\", \"created\": "
             "4102444800}",
             seed_b64);
    write_file(dir, "zzz.key", text);
    snprintf(text, sizeof text,
             "{\"kid\": \"a-past\", \"seed\": \"%s\", \"created\": 1}",
             seed_b64);
    write_file(dir, "aaa.key", text);
    write_file(dir, "notes.txt", "not a key");
    write_file(dir, "old.key.bak", "not a key");
    write_file(dir, ".hidden.key", "not a key");
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), 0);
    CHECK_EQ_INT(ring.n, 4);
    CHECK_EQ_STR(ring.keys[ring.signer].kid, "a-future");
    CHECK_EQ_STR(ring.keys[0].kid, "a-past");
    {
        struct token_keyring want = ring_one("a-future", 9);

        CHECK(memcmp(ring.keys[ring.signer].pk, want.keys[0].pk, 32) == 0);
    }
    snprintf(text, sizeof text,
             "{\"kid\": \"b-future\", \"seed\": \"%s\", \"created\": "
             "4102444800}",
             seed_b64);
    write_file(dir, "b.key", text);
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), 0);
    CHECK_EQ_STR(ring.keys[ring.signer].kid, "b-future");
    remove_file(dir, "b.key");

    /* A removed key file: its tokens no longer verify. */
    snprintf(path, sizeof path, "%s.key", kid1);
    remove_file(dir, path);
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), 0);
    CHECK_EQ_INT(ring.n, 3);
    CHECK_EQ_INT(token_verify(&ring, tok, (size_t)n, T0, &got),
                 TOKEN_UNKNOWN_KEY);

    /* Bad key files fail the whole load and leave the ring alone. */
    {
        static const char *const bad[] = {
            "",
            "not json",
            "[]",
            "{\"kid\": \"x\", \"seed\": \"%s\"}",
            "{\"kid\": \"x\", \"seed\": \"%s\", \"created\": 1, \"y\": 1}",
            "{\"kid\": \"x\", \"seed\": \"%s\", \"created\": \"1\"}",
            "{\"kid\": \"x\", \"seed\": \"%s\", \"created\": -1}",
            "{\"kid\": \"\", \"seed\": \"%s\", \"created\": 1}",
            "{\"kid\": \"a b\", \"seed\": \"%s\", \"created\": 1}",
            ("{\"kid\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", "
             "\"seed\": \"%s\", \"created\": 1}"),
            "{\"kid\": \"x\", \"seed\": \"%sAA\", \"created\": 1}",
            "{\"kid\": \"x\", \"seed\": \"AAAA\", \"created\": 1}%s",
            "{\"kid\": \"x\", \"seed\": \"%s=\", \"created\": 1}",
            "{\"kid\": \"a-past\", \"seed\": \"%s\", \"created\": 1}",
        };

        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            before = ring;
            snprintf(text, sizeof text, bad[i], seed_b64);
            write_file(dir, "bad.key", text);
            err[0] = '\0';
            if (!CHECK_EQ_INT(
                    token_keyring_load_dir(&ring, dir, err, sizeof err), -1))
                fprintf(stderr, "  key file: %s\n", text);
            /* A repeated kid may be reported at either file. */
            CHECK(strstr(err, "bad.key") != NULL ||
                  strstr(err, "appears twice") != NULL);
            CHECK(memcmp(&before, &ring, sizeof ring) == 0);
        }
        remove_file(dir, "bad.key");
    }
    /* Too many keys. */
    for (int i = 0; i < TOKEN_MAX_KEYS; i++) {
        char name[32];

        snprintf(name, sizeof name, "many%d.key", i);
        snprintf(text, sizeof text,
                 "{\"kid\": \"many%d\", \"seed\": \"%s\", \"created\": 5}", i,
                 seed_b64);
        write_file(dir, name, text);
    }
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), -1);
    CHECK(strstr(err, "more than") != NULL);
    for (int i = 0; i < TOKEN_MAX_KEYS; i++) {
        char name[32];

        snprintf(name, sizeof name, "many%d.key", i);
        remove_file(dir, name);
    }
    CHECK_EQ_INT(token_keyring_load_dir(&ring, dir, err, sizeof err), 0);

    /* A missing directory is an error; an empty one loads no keys. */
    snprintf(path, sizeof path, "%s/missing", base);
    CHECK_EQ_INT(token_keyring_load_dir(&ring, path, err, sizeof err), -1);
    CHECK(strstr(err, "missing") != NULL);
    CHECK_EQ_INT(mkdir(path, 0700), 0);
    CHECK_EQ_INT(token_keyring_load_dir(&ring, path, err, sizeof err), 0);
    CHECK_EQ_INT(ring.n, 0);
    CHECK_EQ_INT(ring.signer, -1);
    CHECK_EQ_INT(token_sign(&ring, &c, tok, sizeof tok), -1);
    CHECK_EQ_INT(rmdir(path), 0);

    /* generate into something that is not a directory. */
    write_file(base, "plain", "x");
    snprintf(path, sizeof path, "%s/plain", base);
    CHECK_EQ_INT(token_key_generate(path, NULL, err, sizeof err), -1);
    remove_file(base, "plain");

    remove_tree(dir);
    CHECK_EQ_INT(rmdir(base), 0);
}

int main(void)
{
    if (sodium_init() < 0)
        return 2;
    RUN(test_sign_verify_round_trip);
    RUN(test_public_key_b64);
    RUN(test_refuses_forged_signature);
    RUN(test_refuses_expired);
    RUN(test_refuses_iat_in_the_future);
    RUN(test_refuses_malformed_shape);
    RUN(test_length_limit);
    RUN(test_refuses_malformed_claims);
    RUN(test_refuses_unknown_kid);
    RUN(test_key_rotation);
    RUN(test_seat_capability_round_trip);
    RUN(test_personal_token_round_trip);
    RUN(test_sign_refusals);
    RUN(test_key_files);
    return check_summary();
}
