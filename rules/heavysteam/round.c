/*
 * round.c - the phase machine of a Heavy Steam round: who is asked next,
 * in initiative order team by team (HS-R-11, HS-AMB-22), when a phase
 * ends, the next phase, the round's end and the next round. The Battle
 * Card Acquisition phase's questions are routed here to cards.c.
 */
#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "combat.h"
#include "game_json.h"
#include "orders.h"
#include "pilot_powers.h"
#include "round.h"
#include "round_phase.h"
#include "scenario.h"

/* ---- helpers the phase files share ------------------------------------ */

void hs_round_ask(struct hs_game *g, enum hs_ask q, int seat)
{
    g->ask = q;
    g->ask_seat = q == HS_ASK_NONE ? -1 : seat;
}

struct hs_titan_at *hs_round_titan(struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan];
}

int hs_round_station(const struct hs_titan *t, const json_t *id)
{
    const char *s = json_string_value(id);

    for (int i = 0; s && i < t->board->nstations; i++)
        if (strcmp(t->board->station[i].id, s) == 0)
            return i;
    return -1;
}

int hs_round_square(const struct hs_titan *t, const json_t *pair, int out[2])
{
    json_t *q = json_array_get(pair, 1);

    if (!json_is_array(pair) || json_array_size(pair) != 2 || !json_is_integer(q))
        return -1;
    out[0] = hs_round_station(t, json_array_get(pair, 0));
    if (out[0] < 0 || json_integer_value(q) < 0 ||
        json_integer_value(q) >= t->nsquares[out[0]])
        return -1;
    out[1] = (int)json_integer_value(q);
    return 0;
}

int hs_round_keys(const json_t *move, const char *const *allowed,
                  struct rules_error *err)
{
    const char *bad = rules_unknown_key(move, allowed);

    if (bad)
        return rules_fail(err, "unknown_field", HS_RULE_ROUND,
                          "This move has no field \"%s\".", bad);
    return 0;
}

json_t *hs_round_entry(const char *type, const char *form)
{
    return json_pack("{s:s, s:s}", "type", type, "form", form);
}

/* ---- initiative order --------------------------------------------------- */

/* The seat after seat in initiative order (-1: the first), -1 at the end;
 * the team with initiative first, each team in seat order. */
static int seat_after(const struct hs_game *g, int seat)
{
    int order[HS_MAX_PLAYERS], n = hs_seat_order(g, order), k = 0;

    if (seat >= 0)
        while (k < n && order[k] != seat)
            k++;
    k = seat >= 0 ? k + 1 : 0;
    return k < n ? order[k] : -1;
}

/* A titan destroyed outside an attack (heat the box cannot hold in the
 * steam phase, an overload) ends a Meeting Engagement as an attack's
 * does: "The first side to destroy an enemy steam titan wins" (HS-R-10,
 * HS-R-105); the titans in initiative order, so the first counts. */
void hs_game_over(struct hs_game *g, int winner_team)
{
    memset(&g->attack, 0, sizeof g->attack);
    g->station = -1;
    g->event_pending = g->event = g->event_step = g->event_turn = 0;
    g->events_owed = g->event_rolled = 0;
    g->winner_team = winner_team;
    g->stage = HS_STAGE_OVER;
    g->actor = -1;
    hs_round_ask(g, HS_ASK_NONE, -1);
}

static void check_over(struct hs_game *g, json_t *events)
{
    int destroyed[HS_MAX_PLAYERS], n = 0;

    if (g->stage != HS_STAGE_ROUND)
        return;
    for (int s = seat_after(g, -1); s >= 0; s = seat_after(g, s)) {
        if (!hs_round_titan(g, s)->cubes.destroyed)
            continue;
        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND && g->holder[c] == s)
                hs_card_discard(g, c, events);
        destroyed[n++] = s;
    }
    /* also mid-flow, or in an event whose step destroyed the titan
     * (Battle Intensity's damage cube) */
    hs_scenario_check(g, destroyed, n, events);
}

/* ---- the Battle Card Acquisition phase ------------------------------- */

static int can_buy(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int have = hs_titan_steam_at(t, t->board->command);

    for (int k = 0; k < g->nslots; k++)
        if (hs_card_price(g, k) >= 0 && hs_card_price(g, k) <= have)
            return 1;
    return 0;
}

/* Whether seat has a move of the scenario's own (Critical Recovery's
 * recovery, in the Cards phase), so is asked even when it can buy
 * nothing. */
static int scenario_move(const struct hs_game *g, int seat)
{
    json_t *m = hs_scenario_moves(g, seat);
    int n = (int)json_array_size(m);

    json_decref(m);
    return n > 0;
}

/* The next buyer: the first seat in initiative order that may buy; one
 * that can afford no card passes without being asked. 0: phase over. */
static int cards_next(struct hs_game *g, struct rng *rng, json_t *events)
{
    for (;;) {
        unsigned m = hs_buy_seats(g);
        int s = seat_after(g, -1);
        struct rules_error err;

        if (g->ask == HS_ASK_EVENT)
            return 1;
        if (!m)
            return 0;
        while (s >= 0 && !(m >> s & 1))
            s = seat_after(g, s);
        g->actor = s;
        g->turn_team = g->p[s].team;
        if (can_buy(g, s) || scenario_move(g, s)) {
            hs_round_ask(g, HS_ASK_BUY, s);
            return 1;
        }
        if (hs_buy_pass(g, s, rng, events, &err) < 0)
            return 0;
    }
}

static int cards_apply(struct hs_game *g, int seat, const json_t *move,
                       struct rng *rng, json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "slot", "choice", NULL};
    const char *type = json_string_value(json_object_get(move, "type"));
    int slot;

    if (hs_round_keys(move, keys, err))
        return -1;
    if (g->ask == HS_ASK_EVENT) {
        if (!type || strcmp(type, "event") != 0)
            return rules_fail(err, "unknown_move", "HS-R-90 (Event Cards)",
                              "An event waits for your choice (\"event\").");
        return hs_event_answer(g, seat, json_object_get(move, "choice"), rng, events,
                               err) < 0 ? -1 : 0;
    }
    /* the next buyer is found after this answer; an event drawn asks */
    hs_round_ask(g, HS_ASK_NONE, -1);
    if (type && strcmp(type, "pass") == 0)
        return hs_buy_pass(g, seat, rng, events, err) < 0 ? -1 : 0;
    if (!type || strcmp(type, "buy") != 0)
        return rules_fail(err, "unknown_move", HS_RULE_BUY,
                          "In the Battle Card Acquisition phase you buy or pass.");
    if (hs_get_int(move, "slot", 0, g->nslots - 1, &slot))
        return rules_fail(err, "bad_slot", HS_RULE_BUY,
                          "\"slot\" is a slot of the track, 0 to %d.", g->nslots - 1);
    return hs_buy(g, seat, slot, rng, events, err) < 0 ? -1 : 0;
}

static void cards_moves(const struct hs_game *g, int seat, json_t *moves)
{
    if (g->ask == HS_ASK_EVENT) {
        json_t *e = hs_round_entry("event", "shape");

        json_object_set_new(e, "choice", hs_event_options(g, seat));
        json_array_append_new(moves, e);
        return;
    }
    for (int k = 0; k < g->nslots; k++) {
        const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
        int price = hs_card_price(g, k);
        json_t *e;

        if (price < 0 || price > hs_titan_steam_at(t, t->board->command))
            continue;
        e = hs_round_entry("buy", "move");
        json_object_set_new(e, "slot", json_integer(k));
        json_array_append_new(moves, e);
    }
    json_array_append_new(moves, hs_round_entry("pass", "move"));
}

/* ---- the phases in order ------------------------------------------------- */

static void phase_begin(struct hs_game *g, enum hs_phase ph, struct rng *rng,
                        json_t *events)
{
    g->phase = ph;
    g->actor = -1;
    g->turn_team = g->initiative;
    hs_round_ask(g, HS_ASK_NONE, -1);
    hs_cards_phase_begin(g);
    for (int s = 0; s < g->nplayers; s++)
        g->p[s].passed = 0;
    hs_game_event(events, json_pack("{s:s, s:i, s:s, s:i}", "type", "phase_started",
                                    "round", g->round, "phase", hs_phase_name(ph),
                                    "team", g->initiative));
    if (hs_scenario(g->scenario)->phase_before &&
        hs_scenario(g->scenario)->phase_before(g, ph, rng, events))
        return;
    hs_round_phase_rules(g, rng, events);
}

void hs_round_phase_rules(struct hs_game *g, struct rng *rng, json_t *events)
{
    enum hs_phase ph = g->phase;

    if (ph == HS_PH_COMBAT)
        hs_combat_begin(g, events);
    else if (ph == HS_PH_CARDS)
        hs_buy_begin(g);
    else if (ph == HS_PH_INITIATIVE)
        hs_initiative_begin(g, events);
    if (hs_scenario(g->scenario)->phase_begin)
        hs_scenario(g->scenario)->phase_begin(g, rng, events);
}

/* After the Pressure phase the round is over (Pressure: "ONCE THE
 * PRESSURE PHASE IS COMPLETED THE ROUND IS OVER"): a titan's move and
 * the cubes counted more for initiative were this round's. */
static void next_round(struct hs_game *g, struct rng *rng, json_t *events)
{
    g->round++;
    for (int t = 0; t < g->ntitans; t++)
        g->titan[t].moved = 0;
    memset(g->initiative_bonus, 0, sizeof g->initiative_bonus);
    hs_game_event(events, json_pack("{s:s, s:i, s:i}", "type", "round_started",
                                    "round", g->round, "team", g->initiative));
    phase_begin(g, HS_PH_MOVE, rng, events);
}

/* Begins the part of seat: its turn in a sequential phase. */
static void part_start(struct hs_game *g, int seat, struct rng *rng, json_t *events)
{
    g->actor = seat;
    g->turn_team = g->p[seat].team;
    switch (g->phase) {
    case HS_PH_MOVE: hs_move_start(g, seat); break;
    case HS_PH_STEAM: hs_steam_start(g, seat, rng, events); break;
    case HS_PH_INITIATIVE: hs_free_move_start(g, seat); break;
    case HS_PH_PRESSURE: hs_pressure_start(g, seat, rng, events); break;
    default: break;
    }
}

/* Runs the round on until a question is asked or the game is over. */
static void run(struct hs_game *g, struct rng *rng, json_t *events)
{
    for (;;) {
        int more;

        hs_game_settle(g);
        check_over(g, events);
        if (g->stage != HS_STAGE_ROUND || g->ask != HS_ASK_NONE)
            return;
        if (g->phase == HS_PH_COMBAT) {
            more = hs_combat_next(g, events);
        } else if (g->phase == HS_PH_CARDS) {
            more = cards_next(g, rng, events);
        } else {
            int s = seat_after(g, g->actor);

            if ((more = s >= 0))
                part_start(g, s, rng, events);
        }
        if (more)
            continue;
        if (g->phase == HS_PH_PRESSURE)
            next_round(g, rng, events);
        else
            phase_begin(g, (enum hs_phase)(g->phase + 1), rng, events);
    }
}

static int dispatch(struct hs_game *g, int seat, const json_t *move,
                    struct rng *rng, json_t *events, struct rules_error *err)
{
    const struct hs_scenario *sc = hs_scenario(g->scenario);
    int rc;

    if (hs_pilot_power_is(move))
        return hs_pilot_power_apply(g, seat, move, rng, events, err);
    /* a move of the scenario's own (Critical Recovery's recovery) */
    if (sc->apply && (rc = sc->apply(g, seat, move, rng, events, err)) != 1)
        return rc;
    /* a `turn` card where the phase's own moves play none (HS-R-124) */
    if ((g->ask == HS_ASK_FLOW || g->ask == HS_ASK_AFTER_FLOW || g->ask == HS_ASK_BUY ||
         g->ask == HS_ASK_FREE_MOVE) &&
        strcmp(json_string_value(json_object_get(move, "type")), "card") == 0)
        return hs_turn_card_apply(g, seat, move, NULL, rng, events, err);
    switch (g->ask) {
    case HS_ASK_MOVE:
    case HS_ASK_AFTER_MOVE:
        return hs_move_apply(g, seat, move, rng, events, err);
    case HS_ASK_ATTACK:
    case HS_ASK_EVADE:
    case HS_ASK_REROLL:
    case HS_ASK_DAMAGE:
    case HS_ASK_LAST_CUBE:
        return hs_combat_apply(g, seat, move, rng, events, err);
    case HS_ASK_FLOW:
    case HS_ASK_AFTER_FLOW:
        return hs_steam_apply(g, seat, move, rng, events, err);
    case HS_ASK_BUY:
    case HS_ASK_EVENT:
        return cards_apply(g, seat, move, rng, events, err);
    case HS_ASK_FREE_MOVE:
        return hs_free_move_apply(g, seat, move, rng, events, err);
    case HS_ASK_PLAY:
        return hs_pressure_apply(g, seat, move, rng, events, err);
    default:
        if (g->ask != HS_ASK_NONE && hs_scenario(g->scenario)->ask_apply)
            return hs_scenario(g->scenario)->ask_apply(g, seat, move, rng, events, err);
        return rules_fail(err, "not_now", HS_RULE_ROUND, "Nothing is asked now.");
    }
}

/* A refusal from the titan, card or combat rules names its rulebook
 * section; the question's rule id goes in front, so every refusal names
 * one (RULINGS.md). */
static void rule_id(struct rules_error *err, enum hs_ask q)
{
    static const char *const id[] = {
        [HS_ASK_MOVE] = "HS-R-13", [HS_ASK_AFTER_MOVE] = "HS-R-16",
        [HS_ASK_ATTACK] = "HS-R-18", [HS_ASK_EVADE] = "HS-R-24",
        [HS_ASK_REROLL] = "HS-R-26", [HS_ASK_DAMAGE] = "HS-R-28",
        [HS_ASK_LAST_CUBE] = "HS-R-29", [HS_ASK_FLOW] = "HS-R-37",
        [HS_ASK_AFTER_FLOW] = "HS-R-36", [HS_ASK_BUY] = "HS-R-43",
        [HS_ASK_FREE_MOVE] = "HS-R-49", [HS_ASK_PLAY] = "HS-R-50",
        [HS_ASK_EVENT] = "HS-R-90", [HS_ASK_PLACE] = "HS-R-163",
        [HS_ASK_PLACE_STEAM] = "HS-R-165", [HS_ASK_RECON] = "HS-R-170",
        [HS_ASK_DECLARE] = "HS-R-175"};
    char old[sizeof err->rule];

    if (strncmp(err->rule, "HS-", 3) == 0 || (int)q >= (int)(sizeof id / sizeof id[0]) ||
        !id[q])
        return;
    memcpy(old, err->rule, sizeof old);
    snprintf(err->rule, sizeof err->rule, "%s (%.80s)", id[q], old);
}

int hs_round_orders(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                    json_t *events, struct rules_error *err)
{
    if (hs_orders_set(g, seat, move, events, err))
        return -1;
    if (g->stage == HS_STAGE_ROUND && g->phase == HS_PH_COMBAT && g->ask_seat == seat) {
        hs_combat_orders_changed(g, seat, rng, events);
        if (g->ask == HS_ASK_NONE && !g->attack.active && g->stage == HS_STAGE_ROUND)
            hs_combat_turn_next(g);
        run(g, rng, events);
    }
    return 0;
}

int hs_round_apply(struct hs_game *g, int seat, const json_t *move,
                   struct rng *rng, json_t *events, struct rules_error *err)
{
    struct hs_game before;
    struct rng r = *rng;
    json_t *evs;
    int rc;

    if (g->stage != HS_STAGE_ROUND)
        return rules_fail(err, "not_now", HS_RULE_ROUND,
                          g->stage == HS_STAGE_OVER ? "The game is over."
                                                    : "The round has not begun.");
    if (seat < 0 || seat >= g->nplayers || seat != g->ask_seat)
        return rules_fail(err, "not_your_turn", "HS-AMB-22 (Initiative Order)",
                          "The game waits for seat %d (%s).", g->ask_seat,
                          hs_ask_name(g->ask));
    if (!json_is_object(move) || !json_is_string(json_object_get(move, "type")))
        return rules_fail(err, "unknown_move", HS_RULE_ROUND, "A move is an object "
                          "with a \"type\".");
    /* a refused move leaves the game and the dice as they were: the game
     * is kept on the stack (a malloc of its size merges the allocator's
     * free blocks, each move) and put back */
    if (!(evs = json_array()))
        return rules_fail(err, "out_of_memory", HS_RULE_ROUND, "Out of memory.");
    memcpy(&before, g, sizeof before);
    rc = dispatch(g, seat, move, &r, evs, err);
    if (rc != 0)
        memcpy(g, &before, sizeof *g);
    if (rc < 0)
        rule_id(err, g->ask);
    if (rc == 0) {
        run(g, &r, evs);
        *rng = r;
        if (events)
            json_array_extend(events, evs);
    }
    json_decref(evs);
    return rc;
}

json_t *hs_round_moves(const struct hs_game *g, int seat)
{
    json_t *moves = json_array(), *own;

    if (g->stage == HS_STAGE_ROUND && seat == g->ask_seat && seat >= 0) {
        switch (g->ask) {
        case HS_ASK_MOVE:
        case HS_ASK_AFTER_MOVE:
            hs_move_moves(g, seat, moves);
            break;
        case HS_ASK_ATTACK:
        case HS_ASK_EVADE:
        case HS_ASK_REROLL:
        case HS_ASK_DAMAGE:
        case HS_ASK_LAST_CUBE:
            hs_combat_moves(g, seat, moves);
            break;
        case HS_ASK_FLOW:
        case HS_ASK_AFTER_FLOW:
            hs_steam_moves(g, seat, moves);
            hs_turn_card_moves(g, seat, moves);
            break;
        case HS_ASK_BUY:
        case HS_ASK_EVENT:
            cards_moves(g, seat, moves);
            if (g->ask == HS_ASK_BUY)
                hs_turn_card_moves(g, seat, moves);
            break;
        case HS_ASK_FREE_MOVE:
            hs_free_move_moves(g, seat, moves);
            hs_turn_card_moves(g, seat, moves);
            break;
        case HS_ASK_PLAY:
            hs_pressure_moves(g, seat, moves);
            break;
        default:
            if (g->ask != HS_ASK_NONE && hs_scenario(g->scenario)->ask_moves)
                hs_scenario(g->scenario)->ask_moves(g, seat, moves);
            break;
        }
        hs_pilot_power_moves(g, seat, moves);
        json_array_extend(moves, own = hs_scenario_moves(g, seat));
        json_decref(own);
    }
    return json_pack("{s:o}", "moves", moves);
}
