/*
 * timeout.h - the move a seat makes when its time is up and the game's
 * pace says "auto" (RULINGS HS-R-128): the least committal answer to the
 * question asked, one for each question, the defender's included.
 */
#ifndef TURNPOST_HEAVYSTEAM_TIMEOUT_H
#define TURNPOST_HEAVYSTEAM_TIMEOUT_H

#include "game.h"

/*
 * The pilot stage: the first pilot listed, no Charged Up steam. Move:
 * hold; after it: done. Attack: pass. Evade: none, no card. Re-roll: keep.
 * Damage and the last cube: one cube at a time, on the first square listed
 * whose steam has somewhere to go, the steam to the first square offered. Flow: the cubes to the white squares of non-vent
 * stations first, in the order listed, then vents, then red squares, as
 * the flow must move them. After the flow: done. Buy: pass. Free move:
 * none. An event: its first choices. New reference (the move as apply()
 * takes it), or NULL when seat is asked nothing.
 */
json_t *hs_timeout_move(const struct hs_game *g, int seat);

#endif
