/*
 * test_heavysteam_customize.c - the secret customization before the
 * pilots (option "customize", rules/heavysteam/loadouts.h; RULINGS.md
 * HS-R-140 to HS-R-146), each test named after the rule it pins.
 *
 * Every game is set up by the engine (rules_engine_find("heavysteam"))
 * and reaches its position by moves through apply(); what a seat sees is
 * read through view(), legal_moves() and move_seen(), as the service
 * reads them.
 */
#include "heavysteam_game_fixture.h"
#include "heavysteam_round_fixture.h"
#include "heavysteam/loadouts.h"

static const struct rules_engine *E;

#define CUSTOM "{\"customize\": true}"
#define CUSTOM_LIGHT "{\"customize\": true, \"size\": \"light\"}"

/* A new game's state with options (JSON text) for seats; NULL when
 * refused, err filled. */
static json_t *setup_seats(const char *options, int seats, json_t **events,
                           struct rules_error *err)
{
    json_t *o = json_loads(options, 0, NULL), *st = NULL, *ev = NULL;

    seeded(&R, 7);
    memset(err, 0, sizeof *err);
    if (E->setup(o, seats, &R, &st, &ev, err))
        st = NULL;
    json_decref(o);
    if (events)
        *events = ev;
    else
        json_decref(ev);
    return st;
}

static json_t *setup_game(const char *options)
{
    struct rules_error err;
    json_t *st = setup_seats(options, 2, NULL, &err);

    if (!CHECK(st != NULL))
        fprintf(stderr, "  setup: %s %s\n", err.code, err.message);
    return st;
}

/* Applies move (JSON text) for seat; 0, or -1 with err. events (may be
 * NULL) gets the move's events, freed otherwise. */
static int eng_play(json_t **state, int seat, const char *text, json_t **events,
                struct rules_error *err)
{
    json_t *m = json_loads(text, 0, NULL), *ev = NULL;
    int rc;

    if (!CHECK(m != NULL))
        return -1;
    memset(err, 0, sizeof *err);
    rc = E->apply(state, seat, m, &R, &ev, err);
    json_decref(m);
    if (events)
        *events = ev;
    else
        json_decref(ev);
    return rc;
}

static void must_play(json_t **state, int seat, const char *text)
{
    struct rules_error err;

    if (!CHECK(eng_play(state, seat, text, NULL, &err) == 0))
        fprintf(stderr, "  %s refused: %s %s\n", text, err.code, err.message);
}

/* move is refused with code, its rule an HS-R id; the state (its JSON,
 * byte for byte), the events and the stream are as before. */
static void refused(json_t **state, int seat, const char *text, const char *code)
{
    char *before = json_dumps(*state, JSON_SORT_KEYS | JSON_COMPACT), *after;
    json_t *old = *state, *ev = NULL;
    uint64_t pos = R.pos;
    struct rules_error err;

    CHECK_EQ_INT(eng_play(state, seat, text, &ev, &err), -1);
    CHECK_EQ_STR(err.code, code);
    CHECK(strncmp(err.rule, "HS-R-", 5) == 0);
    CHECK(*state == old && ev == NULL && R.pos == pos);
    after = json_dumps(*state, JSON_SORT_KEYS | JSON_COMPACT);
    CHECK_EQ_STR(after, before);
    free(before);
    free(after);
}

static json_t *seat_of(const json_t *state, int s)
{
    return json_array_get(json_object_get(state, "seats"), (size_t)s);
}

/* The card id of mount m in seat s's pending loadout (NULL: empty). */
static const char *pending(const json_t *state, int s, const char *mount)
{
    return json_string_value(json_object_get(json_object_get(seat_of(state, s), "loadout"),
                                             mount));
}

static const char *mounted(const json_t *state, int titan, const char *mount)
{
    return json_string_value(json_object_get(json_object_get(
        json_array_get(json_object_get(state, "titans"), (size_t)titan), "cards"), mount));
}

static const json_t *event_of(const json_t *events, const char *type, int to_someone)
{
    size_t i;
    json_t *e;

    json_array_foreach(events, i, e)
        if (!strcmp(json_string_value(json_object_get(e, "type")), type) &&
            (json_object_get(e, "to") != NULL) == to_someone)
            return e;
    return NULL;
}

static struct hs_game *loaded(const json_t *state)
{
    struct hs_game *g = calloc(1, sizeof *g);
    struct rules_error err;

    if (!CHECK(hs_game_load(g, state, &err) == 0))
        fprintf(stderr, "  load: %s %s\n", err.message, err.code);
    return g;
}

/* ---- the stage ----------------------------------------------------------------- */

/* HS-R-140: customize starts the game in the loadouts stage, every seat
 * asked at once, the titans bare and each seat's choice its printed
 * loadout; without it the pilots are asked as before. */
static void test_hs_r_140_customize_starts_the_loadouts_stage(void)
{
    struct rules_error err;
    struct rules_status st;
    json_t *ev = NULL, *s = setup_seats(CUSTOM, 2, &ev, &err), *v;
    struct hs_game *g;

    if (!CHECK(s != NULL))
        return;
    CHECK_EQ_STR(json_string_value(json_object_get(s, "stage")), "loadouts");
    CHECK_EQ_STR(json_string_value(json_object_get(s, "ask")), "loadout");
    CHECK_EQ_INT(count_event(ev, "choose_loadouts"), 1);
    CHECK_EQ_INT(count_event(ev, "choose_pilots"), 0);
    CHECK_EQ_INT(E->status(s, &st), 0);
    CHECK_EQ_INT(st.must_act, 3u);
    g = loaded(s);
    for (int p = 0; p < 2; p++) {
        const struct hs_board *b = &cat()->titan[g->titan[p].board];

        for (int m = 0; m < HS_MOUNTS; m++) {
            CHECK(mounted(s, p, hs_mount_names[m]) == NULL);
            CHECK_EQ_STR(pending(s, p, hs_mount_names[m]), b->loadout[m]);
        }
        CHECK(json_is_false(json_object_get(seat_of(s, p), "loadout_done")));
    }
    check_cubes(g);
    check_round_trip(g);
    free(g);
    v = E->view(s, -1);
    CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(v, "question"), "ask")),
                 "loadout");
    json_decref(v);
    /* the pilots come after the reveal */
    refused(&s, 0, "{\"type\": \"pilot\", \"pilot\": \"zedock\"}", "unknown_move");
    json_decref(ev);
    json_decref(s);
    /* customize false, or left out: the pilots first */
    for (int k = 0; k < 2; k++) {
        s = setup_game(k ? "{\"customize\": false}" : "{}");
        CHECK_EQ_STR(json_string_value(json_object_get(s, "stage")), "pilots");
        CHECK(json_object_get(seat_of(s, 0), "loadout") == NULL);
        refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": null}", "not_now");
        refused(&s, 0, "{\"type\": \"loadout_done\"}", "not_now");
        json_decref(s);
    }
    /* customized in secret or agreed in the open, not both */
    refuse_setup("{\"customize\": true, \"loadouts\": [null, null]}", 2,
                 "customize_and_loadouts", "HS-R-140");
    refuse_setup("{\"customize\": 1}", 2, "bad_customize", "HS-R-140");
}

/* HS-R-141: a loadout move changes the mounts it names (null empties a
 * slot), keeps the others, as often as the seat likes until done. */
static void test_hs_r_141_choose_and_change(void)
{
    json_t *s = setup_game(CUSTOM), *ev = NULL;
    struct rules_error err;
    const json_t *e;

    /* the Dreadmoor: Longbore 5, Pepperbox 3, Howitzer 4 of 12 points */
    CHECK_EQ_INT(eng_play(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_phosphor\"}", &ev,
                      &err), 0);
    CHECK_EQ_STR(pending(s, 0, "left_arm"), "uk_phosphor");
    CHECK_EQ_STR(pending(s, 0, "right_arm"), "uk_pepperbox");
    CHECK_EQ_STR(pending(s, 0, "torso"), "uk_howitzer");
    e = event_of(ev, "loadout_chosen", 1);
    CHECK(e && json_integer_value(json_array_get(json_object_get(e, "to"), 0)) == 0 &&
          json_array_size(json_object_get(e, "to")) == 1);
    CHECK_EQ_INT(json_integer_value(json_object_get(e, "cost")), 10);
    CHECK(event_of(ev, "loadout_chosen", 0) != NULL);
    json_decref(ev);
    /* an empty slot, and a change of mind */
    must_play(&s, 0, "{\"type\": \"loadout\", \"torso\": null, \"right_arm\": \"uk_harpoon\"}");
    CHECK(pending(s, 0, "torso") == NULL);
    CHECK_EQ_STR(pending(s, 0, "right_arm"), "uk_harpoon");
    must_play(&s, 0, "{\"type\": \"loadout\", \"torso\": \"uk_skyrocket\", \"right_arm\": "
                     "\"uk_pepperbox\", \"left_arm\": \"uk_longbore\"}");
    CHECK_EQ_STR(pending(s, 0, "left_arm"), "uk_longbore");
    CHECK_EQ_STR(pending(s, 0, "torso"), "uk_skyrocket");
    /* the other seat chooses at the same time */
    must_play(&s, 1, "{\"type\": \"loadout\", \"right_arm\": \"cet_grapple\"}");
    CHECK_EQ_STR(pending(s, 1, "right_arm"), "cet_grapple");
    CHECK_EQ_STR(pending(s, 0, "left_arm"), "uk_longbore");
    json_decref(s);
}

/* HS-R-141 with HS-R-02, HS-R-03 and HS-R-135's checks: each refused as
 * the loadouts option refuses it, and nothing changes. */
static void test_hs_r_141_loadouts_refused_as_the_option_refuses_them(void)
{
    json_t *s = setup_game(CUSTOM), *l = setup_game(CUSTOM_LIGHT);

    /* 5 + 4 + 4 = 13 of 12 points */
    refused(&s, 0, "{\"type\": \"loadout\", \"right_arm\": \"uk_arc_lance\"}",
            "loadout_over_points");
    refused(&s, 0, "{\"type\": \"loadout\", \"torso\": \"uk_sabre\"}", "card_wrong_mount");
    refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_skyrocket\"}",
            "card_wrong_mount");
    refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"cet_rattler\"}",
            "card_wrong_faction");
    refused(&s, 1, "{\"type\": \"loadout\", \"torso\": \"uk_aegis\"}", "card_wrong_faction");
    refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_pepperbox\"}", "card_twice");
    refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_teapot\"}", "unknown_card");
    refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": 3}", "bad_loadout_entry");
    refused(&s, 0, "{\"type\": \"loadout\", \"legs\": null}", "unknown_field");
    refused(&s, 0, "{\"type\": \"loadout_done\", \"torso\": null}", "unknown_field");
    /* the Kestrel is light: no Longbore */
    refused(&l, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_longbore\"}",
            "card_wrong_size");
    /* a refused move after an accepted one leaves the accepted one */
    must_play(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_sabre\"}");
    refused(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_longbore\", \"right_arm\": "
                   "\"uk_arc_lance\"}", "loadout_over_points");
    CHECK_EQ_STR(pending(s, 0, "left_arm"), "uk_sabre");
    json_decref(s);
    json_decref(l);
}

/* HS-R-144: once a seat is done its loadout is final; once revealed,
 * nobody's changes. */
static void test_hs_r_144_no_change_after_done(void)
{
    json_t *s = setup_game(CUSTOM), *ev = NULL;
    struct rules_error err;
    struct rules_status st;

    must_play(&s, 0, "{\"type\": \"loadout\", \"torso\": \"uk_aegis\"}");
    CHECK_EQ_INT(eng_play(&s, 0, "{\"type\": \"loadout_done\"}", &ev, &err), 0);
    CHECK(event_of(ev, "loadout_done", 0) != NULL);
    CHECK_EQ_INT(count_event(ev, "loadouts_revealed"), 0);
    json_decref(ev);
    CHECK(json_is_true(json_object_get(seat_of(s, 0), "loadout_done")));
    CHECK_EQ_INT(E->status(s, &st), 0);
    CHECK_EQ_INT(st.must_act, 2u);
    refused(&s, 0, "{\"type\": \"loadout\", \"torso\": \"uk_howitzer\"}", "loadout_final");
    refused(&s, 0, "{\"type\": \"loadout_done\"}", "loadout_final");
    CHECK_EQ_STR(pending(s, 0, "torso"), "uk_aegis");
    /* the other seat still changes its own */
    must_play(&s, 1, "{\"type\": \"loadout\", \"torso\": \"cet_siege_mortar\"}");
    must_play(&s, 1, "{\"type\": \"loadout_done\"}");
    CHECK_EQ_STR(json_string_value(json_object_get(s, "stage")), "pilots");
    refused(&s, 1, "{\"type\": \"loadout\", \"torso\": \"cet_heat_sink\"}", "not_now");
    refused(&s, 0, "{\"type\": \"loadout_done\"}", "not_now");
    json_decref(s);
}

/* HS-R-145: the last seat done reveals every loadout in one event, the
 * titans are set up with the chosen cards exactly as a game created with
 * those loadouts agreed, and the pilots follow; a chosen card's Charged
 * Up steam is taken with the pilot. */
static void test_hs_r_145_reveal_mounts_the_cards(void)
{
    json_t *s = setup_game(CUSTOM), *agreed, *ev = NULL, *list;
    struct rules_error err;
    struct hs_game *g;
    const json_t *e;

    /* Dreadmoor: Arc Lance 4 (Charged Up 2), Pepperbox 3, no torso;
     * Kaltschmied: Steam Hammer 4, Grapple 2, Siege Mortar 4 */
    must_play(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_arc_lance\", \"torso\": null}");
    must_play(&s, 1, "{\"type\": \"loadout\", \"right_arm\": \"cet_grapple\", \"torso\": "
                     "\"cet_siege_mortar\"}");
    must_play(&s, 1, "{\"type\": \"loadout_done\"}");
    CHECK_EQ_INT(eng_play(&s, 0, "{\"type\": \"loadout_done\"}", &ev, &err), 0);
    e = event_of(ev, "loadouts_revealed", 0);
    list = json_object_get(e, "loadouts");
    if (CHECK(e != NULL) && CHECK_EQ_INT(json_array_size(list), 2)) {
        json_t *a = json_array_get(list, 0), *b = json_array_get(list, 1);

        CHECK_EQ_INT(json_integer_value(json_object_get(a, "seat")), 0);
        CHECK_EQ_STR(json_string_value(json_object_get(a, "titan")), "uk_heavy_dreadmoor");
        CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(a, "cards"),
                                                       "left_arm")), "uk_arc_lance");
        CHECK(json_is_null(json_object_get(json_object_get(a, "cards"), "torso")));
        CHECK_EQ_INT(json_integer_value(json_object_get(a, "cost")), 7);
        CHECK_EQ_INT(json_integer_value(json_object_get(a, "points")), 12);
        CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(b, "cards"),
                                                       "torso")), "cet_siege_mortar");
        CHECK_EQ_INT(json_integer_value(json_object_get(b, "cost")), 10);
    }
    CHECK_EQ_INT(count_event(ev, "choose_pilots"), 1);
    json_decref(ev);
    CHECK_EQ_STR(json_string_value(json_object_get(s, "stage")), "pilots");
    CHECK(json_object_get(seat_of(s, 0), "loadout") == NULL);
    /* the titans, their cubes and the stocks as the setup of the agreed loadouts */
    agreed = setup_game("{\"loadouts\": [{\"left_arm\": \"uk_arc_lance\", \"torso\": null},"
                        " {\"right_arm\": \"cet_grapple\", \"torso\": \"cet_siege_mortar\"}]}");
    CHECK(json_equal(json_object_get(s, "titans"), json_object_get(agreed, "titans")));
    CHECK(json_equal(json_object_get(s, "stocks"), json_object_get(agreed, "stocks")));
    g = loaded(s);
    CHECK_EQ_INT(g->titan[0].card[HS_MOUNT_LEFT_ARM], hs_catalog_weapon(cat(), "uk_arc_lance"));
    CHECK_EQ_INT(g->titan[0].card[HS_MOUNT_TORSO], -1);
    CHECK_EQ_INT(g->titan[1].card[HS_MOUNT_TORSO], hs_catalog_weapon(cat(), "cet_siege_mortar"));
    for (int p = 0; p < 2; p++)
        for (int m = 0; m < HS_MOUNTS; m++) {
            const struct hs_titan *t = &g->titan[p].cubes;
            int st = t->board->mount_station[m], w = g->titan[p].card[m];

            CHECK_EQ_INT(t->nsquares[st], t->board->station[st].nsquares +
                                              (w < 0 ? 0 : cat()->weapon[w].nsquares));
        }
    check_cubes(g);
    check_round_trip(g);
    free(g);
    /* the pilots follow, Charged Up on the chosen Arc Lance */
    must_play(&s, 0, "{\"type\": \"pilot\", \"pilot\": \"zedock\", \"charge\": "
                     "{\"left_arm\": 2}}");
    must_play(&s, 1, "{\"type\": \"pilot\", \"pilot\": \"baer\"}");
    CHECK_EQ_STR(json_string_value(json_object_get(s, "stage")), "round");
    g = loaded(s);
    {
        struct hs_game *before = loaded(agreed);
        int arm = g->titan[0].cubes.board->mount_station[HS_MOUNT_LEFT_ARM];

        CHECK_EQ_INT(hs_titan_steam_at(&g->titan[0].cubes, arm) -
                         hs_titan_steam_at(&before->titan[0].cubes, arm), 2);
        free(before);
    }
    check_cubes(g);
    free(g);
    json_decref(agreed);
    json_decref(s);
}

/* ---- what each seat sees ---------------------------------------------------------- */

/* A loadout of seat 0 made of cards no titan prints: none of their ids
 * may reach seat 1 or a spectator before the reveal. */
static const char *const SECRET_CARDS[] = {"uk_phosphor", "uk_skyrocket", NULL};

static int names_a_secret(const json_t *v)
{
    char *text = json_dumps(v, JSON_COMPACT);
    int n = 0;

    for (int i = 0; SECRET_CARDS[i]; i++)
        n += occurrences(text, SECRET_CARDS[i]);
    free(text);
    return n;
}

/* HS-R-143: the other team sees that a seat chose and whether it is done,
 * never its cards, in the view, the move log and the events; the seat's
 * own team sees them. */
static void test_hs_r_143_hidden_from_the_other_team_until_the_reveal(void)
{
    const char *text = "{\"type\": \"loadout\", \"left_arm\": \"uk_phosphor\", \"torso\": "
                       "\"uk_skyrocket\"}";
    json_t *s = setup_game(CUSTOM), *move = json_loads(text, 0, NULL), *ev = NULL, *v, *seen;
    struct rules_error err;
    size_t i;
    json_t *e;

    CHECK_EQ_INT(eng_play(&s, 0, text, &ev, &err), 0);
    /* the events: the cards only in one "to" the seat's team */
    json_array_foreach(ev, i, e)
        if (names_a_secret(e)) {
            json_t *to = json_object_get(e, "to");

            CHECK(json_array_size(to) == 1 && json_integer_value(json_array_get(to, 0)) == 0);
        }
    CHECK(names_a_secret(ev) > 0);
    json_decref(ev);
    /* the view */
    for (int viewer = -1; viewer < 2; viewer++) {
        json_t *p0;

        v = E->view(s, viewer);
        p0 = seat_of(v, 0);
        CHECK(json_is_boolean(json_object_get(p0, "loadout_done")));
        if (viewer == 0) {
            CHECK_EQ_INT(names_a_secret(v), 2);
            CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(p0, "loadout"),
                                                           "left_arm")), "uk_phosphor");
        } else {
            CHECK_EQ_INT(names_a_secret(v), 0);
            CHECK(json_is_null(json_object_get(p0, "loadout")));
            /* its own choice it sees */
            if (viewer == 1)
                CHECK(json_is_object(json_object_get(seat_of(v, 1), "loadout")));
        }
        json_decref(v);
    }
    /* the move log */
    CHECK(E->move_seen(move, 0, 0, 2) == NULL);
    for (int viewer = -1; viewer < 2; viewer += 2) {
        seen = E->move_seen(move, 0, viewer, 2);
        CHECK(seen && json_object_size(seen) == 1 &&
              !strcmp(json_string_value(json_object_get(seen, "type")), "loadout"));
        json_decref(seen);
    }
    /* legal moves offer a seat its own faction's cards only */
    v = E->legal_moves(s, 1);
    CHECK_EQ_INT(names_a_secret(v), 0);
    json_decref(v);
    /* done is public; after the reveal the cards are on the titan for all */
    must_play(&s, 0, "{\"type\": \"loadout_done\"}");
    v = E->view(s, 1);
    CHECK(json_is_true(json_object_get(seat_of(v, 0), "loadout_done")));
    CHECK_EQ_INT(names_a_secret(v), 0);
    json_decref(v);
    CHECK_EQ_INT(eng_play(&s, 1, "{\"type\": \"loadout_done\"}", &ev, &err), 0);
    CHECK(names_a_secret(event_of(ev, "loadouts_revealed", 0)) == 2);
    json_decref(ev);
    for (int viewer = -1; viewer < 2; viewer++) {
        v = E->view(s, viewer);
        CHECK_EQ_INT(names_a_secret(json_object_get(v, "titans")), 2);
        json_decref(v);
    }
    json_decref(move);
    json_decref(s);
}

/* Occurrences of the id (quoted) in v's JSON text. */
static int names(const json_t *v, const char *id)
{
    char *text = json_dumps(v, JSON_COMPACT);
    int n = occurrences(text, id);

    free(text);
    return n;
}

/* The team of seat s in a state. */
static int team(const json_t *state, int s)
{
    return (int)json_integer_value(json_object_get(seat_of(state, s), "team"));
}

/*
 * HS-R-143, HS-R-142: teammates confer. Four seats, two teams of two (as
 * the seats' teams say): the view, the event and the move log show a
 * teammate's pending loadout and never the other team's, and a card on
 * it is refused to the other, and not listed to it (one deck a faction).
 */
static void test_hs_r_142_143_teammates_see_and_share_one_deck(void)
{
    struct rules_error err;
    const int n = 4;
    json_t *s = setup_seats(CUSTOM, n, NULL, &err);
    int a = -1, b = -1, foe = -1;

    if (!CHECK(s != NULL)) {
        fprintf(stderr, "  setup of 4: %s %s\n", err.code, err.message);
        return;
    }
    for (int i = 0; i < n && b < 0; i++)
        for (int j = i + 1; j < n && b < 0; j++)
            if (team(s, i) == team(s, j))
                a = i, b = j;
    for (int i = 0; i < n; i++)
        if (team(s, i) != team(s, a))
            foe = i;
    if (!CHECK(a >= 0 && b >= 0 && foe >= 0)) {
        json_decref(s);
        return;
    }
    {
        /* seat a takes a card its teammate's board does not print */
        struct hs_game *g = loaded(s);
        const struct hs_board *bb = &cat()->titan[g->titan[g->p[b].titan].board];
        const struct hs_board *ba = &cat()->titan[g->titan[g->p[a].titan].board];
        char move[160], taken[160];
        const char *card = NULL;
        json_t *v;

        for (int w = 0; w < cat()->nweapons && !card; w++) {
            const struct hs_weapon_card *c = &cat()->weapon[w];
            int printed = 0;

            for (int m = 0; m < HS_MOUNTS; m++)
                printed |= !strcmp(bb->loadout[m], c->id) || !strcmp(ba->loadout[m], c->id);
            if (c->faction == ba->faction && c->mount == HS_CARD_ARM &&
                (c->size == HS_NONE || c->size == (int)ba->size) && !printed &&
                c->cost <= 2)
                card = c->id;
        }
        free(g);
        if (!CHECK(card != NULL)) {
            json_decref(s);
            return;
        }
        snprintf(move, sizeof move, "{\"type\": \"loadout\", \"left_arm\": \"%s\"}", card);
        {
            json_t *ev = NULL, *m = json_loads(move, 0, NULL), *seen;
            const json_t *e;

            CHECK_EQ_INT(eng_play(&s, a, move, &ev, &err), 0);
            e = event_of(ev, "loadout_chosen", 1);
            CHECK(e && json_array_size(json_object_get(e, "to")) == 2);
            json_decref(ev);
            /* the move log: whole to the teammate, its type to the other team */
            CHECK(E->move_seen(m, a, b, n) == NULL);
            seen = E->move_seen(m, a, foe, n);
            CHECK(seen && json_object_size(seen) == 1);
            json_decref(seen);
            seen = E->move_seen(m, a, -1, n);
            CHECK(seen && json_object_size(seen) == 1);
            json_decref(seen);
            json_decref(m);
        }
        v = E->view(s, b);
        CHECK_EQ_STR(json_string_value(json_object_get(json_object_get(seat_of(v, a),
                                                                       "loadout"), "left_arm")),
                     card);
        json_decref(v);
        v = E->view(s, foe);
        CHECK(json_is_null(json_object_get(seat_of(v, a), "loadout")));
        json_decref(v);
        snprintf(taken, sizeof taken, "{\"type\": \"loadout\", \"right_arm\": \"%s\"}", card);
        refused(&s, b, taken, "card_with_teammate");
        v = E->legal_moves(s, b);
        CHECK_EQ_INT(names(v, card), 0);
        json_decref(v);
        /* everyone done: four loadouts revealed, the pilots asked */
        for (int i = 0; i < n; i++)
            must_play(&s, i, "{\"type\": \"loadout_done\"}");
        CHECK_EQ_STR(json_string_value(json_object_get(s, "stage")), "pilots");
        CHECK_EQ_STR(mounted(s, a, "left_arm"), card);
        g = loaded(s);
        check_cubes(g);
        free(g);
    }
    json_decref(s);
}

/* ---- listing, timeout, the stored state ------------------------------------------------ */

/* HS-R-141: legal_moves gives each mount the cards that fit it with the
 * other two as they are, each of which is accepted alone, and
 * loadout_done; nothing once done. */
static void test_hs_r_141_listed_choices_are_accepted(void)
{
    json_t *s = setup_game(CUSTOM_LIGHT), *list, *shape = NULL, *e;
    size_t i, listed = 0;

    list = E->legal_moves(s, 0);
    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (!strcmp(json_string_value(json_object_get(e, "type")), "loadout"))
            shape = e;
    CHECK_EQ_INT(json_array_size(json_object_get(list, "moves")), 2);
    if (CHECK(shape != NULL)) {
        CHECK_EQ_STR(json_string_value(json_object_get(shape, "form")), "shape");
        CHECK_EQ_INT(json_integer_value(json_object_get(shape, "points")), 8);
        CHECK_EQ_INT(json_integer_value(json_object_get(shape, "spent")), 8);
        for (int m = 0; m < HS_MOUNTS; m++) {
            json_t *of = json_object_get(json_object_get(shape, hs_mount_names[m]), "of"), *c;
            size_t k;

            /* the empty slot, and the printed card itself */
            CHECK(json_is_null(json_array_get(of, 0)));
            json_array_foreach(of, k, c) {
                json_t *t = json_incref(s), *ev = NULL,
                       *move = json_pack("{s:s, s:O}", "type", "loadout", hs_mount_names[m], c);
                struct rules_error err;

                if (!CHECK(E->apply(&t, 0, move, &R, &ev, &err) == 0))
                    fprintf(stderr, "  listed %s refused: %s\n", json_string_value(c),
                            err.message);
                if (!json_is_null(c))
                    CHECK(strncmp(json_string_value(c), "uk_", 3) == 0);
                json_decref(ev);
                json_decref(move);
                json_decref(t);
                listed++;
            }
        }
        CHECK(listed > 6);
    }
    json_decref(list);
    must_play(&s, 0, "{\"type\": \"loadout_done\"}");
    list = E->legal_moves(s, 0);
    CHECK_EQ_INT(json_array_size(json_object_get(list, "moves")), 0);
    json_decref(list);
    json_decref(s);
}

/* HS-R-146: a seat whose time runs out is done with its loadout as it
 * stands. */
static void test_hs_r_146_timeout_keeps_the_choice(void)
{
    json_t *s = setup_game(CUSTOM), *m, *ev = NULL;
    struct rules_error err;

    must_play(&s, 1, "{\"type\": \"loadout\", \"left_arm\": \"cet_feldkanone\"}");
    m = E->timeout_move(s, 1);
    CHECK(m && !strcmp(json_string_value(json_object_get(m, "type")), "loadout_done"));
    CHECK_EQ_INT(E->apply(&s, 1, m, &R, &ev, &err), 0);
    json_decref(ev);
    json_decref(m);
    CHECK(json_is_true(json_object_get(seat_of(s, 1), "loadout_done")));
    CHECK_EQ_STR(pending(s, 1, "left_arm"), "cet_feldkanone");
    CHECK(E->timeout_move(s, 1) == NULL);
    json_decref(s);
}

/* A state E refuses to load, corrupt_state. */
static void load_refused(json_t *state)
{
    struct rules_status st;
    struct hs_game *g = calloc(1, sizeof *g);
    struct rules_error err;

    CHECK_EQ_INT(hs_game_load(g, state, &err), -1);
    CHECK_EQ_STR(err.code, "corrupt_state");
    CHECK_EQ_INT(E->status(state, &st), -1);
    free(g);
}

/* HS-R-140, HS-R-141: the pending loadouts are stored and checked on
 * load as a move checks them; a resignation before the reveal ends the
 * game in a state that loads. */
static void test_hs_r_140_stored_loadouts_checked_on_load(void)
{
    json_t *s = setup_game(CUSTOM), *bad, *p;
    struct hs_game *g;

    must_play(&s, 0, "{\"type\": \"loadout\", \"left_arm\": \"uk_sabre\"}");
    must_play(&s, 0, "{\"type\": \"loadout_done\"}");
    g = loaded(s);
    CHECK_EQ_INT(g->p[0].loadout[HS_MOUNT_LEFT_ARM], hs_catalog_weapon(cat(), "uk_sabre"));
    CHECK(g->p[0].loadout_done && !g->p[1].loadout_done);
    check_round_trip(g);
    free(g);
    /* over the points: 5 + 3 + 4 with the Longbore back and the Arc Lance */
    bad = json_deep_copy(s);
    p = json_object_get(seat_of(bad, 0), "loadout");
    json_object_set_new(p, "left_arm", json_string("uk_longbore"));
    json_object_set_new(p, "right_arm", json_string("uk_arc_lance"));
    load_refused(bad);
    json_decref(bad);
    /* another faction's card, an unknown one, a missing mount */
    bad = json_deep_copy(s);
    json_object_set_new(json_object_get(seat_of(bad, 0), "loadout"), "torso",
                        json_string("cet_heat_sink"));
    load_refused(bad);
    json_decref(bad);
    bad = json_deep_copy(s);
    json_object_del(json_object_get(seat_of(bad, 1), "loadout"), "torso");
    load_refused(bad);
    json_decref(bad);
    bad = json_deep_copy(s);
    json_object_set_new(seat_of(bad, 1), "loadout_done", json_integer(1));
    load_refused(bad);
    json_decref(bad);
    /* every seat done is no longer the stage */
    bad = json_deep_copy(s);
    json_object_set_new(seat_of(bad, 1), "loadout_done", json_true());
    load_refused(bad);
    json_decref(bad);
    /* a card mounted before the reveal */
    bad = json_deep_copy(s);
    json_object_set_new(json_object_get(json_array_get(json_object_get(bad, "titans"), 0),
                                        "cards"), "torso", json_string("uk_aegis"));
    load_refused(bad);
    json_decref(bad);
    /* the pending keys in another stage */
    {
        json_t *pl = setup_game("{}");

        bad = json_deep_copy(pl);
        json_object_set(seat_of(bad, 0), "loadout",
                        json_object_get(seat_of(s, 0), "loadout"));
        load_refused(bad);
        json_decref(bad);
        json_decref(pl);
    }
    /* resigning before the reveal */
    {
        json_t *ev = NULL;
        struct rules_error err;

        CHECK_EQ_INT(E->resign(&s, 1, &ev, &err), 0);
        json_decref(ev);
        g = loaded(s);
        CHECK_EQ_INT(g->stage, HS_STAGE_OVER);
        CHECK_EQ_INT(g->winner_team, 0);
        free(g);
        refused(&s, 0, "{\"type\": \"loadout_done\"}", "not_now");
    }
    json_decref(s);
}

/* HS-R-140, HS-R-141: the option and both moves are described, each move
 * with its schema. */
static void test_hs_r_140_141_described(void)
{
    json_t *d = E->describe(), *types = json_object_get(d, "move_types"), *t;
    const json_t *opt = json_object_get(json_object_get(json_object_get(d, "options"),
                                                        "properties"), "customize");
    int found = 0;
    size_t i;

    CHECK_EQ_STR(json_string_value(json_object_get(opt, "type")), "boolean");
    CHECK(json_is_false(json_object_get(opt, "default")));
    json_array_foreach(types, i, t) {
        const char *type = json_string_value(json_object_get(t, "type"));
        json_t *props = json_object_get(json_object_get(t, "schema"), "properties");

        if (!strcmp(type, "loadout")) {
            found++;
            for (int m = 0; m < HS_MOUNTS; m++)
                CHECK(json_object_get(props, hs_mount_names[m]) != NULL);
        } else if (!strcmp(type, "loadout_done")) {
            found++;
            CHECK_EQ_INT(json_object_size(props), 1);
        }
    }
    CHECK_EQ_INT(found, 2);
    json_decref(d);
}

int main(void)
{
    E = rules_engine_find("heavysteam");
    if (!cat()->ok || !E) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_140_customize_starts_the_loadouts_stage);
    RUN(test_hs_r_141_choose_and_change);
    RUN(test_hs_r_141_loadouts_refused_as_the_option_refuses_them);
    RUN(test_hs_r_144_no_change_after_done);
    RUN(test_hs_r_145_reveal_mounts_the_cards);
    RUN(test_hs_r_143_hidden_from_the_other_team_until_the_reveal);
    RUN(test_hs_r_142_143_teammates_see_and_share_one_deck);
    RUN(test_hs_r_141_listed_choices_are_accepted);
    RUN(test_hs_r_146_timeout_keeps_the_choice);
    RUN(test_hs_r_140_stored_loadouts_checked_on_load);
    RUN(test_hs_r_140_141_described);
    return check_summary();
}
