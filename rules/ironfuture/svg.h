/*
 * svg.h - a picture of the Iron Future table as one seat may see it: the
 * engine's svg_view hook (engine.h; RULINGS.md, "Pictures").
 */
#ifndef TURNPOST_IRONFUTURE_SVG_H
#define TURNPOST_IRONFUTURE_SVG_H

#include <jansson.h>

#define IF_SVG_WIDTH 900       /* pixels, every picture */
#define IF_SVG_HEIGHT 600

/*
 * What seat (0, 1; -1 a spectator) may see, as a standalone SVG 1.1
 * document of IF_SVG_WIDTH by IF_SVG_HEIGHT pixels, drawn from the
 * engine's own view of that seat (so its redaction applies) and the
 * public card data. A state that cannot be read gives a picture saying
 * so. New string (malloc; the caller free()s it), NULL only when out of
 * memory.
 */
char *ironfuture_svg_view(const json_t *state, int seat);

#endif
