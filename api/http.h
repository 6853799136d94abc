/*
 * http.h - a request as the handlers see it, and how they answer.
 *
 * The server copies everything a handler needs out of libmicrohttpd
 * (method, path, headers, query, body) before handing the request to a
 * worker thread, so handlers never touch the connection. A handler sets
 * exactly one response with the reply_* functions; the server queues it.
 */
#ifndef TURNPOST_API_HTTP_H
#define TURNPOST_API_HTTP_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define HTTP_MAX_BODY (64 * 1024)        /* larger bodies get 413 */
#define HTTP_DISCARD_BODY (1024 * 1024)  /* up to this, read and dropped first */
#define HTTP_MAX_HEADERS (16 * 1024)     /* larger header blocks get 431 */
#define HTTP_MAX_PARAMS 3
#define HTTP_MAX_QUERY 8

enum problem_code {
#define PROBLEM(code, status, title) PROBLEM_##code,
#include "problem.def"
#undef PROBLEM
    PROBLEM_COUNT
};

struct worker;
struct route;
struct live_stream;

struct request {
    /* what arrived */
    char method[8];
    char *path;                       /* without the query string */
    const struct route *route;
    char *params[HTTP_MAX_PARAMS];    /* path parameters, in order */
    char *query_keys[HTTP_MAX_QUERY], *query_values[HTTP_MAX_QUERY];
    int query_count;
    int query_overflow;               /* more than HTTP_MAX_QUERY were sent */
    char *authorization, *content_type, *if_match, *if_none_match, *accept;
    char *idempotency_key;
    char *last_event_id;              /* an event stream's resume position */
    char *origin, *accept_encoding;   /* CORS and compression */
    int head;                         /* a HEAD, routed as its GET */
    char *body;                       /* NUL-terminated */
    size_t body_len;
    int body_too_large;
    size_t discarded;                 /* body bytes dropped after the limit */
    int headers_too_large;
    const char *url_refused;          /* why the URL is refused, or NULL */
    char request_id[65];              /* the client's (up to 64 of [A-Za-z0-9._-]) or ours */
    uint64_t started_ns;

    /* the answer */
    int status;
    char *response;                   /* owned */
    size_t response_len;
    const char *response_type;        /* static string */
    char etag[32];
    char allow[48];
    char location[192];               /* a 201's new resource */
    int retry_after;                  /* seconds; 0 for none */
    char *link;                       /* a Link header's value (owned), or NULL */
    char www_authenticate[256];       /* a 401's or scope 403's challenge */
    int problem;                      /* enum problem_code + 1; 0 for none */
    struct live_stream *stream;       /* an event stream instead of a body */
    /* the rate limit charged (api/rate_limit.h); policy NULL: none */
    struct {
        const char *policy;
        int quota, window, remaining, reset;
    } rate;
    /* a long poll: answer once game is past version, or after seconds */
    struct {
        char game[37];
        int64_t version;
        int seconds;                  /* 0: not waiting */
        int woken;                    /* the wait is over: answer now */
    } wait;
};

/* Answers status with the JSON value (reference stolen). */
void reply_json(struct request *r, int status, json_t *body);

/* Answers status with body as given (copied), of content type type. */
void reply_raw(struct request *r, int status, const char *type,
               const char *body, size_t len);

/* The same, taking body (malloc'd, NUL-terminated) instead of copying it. */
void reply_take(struct request *r, int status, const char *type, char *body,
                size_t len);

/* Answers 200 with an event stream (text/event-stream) fed by the live
 * hub; the stream is handed to the hub when the answer is queued. */
void reply_stream(struct request *r, struct live_stream *stream);

/*
 * Gives no answer yet: the server holds the request, without a worker,
 * until game is past version or seconds have passed, then runs its
 * handler again with r->wait.woken set.
 */
void reply_later(struct request *r, const char *game, int64_t version, int seconds);

/* Answers with a problem+json of code and a detail sentence. */
void reply_problem(struct request *r, enum problem_code code,
                   const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * Answers with a problem+json of code with extra members merged in
 * (reference stolen; may be NULL) and detail.
 */
void reply_problem_ext(struct request *r, enum problem_code code,
                       json_t *extra, const char *detail);

/* The problem's HTTP status and stable code string. */
int problem_status(enum problem_code code);
const char *problem_name(enum problem_code code);

/*
 * 1 when the request's Accept names type (e.g. "text/markdown") before, or
 * instead of, application/json: a client asks for text by naming it.
 */
int request_wants(const struct request *r, const char *type);

/* The value of query parameter key, or NULL. */
const char *request_query(const struct request *r, const char *key);

/* Refuses (400, returning -1) a query parameter not in the NULL-terminated
 * list allowed, or one given more than once. */
int request_params_or_reply(struct request *r, const char *const *allowed);

/*
 * Parses the body as a JSON object into *out (new reference). An empty
 * body gives {} when empty_ok. Replies 400 itself on failure.
 */
int request_json_or_reply(struct request *r, json_t **out, int empty_ok);

/*
 * request_json_or_reply(), then refuses (400 bad_request naming it) a key
 * of the object not in the NULL-terminated list allowed.
 */
int request_body_or_reply(struct request *r, json_t **out, int empty_ok,
                          const char *const *allowed);

#endif
