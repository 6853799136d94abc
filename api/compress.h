/*
 * compress.h - gzip for answers that are worth it (RFC 9110 8.4.1.3),
 * when the request's Accept-Encoding allows it (12.5.3, q=0 refuses).
 */
#ifndef TURNPOST_API_COMPRESS_H
#define TURNPOST_API_COMPRESS_H

#include <stddef.h>

/* Answers shorter than this go out as they are. */
#define COMPRESS_MIN_BYTES 1024

/* 1 when the Accept-Encoding value (may be NULL) accepts gzip. */
int compress_accepts_gzip(const char *accept_encoding);

/* 1 when a body of media type type (Content-Type value) shrinks under gzip. */
int compress_type_worth_it(const char *type);

/* The gzip member of in (n bytes) into *out (malloc'd), its length in
 * *outn. Returns 0, or -1 leaving *out NULL. */
int compress_gzip(const char *in, size_t n, char **out, size_t *outn);

#endif
