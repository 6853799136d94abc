/*
 * scenario_chance.c - Scenario 2, Chance Encounter (RULINGS.md HS-R-160..
 * HS-R-169): "The first side to destroy an enemy steam titan wins the
 * game." The Smoke event is set aside face up before the events are
 * picked, smoke lies in sectors 1 and 6 until the first event is drawn
 * (cards.c clears the smoke when an event comes to the track); once the
 * pilots are revealed the titans are placed, the team with initiative
 * first, then every player may place 2 steam cubes from the reserve.
 */
#include <string.h>

#include "cards.h"
#include "game_json.h"
#include "round_phase.h"
#include "scenario.h"
#include "titan_flow.h"

#define RULE_ASIDE "HS-R-160 (Chance Encounter: the Smoke event set aside)"
#define RULE_PLACE "HS-R-163 (Chance Encounter: placing the titans)"
#define RULE_STEAM "HS-R-165 (Chance Encounter: 2 steam cubes)"

#define CE_STEAM 2               /* "may take 2 steam cubes from their power reserve" */

/* The Smoke event: the event whose effect lays smoke. */
static int is_smoke_event(const struct hs_battle_card *b)
{
    if (b->kind != HS_K_EVENT)
        return 0;
    for (int i = 0; i < b->effect.nsteps; i++)
        if (b->effect.step[i].op == HS_OP_SMOKE)
            return 1;
    return 0;
}

static int start_sector(const struct hs_game *g, int seat)
{
    return hs_catalog_get()->board.start[g->team_faction[g->p[seat].team]];
}

/*
 * Where seat's titan may start (HS-R-163): a heavy in sector 2 or 5,
 * whichever is in its side's half; a light there or in its half's smoke
 * sector (1 or 6). Positions on the 0..7 track (HS-DATA-01). Returns how
 * many, the first the one nearer the enemy.
 */
static int placements(const struct hs_game *g, int seat, int out[2])
{
    int uk = start_sector(g, seat) == 0, n = 0;

    out[n++] = uk ? 2 : HS_SECTORS - 3;
    if (g->titan[g->p[seat].titan].cubes.board->size == HS_LIGHT)
        out[n++] = uk ? 1 : HS_SECTORS - 2;
    return n;
}

static void place(struct hs_game *g, int seat, int sector, json_t *events)
{
    g->titan[g->p[seat].titan].sector = sector;
    g->ce_placed[seat] = 1;
    hs_game_event(events, json_pack("{s:s, s:i, s:i, s:b}", "type", "titan_placed", "seat",
                                    seat, "sector", sector, "smoke", g->smoke[sector]));
}

/* How many more steam cubes seat may place: what is left of its 2, as far
 * as the reserve and the empty white and red squares go. */
static int steam_left(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int n = CE_STEAM - g->ce_steam[seat], free = 0;

    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++)
            free += t->cube[s][q] == HS_C_EMPTY && t->square[s][q].colour != HS_BLUE;
    if (n > t->reserve)
        n = t->reserve;
    return t->destroyed ? 0 : n < free ? n : free;
}

/*
 * The next question before round 1, in initiative order (HS-R-164): each
 * titan placed, the team with initiative first, a titan with one place
 * to go placed without asking (HS-R-110); then each player's 2 steam
 * cubes (HS-R-165). 1 when a question is asked, 0 when all is done.
 */
static int next_question(struct hs_game *g, json_t *events)
{
    int order[HS_MAX_PLAYERS], n = hs_seat_order(g, order);

    for (int k = 0; k < n; k++) {
        int s = order[k], at[2];

        if (g->ce_placed[s])
            continue;
        if (placements(g, s, at) == 1) {
            place(g, s, at[0], events);
            continue;
        }
        g->actor = s;
        g->turn_team = g->p[s].team;
        hs_round_ask(g, HS_ASK_PLACE, s);
        return 1;
    }
    for (int k = 0; k < n; k++) {
        int s = order[k];

        if (g->ce_done[s])
            continue;
        if (steam_left(g, s) == 0) {
            g->ce_done[s] = 1;
            continue;
        }
        g->actor = s;
        g->turn_team = g->p[s].team;
        hs_round_ask(g, HS_ASK_PLACE_STEAM, s);
        return 1;
    }
    return 0;
}

static int set_aside(const struct hs_battle_card *b)
{
    return is_smoke_event(b);
}

/* The Smoke event "to one side face up": where resolved events lie, which
 * every view shows (HS-R-160); smoke in sectors 1 and 6 (HS-R-161); the
 * titans wait in their start sectors until they are placed. */
static int setup(struct hs_game *g, struct rng *rng, json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int aside = 0;

    (void)rng;
    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_BOX && is_smoke_event(&cat->battle[g->card[c]])) {
            g->zone[c] = HS_Z_EVENTS_DONE;
            hs_game_event(events, json_pack("{s:s, s:s}", "type", "event_set_aside", "card",
                                            cat->battle[g->card[c]].id));
            aside++;
        }
    if (aside != 1)
        return rules_fail(err, "bad_deck", RULE_ASIDE, "The deck has no Smoke event.");
    for (int k = 0; k < 2; k++) {
        int sector = k ? HS_SECTORS - 2 : 1;

        g->smoke[sector] = 1;
        hs_game_event(events, json_pack("{s:s, s:i}", "type", "smoke_placed", "sector",
                                        sector));
    }
    for (int s = 0; s < g->nplayers; s++)
        g->titan[g->p[s].titan].sector = start_sector(g, s);
    return 0;
}

static void rounds_begin(struct hs_game *g, json_t *events)
{
    int first = g->ask_seat;

    memset(g->ce_placed, 0, sizeof g->ce_placed);
    memset(g->ce_steam, 0, sizeof g->ce_steam);
    memset(g->ce_done, 0, sizeof g->ce_done);
    /* nothing to ask: round 1's Move as the reveal left it */
    if (!next_question(g, events)) {
        g->actor = first;
        g->turn_team = g->initiative;
        hs_round_ask(g, HS_ASK_MOVE, first);
    }
}

/* The squares of a place_steam move into sq; how many, or -1. */
static int read_squares(const struct hs_titan *t, const json_t *a, int sq[CE_STEAM][2])
{
    size_t i;
    json_t *v;

    if (!json_is_array(a) || json_array_size(a) > CE_STEAM)
        return -1;
    json_array_foreach(a, i, v)
        if (hs_round_square(t, v, sq[i]))
            return -1;
    return (int)json_array_size(a);
}

static int place_steam(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                       json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "squares", NULL};
    struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int sq[CE_STEAM][2], n, left = steam_left(g, seat);

    if (hs_round_keys(move, keys, err))
        return -1;
    if ((n = read_squares(t, json_object_get(move, "squares"), sq)) < 0)
        return rules_fail(err, "bad_squares", RULE_STEAM,
                          "\"squares\" lists up to %d squares [station id, n] of your "
                          "titan.", CE_STEAM);
    if (n > left)
        return rules_fail(err, "too_much_steam", RULE_STEAM,
                          "You may place %d more steam cube%s (all players may take 2 "
                          "steam cubes from their power reserve).", left, left == 1 ? "" : "s");
    /* the titan code places them as an event's "anywhere" does: red
     * squares add heat, shield squares shields (HS-R-38, HS-R-39) */
    if (n && hs_titan_add_steam(t, HS_LOCATIONS, (const int (*)[2])sq, n, rng, events, err))
        return -1;
    g->ce_steam[seat] += n;
    /* an empty list declines the rest; the 2 placed end it too */
    g->ce_done[seat] = n == 0 || steam_left(g, seat) == 0;
    hs_game_event(events, json_pack("{s:s, s:i, s:i, s:b}", "type", "free_steam_placed",
                                    "seat", seat, "cubes", n, "done", g->ce_done[seat]));
    return 0;
}

static int apply(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                 json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "sector", NULL};
    const char *type = json_string_value(json_object_get(move, "type"));
    int at[2], n, sector, rc;

    if (g->ask == HS_ASK_PLACE) {
        if (strcmp(type, "place") != 0)
            return rules_fail(err, "unknown_move", RULE_PLACE,
                              "Your titan is placed first (\"place\").");
        if (hs_round_keys(move, keys, err))
            return -1;
        n = placements(g, seat, at);
        if (hs_get_int(move, "sector", 0, HS_SECTORS - 1, &sector) ||
            !(sector == at[0] || (n > 1 && sector == at[1])))
            return rules_fail(err, "bad_placement", RULE_PLACE,
                              "Your titan starts in sector %d%s%d: heavies in sector 2 or 5 "
                              "of their half, lights there or in sector 1 or 6.", at[0],
                              n > 1 ? " or " : "", n > 1 ? at[1] : at[0]);
        place(g, seat, sector, events);
    } else if (g->ask == HS_ASK_PLACE_STEAM) {
        if (strcmp(type, "place_steam") != 0)
            return rules_fail(err, "unknown_move", RULE_STEAM,
                              "You may place up to 2 steam cubes from the power reserve "
                              "(\"place_steam\").");
        if ((rc = place_steam(g, seat, move, rng, events, err)) < 0) {
            hs_scenario_rule(err, RULE_STEAM);
            return rc;
        }
    } else {
        return rules_fail(err, "not_now", HS_RULE_ROUND, "Nothing is asked now.");
    }
    hs_game_settle(g);
    if (!next_question(g, events)) {
        /* round 1's Move phase from its first seat */
        g->actor = -1;
        g->turn_team = g->initiative;
        hs_round_ask(g, HS_ASK_NONE, -1);
    }
    return 0;
}

static void moves(const struct hs_game *g, int seat, json_t *out)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    json_t *e, *of;
    int at[2], n;

    if (g->ask == HS_ASK_PLACE) {
        n = placements(g, seat, at);
        for (int k = n - 1; k >= 0; k--) {
            e = hs_round_entry("place", "move");
            json_object_set_new(e, "sector", json_integer(at[k]));
            json_array_append_new(out, e);
        }
        return;
    }
    if (g->ask != HS_ASK_PLACE_STEAM)
        return;
    /* none (the rest declined) first, each square alone, or both at once */
    e = hs_round_entry("place_steam", "move");
    json_object_set_new(e, "squares", json_array());
    json_array_append_new(out, e);
    of = json_array();
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++)
            if (t->cube[s][q] == HS_C_EMPTY && t->square[s][q].colour != HS_BLUE) {
                json_t *sq = json_pack("[s, i]", t->board->station[s].id, q);

                e = hs_round_entry("place_steam", "move");
                json_object_set_new(e, "squares", json_pack("[O]", sq));
                json_array_append_new(out, e);
                json_array_append_new(of, sq);
            }
    e = hs_round_entry("place_steam", "shape");
    json_object_set_new(e, "squares", json_pack("{s:i, s:i, s:o}", "min", 1, "max",
                                                steam_left(g, seat), "of", of));
    json_array_append_new(out, e);
}

static json_t *dump(const struct hs_game *g)
{
    return json_pack("{s:o, s:o, s:o}", "placed", hs_scenario_ints(g->ce_placed, g->nplayers, 1),
                     "steam_placed", hs_scenario_ints(g->ce_steam, g->nplayers, 0),
                     "steam_done", hs_scenario_ints(g->ce_done, g->nplayers, 1));
}

/* The seats' flags; a question of the scenario only while it is asked:
 * before round 1's first Move, placements before steam, in order. */
static int load(struct hs_game *g, const json_t *state)
{
    static const char *const keys[] = {"placed", "steam_placed", "steam_done", NULL};
    json_t *f[3];
    int before = g->stage == HS_STAGE_PILOTS, all_placed = 1, all_done = 1;

    if (!json_is_object(state) || rules_object_fields(state, keys, f) ||
        hs_scenario_ints_load(f[0], g->nplayers, 1, 1, g->ce_placed) ||
        hs_scenario_ints_load(f[1], g->nplayers, 0, CE_STEAM, g->ce_steam) ||
        hs_scenario_ints_load(f[2], g->nplayers, 1, 1, g->ce_done))
        return -1;
    for (int s = 0; s < g->nplayers; s++) {
        if (before && (g->ce_placed[s] || g->ce_steam[s] || g->ce_done[s]))
            return -1;
        if (g->ce_steam[s] && !g->ce_placed[s])
            return -1;
        all_placed &= g->ce_placed[s];
        all_done &= g->ce_done[s];
    }
    if (all_done && !all_placed)
        return -1;
    if (g->ask == HS_ASK_PLACE)
        return g->stage == HS_STAGE_ROUND && g->round == 1 && g->phase == HS_PH_MOVE &&
                       !g->ce_placed[g->ask_seat] ? 0 : -1;
    if (g->ask == HS_ASK_PLACE_STEAM)
        return g->stage == HS_STAGE_ROUND && g->round == 1 && g->phase == HS_PH_MOVE &&
                       all_placed && !g->ce_done[g->ask_seat] ? 0 : -1;
    if (g->ask == HS_ASK_RECON || g->ask == HS_ASK_DECLARE)
        return -1;
    /* the rounds run only once everyone is placed and done */
    return g->stage != HS_STAGE_ROUND || all_done ? 0 : -1;
}

const struct hs_scenario hs_scenario_chance = {
    .id = 2,
    .name = "chance_encounter",
    .rule = "HS-R-160 (Scenario 2: Chance Encounter)",
    .set_aside = set_aside,
    .setup = setup,
    .victory = hs_victory_first_titan,
    .dump = dump,
    .load = load,
    .rounds_begin = rounds_begin,
    .ask_apply = apply,
    .ask_moves = moves,
};
