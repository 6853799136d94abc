/*
 * test_ironfuture.c - Iron Future's rules, one case per rule, named after
 * it, in rulebook order; every refusal is checked with its error code.
 *
 * Most situations are built by editing a freshly dealt state's JSON (the
 * state format is the engine's contract with storage), and dice are
 * fixed by positioning the random stream where it yields them. The last
 * group ("Positions reached by moves") instead plays real deals, every
 * move chosen from legal_moves by a simple plan, until the position
 * arises: ties at an empty location, the trophy, drawing and reshuffling,
 * retaliation, buying, and the shuffles themselves.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "data.h"
#include "ironfuture/catalog.h"
#include "ironfuture/game.h"
#include "rng.h"

static const struct rules_engine *eng;
static struct rules_error last_err;
static json_t *last_events;      /* events of the last accepted move */
static struct rng stream;        /* the stream moves are applied with */

/* ---- helpers ---------------------------------------------------------- */

static void key_of(unsigned char key[RNG_KEY_BYTES], int n)
{
    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(n * 31 + i * 7 + 1);
}

static json_t *deal(int n, const char *options, json_t **events)
{
    unsigned char key[RNG_KEY_BYTES];
    json_t *st = NULL, *ev = NULL, *opt = options ? json_loads(options, 0, NULL) : NULL;
    struct rules_error err;

    key_of(key, n);
    rng_init(&stream, key, 0);
    if (!CHECK_EQ_INT(eng->setup(opt, 2, &stream, &st, &ev, &err), 0))
        fprintf(stderr, "  setup: %s %s\n", err.code, err.message);
    json_decref(opt);
    if (events)
        *events = ev;
    else
        json_decref(ev);
    return st;
}

/* The nth instance (0-based) of a unit kind: ids follow catalog order. */
static int inst(const char *unit, int nth)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    int k = ironfuture_catalog_unit(cat, unit);

    for (int c = 0; c < cat->ninstances; c++)
        if (cat->instance[c] == k && nth-- == 0)
            return c;
    fprintf(stderr, "no instance %d of %s\n", nth, unit);
    abort();
}

static json_t *seat_of(json_t *st, int s)
{
    return json_array_get(json_object_get(st, "seats"), (size_t)s);
}

static json_t *zone(json_t *st, int s, const char *name)
{
    return json_object_get(seat_of(st, s), name);
}

static json_t *slot(json_t *st, int pos)
{
    return json_array_get(json_object_get(st, "line"), (size_t)pos);
}

static json_t *side(json_t *st, int pos, int s)
{
    return json_array_get(json_object_get(slot(st, pos), "units"), (size_t)s);
}

static int remove_id(json_t *arr, int c)
{
    for (size_t i = 0; i < json_array_size(arr); i++)
        if (json_integer_value(json_array_get(arr, i)) == c) {
            json_array_remove(arr, i);
            return 1;
        }
    return 0;
}

/* Takes card c out of whatever zone holds it. */
static void lift(json_t *st, int c)
{
    static const char *const zones[] = {"deck", "hand", "discard", "supports", "used"};

    for (int s = 0; s < 2; s++)
        for (size_t z = 0; z < 5; z++)
            remove_id(zone(st, s, zones[z]), c);
    remove_id(json_object_get(st, "unit_deck"), c);
    remove_id(json_object_get(st, "market"), c);
    for (size_t p = 0; p < json_array_size(json_object_get(st, "line")); p++)
        for (int s = 0; s < 2; s++) {
            json_t *u = side(st, (int)p, s);

            for (size_t i = 0; i < json_array_size(u); i++)
                if (json_integer_value(json_array_get(json_array_get(u, i), 0)) == c)
                    json_array_remove(u, i--);
        }
}

/* Puts card c on top of seat s's zone ("hand", "deck", "discard", "supports"). */
static int give(json_t *st, int s, const char *z, int c)
{
    lift(st, c);
    json_array_append_new(zone(st, s, z), json_integer(c));
    return c;
}

/* Puts card c on seat s's side of line position pos with damage. */
static int place(json_t *st, int s, int pos, int c, int damage)
{
    lift(st, c);
    json_array_append_new(side(st, pos, s), json_pack("[ii]", c, damage));
    return c;
}

static void set_int(json_t *obj, const char *key, int v)
{
    json_object_set_new(obj, key, json_integer(v));
}

/* Swaps location id into line position pos, wherever it was. */
static void set_location(json_t *st, int pos, const char *id)
{
    json_t *cur = json_object_get(slot(st, pos), "location");
    const char *lists[] = {"location_deck", "location_discard"};
    char old[64];
    const struct if_catalog *cat = ironfuture_catalog_get();

    snprintf(old, sizeof old, "%s", json_string_value(cur));
    if (!strcmp(old, id))
        goto res;
    for (size_t p = 0; p < json_array_size(json_object_get(st, "line")); p++)
        if (!strcmp(json_string_value(json_object_get(slot(st, (int)p), "location")), id)) {
            json_object_set_new(slot(st, (int)p), "location", json_string(old));
            goto done;
        }
    for (int l = 0; l < 2; l++) {
        json_t *a = json_object_get(st, lists[l]);

        for (size_t i = 0; i < json_array_size(a); i++)
            if (!strcmp(json_string_value(json_array_get(a, i)), id)) {
                json_array_set_new(a, i, json_string(old));
                goto done;
            }
    }
    for (int s = 0; s < 2; s++) {
        json_t *a = zone(st, s, "trophies");

        for (size_t i = 0; i < json_array_size(a); i++)
            if (!strcmp(json_string_value(json_array_get(a, i)), id)) {
                json_array_set_new(a, i, json_string(old));
                goto done;
            }
    }
    fprintf(stderr, "location %s not found\n", id);
    abort();
done:
    json_object_set_new(slot(st, pos), "location", json_string(id));
res:
    set_int(slot(st, pos), "resources",
            cat->location[ironfuture_catalog_location(cat, id)].resources);
}

/*
 * A dealt game stripped for a scene: both hands back in the decks, the
 * line plain (Scrapyard, Refinery, Ash Wastes), seat 0 first and to act.
 * Callers give each seat the cards the scene needs.
 */
static json_t *scene(void)
{
    json_t *st = deal(1, NULL, NULL);

    for (int s = 0; s < 2; s++) {
        json_t *hand = zone(st, s, "hand");

        while (json_array_size(hand))
            give(st, s, "deck", (int)json_integer_value(json_array_get(hand, 0)));
    }
    set_location(st, 0, "scrapyard");
    set_location(st, 1, "refinery");
    set_location(st, 2, "ash_wastes");
    set_int(st, "first", 0);
    set_int(st, "turn", 0);
    return st;
}

/* Positions the stream so that the next dice are exactly these. */
static void rig(const int *dice, int n)
{
    unsigned char key[RNG_KEY_BYTES] = {42};

    for (uint64_t pos = 0;; pos++) {
        int ok = 1;

        rng_init(&stream, key, pos);
        for (int i = 0; i < n && ok; i++)
            ok = rng_die(&stream, 6) == dice[i];
        if (ok) {
            rng_init(&stream, key, pos);
            return;
        }
    }
}

static json_t *parse_move(const char *fmt, va_list ap)
{
    char buf[512];
    json_t *m;

    vsnprintf(buf, sizeof buf, fmt, ap);
    m = json_loads(buf, JSON_DECODE_ANY, NULL);
    if (!m)
        fprintf(stderr, "test bug: bad JSON %s\n", buf);
    return m;
}

/* Applies a move; returns 0 or -1 and keeps last_events / last_err. */
static int play(json_t **st, int seat, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int play(json_t **st, int seat, const char *fmt, ...)
{
    va_list ap;
    json_t *m, *ev = NULL;
    int rc;

    va_start(ap, fmt);
    m = parse_move(fmt, ap);
    va_end(ap);
    memset(&last_err, 0, sizeof last_err);
    rc = eng->apply(st, seat, m, &stream, &ev, &last_err);
    json_decref(m);
    if (rc == 0) {
        json_decref(last_events);
        last_events = ev;
    }
    return rc;
}

/* The move must succeed. */
#define OK(st, seat, ...)                                                  \
    do {                                                                   \
        if (!CHECK_EQ_INT(play((st), (seat), __VA_ARGS__), 0))             \
            fprintf(stderr, "  refused: %s: %s\n", last_err.code,          \
                    last_err.message);                                     \
    } while (0)

/* The move must be refused with code, leaving the state as it was. */
#define REFUSED(st, seat, want, ...)                                       \
    do {                                                                   \
        json_t *before_ = json_deep_copy(*(st)), *st_ = *(st);             \
        CHECK_EQ_INT(play((st), (seat), __VA_ARGS__), -1);                 \
        CHECK_EQ_STR(last_err.code, (want));                               \
        CHECK(last_err.message[0] && last_err.rule[0]);                    \
        CHECK(*(st) == st_ && json_equal(*(st), before_));                 \
        json_decref(before_);                                              \
    } while (0)

/* The nth event of type in the last move's events, or NULL. */
static json_t *event(const char *type, int nth)
{
    json_t *ev;
    size_t i;

    json_array_foreach(last_events, i, ev)
        if (!strcmp(json_string_value(json_object_get(ev, "type")), type) &&
            nth-- == 0)
            return ev;
    return NULL;
}

static int num(json_t *obj, const char *key)
{
    return (int)json_integer_value(json_object_get(obj, key));
}

static int ival(json_t *arr, size_t i)
{
    return (int)json_integer_value(json_array_get(arr, i));
}

static int in_zone(json_t *st, int s, const char *z, int c)
{
    json_t *a = zone(st, s, z);

    for (size_t i = 0; i < json_array_size(a); i++)
        if (ival(a, i) == c)
            return 1;
    return 0;
}

/* Damage on card c on the field, or -1 when it is not there. */
static int damage_of(json_t *st, int c)
{
    for (size_t p = 0; p < json_array_size(json_object_get(st, "line")); p++)
        for (int s = 0; s < 2; s++) {
            json_t *u = side(st, (int)p, s);

            for (size_t i = 0; i < json_array_size(u); i++)
                if (ival(json_array_get(u, i), 0) == c)
                    return ival(json_array_get(u, i), 1);
        }
    return -1;
}

static void set_seat_int(json_t *st, int s, const char *key, int v)
{
    set_int(seat_of(st, s), key, v);
}

static json_t *moves_of(json_t *st, int seat)
{
    json_t *m = eng->legal_moves(st, seat);
    json_t *list = json_incref(json_object_get(m, "moves"));

    json_decref(m);
    return list;
}

/* Is a move with these fields among the legal moves? */
static int listed(json_t *st, int seat, const char *fmt, ...)
{
    va_list ap;
    json_t *want, *list, *m;
    size_t i;
    int found = 0;

    va_start(ap, fmt);
    want = parse_move(fmt, ap);
    va_end(ap);
    list = moves_of(st, seat);
    json_array_foreach(list, i, m)
        found |= json_equal(m, want);
    json_decref(list);
    json_decref(want);
    return found;
}

static const char *unit_of(int c)
{
    const struct if_catalog *cat = ironfuture_catalog_get();

    return cat->unit[cat->instance[c]].id;
}

/* Seat 0 is about to play the last card of the round. */
static void last_card(json_t *st, int card)
{
    set_seat_int(st, 0, "played", 4);
    set_seat_int(st, 1, "played", 5);
    give(st, 0, "hand", card);
}

/* Holds fire with every weapon still waiting, for whoever attacks. */
static void hold_all(json_t **st)
{
    json_t *att = json_object_get(*st, "attack");

    while (json_is_object(att)) {
        json_t *alloc = json_object_get(att, "alloc");
        int seat = num(*st, "turn");

        for (size_t w = 0; w < json_array_size(alloc); w++)
            if (ival(alloc, w) == IF_ALLOC_PENDING) {
                OK(st, seat, "{\"type\":\"hold_fire\",\"weapon\":%zu}", w);
                break;
            }
        att = json_object_get(*st, "attack");
    }
}

/* Puts cards on top of the unit deck; the last one given ends on top. */
static void stack_unit_deck(json_t *st, const int *cards, int n)
{
    for (int i = 0; i < n; i++) {
        lift(st, cards[i]);
        json_array_append_new(json_object_get(st, "unit_deck"), json_integer(cards[i]));
    }
}

/* ===== Setup ============================================================ */

static void test_setup_deals_seven_starter_units_and_a_five_card_hand_each(void)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *st = deal(7, NULL, NULL);

    for (int s = 0; s < 2; s++) {
        int count[4] = {0};
        json_t *piles[2] = {zone(st, s, "hand"), zone(st, s, "deck")};

        CHECK_EQ_INT(json_array_size(piles[0]), 5);
        CHECK_EQ_INT(json_array_size(piles[1]), 2);
        for (int p = 0; p < 2; p++)
            for (size_t i = 0; i < json_array_size(piles[p]); i++) {
                const char *u = unit_of(ival(piles[p], i));

                count[0] += !strcmp(u, "rabble");
                count[1] += !strcmp(u, "harvesters");
                count[2] += !strcmp(u, "grunts");
                count[3] += !strcmp(u, "mbt");
            }
        CHECK_EQ_INT(count[0], 2);
        CHECK_EQ_INT(count[1], 2);
        CHECK_EQ_INT(count[2], 2);
        CHECK_EQ_INT(count[3], 1);
    }
    CHECK_EQ_INT(json_array_size(json_object_get(st, "unit_deck")),
                 cat->ninstances - 14);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "location_deck")),
                 cat->nlocations - 3);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "line")), 3);
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "conquest");
    CHECK_EQ_INT(num(st, "round"), 1);
    CHECK_EQ_INT(num(st, "turn"), num(st, "first"));
    json_decref(st);
}

static void test_setup_numbers_every_card_before_any_shuffle(void)
{
    json_t *a = deal(1, NULL, NULL), *b = deal(2, NULL, NULL);

    /* Seat 0 holds instances 0-6, seat 1 7-13, in catalog order. */
    CHECK_EQ_INT(inst("rabble", 0), 0);
    CHECK_EQ_INT(inst("mbt", 0), 6);
    CHECK_EQ_INT(inst("rabble", 2), 7);
    for (int s = 0; s < 2; s++)
        for (int c = 7 * s; c < 7 * s + 7; c++) {
            CHECK(in_zone(a, s, "hand", c) || in_zone(a, s, "deck", c));
            CHECK(in_zone(b, s, "hand", c) || in_zone(b, s, "deck", c));
        }
    /* Different streams, different order, same numbers. */
    CHECK(!json_equal(json_object_get(a, "unit_deck"), json_object_get(b, "unit_deck")));
    json_decref(a);
    json_decref(b);
}

static void test_setup_players_roll_off_and_the_highest_roll_goes_first(void)
{
    int rerolled = 0;

    for (int n = 0; n < 60; n++) {
        json_t *ev, *st = deal(n, NULL, &ev), *e, *last = NULL;
        size_t i;
        int rolls = 0;

        json_array_foreach(ev, i, e) {
            if (strcmp(json_string_value(json_object_get(e, "type")), "roll_off"))
                continue;
            if (last)   /* an earlier roll-off was a tie: reroll */
                CHECK_EQ_INT(ival(json_object_get(last, "dice"), 0),
                             ival(json_object_get(last, "dice"), 1));
            last = e;
            rolls++;
        }
        if (CHECK(last != NULL)) {
            int a = ival(json_object_get(last, "dice"), 0);
            int b = ival(json_object_get(last, "dice"), 1);

            CHECK(a != b);
            CHECK_EQ_INT(num(st, "first"), a > b ? 0 : 1);
        }
        rerolled |= rolls > 1;
        json_decref(ev);
        json_decref(st);
    }
    CHECK(rerolled);
}

static void test_setup_options_and_seats_are_checked(void)
{
    static const char *const bad[] = {
        "{\"rounds_to_win\": 0}", "{\"rounds_to_win\": 6}",
        "{\"rounds_to_win\": \"3\"}", "{\"colour\": 1}", "[]",
    };
    unsigned char key[RNG_KEY_BYTES] = {0};
    struct rules_error err;
    json_t *st = NULL, *ev = NULL;

    st = deal(3, "{}", NULL);
    CHECK_EQ_INT(num(st, "rounds_to_win"), 3);
    json_decref(st);
    st = deal(3, "{\"rounds_to_win\": 2}", NULL);
    CHECK_EQ_INT(num(st, "rounds_to_win"), 2);
    json_decref(st);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *opt = json_loads(bad[i], 0, NULL);

        st = NULL;
        rng_init(&stream, key, 0);
        CHECK_EQ_INT(eng->setup(opt, 2, &stream, &st, &ev, &err), -1);
        CHECK_EQ_STR(err.code, "bad_option");
        CHECK(st == NULL);
        json_decref(opt);
    }
    CHECK_EQ_INT(eng->setup(NULL, 3, &stream, &st, &ev, &err), -1);
    CHECK_EQ_STR(err.code, "bad_seats");
}

static void test_setup_is_fixed_by_the_random_stream(void)
{
    json_t *e1, *e2, *a = deal(5, NULL, &e1), *b = deal(5, NULL, &e2);

    CHECK(json_equal(a, b));
    CHECK(json_equal(e1, e2));
    json_decref(a);
    json_decref(b);
    json_decref(e1);
    json_decref(e2);
}

/* ===== Gameplay ========================================================= */

static void test_each_player_draws_five_cards_seen_only_by_them(void)
{
    json_t *ev, *st = deal(4, NULL, &ev), *e;
    size_t i;
    int drawn = 0;

    json_array_foreach(ev, i, e) {
        const char *t = json_string_value(json_object_get(e, "type"));
        int s = num(e, "seat");

        if (!strcmp(t, "draw")) {
            CHECK_EQ_INT(num(e, "count"), 5);
            CHECK(!json_object_get(e, "cards") && !json_object_get(e, "to"));
        } else if (!strcmp(t, "drawn")) {
            json_t *cards = json_object_get(e, "cards");

            drawn++;
            CHECK_EQ_INT(json_array_size(json_object_get(e, "to")), 1);
            CHECK_EQ_INT(ival(json_object_get(e, "to"), 0), s);
            for (size_t k = 0; k < json_array_size(cards); k++)
                CHECK(in_zone(st, s, "hand", num(json_array_get(cards, k), "card")));
        }
    }
    CHECK_EQ_INT(drawn, 2);
    json_decref(ev);
    json_decref(st);
}

static void test_three_locations_are_revealed_with_their_resources(void)
{
    json_t *ev, *st = deal(6, NULL, &ev);
    const struct if_catalog *cat = ironfuture_catalog_get();

    json_decref(last_events);
    last_events = ev;
    for (int p = 0; p < 3; p++) {
        json_t *e = event("location", p);
        const char *id = json_string_value(json_object_get(e, "location"));
        const struct if_location *l = &cat->location[ironfuture_catalog_location(cat, id)];
        const struct if_loc_rule *mid = ironfuture_location_rule(l, IF_LR_MIDDLE);

        CHECK_EQ_INT(num(e, "position"), p);
        CHECK_EQ_INT(num(e, "resources"), l->resources + (p == 1 && mid ? mid->value : 0));
        CHECK_EQ_INT(num(slot(st, p), "resources"), num(e, "resources"));
    }
    json_decref(st);
}

static void test_players_alternate_deploying_starting_with_the_first_player(void)
{
    json_t *st = scene();
    int g0 = give(st, 0, "hand", inst("grunts", 0));
    int r0 = give(st, 0, "hand", inst("rabble", 0));
    int g1 = give(st, 1, "hand", inst("grunts", 2));

    REFUSED(&st, 1, "not_your_turn", "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", g1);
    OK(&st, 0, "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", g0);
    CHECK(event("deploy", 0) != NULL);
    CHECK_EQ_INT(damage_of(st, g0), 0);
    CHECK_EQ_INT(num(seat_of(st, 0), "played"), 1);
    /* No enemy to shoot at: the turn passes at once. */
    CHECK_EQ_INT(num(st, "turn"), 1);
    REFUSED(&st, 0, "not_your_turn", "{\"type\":\"deploy\",\"card\":%d,\"location\":1}", r0);
    OK(&st, 1, "{\"type\":\"deploy\",\"card\":%d,\"location\":2}", g1);
    CHECK_EQ_INT(num(st, "turn"), 0);
    json_decref(st);
}

static void test_a_unit_is_deployed_from_hand_to_one_of_the_locations(void)
{
    json_t *st = scene();
    int g = give(st, 0, "hand", inst("grunts", 0));
    int in_deck = give(st, 0, "deck", inst("rabble", 0));

    give(st, 1, "hand", inst("grunts", 3));

    REFUSED(&st, 0, "card_not_in_hand", "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", in_deck);
    REFUSED(&st, 0, "card_not_in_hand", "{\"type\":\"deploy\",\"card\":999,\"location\":0}");
    REFUSED(&st, 0, "unknown_location", "{\"type\":\"deploy\",\"card\":%d,\"location\":3}", g);
    REFUSED(&st, 0, "unknown_location", "{\"type\":\"deploy\",\"card\":%d,\"location\":-1}", g);
    REFUSED(&st, 0, "bad_move", "{\"type\":\"deploy\",\"card\":%d}", g);
    REFUSED(&st, 0, "bad_move", "{\"type\":\"deploy\",\"card\":\"%d\",\"location\":0}", g);
    OK(&st, 0, "{\"type\":\"deploy\",\"card\":%d,\"location\":1}", g);
    CHECK_EQ_INT(damage_of(st, g), 0);
    CHECK(!in_zone(st, 0, "hand", g));
    json_decref(st);
}

/* Applies a move given as JSON; 0 or -1 like play(). */
static int play_json(json_t **st, int seat, json_t *m)
{
    json_t *ev = NULL;
    int rc;

    memset(&last_err, 0, sizeof last_err);
    rc = eng->apply(st, seat, m, &stream, &ev, &last_err);
    if (rc == 0) {
        json_decref(last_events);
        last_events = ev;
    }
    return rc;
}

static const char *type_of(json_t *o)
{
    return json_string_value(json_object_get(o, "type"));
}

static void test_the_round_ends_when_each_player_has_played_five_cards(void)
{
    json_t *st = scene();
    int deploys[2] = {0, 0}, guard = 0;

    for (int k = 0; k < 5; k++)
        for (int s = 0; s < 2; s++)
            give(st, s, "hand", ival(zone(st, s, "deck"), 0));
    while (!strcmp(json_string_value(json_object_get(st, "phase")), "conquest") &&
           guard++ < 100) {
        int seat = num(st, "turn");
        json_t *list = moves_of(st, seat), *m = NULL, *x;
        size_t i;

        /* Players must play a card each turn: no move but deploying ends it. */
        json_array_foreach(list, i, x)
            if (!m && (!strcmp(type_of(x), "hold_fire") || !strcmp(type_of(x), "deploy")))
                m = x;
        if (!CHECK(m != NULL))
            break;
        if (!strcmp(type_of(m), "deploy")) {
            deploys[seat]++;
            CHECK_EQ_INT(deploys[0] - deploys[1], seat == num(st, "first") ? 1 : 0);
        }
        CHECK_EQ_INT(play_json(&st, seat, m), 0);
        json_decref(list);
    }
    CHECK_EQ_INT(deploys[0], 5);
    CHECK_EQ_INT(deploys[1], 5);
    CHECK(event("combat_end", 0) && event("capture", 2) && event("round_end", 0));
    json_decref(st);
}

/* ===== Attacking ======================================================== */

#define DEPLOY(st, seat, card, pos) \
    OK((st), (seat), "{\"type\":\"deploy\",\"card\":%d,\"location\":%d}", (card), (pos))
#define ALLOC(st, seat, w, t) \
    OK((st), (seat), "{\"type\":\"allocate\",\"weapon\":%d,\"target\":%d}", (w), (t))
#define HAS_ALLOC(st, seat, w, t) \
    listed((st), (seat), "{\"type\":\"allocate\",\"weapon\":%d,\"target\":%d}", (w), (t))

static void test_short_medium_and_long_range_follow_the_line_of_locations(void)
{
    json_t *st = scene();
    int e0 = place(st, 1, 0, inst("rabble", 2), 0);
    int e1 = place(st, 1, 1, inst("rabble", 3), 0);
    int e2 = place(st, 1, 2, inst("grunts", 2), 0);
    int hover = give(st, 0, "hand", inst("hover_tank", 0));
    int grunts = give(st, 0, "hand", inst("grunts", 0));

    give(st, 1, "hand", inst("grunts", 3));
    /* The Railgun (S/M/L) from the left end reaches all three. */
    DEPLOY(&st, 0, hover, 0);
    CHECK(json_is_object(json_object_get(st, "attack")));
    CHECK(HAS_ALLOC(st, 0, 0, e0) && HAS_ALLOC(st, 0, 0, e1) && HAS_ALLOC(st, 0, 0, e2));
    CHECK(listed(st, 0, "{\"type\":\"hold_fire\",\"weapon\":0}"));
    json_decref(st);

    /* The Chain Gun is S/M: Long range is out of its reach. */
    st = scene();
    place(st, 1, 0, e0, 0);
    place(st, 1, 2, e2, 0);
    give(st, 0, "hand", grunts);
    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, grunts, 0);
    CHECK(HAS_ALLOC(st, 0, 0, e0) && !HAS_ALLOC(st, 0, 0, e2));
    REFUSED(&st, 0, "target_out_of_range", "{\"type\":\"allocate\",\"weapon\":0,\"target\":%d}", e2);
    json_decref(st);
}

static void test_the_middle_location_is_at_long_range_to_no_location(void)
{
    json_t *st = scene();
    int e0 = place(st, 1, 0, inst("rabble", 2), 0);
    int siege = give(st, 0, "hand", inst("siege_battery", 0));
    json_t *w;

    give(st, 1, "hand", inst("grunts", 3));
    /* Howitzer (L only) from the middle has nothing to shoot: it holds. */
    DEPLOY(&st, 0, siege, 1);
    w = json_object_get(json_object_get(st, "attack"), "alloc");
    CHECK_EQ_INT(ival(w, 0), IF_ALLOC_HOLD);
    CHECK_EQ_INT(ival(w, 1), IF_ALLOC_PENDING);
    CHECK(!HAS_ALLOC(st, 0, 0, e0) && HAS_ALLOC(st, 0, 1, e0));
    REFUSED(&st, 0, "weapon_already_allocated", "{\"type\":\"allocate\",\"weapon\":0,\"target\":%d}", e0);
    json_decref(st);
}

static void test_each_weapon_is_allocated_to_a_single_enemy_unit(void)
{
    json_t *st = scene();
    int e0 = place(st, 1, 1, inst("armored_carrier", 1), 0);
    int e1 = place(st, 1, 2, inst("armored_carrier", 0), 0);
    int mine = place(st, 0, 0, inst("rabble", 1), 0);
    int gunship = give(st, 0, "hand", inst("gunship", 0));

    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, gunship, 1);
    ALLOC(&st, 0, 0, e0);
    REFUSED(&st, 0, "weapon_already_allocated", "{\"type\":\"allocate\",\"weapon\":0,\"target\":%d}", e1);
    REFUSED(&st, 0, "unknown_weapon", "{\"type\":\"allocate\",\"weapon\":2,\"target\":%d}", e1);
    REFUSED(&st, 0, "unknown_target", "{\"type\":\"allocate\",\"weapon\":1,\"target\":%d}", mine);
    REFUSED(&st, 0, "unknown_target", "{\"type\":\"allocate\",\"weapon\":1,\"target\":%d}", gunship);
    REFUSED(&st, 0, "attack_pending", "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", gunship);
    REFUSED(&st, 1, "not_your_turn", "{\"type\":\"hold_fire\",\"weapon\":1}");
    /* A second weapon may go to a different unit. */
    ALLOC(&st, 0, 1, e1);
    CHECK(event("attack", 0) && event("attack", 1));
    CHECK_EQ_INT(num(event("attack", 0), "target"), e0);   /* S before M */
    CHECK_EQ_INT(num(event("attack", 1), "target"), e1);
    CHECK(json_is_null(json_object_get(st, "attack")));
    CHECK_EQ_INT(num(st, "turn"), 1);
    REFUSED(&st, 1, "no_attack_pending", "{\"type\":\"hold_fire\",\"weapon\":0}");
    json_decref(st);
}

static void test_attacks_resolve_short_then_medium_then_long(void)
{
    json_t *st = scene();
    int s = place(st, 1, 0, inst("armored_carrier", 0), 0);
    int m = place(st, 1, 1, inst("armored_carrier", 1), 0);
    int l = place(st, 1, 2, inst("heavy_walker", 0), 0);
    int dread = give(st, 0, "hand", inst("dreadnought", 0));

    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, dread, 0);
    ALLOC(&st, 0, 0, l);   /* Siege Cannon, Long */
    ALLOC(&st, 0, 1, m);   /* Flak Turrets, Medium */
    CHECK(event("attack", 0) == NULL);   /* nothing rolls until all are declared */
    ALLOC(&st, 0, 2, s);   /* Crusher Treads, Short */
    CHECK_EQ_STR(json_string_value(json_object_get(event("attack", 0), "range")), "S");
    CHECK_EQ_STR(json_string_value(json_object_get(event("attack", 1), "range")), "M");
    CHECK_EQ_STR(json_string_value(json_object_get(event("attack", 2), "range")), "L");
    CHECK_EQ_INT(json_array_size(json_object_get(event("attack", 0), "dice")), 2);
    CHECK_EQ_INT(json_array_size(json_object_get(event("attack", 2), "dice")), 3);
    json_decref(st);
}

/* Deploys attacker (seat 0) at apos, fires weapon 0 at target; the event. */
static json_t *one_shot(json_t **st, int attacker, int apos, int target,
                        const int *dice, int n)
{
    give(*st, 0, "hand", attacker);
    give(*st, 1, "hand", inst("grunts", 3));
    DEPLOY(st, 0, attacker, apos);
    rig(dice, n);
    ALLOC(st, 0, 0, target);
    hold_all(st);
    return event("attack", 0);
}

static void test_three_or_better_hits_and_an_unmodified_six_is_a_critical(void)
{
    static const int dice[] = {4, 3, 6};
    json_t *st = scene();
    int walker = place(st, 1, 0, inst("heavy_walker", 0), 0);
    json_t *e = one_shot(&st, inst("breachers", 0), 0, walker, dice, 3);

    /* The rulebook's example: 4, 3 and 6 place 4 damage counters. */
    CHECK_EQ_INT(num(e, "needed"), 3);
    CHECK_EQ_INT(num(e, "hits"), 3);
    CHECK_EQ_INT(num(e, "criticals"), 1);
    CHECK_EQ_INT(num(e, "damage"), 4);
    CHECK_EQ_INT(ival(json_object_get(e, "dice"), 2), 6);
    CHECK_EQ_INT(damage_of(st, walker), 4);
    json_decref(st);
}

static void test_a_roll_of_one_never_hits(void)
{
    static const int dice[] = {1, 1, 2};
    json_t *st = scene();
    int walker;
    json_t *e;

    set_location(st, 0, "salt_flats");   /* hits on 2+ here */
    walker = place(st, 1, 0, inst("heavy_walker", 0), 0);
    e = one_shot(&st, inst("breachers", 0), 0, walker, dice, 3);
    CHECK_EQ_INT(num(e, "needed"), 2);
    CHECK_EQ_INT(num(e, "hits"), 1);
    CHECK_EQ_INT(num(e, "damage"), 1);
    json_decref(st);
}

static void test_a_natural_six_always_hits_and_only_a_natural_six_is_critical(void)
{
    static const int hard[] = {5, 4, 6}, aimed[] = {2, 5, 6};
    json_t *st = scene();
    int buggy, walker;
    json_t *e;

    /* Fog Marsh (4+) and Evasive 1: only 5+ hits; the 6 still crits. */
    set_location(st, 0, "fog_marsh");
    buggy = place(st, 1, 0, inst("hover_tank", 0), 0);
    e = one_shot(&st, inst("breachers", 0), 0, buggy, hard, 3);
    CHECK_EQ_INT(num(e, "needed"), 5);
    CHECK_EQ_INT(num(e, "hits"), 2);
    CHECK_EQ_INT(num(e, "damage"), 3);
    json_decref(st);
    /* Accuracy 1: a 5 counts as 6 but is no critical; a 2 hits. */
    st = scene();
    walker = place(st, 1, 0, inst("heavy_walker", 0), 0);
    e = one_shot(&st, inst("lancer_tank", 0), 0, walker, aimed, 3);
    CHECK_EQ_INT(num(e, "needed"), 2);
    CHECK_EQ_INT(num(e, "criticals"), 1);
    CHECK_EQ_INT(num(e, "damage"), 4);
    json_decref(st);
}

static void test_a_unit_whose_damage_reaches_its_armor_is_destroyed_to_the_discard(void)
{
    static const int dice[] = {3, 1};
    json_t *st = scene();
    int rabble = place(st, 1, 0, inst("rabble", 2), 0);

    one_shot(&st, inst("grunts", 0), 0, rabble, dice, 2);
    CHECK(event("destroyed", 0) != NULL);
    CHECK_EQ_INT(num(event("destroyed", 0), "card"), rabble);
    CHECK_EQ_INT(damage_of(st, rabble), -1);
    CHECK(in_zone(st, 1, "discard", rabble));
    json_decref(st);
}

static void test_dice_allocated_to_a_unit_already_destroyed_are_lost(void)
{
    static const int dice[] = {6, 6};
    json_t *st = scene();
    int rabble = place(st, 1, 0, inst("rabble", 2), 0);
    int dread = give(st, 0, "hand", inst("dreadnought", 0));

    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, dread, 0);   /* Siege Cannon (M/L) has no target: holds */
    ALLOC(&st, 0, 1, rabble);
    rig(dice, 2);
    ALLOC(&st, 0, 2, rabble);
    CHECK(event("destroyed", 0) != NULL);
    CHECK(json_is_true(json_object_get(event("attack", 1), "lost")));
    CHECK_EQ_INT(json_array_size(json_object_get(event("attack", 1), "dice")), 0);
    CHECK_EQ_INT(num(event("attack", 1), "weapon"), 2);
    json_decref(st);
}

static void test_attacking_is_optional_for_each_weapon(void)
{
    json_t *st = scene();
    int walker = place(st, 1, 0, inst("heavy_walker", 0), 0);
    int gunship = give(st, 0, "hand", inst("gunship", 0));

    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, gunship, 1);
    OK(&st, 0, "{\"type\":\"hold_fire\",\"weapon\":1}");
    REFUSED(&st, 0, "weapon_already_allocated", "{\"type\":\"hold_fire\",\"weapon\":1}");
    REFUSED(&st, 0, "unknown_weapon", "{\"type\":\"hold_fire\",\"weapon\":7}");
    OK(&st, 0, "{\"type\":\"hold_fire\",\"weapon\":0}");
    CHECK(event("attack", 0) == NULL);
    CHECK_EQ_INT(damage_of(st, walker), 0);
    CHECK_EQ_INT(num(st, "turn"), 1);
    json_decref(st);
}

static void test_hit_modifiers_accuracy_evasion_vantage_and_cover(void)
{
    static const int d[] = {6};
    static const struct {
        const char *loc, *attacker, *target;
        int apos, tpos, needed;
    } cases[] = {
        {"scrapyard", "lancer_tank", "heavy_walker", 0, 0, 2},   /* Accuracy 1 */
        {"scrapyard", "grunts", "scout_buggy", 0, 0, 4},         /* Evasive 1 */
        {"fog_marsh", "grunts", "heavy_walker", 0, 0, 4},        /* 4+ here */
        {"ruined_arcology", "grunts", "heavy_walker", 0, 0, 4},  /* Short 4+ */
        {"ruined_arcology", "grunts", "heavy_walker", 1, 0, 3},  /* Medium 3+ */
        {"signal_ridge", "grunts", "heavy_walker", 0, 1, 2},     /* vantage, M */
        {"signal_ridge", "grunts", "heavy_walker", 0, 0, 3},     /* not at S */
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *st = scene(), *e;
        int t;

        set_location(st, 0, cases[i].loc);
        t = place(st, 1, cases[i].tpos, inst(cases[i].target, 0), 0);
        e = one_shot(&st, inst(cases[i].attacker, 0), cases[i].apos, t, d, 1);
        if (!CHECK_EQ_INT(num(e, "needed"), cases[i].needed))
            fprintf(stderr, "  case %zu\n", i);
        json_decref(st);
    }
}

static void test_hardened_units_take_one_damage_from_a_critical(void)
{
    static const int dice[] = {6, 6};
    json_t *st = scene();
    int dread = place(st, 1, 1, inst("dreadnought", 0), 0);
    json_t *e = one_shot(&st, inst("grunts", 0), 0, dread, dice, 2);

    CHECK_EQ_INT(num(e, "criticals"), 2);
    CHECK_EQ_INT(num(e, "damage"), 2);
    json_decref(st);
}

static void test_bulwark_draws_short_range_fire_and_stealth_hides_from_range(void)
{
    json_t *st = scene();
    int wall = place(st, 1, 0, inst("shield_wall", 0), 0);
    int rabble = place(st, 1, 0, inst("rabble", 2), 0);
    int behind = place(st, 1, 1, inst("rabble", 3), 0);
    int sniper = place(st, 1, 1, inst("sniper_nest", 0), 0);
    int grunts = give(st, 0, "hand", inst("grunts", 0));

    give(st, 1, "hand", inst("grunts", 3));
    set_location(st, 0, "salt_flats");   /* no retaliation from the wall */
    DEPLOY(&st, 0, grunts, 0);
    REFUSED(&st, 0, "must_target_bulwark", "{\"type\":\"allocate\",\"weapon\":0,\"target\":%d}", rabble);
    REFUSED(&st, 0, "target_hidden", "{\"type\":\"allocate\",\"weapon\":0,\"target\":%d}", sniper);
    CHECK(HAS_ALLOC(st, 0, 0, wall) && HAS_ALLOC(st, 0, 0, behind));
    CHECK(!HAS_ALLOC(st, 0, 0, rabble) && !HAS_ALLOC(st, 0, 0, sniper));
    json_decref(st);
}

/* ===== Retaliation ====================================================== */

static void test_retaliation_deals_the_highest_x_before_the_unit_attacks(void)
{
    json_t *st = scene();
    int g = give(st, 0, "hand", inst("grunts", 0));
    int mbt = give(st, 0, "hand", inst("mbt", 0));

    place(st, 1, 0, inst("trench_guard", 0), 0);
    place(st, 1, 0, inst("dreadnought", 0), 0);
    give(st, 1, "hand", inst("grunts", 3));
    /* Grunts (armor 2) take Retaliate 2 and die before allocating. */
    DEPLOY(&st, 0, g, 0);
    CHECK_EQ_INT(num(event("retaliation", 0), "damage"), 2);
    CHECK(event("destroyed", 0) != NULL);
    CHECK(in_zone(st, 0, "discard", g));
    CHECK(json_is_null(json_object_get(st, "attack")));
    CHECK(event("attack", 0) == NULL);
    CHECK_EQ_INT(num(st, "turn"), 1);
    json_decref(st);

    /* The MBT (armor 4) survives with 2 damage and then attacks. */
    st = scene();
    give(st, 0, "hand", mbt);
    place(st, 1, 0, inst("trench_guard", 0), 0);
    place(st, 1, 0, inst("dreadnought", 0), 0);
    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, mbt, 0);
    CHECK_EQ_INT(damage_of(st, mbt), 2);
    CHECK(json_is_object(json_object_get(st, "attack")));
    json_decref(st);
}

static void test_no_retaliation_where_the_defender_has_no_unit(void)
{
    json_t *st = scene();
    int g = give(st, 0, "hand", inst("grunts", 0));

    place(st, 1, 1, inst("trench_guard", 0), 0);
    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, g, 0);
    CHECK(event("retaliation", 0) == NULL);
    CHECK_EQ_INT(damage_of(st, g), 0);
    json_decref(st);
}

static void test_infiltrate_smoke_and_salt_flats_stop_retaliation_trenches_add_one(void)
{
    static const struct {
        const char *loc, *unit;
        int smoke, damage;
        const char *ignored;
    } cases[] = {
        {"scrapyard", "breachers", 0, 0, "infiltrate"},
        {"salt_flats", "mbt", 0, 0, "location"},
        {"scrapyard", "mbt", 1, 0, "smoke"},
        {"trench_line", "mbt", 0, 2, NULL},
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *st = scene(), *e;
        int u = give(st, 0, "hand", inst(cases[i].unit, 0));

        set_location(st, 0, cases[i].loc);
        place(st, 1, 0, inst("trench_guard", 0), 0);
        give(st, 1, "hand", inst("grunts", 3));
        if (cases[i].smoke) {
            int sm = give(st, 0, "supports", inst("smoke_generator", 0));

            OK(&st, 0, "{\"type\":\"activate\",\"card\":%d}", sm);
        }
        DEPLOY(&st, 0, u, 0);
        e = event("retaliation", 0);
        if (CHECK(e != NULL)) {
            CHECK_EQ_INT(num(e, "damage"), cases[i].damage);
            CHECK_EQ_STR(json_string_value(json_object_get(e, "ignored")), cases[i].ignored);
        }
        CHECK_EQ_INT(damage_of(st, u), cases[i].damage);
        json_decref(st);
    }
}

static void test_a_minefield_damages_every_unit_deployed_there(void)
{
    json_t *st = scene();
    int r = give(st, 0, "hand", inst("rabble", 0));

    set_location(st, 1, "minefield");
    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, r, 1);
    CHECK_EQ_INT(num(event("hazard", 0), "damage"), 1);
    CHECK(in_zone(st, 0, "discard", r));
    json_decref(st);
}

static void test_abilities_resolve_after_attacks_if_the_unit_survives(void)
{
    json_t *st = scene();
    int h = give(st, 0, "hand", inst("harvesters", 0));
    int cj = give(st, 0, "hand", inst("claim_jumpers", 0));
    int eng2 = give(st, 0, "hand", inst("field_engineers", 0));
    int ft = give(st, 0, "hand", inst("flame_troopers", 0));
    int mbt = place(st, 0, 2, inst("mbt", 0), 3);
    int e1 = place(st, 1, 1, inst("rabble", 2), 0);
    int e2 = place(st, 1, 1, inst("grunts", 2), 0);
    int base = num(slot(st, 0), "resources");

    give(st, 1, "hand", inst("rabble", 3));
    give(st, 1, "hand", inst("trench_guard", 1));
    give(st, 1, "hand", inst("trench_guard", 2));
    give(st, 1, "hand", inst("mortar_crew", 0));   /* so the round goes on */
    set_seat_int(st, 0, "resources", 0);
    /* Harvest 1: a resource token onto its location. */
    DEPLOY(&st, 0, h, 0);
    hold_all(&st);
    CHECK_EQ_INT(num(slot(st, 0), "resources"), base + 1);
    CHECK_EQ_INT(num(event("harvest", 0), "added"), 1);
    OK(&st, 1, "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", inst("rabble", 3));
    hold_all(&st);
    /* Scavenge 1: a resource for the pool. */
    DEPLOY(&st, 0, cj, 2);
    CHECK_EQ_INT(num(seat_of(st, 0), "resources"), 1);
    OK(&st, 1, "{\"type\":\"deploy\",\"card\":%d,\"location\":2}", inst("trench_guard", 1));
    hold_all(&st);
    /* Repair 2 on the damaged MBT beside it (the guard's retaliation first). */
    DEPLOY(&st, 0, eng2, 2);
    hold_all(&st);
    CHECK_EQ_INT(damage_of(st, mbt), 1);
    CHECK(event("repair", 0) != NULL);
    OK(&st, 1, "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", inst("trench_guard", 2));
    hold_all(&st);
    /* Shockwave 1 after holding fire: every enemy unit there takes 1. */
    DEPLOY(&st, 0, ft, 1);
    hold_all(&st);
    CHECK(event("shockwave", 0) != NULL);
    CHECK(in_zone(st, 1, "discard", e1));
    CHECK_EQ_INT(damage_of(st, e2), 1);
    json_decref(st);
}

static void test_a_unit_destroyed_on_deployment_uses_no_ability(void)
{
    json_t *st = scene();
    int h = give(st, 0, "hand", inst("harvesters", 0));
    int base;

    set_location(st, 0, "trench_line");
    base = num(slot(st, 0), "resources");
    place(st, 1, 0, inst("trench_guard", 0), 0);
    give(st, 1, "hand", inst("grunts", 3));
    DEPLOY(&st, 0, h, 0);
    CHECK(in_zone(st, 0, "discard", h));
    CHECK(event("harvest", 0) == NULL);
    CHECK_EQ_INT(num(slot(st, 0), "resources"), base);
    json_decref(st);
}

/* ===== Support units ==================================================== */

#define ACTIVATE(st, seat, card) OK((st), (seat), "{\"type\":\"activate\",\"card\":%d}", (card))

static void test_support_cards_activate_before_the_turns_card_once_per_conquest(void)
{
    json_t *st = scene();
    int depot = give(st, 0, "supports", inst("supply_depot", 0));
    int uplink = give(st, 0, "supports", inst("recon_uplink", 0));
    int theirs = give(st, 1, "supports", inst("supply_depot", 1));
    int g = give(st, 0, "hand", inst("grunts", 0));

    give(st, 0, "hand", inst("rabble", 0));
    give(st, 1, "hand", inst("grunts", 3));
    place(st, 1, 0, inst("heavy_walker", 0), 0);
    set_location(st, 0, "salt_flats");
    set_seat_int(st, 0, "resources", 2);
    REFUSED(&st, 1, "not_your_turn", "{\"type\":\"activate\",\"card\":%d}", theirs);
    REFUSED(&st, 0, "unknown_support", "{\"type\":\"activate\",\"card\":%d}", theirs);
    REFUSED(&st, 0, "unknown_support", "{\"type\":\"activate\",\"card\":%d}", g);
    ACTIVATE(&st, 0, depot);
    CHECK_EQ_INT(num(seat_of(st, 0), "resources"), 3);
    CHECK_EQ_INT(num(st, "turn"), 0);   /* activating is not the turn's card */
    CHECK(in_zone(st, 0, "used", depot));
    REFUSED(&st, 0, "support_already_used", "{\"type\":\"activate\",\"card\":%d}", depot);
    DEPLOY(&st, 0, g, 0);
    REFUSED(&st, 0, "support_after_deploy", "{\"type\":\"activate\",\"card\":%d}", uplink);
    json_decref(st);
}

static void test_support_abilities_do_what_their_cards_say(void)
{
    static const int dice[] = {3, 6};
    json_t *st = scene(), *v;
    int uplink = give(st, 0, "supports", inst("recon_uplink", 0));
    int shop = give(st, 0, "supports", inst("field_workshop", 0));
    int art = give(st, 0, "supports", inst("artillery_battery", 0));
    int aim = give(st, 0, "supports", inst("targeting_array", 0));
    int beacon = give(st, 0, "supports", inst("forward_beacon", 0));
    int hurt = place(st, 0, 2, inst("mbt", 0), 3);
    int fresh = place(st, 0, 2, inst("rabble", 0), 0);
    int walker = place(st, 1, 1, inst("heavy_walker", 0), 0);
    int g = give(st, 0, "hand", inst("grunts", 0));

    give(st, 1, "hand", inst("grunts", 3));
    /* Recon Uplink: draw a card, named only to its owner. */
    ACTIVATE(&st, 0, uplink);
    CHECK_EQ_INT(json_array_size(zone(st, 0, "hand")), 2);
    CHECK(event("drawn", 0) && json_object_get(event("drawn", 0), "to"));
    /* Field Workshop: up to 2 damage off one of your damaged units. */
    REFUSED(&st, 0, "bad_target", "{\"type\":\"activate\",\"card\":%d}", shop);
    REFUSED(&st, 0, "bad_target", "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", shop, walker);
    REFUSED(&st, 0, "nothing_to_repair", "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", shop, fresh);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", shop, hurt);
    CHECK_EQ_INT(damage_of(st, hurt), 1);
    /* Artillery Battery: 2 dice at any enemy unit, as Long range. */
    REFUSED(&st, 0, "bad_target", "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", art, hurt);
    REFUSED(&st, 0, "bad_target", "{\"type\":\"activate\",\"card\":%d,\"location\":1}", art);
    rig(dice, 2);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", art, walker);
    CHECK_EQ_INT(num(event("support", 0), "damage"), 3);
    CHECK_EQ_STR(json_string_value(json_object_get(event("support", 0), "range")), "L");
    CHECK_EQ_INT(damage_of(st, walker), 3);
    /* Forward Beacon: +1 capture for you at one location this round. */
    REFUSED(&st, 0, "bad_target", "{\"type\":\"activate\",\"card\":%d}", beacon);
    REFUSED(&st, 0, "unknown_location", "{\"type\":\"activate\",\"card\":%d,\"location\":3}", beacon);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d,\"location\":1}", beacon);
    v = eng->view(st, 0);
    CHECK_EQ_INT(ival(json_object_get(json_array_get(json_object_get(v, "locations"), 1), "capture"), 0), 1);
    json_decref(v);
    /* Targeting Array: this turn's unit has +1 to hit. */
    REFUSED(&st, 0, "bad_target", "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", aim, walker);
    ACTIVATE(&st, 0, aim);
    DEPLOY(&st, 0, g, 0);
    ALLOC(&st, 0, 0, walker);
    CHECK_EQ_INT(num(event("attack", 0), "needed"), 2);
    CHECK_EQ_INT(num(st, "aim"), 0);   /* for that turn only */
    json_decref(st);
}

/* ===== Capturing locations ============================================== */

static void test_the_highest_capture_value_takes_the_resources_a_tie_takes_none(void)
{
    json_t *st = scene(), *c;
    int r0, r1;

    place(st, 0, 0, inst("harvesters", 0), 1);   /* capture 2, damaged */
    place(st, 1, 0, inst("rabble", 2), 0);       /* capture 1 */
    place(st, 0, 1, inst("rabble", 0), 0);
    place(st, 1, 1, inst("rabble", 3), 0);       /* 1 - 1: tied */
    place(st, 1, 2, inst("grunts", 2), 0);
    set_seat_int(st, 0, "resources", 0);
    set_seat_int(st, 1, "resources", 0);
    r0 = num(slot(st, 0), "resources");
    r1 = num(slot(st, 2), "resources");
    last_card(st, inst("sniper_nest", 0));
    DEPLOY(&st, 0, inst("sniper_nest", 0), 1);   /* capture 0 */
    hold_all(&st);
    c = event("capture", 0);
    CHECK_EQ_INT(num(c, "winner"), 0);
    CHECK_EQ_INT(ival(json_object_get(c, "capture"), 0), 2);   /* damage: no loss */
    CHECK_EQ_INT(num(c, "resources"), r0);
    CHECK_EQ_INT(num(event("capture", 1), "winner"), -1);
    CHECK_EQ_INT(num(event("capture", 1), "resources"), 0);
    CHECK_EQ_INT(num(event("capture", 2), "winner"), 1);
    /* One location each and a tie: nobody wins the round. */
    CHECK_EQ_INT(num(event("round_end", 0), "winner"), -1);
    CHECK(event("trophy", 0) == NULL && event("trophy_choice", 0) == NULL);
    CHECK_EQ_INT(json_array_size(zone(st, 0, "trophies")), 0);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "location_discard")), 3);
    CHECK_EQ_INT(num(seat_of(st, 1), "resources"), r1);
    json_decref(st);
}

static void test_the_round_winner_takes_a_location_card_and_survivors_are_discarded(void)
{
    json_t *st = scene();
    int a = place(st, 0, 1, inst("harvesters", 0), 1);
    int b = place(st, 0, 2, inst("mbt", 0), 3);
    int loser = place(st, 1, 0, inst("rabble", 2), 0);

    last_card(st, inst("rabble", 0));
    DEPLOY(&st, 0, inst("rabble", 0), 1);
    CHECK_EQ_INT(num(event("round_end", 0), "winner"), 0);
    /* Two locations won: the winner chooses which is the trophy. */
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "trophy");
    CHECK(in_zone(st, 0, "discard", a) && in_zone(st, 0, "discard", b));
    OK(&st, 0, "{\"type\":\"trophy\",\"location\":2}");
    CHECK_EQ_STR(json_string_value(json_object_get(event("trophy", 0), "location")), "ash_wastes");
    CHECK_EQ_INT(json_array_size(zone(st, 0, "trophies")), 1);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "location_discard")), 2);
    CHECK(in_zone(st, 0, "discard", a) && in_zone(st, 0, "discard", b));
    CHECK(in_zone(st, 1, "discard", loser));
    CHECK_EQ_INT(json_array_size(json_object_get(st, "line")), 0);
    json_decref(st);
}

static void test_cards_left_in_hand_are_discarded_when_the_round_ends(void)
{
    json_t *st = scene();
    int extra = give(st, 0, "hand", inst("mbt", 0));

    set_seat_int(st, 1, "resources", 20);   /* the market stays open */
    last_card(st, inst("rabble", 0));
    DEPLOY(&st, 0, inst("rabble", 0), 1);
    CHECK(event("discard_hand", 0) != NULL);
    CHECK(in_zone(st, 0, "discard", extra));
    CHECK_EQ_INT(json_array_size(zone(st, 0, "hand")), 0);
    CHECK_EQ_INT(num(json_array_get(json_object_get(event("discard_hand", 0), "cards"), 0), "card"), extra);
    json_decref(st);
}

static void test_location_resources_change_when_their_conditions_are_met(void)
{
    static const int kill[] = {6};
    json_t *st = scene();
    int rel_base, mine_base;

    /* Deep Mine +2 when contested; Relay Station +2 after its winner won
     * the location before it; Command Bunker: ties go to the token. */
    set_location(st, 0, "deep_mine");
    set_location(st, 1, "relay_station");
    set_location(st, 2, "command_bunker");
    mine_base = num(slot(st, 0), "resources");
    rel_base = num(slot(st, 1), "resources");
    place(st, 0, 0, inst("harvesters", 0), 0);
    place(st, 1, 0, inst("rabble", 2), 0);
    place(st, 0, 1, inst("rabble", 0), 0);
    place(st, 0, 2, inst("rabble", 1), 0);
    place(st, 1, 2, inst("rabble", 3), 0);
    last_card(st, inst("sniper_nest", 0));
    DEPLOY(&st, 0, inst("sniper_nest", 0), 1);
    hold_all(&st);
    CHECK_EQ_INT(num(event("capture", 0), "resources"), mine_base + 2);
    CHECK_EQ_INT(num(event("capture", 1), "resources"), rel_base + 2);
    CHECK_EQ_INT(num(event("capture", 2), "winner"), 0);   /* seat 0 holds the token */
    json_decref(st);

    /* Salvage Yard gains a token per unit destroyed there; Fuel Depot loses one. */
    st = scene();
    set_location(st, 0, "salvage_yard");
    set_location(st, 1, "fuel_depot");
    {
        int a = place(st, 1, 0, inst("rabble", 2), 0);
        int b = place(st, 1, 1, inst("rabble", 3), 0);
        int base0 = num(slot(st, 0), "resources"), base1 = num(slot(st, 1), "resources");

        one_shot(&st, inst("grunts", 0), 0, a, kill, 1);
        CHECK_EQ_INT(num(slot(st, 0), "resources"), base0 + 1);
        give(st, 1, "deck", inst("grunts", 3));
        set_int(st, "turn", 0);
        one_shot(&st, inst("hover_tank", 0), 2, b, kill, 1);
        CHECK_EQ_INT(num(slot(st, 1), "resources"), base1 - 1);
    }
    json_decref(st);
}

static void test_the_crossroads_is_worth_more_in_the_middle(void)
{
    json_t *st = scene(), *deck;
    const struct if_catalog *cat = ironfuture_catalog_get();
    int base = cat->location[ironfuture_catalog_location(cat, "crossroads")].resources;

    /* Next round reveals the deck's top card at 0, the next at 1. */
    deck = json_object_get(st, "location_deck");
    for (size_t i = 0; i < json_array_size(deck); i++)
        if (!strcmp(json_string_value(json_array_get(deck, i)), "crossroads")) {
            json_array_remove(deck, i);
            break;
        }
    json_array_insert_new(deck, json_array_size(deck) - 1, json_string("crossroads"));
    set_seat_int(st, 0, "resources", 0);
    set_seat_int(st, 1, "resources", 0);
    set_location(st, 0, "salt_flats");
    set_location(st, 1, "salvage_yard");
    set_location(st, 2, "relay_station");
    last_card(st, inst("rabble", 0));
    DEPLOY(&st, 0, inst("rabble", 0), 0);
    /* Whatever the market, pass on to the next conquest phase. */
    hold_all(&st);
    while (!strcmp(json_string_value(json_object_get(st, "phase")), "acquisition"))
        OK(&st, num(st, "turn"), "{\"type\":\"pass\"}");
    CHECK_EQ_STR(json_string_value(json_object_get(slot(st, 1), "location")), "crossroads");
    CHECK_EQ_INT(num(slot(st, 1), "resources"), base + 2);
    json_decref(st);
}

static void test_the_warehouse_winner_takes_a_support_card_unless_a_duplicate(void)
{
    for (int dup = 0; dup < 2; dup++) {
        json_t *st = scene(), *w;
        int top[] = {inst("recon_uplink", 0), inst("mortar_crew", 0)};

        set_location(st, 0, "warehouse");
        stack_unit_deck(st, top, 2);
        set_seat_int(st, 1, "resources", 20);   /* keeps the market open */
        if (dup)
            give(st, 0, "supports", inst("recon_uplink", 1));
        place(st, 0, 0, inst("harvesters", 0), 0);
        last_card(st, inst("rabble", 0));
        DEPLOY(&st, 0, inst("rabble", 0), 0);
        w = event("warehouse", 0);
        if (!CHECK(w != NULL)) {
            json_decref(st);
            continue;
        }
        CHECK_EQ_STR(json_string_value(json_array_get(json_object_get(w, "revealed"), 0)), "mortar_crew");
        CHECK_EQ_STR(json_string_value(json_object_get(w, "support")), "recon_uplink");
        CHECK_EQ_INT(json_is_true(json_object_get(w, "taken")), !dup);
        CHECK_EQ_INT(in_zone(st, 0, "supports", top[0]), !dup);
        /* The other revealed cards went to the bottom of the unit deck. */
        {
            json_t *ud = json_object_get(st, "unit_deck");
            int bottom = 0;

            for (size_t i = 0; i < (size_t)(1 + dup) && i < json_array_size(ud); i++)
                bottom += ival(ud, i) == top[1] || ival(ud, i) == top[0];
            CHECK_EQ_INT(bottom, 1 + dup);
        }
        json_decref(st);
    }
}

static void test_rally_and_beacon_add_capture(void)
{
    json_t *st = scene(), *v;

    place(st, 0, 0, inst("command_rover", 0), 0);   /* capture 1, Rally 1 */
    place(st, 0, 0, inst("rabble", 0), 0);          /* 1 + 1 */
    place(st, 0, 0, inst("sniper_nest", 0), 0);     /* 0 + 1 */
    give(st, 0, "hand", inst("grunts", 0));
    v = eng->view(st, 1);
    CHECK_EQ_INT(ival(json_object_get(json_array_get(json_object_get(v, "locations"), 0), "capture"), 0), 4);
    json_decref(v);
    json_decref(st);
}

/* ===== Acquisition phase ================================================ */

/*
 * Ends the round with seat 0 winning one location and the market stacked
 * with these five cards (the last one on top); both seats hold resources.
 */
static json_t *market_scene(const int *market, int res0, int res1)
{
    json_t *st = scene();

    stack_unit_deck(st, market, 5);
    set_seat_int(st, 0, "resources", res0 - 2);  /* + the Scrapyard's 2 */
    set_seat_int(st, 1, "resources", res1);
    last_card(st, inst("rabble", 0));
    DEPLOY(&st, 0, inst("rabble", 0), 0);
    return st;
}

#define BUY(st, seat, card) OK((st), (seat), "{\"type\":\"buy\",\"card\":%d}", (card))

static void test_five_units_are_offered_and_the_first_player_buys_first(void)
{
    int m[] = {inst("dreadnought", 0), inst("supply_depot", 0), inst("mortar_crew", 0),
               inst("trench_guard", 0), inst("scout_buggy", 0)};
    json_t *st = market_scene(m, 8, 10), *e;

    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "acquisition");
    e = event("market", 0);
    CHECK_EQ_INT(json_array_size(json_object_get(e, "cards")), 5);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "market")), 5);
    CHECK_EQ_INT(num(st, "turn"), 0);
    REFUSED(&st, 1, "not_your_turn", "{\"type\":\"buy\",\"card\":%d}", m[0]);
    REFUSED(&st, 0, "not_in_market", "{\"type\":\"buy\",\"card\":%d}", inst("lancer_tank", 0));
    REFUSED(&st, 0, "wrong_phase", "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", m[0]);
    /* A front-line unit goes face up to the discard pile... */
    BUY(&st, 0, m[2]);
    CHECK(in_zone(st, 0, "discard", m[2]));
    CHECK_EQ_INT(num(seat_of(st, 0), "resources"), 5);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "market")), 4);  /* not replaced */
    CHECK_EQ_INT(num(st, "turn"), 1);
    /* ...a support card face up in front of its buyer. */
    BUY(&st, 1, m[1]);
    CHECK(in_zone(st, 1, "supports", m[1]));
    REFUSED(&st, 0, "cannot_afford", "{\"type\":\"buy\",\"card\":%d}", m[0]);
    json_decref(st);
}

static void test_a_pass_is_final_and_the_other_player_buys_on(void)
{
    int m[] = {inst("dreadnought", 0), inst("supply_depot", 0), inst("mortar_crew", 0),
               inst("trench_guard", 0), inst("scout_buggy", 0)};
    json_t *st = market_scene(m, 10, 10);

    OK(&st, 0, "{\"type\":\"pass\"}");
    CHECK_EQ_INT(num(st, "turn"), 1);
    BUY(&st, 1, m[3]);
    CHECK_EQ_INT(num(st, "turn"), 1);   /* seat 0 passed: seat 1 goes on */
    REFUSED(&st, 0, "already_passed", "{\"type\":\"buy\",\"card\":%d}", m[4]);
    REFUSED(&st, 0, "already_passed", "{\"type\":\"pass\"}");
    BUY(&st, 1, m[4]);
    REFUSED(&st, 1, "bad_move", "{\"type\":\"pass\",\"card\":1}");
    OK(&st, 1, "{\"type\":\"pass\"}");
    /* Both passed: the rest go to the bottom, the token passes, round 2. */
    CHECK(event("market_returned", 0) && num(event("market_returned", 0), "count") == 3);
    CHECK_EQ_INT(num(st, "first"), 1);
    CHECK_EQ_INT(num(st, "turn"), 1);
    CHECK_EQ_INT(num(st, "round"), 2);
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "conquest");
    for (int k = 0; k < 3; k++) {
        json_t *ud = json_object_get(st, "unit_deck");
        int c = ival(ud, (size_t)k);

        CHECK(c == m[0] || c == m[1] || c == m[2]);
    }
    CHECK_EQ_INT(json_array_size(zone(st, 0, "hand")), 5);
    CHECK_EQ_INT(json_array_size(zone(st, 1, "hand")), 5);
    CHECK_EQ_INT(num(seat_of(st, 0), "resources"), 10);   /* the pool carries over */
    json_decref(st);
}

static void test_no_one_may_have_two_of_the_same_support_card(void)
{
    int m[] = {inst("dreadnought", 0), inst("supply_depot", 0), inst("mortar_crew", 0),
               inst("trench_guard", 0), inst("supply_depot", 1)};
    json_t *st = market_scene(m, 10, 0);

    BUY(&st, 0, m[4]);   /* seat 1 cannot buy: passes at once */
    CHECK(event("pass", 0) && json_is_true(json_object_get(event("pass", 0), "automatic")));
    REFUSED(&st, 0, "duplicate_support", "{\"type\":\"buy\",\"card\":%d}", m[1]);
    CHECK(!listed(st, 0, "{\"type\":\"buy\",\"card\":%d}", m[1]));
    json_decref(st);
}

/* Five cards nobody can afford with the few resources of a scene. */
static void stack_pricey_market(json_t *st)
{
    int m[] = {inst("dreadnought", 0), inst("heavy_walker", 0), inst("gunship", 0),
               inst("siege_battery", 0), inst("artillery_battery", 0)};

    stack_unit_deck(st, m, 5);
    set_seat_int(st, 0, "resources", 0);
    set_seat_int(st, 1, "resources", 0);
}

static void test_supports_are_ready_again_in_the_next_conquest_phase(void)
{
    json_t *st = scene();
    int depot = give(st, 0, "supports", inst("supply_depot", 1));

    stack_pricey_market(st);
    last_card(st, inst("rabble", 0));
    ACTIVATE(&st, 0, depot);
    CHECK(in_zone(st, 0, "used", depot));
    DEPLOY(&st, 0, inst("rabble", 0), 0);
    /* Nobody could buy: straight on to round 2, the depot upright again. */
    CHECK_EQ_INT(num(st, "round"), 2);
    CHECK(!in_zone(st, 0, "used", depot));
    json_decref(st);
}

static void test_a_short_unit_deck_lays_out_what_remains(void)
{
    json_t *st = scene(), *ud = json_object_get(st, "unit_deck");
    int seats_with[IF_MAX_UNITS][2];

    memset(seats_with, 0, sizeof seats_with);
    /* Leave two cards in the unit deck: the rest become owned cards. */
    while (json_array_size(ud) > 2) {
        int c = ival(ud, 0);
        const struct if_catalog *cat = ironfuture_catalog_get();
        int k = cat->instance[c];

        if (cat->unit[k].support) {
            int s = seats_with[k][0] ? 1 : 0;

            seats_with[k][s] = 1;
            give(st, s, "supports", c);
        } else {
            give(st, 1, "discard", c);
        }
    }
    set_seat_int(st, 1, "resources", 20);
    last_card(st, inst("rabble", 0));
    DEPLOY(&st, 0, inst("rabble", 0), 0);
    CHECK(event("market", 0) != NULL);
    CHECK(json_array_size(json_object_get(event("market", 0), "cards")) <= 2);
    json_decref(st);
}

/* ===== Ending the game ================================================== */

static void test_the_first_player_to_win_three_rounds_wins_the_game(void)
{
    json_t *st = scene(), *ld = json_object_get(st, "location_deck"), *list;
    struct rules_status s;

    json_array_append_new(zone(st, 0, "trophies"), json_incref(json_array_get(ld, 0)));
    json_array_append_new(zone(st, 0, "trophies"), json_incref(json_array_get(ld, 1)));
    json_array_remove(ld, 0);
    json_array_remove(ld, 0);
    last_card(st, inst("rabble", 0));
    CHECK_EQ_INT(eng->status(st, &s), 0);
    CHECK_EQ_INT(s.finished, 0);
    CHECK_EQ_INT(s.must_act, 1);
    DEPLOY(&st, 0, inst("rabble", 0), 0);
    CHECK(event("game_over", 0) != NULL);
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "over");
    CHECK_EQ_INT(num(st, "winner"), 0);
    CHECK_EQ_INT(eng->status(st, &s), 0);
    CHECK_EQ_INT(s.finished, 1);
    CHECK_EQ_INT(s.winners, 1);
    CHECK_EQ_INT(s.must_act, 0);
    list = moves_of(st, 0);
    CHECK_EQ_INT(json_array_size(list), 0);
    json_decref(list);
    REFUSED(&st, 1, "game_over", "{\"type\":\"pass\"}");
    REFUSED(&st, 0, "game_over", "{\"type\":\"deploy\",\"card\":1,\"location\":0}");
    json_decref(st);
}

static void test_rounds_to_win_can_be_set_as_an_option(void)
{
    json_t *st = deal(1, "{\"rounds_to_win\": 1}", NULL);
    int c = -1;

    for (int s = 0; s < 2; s++)
        while (json_array_size(zone(st, s, "hand")))
            give(st, s, "deck", ival(zone(st, s, "hand"), 0));
    set_int(st, "turn", 0);
    set_int(st, "first", 0);
    set_location(st, 0, "scrapyard");
    set_location(st, 1, "refinery");
    c = inst("rabble", 0);
    place(st, 0, 1, inst("harvesters", 0), 0);
    last_card(st, c);
    DEPLOY(&st, 0, c, 0);
    /* Seat 0 won the one round it needed. */
    CHECK_EQ_INT(num(event("round_end", 0), "winner"), 0);
    CHECK(event("game_over", 0) != NULL);
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "over");
    json_decref(st);
}

/* ===== Resignation (RULINGS IF-R-14) ======================================= */

/* Seat resigns through the engine; 0 or -1, keeping last_events / last_err. */
static int resign(json_t **st, int seat)
{
    json_t *ev = NULL;
    int rc;

    memset(&last_err, 0, sizeof last_err);
    rc = eng->resign(st, seat, &ev, &last_err);
    if (rc == 0) {
        json_decref(last_events);
        last_events = ev;
    }
    return rc;
}

/* The resignation must be refused with code, leaving the state as it was. */
#define RESIGN_REFUSED(st, seat, want)                                     \
    do {                                                                   \
        json_t *before_ = json_deep_copy(*(st)), *st_ = *(st);             \
        CHECK_EQ_INT(resign((st), (seat)), -1);                            \
        CHECK_EQ_STR(last_err.code, (want));                               \
        CHECK(last_err.message[0] && last_err.rule[0]);                    \
        CHECK(*(st) == st_ && json_equal(*(st), before_));                 \
        json_decref(before_);                                              \
    } while (0)

/* The state is over, won by winner after loser resigned, and round-trips. */
static void check_resigned(json_t *st, int loser, int winner)
{
    struct rules_status s;
    struct if_game g;
    struct rules_error err;
    json_t *again, *list, *v;

    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "over");
    CHECK_EQ_INT(num(st, "winner"), winner);
    CHECK_EQ_INT(num(st, "resigned"), loser);
    CHECK_EQ_INT(num(st, "turn"), -1);
    CHECK_EQ_INT(eng->status(st, &s), 0);
    CHECK_EQ_INT(s.finished, 1);
    CHECK_EQ_INT(s.winners, 1u << winner);
    CHECK_EQ_INT(s.must_act, 0);
    CHECK(strstr(s.summary, "resigned") != NULL);
    CHECK_EQ_INT(num(event("resigned", 0), "seat"), loser);
    CHECK_EQ_INT(num(event("game_over", 0), "winner"), winner);
    for (int k = 0; k < 2; k++) {
        list = moves_of(st, k);
        CHECK_EQ_INT(json_array_size(list), 0);
        json_decref(list);
        v = eng->view(st, k);
        CHECK_EQ_INT(num(v, "resigned"), loser);
        CHECK(json_object_get(v, "error") == NULL);
        json_decref(v);
    }
    CHECK_EQ_INT(ironfuture_game_load(&g, st, &err), 0);
    again = ironfuture_game_dump(&g);
    CHECK(json_equal(again, st));
    json_decref(again);
}

static void test_a_player_who_resigns_loses_and_the_other_wins(void)
{
    json_t *st = scene(), *v;

    give(st, 0, "hand", inst("grunts", 0));
    give(st, 1, "hand", inst("grunts", 2));
    v = eng->view(st, 0);
    CHECK(json_is_null(json_object_get(v, "resigned")));
    json_decref(v);
    /* The seat not to act may resign; the table stays as it was. */
    CHECK_EQ_INT(resign(&st, 1), 0);
    check_resigned(st, 1, 0);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "line")), 3);
    CHECK(in_zone(st, 0, "hand", inst("grunts", 0)));
    /* Twice, by either seat, or a move after it: the game is over. */
    RESIGN_REFUSED(&st, 1, "game_over");
    RESIGN_REFUSED(&st, 0, "game_over");
    REFUSED(&st, 0, "game_over", "{\"type\":\"deploy\",\"card\":%d,\"location\":0}",
            inst("grunts", 0));
    json_decref(st);
    /* The seat to act may resign too. */
    st = scene();
    give(st, 0, "hand", inst("grunts", 0));
    RESIGN_REFUSED(&st, 2, "bad_seat");
    RESIGN_REFUSED(&st, -1, "bad_seat");
    CHECK_EQ_INT(resign(&st, 0), 0);
    check_resigned(st, 0, 1);
    json_decref(st);
}

static void test_resigning_while_buying_or_attacking(void)
{
    int m[] = {inst("dreadnought", 0), inst("supply_depot", 0), inst("mortar_crew", 0),
               inst("trench_guard", 0), inst("scout_buggy", 0)};
    json_t *st = market_scene(m, 8, 10);

    /* In the acquisition phase: the market stays on the table. */
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "acquisition");
    CHECK_EQ_INT(resign(&st, 0), 0);
    check_resigned(st, 0, 1);
    CHECK_EQ_INT(json_array_size(json_object_get(st, "market")), 5);
    json_decref(st);
    /* While the attacker allocates: the attack is dropped. */
    st = scene();
    place(st, 1, 0, inst("rabble", 2), 0);
    give(st, 0, "hand", inst("grunts", 0));
    give(st, 0, "hand", inst("grunts", 1));
    give(st, 1, "hand", inst("grunts", 2));
    DEPLOY(&st, 0, inst("grunts", 0), 0);
    CHECK(json_is_object(json_object_get(st, "attack")));
    CHECK_EQ_INT(resign(&st, 1), 0);
    check_resigned(st, 1, 0);
    CHECK(json_is_null(json_object_get(st, "attack")));
    json_decref(st);
}

static void test_a_damaged_resignation_is_refused(void)
{
    json_t *st = scene(), *bad;
    struct rules_status s;

    give(st, 0, "hand", inst("grunts", 0));
    bad = json_deep_copy(st);
    set_int(bad, "resigned", 0);             /* resigned, yet still playing */
    CHECK_EQ_INT(eng->status(bad, &s), -1);
    json_decref(bad);
    CHECK_EQ_INT(resign(&st, 1), 0);
    bad = json_deep_copy(st);
    set_int(bad, "resigned", 0);             /* the winner named as resigned */
    CHECK_EQ_INT(eng->status(bad, &s), -1);
    json_decref(bad);
    bad = json_deep_copy(st);
    json_object_set_new(bad, "resigned", json_true());
    CHECK_EQ_INT(eng->status(bad, &s), -1);
    json_decref(bad);
    json_decref(st);
}

/* ===== Another game: the rematch (RULINGS IF-R-13) ======================== */

/*
 * A whole game played from a real deal by taking the first legal move
 * each time (one round to win, so it ends quickly). Returns the final
 * state, or NULL when it did not end.
 */
static json_t *played_to_the_end(int n)
{
    json_t *st = deal(n, "{\"rounds_to_win\": 1}", NULL);
    struct rules_status s;

    for (int i = 0; i < 2000; i++) {
        json_t *list, *m;
        int seat;

        if (eng->status(st, &s) || s.finished)
            break;
        seat = s.must_act & 1 ? 0 : 1;
        list = moves_of(st, seat);
        m = json_array_get(list, 0);
        if (!CHECK(m != NULL) || !CHECK_EQ_INT(play_json(&st, seat, m), 0)) {
            json_decref(list);
            break;
        }
        json_decref(list);
    }
    if (!CHECK_EQ_INT(eng->status(st, &s), 0) || !CHECK(s.finished)) {
        json_decref(st);
        return NULL;
    }
    return st;
}

static void test_a_rematch_is_dealt_for_the_player_who_did_not_win_to_choose(void)
{
    for (int n = 0; n < 4; n++) {
        json_t *end = played_to_the_end(n), *opt, *old, *st, *ev;
        int winner;

        if (!end)
            continue;
        winner = num(end, "winner");
        CHECK(json_object_get(end, "resigned") == NULL);
        /* The old options stay; the loser chooses. */
        old = json_pack("{s:i}", "rounds_to_win", 1);
        opt = eng->rematch_options(old, end);
        if (CHECK(opt != NULL)) {
            CHECK_EQ_INT(num(opt, "first_player_chooser"), 1 - winner);
            CHECK_EQ_INT(num(opt, "rounds_to_win"), 1);
            CHECK_EQ_INT(json_object_size(opt), 2);
        }
        CHECK_EQ_INT(json_object_size(old), 1);   /* the old game's are not touched */
        /* Set up with it: no roll-off, nothing dealt, the loser to act. */
        rng_init(&stream, (const unsigned char *)"0123456789abcdef0123456789abcdef", 0);
        st = NULL;
        ev = NULL;
        if (CHECK_EQ_INT(eng->setup(opt, 2, &stream, &st, &ev, &last_err), 0)) {
            struct rules_status s;
            json_t *e;
            size_t i;

            CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "choose_first");
            CHECK_EQ_INT(eng->status(st, &s), 0);
            CHECK_EQ_INT(s.must_act, 1u << (1 - winner));
            CHECK(strstr(s.summary, "chooses") != NULL);
            json_array_foreach(ev, i, e) {
                CHECK(strcmp(json_string_value(json_object_get(e, "type")), "roll_off") != 0);
                if (!strcmp(json_string_value(json_object_get(e, "type")), "choose_first"))
                    CHECK_EQ_INT(num(e, "seat"), 1 - winner);
            }
            for (int s2 = 0; s2 < 2; s2++)
                CHECK_EQ_INT(json_array_size(zone(st, s2, "hand")), 0);
            CHECK_EQ_INT(json_array_size(json_object_get(st, "line")), 0);
        }
        json_decref(st);
        json_decref(ev);
        json_decref(opt);
        json_decref(old);
        json_decref(end);
    }
}

static void test_a_resigner_chooses_the_first_player_of_the_rematch(void)
{
    for (int loser = 0; loser < 2; loser++) {
        json_t *st = deal(11 + loser, NULL, NULL), *opt;

        CHECK_EQ_INT(resign(&st, loser), 0);
        opt = eng->rematch_options(NULL, st);
        if (CHECK(opt != NULL)) {
            CHECK_EQ_INT(num(opt, "first_player_chooser"), loser);
            CHECK_EQ_INT(json_object_size(opt), 1);
        }
        json_decref(opt);
        json_decref(st);
    }
    {
        json_t *st = deal(13, NULL, NULL);   /* not over: no rematch yet */

        CHECK(eng->rematch_options(NULL, st) == NULL);
        json_decref(st);
    }
}

static void test_the_chooser_names_the_first_player_who_then_acts_first(void)
{
    for (int chooser = 0; chooser < 2; chooser++)
        for (int first = 0; first < 2; first++) {
            char opt[64];
            json_t *st, *list, *v, *e;
            struct rules_status s;
            struct if_game g;
            struct rules_error err;

            snprintf(opt, sizeof opt, "{\"first_player_chooser\": %d}", chooser);
            st = deal(20 + 2 * chooser + first, opt, NULL);
            /* Only the chooser has moves: both seats as the first player. */
            list = moves_of(st, chooser);
            CHECK_EQ_INT(json_array_size(list), 2);
            json_decref(list);
            CHECK(listed(st, chooser, "{\"type\":\"choose_first\",\"seat\":0}"));
            CHECK(listed(st, chooser, "{\"type\":\"choose_first\",\"seat\":1}"));
            list = moves_of(st, 1 - chooser);
            CHECK_EQ_INT(json_array_size(list), 0);
            json_decref(list);
            v = eng->view(st, 1 - chooser);
            CHECK(json_is_null(json_object_get(v, "first_player")));
            CHECK_EQ_STR(json_string_value(json_object_get(v, "phase")), "choose_first");
            json_decref(v);
            CHECK_EQ_INT(ironfuture_game_load(&g, st, &err), 0);
            v = ironfuture_game_dump(&g);
            CHECK(json_equal(v, st));
            json_decref(v);
            /* Refused, changing nothing: the winner, other moves, bad seats. */
            REFUSED(&st, 1 - chooser, "not_your_turn",
                    "{\"type\":\"choose_first\",\"seat\":%d}", 1 - chooser);
            REFUSED(&st, chooser, "wrong_phase", "{\"type\":\"pass\"}");
            REFUSED(&st, chooser, "wrong_phase", "{\"type\":\"deploy\",\"card\":0,\"location\":0}");
            REFUSED(&st, chooser, "bad_seat", "{\"type\":\"choose_first\",\"seat\":2}");
            REFUSED(&st, chooser, "bad_move", "{\"type\":\"choose_first\"}");
            REFUSED(&st, chooser, "bad_move", "{\"type\":\"choose_first\",\"seat\":0,\"x\":1}");
            OK(&st, chooser, "{\"type\":\"choose_first\",\"seat\":%d}", first);
            e = event("first_player", 0);
            if (CHECK(e != NULL)) {
                CHECK_EQ_INT(num(e, "seat"), first);
                CHECK_EQ_INT(num(e, "chosen_by"), chooser);
            }
            CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "conquest");
            CHECK_EQ_INT(num(st, "round"), 1);
            CHECK_EQ_INT(num(st, "first"), first);
            CHECK_EQ_INT(eng->status(st, &s), 0);
            CHECK_EQ_INT(s.must_act, 1u << first);
            CHECK_EQ_INT(json_array_size(zone(st, 0, "hand")), 5);
            CHECK_EQ_INT(json_array_size(zone(st, 1, "hand")), 5);
            CHECK_EQ_INT(json_array_size(json_object_get(st, "line")), 3);
            /* Once chosen, the choice is over. */
            REFUSED(&st, first, "wrong_phase", "{\"type\":\"choose_first\",\"seat\":0}");
            json_decref(st);
        }
}

static void test_the_chooser_option_is_checked_and_a_chooser_may_resign(void)
{
    static const char *const bad[] = {
        "{\"first_player_chooser\": 2}", "{\"first_player_chooser\": -1}",
        "{\"first_player_chooser\": \"1\"}", "{\"first_player_chooser\": null}",
    };
    json_t *st, *bad_st;
    struct rules_status s;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *opt = json_loads(bad[i], 0, NULL), *ev = NULL;

        st = NULL;
        CHECK_EQ_INT(eng->setup(opt, 2, &stream, &st, &ev, &last_err), -1);
        CHECK_EQ_STR(last_err.code, "bad_option");
        CHECK(st == NULL);
        json_decref(opt);
    }
    /* A state dealt in the choose_first phase holds no card in hand. */
    st = deal(30, "{\"first_player_chooser\": 0}", NULL);
    bad_st = json_deep_copy(st);
    give(bad_st, 0, "hand", ival(zone(bad_st, 0, "deck"), 0));
    CHECK_EQ_INT(eng->status(bad_st, &s), -1);
    json_decref(bad_st);
    CHECK_EQ_INT(resign(&st, 0), 0);
    check_resigned(st, 0, 1);
    json_decref(st);
}

/* IF-R-17: a tournament's pairing names the first player; no roll-off. */
static void test_a_pairing_names_the_first_player_without_a_roll_off(void)
{
    static const char *const bad[] = {
        "{\"first_player\": 2}", "{\"first_player\": \"0\"}",
        "{\"first_player\": 0, \"first_player_chooser\": 1}",
    };

    for (int first = 0; first < 2; first++) {
        char opt[64];
        json_t *st, *ev = NULL, *e;
        struct rules_status s;
        size_t i;
        int rolled = 0, named = 0;

        snprintf(opt, sizeof opt, "{\"first_player\": %d}", first);
        st = deal(40 + first, opt, &ev);
        json_array_foreach(ev, i, e) {
            rolled += strcmp(json_string_value(json_object_get(e, "type")), "roll_off") == 0;
            if (strcmp(json_string_value(json_object_get(e, "type")), "first_player") == 0) {
                named++;
                CHECK_EQ_INT(num(e, "seat"), first);
                CHECK_EQ_STR(json_string_value(json_object_get(e, "by")), "pairing");
            }
        }
        CHECK_EQ_INT(rolled, 0);
        CHECK_EQ_INT(named, 1);
        CHECK_EQ_INT(num(st, "first"), first);
        CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "conquest");
        CHECK_EQ_INT(eng->status(st, &s), 0);
        CHECK_EQ_INT(s.must_act, 1u << first);
        CHECK_EQ_INT(json_array_size(zone(st, 0, "hand")), 5);
        CHECK_EQ_INT(json_array_size(zone(st, 1, "hand")), 5);
        json_decref(ev);
        json_decref(st);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *opt = json_loads(bad[i], 0, NULL), *ev = NULL, *st = NULL;

        CHECK_EQ_INT(eng->setup(opt, 2, &stream, &st, &ev, &last_err), -1);
        CHECK_EQ_STR(last_err.code, "bad_option");
        CHECK(st == NULL);
        json_decref(opt);
    }
}

/* ===== The move format, state, views and description ==================== */

static void test_moves_are_strict_json_objects(void)
{
    json_t *st = scene();
    int g = give(st, 0, "hand", inst("grunts", 0));
    struct rules_error err;
    json_t *ev = NULL;

    REFUSED(&st, 0, "bad_move", "[]");
    REFUSED(&st, 0, "bad_move", "3");
    REFUSED(&st, 0, "bad_move", "{}");
    REFUSED(&st, 0, "bad_move", "{\"type\":5}");
    REFUSED(&st, 0, "unknown_move", "{\"type\":\"fly\"}");
    REFUSED(&st, 0, "bad_move", "{\"type\":\"deploy\",\"card\":%d,\"location\":0,\"x\":1}", g);
    REFUSED(&st, 0, "bad_move", "{\"type\":\"deploy\",\"card\":%d.0,\"location\":0}", g);
    REFUSED(&st, 0, "bad_move", "{\"type\":\"deploy\",\"card\":true,\"location\":0}");
    REFUSED(&st, 0, "bad_move", "{\"type\":\"deploy\",\"card\":null,\"location\":0}");
    REFUSED(&st, 0, "card_not_in_hand", "{\"type\":\"deploy\",\"card\":99999999999,\"location\":0}");
    REFUSED(&st, 2, "bad_seat", "{\"type\":\"pass\"}");
    REFUSED(&st, -1, "bad_seat", "{\"type\":\"pass\"}");
    REFUSED(&st, 0, "wrong_phase", "{\"type\":\"buy\",\"card\":%d}", g);
    REFUSED(&st, 0, "wrong_phase", "{\"type\":\"pass\"}");
    CHECK_EQ_INT(eng->apply(&st, 0, NULL, &stream, &ev, &err), -1);
    CHECK_EQ_STR(err.code, "bad_move");
    json_decref(st);
}

static void test_the_state_round_trips_and_damaged_states_are_refused(void)
{
    static const char *const damage[] = {
        "card twice", "card missing", "phase", "version", "extra key", "not object",
    };
    json_t *st = scene();
    struct if_game g;
    struct rules_error err;
    json_t *again, *list;
    struct rules_status s;

    give(st, 0, "hand", inst("grunts", 0));
    CHECK_EQ_INT(ironfuture_game_load(&g, st, &err), 0);
    again = ironfuture_game_dump(&g);
    CHECK(json_equal(again, st));
    json_decref(again);
    for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
        json_t *bad = json_deep_copy(st), *v;

        switch (i) {
        case 0: json_array_append_new(zone(bad, 1, "discard"), json_integer(inst("grunts", 0))); break;
        case 1: lift(bad, inst("mbt", 1)); break;
        case 2: json_object_set_new(bad, "phase", json_string("lunch")); break;
        case 3: json_object_set_new(bad, "data_version", json_string("old")); break;
        case 4: set_int(bad, "cheat", 1); break;
        case 5: json_decref(bad); bad = json_string("x"); break;
        }
        CHECK_EQ_INT(eng->status(bad, &s), -1);
        v = eng->view(bad, 0);
        CHECK(json_object_get(v, "error") != NULL);
        json_decref(v);
        list = moves_of(bad, 0);
        CHECK_EQ_INT(json_array_size(list), 0);
        json_decref(list);
        REFUSED(&bad, 0, i == 3 ? "data_version_mismatch" : "corrupt_state",
                "{\"type\":\"pass\"}");
        json_decref(bad);
    }
    json_decref(st);
}

static void test_views_show_your_hand_and_hide_other_hands_and_deck_order(void)
{
    json_t *st = deal(3, NULL, NULL);
    json_t *v0 = eng->view(st, 0), *spec = eng->view(st, -1), *p0, *p1;
    char *text = json_dumps(spec, 0);

    p0 = json_array_get(json_object_get(v0, "players"), 0);
    p1 = json_array_get(json_object_get(v0, "players"), 1);
    CHECK_EQ_INT(json_array_size(json_object_get(p0, "hand")), 5);
    CHECK(json_object_get(json_array_get(json_object_get(p0, "hand"), 0), "weapons") != NULL);
    CHECK(json_object_get(p1, "hand") == NULL);
    CHECK_EQ_INT(num(p1, "hand_size"), 5);
    CHECK_EQ_INT(num(p0, "deck_size"), 2);
    CHECK(json_object_get(p0, "deck") == NULL);
    CHECK(json_object_get(v0, "unit_deck") == NULL && num(v0, "unit_deck_size") > 20);
    CHECK_EQ_STR(json_string_value(json_object_get(v0, "data_version")),
                 ironfuture_catalog_get()->version);
    CHECK_EQ_INT(json_array_size(json_object_get(v0, "locations")), 3);
    for (int s = 0; s < 2; s++)
        CHECK(json_object_get(json_array_get(json_object_get(spec, "players"), (size_t)s), "hand") == NULL);
    CHECK_EQ_INT(num(spec, "seat"), -1);
    CHECK(strstr(text, "\"location_deck\"") == NULL);
    free(text);
    json_decref(v0);
    json_decref(spec);
    json_decref(st);
}

static void test_legal_moves_are_exactly_what_apply_accepts(void)
{
    json_t *st = scene(), *list, *m;
    size_t i;

    give(st, 0, "supports", inst("field_workshop", 0));
    give(st, 0, "supports", inst("forward_beacon", 0));
    give(st, 0, "supports", inst("artillery_battery", 0));
    give(st, 0, "hand", inst("grunts", 0));
    give(st, 0, "hand", inst("gunship", 0));
    give(st, 1, "hand", inst("grunts", 3));
    place(st, 0, 2, inst("mbt", 0), 2);
    place(st, 1, 1, inst("rabble", 2), 0);
    list = moves_of(st, 0);
    /* 2 cards x 3 places, workshop x1, beacon x3, artillery x1. */
    CHECK_EQ_INT(json_array_size(list), 6 + 1 + 3 + 1);
    json_array_foreach(list, i, m) {
        json_t *copy = json_incref(st), *ev = NULL;
        struct rules_error err;

        CHECK_EQ_INT(eng->apply(&copy, 0, m, &stream, &ev, &err), 0);
        json_decref(ev);
        json_decref(copy);
    }
    json_decref(list);
    list = moves_of(st, 1);
    CHECK_EQ_INT(json_array_size(list), 0);
    json_decref(list);
    json_decref(st);
}

static void test_describe_lists_options_move_types_and_the_catalog(void)
{
    json_t *d = eng->describe(), *types = json_object_get(d, "move_types");
    json_t *cat = json_object_get(d, "catalog");
    size_t i;
    json_t *t;

    CHECK_EQ_STR(json_string_value(json_object_get(d, "id")), "ironfuture");
    CHECK_EQ_STR(json_string_value(json_object_get(d, "title")), "Iron Future");
    CHECK_EQ_INT(num(d, "min_seats"), 2);
    CHECK_EQ_INT(num(d, "max_seats"), 2);
    CHECK_EQ_STR(json_string_value(json_object_get(d, "data_version")),
                 ironfuture_catalog_get()->version);
    CHECK(json_object_get(json_object_get(json_object_get(d, "options"), "properties"),
                          "rounds_to_win") != NULL);
    CHECK_EQ_INT(json_array_size(types), 8);
    CHECK(json_object_get(json_object_get(json_object_get(d, "options"), "properties"),
                          "first_player_chooser") != NULL);
    CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(types, 0), "type")),
                 "choose_first");
    json_array_foreach(types, i, t)
        CHECK(json_is_string(json_object_get(t, "description")) &&
              json_is_object(json_object_get(t, "schema")));
    CHECK(json_array_size(json_object_get(cat, "units")) >= 24);
    CHECK(json_array_size(json_object_get(cat, "locations")) >= 12);
    json_decref(d);
}

static void test_the_card_data_fits_the_rulebook(void)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    const struct if_unit *g = &cat->unit[ironfuture_catalog_unit(cat, "grunts")];
    int others = 0, supports = 0, conditional = 0, threshold = 0;
    struct if_catalog *bad = malloc(sizeof *bad);
    const char *units = NULL, *locs = NULL;
    char *broken;
    /* a text of units.json, what to write over its start, what to be told */
    static const struct {
        const char *text, *typo, *error;
    } typos[] = {
        {"\"retaliate\"", "\"retaliat8\"", "retaliat8"},
        {"\"armor\": 2", "\"armour\":2", "unknown key \"armour\""},
        {"\"armor\": 2,", "           ", "missing \"armor\""},
        {"\"armor\": 2", "\"armor\":99", "\"armor\" must be an integer in 0..20"},
    };

    CHECK(cat->ok);
    /* "the Chain Gun has a dice value of 2 and may be used ... at Short or Medium" */
    CHECK_EQ_STR(g->weapon[0].name, "Chain Gun");
    CHECK_EQ_INT(g->weapon[0].dice, 2);
    CHECK_EQ_INT(g->weapon[0].ranges, IF_RANGE_S | IF_RANGE_M);
    for (int i = 0; i < cat->nunits; i++) {
        others += !cat->unit[i].starter;
        supports += cat->unit[i].support && cat->unit[i].count > 0;
        CHECK(cat->unit[i].nweapons <= 3);
    }
    for (int i = 0; i < cat->nlocations; i++)
        for (int r = 0; r < cat->location[i].nrules; r++) {
            enum if_rule_kind k = cat->location[i].rule[r].kind;

            conditional += k == IF_LR_SALVAGE || k == IF_LR_MIDDLE ||
                           k == IF_LR_CONTESTED || k == IF_LR_VOLATILE || k == IF_LR_CHAIN;
            threshold += k == IF_LR_DEFENSE;
        }
    CHECK(others >= 20);
    CHECK(supports >= 5);
    CHECK(cat->nlocations >= 12);
    CHECK(conditional >= 3);
    CHECK(threshold >= 2);
    CHECK(ironfuture_catalog_location(cat, "warehouse") >= 0);
    /* Data with a typo is refused, not half-read. */
    units = rules_data("ironfuture/data/units.json");
    locs = rules_data("ironfuture/data/locations.json");
    for (size_t i = 0; i < sizeof typos / sizeof typos[0]; i++) {
        char *at;

        broken = strdup(units);
        at = strstr(broken, typos[i].text);
        memcpy(at, typos[i].typo, strlen(typos[i].typo));
        CHECK_EQ_INT(ironfuture_catalog_parse(bad, broken, locs), -1);
        if (!CHECK(strstr(bad->error, typos[i].error) != NULL))
            fprintf(stderr, "  %s gave: %s\n", typos[i].typo, bad->error);
        CHECK_EQ_INT(bad->ok, 0);
        free(broken);
    }
    CHECK_EQ_INT(ironfuture_catalog_parse(bad, units, "{}"), -1);
    CHECK_EQ_INT(ironfuture_catalog_parse(bad, units, locs), 0);
    CHECK_EQ_INT(bad->ok, 1);
    free(bad);
}

static void test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile(void)
{
    json_t *st = scene(), *deck = zone(st, 0, "deck");

    /* Seat 0 has 2 cards in its deck and the rest in its discard pile. */
    while (json_array_size(deck) > 2)
        give(st, 0, "discard", ival(deck, 0));
    stack_pricey_market(st);
    last_card(st, inst("lancer_tank", 0));
    DEPLOY(&st, 0, inst("lancer_tank", 0), 1);
    CHECK_EQ_INT(num(st, "round"), 2);
    CHECK(event("reshuffle", 0) != NULL && num(event("reshuffle", 0), "seat") == 0);
    CHECK_EQ_INT(json_array_size(zone(st, 0, "hand")), 5);
    json_decref(st);
}

/* ===== Positions reached by moves from a real setup ===================== */

/*
 * How the players of drive() choose among their legal moves. Each hook
 * may be NULL: then a seat deploys its first listed card anywhere, holds
 * fire, buys nothing and takes the first trophy offered. Supports are
 * never activated.
 */
struct plan {
    int (*where)(json_t *st, int seat, int card);   /* position, -1 any */
    int (*fire)(json_t *st, int seat, json_t *alloc); /* 1: make it */
    int (*buys)(json_t *st, int seat, int card);     /* 1: buy it */
    int last_trophy;                                 /* take the last offered */
};

/* Stops drive() after a move: given the states before and after it. */
typedef int stop_fn(json_t *before, json_t *after, void *arg);

/* The move plan chooses from list (borrowed; the result too). */
static json_t *plan_pick(const struct plan *p, json_t *st, int seat, json_t *list)
{
    json_t *m, *pick = NULL, *fallback = NULL;
    size_t i;

    json_array_foreach(list, i, m) {
        const char *t = type_of(m);

        if (!strcmp(t, "trophy")) {
            if (!pick || p->last_trophy)
                pick = m;
        } else if (pick) {
            continue;
        } else if (!strcmp(t, "allocate")) {
            if (p->fire && p->fire(st, seat, m))
                pick = m;
        } else if (!strcmp(t, "buy")) {
            if (p->buys && p->buys(st, seat, num(m, "card")))
                pick = m;
        } else if (!strcmp(t, "deploy")) {
            int w = p->where ? p->where(st, seat, num(m, "card")) : -1;

            if (w < 0 || w == num(m, "location"))
                pick = m;
            else if (!fallback)
                fallback = m;
        } else if (!fallback && (!strcmp(t, "hold_fire") || !strcmp(t, "pass"))) {
            fallback = m;
        }
    }
    return pick ? pick : fallback;
}

/*
 * Plays *st by plan from whatever position it is in, the seat that must
 * act choosing each move from legal_moves, until stop says so after a
 * move (1), the game ends or max moves were made (0). Every move must be
 * accepted.
 */
static int drive(json_t **st, const struct plan *p, stop_fn *stop, void *arg, int max)
{
    for (int k = 0; k < max; k++) {
        struct rules_status s;
        json_t *list, *m, *before;
        int seat, done;

        if (!CHECK_EQ_INT(eng->status(*st, &s), 0) || s.finished)
            return 0;
        seat = s.must_act == 1 ? 0 : 1;
        list = moves_of(*st, seat);
        m = plan_pick(p, *st, seat, list);
        if (!CHECK(m != NULL)) {
            json_decref(list);
            return 0;
        }
        before = json_deep_copy(*st);
        if (!CHECK_EQ_INT(play_json(st, seat, m), 0))
            fprintf(stderr, "  refused: %s: %s\n", last_err.code, last_err.message);
        json_decref(list);
        done = stop(before, *st, arg);
        json_decref(before);
        if (done)
            return 1;
    }
    return 0;
}

/* The position of location id in the line, or -1. */
static int line_pos(json_t *st, const char *id)
{
    for (size_t p = 0; p < json_array_size(json_object_get(st, "line")); p++)
        if (!strcmp(json_string_value(json_object_get(slot(st, (int)p), "location")), id))
            return (int)p;
    return -1;
}

static int is_retaliator(int c)
{
    const struct if_catalog *cat = ironfuture_catalog_get();

    return ironfuture_unit_ability(&cat->unit[cat->instance[c]], IF_AB_RETALIATE) > 0;
}

static int is_support(int c)
{
    const struct if_catalog *cat = ironfuture_catalog_get();

    return cat->unit[cat->instance[c]].support;
}

/* The event of type (nth) for seat in the last move's events, or NULL. */
static json_t *seat_event(const char *type, int seat)
{
    json_t *e;

    for (int k = 0; (e = event(type, k)); k++)
        if (num(e, "seat") == seat)
            return e;
    return NULL;
}

/* -- ties ------------------------------------------------------------------ */

static int bunker_at;   /* the Command Bunker's position this round */

/* Nobody deploys at the Bunker: seat 0 one place right of it, seat 1 two. */
static int away_from_bunker(json_t *st, int seat, int card)
{
    (void)st;
    (void)card;
    return (bunker_at + 1 + seat) % 3;
}

static int capture_at_bunker(json_t *before, json_t *after, void *arg)
{
    (void)before;
    (void)after;
    (void)arg;
    for (int k = 0; event("capture", k); k++)
        if (!strcmp(json_string_value(json_object_get(event("capture", k), "location")),
                    "command_bunker"))
            return 1;
    return 0;
}

static void test_an_empty_command_bunker_is_won_by_nobody(void)
{
    struct plan p = {.where = away_from_bunker};
    json_t *st = NULL, *cap = NULL, *end;
    int n, first;

    /* A real deal with the Command Bunker among the first three locations. */
    for (n = 1; n < 400; n++) {
        st = deal(n, NULL, NULL);
        if ((bunker_at = line_pos(st, "command_bunker")) >= 0)
            break;
        json_decref(st);
        st = NULL;
    }
    if (!CHECK(st != NULL))
        return;
    first = num(st, "first");
    CHECK(drive(&st, &p, capture_at_bunker, NULL, 200));
    for (int k = 0; event("capture", k); k++)
        if (num(event("capture", k), "position") == bunker_at)
            cap = event("capture", k);
    if (!CHECK(cap != NULL))
        goto out;
    /* Neither player has a unit there: 0-0 is empty, not a tie for the token. */
    CHECK_EQ_INT(ival(json_object_get(cap, "capture"), 0), 0);
    CHECK_EQ_INT(ival(json_object_get(cap, "capture"), 1), 0);
    CHECK_EQ_INT(num(cap, "winner"), -1);
    CHECK_EQ_INT(num(cap, "resources"), 0);
    /* So it counts for nobody in the round: the token holder (seat first)
     * does not win the round by it. */
    end = event("round_end", 0);
    CHECK(ival(json_object_get(end, "locations_won"), 0) +
          ival(json_object_get(end, "locations_won"), 1) <= 2);
    if (ival(json_object_get(end, "locations_won"), 0) ==
        ival(json_object_get(end, "locations_won"), 1))
        CHECK_EQ_INT(num(end, "winner"), -1);
    CHECK(num(end, "winner") != first ||
          ival(json_object_get(end, "locations_won"), first) >
          ival(json_object_get(end, "locations_won"), 1 - first));
out:
    json_decref(st);
}

static void test_a_beacon_takes_a_location_nobody_holds(void)
{
    json_t *st = scene();
    int beacon = give(st, 1, "supports", inst("forward_beacon", 0));

    /* Seat 0 holds the token; seat 1's Beacon at the empty Bunker wins it 1-0. */
    set_location(st, 2, "command_bunker");
    set_seat_int(st, 0, "played", 5);
    set_seat_int(st, 1, "played", 4);
    set_int(st, "turn", 1);
    give(st, 1, "hand", inst("rabble", 2));
    OK(&st, 1, "{\"type\":\"activate\",\"card\":%d,\"location\":2}", beacon);
    DEPLOY(&st, 1, inst("rabble", 2), 0);
    CHECK_EQ_INT(ival(json_object_get(event("capture", 2), "capture"), 1), 1);
    CHECK_EQ_INT(num(event("capture", 2), "winner"), 1);
    json_decref(st);
}

/* -- trophies --------------------------------------------------------------- */

/* Seat 0 spreads over positions 0 and 1, seat 1 keeps to position 2. */
static int two_for_seat_0(json_t *st, int seat, int card)
{
    (void)card;
    return seat == 1 ? 2 : num(seat_of(st, 0), "played") % 2;
}

static int phase_is_trophy(json_t *before, json_t *after, void *arg)
{
    (void)before;
    (void)arg;
    return !strcmp(json_string_value(json_object_get(after, "phase")), "trophy");
}

static void test_the_round_winner_chooses_the_trophy_by_a_move(void)
{
    struct plan p = {.where = two_for_seat_0};
    json_t *st = NULL, *choice, *list, *v, *line_locs = json_array(), *tro;
    struct rules_status s;
    int n, w, other_pos, chosen;
    char chosen_id[64];

    for (n = 1; n < 40; n++) {
        st = deal(n, NULL, NULL);
        if (drive(&st, &p, phase_is_trophy, NULL, 300))
            break;
        json_decref(st);
        st = NULL;
    }
    if (!CHECK(st != NULL))
        return;
    w = num(event("round_end", 0), "winner");
    choice = json_object_get(st, "trophy_choice");
    CHECK(w >= 0 && event("trophy", 0) == NULL);
    CHECK_EQ_INT(num(event("trophy_choice", 0), "seat"), w);
    CHECK(json_equal(json_object_get(event("trophy_choice", 0), "positions"), choice));
    CHECK(json_array_size(choice) >= 2);
    /* The winner must act, with one trophy move per location won. */
    CHECK_EQ_INT(eng->status(st, &s), 0);
    CHECK_EQ_INT(s.must_act, 1u << w);
    list = moves_of(st, w);
    CHECK_EQ_INT(json_array_size(list), json_array_size(choice));
    for (size_t i = 0; i < json_array_size(choice); i++)
        CHECK(listed(st, w, "{\"type\":\"trophy\",\"location\":%d}", ival(choice, i)));
    json_decref(list);
    list = moves_of(st, 1 - w);
    CHECK_EQ_INT(json_array_size(list), 0);
    json_decref(list);
    v = eng->view(st, 1 - w);
    CHECK(json_equal(json_object_get(v, "trophy_choice"), choice));
    CHECK_EQ_STR(json_string_value(json_object_get(v, "phase")), "trophy");
    json_decref(v);
    /* Nobody else chooses, and nothing else happens first. */
    REFUSED(&st, 1 - w, "not_your_turn", "{\"type\":\"trophy\",\"location\":%d}", ival(choice, 0));
    REFUSED(&st, w, "wrong_phase", "{\"type\":\"pass\"}");
    REFUSED(&st, w, "wrong_phase", "{\"type\":\"deploy\",\"card\":0,\"location\":0}");
    for (other_pos = 0; other_pos < 3; other_pos++) {
        int won = 0;

        for (size_t i = 0; i < json_array_size(choice); i++)
            won |= ival(choice, i) == other_pos;
        if (!won)
            REFUSED(&st, w, "location_not_won", "{\"type\":\"trophy\",\"location\":%d}", other_pos);
    }
    REFUSED(&st, w, "location_not_won", "{\"type\":\"trophy\",\"location\":3}");
    REFUSED(&st, w, "bad_move", "{\"type\":\"trophy\"}");
    /* The winner takes the last location won, not the first in capture order. */
    chosen = ival(choice, json_array_size(choice) - 1);
    snprintf(chosen_id, sizeof chosen_id, "%s",
             json_string_value(json_object_get(slot(st, chosen), "location")));
    for (int q = 0; q < 3; q++)
        if (q != chosen)
            json_array_append(line_locs, json_object_get(slot(st, q), "location"));
    OK(&st, w, "{\"type\":\"trophy\",\"location\":%d}", chosen);
    CHECK_EQ_STR(json_string_value(json_object_get(event("trophy", 0), "location")), chosen_id);
    CHECK(json_is_false(json_object_get(event("trophy", 0), "automatic")));
    tro = zone(st, w, "trophies");
    CHECK_EQ_STR(json_string_value(json_array_get(tro, json_array_size(tro) - 1)), chosen_id);
    /* The others go to the location discard; the trophy never returns. */
    for (size_t i = 0; i < json_array_size(line_locs); i++) {
        json_t *d = json_object_get(st, "location_discard");
        int found = 0;

        for (size_t k = 0; k < json_array_size(d); k++)
            found |= json_equal(json_array_get(d, k), json_array_get(line_locs, i));
        CHECK(found);
    }
    CHECK(strcmp(json_string_value(json_object_get(st, "phase")), "trophy") != 0);
    CHECK(json_object_get(st, "trophy_choice") == NULL);
    json_decref(line_locs);
    json_decref(st);
}

/* Both seats deploy at position 0: at most one location is won. */
static int all_at_0(json_t *st, int seat, int card)
{
    (void)st;
    (void)seat;
    (void)card;
    return 0;
}

static int round_won(json_t *before, json_t *after, void *arg)
{
    (void)before;
    (void)after;
    (void)arg;
    return event("round_end", 0) && num(event("round_end", 0), "winner") >= 0;
}

static void test_a_single_location_won_is_the_trophy_without_a_move(void)
{
    struct plan p = {.where = all_at_0};
    json_t *st = deal(3, NULL, NULL);
    int w;

    if (!CHECK(drive(&st, &p, round_won, NULL, 400)))
        goto out;
    w = num(event("round_end", 0), "winner");
    CHECK_EQ_INT(ival(json_object_get(event("round_end", 0), "locations_won"), w), 1);
    CHECK(event("trophy_choice", 0) == NULL);
    CHECK_EQ_INT(num(event("trophy", 0), "seat"), w);
    CHECK_EQ_INT(num(event("trophy", 0), "position"), 0);
    CHECK(json_is_true(json_object_get(event("trophy", 0), "automatic")));
    CHECK(strcmp(json_string_value(json_object_get(st, "phase")), "trophy") != 0);
out:
    json_decref(st);
}

/* -- drawing ---------------------------------------------------------------- */

/* Stops after the first move that reshuffles a discard pile, keeping the
 * state before it in *(json_t **)arg. */
static int reshuffled(json_t *before, json_t *after, void *arg)
{
    (void)after;
    if (!event("reshuffle", 0))
        return 0;
    *(json_t **)arg = json_incref(before);
    return 1;
}

static void test_the_cards_left_in_the_deck_are_drawn_before_the_discard_is_reshuffled(void)
{
    struct plan p = {0};
    json_t *st = deal(11, NULL, NULL), *before = NULL, *deck, *drawn;
    int s, left;

    /* Round 1 leaves 2 of the 7 starting cards in each deck. */
    if (!CHECK(drive(&st, &p, reshuffled, &before, 400)))
        goto out;
    s = num(event("reshuffle", 0), "seat");
    deck = zone(before, s, "deck");
    left = (int)json_array_size(deck);
    CHECK(left > 0 && left < 5);
    drawn = json_object_get(seat_event("drawn", s), "cards");
    CHECK_EQ_INT(json_array_size(drawn), 5);
    /* The deck's cards first, top card first; then the reshuffled discard. */
    for (int i = 0; i < left; i++)
        CHECK_EQ_INT(num(json_array_get(drawn, (size_t)i), "card"), ival(deck, (size_t)(left - 1 - i)));
    for (int i = 0; i < left; i++)
        CHECK(in_zone(st, s, "hand", ival(deck, (size_t)i)));
    CHECK_EQ_INT(num(event("reshuffle", 0), "deck_size"),
                 (int)json_array_size(zone(st, s, "deck")) + 5 - left);
out:
    json_decref(before);
    json_decref(st);
}

/* -- retaliation ------------------------------------------------------------ */

/* Seat 0 keeps Retaliate units at position 0, the rest at 2; seat 1 goes
 * to position 1, or to 0 once asked (fire_at_0). */
static int fire_at_0;

static int guard_and_shoot(json_t *st, int seat, int card)
{
    (void)st;
    if (seat == 0)
        return is_retaliator(card) ? 0 : 2;
    return fire_at_0 ? 0 : 1;
}

/* Whether card c is on seat's side of line position pos. */
static int on_side(json_t *st, int pos, int seat, int c)
{
    json_t *u = side(st, pos, seat);

    for (size_t i = 0; i < json_array_size(u); i++)
        if (ival(json_array_get(u, i), 0) == c)
            return 1;
    return 0;
}

/* Seat 1, deployed at position 1, fires at a Retaliate unit at position 0. */
static int medium_at_retaliator(json_t *st, int seat, json_t *alloc)
{
    int t = num(alloc, "target");

    return seat == 1 && num(json_object_get(st, "attack"), "position") == 1 &&
           is_retaliator(t) && on_side(st, 0, 0, t);
}

static int buys_retaliators(json_t *st, int seat, int card)
{
    (void)st;
    return seat == 0 && is_retaliator(card) && !is_support(card);
}

/* Stops after seat 1 fires at a Retaliate unit from Medium range, keeping
 * the state before that move in *(json_t **)arg. */
static int fired_at_retaliator(json_t *before, json_t *after, void *arg)
{
    json_t *a;

    (void)after;
    if (event("combat_end", 0))   /* the firer left the field with the round */
        return 0;
    for (int k = 0; (a = event("attack", k)); k++)
        if (num(a, "seat") == 1 && is_retaliator(num(a, "target")) &&
            !strcmp(json_string_value(json_object_get(a, "range")), "M") &&
            !json_object_get(a, "lost")) {
            *(json_t **)arg = json_incref(before);
            return 1;
        }
    return 0;
}

static int deployed_by_1_at_0(json_t *before, json_t *after, void *arg)
{
    json_t *d = seat_event("deploy", 1);

    (void)after;
    (void)arg;
    if (!d || num(d, "position") != 0)
        return 0;
    for (size_t i = 0; i < json_array_size(side(before, 0, 0)); i++)
        if (is_retaliator(ival(json_array_get(side(before, 0, 0), i), 0)))
            return 1;
    return 0;
}

static void test_only_deployment_triggers_retaliation_not_fire_from_medium_range(void)
{
    struct plan p = {.where = guard_and_shoot, .fire = medium_at_retaliator,
                     .buys = buys_retaliators};
    json_t *st = NULL, *prev = NULL, *a, *r;
    int n, shooter = -1;

    /* Seat 0 buys a Retaliate unit and guards position 0 with it; seat 1,
     * next door at position 1, fires at it. */
    for (n = 1; n < 60 && !prev; n++) {
        fire_at_0 = 0;
        json_decref(st);
        st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        drive(&st, &p, fired_at_retaliator, &prev, 1500);
    }
    if (!CHECK(prev != NULL))
        goto out;
    for (int j = 0; (a = event("attack", j)); j++)
        if (!strcmp(json_string_value(json_object_get(a, "range")), "M") &&
            is_retaliator(num(a, "target")))
            shooter = num(a, "card");
    /* The firer takes no damage for it: no retaliation, its damage as before. */
    CHECK(event("retaliation", 0) == NULL);
    CHECK(damage_of(prev, shooter) >= 0);
    CHECK_EQ_INT(damage_of(st, shooter), damage_of(prev, shooter));
    /* Deploying at the Retaliate unit's location does trigger it. */
    fire_at_0 = 1;
    if (CHECK(drive(&st, &p, deployed_by_1_at_0, NULL, 400))) {
        r = event("retaliation", 0);
        if (CHECK(r != NULL))
            CHECK_EQ_INT(num(r, "card"), num(seat_event("deploy", 1), "card"));
    }
out:
    json_decref(prev);
    json_decref(st);
}

/* -- buying ------------------------------------------------------------------ */

static int bought_card = -1, bought_round;

static int buys_once(json_t *st, int seat, int card)
{
    (void)st;
    return seat == 0 && bought_card < 0 && !is_support(card);
}

static int bought(json_t *before, json_t *after, void *arg)
{
    json_t *b = seat_event("buy", 0);

    (void)before;
    (void)arg;
    if (!b)
        return 0;
    /* A buy that ends the phase may see the card drawn at once: look for
     * one where the acquisition goes on. */
    if (strcmp(json_string_value(json_object_get(after, "phase")), "acquisition"))
        return 0;
    bought_card = num(b, "card");
    bought_round = num(after, "round");
    return 1;
}

static int drew_bought_card(json_t *before, json_t *after, void *arg)
{
    json_t *d = seat_event("drawn", 0), *c;
    size_t i;

    (void)before;
    (void)after;
    (void)arg;
    json_array_foreach(json_object_get(d, "cards"), i, c)
        if (num(c, "card") == bought_card)
            return 1;
    return 0;
}

static void test_a_bought_card_reaches_the_discard_and_is_drawn_in_a_later_round(void)
{
    struct plan p = {.buys = buys_once};
    json_t *st = NULL;
    int n;

    for (n = 1; n < 40; n++) {
        bought_card = -1;
        json_decref(st);
        st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        if (drive(&st, &p, bought, NULL, 400))
            break;
    }
    if (!CHECK(bought_card >= 0))
        goto out;
    /* Face up in the buyer's discard pile, not in hand or deck. */
    CHECK(in_zone(st, 0, "discard", bought_card));
    CHECK(!in_zone(st, 0, "hand", bought_card) && !in_zone(st, 0, "deck", bought_card));
    CHECK_EQ_STR(json_string_value(json_object_get(seat_event("buy", 0), "zone")), "discard");
    /* Later, the discard is reshuffled into the deck and the card drawn. */
    if (!CHECK(drive(&st, &p, drew_bought_card, NULL, 1500)))
        goto out;
    CHECK(num(st, "round") > bought_round);
    CHECK(in_zone(st, 0, "hand", bought_card));
    CHECK(seat_event("reshuffle", 0) != NULL || num(st, "round") > bought_round + 1);
out:
    json_decref(st);
}

/* -- randomness ------------------------------------------------------------- */

static void test_setup_shuffles_every_deck_and_the_locations(void)
{
    unsigned hands[64];
    int nhands = 0, first_drawn[16] = {0}, nfirst = 0, loc[IF_MAX_LOCATIONS] = {0}, nloc = 0;
    const struct if_catalog *cat = ironfuture_catalog_get();

    for (int n = 0; n < 60; n++) {
        json_t *st = deal(500 + n, NULL, NULL), *hand = zone(st, 0, "hand");
        unsigned mask = 0;
        int k, seen = 0;

        for (size_t i = 0; i < json_array_size(hand); i++)
            mask |= 1u << ival(hand, i);
        for (k = 0; k < nhands; k++)
            seen |= hands[k] == mask;
        if (!seen && nhands < 64)
            hands[nhands++] = mask;
        nfirst += !first_drawn[ival(hand, 0)]++;
        k = ironfuture_catalog_location(cat, json_string_value(json_object_get(slot(st, 0), "location")));
        nloc += !loc[k]++;
        json_decref(st);
    }
    /* Shuffled, 60 deals give most of the 21 hands of 5 from 7 cards, most
     * of the 7 first cards and of the 16 first locations; unshuffled, one. */
    CHECK(nhands >= 10);
    CHECK(nfirst >= 5);
    CHECK(nloc >= 10);
}

static void test_a_reshuffled_discard_comes_back_in_a_random_order(void)
{
    struct plan p = {0};
    int games = 0, in_order = 0, top_first = 0;

    /* Games where the reshuffle follows a pass, so that the discard pile
     * it takes is in the state before (not when the round ends and nobody
     * can buy anything, all in one move). */
    for (int n = 1; n <= 300 && games < 40; n++) {
        json_t *st = deal(700 + n, NULL, NULL), *before = NULL, *disc, *drawn, *deck;
        int s, left, nd, same = 1;

        if (!CHECK(drive(&st, &p, reshuffled, &before, 400))) {
            json_decref(st);
            continue;
        }
        s = num(event("reshuffle", 0), "seat");
        left = (int)json_array_size(zone(before, s, "deck"));
        disc = zone(before, s, "discard");
        nd = (int)json_array_size(disc);
        if (strcmp(json_string_value(json_object_get(before, "phase")), "acquisition")) {
            json_decref(before);
            json_decref(st);
            continue;
        }
        drawn = json_object_get(seat_event("drawn", s), "cards");
        deck = zone(st, s, "deck");
        CHECK_EQ_INT((int)json_array_size(drawn) - left + (int)json_array_size(deck), nd);
        /* Unshuffled, the new deck would be the discard pile as it lay. */
        for (int i = left; i < (int)json_array_size(drawn); i++)
            same &= num(json_array_get(drawn, (size_t)i), "card") == ival(disc, (size_t)(nd - 1 - (i - left)));
        for (size_t j = 0; j < json_array_size(deck); j++)
            same &= ival(deck, j) == ival(disc, j);
        in_order += same;
        top_first += num(json_array_get(drawn, (size_t)left), "card") == ival(disc, (size_t)nd - 1);
        games++;
        json_decref(before);
        json_decref(st);
    }
    CHECK_EQ_INT(games, 40);
    /* Shuffled: the old order comes back 1 time in 120 or fewer, the old
     * top card first about 1 time in 5. */
    CHECK(in_order <= games / 4);
    CHECK(top_first <= games / 2);
}

/* ===== More rules reached by moves from a real setup =================== */

static const char *phase_of(json_t *st)
{
    return json_string_value(json_object_get(st, "phase"));
}

/* Whether seat already has a support card of the same kind as card c. */
static int has_support_like(json_t *st, int s, int c)
{
    json_t *sup = zone(st, s, "supports");

    for (size_t i = 0; i < json_array_size(sup); i++)
        if (!strcmp(unit_of(ival(sup, i)), unit_of(c)))
            return 1;
    return 0;
}

static int cost_of(int c)
{
    const struct if_catalog *cat = ironfuture_catalog_get();

    return cat->unit[cat->instance[c]].cost;
}

/* -- the Forward Beacon ---------------------------------------------------- */

static const char *support_kind = "forward_beacon";   /* what seat 0 buys */

static int buys_beacon(json_t *st, int seat, int card)
{
    (void)st;
    return seat == 0 && !strcmp(unit_of(card), support_kind);
}

/* Stops when seat 0 owns a support_kind and is about to play its first card. */
static int beacon_ready(json_t *before, json_t *after, void *arg)
{
    json_t *sup = zone(after, 0, "supports");

    (void)before;
    (void)arg;
    if (strcmp(phase_of(after), "conquest") || num(after, "turn") != 0 ||
        num(seat_of(after, 0), "played") != 0 || json_is_object(json_object_get(after, "attack")))
        return 0;
    for (size_t i = 0; i < json_array_size(sup); i++)
        if (!strcmp(unit_of(ival(sup, i)), support_kind))
            return 1;
    return 0;
}

static int beacon_at;   /* where the Beacon was set; nobody deploys there */

static int away_from_beacon(json_t *st, int seat, int card)
{
    (void)st;
    (void)card;
    return (beacon_at + 1 + seat) % 3;
}

static int any_capture(json_t *before, json_t *after, void *arg)
{
    (void)before;
    (void)after;
    (void)arg;
    return event("capture", 0) != NULL;
}

static void test_a_bought_beacon_takes_a_location_nobody_deploys_to(void)
{
    struct plan buy = {.where = two_for_seat_0, .buys = buys_beacon};
    struct plan away = {.where = away_from_beacon};
    json_t *st = NULL, *cap = NULL;
    int n, beacon = inst("forward_beacon", 0), res;

    /* Seat 0 buys the Beacon from a real market, then uses it. */
    support_kind = "forward_beacon";
    for (n = 1; n < 80; n++) {
        json_decref(st);
        st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        if (drive(&st, &buy, beacon_ready, NULL, 1500))
            break;
    }
    if (!CHECK(n < 80))
        goto out;
    /* A place whose worth no capture-time bonus changes (the Relay Station's). */
    for (beacon_at = 0; beacon_at < 2; beacon_at++)
        if (strcmp(json_string_value(json_object_get(slot(st, beacon_at), "location")),
                   "relay_station"))
            break;
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d,\"location\":%d}", beacon, beacon_at);
    REFUSED(&st, 0, "support_already_used",
            "{\"type\":\"activate\",\"card\":%d,\"location\":%d}", beacon, beacon_at);
    res = num(slot(st, beacon_at), "resources");
    if (!CHECK(drive(&st, &away, any_capture, NULL, 200)))
        goto out;
    for (int k = 0; event("capture", k); k++)
        if (num(event("capture", k), "position") == beacon_at)
            cap = event("capture", k);
    if (!CHECK(cap != NULL))
        goto out;
    /* No unit there: the Beacon's +1 alone wins it, with its resources. */
    CHECK_EQ_INT(ival(json_object_get(cap, "capture"), 0), 1);
    CHECK_EQ_INT(ival(json_object_get(cap, "capture"), 1), 0);
    CHECK_EQ_INT(num(cap, "winner"), 0);
    CHECK_EQ_INT(num(cap, "resources"), res);
out:
    json_decref(st);
}

/* -- the market ------------------------------------------------------------- */

static int buys_supports(json_t *st, int seat, int card)
{
    (void)st;
    return seat == 0 && is_support(card);
}

static int dup_offered = -1;

/* Stops when seat 0 may buy and can afford a support card it already has. */
static int duplicate_on_offer(json_t *before, json_t *after, void *arg)
{
    json_t *mk = json_object_get(after, "market");

    (void)before;
    (void)arg;
    if (strcmp(phase_of(after), "acquisition") || num(after, "turn") != 0)
        return 0;
    for (size_t i = 0; i < json_array_size(mk); i++) {
        int c = ival(mk, i);

        if (is_support(c) && has_support_like(after, 0, c) &&
            num(seat_of(after, 0), "resources") >= cost_of(c)) {
            dup_offered = c;
            return 1;
        }
    }
    return 0;
}

static void test_a_support_card_already_held_cannot_be_bought(void)
{
    struct plan p = {.where = two_for_seat_0, .buys = buys_supports};
    json_t *st = NULL;
    int n;

    for (n = 1; n < 80; n++) {
        dup_offered = -1;
        json_decref(st);
        st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        if (drive(&st, &p, duplicate_on_offer, NULL, 2000))
            break;
    }
    if (!CHECK(dup_offered >= 0))
        goto out;
    REFUSED(&st, 0, "duplicate_support", "{\"type\":\"buy\",\"card\":%d}", dup_offered);
    CHECK(!listed(st, 0, "{\"type\":\"buy\",\"card\":%d}", dup_offered));
out:
    json_decref(st);
}

static int seat_1_buys(json_t *st, int seat, int card)
{
    (void)st;
    (void)card;
    return seat == 1;
}

/* Stops after seat 0 passes by choice while seat 1 may still buy. */
static int seat_0_passed(json_t *before, json_t *after, void *arg)
{
    json_t *e = seat_event("pass", 0);

    (void)before;
    (void)arg;
    return e && !json_is_true(json_object_get(e, "automatic")) &&
           !strcmp(phase_of(after), "acquisition") && num(after, "turn") == 1;
}

static void test_a_pass_made_in_a_real_market_is_final(void)
{
    struct plan p = {.where = two_for_seat_0, .buys = seat_1_buys};
    json_t *st = NULL, *list, *m, *mk, *buy = NULL;
    size_t i;
    int n;

    for (n = 1; n < 60; n++) {
        json_decref(st);
        st = deal(n, NULL, NULL);
        if (drive(&st, &p, seat_0_passed, NULL, 600))
            break;
    }
    if (!CHECK(n < 60))
        goto out;
    /* Seat 0 may neither buy nor pass again, nor is anything listed for it. */
    mk = json_object_get(st, "market");
    for (i = 0; i < json_array_size(mk); i++)
        REFUSED(&st, 0, "already_passed", "{\"type\":\"buy\",\"card\":%d}", ival(mk, i));
    REFUSED(&st, 0, "already_passed", "{\"type\":\"pass\"}");
    list = moves_of(st, 0);
    CHECK_EQ_INT(json_array_size(list), 0);
    json_decref(list);
    /* Seat 1 buys on, and keeps the turn while the market lasts. */
    list = moves_of(st, 1);
    json_array_foreach(list, i, m)
        if (!buy && !strcmp(type_of(m), "buy"))
            buy = m;
    if (CHECK(buy != NULL)) {
        CHECK_EQ_INT(play_json(&st, 1, buy), 0);
        if (!strcmp(phase_of(st), "acquisition")) {
            CHECK_EQ_INT(num(st, "turn"), 1);
            mk = json_object_get(st, "market");
            REFUSED(&st, 0, "already_passed", "{\"type\":\"buy\",\"card\":%d}", ival(mk, 0));
        }
    }
    json_decref(list);
out:
    json_decref(st);
}

/* -- the Warehouse ---------------------------------------------------------- */

/* Seat 0 goes to the Warehouse when it is out, seat 1 next door. */
static int to_the_warehouse(json_t *st, int seat, int card)
{
    int w = line_pos(st, "warehouse");

    (void)card;
    return w < 0 ? -1 : seat == 0 ? w : (w + 1) % 3;
}

static int warehouse_won(json_t *before, json_t *after, void *arg)
{
    (void)after;
    if (!event("warehouse", 0))
        return 0;
    *(json_t **)arg = json_incref(before);
    return 1;
}

/* Checks a Warehouse bonus against the unit deck before it: returns
 * whether the support found was taken (1), refused as a duplicate (0). */
static int check_warehouse(json_t *before, json_t *after)
{
    json_t *w = event("warehouse", 0), *ud = json_object_get(before, "unit_deck");
    json_t *rev = json_object_get(w, "revealed"), *after_ud = json_object_get(after, "unit_deck");
    int s = num(w, "seat"), found = -1, nrev = 0, taken, off;

    /* Reveal from the top (the end) until a support card. */
    for (size_t i = json_array_size(ud); i-- > 0;) {
        int c = ival(ud, i);

        if (is_support(c)) {
            found = c;
            break;
        }
        CHECK_EQ_STR(json_string_value(json_array_get(rev, (size_t)nrev)), unit_of(c));
        nrev++;
    }
    CHECK_EQ_INT((int)json_array_size(rev), nrev);
    if (!CHECK(found >= 0))
        return -1;
    CHECK_EQ_STR(json_string_value(json_object_get(w, "support")), unit_of(found));
    taken = !has_support_like(before, s, found);
    CHECK_EQ_INT(json_is_true(json_object_get(w, "taken")), taken);
    CHECK_EQ_INT(in_zone(after, s, "supports", found), taken);
    CHECK(!in_zone(after, 1 - s, "supports", found));
    /* The other revealed cards (and a refused duplicate) lie at the bottom,
     * under what the market may have returned in the same move. */
    off = event("market_returned", 0) ? num(event("market_returned", 0), "count") : 0;
    for (int k = off; k < off + nrev + !taken; k++) {
        int c = ival(after_ud, (size_t)k), ok = c == found && !taken;

        for (size_t i = json_array_size(ud) - (size_t)nrev; i < json_array_size(ud); i++)
            ok |= ival(ud, i) == c;
        CHECK(ok);
    }
    return taken;
}

static void test_the_warehouse_winner_takes_the_first_support_revealed(void)
{
    struct plan p = {.where = to_the_warehouse, .buys = buys_supports};
    json_t *st = NULL, *before = NULL;
    int n, seen[2] = {0, 0};

    for (n = 1; n < 120 && !(seen[0] && seen[1]); n++) {
        json_decref(st);
        st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        while (!(seen[0] && seen[1]) && drive(&st, &p, warehouse_won, &before, 2000)) {
            int t = check_warehouse(before, st);

            if (t >= 0)
                seen[t] = 1;
            json_decref(before);
            before = NULL;
        }
    }
    CHECK(seen[1]);
    CHECK(seen[0]);
    json_decref(st);
}

/* -- locations -------------------------------------------------------------- */

static void test_a_crossroads_dealt_in_the_middle_is_worth_two_more(void)
{
    int seen[2] = {0, 0};

    for (int n = 1; n < 400 && !(seen[0] && seen[1]); n++) {
        json_t *st = deal(n, NULL, NULL);
        int p = line_pos(st, "crossroads");

        if (p >= 0) {
            CHECK_EQ_INT(num(slot(st, p), "resources"), (p == 1 ? 3 : 1));
            seen[p == 1] = 1;
        }
        json_decref(st);
    }
    CHECK(seen[0] && seen[1]);
}

/* -- unit abilities ------------------------------------------------------- */

static const char *ability_unit;   /* the kind whose attack ends is watched */
static int ability_card;

/* Stops after the move that ends the attack of a unit of ability_unit,
 * keeping the state before it in *(json_t **)arg. */
static int attack_done(json_t *before, json_t *after, void *arg)
{
    json_t *d = event("deploy", 0), *a = json_object_get(before, "attack");
    int c = -1;

    if (json_is_object(json_object_get(after, "attack")) || event("combat_end", 0))
        return 0;
    if (d)
        c = num(d, "card");
    else if (json_is_object(a))
        c = num(a, "card");
    if (c < 0 || strcmp(unit_of(c), ability_unit) || damage_of(after, c) < 0)
        return 0;
    ability_card = c;
    *(json_t **)arg = json_incref(before);
    return 1;
}

static int destroyed_at(int pos)
{
    int k = 0;

    for (int j = 0; event("destroyed", j); j++)
        k += num(event("destroyed", j), "position") == pos;
    return k;
}

static void test_harvesters_add_a_resource_token_to_their_location(void)
{
    struct plan p = {0};
    json_t *st = NULL, *before = NULL;
    int n, pos = 0;

    ability_unit = "harvesters";
    for (n = 1; n < 40 && !before; n++) {
        json_decref(st);
        st = deal(n, NULL, NULL);
        while (!before && drive(&st, &p, attack_done, &before, 40)) {
            /* A move in which nothing was destroyed there. */
            for (pos = 0; pos < 2; pos++)
                if (on_side(st, pos, 0, ability_card) || on_side(st, pos, 1, ability_card))
                    break;
            if (destroyed_at(pos)) {
                json_decref(before);
                before = NULL;
            }
        }
    }
    if (!CHECK(before != NULL))
        goto out;
    CHECK_EQ_INT(num(slot(st, pos), "resources"), num(slot(before, pos), "resources") + 1);
out:
    json_decref(before);
    json_decref(st);
}

/* -- bought units' abilities ------------------------------------------------ */

static const struct if_unit *kind_of(int c)
{
    const struct if_catalog *cat = ironfuture_catalog_get();

    return &cat->unit[cat->instance[c]];
}

/* Seat 0 buys units of ability_unit; everyone deploys at position 0 and
 * holds fire, so only abilities (and retaliation) deal damage. */
static int buys_ability_unit(json_t *st, int seat, int card)
{
    (void)st;
    return seat == 0 && !strcmp(unit_of(card), ability_unit);
}

static int all_to_0(json_t *st, int seat, int card)
{
    (void)st;
    (void)seat;
    (void)card;
    return 0;
}

static int ability_seat, ability_pos;

/*
 * Plays real deals until the attack of a unit of kind ends with it still
 * in play and want(before) holds; *before is the state before that move.
 */
static int reach_ability(const char *kind, int (*want)(json_t *before), json_t **st,
                         json_t **before)
{
    struct plan p = {.where = all_to_0, .buys = buys_ability_unit};

    ability_unit = kind;
    for (int n = 1; n < 80; n++) {
        json_decref(*st);
        *st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        while (drive(st, &p, attack_done, before, 3000)) {
            for (ability_pos = 0; ability_pos < 2; ability_pos++)
                if (damage_of(*st, ability_card) >= 0 &&
                    (on_side(*st, ability_pos, 0, ability_card) ||
                     on_side(*st, ability_pos, 1, ability_card)))
                    break;
            ability_seat = on_side(*st, ability_pos, 0, ability_card) ? 0 : 1;
            if (want(*before))
                return 1;
            json_decref(*before);
            *before = NULL;
        }
    }
    return 0;
}

static int anything(json_t *before)
{
    (void)before;
    return 1;
}

static void test_claim_jumpers_scavenge_a_resource_for_the_pool(void)
{
    json_t *st = NULL, *before = NULL;

    if (CHECK(reach_ability("claim_jumpers", anything, &st, &before)))
        CHECK_EQ_INT(num(seat_of(st, ability_seat), "resources"),
                     num(seat_of(before, ability_seat), "resources") + 1);
    json_decref(before);
    json_decref(st);
}

/* An enemy unit stands at the ability unit's location. */
static int enemy_there(json_t *before)
{
    return json_array_size(side(before, ability_pos, 1 - ability_seat)) > 0;
}

static void test_flame_troopers_shockwave_every_enemy_unit_at_their_location(void)
{
    json_t *st = NULL, *before = NULL, *u;

    if (!CHECK(reach_ability("flame_troopers", enemy_there, &st, &before)))
        goto out;
    u = side(before, ability_pos, 1 - ability_seat);
    for (size_t i = 0; i < json_array_size(u); i++) {
        int c = ival(json_array_get(u, i), 0), d = ival(json_array_get(u, i), 1) + 1;

        /* 1 more damage each: destroyed when that reaches its armor. */
        if (d >= kind_of(c)->armor)
            CHECK(damage_of(st, c) < 0 && in_zone(st, 1 - ability_seat, "discard", c));
        else
            CHECK_EQ_INT(damage_of(st, c), d);
    }
out:
    json_decref(before);
    json_decref(st);
}

/* A friendly unit with 2 or more damage stands at the ability unit's location,
 * so that a repair of fewer than 2 would show. */
static int friend_hurt_there(json_t *before)
{
    json_t *u = side(before, ability_pos, ability_seat);

    for (size_t i = 0; i < json_array_size(u); i++)
        if (ival(json_array_get(u, i), 0) != ability_card && ival(json_array_get(u, i), 1) > 1)
            return 1;
    return 0;
}

static int buys_engineers_or_retaliators(json_t *st, int seat, int card)
{
    return buys_ability_unit(st, seat, card) ||
           (seat == 1 && is_retaliator(card) && !is_support(card));
}

static void test_field_engineers_repair_up_to_two_on_each_other_friendly_unit(void)
{
    struct plan p = {.where = all_to_0, .buys = buys_engineers_or_retaliators};
    json_t *st = NULL, *before = NULL, *u;
    int found = 0;

    /* Seat 1's Retaliate units wound seat 0's arrivals; the engineers mend them. */
    ability_unit = "field_engineers";
    for (int n = 1; n < 80 && !found; n++) {
        json_decref(st);
        st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        while (!found && drive(&st, &p, attack_done, &before, 3000)) {
            ability_pos = 0;
            ability_seat = on_side(st, 0, 0, ability_card) ? 0 : 1;
            found = on_side(st, 0, ability_seat, ability_card) && friend_hurt_there(before);
            if (!found) {
                json_decref(before);
                before = NULL;
            }
        }
    }
    if (!CHECK(found))
        goto out;
    u = side(before, 0, ability_seat);
    for (size_t i = 0; i < json_array_size(u); i++) {
        int c = ival(json_array_get(u, i), 0), d = ival(json_array_get(u, i), 1);

        if (c != ability_card)
            CHECK_EQ_INT(damage_of(st, c), d > 2 ? d - 2 : 0);
    }
out:
    json_decref(before);
    json_decref(st);
}

/* A Command Rover and another friendly unit share a location. */
static int rover_and_friend(json_t *before)
{
    return json_array_size(side(before, ability_pos, ability_seat)) >= 1;
}

static void test_a_command_rover_rallies_each_other_friendly_unit_there(void)
{
    json_t *st = NULL, *before = NULL, *v, *u;
    int want = 0;

    if (!CHECK(reach_ability("command_rover", rover_and_friend, &st, &before)))
        goto out;
    /* Each unit's own capture, plus 1 for each unit other than the Rover. */
    u = side(st, ability_pos, ability_seat);
    for (size_t i = 0; i < json_array_size(u); i++) {
        int c = ival(json_array_get(u, i), 0);

        want += kind_of(c)->capture + (c != ability_card);
    }
    CHECK(json_array_size(u) >= 2);
    v = eng->view(st, ability_seat);
    CHECK_EQ_INT(ival(json_object_get(json_array_get(json_object_get(v, "locations"),
                                                     (size_t)ability_pos), "capture"),
                      (size_t)ability_seat), want);
    json_decref(v);
out:
    json_decref(before);
    json_decref(st);
}

/* -- support cards bought in play ------------------------------------------ */

/* Seat 0's support card of this kind, or -1. */
static int owned_support(json_t *st, const char *kind)
{
    json_t *sup = zone(st, 0, "supports");

    for (size_t i = 0; i < json_array_size(sup); i++)
        if (!strcmp(unit_of(ival(sup, i)), kind))
            return ival(sup, i);
    return -1;
}

/* Plays real deals until seat 0 owns a support_kind (card *c) at the start
 * of its turn. */
static int reach_support(const char *kind, json_t **st, int *c)
{
    struct plan buy = {.where = two_for_seat_0, .buys = buys_beacon};

    support_kind = kind;
    for (int n = 1; n < 80; n++) {
        json_decref(*st);
        *st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        if (drive(st, &buy, beacon_ready, NULL, 1500)) {
            *c = owned_support(*st, kind);
            return 1;
        }
    }
    return 0;
}

static void test_a_bought_supply_depot_gives_one_resource_once_a_conquest(void)
{
    json_t *st = NULL;
    int c = -1, pool;

    if (!CHECK(reach_support("supply_depot", &st, &c)))
        goto out;
    pool = num(seat_of(st, 0), "resources");
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d}", c);
    CHECK_EQ_INT(num(seat_of(st, 0), "resources"), pool + 1);
    CHECK_EQ_INT(num(st, "turn"), 0);
    REFUSED(&st, 0, "support_already_used", "{\"type\":\"activate\",\"card\":%d}", c);
out:
    json_decref(st);
}

static void test_a_bought_recon_uplink_draws_the_top_card_of_the_deck(void)
{
    json_t *st = NULL, *deck;
    int c = -1, hand, top;

    if (!CHECK(reach_support("recon_uplink", &st, &c)))
        goto out;
    deck = zone(st, 0, "deck");
    if (!CHECK(json_array_size(deck) > 0))
        goto out;
    hand = (int)json_array_size(zone(st, 0, "hand"));
    top = ival(deck, json_array_size(deck) - 1);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d}", c);
    CHECK_EQ_INT((int)json_array_size(zone(st, 0, "hand")), hand + 1);
    CHECK(in_zone(st, 0, "hand", top) && !in_zone(st, 0, "deck", top));
out:
    json_decref(st);
}

/* -- location resources ----------------------------------------------------- */

/* Spread out and fire at anything, so that units fall everywhere. */
static int spread(json_t *st, int seat, int card)
{
    (void)card;
    return (num(seat_of(st, seat), "played") + seat) % 3;
}

static int fire_always(json_t *st, int seat, json_t *alloc)
{
    (void)st;
    (void)seat;
    (void)alloc;
    return 1;
}

static const char *watched_loc;

/* Units on the field at pos in before that the move took off it, plus the
 * card deployed there by the move if it fell at once. */
static int fell_at(json_t *before, json_t *after, int pos)
{
    json_t *d = event("deploy", 0);
    int k = 0;

    for (int s = 0; s < 2; s++) {
        json_t *u = side(before, pos, s);

        for (size_t i = 0; i < json_array_size(u); i++)
            k += damage_of(after, ival(json_array_get(u, i), 0)) < 0;
    }
    if (d && num(d, "position") == pos && damage_of(after, num(d, "card")) < 0)
        k++;
    return k;
}

/* Stops after a mid-round move that destroyed units at watched_loc, with no
 * harvest there; keeps the state before it in *(json_t **)arg. */
static int fell_at_watched(json_t *before, json_t *after, void *arg)
{
    int p = line_pos(before, watched_loc);

    if (p < 0 || event("combat_end", 0) || event("harvest", 0) || !fell_at(before, after, p))
        return 0;
    *(json_t **)arg = json_incref(before);
    return 1;
}

static int reach_fall(const char *loc, json_t **st, json_t **before)
{
    struct plan p = {.where = spread, .fire = fire_always};

    watched_loc = loc;
    for (int n = 1; n < 80; n++) {
        json_decref(*st);
        *st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        if (drive(st, &p, fell_at_watched, before, 3000))
            return 1;
    }
    return 0;
}

static void test_each_unit_destroyed_at_the_salvage_yard_adds_a_token_up_to_five(void)
{
    json_t *st = NULL, *before = NULL;
    int p, want;

    if (!CHECK(reach_fall("salvage_yard", &st, &before)))
        goto out;
    p = line_pos(before, "salvage_yard");
    want = num(slot(before, p), "resources") + fell_at(before, st, p);
    CHECK_EQ_INT(num(slot(st, p), "resources"), want > 5 ? 5 : want);
out:
    json_decref(before);
    json_decref(st);
}

static void test_each_unit_destroyed_at_the_fuel_depot_removes_a_token(void)
{
    json_t *st = NULL, *before = NULL;
    int p, want;

    if (!CHECK(reach_fall("fuel_depot", &st, &before)))
        goto out;
    p = line_pos(before, "fuel_depot");
    want = num(slot(before, p), "resources") - fell_at(before, st, p);
    CHECK_EQ_INT(num(slot(st, p), "resources"), want < 0 ? 0 : want);
out:
    json_decref(before);
    json_decref(st);
}

/* Stops after the move that ends a round with watched_loc in the line and
 * no harvest or destruction there in that move; keeps the state before. */
static int captured_watched(json_t *before, json_t *after, void *arg)
{
    int p = line_pos(before, watched_loc);

    (void)after;
    if (p < 0 || !event("combat_end", 0) || destroyed_at(p))
        return 0;
    for (int k = 0; event("harvest", k); k++)
        if (num(event("harvest", k), "position") == p)
            return 0;
    *(json_t **)arg = json_incref(before);
    return 1;
}

static json_t *capture_at(int pos)
{
    for (int k = 0; event("capture", k); k++)
        if (num(event("capture", k), "position") == pos)
            return event("capture", k);
    return NULL;
}

/* Whether seat has a unit at pos when the round's last move is over. */
static int holds_at_capture(json_t *before, int pos, int seat)
{
    json_t *d = seat_event("deploy", seat);

    return json_array_size(side(before, pos, seat)) > 0 ||
           (d && num(d, "position") == pos);
}

/*
 * Plays real deals under two plans (seat 0 and 1 apart, and spread out)
 * and hands each capture of loc to check, which answers which of the two
 * cases it was (or -1); both cases must be seen.
 */
static void capture_cases(const char *loc, int (*check)(json_t *before, int pos))
{
    struct plan plans[2] = {{.where = two_for_seat_0}, {.where = spread, .fire = fire_always}};
    int seen[2] = {0, 0};

    watched_loc = loc;
    for (int k = 0; k < 2; k++)
        for (int n = 1; n < 60 && !(seen[0] && seen[1]); n++) {
            json_t *st = deal(n, "{\"rounds_to_win\": 5}", NULL), *before = NULL;

            while (!(seen[0] && seen[1]) && drive(&st, &plans[k], captured_watched, &before, 3000)) {
                int c = check(before, line_pos(before, loc));

                if (c >= 0)
                    seen[c] = 1;
                json_decref(before);
                before = NULL;
            }
            json_decref(st);
        }
    CHECK(seen[0]);
    CHECK(seen[1]);
}

static int check_deep_mine(json_t *before, int p)
{
    json_t *cap = capture_at(p);
    int both = holds_at_capture(before, p, 0) && holds_at_capture(before, p, 1);

    if (!CHECK(cap != NULL) || num(cap, "winner") < 0)
        return -1;
    CHECK_EQ_INT(num(cap, "resources"), num(slot(before, p), "resources") + (both ? 2 : 0));
    return both;
}

static void test_a_deep_mine_held_by_both_players_is_worth_two_more(void)
{
    capture_cases("deep_mine", check_deep_mine);
}

static int check_relay(json_t *before, int p)
{
    json_t *cap = capture_at(p);
    int chained;

    if (!CHECK(cap != NULL) || num(cap, "winner") < 0)
        return -1;
    chained = p > 0 && num(capture_at(p - 1), "winner") == num(cap, "winner");
    CHECK_EQ_INT(num(cap, "resources"), num(slot(before, p), "resources") + (chained ? 2 : 0));
    return chained;
}

static void test_a_relay_station_won_after_the_location_before_it_is_worth_two_more(void)
{
    capture_cases("relay_station", check_relay);
}

/* -- supports used mid-round ------------------------------------------------- */

static int (*support_want)(json_t *st);   /* what else the turn must offer */

/* Seat 0 buys support_kind; seat 1 buys Retaliate units; all go to 0 and
 * seat 1 fires, so seat 0's units are hurt and face retaliation. */
static int buys_support_or_retaliators(json_t *st, int seat, int card)
{
    return buys_beacon(st, seat, card) ||
           (seat == 1 && is_retaliator(card) && !is_support(card));
}

static int seat_1_fires(json_t *st, int seat, json_t *alloc)
{
    (void)st;
    (void)alloc;
    return seat == 1;
}

/* Stops on seat 0's turn to deploy, its support_kind ready, when
 * support_want holds. */
static int support_turn(json_t *before, json_t *after, void *arg)
{
    json_t *sup = zone(after, 0, "supports");
    int ready = 0;

    (void)before;
    (void)arg;
    if (strcmp(phase_of(after), "conquest") || num(after, "turn") != 0 ||
        json_is_object(json_object_get(after, "attack")) ||
        json_array_size(zone(after, 0, "hand")) == 0)
        return 0;
    for (size_t i = 0; i < json_array_size(sup); i++)
        ready |= !strcmp(unit_of(ival(sup, i)), support_kind) &&
                 !in_zone(after, 0, "used", ival(sup, i));
    return ready && support_want(after);
}

static int reach_support_turn(const char *kind, int (*want)(json_t *st), json_t **st, int *c)
{
    struct plan p = {.where = all_to_0, .fire = seat_1_fires,
                     .buys = buys_support_or_retaliators};

    support_kind = kind;
    support_want = want;
    for (int n = 1; n < 80; n++) {
        json_decref(*st);
        *st = deal(n, "{\"rounds_to_win\": 5}", NULL);
        if (drive(st, &p, support_turn, NULL, 3000)) {
            *c = owned_support(*st, kind);
            return 1;
        }
    }
    return 0;
}

static int hurt_card;

/* Seat 0 has a unit on the field with 2 or more damage. */
static int seat_0_hurt(json_t *st)
{
    for (int p = 0; p < 3; p++) {
        json_t *u = side(st, p, 0);

        for (size_t i = 0; i < json_array_size(u); i++)
            if (ival(json_array_get(u, i), 1) >= 2) {
                hurt_card = ival(json_array_get(u, i), 0);
                return 1;
            }
    }
    return 0;
}

static void test_a_bought_field_workshop_removes_up_to_two_damage(void)
{
    json_t *st = NULL;
    int c = -1, d;

    if (!CHECK(reach_support_turn("field_workshop", seat_0_hurt, &st, &c)))
        goto out;
    d = damage_of(st, hurt_card);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", c, hurt_card);
    CHECK_EQ_INT(damage_of(st, hurt_card), d - 2);
out:
    json_decref(st);
}

/* Seat 1 has a Retaliate unit at position 0, where retaliation works. */
static int retaliator_at_0(json_t *st)
{
    json_t *u = side(st, 0, 1);
    const char *loc = json_string_value(json_object_get(slot(st, 0), "location"));

    if (!strcmp(loc, "salt_flats") || !strcmp(loc, "minefield"))
        return 0;
    for (size_t i = 0; i < json_array_size(u); i++)
        if (is_retaliator(ival(json_array_get(u, i), 0)))
            return 1;
    return 0;
}

static void test_a_bought_smoke_generator_spares_the_turns_unit_retaliation(void)
{
    json_t *st = NULL;
    int c = -1, card;

    if (!CHECK(reach_support_turn("smoke_generator", retaliator_at_0, &st, &c)))
        goto out;
    card = ival(zone(st, 0, "hand"), 0);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d}", c);
    OK(&st, 0, "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", card);
    /* Retaliate units wait there, yet the unit takes no damage from them. */
    CHECK(event("retaliation", 0) == NULL || num(event("retaliation", 0), "damage") == 0);
    CHECK_EQ_INT(damage_of(st, card), 0);
out:
    json_decref(st);
}

/* Seat 1 has a unit at position 0. */
static int enemy_at_0(json_t *st)
{
    return json_array_size(side(st, 0, 1)) > 0;
}

/* Deploys card at 0 and allocates its first weapon that has a target to
 * that target; returns the roll needed, or -1 when nothing could fire. */
static int first_shot_needed(json_t **st, int card)
{
    json_t *list, *m, *alloc = NULL;
    size_t i;
    int need = -1;

    if (play(st, 0, "{\"type\":\"deploy\",\"card\":%d,\"location\":0}", card))
        return -1;
    list = moves_of(*st, 0);
    json_array_foreach(list, i, m)
        if (!alloc && !strcmp(type_of(m), "allocate"))
            alloc = m;
    if (alloc && play_json(st, 0, alloc) == 0)
        for (int k = 0; event("attack", k); k++)
            if (num(event("attack", k), "target") == num(alloc, "target"))
                need = num(event("attack", k), "needed");
    json_decref(list);
    return need;
}

static void test_a_bought_targeting_array_gives_the_turns_unit_one_to_hit(void)
{
    json_t *st = NULL, *hand;
    int c = -1, plain = -1, aimed = -1;

    if (!CHECK(reach_support_turn("targeting_array", enemy_at_0, &st, &c)))
        goto out;
    /* The same shot from the same position with and without the Array. */
    hand = zone(st, 0, "hand");
    for (size_t i = 0; i < json_array_size(hand) && plain < 3; i++) {
        json_t *a = json_deep_copy(st), *b = json_deep_copy(st);
        struct rng keep = stream;

        plain = first_shot_needed(&a, ival(hand, i));
        stream = keep;
        if (plain >= 3) {
            OK(&b, 0, "{\"type\":\"activate\",\"card\":%d}", c);
            aimed = first_shot_needed(&b, ival(hand, i));
        }
        json_decref(a);
        json_decref(b);
    }
    if (CHECK(plain >= 3))
        CHECK_EQ_INT(aimed, plain - 1);
out:
    json_decref(st);
}

static void test_a_bought_artillery_battery_rolls_two_long_range_dice(void)
{
    json_t *st = NULL, *e, *dice;
    int c = -1, t, d, want = 0;

    if (!CHECK(reach_support_turn("artillery_battery", enemy_at_0, &st, &c)))
        goto out;
    t = ival(json_array_get(side(st, 0, 1), 0), 0);
    d = damage_of(st, t);
    OK(&st, 0, "{\"type\":\"activate\",\"card\":%d,\"target\":%d}", c, t);
    e = event("support", 0);
    if (!CHECK(e != NULL))
        goto out;
    dice = json_object_get(e, "dice");
    CHECK_EQ_INT((int)json_array_size(dice), 2);
    CHECK_EQ_STR(json_string_value(json_object_get(e, "range")), "L");
    /* Each die at or above the roll needed hits (never a 1); a 6 deals 2. */
    for (size_t i = 0; i < json_array_size(dice); i++) {
        int v = ival(dice, i);

        if (v == 6 || (v != 1 && v >= num(e, "needed")))
            want += v == 6 && !ironfuture_unit_ability(kind_of(t), IF_AB_HARDENED) ? 2 : 1;
    }
    if (d + want >= kind_of(t)->armor)
        CHECK(damage_of(st, t) < 0 && in_zone(st, 1, "discard", t));
    else
        CHECK_EQ_INT(damage_of(st, t), d + want);
out:
    json_decref(st);
}

/* IF-R-16: a seat out of time under "auto" makes the least committal move:
 * over whole games of such moves, each one legal, never a shot, a support
 * or a purchase, and a hold of fire wherever one was possible. */
static void test_a_seat_out_of_time_makes_the_least_committal_move(void)
{
    int moves = 0, holds = 0;

    for (int n = 1; n <= 10; n++) {
        json_t *st = deal(900 + n, NULL, NULL);
        struct rules_status rs;

        for (int i = 0; i < 600 && eng->status(st, &rs) == 0 && !rs.finished; i++) {
            int seat = rs.must_act & 1u ? 0 : 1;
            json_t *lm = eng->legal_moves(st, seat), *m = eng->timeout_move(st, seat), *e;
            int listed = 0, could_hold = 0;
            size_t k;
            json_t *events = NULL;
            struct rules_error err;

            if (!CHECK(m != NULL)) {
                json_decref(lm);
                break;
            }
            json_array_foreach(json_object_get(lm, "moves"), k, e) {
                listed |= json_equal(e, m);
                could_hold |= strcmp(json_string_value(json_object_get(e, "type")), "hold_fire") == 0;
            }
            CHECK(listed);
            CHECK(strcmp(json_string_value(json_object_get(m, "type")), "allocate") != 0);
            CHECK(strcmp(json_string_value(json_object_get(m, "type")), "buy") != 0);
            CHECK(strcmp(json_string_value(json_object_get(m, "type")), "activate") != 0);
            if (could_hold) {
                CHECK_EQ_STR(json_string_value(json_object_get(m, "type")), "hold_fire");
                holds++;
            }
            if (!CHECK_EQ_INT(eng->apply(&st, seat, m, &stream, &events, &err), 0))
                fprintf(stderr, "  %s: %s\n", err.code, err.message);
            json_decref(events);
            json_decref(lm);
            json_decref(m);
            moves++;
        }
        json_decref(st);
    }
    CHECK(moves > 100);
    CHECK(holds > 0);
}

int main(void)
{
    eng = rules_engine_find("ironfuture");
    if (!CHECK(eng != NULL))
        return check_summary();
    RUN(test_setup_deals_seven_starter_units_and_a_five_card_hand_each);
    RUN(test_setup_numbers_every_card_before_any_shuffle);
    RUN(test_setup_players_roll_off_and_the_highest_roll_goes_first);
    RUN(test_setup_options_and_seats_are_checked);
    RUN(test_setup_is_fixed_by_the_random_stream);
    RUN(test_each_player_draws_five_cards_seen_only_by_them);
    RUN(test_three_locations_are_revealed_with_their_resources);
    RUN(test_players_alternate_deploying_starting_with_the_first_player);
    RUN(test_a_unit_is_deployed_from_hand_to_one_of_the_locations);
    RUN(test_the_round_ends_when_each_player_has_played_five_cards);
    RUN(test_short_medium_and_long_range_follow_the_line_of_locations);
    RUN(test_the_middle_location_is_at_long_range_to_no_location);
    RUN(test_each_weapon_is_allocated_to_a_single_enemy_unit);
    RUN(test_attacks_resolve_short_then_medium_then_long);
    RUN(test_three_or_better_hits_and_an_unmodified_six_is_a_critical);
    RUN(test_a_roll_of_one_never_hits);
    RUN(test_a_natural_six_always_hits_and_only_a_natural_six_is_critical);
    RUN(test_a_unit_whose_damage_reaches_its_armor_is_destroyed_to_the_discard);
    RUN(test_dice_allocated_to_a_unit_already_destroyed_are_lost);
    RUN(test_attacking_is_optional_for_each_weapon);
    RUN(test_hit_modifiers_accuracy_evasion_vantage_and_cover);
    RUN(test_hardened_units_take_one_damage_from_a_critical);
    RUN(test_bulwark_draws_short_range_fire_and_stealth_hides_from_range);
    RUN(test_retaliation_deals_the_highest_x_before_the_unit_attacks);
    RUN(test_no_retaliation_where_the_defender_has_no_unit);
    RUN(test_infiltrate_smoke_and_salt_flats_stop_retaliation_trenches_add_one);
    RUN(test_a_minefield_damages_every_unit_deployed_there);
    RUN(test_abilities_resolve_after_attacks_if_the_unit_survives);
    RUN(test_a_unit_destroyed_on_deployment_uses_no_ability);
    RUN(test_support_cards_activate_before_the_turns_card_once_per_conquest);
    RUN(test_support_abilities_do_what_their_cards_say);
    RUN(test_the_highest_capture_value_takes_the_resources_a_tie_takes_none);
    RUN(test_the_round_winner_takes_a_location_card_and_survivors_are_discarded);
    RUN(test_cards_left_in_hand_are_discarded_when_the_round_ends);
    RUN(test_location_resources_change_when_their_conditions_are_met);
    RUN(test_the_crossroads_is_worth_more_in_the_middle);
    RUN(test_the_warehouse_winner_takes_a_support_card_unless_a_duplicate);
    RUN(test_rally_and_beacon_add_capture);
    RUN(test_five_units_are_offered_and_the_first_player_buys_first);
    RUN(test_a_pass_is_final_and_the_other_player_buys_on);
    RUN(test_no_one_may_have_two_of_the_same_support_card);
    RUN(test_supports_are_ready_again_in_the_next_conquest_phase);
    RUN(test_a_short_unit_deck_lays_out_what_remains);
    RUN(test_the_first_player_to_win_three_rounds_wins_the_game);
    RUN(test_rounds_to_win_can_be_set_as_an_option);
    RUN(test_a_player_who_resigns_loses_and_the_other_wins);
    RUN(test_resigning_while_buying_or_attacking);
    RUN(test_a_damaged_resignation_is_refused);
    RUN(test_a_rematch_is_dealt_for_the_player_who_did_not_win_to_choose);
    RUN(test_a_resigner_chooses_the_first_player_of_the_rematch);
    RUN(test_the_chooser_names_the_first_player_who_then_acts_first);
    RUN(test_the_chooser_option_is_checked_and_a_chooser_may_resign);
    RUN(test_a_pairing_names_the_first_player_without_a_roll_off);
    RUN(test_moves_are_strict_json_objects);
    RUN(test_the_state_round_trips_and_damaged_states_are_refused);
    RUN(test_views_show_your_hand_and_hide_other_hands_and_deck_order);
    RUN(test_legal_moves_are_exactly_what_apply_accepts);
    RUN(test_describe_lists_options_move_types_and_the_catalog);
    RUN(test_the_card_data_fits_the_rulebook);
    RUN(test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile);
    RUN(test_an_empty_command_bunker_is_won_by_nobody);
    RUN(test_a_beacon_takes_a_location_nobody_holds);
    RUN(test_the_round_winner_chooses_the_trophy_by_a_move);
    RUN(test_a_single_location_won_is_the_trophy_without_a_move);
    RUN(test_the_cards_left_in_the_deck_are_drawn_before_the_discard_is_reshuffled);
    RUN(test_only_deployment_triggers_retaliation_not_fire_from_medium_range);
    RUN(test_a_bought_card_reaches_the_discard_and_is_drawn_in_a_later_round);
    RUN(test_setup_shuffles_every_deck_and_the_locations);
    RUN(test_a_reshuffled_discard_comes_back_in_a_random_order);
    RUN(test_a_bought_beacon_takes_a_location_nobody_deploys_to);
    RUN(test_a_support_card_already_held_cannot_be_bought);
    RUN(test_a_pass_made_in_a_real_market_is_final);
    RUN(test_the_warehouse_winner_takes_the_first_support_revealed);
    RUN(test_a_crossroads_dealt_in_the_middle_is_worth_two_more);
    RUN(test_harvesters_add_a_resource_token_to_their_location);
    RUN(test_claim_jumpers_scavenge_a_resource_for_the_pool);
    RUN(test_flame_troopers_shockwave_every_enemy_unit_at_their_location);
    RUN(test_field_engineers_repair_up_to_two_on_each_other_friendly_unit);
    RUN(test_a_command_rover_rallies_each_other_friendly_unit_there);
    RUN(test_a_bought_supply_depot_gives_one_resource_once_a_conquest);
    RUN(test_a_bought_recon_uplink_draws_the_top_card_of_the_deck);
    RUN(test_each_unit_destroyed_at_the_salvage_yard_adds_a_token_up_to_five);
    RUN(test_each_unit_destroyed_at_the_fuel_depot_removes_a_token);
    RUN(test_a_deep_mine_held_by_both_players_is_worth_two_more);
    RUN(test_a_relay_station_won_after_the_location_before_it_is_worth_two_more);
    RUN(test_a_bought_field_workshop_removes_up_to_two_damage);
    RUN(test_a_seat_out_of_time_makes_the_least_committal_move);
    RUN(test_a_bought_smoke_generator_spares_the_turns_unit_retaliation);
    RUN(test_a_bought_targeting_array_gives_the_turns_unit_one_to_hit);
    RUN(test_a_bought_artillery_battery_rolls_two_long_range_dice);
    json_decref(last_events);
    return check_summary();
}
