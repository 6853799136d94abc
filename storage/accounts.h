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
 * Passwords. *hash is a new string, "" when the account has none.
 * login reads the account named name with its hash. password_set
 * replaces old_hash ("" for none) by new_hash: STORAGE_CONFLICT when the
 * stored hash is no longer old_hash.
 */
enum storage_status storage_account_login(struct db *db, const char *name,
                                          struct storage_account *out, char **hash);
enum storage_status storage_account_password(struct db *db, const char *id, char **hash);
enum storage_status storage_account_password_set(struct db *db, const char *id,
                                                 const char *old_hash,
                                                 const char *new_hash);
/* The public profile of the account id, or of the one named name (the
 * other NULL), as new JSON; STORAGE_NOT_FOUND when there is none. */
enum storage_status storage_account_profile(struct db *db, const char *id,
                                            const char *name, json_t **out);

/*
 * Personal tokens of account, each as JSON {id, name, scopes, created_at,
 * expires_at, last_used_at}. create: scopes is a JSON array text, exp unix
 * seconds; STORAGE_CONFLICT when the account has max already. check: the
 * account's epoch for a token that is neither revoked nor expired, else
 * STORAGE_NOT_FOUND. delete_all goes with revoking every token.
 */
enum storage_status storage_token_create(struct db *db, const char *account,
                                         const char *name, const char *scopes,
                                         int64_t exp, int max, json_t **out);
enum storage_status storage_token_list(struct db *db, const char *account, json_t **out);
enum storage_status storage_token_get(struct db *db, const char *account,
                                      const char *id, json_t **out);
enum storage_status storage_token_delete(struct db *db, const char *account,
                                         const char *id);
enum storage_status storage_token_delete_all(struct db *db, const char *account);
enum storage_status storage_token_check(struct db *db, const char *account,
                                        const char *id, int64_t *epoch);

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
