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
 * The stored answer to (scope, route, key): on STORAGE_OK *status and
 * *body (new, free()) are set; STORAGE_NOT_FOUND when there is none.
 */
enum storage_status storage_idempotency_get(struct db *db, const char *scope,
                                            const char *route,
                                            const char *key, int *status,
                                            char **body);
enum storage_status storage_idempotency_put(struct db *db, const char *scope,
                                            const char *route,
                                            const char *key, int status,
                                            const char *body);

#endif
