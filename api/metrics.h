/*
 * metrics.h - counters for GET /metrics, updated lock-free from every
 * thread: requests by route, method and status, a latency histogram by
 * route and status class, errors by problem code, moves by ruleset, and
 * worker and connection use. Games by status and the delivery backlog
 * come from the database, counted at most every few seconds at a scrape.
 */
#ifndef TURNPOST_API_METRICS_H
#define TURNPOST_API_METRICS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define METRICS_MAX_ROUTES 64
#define METRICS_STATUSES 24
#define METRICS_CLASSES 5      /* 1xx .. 5xx */
#define METRICS_BUCKETS 15
#define METRICS_MAX_PROBLEMS 40
#define METRICS_MAX_RULESETS 8
#define METRICS_KINDS 2        /* move, resign */
#define METRICS_DB_COUNTS 5    /* open, active, finished, outbox, deliveries */

struct db;

struct metrics_latency {
    atomic_ulong buckets[METRICS_BUCKETS]; /* not cumulative: summed on output */
    atomic_ulong count;
    atomic_ullong sum_us;
};

struct metrics {
    /* [route + 1][status slot]; route 0 is "no route" */
    atomic_ulong requests[METRICS_MAX_ROUTES + 1][METRICS_STATUSES];
    struct metrics_latency latency[METRICS_MAX_ROUTES + 1][METRICS_CLASSES];
    atomic_ulong problems[METRICS_MAX_PROBLEMS];
    atomic_ulong moves[METRICS_MAX_RULESETS][METRICS_KINDS];
    atomic_int workers_busy;
    atomic_int db_connected;
    atomic_int queue_length;
    /* read from the database by a scrape, at most every DB interval */
    atomic_llong db_counts[METRICS_DB_COUNTS];
    atomic_llong db_counted_ns;            /* monotonic; 0: never */
    atomic_int db_counting;                /* a scrape is counting now */
};

/* Records one finished request. route is -1 when none matched. */
void metrics_request(struct metrics *m, int route, int status,
                     uint64_t duration_ns, int problem);

/* Records one change applied to a game of ruleset: kind "move" or "resign". */
void metrics_move(struct metrics *m, const char *ruleset, const char *kind);

/*
 * Counts games and the delivery backlog with db unless a count younger
 * than TURNPOST_METRICS_DB_INTERVAL seconds (default 15) is kept, or
 * another scrape is counting. A failed count keeps the last one.
 */
void metrics_count_db(struct metrics *m, struct db *db);

struct app;

/* The Prometheus text exposition; a new malloc'd string. */
char *metrics_render(struct metrics *m, struct app *app, size_t *len);

#endif
