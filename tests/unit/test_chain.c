/*
 * test_chain.c - the move log's hash chain (api/chain.h): the bytes it
 * hashes are the ones the header documents, built here by hand; every
 * field of an entry and the hash before it count; the JSON is printed
 * canonically, so the value the server built and the one read back from
 * PostgreSQL or an export print alike; the key comes from the seed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "chain.h"
#include "check.h"

#define GAME "5b0c8f52-6f7e-4a55-9a51-1f0d7e1a2b3c"
#define COMMITMENT "05113b45cc18a51bc4986afc4dd2b5c1620883969097697d1205f95a17a6419e"

/* A byte string built field by field, as chain.h describes. */
struct bytes {
    unsigned char b[4096];
    size_t n;
};

static void put_field(struct bytes *o, const void *p, size_t len)
{
    for (int i = 7; i >= 0; i--)
        o->b[o->n++] = (unsigned char)(((uint64_t)len >> (8 * i)) & 0xff);
    memcpy(o->b + o->n, p, len);
    o->n += len;
}

static void put_text(struct bytes *o, const char *s)
{
    put_field(o, s, strlen(s));
}

static void put_int(struct bytes *o, int64_t v)
{
    unsigned char b[8];

    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(((uint64_t)v >> (56 - 8 * i)) & 0xff);
    put_field(o, b, 8);
}

static void seed_of(unsigned char seed[32], unsigned char b)
{
    for (int i = 0; i < 32; i++)
        seed[i] = (unsigned char)(b * 7 + i);
}

/* json_dumps(the JSON text, CHAIN_JSON_FLAGS); free() it. */
static char *canonical(const char *text)
{
    json_t *v = json_loads(text, 0, NULL);
    char *s = v ? json_dumps(v, CHAIN_JSON_FLAGS) : NULL;

    json_decref(v);
    return s;
}

/* A move entry of an Iron Future-like game, with a private event. */
struct sample {
    char *move, *events;
    struct chain_entry e;
};

static void sample_make(struct sample *s)
{
    s->move = canonical("{\"type\":\"deploy\",\"location\":2,\"card\":\"scout\"}");
    s->events = canonical("[{\"type\":\"deployed\",\"seat\":1,\"location\":2},"
                          "{\"type\":\"drew\",\"to\":[1],\"cards\":[\"tank\",\"mech\"]}]");
    s->e = (struct chain_entry){GAME, 7, 1, "move", s->move, s->events, 123};
}

static void sample_free(struct sample *s)
{
    free(s->move);
    free(s->events);
}

static void test_hashes_the_documented_bytes(void)
{
    unsigned char seed[32], key[32], want_key[32], genesis[32], want_genesis[32];
    unsigned char h[32], want[32];
    struct bytes k = {0}, g = {0}, m = {0};
    struct sample s;

    seed_of(seed, 1);
    sample_make(&s);
    put_text(&k, "turnpost-log-key-1");
    put_text(&k, GAME);
    crypto_generichash(want_key, 32, k.b, k.n, seed, 32);
    chain_key(key, seed, 32, GAME);
    CHECK(memcmp(key, want_key, 32) == 0);

    put_text(&g, "turnpost-log-genesis-1");
    put_text(&g, GAME);
    put_text(&g, COMMITMENT);
    put_int(&g, 1);
    crypto_generichash(want_genesis, 32, g.b, g.n, NULL, 0);
    chain_genesis(genesis, GAME, COMMITMENT, 1);
    CHECK(memcmp(genesis, want_genesis, 32) == 0);

    /* the JSON written out by hand: keys sorted, no spaces */
    put_text(&m, "turnpost-log-entry-1");
    put_field(&m, genesis, 32);
    put_text(&m, GAME);
    put_int(&m, 7);
    put_int(&m, 1);
    put_text(&m, "move");
    put_text(&m, "{\"card\":\"scout\",\"location\":2,\"type\":\"deploy\"}");
    put_text(&m, "[{\"location\":2,\"seat\":1,\"type\":\"deployed\"},"
                 "{\"cards\":[\"tank\",\"mech\"],\"to\":[1],\"type\":\"drew\"}]");
    put_int(&m, 123);
    crypto_generichash(want, 32, m.b, m.n, want_key, 32);
    chain_entry_hash(h, key, genesis, &s.e);
    CHECK(memcmp(h, want, 32) == 0);
    sample_free(&s);
}

static void test_the_setup_seat_is_minus_one_in_twos_complement(void)
{
    unsigned char key[32] = {0}, prev[32] = {0}, h[32], want[32];
    struct chain_entry e = {GAME, 1, -1, "setup", "{}", "[]", 0};
    struct bytes m = {0};

    put_text(&m, "turnpost-log-entry-1");
    put_field(&m, prev, 32);
    put_text(&m, GAME);
    put_int(&m, 1);
    put_field(&m, "\xff\xff\xff\xff\xff\xff\xff\xff", 8);
    put_text(&m, "setup");
    put_text(&m, "{}");
    put_text(&m, "[]");
    put_int(&m, 0);
    crypto_generichash(want, 32, m.b, m.n, key, 32);
    chain_entry_hash(h, key, prev, &e);
    CHECK(memcmp(h, want, 32) == 0);
}

/* Whether e after prev, keyed with key, hashes to something else than base. */
static int hashes_otherwise(const unsigned char *key, const unsigned char *prev,
                            const struct chain_entry *e, const unsigned char *base)
{
    unsigned char h[32];

    chain_entry_hash(h, key, prev, e);
    return memcmp(h, base, 32) != 0;
}

/* Any change to the entry or to the hash before it changes its hash. */
static void test_every_field_and_the_previous_hash_count(void)
{
    unsigned char key[32], prev[32], base[32];
    struct sample s;
    struct chain_entry e[7];
    char *other_move, *other_events;

    chain_key(key, (const unsigned char *)"0123456789abcdef0123456789abcdef", 32, GAME);
    chain_genesis(prev, GAME, COMMITMENT, 1);
    sample_make(&s);
    other_move = canonical("{\"type\":\"deploy\",\"location\":1,\"card\":\"scout\"}");
    /* only the private event differs: a different hand drawn */
    other_events = canonical("[{\"type\":\"deployed\",\"seat\":1,\"location\":2},"
                             "{\"type\":\"drew\",\"to\":[1],\"cards\":[\"tank\",\"tank\"]}]");
    chain_entry_hash(base, key, prev, &s.e);
    for (int i = 0; i < 7; i++)
        e[i] = s.e;
    e[0].game_id = "5b0c8f52-6f7e-4a55-9a51-1f0d7e1a2b3d";
    e[1].seq = 8;
    e[2].seat = 0;
    e[3].kind = "resign";
    e[4].move = other_move;
    e[5].events = other_events;
    e[6].rng_pos = 124;
    for (int i = 0; i < 7; i++)
        CHECK(hashes_otherwise(key, prev, &e[i], base));
    prev[31] ^= 1;
    CHECK(hashes_otherwise(key, prev, &s.e, base));
    prev[31] ^= 1;
    key[0] ^= 1;
    CHECK(hashes_otherwise(key, prev, &s.e, base));
    free(other_move);
    free(other_events);
    sample_free(&s);
}

/*
 * The JSON is printed canonically: key order, spacing and escapes of the
 * text it was read from do not matter, as PostgreSQL's jsonb keeps none
 * of them; nor does printing it and reading it back, as the server does.
 */
static void test_the_json_is_canonical(void)
{
    const char *forms[] = {
        "{\"type\":\"buy\",\"card\":\"caf\\u00e9\",\"n\":[1,2],\"x\":{\"b\":1,\"a\":null}}",
        ("{ \"n\" : [ 1, 2 ],\n \"card\": \"caf\xc3\xa9\", \"x\": {\"a\": null, \"b\": 1},"
         " \"type\": \"buy\" }"),
        /* jsonb's own order: shorter keys first */
        "{\"n\": [1, 2], \"x\": {\"a\": null, \"b\": 1}, \"card\": \"caf\xc3\xa9\", \"type\": \"buy\"}",
    };
    char *first = canonical(forms[0]);

    CHECK_EQ_STR(first, "{\"card\":\"caf\xc3\xa9\",\"n\":[1,2],\"type\":\"buy\","
                        "\"x\":{\"a\":null,\"b\":1}}");
    for (size_t i = 1; i < sizeof forms / sizeof *forms; i++) {
        char *c = canonical(forms[i]);

        CHECK_EQ_STR(c, first);
        free(c);
    }
    {
        char *again = canonical(first);

        CHECK_EQ_STR(again, first);
        free(again);
    }
    free(first);
}

static void test_the_key_and_the_genesis_depend_on_the_game(void)
{
    unsigned char s1[32], s2[32], k1[32], k2[32], g1[32], g2[32];

    seed_of(s1, 1);
    seed_of(s2, 2);
    chain_key(k1, s1, 32, GAME);
    chain_key(k2, s2, 32, GAME);
    CHECK(memcmp(k1, k2, 32) != 0);
    chain_key(k2, s1, 32, "5b0c8f52-6f7e-4a55-9a51-1f0d7e1a2b3d");
    CHECK(memcmp(k1, k2, 32) != 0);
    CHECK(memcmp(k1, s1, 32) != 0);
    chain_genesis(g1, GAME, COMMITMENT, 1);
    chain_genesis(g2, GAME, COMMITMENT, 5);
    CHECK(memcmp(g1, g2, 32) != 0);
    chain_genesis(g2, "5b0c8f52-6f7e-4a55-9a51-1f0d7e1a2b3d", COMMITMENT, 1);
    CHECK(memcmp(g1, g2, 32) != 0);
    chain_genesis(g2, GAME, "15113b45cc18a51bc4986afc4dd2b5c1620883969097697d1205f95a17a6419e", 1);
    CHECK(memcmp(g1, g2, 32) != 0);
}

/* The server's step: from the head in hex, or the genesis at entry from. */
static void test_next_hex_chains_from_the_head(void)
{
    unsigned char seed[32], key[32], h[32];
    char head[CHAIN_HEX_LEN] = "", want[CHAIN_HEX_LEN];
    struct chain_entry e = {GAME, 1, -1, "setup", "{}", "[{\"type\":\"dealt\"}]", 40};

    seed_of(seed, 5);
    chain_key(key, seed, 32, GAME);
    /* entry 1 after the genesis */
    chain_genesis(h, GAME, COMMITMENT, 1);
    chain_entry_hash(h, key, h, &e);
    sodium_bin2hex(want, sizeof want, h, 32);
    CHECK_EQ_INT(chain_next_hex(head, "", seed, 32, COMMITMENT, 1, &e), 0);
    CHECK_EQ_STR(head, want);
    /* entry 2 after entry 1 */
    e = (struct chain_entry){GAME, 2, 0, "resign", "{\"type\":\"resign\"}", "[]", 40};
    chain_entry_hash(h, key, h, &e);
    sodium_bin2hex(want, sizeof want, h, 32);
    CHECK_EQ_INT(chain_next_hex(head, head, seed, 32, COMMITMENT, 1, &e), 0);
    CHECK_EQ_STR(head, want);
    /* no head, but not the first chained entry: the chain is broken */
    CHECK_EQ_INT(chain_next_hex(want, "", seed, 32, COMMITMENT, 1, &e), -1);
    /* a game older than the chain: its first chained entry is 2 */
    CHECK_EQ_INT(chain_next_hex(want, "", seed, 32, COMMITMENT, 2, &e), 0);
    CHECK(strcmp(want, head) != 0);
    CHECK_EQ_INT(chain_next_hex(want, "abc", seed, 32, COMMITMENT, 1, &e), -1);
    CHECK_EQ_INT(chain_next_hex(want, "zz5b4c", seed, 32, COMMITMENT, 1, &e), -1);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    RUN(test_hashes_the_documented_bytes);
    RUN(test_the_setup_seat_is_minus_one_in_twos_complement);
    RUN(test_every_field_and_the_previous_hash_count);
    RUN(test_the_json_is_canonical);
    RUN(test_the_key_and_the_genesis_depend_on_the_game);
    RUN(test_next_hex_chains_from_the_head);
    return check_summary();
}
