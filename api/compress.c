#include "compress.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <zlib.h>

/* The q of one Accept-Encoding element's parameters ("; q=0.5"); 1 without. */
static double qvalue(const char *params, size_t n)
{
    const char *q = NULL;

    for (const char *p = params; p < params + n; p++)
        if ((*p == 'q' || *p == 'Q') && p + 1 < params + n && p[1] == '=')
            q = p + 2;
    return q ? strtod(q, NULL) : 1.0;
}

int compress_accepts_gzip(const char *accept_encoding)
{
    double gzip = -1, any = -1;
    const char *p = accept_encoding;

    while (p && *p) {
        size_t len = strcspn(p, ","), name;
        const char *s = p + strspn(p, " \t");

        name = strcspn(s, " \t;,");
        if ((name == 4 && strncasecmp(s, "gzip", 4) == 0) ||
            (name == 6 && strncasecmp(s, "x-gzip", 6) == 0))
            gzip = qvalue(s + name, (size_t)(p + len - s) - name);
        else if (name == 1 && *s == '*')
            any = qvalue(s + name, (size_t)(p + len - s) - name);
        p += len;
        if (*p == ',')
            p++;
    }
    /* gzip named, even with q=0, wins over "*" */
    return gzip >= 0 ? gzip > 0 : any > 0;
}

int compress_type_worth_it(const char *type)
{
    static const char *const kinds[] = {
        "application/json", "application/problem+json", "application/yaml",
        "image/svg+xml", "text/plain", "text/markdown",
    };

    if (!type)
        return 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t n = strlen(kinds[i]);

        if (strncasecmp(type, kinds[i], n) == 0 && (type[n] == 0 || type[n] == ';'))
            return 1;
    }
    return 0;
}

int compress_gzip(const char *in, size_t n, char **out, size_t *outn)
{
    z_stream z;
    uLong cap;

    *out = NULL;
    memset(&z, 0, sizeof z);
    /* 15 + 16: a gzip header and trailer around the deflate stream */
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return -1;
    cap = deflateBound(&z, (uLong)n) + 32;
    if (!(*out = malloc(cap))) {
        deflateEnd(&z);
        return -1;
    }
    z.next_in = (Bytef *)(uintptr_t)in;
    z.avail_in = (uInt)n;
    z.next_out = (Bytef *)*out;
    z.avail_out = (uInt)cap;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
        deflateEnd(&z);
        free(*out);
        *out = NULL;
        return -1;
    }
    *outn = z.total_out;
    deflateEnd(&z);
    return 0;
}
