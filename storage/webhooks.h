/*
 * webhooks.h - webhook subscriptions, the outbox they are fed from, and
 * their deliveries.
 *
 * Rows travel as JSON objects built by the SQL (see statements.def for
 * their members). Every function that names a webhook also names its
 * owner, so one account never reads or changes another's; a webhook of
 * someone else is STORAGE_NOT_FOUND. Returned JSON is new: the caller
 * decrefs it.
 */
#ifndef TURNPOST_STORAGE_WEBHOOKS_H
#define TURNPOST_STORAGE_WEBHOOKS_H

#include <jansson.h>

#include "db.h"
#include "page.h"

/* The fields of a new or changed subscription; NULL leaves one unset. */
struct storage_webhook_fields {
    const char *url;
    const char *events_text;   /* a JSON array of event type names */
    const char *game_id;
    const char *description;
    const char *enabled;       /* "true", "false" or NULL */
};

/*
 * A new subscription of account with secret (hex). STORAGE_CONFLICT when
 * the account already has max of them.
 */
enum storage_status storage_webhook_create(struct db *db, const char *account,
                                           const struct storage_webhook_fields *f,
                                           const char *secret_hex, int max,
                                           json_t **out);
/* The account's subscriptions, oldest first, after the one of sort key
 * (after_us, after_id) (NULL, NULL: from the first), limit at most. */
enum storage_status storage_webhook_list(struct db *db, const char *account,
                                         const char *after_us, const char *after_id,
                                         int limit, struct storage_page *page);
enum storage_status storage_webhook_get(struct db *db, const char *id,
                                        const char *account, json_t **out);
enum storage_status storage_webhook_update(struct db *db, const char *id,
                                           const char *account,
                                           const struct storage_webhook_fields *f,
                                           json_t **out);
enum storage_status storage_webhook_delete(struct db *db, const char *id,
                                           const char *account);
/* A new secret (hex); the old one keeps signing for grace seconds. */
enum storage_status storage_webhook_rotate(struct db *db, const char *id,
                                           const char *account,
                                           const char *secret_hex, int grace,
                                           json_t **out);
/* Deliveries newest first, with ids below before (NULL: the newest). */
enum storage_status storage_webhook_deliveries(struct db *db, const char *id,
                                               const char *account,
                                               const char *before, int limit,
                                               json_t **out);
/* Queues delivery to be sent once more now; STORAGE_NOT_FOUND when there
 * is no such delivery of an enabled webhook of account's. */
enum storage_status storage_webhook_redeliver(struct db *db, const char *id,
                                              const char *account,
                                              const char *delivery);

/*
 * In an open transaction: locks up to limit outbox rows not yet fanned
 * out (others' locked rows are skipped) into *rows.
 */
enum storage_status storage_outbox_claim(struct db *db, int limit, json_t **rows);
/* The enabled subscriptions that may hear of the games or the accounts
 * (JSON arrays of ids), their players and creators: a superset of each
 * outbox row's own. */
enum storage_status storage_outbox_listeners(struct db *db, const char *games_text,
                                             const char *accounts_text, json_t **out);
/* Writes deliveries (a JSON array) and marks the outbox rows ids (a JSON
 * array of ids) fanned out. */
enum storage_status storage_outbox_fan_out(struct db *db, const char *deliveries_text,
                                           const char *ids_text);

/* Rows after after that may concern one of the accounts (a JSON array),
 * at most limit, for accounts' event streams; and the newest row's id. */
enum storage_status storage_outbox_since(struct db *db, const char *accounts_text,
                                         int64_t after, int limit, json_t **rows);
enum storage_status storage_outbox_head(struct db *db, int64_t *id);

/* Leases up to limit due deliveries for lease seconds into *out. */
enum storage_status storage_deliveries_claim(struct db *db, int limit, int lease,
                                             json_t **out);

/* One attempt of a delivery and what comes of it. */
struct storage_attempt {
    const char *delivery;      /* its id */
    const char *status;        /* the delivery's new status */
    double retry_in;           /* seconds to the next attempt, when pending */
    int response_status;       /* 0: no answer */
    const char *error;         /* NULL: none */
    int latency_ms;
    double started;            /* epoch seconds */
    int manual;
};
enum storage_status storage_delivery_record(struct db *db,
                                            const struct storage_attempt *a);
/* Disables webhook id for reason and queues a webhook.disabled event. */
enum storage_status storage_webhook_disable(struct db *db, const char *id,
                                            const char *reason);

#endif
