/*
 * http_cache.h - what caches and browsers are told about an answer:
 * Cache-Control and Vary by what the answer is, entity tags and their
 * comparison (RFC 9110 8.8.3, 13.1.2), and the Location of a 201.
 */
#ifndef TURNPOST_API_HTTP_CACHE_H
#define TURNPOST_API_HTTP_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "http.h"

/* The Cache-Control value for r's answer as it stands. */
const char *http_cache_control(const struct request *r);

/* The Vary value for r's answer (without Origin), or NULL for none. */
const char *http_cache_vary(const struct request *r, int compressible);

/*
 * 1 when the If-None-Match value (a list of tags, weak ones included, or
 * "*") matches etag by the weak comparison. A gzip variant's tag and the
 * identity one are the same for this purpose.
 */
int http_cache_none_match(const char *if_none_match, const char *etag);

/*
 * The game version in an entity tag Turnpost gave ("7", "7.0", "7.0-gz"),
 * or -1: a weak tag or any other text (If-Match compares strongly).
 */
int64_t http_cache_etag_version(const char *tag);

/*
 * Sets r's ETag for a view of a game at version as seat sees it (-1: a
 * spectator): viewers who see different hidden information get different
 * tags. suffix (may be NULL) tells another representation of the view.
 */
void http_cache_view_etag(struct request *r, int64_t version, int seat,
                          const char *suffix);

/* Turns the tag in etag (size n) into its gzip variant's. */
void http_cache_gzip_etag(char *etag, size_t n);

/*
 * For an answer that has no ETag or Location of its own: a public
 * resource's tag (a hash of its body), and a 201's Location and game
 * tag read from the body, so a replayed 201 carries what the first did.
 */
void http_cache_complete(struct request *r);

#endif
