/*
 * game_end.h - what the end of a game sets off, in the transaction that
 * ends it: the ratings of a rated game, and the result of a competition's
 * game (which may pair the competition's next round).
 */
#ifndef TURNPOST_API_GAME_END_H
#define TURNPOST_API_GAME_END_H

#include "db.h"
#include "games.h"

/* After g's finishing change is written, before COMMIT. */
enum storage_status game_end_record(struct db *db, const struct storage_game *g);

#endif
