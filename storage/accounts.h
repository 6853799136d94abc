/*
 * accounts.h - accounts, token epochs, and stored answers to retried
 * creating requests.
 */
#ifndef TURNPOST_STORAGE_ACCOUNTS_H
#define TURNPOST_STORAGE_ACCOUNTS_H

#include <stdint.h>

#include "db.h"

struct storage_account {
    char id[37];
    char name[65];
    char kind[8];          /* "player" or "bot" */
    int admin;
    int64_t token_epoch;
    char created_at[24];
};

/* Inserts an account; STORAGE_CONFLICT when the name is taken. */
enum storage_status storage_account_create(struct db *db, const char *name,
                                           const char *kind, int admin,
                                           struct storage_account *out);
enum storage_status storage_account_get(struct db *db, const char *id,
                                        struct storage_account *out);
enum storage_status storage_account_get_by_name(struct db *db,
                                                const char *name,
                                                struct storage_account *out);
/* Bumps the token epoch, revoking every token issued so far. */
enum storage_status storage_account_revoke(struct db *db, const char *id,
                                           int64_t *epoch);

/*
 * Claims (scope, route, key) for a request whose canonical hash is hash,
 * inside the caller's transaction: STORAGE_OK when it is new. When it was
 * claimed before (a concurrent claim is waited for), STORAGE_CONFLICT with
 * the stored *status and *body (new, free()) and *same_request.
 */
enum storage_status storage_idempotency_claim(struct db *db, const char *scope,
                                              const char *route, const char *key,
                                              const char *hash, int *status,
                                              char **body, int *same_request);
/* Stores the answer to a claimed key, before COMMIT. */
enum storage_status storage_idempotency_finish(struct db *db, const char *scope,
                                               const char *route,
                                               const char *key, int status,
                                               const char *body);

/*
 * Vacations, as new JSON {from, until, days_used} (this year's days). start
 * begins one of days now: STORAGE_CONFLICT when one is on or the year's
 * allowance (per_year) would be passed. end stops the current one
 * (STORAGE_NOT_FOUND when none is on), giving back the whole days not
 * begun. Both make the clocks of the account's timed games look again.
 */
enum storage_status storage_vacation_get(struct db *db, const char *account, json_t **out);
enum storage_status storage_vacation_start(struct db *db, const char *account, int days,
                                           int per_year, json_t **out);
enum storage_status storage_vacation_end(struct db *db, const char *account, json_t **out);

#endif
