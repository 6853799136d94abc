/*
 * initiative.c - Determine Initiative (HS-R-48, HS-R-49): each team counts
 * the steam in its titans' command stations, a tie going to the team
 * without initiative; then each player of the team that gained or kept
 * it may move 2 steam cubes within its titan (HS-AMB-03: per titan), in
 * seat order. The setup's roll for the first round's initiative gives no
 * free move (HS-AMB-21); this phase always does.
 */
#include <string.h>

#include "catalog.h"
#include "game_json.h"
#include "round_phase.h"
#include "titan_flow.h"

/* What a pilot's ability adds to its team's count ("Your team counts 2
 * more cubes when initiative is determined"). */
static int pilot_bonus(const struct hs_game *g, int seat)
{
    const struct hs_power *a;
    int n = 0;

    if (g->p[seat].pilot < 0)
        return 0;
    a = &hs_catalog_get()->pilot[g->p[seat].pilot].ability;
    if (a->when != HS_W_INITIATIVE)
        return 0;
    for (int i = 0; i < a->effect.nsteps; i++)
        if (a->effect.step[i].op == HS_OP_INITIATIVE)
            n += a->effect.step[i].n;
    return n;
}

void hs_initiative_begin(struct hs_game *g, json_t *events)
{
    int count[HS_TEAMS], had = g->initiative, won;

    for (int k = 0; k < HS_TEAMS; k++)
        count[k] = g->initiative_bonus[k];
    for (int s = 0; s < g->nplayers; s++) {
        const struct hs_titan *t = &g->titan[g->p[s].titan].cubes;

        if (t->destroyed)
            continue;
        count[g->p[s].team] += hs_titan_steam_at(t, t->board->command) + pilot_bonus(g, s);
    }
    /* "If the number of cubes is a tie between the two teams, the team that
     * did not have initiative this turn gains the initiative." */
    won = count[had] > count[1 - had] ? had : 1 - had;
    g->initiative = won;
    g->turn_team = won;
    hs_game_event(events, json_pack("{s:s, s:[i, i], s:i, s:b}", "type", "initiative",
                                    "counts", count[0], count[1], "team", won, "kept",
                                    won == had));
}

static int has_steam_to_move(const struct hs_titan *t)
{
    int from = 0, to = 0;

    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++) {
            from += t->cube[s][q] == HS_C_STEAM;
            to += t->cube[s][q] == HS_C_EMPTY && t->square[s][q].colour != HS_BLUE;
        }
    return from && to;
}

void hs_free_move_start(struct hs_game *g, int seat)
{
    const struct hs_titan *t = &hs_round_titan(g, seat)->cubes;

    if (g->p[seat].team != g->initiative || t->destroyed || !has_steam_to_move(t))
        hs_round_ask(g, HS_ASK_NONE, seat);
    else
        hs_round_ask(g, HS_ASK_FREE_MOVE, seat);
}

int hs_free_move_apply(struct hs_game *g, int seat, const json_t *move,
                       struct rng *rng, json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "steps", NULL};
    static const char *const step_keys[] = {"from", "to", NULL};
    struct hs_titan *t = &hs_round_titan(g, seat)->cubes;
    struct hs_steam_step step[HS_FREE_MOVE];
    json_t *steps = json_object_get(move, "steps"), *o;
    size_t i;

    if (hs_round_keys(move, keys, err))
        return -1;
    if (strcmp(json_string_value(json_object_get(move, "type")), "free_move") != 0)
        return rules_fail(err, "unknown_move", HS_RULE_FREE,
                          "Your team has the initiative: move up to 2 steam cubes "
                          "(\"free_move\").");
    if (steps && (!json_is_array(steps) || json_array_size(steps) > HS_FREE_MOVE))
        return rules_fail(err, "bad_steps", HS_RULE_FREE,
                          "\"steps\" lists at most %d cubes moved.", HS_FREE_MOVE);
    json_array_foreach(steps, i, o) {
        int from[2], to[2];

        if (!json_is_object(o) || hs_round_keys(o, step_keys, err) ||
            hs_round_square(t, json_object_get(o, "from"), from) ||
            hs_round_square(t, json_object_get(o, "to"), to))
            return rules_fail(err, "bad_step", HS_RULE_FREE,
                              "A step is {\"from\": [station id, n], \"to\": [station "
                              "id, n]}.");
        step[i] = (struct hs_steam_step){from[0], from[1], to[0], to[1]};
    }
    if (json_array_size(steps) &&
        hs_titan_free_move(t, step, (int)json_array_size(steps), rng, events, err))
        return -1;
    hs_game_event(events, json_pack("{s:s, s:i, s:i}", "type", "free_move_done", "seat",
                                    seat, "cubes", (int)json_array_size(steps)));
    hs_round_ask(g, HS_ASK_NONE, seat);
    return 0;
}

void hs_free_move_moves(const struct hs_game *g, int seat, json_t *moves)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    json_t *from = json_array(), *to = json_array(), *e;

    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++) {
            json_t *sq = json_pack("[s, i]", t->board->station[s].id, q);

            if (t->cube[s][q] == HS_C_STEAM)
                json_array_append(from, sq);
            else if (t->cube[s][q] == HS_C_EMPTY && t->square[s][q].colour != HS_BLUE)
                json_array_append(to, sq);
            json_decref(sq);
        }
    e = hs_round_entry("free_move", "move");
    json_object_set_new(e, "steps", json_array());
    json_array_append_new(moves, e);
    e = hs_round_entry("free_move", "shape");
    json_object_set_new(e, "steps", json_pack("{s:i, s:i, s:{s:o}, s:{s:o}}", "min", 1,
                                              "max", HS_FREE_MOVE, "from", "of", from,
                                              "to", "of", to));
    json_array_append_new(moves, e);
}
