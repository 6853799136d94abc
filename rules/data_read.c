/*
 * data_read.c - the checks both games' catalogs make while reading their
 * data files (rules/data.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "data.h"
#include "engine.h"

int rules_data_fail(char *error, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(error, RULES_DATA_ERROR, fmt, ap);
    va_end(ap);
    return -1;
}

int rules_data_keys(char *error, const json_t *obj, const char *what,
                    const char *const *allowed)
{
    const char *key;

    if (!json_is_object(obj))
        return rules_data_fail(error, "%s: must be an object", what);
    key = rules_unknown_key(obj, allowed);
    return key ? rules_data_fail(error, "%s: unknown key \"%s\"", what, key) : 0;
}

int rules_data_int(char *error, const json_t *obj, const char *what,
                   const char *key, int lo, int hi, int *out)
{
    json_t *v = json_object_get(obj, key);

    if (!v)
        return rules_data_fail(error, "%s: missing \"%s\"", what, key);
    if (!json_is_integer(v) || json_integer_value(v) < lo ||
        json_integer_value(v) > hi)
        return rules_data_fail(error, "%s: \"%s\" must be an integer in %d..%d",
                               what, key, lo, hi);
    *out = (int)json_integer_value(v);
    return 0;
}

int rules_data_str(char *error, const json_t *obj, const char *what,
                   const char *key, char *out, size_t size)
{
    json_t *v = json_object_get(obj, key);

    if (!json_is_string(v) || json_string_length(v) == 0 ||
        json_string_length(v) >= size)
        return rules_data_fail(error, "%s: \"%s\" must be a string of 1..%zu bytes",
                               what, key, size - 1);
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return 0;
}

int rules_data_find(const void *items, int n, size_t size, size_t id_offset,
                    const char *id)
{
    const char *base = items;

    for (int i = 0; id && i < n; i++)
        if (strcmp(base + (size_t)i * size + id_offset, id) == 0)
            return i;
    return -1;
}
