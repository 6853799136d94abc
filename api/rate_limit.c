#include "rate_limit.h"

#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <microhttpd.h>
#include <sodium.h>

#include "app.h"

#define WAYS 8          /* buckets a key may live in */
#define SHARDS 64       /* locks over the sets */
#define TOKEN_SLOTS 256 /* verified tokens remembered per thread */
#define CALLER_MAX 128  /* a bucket's name: "a:<account>", "ip:<address>" */

enum { POLICY_TOKEN = 1, POLICY_ADDRESS = 2 };

static const char *const policy_names[] = {NULL, "token", "address"};

struct bucket {
    uint64_t key[2];    /* keyed hash of the caller; {0, 0}: free */
    double tokens;
    uint64_t last_ns;
    uint64_t full_ns;   /* when it holds its whole quota again */
};

struct rate_limiter {
    struct rate_config cfg;
    const struct token_keyring *keys;
    unsigned char hash_key[crypto_generichash_KEYBYTES];
    size_t sets;
    struct bucket *buckets;            /* sets * WAYS */
    pthread_mutex_t locks[SHARDS];
    atomic_ulong evicted;              /* buckets reused before they refilled */
};

int rate_policy_parse(const char *text, struct rate_policy *p)
{
    char *end;
    long q, w;

    if (!text)
        return -1;
    q = strtol(text, &end, 10);
    if (end == text || q < 0 || q > 100000000)
        return -1;
    if (*end == 0 && q == 0) {
        p->quota = p->window = 0;
        return 0;
    }
    if (*end != '/' || q == 0)
        return -1;
    text = end + 1;
    w = strtol(text, &end, 10);
    if (end == text || *end || w < 1 || w > 86400 * 365)
        return -1;
    p->quota = (int)q;
    p->window = (int)w;
    return 0;
}

int rate_config_from_env(struct rate_config *cfg, char *err, size_t errlen)
{
    static const struct {
        const char *name, *fallback;
        size_t at;
    } vars[] = {
        {"TURNPOST_RATE_LIMIT", "1200/60", offsetof(struct rate_config, token)},
        {"TURNPOST_RATE_LIMIT_ANON", "120/60", offsetof(struct rate_config, address)},
    };
    const char *v;

    memset(cfg, 0, sizeof *cfg);
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        v = getenv(vars[i].name);
        if (!v || !*v)
            v = vars[i].fallback;
        if (rate_policy_parse(v, (struct rate_policy *)((char *)cfg + vars[i].at))) {
            snprintf(err, errlen, "%s=%s: give <requests>/<seconds>, or 0 for no limit",
                     vars[i].name, v);
            return -1;
        }
    }
    v = getenv("TURNPOST_RATE_LIMIT_BUCKETS");
    cfg->buckets = v && *v ? (size_t)atol(v) : 16384;
    if (cfg->buckets < WAYS || cfg->buckets > 100000000) {
        snprintf(err, errlen, "TURNPOST_RATE_LIMIT_BUCKETS=%s: give %d to 100000000", v, WAYS);
        return -1;
    }
    v = getenv("TURNPOST_TRUST_PROXY");
    cfg->trust_forwarded = v && strcmp(v, "1") == 0;
    return 0;
}

struct rate_limiter *rate_limiter_new(const struct rate_config *cfg,
                                      const struct token_keyring *keys)
{
    struct rate_limiter *rl;

    if (!cfg->token.quota && !cfg->address.quota)
        return NULL;
    if (!(rl = calloc(1, sizeof *rl)))
        return NULL;
    rl->cfg = *cfg;
    rl->keys = keys;
    rl->sets = cfg->buckets / WAYS;
    if (!(rl->buckets = calloc(rl->sets * WAYS, sizeof *rl->buckets))) {
        free(rl);
        return NULL;
    }
    crypto_generichash_keygen(rl->hash_key);
    for (int i = 0; i < SHARDS; i++)
        pthread_mutex_init(&rl->locks[i], NULL);
    return rl;
}

void rate_limiter_free(struct rate_limiter *rl)
{
    if (!rl)
        return;
    for (int i = 0; i < SHARDS; i++)
        pthread_mutex_destroy(&rl->locks[i]);
    free(rl->buckets);
    free(rl);
}

static uint64_t mono_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A keyed hash, so that nobody can aim a key at another caller's bucket. */
static void key_of(const struct rate_limiter *rl, const char *text, uint64_t key[2])
{
    crypto_generichash((unsigned char *)key, 16, (const unsigned char *)text,
                       strlen(text), rl->hash_key, sizeof rl->hash_key);
    if (!key[0] && !key[1])
        key[1] = 1;   /* {0, 0} marks a free bucket */
}

static __thread struct {
    unsigned char hash[16];
    int used;
    int64_t exp;
    char caller[CALLER_MAX];   /* "a:<account>" or "s:<game>:<seat>" */
} verified[TOKEN_SLOTS];

/*
 * Writes the bucket name of the bearer token in the Authorization value h
 * to caller when the token verifies; 0 then, -1 for no token or one that
 * does not verify.
 */
static int token_caller(const struct rate_limiter *rl, const char *h,
                        char *caller, size_t len)
{
    unsigned char hash[16];
    struct token_claims claims;
    int64_t now = app_now();
    unsigned slot;

    if (!h || strncasecmp(h, "Bearer ", 7) != 0)
        return -1;
    h += 7;
    crypto_generichash(hash, sizeof hash, (const unsigned char *)h, strlen(h),
                       rl->hash_key, sizeof rl->hash_key);
    slot = (hash[0] | (unsigned)hash[1] << 8) % TOKEN_SLOTS;
    if (verified[slot].used && sodium_memcmp(verified[slot].hash, hash, sizeof hash) == 0) {
        if (now >= verified[slot].exp)
            return -1;
        snprintf(caller, len, "%s", verified[slot].caller);
        return 0;
    }
    if (token_verify(rl->keys, h, strlen(h), now, &claims) != TOKEN_OK)
        return -1;
    if (claims.scopes & TOKEN_SCOPE_SEAT)
        snprintf(caller, len, "s:%s:%d", claims.game, claims.seat);
    else
        snprintf(caller, len, "a:%s", claims.sub);
    memcpy(verified[slot].hash, hash, sizeof hash);
    verified[slot].used = 1;
    verified[slot].exp = claims.exp;
    snprintf(verified[slot].caller, sizeof verified[slot].caller, "%s", caller);
    return 0;
}

/* "ip:<address>" of the client: the peer, or the proxy's last hop. */
static void address_caller(const struct rate_limiter *rl, struct MHD_Connection *conn,
                           char *caller, size_t len)
{
    const union MHD_ConnectionInfo *ci;
    char addr[INET6_ADDRSTRLEN] = "unknown";

    if (rl->cfg.trust_forwarded) {
        const char *xff = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                      "X-Forwarded-For");
        if (xff && *xff) {
            const char *last = strrchr(xff, ',');

            last = last ? last + 1 : xff;
            while (*last == ' ')
                last++;
            snprintf(caller, len, "ip:%.64s", last);
            return;
        }
    }
    ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci && ci->client_addr) {
        if (ci->client_addr->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr,
                      addr, sizeof addr);
        else if (ci->client_addr->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)ci->client_addr)->sin6_addr,
                      addr, sizeof addr);
    }
    snprintf(caller, len, "ip:%s", addr);
}

/*
 * Takes one request from the bucket of key under policy p. Returns 1 when
 * it was there, 0 when the bucket is empty; fills what is left and when.
 */
static int take(struct rate_limiter *rl, const uint64_t key[2],
                const struct rate_policy *p, int *remaining, int *reset, int *retry)
{
    double rate = (double)p->quota / p->window;
    uint64_t now;
    size_t set = (size_t)(key[0] % rl->sets);
    pthread_mutex_t *mu = &rl->locks[set % SHARDS];
    struct bucket *b = &rl->buckets[set * WAYS], *use = NULL, *spare = NULL;
    double tokens;
    int ok;

    pthread_mutex_lock(mu);
    /* read under the lock: a clock read before another thread's last
     * would go backwards, and refill the bucket whole */
    now = mono_ns();
    for (int i = 0; i < WAYS; i++) {
        if (b[i].key[0] == key[0] && b[i].key[1] == key[1]) {
            use = &b[i];
            break;
        }
        /* a free or refilled bucket is the same as none; else the one
         * idle longest goes */
        if (!spare || (spare->full_ns > now && (b[i].full_ns <= now ||
                                                b[i].last_ns < spare->last_ns)))
            spare = &b[i];
    }
    if (use) {
        tokens = use->tokens + (double)(now - use->last_ns) / 1e9 * rate;
        if (tokens > p->quota)
            tokens = p->quota;
    } else {
        use = spare;
        if (use->full_ns > now)
            atomic_fetch_add(&rl->evicted, 1);
        use->key[0] = key[0];
        use->key[1] = key[1];
        tokens = p->quota;
    }
    ok = tokens >= 1;
    if (ok)
        tokens -= 1;
    use->tokens = tokens;
    use->last_ns = now;
    use->full_ns = now + (uint64_t)((p->quota - tokens) / rate * 1e9);
    pthread_mutex_unlock(mu);
    *remaining = (int)floor(tokens);
    *reset = (int)ceil((p->quota - tokens) / rate);
    *retry = ok ? 0 : (int)ceil((1 - tokens) / rate);
    if (!ok && *retry < 1)
        *retry = 1;
    return ok;
}

int rate_limiter_take(struct rate_limiter *rl, const char *caller, int address,
                      int *remaining, int *reset)
{
    const struct rate_policy *p = address ? &rl->cfg.address : &rl->cfg.token;
    uint64_t key[2];
    int retry;

    *remaining = *reset = 0;
    if (!p->quota)
        return 0;
    key_of(rl, caller, key);
    return take(rl, key, p, remaining, reset, &retry) ? 0 : retry;
}

/* Charges r once; returns 0, or the seconds to wait when refused. */
static int charge(struct rate_limiter *rl, struct request *r, struct MHD_Connection *conn)
{
    char caller[CALLER_MAX];
    const struct rate_policy *p;
    int address = 0;

    if (!rl || r->rate.policy)
        return 0;
    /* a body refused before the request was read has no copy yet */
    if (token_caller(rl, r->authorization ? r->authorization
                                          : MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                                        "Authorization"),
                     caller, sizeof caller) != 0) {
        address = 1;
        address_caller(rl, conn, caller, sizeof caller);
    }
    p = address ? &rl->cfg.address : &rl->cfg.token;
    if (!p->quota)
        return 0;
    r->rate.policy = policy_names[address ? POLICY_ADDRESS : POLICY_TOKEN];
    r->rate.quota = p->quota;
    r->rate.window = p->window;
    return rate_limiter_take(rl, caller, address, &r->rate.remaining, &r->rate.reset);
}

int rate_limit_check(struct rate_limiter *rl, struct request *r,
                     struct MHD_Connection *conn)
{
    int retry = charge(rl, r, conn);

    if (!retry)
        return 0;
    reply_problem(r, PROBLEM_rate_limited,
                  "Over the %s limit of %d requests in %d s; try again in %d s.",
                  r->rate.policy, r->rate.quota, r->rate.window, retry);
    r->retry_after = retry;
    return 1;
}

void rate_limit_headers(struct rate_limiter *rl, struct request *r,
                        struct MHD_Connection *conn, struct MHD_Response *resp)
{
    char v[96];

    charge(rl, r, conn);
    if (!r->rate.policy)
        return;
    snprintf(v, sizeof v, "\"%s\";q=%d;w=%d", r->rate.policy, r->rate.quota,
             r->rate.window);
    MHD_add_response_header(resp, "RateLimit-Policy", v);
    snprintf(v, sizeof v, "\"%s\";r=%d;t=%d", r->rate.policy, r->rate.remaining,
             r->rate.reset);
    MHD_add_response_header(resp, "RateLimit", v);
}

unsigned long rate_limiter_evicted(struct rate_limiter *rl)
{
    return rl ? atomic_load(&rl->evicted) : 0;
}
