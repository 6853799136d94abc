/*
 * heavysteam_play_fixture.h - what the combat tests share
 * (test_heavysteam_combat.c: the steps of one attack;
 * test_heavysteam_combat_traits.c: weapon traits, equipment, support
 * units): a Meeting Engagement of two named boards from the real setup,
 * and the moves a player makes to reach a position, each through
 * hs_round_apply (or hs_round_orders) as the API would send it.
 *
 * A game is hs_game_setup with the options {"titans": [uk, cet]} (and
 * "loadouts" for a card swapped in), then both pilot moves (Pennywhistle
 * and Brandauer, whose powers touch only repairs, every Charged Up card
 * taking its steam in full). It stops at round 1's Move phase; the tests
 * go on with moves(), pass_turn(), declare(), next_round() and the rest.
 * Where a test needs a roll or a deal to come out a way, it tries seeds
 * in order until one does.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_PLAY_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_PLAY_FIXTURE_H

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "heavysteam/combat.h"
#include "heavysteam/titan_flow.h"
#include "heavysteam_round_fixture.h"

static struct hs_game G;
static json_t *events;
/* the scenario option duel_with sets up (0: left out, the Meeting
 * Engagement) */
static int duel_scenario;

#define KESTREL "uk_light_kestrel"
#define FELDHASE "cet_light_feldhase"
#define DREADMOOR "uk_heavy_dreadmoor"
#define KALTSCHMIED "cet_heavy_kaltschmied"
#define WAYFARER "uk_light_wayfarer"
#define STURMVOGEL "cet_light_sturmvogel"

/* ---- reading the position ------------------------------------------------ */

static inline int station(int seat, const char *id)
{
    const struct hs_board *b = G.titan[G.p[seat].titan].cubes.board;

    for (int i = 0; i < b->nstations; i++)
        if (strcmp(b->station[i].id, id) == 0)
            return i;
    return HS_NONE;
}

static inline struct hs_titan *T(int seat)
{
    return &G.titan[G.p[seat].titan].cubes;
}

static inline int steam(int seat, const char *id)
{
    return hs_titan_steam_at(T(seat), station(seat, id));
}

static inline int cubes(int seat, const char *id, enum hs_cube c)
{
    int s = station(seat, id), n = 0;

    for (int q = 0; q < T(seat)->nsquares[s]; q++)
        n += T(seat)->cube[s][q] == c;
    return n;
}

static inline int heat(int seat)
{
    struct hs_census c;

    hs_titan_census(T(seat), &c);
    return c.pressure_heat;
}

static inline int sector(int seat)
{
    return G.titan[G.p[seat].titan].sector;
}

/* Cards of that id in seat's hand. */
static inline int holds(int seat, const char *id)
{
    return hand_count(&G, seat, id);
}

static inline int count_events(const char *type)
{
    return count_event(events, type);
}

static inline json_t *last_event(const char *type)
{
    return find_event(events, type);
}

static inline int event_int(const char *type, const char *key)
{
    json_t *e = last_event(type);

    return e ? (int)json_integer_value(json_object_get(e, key)) : -1;
}

static inline int event_bool(const char *type, const char *key)
{
    json_t *e = last_event(type);

    return e && json_is_true(json_object_get(e, key));
}

/* Critical faces among the last roll of type. */
static inline int faces(const char *type, const char *face)
{
    json_t *f = json_object_get(last_event(type), "faces"), *v;
    size_t i;
    int n = 0;

    json_array_foreach(f, i, v)
        n += strcmp(json_string_value(v), face) == 0;
    return n;
}

/* Points that met the shields in every location struck so far. */
static inline int points_struck(void)
{
    json_t *e;
    size_t i;
    int n = 0;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "shields_hit") == 0)
            n += (int)(json_integer_value(json_object_get(e, "steam")) +
                       json_integer_value(json_object_get(e, "shield")) +
                       json_integer_value(json_object_get(e, "through")));
    return n;
}

/* Whether seat may make that attack now, as the listing of attacks says. */
static inline int offered(int seat, enum hs_mount mount, int target)
{
    struct hs_attack_option o[HS_MAX_OPTIONS];
    int n = hs_combat_options(&G, seat, o);

    for (int i = 0; i < n; i++)
        if (o[i].mount == (int)mount && o[i].target_seat == target)
            return 1;
    return 0;
}

/* ---- moves ------------------------------------------------------------------ */

/* seat's move, JSON text from a printf format, through hs_round_apply
 * (orders through hs_round_orders); its events join the fixture's. */
static inline int act(int seat, struct rules_error *err, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    json_t *m;
    int rc;

    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!(m = json_loads(text, 0, NULL))) {
        fprintf(stderr, "  bad JSON in test: %s\n", text);
        return -2;
    }
    memset(err, 0, sizeof *err);
    rc = strcmp(json_string_value(json_object_get(m, "type")), "orders") == 0
             ? hs_round_orders(&G, seat, m, &R, events, err)
             : hs_round_apply(&G, seat, m, &R, events, err);
    json_decref(m);
    return rc;
}

/* The same, the move expected to be accepted. */
#define MUST(seat, ...)                                                       \
    do {                                                                      \
        struct rules_error must_err_;                                         \
        CHECK(ok(act((seat), &must_err_, __VA_ARGS__), &must_err_));          \
    } while (0)

/*
 * The Meeting Engagement of boards uk (seat 0) and cet (seat 1) from seed
 * k; swap: a card id mounted on seat swap_seat's swap_mount instead of the
 * printed card (NULL: the printed loadouts). Returns 0 when set up.
 */
static inline int duel_with(const char *uk, const char *cet, int k, int swap_seat,
                            enum hs_mount swap_mount, const char *swap)
{
    static const char *const pilot[2] = {"pennywhistle", "brandauer"};
    const struct hs_catalog *cat = hs_catalog_get();
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    int b = hs_catalog_titan(cat, uk), rc;
    json_t *o = json_pack("{s:[s, s], s:s}", "titans", uk, cet, "size",
                          b >= 0 && cat->titan[b].size == HS_LIGHT ? "light" : "heavy");

    if (duel_scenario)
        json_object_set_new(o, "scenario", json_integer(duel_scenario));
    if (swap) {
        json_t *l = json_pack("[n, n]");

        json_array_set_new(l, (size_t)swap_seat,
                           json_pack("{s:s}", hs_mount_name(swap_mount), swap));
        json_object_set_new(o, "loadouts", l);
    }
    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 7 + 3);
    key[0] ^= (unsigned char)k;
    key[1] ^= (unsigned char)(k >> 8);
    rng_init(&R, key, 0);
    pick_state = (unsigned)k * 2654435761u + 1;
    json_decref(events);
    events = json_array();
    memset(&G, 0, sizeof G);
    rc = hs_game_setup(&G, o, 2, &R, events, &err);
    json_decref(o);
    if (!CHECK(ok(rc, &err)))
        return -1;
    for (int s = 0; s < 2; s++) {
        const struct hs_titan_at *ta = &G.titan[G.p[s].titan];
        json_t *charge = json_object();
        json_t *mv;

        for (int m = 0; m < HS_MOUNTS; m++)
            if (ta->card[m] >= 0 && cat->weapon[ta->card[m]].trait[HS_T_CHARGED_UP])
                json_object_set_new(charge, hs_mount_name((enum hs_mount)m),
                                    json_integer(cat->weapon[ta->card[m]].trait[HS_T_CHARGED_UP]));
        mv = json_pack("{s:s, s:s, s:o}", "type", "pilot", "pilot", pilot[s], "charge", charge);
        rc = hs_pilot_apply(&G, s, mv, &R, events, &err);
        json_decref(mv);
        if (!CHECK(ok(rc, &err)))
            return -1;
    }
    json_array_clear(events);
    return CHECK_EQ_INT(G.stage, HS_STAGE_ROUND) && CHECK_EQ_INT(G.phase, HS_PH_MOVE) ? 0 : -1;
}

static inline int duel(const char *uk, const char *cet, int k)
{
    return duel_with(uk, cet, k, 0, HS_MOUNT_TORSO, NULL);
}

/* Game k of scenario with seats players and more options (JSON members,
 * "" none) into G, each seat's pilot the first it may choose
 * (heavysteam_round_fixture.h's round_game_of). Returns 0 in round 1. */
static inline int scenario_game(int scenario, int k, const char *more, int seats)
{
    char text[256];
    json_t *o;
    struct hs_game *g;

    snprintf(text, sizeof text, "{\"scenario\": %d%s%s}", scenario, *more ? ", " : "",
             more);
    o = json_loads(text, 0, NULL);
    g = round_game_of(k, o, seats, NULL);
    json_decref(o);
    G = *g;
    free(g);
    json_decref(events);
    events = json_array();
    return CHECK_EQ_INT(G.stage, HS_STAGE_ROUND) ? 0 : -1;
}

/* n games from seed first on, played by game(k, more, seats) with the
 * heat bias, through the five compositions every scenario lists
 * (HS-R-152) in turn, as scenario_game takes them. */
static inline void play_compositions(int n, int first, void (*game)(int, const char *, int))
{
    static const struct {
        const char *more;
        int seats;
    } setups[] = {{"", 2}, {"\"size\": \"light\"", 2}, {"", 3}, {"", 4},
                  {"\"size\": \"light\"", 4}};

    heat_bias = 1;
    for (int k = 0; k < n; k++)
        game(first + k, setups[k % 5].more, setups[k % 5].seats);
    heat_bias = 0;
}

/* Orders that answer every question an attack asks of seat. */
static inline void never_ask(int seat)
{
    MUST(seat, "{\"type\": \"orders\", \"evade\": \"never\", \"cards_when_attacked\": "
               "\"never\", \"damage\": [\"vent\", \"conduit\", \"shield\", \"repair\", "
               "\"weapon_slot\", \"command\", \"mobility\", \"boiler\"], \"reroll\": []}");
}

/*
 * The Move phase, in initiative order: each seat moves its titan
 * sectors[seat] towards the enemy (0: holds), paying for that many
 * sectors (HS-R-13, HS-R-14), then plays after_move[seat] (a card move as
 * JSON text, NULL none) and is done. Returns 0 once the phase is over.
 */
static inline int moves_with(int s0, int s1, const char *after0, const char *after1)
{
    const int n[2] = {s0, s1};
    const char *after[2] = {after0, after1};
    int played[2] = {0, 0};
    struct rules_error err;

    while (G.stage == HS_STAGE_ROUND && G.phase == HS_PH_MOVE) {
        int s = G.ask_seat, rc;

        if (G.ask == HS_ASK_MOVE && n[s] == 0) {
            rc = act(s, &err, "{\"type\": \"hold\"}");
        } else if (G.ask == HS_ASK_MOVE) {
            int to = sector(s) + (T(s)->board->faction == HS_UK ? n[s] : -n[s]);

            rc = act(s, &err, "{\"type\": \"move\", \"pay\": %d, \"sector\": %d}", n[s], to);
        } else if (G.ask == HS_ASK_AFTER_MOVE && after[s] && !played[s]) {
            played[s] = 1;
            rc = act(s, &err, "%s", after[s]);
        } else if (G.ask == HS_ASK_AFTER_MOVE) {
            rc = act(s, &err, "{\"type\": \"done\"}");
        } else {
            rc = quiet_move(&G, events) == 0 ? 0 : -1;
            err = (struct rules_error){0};
        }
        if (!CHECK(ok(rc, &err)))
            return -1;
    }
    return 0;
}

static inline int moves(int s0, int s1)
{
    return moves_with(s0, s1, NULL, NULL);
}

/* The seat asked to attack passes for the rest of the phase. */
static inline void pass_turn(void)
{
    CHECK_EQ_INT(G.ask, HS_ASK_ATTACK);
    MUST(G.ask_seat, "{\"type\": \"pass\"}");
}

/* seat's attack with the card on mount at seat target (hotshot steam
 * more), through the move the API takes. */
static inline int declare(int seat, enum hs_mount mount, int target, int hotshot,
                          struct rules_error *err)
{
    return act(seat, err, "{\"type\": \"attack\", \"mount\": \"%s\", \"target\": %d, "
                          "\"hotshot\": %d}", hs_mount_name(mount), target, hotshot);
}

/* The defender's evade: board 0/1, and an Evade X card's mount (-1 none). */
static inline int evade(int seat, int board, int card, struct rules_error *err)
{
    if (card < 0)
        return act(seat, err, "{\"type\": \"evade\", \"board\": %d, \"card\": null}", board);
    return act(seat, err, "{\"type\": \"evade\", \"board\": %d, \"card\": \"%s\"}", board,
               hs_mount_name((enum hs_mount)card));
}

/* The attacker's answer on the hit location: "keep", "reroll" or "legs". */
static inline int reroll(int seat, const char *choice, struct rules_error *err)
{
    return act(seat, err, "{\"type\": \"reroll\", \"choice\": \"%s\"}", choice);
}

/* One damage cube on square q of station id (steam there going nowhere
 * chosen: the rules' default). */
static inline int damage(int seat, const char *id, int q, struct rules_error *err)
{
    return act(seat, err, "{\"type\": \"damage\", \"picks\": [{\"station\": \"%s\", "
                          "\"square\": %d}]}", id, q);
}

/*
 * One flow of the Steam Allocation phase from the listing's shape: the
 * cubes go first to the stations named in prefer (in the listing's
 * order, white squares), then to any white square but a vent's, then to
 * vents and red squares only as far as the flow must.
 */
static inline int flow_preferring(int seat, const char *const *prefer, struct rules_error *err)
{
    json_t *list = hs_round_moves(&G, seat), *e, *shape = NULL;
    json_t *white = json_object(), *red = json_object(), *m;
    const char *id;
    json_t *b;
    size_t i;
    int left, must, sent = 0, rc;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "flow") == 0)
            shape = e;
    if (!CHECK(shape != NULL)) {
        json_decref(list);
        json_decref(white);
        json_decref(red);
        return -1;
    }
    left = (int)json_integer_value(json_object_get(shape, "cubes"));
    must = (int)json_integer_value(json_object_get(shape, "must"));
    for (int pass = 0; pass < 4; pass++) {
        json_t *to = pass == 3 ? red : white;

        json_object_foreach(json_object_get(shape, pass == 3 ? "red" : "white"), id, b) {
            int want = 0, max = (int)json_integer_value(json_object_get(b, "max")), k;

            for (int p = 0; prefer && prefer[p]; p++)
                want |= strcmp(prefer[p], id) == 0;
            if ((pass == 0 && !want) || (pass == 1 && json_is_true(json_object_get(b, "vent"))))
                continue;
            max -= (int)json_integer_value(json_object_get(to, id));
            k = max < left ? max : left;
            if (pass >= 2)
                k = k < must - sent ? k : must - sent;
            if (k <= 0)
                continue;
            json_object_set_new(to, id, json_integer(json_integer_value(json_object_get(to, id)) + k));
            left -= k;
            sent += k;
        }
    }
    m = json_pack("{s:s, s:o, s:o}", "type", "flow", "white", white, "red", red);
    memset(err, 0, sizeof *err);
    rc = hs_round_apply(&G, seat, m, &R, events, err);
    json_decref(m);
    json_decref(list);
    return rc;
}

/*
 * The quiet answer to what seat is asked: an attack or a card passed, its
 * steam sent as flow_preferring(prefer) says and its station steam done
 * with nothing shut down or repaired, no free move, a hold, done, and
 * whatever else is asked answered by the quietest move.
 */
static inline int quiet_answer(int seat, const char *const *prefer, struct rules_error *err)
{
    *err = (struct rules_error){0};
    if (G.ask == HS_ASK_ATTACK || G.ask == HS_ASK_BUY)
        return act(seat, err, "{\"type\": \"pass\"}");
    if (G.ask == HS_ASK_FLOW)
        return flow_preferring(seat, prefer, err);
    if (G.ask == HS_ASK_AFTER_FLOW)
        return act(seat, err, "{\"type\": \"steam_done\"}");
    if (G.ask == HS_ASK_FREE_MOVE)
        return act(seat, err, "{\"type\": \"free_move\", \"steps\": []}");
    if (G.ask == HS_ASK_MOVE)
        return act(seat, err, "{\"type\": \"hold\"}");
    if (G.ask == HS_ASK_AFTER_MOVE)
        return act(seat, err, "{\"type\": \"done\"}");
    return quiet_move(&G, events);
}

/* On to round+1's Move phase, every question answered quietly, seat s's
 * steam as prefer<s> says. Returns 0 there. */
static inline int next_round(const char *const *prefer0, const char *const *prefer1)
{
    const char *const *prefer[2] = {prefer0, prefer1};
    int round = G.round;
    struct rules_error err;

    while (G.stage == HS_STAGE_ROUND && !(G.round > round && G.phase == HS_PH_MOVE))
        if (!CHECK(ok(quiet_answer(G.ask_seat, prefer[G.ask_seat], &err), &err)))
            return -1;
    return G.stage == HS_STAGE_ROUND ? 0 : -1;
}

/* ---- for test_heavysteam_combat_traits.c ---------------------------------- */

/*
 * The Combat phase on to seat's attack: whoever is asked before it (the
 * team with initiative attacks first, HS-R-17) passes for the rest of the
 * phase. Returns 0 once seat is asked to attack, -1 when it is not (the
 * phase over, or seat passed unasked, having no attack, HS-R-110).
 */
static inline int attack_turn(int seat)
{
    while (G.stage == HS_STAGE_ROUND && G.phase == HS_PH_COMBAT && G.ask == HS_ASK_ATTACK &&
           G.ask_seat != seat)
        pass_turn();
    return G.phase == HS_PH_COMBAT && G.ask == HS_ASK_ATTACK && G.ask_seat == seat ? 0 : -1;
}

#endif
