#include "leagues.h"

#include <stdio.h>
#include <stdlib.h>

#include "statements.h"

enum storage_status storage_league_insert(struct db *db, const json_t *columns)
{
    char *text = json_dumps(columns, JSON_COMPACT);
    const char *p[] = {text};
    enum storage_status st;
    PGresult *res;

    if (!text)
        return STORAGE_ERROR;
    st = db_done(STORAGE_EXEC(db, league_insert, 1, p, &res), &res);
    free(text);
    return st;
}

enum storage_status storage_league_get(struct db *db, const char *id, json_t **out)
{
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, league_get, 1, &id, &res), &res, out);
}

enum storage_status storage_league_lock(struct db *db, const char *id, json_t **out)
{
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, league_lock, 1, &id, &res), &res, out);
}

enum storage_status storage_league_list(struct db *db, const char *after_us,
                                        const char *after_id, int limit,
                                        struct storage_page *page)
{
    char l[16];
    const char *p[] = {after_us, after_id, l};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit + 1);
    return storage_page_take(STORAGE_EXEC(db, league_list, 3, p, &res), &res, limit, page);
}

enum storage_status storage_league_set_season(struct db *db, const char *id, int season)
{
    char s[16];
    const char *p[] = {id, s};
    PGresult *res;

    snprintf(s, sizeof s, "%d", season);
    return db_done(STORAGE_EXEC(db, league_set_season, 2, p, &res), &res);
}

enum storage_status storage_league_divisions(struct db *db, const char *id, int season,
                                             json_t **rows)
{
    char s[16];
    const char *p[] = {id, s};
    PGresult *res;

    snprintf(s, sizeof s, "%d", season);
    return db_json_rows(STORAGE_EXEC(db, league_divisions, 2, p, &res), &res, rows);
}

enum storage_status storage_comp_schedule(struct db *db, const char *comp)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, comp_schedule, 1, &comp, &res), &res);
}

enum storage_status storage_league_member_add(struct db *db, const char *league,
                                              const char *account, const char *teammates)
{
    const char *p[] = {league, account, teammates};
    PGresult *res;

    return db_done(STORAGE_EXEC(db, league_member_add, 3, p, &res), &res);
}

enum storage_status storage_league_member_remove(struct db *db, const char *league,
                                                 const char *account)
{
    const char *p[] = {league, account};
    int64_t one;
    PGresult *res;

    return db_one_int(STORAGE_EXEC(db, league_member_remove, 2, p, &res), &res, &one);
}

enum storage_status storage_league_members(struct db *db, const char *league, json_t **rows)
{
    PGresult *res;

    return db_json_rows(STORAGE_EXEC(db, league_members, 1, &league, &res), &res, rows);
}
