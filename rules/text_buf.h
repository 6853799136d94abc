/*
 * text_buf.h - a growing string, for the engines' chat text and pictures.
 *
 * Writing never fails loudly: when memory runs out (or one printf piece
 * passes 512 bytes, which markup never should) the buffer is marked failed
 * and later writes do nothing, so a renderer checks once at its end.
 */
#ifndef TURNPOST_RULES_TEXT_BUF_H
#define TURNPOST_RULES_TEXT_BUF_H

#include <stddef.h>

struct text_buf {
    char *p;                  /* NUL-terminated once anything is written */
    size_t n, cap;
    int failed;               /* out of memory: p is dropped at the end */
};

void text_buf_bytes(struct text_buf *t, const char *s, size_t len);
void text_buf_printf(struct text_buf *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* s as XML character data: & < > " ' escaped, control characters dropped. */
void text_buf_xml(struct text_buf *t, const char *s);

/* Characters in UTF-8 s (continuation bytes are not counted). */
int text_buf_glyphs(const char *s);

#endif
