#include "db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "statements.h"

struct db *db_open(const char *url)
{
    struct db *db = calloc(1, sizeof *db);

    if (!db || !(db->url = strdup(url))) {
        free(db);
        return NULL;
    }
    return db;
}

void db_close(struct db *db)
{
    if (!db)
        return;
    if (db->conn)
        PQfinish(db->conn);
    free(db->url);
    free(db);
}

int db_connected(const struct db *db)
{
    return db->conn && PQstatus(db->conn) == CONNECTION_OK;
}

static void drop(struct db *db)
{
    if (db->conn)
        PQfinish(db->conn);
    db->conn = NULL;
    db->prepared = 0;
}

static enum storage_status prepare_all(struct db *db)
{
    for (int i = 0; i < STMT_COUNT; i++) {
        PGresult *res = PQprepare(db->conn, statement_names[i],
                                  statement_sql[i], 0, NULL);
        int ok = PQresultStatus(res) == PGRES_COMMAND_OK;

        if (!ok)
            snprintf(db->error, sizeof db->error, "prepare %s: %s",
                     statement_names[i], PQerrorMessage(db->conn));
        PQclear(res);
        if (!ok) {
            int lost = PQstatus(db->conn) != CONNECTION_OK;
            drop(db);
            return lost ? STORAGE_UNAVAILABLE : STORAGE_ERROR;
        }
    }
    db->prepared = 1;
    return STORAGE_OK;
}

enum storage_status db_ready(struct db *db)
{
    if (db->conn && PQstatus(db->conn) == CONNECTION_OK && db->prepared)
        return STORAGE_OK;
    drop(db);
    db->conn = PQconnectdb(db->url);
    if (PQstatus(db->conn) != CONNECTION_OK) {
        snprintf(db->error, sizeof db->error, "connect: %s",
                 PQerrorMessage(db->conn));
        drop(db);
        return STORAGE_UNAVAILABLE;
    }
    return prepare_all(db);
}

/* Classifies a failed result; drops the connection when it is gone. */
static enum storage_status failure(struct db *db, PGresult *res)
{
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;

    snprintf(db->error, sizeof db->error, "%s",
             res ? PQresultErrorMessage(res) : PQerrorMessage(db->conn));
    if (PQstatus(db->conn) != CONNECTION_OK ||
        (state && (strncmp(state, "08", 2) == 0 ||
                   strncmp(state, "57P", 3) == 0))) {
        drop(db);
        return STORAGE_UNAVAILABLE;
    }
    if (state && (strcmp(state, "23505") == 0 || strcmp(state, "23503") == 0))
        return STORAGE_CONFLICT;
    if (state && strcmp(state, "22P02") == 0)
        return STORAGE_NOT_FOUND; /* a malformed uuid names nothing */
    return STORAGE_ERROR;
}

/*
 * Runs a prepared statement (params != NULL or n >= 0) or, with name
 * holding SQL and n < 0, a plain command. A connection found dead when no
 * transaction was open (the server restarted since its last use) is
 * reopened and the statement sent once more: nothing had been done yet.
 */
static enum storage_status run(struct db *db, const char *name, int n,
                               const char *const *params, PGresult **res)
{
    for (int attempt = 0;; attempt++) {
        enum storage_status st = db_ready(db);
        ExecStatusType rs;
        int idle;

        *res = NULL;
        if (st != STORAGE_OK)
            return st;
        idle = PQtransactionStatus(db->conn) == PQTRANS_IDLE;
        *res = n < 0 ? PQexec(db->conn, name)
                     : PQexecPrepared(db->conn, name, n, params, NULL, NULL, 0);
        rs = PQresultStatus(*res);
        if (rs == PGRES_TUPLES_OK || rs == PGRES_COMMAND_OK)
            return STORAGE_OK;
        st = failure(db, *res);
        PQclear(*res);
        *res = NULL;
        if (st != STORAGE_UNAVAILABLE || !idle || attempt > 0)
            return st;
    }
}

/*
 * Reads the results of nq pipelined queries and the sync that ends them:
 * got[i] is the first result of query i (or NULL when the connection
 * broke before it). Returns 0 when the sync arrived, -1 otherwise.
 */
static int collect(struct db *db, PGresult **got, int nq)
{
    PGresult *x;

    for (int i = 0; i < nq; i++) {
        if (!(got[i] = PQgetResult(db->conn)))
            return -1;
        while ((x = PQgetResult(db->conn)))  /* the NULL that ends query i */
            PQclear(x);
    }
    x = PQgetResult(db->conn);
    if (PQresultStatus(x) != PGRES_PIPELINE_SYNC) {
        PQclear(x);
        return -1;
    }
    PQclear(x);
    return PQexitPipelineMode(db->conn) ? 0 : -1;
}

/*
 * Sends command before (or NULL), the prepared statement and command
 * after (or NULL) in one round trip; *res is the statement's result. A
 * failure in one skips the rest, so "BEGIN, lock" or "write, COMMIT" need
 * no more than one wait for the server. A dead idle connection is
 * reopened once, as in run().
 */
static enum storage_status pipeline(struct db *db, const char *before,
                                    const char *name, int n,
                                    const char *const *params,
                                    const char *after, PGresult **res)
{
    for (int attempt = 0;; attempt++) {
        enum storage_status st = db_ready(db);
        PGresult *got[3] = {NULL, NULL, NULL}, *bad = NULL;
        int nq = 0, mine, idle, ok, complete, failed = 0;

        *res = NULL;
        if (st != STORAGE_OK)
            return st;
        idle = PQtransactionStatus(db->conn) == PQTRANS_IDLE;
        ok = PQenterPipelineMode(db->conn);
        if (ok && before) {
            ok = PQsendQueryParams(db->conn, before, 0, NULL, NULL, NULL, NULL, 0);
            nq++;
        }
        mine = nq;
        if (ok) {
            ok = PQsendQueryPrepared(db->conn, name, n, params, NULL, NULL, 0);
            nq++;
        }
        if (ok && after) {
            ok = PQsendQueryParams(db->conn, after, 0, NULL, NULL, NULL, NULL, 0);
            nq++;
        }
        ok = ok && PQpipelineSync(db->conn);
        complete = ok && collect(db, got, nq) == 0;
        for (int i = 0; i < nq && !failed; i++) {
            ExecStatusType rs = PQresultStatus(got[i]);

            if (rs != PGRES_TUPLES_OK && rs != PGRES_COMMAND_OK) {
                bad = got[i];
                failed = 1;
            }
        }
        if (complete && !failed) {
            *res = got[mine];
            got[mine] = NULL;
            st = STORAGE_OK;
        } else {
            st = failure(db, bad);
            if (!complete) {  /* out of step with the server: start over */
                drop(db);
                st = STORAGE_UNAVAILABLE;
            }
        }
        for (int i = 0; i < nq; i++)
            PQclear(got[i]);
        if (st != STORAGE_UNAVAILABLE || !idle || attempt > 0)
            return st;
    }
}

enum storage_status db_begin_exec(struct db *db, const char *name, int n,
                                  const char *const *params, PGresult **res)
{
    return pipeline(db, "BEGIN", name, n, params, NULL, res);
}

enum storage_status db_exec_commit(struct db *db, const char *name, int n,
                                   const char *const *params, PGresult **res)
{
    return pipeline(db, NULL, name, n, params, "COMMIT", res);
}

enum storage_status db_exec(struct db *db, const char *name, int n,
                            const char *const *params, PGresult **res)
{
    return run(db, name, n, params, res);
}

enum storage_status db_command(struct db *db, const char *sql)
{
    PGresult *res;
    enum storage_status st = run(db, sql, -1, NULL, &res);

    if (st == STORAGE_OK)
        PQclear(res);
    return st;
}

enum storage_status db_done(enum storage_status st, PGresult **res)
{
    if (st == STORAGE_OK)
        PQclear(*res);
    return st;
}

enum storage_status db_one_int(enum storage_status st, PGresult **res,
                               int64_t *out)
{
    if (st != STORAGE_OK)
        return st;
    st = PQntuples(*res) == 1 ? STORAGE_OK : STORAGE_NOT_FOUND;
    if (st == STORAGE_OK)
        *out = strtoll(PQgetvalue(*res, 0, 0), NULL, 10);
    PQclear(*res);
    return st;
}

enum storage_status db_json_rows(enum storage_status st, PGresult **res,
                                 json_t **out)
{
    json_t *rows;

    *out = NULL;
    if (st != STORAGE_OK)
        return st;
    rows = json_array();
    for (int i = 0; i < PQntuples(*res) && st == STORAGE_OK; i++) {
        json_t *v = json_loads(PQgetvalue(*res, i, 0), JSON_DECODE_ANY, NULL);

        if (v)
            json_array_append_new(rows, v);
        else
            st = STORAGE_ERROR;
    }
    PQclear(*res);
    if (st == STORAGE_OK)
        *out = rows;
    else
        json_decref(rows);
    return st;
}

enum storage_status db_json_row(enum storage_status st, PGresult **res,
                                json_t **out)
{
    json_t *rows;

    *out = NULL;
    if ((st = db_json_rows(st, res, &rows)) != STORAGE_OK)
        return st;
    if (json_array_size(rows) == 1)
        *out = json_incref(json_array_get(rows, 0));
    else
        st = STORAGE_NOT_FOUND;
    json_decref(rows);
    return st;
}

enum storage_status db_begin(struct db *db)
{
    return db_command(db, "BEGIN");
}

enum storage_status db_commit(struct db *db)
{
    return db_command(db, "COMMIT");
}

void db_rollback(struct db *db)
{
    if (db->conn && PQstatus(db->conn) == CONNECTION_OK)
        PQclear(PQexec(db->conn, "ROLLBACK"));
}
