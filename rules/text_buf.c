#include "text_buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_buf_bytes(struct text_buf *t, const char *s, size_t len)
{
    if (t->failed)
        return;
    if (t->n + len + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        char *p;

        while (cap < t->n + len + 1)
            cap *= 2;
        if (!(p = realloc(t->p, cap))) {
            t->failed = 1;
            return;
        }
        t->p = p;
        t->cap = cap;
    }
    memcpy(t->p + t->n, s, len);
    t->n += len;
    t->p[t->n] = 0;
}

void text_buf_printf(struct text_buf *t, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    int len;

    va_start(ap, fmt);
    len = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof buf) {
        t->failed = 1;        /* markup is short; a longer piece is a bug */
        return;
    }
    text_buf_bytes(t, buf, (size_t)len);
}

void text_buf_xml(struct text_buf *t, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': text_buf_bytes(t, "&amp;", 5); break;
        case '<': text_buf_bytes(t, "&lt;", 4); break;
        case '>': text_buf_bytes(t, "&gt;", 4); break;
        case '"': text_buf_bytes(t, "&quot;", 6); break;
        case '\'': text_buf_bytes(t, "&#39;", 5); break;
        default:
            /* XML 1.0 allows no control character but tab and newlines */
            if ((unsigned char)*s >= 0x20 || *s == '\t')
                text_buf_bytes(t, s, 1);
        }
    }
}

int text_buf_glyphs(const char *s)
{
    int n = 0;

    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}
