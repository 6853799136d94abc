#define _GNU_SOURCE   /* strcasestr */
#include "http.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int status;
    const char *title;
} problems[PROBLEM_COUNT] = {
#define PROBLEM(code, status, title) {#code, status, title},
#include "problem.def"
#undef PROBLEM
};

int problem_status(enum problem_code code)
{
    return problems[code].status;
}

const char *problem_name(enum problem_code code)
{
    return problems[code].name;
}

static void set_response(struct request *r, int status, const char *type,
                         char *body, size_t len)
{
    free(r->response);
    r->status = status;
    r->response_type = type;
    r->response = body;
    r->response_len = len;
}

void reply_raw(struct request *r, int status, const char *type,
               const char *body, size_t len)
{
    char *copy = malloc(len + 1);

    if (!copy)
        abort();
    memcpy(copy, body, len);
    copy[len] = 0;
    r->problem = 0;
    set_response(r, status, type, copy, len);
}

void reply_take(struct request *r, int status, const char *type, char *body,
                size_t len)
{
    r->problem = 0;
    set_response(r, status, type, body, len);
}

void reply_stream(struct request *r, struct live_stream *stream)
{
    set_response(r, 200, "text/event-stream", NULL, 0);
    r->problem = 0;
    r->stream = stream;
}

void reply_later(struct request *r, const char *game, int64_t version, int seconds)
{
    snprintf(r->wait.game, sizeof r->wait.game, "%s", game);
    r->wait.version = version;
    r->wait.seconds = seconds;
}

void reply_json(struct request *r, int status, json_t *body)
{
    char *text = json_dumps(body, JSON_COMPACT);

    json_decref(body);
    if (!text)
        abort();
    r->problem = 0;
    set_response(r, status, "application/json", text, strlen(text));
}

void reply_problem_ext(struct request *r, enum problem_code code,
                       json_t *extra, const char *detail)
{
    char type[80];
    json_t *p;
    char *text;

    snprintf(type, sizeof type, "urn:turnpost:problem:%s", problems[code].name);
    p = json_pack("{s:s, s:s, s:i, s:s, s:s, s:s}", "type", type, "title",
                  problems[code].title, "status", problems[code].status,
                  "detail", detail, "code", problems[code].name,
                  "request_id", r->request_id);
    if (extra) {
        json_object_update_missing(p, extra);
        json_decref(extra);
    }
    text = json_dumps(p, JSON_COMPACT);
    json_decref(p);
    if (!text)
        abort();
    r->problem = (int)code + 1;
    if (code == PROBLEM_service_unavailable)
        r->retry_after = 1;
    set_response(r, problems[code].status, "application/problem+json", text,
                 strlen(text));
}

void reply_problem(struct request *r, enum problem_code code,
                   const char *fmt, ...)
{
    char detail[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    reply_problem_ext(r, code, NULL, detail);
}

int request_wants(const struct request *r, const char *type)
{
    const char *t = r->accept ? strcasestr(r->accept, type) : NULL;
    const char *j = r->accept ? strcasestr(r->accept, "application/json") : NULL;

    return t && (!j || t < j);
}

const char *request_query(const struct request *r, const char *key)
{
    for (int i = 0; i < r->query_count; i++)
        if (strcmp(r->query_keys[i], key) == 0)
            return r->query_values[i];
    return NULL;
}

int request_params_or_reply(struct request *r, const char *const *allowed)
{
    if (r->query_overflow) {
        reply_problem(r, PROBLEM_invalid_parameter, "At most %d query parameters.",
                      HTTP_MAX_QUERY);
        return -1;
    }
    for (int i = 0; i < r->query_count; i++) {
        int ok = 0;

        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(r->query_keys[i], *a) == 0;
        if (!ok) {
            reply_problem(r, PROBLEM_invalid_parameter, "Unknown parameter %s.",
                          r->query_keys[i]);
            return -1;
        }
        /* Given twice, which one counts would be a guess. */
        for (int j = 0; j < i; j++) {
            if (strcmp(r->query_keys[i], r->query_keys[j]) == 0) {
                reply_problem(r, PROBLEM_invalid_parameter,
                              "Parameter %s is given more than once.",
                              r->query_keys[i]);
                return -1;
            }
        }
    }
    return 0;
}

int request_json_or_reply(struct request *r, json_t **out, int empty_ok)
{
    json_error_t err;

    *out = NULL;
    if (r->body_len == 0 && empty_ok) {
        *out = json_object();
        return 0;
    }
    *out = json_loadb(r->body ? r->body : "", r->body_len,
                      JSON_REJECT_DUPLICATES, &err);
    if (!*out) {
        reply_problem(r, PROBLEM_bad_request,
                      "The body is not valid JSON: %s at line %d column %d.",
                      err.text, err.line, err.column);
        return -1;
    }
    if (!json_is_object(*out)) {
        json_decref(*out);
        *out = NULL;
        reply_problem(r, PROBLEM_bad_request, "The body must be a JSON object.");
        return -1;
    }
    return 0;
}

/* key cut to at most 64 bytes, whole UTF-8 characters only */
static void key_excerpt(char out[68], const char *key)
{
    size_t n = strlen(key);

    if (n > 64) {
        n = 64;
        while (n > 0 && ((unsigned char)key[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(out, key, n);
    strcpy(out + n, strlen(key) > n ? "..." : "");
}

int request_body_or_reply(struct request *r, json_t **out, int empty_ok,
                          const char *const *allowed)
{
    const char *key;
    json_t *v;
    char shown[68];

    if (request_json_or_reply(r, out, empty_ok))
        return -1;
    json_object_foreach(*out, key, v) {
        char list[256];
        size_t used = 0;
        int ok = 0;

        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(key, *a) == 0;
        if (ok)
            continue;
        list[0] = 0;
        key_excerpt(shown, key);
        for (const char *const *a = allowed; *a && used < sizeof list; a++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     used ? ", " : "", *a);
        if (allowed[0])
            reply_problem(r, PROBLEM_bad_request, "Unknown key \"%s\"; this body takes %s.",
                          shown, list);
        else
            reply_problem(r, PROBLEM_bad_request,
                          "Unknown key \"%s\"; this body takes no keys ({} or none).", shown);
        json_decref(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}
