/*
 * svg.h - a picture of a Heavy Steam battle as one seat may see it: the
 * engine's svg_view hook (engine.h; RULINGS.md HS-R-132), registered in
 * heavysteam.c.
 */
#ifndef TURNPOST_HEAVYSTEAM_SVG_H
#define TURNPOST_HEAVYSTEAM_SVG_H

#include <jansson.h>

/*
 * What seat (-1: a spectator) may see, as a standalone SVG 1.1 document
 * of fixed size, drawn from hs_view_build() for that seat: the sector
 * track with the titans, support units and smoke; the battle card track
 * with each slot's price; and each titan's board, every station with
 * every square and every cube on it (class "cube", data-colour white,
 * blue, black or red), the pressure box as a stack bottom first, the
 * reserve and the damage. A state that cannot be read gives a small
 * picture saying so. New string (malloc), NULL only when out of memory.
 */
char *hs_svg_view(const json_t *state, int seat);

#endif
