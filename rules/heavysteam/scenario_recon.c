/*
 * scenario_recon.c - Scenario 5, Recon in Force (RULINGS.md HS-R-170..
 * HS-R-179): "The side with the most recon points when recon cards are
 * revealed wins the game. OR The first side to destroy an opposing steam
 * titan wins the game." The setup is the general one (heavies in their
 * start sectors, lights one forward, no free move for the first
 * initiative). At the start of each Initiative phase the players, in
 * initiative order, may pay command steam to draw cards face down into
 * their side's recon pile; at the start of each round a side with enough
 * recon cards may declare the battle over, and the piles are revealed.
 */
#include <string.h>

#include "cards.h"
#include "game_json.h"
#include "round_phase.h"
#include "scenario.h"

#define RULE_DRAW "HS-R-170 (Recon in Force: recon draws)"
#define RULE_COST "HS-R-171 (Recon in Force: the cost of a recon card)"
#define RULE_DECLARE "HS-R-175 (Recon in Force: declaring the battle over)"

static const struct hs_titan *titan_of(const struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan].cubes;
}

/* Sectors from seat's titan to the enemy starting sector, on the 0..7
 * track (HS-DATA-01: the range between two positions). */
static int to_enemy_start(const struct hs_game *g, int seat)
{
    int start = hs_catalog_get()->board.start[g->team_faction[1 - g->p[seat].team]];
    int d = g->titan[g->p[seat].titan].sector - start;

    return d < 0 ? -d : d;
}

/* "Number of sectors from player's steam titan to enemy starting sector
 * +1" (HS-R-171). */
static int recon_cost(const struct hs_game *g, int seat)
{
    return to_enemy_start(g, seat) + 1;
}

static int pile_size(const struct hs_game *g, int team)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == HS_Z_RECON && g->holder[c] == team;
    return n;
}

/* A card's recon points: its printed cost (HS-DATA-17; events 0). */
static int pile_points(const struct hs_game *g, int team)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_RECON && g->holder[c] == team)
            n += cat->battle[g->card[c]].cost;
    return n;
}

static int side_players(const struct hs_game *g, int team)
{
    int n = 0;

    for (int s = 0; s < g->nplayers; s++)
        n += g->p[s].team == team;
    return n;
}

/* Whether seat may draw a recon card now: its titan stands, its command
 * station pays the cost, and the deck or the discard pile has a card. */
static int can_draw(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = titan_of(g, seat);
    int cards = g->ndeck;

    for (int c = 0; c < g->ncards && !cards; c++)
        cards += g->zone[c] == HS_Z_DISCARD;
    return !t->destroyed && cards > 0 &&
           hs_titan_steam_at(t, t->board->command) >= recon_cost(g, seat);
}

/* "3 or more cards in their recon pile (1 player on the side) or 5 or
 * more cards (2 players on the side)" (HS-R-175). */
static int may_declare(const struct hs_game *g, int team)
{
    return pile_size(g, team) >= (side_players(g, team) == 1 ? 3 : 5);
}

/* The seat that answers for team: its first in seat order whose titan
 * stands (HS-R-175), -1 none. */
static int speaker(const struct hs_game *g, int team)
{
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == team && !titan_of(g, s)->destroyed)
            return s;
    return -1;
}

static void ask(struct hs_game *g, enum hs_ask q, int seat)
{
    g->actor = seat;
    g->turn_team = g->p[seat].team;
    hs_round_ask(g, q, seat);
}

/* The next recon draw in initiative order; a seat that cannot draw is
 * done without being asked (HS-R-110). 1 asked, 0 all done. */
static int next_draw(struct hs_game *g)
{
    int order[HS_MAX_PLAYERS], n = hs_seat_order(g, order);

    for (int k = 0; k < n; k++) {
        int s = order[k];

        if (g->recon_done[s])
            continue;
        if (!can_draw(g, s)) {
            g->recon_done[s] = 1;
            continue;
        }
        ask(g, HS_ASK_RECON, s);
        return 1;
    }
    return 0;
}

/* The next side that may declare the battle over, the side with
 * initiative first. 1 asked, 0 none. */
static int next_declare(struct hs_game *g)
{
    for (int k = 0; k < HS_TEAMS; k++) {
        int team = k ? 1 - g->initiative : g->initiative, s = speaker(g, team);

        if (g->recon_declined[team] || s < 0 || !may_declare(g, team))
            continue;
        ask(g, HS_ASK_DECLARE, s);
        return 1;
    }
    return 0;
}

static int phase_before(struct hs_game *g, enum hs_phase ph, struct rng *rng,
                        json_t *events)
{
    (void)rng;
    (void)events;
    if (ph == HS_PH_MOVE) {
        memset(g->recon_declined, 0, sizeof g->recon_declined);
        return next_declare(g);
    }
    if (ph == HS_PH_INITIATIVE) {
        memset(g->recon_done, 0, sizeof g->recon_done);
        return next_draw(g);
    }
    return 0;
}

/* The seats of team, for an event only that side sees. */
static json_t *side_seats(const struct hs_game *g, int team)
{
    json_t *a = json_array();

    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == team)
            json_array_append_new(a, json_integer(s));
    return a;
}

/* seat pays the cost from its command station to the power reserve and
 * draws the deck's top card face down into its side's pile (HS-R-170,
 * HS-R-171); an event drawn so never takes effect (HS-R-173). */
static int draw(struct hs_game *g, int seat, struct rng *rng, json_t *events,
                struct rules_error *err)
{
    struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int team = g->p[seat].team, cost = recon_cost(g, seat), c;

    if (!can_draw(g, seat))
        return rules_fail(err, "not_enough_steam", RULE_COST,
                          "A recon card costs %d command steam here (the number of "
                          "sectors to the enemy starting sector +1); the station holds "
                          "%d.", cost, hs_titan_steam_at(t, t->board->command));
    if (hs_titan_pay(t, t->board->command, cost, HS_PAY_RESERVE, events, err))
        return -1;
    if ((c = hs_deck_take(g, rng, events)) < 0)
        return rules_fail(err, "deck_empty", RULE_DRAW, "The battle deck is empty.");
    g->zone[c] = HS_Z_RECON;
    g->holder[c] = team;
    hs_game_event(events, json_pack("{s:s, s:i, s:i, s:i, s:i}", "type", "recon_drawn",
                                    "seat", seat, "team", team, "cost", cost, "pile",
                                    pile_size(g, team)));
    hs_game_event(events, json_pack("{s:s, s:o, s:i, s:s}", "type", "recon_card", "to",
                                    side_seats(g, team), "seat", seat, "card",
                                    hs_card_id(g, c)));
    return 0;
}

static json_t *pile_ids(const struct hs_game *g, int team)
{
    json_t *a = json_array();

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_RECON && g->holder[c] == team)
            json_array_append_new(a, json_string(hs_card_id(g, c)));
    return a;
}

/* The side's titan closest to the enemy starting sector: its distance. */
static int closest(const struct hs_game *g, int team)
{
    int best = HS_SECTORS;

    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == team && !titan_of(g, s)->destroyed &&
            to_enemy_start(g, s) < best)
            best = to_enemy_start(g, s);
    return best;
}

/*
 * The piles revealed and the battle won (HS-R-176): the most recon
 * points; a tie to the side with fewer cards, then to the side with a
 * titan closer to the enemy starting sector, then against the side that
 * declared (HS-R-177).
 */
static void reveal(struct hs_game *g, int declarer, json_t *events)
{
    int pts[HS_TEAMS], n[HS_TEAMS], near[HS_TEAMS], win;
    const char *by;
    json_t *piles = json_array();
    struct hs_victory v = {-1, "recon", -1, NULL};

    for (int t = 0; t < HS_TEAMS; t++) {
        pts[t] = pile_points(g, t);
        n[t] = pile_size(g, t);
        near[t] = closest(g, t);
        json_array_append_new(piles, pile_ids(g, t));
    }
    if (pts[0] != pts[1]) {
        win = pts[1] > pts[0];
        by = "points";
    } else if (n[0] != n[1]) {
        win = n[1] < n[0];
        by = "fewer_cards";
    } else if (near[0] != near[1]) {
        win = near[1] < near[0];
        by = "closest_titan";
    } else {
        win = 1 - declarer;
        by = "declared";
    }
    hs_game_event(events, json_pack("{s:s, s:i, s:o, s:[i, i], s:[i, i], s:i, s:s}", "type",
                                    "recon_revealed", "declared", declarer, "piles", piles,
                                    "points", pts[0], pts[1], "cards", n[0], n[1], "winner_team",
                                    win, "decided_by", by));
    v.team = win;
    hs_scenario_end(g, v, events);
}

/* The phase's own beginning, once the scenario's questions are answered. */
static void resume(struct hs_game *g, struct rng *rng, json_t *events)
{
    g->actor = -1;
    g->turn_team = g->initiative;
    hs_round_ask(g, HS_ASK_NONE, -1);
    hs_round_phase_rules(g, rng, events);
}

static int apply(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                 json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", NULL};
    const char *type = json_string_value(json_object_get(move, "type"));
    int team = g->p[seat].team;

    if (hs_round_keys(move, keys, err))
        return -1;
    if (g->ask == HS_ASK_RECON) {
        if (strcmp(type, "recon") == 0) {
            if (draw(g, seat, rng, events, err)) {
                hs_scenario_rule(err, RULE_DRAW);
                return -1;
            }
            /* several draws, each paid, until the player is done (HS-R-172) */
            if (can_draw(g, seat))
                return 0;
        } else if (strcmp(type, "recon_done") != 0) {
            return rules_fail(err, "unknown_move", RULE_DRAW,
                              "Draw a recon card (\"recon\") or be done (\"recon_done\").");
        }
        g->recon_done[seat] = 1;
        hs_game_event(events, json_pack("{s:s, s:i, s:i}", "type", "recon_done", "seat", seat,
                                        "pile", pile_size(g, team)));
        if (!next_draw(g))
            resume(g, rng, events);
        return 0;
    }
    if (g->ask != HS_ASK_DECLARE)
        return rules_fail(err, "not_now", HS_RULE_ROUND, "Nothing is asked now.");
    if (strcmp(type, "declare_over") == 0) {
        hs_game_event(events, json_pack("{s:s, s:i, s:i}", "type", "battle_declared_over",
                                        "seat", seat, "team", team));
        reveal(g, team, events);
        return 0;
    }
    if (strcmp(type, "fight_on") != 0)
        return rules_fail(err, "unknown_move", RULE_DECLARE,
                          "Your side may declare the battle over (\"declare_over\") or "
                          "fight on (\"fight_on\").");
    g->recon_declined[team] = 1;
    hs_game_event(events, json_pack("{s:s, s:i, s:i}", "type", "fight_on", "seat", seat,
                                    "team", team));
    if (!next_declare(g))
        resume(g, rng, events);
    return 0;
}

static void moves(const struct hs_game *g, int seat, json_t *out)
{
    (void)seat;
    if (g->ask == HS_ASK_RECON) {
        /* its cost is the view's scenario_state.recon_cost */
        json_array_append_new(out, hs_round_entry("recon_done", "move"));
        json_array_append_new(out, hs_round_entry("recon", "move"));
    } else if (g->ask == HS_ASK_DECLARE) {
        json_array_append_new(out, hs_round_entry("fight_on", "move"));
        json_array_append_new(out, hs_round_entry("declare_over", "move"));
    }
}

static json_t *dump(const struct hs_game *g)
{
    int cost[HS_MAX_PLAYERS];

    for (int s = 0; s < g->nplayers; s++)
        cost[s] = recon_cost(g, s);
    return json_pack("{s:o, s:o, s:o}", "recon_done",
                     hs_scenario_ints(g->recon_done, g->nplayers, 1), "fought_on",
                     hs_scenario_ints(g->recon_declined, HS_TEAMS, 1), "recon_cost",
                     hs_scenario_ints(cost, g->nplayers, 0));
}

/* The flags, and a question of the scenario only where it is asked: a
 * draw at the Initiative phase's start by a seat not yet done, a
 * declaration at the round's start by the side's speaker that may.
 * recon_cost is the titans' positions' (the view's help), not read. */
static int load(struct hs_game *g, const json_t *state)
{
    static const char *const keys[] = {"recon_done", "fought_on", "recon_cost", NULL};
    json_t *f[3];
    int s = g->ask_seat;

    if (!json_is_object(state) || rules_object_fields(state, keys, f) ||
        hs_scenario_ints_load(f[0], g->nplayers, 1, 1, g->recon_done) ||
        hs_scenario_ints_load(f[1], HS_TEAMS, 1, 1, g->recon_declined))
        return -1;
    if (g->ask == HS_ASK_RECON)
        return g->phase == HS_PH_INITIATIVE && !g->recon_done[s] && can_draw(g, s) ? 0 : -1;
    if (g->ask == HS_ASK_DECLARE)
        return g->phase == HS_PH_MOVE && !g->recon_declined[g->p[s].team] &&
                       speaker(g, g->p[s].team) == s && may_declare(g, g->p[s].team)
                   ? 0 : -1;
    return g->ask == HS_ASK_PLACE || g->ask == HS_ASK_PLACE_STEAM ? -1 : 0;
}

const struct hs_scenario hs_scenario_recon = {
    .id = 5,
    .name = "recon_in_force",
    .rule = "HS-R-170 (Scenario 5: Recon in Force)",
    .victory = hs_victory_first_titan,
    .dump = dump,
    .load = load,
    .phase_before = phase_before,
    .ask_apply = apply,
    .ask_moves = moves,
    .recon = 1,
};
