/*
 * fuzz_steam_move.c - libFuzzer target for Steam's apply().
 *
 * Deals two games with a fixed key (4 players with the auction, 3 with a
 * random order), plays deterministic legal moves from each (shapes made
 * concrete by taking their first values) and keeps every position. The
 * input, parsed as JSON, is offered as a move to every seat and to seats
 * that do not exist, at a position chosen by the input's bytes, and to
 * the seat to act at the next ELSEWHERE positions where a move of its
 * type is listed, so that a move meets positions it may be taken in
 * whatever its bytes add up to. apply
 * must either refuse with a filled rules_error and the state untouched,
 * or take a move legal_moves offered (a concrete move, or one choice of a
 * listed shape: hex, tile and rotation of a build, an amount within a
 * bid's range), the same way twice with the same random stream
 * (move_checks.h), and leave a state that loads, round-trips and can be
 * viewed. (Steam hides nothing: the bag is kept as counts and draws come
 * from the stream.) Any breach aborts; ASan and LSan catch the rest.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "rng.h"
#include "steam/game.h"

/*
 * A tile at rotation r and at r plus its period is the same track, and
 * legal_moves lists only the first (describe(): "any rotation 0..5 is
 * accepted"): the listing check looks for a build at its first rotation.
 */
static json_t *steam_as_listed(const json_t *move)
{
    const struct st_catalog *cat = steam_catalog_get();
    const char *tile = json_string_value(json_object_get(move, "tile"));
    const json_t *rot = json_object_get(move, "rotation");
    json_t *out = json_deep_copy(move);
    int k = tile ? steam_catalog_tile(cat, tile) : -1;

    if (k >= 0 && json_is_integer(rot)) {
        int period = __builtin_popcount(cat->tile[k].rot_distinct);

        if (period > 0 && json_integer_value(rot) >= 0)
            json_object_set_new(out, "rotation",
                                json_integer(json_integer_value(rot) % period));
    }
    return out;
}
#define MOVE_AS_LISTED(move) steam_as_listed(move)

#include "move_checks.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_steam_move: %s\n", what);
        abort();
    }
}

static void check_state_sound(const struct rules_engine *eng, json_t *st, int n)
{
    static struct st_game g;
    struct rules_error err;
    struct rules_status s;
    json_t *again;

    require(steam_game_load(&g, st, &err) == 0, "accepted state does not load");
    again = steam_game_dump(&g);
    require(json_equal(again, st), "state does not round-trip");
    json_decref(again);
    require(eng->status(st, &s) == 0, "status refuses the state");
    require(s.finished || (s.must_act && !(s.must_act & (s.must_act - 1))),
            "not exactly one seat must act");
    for (int seat = -1; seat < n; seat++) {
        json_t *v = eng->view(st, seat), *m = eng->legal_moves(st, seat);

        require(v && !json_object_get(v, "error"), "view fails");
        require(m && json_is_array(json_object_get(m, "moves")), "legal_moves fails");
        json_decref(v);
        json_decref(m);
    }
}

/* The first concrete move of a listed move or shape. New reference. */
static json_t *first_of(json_t *m)
{
    const char *type = json_string_value(json_object_get(m, "type"));

    if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
        json_t *o = json_array_get(json_object_get(m, "options"), 0);
        json_t *t = json_array_get(json_object_get(o, "tiles"), 0);

        return json_pack("{s:s, s:O, s:O, s:O}", "type", type, "hex",
                         json_object_get(o, "hex"), "tile", json_object_get(t, "tile"),
                         "rotation", json_array_get(json_object_get(t, "rotations"), 0));
    }
    if (!strcmp(type, "bid"))
        return json_pack("{s:s, s:O}", "type", "bid", "amount",
                         json_object_get(json_object_get(m, "amount"), "min"));
    if (!strcmp(type, "urbanize") || !strcmp(type, "grow")) {
        const char *key;
        json_t *v, *c = json_pack("{s:s}", "type", type);

        json_object_foreach(m, key, v)
            if (json_is_array(v) && json_array_size(v))
                json_object_set(c, key, json_array_get(v, 0));
        return c;
    }
    return json_incref(m);
}

#define PREFIXES 160

static json_t *prefix_state[PREFIXES];
static struct rng prefix_rng[PREFIXES];
static int prefix_seats[PREFIXES];
static int prefix_actor[PREFIXES];     /* the seat to act; -1 when over */
static json_t *prefix_types[PREFIXES]; /* the move types it may make */

/* How many more positions a move meets, where its type is listed. */
#define ELSEWHERE 8

static void deal_prefixes(const struct rules_engine *eng)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    int k = 0;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + 5);
    for (int game = 0; game < 2; game++) {
        int n = game ? 3 : 4;
        struct rng rng;
        json_t *st = NULL, *ev = NULL,
               *opts = json_pack("{s:s}", "turn_order", game ? "random" : "auction");

        rng_init(&rng, key, (uint64_t)game * 1000);
        require(eng->setup(opts, n, &rng, &st, &ev, &err) == 0, "setup fails");
        json_decref(opts);
        json_decref(ev);
        for (unsigned step = 0; k < PREFIXES && step < PREFIXES / 2; step++) {
            struct rules_status s;
            json_t *list, *moves, *m;
            int seat = 0;

            prefix_state[k] = json_incref(st);
            prefix_rng[k] = rng;
            prefix_seats[k] = n;
            prefix_actor[k++] = -1;
            require(eng->status(st, &s) == 0, "status fails");
            if (s.finished)
                break;
            while (!(s.must_act & (1u << seat)))
                seat++;
            prefix_actor[k - 1] = seat;
            prefix_types[k - 1] = listed_types(eng, st, seat);
            list = eng->legal_moves(st, seat);
            moves = json_object_get(list, "moves");
            /* prefer building and delivering so the positions have track */
            m = NULL;
            for (size_t i = 0; i < json_array_size(moves) && !m; i++) {
                const char *t = json_string_value(json_object_get(json_array_get(moves, i), "type"));

                if (!strcmp(t, "build") || !strcmp(t, "deliver") ||
                    (!strcmp(t, "pass") && json_array_size(moves) <= 2 && step < 12))
                    m = first_of(json_array_get(moves, i));
            }
            if (!m)
                m = first_of(json_array_get(moves, (step * 7 + 3) % json_array_size(moves)));
            ev = NULL;
            require(eng->apply(&st, seat, m, &rng, &ev, &err) == 0, "a legal move is refused");
            json_decref(ev);
            json_decref(m);
            json_decref(list);
        }
        json_decref(st);
    }
    while (k < PREFIXES) {
        prefix_state[k] = json_incref(prefix_state[k - 1]);
        prefix_rng[k] = prefix_rng[k - 1];
        prefix_seats[k] = prefix_seats[k - 1];
        prefix_actor[k] = -1;
        k++;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A move taken by seat at prefix p: the state it leaves must be sound. */
static void check_taken(const struct rules_engine *eng, json_t *next, int seat, unsigned p)
{
    if (!next)
        return;
    require(seat >= 0 && seat < prefix_seats[p], "a seat that does not exist moved");
    check_state_sound(eng, next, prefix_seats[p]);
    json_decref(next);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const struct rules_engine *eng = rules_engine_find("steam");
    json_t *move;
    const char *type;
    unsigned prefix = 0;

    if (!eng) {
        extern const struct rules_engine steam_engine;
        eng = &steam_engine;
    }
    if (!prefix_state[0])
        deal_prefixes(eng);
    /*
     * Which position every seat meets the move at depends on its bytes;
     * then the seat to act meets it at the next positions where a move of
     * its type is listed (json_object_get(x, NULL) is NULL).
     */
    for (size_t i = 0; i < size; i++)
        prefix += data[i];
    prefix %= PREFIXES;
    move = json_loadb((const char *)data, size, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
    type = json_string_value(json_object_get(move, "type"));
    for (int seat = -1; seat <= prefix_seats[prefix]; seat++)
        check_taken(eng, move_offer(eng, prefix_state[prefix], seat, move,
                                    &prefix_rng[prefix], 1), seat, prefix);
    for (unsigned j = 1, met = 0; j < PREFIXES && met < ELSEWHERE; j++) {
        unsigned p = (prefix + j) % PREFIXES;

        if (prefix_actor[p] < 0 || !json_object_get(prefix_types[p], type))
            continue;
        check_taken(eng, move_offer(eng, prefix_state[p], prefix_actor[p], move,
                                    &prefix_rng[p], 0), prefix_actor[p], p);
        met++;
    }
    json_decref(move);
    return 0;
}
