/*
 * db.h - one PostgreSQL connection per worker thread, its prepared
 * statements, and reconnection after an outage.
 *
 * A struct db belongs to one thread. Every call that talks to the server
 * first makes sure the connection is up; when it is not, the call fails
 * with STORAGE_UNAVAILABLE and the next call tries to reconnect, so the
 * service answers 503 during an outage and recovers by itself.
 */
#ifndef TURNPOST_STORAGE_DB_H
#define TURNPOST_STORAGE_DB_H

#include <stdint.h>

#include <jansson.h>
#include <libpq-fe.h>

enum storage_status {
    STORAGE_OK = 0,
    STORAGE_NOT_FOUND,
    STORAGE_CONFLICT,      /* a unique key or state check refused the write */
    STORAGE_UNAVAILABLE,   /* the database cannot be reached now */
    STORAGE_ERROR,         /* anything else: a bug or a corrupt row */
};

struct db {
    PGconn *conn;
    char *url;
    int prepared;          /* statements prepared on this connection */
    char error[256];       /* the last failure, for the log */
};

/* A new handle for url; connects lazily. Owned by the caller. */
struct db *db_open(const char *url);
void db_close(struct db *db);

/* Connects (or reconnects) and prepares the statements if needed. */
enum storage_status db_ready(struct db *db);

/*
 * Runs prepared statement name with n text parameters. On success *res is
 * a result the caller must PQclear. Maps connection loss to
 * STORAGE_UNAVAILABLE and unique violations to STORAGE_CONFLICT.
 */
enum storage_status db_exec(struct db *db, const char *name, int n,
                            const char *const *params, PGresult **res);

/*
 * BEGIN and then a prepared statement, or a prepared statement and then
 * COMMIT, in one round trip (libpq pipeline mode). *res as for db_exec.
 * After a failure the transaction may still be open: roll it back.
 */
enum storage_status db_begin_exec(struct db *db, const char *name, int n,
                                  const char *const *params, PGresult **res);
enum storage_status db_exec_commit(struct db *db, const char *name, int n,
                                   const char *const *params, PGresult **res);

/* The same for a literal command without parameters (BEGIN, COMMIT...). */
enum storage_status db_command(struct db *db, const char *sql);

/*
 * Finishing a statement run by db_exec: st is its status, *res its result.
 * db_done clears the result. db_one_int reads the first column of the one
 * row as an integer (STORAGE_NOT_FOUND without a row) and clears it.
 */
enum storage_status db_done(enum storage_status st, PGresult **res);
enum storage_status db_one_int(enum storage_status st, PGresult **res,
                               int64_t *out);

/*
 * The first column of every row, each a JSON text, as a new array in *out;
 * clears the result. STORAGE_ERROR when a value is not JSON.
 */
enum storage_status db_json_rows(enum storage_status st, PGresult **res,
                                 json_t **out);

/* The same for a statement of one row: *out is its value (new), or
 * STORAGE_NOT_FOUND without a row. */
enum storage_status db_json_row(enum storage_status st, PGresult **res,
                                json_t **out);

/* BEGIN / COMMIT / ROLLBACK. Rollback ignores failures. */
enum storage_status db_begin(struct db *db);
enum storage_status db_commit(struct db *db);
void db_rollback(struct db *db);

/* 1 when the connection is up (for /metrics), without network traffic. */
int db_connected(const struct db *db);

#endif
