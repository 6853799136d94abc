/*
 * test_heavysteam_game.c - a Heavy Steam game's setup, the secret choice
 * of pilots and what each seat sees (rules/heavysteam/setup.h, pilots.h,
 * view.h), each test named after the rule it pins; the stored state's
 * load and dump: test_heavysteam_state.c.
 *
 * Every position comes from hs_game_setup and the pilot moves from
 * seeded streams (heavysteam_game_fixture.h).
 */
#include "heavysteam_game_fixture.h"

/* ---- setup ---------------------------------------------------------------- */

static void test_hs_r_08_battle_cards_from_many_seeds(void)
{
    for (int k = 0; k < SEEDS; k++) {
        struct hs_game *g = new_game(k, k % 2 ? "{\"size\": \"light\"}" : NULL, NULL);
        int deck_cards = 0;

        CHECK_EQ_INT(g->ncards, HS_BATTLE_CARDS);
        CHECK_EQ_INT(zone_count(g, HS_Z_HAND, 0), 3);
        CHECK_EQ_INT(zone_count(g, HS_Z_HAND, 1), 3);
        CHECK_EQ_INT(g->nslots, 6);
        for (int i = 0; i < g->nslots; i++) {
            int eis = cat()->battle[g->card[g->slot[i]]].kind == HS_K_START;

            CHECK(g->slot[i] >= 0 && g->zone[g->slot[i]] == HS_Z_TRACK);
            /* one Enemy in Sight per player, from the rightmost titan slot */
            CHECK_EQ_INT(eis, i >= 4);
        }
        CHECK_EQ_INT(zone_count(g, HS_Z_TRACK, -1), 6);
        /* 54 less 10 events and 4 Enemy in Sight, 3 events in, 6 dealt, 4 on the track */
        CHECK_EQ_INT(g->ndeck, 54 - 14 + 3 - 6 - 4);
        CHECK_EQ_INT(zone_count(g, HS_Z_DECK, -1), g->ndeck);
        CHECK_EQ_INT(kind_in(g, HS_Z_DECK, HS_K_EVENT), 3);
        CHECK_EQ_INT(kind_in(g, HS_Z_BOX, HS_K_EVENT), 7);
        CHECK_EQ_INT(kind_in(g, HS_Z_BOX, HS_K_START), 2);
        CHECK_EQ_INT(kind_in(g, HS_Z_HAND, HS_K_EVENT) + kind_in(g, HS_Z_TRACK, HS_K_EVENT), 0);
        for (int i = 0; i < g->ndeck; i++) {
            CHECK(g->zone[g->deck[i]] == HS_Z_DECK);
            for (int j = 0; j < i; j++)
                CHECK(g->deck[i] != g->deck[j]);
            deck_cards++;
        }
        CHECK_EQ_INT(deck_cards, 33);
        check_cubes(g);
        check_round_trip(g);
        free(g);
    }
}

/* HS-R-08: "Shuffle the battle cards and deal 3 cards to each player":
 * one card at a time around the table, seat 0 first. The deal's shuffle
 * is the stream's first draw, so the same shuffle here tells which card
 * each seat should hold. */
static void test_hs_r_08_dealt_one_card_at_a_time_around_the_table(void)
{
    for (int k = 0; k < 20; k++) {
        struct hs_game *g = new_game(k, NULL, NULL);
        int deck[HS_MAX_DECK], n = 0, c = 0;
        struct rng r;

        for (int b = 0; b < cat()->nbattle; b++)
            for (int j = 0; j < cat()->battle[b].copies; j++, c++)
                if (cat()->battle[b].kind != HS_K_EVENT &&
                    cat()->battle[b].kind != HS_K_START)
                    deck[n++] = c;
        seeded(&r, k);
        rng_shuffle(&r, deck, (size_t)n);
        for (int i = 0; i < 3 * g->nplayers; i++) {
            CHECK_EQ_INT(g->zone[deck[i]], HS_Z_HAND);
            CHECK_EQ_INT(g->holder[deck[i]], i % g->nplayers);
        }
        free(g);
    }
}

/* HS-R-108: the slots but the Enemy in Sight ones filled left to right
 * from the top of the deck left after the deal; then 3 events of the box
 * go in and the whole deck is shuffled again. The same stream replays
 * the setup's three shuffles. */
static void test_hs_r_108_track_from_the_top_then_the_deck_shuffled(void)
{
    for (int k = 0; k < 20; k++) {
        struct hs_game *g = new_game(k, NULL, NULL);
        int deck[HS_MAX_DECK], ev[HS_MAX_DECK], n = 0, nev = 0, c = 0, top;
        struct rng r;

        for (int b = 0; b < cat()->nbattle; b++)
            for (int j = 0; j < cat()->battle[b].copies; j++, c++)
                if (cat()->battle[b].kind == HS_K_EVENT)
                    ev[nev++] = c;
                else if (cat()->battle[b].kind != HS_K_START)
                    deck[n++] = c;
        seeded(&r, k);
        rng_shuffle(&r, deck, (size_t)n);
        top = 3 * g->nplayers;
        for (int i = 0; i < g->nslots; i++)
            if (cat()->battle[g->card[g->slot[i]]].kind != HS_K_START)
                CHECK_EQ_INT(g->slot[i], deck[top++]);
        memmove(deck, deck + top, sizeof deck[0] * (size_t)(n - top));
        n -= top;
        rng_shuffle(&r, ev, (size_t)nev);
        for (int i = 0; i < 3; i++)
            deck[n++] = ev[i];
        rng_shuffle(&r, deck, (size_t)n);
        CHECK_EQ_INT(g->ndeck, n);
        for (int i = 0; i < n && i < g->ndeck; i++)
            CHECK_EQ_INT(g->deck[i], deck[i]);
        free(g);
    }
}

static void test_hs_r_08_events_shuffled_in_vary(void)
{
    int seen[HS_MAX_BATTLE] = {0}, top_event = 0;

    for (int k = 0; k < SEEDS; k++) {
        struct hs_game *g = new_game(k, NULL, NULL);

        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_DECK && cat()->battle[g->card[c]].kind == HS_K_EVENT)
                seen[g->card[c]]++;
        top_event += cat()->battle[g->card[g->deck[0]]].kind == HS_K_EVENT;
        free(g);
    }
    for (int b = 0; b < cat()->nbattle; b++)
        if (cat()->battle[b].kind == HS_K_EVENT)
            CHECK(seen[b] > 0);
    /* shuffled into the deck, not put on top of it */
    CHECK(top_event > 0 && top_event < SEEDS / 2);
}

static void test_hs_r_10_meeting_engagement_sectors(void)
{
    struct hs_game *g = new_game(1, NULL, NULL);

    CHECK_EQ_INT(g->titan[0].sector, 0);
    CHECK_EQ_INT(g->titan[1].sector, 7);
    CHECK_EQ_INT(cat()->titan[g->titan[0].board].faction, HS_UK);
    CHECK_EQ_INT(cat()->titan[g->titan[1].board].size, HS_HEAVY);
    free(g);
    g = new_game(1, "{\"size\": \"light\", \"factions\": [\"cet\", \"uk\"]}", NULL);
    CHECK_EQ_INT(g->titan[0].sector, 6);
    CHECK_EQ_INT(g->titan[1].sector, 1);
    CHECK_EQ_INT(cat()->titan[g->titan[0].board].faction, HS_CET);
    CHECK_EQ_INT(cat()->titan[g->titan[0].board].size, HS_LIGHT);
    CHECK_EQ_INT(g->team_faction[g->p[0].team], HS_CET);
    free(g);
    g = new_game(1, "{\"size\": \"light\", \"titans\": [\"uk_light_wayfarer\", "
                    "\"cet_light_sturmvogel\"]}", NULL);
    CHECK_EQ_STR(cat()->titan[g->titan[0].board].id, "uk_light_wayfarer");
    CHECK_EQ_STR(cat()->titan[g->titan[1].board].id, "cet_light_sturmvogel");
    check_round_trip(g);
    free(g);
}

static void test_hs_r_07_printed_loadouts_and_cubes(void)
{
    struct hs_game *g = new_game(2, NULL, NULL);

    for (int i = 0; i < g->ntitans; i++) {
        const struct hs_board *b = &cat()->titan[g->titan[i].board];
        struct hs_census c;

        for (int m = 0; m < HS_MOUNTS; m++)
            CHECK_EQ_STR(cat()->weapon[g->titan[i].card[m]].id, b->loadout[m]);
        hs_titan_census(&g->titan[i].cubes, &c);
        CHECK_EQ_INT(c.reserve, b->reserve);
        CHECK_EQ_INT(c.damage + c.pressure_steam + c.pressure_heat, 0);
        CHECK(c.steam_white > 0 && c.shield > 0);
    }
    check_cubes(g);
    CHECK(g->stock_white < cat()->board.stock[HS_STOCK_WHITE]);
    free(g);
}

static void test_hs_r_09_starting_initiative_rerolls_ties(void)
{
    int won[HS_TEAMS] = {0}, ties = 0;

    for (int k = 0; k < SEEDS; k++) {
        json_t *ev = json_array(), *e, *last = NULL;
        struct hs_game *g = new_game(k, NULL, ev);
        size_t i;

        json_array_foreach(ev, i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "initiative_roll") == 0) {
                /* HS-AMB-20: only a tie rolls again */
                if (last) {
                    ties++;
                    CHECK(json_equal(json_array_get(json_object_get(last, "rolls"), 0),
                                     json_array_get(json_object_get(last, "rolls"), 1)));
                }
                last = e;
            }
        if (CHECK(last != NULL)) {
            json_t *r = json_object_get(last, "rolls");
            int a = (int)json_integer_value(json_array_get(r, 0)),
                b = (int)json_integer_value(json_array_get(r, 1));

            CHECK(a != b);
            CHECK_EQ_INT(g->initiative, b > a);
        }
        won[g->initiative]++;
        CHECK_EQ_INT(g->turn_team, g->initiative);
        CHECK_EQ_INT(g->stage, HS_STAGE_PILOTS);
        CHECK_EQ_INT(g->ask, HS_ASK_PILOT);
        json_decref(ev);
        free(g);
    }
    CHECK(won[0] > 0 && won[1] > 0 && ties > 0);
}

static void refuse_options(const char *options, int seats, const char *code)
{
    struct hs_game *g = calloc(1, sizeof *g);
    json_t *o = json_loads(options, 0, NULL);
    struct rules_error err;
    struct rng r;

    seeded(&r, 3);
    memset(&err, 0, sizeof err);
    CHECK(o != NULL);
    CHECK_EQ_INT(hs_game_setup(g, o, seats, &r, NULL, &err), -1);
    CHECK_EQ_STR(err.code, code);
    CHECK(strncmp(err.rule, "HS-R-", 5) == 0);
    json_decref(o);
    free(g);
}

/* HS-R-10: bad options refused; HS-R-01: the two teams' factions differ
 * (same_faction, titan_wrong_faction). */
static void test_hs_r_10_setup_refuses_bad_options(void)
{
    refuse_options("{\"scenario\": 9}", 2, "unknown_scenario");
    refuse_options("{\"scenario\": \"1\"}", 2, "unknown_scenario");
    refuse_options("{\"size\": \"medium\"}", 2, "bad_size");
    refuse_options("{\"colour\": \"red\"}", 2, "unknown_option");
    refuse_options("{}", 1, "bad_seats");
    refuse_options("{}", 5, "bad_seats");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\"]}", 2, "bad_titans");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\", \"uk_heavy_dreadmoor\"]}", 2,
                   "titan_wrong_faction");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\", \"cet_light_feldhase\"]}", 2,
                   "bad_composition");
    refuse_options("{\"size\": \"heavy\", \"titans\": [\"uk_light_kestrel\", "
                   "\"cet_light_feldhase\"]}", 2, "titan_wrong_size");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\", \"nope\"]}", 2, "unknown_titan");
    refuse_options("{\"factions\": [\"uk\", \"uk\"]}", 2, "same_faction");
    refuse_options("{\"factions\": [\"uk\"]}", 2, "bad_factions");
}

/* ---- pilots --------------------------------------------------------------- */


/* The move is refused with code, and the game's JSON is as it was. */
static void refuse_pilot(struct hs_game *g, int seat, const char *move, const char *code)
{
    json_t *before = hs_game_dump(g), *after;
    struct rules_error err;

    CHECK_EQ_INT(pilot_move(g, seat, move, NULL, &err), -1);
    CHECK_EQ_STR(err.code, code);
    after = hs_game_dump(g);
    CHECK(json_equal(before, after));
    json_decref(before);
    json_decref(after);
}

static void test_hs_r_06_pilot_of_the_titans_faction_and_size(void)
{
    struct hs_game *g = new_game(4, NULL, NULL);

    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"baer\"}", "pilot_wrong_faction");
    refuse_pilot(g, 1, "{\"type\": \"pilot\", \"pilot\": \"zedock\"}", "pilot_wrong_faction");
    /* Thornbury flies lights only, Dornbach too */
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\"}", "pilot_wrong_size");
    refuse_pilot(g, 1, "{\"type\": \"pilot\", \"pilot\": \"dornbach\"}", "pilot_wrong_size");
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"nobody\"}", "unknown_pilot");
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"zedock\", \"x\": 1}",
                 "unknown_field");
    refuse_pilot(g, 2, "{\"type\": \"pilot\", \"pilot\": \"zedock\"}", "not_a_player");
    free(g);
}

/* HS-R-04, HS-R-106: each pilot told to its seat only, not changed once
 * chosen, all revealed together. */
static void test_hs_r_04_pilots_secret_then_revealed_together(void)
{
    struct hs_game *g = new_game(5, NULL, NULL);
    json_t *ev = json_array(), *e;
    struct rules_status st;
    struct rules_error err;
    size_t i;
    int revealed = 0, privately = 0;

    hs_status_fill(g, &st);
    CHECK_EQ_INT(st.must_act, 3u);
    CHECK_EQ_INT(pilot_move(g, 1, "{\"type\": \"pilot\", \"pilot\": \"rauchbein\"}", ev,
                            &err), 0);
    hs_status_fill(g, &st);
    CHECK_EQ_INT(st.must_act, 1u);
    CHECK_EQ_INT(g->stage, HS_STAGE_PILOTS);
    /* once chosen, not chosen again */
    refuse_pilot(g, 1, "{\"type\": \"pilot\", \"pilot\": \"baer\"}", "pilot_already_chosen");
    check_round_trip(g);
    json_array_foreach(ev, i, e)
        if (json_object_get(e, "pilot")) {
            json_t *to = json_object_get(e, "to");

            CHECK(json_array_size(to) == 1 &&
                  json_integer_value(json_array_get(to, 0)) == 1);
            privately++;
        }
    CHECK_EQ_INT(privately, 1);
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"halloway\"}", ev,
                            &err), 0);
    json_array_foreach(ev, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "pilots_revealed") == 0) {
            revealed++;
            CHECK(json_object_get(e, "to") == NULL);
            CHECK_EQ_INT(json_array_size(json_object_get(e, "pilots")), 2);
        }
    CHECK_EQ_INT(revealed, 1);
    CHECK_EQ_INT(g->stage, HS_STAGE_ROUND);
    CHECK_EQ_INT(g->round, 1);
    CHECK_EQ_INT(g->phase, HS_PH_MOVE);
    CHECK_EQ_INT(g->ask, HS_ASK_MOVE);
    CHECK_EQ_INT(g->p[g->actor].team, g->initiative);
    CHECK_EQ_STR(cat()->pilot[g->p[0].pilot].id, "halloway");
    hs_status_fill(g, &st);
    CHECK_EQ_INT(st.must_act, 1u << g->actor);
    /* HS-R-04: "Once revealed, pilots may not be changed" */
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"zedock\"}", "not_now");
    check_cubes(g);
    check_round_trip(g);
    json_decref(ev);
    free(g);
}

/* HS-R-62, HS-R-106: Charged Up steam chosen with the pilot, put on the
 * cards at the reveal. */
/* HS-R-107: a pilot the opponent holds is refused for its faction, as it
 * was before he chose it: only a teammate's choice can make a pilot
 * taken, so a refusal tells no opponent what was chosen. */
static void test_hs_r_107_opponents_pilot_refused_for_its_faction(void)
{
    static const char baer[] = "{\"type\": \"pilot\", \"pilot\": \"baer\"}";
    struct hs_game *g = new_game(7, NULL, NULL);
    struct rules_error err;

    refuse_pilot(g, 0, baer, "pilot_wrong_faction");
    CHECK_EQ_INT(pilot_move(g, 1, baer, NULL, &err), 0);
    refuse_pilot(g, 0, baer, "pilot_wrong_faction");
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"zedock\"}", NULL,
                            &err), 0);
    free(g);
}

static void test_hs_r_62_charged_up_with_the_pilot(void)
{
    /* light defaults: Kestrel (Arc Lance, Charged Up 2, right arm) and
     * Feldhase (Blitz Coil, Charged Up 3, torso) */
    struct hs_game *g = new_game(6, "{\"size\": \"light\"}", NULL);
    const struct hs_titan *k = &g->titan[0].cubes, *f = &g->titan[1].cubes;
    int ks = k->board->mount_station[HS_MOUNT_RIGHT_ARM];
    int fs = f->board->mount_station[HS_MOUNT_TORSO];
    int kst = hs_titan_steam_at(k, ks), kres = k->reserve, fst = hs_titan_steam_at(f, fs);
    struct rules_error err;

    CHECK_EQ_STR(cat()->weapon[g->titan[0].card[HS_MOUNT_RIGHT_ARM]].id, "uk_arc_lance");
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\", "
                       "\"charge\": {\"right_arm\": 3}}", "charged_up_too_many");
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\", "
                       "\"charge\": {\"left_arm\": 1}}", "charged_up_too_many");
    refuse_pilot(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\", "
                       "\"charge\": {\"head\": 1}}", "bad_charge");
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\", "
                                  "\"charge\": {\"right_arm\": 2}}", NULL, &err), 0);
    /* the charge waits for the reveal */
    CHECK_EQ_INT(hs_titan_steam_at(k, ks), kst);
    CHECK_EQ_INT(pilot_move(g, 1, "{\"type\": \"pilot\", \"pilot\": \"dornbach\", "
                                  "\"charge\": {\"torso\": 3}}", NULL, &err), 0);
    CHECK_EQ_INT(hs_titan_steam_at(k, ks), kst + 2);
    CHECK_EQ_INT(k->reserve, kres - 2);
    CHECK_EQ_INT(hs_titan_steam_at(f, fs), fst + 3);
    check_cubes(g);
    check_round_trip(g);
    free(g);
}

static void test_hs_r_06_pilot_moves_listed_are_accepted(void)
{
    struct hs_game *g = new_game(8, "{\"size\": \"light\"}", NULL);
    json_t *ms = hs_pilot_moves(g, 0), *m, *after;
    size_t i;

    /* U.K. lights: every U.K. pilot but the heavy-only Halloway */
    CHECK_EQ_INT(json_array_size(json_object_get(ms, "moves")), 4);
    json_array_foreach(json_object_get(ms, "moves"), i, m) {
        struct hs_game *h = new_game(8, "{\"size\": \"light\"}", NULL);
        json_t *mv = json_pack("{s:s, s:O}", "type", "pilot", "pilot",
                               json_object_get(m, "pilot"));
        json_t *ch = json_object_get(m, "charge");
        struct rules_error err;
        struct rng r;

        CHECK_EQ_STR(json_string_value(json_object_get(m, "form")), "shape");
        CHECK_EQ_INT(json_integer_value(json_object_get(json_object_get(ch, "right_arm"),
                                                        "max")), 2);
        json_object_set_new(mv, "charge", json_pack("{s:i}", "right_arm", 2));
        seeded(&r, 1);
        CHECK_EQ_INT(hs_pilot_apply(h, 0, mv, &r, NULL, &err), 0);
        json_decref(mv);
        free(h);
    }
    json_decref(ms);
    ms = hs_pilot_moves(g, 1);
    CHECK_EQ_INT(json_array_size(json_object_get(ms, "moves")), 4);
    json_decref(ms);
    after = json_pack("{s:s, s:s}", "type", "pilot", "pilot", "zedock");
    {
        struct rules_error err;
        struct rng r;

        seeded(&r, 1);
        CHECK_EQ_INT(hs_pilot_apply(g, 0, after, &r, NULL, &err), 0);
    }
    json_decref(after);
    ms = hs_pilot_moves(g, 0);
    CHECK_EQ_INT(json_array_size(json_object_get(ms, "moves")), 0);
    json_decref(ms);
    free(g);
}

/* The engine's setup: a state that loads, and setup events that tell
 * each hand to its seat only. */
static void test_hs_r_08_setup_events_keep_hands_private(void)
{
    for (int k = 0; k < 20; k++) {
        json_t *state = NULL, *events = NULL, *e;
        struct hs_game *g = calloc(1, sizeof *g);
        struct rules_error err;
        struct rng r;
        size_t i;
        int dealt = 0;

        seeded(&r, k);
        if (!CHECK(hs_setup(NULL, 2, &r, &state, &events, &err) == 0))
            fprintf(stderr, "%s\n", err.message);
        CHECK_EQ_INT(hs_game_load(g, state, &err), 0);
        json_array_foreach(events, i, e) {
            json_t *to = json_object_get(e, "to");
            char *text = json_dumps(e, JSON_COMPACT);

            if (strcmp(json_string_value(json_object_get(e, "type")), "cards_dealt") == 0) {
                int s = (int)json_integer_value(json_object_get(e, "seat"));

                dealt++;
                CHECK(json_array_size(to) == 1 &&
                      json_integer_value(json_array_get(to, 0)) == s);
                CHECK_EQ_INT(json_array_size(json_object_get(e, "cards")), 3);
            } else {
                int track = strcmp(json_string_value(json_object_get(e, "type")),
                                   "track_filled") == 0;

                /* a public event names only the track's cards */
                CHECK(to == NULL);
                for (int b = 0; b < cat()->nbattle; b++) {
                    int on_track = 0;

                    for (int j = 0; j < g->nslots; j++)
                        on_track += g->card[g->slot[j]] == b;
                    CHECK_EQ_INT(occurrences(text, cat()->battle[b].id),
                                 track ? on_track : 0);
                }
            }
            free(text);
        }
        CHECK_EQ_INT(dealt, 2);
        json_decref(state);
        json_decref(events);
        free(g);
    }
}

/* HS-R-04, HS-R-109: no view names a card in the box, nor a pilot before
 * the reveal. */
static void test_hs_r_04_views_leak_nothing(void)
{
    static const char *const uk[] = {"zedock", "puffer", "pennywhistle", "halloway"};
    static const char *const cet[] = {"baer", "kessel", "rauchbein", "brandauer"};

    for (int k = 0; k < 40; k++) {
        struct hs_game *g = new_game(k, NULL, NULL);
        struct rules_error err;
        char move[96];
        int first = k % 2;

        for (int s = -1; s < 2; s++)
            check_view(g, s);
        snprintf(move, sizeof move, "{\"type\": \"pilot\", \"pilot\": \"%s\"}",
                 first ? cet[k % 4] : uk[k % 4]);
        CHECK_EQ_INT(pilot_move(g, first, move, NULL, &err), 0);
        for (int s = -1; s < 2; s++)
            check_view(g, s);
        snprintf(move, sizeof move, "{\"type\": \"pilot\", \"pilot\": \"%s\"}",
                 first ? uk[k % 4] : cet[k % 4]);
        CHECK_EQ_INT(pilot_move(g, !first, move, NULL, &err), 0);
        for (int s = -1; s < 2; s++)
            check_view(g, s);
        free(g);
    }
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_08_battle_cards_from_many_seeds);
    RUN(test_hs_r_08_dealt_one_card_at_a_time_around_the_table);
    RUN(test_hs_r_108_track_from_the_top_then_the_deck_shuffled);
    RUN(test_hs_r_08_events_shuffled_in_vary);
    RUN(test_hs_r_10_meeting_engagement_sectors);
    RUN(test_hs_r_07_printed_loadouts_and_cubes);
    RUN(test_hs_r_09_starting_initiative_rerolls_ties);
    RUN(test_hs_r_10_setup_refuses_bad_options);
    RUN(test_hs_r_06_pilot_of_the_titans_faction_and_size);
    RUN(test_hs_r_04_pilots_secret_then_revealed_together);
    RUN(test_hs_r_107_opponents_pilot_refused_for_its_faction);
    RUN(test_hs_r_62_charged_up_with_the_pilot);
    RUN(test_hs_r_06_pilot_moves_listed_are_accepted);
    RUN(test_hs_r_08_setup_events_keep_hands_private);
    RUN(test_hs_r_04_views_leak_nothing);
    return check_summary();
}
