/*
 * app.h - what the whole service shares (configuration, keys, metrics),
 * what each worker thread owns (its database connection), and the route
 * table that maps requests to handlers.
 */
#ifndef TURNPOST_API_APP_H
#define TURNPOST_API_APP_H

#include "dispatch.h"
#include "http.h"
#include "metrics.h"
#include "token.h"

struct db;
struct live_hub;
struct sweeper;
struct view_cache;
struct rate_limiter;

struct app {
    struct token_keyring keys;
    char *database_url;
    int64_t token_ttl;          /* seconds an account token lives */
    int64_t invite_ttl;         /* seconds a seat capability lives */
    char *openapi;              /* the contract, served as is */
    size_t openapi_len;
    int workers;                /* worker threads, one connection each */
    struct view_cache *views;   /* rendered views by game, viewer, version */
    struct delivery_config delivery;  /* webhooks: where, how often, how long */
    struct dispatcher *dispatch;      /* NULL when this replica delivers nothing */
    struct live_hub *live;            /* event streams */
    struct sweeper *sweeper;          /* timed games' clocks; NULL: none here */
    struct metrics metrics;
    unsigned long long pwhash_ops;    /* argon2id limits for passwords */
    size_t pwhash_mem;
    char pwhash_dummy[128];           /* checked when there is no password */
    struct rate_limiter *limits;      /* NULL: no rate limits */
};

struct server;

struct worker {
    int id;
    struct app *app;
    struct server *server;
    struct db *db;
};

typedef void (*handler_fn)(struct request *r, struct worker *w);

/*
 * Where a handler runs. Writes hold a row lock across several round trips
 * and go to the worker pool. A short read runs on the I/O thread that
 * parsed it, on that thread's own connection: handing it to a worker and
 * back cost more CPU than the read itself.
 */
enum route_runs {
    RUNS_ON_WORKER,
    RUNS_INLINE,          /* no database */
    RUNS_INLINE_READ,     /* one short read */
};

struct route {
    const char *method;
    const char *pattern;        /* "/v1/games/{id}/moves" */
    handler_fn handler;
    enum route_runs runs;
    int takes_text;             /* a text/plain body is a move in notation */
};

/*
 * Finds the route for method and path, filling r->params. Returns NULL
 * and sets *allow (comma list) when the path exists for other methods
 * only, or leaves *allow empty when nothing matches.
 */
const struct route *routes_match(struct request *r, char *allow,
                                 size_t allowlen);

/* The route table, for metrics labels. */
int routes_count(void);
int routes_index(const struct route *route);
const struct route *routes_at(int i);

/* Seconds since the epoch, from the real clock. */
int64_t app_now(void);

#endif
