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
 * attacking_close, attacking_moved, attacked), initiative.c, pressure.c.
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

#endif
