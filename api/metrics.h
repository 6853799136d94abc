/*
 * metrics.h - counters for GET /metrics, updated lock-free from every
 * thread: requests by route, method and status, a latency histogram,
 * errors by problem code, and worker and connection use.
 */
#ifndef TURNPOST_API_METRICS_H
#define TURNPOST_API_METRICS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define METRICS_MAX_ROUTES 40
#define METRICS_STATUSES 20
#define METRICS_BUCKETS 12
#define METRICS_MAX_PROBLEMS 32

struct metrics {
    /* [route + 1][status slot]; route 0 is "no route" */
    atomic_ulong requests[METRICS_MAX_ROUTES + 1][METRICS_STATUSES];
    atomic_ulong latency_buckets[METRICS_BUCKETS]; /* cumulative on output */
    atomic_ulong latency_count;
    atomic_ullong latency_sum_us;
    atomic_ulong problems[METRICS_MAX_PROBLEMS];
    atomic_int workers_busy;
    atomic_int db_connected;
    atomic_int queue_length;
};

/* Records one finished request. route is -1 when none matched. */
void metrics_request(struct metrics *m, int route, int status,
                     uint64_t duration_ns, int problem);

/* The Prometheus text exposition; a new malloc'd string. */
char *metrics_render(struct metrics *m, int workers, size_t *len);

#endif
