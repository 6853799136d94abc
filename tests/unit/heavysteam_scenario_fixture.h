/*
 * heavysteam_scenario_fixture.h - what the scenario tests share
 * (test_heavysteam_scenario_*.c): a game of a scenario from the real
 * setup (hs_game_setup with the scenario's options, each seat's first
 * listed pilot through hs_pilot_apply), random legal moves until a
 * position is reached, and the invariants a playout checks after every
 * move: the cubes counted, every battle card in one zone (54 of them),
 * load(dump) the same state, and each seat's view and listing.
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_SCENARIO_FIXTURE_H
#define TURNPOST_TESTS_HEAVYSTEAM_SCENARIO_FIXTURE_H

#include "heavysteam_game_fixture.h"
#include "heavysteam_round_fixture.h"
#include "heavysteam/scenario.h"

/* Game k of options (JSON text) for seats players, the pilots revealed
 * (the round fixture's game: the first seed from k whose events are all
 * played, each seat's first pilot). */
static inline struct hs_game *scenario_game_of(int k, const char *options, int seats)
{
    json_t *o = json_loads(options, 0, NULL);
    struct hs_game *g = round_game_of(k, o, seats, NULL);

    json_decref(o);
    return g;
}

static inline struct hs_game *scenario_game(int k, const char *options)
{
    return scenario_game_of(k, options, 2);
}

/* Game k of scenario n in one of the five compositions (HS-R-152), by k:
 * heavy or light against its like, a heavy against two lights, two
 * heavies and two lights, four lights. */
static inline struct hs_game *composition_game(int k, int n)
{
    static const char *const size[] = {"heavy", "light", "mixed", "mixed", "light"};
    static const int seats[] = {2, 2, 3, 4, 4};
    char o[64];

    snprintf(o, sizeof o, "{\"scenario\": %d, \"size\": \"%s\"}", n, size[k % 5]);
    return scenario_game_of(k, o, seats[k % 5]);
}

/* Random legal moves until done(g) or the game is over (or stuck);
 * events (may be NULL) gets theirs. Returns done(g). */
static inline int play_until(struct hs_game *g, int (*done)(const struct hs_game *),
                             json_t *events, int max_moves)
{
    for (int i = 0; i < max_moves && g->stage == HS_STAGE_ROUND && !done(g); i++)
        if (random_move(g, events) < 0)
            break;
    return g->stage != HS_STAGE_PILOTS && done(g);
}

/* seat's move (JSON text) through hs_round_apply; the events join events. */
static inline int try_move(struct hs_game *g, int seat, const char *text, json_t *events,
                           struct rules_error *err)
{
    memset(err, 0, sizeof *err);
    return play(g, seat, text, events, err);
}

/* The move is refused with code under rule, and the state is unchanged. */
static inline void refused(struct hs_game *g, int seat, const char *text, const char *code,
                           const char *rule)
{
    json_t *before = hs_game_dump(g), *after;
    struct rules_error err;

    CHECK_EQ_INT(try_move(g, seat, text, NULL, &err), -1);
    if (!CHECK_EQ_STR(err.code, code))
        fprintf(stderr, "  %s: %s\n", text, err.message);
    CHECK(strncmp(err.rule, rule, strlen(rule)) == 0);
    after = hs_game_dump(g);
    CHECK(json_equal(before, after));
    json_decref(before);
    json_decref(after);
}

/* The invariants after a move: cubes, cards in one zone each, the state
 * round-tripping, someone asked (or the game over). 0 when all hold. */
static inline int check_invariants(const struct hs_game *g)
{
    struct rules_error err;
    int failed = check_state()->checks_failed, zones = 0;

    check_cubes(g);
    if (!CHECK(hs_cards_check(g, &err) == 0))
        fprintf(stderr, "  %s\n", err.message);
    for (int z = HS_Z_DECK; z <= HS_Z_RECON; z++)
        zones += zone_count(g, (enum hs_zone)z, -1);
    CHECK_EQ_INT(zones, HS_BATTLE_CARDS);
    check_round_trip(g);
    CHECK(g->stage == HS_STAGE_OVER || (g->ask != HS_ASK_NONE && g->ask_seat >= 0));
    return check_state()->checks_failed != failed;
}

/* The game_over event's reason among events, NULL when none. */
static inline const char *over_reason(const json_t *events)
{
    return json_string_value(json_object_get(find_event(events, "game_over"), "reason"));
}

#endif
