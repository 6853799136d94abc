/*
 * common.h - small pieces the handlers share: storage failures as
 * problems, identifier checks.
 */
#ifndef TURNPOST_API_COMMON_H
#define TURNPOST_API_COMMON_H

#include "db.h"
#include "http.h"

/* Replies with the problem for a failed storage call; what names what. */
void reply_storage(struct request *r, enum storage_status st,
                   const char *what);

/* 1 when s is a canonical lowercase or uppercase UUID. */
int uuid_valid(const char *s);

/* Refuses (400, returning -1) a game id in the path that is no UUID. */
int game_id_or_reply(struct request *r, const char *id);

/*
 * Parses a small non-negative integer (a seat, a count) in [min, max];
 * returns 0, or -1 when s is not one.
 */
int parse_int_in(const char *s, long min, long max, long *out);

#endif
