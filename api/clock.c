#include "clock.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PER_MOVE (60LL * 86400 * 1000)
#define MAX_RESERVE (365LL * 86400 * 1000)

int clock_duration_ms(const char *s, int64_t *ms)
{
    int64_t total = 0;
    int in_time = 0, any = 0, timed = 0;

    if (!s || *s++ != 'P')
        return -1;
    while (*s) {
        int64_t n = 0, unit;
        int digits = 0;

        if (*s == 'T') {
            if (in_time)
                return -1;
            in_time = 1;
            s++;
            continue;
        }
        while (isdigit((unsigned char)*s) && digits < 9) {
            n = n * 10 + (*s++ - '0');
            digits++;
        }
        if (!digits)
            return -1;
        switch (*s++) {
        case 'W': unit = in_time ? -1 : 7 * 86400; break;
        case 'D': unit = in_time ? -1 : 86400; break;
        case 'H': unit = in_time ? 3600 : -1; break;
        case 'M': unit = in_time ? 60 : -1; break;   /* months are not a duration */
        case 'S': unit = in_time ? 1 : -1; break;
        default: unit = -1;
        }
        if (unit < 0)
            return -1;
        total += n * unit * 1000;
        any = 1;
        timed |= in_time;
    }
    /* "T" must be followed by a time */
    if (!any || (in_time && !timed) || total > 10 * MAX_RESERVE)
        return -1;
    *ms = total;
    return 0;
}

/* Reads the duration member key of in (absent: dflt) into cfg as text and
 * ms, within [min, max]. */
static int duration(const json_t *in, json_t *cfg, const char *key, const char *dflt,
                    int64_t min, int64_t max, char *err, size_t errlen)
{
    const json_t *v = json_object_get(in, key);
    const char *text = v ? json_string_value(v) : dflt;
    char name[40];
    int64_t ms;

    if (!text) {
        if (!v)
            return 0;
        snprintf(err, errlen, "clock.%s is an ISO 8601 duration such as P1D or PT30S", key);
        return -1;
    }
    if (clock_duration_ms(text, &ms) || ms < min || ms > max) {
        snprintf(err, errlen, "clock.%s must be an ISO 8601 duration from %lld to %lld "
                 "seconds (PT2S, PT12H, P3D), not %s", key, (long long)(min / 1000),
                 (long long)(max / 1000), text);
        return -1;
    }
    json_object_set_new(cfg, key, json_string(text));
    snprintf(name, sizeof name, "%s_ms", key);
    json_object_set_new(cfg, name, json_integer(ms));
    return 0;
}

int clock_parse(const json_t *in, const char *const *policies, json_t **cfg,
                char *err, size_t errlen)
{
    const char *key, *policy;
    json_t *v, *out;
    int known;

    if (!json_is_object(in)) {
        snprintf(err, errlen, "clock is an object: {\"per_move\": \"P1D\", ...}");
        return -1;
    }
    json_object_foreach((json_t *)in, key, v) {
        if (strcmp(key, "per_move") && strcmp(key, "reserve") && strcmp(key, "on_timeout") &&
            strcmp(key, "remind_before")) {
            snprintf(err, errlen, "clock has no member %s", key);
            return -1;
        }
    }
    if (!json_object_get(in, "per_move")) {
        snprintf(err, errlen, "clock needs per_move, the time for each decision");
        return -1;
    }
    out = json_object();
    if (duration(in, out, "per_move", NULL, 1000, MAX_PER_MOVE, err, errlen) ||
        duration(in, out, "reserve", "PT0S", 0, MAX_RESERVE, err, errlen) ||
        duration(in, out, "remind_before", NULL, 1000, MAX_PER_MOVE + MAX_RESERVE, err,
                 errlen)) {
        json_decref(out);
        return -1;
    }
    policy = json_string_value(json_object_get(in, "on_timeout"));
    if (json_object_get(in, "on_timeout") && !policy)
        policy = "";
    known = 0;
    for (int i = 0; policies[i]; i++)
        known |= !policy || strcmp(policy, policies[i]) == 0;
    if (!known) {
        snprintf(err, errlen, "clock.on_timeout %s is not one this ruleset supports (%s%s)",
                 policy, policies[0], policies[1] ? ", ..." : "");
        json_decref(out);
        return -1;
    }
    json_object_set_new(out, "on_timeout", json_string(policy ? policy : policies[0]));
    *cfg = out;
    return 0;
}

static int64_t ms_of(const json_t *o, const char *key)
{
    return json_integer_value(json_object_get(o, key));
}

json_t *clock_start(const json_t *cfg, int seats)
{
    json_t *list = json_array();

    for (int i = 0; i < seats; i++)
        json_array_append_new(list, json_pack("{s:I, s:n, s:b}", "reserve_ms",
                                              (json_int_t)ms_of(cfg, "reserve_ms"),
                                              "since", "reminded", 0));
    return json_pack("{s:o}", "seats", list);
}

/* The vacation window of seat, or 0. */
static int vacation_of(const json_t *vacations, int seat, int64_t *from, int64_t *until)
{
    const json_t *v;
    size_t i;

    json_array_foreach(vacations, i, v) {
        if (json_integer_value(json_object_get(v, "seat")) == seat) {
            *from = ms_of(v, "from");
            *until = ms_of(v, "until");
            return 1;
        }
    }
    return 0;
}

/* The time from since to now that counts: less the part on vacation. */
static int64_t charged(const json_t *vacations, int seat, int64_t since, int64_t now)
{
    int64_t from, until, lo, hi, used = now - since;

    if (vacation_of(vacations, seat, &from, &until)) {
        lo = from > since ? from : since;
        hi = until < now ? until : now;
        if (hi > lo)
            used -= hi - lo;
    }
    return used > 0 ? used : 0;
}

void clock_after_change(const json_t *cfg, json_t *state, const json_t *vacations,
                        int mover, unsigned must_act, int64_t now)
{
    json_t *seats = json_object_get(state, "seats"), *s;
    int64_t per_move = ms_of(cfg, "per_move_ms");
    size_t i;

    json_array_foreach(seats, i, s) {
        json_t *since = json_object_get(s, "since");
        int acts = (must_act >> i) & 1u;

        if (json_is_integer(since) && ((int)i == mover || !acts)) {
            int64_t over = charged(vacations, (int)i, json_integer_value(since), now) - per_move;
            int64_t reserve = ms_of(s, "reserve_ms") - (over > 0 ? over : 0);

            json_object_set_new(s, "reserve_ms", json_integer(reserve > 0 ? reserve : 0));
            json_object_set_new(s, "since", json_null());
        }
        if (acts && !json_is_integer(json_object_get(s, "since"))) {
            json_object_set_new(s, "since", json_integer(now));
            json_object_set_new(s, "reminded", json_false());
        }
    }
}

int64_t clock_deadline(const json_t *cfg, const json_t *state, const json_t *vacations,
                       int seat)
{
    const json_t *s = json_array_get(json_object_get(state, "seats"), (size_t)seat);
    const json_t *since = json_object_get(s, "since");
    int64_t start, from, until, deadline;

    if (!json_is_integer(since))
        return -1;
    start = json_integer_value(since);
    deadline = start + ms_of(cfg, "per_move_ms") + ms_of(s, "reserve_ms");
    /* a vacation that ends after the turn began stops the clock for its length */
    if (vacation_of(vacations, seat, &from, &until) && until > start)
        deadline += until - (from > start ? from : start);
    return deadline;
}

static int64_t remind_at(const json_t *cfg, const json_t *state, const json_t *vacations,
                         int seat)
{
    const json_t *s = json_array_get(json_object_get(state, "seats"), (size_t)seat);
    int64_t deadline = clock_deadline(cfg, state, vacations, seat);

    if (deadline < 0 || !json_object_get(cfg, "remind_before_ms") ||
        json_is_true(json_object_get(s, "reminded")))
        return -1;
    return deadline - ms_of(cfg, "remind_before_ms");
}

int64_t clock_due(const json_t *cfg, const json_t *state, const json_t *vacations)
{
    int64_t due = -1;
    size_t n = json_array_size(json_object_get(state, "seats"));

    for (size_t i = 0; i < n; i++) {
        int64_t t[2] = {clock_deadline(cfg, state, vacations, (int)i),
                        remind_at(cfg, state, vacations, (int)i)};

        for (int k = 0; k < 2; k++)
            if (t[k] >= 0 && (due < 0 || t[k] < due))
                due = t[k];
    }
    return due;
}

int clock_take_reminder(const json_t *cfg, json_t *state, const json_t *vacations,
                        int seat, int64_t now)
{
    int64_t at = remind_at(cfg, state, vacations, seat);

    if (at < 0 || now < at)
        return 0;
    json_object_set_new(json_array_get(json_object_get(state, "seats"), (size_t)seat),
                        "reminded", json_true());
    return 1;
}

void clock_rfc3339(int64_t ms, char out[32])
{
    time_t t = (time_t)(ms / 1000);
    struct tm tm;
    char head[24];

    gmtime_r(&t, &tm);
    strftime(head, sizeof head, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out, 32, "%s.%03dZ", head, (int)(ms % 1000));
}

json_t *clock_view(const json_t *cfg, const json_t *state, const json_t *vacations,
                   int64_t now)
{
    json_t *seats = json_array(), *v;
    size_t n = json_array_size(json_object_get(state, "seats"));
    char when[32];

    for (size_t i = 0; i < n; i++) {
        const json_t *s = json_array_get(json_object_get(state, "seats"), i);
        int64_t deadline = clock_deadline(cfg, state, vacations, (int)i), from, until;
        json_t *row = json_pack("{s:i, s:I}", "seat", (int)i, "reserve_ms",
                                (json_int_t)ms_of(s, "reserve_ms"));

        if (deadline >= 0) {
            clock_rfc3339(deadline, when);
            json_object_set_new(row, "deadline", json_string(when));
        } else {
            json_object_set_new(row, "deadline", json_null());
        }
        if (vacation_of(vacations, (int)i, &from, &until) && until > now && from <= now) {
            clock_rfc3339(until, when);
            json_object_set_new(row, "on_vacation_until", json_string(when));
        } else {
            json_object_set_new(row, "on_vacation_until", json_null());
        }
        json_array_append_new(seats, row);
    }
    v = json_pack("{s:O, s:O, s:O, s:o, s:o}", "per_move", json_object_get(cfg, "per_move"),
                  "reserve", json_object_get(cfg, "reserve"), "on_timeout",
                  json_object_get(cfg, "on_timeout"), "remind_before",
                  json_object_get(cfg, "remind_before")
                      ? json_incref(json_object_get(cfg, "remind_before"))
                      : json_null(),
                  "seats", seats);
    return v;
}
