/*
 * competition_settings.h - what tournaments and leagues are created with
 * and both check the same way: a name, the ruleset and its options (a
 * dry run of the game's setup), points, tie-breaks and the pace of the
 * games; and an account named in a body by id or by name.
 */
#ifndef TURNPOST_API_COMPETITION_SETTINGS_H
#define TURNPOST_API_COMPETITION_SETTINGS_H

#include <jansson.h>

#include "accounts.h"
#include "app.h"
#include "competition/competition.h"
#include "engine.h"

#define COMP_NAME_MAX 100

struct comp_settings {
    struct comp_points points;
    json_t *clock;          /* the checked pace (new); NULL: untimed */
};

/*
 * Checks name (1 to COMP_NAME_MAX bytes), options (an object the engine
 * sets up for game_seats players), points_in (for seats entrants a game),
 * the tie-break names tb and clock_in, any of them NULL when absent, into
 * *out. Returns 0, or -1 having replied 400.
 */
int comp_settings_or_reply(struct request *r, const struct rules_engine *e, const char *name,
                           const json_t *options, const json_t *points_in, const json_t *tb,
                           const json_t *clock_in, int seats, int game_seats,
                           struct comp_settings *out);
void comp_settings_clear(struct comp_settings *s);

/*
 * Checks team_size, players a team, for the ruleset e whose competition
 * plays two_player games: 1, or a size at which two teams fill the
 * ruleset's games (its team_of) in a format of two-player games. Returns
 * 0, or -1 having replied 400.
 */
int comp_team_size_or_reply(struct request *r, const struct rules_engine *e, long long team_size,
                            int two_player);

/*
 * The teammates of captain in a competition of teams of k, as a uuid[]
 * literal in out (size n): team lists k - 1 other accounts by id, none of
 * them an account of rows (entrants or members, each with account_id and
 * team) yet. k 1 wants no team. 0, or -1 having rolled back and replied.
 */
int comp_team_or_reply(struct request *r, struct db *db, const json_t *rows,
                       const json_t *team, const char *captain, int k, char *out, size_t n);

/* The engine of ruleset, or NULL having replied 400. */
const struct rules_engine *comp_engine_or_reply(struct request *r, const char *ruleset);

/* The account a body names by account_id or by name (one of them set). */
enum storage_status comp_named_account(struct db *db, const char *account_id, const char *name,
                                       struct storage_account *out);

#endif
