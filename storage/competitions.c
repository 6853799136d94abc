#include "competitions.h"

#include <stdio.h>
#include <stdlib.h>

#include "statements.h"

enum storage_status storage_comp_insert(struct db *db, const json_t *columns)
{
    char *text = json_dumps(columns, JSON_COMPACT);
    const char *p[] = {text};
    enum storage_status st;
    PGresult *res;

    if (!text)
        return STORAGE_ERROR;
    st = db_done(STORAGE_EXEC(db, comp_insert, 1, p, &res), &res);
    free(text);
    return st;
}

enum storage_status storage_comp_get(struct db *db, const char *id, json_t **out)
{
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, comp_get, 1, &id, &res), &res, out);
}

enum storage_status storage_comp_lock(struct db *db, const char *id, json_t **out)
{
    PGresult *res;

    return db_json_row(STORAGE_EXEC(db, comp_lock, 1, &id, &res), &res, out);
}

enum storage_status storage_comp_list(struct db *db, const char *status,
                                      const char *after_us, const char *after_id,
                                      int limit, struct storage_page *page)
{
    char l[16];
    const char *p[] = {after_us, after_id, l, status};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit + 1);
    return storage_page_take(STORAGE_EXEC(db, comp_list, 4, p, &res), &res, limit, page);
}

enum storage_status storage_comp_set_stage(struct db *db, const char *id,
                                           const char *status, int round)
{
    char r[16];
    const char *p[] = {id, status, r};
    PGresult *res;

    snprintf(r, sizeof r, "%d", round);
    return db_done(STORAGE_EXEC(db, comp_set_stage, 3, p, &res), &res);
}

enum storage_status storage_comp_touch(struct db *db, const char *id)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, comp_touch, 1, &id, &res), &res);
}

enum storage_status storage_entrant_add(struct db *db, const char *comp, const char *account,
                                        int invited, int checked_in, const char *teammates)
{
    const char *p[] = {comp, account, invited ? "true" : "false",
                       checked_in ? "true" : "false", teammates};
    PGresult *res;

    return db_done(STORAGE_EXEC(db, entrant_add, 5, p, &res), &res);
}

/* A statement that answers one row when it changed something. */
static enum storage_status changed(enum storage_status st, PGresult **res)
{
    int64_t one;

    return db_one_int(st, res, &one);
}

enum storage_status storage_entrant_remove(struct db *db, const char *comp,
                                           const char *account)
{
    const char *p[] = {comp, account};
    PGresult *res;

    return changed(STORAGE_EXEC(db, entrant_remove, 2, p, &res), &res);
}

enum storage_status storage_entrant_check_in(struct db *db, const char *comp,
                                             const char *account)
{
    const char *p[] = {comp, account};
    PGresult *res;

    return changed(STORAGE_EXEC(db, entrant_check_in, 2, p, &res), &res);
}

enum storage_status storage_entrant_withdraw(struct db *db, const char *comp,
                                             const char *account, int from_round)
{
    char r[16];
    const char *p[] = {comp, account, r};
    PGresult *res;

    snprintf(r, sizeof r, "%d", from_round);
    return changed(STORAGE_EXEC(db, entrant_withdraw, 3, p, &res), &res);
}

enum storage_status storage_entrants_list(struct db *db, const char *comp, json_t **rows)
{
    PGresult *res;

    return db_json_rows(STORAGE_EXEC(db, entrants_list, 1, &comp, &res), &res, rows);
}

enum storage_status storage_entrants_seed(struct db *db, const char *comp, int drop_absent)
{
    enum storage_status st = STORAGE_OK;
    PGresult *res;

    if (drop_absent)
        st = db_done(STORAGE_EXEC(db, entrants_drop_absent, 1, &comp, &res), &res);
    if (st == STORAGE_OK)
        st = db_done(STORAGE_EXEC(db, entrants_seed, 1, &comp, &res), &res);
    return st;
}

enum storage_status storage_comp_games(struct db *db, const char *comp, json_t **rows)
{
    PGresult *res;

    return db_json_rows(STORAGE_EXEC(db, comp_games, 1, &comp, &res), &res, rows);
}

enum storage_status storage_comp_game_insert(struct db *db, const char *comp,
                                             const struct storage_comp_game *cg)
{
    char r[16], b[16];
    const char *p[] = {comp, r, b, cg->entrants, cg->done ? "true" : "false", cg->how,
                       cg->places, cg->slot_text, cg->scheduled_for, cg->recorded_by};
    PGresult *res;

    snprintf(r, sizeof r, "%d", cg->round);
    snprintf(b, sizeof b, "%d", cg->board);
    return db_done(STORAGE_EXEC(db, comp_game_insert, 10, p, &res), &res);
}

enum storage_status storage_comp_game_link(struct db *db, const char *comp, int round,
                                           int board, const char *game_id)
{
    char r[16], b[16];
    const char *p[] = {comp, r, b, game_id};
    PGresult *res;

    snprintf(r, sizeof r, "%d", round);
    snprintf(b, sizeof b, "%d", board);
    return db_done(STORAGE_EXEC(db, comp_game_link, 4, p, &res), &res);
}

enum storage_status storage_comp_game_record(struct db *db, const char *comp, int round,
                                             int board, const char *how,
                                             const char *places, const char *by)
{
    char r[16], b[16];
    const char *p[] = {comp, r, b, how, places, by};
    enum storage_status st;
    PGresult *res;

    snprintf(r, sizeof r, "%d", round);
    snprintf(b, sizeof b, "%d", board);
    st = changed(STORAGE_EXEC(db, comp_game_record, 6, p, &res), &res);
    return st == STORAGE_NOT_FOUND ? STORAGE_CONFLICT : st;
}

enum storage_status storage_comp_round_started(struct db *db, const char *comp, int round,
                                               int64_t *count)
{
    char r[16];
    const char *p[] = {comp, r};
    enum storage_status st;
    PGresult *res;

    snprintf(r, sizeof r, "%d", round);
    *count = 0;
    if ((st = STORAGE_EXEC(db, comp_round_started, 2, p, &res)) != STORAGE_OK)
        return st;
    for (int i = 0; i < PQntuples(res); i++)
        *count += strtoll(PQgetvalue(res, i, 0), NULL, 10) > 1;
    PQclear(res);
    return STORAGE_OK;
}

enum storage_status storage_comp_round_delete(struct db *db, const char *comp, int round)
{
    char r[16];
    const char *p[] = {comp, r};
    PGresult *res;

    snprintf(r, sizeof r, "%d", round);
    return db_done(STORAGE_EXEC(db, comp_round_delete, 2, p, &res), &res);
}

enum storage_status storage_comp_notify(struct db *db, const char *comp, const char *topic,
                                        const char *payload_text)
{
    const char *p[] = {comp, topic, payload_text};
    PGresult *res;

    return db_done(STORAGE_EXEC(db, comp_notify, 3, p, &res), &res);
}

enum storage_status storage_comp_set_rounds(struct db *db, const char *id, int rounds)
{
    char r[16];
    const char *p[] = {id, r};
    PGresult *res;

    snprintf(r, sizeof r, "%d", rounds);
    return db_done(STORAGE_EXEC(db, comp_set_rounds, 2, p, &res), &res);
}

enum storage_status storage_entrants_withdraw_from(struct db *db, const char *comp, int round)
{
    char r[16];
    const char *p[] = {comp, r};
    PGresult *res;

    snprintf(r, sizeof r, "%d", round);
    return db_done(STORAGE_EXEC(db, entrants_withdraw_from, 2, p, &res), &res);
}
