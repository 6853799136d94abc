/*
 * scenario.c - the table of Heavy Steam's scenarios (scenario.h) and the
 * victory conditions several of them share.
 */
#include "scenario.h"

#include "game_json.h"
#include "round.h"

#include <stdio.h>
#include <string.h>

extern const struct hs_scenario hs_scenario_meeting;
extern const struct hs_scenario hs_scenario_chance;
extern const struct hs_scenario hs_scenario_recovery;
extern const struct hs_scenario hs_scenario_frontline;
extern const struct hs_scenario hs_scenario_recon;

static const struct hs_scenario *const table[HS_SCENARIOS + 1] = {
    [1] = &hs_scenario_meeting,
    [2] = &hs_scenario_chance,
    [3] = &hs_scenario_recovery,
    [4] = &hs_scenario_frontline,
    [5] = &hs_scenario_recon,
};

const struct hs_scenario *hs_scenario(int id)
{
    return id >= 1 && id <= HS_SCENARIOS ? table[id] : NULL;
}

struct hs_victory hs_victory_first_titan(const struct hs_game *g, const int destroyed[],
                                         int n)
{
    struct hs_victory v = {-1, NULL, -1, NULL};

    if (n > 0) {
        v.team = 1 - g->p[destroyed[0]].team;
        v.reason = "titan_destroyed";
        v.seat = destroyed[0];
    }
    return v;
}

struct hs_victory hs_victory_all_titans(const struct hs_game *g, const int destroyed[],
                                        int n)
{
    struct hs_victory v = {-1, NULL, -1, NULL};

    for (int k = 0; k < n && v.team < 0; k++) {
        int team = g->p[destroyed[k]].team, left = 0;

        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].team == team && !g->titan[g->p[s].titan].cubes.destroyed)
                left++;
        if (!left) {
            v.team = 1 - team;
            v.reason = "all_titans_destroyed";
            v.seat = destroyed[k];
        }
    }
    return v;
}

struct hs_victory hs_scenario_victory(const struct hs_game *g, const int destroyed[],
                                      int n)
{
    const struct hs_scenario *sc = hs_scenario(g->scenario);
    struct hs_victory none = {-1, NULL, -1, NULL};

    if (g->stage == HS_STAGE_OVER || !sc || !sc->victory)
        return none;
    return sc->victory(g, destroyed, n);
}

void hs_scenario_end(struct hs_game *g, struct hs_victory v, json_t *events)
{
    json_t *e = json_pack("{s:s, s:i, s:s}", "type", "game_over", "winner_team", v.team,
                          "reason", v.reason);

    if (e && v.seat >= 0)
        json_object_set_new(e, v.seat_key ? v.seat_key : "destroyed",
                            json_integer(v.seat));
    hs_game_over(g, v.team);
    hs_game_event(events, e);
}

int hs_scenario_check(struct hs_game *g, const int destroyed[], int n, json_t *events)
{
    struct hs_victory v = hs_scenario_victory(g, destroyed, n);

    if (v.team >= 0)
        hs_scenario_end(g, v, events);
    return g->stage == HS_STAGE_OVER;
}

void hs_scenario_unit_acted(struct hs_game *g, int unit, json_t *events)
{
    const struct hs_scenario *sc = hs_scenario(g->scenario);

    if (sc && sc->unit_acted && unit >= 0 && unit < g->nunits)
        sc->unit_acted(g, unit, events);
}

int hs_scenario_units_seat(const struct hs_game *g, int team)
{
    const struct hs_scenario *sc = hs_scenario(g->scenario);

    return sc && sc->units_seat ? sc->units_seat(g, team) : -1;
}

json_t *hs_scenario_moves(const struct hs_game *g, int seat)
{
    const struct hs_scenario *sc = hs_scenario(g->scenario);
    json_t *moves = json_array();

    if (sc && sc->moves && g->stage == HS_STAGE_ROUND)
        sc->moves(g, seat, moves);
    return moves;
}

void hs_scenario_rule(struct rules_error *err, const char *rule)
{
    char old[sizeof err->rule];

    if (strncmp(err->rule, "HS-", 3) == 0)
        return;
    memcpy(old, err->rule, sizeof old);
    snprintf(err->rule, sizeof err->rule, "%.44s: %.48s", rule, old);
}

json_t *hs_scenario_ints(const int v[], int n, int boolean)
{
    json_t *a = json_array();

    for (int i = 0; i < n; i++)
        json_array_append_new(a, boolean ? json_boolean(v[i]) : json_integer(v[i]));
    return a;
}

int hs_scenario_ints_load(const json_t *a, int n, int boolean, int hi, int out[])
{
    if (!json_is_array(a) || json_array_size(a) != (size_t)n)
        return -1;
    for (int i = 0; i < n; i++)
        if (boolean ? hs_bool(json_array_get(a, (size_t)i), &out[i])
                    : hs_int(json_array_get(a, (size_t)i), 0, hi, &out[i]))
            return -1;
    return 0;
}
