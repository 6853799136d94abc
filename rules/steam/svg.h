/*
 * svg.h - a picture of the Steam map as one seat may see it: the engine's
 * svg_view hook (engine.h; RULINGS.md, "Pictures"), registered in steam.c.
 */
#ifndef TURNPOST_STEAM_SVG_H
#define TURNPOST_STEAM_SVG_H

#include <jansson.h>

#define ST_SVG_MAX_WIDTH 1600   /* pixels: no picture is larger */
#define ST_SVG_MAX_HEIGHT 1400

/*
 * What seat (-1: a spectator) may see, as a standalone SVG 1.1 document,
 * drawn from the engine's own view() of that seat: the map's hexes in
 * their terrain, cities in their colour with their goods cubes, towns,
 * every track tile as its track coloured by the owner of its link, and a
 * panel with the turn, the phase, who acts and each player's colour,
 * money, income, VP and locomotive. Its width and height depend on the
 * map alone (every picture of a game has the same size), at most
 * ST_SVG_MAX_WIDTH by ST_SVG_MAX_HEIGHT. A state that cannot be read
 * gives a small picture saying so. New string (malloc; the caller
 * free()s it), NULL only when out of memory.
 */
char *steam_svg_view(const json_t *state, int seat);

#endif
