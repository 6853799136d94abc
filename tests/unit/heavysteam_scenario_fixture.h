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
#include "heavysteam/text.h"
#include "heavysteam/timeout.h"

#include <stdlib.h>

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

/* The asked seat's move (JSON text), expected to be accepted. */
static inline void move_ok(struct hs_game *g, const char *text, json_t *events)
{
    struct rules_error err;

    CHECK(ok(try_move(g, g->ask_seat, text, events, &err), &err));
}

/* Chance Encounter's Smoke event: its g->card index. */
static inline int smoke_event_card(const struct hs_game *g)
{
    for (int c = 0; c < g->ncards; c++)
        if (strcmp(cat()->battle[g->card[c]].id, "smoke") == 0)
            return c;
    return -1;
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

/* HS-R-128 at a scenario's question: the timeout move is want (JSON
 * text) and accepted; HS-R-131: it reads back from its chat notation. */
static inline void timeout_and_chat(struct hs_game *g, const char *want)
{
    json_t *m = hs_timeout_move(g, g->ask_seat), *w = json_loads(want, 0, NULL), *state, *back;
    char *text = m ? hs_text_move(m) : NULL;
    struct rules_error err;

    if (!CHECK(m && json_equal(m, w)))
        fprintf(stderr, "  timeout at %s: %s\n", hs_ask_name(g->ask), text ? text : "none");
    state = hs_game_dump(g);
    back = text ? hs_text_parse(state, g->ask_seat, text, &err) : NULL;
    CHECK(text && text[0] != '{' && back && json_equal(back, m));
    CHECK(m && ok(hs_round_apply(g, g->ask_seat, m, &R, NULL, &err), &err));
    free(text);
    json_decref(back);
    json_decref(state);
    json_decref(w);
    json_decref(m);
}

/* Recon in Force, as the rules say it (the tests' own reckoning). */
static inline int enemy_start(const struct hs_game *g, int seat)
{
    return cat()->board.start[g->team_faction[1 - g->p[seat].team]];
}

static inline int expected_cost(const struct hs_game *g, int seat)
{
    return abs(g->titan[g->p[seat].titan].sector - enemy_start(g, seat)) + 1;
}

static inline int pile(const struct hs_game *g, int team)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == HS_Z_RECON && g->holder[c] == team;
    return n;
}

static inline int players_of(const struct hs_game *g, int team)
{
    int n = 0;

    for (int s = 0; s < g->nplayers; s++)
        n += g->p[s].team == team;
    return n;
}

/* The reveal's winner as HS-R-176 and HS-R-177 say: the most points,
 * then fewer cards, then a titan closer to the enemy starting sector,
 * then against the side that declared. */
static inline int recon_winner(const struct hs_game *g, int declarer, const char **by)
{
    int pts[2] = {0, 0}, n[2] = {0, 0}, near[2] = {99, 99};

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_RECON) {
            pts[g->holder[c]] += cat()->battle[g->card[c]].cost;
            n[g->holder[c]]++;
        }
    for (int s = 0; s < g->nplayers; s++) {
        int d = abs(g->titan[g->p[s].titan].sector - enemy_start(g, s));

        if (!g->titan[g->p[s].titan].cubes.destroyed && d < near[g->p[s].team])
            near[g->p[s].team] = d;
    }
    if (pts[0] != pts[1])
        return *by = "points", pts[1] > pts[0];
    if (n[0] != n[1])
        return *by = "fewer_cards", n[1] < n[0];
    if (near[0] != near[1])
        return *by = "closest_titan", near[1] < near[0];
    return *by = "declared", 1 - declarer;
}

/* The game_over event's reason among events, NULL when none. */
static inline const char *over_reason(const json_t *events)
{
    return json_string_value(json_object_get(find_event(events, "game_over"), "reason"));
}

#endif
