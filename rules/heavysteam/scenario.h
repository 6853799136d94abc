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
    const char *seat_key;        /* the game_over key naming it, NULL "destroyed" */
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
    /* Frontline Fight (Scenario 4): a support unit moved or fired
     * (hs_scenario_unit_acted). */
    void (*unit_acted)(struct hs_game *g, int unit, json_t *events);
    /* Dice a target unit's own state adds to an attack on it and to its
     * defense roll (combat_hit.c). */
    void (*unit_dice)(const struct hs_game *g, int unit, int *attack, int *defense);
    /* The seat that fires and moves team's support units in place of its
     * other seats, -1 any (hs_scenario_units_seat). */
    int (*units_seat)(const struct hs_game *g, int team);
    /* Critical Recovery (Scenario 3): moves of its own offered next to the
     * question seat is asked, listed and applied through round.c; apply
     * returns 1 when the move is none of them. */
    void (*moves)(const struct hs_game *g, int seat, json_t *moves);
    int (*apply)(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                 json_t *events, struct rules_error *err);
    /* The pilots revealed, round 1 about to ask its first Move (pilots.c):
     * the scenario may ask its own questions first (g->ask, g->ask_seat);
     * once they are answered, its apply leaves g->ask HS_ASK_NONE and
     * g->actor -1, and the Move phase begins with its first seat. */
    void (*rounds_begin)(struct hs_game *g, json_t *events);
    /* At a phase's beginning, before the general rules begin it (round.c):
     * 1 when it asked a question; the phase's own beginning then waits
     * until its apply calls hs_round_phase_rules (round_phase.h). */
    int (*phase_before)(struct hs_game *g, enum hs_phase ph, struct rng *rng,
                        json_t *events);
    /* Answers to the scenario's own questions (its enum hs_ask values),
     * routed here by round.c; as a phase's apply (round_phase.h). */
    int (*ask_apply)(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                     json_t *events, struct rules_error *err);
    /* Its questions' legal moves, the least committal first (timeout.c
     * takes the first plain move). */
    void (*ask_moves)(const struct hs_game *g, int seat, json_t *moves);
    /* 1: the state keeps recon piles (battle_cards.recon, HS_Z_RECON). */
    int recon;
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

/* Calls g's scenario's unit_acted hook (move.c, effects.c, combat.c). */
void hs_scenario_unit_acted(struct hs_game *g, int unit, json_t *events);

/* g's scenario's units_seat for team, -1 when it has none. */
int hs_scenario_units_seat(const struct hs_game *g, int team);

/* The moves of g's scenario's own that seat may make now (an array, new
 * reference, empty when none). */
json_t *hs_scenario_moves(const struct hs_game *g, int seat);
/* A refusal from the titan or card rules (their rulebook section only)
 * under the scenario's rule id: "rule: section". */
void hs_scenario_rule(struct rules_error *err, const char *rule);

/* A scenario's per-seat or per-team numbers in its state: v[0..n) as a
 * JSON array (of booleans when boolean); read back into out, each 0..hi
 * (a boolean 0 or 1), -1 when a is not such an array of n. */
json_t *hs_scenario_ints(const int v[], int n, int boolean);
int hs_scenario_ints_load(const json_t *a, int n, int boolean, int hi, int out[]);

#endif
