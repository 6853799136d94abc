#include "ratings.h"

#include <stdio.h>
#include <stdlib.h>

#include "statements.h"

/* Doubles travel as text with every digit a double keeps. */
static void dbl(char out[32], double v)
{
    snprintf(out, 32, "%.17g", v);
}

enum storage_status storage_game_set_rated(struct db *db, const char *game_id)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, game_set_rated, 1, &game_id, &res), &res);
}

enum storage_status storage_game_finish_links(struct db *db, const char *game_id,
                                              json_t **out)
{
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, game_finish_links, 1, &game_id, &res), &res, out);
}

/* A JSON array of strings as a PostgreSQL array literal (uuids only). */
static char *pg_array(const json_t *a)
{
    size_t n = json_array_size(a), i;
    char *out = malloc(n * 40 + 3), *p = out;
    const json_t *v;

    if (!out)
        return NULL;
    *p++ = '{';
    json_array_foreach(a, i, v)
        p += sprintf(p, "%s%s", i ? "," : "", json_string_value(v) ? json_string_value(v) : "");
    *p++ = '}';
    *p = 0;
    return out;
}

enum storage_status storage_ratings_lock(struct db *db, const json_t *accounts,
                                         const char *ruleset, int64_t period,
                                         const double s[3], json_t **rows)
{
    char per[24], r[32], d[32], v[32], *ids = pg_array(accounts);
    const char *p[] = {ids, ruleset, per, r, d, v};
    enum storage_status st;
    PGresult *res;

    *rows = NULL;
    if (!ids)
        return STORAGE_ERROR;
    snprintf(per, sizeof per, "%lld", (long long)period);
    dbl(r, s[0]);
    dbl(d, s[1]);
    dbl(v, s[2]);
    st = db_done(STORAGE_EXEC(db, ratings_ensure, 6, p, &res), &res);
    if (st == STORAGE_OK)
        st = db_json_rows(STORAGE_EXEC(db, ratings_lock, 2, p, &res), &res, rows);
    free(ids);
    return st;
}

enum storage_status storage_rating_period_results(struct db *db, const char *account,
                                                  const char *ruleset, int64_t period,
                                                  json_t **results)
{
    char per[24];
    const char *p[] = {account, ruleset, per};
    PGresult *res;

    snprintf(per, sizeof per, "%lld", (long long)period);
    return db_json_rows(STORAGE_EXEC(db, rating_period_results, 3, p, &res), &res, results);
}

enum storage_status storage_rating_game_insert(struct db *db,
                                               const struct storage_rating_game *rg)
{
    char per[24], seat[16], sc[32], b0[32], b1[32], a0[32], a1[32], a2[32];
    const char *p[] = {rg->game_id, rg->account_id, rg->ruleset, per, seat,
                       rg->results_text, sc, b0, b1, a0, a1, a2};
    PGresult *res;

    snprintf(per, sizeof per, "%lld", (long long)rg->period);
    snprintf(seat, sizeof seat, "%d", rg->seat);
    dbl(sc, rg->score);
    dbl(b0, rg->before[0]);
    dbl(b1, rg->before[1]);
    dbl(a0, rg->after[0]);
    dbl(a1, rg->after[1]);
    dbl(a2, rg->after[2]);
    return db_done(STORAGE_EXEC(db, rating_game_insert, 12, p, &res), &res);
}

enum storage_status storage_rating_set(struct db *db, const char *account,
                                       const char *ruleset, int64_t period,
                                       const double start[3], const double now[3],
                                       const int wdl[3])
{
    char per[24], s0[32], s1[32], s2[32], n0[32], n1[32], n2[32], w[16], d[16], l[16];
    const char *p[] = {account, ruleset, per, s0, s1, s2, n0, n1, n2, w, d, l};
    PGresult *res;

    snprintf(per, sizeof per, "%lld", (long long)period);
    dbl(s0, start[0]);
    dbl(s1, start[1]);
    dbl(s2, start[2]);
    dbl(n0, now[0]);
    dbl(n1, now[1]);
    dbl(n2, now[2]);
    snprintf(w, sizeof w, "%d", wdl[0]);
    snprintf(d, sizeof d, "%d", wdl[1]);
    snprintf(l, sizeof l, "%d", wdl[2]);
    return db_done(STORAGE_EXEC(db, rating_set, 12, p, &res), &res);
}

enum storage_status storage_rating_board(struct db *db, const char *ruleset, int limit,
                                         int offset, json_t **rows)
{
    char l[16], o[16];
    const char *p[] = {ruleset, l, o};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit);
    snprintf(o, sizeof o, "%d", offset);
    return db_json_rows(STORAGE_EXEC(db, rating_board, 3, p, &res), &res, rows);
}

enum storage_status storage_rating_of(struct db *db, const char *account,
                                      const char *ruleset, json_t **row)
{
    const char *p[] = {account, ruleset};
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, rating_of, 2, p, &res), &res, row);
}

enum storage_status storage_rating_history(struct db *db, const char *account,
                                           const char *ruleset, int limit, json_t **rows)
{
    char l[16];
    const char *p[] = {account, ruleset, l};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit);
    return db_json_rows(STORAGE_EXEC(db, rating_history, 3, p, &res), &res, rows);
}
