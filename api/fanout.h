/*
 * fanout.h - what each subscriber hears of one outbox row.
 *
 * An outbox row records one happening: a game created (its invited
 * seats), set up, moved, finished, or an account-level event such as a
 * webhook disabled. Fanning it out makes one Standard Webhooks payload
 * ({type, timestamp, data}) per event type and per subscription that asked
 * for that type and may see it, with the move's events redacted for the
 * subscriber's seat exactly as in the move log (public only for a
 * spectator). Pure: no I/O.
 */
#ifndef TURNPOST_API_FANOUT_H
#define TURNPOST_API_FANOUT_H

#include <jansson.h>

/* 1 when name is an event type a subscription may ask for ("*": all). */
int fanout_event_known(const char *name);

/* The event types, NULL-terminated, for the contract and error messages. */
extern const char *const fanout_event_types[];

/*
 * Appends to deliveries, for the outbox row (as storage_outbox_claim
 * gives it) and its listeners (storage_outbox_listeners), one object
 * {webhook_id, msg_id, event_type, outbox_id, game_id, body} per payload,
 * body the exact text to send. msg_id is fresh and random.
 */
void fanout_row(const json_t *row, const json_t *listeners, json_t *deliveries);

#endif
