/*
 * leagues.h - leagues as stored: one row per league (LEAGUE_JSON in
 * statements.def); each season's divisions are competitions with the
 * league's id (competitions.h).
 */
#ifndef TURNPOST_STORAGE_LEAGUES_H
#define TURNPOST_STORAGE_LEAGUES_H

#include <jansson.h>

#include "db.h"
#include "page.h"

enum storage_status storage_league_insert(struct db *db, const json_t *columns);
enum storage_status storage_league_get(struct db *db, const char *id, json_t **out);
/* In an open transaction: the row, locked until the end of it. */
enum storage_status storage_league_lock(struct db *db, const char *id, json_t **out);
/* Newest first after sort key (after_us, after_id), limit at most. */
enum storage_status storage_league_list(struct db *db, const char *after_us,
                                        const char *after_id, int limit,
                                        struct storage_page *page);
enum storage_status storage_league_set_season(struct db *db, const char *id, int season);
/* [{division, tournament_id, status}] of a season, the top division first. */
enum storage_status storage_league_divisions(struct db *db, const char *id, int season,
                                             json_t **rows);
/* Dates a league division's games: round r is due r + 1 fixture spacings
 * after its start. Nothing for a tournament. */
enum storage_status storage_comp_schedule(struct db *db, const char *comp);

/* STORAGE_CONFLICT when the account is a member already. */
/* teammates: a team's other accounts in order, as a uuid[] literal, or
 * NULL (a league of players). */
enum storage_status storage_league_member_add(struct db *db, const char *league,
                                              const char *account, const char *teammates);
enum storage_status storage_league_member_remove(struct db *db, const char *league,
                                                 const char *account);
/* [{account_id, name, rating, team, joined_at}], the best rated first. */
enum storage_status storage_league_members(struct db *db, const char *league, json_t **rows);

#endif
