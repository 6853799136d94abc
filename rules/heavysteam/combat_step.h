/*
 * combat_step.h - what combat.c (declaring, evading) and combat_hit.c
 * (the rolls and the damage) share. Not for callers outside the combat
 * files (they use combat.h).
 */
#ifndef TURNPOST_HEAVYSTEAM_COMBAT_STEP_H
#define TURNPOST_HEAVYSTEAM_COMBAT_STEP_H

#include "combat.h"

/* Appends a new event of type to events (NULL: none); returns it. */
json_t *hs_combat_event(json_t *events, const char *type);

/* The titan of seat. */
struct hs_titan_at *hs_combat_titan(struct hs_game *g, int seat);

/* The weapon card the attack fires, NULL for a support unit. */
const struct hs_weapon_card *hs_combat_weapon(const struct hs_game *g);

/* The stats of a support unit on the board (its card's, HS-DATA-15). */
const struct hs_unit *hs_combat_unit(const struct hs_game *g, int unit);

/* Runs the attack on from g->attack.step until a question or its end. */
void hs_combat_run(struct hs_game *g, struct rng *rng, json_t *events);

#endif
