#include "engine.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const struct rules_engine ironfuture_engine;
extern const struct rules_engine steam_engine;
extern const struct rules_engine heavysteam_engine;

static const struct rules_engine *const engines[] = {
    &ironfuture_engine,
    &steam_engine,
    &heavysteam_engine,
};

const struct rules_engine *rules_engine_find(const char *id)
{
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
        if (strcmp(engines[i]->id, id) == 0)
            return engines[i];
    return NULL;
}

int rules_engine_count(void)
{
    return (int)(sizeof engines / sizeof engines[0]);
}

const struct rules_engine *rules_engine_at(int i)
{
    return i >= 0 && i < rules_engine_count() ? engines[i] : NULL;
}

/* The index of key in names, trying names[*next] first; moves *next past
 * it. -1 when key is not in names. */
static int name_index(const char *key, const char *const *names, int *next)
{
    int i = *next;

    /* a state an engine wrote has its keys in the order of names */
    if (!names[i] || strcmp(key, names[i]) != 0)
        for (i = 0; names[i] && strcmp(key, names[i]) != 0; i++)
            ;
    if (!names[i])
        return -1;
    *next = i + 1;
    return i;
}

const char *rules_unknown_key(const json_t *obj, const char *const *allowed)
{
    const char *key;
    json_t *v;
    int next = 0;

    json_object_foreach((json_t *)obj, key, v)
        if (name_index(key, allowed, &next) < 0)
            return key;
    return NULL;
}

const char *rules_object_fields(const json_t *obj, const char *const *names,
                                json_t **values)
{
    const char *key, *unknown = NULL;
    json_t *v;
    int next = 0;

    for (int i = 0; names[i]; i++)
        values[i] = NULL;
    json_object_foreach((json_t *)obj, key, v) {
        int i = name_index(key, names, &next);

        if (i >= 0)
            values[i] = v;
        else if (!unknown)
            unknown = key;
    }
    return unknown;
}

int rules_fail(struct rules_error *err, const char *code, const char *rule,
               const char *fmt, ...)
{
    va_list ap;

    if (!err)
        return -1;
    snprintf(err->code, sizeof err->code, "%s", code);
    snprintf(err->rule, sizeof err->rule, "%s", rule ? rule : "");
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

int rules_change(json_t **state, json_t **events, struct rules_error *err,
                 const char *rule, rules_change_fn fn, const void *arg)
{
    struct rules_error mine;
    json_t *ev = json_array(), *next;

    if (!err)
        err = &mine;
    if (!ev)
        return rules_fail(err, "out_of_memory", rule, "Out of memory.");
    err->code[0] = 0;
    if (!(next = fn(*state, arg, ev, err))) {
        json_decref(ev);
        if (!err->code[0])  /* the engine's dump found no memory */
            rules_fail(err, "out_of_memory", rule, "Out of memory.");
        return -1;
    }
    json_decref(*state);
    *state = next;
    *events = ev;
    return 0;
}

json_t *rules_first_move_of(const json_t *legal, const char *const *types)
{
    for (int t = 0; types[t]; t++) {
        const json_t *m;
        size_t i;

        json_array_foreach(legal, i, m) {
            const char *type = json_string_value(json_object_get(m, "type"));

            if (type && strcmp(type, types[t]) == 0)
                return json_deep_copy(m);
        }
    }
    return NULL;
}
