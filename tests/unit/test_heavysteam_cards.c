/*
 * test_heavysteam_cards.c - Heavy Steam's battle cards (rules/heavysteam/
 * cards.h, effects.h): the deal, the track, buying, events, hands and
 * playing a card, each case named after its rule (RULINGS.md HS-R-nn or
 * the rulebook section).
 *
 * The game is the real catalog's: two heavies of Meeting Engagement set
 * up by hs_titan_init with their printed loadouts, the battle cards dealt
 * by hs_deal_battle_cards; every later position is reached by the calls
 * the game makes, and after each step every one of the 54 cards is in
 * exactly one zone (hs_cards_check). The vocabulary's operations outside
 * events and cards: test_heavysteam_effects.c.
 */
#include "heavysteam_cards_fixture.h"

/* ---- the deal -------------------------------------------------------------- */

/* HS-R-08: events and Enemy in Sight out, 3 dealt each, one Enemy in
 * Sight per player from the rightmost titan slot, the rest of the track
 * filled, 3 events shuffled in, the others in the box. */
static void test_hs_r_08_deal(void)
{
    struct hs_game *g = new_game(1);
    int eis_box = 0;

    CHECK_EQ_INT(g->ncards, HS_BATTLE_CARDS);
    CHECK_EQ_INT(hs_hand_size(g, 0), 3);
    CHECK_EQ_INT(hs_hand_size(g, 1), 3);
    CHECK_EQ_INT(g->nslots, 6);
    CHECK_EQ_STR(id_of(g, g->slot[5]), "enemy_in_sight");
    CHECK_EQ_STR(id_of(g, g->slot[4]), "enemy_in_sight");
    for (int s = 0; s < 4; s++)
        CHECK(strcmp(id_of(g, g->slot[s]), "enemy_in_sight") != 0);
    for (int c = 0; c < g->ncards; c++)
        eis_box += g->zone[c] == HS_Z_BOX && strcmp(id_of(g, c), "enemy_in_sight") == 0;
    CHECK_EQ_INT(eis_box, 2);
    CHECK_EQ_INT(events_in_deck(g, NULL), 3);
    CHECK_EQ_INT(count_zone(g, HS_Z_BOX), 2 + 7);
    /* 40 others, 6 in hands, 4 on the track, and the 3 events */
    CHECK_EQ_INT(g->ndeck, 40 - 6 - 4 + 3);
    /* no event was dealt into a hand or onto the track */
    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_HAND || g->zone[c] == HS_Z_TRACK)
            CHECK(hs_catalog_get()->battle[g->card[c]].kind != HS_K_EVENT);
    free(g);
}

/* ---- the track --------------------------------------------------------------- */

/* HS-R-43: the printed cost plus the slot's modifier. */
static void test_hs_r_43_price_is_cost_plus_slot(void)
{
    struct hs_game *g = new_game(1);
    const struct hs_catalog *cat = hs_catalog_get();

    CHECK_EQ_INT(hs_card_price(g, 5), 1);       /* Enemy in Sight on +0 */
    for (int s = 0; s < g->nslots; s++)
        CHECK_EQ_INT(hs_card_price(g, s),
                     cat->battle[g->card[g->slot[s]]].cost + cat->board.slot[s].modifier);
    CHECK_EQ_INT(hs_card_price(g, 6), -1);
    free(g);
}

/* HS-R-43, HS-R-44: a buy pays command steam into the reserve, the card
 * goes to the hand, the others slide right and the left slot fills from
 * the top of the deck. */
static void test_hs_r_44_buy_slides_and_refills(void)
{
    struct hs_game *g = game_with(NULL, 1);
    struct rules_error err;
    json_t *events = json_array();
    int before[6], top, eis = g->slot[5], cmd = command_steam(g, 0);
    int reserve = g->titan[0].cubes.reserve;

    if (!CHECK(cmd >= 1))
        goto out;
    memcpy(before, g->slot, sizeof before);
    top = g->deck[0];
    hs_buy_begin(g);
    CHECK(ok(hs_buy(g, 0, 5, &R, events, &err), &err));
    CHECK_EQ_INT(g->zone[eis], HS_Z_HAND);
    CHECK_EQ_INT(g->holder[eis], 0);
    CHECK_EQ_INT(command_steam(g, 0), cmd - 1);
    CHECK_EQ_INT(g->titan[0].cubes.reserve, reserve + 1);
    for (int s = 1; s < 6; s++)
        CHECK_EQ_INT(g->slot[s], before[s - 1]);
    CHECK_EQ_INT(g->slot[0], top);
    CHECK(zones_ok(g));
    CHECK(has_event(events, "card_bought", "enemy_in_sight"));
out:
    json_decref(events);
    free(g);
}

/* HS-R-43: the team with initiative buys first; a seat of the other team
 * is refused until every seat of it has passed; a price beyond the
 * command steam is refused and nothing changes. */
static void test_hs_r_43_initiative_order_and_payment(void)
{
    struct hs_game *g = game_with(NULL, 0);
    struct rules_error err;
    json_t *events = json_array();
    int cmd;

    hs_buy_begin(g);
    CHECK_EQ_INT(hs_buy_seats(g), 1u);
    CHECK_EQ_INT(hs_buy(g, 1, 5, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_turn");
    /* the +3 slot costs more than the 2 command steam of the setup */
    cmd = command_steam(g, 0);
    CHECK_EQ_INT(cmd, 2);
    CHECK(hs_card_price(g, 0) > cmd);
    {
        int slot0 = g->slot[0];

        CHECK_EQ_INT(hs_buy(g, 0, 0, &R, events, &err), -1);
        CHECK_EQ_STR(err.code, "not_enough_steam");
        CHECK_EQ_INT(command_steam(g, 0), cmd);
        CHECK_EQ_INT(g->slot[0], slot0);
        CHECK(ok(hs_buy_pass(g, 0, &R, events, &err), &err));
        CHECK_EQ_INT(hs_buy_seats(g), 2u);
        CHECK_EQ_INT(g->turn_team, 1);
        CHECK_EQ_INT(hs_buy_pass(g, 0, &R, events, &err), -1);
    }
    CHECK(zones_ok(g));
    json_decref(events);
    free(g);
}

/* Teams of two (four Enemy in Sight cards, a team's seats buying until
 * all of them pass) are tested once hs_game_setup deals them: the setup
 * plays two seats yet, and these tests start from it. */

/* HS-R-46, HS-AMB-31: nobody buys: the +0 card to the discard pile, the
 * rest slide, one new card at the left. */
static void test_hs_r_46_nobody_buys(void)
{
    struct hs_game *g = game_with(NULL, 1);
    json_t *events = json_array();
    int before[6], top;

    memcpy(before, g->slot, sizeof before);
    top = g->deck[0];
    all_pass(g, events);
    CHECK_EQ_INT(g->zone[before[5]], HS_Z_DISCARD);
    for (int s = 1; s < 6; s++)
        CHECK_EQ_INT(g->slot[s], before[s - 1]);
    CHECK_EQ_INT(g->slot[0], top);
    CHECK_EQ_INT(hs_buy_seats(g), 0u);
    json_decref(events);
    free(g);
}

/* ---- events --------------------------------------------------------------- */

/* Event Cards, HS-R-44, HS-AMB-18: Battle Intensity drawn to the track
 * fires at once, asks each seat in initiative order where its 2 steam
 * and its damage cube go, is set aside, its slot is filled again, and
 * then every player draws 1. */
static void test_event_battle_intensity(void)
{
    struct hs_game *g = game_with("battle_intensity", 0);
    struct rules_error err;
    json_t *events = json_array();
    int hand[2], res[2], guard = 0, bi = -1;

    if (!g)
        goto out;
    /* pass phases until Battle Intensity is the deck's top card */
    while (strcmp(id_of(g, g->deck[0]), "battle_intensity") != 0 && guard++ < 60)
        all_pass(g, events);
    if (!CHECK(strcmp(id_of(g, g->deck[0]), "battle_intensity") == 0))
        goto out;
    bi = g->deck[0];
    hand[0] = hs_hand_size(g, 0);
    hand[1] = hs_hand_size(g, 1);
    res[0] = g->titan[0].cubes.reserve;
    res[1] = g->titan[1].cubes.reserve;
    hs_buy_begin(g);
    CHECK(ok(hs_buy_pass(g, 0, &R, events, &err), &err));
    CHECK(ok(hs_buy_pass(g, 1, &R, events, &err), &err));
    /* all are dealt 2 at once; then the steam: seat 0 first */
    CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
    CHECK_EQ_INT(g->ask_seat, 0);
    CHECK_EQ_INT(g->event_pending, 1);
    CHECK_EQ_INT(g->event, bi);
    CHECK_EQ_INT(g->zone[bi], HS_Z_EVENTS_DONE);
    CHECK_EQ_INT(hs_hand_size(g, 0), hand[0] + 2);
    CHECK_EQ_INT(hs_hand_size(g, 1), hand[1] + 2);
    CHECK(zones_ok(g));
    /* nobody else may act meanwhile */
    CHECK_EQ_INT(hs_buy_seats(g), 0u);
    CHECK_EQ_INT(hs_event_answer(g, 1, NULL, &R, events, &err), -1);
    /* a wrong count of squares is refused */
    {
        json_t *bad = json_pack("{s:[]}", "steam");

        CHECK_EQ_INT(hs_event_answer(g, 0, bad, &R, events, &err), -1);
        CHECK_EQ_STR(err.code, "choose_steam");
        json_decref(bad);
    }
    CHECK(answer_first(g, events));
    CHECK_EQ_INT(g->titan[0].cubes.reserve, res[0] - 2);
    CHECK_EQ_INT(g->ask_seat, 1);
    CHECK(answer_first(g, events));
    CHECK_EQ_INT(g->titan[1].cubes.reserve, res[1] - 2);
    /* the damage cube, bypassing shields: seat 0 then seat 1 */
    CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
    CHECK_EQ_INT(g->ask_seat, 0);
    {
        struct hs_census c0, c1;

        hs_titan_census(&g->titan[0].cubes, &c0);
        CHECK(answer_first(g, events));
        hs_titan_census(&g->titan[0].cubes, &c1);
        CHECK_EQ_INT(c1.damage, c0.damage + 1);
        CHECK_EQ_INT(c1.shield, c0.shield);
    }
    CHECK_EQ_INT(g->ask_seat, 1);
    while (g->ask == HS_ASK_EVENT)
        CHECK(answer_first(g, events));
    CHECK_EQ_INT(g->event_pending, 0);
    /* the slot refilled, then 1 card each for the event */
    for (int s = 0; s < g->nslots; s++)
        CHECK(g->slot[s] >= 0);
    CHECK(hs_hand_size(g, 0) >= hand[0] + 3);
    CHECK(hs_hand_size(g, 1) >= hand[1] + 3);
    CHECK_EQ_INT(g->zone[bi], HS_Z_EVENTS_DONE);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

/* Event Cards, HS-DATA-09 (Artillery Barrage): each titan in initiative
 * order takes a hit of 2 at a rolled location, its shields counting, and
 * its owner places the cubes past them before the next titan is hit. */
/*
 * HS-AMB-10 through the listing: every damage square with steam under it
 * lists where that steam may go; a pick naming one of those is accepted,
 * the same pick without it refused. Tried on copies of g. Returns how
 * many such squares were listed.
 */
static int displacement_listed(const struct hs_game *g, int seat)
{
    json_t *o = hs_event_options(g, seat), *d, *scratch = json_array();
    struct hs_game *c = malloc(sizeof *c);
    struct rules_error err;
    size_t i;
    int n = 0;

    json_array_foreach(json_object_get(o, "damage"), i, d) {
        const json_t *to = json_object_get(d, "to"), *w;
        json_t *bare, *full;

        if (!json_is_true(json_object_get(d, "steam")))
            continue;
        n++;
        if (!CHECK(json_array_size(to) > 0))
            continue;
        w = json_array_get(to, json_array_size(to) - 1);
        bare = json_pack("{s:[{s:O, s:O}]}", "damage", "station", json_object_get(d, "station"),
                         "square", json_object_get(d, "square"));
        full = json_pack("{s:[{s:O, s:O, s:O, s:O}]}", "damage", "station",
                         json_object_get(d, "station"), "square", json_object_get(d, "square"),
                         "to_station", json_object_get(w, "station"), "to_square",
                         json_object_get(w, "square"));
        *c = *g;
        CHECK_EQ_INT(hs_event_answer(c, seat, bare, &R, scratch, &err), -1);
        CHECK_EQ_STR(err.code, "bad_steam_displacement");
        *c = *g;
        CHECK(ok(hs_event_answer(c, seat, full, &R, scratch, &err), &err));
        json_decref(bare);
        json_decref(full);
    }
    free(c);
    json_decref(scratch);
    json_decref(o);
    return n;
}

static void test_event_barrage(void)
{
    struct hs_game *g = game_with("barrage", 0);
    struct rules_error err;
    json_t *events = json_array();
    int guard = 0, steam_squares = 0;

    if (!g)
        goto out;
    while (strcmp(id_of(g, g->deck[0]), "barrage") != 0 && guard++ < 60)
        all_pass(g, events);
    if (!CHECK(strcmp(id_of(g, g->deck[0]), "barrage") == 0))
        goto out;
    json_array_clear(events);
    hs_buy_begin(g);
    CHECK(ok(hs_buy_pass(g, 0, &R, events, &err), &err));
    CHECK(ok(hs_buy_pass(g, 1, &R, events, &err), &err));
    for (int seat = 0; seat < 2; seat++) {
        json_t *e, *hit = NULL;
        size_t i;
        struct hs_census before, after;
        int past;

        json_array_foreach(events, i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "hit_rolled") == 0 &&
                json_integer_value(json_object_get(e, "seat")) == seat)
                hit = e;
        if (!CHECK(hit != NULL))
            break;
        past = (int)json_integer_value(json_object_get(hit, "past_shields"));
        CHECK(past >= 0 && past <= 2);
        hs_titan_census(&g->titan[seat].cubes, &before);
        for (int k = 0; k < past; k++) {
            CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
            CHECK_EQ_INT(g->ask_seat, seat);
            steam_squares += displacement_listed(g, seat);
            CHECK(answer_first(g, events));
        }
        hs_titan_census(&g->titan[seat].cubes, &after);
        CHECK_EQ_INT(after.damage, before.damage + past);
        CHECK_EQ_INT(g->titan[seat].cubes.nowed, 0);
    }
    while (g->ask == HS_ASK_EVENT)
        CHECK(answer_first(g, events));
    CHECK(zones_ok(g));
    CHECK(steam_squares > 0);
out:
    json_decref(events);
    free(g);
}

/* HS-R-44: an event drawn after a purchase fires at once, its slot is
 * filled again, every player draws 1, and the buyer's team goes on
 * buying. */
static void test_hs_r_44_event_after_a_purchase(void)
{
    struct hs_game *g = game_with("heat_wave", 0);
    struct rules_error err;
    json_t *events = json_array();
    int guard = 0, hand[2], heat, slot;
    struct hs_census c;

    if (!g)
        goto out;
    while (strcmp(id_of(g, g->deck[0]), "heat_wave") != 0 && guard++ < 60)
        all_pass(g, events);
    if (!CHECK(strcmp(id_of(g, g->deck[0]), "heat_wave") == 0))
        goto out;
    json_array_clear(events);
    hs_titan_census(&g->titan[1].cubes, &c);
    heat = c.pressure_heat;
    hs_buy_begin(g);
    hand[0] = hs_hand_size(g, 0);
    hand[1] = hs_hand_size(g, 1);
    /* the first card seat 0 can pay for */
    for (slot = g->nslots - 1; slot >= 0; slot--)
        if (hs_card_price(g, slot) >= 0 && hs_card_price(g, slot) <= command_steam(g, 0))
            break;
    if (!CHECK(slot >= 0))
        goto out;
    CHECK(ok(hs_buy(g, 0, slot, &R, events, &err), &err));
    CHECK(has_event(events, "event_drawn", "heat_wave"));
    hs_titan_census(&g->titan[1].cubes, &c);
    CHECK_EQ_INT(c.pressure_heat, heat + 2);
    for (int s = 0; s < g->nslots; s++)
        CHECK(g->slot[s] >= 0);
    /* the card bought, then 1 each after the event */
    CHECK_EQ_INT(hs_hand_size(g, 0), hand[0] + 2);
    CHECK_EQ_INT(hs_hand_size(g, 1), hand[1] + 1);
    CHECK_EQ_INT(hs_buy_seats(g), 1u);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

/* engine.h: the cards drawn are named only in events for the drawer. */
static void test_draws_are_private(void)
{
    struct hs_game *g = new_game(5);
    json_t *events = json_array(), *e;
    size_t i;
    int seen = 0;

    CHECK_EQ_INT(hs_draw(g, 1, 2, &R, events), 2);
    json_array_foreach(events, i, e) {
        const json_t *to = json_object_get(e, "to");

        if (json_object_get(e, "cards") || json_object_get(e, "card")) {
            CHECK(json_is_array(to) && json_array_size(to) == 1 &&
                  json_integer_value(json_array_get(to, 0)) == 1);
            seen++;
        }
    }
    CHECK_EQ_INT(seen, 1);
    CHECK(has_event(events, "draw", NULL));
    CHECK(zones_ok(g));
    json_decref(events);
    free(g);
}

/* HS-R-45, HS-AMB-18: when the deck runs out the discard pile becomes the
 * new deck; events set aside never come back. */
static void test_hs_r_45_reshuffle(void)
{
    struct hs_game *g = game_with(NULL, 0);
    json_t *events = json_array();
    int guard = 0;

    while (!has_event(events, "deck_reshuffled", NULL) && guard++ < 80)
        all_pass(g, events);
    CHECK(has_event(events, "deck_reshuffled", NULL));
    CHECK(g->ndeck > 0);
    for (int i = 0; i < g->ndeck; i++)
        CHECK(hs_catalog_get()->battle[g->card[g->deck[i]]].kind != HS_K_EVENT);
    {
        int done = 0, dead = 0;

        for (int c = 0; c < g->ncards; c++)
            if (hs_catalog_get()->battle[g->card[c]].kind == HS_K_EVENT) {
                done += g->zone[c] == HS_Z_EVENTS_DONE;
                dead += g->zone[c] == HS_Z_HAND;
            }
        CHECK(done >= 1);
        CHECK_EQ_INT(done + dead, 3);
    }
    CHECK(zones_ok(g));
    json_decref(events);
    free(g);
}

/* ---- playing a card --------------------------------------------------------- */

/* HS-R-12: one battle card per player per phase; a support card stays in
 * play with its unit within 1 sector of the titan. */
static void test_hs_r_12_one_card_a_phase(void)
{
    struct hs_game *g = game_with(NULL, 0);
    struct rules_error err;
    json_t *events = json_array();
    int inf = draw_until(g, 0, "infantry_support");
    int can = draw_until(g, 0, "cannon_support");
    json_t *far = json_pack("{s:i}", "sector", 2), *near = json_pack("{s:i}", "sector", 1);

    hs_buy_begin(g);
    if (!CHECK(inf >= 0 && can >= 0))
        goto out;
    {
        /* the legal moves list both supports, each with its sectors 0 and 1 */
        json_t *list = hs_cards_playable(g, 0, HS_TIME_TURN), *e;
        size_t i;
        int seen = 0;

        json_array_foreach(list, i, e)
            if ((int)json_integer_value(json_object_get(e, "card")) == inf) {
                json_t *o = json_array_get(json_object_get(e, "options"), 0);

                seen = 1;
                CHECK_EQ_INT((int)json_array_size(json_object_get(o, "sector")), 2);
            }
        CHECK(seen);
        json_decref(list);
    }
    CHECK_EQ_INT(hs_play_card(g, 0, inf, HS_TIME_TURN, far, NULL, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "bad_sector");
    CHECK_EQ_INT(g->zone[inf], HS_Z_HAND);
    CHECK_EQ_INT(g->nunits, 0);
    CHECK(ok(hs_play_card(g, 0, inf, HS_TIME_TURN, near, NULL, &R, events, &err), &err));
    CHECK_EQ_INT(g->zone[inf], HS_Z_IN_PLAY);
    CHECK_EQ_INT(g->nunits, 1);
    CHECK_EQ_INT(g->unit[0].sector, 1);
    CHECK_EQ_INT(g->unit[0].card, g->card[inf]);
    CHECK_EQ_INT(hs_play_card(g, 0, can, HS_TIME_TURN, near, NULL, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "one_card_a_phase");
    {
        json_t *none = hs_cards_playable(g, 0, HS_TIME_TURN);

        CHECK_EQ_INT((int)json_array_size(none), 0);
        json_decref(none);
    }
    hs_cards_phase_begin(g);
    CHECK(ok(hs_play_card(g, 0, can, HS_TIME_TURN, near, NULL, &R, events, &err), &err));
    CHECK(zones_ok(g));
    {
        /* move_support: a friendly unit up to n sectors */
        struct hs_step mv = {HS_OP_MOVE_SUPPORT, 2, HS_WHO_SELF, HS_NONE, HS_NONE, HS_NONE};
        json_t *m3 = json_pack("{s:i, s:i}", "unit", 1, "sector", 3);
        json_t *m4 = json_pack("{s:i, s:i}", "unit", 1, "sector", 4);

        CHECK_EQ_INT(hs_effect_step(g, 1, -1, &mv, m3, NULL, &R, events, &err), -1);
        CHECK_EQ_STR(err.code, "no_unit");
        CHECK_EQ_INT(hs_effect_step(g, 0, -1, &mv, m4, NULL, &R, events, &err), -1);
        CHECK_EQ_STR(err.code, "bad_sector");
        CHECK(ok(hs_effect_step(g, 0, -1, &mv, m3, NULL, &R, events, &err), &err));
        CHECK_EQ_INT(g->unit[1].sector, 3);
        json_decref(m3);
        json_decref(m4);
    }
out:
    json_decref(far);
    json_decref(near);
    json_decref(events);
    free(g);
}

/* When to Play Battle Cards, HS-AMB-22: a phase icon limits a card to its
 * phase; only in the seat's own turn; an event in a hand is dead; a
 * played card goes to the discard pile after its effect. */
static void test_play_phase_icon_and_moment(void)
{
    struct hs_game *g = NULL;
    struct rules_error err;
    json_t *events = json_array();
    int relay = -1, woods = -1, inf = -1;
    struct hs_mods m = {0};

    for (int k = 1; k < 200 && (relay < 0 || woods < 0 || inf < 0); k++) {
        free(g);
        g = new_game(k);
        relay = draw_until(g, 0, "signal_relay");
        woods = draw_until(g, 1, "woods");
        inf = draw_until(g, 1, "infantry_support");
    }
    hs_buy_begin(g);
    if (!CHECK(relay >= 0 && woods >= 0 && inf >= 0))
        goto out;
    CHECK_EQ_INT(hs_play_card(g, 0, relay, HS_TIME_TURN, NULL, &m, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_phase");
    CHECK_EQ_INT(hs_play_card(g, 1, woods, HS_TIME_TURN, NULL, &m, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_phase");
    /* seat 1's team is not buying now */
    CHECK_EQ_INT(hs_play_card(g, 1, inf, HS_TIME_TURN, NULL, &m, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_moment");
    CHECK_EQ_INT(hs_play_card(g, 1, inf, HS_TIME_ATTACKED, NULL, &m, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_moment");
    CHECK_EQ_INT(hs_play_card(g, 1, relay, HS_TIME_TURN, NULL, &m, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "not_in_hand");
    CHECK_EQ_INT(g->p[1].played_phase, 0);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}


/* Event Cards: an event drawn into a hand has no effect and cannot be
 * played in any way. */
static void test_event_in_hand_is_dead(void)
{
    struct hs_game *g = game_with(NULL, 0);
    struct rules_error err;
    json_t *events = json_array();
    int ev = -1;

    for (int k = 0; k < HS_BATTLE_CARDS && ev < 0; k++) {
        CHECK(hs_draw(g, 0, 1, &R, events) == 1);
        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND &&
                hs_catalog_get()->battle[g->card[c]].kind == HS_K_EVENT)
                ev = c;
    }
    hs_buy_begin(g);
    if (CHECK(ev >= 0)) {
        CHECK_EQ_INT(g->holder[ev], 0);
        CHECK_EQ_INT(hs_play_card(g, 0, ev, HS_TIME_TURN, NULL, NULL, &R, events, &err), -1);
        CHECK_EQ_STR(err.code, "dead_event");
        CHECK_EQ_INT(g->event_pending, 0);
        CHECK(!has_event(events, "event_drawn", NULL));
    }
    CHECK(zones_ok(g));
    json_decref(events);
    free(g);
}

/* HS-DATA-13, Event Cards: Smoke puts a token in each titan's sector. */
static void test_hs_data_13_smoke_event(void)
{
    struct hs_game *g = game_with("smoke", 0);
    json_t *events = json_array(), *e;
    int guard = 0, placed = 0, later = 0;
    size_t i;

    if (!g)
        goto out;
    while (!has_event(events, "event_drawn", "smoke") && guard++ < 60)
        all_pass(g, events);
    CHECK(has_event(events, "event_drawn", "smoke"));
    CHECK(has_event(events, "smoke_placed", NULL));
    /* a token in each titan's sector; they stay until the next event */
    json_array_foreach(events, i, e)
        if (!strcmp(json_string_value(json_object_get(e, "type")), "smoke_placed")) {
            int sector = (int)json_integer_value(json_object_get(e, "sector"));

            CHECK(sector == g->titan[0].sector || sector == g->titan[1].sector);
            placed++;
        } else if (placed &&
                   !strcmp(json_string_value(json_object_get(e, "type")), "event_drawn")) {
            later = 1;
        }
    CHECK_EQ_INT(placed, 2);
    for (int s = 0; s < HS_SECTORS; s++)
        CHECK_EQ_INT(g->smoke[s], !later && (s == g->titan[0].sector ||
                                             s == g->titan[1].sector));
out:
    json_decref(events);
    free(g);
}

/* HS-DATA-08, HS-R-15: Maneuver plays a terrain card outside the Move
 * phase and without a paid move, and only Maneuver counts as the phase's
 * card; the terrain stays in play on the titan and counts its numbers
 * there. */
static void test_hs_data_08_maneuver(void)
{
    struct hs_game *g = NULL;
    struct rules_error err;
    json_t *events = json_array(), *choice;
    int man = -1, woods = -1;
    struct hs_mods m = {0};

    for (int k = 1; k < 200 && (man < 0 || woods < 0); k++) {
        free(g);
        g = new_game(k);
        man = draw_until(g, 0, "maneuver");
        woods = draw_until(g, 0, "woods");
    }
    hs_buy_begin(g);
    if (!CHECK(man >= 0 && woods >= 0))
        goto out;
    /* in the Cards phase: Woods alone has the Move icon, Maneuver none */
    CHECK_EQ_INT(hs_play_card(g, 0, woods, HS_TIME_TURN, NULL, NULL, &R, events, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_phase");
    choice = json_pack("{s:s}", "terrain", hs_card_id(g, woods));
    CHECK(ok(hs_play_card(g, 0, man, HS_TIME_TURN, choice, NULL, &R, events, &err), &err));
    json_decref(choice);
    CHECK_EQ_INT(g->zone[man], HS_Z_DISCARD);
    CHECK_EQ_INT(g->zone[woods], HS_Z_IN_PLAY);
    CHECK_EQ_INT(g->titan[0].terrain, woods);
    CHECK_EQ_INT(g->p[0].played_phase, 1);
    /* Woods: +1 defense die, a light +1 more */
    hs_effect_mods(&hs_catalog_get()->battle[g->card[woods]].effect, HS_HEAVY, &m);
    CHECK_EQ_INT(m.defense_dice, 1);
    memset(&m, 0, sizeof m);
    hs_effect_mods(&hs_catalog_get()->battle[g->card[woods]].effect, HS_LIGHT, &m);
    CHECK_EQ_INT(m.defense_dice, 2);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

int main(void)
{
    RUN(test_hs_r_08_deal);
    RUN(test_hs_r_43_price_is_cost_plus_slot);
    RUN(test_hs_r_44_buy_slides_and_refills);
    RUN(test_hs_r_43_initiative_order_and_payment);
    RUN(test_hs_r_46_nobody_buys);
    RUN(test_event_battle_intensity);
    RUN(test_event_barrage);
    RUN(test_hs_r_44_event_after_a_purchase);
    RUN(test_draws_are_private);
    RUN(test_hs_r_45_reshuffle);
    RUN(test_hs_r_12_one_card_a_phase);
    RUN(test_play_phase_icon_and_moment);
    RUN(test_event_in_hand_is_dead);
    RUN(test_hs_data_13_smoke_event);
    RUN(test_hs_data_08_maneuver);
    return check_summary();
}
