/*
 * test_heavysteam_effects.c - the effect vocabulary's operations
 * (rules/heavysteam/effects.h) one by one, the catalog's own steps on a
 * game of the real catalog (heavysteam_cards_fixture.h).
 */
#include "heavysteam_cards_fixture.h"

/* The effect vocabulary, steal and give (Lord Zedock Singleton's once
 * per game): a random card from the opponent, then one of the player's
 * choice back to him. */
static void test_vocabulary_steal_and_give(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_effect *e = &cat->pilot[hs_catalog_pilot(cat, "zedock")].once.effect;
    struct hs_game *g = new_game(3);
    struct rules_error err;
    json_t *events = json_array(), *choice;
    int mine = -1;

    CHECK_EQ_INT(e->nsteps, 2);
    CHECK(ok(hs_effect_step(g, 0, -1, &e->step[0], NULL, NULL, &R, events, &err), &err));
    CHECK_EQ_INT(hs_hand_size(g, 0), 4);
    CHECK_EQ_INT(hs_hand_size(g, 1), 2);
    for (int c = 0; c < g->ncards && mine < 0; c++)
        if (g->zone[c] == HS_Z_HAND && g->holder[c] == 0)
            mine = c;
    choice = json_pack("{s:[s]}", "give", "no_such_card");
    CHECK_EQ_INT(hs_effect_step(g, 0, -1, &e->step[1], choice, NULL, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_in_hand");
    json_decref(choice);
    choice = json_pack("{s:[s]}", "give", hs_card_id(g, mine));
    CHECK(ok(hs_effect_step(g, 0, -1, &e->step[1], choice, NULL, &R, events, &err), &err));
    json_decref(choice);
    CHECK_EQ_INT(g->holder[mine], 1);
    CHECK_EQ_INT(hs_hand_size(g, 0), 3);
    CHECK_EQ_INT(hs_hand_size(g, 1), 3);
    CHECK(zones_ok(g));
    json_decref(events);
    free(g);
}

/* The effect vocabulary, free_move (Freifrau von Kessel's once per game:
 * 4 steam cubes within the titan): the cubes change stations, none is
 * added or lost; more than 4 is refused. */
static void test_vocabulary_free_move(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_step *st = &cat->pilot[hs_catalog_pilot(cat, "kessel")].once.effect.step[0];
    struct hs_game *g = new_game(2);
    struct rules_error err;
    json_t *events = json_array(), *o = hs_effect_options(g, 1, st);
    json_t *from = json_object_get(o, "from"), *to = json_object_get(o, "to");
    json_t *steps = json_array(), *choice, *f, *d;
    struct hs_census c0, c1;
    int used[64] = {0};
    size_t i, j;

    CHECK_EQ_INT(st->n, 4);
    json_array_foreach(from, i, f) {
        if (json_array_size(steps) == 4)
            break;
        json_array_foreach(to, j, d)
            if (j < 64 && !used[j] &&
                strcmp(json_string_value(json_object_get(d, "station")),
                       json_string_value(json_object_get(f, "station"))) != 0) {
                used[j] = 1;
                json_array_append_new(steps, json_pack(
                    "{s:O, s:O, s:O, s:O}", "from_station", json_object_get(f, "station"),
                    "from_square", json_object_get(f, "square"), "to_station",
                    json_object_get(d, "station"), "to_square",
                    json_object_get(d, "square")));
                break;
            }
    }
    CHECK_EQ_INT((int)json_array_size(steps), 4);
    hs_titan_census(&g->titan[1].cubes, &c0);
    choice = json_pack("{s:O}", "steps", steps);
    CHECK(ok(hs_effect_step(g, 1, -1, st, choice, NULL, &R, events, &err), &err));
    hs_titan_census(&g->titan[1].cubes, &c1);
    CHECK_EQ_INT(c1.steam_white + c1.steam_red, c0.steam_white + c0.steam_red);
    CHECK_EQ_INT(c1.reserve, c0.reserve);
    CHECK(has_event(events, "steam_free_move", NULL));
    json_decref(choice);
    json_array_append(steps, json_array_get(steps, 0));
    choice = json_pack("{s:O}", "steps", steps);
    CHECK_EQ_INT(hs_effect_step(g, 1, -1, st, choice, NULL, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "choose_steps");
    json_decref(choice);
    json_decref(steps);
    json_decref(o);
    json_decref(events);
    free(g);
}

/* The step of battle card id, by its index. */
static const struct hs_step *card_step(const char *id, int i)
{
    const struct hs_catalog *cat = hs_catalog_get();

    return &cat->battle[hs_catalog_battle(cat, id)].effect.step[i];
}

/* Heat Wave's heat (HS-DATA-05: forced into the pressure box), Signal
 * Relay's initiative (HS-R-48: the team counts 3 more). */
static void test_vocabulary_heat_and_initiative(void)
{
    struct hs_game *g = new_game(4);
    struct rules_error err;
    json_t *events = json_array();
    struct hs_census c0, c1;

    hs_titan_census(&g->titan[1].cubes, &c0);
    CHECK(ok(hs_effect_step(g, 1, -1, card_step("heat_wave", 0), NULL, NULL, &R, events,
                            &err), &err));
    hs_titan_census(&g->titan[1].cubes, &c1);
    CHECK_EQ_INT(c1.pressure_heat, c0.pressure_heat + 2);
    CHECK_EQ_INT(g->initiative_bonus[1], 0);
    CHECK(ok(hs_effect_step(g, 1, -1, card_step("signal_relay", 0), NULL, NULL, &R, events,
                            &err), &err));
    CHECK_EQ_INT(g->initiative_bonus[1], 3);
    CHECK_EQ_INT(g->initiative_bonus[0], 0);
    json_decref(events);
    free(g);
}

/* The attack's numbers come back to combat in struct hs_mods: Targeting
 * Solution +1 die and +1 critical, Called Shot a free re-roll and 1
 * shield ignored, Coolant Flush 3 more released in the Pressure phase;
 * nothing else changes. */
static void test_vocabulary_attack_numbers(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_mods m = {0};
    struct hs_game *g = new_game(4);
    struct rules_error err;
    json_t *events = json_array();

    hs_effect_mods(&cat->battle[hs_catalog_battle(cat, "targeting_solution")].effect,
                   HS_HEAVY, &m);
    hs_effect_mods(&cat->battle[hs_catalog_battle(cat, "called_shot")].effect, HS_HEAVY, &m);
    CHECK_EQ_INT(m.attack_dice, 1);
    CHECK_EQ_INT(m.critical, 1);
    CHECK_EQ_INT(m.rerolls, 1);
    CHECK_EQ_INT(m.pierce, 1);
    /* the rounds' phases are not written yet: the phase is set, nothing else */
    g->phase = HS_PH_PRESSURE;
    CHECK(ok(hs_effect_step(g, 0, -1, card_step("coolant_flush", 0), NULL, &m, &R, events,
                            &err), &err));
    CHECK_EQ_INT(m.release, 3);
    /* without a struct to return them to (a pilot's effect) they are
     * released at once (HS-R-130) */
    CHECK(ok(hs_effect_step(g, 0, -1, card_step("coolant_flush", 0), NULL, NULL, &R, events,
                            &err), &err));
    CHECK_EQ_INT(m.release, 3);
    json_decref(events);
    free(g);
}

/* Wind Shift (discard_terrain): the terrain in play goes to the discard
 * pile. */
static void test_vocabulary_discard_terrain(void)
{
    struct hs_game *g = NULL;
    struct rules_error err;
    json_t *events = json_array(), *choice;
    int man = -1, woods = -1;

    for (int k = 1; k < 200 && (man < 0 || woods < 0); k++) {
        free(g);
        g = new_game(k);
        man = draw_until(g, 0, "maneuver");
        woods = draw_until(g, 0, "woods");
    }
    hs_buy_begin(g);
    if (!CHECK(man >= 0 && woods >= 0))
        goto out;
    choice = json_pack("{s:s}", "terrain", hs_card_id(g, woods));
    CHECK(ok(hs_play_card(g, 0, man, HS_TIME_TURN, choice, NULL, &R, events, &err), &err));
    json_decref(choice);
    CHECK_EQ_INT(g->titan[0].terrain, woods);
    CHECK(ok(hs_effect_step(g, 0, -1, card_step("wind_shift", 0), NULL, NULL, &R, events,
                            &err), &err));
    CHECK_EQ_INT(g->titan[0].terrain, -1);
    CHECK_EQ_INT(g->zone[woods], HS_Z_DISCARD);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

int main(void)
{
    RUN(test_vocabulary_steal_and_give);
    RUN(test_vocabulary_free_move);
    RUN(test_vocabulary_heat_and_initiative);
    RUN(test_vocabulary_attack_numbers);
    RUN(test_vocabulary_discard_terrain);
    return check_summary();
}
