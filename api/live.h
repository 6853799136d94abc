/*
 * live.h - Server-Sent Events: a game's move log as it grows, to each
 * viewer redacted for its seat.
 *
 * One hub thread per process holds every stream. A stream is a buffer the
 * connection drains; when it is empty the connection is suspended, so a
 * held stream costs no worker, no I/O-thread time and no database
 * connection. The hub has one connection of its own: it LISTENs on
 * turnpost_games (storage/live.h), NOTIFYs the other replicas of the games
 * changed through this one, and reads each changed game's new log entries
 * once for all the streams that follow it, from their positions, so a
 * stream resumed from Last-Event-ID misses nothing: an id names the last
 * log entry and the last message sent. Once a second it
 * also asks where every followed game stands, in case a notification was
 * lost. A comment line goes out as a heartbeat to every stream.
 *
 * Each stream gets, in order:
 *   retry: 3000                               (once)
 *   id: <seq>:<msg>, event: move, data: <log entry as the viewer's move
 *                                             log has it>
 *   id: <seq>:<msg>, event: message, data: <a message the seat may read>
 *   event: game, data: {version, status, must_act, move_count, log_head,
 *                       message_count}
 *                                             (after each batch, and first)
 *   : heartbeat
 */
#ifndef TURNPOST_API_LIVE_H
#define TURNPOST_API_LIVE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct app;
struct live_hub;
struct live_stream;
struct MHD_Connection;

/* Starts the hub thread; heartbeat is in seconds. NULL on failure. */
struct live_hub *live_hub_start(struct app *app, int heartbeat);
void live_hub_stop(struct live_hub *hub);

/* A game changed through this replica: its streams here and elsewhere
 * hear of it. Any thread may call it. */
void live_hub_changed(struct live_hub *hub, const char *game_id);

/* A new stream of game (of seats seats) for seat (-1: spectator), from
 * after log entry pos and message mpos (-1: the messages from now on). */
struct live_stream *live_stream_new(const char *game_id, const char *ruleset, int seat,
                                    int seats, int64_t pos, int64_t mpos);

/*
 * A new stream of what concerns account (its turns, invites, messages,
 * clocks, games started and finished, webhooks disabled), from after
 * outbox row pos; each event is the webhook payload of the same type.
 */
struct live_stream *live_stream_new_account(const char *account, int64_t pos);

/* Drops a stream that was never started. */
void live_stream_free(struct live_stream *s);

/*
 * Gives the stream its connection and hands it to the hub, which owns it
 * from now on. The connection's response reads it with
 * live_stream_read and ends it with live_stream_closed.
 */
void live_hub_add(struct live_hub *hub, struct live_stream *s,
                  struct MHD_Connection *conn);

/* libmicrohttpd's content reader and its free callback for a stream. */
ssize_t live_stream_read(void *cls, uint64_t pos, char *buf, size_t max);
void live_stream_closed(void *cls);

/*
 * Ends every stream (each sends what it has, then finishes) and waits, up
 * to two seconds, until their connections have let them go, so that the
 * daemon can stop with none suspended.
 */
void live_hub_end_streams(struct live_hub *hub);

/*
 * Long polling: calls fire(arg, 0) from the hub thread once game is past
 * version, or fire(arg, 1) when seconds have passed first, or when the hub
 * ends (live_hub_end_streams), with 2.
 */
void live_hub_wait(struct live_hub *hub, const char *game_id, int64_t version,
                   int seconds, void (*fire)(void *arg, int why), void *arg);

/* Streams held now, for /metrics. */
long live_hub_streams(const struct live_hub *hub);

#endif
