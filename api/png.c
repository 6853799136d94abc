#include "png.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <librsvg/rsvg.h>

#define PNG_MAX_SIDE 4096   /* pixels: larger documents are refused */

struct sink {
    unsigned char *buf;
    size_t len, cap;
};

static cairo_status_t collect(void *p, const unsigned char *data, unsigned int n)
{
    struct sink *s = p;

    if (s->len + n > s->cap) {
        size_t cap = (s->len + n) * 2;
        unsigned char *b = realloc(s->buf, cap);

        if (!b)
            return CAIRO_STATUS_NO_MEMORY;
        s->buf = b;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, data, n);
    s->len += n;
    return CAIRO_STATUS_SUCCESS;
}

int png_from_svg(const char *svg, size_t len, unsigned char **png, size_t *png_len,
                 char *err, size_t errlen)
{
    GError *gerr = NULL;
    RsvgHandle *h = rsvg_handle_new_from_data((const guint8 *)svg, len, &gerr);
    cairo_surface_t *surface = NULL;
    cairo_t *cr = NULL;
    struct sink sink = {0};
    gdouble w = 0, hgt = 0;
    int rc = -1;

    if (!h) {
        snprintf(err, errlen, "the picture cannot be read: %s", gerr ? gerr->message : "?");
        goto out;
    }
    if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt) || w < 1 || hgt < 1 ||
        w > PNG_MAX_SIDE || hgt > PNG_MAX_SIDE) {
        snprintf(err, errlen, "the picture has no size in pixels up to %d", PNG_MAX_SIDE);
        goto out;
    }
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)w, (int)hgt);
    cr = cairo_create(surface);
    {
        RsvgRectangle viewport = {0, 0, w, hgt};

        if (!rsvg_handle_render_document(h, cr, &viewport, &gerr)) {
            snprintf(err, errlen, "the picture cannot be drawn: %s",
                     gerr ? gerr->message : "?");
            goto out;
        }
    }
    if (cairo_surface_write_to_png_stream(surface, collect, &sink) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "the PNG cannot be written");
        goto out;
    }
    *png = sink.buf;
    *png_len = sink.len;
    sink.buf = NULL;
    rc = 0;
out:
    free(sink.buf);
    if (cr)
        cairo_destroy(cr);
    if (surface)
        cairo_surface_destroy(surface);
    if (h)
        g_object_unref(h);
    if (gerr)
        g_error_free(gerr);
    return rc;
}
