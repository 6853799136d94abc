/*
 * idempotency.h - Idempotency-Key on creating requests other than moves
 * (moves keep theirs in the move log, under the game's row lock).
 */
#ifndef TURNPOST_API_IDEMPOTENCY_H
#define TURNPOST_API_IDEMPOTENCY_H

#include "app.h"

#define IDEMPOTENCY_KEY_MAX 128

/*
 * With no Idempotency-Key returns 0. With one that has an answer stored
 * for (scope, route), replies with it byte for byte and returns 1. A key
 * that is too long gets 400 and 1; a database failure 503 and 1.
 */
int idempotency_replayed(struct request *r, struct worker *w,
                         const char *scope, const char *route);

/* Stores the request's answer under its Idempotency-Key, if any. */
void idempotency_store(struct request *r, struct worker *w,
                       const char *scope, const char *route);

/* 1 when the key is acceptable: 1-128 printable ASCII characters. */
int idempotency_key_valid(const char *key);

#endif
