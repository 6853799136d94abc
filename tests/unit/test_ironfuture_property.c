/*
 * test_ironfuture_property.c - thousands of random Iron Future games.
 *
 * Each step picks uniformly among the moves legal_moves lists for the
 * seat that must act, applies it, and checks, mostly from the outside
 * (the load -> dump round trip uses the engine's game.h):
 *   - every card instance is in exactly one zone, every location too;
 *   - no view (other seat, spectator) shows a card in a hand it may not
 *     see or in any deck, nor a location still in the location deck;
 *   - hidden information is checked by value, not by the keys the engine
 *     happens to use: every integer in a view or in an event a seat
 *     receives is a card id the seat may see (public: on the field, in a
 *     discard pile, among the supports, in the market; or in its own
 *     hand), unless its key is one of the few known to hold counts,
 *     positions, dice or seats (numeric_keys: a new key is a card key
 *     until listed); and a view is byte-for-byte the same when the cards
 *     the viewer may not see are dealt differently among the hidden zones
 *     (the other hand, both decks, the unit deck);
 *   - public events never name a hidden card before revealing it; a
 *     private event ("to") names exactly one seat, and is a "drawn" event
 *     to the seat that drew: its cards are in that seat's hand after;
 *   - the rules of dice, retaliation (only on deployment), capture and
 *     ties, the round's winner and its trophy, recomputed from the state
 *     before each move and the rulebook (check_rules);
 *   - apply accepts every listed move, refuses it for the other seat,
 *     and status agrees with legal_moves (must_act non-empty until the
 *     game ends, then exactly one winner);
 *   - the state survives load -> dump unchanged (every 8th step and the
 *     final state);
 *   - every game ends within a step cap.
 * Every listed move is applied (on the side) in one game in 20; in the
 * others the move chosen is. One game in ten uses a rounds_to_win option.
 * At the end, every kind of event must have happened somewhere, so no
 * rule is dead code. IRONFUTURE_GAMES overrides the number of games:
 * 2000 take about 40 s of CPU in the sanitizer build (built at -O1
 * without the fuzzers' coverage, see CMakeLists.txt), on two cores.
 *
 * Speed: the games run in two worker processes (the machines have two
 * cores), and jansson allocates from json_pool.h instead of going through
 * ASan's allocator. The pool is stricter than LeakSanitizer for JSON:
 * after each game every JSON value must be freed (a leak fails that game
 * at once), a double free aborts, and freed blocks are poisoned for the
 * instrumented engine code.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "check.h"
#include "engine.h"
#include "ironfuture/game.h"
#include "json_pool.h"
#include "rng.h"

#define GAMES 2000           /* ~40 s of CPU under ASan+UBSan */
#define MAX_STEPS 4000       /* a game longer than this fails */
#define MAXC 128
#define ALL_MOVES_EVERY 20   /* 1 game in 20 applies every listed move */
#define ROUNDTRIP_EVERY 8    /* steps between load -> dump checks */
#define WORKERS 2            /* processes; the machines have two cores */

static const struct rules_engine *eng;

/* Event kinds every run of thousands of games must produce. */
static const char *const must_see[] = {
    "setup", "shuffle", "roll_off", "first_player", "round", "draw", "drawn",
    "reshuffle", "location", "turn", "deploy", "retaliation", "hazard",
    "allocate", "hold_fire", "attack", "destroyed", "repair", "harvest",
    "scavenge", "shockwave", "support", "combat_end", "capture", "warehouse",
    "discard_hand", "round_end", "market", "buy", "pass", "market_returned",
    "game_over", "location_reshuffle", "trophy_choice", "trophy",
};
#define NSEE (sizeof must_see / sizeof must_see[0])
static long seen_count[NSEE];
static long lost_attacks, ignored_retaliation, warehouse_declined, auto_pass;
static long moves_checked, max_state_bytes, total_steps, rounds_total;
static long wins[2], first_wins;

/* Zones of one state, read from its JSON. */
struct zones {
    unsigned char hand[2][MAXC], deck[MAXC]; /* deck: personal or unit deck */
    int ncards;
};

SCAFFOLD static void read_pile(json_t *a, unsigned char *mark, int *count, int n)
{
    size_t i;
    json_t *v;

    json_array_foreach(a, i, v) {
        json_int_t c = json_integer_value(v);

        if (CHECK(json_is_integer(v) && c >= 0 && c < n)) {
            count[c]++;
            if (mark)
                mark[c] = 1;
        }
    }
}

/* Counts one sighting of location id. */
SCAFFOLD static void see_location(int *seen, json_t *id)
{
    int k = json_is_string(id)
          ? ironfuture_catalog_location(ironfuture_catalog_get(), json_string_value(id))
          : -1;

    if (CHECK(k >= 0))
        seen[k]++;
}

SCAFFOLD static void see_locations(int *seen, json_t *arr)
{
    size_t i;
    json_t *v;

    json_array_foreach(arr, i, v)
        see_location(seen, v);
}

/* Every card in exactly one zone, every location in one place. */
SCAFFOLD static void check_accounting(json_t *state, struct zones *z)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    int count[MAXC] = {0}, lseen[IF_MAX_LOCATIONS] = {0};
    json_t *seats = json_object_get(state, "seats"), *slot, *seat;
    int n = cat->ninstances;
    size_t i;

    memset(z, 0, sizeof *z);
    z->ncards = n;
    json_array_foreach(seats, i, seat) {
        read_pile(json_object_get(seat, "deck"), z->deck, count, n);
        read_pile(json_object_get(seat, "hand"), z->hand[i], count, n);
        read_pile(json_object_get(seat, "discard"), NULL, count, n);
        read_pile(json_object_get(seat, "supports"), NULL, count, n);
        see_locations(lseen, json_object_get(seat, "trophies"));
    }
    read_pile(json_object_get(state, "unit_deck"), z->deck, count, n);
    read_pile(json_object_get(state, "market"), NULL, count, n);
    json_array_foreach(json_object_get(state, "line"), i, slot) {
        json_t *side, *u;
        size_t s, k;

        see_location(lseen, json_object_get(slot, "location"));
        json_array_foreach(json_object_get(slot, "units"), s, side)
            json_array_foreach(side, k, u) {
                json_int_t c = json_integer_value(json_array_get(u, 0));

                if (CHECK(c >= 0 && c < n))
                    count[c]++;
            }
    }
    see_locations(lseen, json_object_get(state, "location_deck"));
    see_locations(lseen, json_object_get(state, "location_discard"));
    for (int c = 0; c < n; c++)
        if (!CHECK_EQ_INT(count[c], 1))
            fprintf(stderr, "  card %d is in %d zones\n", c, count[c]);
    for (int k = 0; k < cat->nlocations; k++)
        if (!CHECK_EQ_INT(lseen[k], 1))
            fprintf(stderr, "  location %s is in %d places\n", cat->location[k].id, lseen[k]);
}

/* Strings a view must not contain: the locations still in the deck. */
struct banned {
    int n;
    const char *s[64];
    int hits;
};

/* Byte-wise equality: library string calls are intercepted under ASan. */
SCAFFOLD static int same(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* Marks the integers under "card"/"target"/"targets"; counts banned strings. */
SCAFFOLD static void walk(json_t *v, const char *key, unsigned char *ids,
                          struct banned *ban)
{
    size_t i;
    const char *k;
    json_t *x;

    if (json_is_object(v)) {
        json_object_foreach(v, k, x)
            walk(x, k, ids, ban);
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            walk(x, key, ids, ban);
    } else if (json_is_integer(v) && key &&
               (same(key, "card") || same(key, "target") || same(key, "targets"))) {
        json_int_t c = json_integer_value(v);

        if (c >= 0 && c < MAXC)
            ids[c] = 1;
    } else if (json_is_string(v) && ban) {
        const char *t = json_string_value(v);

        for (int j = 0; j < ban->n; j++)
            if (same(ban->s[j], t))
                ban->hits++;
    }
}

SCAFFOLD static void check_view(json_t *state, const struct zones *z, int viewer)
{
    json_t *view = eng->view(state, viewer), *v;
    unsigned char ids[MAXC] = {0};
    json_t *players = json_object_get(view, "players");
    struct banned ban = {0, {0}, 0};
    size_t i;

    CHECK(json_is_object(view) && !json_object_get(view, "error"));
    json_array_foreach(json_object_get(state, "location_deck"), i, v)
        if (ban.n < 64)
            ban.s[ban.n++] = json_string_value(v);
    walk(view, NULL, ids, &ban);
    for (int c = 0; c < z->ncards; c++) {
        int hidden = z->deck[c];

        for (int s = 0; s < 2; s++)
            hidden |= s != viewer && z->hand[s][c];
        if (!CHECK(!(hidden && ids[c])))
            fprintf(stderr, "  view of seat %d shows hidden card %d\n", viewer, c);
    }
    if (!CHECK_EQ_INT(ban.hits, 0))
        fprintf(stderr, "  view shows a location from the location deck\n");
    json_array_foreach(players, i, v) {
        json_t *hand = json_object_get(v, "hand");

        if ((int)i == viewer) {
            CHECK(json_is_array(hand));
            CHECK_EQ_INT(json_array_size(hand),
                         json_integer_value(json_object_get(v, "hand_size")));
        } else {
            CHECK(hand == NULL);
        }
        CHECK(!json_object_get(v, "deck"));
    }
    CHECK(!json_object_get(view, "unit_deck") &&
          !json_object_get(view, "location_deck"));
    json_decref(view);
}

/* Keys whose integers are counts, positions, seats, dice or card stats:
 * never a card id. An integer under any other key is a card id. */
static const char *const numeric_keys[] = {
    "seat", "hand_size", "deck_size", "resources", "rounds_won", "played",
    "position", "damage", "capture", "beacon", "rounds_to_win", "round",
    "first_player", "turn", "winner", "resigned", "unit_deck_size",
    "location_deck_size", "weapon", "dice", "aim", "cost", "armor", "value",
    "trophy_choice", "positions", "count", "location_resources", "needed",
    "hits", "criticals", "removed", "added", "pool", "gained", "bonus",
    "locations_won", "to", NULL,
};

SCAFFOLD static int numeric_key(const char *key)
{
    for (int i = 0; key && numeric_keys[i]; i++)
        if (same(key, numeric_keys[i]))
            return 1;
    return 0;
}

/* The cards any seat may see in state: field, discards, supports, market. */
SCAFFOLD static void allow_public(json_t *state, unsigned char *ok)
{
    json_t *seat, *slot, *side, *u, *v;
    size_t i, j, k;
    static const char *const piles[] = {"discard", "supports"};

    json_array_foreach(json_object_get(state, "seats"), i, seat)
        for (int p = 0; p < 2; p++)
            json_array_foreach(json_object_get(seat, piles[p]), j, v)
                ok[json_integer_value(v) & (MAXC - 1)] = 1;
    json_array_foreach(json_object_get(state, "market"), i, v)
        ok[json_integer_value(v) & (MAXC - 1)] = 1;
    json_array_foreach(json_object_get(state, "line"), i, slot)
        json_array_foreach(json_object_get(slot, "units"), j, side)
            json_array_foreach(side, k, u)
                ok[json_integer_value(json_array_get(u, 0)) & (MAXC - 1)] = 1;
}

SCAFFOLD static void allow_hand(json_t *state, int seat, unsigned char *ok)
{
    json_t *v;
    size_t i;

    if (seat < 0)
        return;
    json_array_foreach(json_object_get(json_array_get(json_object_get(state, "seats"),
                                                      (size_t)seat), "hand"), i, v)
        ok[json_integer_value(v) & (MAXC - 1)] = 1;
}

/* Marks in ids every integer under a card key in v: any key but the
 * numeric ones. Keys are compared only for integers in card range. */
SCAFFOLD static void collect_ids(json_t *v, const char *key, unsigned char *ids,
                                 int ncards)
{
    size_t i;
    const char *k;
    json_t *x;

    if (json_is_object(v)) {
        json_object_foreach(v, k, x)
            collect_ids(x, k, ids, ncards);
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            collect_ids(x, key, ids, ncards);
    } else if (json_is_integer(v)) {
        json_int_t c = json_integer_value(v);

        if (c >= 0 && c < ncards && !ids[c] && !numeric_key(key))
            ids[c] = 1;
    }
}

/* Every card id shown in v (collected) must be one ok allows; what and
 * viewer say where, in the message. Returns how many are not. */
SCAFFOLD static int check_ids(json_t *v, const unsigned char *ok, int ncards,
                              const char *what, int viewer)
{
    unsigned char ids[MAXC] = {0};
    int bad = 0;

    collect_ids(v, NULL, ids, ncards);
    for (int c = 0; c < ncards; c++)
        if (ids[c] && !ok[c]) {
            bad++;
            fprintf(stderr, "  %s for seat %d shows card %d, which it may not "
                    "see\n", what, viewer, c);
        }
    return bad;
}

/*
 * The same state with the cards viewer may not see dealt again at random
 * among the places it may not see (the other hand, both decks, the unit
 * deck); supports stay where they are, as no deck or hand may hold one.
 * New reference.
 */
SCAFFOLD static json_t *redeal_hidden(json_t *state, int viewer, struct rng *r)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *st = json_deep_copy(state), *zones[5], *a;
    int nz = 0, n = 0, cards[MAXC];
    size_t slot_zone[MAXC], slot_index[MAXC];

    for (int s = 0; s < 2; s++) {
        json_t *seat = json_array_get(json_object_get(st, "seats"), (size_t)s);

        zones[nz++] = json_object_get(seat, "deck");
        if (s != viewer)
            zones[nz++] = json_object_get(seat, "hand");
    }
    zones[nz++] = json_object_get(st, "unit_deck");
    for (int z = 0; z < nz; z++)
        for (size_t i = 0; i < json_array_size(zones[z]); i++) {
            int c = (int)json_integer_value(json_array_get(zones[z], i));

            if (n < MAXC && !cat->unit[cat->instance[c]].support) {
                slot_zone[n] = (size_t)z;
                slot_index[n] = i;
                cards[n++] = c;
            }
        }
    rng_shuffle(r, cards, (size_t)n);
    for (int k = 0; k < n; k++) {
        a = zones[slot_zone[k]];
        json_array_set_new(a, slot_index[k], json_integer(cards[k]));
    }
    return st;
}

/* By value: the view shows only cards the viewer may see, and nothing in
 * it changes when the hidden cards are dealt differently. */
SCAFFOLD static void check_view_by_value(json_t *state, int viewer, struct rng *r)
{
    unsigned char ok[MAXC] = {0};
    json_t *view = eng->view(state, viewer), *other, *view2;
    int n = ironfuture_catalog_get()->ninstances;

    allow_public(state, ok);
    allow_hand(state, viewer, ok);
    CHECK_EQ_INT(check_ids(view, ok, n, "view", viewer), 0);
    other = redeal_hidden(state, viewer, r);
    view2 = eng->view(other, viewer);
    if (!CHECK(json_equal(view, view2))) {
        char *a = json_dumps(view, JSON_COMPACT | JSON_SORT_KEYS);
        char *b = json_dumps(view2, JSON_COMPACT | JSON_SORT_KEYS);
        size_t i = 0;

        while (a[i] && a[i] == b[i])
            i++;
        fprintf(stderr, "  view of seat %d depends on hidden cards, from: %.80s\n"
                "  against: %.80s\n", viewer, a + i, b + i);
        pool_free(a);
        pool_free(b);
    }
    json_decref(view2);
    json_decref(other);
    json_decref(view);
}

/*
 * The events each seat (and a spectator) receives from one move, as the
 * service filters them (public ones, and private ones whose "to" names
 * the seat), show only cards that seat may see before or after the move,
 * or that a public event of the move revealed. Every private event goes
 * to exactly one seat: a "drawn" event to the seat that drew, whose hand
 * holds the cards it names.
 */
SCAFFOLD static void check_received(json_t *events, json_t *before, json_t *after)
{
    int n = ironfuture_catalog_get()->ninstances;
    unsigned char pub[MAXC] = {0}, own[3][MAXC] = {{0}}; /* own[0]: spectator */
    json_t *ev;
    size_t i;

    allow_public(before, pub);
    allow_public(after, pub);
    for (int viewer = 0; viewer < 2; viewer++) {
        allow_hand(before, viewer, own[viewer + 1]);
        allow_hand(after, viewer, own[viewer + 1]);
    }
    json_array_foreach(events, i, ev) {
        const char *type = json_string_value(json_object_get(ev, "type"));
        json_t *to = json_object_get(ev, "to"), *c;
        size_t k;

        if (!to) {
            /* A public reveal: these cards are now known to everyone. */
            if (same(type, "market") || same(type, "deploy") || same(type, "discard_hand"))
                json_array_foreach(json_object_get(ev, "cards"), k, c)
                    pub[json_integer_value(json_object_get(c, "card")) & (MAXC - 1)] = 1;
            if (same(type, "deploy"))
                pub[json_integer_value(json_object_get(ev, "card")) & (MAXC - 1)] = 1;
            continue;
        }
        if (!CHECK(json_is_array(to) && json_array_size(to) == 1) ||
            !CHECK(same(type, "drawn")))
            continue;
        {
            int s = (int)json_integer_value(json_array_get(to, 0));
            unsigned char hand[MAXC] = {0};

            CHECK_EQ_INT(json_integer_value(json_object_get(ev, "seat")), s);
            allow_hand(after, s, hand);
            json_array_foreach(json_object_get(ev, "cards"), k, c)
                if (!CHECK(hand[json_integer_value(json_object_get(c, "card")) & (MAXC - 1)]))
                    fprintf(stderr, "  a drawn event to seat %d names card %d, not in "
                            "its hand\n", s, (int)json_integer_value(json_object_get(c, "card")));
        }
    }
    json_array_foreach(events, i, ev) {
        json_t *to = json_object_get(ev, "to");
        unsigned char ids[MAXC] = {0};

        collect_ids(ev, NULL, ids, n);
        for (int viewer = -1; viewer < 2; viewer++) {
            json_t *s;
            size_t k;
            int visible = !to;

            json_array_foreach(to, k, s)
                visible |= viewer >= 0 && json_integer_value(s) == viewer;
            if (!visible)
                continue;
            for (int c = 0; c < n; c++)
                if (ids[c] && !pub[c] && !own[viewer + 1][c] && CHECK(0))
                    fprintf(stderr, "  %s event for seat %d shows card %d, which "
                            "it may not see\n", json_string_value(json_object_get(ev, "type")),
                            viewer, c);
        }
    }
}

/*
 * Public events must not name a card that was hidden before the move
 * (in a hand or a deck) unless an earlier public event revealed it.
 */
SCAFFOLD static void check_events(json_t *events, const struct zones *before)
{
    unsigned char revealed[MAXC] = {0};
    json_t *ev;
    size_t i;

    CHECK(json_is_array(events));
    json_array_foreach(events, i, ev) {
        const char *type = json_string_value(json_object_get(ev, "type"));
        json_t *to = json_object_get(ev, "to");
        unsigned char ids[MAXC] = {0};

        if (!CHECK(type != NULL))
            continue;
        for (size_t k = 0; k < NSEE; k++)
            if (!strcmp(type, must_see[k]))
                seen_count[k]++;
        if (!strcmp(type, "attack") && json_is_true(json_object_get(ev, "lost")))
            lost_attacks++;
        if (!strcmp(type, "retaliation") && json_object_get(ev, "ignored"))
            ignored_retaliation++;
        if (!strcmp(type, "warehouse") && json_is_string(json_object_get(ev, "support")) &&
            json_is_false(json_object_get(ev, "taken")))
            warehouse_declined++;
        if (!strcmp(type, "pass") && json_is_true(json_object_get(ev, "automatic")))
            auto_pass++;
        if (!strcmp(type, "drawn")) {
            CHECK(json_is_array(to) && json_array_size(to) == 1);
            continue;
        }
        if (to) {
            CHECK(json_is_array(to));
            continue;
        }
        walk(ev, NULL, ids, NULL);
        for (int c = 0; c < MAXC; c++) {
            int hidden = before->deck[c] || before->hand[0][c] || before->hand[1][c];

            if (ids[c] && hidden && !revealed[c]) {
                /* These events are the reveal itself. */
                if (!strcmp(type, "deploy") || !strcmp(type, "market") ||
                    !strcmp(type, "discard_hand") || !strcmp(type, "warehouse"))
                    revealed[c] = 1;
                else if (!CHECK(0))
                    fprintf(stderr, "  public %s event names hidden card %d\n",
                            type, c);
            }
        }
    }
}

/* ---- rules re-derived from the rulebook, on positions games reach ---- */

SCAFFOLD static int ability_of(int c, enum if_ability_kind k)
{
    const struct if_catalog *cat = ironfuture_catalog_get();

    return ironfuture_unit_ability(&cat->unit[cat->instance[c]], k);
}

SCAFFOLD static const struct if_loc_rule *rule_at(json_t *state, int pos,
                                                  enum if_rule_kind k)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *slot = json_array_get(json_object_get(state, "line"), (size_t)pos);
    int l = ironfuture_catalog_location(cat, json_string_value(json_object_get(slot, "location")));

    return l < 0 ? NULL : ironfuture_location_rule(&cat->location[l], k);
}

SCAFFOLD static int ev_int(json_t *ev, const char *key)
{
    return (int)json_integer_value(json_object_get(ev, key));
}

/* The line position of card c on the field of state, or -1. */
SCAFFOLD static int field_pos(json_t *state, int c, int *seat)
{
    json_t *slot, *side, *u;
    size_t p, s, k;

    json_array_foreach(json_object_get(state, "line"), p, slot)
        json_array_foreach(json_object_get(slot, "units"), s, side)
            json_array_foreach(side, k, u)
                if (json_integer_value(json_array_get(u, 0)) == c) {
                    if (seat)
                        *seat = (int)s;
                    return (int)p;
                }
    return -1;
}

/*
 * The natural roll an attack at target t in range band (0 S, 1 M, 2 L)
 * needs, from attacker a (-1: artillery, which fires as Long range), as
 * the rulings put it: 3, or the location's cover; Accuracy, the
 * Targeting Array and Vantage lower it, Evasive raises it; never below 2
 * (a 1 never hits) nor above 6 (a 6 always does).
 */
SCAFFOLD static int roll_needed(json_t *before, int a, int t, int band)
{
    int tpos = field_pos(before, t, NULL), need = 3, mod = -ability_of(t, IF_AB_EVASIVE);
    const struct if_loc_rule *cover = rule_at(before, tpos, IF_LR_DEFENSE);

    if (cover && (cover->ranges & (1u << band)))
        need = cover->value;
    if (a >= 0) {
        const struct if_loc_rule *v = rule_at(before, field_pos(before, a, NULL), IF_LR_VANTAGE);

        mod += ability_of(a, IF_AB_ACCURACY) + ev_int(before, "aim");
        if (v && (v->ranges & (1u << band)))
            mod += v->value;
    }
    need -= mod;
    return need < 2 ? 2 : need > 6 ? 6 : need;
}

/* An attack's range, target and roll needed, by the rules of Attacking. */
SCAFFOLD static void check_attack(json_t *ev, json_t *before)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    int a = ev_int(ev, "card"), t = ev_int(ev, "target"), w = ev_int(ev, "weapon");
    const char *r = json_string_value(json_object_get(ev, "range"));
    int band = same(r, "S") ? 0 : same(r, "M") ? 1 : same(r, "L") ? 2 : -1;
    int apos = field_pos(before, a, NULL), tseat = -1, tpos = field_pos(before, t, &tseat);
    const struct if_unit *u = &cat->unit[cat->instance[a]];
    json_t *foes, *f;
    size_t k;

    if (!CHECK(band >= 0 && apos >= 0 && tpos >= 0 && w >= 0 && w < u->nweapons))
        return;
    /* Short: the same location; Medium: next door; Long: two away. */
    CHECK_EQ_INT(abs(tpos - apos), band);
    CHECK(u->weapon[w].ranges & (1u << band));
    CHECK_EQ_INT((int)json_array_size(json_object_get(ev, "dice")), u->weapon[w].dice);
    if (band > 0)
        CHECK(!ability_of(t, IF_AB_STEALTH));
    foes = json_array_get(json_object_get(json_array_get(json_object_get(before, "line"), (size_t)tpos),
                                          "units"), (size_t)tseat);
    if (band == 0 && !ability_of(t, IF_AB_BULWARK))
        json_array_foreach(foes, k, f)
            CHECK(!ability_of((int)json_integer_value(json_array_get(f, 0)), IF_AB_BULWARK));
    CHECK_EQ_INT(ev_int(ev, "needed"), roll_needed(before, a, t, band));
}

/*
 * Checks each event of one move (of type mtype, by seat) against the
 * rulebook, recomputed from the state before it:
 *   - an attack's dice: 3+ (or the roll needed, 2..6: a 1 never hits),
 *     each hit 1 damage, an unmodified 6 a critical of 2 (1 if Hardened);
 *     its range from the line of locations and the weapon's letters, its
 *     target allowed by Stealth and Bulwark, the roll needed recomputed
 *     from cover, Vantage, Accuracy, Evasive and the Targeting Array;
 *   - retaliation only when a unit is deployed, of the highest Retaliate X
 *     among the defender's units at that location before the deployment
 *     (+ the Trench Line's bonus), unless the location, Infiltrate or the
 *     Smoke Generator cancels it; and a deployment there always draws it;
 *   - the highest capture value wins a location and its resources; equal
 *     values tie and nobody takes it, except at the Command Bunker with
 *     something to tie (the token holder), never at 0-0;
 *   - the round goes to the seat that won more locations, and its trophy
 *     is one of the locations it won;
 *   - each new round: the first player token has passed, its holder draws
 *     5 first, then the other, and the holder deploys first.
 */
SCAFFOLD static void check_rules(json_t *events, json_t *before, const char *mtype, int mover)
{
    int won_at[IF_LINE] = {-1, -1, -1}, won[2] = {0, 0}, retaliations = 0;
    json_t *ev;
    size_t i;

    json_array_foreach(events, i, ev) {
        const char *type = json_string_value(json_object_get(ev, "type"));
        json_t *dice = json_object_get(ev, "dice"), *d;
        size_t k;

        if ((same(type, "attack") || same(type, "support")) && json_is_array(dice) &&
            json_object_get(ev, "needed")) {
            int need = ev_int(ev, "needed"), hits = 0, crits = 0;
            int hard = ability_of(ev_int(ev, "target"), IF_AB_HARDENED) > 0;

            CHECK(need >= 2 && need <= 6);
            json_array_foreach(dice, k, d) {
                int v = (int)json_integer_value(d);

                CHECK(v >= 1 && v <= 6);
                hits += v >= need;
                crits += v == 6;
            }
            CHECK_EQ_INT(ev_int(ev, "hits"), hits);
            CHECK_EQ_INT(ev_int(ev, "criticals"), crits);
            CHECK_EQ_INT(ev_int(ev, "damage"), hits - crits + crits * (hard ? 1 : 2));
            if (same(type, "attack"))
                check_attack(ev, before);
            else
                CHECK_EQ_INT(need, roll_needed(before, -1, ev_int(ev, "target"), 2));
        } else if (same(type, "retaliation")) {
            int pos = ev_int(ev, "position"), c = ev_int(ev, "card"), x = 0;
            json_t *foes = json_array_get(json_object_get(json_array_get(json_object_get(before, "line"), (size_t)pos), "units"),
                                          (size_t)(1 - mover)), *u;
            const struct if_loc_rule *bonus = rule_at(before, pos, IF_LR_RETALIATION_BONUS);
            int cancelled = rule_at(before, pos, IF_LR_NO_RETALIATION) ||
                            ability_of(c, IF_AB_INFILTRATE) ||
                            json_is_true(json_object_get(before, "smoke"));

            retaliations++;
            CHECK(same(mtype, "deploy"));
            CHECK_EQ_INT(ev_int(ev, "seat"), 1 - mover);
            json_array_foreach(foes, k, u) {
                int v = ability_of((int)json_integer_value(json_array_get(u, 0)), IF_AB_RETALIATE);

                x = v > x ? v : x;
            }
            CHECK(x > 0);
            if (json_object_get(ev, "ignored"))
                CHECK(cancelled && ev_int(ev, "damage") == 0);
            else
                CHECK(!cancelled && ev_int(ev, "damage") == x + (bonus ? bonus->value : 0));
        } else if (same(type, "capture")) {
            int pos = ev_int(ev, "position"), w = ev_int(ev, "winner");
            int a = (int)json_integer_value(json_array_get(json_object_get(ev, "capture"), 0));
            int b = (int)json_integer_value(json_array_get(json_object_get(ev, "capture"), 1));
            int want = a > b ? 0 : b > a ? 1 : -1;

            if (want < 0 && a > 0 && rule_at(before, pos, IF_LR_TIE_FIRST))
                want = ev_int(before, "first");
            CHECK_EQ_INT(w, want);
            if (w < 0)
                CHECK_EQ_INT(ev_int(ev, "resources"), 0);
            if (pos >= 0 && pos < IF_LINE)
                won_at[pos] = w;
            if (w >= 0)
                won[w]++;
        } else if (same(type, "round_end")) {
            json_t *lw = json_object_get(ev, "locations_won");

            CHECK_EQ_INT(json_integer_value(json_array_get(lw, 0)), won[0]);
            CHECK_EQ_INT(json_integer_value(json_array_get(lw, 1)), won[1]);
            CHECK_EQ_INT(ev_int(ev, "winner"), won[0] > won[1] ? 0 : won[1] > won[0] ? 1 : -1);
        } else if (same(type, "trophy")) {
            int s = ev_int(ev, "seat"), pos = ev_int(ev, "position");
            json_t *choice = json_object_get(before, "trophy_choice"), *c;
            int ok = 0;

            if (choice) {   /* chosen by a move, among the locations won */
                CHECK(same(mtype, "trophy") && s == mover);
                CHECK(json_is_false(json_object_get(ev, "automatic")));
                json_array_foreach(choice, k, c)
                    ok |= json_integer_value(c) == pos;
            } else {        /* taken at once: the one location won, or the game's last round */
                int n = 0;

                CHECK(json_is_true(json_object_get(ev, "automatic")));
                for (int p = 0; p < IF_LINE; p++)
                    n += won_at[p] == s;
                ok = pos >= 0 && pos < IF_LINE && won_at[pos] == s;
                CHECK(n == 1 || json_array_size(json_object_get(json_array_get(json_object_get(before, "seats"), (size_t)s),
                                                                "trophies")) + 1 >=
                                (size_t)ev_int(before, "rounds_to_win"));
            }
            CHECK(ok);
        } else if (same(type, "round")) {
            /* The token passes after every acquisition phase; its holder
             * draws first and deploys first, and each player draws 5 (every
             * seat owns at least 7 cards, all back in deck or discard). */
            json_t *e2;
            size_t k2;
            int draws = 0, turn_seen = 0;

            CHECK_EQ_INT(ev_int(ev, "first_player"), 1 - ev_int(before, "first"));
            for (k2 = i + 1; (e2 = json_array_get(events, k2)) != NULL; k2++) {
                const char *t2 = json_string_value(json_object_get(e2, "type"));

                if (same(t2, "draw")) {
                    CHECK_EQ_INT(ev_int(e2, "seat"), draws ? 1 - ev_int(ev, "first_player")
                                                           : ev_int(ev, "first_player"));
                    CHECK_EQ_INT(ev_int(e2, "count"), 5);
                    draws++;
                } else if (same(t2, "turn") && !turn_seen) {
                    CHECK_EQ_INT(ev_int(e2, "seat"), ev_int(ev, "first_player"));
                    turn_seen = 1;
                }
            }
            CHECK_EQ_INT(draws, 2);
            CHECK(turn_seen);
        } else if (same(type, "trophy_choice")) {
            int n = 0;

            for (int p = 0; p < IF_LINE; p++)
                n += won_at[p] == ev_int(ev, "seat");
            CHECK(n >= 2);
            CHECK_EQ_INT((int)json_array_size(json_object_get(ev, "positions")), n);
        }
    }
    /* A unit deployed where the defender has a Retaliate unit draws it. */
    if (same(mtype, "deploy")) {
        json_t *dep = NULL, *u, *foes;
        int x = 0;
        size_t k;

        json_array_foreach(events, i, ev)
            if (!dep && same(json_string_value(json_object_get(ev, "type")), "deploy"))
                dep = ev;
        foes = json_array_get(json_object_get(json_array_get(json_object_get(before, "line"),
                                                            (size_t)ev_int(dep, "position")), "units"),
                              (size_t)(1 - mover));
        json_array_foreach(foes, k, u)
            x |= ability_of((int)json_integer_value(json_array_get(u, 0)), IF_AB_RETALIATE) > 0;
        CHECK_EQ_INT(retaliations, x);
    } else {
        CHECK_EQ_INT(retaliations, 0);
    }
}

static int popcount(unsigned x)
{
    int n = 0;

    for (; x; x &= x - 1)
        n++;
    return n;
}

/*
 * Every listed move is accepted by apply. apply() leaves a refused state
 * alone and only swaps the reference on success, so a counted reference
 * stands in for a copy.
 */
static void check_moves_accepted(json_t *state, json_t *moves, int seat,
                                 const unsigned char key[RNG_KEY_BYTES])
{
    size_t i;
    json_t *m;

    json_array_foreach(moves, i, m) {
        json_t *s = json_incref(state), *ev = NULL;
        struct rules_error err;
        struct rng r;

        rng_init(&r, key, 1000000 + i);
        if (!CHECK_EQ_INT(eng->apply(&s, seat, m, &r, &ev, &err), 0)) {
            char *t = json_dumps(m, JSON_COMPACT);
            fprintf(stderr, "  listed move %s refused: %s %s\n", t, err.code,
                    err.message);
            pool_free(t); /* json_dumps allocates with the pool */
        }
        json_decref(ev);
        json_decref(s);
        moves_checked++;
    }
}

/* The other seat may not make the move, and a refusal changes nothing. */
static void check_refused_for_other(json_t *state, json_t *m, int seat,
                                   const unsigned char key[RNG_KEY_BYTES])
{
    json_t *s = json_incref(state), *ev = NULL;
    struct rules_error err;
    struct rng r;

    memset(&err, 0, sizeof err);
    rng_init(&r, key, 0);
    if (CHECK_EQ_INT(eng->apply(&s, 1 - seat, m, &r, &ev, &err), -1)) {
        CHECK(err.code[0] && err.message[0] && err.rule[0]);
        CHECK(s == state && ev == NULL);
        CHECK_EQ_INT(r.pos, 0);
    }
    json_decref(s);
}

static void check_roundtrip(json_t *state, int measure)
{
    static struct if_game game;
    struct if_game *g = &game;
    struct rules_error err;
    json_t *again;
    char *t;
    size_t len;

    if (!CHECK_EQ_INT(ironfuture_game_load(g, state, &err), 0)) {
        fprintf(stderr, "  load: %s %s\n", err.code, err.message);
        return;
    }
    again = ironfuture_game_dump(g);
    CHECK(json_equal(again, state));
    if (measure) {
        t = json_dumps(state, JSON_COMPACT);
        len = strlen(t);
        if ((long)len > max_state_bytes)
            max_state_bytes = (long)len;
        pool_free(t); /* json_dumps allocates with the pool */
    }
    json_decref(again);
}

static void play_one(int n, int check_all)
{
    unsigned char key[RNG_KEY_BYTES], pkey[RNG_KEY_BYTES];
    struct rng rng, pick;
    struct rules_error err;
    struct rules_status st;
    struct zones z;
    json_t *state = NULL, *events = NULL, *opts = NULL;
    int steps = 0, failed_before = check_state()->checks_failed;
    int last_mover = 1;   /* before the first move: seat 0's view */
    long live_before = live_blocks;

    crypto_generichash(key, sizeof key, (unsigned char *)&n, sizeof n,
                       (const unsigned char *)"game", 4);
    crypto_generichash(pkey, sizeof pkey, (unsigned char *)&n, sizeof n,
                       (const unsigned char *)"pick", 4);
    rng_init(&rng, key, 0);
    rng_init(&pick, pkey, 0);
    if (n % 10 == 9)
        opts = json_pack("{s:i}", "rounds_to_win", 1 + n % 5);
    if (!CHECK_EQ_INT(eng->setup(opts, 2, &rng, &state, &events, &err), 0))
        return;
    json_decref(opts);
    memset(&z, 0, sizeof z);
    check_events(events, &z);
    check_received(events, state, state);
    json_decref(events);
    for (;;) {
        json_t *moves, *list, *m, *other, *prev;
        struct zones before;
        int seat;

        check_accounting(state, &z);
        if (steps % ROUNDTRIP_EVERY == 0)
            check_roundtrip(state, 1);
        /* The view of the seat that did not just move, and a spectator's. */
        check_view(state, &z, 1 - last_mover);
        check_view(state, &z, -1);
        /* Every other step for a seat, one in eight for a spectator: the
         * redeal costs a copy of the state and a second view. */
        if (steps % 2 == 0)
            check_view_by_value(state, 1 - last_mover, &pick);
        if (steps % 8 == 1)
            check_view_by_value(state, -1, &pick);
        if (!CHECK_EQ_INT(eng->status(state, &st), 0))
            break;
        if (st.finished) {
            CHECK_EQ_INT(st.must_act, 0);
            CHECK_EQ_INT(popcount(st.winners), 1);
            for (int s = 0; s < 2; s++) {
                moves = eng->legal_moves(state, s);
                CHECK_EQ_INT(json_array_size(json_object_get(moves, "moves")), 0);
                json_decref(moves);
            }
            wins[st.winners == 2]++;
            check_roundtrip(state, 1);
            break;
        }
        if (!CHECK_EQ_INT(popcount(st.must_act), 1) ||
            !CHECK(steps < MAX_STEPS))
            break;
        seat = st.must_act == 1 ? 0 : 1;
        moves = eng->legal_moves(state, seat);
        other = eng->legal_moves(state, 1 - seat);
        list = json_object_get(moves, "moves");
        CHECK_EQ_INT(json_array_size(json_object_get(other, "moves")), 0);
        json_decref(other);
        if (!CHECK(json_array_size(list) > 0)) {
            json_decref(moves);
            break;
        }
        if (check_all)
            check_moves_accepted(state, list, seat, key);
        m = json_array_get(list, rng_uniform(&pick, (uint32_t)json_array_size(list)));
        check_refused_for_other(state, m, seat, key);
        before = z;
        last_mover = seat;
        prev = json_incref(state);
        if (!CHECK_EQ_INT(eng->apply(&state, seat, m, &rng, &events, &err), 0)) {
            fprintf(stderr, "  refused: %s %s\n", err.code, err.message);
            json_decref(prev);
            json_decref(moves);
            break;
        }
        check_events(events, &before);
        check_received(events, prev, state);
        check_rules(events, prev, json_string_value(json_object_get(m, "type")), seat);
        json_decref(prev);
        json_decref(events);
        json_decref(moves);
        steps++;
        if (check_state()->checks_failed > failed_before + 20)
            break;
    }
    total_steps += steps;
    rounds_total += json_integer_value(json_object_get(state, "round"));
    if (json_integer_value(json_object_get(state, "winner")) ==
        json_integer_value(json_object_get(state, "first")))
        first_wins++;
    json_decref(state);
    if (!CHECK_EQ_INT(live_blocks, live_before))
        fprintf(stderr, "  JSON values leaked\n");
    if (check_state()->checks_failed > failed_before)
        fprintf(stderr, "  (in game %d, step %d)\n", n, steps);
}

/* What a worker process reports back. */
struct tally {
    long seen[NSEE];
    long lost, ignored, declined, autopass, checked, max_bytes, steps, rounds;
    long wins[2], first_wins, checks_failed;
};

static void tally_take(struct tally *t)
{
    memcpy(t->seen, seen_count, sizeof t->seen);
    t->lost = lost_attacks;
    t->ignored = ignored_retaliation;
    t->declined = warehouse_declined;
    t->autopass = auto_pass;
    t->checked = moves_checked;
    t->max_bytes = max_state_bytes;
    t->steps = total_steps;
    t->rounds = rounds_total;
    t->wins[0] = wins[0];
    t->wins[1] = wins[1];
    t->first_wins = first_wins;
    t->checks_failed = check_state()->checks_failed;
}

static void tally_add(const struct tally *t)
{
    for (size_t k = 0; k < NSEE; k++)
        seen_count[k] += t->seen[k];
    lost_attacks += t->lost;
    ignored_retaliation += t->ignored;
    warehouse_declined += t->declined;
    auto_pass += t->autopass;
    moves_checked += t->checked;
    if (t->max_bytes > max_state_bytes)
        max_state_bytes = t->max_bytes;
    total_steps += t->steps;
    rounds_total += t->rounds;
    wins[0] += t->wins[0];
    wins[1] += t->wins[1];
    first_wins += t->first_wins;
}

/* Plays games worker, worker + WORKERS, ... and reports on fd. */
static void worker_run(int worker, int games, int fd)
{
    struct tally t;

    for (int n = worker; n < games && check_state()->checks_failed < 50;
         n += WORKERS)
        play_one(n, n % ALL_MOVES_EVERY == 0);
    tally_take(&t);
    if (write(fd, &t, sizeof t) != (ssize_t)sizeof t)
        _exit(3);
    close(fd);
    _exit(t.checks_failed ? 1 : 0);
}

static void test_random_games_keep_every_invariant(void)
{
    const char *env = getenv("IRONFUTURE_GAMES");
    int games = env ? atoi(env) : GAMES;
    struct timespec t0, t1;
    double secs;
    int fds[WORKERS];
    pid_t pids[WORKERS];

    clock_gettime(CLOCK_MONOTONIC, &t0);
    fflush(stdout);
    fflush(stderr);
    for (int w = 0; w < WORKERS; w++) {
        int p[2];

        if (!CHECK_EQ_INT(pipe(p), 0))
            return;
        pids[w] = fork();
        if (pids[w] == 0) {
            close(p[0]);
            worker_run(w, games, p[1]);
        }
        close(p[1]);
        fds[w] = p[0];
        CHECK(pids[w] > 0);
    }
    for (int w = 0; w < WORKERS; w++) {
        struct tally t;
        int status = 0;

        if (CHECK_EQ_INT(read(fds[w], &t, sizeof t), (long)sizeof t)) {
            tally_add(&t);
            CHECK_EQ_INT(t.checks_failed, 0);
        }
        close(fds[w]);
        waitpid(pids[w], &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    secs = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%d games, %ld moves (%.1f per game, %.1f rounds per game) in "
           "%.2f s with %d workers: %.0f games/s\n", games, total_steps,
           (double)total_steps / games, (double)rounds_total / games, secs,
           WORKERS, games / (secs > 0 ? secs : 1));
    printf("listed moves re-checked: %ld; largest state %ld bytes\n",
           moves_checked, max_state_bytes);
    printf("wins seat 0/1: %ld/%ld, by the first player of the last round: "
           "%ld\n", wins[0], wins[1], first_wins);
    printf("attacks lost to earlier kills %ld, retaliation ignored %ld, "
           "warehouse declined %ld, automatic passes %ld\n", lost_attacks,
           ignored_retaliation, warehouse_declined, auto_pass);
    for (size_t k = 0; k < NSEE && total_steps; k++)
        if (!CHECK(seen_count[k] > 0))
            fprintf(stderr, "  no %s event in any game\n", must_see[k]);
    if (games >= 1000) {
        CHECK(lost_attacks > 0);
        CHECK(ignored_retaliation > 0);
        CHECK(warehouse_declined > 0);
        CHECK(auto_pass > 0);
    }
}

int main(void)
{
    /* Before jansson allocates anything. */
    json_set_alloc_funcs(pool_malloc, pool_free);
    eng = rules_engine_find("ironfuture");
    if (!CHECK(eng != NULL))
        return check_summary();
    RUN(test_random_games_keep_every_invariant);
    return check_summary();
}
