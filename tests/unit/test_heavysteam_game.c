/*
 * test_heavysteam_game.c - a Heavy Steam game's state, setup, the secret
 * choice of pilots and what each seat sees (rules/heavysteam/game.h,
 * setup.h, pilots.h, view.h), each test named after the rule it pins.
 *
 * Every position comes from hs_game_setup and the pilot moves from
 * seeded streams; the load checks are fed broken copies of dumped JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "../../rules/heavysteam/cards.h"
#include "../../rules/heavysteam/game.h"
#include "../../rules/heavysteam/pilots.h"
#include "../../rules/heavysteam/setup.h"
#include "../../rules/heavysteam/view.h"
#include "check.h"

#define SEEDS 200

static void seeded(struct rng *r, int k)
{
    unsigned char key[RNG_KEY_BYTES];

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + k * 101 + (k >> 8) * 7 + 5);
    rng_init(r, key, 0);
}

static const struct hs_catalog *cat(void)
{
    return hs_catalog_get();
}

/* A new game from seed k with options (JSON text, NULL: none). */
static struct hs_game *new_game(int k, const char *options, json_t *events)
{
    struct hs_game *g = calloc(1, sizeof *g);
    json_t *o = options ? json_loads(options, 0, NULL) : NULL;
    struct rules_error err;
    struct rng r;

    seeded(&r, k);
    if (!CHECK(hs_game_setup(g, o, 2, &r, events, &err) == 0))
        fprintf(stderr, "%s: %s\n", err.code, err.message);
    json_decref(o);
    return g;
}

static int zone_count(const struct hs_game *g, enum hs_zone z, int holder)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == z && (holder < 0 || g->holder[c] == holder);
    return n;
}

static int kind_in(const struct hs_game *g, enum hs_zone z, enum hs_card_kind k)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == z && cat()->battle[g->card[c]].kind == k;
    return n;
}

static void check_cubes(const struct hs_game *g)
{
    int total[HS_STOCKS];

    hs_game_count_cubes(g, total);
    for (int k = 0; k < HS_STOCKS; k++)
        CHECK_EQ_INT(total[k], cat()->board.stock[k]);
}

/* load(dump(g)) is g again, to the byte of its JSON. */
static void check_round_trip(const struct hs_game *g)
{
    json_t *a = hs_game_dump(g), *b;
    struct hs_game *h = calloc(1, sizeof *h);
    struct rules_error err;

    if (!CHECK(hs_game_load(h, a, &err) == 0))
        fprintf(stderr, "%s: %s\n", err.code, err.message);
    b = hs_game_dump(h);
    CHECK(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    free(h);
}

/* Occurrences of "s" (quoted) in text. */
static int occurrences(const char *text, const char *s)
{
    char q[HS_NAME + 3];
    int n = 0;

    snprintf(q, sizeof q, "\"%s\"", s);
    for (const char *p = strstr(text, q); p; p = strstr(p + 1, q))
        n++;
    return n;
}

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

static void test_hs_r_10_setup_refuses_bad_options(void)
{
    refuse_options("{\"scenario\": 2}", 2, "unknown_scenario");
    refuse_options("{\"scenario\": \"1\"}", 2, "unknown_scenario");
    refuse_options("{\"size\": \"medium\"}", 2, "bad_size");
    refuse_options("{\"colour\": \"red\"}", 2, "unknown_option");
    refuse_options("{}", 3, "bad_seats");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\"]}", 2, "bad_titans");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\", \"uk_heavy_dreadmoor\"]}", 2,
                   "titan_wrong_faction");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\", \"cet_light_feldhase\"]}", 2,
                   "titan_wrong_size");
    refuse_options("{\"titans\": [\"uk_heavy_dreadmoor\", \"nope\"]}", 2, "unknown_titan");
    refuse_options("{\"factions\": [\"uk\", \"uk\"]}", 2, "same_faction");
    refuse_options("{\"factions\": [\"uk\"]}", 2, "bad_factions");
}

/* ---- pilots --------------------------------------------------------------- */

static int pilot_move(struct hs_game *g, int seat, const char *move, json_t *events,
                      struct rules_error *err)
{
    json_t *m = json_loads(move, 0, NULL);
    struct rng r;
    int rc;

    seeded(&r, 9);
    CHECK(m != NULL);
    memset(err, 0, sizeof *err);
    rc = hs_pilot_apply(g, seat, m, &r, events, err);
    json_decref(m);
    return rc;
}

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

/* ---- views ---------------------------------------------------------------- */

/* Every battle card id appears in seat's view as often as it lies in the
 * open (track, discard, set aside, in play) or in seat's own hand; a
 * pilot's id only when it is seat's own or revealed. */
static void check_view(const struct hs_game *g, int seat)
{
    json_t *v = hs_view_build(g, seat);
    char *text = json_dumps(v, JSON_COMPACT);

    for (int b = 0; b < cat()->nbattle; b++) {
        int open = 0;

        for (int c = 0; c < g->ncards; c++)
            open += g->card[c] == b &&
                    (g->zone[c] == HS_Z_TRACK || g->zone[c] == HS_Z_DISCARD ||
                     g->zone[c] == HS_Z_EVENTS_DONE || g->zone[c] == HS_Z_IN_PLAY ||
                     (g->zone[c] == HS_Z_HAND && g->holder[c] == seat));
        /* the event resolving is named once more, as the state holds it */
        open += g->event_pending && g->card[g->event] == b;
        CHECK_EQ_INT(occurrences(text, cat()->battle[b].id), open);
    }
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].pilot >= 0)
            CHECK_EQ_INT(occurrences(text, cat()->pilot[g->p[s].pilot].id),
                         s == seat || g->stage != HS_STAGE_PILOTS);
    CHECK_EQ_INT(json_integer_value(json_object_get(json_object_get(v, "battle_cards"),
                                                    "deck")), g->ndeck);
    CHECK(!strstr(text, "\"box\"") && !strstr(text, "seed"));
    /* every cube is public: the titans as the state holds them */
    {
        json_t *d = hs_game_dump(g);

        CHECK(json_equal(json_object_get(v, "titans"), json_object_get(d, "titans")));
        json_decref(d);
    }
    free(text);
    json_decref(v);
}

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

/* ---- load ----------------------------------------------------------------- */

/* A game of seed 7 with both pilots chosen and revealed. */
static struct hs_game *revealed_game(void)
{
    struct hs_game *g = new_game(7, NULL, NULL);
    struct rules_error err;

    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"puffer\"}", NULL,
                            &err), 0);
    CHECK_EQ_INT(pilot_move(g, 1, "{\"type\": \"pilot\", \"pilot\": \"kessel\"}", NULL,
                            &err), 0);
    CHECK_EQ_INT(g->stage, HS_STAGE_ROUND);
    return g;
}

/*
 * A game of round 1's Cards phase in the middle of an event: an event
 * drawn to the track asks a seat where its cubes go. Every seat passes
 * phase after phase (nobody buying slides the track, HS-R-46) until a
 * refill draws an event that asks. The Move to Steam Allocation phases
 * before the Cards phase are not written yet: the phase is the one field
 * set by hand, no cube or zone. Seed 7 first, then others as needed.
 */
static struct hs_game *event_game(void)
{
    for (int k = 7; k < 400; k++) {
        struct hs_game *g = new_game(k, NULL, NULL);
        struct rules_error err;
        struct rng r;
        int rc = 0;

        seeded(&r, 1000 + k);
        CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"puffer\"}",
                                NULL, &err), 0);
        CHECK_EQ_INT(pilot_move(g, 1, "{\"type\": \"pilot\", \"pilot\": \"kessel\"}",
                                NULL, &err), 0);
        g->phase = HS_PH_CARDS;
        for (int phase = 0; phase < 30 && rc == 0; phase++) {
            hs_buy_begin(g);
            while (rc == 0 && hs_buy_seats(g)) {
                int seat = 0;

                while (!(hs_buy_seats(g) & (1u << seat)))
                    seat++;
                rc = hs_buy_pass(g, seat, &r, NULL, &err);
            }
        }
        if (rc == 1 && g->ask == HS_ASK_EVENT && g->event_pending)
            return g;               /* seed 7: Dispatches asks seat 0 */
        free(g);
    }
    CHECK(!"no seed reaches an event that asks");
    return NULL;
}

static struct hs_game *stored_game(int which)
{
    return which == 2 ? event_game() : which ? revealed_game() : new_game(7, NULL, NULL);
}

/* A dumped state (0: before the pilots' reveal, 1: after, 2: in the
 * middle of an event) broken by edit is refused with code, the message
 * naming what. */
static void refuse_state(void (*edit)(json_t *), int revealed, const char *code,
                         const char *what)
{
    struct hs_game *g = stored_game(revealed);
    struct hs_game *h = calloc(1, sizeof *h);
    json_t *s = hs_game_dump(g);
    struct rules_error err;

    CHECK_EQ_INT(hs_game_load(h, s, &err), 0);
    edit(s);
    memset(&err, 0, sizeof err);
    CHECK_EQ_INT(hs_game_load(h, s, &err), -1);
    CHECK_EQ_STR(err.code, code);
    if (!CHECK(strstr(err.message, what) != NULL))
        fprintf(stderr, "%s\n", err.message);
    json_decref(s);
    free(g);
    free(h);
}

static json_t *cards_of(json_t *s, const char *zone)
{
    return json_object_get(json_object_get(s, "battle_cards"), zone);
}

static void drop_deck_card(json_t *s) { json_array_remove(cards_of(s, "deck"), 0); }
static void extra_discard(json_t *s)
{
    json_array_append(cards_of(s, "discard"), json_array_get(cards_of(s, "deck"), 0));
}
static void hand_card_twice(json_t *s)
{
    json_t *h = json_array_get(cards_of(s, "hands"), 0);

    json_array_set(h, 1, json_array_get(h, 0));
}
static void boxed_woods(json_t *s)
{
    json_array_append_new(cards_of(s, "box"), json_string("woods"));
    json_array_remove(cards_of(s, "deck"), 0);
}
static void one_steam_less(json_t *s)
{
    json_t *t = json_array_get(json_object_get(s, "titans"), 0);

    json_object_set_new(t, "reserve",
                        json_integer(json_integer_value(json_object_get(t, "reserve")) - 1));
}
static void steam_to_stock(json_t *s)
{
    json_t *st = json_object_get(s, "stocks");

    one_steam_less(s);
    json_object_set_new(st, "white",
                        json_integer(json_integer_value(json_object_get(st, "white")) + 1));
}
static void shield_on_white(json_t *s)
{
    json_t *st = json_object_get(json_array_get(json_object_get(s, "titans"), 0), "stations");
    const char *key;
    json_t *v;

    /* the first station showing steam gets a shield cube instead */
    json_object_foreach(st, key, v) {
        char buf[HS_MAX_SQUARES + 1];
        char *p;

        snprintf(buf, sizeof buf, "%s", json_string_value(v));
        if ((p = strchr(buf, 's'))) {
            *p = 'b';
            json_object_set_new(st, key, json_string(buf));
            return;
        }
    }
}
static void owner_out_of_range(json_t *s)
{
    json_object_set_new(json_array_get(json_object_get(s, "titans"), 1), "owner",
                        json_integer(5));
}
static void other_data(json_t *s)
{
    json_object_set_new(s, "data_version", json_string("heavysteam-data-0"));
}
static void short_track(json_t *s) { json_array_remove(cards_of(s, "track"), 0); }
static void unknown_key(json_t *s) { json_object_set_new(s, "seed", json_integer(1)); }
static void same_faction(json_t *s)
{
    json_object_set_new(s, "team_faction", json_pack("[s, s]", "uk", "uk"));
}

static void no_seat_asked(json_t *s)
{
    json_object_set_new(s, "ask_seat", json_integer(-1));
}
static void attack_without_weapon(json_t *s)
{
    json_t *a = json_object();
    static const char *const keys[] = {
        "attacker", "mount", "unit", "target_seat", "target_unit", "range", "dice",
        "damage", "evaded", "hits", "crits", "defends", "crit_defends", "location",
        "rerolled", "to_place", "critical", "shots_left", NULL};

    for (int k = 0; keys[k]; k++)
        json_object_set_new(a, keys[k], json_integer(0));
    json_object_set_new(a, "mount", json_integer(-1));
    json_object_set_new(a, "unit", json_integer(-1));
    json_object_set_new(a, "target_unit", json_integer(-1));
    json_object_set_new(s, "attack", a);
}
static void pilot_of_the_other_faction(json_t *s)
{
    json_object_set_new(json_array_get(json_object_get(s, "seats"), 0), "pilot",
                        json_string("baer"));
}

static json_t *event_of(json_t *s) { return json_object_get(s, "event"); }
static void event_of_a_card_in_the_deck(json_t *s)
{
    json_object_set(event_of(s), "card", json_array_get(cards_of(s, "deck"), 0));
}
static void event_for_the_other_seat(json_t *s)
{
    json_object_set_new(s, "ask_seat",
                        json_integer(1 - json_integer_value(json_object_get(s, "ask_seat"))));
}
static void event_turn_moved(json_t *s)
{
    json_object_set_new(event_of(s), "turn",
                        json_integer(1 - json_integer_value(json_object_get(event_of(s),
                                                                            "turn"))));
}
static void event_past_its_steps(json_t *s)
{
    json_object_set_new(event_of(s), "step", json_integer(HS_MAX_STEPS - 1));
}
static void event_owes_no_draw(json_t *s)
{
    json_object_set_new(event_of(s), "owed", json_integer(0));
}
static void event_owes_more_than_drawn(json_t *s)
{
    json_object_set_new(event_of(s), "owed", json_integer(40));
}
static void event_outside_cards_phase(json_t *s)
{
    json_object_set_new(s, "phase", json_string("move"));
}
static void event_without_its_question(json_t *s)
{
    json_object_set_new(s, "ask", json_string("none"));
}
static void event_gone_question_left(json_t *s)
{
    json_object_set_new(s, "event", json_null());
}
static void event_asked_with_none(json_t *s)
{
    json_object_set_new(s, "ask", json_string("event"));
}
static void event_rolled_flipped(json_t *s)
{
    json_object_set_new(event_of(s), "rolled",
                        json_boolean(!json_is_true(json_object_get(event_of(s), "rolled"))));
}
static void smoke_twice(json_t *s)
{
    json_object_set_new(s, "smoke_sectors", json_pack("[i, i]", 3, 3));
}
static void smoke_off_the_track(json_t *s)
{
    json_object_set_new(s, "smoke_sectors", json_pack("[i]", HS_SECTORS));
}
static void bonus_negative(json_t *s)
{
    json_object_set_new(s, "initiative_bonus", json_pack("[i, i]", -1, 0));
}

static void test_state_load_refuses_damaged_states(void)
{
    /* an event is stored only while it asks the seat whose turn it is */
    refuse_state(event_of_a_card_in_the_deck, 2, "corrupt_state", "event");
    refuse_state(event_for_the_other_seat, 2, "corrupt_state", "event");
    refuse_state(event_turn_moved, 2, "corrupt_state", "event");
    refuse_state(event_past_its_steps, 2, "corrupt_state", "event");
    refuse_state(event_owes_no_draw, 2, "corrupt_state", "event");
    refuse_state(event_owes_more_than_drawn, 2, "corrupt_state", "event");
    refuse_state(event_outside_cards_phase, 2, "corrupt_state", "event");
    refuse_state(event_without_its_question, 2, "corrupt_state", "event");
    refuse_state(event_gone_question_left, 2, "corrupt_state", "event");
    refuse_state(event_asked_with_none, 1, "corrupt_state", "event");
    refuse_state(event_rolled_flipped, 2, "corrupt_state", "event");
    refuse_state(smoke_twice, 1, "corrupt_state", "smoke");
    refuse_state(smoke_off_the_track, 1, "corrupt_state", "smoke");
    refuse_state(bonus_negative, 1, "corrupt_state", "initiative bonus");
    refuse_state(drop_deck_card, 0, "corrupt_state", "battle cards");
    refuse_state(extra_discard, 0, "corrupt_state", "battle cards");
    refuse_state(hand_card_twice, 1, "corrupt_state", "battle cards");
    refuse_state(boxed_woods, 0, "corrupt_state", "battle cards");
    refuse_state(one_steam_less, 1, "corrupt_state", "cube totals");
    refuse_state(shield_on_white, 0, "corrupt_state", "titan's cubes");
    refuse_state(owner_out_of_range, 0, "corrupt_state", "owner");
    refuse_state(other_data, 0, "data_version_mismatch", "other Heavy Steam data");
    refuse_state(short_track, 0, "corrupt_state", "battle cards");
    refuse_state(unknown_key, 0, "corrupt_state", "not a Heavy Steam state");
    refuse_state(same_faction, 0, "corrupt_state", "counters");
    refuse_state(no_seat_asked, 1, "corrupt_state", "stage");
    refuse_state(attack_without_weapon, 1, "corrupt_state", "attack");
    refuse_state(pilot_of_the_other_faction, 1, "corrupt_state", "pilot");
}

/* A stored event resumes: load(dump) is the same state, asks the same
 * seat the same options, and the answer given to either plays the same. */
static void test_state_round_trips_in_the_middle_of_an_event(void)
{
    struct hs_game *g = event_game(), *h = calloc(1, sizeof *h);
    json_t *s, *o, *oh;
    struct rules_error err;

    if (!g)
        goto out;
    check_round_trip(g);
    check_cubes(g);
    for (int seat = -1; seat < 2; seat++)
        check_view(g, seat);
    s = hs_game_dump(g);
    CHECK(json_is_object(json_object_get(s, "event")));
    CHECK_EQ_STR(json_string_value(json_object_get(s, "ask")), "event");
    CHECK_EQ_INT(hs_game_load(h, s, &err), 0);
    o = hs_event_options(g, g->ask_seat);
    oh = hs_event_options(h, h->ask_seat);
    CHECK(o && json_equal(o, oh));
    CHECK_EQ_INT(h->event, g->event);
    CHECK_EQ_INT(h->events_owed, g->events_owed);
    json_decref(o);
    json_decref(oh);
    json_decref(s);
out:
    free(g);
    free(h);
}

static void test_state_load_takes_cubes_moved_between_places(void)
{
    /* a cube moved from the reserve to the stock keeps the totals */
    struct hs_game *g = new_game(7, NULL, NULL), *h = calloc(1, sizeof *h);
    json_t *s = hs_game_dump(g);
    struct rules_error err;

    steam_to_stock(s);
    CHECK_EQ_INT(hs_game_load(h, s, &err), 0);
    check_cubes(h);
    json_decref(s);
    free(g);
    free(h);
}

/* Each leaf of a state (a number, a string, a boolean) changed to each
 * of a few values: load refuses it or takes a state that dumps and loads
 * back the same, and never reads out of bounds (run under ASan). */
static int mutated_loads;

static void try_leaf(json_t *root, json_t *parent, const char *key, size_t index)
{
    static const int ints[] = {-2, -1, 0, 1, 3, 7, 8, 53, 54, 99, 161};
    static const char *const strs[] = {"", "woods", "zedock", "left_arm", "uk",
                                       "round", "SSSS", "hhhhhhhhhhhhhhhhhhhhhhhh"};
    json_t *old = key ? json_object_get(parent, key) : json_array_get(parent, index);
    int n = json_is_string(old) ? 8 : 11;

    json_incref(old);
    for (int k = 0; k < n + 1; k++) {
        json_t *v = k == n ? json_null()
                  : json_is_string(old) ? json_string(strs[k]) : json_integer(ints[k]);
        struct hs_game *h = calloc(1, sizeof *h);
        struct rules_error err;

        if (key)
            json_object_set_new(parent, key, v);
        else
            json_array_set_new(parent, index, v);
        if (hs_game_load(h, root, &err) == 0) {
            mutated_loads++;
            check_round_trip(h);
            check_cubes(h);
        }
        free(h);
    }
    if (key)
        json_object_set_new(parent, key, old);
    else
        json_array_set_new(parent, index, old);
}

static void mutate_all(json_t *root, json_t *node)
{
    const char *key;
    json_t *v;
    size_t i;

    if (json_is_object(node)) {
        json_object_foreach(node, key, v) {
            if (json_is_object(v) || json_is_array(v))
                mutate_all(root, v);
            else
                try_leaf(root, node, key, 0);
        }
    } else if (json_is_array(node)) {
        json_array_foreach(node, i, v) {
            if (json_is_object(v) || json_is_array(v))
                mutate_all(root, v);
            else
                try_leaf(root, node, NULL, i);
        }
    }
}

static void test_state_load_survives_every_damaged_leaf(void)
{
    for (int revealed = 0; revealed < 3; revealed++) {
        struct hs_game *g = stored_game(revealed);
        json_t *s = hs_game_dump(g), *copy = json_deep_copy(s);

        mutate_all(s, s);
        CHECK(json_equal(s, copy));
        json_decref(s);
        json_decref(copy);
        free(g);
    }
    /* some changes are legal (a cube's place, a count within range) */
    CHECK(mutated_loads > 0);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_08_battle_cards_from_many_seeds);
    RUN(test_hs_r_08_events_shuffled_in_vary);
    RUN(test_hs_r_10_meeting_engagement_sectors);
    RUN(test_hs_r_07_printed_loadouts_and_cubes);
    RUN(test_hs_r_09_starting_initiative_rerolls_ties);
    RUN(test_hs_r_10_setup_refuses_bad_options);
    RUN(test_hs_r_06_pilot_of_the_titans_faction_and_size);
    RUN(test_hs_r_04_pilots_secret_then_revealed_together);
    RUN(test_hs_r_62_charged_up_with_the_pilot);
    RUN(test_hs_r_06_pilot_moves_listed_are_accepted);
    RUN(test_hs_r_08_setup_events_keep_hands_private);
    RUN(test_hs_r_04_views_leak_nothing);
    RUN(test_state_round_trips_in_the_middle_of_an_event);
    RUN(test_state_load_refuses_damaged_states);
    RUN(test_state_load_takes_cubes_moved_between_places);
    RUN(test_state_load_survives_every_damaged_leaf);
    return check_summary();
}
