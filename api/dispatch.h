/*
 * dispatch.h - webhook delivery, by the server itself.
 *
 * Each dispatcher thread has its own database connection and a libcurl
 * multi handle. It loops: fan out outbox rows into deliveries (rows
 * claimed with FOR UPDATE SKIP LOCKED, so every replica shares the work
 * and none does it twice); lease due deliveries; send them, many at
 * once; record each attempt. A delivery is sent at least once, with the
 * same webhook-id and body on every attempt; a failed one is retried on
 * the schedule with jitter, and when its last attempt fails (or the
 * receiver answers 410 Gone) its webhook is disabled and the owner's
 * other endpoints hear of it. A lease that runs out (a replica stopped
 * mid-send) makes the delivery due again.
 *
 * A thread wakes when a write on this replica may have queued a row
 * (dispatch_wake), at most once a DISPATCH_GAP_MS, so that many moves
 * share one round of fanning out; and at least every DISPATCH_POLL_MS for
 * the rows of other replicas and for retries that fall due.
 */
#ifndef TURNPOST_API_DISPATCH_H
#define TURNPOST_API_DISPATCH_H

#include <stddef.h>

#include "net_policy.h"

#define DISPATCH_POLL_MS 250
#define DISPATCH_GAP_MS 10      /* the least time between two rounds */
#define DISPATCH_MAX_RETRIES 16

struct delivery_config {
    struct net_policy policy;   /* where deliveries may go */
    double retry[DISPATCH_MAX_RETRIES]; /* seconds before each retry */
    int retries;
    int timeout_ms;             /* a whole attempt */
    int connect_timeout_ms;
    int threads;                /* 0: this replica delivers nothing */
    int in_flight;              /* attempts at once, per thread */
    size_t max_response;        /* bytes of an answer read; more fails it */
    int max_webhooks;           /* subscriptions per account */
};

/*
 * The configuration from the environment:
 *   TURNPOST_WEBHOOK_ALLOW    addresses and CIDR blocks deliveries may
 *                             reach although private (net_policy.h)
 *   TURNPOST_WEBHOOK_RETRY    seconds before each retry, comma-separated
 *                             (default 5,300,1800,7200,18000,36000,50400:
 *                             eight attempts over about 31 hours)
 *   TURNPOST_WEBHOOK_TIMEOUT  seconds an attempt may take (default 15)
 *   TURNPOST_DISPATCHERS      delivery threads (default 1; 0 for none)
 * Returns 0, or -1 with a message in err.
 */
int delivery_config_from_env(struct delivery_config *c, char *err, size_t errlen);

struct app;
struct dispatcher;

/* Starts the configured threads; NULL when there are none or on failure. */
struct dispatcher *dispatch_start(struct app *app);

/* Tells every thread to look for work now. Any thread may call it. */
void dispatch_wake(struct dispatcher *d);

/* Stops and frees; attempts in flight are left to their leases. */
void dispatch_stop(struct dispatcher *d);

#endif
