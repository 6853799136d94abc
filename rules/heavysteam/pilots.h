/*
 * pilots.h - the stage before the first round: each seat chooses its
 * pilot in secret, with the Charged Up steam its cards take (HS-R-04,
 * HS-R-06, HS-R-62); when every seat has chosen, the pilots are revealed
 * together and the first round begins.
 *
 * The move: {"type": "pilot", "pilot": id,
 *            "charge": {"left_arm" | "right_arm" | "torso": n} (optional)}
 */
#ifndef TURNPOST_HEAVYSTEAM_PILOTS_H
#define TURNPOST_HEAVYSTEAM_PILOTS_H

#include "../engine.h"
#include "../rng.h"
#include "game.h"

/*
 * Applies a "pilot" move of seat. The choice is told to seat only (an
 * event "to" it); the others learn that seat has chosen. The last choice
 * reveals them all (a public "pilots_revealed"), puts the Charged Up
 * steam on the cards and starts round 1 at the Move phase, the team with
 * initiative acting. Returns 0, or -1 with err and g unchanged.
 */
int hs_pilot_apply(struct hs_game *g, int seat, const json_t *move,
                   struct rng *rng, json_t *events, struct rules_error *err);

/*
 * The pilot moves seat may make now, for legal_moves: {"moves": [...]},
 * one entry a pilot it may choose; where a card takes Charged Up steam
 * the entry is a shape ("form": "shape") whose "charge" gives each such
 * mount {"min": 0, "max": X}, else a move ("form": "move"). Empty once
 * seat has chosen or outside the pilots stage. New reference.
 */
json_t *hs_pilot_moves(const struct hs_game *g, int seat);

/* The first seat of team, in seat order; -1 when it has none. */
int hs_team_first_seat(const struct hs_game *g, int team);

#endif
