/*
 * test_heavysteam_effects.c - the effect vocabulary's operations
 * (rules/heavysteam/effects.h) one by one, each as the game does it: a
 * pilot's once-per-game effect, an event drawn to the track or a card
 * played, every position reached by moves from the real setup
 * (heavysteam_cards_fixture.h).
 */
#include "heavysteam_cards_fixture.h"

/* The effect vocabulary, steal and give (Lord Zedock Singleton's once
 * per game): a random card from the opponent, then one of the player's
 * choice back to him, in one pilot_power move. HS-R-125: the card to give
 * named by its id, the lowest copy of it in the hand going. */
static void test_vocabulary_steal_and_give(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_effect *e = &cat->pilot[hs_catalog_pilot(cat, "zedock")].once.effect;
    struct hs_game *g = game_dealt(3, &(struct deal){.pilot = {"zedock", NULL}});
    struct rules_error err;
    json_t *events = json_array();
    int mine = -1, theirs[HS_MAX_DECK], taken = 0;
    const char *stolen;
    char text[128];

    CHECK_EQ_INT(e->nsteps, 2);
    for (int c = 0; c < g->ncards; c++) {
        theirs[c] = g->zone[c] == HS_Z_HAND && g->holder[c] == 1;
        if (mine < 0 && g->zone[c] == HS_Z_HAND && g->holder[c] == 0)
            mine = c;
    }
    CHECK_EQ_INT(play(g, 0, "{\"type\": \"pilot_power\", \"choice\": {\"give\": "
                            "[\"no_such_card\"]}}", events, &err), -1);
    CHECK_EQ_STR(err.code, "not_in_hand");
    CHECK_EQ_INT(hs_hand_size(g, 0), 3);
    snprintf(text, sizeof text, "{\"type\": \"pilot_power\", \"choice\": {\"give\": [\"%s\"]}}",
             hs_card_id(g, mine));
    CHECK(play_ok(g, text, events));
    /* one of seat 1's cards came over, and a card of the id named went
     * back (the lowest copy: mine, or a stolen twin of it) */
    CHECK(card_event(events, "card_stolen_is", NULL));
    stolen = json_string_value(json_object_get(find_event(events, "card_stolen_is"), "card"));
    for (int c = 0; c < g->ncards; c++)
        taken += theirs[c] && g->zone[c] == HS_Z_HAND && g->holder[c] == 0;
    if (stolen && strcmp(stolen, hs_card_id(g, mine)) != 0)
        CHECK_EQ_INT(taken, 1);
    CHECK(hand_copy(g, 1, hs_card_id(g, mine)) >= 0);
    CHECK(has_event(events, "pilot_power_used"));
    CHECK_EQ_INT(hs_hand_size(g, 0), 3);
    CHECK_EQ_INT(hs_hand_size(g, 1), 3);
    CHECK(zones_ok(g));
    json_decref(events);
    free(g);
}

/* The effect vocabulary, free_move (Freifrau von Kessel's once per game:
 * 4 steam cubes within the titan): the cubes change stations, none is
 * added or lost; more than 4 is refused. Played at seat 1's first
 * question that offers it. */
static void test_vocabulary_free_move(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_step *st = &cat->pilot[hs_catalog_pilot(cat, "kessel")].once.effect.step[0];
    struct hs_game *g = game_dealt(2, &(struct deal){.pilot = {NULL, "kessel"}});
    struct rules_error err;
    json_t *events = json_array(), *o, *from, *to, *steps = json_array(), *m, *f, *d;
    struct hs_census c0, c1;
    int used[64] = {0};
    size_t i, j;

    CHECK_EQ_INT(st->n, 4);
    if (!CHECK(reach_listed(g, 1, HS_PH_NONE, "pilot_power", NULL, events)))
        goto out;
    o = hs_effect_options(g, 1, st);
    from = json_object_get(o, "from");
    to = json_object_get(o, "to");
    json_array_foreach(from, i, f) {
        if (json_array_size(steps) == 5)
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
    json_decref(o);
    if (!CHECK_EQ_INT((int)json_array_size(steps), 5))
        goto out;
    m = json_pack("{s:s, s:{s:O}}", "type", "pilot_power", "choice", "steps", steps);
    CHECK_EQ_INT(hs_round_apply(g, 1, m, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "choose_steps");
    json_decref(m);
    json_array_remove(steps, 4);
    hs_titan_census(&g->titan[1].cubes, &c0);
    m = json_pack("{s:s, s:{s:O}}", "type", "pilot_power", "choice", "steps", steps);
    CHECK(apply_new(g, m, events));
    hs_titan_census(&g->titan[1].cubes, &c1);
    CHECK_EQ_INT(c1.steam_white + c1.steam_red, c0.steam_white + c0.steam_red);
    CHECK_EQ_INT(c1.reserve, c0.reserve);
    CHECK(has_event(events, "steam_free_move"));
out:
    json_decref(steps);
    json_decref(events);
    free(g);
}

/* Heat Wave's heat (HS-DATA-05: forced into the pressure box), drawn to
 * the track: 2 heat cubes into each box as it fires; Signal Relay's
 * initiative (HS-R-48: the team counts 3 more), played in the Initiative
 * phase by seat 1. */
static void test_vocabulary_heat_and_initiative(void)
{
    struct hs_game *g = game_with("heat_wave", 0), *before = malloc(sizeof *before);
    json_t *events = json_array(), *e;
    size_t i;
    int after = 0, heat = 0;

    if (CHECK(play_to_event(g, "heat_wave", before, events)))
        json_array_foreach(events, i, e) {
            const char *type = json_string_value(json_object_get(e, "type"));

            if (strcmp(type, "event_drawn") == 0)
                after = !strcmp(json_string_value(json_object_get(e, "card")), "heat_wave");
            else if (after && strcmp(type, "pressure_added") == 0 &&
                     !strcmp(json_string_value(json_object_get(e, "cube")), "heat"))
                heat += (int)json_integer_value(json_object_get(e, "cubes"));
            else if (after && strcmp(type, "track_filled") == 0)
                after = 0;
        }
    CHECK_EQ_INT(heat, 2 * 2);
    free(g);
    g = game_dealt(4, &(struct deal){.hand1 = {"signal_relay"}});
    if (CHECK(reach_listed(g, 1, HS_PH_INITIATIVE, "card", "signal_relay", events))) {
        CHECK_EQ_INT(g->initiative_bonus[1], 0);
        CHECK(play_ok(g, "{\"type\": \"card\", \"card\": \"signal_relay\"}", events));
        CHECK_EQ_INT(g->initiative_bonus[1], 3);
        CHECK_EQ_INT(g->initiative_bonus[0], 0);
    }
    json_decref(events);
    free(before);
    free(g);
}

/* The attack's numbers come back to combat in struct hs_mods: Targeting
 * Solution +1 die and +1 critical, Called Shot a free re-roll and 1
 * shield ignored (hs_effect_mods on the catalog's cards); Coolant Flush,
 * played in the Pressure phase, releases 3 more there; a pilot's release
 * (Brandauer's once per game), with no phase to return it to, is
 * released at once (HS-R-130). */
static void test_vocabulary_attack_numbers(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_mods m = {0};
    struct hs_game *g = NULL;
    json_t *events = json_array(), *e;
    int np = 0, more = 0, found = 0, released;

    hs_effect_mods(&cat->battle[hs_catalog_battle(cat, "targeting_solution")].effect,
                   HS_HEAVY, &m);
    hs_effect_mods(&cat->battle[hs_catalog_battle(cat, "called_shot")].effect, HS_HEAVY, &m);
    CHECK_EQ_INT(m.attack_dice, 1);
    CHECK_EQ_INT(m.critical, 1);
    CHECK_EQ_INT(m.rerolls, 1);
    CHECK_EQ_INT(m.pierce, 1);
    /* a box fuller than the release with the card's 3: seat 0 fires at
     * seat 1 (its weapons' steam goes to the box) until, asked in a
     * Pressure phase, its box is; seeds on until one is */
    for (int k = 4; k < 400 && !found; k = dealt_seed + 1) {
        free(g);
        if (!(g = game_dealt(k, &(struct deal){.hand0 = {"coolant_flush"},
                                               .pilot = {"pennywhistle", "brandauer"}})))
            break;
        never_asked(g, 1);
        for (int guard = 0; guard < 3000 && g->stage == HS_STAGE_ROUND && !found; guard++) {
            json_t *card = listed(g, 0, "card", "coolant_flush");

            json_decref(card);
            np = g->titan[0].cubes.npressure;
            /* the vents' steam: each cube one release more */
            more = g->titan[0].cubes.board->release + steam_at(g, 0, HS_VENT);
            if (card && g->ask_seat == 0 && g->phase == HS_PH_PRESSURE && np >= more + 3)
                found = 1;
            else if (attacking_move(g, 0, 1, events) < 0)
                break;
        }
    }
    if (!CHECK(found))
        goto out;
    json_array_clear(events);
    CHECK(play_ok(g, "{\"type\": \"card\", \"card\": \"coolant_flush\"}", events));
    e = find_event(events, "pressure_released");
    released = e ? (int)(json_integer_value(json_object_get(e, "steam")) +
                         json_integer_value(json_object_get(e, "heat")))
                 : -1;
    CHECK_EQ_INT(released, more + 3);
    CHECK_EQ_INT(g->titan[0].cubes.npressure, np - (more + 3));
    /* Brandauer's once per game, at seat 1's next question */
    if (!CHECK(reach_listed(g, 1, HS_PH_NONE, "pilot_power", NULL, events)))
        goto out;
    np = g->titan[1].cubes.npressure;
    json_array_clear(events);
    CHECK(play_ok(g, "{\"type\": \"pilot_power\"}", events));
    e = find_event(events, "pressure_popped");
    CHECK_EQ_INT(e ? (int)(json_integer_value(json_object_get(e, "steam")) +
                           json_integer_value(json_object_get(e, "heat")))
                   : -1, np < 4 ? np : 4);
out:
    json_decref(events);
    free(g);
}

/* Wind Shift (discard_terrain), drawn to the track: the terrain in play
 * goes to the discard pile. The terrain is seat 0's Woods, played by
 * Maneuver in round 1's Cards phase before the event is drawn. */
static void test_vocabulary_discard_terrain(void)
{
    struct hs_game *g = game_dealt(1, &(struct deal){.event = {"wind_shift"},
                                                     .hand0 = {"maneuver", "woods"}});
    struct hs_game *before = malloc(sizeof *before);
    json_t *events = json_array();
    int woods = g ? hand_copy(g, 0, "woods") : -1;

    if (!CHECK(woods >= 0))
        goto out;
    CHECK(play_ok(g, "{\"type\": \"card\", \"card\": \"maneuver\", "
                     "\"choice\": {\"terrain\": \"woods\"}}", events));
    CHECK_EQ_INT(g->titan[0].terrain, woods);
    if (!CHECK(play_to_event(g, "wind_shift", before, events)))
        goto out;
    CHECK_EQ_INT(before->titan[0].terrain, woods);
    CHECK_EQ_INT(g->titan[0].terrain, -1);
    CHECK_EQ_INT(g->zone[woods], HS_Z_DISCARD);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(before);
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
