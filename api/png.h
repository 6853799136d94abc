/*
 * png.h - a PNG rendered from an SVG document (librsvg and cairo), for
 * chat clients that show pictures inline but not SVG.
 */
#ifndef TURNPOST_API_PNG_H
#define TURNPOST_API_PNG_H

#include <stddef.h>

/*
 * Renders svg (len bytes) at its own size into *png (malloc'd, *png_len
 * bytes). Returns 0, or -1 with a sentence in err.
 */
int png_from_svg(const char *svg, size_t len, unsigned char **png, size_t *png_len,
                 char *err, size_t errlen);

#endif
