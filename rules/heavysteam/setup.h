/*
 * setup.h - a new Heavy Steam game: its options, the titans on the board,
 * the battle cards dealt, the starting initiative; then the secret choice
 * of pilots (pilots.h) before the first round.
 *
 * Options (every key optional):
 *   {"scenario": 1,                         (Meeting Engagement, the only one yet)
 *    "size": "heavy" | "light" | "mixed",   (the compositions of HS-R-152)
 *    "titans": [board id per seat],         (default: the first board of the
 *                                            seat's faction and the size)
 *    "factions": ["uk" | "cet" per seat],   (default: seat 0's team U.K.)
 *    "loadouts": [null | {"left_arm" | "right_arm" | "torso": card id | null}
 *                 per seat]}                (default: the printed loadouts; a
 *                                            mount left out keeps its printed
 *                                            card, null empties it; HS-R-135)
 *    "customize": true | false}             (default false; true: each seat
 *                                            customizes in secret before the
 *                                            pilots, loadouts.h; HS-R-140)
 * Two to four seats in two teams by seat (HS-R-151).
 */
#ifndef TURNPOST_HEAVYSTEAM_SETUP_H
#define TURNPOST_HEAVYSTEAM_SETUP_H

#include "../engine.h"
#include "../rng.h"
#include "game.h"

/*
 * Checks options (NULL: the defaults) and deals the game into g for seats
 * players; events (may be NULL) gets the public setup events and each
 * seat's hand as an event to that seat only. Returns 0, or -1 with err
 * naming the rule of a refused option.
 */
int hs_game_setup(struct hs_game *g, const json_t *options, int seats,
                  struct rng *rng, json_t *events, struct rules_error *err);

/* The engine's setup() on hs_game_setup: *state and *events new
 * references on success. */
int hs_setup(const json_t *options, int seats, struct rng *rng, json_t **state,
             json_t **events, struct rules_error *err);

/*
 * Sets every titan of g (each board and g->ntitans set) up as the setup
 * does, titan s with card[s][m] on its mounts: its cubes and reserve
 * drawn from the stocks (HS-R-07), then the stocks settled. A titan not
 * yet set up is placed in its start sector; one set up already (the
 * reveal of customized loadouts, before anything in a round has touched
 * it) gives its cubes back to the stocks first and keeps its sector.
 * Returns 0, or -1 with err.
 */
int hs_setup_titans(struct hs_game *g, int card[][HS_MOUNTS], json_t *events,
                    struct rules_error *err);

/*
 * The battle cards of the setup (HS-R-08, "Set up the Battle Cards on the
 * Battle Board"): the deck without its events and Enemy in Sight cards
 * shuffled, 3 cards to each player dealt one at a time in seat order, one Enemy in Sight per player on the
 * titan slots from the right, the rest of the track from the deck, then
 * 3 of the events chosen at random and shuffled in unseen; the other
 * events and Enemy in Sight cards to the box. Needs g->nplayers; sets
 * every card's zone. Returns 0, or -1 with err.
 */
int hs_deal_battle_cards(struct hs_game *g, struct rng *rng, struct rules_error *err);

#endif
