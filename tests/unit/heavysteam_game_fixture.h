/*
 * heavysteam_game_fixture.h - what the game tests share: games from
 * hs_game_setup on seeded streams, pilot moves, the cube count, the
 * round trip of the JSON state and what each seat's view may show.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_GAME_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_GAME_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "../../rules/heavysteam/cards.h"
#include "../../rules/heavysteam/game.h"
#include "../../rules/heavysteam/pilots.h"
#include "../../rules/heavysteam/setup.h"
#include "../../rules/heavysteam/view.h"
#include "check.h"

#define SEEDS 200

static inline void seeded(struct rng *r, int k)
{
    unsigned char key[RNG_KEY_BYTES];

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + k * 101 + (k >> 8) * 7 + 5);
    rng_init(r, key, 0);
}

static inline const struct hs_catalog *cat(void)
{
    return hs_catalog_get();
}

/* A new game from seed k with options (JSON text, NULL: none). */
static inline struct hs_game *new_game(int k, const char *options, json_t *events)
{
    struct hs_game *g = calloc(1, sizeof *g);
    json_t *o = options ? json_loads(options, 0, NULL) : NULL;
    struct rules_error err;
    struct rng r;

    seeded(&r, k);
    if (!CHECK(hs_game_setup(g, o, 2, &r, events, &err) == 0))
        fprintf(stderr, "%s: %s\n", err.code, err.message);
    json_decref(o);
    return g;
}

static inline int zone_count(const struct hs_game *g, enum hs_zone z, int holder)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == z && (holder < 0 || g->holder[c] == holder);
    return n;
}

static inline int kind_in(const struct hs_game *g, enum hs_zone z, enum hs_card_kind k)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == z && cat()->battle[g->card[c]].kind == k;
    return n;
}

static inline void check_cubes(const struct hs_game *g)
{
    int total[HS_STOCKS];

    hs_game_count_cubes(g, total);
    for (int k = 0; k < HS_STOCKS; k++)
        CHECK_EQ_INT(total[k], cat()->board.stock[k]);
}

/* load(dump(g)) is g again, to the byte of its JSON. */
static inline void check_round_trip(const struct hs_game *g)
{
    json_t *a = hs_game_dump(g), *b;
    struct hs_game *h = calloc(1, sizeof *h);
    struct rules_error err;

    if (!CHECK(hs_game_load(h, a, &err) == 0))
        fprintf(stderr, "%s: %s\n", err.code, err.message);
    b = hs_game_dump(h);
    CHECK(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    free(h);
}

/* Occurrences of "s" (quoted) in compact JSON text, as a value: a key of
 * that name (the attack's "smoke") is not one. */
static inline int occurrences(const char *text, const char *s)
{
    char q[HS_NAME + 3];
    int n = 0;

    snprintf(q, sizeof q, "\"%s\"", s);
    for (const char *p = strstr(text, q); p; p = strstr(p + 1, q))
        n += p[strlen(q)] != ':';
    return n;
}

static inline int pilot_move(struct hs_game *g, int seat, const char *move, json_t *events,
                      struct rules_error *err)
{
    json_t *m = json_loads(move, 0, NULL);
    struct rng r;
    int rc;

    seeded(&r, 9);
    CHECK(m != NULL);
    memset(err, 0, sizeof *err);
    rc = hs_pilot_apply(g, seat, m, &r, events, err);
    json_decref(m);
    return rc;
}

/* ---- views ---------------------------------------------------------------- */

/* Every battle card id appears in seat's view as often as it lies in the
 * open (track, discard, set aside, in play) or in the hands of seat's
 * team (HS-R-154); a pilot's id only when it is its team's or revealed
 * (HS-R-107). */
static inline void check_view(const struct hs_game *g, int seat)
{
    json_t *v = hs_view_build(g, seat);
    char *text = json_dumps(v, JSON_COMPACT);

    for (int b = 0; b < cat()->nbattle; b++) {
        int open = 0;

        for (int c = 0; c < g->ncards; c++)
            open += g->card[c] == b &&
                    (g->zone[c] == HS_Z_TRACK || g->zone[c] == HS_Z_DISCARD ||
                     g->zone[c] == HS_Z_EVENTS_DONE || g->zone[c] == HS_Z_IN_PLAY ||
                     (g->zone[c] == HS_Z_HAND && seat >= 0 &&
                      hs_seat_team(g->holder[c], g->nplayers) ==
                          hs_seat_team(seat, g->nplayers)) ||
                     /* a side's recon pile: its own, all once over */
                     (g->zone[c] == HS_Z_RECON &&
                      (g->stage == HS_STAGE_OVER ||
                       (seat >= 0 && g->holder[c] == hs_seat_team(seat, g->nplayers)))));
        /* the event resolving is named once more, as the state holds it,
         * a support unit by the card that brought it, and a terrain card
         * by the titan it lies under */
        open += g->event_pending && g->card[g->event] == b;
        for (int u = 0; u < g->nunits; u++)
            open += g->unit[u].card == b;
        for (int t = 0; t < g->ntitans; t++)
            open += g->titan[t].terrain >= 0 && g->card[g->titan[t].terrain] == b;
        CHECK_EQ_INT(occurrences(text, cat()->battle[b].id), open);
    }
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].pilot >= 0)
            CHECK_EQ_INT(occurrences(text, cat()->pilot[g->p[s].pilot].id),
                         (seat >= 0 && hs_seat_team(s, g->nplayers) ==
                                           hs_seat_team(seat, g->nplayers)) ||
                             g->stage != HS_STAGE_PILOTS);
    CHECK_EQ_INT(json_integer_value(json_object_get(json_object_get(v, "battle_cards"),
                                                    "deck")), g->ndeck);
    CHECK(!strstr(text, "\"box\"") && !strstr(text, "seed"));
    /* every cube is public: the titans as the state holds them */
    {
        json_t *d = hs_game_dump(g);

        CHECK(json_equal(json_object_get(v, "titans"), json_object_get(d, "titans")));
        json_decref(d);
    }
    free(text);
    json_decref(v);
}

/* setup of seats refuses options with code under rule, and sets nothing
 * up. */
static inline void refuse_setup(const char *options, int seats, const char *code,
                                const char *rule)
{
    json_t *o = json_loads(options, 0, NULL), *state = NULL, *events = NULL;
    struct rules_error err;
    struct rng r;

    seeded(&r, 7);
    memset(&err, 0, sizeof err);
    if (!CHECK(o != NULL))
        return;
    CHECK_EQ_INT(hs_setup(o, seats, &r, &state, &events, &err), -1);
    CHECK(state == NULL && events == NULL);
    if (!CHECK_EQ_STR(err.code, code))
        fprintf(stderr, "  %s: %s\n", options, err.message);
    CHECK(strncmp(err.rule, rule, strlen(rule)) == 0);
    CHECK(err.message[0] != 0);
    json_decref(o);
}

#endif
