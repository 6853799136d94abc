#include "notify.h"

#include "statements.h"

enum storage_status storage_games_pulse(struct db *db, const char *ids_text,
                                        json_t **out)
{
    PGresult *res;

    return db_json_rows(STORAGE_EXEC(db, games_pulse, 1, &ids_text, &res), &res, out);
}

enum storage_status storage_games_notify(struct db *db, const char *ids_text)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, games_notify, 1, &ids_text, &res), &res);
}

int storage_live_listen(struct db *db)
{
    if (db_ready(db) != STORAGE_OK ||
        db_command(db, "SET synchronous_commit = off") != STORAGE_OK ||
        db_command(db, "LISTEN turnpost_games") != STORAGE_OK)
        return -1;
    return PQsocket(db->conn);
}

int storage_live_session(const struct db *db)
{
    return db->conn && PQstatus(db->conn) == CONNECTION_OK ? PQbackendPID(db->conn) : -1;
}

int storage_live_notified(struct db *db, void (*fn)(void *arg, const char *game_id),
                          void *arg)
{
    PGnotify *n;
    int self;

    if (!db->conn || !PQconsumeInput(db->conn) || PQstatus(db->conn) != CONNECTION_OK)
        return -1;
    self = PQbackendPID(db->conn);
    while ((n = PQnotifies(db->conn))) {
        if (n->be_pid != self)
            fn(arg, n->extra);
        PQfreemem(n);
    }
    return 0;
}
