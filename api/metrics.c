#include "metrics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "engine.h"
#include "games.h"
#include "rate_limit.h"
#include "view_cache.h"

static const int statuses[METRICS_STATUSES] = {
    200, 201, 202, 204, 304, 400, 401, 403, 404, 405, 406, 409,
    412, 413, 415, 422, 429, 431, 500, 503, 0, 0, 0, 0};

/* Seconds. Long polls wait up to 30 s; event streams last much longer
 * and land in +Inf. */
static const double bucket_le[METRICS_BUCKETS] = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
    0.25, 0.5, 1, 2.5, 5, 10, 30};

static const char *const kinds[METRICS_KINDS] = {"move", "resign"};
static const char *const db_statuses[3] = {"open", "active", "finished"};

static uint64_t mono_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

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
    int r = route + 1, cls = status / 100 - 1;
    double secs = (double)duration_ns / 1e9;
    struct metrics_latency *l;

    if (r < 0 || r > METRICS_MAX_ROUTES)
        r = 0;
    if (cls < 0 || cls >= METRICS_CLASSES)
        cls = METRICS_CLASSES - 1;
    atomic_fetch_add(&m->requests[r][status_slot(status)], 1);
    l = &m->latency[r][cls];
    for (int i = 0; i < METRICS_BUCKETS; i++)
        if (secs <= bucket_le[i]) {
            atomic_fetch_add(&l->buckets[i], 1);
            break;
        }
    atomic_fetch_add(&l->count, 1);
    atomic_fetch_add(&l->sum_us, duration_ns / 1000);
    if (problem > 0 && problem <= METRICS_MAX_PROBLEMS)
        atomic_fetch_add(&m->problems[problem - 1], 1);
}

void metrics_move(struct metrics *m, const char *ruleset, const char *kind)
{
    int k = strcmp(kind, "move") == 0 ? 0 : strcmp(kind, "resign") == 0 ? 1 : -1;

    for (int i = 0; k >= 0 && i < rules_engine_count() && i < METRICS_MAX_RULESETS; i++)
        if (strcmp(rules_engine_at(i)->id, ruleset) == 0) {
            atomic_fetch_add(&m->moves[i][k], 1);
            return;
        }
}

void metrics_count_db(struct metrics *m, struct db *db)
{
    const char *v = getenv("TURNPOST_METRICS_DB_INTERVAL");
    long long interval = (v && *v ? atoll(v) : 15) * 1000000000ll;
    long long at = atomic_load(&m->db_counted_ns), now = (long long)mono_ns();
    long long counts[METRICS_DB_COUNTS];
    int idle = 0;

    if (!db || (at && now - at < interval) ||
        !atomic_compare_exchange_strong(&m->db_counting, &idle, 1))
        return;
    if (storage_metrics_counts(db, counts) == STORAGE_OK) {
        for (int i = 0; i < METRICS_DB_COUNTS; i++)
            atomic_store(&m->db_counts[i], counts[i]);
        atomic_store(&m->db_counted_ns, now);
    }
    atomic_store(&m->db_counting, 0);
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

/* A label value as the exposition format quotes it: \\, \" and \n escaped. */
static const char *esc(const char *s, char *out, size_t n)
{
    size_t j = 0;

    for (; *s && j + 3 < n; s++) {
        if (*s == '\\' || *s == '"') {
            out[j++] = '\\';
            out[j++] = *s;
        } else if (*s == '\n') {
            out[j++] = '\\';
            out[j++] = 'n';
        } else {
            out[j++] = *s;
        }
    }
    out[j] = 0;
    return out;
}

static void family(struct buf *b, const char *name, const char *type, const char *help)
{
    put(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* The route's labels: route="...",method="..." */
static void route_labels(int r, char *out, size_t n)
{
    const struct route *route = r ? routes_at(r - 1) : NULL;
    char p[160];

    snprintf(out, n, "route=\"%s\",method=\"%s\"",
             route ? esc(route->pattern, p, sizeof p) : "unmatched",
             route ? route->method : "any");
}

static int route_rows(void)
{
    int n = routes_count() + 1;

    return n > METRICS_MAX_ROUTES + 1 ? METRICS_MAX_ROUTES + 1 : n;
}

char *metrics_render(struct metrics *m, struct app *app, size_t *len)
{
    struct buf b = {malloc(16384), 0, 16384};
    char labels[256], e[64];
    unsigned long hits, misses;
    long long at = atomic_load(&m->db_counted_ns);

    if (!b.p)
        abort();
    family(&b, "turnpost_http_requests_total", "counter",
           "HTTP requests answered, by route, method and status.");
    for (int r = 0; r < route_rows(); r++) {
        route_labels(r, labels, sizeof labels);
        for (int s = 0; s < METRICS_STATUSES; s++) {
            unsigned long v = atomic_load(&m->requests[r][s]);

            if (!v || (!statuses[s] && s != METRICS_STATUSES - 1))
                continue;
            if (statuses[s])
                put(&b, "turnpost_http_requests_total{%s,status=\"%d\"} %lu\n", labels,
                    statuses[s], v);
            else
                put(&b, "turnpost_http_requests_total{%s,status=\"other\"} %lu\n", labels, v);
        }
    }
    family(&b, "turnpost_http_request_duration_seconds", "histogram",
           "Time from a request's first byte to its answer, by route, method and status class.");
    for (int r = 0; r < route_rows(); r++) {
        route_labels(r, labels, sizeof labels);
        for (int c = 0; c < METRICS_CLASSES; c++) {
            struct metrics_latency *l = &m->latency[r][c];
            unsigned long count = atomic_load(&l->count), cum = 0;
            unsigned long long sum;

            if (!count)
                continue;
            sum = atomic_load(&l->sum_us);
            /* read the buckets before a total that may have grown since */
            for (int i = 0; i < METRICS_BUCKETS; i++) {
                cum += atomic_load(&l->buckets[i]);
                if (cum > count)
                    cum = count;
                put(&b, "turnpost_http_request_duration_seconds_bucket{%s,status_class=\"%dxx\",le=\"%g\"} %lu\n",
                    labels, c + 1, bucket_le[i], cum);
            }
            put(&b, "turnpost_http_request_duration_seconds_bucket{%s,status_class=\"%dxx\",le=\"+Inf\"} %lu\n",
                labels, c + 1, count);
            put(&b, "turnpost_http_request_duration_seconds_sum{%s,status_class=\"%dxx\"} %.6f\n",
                labels, c + 1, (double)sum / 1e6);
            put(&b, "turnpost_http_request_duration_seconds_count{%s,status_class=\"%dxx\"} %lu\n",
                labels, c + 1, count);
        }
    }
    family(&b, "turnpost_errors_total", "counter", "Problem answers by code.");
    for (int i = 0; i < PROBLEM_COUNT && i < METRICS_MAX_PROBLEMS; i++)
        put(&b, "turnpost_errors_total{code=\"%s\"} %lu\n", esc(problem_name(i), e, sizeof e),
            atomic_load(&m->problems[i]));
    family(&b, "turnpost_moves_applied_total", "counter",
           "Changes applied to games through the API, by ruleset and kind (move or resign).");
    for (int i = 0; i < rules_engine_count() && i < METRICS_MAX_RULESETS; i++)
        for (int k = 0; k < METRICS_KINDS; k++)
            put(&b, "turnpost_moves_applied_total{ruleset=\"%s\",kind=\"%s\"} %lu\n",
                esc(rules_engine_at(i)->id, e, sizeof e), kinds[k],
                atomic_load(&m->moves[i][k]));
    view_cache_counts(app->views, &hits, &misses);
    family(&b, "turnpost_view_cache_hits_total", "counter",
           "Game views served from this process's view cache.");
    put(&b, "turnpost_view_cache_hits_total %lu\n", hits);
    family(&b, "turnpost_view_cache_misses_total", "counter",
           "Game views that had to be rendered (not cached, or cached at an older version; 0 with TURNPOST_VIEW_CACHE=0).");
    put(&b, "turnpost_view_cache_misses_total %lu\n", misses);
    family(&b, "turnpost_db_pool_connections", "gauge",
           "Database connections of the worker pool: busy (running a handler), connected, size.");
    put(&b, "turnpost_db_pool_connections{state=\"busy\"} %d\n", atomic_load(&m->workers_busy));
    put(&b, "turnpost_db_pool_connections{state=\"connected\"} %d\n", atomic_load(&m->db_connected));
    put(&b, "turnpost_db_pool_connections{state=\"size\"} %d\n", app->workers);
    family(&b, "turnpost_request_queue_length", "gauge", "Requests waiting for a worker.");
    put(&b, "turnpost_request_queue_length %d\n", atomic_load(&m->queue_length));
    family(&b, "turnpost_rate_limit_evicted_total", "counter",
           "Rate-limit buckets reused before they had refilled (TURNPOST_RATE_LIMIT_BUCKETS is too small).");
    put(&b, "turnpost_rate_limit_evicted_total %lu\n", rate_limiter_evicted(app->limits));
    /* counted by a scrape; none until one has succeeded */
    family(&b, "turnpost_games", "gauge", "Games in the database by status.");
    if (at)
        for (int i = 0; i < 3; i++)
            put(&b, "turnpost_games{status=\"%s\"} %lld\n", db_statuses[i],
                atomic_load(&m->db_counts[i]));
    family(&b, "turnpost_outbox_backlog_rows", "gauge",
           "Outbox rows (game and account events) not yet fanned out to webhooks.");
    if (at)
        put(&b, "turnpost_outbox_backlog_rows %lld\n", atomic_load(&m->db_counts[3]));
    family(&b, "turnpost_webhook_deliveries_pending", "gauge",
           "Webhook deliveries waiting for an attempt.");
    if (at)
        put(&b, "turnpost_webhook_deliveries_pending %lld\n", atomic_load(&m->db_counts[4]));
    family(&b, "turnpost_db_counts_age_seconds", "gauge",
           "Seconds since the database counts above were taken.");
    if (at)
        put(&b, "turnpost_db_counts_age_seconds %.3f\n", (double)((long long)mono_ns() - at) / 1e9);
    *len = b.len;
    return b.p;
}
