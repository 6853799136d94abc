/*
 * statements.h - every SQL statement the service runs, prepared on each
 * connection when it opens. STMT(name, sql) is expanded into an enum of
 * ids, a name table and an SQL table.
 */
#ifndef TURNPOST_STORAGE_STATEMENTS_H
#define TURNPOST_STORAGE_STATEMENTS_H

enum statement_id {
#define STMT(name, sql) STMT_##name,
#include "statements.def"
#undef STMT
    STMT_COUNT
};

extern const char *const statement_names[STMT_COUNT];
extern const char *const statement_sql[STMT_COUNT];

/* Runs statement id (a bare name such as game_read) on db. */
#define STORAGE_EXEC(db, id, n, params, res) \
    db_exec(db, statement_names[STMT_##id], n, params, res)

/* The same with BEGIN before it, or COMMIT after it, in one round trip. */
#define STORAGE_BEGIN_EXEC(db, id, n, params, res) \
    db_begin_exec(db, statement_names[STMT_##id], n, params, res)
#define STORAGE_EXEC_COMMIT(db, id, n, params, res) \
    db_exec_commit(db, statement_names[STMT_##id], n, params, res)

#endif
