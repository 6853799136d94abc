/*
 * fuzz_heavysteam_move.c - libFuzzer target for Heavy Steam's apply().
 *
 * Deals two games with a fixed key (heavy titans and light ones) and
 * plays random legal moves from each through the engine interface alone:
 * a listed move as it is, without its form; a shape with its holes filled
 * at random within what the listing allows (fill_shape), falling back to
 * another entry when the rules refuse the filling. Every few moves the
 * position is kept, so the kept positions span the pilots stage and
 * several rounds. The input, parsed as JSON, is offered as a move to
 * every seat and to seats that do not exist, at a position chosen by the
 * input's bytes, and to the seat to act at the next ELSEWHERE positions
 * where a move of its type is listed.
 *
 * apply must either refuse with a filled rules_error, no events, the
 * state byte for byte as it was and the random stream where it was; or
 * take a move legal_moves offered (hs_listed: a listed move, or one
 * filling of a listed shape, read the Heavy Steam way: a flow's white and
 * red maps, a list's items, a card's choice keys; standing orders at any
 * time from a seat), the same way twice with the same random stream
 * (move_checks.h), and leave a state that loads, round-trips, has a seat
 * to act unless it is over, and that status(), view() and legal_moves()
 * accept for every seat. Any breach aborts; ASan and LSan catch the rest.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "heavysteam/game.h"
#include "rng.h"

static int hs_listed(const struct rules_engine *eng, const json_t *state, int seat,
                     const json_t *move);
#define MOVE_LISTED(eng, state, seat, move) hs_listed(eng, state, seat, move)
#define MOVE_REFUSAL_KEEPS_RNG 1

#include "move_checks.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_heavysteam_move: %s\n", what);
        abort();
    }
}

/* ---- the listing, read the Heavy Steam way ------------------------------ */

static int is_int_hole(const json_t *h)
{
    return json_is_object(h) && json_is_integer(json_object_get(h, "max")) &&
           !json_object_get(h, "of");
}

static int int_within(const json_t *h, const json_t *v)
{
    const json_t *lo = json_object_get(h, "min");

    return json_is_integer(v) && json_integer_value(v) <= json_integer_value(json_object_get(h, "max")) &&
           json_integer_value(v) >= (lo ? json_integer_value(lo) : 0);
}

static int one_of_fits(const json_t *of, const json_t *v);

/* Whether v is the listed value a, or a concrete choice of it: an object
 * whose every key a names, each value fitting a's (a hole {"of"} or
 * {"min", "max"}, or equal). */
static int value_is(const json_t *a, const json_t *v)
{
    const char *k;
    json_t *x;

    if (json_equal((json_t *)a, (json_t *)v))
        return 1;
    if (is_int_hole(a))
        return int_within(a, v);
    if (json_is_object(a) && json_is_array(json_object_get(a, "of")) &&
        !json_object_get(a, "max"))
        return one_of_fits(json_object_get(a, "of"), v);
    if (!json_is_object(a) || !json_is_object(v))
        return 0;
    json_object_foreach((json_t *)v, k, x)
        if (!json_object_get(a, k) || !value_is(json_object_get(a, k), x))
            return 0;
    /* a key the listing gives a concrete value is not left out */
    json_object_foreach((json_t *)a, k, x)
        if (!json_object_get(v, k) && !json_is_object(x))
            return 0;
    return 1;
}

static int one_of_fits(const json_t *of, const json_t *v)
{
    size_t i;
    json_t *a;

    json_array_foreach((json_t *)of, i, a)
        if (value_is(a, v))
            return 1;
    return 0;
}

/* An item of a list hole h: one of its "of"; a repair (steam_done), a list
 * of at most "removes" squares of its "of"; a free move's step, an object
 * of the keys h holds as holes. */
static int item_fits(const json_t *h, const json_t *item)
{
    const json_t *of = json_object_get(h, "of");
    size_t i;
    json_t *x;

    if (json_is_integer(json_object_get(h, "removes"))) {
        if (!json_is_array(item) || json_array_size(item) < 1 ||
            (json_int_t)json_array_size(item) > json_integer_value(json_object_get(h, "removes")))
            return 0;
        json_array_foreach((json_t *)item, i, x)
            if (!one_of_fits(of, x))
                return 0;
        return 1;
    }
    if (of)
        return one_of_fits(of, item);
    if (!json_is_object(item))
        return 0;
    {
        const char *k;

        json_object_foreach((json_t *)item, k, x) {
            const json_t *hk = json_object_get(h, k);

            if (!strcmp(k, "min") || !strcmp(k, "max") || !hk || !value_is(hk, x))
                return 0;
        }
        json_object_foreach((json_t *)h, k, x)
            if (strcmp(k, "min") && strcmp(k, "max") && !json_object_get(item, k))
                return 0;
    }
    return 1;
}

/* A flow's white or red map: station ids the listing names, each within
 * its free squares; the cubes placed added to *placed. */
static int flow_map_fits(const json_t *h, const json_t *v, json_int_t *placed)
{
    const char *k;
    json_t *x;

    if (!v)
        return 1;
    if (!json_is_object(v))
        return 0;
    json_object_foreach((json_t *)v, k, x) {
        const json_t *b = json_object_get(h, k);

        if (!b || !json_is_integer(x) || !int_within(b, x))
            return 0;
        *placed += json_integer_value(x);
    }
    return 1;
}

/* A choice's steps as a list: a card lists one object a step, an event
 * or a power the one step it asks (new reference). */
static json_t *steps_of(const json_t *listed)
{
    return json_is_object(listed) ? json_pack("[O]", listed) : json_incref((json_t *)listed);
}

/* A choice: an object whose keys are those some listed step offers (a
 * free move's steps for from and to). What each key may hold is the
 * effect's own check; the listing gives only the first cubes' squares. */
static int choice_fits(const json_t *listed, const json_t *choice)
{
    json_t *steps = steps_of(listed), *x, *s;
    const char *k;
    size_t i;
    int fits = json_is_object(choice) || !choice;

    json_object_foreach((json_t *)choice, k, x) {
        int named = 0;

        json_array_foreach(steps, i, s)
            if (json_object_get(s, k) || (!strcmp(k, "steps") && json_object_get(s, "from")))
                named = 1;
        fits &= named;
    }
    json_decref(steps);
    return fits;
}

/* Whether move is one filling of the listed entry e (form "move": e
 * itself without its form). */
static int entry_is(const json_t *e, const json_t *move)
{
    int shape = !strcmp(json_string_value(json_object_get(e, "form")), "shape");
    json_int_t placed = 0;
    const char *k;
    json_t *h;

    json_object_foreach((json_t *)move, k, h)
        if (!strcmp(k, "form") || !json_object_get(e, k))
            return 0;
    json_object_foreach((json_t *)e, k, h) {
        const json_t *v = json_object_get(move, k);

        if (!strcmp(k, "form"))
            continue;
        if (!shape) {
            /* a field left out reads as its default, false or 0 (an
               evade's board): the move a listed entry with it says */
            if (v ? !json_equal(h, (json_t *)v)
                  : !json_is_false(h) && !(json_is_integer(h) && json_integer_value(h) == 0))
                return 0;
        } else if (!strcmp(k, "white") || !strcmp(k, "red")) {
            if (!flow_map_fits(h, v, &placed))
                return 0;
        } else if (!strcmp(k, "choice")) {
            if (!choice_fits(h, v))
                return 0;
        } else if (json_is_object(h) && json_is_array(json_object_get(h, "of")) &&
                   !json_object_get(h, "max")) {
            /* one value of a list; left out only where it may be, or
             * where none (null) is among the values */
            if (v ? !one_of_fits(json_object_get(h, "of"), v)
                  : !json_is_true(json_object_get(h, "optional")) &&
                        !one_of_fits(json_object_get(h, "of"), json_null()))
                return 0;
        } else if (json_is_object(h) && json_is_integer(json_object_get(h, "max")) &&
                   (json_object_get(h, "of") || json_object_get(h, "from"))) {
            /* a list of items, left out as none */
            json_int_t lo = json_integer_value(json_object_get(h, "min"));
            size_t i;
            json_t *item;

            if (v && !json_is_array(v))
                return 0;
            if ((json_int_t)json_array_size(v) > json_integer_value(json_object_get(h, "max")) ||
                (json_int_t)json_array_size(v) < lo)
                return 0;
            json_array_foreach((json_t *)v, i, item)
                if (!item_fits(h, item))
                    return 0;
        } else if (is_int_hole(h)) {
            if (v ? !int_within(h, v) : json_integer_value(json_object_get(h, "min")) > 0)
                return 0;
        } else if (json_is_object(h) && strcmp(k, "choice") != 0) {
            /* a map of holes (a pilot's charge, mount by mount): each
             * key one the listing names, left out as none */
            if (v && !value_is(h, v))
                return 0;
        } else if (!strcmp(k, "station") || !strcmp(k, "cubes") || !strcmp(k, "must")) {
            /* what a flow is of: informs; a move that repeats it says the same */
            if (v && !json_equal(h, (json_t *)v))
                return 0;
        } else if (v ? !json_equal(h, (json_t *)v) : !json_is_false(h)) {
            return 0;
        }
    }
    if (shape && !strcmp(json_string_value(json_object_get(e, "type")), "flow") &&
        (placed > json_integer_value(json_object_get(e, "cubes")) ||
         placed < json_integer_value(json_object_get(e, "must"))))
        return 0;
    return 1;
}

/*
 * move as legal_moves writes it (new reference): a pilot's charge of no
 * steam on every mount is the pilot chosen without Charged Up steam, the
 * plain move listed where the titan has nothing to charge.
 */
static json_t *as_listed(const json_t *move)
{
    const json_t *charge = json_object_get(move, "charge"), *v;
    json_t *out = json_deep_copy(move);
    const char *k;
    int none = json_is_object(charge);

    json_object_foreach((json_t *)charge, k, v)
        none &= json_is_integer(v) && json_integer_value(v) == 0;
    if (none)
        json_object_del(out, "charge");
    return out;
}

/*
 * Whether legal_moves offered move to seat at state. Standing orders are
 * never listed: a seat of the game may send them at any time before the
 * end (describe()).
 */
static int hs_listed(const struct rules_engine *eng, const json_t *state, int seat,
                     const json_t *move)
{
    const char *type = json_string_value(json_object_get(move, "type"));
    json_t *list, *e, *m;
    size_t i;
    int found = 0;

    if (type && !strcmp(type, "orders")) {
        struct rules_status s;

        return eng->status(state, &s) == 0 && !s.finished && seat >= 0 && seat < 2;
    }
    list = eng->legal_moves(state, seat);
    m = as_listed(move);
    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (type && !strcmp(json_string_value(json_object_get(e, "type")), type) &&
            entry_is(e, m))
            found = 1;
    json_decref(m);
    if (!found) {
        /* what the report of the abort that follows needs */
        char *d = json_dumps(move, JSON_COMPACT | JSON_ENCODE_ANY);
        char *l = json_dumps(list, JSON_COMPACT);

        fprintf(stderr, "seat %d, move %s\nlisted %s\n", seat, d, l);
        free(d);
        free(l);
    }
    json_decref(list);
    return found;
}

/* ---- filling a shape ---------------------------------------------------- */

static unsigned pick_state = 1;

static unsigned pick(unsigned n)
{
    pick_state = pick_state * 1103515245u + 12345u;
    return n ? (pick_state >> 8) % n : 0;
}

static json_t *pick_of(const json_t *of)
{
    return json_array_get(of, pick((unsigned)json_array_size(of)));
}

static int pick_within(const json_t *h)
{
    int lo = (int)json_integer_value(json_object_get(h, "min"));
    int hi = (int)json_integer_value(json_object_get(h, "max"));

    return hi > lo ? lo + (int)pick((unsigned)(hi - lo + 1)) : lo;
}

/* A concrete value of a listed one: holes filled, a listed "of" one
 * value of it (new reference). */
static json_t *concrete(const json_t *a)
{
    const char *k;
    json_t *x, *c;

    if (is_int_hole(a))
        return json_integer(pick_within(a));
    if (json_is_object(a) && json_is_array(json_object_get(a, "of")))
        return json_incref(pick_of(json_object_get(a, "of")));
    if (!json_is_object(a))
        return json_incref((json_t *)a);
    c = json_object();
    json_object_foreach((json_t *)a, k, x)
        json_object_set_new(c, k, concrete(x));
    return c;
}

/* The flow's cubes put at random where the listing leaves room, most of
 * them on white squares that are no vent. */
static void fill_flow(json_t *m, const json_t *e)
{
    const char *maps[2] = {"white", "red"}, *k;
    int left = (int)json_integer_value(json_object_get(e, "cubes"));

    for (int pass = 0; pass < 3; pass++) {
        json_t *h = json_object_get(e, maps[pass == 2]), *b;
        json_t *out = json_object_get(m, maps[pass == 2]);

        json_object_foreach(h, k, b) {
            int room = (int)json_integer_value(json_object_get(b, "max"));
            int vent = json_is_true(json_object_get(b, "vent"));
            int have = (int)json_integer_value(json_object_get(out, k)), put;

            if (pass < 2 && vent != pass)
                continue;
            room -= have;
            put = room < left ? room : left;
            if (pass > 0 || pick(4) == 0)
                put = (int)pick((unsigned)put + 1);
            if (put > 0)
                json_object_set_new(out, k, json_integer(have + put));
            left -= put;
        }
    }
}

/* A choice for the steps listed: per key, its first values (n of them
 * where the step says how many cubes) or one value. */
static json_t *fill_choice(const json_t *listed)
{
    json_t *choice = json_object(), *steps = steps_of(listed), *s, *v;
    const char *k;
    size_t i;

    json_array_foreach((json_t *)steps, i, s) {
        int n = json_is_integer(json_object_get(s, "n")) ? (int)json_integer_value(json_object_get(s, "n")) : 1;

        if (json_object_get(s, "from")) {
            json_object_set_new(choice, "steps",
                                json_pack("[{s:O, s:O}]", "from",
                                          pick_of(json_object_get(s, "from")), "to",
                                          pick_of(json_object_get(s, "to"))));
            continue;
        }
        json_object_foreach(s, k, v) {
            if (!json_is_array(v))
                continue;
            if (!strcmp(k, "steam") || !strcmp(k, "repair") || !strcmp(k, "give")) {
                json_t *a = json_array();

                for (int j = 0; j < n && j < (int)json_array_size(v); j++)
                    json_array_append(a, json_array_get(v, (size_t)j));
                json_object_set_new(choice, k, a);
            } else if (!strcmp(k, "damage")) {
                json_object_set_new(choice, k, json_pack("[O]", pick_of(v)));
            } else if (!strcmp(k, "shield")) {
                json_t *a = json_array(), *l;
                size_t j;

                json_array_foreach(v, j, l)
                    for (int r = 0; n > 0 && r < json_integer_value(json_object_get(l, "room")); r++, n--)
                        json_array_append(a, json_object_get(l, "location"));
                json_object_set_new(choice, k, a);
            } else {
                json_object_set(choice, k, pick_of(v));
            }
        }
    }
    json_decref(steps);
    return choice;
}

/* The move an entry of the listing makes, its holes filled at random
 * (new reference). */
static json_t *fill_shape(const json_t *e)
{
    json_t *m, *h;
    const char *k;

    if (strcmp(json_string_value(json_object_get(e, "form")), "shape") != 0) {
        m = json_deep_copy(e);
        json_object_del(m, "form");
        return m;
    }
    m = json_object();
    json_object_foreach((json_t *)e, k, h) {
        if (!strcmp(k, "form") || !strcmp(k, "station") || !strcmp(k, "cubes") ||
            !strcmp(k, "must"))
            continue;
        if (!strcmp(k, "white") || !strcmp(k, "red")) {
            json_object_set_new(m, k, json_object());
        } else if (!strcmp(k, "choice")) {
            json_object_set_new(m, k, fill_choice(h));
        } else if (json_is_object(h) && json_is_integer(json_object_get(h, "max")) &&
                   (json_object_get(h, "of") || json_object_get(h, "from"))) {
            /* a list: none, or one item */
            json_t *a = json_array();
            int lo = (int)json_integer_value(json_object_get(h, "min"));
            int want = lo > 0 ? lo : (int)pick(2);

            if (json_integer_value(json_object_get(h, "max")) < want)
                want = 0;
            for (int j = 0; j < want; j++) {
                const json_t *of = json_object_get(h, "of");

                if (json_object_get(h, "removes"))
                    json_array_append_new(a, json_pack("[O]", pick_of(of)));
                else if (of)
                    json_array_append_new(a, concrete(pick_of(of)));
                else
                    json_array_append_new(a, json_pack("{s:O, s:O}", "from",
                                                       pick_of(json_object_get(json_object_get(h, "from"), "of")),
                                                       "to",
                                                       pick_of(json_object_get(json_object_get(h, "to"), "of"))));
            }
            if (json_array_size(a) || lo == 0)
                json_object_set_new(m, k, a);
            else
                json_decref(a);
        } else if (json_is_object(h) && json_is_true(json_object_get(h, "optional")) && pick(2)) {
            continue;
        } else {
            json_object_set_new(m, k, concrete(h));
        }
    }
    if (!strcmp(json_string_value(json_object_get(e, "type")), "flow"))
        fill_flow(m, e);
    return m;
}

/* ---- the positions ------------------------------------------------------ */

static void check_state_sound(const struct rules_engine *eng, json_t *st)
{
    static struct hs_game g;
    struct rules_error err;
    struct rules_status s;
    json_t *again;

    require(hs_game_load(&g, st, &err) == 0, "accepted state does not load");
    again = hs_game_dump(&g);
    require(json_equal(again, st), "state does not round-trip");
    json_decref(again);
    require(eng->status(st, &s) == 0, "status refuses the state");
    require(s.finished || (s.must_act && !(s.must_act & ~3u)),
            "an unfinished game with no seat (or a seat that does not exist) to act");
    for (int seat = -1; seat < 2; seat++) {
        json_t *v = eng->view(st, seat), *m = eng->legal_moves(st, seat);

        require(v && !json_object_get(v, "error"), "view fails");
        require(m && json_is_array(json_object_get(m, "moves")), "legal_moves fails");
        require(s.finished || seat < 0 || !(s.must_act & (1u << seat)) ||
                    json_array_size(json_object_get(m, "moves")) > 0,
                "a seat that must act is listed no move");
        json_decref(v);
        json_decref(m);
    }
}

#define PREFIXES 160
/* A position kept every STRIDE moves: enough to span several rounds. */
#define STRIDE 5

static json_t *prefix_state[PREFIXES];
static struct rng prefix_rng[PREFIXES];
static int prefix_actor[PREFIXES];     /* the seat to act; -1 when over */
static json_t *prefix_types[PREFIXES]; /* the move types it may make */

/* How many more positions a move meets, where its type is listed. */
#define ELSEWHERE 8

/* One random legal move of seat: a listed entry, a shape filled; 0, or
 * -1 when nothing the listing offers was taken. */
static int random_move(const struct rules_engine *eng, json_t **st, int seat, struct rng *rng)
{
    json_t *list = eng->legal_moves(*st, seat), *moves = json_object_get(list, "moves");
    size_t n = json_array_size(moves);
    int rc = -1;

    for (unsigned tries = 0; rc < 0 && tries < 40 && n; tries++) {
        const json_t *e = json_array_get(moves, tries < 20 ? pick((unsigned)n) : tries % n);
        json_t *m = fill_shape(e), *ev = NULL;
        struct rules_error err;

        rc = eng->apply(st, seat, m, rng, &ev, &err);
        require(rc == 0 || strcmp(json_string_value(json_object_get(e, "form")), "move") != 0,
                "a listed move is refused");
        json_decref(ev);
        json_decref(m);
    }
    json_decref(list);
    return rc;
}

static void deal_prefixes(const struct rules_engine *eng)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    int k = 0;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + 5);
    for (int game = 0; game < 2; game++) {
        struct rng rng;
        json_t *st = NULL, *ev = NULL,
               *opts = game ? json_pack("{s:s}", "size", "light") : NULL;

        rng_init(&rng, key, (uint64_t)game * 1000);
        require(eng->setup(opts, 2, &rng, &st, &ev, &err) == 0, "setup fails");
        json_decref(opts);
        json_decref(ev);
        for (unsigned step = 0; k < PREFIXES * (game + 1) / 2; step++) {
            struct rules_status s;
            int seat;

            require(eng->status(st, &s) == 0, "status fails");
            seat = s.finished ? -1 : s.must_act & 1 ? 0 : 1;
            if (step % STRIDE == 0 || seat < 0) {
                prefix_state[k] = json_incref(st);
                prefix_rng[k] = rng;
                prefix_actor[k] = seat;
                prefix_types[k++] = seat < 0 ? json_object() : listed_types(eng, st, seat);
            }
            if (seat < 0 || random_move(eng, &st, seat, &rng) < 0)
                break;
        }
        json_decref(st);
    }
    while (k < PREFIXES) {
        prefix_state[k] = json_incref(prefix_state[k - 1]);
        prefix_rng[k] = prefix_rng[k - 1];
        prefix_actor[k] = -1;
        prefix_types[k++] = json_object();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A move taken by seat: the state it leaves must be sound. */
static void check_taken(const struct rules_engine *eng, json_t *next, int seat)
{
    if (!next)
        return;
    require(seat == 0 || seat == 1, "a seat that does not exist moved");
    check_state_sound(eng, next);
    json_decref(next);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct rules_engine *eng = rules_engine_find("heavysteam");
    json_t *move;
    const char *type;
    unsigned prefix = 0;

    require(eng != NULL, "no engine");
    if (!prefix_state[0])
        deal_prefixes(eng);
    /*
     * Which position every seat meets the move at depends on its bytes;
     * then the seat to act meets it at the next positions where a move of
     * its type is listed (standing orders: wherever the game goes on).
     */
    for (size_t i = 0; i < size; i++)
        prefix += data[i];
    prefix %= PREFIXES;
    move = json_loadb((const char *)data, size, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
    type = json_string_value(json_object_get(move, "type"));
    for (int seat = -1; seat <= 2; seat++)
        check_taken(eng, move_offer(eng, prefix_state[prefix], seat, move,
                                    &prefix_rng[prefix], 1), seat);
    for (unsigned j = 1, met = 0; j < PREFIXES && met < ELSEWHERE; j++) {
        unsigned p = (prefix + j) % PREFIXES;

        if (prefix_actor[p] < 0 ||
            !(json_object_get(prefix_types[p], type) || (type && !strcmp(type, "orders"))))
            continue;
        check_taken(eng, move_offer(eng, prefix_state[p], prefix_actor[p], move,
                                    &prefix_rng[p], 1), prefix_actor[p]);
        met++;
    }
    json_decref(move);
    return 0;
}
