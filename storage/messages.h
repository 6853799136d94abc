/*
 * messages.h - a game's messages: to everyone, to one seat (and its
 * sender), or to a team's seats. Objects are {id, seat, to, text,
 * move_seq, created_at}, new.
 */
#ifndef TURNPOST_STORAGE_MESSAGES_H
#define TURNPOST_STORAGE_MESSAGES_H

#include <stdint.h>

#include <jansson.h>

#include "db.h"

/*
 * Posts text from seat (account NULL for a seat token) to seat to (-1:
 * everyone; below -1, to the seats of bitmask team: a team's message),
 * sent with move move_seq (-1: none), in the caller's transaction;
 * numbers it under the game's row lock and queues its notification. *out
 * is the message: its "to" a seat, null, or the team's seats.
 */
enum storage_status storage_message_post(struct db *db, const char *game_id, int seat,
                                         const char *account, int to, unsigned team,
                                         const char *text, int64_t move_seq, json_t **out);

/* The messages seat (-1: a spectator) may read with ids above after, at
 * most limit, oldest first. */
enum storage_status storage_messages_list(struct db *db, const char *game_id, int seat,
                                          int64_t after, int limit, json_t **out);

/* Every message after after, at most limit, whoever may read it. */
enum storage_status storage_messages_all(struct db *db, const char *game_id, int64_t after,
                                         int limit, json_t **out);

#endif
