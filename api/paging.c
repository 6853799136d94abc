/* Cursors, limits and the links to the next page, for every list. */
#define _GNU_SOURCE   /* asprintf */
#include "paging.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "common.h"

#define TAG_BYTES 16

static unsigned char spare_key[32];
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;

/* Without a signing key, cursors are good on this process only. */
static void spare_init(void)
{
    randombytes_buf(spare_key, sizeof spare_key);
}

/* The cursor key of a signing key: never the signing key itself. */
static void key_of(const struct token_key *k, unsigned char out[32])
{
    static const char label[] = "turnpost-cursor-key-1";

    crypto_generichash(out, 32, (const unsigned char *)label, sizeof label - 1, k->sk, 32);
}

static void absorb(crypto_generichash_state *st, const char *s, size_t n)
{
    unsigned char len[8];

    for (int i = 0; i < 8; i++)
        len[i] = (unsigned char)((uint64_t)n >> (56 - 8 * i));
    crypto_generichash_update(st, len, sizeof len);
    crypto_generichash_update(st, (const unsigned char *)s, n);
}

/* 1 when the query parameter key says where the list is, not what it is. */
static int is_position(const struct paging *pg, const char *key)
{
    return strcmp(key, "limit") == 0 || strcmp(key, "cursor") == 0 ||
           (pg->position && strcmp(key, pg->position) == 0);
}

static int by_key(const void *a, const void *b)
{
    return strcmp(**(char *const *const *)a, **(char *const *const *)b);
}

/*
 * The tag of sort key in the list r asks for: its path and its other query
 * parameters, in the order of their names (they are given once each).
 */
static void tag_of(const struct request *r, const struct paging *pg, const unsigned char key[32],
                   const char *sortkey, size_t keylen, unsigned char tag[TAG_BYTES])
{
    static const char label[] = "turnpost-cursor-1";
    char *const *keys[HTTP_MAX_QUERY];
    crypto_generichash_state st;
    int n = 0;

    for (int i = 0; i < r->query_count; i++)
        if (!is_position(pg, r->query_keys[i]))
            keys[n++] = &r->query_keys[i];
    qsort(keys, (size_t)n, sizeof keys[0], by_key);
    crypto_generichash_init(&st, key, 32, TAG_BYTES);
    absorb(&st, label, sizeof label - 1);
    absorb(&st, r->path, strlen(r->path));
    for (int i = 0; i < n; i++) {
        const char *v = r->query_values[keys[i] - r->query_keys];

        absorb(&st, *keys[i], strlen(*keys[i]));
        absorb(&st, v, strlen(v));
    }
    absorb(&st, sortkey, keylen);
    crypto_generichash_final(&st, tag, TAG_BYTES);
}

/* The key cursors are made with now; 0 when it is the spare. */
static int signing_key(const struct token_keyring *keys, unsigned char out[32])
{
    if (keys && keys->signer >= 0 && keys->keys[keys->signer].has_secret) {
        key_of(&keys->keys[keys->signer], out);
        return 1;
    }
    pthread_once(&spare_once, spare_init);
    memcpy(out, spare_key, 32);
    return 0;
}

/* 1 when tag is sortkey's under any key we hold (an older one too). */
static int tag_ok(const struct request *r, const struct paging *pg,
                  const struct token_keyring *keys, const char *sortkey, size_t keylen,
                  const unsigned char *tag)
{
    unsigned char k[32], want[TAG_BYTES];
    int ok = 0;

    signing_key(keys, k);
    tag_of(r, pg, k, sortkey, keylen, want);
    ok = crypto_verify_16(want, tag) == 0;
    for (int i = 0; keys && !ok && i < keys->n; i++) {
        if (!keys->keys[i].has_secret)
            continue;
        key_of(&keys->keys[i], k);
        tag_of(r, pg, k, sortkey, keylen, want);
        ok = crypto_verify_16(want, tag) == 0;
    }
    sodium_memzero(k, sizeof k);
    return ok;
}

int paging_or_reply(struct request *r, const struct token_keyring *keys,
                    const char *position, struct paging *pg)
{
    const char *limit = request_query(r, "limit"), *cursor = request_query(r, "cursor");
    unsigned char raw[PAGING_KEY_MAX + TAG_BYTES];
    size_t len = 0;

    memset(pg, 0, sizeof *pg);
    pg->limit = PAGING_DEFAULT_LIMIT;
    pg->position = position;
    if (limit && parse_int_in(limit, 1, PAGING_MAX_LIMIT, &pg->limit)) {
        reply_problem(r, PROBLEM_invalid_parameter, "limit is 1 to %d.", PAGING_MAX_LIMIT);
        return -1;
    }
    if (!cursor)
        return 0;
    if (position && request_query(r, position)) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "Give cursor or %s, not both: the cursor says where the page starts.",
                      position);
        return -1;
    }
    if (sodium_base642bin(raw, sizeof raw, cursor, strlen(cursor), NULL, &len, NULL,
                          sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
        len <= TAG_BYTES || memchr(raw, 0, len - TAG_BYTES) ||
        !tag_ok(r, pg, keys, (const char *)raw, len - TAG_BYTES, raw + len - TAG_BYTES)) {
        reply_problem(r, PROBLEM_invalid_parameter,
                      "cursor is not one this list gave out (with these parameters); "
                      "follow the list's next link, or leave cursor out for the first page.");
        return -1;
    }
    memcpy(pg->buf, raw, len - TAG_BYTES);
    pg->buf[len - TAG_BYTES] = 0;
    pg->key = pg->buf;
    return 0;
}

/* Appends s percent-encoded (all but RFC 3986's unreserved) to out. */
static void put_encoded(char **out, size_t *used, size_t *cap, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";

    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;

        if (*used + 4 > *cap) {
            *cap *= 2;
            if (!(*out = realloc(*out, *cap)))
                abort();
        }
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~') {
            (*out)[(*used)++] = (char)c;
        } else {
            (*out)[(*used)++] = '%';
            (*out)[(*used)++] = hex[c >> 4];
            (*out)[(*used)++] = hex[c & 15];
        }
    }
    (*out)[*used] = 0;
}

static void put_raw(char **out, size_t *used, size_t *cap, const char *s)
{
    size_t n = strlen(s);

    while (*used + n + 1 > *cap) {
        *cap *= 2;
        if (!(*out = realloc(*out, *cap)))
            abort();
    }
    memcpy(*out + *used, s, n + 1);
    *used += n;
}

void paging_finish(struct request *r, const struct token_keyring *keys,
                   const struct paging *pg, const char *next_key, json_t *body)
{
    unsigned char k[32], raw[PAGING_KEY_MAX + TAG_BYTES];
    char cursor[sodium_base64_ENCODED_LEN(PAGING_KEY_MAX + TAG_BYTES,
                                          sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
    char limit[24];
    size_t n, used = 0, cap = 256;
    char *url;

    free(r->link);
    r->link = NULL;
    if (!next_key || (n = strlen(next_key)) > PAGING_KEY_MAX) {
        json_object_set_new(body, "next", json_null());
        return;
    }
    signing_key(keys, k);
    memcpy(raw, next_key, n);
    tag_of(r, pg, k, next_key, n, raw + n);
    sodium_memzero(k, sizeof k);
    sodium_bin2base64(cursor, sizeof cursor, raw, n + TAG_BYTES,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    if (!(url = malloc(cap)))
        abort();
    url[0] = 0;
    put_raw(&url, &used, &cap, r->path);
    put_raw(&url, &used, &cap, "?");
    for (int i = 0; i < r->query_count; i++) {
        if (is_position(pg, r->query_keys[i]))
            continue;
        put_encoded(&url, &used, &cap, r->query_keys[i]);
        put_raw(&url, &used, &cap, "=");
        put_encoded(&url, &used, &cap, r->query_values[i]);
        put_raw(&url, &used, &cap, "&");
    }
    snprintf(limit, sizeof limit, "limit=%ld&cursor=", pg->limit);
    put_raw(&url, &used, &cap, limit);
    put_raw(&url, &used, &cap, cursor);
    json_object_set_new(body, "next", json_string(url));
    if (asprintf(&r->link, "<%s>; rel=\"next\"", url) < 0)
        abort();
    free(url);
}

int paging_key_int(const char *key, long long min, long long *out)
{
    char *end;

    if (!key || !*key || *key == '-' || *key == '+')
        return -1;
    *out = strtoll(key, &end, 10);
    return *end || *out < min ? -1 : 0;
}

int paging_key_time_id(const char *key, char us[24], char id[37])
{
    const char *colon = key ? strchr(key, ':') : NULL;
    size_t n = colon ? (size_t)(colon - key) : 0;

    if (!colon || n == 0 || n >= 24 || strspn(key, "0123456789") != n ||
        !uuid_valid(colon + 1))
        return -1;
    memcpy(us, key, n);
    us[n] = 0;
    snprintf(id, 37, "%s", colon + 1);
    return 0;
}
