/*
 * scenario.c - the table of Heavy Steam's scenarios (scenario.h) and the
 * victory conditions several of them share.
 */
#include "scenario.h"

#include "game_json.h"
#include "round.h"

extern const struct hs_scenario hs_scenario_meeting;

static const struct hs_scenario *const table[HS_SCENARIOS + 1] = {
    [1] = &hs_scenario_meeting,
};

const struct hs_scenario *hs_scenario(int id)
{
    return id >= 1 && id <= HS_SCENARIOS ? table[id] : NULL;
}

struct hs_victory hs_victory_first_titan(const struct hs_game *g, const int destroyed[],
                                         int n)
{
    struct hs_victory v = {-1, NULL, -1};

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
    struct hs_victory v = {-1, NULL, -1};

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
    struct hs_victory none = {-1, NULL, -1};

    if (g->stage == HS_STAGE_OVER || !sc || !sc->victory)
        return none;
    return sc->victory(g, destroyed, n);
}

void hs_scenario_end(struct hs_game *g, struct hs_victory v, json_t *events)
{
    json_t *e = json_pack("{s:s, s:i, s:s}", "type", "game_over", "winner_team", v.team,
                          "reason", v.reason);

    if (e && v.seat >= 0)
        json_object_set_new(e, "destroyed", json_integer(v.seat));
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
