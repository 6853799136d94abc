/*
 * play.h - Steam's rules on struct st_game: setup, every move, the
 * automatic phases (income, turn order, the end), and the checks
 * legal_moves shares with apply so the two never disagree.
 *
 * Functions taking json_t *events append event objects to it (borrowed);
 * randomness comes only from the rng passed in.
 */
#ifndef TURNPOST_STEAM_PLAY_H
#define TURNPOST_STEAM_PLAY_H

#include <jansson.h>

#include "../engine.h"
#include "../rng.h"
#include "game.h"
#include "track.h"

#define ST_MAX_ROUTE 6

/* Deals a new game: cubes from the bag, the initial turn order (random
 * with starting cash, or the first auction). */
void steam_game_setup(struct st_game *g, const struct st_catalog *cat,
                      int map, int players, int auction, struct rng *rng,
                      json_t *events);

/* Applies move for seat; 0, or -1 with err filled and g unchanged. */
int steam_move_apply(struct st_game *g, int seat, const json_t *move,
                     struct rng *rng, json_t *events,
                     struct rules_error *err);

#define ST_RULE_RESIGN "Turnpost: resignation (RULINGS ST-R-11)"

/*
 * Seat resigns (RULINGS ST-R-11): he leaves the game, which goes on for
 * the others, or ends when at most one player is left in it. Returns 0,
 * or -1 with err filled and g unchanged (a finished game, a seat that is
 * not a player or already out).
 */
int steam_resign(struct st_game *g, int seat, json_t *events,
                 struct rules_error *err);

/* The one seat that must act now, or -1 when the game is over. */
int steam_to_act(const struct st_game *g);

/* The most money seat can have for a payment now, raising all it may. */
int steam_max_funds(const struct st_game *g, int seat);

/* Tiles seat may build this turn (3, or 4 with Engineer). */
int steam_build_limit(const struct st_game *g, int seat);

/* Phase 1: may seat take action a (with or without its pass option)? */
int steam_select_check(const struct st_game *g, int seat, int a,
                       int pass_option, struct rules_error *err);

/* A delivery's route: n links, each to a node hex along a link of owner. */
struct st_route {
    int from, colour, n;
    int to[ST_MAX_ROUTE], owner[ST_MAX_ROUTE];
};

/* Phase 3: may seat deliver r? 0, or -1 and err. */
int steam_deliver_check(const struct st_game *g, const struct st_net *net,
                        int seat, const struct st_route *r,
                        struct rules_error *err);

/* Any eligible city for City Growth / town for Urbanization. */
int steam_growth_possible(const struct st_game *g);
int steam_urbanize_possible(const struct st_game *g);

/* Value of seat's action tile for turn order and ties (8 for none). */
int steam_action_value(const struct st_game *g, int seat);

/* At the end: each seat's finishing place by the final ranking (ST-R-10,
   ST-R-11), 1 first; no two seats share a place. */
void steam_final_places(const struct st_game *g, int place[]);

#endif
