/*
 * move.c - the Move phase, one titan at a time in initiative order
 * (HS-R-13 to HS-R-16): pay 1 or 2 sectors from the mobility station into
 * the pressure box, or hold; the titan goes 0..2 sectors either way along
 * the track; a paid move removes the old terrain card; then a terrain (or
 * any move-phase) card, and the team's support units for a titan that
 * moved, then done.
 */
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "game_json.h"
#include "pilot_powers.h"
#include "round_phase.h"
#include "scenario.h"

static const int unit_reach[2] = {1, 2}; /* infantry, mobile cannon */
static const char *const unit_keys[2] = {"infantry", "cannon"};

static int mobility(const struct hs_titan *t)
{
    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].type == HS_MOBILITY)
            return s;
    return HS_NONE;
}

/* seat's titan can pay to move sectors (1 or 2) now */
static int can_pay(const struct hs_game *g, int seat, int sectors)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int mob = mobility(t), cost = t->board->move_cost[sectors - 1];

    return mob != HS_NONE && hs_titan_steam_at(t, mob) >= cost &&
           hs_pressure_room(t) >= cost;
}

static int has_units(const struct hs_game *g, int seat)
{
    for (int u = 0; u < g->nunits; u++)
        if (g->unit[u].team == g->p[seat].team)
            return 1;
    return 0;
}

static int cards_to_play(const struct hs_game *g, int seat)
{
    json_t *c = hs_cards_playable(g, seat, HS_TIME_TURN);
    int n = (int)json_array_size(c);

    json_decref(c);
    return n > 0;
}

/* After the titan's move: ask again while a card or a support move is
 * left to choose, else its move is done. */
static void after_move(struct hs_game *g, int seat)
{
    int more = cards_to_play(g, seat) || hs_pilot_moving(g, seat) ||
               (g->titan[g->p[seat].titan].moved && has_units(g, seat));

    hs_round_ask(g, more ? HS_ASK_AFTER_MOVE : HS_ASK_NONE, seat);
}

/* Frontline Fight: seat's titan is destroyed and seat commands its
 * team's units (HS-R-197). */
static int commands_units(const struct hs_game *g, int seat)
{
    return g->titan[g->p[seat].titan].cubes.destroyed &&
           hs_scenario_units_seat(g, g->p[seat].team) == seat;
}

void hs_move_start(struct hs_game *g, int seat)
{
    if (hs_round_titan(g, seat)->cubes.destroyed) {
        hs_round_ask(g, commands_units(g, seat) && has_units(g, seat) ? HS_ASK_AFTER_MOVE
                                                                      : HS_ASK_NONE, seat);
        return;
    }
    if (can_pay(g, seat, 1) || can_pay(g, seat, 2))
        hs_round_ask(g, HS_ASK_MOVE, seat);
    else
        after_move(g, seat);     /* holding is all it can do */
}

/* "Whenever a player moves his steam titan, whether or not the steam
 * titan moved into a new sector, the player must remove any terrain card
 * previously played" (HS-AMB-12): its damage cubes back to the stock. */
static void remove_terrain(struct hs_game *g, struct hs_titan_at *ta, json_t *events)
{
    if (ta->terrain < 0)
        return;
    g->stock_black += ta->terrain_damage;
    ta->terrain_damage = 0;
    hs_card_discard(g, ta->terrain, events);
    ta->terrain = -1;
}

static int paid_move(struct hs_game *g, int seat, const json_t *move, json_t *events,
                     struct rules_error *err)
{
    struct hs_titan_at *ta = hs_round_titan(g, seat);
    int pay, to, from = ta->sector, cost;

    if (hs_get_int(move, "pay", 1, 2, &pay))
        return rules_fail(err, "bad_pay", HS_RULE_COST,
                          "A titan pays to move 1 or 2 sectors (\"pay\").");
    if (!json_is_integer(json_object_get(move, "sector")))
        return rules_fail(err, "bad_sector", HS_RULE_WHERE,
                          "\"sector\" is where the titan goes.");
    to = (int)json_integer_value(json_object_get(move, "sector"));
    if (abs(to - from) > pay)
        return rules_fail(err, "too_far", HS_RULE_WHERE,
                          "Paid for %d sector%s, the titan goes at most %d from "
                          "sector %d.", pay, pay > 1 ? "s" : "", pay, from);
    if (to < 0 || to >= HS_SECTORS)
        return rules_fail(err, "off_track", HS_RULE_WHERE,
                          "Sector %d is off the battle board (HS-AMB-02).", to);
    cost = ta->cubes.board->move_cost[pay - 1];
    if (mobility(&ta->cubes) == HS_NONE)
        return rules_fail(err, "no_mobility", HS_RULE_COST, "This titan cannot move.");
    if (hs_titan_pay(&ta->cubes, mobility(&ta->cubes), cost, HS_PAY_PRESSURE, events,
                     err))
        return -1;
    remove_terrain(g, ta, events);
    ta->moved = 1;
    ta->sector = to;
    hs_game_event(events, json_pack("{s:s, s:i, s:i, s:i, s:i, s:i}", "type",
                                    "titan_moved", "seat", seat, "pay", pay, "cost",
                                    cost, "from", from, "sector", to));
    return 0;
}

/* A support unit of seat's team moved along the track (HS-R-16). */
static int support_move(struct hs_game *g, int seat, int kind, const json_t *o,
                        json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"unit", "sector", NULL};
    int u, to;

    if (!o)
        return 0;
    if (!json_is_object(o) || hs_round_keys(o, keys, err))
        return json_is_object(o) ? -1
               : rules_fail(err, "bad_support", HS_RULE_SUPPORT,
                            "\"%s\" is {\"unit\": u, \"sector\": s}.", unit_keys[kind]);
    if (hs_get_int(o, "unit", 0, g->nunits - 1, &u) || (int)g->unit[u].kind != kind ||
        g->unit[u].team != g->p[seat].team)
        return rules_fail(err, "bad_unit", HS_RULE_SUPPORT,
                          "\"unit\" is one of your team's %s.", unit_keys[kind]);
    if (!json_is_integer(json_object_get(o, "sector")))
        return rules_fail(err, "bad_sector", HS_RULE_SUPPORT, "\"sector\" is where "
                          "the unit goes.");
    to = (int)json_integer_value(json_object_get(o, "sector"));
    if (to == g->unit[u].sector || abs(to - g->unit[u].sector) > unit_reach[kind])
        return rules_fail(err, "too_far", HS_RULE_SUPPORT,
                          "Infantry move 1 sector and mobile cannon 2.");
    if (to < 0 || to >= HS_SECTORS)
        return rules_fail(err, "off_track", HS_RULE_SUPPORT,
                          "Sector %d is off the battle board (HS-AMB-02).", to);
    hs_game_event(events, json_pack("{s:s, s:i, s:i, s:i, s:i}", "type", "unit_moved",
                                    "seat", seat, "unit", u, "from", g->unit[u].sector,
                                    "sector", to));
    g->unit[u].sector = to;
    hs_scenario_unit_acted(g, u, events);
    return 0;
}

static int done(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "infantry", "cannon", "pilot_step", NULL};

    if (hs_round_keys(move, keys, err))
        return -1;
    if (commands_units(g, seat) && json_object_get(move, "infantry") &&
        json_object_get(move, "cannon"))
        return rules_fail(err, "one_unit", "HS-R-197 (Frontline Fight)",
                          "With your titan destroyed you move 1 infantry 1 sector or 1 "
                          "mobile cannon 2 sectors, not both.");
    for (int k = 0; k < 2; k++)
        if (json_object_get(move, unit_keys[k]) && !hs_round_titan(g, seat)->moved &&
            !commands_units(g, seat))
            return rules_fail(err, "not_moved", HS_RULE_SUPPORT,
                              "Only a player whose steam titan has moved may move "
                              "support units.");
    /* the caller's copy of the game is dropped when the second one fails */
    for (int k = 0; k < 2; k++)
        if (support_move(g, seat, k, json_object_get(move, unit_keys[k]), events, err))
            return -1;
    if (hs_pilot_after_move(g, seat, json_object_get(move, "pilot_step"), rng, events, err))
        return -1;
    hs_round_ask(g, HS_ASK_NONE, seat);
    return 0;
}

static int play(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                json_t *events, struct rules_error *err)
{
    if (hs_turn_card_apply(g, seat, move, NULL, rng, events, err))
        return -1;
    after_move(g, seat);
    return 0;
}

int hs_move_apply(struct hs_game *g, int seat, const json_t *move,
                  struct rng *rng, json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "pay", "sector", NULL};
    const char *type = json_string_value(json_object_get(move, "type"));

    if (g->ask == HS_ASK_AFTER_MOVE) {
        if (strcmp(type, "card") == 0)
            return play(g, seat, move, rng, events, err);
        if (strcmp(type, "done") == 0)
            return done(g, seat, move, rng, events, err);
        return rules_fail(err, "unknown_move", HS_RULE_TERRAIN,
                          "After its move a titan plays a card or is done.");
    }
    if (hs_round_keys(move, keys, err))
        return -1;
    if (strcmp(type, "hold") == 0) {
        hs_game_event(events, json_pack("{s:s, s:i}", "type", "titan_held", "seat", seat));
    } else if (strcmp(type, "move") == 0) {
        if (paid_move(g, seat, move, events, err))
            return -1;
    } else {
        return rules_fail(err, "unknown_move", HS_RULE_COST,
                          "In the Move phase a titan moves or holds.");
    }
    after_move(g, seat);
    return 0;
}

/* {"of": [{"unit": u, "sector": s}, ...]}: where seat may move each of
 * its team's units of kind; NULL when none. */
static json_t *support_options(const struct hs_game *g, int seat, int kind)
{
    json_t *of = json_array();

    for (int u = 0; u < g->nunits; u++) {
        const struct hs_unit_at *x = &g->unit[u];

        if (x->kind != (enum hs_unit_kind)kind || x->team != g->p[seat].team)
            continue;
        for (int s = x->sector - unit_reach[kind]; s <= x->sector + unit_reach[kind]; s++)
            if (s != x->sector && s >= 0 && s < HS_SECTORS)
                json_array_append_new(of, json_pack("{s:i, s:i}", "unit", u,
                                                    "sector", s));
    }
    if (json_array_size(of))
        return json_pack("{s:o, s:b}", "of", of, "optional", 1);
    json_decref(of);
    return NULL;
}

void hs_move_moves(const struct hs_game *g, int seat, json_t *moves)
{
    const struct hs_titan_at *ta = &g->titan[g->p[seat].titan];

    if (g->ask == HS_ASK_MOVE) {
        json_array_append_new(moves, hs_round_entry("hold", "move"));
        for (int pay = 1; pay <= 2; pay++)
            for (int s = ta->sector - pay; can_pay(g, seat, pay) && s <= ta->sector + pay;
                 s++) {
                json_t *e;

                if (s < 0 || s >= HS_SECTORS)
                    continue;
                e = hs_round_entry("move", "move");
                json_object_set_new(e, "pay", json_integer(pay));
                json_object_set_new(e, "sector", json_integer(s));
                json_array_append_new(moves, e);
            }
        return;
    }
    if (commands_units(g, seat)) {
        /* one unit or the other (HS-R-197) */
        json_array_append_new(moves, hs_round_entry("done", "move"));
        for (int k = 0; k < 2; k++) {
            json_t *of = support_options(g, seat, k), *e;

            if (!of)
                continue;
            json_object_set_new(of, "optional", json_false());
            e = hs_round_entry("done", "shape");
            json_object_set_new(e, unit_keys[k], of);
            json_array_append_new(moves, e);
        }
        return;
    }
    {
        json_t *e;

        hs_turn_card_moves(g, seat, moves);
        e = hs_round_entry("done", "move");
        for (int k = 0; ta->moved && k < 2; k++) {
            json_t *of = support_options(g, seat, k);

            if (of) {
                json_object_set_new(e, unit_keys[k], of);
                json_object_set_new(e, "form", json_string("shape"));
            }
        }
        hs_pilot_after_move_options(g, seat, e);
        json_array_append_new(moves, e);
    }
}
