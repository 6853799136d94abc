#include "accounts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "statements.h"

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

static enum storage_status one_account(enum storage_status st, PGresult **resp,
                                       struct storage_account *out)
{
    PGresult *res = *resp;

    if (st != STORAGE_OK)
        return st;
    if (PQntuples(res) != 1) {
        PQclear(res);
        return STORAGE_NOT_FOUND;
    }
    copy(out->id, sizeof out->id, PQgetvalue(res, 0, 0));
    copy(out->name, sizeof out->name, PQgetvalue(res, 0, 1));
    copy(out->kind, sizeof out->kind, PQgetvalue(res, 0, 2));
    out->admin = PQgetvalue(res, 0, 3)[0] == 't';
    out->token_epoch = strtoll(PQgetvalue(res, 0, 4), NULL, 10);
    copy(out->created_at, sizeof out->created_at, PQgetvalue(res, 0, 5));
    PQclear(res);
    return STORAGE_OK;
}

enum storage_status storage_account_create(struct db *db, const char *name,
                                           const char *kind, int admin,
                                           struct storage_account *out)
{
    const char *p[] = {name, kind, admin ? "true" : "false"};
    PGresult *res;

    return one_account(STORAGE_EXEC(db, account_insert, 3, p, &res), &res, out);
}

enum storage_status storage_account_get(struct db *db, const char *id,
                                        struct storage_account *out)
{
    PGresult *res;

    return one_account(STORAGE_EXEC(db, account_get, 1, &id, &res), &res, out);
}

enum storage_status storage_account_get_by_name(struct db *db,
                                                const char *name,
                                                struct storage_account *out)
{
    PGresult *res;

    return one_account(STORAGE_EXEC(db, account_get_by_name, 1, &name, &res), &res,
                       out);
}

enum storage_status storage_account_revoke(struct db *db, const char *id,
                                           int64_t *epoch)
{
    PGresult *res;

    return db_one_int(STORAGE_EXEC(db, account_revoke, 1, &id, &res), &res, epoch);
}

/* The text of column col of a result of one row, as a new string. */
static enum storage_status one_text(enum storage_status st, PGresult **resp, int col,
                                    char **out)
{
    PGresult *res = *resp;

    *out = NULL;
    if (st != STORAGE_OK)
        return st;
    if (PQntuples(res) != 1) {
        PQclear(res);
        return STORAGE_NOT_FOUND;
    }
    *out = strdup(PQgetvalue(res, 0, col));
    PQclear(res);
    return *out ? STORAGE_OK : STORAGE_ERROR;
}

enum storage_status storage_account_login(struct db *db, const char *name,
                                          struct storage_account *out, char **hash)
{
    PGresult *res;
    enum storage_status st = STORAGE_EXEC(db, account_login, 1, &name, &res);

    *hash = NULL;
    if (st == STORAGE_OK && PQntuples(res) == 1 && !(*hash = strdup(PQgetvalue(res, 0, 6)))) {
        PQclear(res);
        return STORAGE_ERROR;
    }
    st = one_account(st, &res, out);
    if (st != STORAGE_OK) {
        free(*hash);
        *hash = NULL;
    }
    return st;
}

enum storage_status storage_account_password(struct db *db, const char *id, char **hash)
{
    PGresult *res;

    return one_text(STORAGE_EXEC(db, account_password_get, 1, &id, &res), &res, 0, hash);
}

enum storage_status storage_account_password_set(struct db *db, const char *id,
                                                 const char *old_hash,
                                                 const char *new_hash)
{
    const char *p[] = {id, new_hash, old_hash};
    PGresult *res;
    int64_t one;
    enum storage_status st =
        db_one_int(STORAGE_EXEC(db, account_password_set, 3, p, &res), &res, &one);

    return st == STORAGE_NOT_FOUND ? STORAGE_CONFLICT : st;
}

enum storage_status storage_account_profile(struct db *db, const char *id,
                                            const char *name, json_t **out)
{
    const char *p[] = {id, name};
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, account_profile, 2, p, &res), &res, out);
}

enum storage_status storage_token_create(struct db *db, const char *account,
                                         const char *name, const char *scopes,
                                         int64_t exp, int max, json_t **out)
{
    char e[24], m[16];
    const char *p[] = {account, name, scopes, e, m};
    PGresult *res;
    enum storage_status st;

    snprintf(e, sizeof e, "%lld", (long long)exp);
    snprintf(m, sizeof m, "%d", max);
    st = db_json_row(STORAGE_EXEC(db, token_insert, 5, p, &res), &res, out);
    return st == STORAGE_NOT_FOUND ? STORAGE_CONFLICT : st;
}

enum storage_status storage_token_list(struct db *db, const char *account, json_t **out)
{
    PGresult *res;

    return db_json_rows(STORAGE_EXEC(db, token_list, 1, &account, &res), &res, out);
}

enum storage_status storage_token_get(struct db *db, const char *account,
                                      const char *id, json_t **out)
{
    const char *p[] = {account, id};
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, token_get, 2, p, &res), &res, out);
}

enum storage_status storage_token_delete(struct db *db, const char *account,
                                         const char *id)
{
    const char *p[] = {account, id};
    PGresult *res;
    int64_t one;

    return db_one_int(STORAGE_EXEC(db, token_delete, 2, p, &res), &res, &one);
}

enum storage_status storage_token_delete_all(struct db *db, const char *account)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, token_delete_all, 1, &account, &res), &res);
}

enum storage_status storage_token_check(struct db *db, const char *account,
                                        const char *id, int64_t *epoch)
{
    const char *p[] = {account, id};
    PGresult *res;

    return db_one_int(STORAGE_EXEC(db, token_check, 2, p, &res), &res, epoch);
}

enum storage_status storage_idempotency_claim(struct db *db, const char *scope,
                                              const char *route, const char *key,
                                              const char *hash, int *status,
                                              char **body, int *same_request)
{
    const char *p[] = {scope, route, key, hash};
    PGresult *res;
    enum storage_status st = STORAGE_EXEC(db, idempotency_claim, 4, p, &res);
    int claimed;

    if (st != STORAGE_OK)
        return st;
    claimed = PQntuples(res) == 1;
    PQclear(res);
    if (claimed)
        return STORAGE_OK;
    if ((st = STORAGE_EXEC(db, idempotency_get, 4, p, &res)) != STORAGE_OK)
        return st;
    if (PQntuples(res) != 1) {
        PQclear(res);
        return STORAGE_ERROR;
    }
    *status = atoi(PQgetvalue(res, 0, 0));
    *body = strdup(PQgetvalue(res, 0, 1));
    *same_request = PQgetvalue(res, 0, 2)[0] == 't';
    PQclear(res);
    return *body ? STORAGE_CONFLICT : STORAGE_ERROR;
}

enum storage_status storage_idempotency_finish(struct db *db, const char *scope,
                                               const char *route,
                                               const char *key, int status,
                                               const char *body)
{
    char s[16];
    const char *p[] = {scope, route, key, s, body};
    PGresult *res;

    snprintf(s, sizeof s, "%d", status);
    return db_done(STORAGE_EXEC(db, idempotency_finish, 5, p, &res), &res);
}

enum storage_status storage_vacation_get(struct db *db, const char *account, json_t **out)
{
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, vacation_get, 1, &account, &res), &res, out);
}

/* The account's timed games in which it must act look at their clocks now. */
static enum storage_status clocks_again(struct db *db, const char *account)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, vacation_games, 1, &account, &res), &res);
}

enum storage_status storage_vacation_start(struct db *db, const char *account, int days,
                                           int per_year, json_t **out)
{
    char d[16], y[16];
    const char *p[] = {account, d, y};
    PGresult *res;
    enum storage_status st;

    snprintf(d, sizeof d, "%d", days);
    snprintf(y, sizeof y, "%d", per_year);
    st = db_json_row(STORAGE_EXEC(db, vacation_start, 3, p, &res), &res, out);
    if (st == STORAGE_NOT_FOUND)
        return STORAGE_CONFLICT;
    return st == STORAGE_OK ? clocks_again(db, account) : st;
}

enum storage_status storage_vacation_end(struct db *db, const char *account, json_t **out)
{
    PGresult *res;
    enum storage_status st = db_json_row(STORAGE_EXEC(db, vacation_end, 1, &account, &res),
                                         &res, out);

    return st == STORAGE_OK ? clocks_again(db, account) : st;
}
