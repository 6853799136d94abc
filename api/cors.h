/*
 * cors.h - which other origins' pages may call Turnpost from a browser
 * (the Fetch standard's CORS protocol), as the operator lists them in
 * TURNPOST_CORS_ORIGINS: "https://play.example, https://localhost:5173",
 * or "*" for unauthenticated GET and HEAD from anywhere.
 */
#ifndef TURNPOST_API_CORS_H
#define TURNPOST_API_CORS_H

#include <stddef.h>

#define CORS_MAX_AGE 600   /* seconds a browser may keep a preflight's answer */

/* What the request headers a page may send, a page may read. */
#define CORS_ALLOW_HEADERS \
    "Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, " \
    "Last-Event-ID, X-Request-Id"
#define CORS_PUBLIC_HEADERS "Content-Type, If-None-Match, Last-Event-ID, X-Request-Id"
#define CORS_EXPOSE_HEADERS \
    "ETag, Location, Link, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, " \
    "WWW-Authenticate"

struct cors;

/*
 * Parses the comma-separated list (may be NULL: no origin). Returns NULL
 * with a sentence in why (size n) for an entry that is no origin
 * (scheme://host[:port], nothing after).
 */
struct cors *cors_parse(const char *list, char *why, size_t n);
void cors_free(struct cors *c);

/* 1 when the list is not empty: every answer then varies on Origin. */
int cors_enabled(const struct cors *c);

enum cors_grant {
    CORS_NONE,      /* no CORS header: the browser keeps the answer from the page */
    CORS_ORIGIN,    /* Access-Control-Allow-Origin: the origin itself */
    CORS_ANY,       /* Access-Control-Allow-Origin: *  (public reads only) */
};

/*
 * What the answer to a request from origin (may be NULL) gets: a listed
 * origin its own name; with "*" listed, any origin "*", but only for a
 * GET or HEAD (method) without credentials (authorized).
 */
enum cors_grant cors_grant(const struct cors *c, const char *origin,
                           const char *method, int authorized);

#endif
