/*
 * heavysteam_cards_fixture.h - what the battle card tests share: a game
 * from the real setup (hs_game_setup, the pilots through hs_pilot_apply,
 * heavysteam_round_fixture.h), the zone check run after each step, and
 * the moves that take it on through hs_round_apply: the calm player's
 * (hold, done, pass, flows onto white squares), a Cards phase in which
 * everyone passes, and a titan that attacks another until it has damage.
 * Where a test needs the deal to come out a way, seeds are tried in order
 * until one does.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_CARDS_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_CARDS_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "heavysteam/titan_damage.h"
#include "heavysteam_round_fixture.h"

static inline int zones_ok(const struct hs_game *g)
{
    struct rules_error err;

    if (hs_cards_check(g, &err)) {
        fprintf(stderr, "  zones: %s\n", err.message);
        return 0;
    }
    return 1;
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

static inline int events_in_deck(const struct hs_game *g, const char *want)
{
    int n = 0;

    for (int i = 0; i < g->ndeck; i++)
        if (hs_catalog_get()->battle[g->card[g->deck[i]]].kind == HS_K_EVENT)
            n += !want || strcmp(id_of(g, g->deck[i]), want) == 0;
    return n;
}

static inline int command_steam(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;

    return hs_titan_steam_at(t, t->board->command);
}

static inline int damage_of(const struct hs_game *g, int seat)
{
    struct hs_census c;

    hs_titan_census(&g->titan[g->p[seat].titan].cubes, &c);
    return c.damage;
}

static inline int card_event(const json_t *events, const char *type, const char *card)
{
    size_t i;
    json_t *e;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 &&
            (!card || strcmp(json_string_value(json_object_get(e, "card")), card) == 0))
            return 1;
    return 0;
}

/* ---- moves ------------------------------------------------------------------ */

/* The seat asked plays move, a new reference taken over. */
static inline int apply_new(struct hs_game *g, json_t *move, json_t *events)
{
    struct rules_error err;
    int rc = ok(hs_round_apply(g, g->ask_seat, move, &R, events, &err), &err);

    json_decref(move);
    return rc;
}

/* The calm player's move: a steam flow filled onto white squares first
 * (its listed shape only, never a card), else the round fixture's
 * quietest move. 0, or -1 when none was accepted. */
static inline int calm_move(struct hs_game *g, json_t *events)
{
    json_t *list, *e;
    size_t i;
    int rc = -1;

    if (g->ask != HS_ASK_FLOW)
        return quiet_move(g, events);
    list = hs_round_moves(g, g->ask_seat);
    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (rc < 0 && strcmp(json_string_value(json_object_get(e, "type")), "flow") == 0)
            for (int tries = 0; rc < 0 && tries < 8; tries++) {
                struct rules_error err;
                json_t *m = fill(g, e);

                rc = hs_round_apply(g, g->ask_seat, m, &R, events, &err);
                json_decref(m);
            }
    json_decref(list);
    return rc < 0 ? quiet_move(g, events) : 0;
}

/* The entry of seat's listing now of that type (and card id), or NULL.
 * New reference. */
static inline json_t *listed(const struct hs_game *g, int seat, const char *type,
                             const char *card)
{
    json_t *list = hs_round_moves(g, seat), *e, *found = NULL;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (!found && strcmp(json_string_value(json_object_get(e, "type")), type) == 0 &&
            (!card || (json_is_string(json_object_get(e, "card")) &&
                       strcmp(json_string_value(json_object_get(e, "card")), card) == 0)))
            found = json_incref(e);
    json_decref(list);
    return found;
}

/* Calm moves until seat is asked in phase (HS_PH_NONE: any) and its
 * listing offers a move of type (and card id). 1 there. */
static inline int reach_listed(struct hs_game *g, int seat, enum hs_phase phase,
                               const char *type, const char *card, json_t *events)
{
    for (int guard = 0; guard < 4000 && g->stage == HS_STAGE_ROUND; guard++) {
        if (g->ask_seat == seat && (phase == HS_PH_NONE || g->phase == phase)) {
            json_t *e = listed(g, seat, type, card);

            json_decref(e);
            if (e)
                return 1;
        }
        if (calm_move(g, events) < 0)
            return 0;
    }
    return 0;
}

/* The answer to the event's question asked now (fill_choice's). */
static inline int answer_event(struct hs_game *g, json_t *events)
{
    json_t *m = json_pack("{s:s}", "type", "event");

    fill_event(g, m);
    return apply_new(g, m, events);
}

/* One move of a player who passes every buy and answers every event, and
 * is the calm player elsewhere. */
static inline int passing_move(struct hs_game *g, json_t *events)
{
    if (g->ask == HS_ASK_EVENT)
        return answer_event(g, events) ? 0 : -1;
    if (g->ask == HS_ASK_BUY)
        return apply_new(g, json_pack("{s:s}", "type", "pass"), events) ? 0 : -1;
    return calm_move(g, events);
}

/* The Cards phase in progress played out: whoever is asked to buy
 * passes, every event's question answered. 1 when all was accepted. */
static inline int pass_phase(struct hs_game *g, json_t *events)
{
    int round = g->round;

    while (g->stage == HS_STAGE_ROUND && g->phase == HS_PH_CARDS && g->round == round)
        if (!CHECK(passing_move(g, events) == 0) || !CHECK(zones_ok(g)))
            return 0;
    return 1;
}

/* Calm moves on to the next question of a Cards phase (a buy or an
 * event's); 1 there. */
static inline int reach_cards(struct hs_game *g, json_t *events)
{
    for (int guard = 0; guard < 400 && g->stage == HS_STAGE_ROUND; guard++) {
        if (g->phase == HS_PH_CARDS && (g->ask == HS_ASK_BUY || g->ask == HS_ASK_EVENT))
            return 1;
        if (calm_move(g, events) < 0)
            return 0;
    }
    return 0;
}

/* On to the next Cards phase, and that phase with every seat passing. */
static inline int all_pass(struct hs_game *g, json_t *events)
{
    return CHECK(reach_cards(g, events)) && pass_phase(g, events);
}

/* Phase after phase passed until the deck's top card is id; 1 then, 0
 * when it went another way (drawn in a Cards phase that asked nobody). */
static inline int pass_until_top(struct hs_game *g, const char *id, json_t *events)
{
    for (int guard = 0; guard < 60 && strcmp(id_of(g, g->deck[0]), id) != 0; guard++)
        if (!all_pass(g, events))
            return 0;
    return strcmp(id_of(g, g->deck[0]), id) == 0;
}

/* Passing moves until one draws event id to the track; *before: the
 * position that move was made in; that move's events and the later ones
 * of the event in events. 1 then. */
static inline int play_to_event(struct hs_game *g, const char *id, struct hs_game *before,
                                json_t *events)
{
    for (int guard = 0; guard < 8000 && g->stage == HS_STAGE_ROUND; guard++) {
        json_t *ev = json_array();
        int drawn;

        *before = *g;
        if (passing_move(g, ev) < 0) {
            json_decref(ev);
            return 0;
        }
        drawn = card_event(ev, "event_drawn", id);
        if (drawn)
            json_array_extend(events, ev);
        json_decref(ev);
        if (drawn)
            return 1;
    }
    return 0;
}

/* seat's standing orders answer every question an attack asks of it,
 * damage placed on the stations listed first, steam kept. */
static inline void never_asked(struct hs_game *g, int seat)
{
    json_t *m = json_loads("{\"type\": \"orders\", \"evade\": \"never\", "
                           "\"cards_when_attacked\": \"never\", \"damage\": [\"vent\", "
                           "\"conduit\", \"shield\", \"repair\", \"weapon_slot\", \"command\", "
                           "\"mobility\", \"boiler\"], \"reroll\": []}", 0, NULL);
    struct rules_error err;

    CHECK(ok(hs_round_orders(g, seat, m, &R, NULL, &err), &err));
    json_decref(m);
}

/* Cubes a flow move sends onto white squares of seat's weapon and
 * mobility stations. */
static inline int armed(const struct hs_game *g, int seat, const json_t *m)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    const char *id;
    json_t *v;
    int n = 0;

    json_object_foreach(json_object_get(m, "white"), id, v)
        for (int s = 0; s < t->board->nstations; s++)
            if (!strcmp(t->board->station[s].id, id) &&
                (t->board->station[s].type == HS_WEAPON_SLOT ||
                 t->board->station[s].type == HS_MOBILITY))
                n += (int)json_integer_value(v);
    return n;
}

/* The attacker's flow: of a few fillings of the listed shape, the one
 * that arms its weapons and legs most. */
static inline int arming_flow(struct hs_game *g, json_t *events)
{
    json_t *e = listed(g, g->ask_seat, "flow", NULL), *best = NULL;

    for (int k = 0; e && k < 8; k++) {
        json_t *m = fill(g, e);

        if (!best || armed(g, g->ask_seat, m) > armed(g, g->ask_seat, best)) {
            json_decref(best);
            best = m;
        } else {
            json_decref(m);
        }
    }
    json_decref(e);
    if (best) {
        struct rules_error err;
        int rc = hs_round_apply(g, g->ask_seat, best, &R, events, &err);

        json_decref(best);
        if (rc == 0)
            return 0;
    }
    return calm_move(g, events);
}

/*
 * One move of a player whose titan attacks target's: asked for its
 * flow, it sends its steam to its weapons and legs; it closes in paying
 * 1 a sector and declares the first attack on target it is offered;
 * every other question, its own or target's, is the calm player's.
 * 0, or -1 when nothing was accepted.
 */
static inline int attacking_move(struct hs_game *g, int attacker, int target, json_t *events)
{
    json_t *list, *e, *m = NULL;
    size_t i;
    int at = g->titan[g->p[target].titan].sector;
    int far = abs(g->titan[g->p[attacker].titan].sector - at);

    if (g->ask_seat == attacker && g->ask == HS_ASK_FLOW)
        return arming_flow(g, events);
    if (g->ask_seat != attacker || (g->ask != HS_ASK_ATTACK && g->ask != HS_ASK_MOVE))
        return calm_move(g, events);
    list = hs_round_moves(g, attacker);
    json_array_foreach(json_object_get(list, "moves"), i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        int to = (int)json_integer_value(json_object_get(e, "sector"));

        if (!m && strcmp(type, "attack") == 0 && !json_object_get(e, "battle_card") &&
            json_object_get(e, "target") &&
            json_integer_value(json_object_get(e, "target")) == target)
            m = fill(g, e);
        else if (!m && far > 1 && strcmp(type, "move") == 0 &&
                 json_integer_value(json_object_get(e, "pay")) == 1 && abs(to - at) < far)
            m = fill(g, e);
    }
    json_decref(list);
    if (!m)
        return calm_move(g, events);
    return apply_new(g, m, events) ? 0 : -1;
}

/* Attacking moves (target's orders answering its questions) until
 * target's titan holds at least n damage cubes; 1 then. */
static inline int batter(struct hs_game *g, int attacker, int target, int n, json_t *events)
{
    never_asked(g, target);
    for (int guard = 0; guard < 6000 && g->stage == HS_STAGE_ROUND; guard++) {
        if (damage_of(g, target) >= n)
            return 1;
        if (attacking_move(g, attacker, target, events) < 0)
            return 0;
    }
    return 0;
}

/* ---- games -------------------------------------------------------------------- */

/* Game k of the round fixture (U.K. Dreadmoor against C.E.T. Kaltschmied,
 * the pilots named or each seat's first), at round 1's Move phase. */
static inline struct hs_game *new_round(int k, const char *const pilot[2])
{
    struct hs_game *g;

    CHECK(hs_catalog_get()->ok);
    g = round_game_with(k, NULL, pilot);
    CHECK(zones_ok(g));
    return g;
}

/* What a test needs of the deal (each field: NULL or 0 for nothing): the
 * deck's first events in this order; its top card no event; cards dealt
 * to seat 0 and to seat 1; the pilots; a test's own condition. */
struct deal {
    const char *event[2];
    int plain;
    const char *hand0[2], *hand1[2];
    const char *pilot[2];
    int (*also)(const struct hs_game *);
};

static inline int deal_fits(const struct hs_game *g, const struct deal *d)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int e = 0;

    for (int i = 0; i < g->ndeck && e < 2 && d->event[e]; i++)
        if (cat->battle[g->card[g->deck[i]]].kind == HS_K_EVENT &&
            strcmp(id_of(g, g->deck[i]), d->event[e++]) != 0)
            return 0;
    if (e < 2 && d->event[e])
        return 0;
    if (d->plain && cat->battle[g->card[g->deck[0]]].kind == HS_K_EVENT)
        return 0;
    for (int k = 0; k < 2; k++)
        if ((d->hand0[k] && hand_copy(g, 0, d->hand0[k]) < 0) ||
            (d->hand1[k] && hand_copy(g, 1, d->hand1[k]) < 0))
            return 0;
    return !d->also || d->also(g);
}

static int dealt_seed;            /* the seed game_dealt found */

/* The first game from seed k on whose deal is d and in which the U.K.
 * (team 0) has won the setup's initiative roll, played by the calm player
 * to round 1's Cards phase, where seat 0 is asked to buy: the tests are
 * written from seat 0's side. */
static inline struct hs_game *game_dealt(int k, const struct deal *d)
{
    for (int j = k; j < k + 4000; j++) {
        struct hs_game *g = new_round(j, d->pilot);

        if (g->initiative == 0 && deal_fits(g, d) &&
            reach_listed(g, 0, HS_PH_CARDS, "pass", NULL, NULL) && g->round == 1 &&
            g->ask == HS_ASK_BUY) {
            dealt_seed = j;
            return g;
        }
        free(g);
    }
    CHECK(!"no seed deals that game");
    return NULL;
}

static inline struct hs_game *new_game(int k)
{
    const struct deal any = {.plain = 0};

    return game_dealt(k, &any);
}

/* A game whose deck's first event is want (NULL: any); plain: its top
 * card is no event. */
static inline struct hs_game *game_with(const char *want, int plain)
{
    const struct deal d = {.event = {want}, .plain = plain};

    return game_dealt(1, &d);
}

/*
 * The first game from seed k on whose deck's first event is id, its Cards
 * phases passed (all_pass) until id tops the deck, then played on to the
 * first question of the Cards phase whose refill draws it, where fits
 * (NULL: any) holds of it. NULL when no seed below k + 3000 gives that.
 */
static inline struct hs_game *game_before(int k, const char *id,
                                          int (*fits)(const struct hs_game *), json_t *events)
{
    const struct deal d = {.event = {id}};

    for (int j = k; j < k + 3000; j = dealt_seed + 1) {
        struct hs_game *g = game_dealt(j, &d);

        if (!g)
            return NULL;
        if (pass_until_top(g, id, events) && reach_cards(g, events) &&
            g->ask == HS_ASK_BUY && strcmp(id_of(g, g->deck[0]), id) == 0 &&
            (!fits || fits(g)))
            return g;
        free(g);
    }
    return NULL;
}

#endif
