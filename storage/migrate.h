/*
 * migrate.h - applies migrations/NNNN_name.sql in order, each once, each
 * in its own transaction, recording it in schema_migrations.
 */
#ifndef TURNPOST_STORAGE_MIGRATE_H
#define TURNPOST_STORAGE_MIGRATE_H

#include <stddef.h>

/*
 * Applies the pending migrations in dir to the database at url. Returns
 * the number applied (0 when up to date), or -1 with a message in err.
 * Concurrent runs are serialised by an advisory lock.
 */
int storage_migrate(const char *url, const char *dir, char *err,
                    size_t errlen);

/* The migrations directory found at build time. */
const char *storage_migrations_dir(void);

#endif
