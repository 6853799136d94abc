/*
 * idempotency.h - Idempotency-Key on creating requests other than moves
 * (moves keep theirs in the move log, under the game's row lock).
 *
 * Inside the request's transaction: claim the key before creating
 * anything, store the answer before COMMIT. A concurrent retry blocks on
 * the claim until the first commits, then replays its answer; a retry
 * after a rollback finds no claim and runs again.
 */
#ifndef TURNPOST_API_IDEMPOTENCY_H
#define TURNPOST_API_IDEMPOTENCY_H

#include <jansson.h>

#include "app.h"
#include "db.h"

#define IDEMPOTENCY_KEY_MAX 128

/*
 * Returns 0 to go on: no key, or the key is now claimed for this request
 * (body, the parsed request, is hashed to tell a retry from a reuse).
 * Returns 1 having replied: the stored answer byte for byte, 422 for a key
 * used with another request, 400 for a malformed key, 503.
 */
int idempotency_claim_or_reply(struct request *r, struct worker *w,
                               const char *scope, const char *route,
                               const json_t *body);

/* Stores the request's answer under its claimed key, if any. */
enum storage_status idempotency_finish(struct request *r, struct worker *w,
                                       const char *scope, const char *route);

/* 1 when the key is acceptable: 1-128 printable ASCII characters. */
int idempotency_key_valid(const char *key);

#endif
