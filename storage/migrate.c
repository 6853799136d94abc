#include "migrate.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

const char *storage_migrations_dir(void)
{
    const char *env = getenv("TURNPOST_MIGRATIONS");

    return env && *env ? env : TURNPOST_MIGRATIONS_DIR;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else {
            buf[n] = 0;
        }
    }
    fclose(f);
    return buf;
}

static int run(PGconn *c, const char *sql, char *err, size_t errlen)
{
    PGresult *r = PQexec(c, sql);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK ||
             PQresultStatus(r) == PGRES_TUPLES_OK;

    if (!ok)
        snprintf(err, errlen, "%s", PQerrorMessage(c));
    PQclear(r);
    return ok ? 0 : -1;
}

/* Applies one file unless recorded; returns 1 applied, 0 skipped, -1. */
static int apply_one(PGconn *c, const char *dir, const char *name, char *err,
                     size_t errlen)
{
    char path[4096], version[16] = {0};
    const char *p[2];
    PGresult *r;
    char *sql;
    int done;

    memcpy(version, name, 4);
    p[0] = version;
    p[1] = name;
    r = PQexecParams(c, "SELECT 1 FROM schema_migrations WHERE version = $1::int",
                     1, NULL, p, NULL, NULL, 0);
    done = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1;
    PQclear(r);
    if (done)
        return 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(sql = read_file(path))) {
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    if (run(c, "BEGIN", err, errlen) || run(c, sql, err, errlen)) {
        free(sql);
        PQclear(PQexec(c, "ROLLBACK"));
        return -1;
    }
    free(sql);
    r = PQexecParams(c, "INSERT INTO schema_migrations (version, name) "
                        "VALUES ($1::int, $2)",
                     2, NULL, p, NULL, NULL, 0);
    done = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!done || run(c, "COMMIT", err, errlen)) {
        PQclear(PQexec(c, "ROLLBACK"));
        return -1;
    }
    return 1;
}

int storage_migrate(const char *url, const char *dir, char *err,
                    size_t errlen)
{
    PGconn *c = PQconnectdb(url);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0;
    int applied = 0;
    DIR *d;

    if (PQstatus(c) != CONNECTION_OK) {
        snprintf(err, errlen, "connect: %s", PQerrorMessage(c));
        PQfinish(c);
        return -1;
    }
    if (run(c, "SET client_min_messages = warning", err, errlen) ||
        run(c, "SELECT pg_advisory_lock(7270001)", err, errlen) ||
        run(c, "CREATE TABLE IF NOT EXISTS schema_migrations ("
               " version int PRIMARY KEY, name text NOT NULL,"
               " applied_at timestamptz NOT NULL DEFAULT now())",
            err, errlen)) {
        PQfinish(c);
        return -1;
    }
    if (!(d = opendir(dir))) {
        snprintf(err, errlen, "cannot open %s", dir);
        PQfinish(c);
        return -1;
    }
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        char **grown;

        if (len < 9 || strcmp(e->d_name + len - 4, ".sql") != 0 ||
            strspn(e->d_name, "0123456789") != 4 || e->d_name[4] != '_')
            continue;
        if (!(grown = realloc(names, (n + 1) * sizeof *names)))
            break;
        names = grown;
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    /* a version is recorded once: a second file of the same number
     * would never be applied */
    for (size_t i = 1; i < n && applied >= 0; i++)
        if (names[i - 1] && names[i] && strncmp(names[i - 1], names[i], 4) == 0) {
            snprintf(err, errlen, "two migrations numbered %.4s: %s and %s", names[i],
                     names[i - 1], names[i]);
            applied = -1;
        }
    for (size_t i = 0; i < n && applied >= 0; i++) {
        int r = names[i] ? apply_one(c, dir, names[i], err, errlen) : -1;
        applied = r < 0 ? -1 : applied + r;
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    PQfinish(c);
    return applied;
}
