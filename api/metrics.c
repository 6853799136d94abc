#include "metrics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

static const int statuses[METRICS_STATUSES] = {
    200, 201, 204, 304, 400, 401, 403, 404, 405, 409,
    412, 413, 415, 422, 431, 500, 503, 0, 0, 0};

static const double bucket_le[METRICS_BUCKETS] = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
    0.05, 0.1, 0.25, 0.5, 1, 2.5};

static int status_slot(int status)
{
    for (int i = 0; i < METRICS_STATUSES && statuses[i]; i++)
        if (statuses[i] == status)
            return i;
    return METRICS_STATUSES - 1; /* other */
}

void metrics_request(struct metrics *m, int route, int status,
                     uint64_t duration_ns, int problem)
{
    int r = route + 1;
    double secs = (double)duration_ns / 1e9;

    if (r < 0 || r > METRICS_MAX_ROUTES)
        r = 0;
    atomic_fetch_add(&m->requests[r][status_slot(status)], 1);
    for (int i = 0; i < METRICS_BUCKETS; i++)
        if (secs <= bucket_le[i]) {
            atomic_fetch_add(&m->latency_buckets[i], 1);
            break;
        }
    atomic_fetch_add(&m->latency_count, 1);
    atomic_fetch_add(&m->latency_sum_us, duration_ns / 1000);
    if (problem > 0 && problem <= METRICS_MAX_PROBLEMS)
        atomic_fetch_add(&m->problems[problem - 1], 1);
}

struct buf {
    char *p;
    size_t len, cap;
};

static void put(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void put(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    for (;;) {
        va_start(ap, fmt);
        n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        b->cap = (b->cap + (size_t)n + 1) * 2;
        if (!(b->p = realloc(b->p, b->cap)))
            abort();
    }
}

char *metrics_render(struct metrics *m, int workers, size_t *len)
{
    struct buf b = {malloc(8192), 0, 8192};
    unsigned long cum = 0;

    if (!b.p)
        abort();
    put(&b, "# HELP turnpost_http_requests_total HTTP requests by route, method and status.\n"
            "# TYPE turnpost_http_requests_total counter\n");
    for (int r = 0; r <= METRICS_MAX_ROUTES; r++) {
        const struct route *route = r ? routes_at(r - 1) : NULL;

        if (r && !route)
            break;
        for (int s = 0; s < METRICS_STATUSES; s++) {
            unsigned long v = atomic_load(&m->requests[r][s]);
            if (!v)
                continue;
            if (statuses[s])
                put(&b, "turnpost_http_requests_total{route=\"%s\",method=\"%s\",status=\"%d\"} %lu\n",
                    route ? route->pattern : "unmatched",
                    route ? route->method : "any", statuses[s], v);
            else
                put(&b, "turnpost_http_requests_total{route=\"%s\",method=\"%s\",status=\"other\"} %lu\n",
                    route ? route->pattern : "unmatched",
                    route ? route->method : "any", v);
        }
    }
    put(&b, "# HELP turnpost_http_request_duration_seconds Time from the request's first byte to its answer.\n"
            "# TYPE turnpost_http_request_duration_seconds histogram\n");
    for (int i = 0; i < METRICS_BUCKETS; i++) {
        cum += atomic_load(&m->latency_buckets[i]);
        put(&b, "turnpost_http_request_duration_seconds_bucket{le=\"%g\"} %lu\n",
            bucket_le[i], cum);
    }
    put(&b, "turnpost_http_request_duration_seconds_bucket{le=\"+Inf\"} %lu\n",
        atomic_load(&m->latency_count));
    put(&b, "turnpost_http_request_duration_seconds_sum %.6f\n",
        (double)atomic_load(&m->latency_sum_us) / 1e6);
    put(&b, "turnpost_http_request_duration_seconds_count %lu\n",
        atomic_load(&m->latency_count));
    put(&b, "# HELP turnpost_errors_total Problem responses by code.\n"
            "# TYPE turnpost_errors_total counter\n");
    for (int i = 0; i < PROBLEM_COUNT && i < METRICS_MAX_PROBLEMS; i++)
        put(&b, "turnpost_errors_total{code=\"%s\"} %lu\n", problem_name(i),
            atomic_load(&m->problems[i]));
    put(&b, "# HELP turnpost_db_pool_connections Database connections of the worker pool by state.\n"
            "# TYPE turnpost_db_pool_connections gauge\n");
    put(&b, "turnpost_db_pool_connections{state=\"busy\"} %d\n",
        atomic_load(&m->workers_busy));
    put(&b, "turnpost_db_pool_connections{state=\"connected\"} %d\n",
        atomic_load(&m->db_connected));
    put(&b, "turnpost_db_pool_connections{state=\"size\"} %d\n", workers);
    put(&b, "# HELP turnpost_request_queue_length Requests waiting for a worker.\n"
            "# TYPE turnpost_request_queue_length gauge\n"
            "turnpost_request_queue_length %d\n",
        atomic_load(&m->queue_length));
    *len = b.len;
    return b.p;
}
