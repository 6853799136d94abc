/*
 * view.h - what a seat sees of a Heavy Steam game, and who must act.
 *
 * Public: every cube on every board, sectors, terrain and units, the
 * track's cards, the discard pile, resolved events, how many cards each
 * hand and the deck hold, who is done customizing. The seat's own: its
 * hand, its standing orders, and before the reveal its pilot and Charged
 * Up steam; its team's: the loadouts being customized. Never shown: the
 * other hands, the deck's order, which events were shuffled in or left in
 * the box, another seat's pilot before the reveal, the other team's
 * loadouts before theirs are revealed.
 */
#ifndef TURNPOST_HEAVYSTEAM_VIEW_H
#define TURNPOST_HEAVYSTEAM_VIEW_H

#include <jansson.h>

#include "../engine.h"
#include "game.h"

/* What seat (-1: a spectator) may see. New reference. */
json_t *hs_view_build(const struct hs_game *g, int seat);

/* Who must act: in the loadouts stage every seat not done, in the pilots
 * stage every seat still to choose, in a round the seat the question is
 * for; the winners once over. */
void hs_status_fill(const struct hs_game *g, struct rules_status *st);

#endif
