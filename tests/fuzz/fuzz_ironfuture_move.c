/*
 * fuzz_ironfuture_move.c - libFuzzer target for Iron Future's apply().
 *
 * Deals a game with a fixed key, plays a few deterministic legal moves
 * (how many depends on the input, so the fuzzer reaches allocation,
 * supports and the acquisition phase), then offers the input, parsed as
 * JSON, as a move for each seat and for seats that do not exist; and to
 * the seat to act at the next ELSEWHERE positions where a move of its type
 * is listed, so that a move meets positions it may be taken in whatever
 * its bytes add up to.
 * apply must either refuse with a filled rules_error and the state
 * untouched, or take a move legal_moves offered, the same way twice with
 * the same random stream (move_checks.h), and leave a state that loads,
 * round-trips and can be viewed, with every view blind to what its viewer
 * may not know. Any breach aborts; ASan and LSan catch the rest.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "ironfuture/game.h"
#include "move_checks.h"
#include "rng.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_ironfuture_move: %s\n", what);
        abort();
    }
}

/* The array a turned around (new reference). */
static json_t *reversed(const json_t *a)
{
    json_t *r = json_array();

    for (size_t i = json_array_size(a); i-- > 0;)
        json_array_append(r, json_array_get(a, i));
    return r;
}

/*
 * st with everything viewer may not know changed (new reference): another
 * seat's hand and deck dealt anew from the same cards (the hand keeps its
 * size), the viewer's own deck and the unit and location decks in another
 * order. What the viewer may know is left as it was.
 */
static json_t *hidden_changed(const json_t *st, int viewer)
{
    json_t *c = json_deep_copy(st), *seats = json_object_get(c, "seats"), *p;
    size_t s;

    json_array_foreach(seats, s, p) {
        json_t *hand = json_object_get(p, "hand"), *deck = json_object_get(p, "deck");

        if ((int)s == viewer) {
            json_object_set_new(p, "deck", reversed(deck));
        } else {
            /* hand + deck, one place round: one card trades places */
            json_t *all = json_array(), *h = json_array(), *d = json_array();
            size_t n = json_array_size(hand);

            json_array_extend(all, hand);
            json_array_extend(all, deck);
            for (size_t i = 0; i < json_array_size(all); i++)
                json_array_append(i < n ? h : d,
                                  json_array_get(all, (i + 1) % json_array_size(all)));
            json_object_set_new(p, "hand", h);
            json_object_set_new(p, "deck", d);
            json_decref(all);
        }
    }
    json_object_set_new(c, "unit_deck", reversed(json_object_get(c, "unit_deck")));
    json_object_set_new(c, "location_deck", reversed(json_object_get(c, "location_deck")));
    return c;
}

/*
 * Every view of st is the same whatever the hidden cards are: a view that
 * changes when another seat's hand or any deck order changes shows it,
 * whatever key it is under.
 */
static void check_views_blind(const struct rules_engine *eng, const json_t *st)
{
    for (int viewer = -1; viewer < 2; viewer++) {
        json_t *other = hidden_changed(st, viewer);
        json_t *a = eng->view(st, viewer), *b = eng->view(other, viewer);

        require(json_equal(a, b), "a view shows a card its viewer may not know");
        json_decref(a);
        json_decref(b);
        json_decref(other);
    }
}

/* A state the engine accepted must be whole and viewable. */
static void check_state_sound(const struct rules_engine *eng, json_t *st)
{
    struct if_game g;
    struct rules_error err;
    struct rules_status s;
    json_t *again;

    require(ironfuture_game_load(&g, st, &err) == 0, "accepted state does not load");
    again = ironfuture_game_dump(&g);
    require(json_equal(again, st), "state does not round-trip");
    json_decref(again);
    require(eng->status(st, &s) == 0, "status refuses the state");
    require(s.finished || s.must_act != 0, "nobody must act in an unfinished game");
    for (int seat = -1; seat < 2; seat++) {
        json_t *v = eng->view(st, seat), *m = eng->legal_moves(st, seat);

        require(v && !json_object_get(v, "error"), "view fails");
        require(m && json_is_array(json_object_get(m, "moves")), "legal_moves fails");
        json_decref(v);
        json_decref(m);
    }
}

#define PREFIXES 96

/*
 * The game after 0..PREFIXES-1 deterministic legal moves, dealt once:
 * apply() never changes the state it is given, so they can be shared.
 * They stay reachable from here, so LeakSanitizer does not count them.
 */
static json_t *prefix_state[PREFIXES];
static struct rng prefix_rng[PREFIXES];
static int prefix_actor[PREFIXES];     /* the seat to act; -1 when over */
static json_t *prefix_types[PREFIXES]; /* the move types it may make */

/* How many more positions a move meets, where its type is listed. */
#define ELSEWHERE 8

static void deal_prefixes(const struct rules_engine *eng)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    struct rng rng;
    json_t *st = NULL, *ev = NULL;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + 5);
    rng_init(&rng, key, 0);
    require(eng->setup(NULL, 2, &rng, &st, &ev, &err) == 0, "setup fails");
    json_decref(ev);
    for (unsigned step = 0; step < PREFIXES; step++) {
        struct rules_status s;
        json_t *list, *m;
        int seat;

        prefix_state[step] = json_incref(st);
        prefix_rng[step] = rng;
        prefix_actor[step] = -1;
        require(eng->status(st, &s) == 0, "status fails");
        if (s.finished)
            continue;
        seat = s.must_act & 1 ? 0 : 1;
        prefix_actor[step] = seat;
        prefix_types[step] = listed_types(eng, st, seat);
        list = eng->legal_moves(st, seat);
        m = json_array_get(json_object_get(list, "moves"),
                           (step * 7 + 3) % json_array_size(json_object_get(list, "moves")));
        ev = NULL;
        require(eng->apply(&st, seat, m, &rng, &ev, &err) == 0, "a legal move is refused");
        json_decref(ev);
        json_decref(list);
    }
    json_decref(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A move taken by seat: the state it leaves must be sound and blind. */
static void check_taken(const struct rules_engine *eng, json_t *next, int seat)
{
    if (!next)
        return;
    require(seat == 0 || seat == 1, "a seat that does not exist moved");
    check_state_sound(eng, next);
    check_views_blind(eng, next);
    json_decref(next);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int seats[] = {0, 1, -1, 2};
    const struct rules_engine *eng = rules_engine_find("ironfuture");
    json_t *move;
    const char *type;
    unsigned prefix = 0;

    require(eng != NULL, "no engine");
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
    for (size_t k = 0; k < sizeof seats / sizeof seats[0]; k++)
        check_taken(eng, move_offer(eng, prefix_state[prefix], seats[k], move,
                                    &prefix_rng[prefix], 1), seats[k]);
    for (unsigned j = 1, met = 0; j < PREFIXES && met < ELSEWHERE; j++) {
        unsigned p = (prefix + j) % PREFIXES;

        if (prefix_actor[p] < 0 || !json_object_get(prefix_types[p], type))
            continue;
        check_taken(eng, move_offer(eng, prefix_state[p], prefix_actor[p], move,
                                    &prefix_rng[p], 0), prefix_actor[p]);
        met++;
    }
    json_decref(move);
    return 0;
}
