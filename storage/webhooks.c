#include "webhooks.h"

#include <stdio.h>

#include "statements.h"

enum storage_status storage_webhook_create(struct db *db, const char *account,
                                           const struct storage_webhook_fields *f,
                                           const char *secret_hex, int max,
                                           json_t **out)
{
    char n[16];
    const char *p[] = {account, f->url, f->events_text, f->game_id, f->description,
                       secret_hex, n};
    PGresult *res;
    enum storage_status st;

    snprintf(n, sizeof n, "%d", max);
    st = db_json_row(STORAGE_EXEC(db, webhook_insert, 7, p, &res), &res, out);
    return st == STORAGE_NOT_FOUND ? STORAGE_CONFLICT : st;
}

enum storage_status storage_webhook_list(struct db *db, const char *account,
                                         const char *after_us, const char *after_id,
                                         int limit, struct storage_page *page)
{
    char l[16];
    const char *p[] = {account, after_us, after_id, l};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit + 1);
    return storage_page_take(STORAGE_EXEC(db, webhook_list, 4, p, &res), &res, limit, page);
}

enum storage_status storage_webhook_get(struct db *db, const char *id,
                                        const char *account, json_t **out)
{
    const char *p[] = {id, account};
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, webhook_get, 2, p, &res), &res, out);
}

enum storage_status storage_webhook_update(struct db *db, const char *id,
                                           const char *account,
                                           const struct storage_webhook_fields *f,
                                           json_t **out)
{
    const char *p[] = {id, account, f->url, f->events_text, f->description, f->enabled};
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, webhook_update, 6, p, &res), &res, out);
}

enum storage_status storage_webhook_delete(struct db *db, const char *id,
                                           const char *account)
{
    const char *p[] = {id, account};
    PGresult *res;
    int64_t one;

    return db_one_int(STORAGE_EXEC(db, webhook_delete, 2, p, &res), &res, &one);
}

enum storage_status storage_webhook_rotate(struct db *db, const char *id,
                                           const char *account,
                                           const char *secret_hex, int grace,
                                           json_t **out)
{
    char g[16];
    const char *p[] = {id, account, secret_hex, g};
    PGresult *res;

    snprintf(g, sizeof g, "%d", grace);
    return db_json_row(STORAGE_EXEC(db, webhook_rotate, 4, p, &res), &res, out);
}

enum storage_status storage_webhook_deliveries(struct db *db, const char *id,
                                               const char *account,
                                               const char *before, int limit,
                                               json_t **out)
{
    char l[16];
    const char *p[] = {id, account, before, l};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit);
    return db_json_rows(STORAGE_EXEC(db, webhook_deliveries, 4, p, &res), &res, out);
}

enum storage_status storage_webhook_redeliver(struct db *db, const char *id,
                                              const char *account,
                                              const char *delivery)
{
    const char *p[] = {id, account, delivery};
    PGresult *res;
    int64_t got;

    return db_one_int(STORAGE_EXEC(db, webhook_redeliver, 3, p, &res), &res, &got);
}

enum storage_status storage_outbox_claim(struct db *db, int limit, json_t **rows)
{
    char l[16];
    const char *p[] = {l};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit);
    return db_json_rows(STORAGE_EXEC(db, outbox_claim, 1, p, &res), &res, rows);
}

enum storage_status storage_outbox_listeners(struct db *db, const char *games_text,
                                             const char *accounts_text, json_t **out)
{
    const char *p[] = {games_text, accounts_text};
    PGresult *res;

    return db_json_rows(STORAGE_EXEC(db, outbox_listeners, 2, p, &res), &res, out);
}

enum storage_status storage_outbox_fan_out(struct db *db, const char *deliveries_text,
                                           const char *ids_text)
{
    const char *p[] = {deliveries_text, ids_text};
    PGresult *res;

    return db_done(STORAGE_EXEC(db, outbox_fan_out, 2, p, &res), &res);
}

enum storage_status storage_deliveries_claim(struct db *db, int limit, int lease,
                                             json_t **out)
{
    char l[16], s[16];
    const char *p[] = {l, s};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit);
    snprintf(s, sizeof s, "%d", lease);
    return db_json_rows(STORAGE_EXEC(db, deliveries_claim, 2, p, &res), &res, out);
}

enum storage_status storage_delivery_record(struct db *db,
                                            const struct storage_attempt *a)
{
    char retry[32], code[16], lat[16], started[32];
    const char *p[] = {a->delivery, a->status, retry, a->response_status ? code : NULL,
                       a->error, lat, started, a->manual ? "true" : "false"};
    PGresult *res;

    snprintf(retry, sizeof retry, "%.3f", a->retry_in);
    snprintf(code, sizeof code, "%d", a->response_status);
    snprintf(lat, sizeof lat, "%d", a->latency_ms);
    snprintf(started, sizeof started, "%.3f", a->started);
    return db_done(STORAGE_EXEC(db, delivery_record, 8, p, &res), &res);
}

enum storage_status storage_webhook_disable(struct db *db, const char *id,
                                            const char *reason)
{
    const char *p[] = {id, reason};
    PGresult *res;

    return db_done(STORAGE_EXEC(db, webhook_disable, 2, p, &res), &res);
}

enum storage_status storage_outbox_since(struct db *db, const char *accounts_text,
                                         int64_t after, int limit, json_t **rows)
{
    char a[24], l[16];
    const char *p[] = {accounts_text, a, l};
    PGresult *res;

    snprintf(a, sizeof a, "%lld", (long long)after);
    snprintf(l, sizeof l, "%d", limit);
    return db_json_rows(STORAGE_EXEC(db, outbox_since, 3, p, &res), &res, rows);
}

enum storage_status storage_outbox_head(struct db *db, int64_t *id)
{
    PGresult *res;

    return db_one_int(STORAGE_EXEC(db, outbox_head, 0, NULL, &res), &res, id);
}
