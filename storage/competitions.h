/*
 * competitions.h - tournaments and league divisions as stored: the
 * competition row, its entrants and its games by round and board. Rows
 * come back as JSON objects (see COMP_JSON, ENTRANT_JSON, COMP_GAME_JSON
 * in statements.def). The pairing itself is rules/competition/'s; the
 * flow is api/competition_run.c's.
 */
#ifndef TURNPOST_STORAGE_COMPETITIONS_H
#define TURNPOST_STORAGE_COMPETITIONS_H

#include <jansson.h>

#include "db.h"
#include "page.h"

/* A new competition from its columns as a JSON object (id included). */
enum storage_status storage_comp_insert(struct db *db, const json_t *columns);
enum storage_status storage_comp_get(struct db *db, const char *id, json_t **out);
/* In an open transaction: the row, locked until the end of it. */
enum storage_status storage_comp_lock(struct db *db, const char *id, json_t **out);
/* Tournaments newest first after sort key (after_us, after_id), status
 * NULL for all, limit at most. */
enum storage_status storage_comp_list(struct db *db, const char *status,
                                      const char *after_us, const char *after_id,
                                      int limit, struct storage_page *page);
/* A new stage: status and round; bumps the version. */
enum storage_status storage_comp_set_stage(struct db *db, const char *id,
                                           const char *status, int round);
enum storage_status storage_comp_touch(struct db *db, const char *id);
/* How many rounds it takes, known once its entrants are. */
enum storage_status storage_comp_set_rounds(struct db *db, const char *id, int rounds);

/* STORAGE_CONFLICT when the account is an entrant already. teammates: a
 * team's other accounts in order, as a uuid[] literal, or NULL. */
enum storage_status storage_entrant_add(struct db *db, const char *comp, const char *account,
                                        int invited, int checked_in, const char *teammates);
/* STORAGE_NOT_FOUND when the account is no entrant (for withdraw: no
 * entrant still in). */
enum storage_status storage_entrant_remove(struct db *db, const char *comp,
                                           const char *account);
enum storage_status storage_entrant_check_in(struct db *db, const char *comp,
                                             const char *account);
enum storage_status storage_entrant_withdraw(struct db *db, const char *comp,
                                             const char *account, int from_round);
enum storage_status storage_entrants_list(struct db *db, const char *comp, json_t **rows);
/* At the start: drops the entrants who did not check in when drop_absent,
 * then numbers the seeds. */
enum storage_status storage_entrants_seed(struct db *db, const char *comp, int drop_absent);

enum storage_status storage_comp_games(struct db *db, const char *comp, json_t **rows);

/* One game of a round as it is written. */
struct storage_comp_game {
    int round, board;
    const char *entrants;      /* an int[] literal: "{3,0}" */
    int done;
    const char *how;           /* "played", "forfeit" or "bye" */
    const char *places;        /* an int[] literal, or NULL */
    const char *slot_text;     /* JSON, or NULL */
    const char *scheduled_for; /* RFC 3339, or NULL */
    const char *recorded_by;   /* NULL when not done */
};
enum storage_status storage_comp_game_insert(struct db *db, const char *comp,
                                             const struct storage_comp_game *cg);
enum storage_status storage_comp_game_link(struct db *db, const char *comp, int round,
                                           int board, const char *game_id);
/* Records a result once; STORAGE_CONFLICT when the game has one. */
enum storage_status storage_comp_game_record(struct db *db, const char *comp, int round,
                                             int board, const char *how,
                                             const char *places, const char *by);
/* In an open transaction: how many games of the round have had a move;
 * locks each of them until the end of it. */
enum storage_status storage_comp_round_started(struct db *db, const char *comp, int round,
                                               int64_t *count);
/* Entrants who withdrew during round (out from round + 1) are out of it. */
enum storage_status storage_entrants_withdraw_from(struct db *db, const char *comp, int round);
/* Deletes the round's games and their unplayed Turnpost games. */
enum storage_status storage_comp_round_delete(struct db *db, const char *comp, int round);
/* An account event of topic with payload to each entrant and the organiser. */
enum storage_status storage_comp_notify(struct db *db, const char *comp, const char *topic,
                                        const char *payload_text);

#endif
