/*
 * effects_cubes.h - the effect vocabulary's cube operations that take or
 * give stock cubes (reserve, repair, shield, release), for effects.c.
 * Not for callers outside it (they use effects.h).
 *
 * Choices, in the keys of effects.h:
 *   repair  {"repair": [{"station": id, "square": q}, ...]}
 *   shield  {"shield": [location name, ...]}   one entry a cube
 */
#ifndef TURNPOST_HEAVYSTEAM_EFFECTS_CUBES_H
#define TURNPOST_HEAVYSTEAM_EFFECTS_CUBES_H

#include "effects.h"

/* Does a reserve, repair, shield or release step for seat's titan; a
 * release inside the Pressure phase adds to mods instead (it is the
 * phase's, Coolant Flush; refused without mods). 0, or -1 with err. */
int hs_effect_cubes_step(struct hs_game *g, int seat, const struct hs_step *step,
                         const json_t *choice, struct hs_mods *mods,
                         json_t *events, struct rules_error *err);

/* What seat may choose for a repair or shield step into o: {"n": cubes,
 * "repair": [squares]} or {"n": cubes, "shield": [{"location", "room"}]};
 * nothing when there is nothing to choose. */
void hs_effect_cubes_options(const struct hs_game *g, int seat,
                             const struct hs_step *step, json_t *o);

#endif
