/*
 * test_heavysteam_state.c - a Heavy Steam game's JSON state (game.h):
 * load(dump) the same state before and after the pilots' reveal and in
 * the middle of an event and at each question of an attack, and broken
 * copies of dumped states refused or
 * loaded into states that round-trip with their cubes counted.
 */
#include "heavysteam_game_fixture.h"
#include "../../rules/heavysteam/combat.h"
#include "../../rules/heavysteam/round.h"
#include "heavysteam_round_fixture.h"

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
 * A game of a Cards phase in the middle of an event: an event drawn to
 * the track asks a seat where its cubes go. From the real setup of seed
 * 7 (then others as needed) and the pilot moves, the round is played by
 * the quietest moves through hs_round_apply (every buy passed: nobody
 * buying slides the track, HS-R-46) until a refill draws an event that
 * asks.
 */
/* The quietest move; asked for a flow, the listing's first entry (its
 * shape) filled, never a card played in its stead. */
static int quietest(struct hs_game *g)
{
    json_t *list, *m;
    struct rules_error err;
    int rc;

    if (g->ask != HS_ASK_FLOW)
        return quiet_move(g, NULL);
    list = hs_round_moves(g, g->ask_seat);
    m = fill(g, json_array_get(json_object_get(list, "moves"), 0));
    rc = hs_round_apply(g, g->ask_seat, m, &R, NULL, &err);
    json_decref(m);
    json_decref(list);
    return rc < 0 ? quiet_move(g, NULL) : rc;
}

static struct hs_game *event_game(void)
{
    static const char *const pilots[2] = {"puffer", "kessel"};

    for (int k = 7; k < 400; k++) {
        struct hs_game *g = round_game_with(k, NULL, pilots);

        for (int guard = 0; guard < 3000 && g->stage == HS_STAGE_ROUND; guard++) {
            if (g->ask == HS_ASK_EVENT && g->event_pending)
                return g;
            if (quietest(g) < 0)
                break;
        }
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

/* The questions an attack asks between moves. */
static const enum hs_ask attack_asks[] = {HS_ASK_EVADE, HS_ASK_REROLL, HS_ASK_DAMAGE,
                                          HS_ASK_LAST_CUBE};
#define NASKS (sizeof attack_asks / sizeof attack_asks[0])

/* Games played by random legal moves through the round (round fixture)
 * until each question of an attack has been asked once: the game at
 * that question in at[k] (NULL when no seed reached it). */
static void attack_games(struct hs_game *at[NASKS])
{
    size_t found = 0;

    memset(at, 0, NASKS * sizeof at[0]);
    for (int k = 1; k <= 60 && found < NASKS; k++) {
        struct hs_game *g = round_game(k, k % 2 ? NULL : "light");

        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND && found < NASKS;
             step++) {
            for (size_t q = 0; q < NASKS; q++)
                if (g->ask == attack_asks[q] && !at[q]) {
                    at[q] = malloc(sizeof *g);
                    memcpy(at[q], g, sizeof *g);
                    found++;
                }
            if (random_move(g, NULL) < 0)
                break;
        }
        free(g);
    }
}

/* A game stored at each question of an attack loads back the same, its
 * attack whole (the combat block), and asks the same question. */
static void test_state_round_trips_at_each_question_of_an_attack(void)
{
    struct hs_game *at[NASKS];

    attack_games(at);
    for (size_t q = 0; q < NASKS; q++) {
        struct hs_game *h = calloc(1, sizeof *h);
        struct rules_error err;
        json_t *s, *m1, *m2;

        if (!CHECK(at[q] != NULL)) {
            fprintf(stderr, "  no game reached %s\n", hs_ask_name(attack_asks[q]));
            free(h);
            continue;
        }
        CHECK(at[q]->attack.active);
        check_round_trip(at[q]);
        check_cubes(at[q]);
        s = hs_game_dump(at[q]);
        CHECK(json_is_object(json_object_get(s, "attack")));
        CHECK_EQ_INT(hs_game_load(h, s, &err), 0);
        CHECK(memcmp(&h->attack, &at[q]->attack, sizeof h->attack) == 0);
        CHECK_EQ_INT(h->ask, at[q]->ask);
        m1 = hs_round_moves(at[q], at[q]->ask_seat);
        m2 = hs_round_moves(h, h->ask_seat);
        CHECK(json_equal(m1, m2));
        json_decref(m1);
        json_decref(m2);
        json_decref(s);
        free(h);
        free(at[q]);
    }
}

/* An attack outside the Combat phase, or waiting at a step no question
 * answers, is refused. */
static void test_state_refuses_a_damaged_attack(void)
{
    struct hs_game *at[NASKS];

    attack_games(at);
    for (size_t q = 0; q < NASKS; q++) {
        json_t *s, *a;
        struct hs_game *h = calloc(1, sizeof *h);
        struct rules_error err;

        if (!at[q]) {
            free(h);
            continue;
        }
        s = hs_game_dump(at[q]);
        a = json_object_get(s, "attack");
        json_object_set_new(s, "phase", json_string("move"));
        CHECK_EQ_INT(hs_game_load(h, s, &err), -1);
        json_object_set_new(s, "phase", json_string("combat"));
        json_object_set_new(a, "step", json_integer(HS_AS_ROLL));
        CHECK_EQ_INT(hs_game_load(h, s, &err), -1);
        json_object_set_new(s, "attack", json_null());
        CHECK_EQ_INT(hs_game_load(h, s, &err), -1);
        json_decref(s);
        free(h);
        free(at[q]);
    }
}

static void test_state_load_survives_every_damaged_leaf(void)
{
    struct hs_game *at[NASKS];

    attack_games(at);
    for (size_t q = 0; q < NASKS; q++) {
        json_t *s, *copy;

        if (!at[q])
            continue;
        s = hs_game_dump(at[q]);
        copy = json_deep_copy(s);
        mutate_all(s, s);
        CHECK(json_equal(s, copy));
        json_decref(s);
        json_decref(copy);
        free(at[q]);
    }
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
    RUN(test_state_round_trips_in_the_middle_of_an_event);
    RUN(test_state_load_refuses_damaged_states);
    RUN(test_state_load_takes_cubes_moved_between_places);
    RUN(test_state_round_trips_at_each_question_of_an_attack);
    RUN(test_state_refuses_a_damaged_attack);
    RUN(test_state_load_survives_every_damaged_leaf);
    return check_summary();
}
