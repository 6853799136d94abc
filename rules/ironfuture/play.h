/*
 * play.h - Iron Future's rules on struct if_game: dealing, every move,
 * and the checks legal_moves shares with apply so the two never disagree.
 *
 * Functions taking json_t *events append new event objects to it (the
 * array is borrowed); randomness comes only from the rng passed in.
 */
#ifndef TURNPOST_IRONFUTURE_PLAY_H
#define TURNPOST_IRONFUTURE_PLAY_H

#include <limits.h>

#include <jansson.h>

#include "../engine.h"
#include "../rng.h"
#include "game.h"

/* Rulebook sections cited by refusals. */
#define IF_RULE_SETUP "Iron Future: Setup"
#define IF_RULE_GAMEPLAY "Iron Future: Gameplay"
#define IF_RULE_ATTACK "Iron Future: Attacking"
#define IF_RULE_RETALIATION "Iron Future: Retaliation"
#define IF_RULE_CAPTURE "Iron Future: Capturing locations"
#define IF_RULE_ACQUISITION "Iron Future: Acquisition Phase"
#define IF_RULE_SUPPORT "Iron Future: Support Units"
#define IF_RULE_END "Iron Future: Ending the Game"
#define IF_RULE_FORMAT "Turnpost: move format"
#define IF_RULE_REMATCH "Iron Future: Ending the Game (another game)"

#define IF_ABSENT INT_MIN      /* an optional move field that was left out */

/*
 * Deals a new game into *g: instances numbered in catalog order, every
 * deck shuffled, the roll-off, five cards each and three locations. With
 * chooser 0 or 1 (a rematch, RULINGS IF-R-13) there is no roll-off: the
 * game waits in the choose_first phase for chooser's choose_first move,
 * which deals the hands and the locations; -1 rolls off. first 0 or 1
 * (a tournament's pairing, RULINGS IF-R-17) gives that seat the
 * first-player token without a roll-off; -1 for none.
 */
void ironfuture_game_setup(struct if_game *g, const struct if_catalog *cat,
                           int rounds_to_win, int chooser, int first, struct rng *rng,
                           json_t *events);

/*
 * Applies move for seat. Returns 0, or -1 with err filled and g unchanged
 * (every check happens before the first change).
 */
int ironfuture_move_apply(struct if_game *g, int seat, const json_t *move,
                          struct rng *rng, json_t *events,
                          struct rules_error *err);

/*
 * Seat resigns: the game is over and the other seat wins (RULINGS
 * IF-R-14). Returns 0, or -1 with err filled and g unchanged for a seat
 * that is not a player or a game already over.
 */
int ironfuture_resign(struct if_game *g, int seat, json_t *events,
                      struct rules_error *err);

/*
 * The check behind choose_first: seat, the chooser in a rematch's
 * choose_first phase, may make first (0 or 1) the first player.
 */
int ironfuture_first_check(const struct if_game *g, int seat, int first,
                           struct rules_error *err);

/* The checks behind each move, for legal_moves; 0 when allowed. */
int ironfuture_deploy_check(const struct if_game *g, int seat, int card,
                            int pos, struct rules_error *err);
int ironfuture_target_check(const struct if_game *g, int weapon, int target,
                            struct rules_error *err);
int ironfuture_support_check(const struct if_game *g, int seat, int card,
                             int target, int pos, struct rules_error *err);
int ironfuture_buy_check(const struct if_game *g, int seat, int card,
                         struct rules_error *err);
int ironfuture_trophy_check(const struct if_game *g, int seat, int pos,
                            struct rules_error *err);

/* The capture value seat has at line position pos now. */
int ironfuture_capture_value(const struct if_game *g, int pos, int seat);

/*
 * The natural die roll an attack needs (2..6) against card target at
 * line position tpos, from attacker at apos (attacker -1: a support's
 * fire, which counts as Long range), in range band 0 S, 1 M, 2 L.
 */
int ironfuture_hit_needed(const struct if_game *g, int attacker, int apos,
                          int target, int tpos, int band);

#endif
