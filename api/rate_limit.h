/*
 * rate_limit.h - token buckets per caller, in this process's memory.
 *
 * A request whose bearer token verifies is charged to its account (every
 * token of an account shares one bucket) or, for a seat capability, to
 * that seat of that game. Anonymous requests, and requests whose token
 * does not verify, are charged to the client's address, so made-up tokens
 * buy no fresh buckets. A bucket holds quota requests and refills at
 * quota / window per second; an empty one answers 429 with Retry-After.
 * The check runs before routing and reads no database.
 *
 * Memory is a fixed table of buckets; a bucket that has refilled is the
 * same as none and is the first to be reused. With N replicas each keeps
 * its own buckets, so a caller spread over them gets up to N times the
 * quota.
 */
#ifndef TURNPOST_API_RATE_LIMIT_H
#define TURNPOST_API_RATE_LIMIT_H

#include <stddef.h>

struct MHD_Connection;
struct MHD_Response;
struct request;
struct token_keyring;

struct rate_policy {
    int quota;     /* requests in a full bucket; 0: no limit */
    int window;    /* seconds to refill an empty bucket */
};

struct rate_config {
    struct rate_policy token;     /* TURNPOST_RATE_LIMIT */
    struct rate_policy address;   /* TURNPOST_RATE_LIMIT_ANON */
    size_t buckets;               /* TURNPOST_RATE_LIMIT_BUCKETS */
    int trust_forwarded;          /* TURNPOST_TRUST_PROXY: the last X-Forwarded-For */
};

struct rate_limiter;

/*
 * Parses "<quota>/<seconds>" (or "0": no limit) into *p. Returns 0, or -1
 * for anything else.
 */
int rate_policy_parse(const char *text, struct rate_policy *p);

/* The configuration from the environment; -1 with a message in err. */
int rate_config_from_env(struct rate_config *cfg, char *err, size_t errlen);

/* NULL when both policies are off (then every call below does nothing). */
struct rate_limiter *rate_limiter_new(const struct rate_config *cfg,
                                      const struct token_keyring *keys);
void rate_limiter_free(struct rate_limiter *rl);

/*
 * Takes one request from the bucket named caller ("a:<account>",
 * "s:<game>:<seat>", "ip:<address>"), under the address policy when
 * address is set, else the token policy. Returns 0 when the bucket had
 * one, else the seconds (>= 1) until it will; *remaining and *reset as
 * the RateLimit field gives them.
 */
int rate_limiter_take(struct rate_limiter *rl, const char *caller, int address,
                      int *remaining, int *reset);

/*
 * Charges r to its bucket and notes the policy and what is left in r->rate.
 * Returns 1 having replied 429 rate_limited when the bucket is empty.
 */
int rate_limit_check(struct rate_limiter *rl, struct request *r,
                     struct MHD_Connection *conn);

/*
 * Adds RateLimit-Policy and RateLimit to resp from r->rate (charging r
 * first if no check ran, as for a body refused before it was read).
 */
void rate_limit_headers(struct rate_limiter *rl, struct request *r,
                        struct MHD_Connection *conn, struct MHD_Response *resp);

/* Buckets reused before they had refilled: the table is too small. */
unsigned long rate_limiter_evicted(struct rate_limiter *rl);

#endif
