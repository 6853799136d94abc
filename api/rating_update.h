/*
 * rating_update.h - what a finished rated game does to its players'
 * Glicko-2 ratings (docs/ratings.md), in the transaction that finished it.
 *
 * Ratings have periods of RATING_PERIOD_MS. Each row keeps the rating at
 * its period's start; a game adds its pairwise results (against the
 * opponents' period-start ratings) to the period and the current rating
 * is recomputed from the start and every result of the period, so the
 * rating shown after a period's last game is exactly Glicko-2's.
 */
#ifndef TURNPOST_API_RATING_UPDATE_H
#define TURNPOST_API_RATING_UPDATE_H

#include <stdint.h>

#include "db.h"
#include "games.h"
#include "competition/glicko2.h"

#define RATING_PERIOD_MS (7LL * 86400 * 1000)

/* The rating period that holds the instant now_ms. */
int64_t rating_period(int64_t now_ms);

/*
 * A stored rating {period, start, now} as of period current: a row last
 * touched periods ago has its deviation grown by each period without
 * games. *start is the current period's start, *now the current rating.
 */
void rating_as_of(const json_t *row, int64_t current, struct glicko2 *start,
                  struct glicko2 *now);

/*
 * After g (locked, finished, its result's places set) is written: when
 * every seat is a different account, rates the game for each of them.
 * A game that cannot be rated is left alone (STORAGE_OK).
 */
enum storage_status rating_game_finished(struct db *db, const struct storage_game *g,
                                         int64_t now_ms);

#endif
