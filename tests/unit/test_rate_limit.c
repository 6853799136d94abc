/*
 * test_rate_limit.c - the token buckets: their settings, a burst counted
 * down and refused, separate callers and policies, and a table that stays
 * its size however many callers come.
 */
#include <stdio.h>

#include <sodium.h>

#include "check.h"
#include "rate_limit.h"
#include "token.h"

static struct token_keyring ring = {.n = 0, .signer = -1};

static struct rate_limiter *limiter(const char *token, const char *address,
                                    size_t buckets)
{
    struct rate_config cfg = {.buckets = buckets};

    CHECK(rate_policy_parse(token, &cfg.token) == 0);
    CHECK(rate_policy_parse(address, &cfg.address) == 0);
    return rate_limiter_new(&cfg, &ring);
}

static void test_parse(void)
{
    struct rate_policy p;

    CHECK(rate_policy_parse("100/60", &p) == 0);
    CHECK_EQ_INT(p.quota, 100);
    CHECK_EQ_INT(p.window, 60);
    CHECK(rate_policy_parse("0", &p) == 0);
    CHECK_EQ_INT(p.quota, 0);
    for (const char *bad[] = {"", "100", "100/", "/60", "100/0", "-1/60", "10/60s",
                              "0/60", "x/60", "100/-5", NULL},
                    **b = bad; *b; b++)
        CHECK(rate_policy_parse(*b, &p) == -1);
    CHECK(rate_policy_parse(NULL, &p) == -1);
}

static void test_burst_then_refused(void)
{
    struct rate_limiter *rl = limiter("5/3600", "2/3600", 1024);
    int left, reset;

    for (int i = 0; i < 5; i++) {
        CHECK_EQ_INT(rate_limiter_take(rl, "a:alice", 0, &left, &reset), 0);
        CHECK_EQ_INT(left, 4 - i);
        CHECK(reset >= 1 && reset <= 3600);
    }
    /* a sixth waits for one request's refill: 720 s, give or take */
    int wait = rate_limiter_take(rl, "a:alice", 0, &left, &reset);
    CHECK(wait >= 700 && wait <= 720);
    CHECK_EQ_INT(left, 0);
    /* another account, and the address policy, have their own buckets */
    CHECK_EQ_INT(rate_limiter_take(rl, "a:bert", 0, &left, &reset), 0);
    CHECK_EQ_INT(left, 4);
    CHECK_EQ_INT(rate_limiter_take(rl, "ip:10.0.0.1", 1, &left, &reset), 0);
    CHECK_EQ_INT(left, 1);
    CHECK_EQ_INT(rate_limiter_take(rl, "ip:10.0.0.1", 1, &left, &reset), 0);
    CHECK(rate_limiter_take(rl, "ip:10.0.0.1", 1, &left, &reset) >= 1);
    rate_limiter_free(rl);
}

static void test_off(void)
{
    struct rate_limiter *rl;
    int left, reset;

    CHECK(limiter("0", "0", 1024) == NULL);
    rl = limiter("0", "1/60", 1024);
    CHECK(rl != NULL);
    for (int i = 0; i < 100; i++)
        CHECK_EQ_INT(rate_limiter_take(rl, "a:alice", 0, &left, &reset), 0);
    CHECK_EQ_INT(rate_limiter_take(rl, "ip:10.0.0.1", 1, &left, &reset), 0);
    CHECK(rate_limiter_take(rl, "ip:10.0.0.1", 1, &left, &reset) >= 1);
    rate_limiter_free(rl);
}

/* The table never grows; callers beyond it push out the idlest buckets. */
static void test_bounded(void)
{
    struct rate_limiter *rl = limiter("3/3600", "3/3600", 64);
    char name[32];
    int left, reset;

    for (int i = 0; i < 10000; i++) {
        snprintf(name, sizeof name, "ip:10.%d.%d.%d", i >> 16, (i >> 8) & 255, i & 255);
        CHECK_EQ_INT(rate_limiter_take(rl, name, 1, &left, &reset), 0);
    }
    /* none of these had refilled: each reuse is counted */
    CHECK(rate_limiter_evicted(rl) >= 10000 - 64);
    rate_limiter_free(rl);

    /* a bucket refilled is reused without counting: 1 request a second */
    rl = limiter("1/1", "1/1", 8);
    CHECK_EQ_INT(rate_limiter_take(rl, "a:x", 0, &left, &reset), 0);
    CHECK_EQ_INT(left, 0);
    CHECK_EQ_INT(reset, 1);
    rate_limiter_free(rl);
}

int main(void)
{
    if (sodium_init() < 0)
        return 2;
    RUN(test_parse);
    RUN(test_burst_then_refused);
    RUN(test_off);
    RUN(test_bounded);
    return check_summary();
}
