#include "cors.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct cors {
    int any;            /* "*" listed */
    int count;
    char **origins;     /* lower case, as browsers serialise them */
};

/* 1 when s (n bytes) is scheme://host[:port] and nothing else. */
static int origin_like(const char *s, size_t n)
{
    const char *host;
    size_t i;

    if (n > 7 && strncasecmp(s, "http://", 7) == 0)
        host = s + 7;
    else if (n > 8 && strncasecmp(s, "https://", 8) == 0)
        host = s + 8;
    else
        return 0;
    for (i = (size_t)(host - s); i < n; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr(".-:[]", s[i]))
            return 0;
    return host < s + n && *host != ':';
}

struct cors *cors_parse(const char *list, char *why, size_t n)
{
    struct cors *c = calloc(1, sizeof *c);
    const char *p = list;

    if (!c) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    while (p && *p) {
        size_t len;

        p += strspn(p, " \t,");
        len = strcspn(p, ",");
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            len--;
        if (len == 1 && *p == '*') {
            c->any = 1;
        } else if (len) {
            char **grown;

            if (!origin_like(p, len)) {
                snprintf(why, n, "TURNPOST_CORS_ORIGINS: \"%.*s\" is no origin "
                         "(scheme://host[:port], no path, no trailing slash)", (int)len, p);
                cors_free(c);
                return NULL;
            }
            if (!(grown = realloc(c->origins, sizeof *grown * (size_t)(c->count + 1)))) {
                cors_free(c);
                snprintf(why, n, "out of memory");
                return NULL;
            }
            c->origins = grown;
            c->origins[c->count] = strndup(p, len);
            for (char *q = c->origins[c->count]; *q; q++)
                *q = (char)tolower((unsigned char)*q);
            c->count++;
        }
        p += len;
        p += strcspn(p, ",");
    }
    return c;
}

void cors_free(struct cors *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->count; i++)
        free(c->origins[i]);
    free(c->origins);
    free(c);
}

int cors_enabled(const struct cors *c)
{
    return c && (c->any || c->count > 0);
}

enum cors_grant cors_grant(const struct cors *c, const char *origin,
                           const char *method, int authorized)
{
    if (!c || !origin)
        return CORS_NONE;
    for (int i = 0; i < c->count; i++)
        if (strcasecmp(c->origins[i], origin) == 0)
            return CORS_ORIGIN;
    if (c->any && !authorized &&
        (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0))
        return CORS_ANY;
    return CORS_NONE;
}
