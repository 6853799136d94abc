/*
 * test_paging.c - cursors (api/paging.h): a page's next cursor reads back
 * as the sort key it was made from, on the same list with the same
 * filters only; a changed byte, another path or filter, or no key that
 * made it is refused; a key kept after rotation still reads its cursors;
 * next and Link carry the filters percent-encoded and the limit.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "check.h"
#include "paging.h"

struct req {
    struct request r;
    struct token_keyring ring;
};

/* A request for path with the query pairs kv (NULL-terminated). */
static void req_init(struct req *q, const char *path, const char *const *kv)
{
    static const unsigned char seed[32] = {1, 2, 3};

    memset(q, 0, sizeof *q);
    q->r.path = strdup(path);
    for (; kv && kv[0]; kv += 2, q->r.query_count++) {
        q->r.query_keys[q->r.query_count] = strdup(kv[0]);
        q->r.query_values[q->r.query_count] = strdup(kv[1]);
    }
    token_keyring_add(&q->ring, "k1", seed, 1);
}

static void req_free(struct req *q)
{
    free(q->r.path);
    for (int i = 0; i < q->r.query_count; i++) {
        free(q->r.query_keys[i]);
        free(q->r.query_values[i]);
    }
    free(q->r.response);
    free(q->r.link);
}

/* The cursor of the next page after sort key, made on q. */
static void cursor_of(struct req *q, const char *key, char *out, size_t n)
{
    struct paging pg;
    json_t *body = json_object();
    const char *next, *c;

    CHECK(paging_or_reply(&q->r, &q->ring, NULL, &pg) == 0);
    paging_finish(&q->r, &q->ring, &pg, key, body);
    next = json_string_value(json_object_get(body, "next"));
    c = next ? strstr(next, "cursor=") : NULL;
    snprintf(out, n, "%s", c ? c + 7 : "");
    json_decref(body);
}

/* Reads cursor on a request for path and kv; returns paging_or_reply's. */
static int read_on(const char *path, const char *const *kv, const char *cursor,
                   struct token_keyring *ring, char *key, size_t n)
{
    const char *with[2 * HTTP_MAX_QUERY + 3];
    struct paging pg;
    struct req q;
    int i = 0, rc;

    for (; kv && kv[i]; i++)
        with[i] = kv[i];
    with[i++] = "cursor";
    with[i++] = cursor;
    with[i] = NULL;
    req_init(&q, path, with);
    rc = paging_or_reply(&q.r, ring ? ring : &q.ring, NULL, &pg);
    snprintf(key, n, "%s", rc == 0 && pg.key ? pg.key : "");
    if (rc)
        CHECK_EQ_INT(q.r.status, 400);
    req_free(&q);
    return rc;
}

static void test_round_trip(void)
{
    const char *const kv[] = {"created_by", "a b&c", "limit", "2", NULL};
    char cursor[256], key[128];
    struct req q;

    req_init(&q, "/v1/games", kv);
    cursor_of(&q, "1796174133334645:a7fd5113-ac84-4eb7-9775-105404ac7b2b", cursor,
              sizeof cursor);
    CHECK(cursor[0] != 0);
    CHECK(strstr(q.r.link, "</v1/games?created_by=a%20b%26c&limit=2&cursor=") == q.r.link);
    CHECK(strstr(q.r.link, ">; rel=\"next\"") != NULL);
    req_free(&q);

    /* the same list and filter, any limit: the key comes back */
    CHECK(read_on("/v1/games", (const char *const[]){"created_by", "a b&c", NULL}, cursor,
                  NULL, key, sizeof key) == 0);
    CHECK_EQ_STR(key, "1796174133334645:a7fd5113-ac84-4eb7-9775-105404ac7b2b");
    CHECK(read_on("/v1/games", (const char *const[]){"limit", "9", "created_by", "a b&c", NULL},
                  cursor, NULL, key, sizeof key) == 0);
    /* another filter, none, another path */
    CHECK(read_on("/v1/games", (const char *const[]){"created_by", "a b", NULL}, cursor, NULL,
                  key, sizeof key) != 0);
    CHECK(read_on("/v1/games", NULL, cursor, NULL, key, sizeof key) != 0);
    CHECK(read_on("/v1/me/games", (const char *const[]){"created_by", "a b&c", NULL}, cursor,
                  NULL, key, sizeof key) != 0);
}

static void test_tampering(void)
{
    const char *const kv[] = {"status", "finished", NULL};
    char cursor[256], bad[256], key[128];
    struct req q;

    req_init(&q, "/v1/games", kv);
    cursor_of(&q, "17", cursor, sizeof cursor);
    req_free(&q);
    CHECK(read_on("/v1/games", kv, cursor, NULL, key, sizeof key) == 0);
    CHECK_EQ_STR(key, "17");
    for (size_t i = 0; i < strlen(cursor); i++) {
        snprintf(bad, sizeof bad, "%s", cursor);
        bad[i] = bad[i] == 'A' ? 'B' : 'A';
        CHECK(read_on("/v1/games", kv, bad, NULL, key, sizeof key) != 0);
    }
    for (const char *const *b = (const char *const[]){"", "=", "A", "AAAA", "!!!!", "MTc", NULL};
         *b; b++)
        CHECK(read_on("/v1/games", kv, *b, NULL, key, sizeof key) != 0);
}

static void test_rotation(void)
{
    static const unsigned char other[32] = {9};
    const char *const kv[] = {"status", "open", NULL};
    struct token_keyring ring, stranger;
    char cursor[256], key[128];
    struct req q;

    req_init(&q, "/v1/games", kv);
    ring = q.ring;
    cursor_of(&q, "42", cursor, sizeof cursor);
    req_free(&q);
    /* a new signer, the old key kept: old cursors still read */
    token_keyring_add(&ring, "k2", other, 1);
    CHECK(read_on("/v1/games", kv, cursor, &ring, key, sizeof key) == 0);
    CHECK_EQ_STR(key, "42");
    /* a server without the key that made it refuses it */
    memset(&stranger, 0, sizeof stranger);
    token_keyring_add(&stranger, "k2", other, 1);
    CHECK(read_on("/v1/games", kv, cursor, &stranger, key, sizeof key) != 0);
}

static void test_last_page_and_keys(void)
{
    struct paging pg;
    json_t *body = json_object();
    long long n;
    char us[24], id[37];
    struct req q;

    req_init(&q, "/v1/webhooks", NULL);
    CHECK(paging_or_reply(&q.r, &q.ring, NULL, &pg) == 0);
    CHECK_EQ_INT(pg.limit, PAGING_DEFAULT_LIMIT);
    CHECK(pg.key == NULL);
    paging_finish(&q.r, &q.ring, &pg, NULL, body);
    CHECK(json_is_null(json_object_get(body, "next")));
    CHECK(q.r.link == NULL);
    json_decref(body);
    req_free(&q);

    CHECK(paging_key_int("17", 0, &n) == 0 && n == 17);
    CHECK(paging_key_int("0", 1, &n) != 0);
    CHECK(paging_key_int("-3", 0, &n) != 0);
    CHECK(paging_key_int("3x", 0, &n) != 0);
    CHECK(paging_key_int("", 0, &n) != 0);
    CHECK(paging_key_time_id("5:a7fd5113-ac84-4eb7-9775-105404ac7b2b", us, id) == 0);
    CHECK_EQ_STR(us, "5");
    CHECK_EQ_STR(id, "a7fd5113-ac84-4eb7-9775-105404ac7b2b");
    CHECK(paging_key_time_id(":a7fd5113-ac84-4eb7-9775-105404ac7b2b", us, id) != 0);
    CHECK(paging_key_time_id("5:nope", us, id) != 0);
    CHECK(paging_key_time_id("5a:a7fd5113-ac84-4eb7-9775-105404ac7b2b", us, id) != 0);
    CHECK(paging_key_time_id("17", us, id) != 0);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    RUN(test_round_trip);
    RUN(test_tampering);
    RUN(test_rotation);
    RUN(test_last_page_and_keys);
    return check_summary();
}
