#include "http_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>
#include <sodium.h>

#include "app.h"

#define GZ_SUFFIX "-gz"

static int is(const struct request *r, const char *method, const char *pattern)
{
    return r->route && strcmp(r->method, method) == 0 &&
           strcmp(r->route->pattern, pattern) == 0;
}

/* The same for everyone and changed only by a deployment (keys: rotation). */
static int public_max_age(const struct request *r)
{
    static const struct {
        const char *pattern;
        int seconds;
    } public[] = {
        {"/openapi.yaml", 3600},
        {"/v1/rulesets", 3600},
        {"/v1/rulesets/{id}", 3600},
        {"/v1/webhooks/event-types", 3600},
        {"/v1/keys", 300},
    };

    if (!r->route || strcmp(r->method, "GET") != 0)
        return 0;
    for (size_t i = 0; i < sizeof public / sizeof public[0]; i++)
        if (strcmp(r->route->pattern, public[i].pattern) == 0)
            return public[i].seconds;
    return 0;
}

/* The hub takes the stream when the answer is queued; its type stays. */
static int streamed(const struct request *r)
{
    return r->stream || (r->response_type && strcmp(r->response_type, "text/event-stream") == 0);
}

/* Probes and metrics must be asked afresh every time. */
static int uncacheable(const struct request *r)
{
    return is(r, "GET", "/healthz") || is(r, "GET", "/readyz") || is(r, "GET", "/metrics");
}

const char *http_cache_control(const struct request *r)
{
    int age = public_max_age(r);

    /* errors, and every write's answer: tokens, secrets, one-off results */
    if (r->problem || r->status >= 400 || strcmp(r->method, "GET") != 0 ||
        streamed(r) || uncacheable(r))
        return "no-store";
    if (age == 3600)
        return "public, max-age=3600";
    if (age)
        return "public, max-age=300";
    /* per caller: a cache may keep it but must ask again (If-None-Match) */
    return "private, no-cache";
}

const char *http_cache_vary(const struct request *r, int compressible)
{
    if (strcmp(r->method, "GET") != 0 || r->problem || r->status >= 400 || streamed(r))
        return NULL;
    if (public_max_age(r))
        return compressible ? "Accept-Encoding" : NULL;
    if (uncacheable(r))
        return NULL;
    return compressible ? "Authorization, Accept, Accept-Encoding" : "Authorization, Accept";
}

/* The opaque part of the tag at *p (W/ and quotes off, and a gzip suffix),
 * into out; advances *p past it. Returns 0, or -1 for no tag there. */
static int next_tag(const char **p, char *out, size_t n)
{
    const char *s = *p, *end;
    size_t len;

    s += strspn(s, " \t,");
    if (strncmp(s, "W/", 2) == 0)
        s += 2;
    if (*s != '"' || !(end = strchr(s + 1, '"')))
        return -1;
    len = (size_t)(end - s - 1);
    *p = end + 1;
    if (len >= n)
        len = n - 1;   /* too long to be ours: compared truncated, never equal */
    memcpy(out, s + 1, len);
    out[len] = 0;
    if (len > strlen(GZ_SUFFIX) && strcmp(out + len - strlen(GZ_SUFFIX), GZ_SUFFIX) == 0)
        out[len - strlen(GZ_SUFFIX)] = 0;
    return 0;
}

int http_cache_none_match(const char *if_none_match, const char *etag)
{
    char mine[40], theirs[40];
    const char *p = etag;

    if (!if_none_match || !etag || !etag[0])
        return 0;
    p = if_none_match + strspn(if_none_match, " \t");
    if (*p == '*' && p[1 + strspn(p + 1, " \t")] == 0)
        return 1;
    p = etag;
    if (next_tag(&p, mine, sizeof mine) < 0)
        return 0;
    p = if_none_match;
    while (next_tag(&p, theirs, sizeof theirs) == 0)
        if (strcmp(mine, theirs) == 0)
            return 1;
    return 0;
}

int64_t http_cache_etag_version(const char *tag)
{
    char *end;
    long long v;

    if (!tag || tag[0] != '"' || tag[1] < '0' || tag[1] > '9')
        return -1;
    v = strtoll(tag + 1, &end, 10);
    if (*end == '.')
        end += strcspn(end, "\"");
    if (strcmp(end, "\"") != 0)
        return -1;
    return v;
}

void http_cache_view_etag(struct request *r, int64_t version, int seat,
                          const char *suffix)
{
    char who[16];

    if (seat >= 0)
        snprintf(who, sizeof who, "%d", seat);
    else
        snprintf(who, sizeof who, "spectator");
    snprintf(r->etag, sizeof r->etag, "\"%lld.%s%s\"", (long long)version, who,
             suffix ? suffix : "");
}

void http_cache_gzip_etag(char *etag, size_t n)
{
    size_t len = strlen(etag);

    if (len < 2 || etag[len - 1] != '"' || len + strlen(GZ_SUFFIX) >= n)
        return;
    snprintf(etag + len - 1, n - len + 1, GZ_SUFFIX "\"");
}

/* 1 when a GET of path would find a route. */
static int routed(const char *path)
{
    struct request probe = {.method = "GET"};
    char allow[64];
    const struct route *found;

    probe.path = (char *)path;
    found = routes_match(&probe, allow, sizeof allow);
    for (int i = 0; i < HTTP_MAX_PARAMS; i++)
        free(probe.params[i]);
    return found != NULL;
}

static void set_location(struct request *r, const char *fmt, const char *a,
                         long long n)
{
    char path[sizeof r->location];

    if (!a || strlen(a) > 64 || strspn(a, "0123456789abcdef-") != strlen(a))
        return;
    snprintf(path, sizeof path, fmt, a, n);
    if (routed(path))
        snprintf(r->location, sizeof r->location, "%s", path);
}

static void created(struct request *r)
{
    json_t *body = json_loadb(r->response, r->response_len, 0, NULL);
    json_t *game = json_object_get(body, "game");
    const char *game_id = json_string_value(json_object_get(game, "id"));

    if (is(r, "POST", "/v1/accounts"))
        set_location(r, "/v1/accounts/%s", json_string_value(json_object_get(
                             json_object_get(body, "account"), "id")), 0);
    else if (is(r, "POST", "/v1/games") || is(r, "POST", "/v1/games/{id}/rematch"))
        set_location(r, "/v1/games/%s", game_id, 0);
    else if (is(r, "POST", "/v1/games/{id}/moves"))
        set_location(r, "/v1/games/%s/moves/%lld", r->params[0],
                     (long long)json_integer_value(json_object_get(body, "seq")));
    else if (is(r, "POST", "/v1/games/{id}/messages"))
        set_location(r, "/v1/games/%s/messages/%lld", r->params[0],
                     (long long)json_integer_value(
                         json_object_get(json_object_get(body, "message"), "id")));
    else if (is(r, "POST", "/v1/games/{id}/seats/{seat}/invite"))
        set_location(r, "/v1/games/%s", r->params[0], 0);  /* the seat is the game's */
    else if (is(r, "POST", "/v1/webhooks"))
        set_location(r, "/v1/webhooks/%s", json_string_value(json_object_get(body, "id")), 0);
    else if (is(r, "POST", "/v1/me/vacation") && routed("/v1/me/vacation"))
        snprintf(r->location, sizeof r->location, "/v1/me/vacation");
    /* the caller's view of the game, tagged as a GET of it would be */
    if (!r->etag[0] && json_is_integer(json_object_get(game, "version"))) {
        json_t *seat = json_object_get(game, "viewer_seat");

        http_cache_view_etag(r, json_integer_value(json_object_get(game, "version")),
                             json_is_integer(seat) ? (int)json_integer_value(seat) : -1,
                             NULL);
    }
    json_decref(body);
}

void http_cache_complete(struct request *r)
{
    if (r->problem || !r->response)
        return;
    if (r->status == 201 && !r->location[0] && r->response_type &&
        strcmp(r->response_type, "application/json") == 0)
        created(r);
    if (r->status == 200 && !r->etag[0] && public_max_age(r)) {
        unsigned char h[12];
        char hex[sizeof h * 2 + 1];

        crypto_generichash(h, sizeof h, (const unsigned char *)r->response,
                           r->response_len, NULL, 0);
        sodium_bin2hex(hex, sizeof hex, h, sizeof h);
        snprintf(r->etag, sizeof r->etag, "\"%s\"", hex);
    }
}
