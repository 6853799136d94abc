/*
 * test_heavysteam_round_play.c - whole rounds with random legal moves from
 * many seeds: after every move every cube is counted (hs_game_count_cubes
 * equal to the setup's totals), every battle card is in one zone, someone
 * is asked or the game is over, and every plain move the listing offers
 * is one the rules accept.
 */
#include "heavysteam_round_fixture.h"

/* Every "move"-form entry of the listing is accepted (tried on copies). */
static int listing_accepted(const struct hs_game *g)
{
    json_t *list = hs_round_moves(g, g->ask_seat), *e;
    int good = json_array_size(json_object_get(list, "moves")) > 0;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e) {
        struct hs_game *copy;
        struct rng r = R;
        struct rules_error err;
        json_t *m;

        if (strcmp(json_string_value(json_object_get(e, "form")), "move") != 0)
            continue;
        copy = malloc(sizeof *copy);
        memcpy(copy, g, sizeof *copy);
        m = json_deep_copy(e);
        json_object_del(m, "form");
        if (hs_round_apply(copy, g->ask_seat, m, &r, NULL, &err)) {
            fprintf(stderr, "  listed %s refused: %s\n", json_string_value(json_object_get(e, "type")),
                    err.message);
            good = 0;
        }
        json_decref(m);
        free(copy);
    }
    json_decref(list);
    return good;
}

/* The phases in which a battle card was played from a hand (a bitmask). */
static int card_phases;

static int play_seed(int k, const char *size, int rounds, int *over, int *phases_seen,
                     int *units)
{
    struct hs_game *g = round_game(k, size);
    int start[HS_STOCKS], now[HS_STOCKS];
    struct rules_error err;


    hs_game_count_cubes(g, start);
    for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND && g->round <= rounds;
         step++) {
        json_t *events = json_array();

        *phases_seen |= 1 << g->phase;
        if (!CHECK(g->ask != HS_ASK_NONE && g->ask_seat >= 0))
            break;
        if (k % 8 == 0 && !CHECK(listing_accepted(g)))
            break;
        if (!CHECK(random_move(g, events) == 0)) {
            fprintf(stderr, "  seed %d round %d phase %d ask %d\n", k, g->round, g->phase, g->ask);
            json_decref(events);
            break;
        }
        if (has_event(events, "card_played"))
            card_phases |= 1 << g->phase;
        /* a Combat phase begun by this move: every unit may attack again */
        {
            json_t *e, *last = NULL;
            size_t i;

            json_array_foreach(events, i, e)
                if (strcmp(json_string_value(json_object_get(e, "type")), "phase_started") == 0)
                    last = e;
            if (last && g->phase == HS_PH_COMBAT && !has_event(events, "attack_declared"))
                for (int u = 0; u < g->nunits; u++)
                    CHECK_EQ_INT(g->unit[u].attacked, 0);
            *units += g->nunits;
        }
        /* engine.h: "to" is the list of seats an event is shown to, and
         * nothing else; any other use would hide a public event or show a
         * private one */
        {
            json_t *e, *to, *x;
            size_t i, j;

            json_array_foreach(events, i, e)
                if ((to = json_object_get(e, "to"))) {
                    CHECK(json_is_array(to) && json_array_size(to) > 0);
                    json_array_foreach(to, j, x)
                        CHECK(json_is_integer(x) && json_integer_value(x) >= 0 &&
                              json_integer_value(x) < g->nplayers);
                }
        }
        hs_game_count_cubes(g, now);
        for (int c = 0; c < HS_STOCKS; c++)
            if (!CHECK_EQ_INT(now[c], start[c])) {
                char *d = json_dumps(events, JSON_COMPACT);

                fprintf(stderr, "  seed %d step %d colour %d: %.3000s\n", k, step, c, d);
                free(d);
                step = 1 << 20;
            }
        if (!CHECK(hs_cards_check(g, &err) == 0))
            fprintf(stderr, "  seed %d: %s\n", k, err.message);
        json_decref(events);
    }
    *over += g->stage == HS_STAGE_OVER;
    CHECK(g->stage == HS_STAGE_OVER || g->round > rounds);
    free(g);
    return 1;
}

/* HS-R-11: six phases a round, every one reached, for many seeds. */
static void test_hs_r_11_random_rounds_keep_every_cube_and_card(void)
{
    int over = 0, seen = 0, played = 0, units = 0;

    /* half the games build pressure, for overloads and destructions */
    for (int k = 1; played < 40 && k < 400; k++) {
        heat_bias = k % 4 < 2;
        played += play_seed(k, k % 2 ? NULL : "light", 8, &over, &seen, &units);
    }
    heat_bias = 0;
    CHECK_EQ_INT(played, 40);
    /* the Pressure phase asks only a player holding a card of it (HS-R-130) */
    CHECK_EQ_INT(seen, (1 << HS_PH_MOVE) | (1 << HS_PH_COMBAT) | (1 << HS_PH_STEAM) |
                           (1 << HS_PH_CARDS) | (1 << HS_PH_INITIATIVE) |
                           (1 << HS_PH_PRESSURE));
    CHECK(card_phases & (1 << HS_PH_PRESSURE));
    CHECK(units > 0);
    /* the round offers battle cards in the Combat phase too (HS-R-95) */
    CHECK(card_phases & (1 << HS_PH_COMBAT));
    fprintf(stderr, "  %d of 40 games ended by a destruction; cards played in phases %#x\n",
            over, card_phases);
}

/* The dump of g loads again (the game is stored after every move). */
static int reloads(const struct hs_game *g)
{
    struct hs_game *back = malloc(sizeof *back);
    json_t *st = hs_game_dump(g);
    struct rules_error err;
    int rc = hs_game_load(back, st, &err);

    if (rc)
        fprintf(stderr, "  the state does not load: %s\n", err.message);
    json_decref(st);
    free(back);
    return rc == 0;
}

/* HS-R-10, HS-DATA-05: a steam move that destroys the moving titan (heat
 * from a red square the full box cannot hold) ends the game in the middle
 * of the allocation, and a player may resign while asked where a
 * station's steam goes; neither leaves the flow's station behind, so the
 * finished game loads. HS-R-114: the destruction outside an attack ends
 * the game as one in combat does: the other team wins, the destroyed
 * titan's hand discarded. Reached by random moves that build pressure. */
static void test_hs_r_10_game_over_in_steam_allocation_is_stored(void)
{
    int ended = 0, resigned = 0;

    heat_bias = 1;
    for (int k = 0; k < 300 && (!ended || !resigned); k++) {
        struct hs_game *g = round_game(k, k % 2 ? "light" : NULL);
        json_t *events = json_array();

        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            int flowing = g->ask == HS_ASK_FLOW, seat = g->ask_seat;

            if (flowing && !resigned && k % 5 == 4) {
                struct rules_error err;

                CHECK(ok(hs_resign(g, g->ask_seat, events, &err), &err));
                CHECK(reloads(g));
                resigned++;
                break;
            }
            if (random_move(g, events) < 0)
                break;
            json_array_clear(events);
            if (flowing && g->stage == HS_STAGE_OVER) {
                CHECK(g->titan[g->p[seat].titan].cubes.destroyed);
                CHECK_EQ_INT(g->winner_team, 1 - g->p[seat].team);
                CHECK_EQ_INT(hs_hand_size(g, seat), 0);
                CHECK_EQ_INT(g->station, -1);
                CHECK(reloads(g));
                ended++;
            }
        }
        json_decref(events);
        free(g);
    }
    heat_bias = 0;
    CHECK(ended > 0);
    CHECK(resigned > 0);
}

/* HS-R-10, Event Cards: an event's step that destroys a titan (Battle
 * Intensity's damage cube placed on a last boiler square) ends the game
 * while the event still has a seat or a step to come; the finished game
 * keeps no event, so it loads. Reached by random moves that build
 * pressure, over 200 games (few end so). */
static void test_hs_r_10_game_over_in_an_event_is_stored(void)
{
    int ended = 0;

    heat_bias = 1;
    for (int k = 0; k < 200; k++) {
        struct hs_game *g = round_game(k, NULL);

        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            /* the event has a step or a seat to come after this answer */
            int resolving = g->event_pending &&
                            (g->event_turn + 1 < g->nplayers ||
                             g->event_step + 1 < hs_catalog_get()
                                                     ->battle[g->card[g->event]]
                                                     .effect.nsteps);

            if (random_move(g, NULL) < 0)
                break;
            if (resolving && g->stage == HS_STAGE_OVER) {
                CHECK_EQ_INT(g->event_pending, 0);
                CHECK(reloads(g));
                ended++;
            }
        }
        free(g);
    }
    heat_bias = 0;
    CHECK(ended > 0);
}

/* HS-R-127: a resignation in any phase (the Steam phase's station being
 * flowed included) leaves a state that loads again, the game over. */
static void test_hs_r_127_resigning_mid_round_leaves_a_state_that_loads(void)
{
    int steam = 0;

    for (int k = 1; k < 40; k++) {
        struct hs_game *g = round_game(k, NULL), *h = calloc(1, sizeof *h);
        struct rules_error err;
        json_t *ev = json_array(), *s;

        for (int i = 0; i < 20 + k && g->stage == HS_STAGE_ROUND; i++)
            random_move(g, NULL);
        if (g->stage == HS_STAGE_ROUND) {
            steam += g->station >= 0;
            CHECK(ok(hs_resign(g, 0, ev, &err), &err));
            s = hs_game_dump(g);
            CHECK(ok(hs_game_load(h, s, &err), &err));
            CHECK_EQ_INT(h->stage, HS_STAGE_OVER);
            json_decref(s);
        }
        json_decref(ev);
        free(h);
        free(g);
    }
    CHECK(steam > 0);
}

int main(void)
{
    RUN(test_hs_r_11_random_rounds_keep_every_cube_and_card);
    RUN(test_hs_r_10_game_over_in_steam_allocation_is_stored);
    RUN(test_hs_r_10_game_over_in_an_event_is_stored);
    RUN(test_hs_r_127_resigning_mid_round_leaves_a_state_that_loads);
    return check_summary();
}
