/*
 * ratings.h - Glicko-2 ratings as stored: one row per account and
 * ruleset, and one row per player of each rated game. The arithmetic is
 * rules/competition/glicko2.h's; api/rating_update.c runs it.
 *
 * A rating object is {account_id, name, ruleset, period, start: [rating,
 * rd, volatility], now: [...], games, wins, draws, losses, updated_at}.
 */
#ifndef TURNPOST_STORAGE_RATINGS_H
#define TURNPOST_STORAGE_RATINGS_H

#include <stdint.h>

#include <jansson.h>

#include "db.h"

/* Marks a new game rated. */
enum storage_status storage_game_set_rated(struct db *db, const char *game_id);

/* {rated, competition_id, round, board} of a game (the last three null
 * when it belongs to no competition). */
enum storage_status storage_game_finish_links(struct db *db, const char *game_id,
                                              json_t **out);

/*
 * In an open transaction: creates the missing rating rows of accounts (a
 * JSON array of ids, sorted) in ruleset with start s[3] at period, then
 * locks every row in id order; *rows their ratings, in that order.
 */
enum storage_status storage_ratings_lock(struct db *db, const json_t *accounts,
                                         const char *ruleset, int64_t period,
                                         const double s[3], json_t **rows);

/* The results {opponent, rating, rd, volatility, score, weight} of account
 * in ruleset during period, oldest first. */
enum storage_status storage_rating_period_results(struct db *db, const char *account,
                                                  const char *ruleset, int64_t period,
                                                  json_t **results);

/* What one rated game did to one player. */
struct storage_rating_game {
    const char *game_id, *account_id, *ruleset;
    int64_t period;
    int seat;
    const char *results_text;
    double score;
    double before[2];   /* rating, rd */
    double after[3];    /* rating, rd, volatility */
};
enum storage_status storage_rating_game_insert(struct db *db,
                                               const struct storage_rating_game *rg);

/* The locked row's new period start and current rating, and the game's
 * wins, draws and losses (wdl). */
enum storage_status storage_rating_set(struct db *db, const char *account,
                                       const char *ruleset, int64_t period,
                                       const double start[3], const double now[3],
                                       const int wdl[3]);

/* The best limit ratings of ruleset after the first offset. */
enum storage_status storage_rating_board(struct db *db, const char *ruleset, int limit,
                                         int offset, json_t **rows);
enum storage_status storage_rating_of(struct db *db, const char *account,
                                      const char *ruleset, json_t **row);
/* The last limit rated games of account in ruleset, newest first. */
enum storage_status storage_rating_history(struct db *db, const char *account,
                                           const char *ruleset, int limit, json_t **rows);

#endif
