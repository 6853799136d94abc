/*
 * heavysteam_cards_fixture.h - what the battle card tests share: a game
 * from the real setup (hs_game_setup, the pilots through hs_pilot_apply),
 * the zone check run after each step, and helpers that drive the track
 * through the real calls.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_CARDS_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_CARDS_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "heavysteam/cards.h"
#include "heavysteam/pilots.h"
#include "heavysteam/setup.h"
#include "heavysteam/titan_damage.h"

static struct rng R;

static inline void seed(int k)
{
    unsigned char key[RNG_KEY_BYTES];

    memset(key, 0, sizeof key);
    key[0] = (unsigned char)k;
    key[1] = (unsigned char)(k >> 8);
    rng_init(&R, key, 0);
}

static inline int ok(int rc, const struct rules_error *err)
{
    if (rc < 0)
        fprintf(stderr, "  refused: %s: %s\n", err->code, err->message);
    return rc >= 0;
}

static inline int zones_ok(const struct hs_game *g)
{
    struct rules_error err;

    if (hs_cards_check(g, &err)) {
        fprintf(stderr, "  zones: %s\n", err.message);
        return 0;
    }
    return 1;
}

/* A game from the real setup (seat 0 U.K. Dreadmoor, seat 1 C.E.T.
 * Kaltschmied), each seat's first listed pilot chosen through
 * hs_pilot_apply, so round 1 has begun at its Move phase. */
static inline struct hs_game *new_round(int k)
{
    struct hs_game *g = calloc(1, sizeof *g);
    json_t *opt = json_pack("{s:[s, s]}", "titans", "uk_heavy_dreadmoor",
                            "cet_heavy_kaltschmied");
    struct rules_error err;

    CHECK(hs_catalog_get()->ok);
    seed(k);
    CHECK(ok(hs_game_setup(g, opt, 2, &R, NULL, &err), &err));
    json_decref(opt);
    for (int s = 0; s < g->nplayers; s++) {
        json_t *ms = hs_pilot_moves(g, s);
        json_t *first = json_array_get(json_object_get(ms, "moves"), 0);
        json_t *m = json_pack("{s:s, s:O}", "type", "pilot", "pilot",
                              json_object_get(first, "pilot"));

        CHECK(ok(hs_pilot_apply(g, s, m, &R, NULL, &err), &err));
        json_decref(m);
        json_decref(ms);
    }
    CHECK(g->stage == HS_STAGE_ROUND);
    CHECK(zones_ok(g));
    return g;
}

/* The same game at the Cards phase of round 1, the U.K. (team 0) having
 * won the initiative roll: the tests are written from seat 0's side, so
 * seeds from k on are tried until the real roll gives it to team 0. The Move, Combat, Steam
 * Allocation phases before it are not written yet: the one bridge is the
 * phase itself, set as those phases would leave it; no cube or zone is
 * touched. */
static inline struct hs_game *new_game(int k)
{
    struct hs_game *g = new_round(k);

    for (int n = 1; g->initiative != 0; n++) {
        free(g);
        g = new_round(k + 7919 * n);
    }
    g->phase = HS_PH_CARDS;
    hs_cards_phase_begin(g);
    return g;
}

static inline const char *id_of(const struct hs_game *g, int c)
{
    return hs_catalog_get()->battle[g->card[c]].id;
}

static inline int count_zone(const struct hs_game *g, enum hs_zone z)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == z;
    return n;
}

/* The deck's first event is want. */
static inline int first_event(const struct hs_game *g, const char *want)
{
    for (int i = 0; i < g->ndeck; i++)
        if (hs_catalog_get()->battle[g->card[g->deck[i]]].kind == HS_K_EVENT)
            return strcmp(id_of(g, g->deck[i]), want) == 0;
    return 0;
}

static inline int events_in_deck(const struct hs_game *g, const char *want)
{
    int n = 0;

    for (int i = 0; i < g->ndeck; i++)
        if (hs_catalog_get()->battle[g->card[g->deck[i]]].kind == HS_K_EVENT)
            n += !want || strcmp(id_of(g, g->deck[i]), want) == 0;
    return n;
}

static inline int deck_events_supported(const struct hs_game *g)
{
    for (int i = 0; i < g->ndeck; i++) {
        const struct hs_battle_card *b = &hs_catalog_get()->battle[g->card[g->deck[i]]];

        if (b->kind == HS_K_EVENT && !hs_event_supported(b))
            return 0;
    }
    return 1;
}

/* A dealt game whose deck's first event is want (NULL: any) and only
 * events the interpreter plays; plain: its top card is no event. */
static inline struct hs_game *game_with(const char *want, int plain)
{
    for (int k = 1; k < 2000; k++) {
        struct hs_game *g = new_game(k);

        if ((!want || first_event(g, want)) && deck_events_supported(g) &&
            (!plain || hs_catalog_get()->battle[g->card[g->deck[0]]].kind != HS_K_EVENT))
            return g;
        free(g);
    }
    CHECK(!"no seed deals that deck");
    return NULL;
}

/* A shield step's cubes on the first locations listed, as many on each
 * as it has room for. New reference. */
static inline json_t *shield_first(const json_t *o)
{
    json_t *a = json_array(), *l;
    size_t i;
    int n = (int)json_integer_value(json_object_get(o, "n"));

    json_array_foreach(json_object_get(o, "shield"), i, l)
        for (int k = 0; k < json_integer_value(json_object_get(l, "room")) &&
                        (int)json_array_size(a) < n; k++)
            json_array_append(a, json_object_get(l, "location"));
    return a;
}

/* Answers an event's question with the first squares or sector listed. */
static inline int answer_first(struct hs_game *g, json_t *events)
{
    struct rules_error err;
    int seat = g->ask_seat;
    json_t *o = hs_event_options(g, seat), *choice = json_object();
    int rc;

    if (json_object_get(o, "steam")) {
        json_t *a = json_array();

        for (int i = 0; i < json_integer_value(json_object_get(o, "n")); i++)
            json_array_append(a, json_array_get(json_object_get(o, "steam"), (size_t)i));
        json_object_set_new(choice, "steam", a);
    } else if (json_object_get(o, "damage")) {
        json_t *t = NULL, *d;
        size_t i;

        /* a square without steam, so that none has to move */
        json_array_foreach(json_object_get(o, "damage"), i, d)
            if (!t && !json_is_true(json_object_get(d, "steam")))
                t = d;
        if (!CHECK(t != NULL))
            t = json_array_get(json_object_get(o, "damage"), 0);

        json_object_set_new(choice, "damage",
                            json_pack("[{s:O, s:O}]", "station",
                                      json_object_get(t, "station"), "square",
                                      json_object_get(t, "square")));
    } else if (json_object_get(o, "repair")) {
        json_t *a = json_array();

        for (int i = 0; i < json_integer_value(json_object_get(o, "n")); i++)
            json_array_append(a, json_array_get(json_object_get(o, "repair"), (size_t)i));
        json_object_set_new(choice, "repair", a);
    } else if (json_object_get(o, "shield")) {
        json_object_set_new(choice, "shield", shield_first(o));
    } else if (json_object_get(o, "sector")) {
        json_object_set(choice, "sector", json_array_get(json_object_get(o, "sector"), 0));
    }
    rc = hs_event_answer(g, seat, choice, &R, events, &err);
    json_decref(o);
    json_decref(choice);
    return ok(rc, &err);
}

/* One Cards phase in which every seat passes, answering events. */
static inline void all_pass(struct hs_game *g, json_t *events)
{
    struct rules_error err;

    hs_buy_begin(g);
    for (int s = 0; s < g->nplayers; s++) {
        int rc = hs_buy_pass(g, s, &R, events, &err);

        CHECK(ok(rc, &err));
        while (g->ask == HS_ASK_EVENT)
            if (!CHECK(answer_first(g, events)))
                return;
        CHECK(zones_ok(g));
    }
}

static inline int has_event(const json_t *events, const char *type, const char *card)
{
    size_t i;
    json_t *e;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 &&
            (!card || strcmp(json_string_value(json_object_get(e, "card")), card) == 0))
            return 1;
    return 0;
}

static inline int command_steam(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;

    return hs_titan_steam_at(t, t->board->command);
}

/* Draws into seat's hand until it holds a card of id; its index or -1. */
static inline int draw_until(struct hs_game *g, int seat, const char *id)
{
    for (int k = 0; k < HS_BATTLE_CARDS; k++) {
        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND && g->holder[c] == seat &&
                strcmp(id_of(g, c), id) == 0)
                return c;
        if (hs_draw(g, seat, 1, &R, NULL) == 0)
            break;
    }
    return -1;
}

#endif
