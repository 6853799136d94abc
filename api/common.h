/*
 * common.h - small pieces the handlers share: storage failures as
 * problems, identifier checks.
 */
#ifndef TURNPOST_API_COMMON_H
#define TURNPOST_API_COMMON_H

#include <jansson.h>

#include "db.h"
#include "http.h"

/* A seat's entropy, in bytes: public, mixed into the random stream. */
#define ENTROPY_MAX 256

/* Replies with the problem for a failed storage call; what names what. */
void reply_storage(struct request *r, enum storage_status st,
                   const char *what);

/* 1 when s is a canonical lowercase or uppercase UUID. */
int uuid_valid(const char *s);

/* A new random (version 4) UUID, lowercase. */
void uuid_new(char out[37]);

/* Refuses (400, returning -1) a game id in the path that is no UUID. */
int game_id_or_reply(struct request *r, const char *id);

/*
 * Parses a small non-negative integer (a seat, a count) in [min, max];
 * returns 0, or -1 when s is not one.
 */
int parse_int_in(const char *s, long min, long max, long *out);

/* 1 when every row of a new game's seat rows ([{..., filled}]) is filled. */
int seat_rows_filled(const json_t *rows);

#endif
