/*
 * move_checks.h - what the move fuzzers ask of every move an engine takes,
 * beyond not crashing:
 *
 *   - it was offered: legal_moves listed it, or listed a shape it is one
 *     concrete choice of (move_listed);
 *   - it is repeatable: the same move on the same state with the same
 *     random stream gives the same state, events and stream, byte for
 *     byte (move_apply_twice);
 * and of every move it refuses: a filled rules_error and the state as it
 * was (move_offer).
 *
 * The shape reading is generic, so that new move types and new listings
 * fit without a change here. A listed entry E fits move M when:
 *   - each key of E other than "options" is in M with a value that E's
 *     value allows (equal; one element of an array; an integer within
 *     {"min", "max"}), or is absent from M where E lists false (an
 *     optional flag left out);
 *   - E's "options", when present, holds an object that M fits: its keys
 *     name M's fields or, in the plural, the allowed values of M's field
 *     in the singular ("rotations" for "rotation"); an array of objects
 *     there is a further choice, one of which must fit; other keys
 *     ("cost") only inform;
 *   - every key of M is named somewhere in E.
 * An entry's "form" ("move" or "shape") marks the entry; a move need not
 * carry it.
 */
#ifndef TURNPOST_FUZZ_MOVE_CHECKS_H
#define TURNPOST_FUZZ_MOVE_CHECKS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "rng.h"

static void require(int ok, const char *what);

/*
 * A target may define MOVE_LISTED(eng, state, seat, move), its own
 * reading of whether legal_moves offered move, where the generic one
 * below cannot read its game's shapes; the generic reading is then left
 * out.
 */
#ifndef MOVE_LISTED
/* Whether v is one of the values allowed, as legal_moves lists them. */
static int value_fits(const json_t *allowed, const json_t *v)
{
    size_t i;
    json_t *a;

    if (json_equal((json_t *)allowed, (json_t *)v))
        return 1;
    if (json_is_array(allowed) && !json_is_array(v)) {
        json_array_foreach((json_t *)allowed, i, a)
            if (json_equal(a, (json_t *)v))
                return 1;
        return 0;
    }
    if (json_is_object(allowed) && json_is_integer(v) &&
        json_is_integer(json_object_get(allowed, "min")) &&
        json_is_integer(json_object_get(allowed, "max")))
        return json_integer_value(v) >= json_integer_value(json_object_get(allowed, "min")) &&
               json_integer_value(v) <= json_integer_value(json_object_get(allowed, "max"));
    return 0;
}

/* key without its plural "s" in buf, or NULL when key has none. */
static const char *singular(const char *key, char *buf, size_t n)
{
    size_t len = strlen(key);

    if (len < 2 || len >= n || key[len - 1] != 's')
        return NULL;
    memcpy(buf, key, len - 1);
    buf[len - 1] = '\0';
    return buf;
}

static int is_object_list(const json_t *v)
{
    return json_is_array(v) && json_array_size(v) && json_is_object(json_array_get(v, 0));
}

/* Whether move is one concrete choice of the option o. */
static int option_fits(const json_t *o, const json_t *move)
{
    const char *k, *one;
    char buf[64];
    json_t *v, *el;
    size_t i;

    json_object_foreach((json_t *)o, k, v) {
        const json_t *mv = json_object_get(move, k);
        int any = 0;

        if (mv) {
            if (!value_fits(v, mv))
                return 0;
        } else if ((one = singular(k, buf, sizeof buf)) && json_object_get(move, one) &&
                   !is_object_list(v)) {
            if (!value_fits(v, json_object_get(move, one)))
                return 0;
        } else if (is_object_list(v)) {
            json_array_foreach(v, i, el)
                if (option_fits(el, move))
                    any = 1;
            if (!any)
                return 0;
        }
    }
    return 1;
}

/* Whether field of a move is named by the listed entry or its options. */
static int names_field(const json_t *e, const char *field)
{
    const char *k, *one;
    char buf[64];
    json_t *v, *el;
    size_t i;

    json_object_foreach((json_t *)e, k, v) {
        if (!strcmp(k, field) ||
            ((one = singular(k, buf, sizeof buf)) && !strcmp(one, field)))
            return 1;
        if (is_object_list(v))
            json_array_foreach(v, i, el)
                if (names_field(el, field))
                    return 1;
    }
    return 0;
}

static int entry_fits(const json_t *e, const json_t *move)
{
    const char *k;
    json_t *v, *o;
    size_t i;

    json_object_foreach((json_t *)e, k, v) {
        const json_t *mv = json_object_get(move, k);
        int any = 0;

        if (!strcmp(k, "form")) {
            continue;
        } else if (!strcmp(k, "options")) {
            json_array_foreach(v, i, o)
                if (option_fits(o, move))
                    any = 1;
            if (!any)
                return 0;
        } else if (mv ? !value_fits(v, mv) : !json_is_false(v)) {
            return 0;
        }
    }
    json_object_foreach((json_t *)move, k, v)
        if (!names_field(e, k))
            return 0;
    return 1;
}

/* Whether legal_moves offered move to seat in state. */
/*
 * A target may define MOVE_AS_LISTED(move): the move as legal_moves writes
 * it (a new reference), where the engine takes one move written in more
 * than one way.
 */
#ifndef MOVE_AS_LISTED
#define MOVE_AS_LISTED(move) json_incref((json_t *)(move))
#endif

static int move_listed(const struct rules_engine *eng, const json_t *state,
                       int seat, const json_t *move)
{
    json_t *list = eng->legal_moves(state, seat), *e, *m = MOVE_AS_LISTED(move);
    size_t i;
    int found = 0;

    if (json_is_object(m))
        json_array_foreach(json_object_get(list, "moves"), i, e)
            if (entry_fits(e, m))
                found = 1;
    json_decref(m);
    json_decref(list);
    return found;
}
#define MOVE_LISTED(eng, state, seat, move) move_listed(eng, state, seat, move)
#endif

static char *dump_sorted(const json_t *v)
{
    return json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
}

/*
 * Applies move for seat to state once more, with the stream as it was
 * before the first time (rng0), and requires the same state, events and
 * stream as the first application left (after, events, rng1).
 */
static void move_apply_twice(const struct rules_engine *eng, json_t *state,
                             int seat, const json_t *move, const struct rng *rng0,
                             const json_t *after, const json_t *events,
                             const struct rng *rng1)
{
    json_t *copy = json_incref(state), *ev = NULL;
    struct rng r = *rng0;
    struct rules_error err;
    char *a, *b;

    require(eng->apply(&copy, seat, move, &r, &ev, &err) == 0,
            "a move taken once is refused the second time");
    a = dump_sorted(after);
    b = dump_sorted(copy);
    require(strcmp(a, b) == 0, "the same move on the same state gives another state");
    free(a);
    free(b);
    a = dump_sorted(events);
    b = dump_sorted(ev);
    require(strcmp(a, b) == 0, "the same move on the same state gives other events");
    free(a);
    free(b);
    require(memcmp(&r, rng1, sizeof r) == 0,
            "the same move on the same state leaves the random stream elsewhere");
    json_decref(ev);
    json_decref(copy);
}

/*
 * The move types legal_moves lists for seat at state, as an object whose
 * keys are the types (new reference): where a move of a type may be taken.
 */
static json_t *listed_types(const struct rules_engine *eng, const json_t *state, int seat)
{
    json_t *list = eng->legal_moves(state, seat), *types = json_object(), *e;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (json_is_string(json_object_get(e, "type")))
            json_object_set_new(types, json_string_value(json_object_get(e, "type")),
                                json_true());
    json_decref(list);
    return types;
}

/*
 * Offers move to seat at st, with the stream as rng0 has it. A refusal
 * must fill its error and leave st alone (compared byte for byte when
 * thorough); a move taken must pass the checks above. Returns the state
 * after the move (new reference), or NULL when it was refused.
 */
static json_t *move_offer(const struct rules_engine *eng, json_t *st, int seat,
                          const json_t *move, const struct rng *rng0, int thorough)
{
    json_t *copy = json_incref(st), *ev = NULL;
    char *before = thorough ? dump_sorted(st) : NULL, *after;
    struct rng r = *rng0;
    struct rules_error err;
    int rc;

    memset(&err, 0, sizeof err);
    rc = eng->apply(&copy, seat, move, &r, &ev, &err);
    if (rc != 0) {
        require(rc == -1, "apply returns neither 0 nor -1");
        require(err.code[0] && err.message[0] && err.rule[0], "refusal without an error");
        require(copy == st && ev == NULL, "refusal replaced the state");
#ifdef MOVE_REFUSAL_KEEPS_RNG
        /* where the target asks it: a refused move draws nothing, so the
         * stream a game keeps is the one its log of taken moves replays */
        require(memcmp(&r, rng0, sizeof r) == 0, "refusal moved the random stream");
#endif
        if (thorough) {
            after = dump_sorted(st);
            require(strcmp(before, after) == 0, "refusal changed the state");
            free(after);
        }
        free(before);
        json_decref(copy);
        return NULL;
    }
    require(json_is_array(ev), "no events");
    require(MOVE_LISTED(eng, st, seat, move), "an accepted move was not among the legal moves");
    move_apply_twice(eng, st, seat, move, rng0, copy, ev, &r);
    free(before);
    json_decref(ev);
    return copy;
}

#endif
