/*
 * loadouts.h - the secret customization before the pilots (HS-R-140 to
 * HS-R-145), when the game is created with "customize": every seat at
 * once chooses the cards of its titan's three mounts, as often as it
 * likes, until it says it is done; when every seat is done the choices
 * are revealed together, mounted, and the pilot stage (pilots.h) begins.
 *
 * The moves:
 *   {"type": "loadout", "left_arm" | "right_arm" | "torso": card id | null}
 *       (a mount left out keeps its current card, null empties it)
 *   {"type": "loadout_done"}
 * A seat's pending choice is seen by its team only (the state's seat
 * "loadout"; view.c hides it from the other team), whether it is done by
 * everyone.
 */
#ifndef TURNPOST_HEAVYSTEAM_LOADOUTS_H
#define TURNPOST_HEAVYSTEAM_LOADOUTS_H

#include "../engine.h"
#include "game.h"

/* Whether move is a "loadout" or "loadout_done" move (of any stage). */
int hs_loadout_move_is(const json_t *move);

/*
 * Applies a "loadout" or "loadout_done" move of seat. A change is told
 * whole to the seat's team (an event "to" them) and to the others only
 * as made; the last seat done reveals every loadout (a public
 * "loadouts_revealed"), sets every titan up anew with its cards as the
 * setup does, and asks for the pilots. Returns 0, or -1 with err and g
 * unchanged.
 */
int hs_loadout_apply(struct hs_game *g, int seat, const json_t *move, json_t *events,
                     struct rules_error *err);

/*
 * The moves seat may make now, for legal_moves: {"moves": [...]} with a
 * "loadout" shape and the "loadout_done" move; empty once seat is done
 * or outside the stage. The shape gives each mount the values ("of")
 * that are legal with the other two mounts as they are now, each card's
 * "cost", the titan's "points" and the "current" choice. New reference.
 */
json_t *hs_loadout_moves(const struct hs_game *g, int seat);

/* Whether viewer (-1: a spectator) may see seat's pending loadout: seat's
 * teammates (and seat itself) may confer, nobody else (HS-R-143). */
int hs_loadout_visible(const struct hs_game *g, int seat, int viewer);

#endif
