/*
 * paging.h - one way of cutting every list into pages.
 *
 * A list takes ?limit= (1 to PAGING_MAX_LIMIT, default
 * PAGING_DEFAULT_LIMIT) and ?cursor=, and answers with its items, "next"
 * (the relative URL of the next page, or null on the last) and, when there
 * is a next page, a Link header with rel="next".
 *
 * A cursor is base64url (unpadded) of the list's sort key of the last item
 * of a page, as the list wrote it (e.g. "17", or "<epoch us>:<uuid>"),
 * followed by a 16-byte tag: BLAKE2b keyed with a key derived from the
 * server's signing key, over the key, the path and the list's other query
 * parameters. So a cursor is refused (400) when it is malformed, forged, or
 * handed to another list or the same list with other filters; any replica
 * sharing the signing keys reads the cursors of another.
 */
#ifndef TURNPOST_API_PAGING_H
#define TURNPOST_API_PAGING_H

#include <jansson.h>

#include "http.h"
#include "token.h"

#define PAGING_DEFAULT_LIMIT 100
#define PAGING_MAX_LIMIT 500
#define PAGING_KEY_MAX 96      /* the longest sort key a list writes */

struct paging {
    long limit;
    const char *key;           /* where the page starts (after it); NULL:
                                  the first page. Points into buf. */
    const char *position;      /* the list's own start parameter ("after",
                                  "before") replaced by the cursor; or NULL */
    char buf[PAGING_KEY_MAX + 1];
};

/*
 * Reads ?limit= and ?cursor= of r into *pg. position names the list's own
 * start parameter (kept for its clients; never with a cursor), or NULL.
 * Returns 0, or -1 having replied 400 invalid_parameter.
 */
int paging_or_reply(struct request *r, const struct token_keyring *keys,
                    const char *position, struct paging *pg);

/*
 * Finishes a page: sets body's "next" to the URL of the page after the
 * item whose sort key is next_key (NULL: this is the last page, next is
 * null), and r's Link header to the same. body is borrowed.
 */
void paging_finish(struct request *r, const struct token_keyring *keys,
                   const struct paging *pg, const char *next_key, json_t *body);

/* A numeric sort key ("17") of a cursor; -1 when it is not one. */
int paging_key_int(const char *key, long long min, long long *out);

/*
 * A sort key "<microseconds since the epoch>:<uuid>" of a cursor, its
 * parts copied into us (decimal text) and id; -1 when it is not one.
 */
int paging_key_time_id(const char *key, char us[24], char id[37]);

#endif
