/*
 * scenario.h - Heavy Steam's scenarios (rulebook, Scenarios): each one's
 * setup, the points of the round where its special rules act, and its
 * victory conditions, one file a scenario (scenario_*.c), reached by its
 * number through hs_scenario(). A hook left NULL is a point where the
 * scenario does nothing more than the rulebook's general rules.
 */
#ifndef TURNPOST_HEAVYSTEAM_SCENARIO_H
#define TURNPOST_HEAVYSTEAM_SCENARIO_H

#include "../engine.h"
#include "../rng.h"
#include "game.h"

#define HS_SCENARIOS 5

/* How a game was won: the team, and what the game_over event says. */
struct hs_victory {
    int team;                    /* -1: not won */
    const char *reason;          /* "titan_destroyed", ... */
    int seat;                    /* the seat the reason names, -1 none */
};

struct hs_scenario {
    int id;                      /* 1..5, as the rulebook's roll numbers them */
    const char *name;            /* "meeting_engagement" */
    const char *rule;            /* its HS-R id and rulebook section */
    /* A battle card kept out of the deck (left in the box) before the deal. */
    int (*set_aside)(const struct hs_battle_card *card);
    /* After the titans are on their boards and the cards dealt, before
     * the starting initiative is rolled: sectors, units, tokens. */
    int (*setup)(struct hs_game *g, struct rng *rng, json_t *events,
                 struct rules_error *err);
    /* At the beginning of each phase, after the general rules began it. */
    void (*phase_begin)(struct hs_game *g, struct rng *rng, json_t *events);
    /* Whether the game is won now; destroyed lists the seats whose titans
     * are destroyed, in the order the rules meet them (initiative order,
     * or an attack's target before its attacker). */
    struct hs_victory (*victory)(const struct hs_game *g, const int destroyed[], int n);
    /* The scenario's own part of the state (the "scenario_state" key of
     * the JSON state), with its checks on load: 0, or -1 when it is not
     * a state the scenario can be in. A scenario without them has none. */
    json_t *(*dump)(const struct hs_game *g);
    int (*load)(struct hs_game *g, const json_t *state);
    /* What seat (-1: a spectator) may not see of the dumped part, taken
     * out of it for seat's view (view.c). */
    void (*redact)(const struct hs_game *g, int seat, json_t *state);
};

/* Scenario id, or NULL when it is not a scenario that can be played. */
const struct hs_scenario *hs_scenario(int id);

/* Victory by the first enemy titan destroyed (Scenarios 1, 2 and 5). */
struct hs_victory hs_victory_first_titan(const struct hs_game *g, const int destroyed[],
                                         int n);

/* Victory by every titan of the other team destroyed (Scenarios 3, 4). */
struct hs_victory hs_victory_all_titans(const struct hs_game *g, const int destroyed[],
                                        int n);

/* Whether g's scenario is won now (team -1: not yet, or already over). */
struct hs_victory hs_scenario_victory(const struct hs_game *g, const int destroyed[],
                                      int n);

/* Ends the game as v says, with its game_over event. */
void hs_scenario_end(struct hs_game *g, struct hs_victory v, json_t *events);

/*
 * Ends the game if g's scenario says it is won, with a game_over event
 * naming the winner and why. destroyed, n: as for the victory hook.
 * Returns 1 when the game is over.
 */
int hs_scenario_check(struct hs_game *g, const int destroyed[], int n, json_t *events);

#endif
