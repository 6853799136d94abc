/*
 * notify.h - what live streams need from PostgreSQL: where games stand, and
 * LISTEN/NOTIFY on the channel turnpost_games, which carries the id of a
 * game that changed, so that a change made through one replica reaches the
 * streams held by every other.
 *
 * A notification is only a nudge: the move log is what streams send, read
 * from each stream's position, so a lost or repeated notification costs
 * a delay or a read, never a gap.
 */
#ifndef TURNPOST_STORAGE_NOTIFY_H
#define TURNPOST_STORAGE_NOTIFY_H

#include <jansson.h>

#include "db.h"

/* {id, version, status, must_act, move_count, log_head} of each game in
 * ids_text (a JSON array), as a new array in *out. */
enum storage_status storage_games_pulse(struct db *db, const char *ids_text,
                                        json_t **out);

/* Notifies turnpost_games of each game in ids_text (a JSON array). */
enum storage_status storage_games_notify(struct db *db, const char *ids_text);

/*
 * Starts listening on turnpost_games on db's connection and makes its
 * commits asynchronous: this connection writes nothing that must survive
 * a crash. Returns the socket to wait on, or -1. A reconnect (after which
 * storage_live_session() differs) ends the listening: listen again.
 */
int storage_live_listen(struct db *db);

/* The server process of db's connection now, or -1 when there is none. */
int storage_live_session(const struct db *db);

/*
 * Reads what has arrived on the socket and calls fn for each game id
 * notified by another connection. Returns 0, or -1 when the connection
 * is lost (listen again).
 */
int storage_live_notified(struct db *db, void (*fn)(void *arg, const char *game_id),
                          void *arg);

#endif
