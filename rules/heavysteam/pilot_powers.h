/*
 * pilot_powers.h - a pilot's once-per-game effect as a move of the round
 * (rulebook "Pilot Abilities"; RULINGS.md HS-AMB-22, HS-AMB-33, HS-R-116
 * to HS-R-119):
 *   {"type": "pilot_power", "choice": {...}}
 * the choice in effects.h's keys, one per step that chooses. The owner
 * may make it at any question it is asked while its team has the turn
 * ("a once per game effect may only be used when it is the turn of the
 * owner's team during a phase"), once a game; the question stays asked.
 *
 * The abilities are read where they apply: combat.c (attacking,
 * attacking_close, attacking_moved, attacked), initiative.c, pressure.c,
 * and through the two hooks below in steam_phase.c (steam_to_command,
 * repairing).
 */
#ifndef TURNPOST_HEAVYSTEAM_PILOT_POWERS_H
#define TURNPOST_HEAVYSTEAM_PILOT_POWERS_H

#include "../rng.h"
#include "game.h"

/* 1 when move is a "pilot_power" move. */
int hs_pilot_power_is(const json_t *move);

/* Applies seat's "pilot_power" move on g (hs_round_apply's copy).
 * Returns 0, or -1 with err naming the rule. */
int hs_pilot_power_apply(struct hs_game *g, int seat, const json_t *move,
                         struct rng *rng, json_t *events, struct rules_error *err);

/* Appends seat's "pilot_power" entry to moves when it may use it now: a
 * "move" when nothing is chosen, else a "shape" whose "choice" holds the
 * options (hs_effect_options merged). */
void hs_pilot_power_moves(const struct hs_game *g, int seat, json_t *moves);

/* What seat's pilot's ability adds when it is when: the sum of the n of
 * its op steps, 0 for another moment. */
int hs_pilot_ability_n(const struct hs_game *g, int seat, enum hs_when when,
                       enum hs_op op);

/* The white cubes that arrived in t's command station this steam phase
 * (read before hs_steam_end). */
int hs_pilot_command_arrivals(const struct hs_titan *t);

/* After the steam of seat's titan has moved, to_command cubes of it into
 * the command station: an ability of "steam_to_command" with min at most
 * that places its steam from the reserve on the station's first free
 * squares (nothing to choose there, HS-R-119). */
void hs_pilot_steam_moved(struct hs_game *g, int seat, int to_command,
                          struct rng *rng, json_t *events);

/* A repair's cubes past the board's count, n of them at sq (at most the
 * repairing ability's n), removed through the vocabulary's repair. */
int hs_pilot_repair_more(struct hs_game *g, int seat, const int (*sq)[2], int n,
                         json_t *events, struct rules_error *err);

/* Rauchbein's "After you pay to move, move 1 steam cube from any station to
 * any other station within your steam titan": the optional "pilot_step"
 * of the "done" that ends a paid move, {"from": [id, n], "to": [id, n]}
 * (HS-R-120). hs_pilot_moving: 1 when seat's pilot has it and its titan
 * paid to move this round. */
int hs_pilot_moving(const struct hs_game *g, int seat);
int hs_pilot_after_move(struct hs_game *g, int seat, const json_t *step,
                        struct rng *rng, json_t *events, struct rules_error *err);
/* Adds "pilot_step" ({"from": {"of": [...]}, "to": {"of": [...]}}) to the
 * "done" entry e and makes it a shape, when hs_pilot_moving. */
void hs_pilot_after_move_options(const struct hs_game *g, int seat, json_t *e);

#endif
