/*
 * test_heavysteam_cards.c - Heavy Steam's battle cards (rules/heavysteam/
 * cards.h, effects.h): the deal, the track, buying, events, hands and
 * playing a card, each case named after its rule (RULINGS.md HS-R-nn or
 * the rulebook section).
 *
 * The game is the real catalog's: two heavies of Meeting Engagement from
 * hs_game_setup and both pilot moves; every later position is reached by
 * moves through hs_round_apply (heavysteam_cards_fixture.h), and after
 * each step every one of the 54 cards is in exactly one zone
 * (hs_cards_check). The vocabulary's operations outside events and
 * cards: test_heavysteam_effects.c.
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

/* HS-R-43, HS-R-44, HS-R-92: a buy pays command steam into the reserve,
 * the card goes to the hand, the others slide right and the left slot
 * fills from the top of the deck. */
static void test_hs_r_44_buy_slides_and_refills(void)
{
    struct hs_game *g = game_with(NULL, 1);
    json_t *events = json_array();
    int before[6], top, eis = g->slot[5], cmd = command_steam(g, 0);
    int reserve = g->titan[0].cubes.reserve;

    if (!CHECK(cmd >= 1))
        goto out;
    memcpy(before, g->slot, sizeof before);
    top = g->deck[0];
    CHECK(play_ok(g, "{\"type\": \"buy\", \"slot\": 5}", events));
    CHECK_EQ_INT(g->zone[eis], HS_Z_HAND);
    CHECK_EQ_INT(g->holder[eis], 0);
    CHECK_EQ_INT(command_steam(g, 0), cmd - 1);
    CHECK_EQ_INT(g->titan[0].cubes.reserve, reserve + 1);
    for (int s = 1; s < 6; s++)
        CHECK_EQ_INT(g->slot[s], before[s - 1]);
    CHECK_EQ_INT(g->slot[0], top);
    CHECK(zones_ok(g));
    CHECK(card_event(events, "card_bought", "enemy_in_sight"));
out:
    json_decref(events);
    free(g);
}

/* HS-R-43: the team with initiative buys first; a seat of the other team
 * is refused until every seat of it has passed; a price beyond the
 * command steam is refused and nothing changes. */
/* The dearest slot of the track. */
static int dearest(const struct hs_game *g)
{
    int best = 0;

    for (int s = 1; s < g->nslots; s++)
        if (hs_card_price(g, s) > hs_card_price(g, best))
            best = s;
    return best;
}

/* A card seat's command steam pays for. */
static int affords(const struct hs_game *g, int seat)
{
    for (int s = 0; s < g->nslots; s++)
        if (hs_card_price(g, s) >= 0 && hs_card_price(g, s) <= command_steam(g, seat))
            return 1;
    return 0;
}

static void test_hs_r_43_initiative_order_and_payment(void)
{
    struct hs_game *g = NULL;
    struct rules_error err;
    json_t *events = json_array();
    char buy[64];
    int cmd, dear;

    /* a deal whose dearest card costs more than seat 0's command steam
     * after the Steam phase, and seat 1 able to buy once seat 0 passed */
    for (int k = 1; k < 400; k = dealt_seed + 1) {
        free(g);
        g = new_game(k);
        if (hs_card_price(g, dearest(g)) > command_steam(g, 0) && affords(g, 1))
            break;
    }
    CHECK_EQ_INT(hs_buy_seats(g), 1u);
    CHECK_EQ_INT(play(g, 1, "{\"type\": \"buy\", \"slot\": 5}", events, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_turn");
    cmd = command_steam(g, 0);
    dear = dearest(g);
    CHECK(hs_card_price(g, dear) > cmd);
    {
        int before = g->slot[dear];

        snprintf(buy, sizeof buy, "{\"type\": \"buy\", \"slot\": %d}", dear);
        CHECK_EQ_INT(play(g, 0, buy, events, &err), -1);
        CHECK_EQ_STR(err.code, "not_enough_steam");
        CHECK_EQ_INT(command_steam(g, 0), cmd);
        CHECK_EQ_INT(g->slot[dear], before);
        CHECK(ok(play(g, 0, "{\"type\": \"pass\"}", events, &err), &err));
        CHECK_EQ_INT(hs_buy_seats(g), 2u);
        CHECK_EQ_INT(g->turn_team, 1);
        CHECK_EQ_INT(play(g, 0, "{\"type\": \"pass\"}", events, &err), -1);
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
    CHECK(pass_phase(g, events));
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
 * then every player draws 1. HS-R-90: each step goes to every player
 * before the next, and nobody buys meanwhile. */
/* Both reserves hold the 2 steam Battle Intensity places: the boiler's
 * refill in the Steam phase takes from them, so in practice this is round
 * 1, with Battle Intensity dealt on top of the deck. */
static int reserves_of_2(const struct hs_game *g)
{
    return g->titan[0].cubes.reserve >= 2 && g->titan[1].cubes.reserve >= 2;
}

static void test_event_battle_intensity(void)
{
    struct rules_error err;
    json_t *events = json_array();
    struct hs_game *g = game_before(1, "battle_intensity", reserves_of_2, events);
    int hand[2], res[2], order[HS_MAX_PLAYERS], bi = -1;

    if (!CHECK(g != NULL))
        goto out;
    bi = g->deck[0];
    hs_seat_order(g, order);
    hand[0] = hs_hand_size(g, 0);
    hand[1] = hs_hand_size(g, 1);
    res[0] = g->titan[0].cubes.reserve;
    res[1] = g->titan[1].cubes.reserve;
    /* the track slides when the last seat has passed: the refill draws it */
    while (g->ask == HS_ASK_BUY)
        if (!CHECK(play_ok(g, "{\"type\": \"pass\"}", events)))
            goto out;
    /* all are dealt 2 at once; then the steam: initiative order */
    CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
    CHECK_EQ_INT(g->ask_seat, order[0]);
    CHECK_EQ_INT(g->event_pending, 1);
    CHECK_EQ_INT(g->event, bi);
    CHECK_EQ_INT(g->zone[bi], HS_Z_EVENTS_DONE);
    CHECK_EQ_INT(hs_hand_size(g, 0), hand[0] + 2);
    CHECK_EQ_INT(hs_hand_size(g, 1), hand[1] + 2);
    CHECK(zones_ok(g));
    /* nobody else may act meanwhile */
    CHECK_EQ_INT(hs_buy_seats(g), 0u);
    CHECK_EQ_INT(play(g, order[1], "{\"type\": \"event\", \"choice\": {}}", events, &err), -1);
    /* a wrong count of squares is refused */
    CHECK_EQ_INT(play(g, order[0], "{\"type\": \"event\", \"choice\": {\"steam\": []}}",
                      events, &err), -1);
    CHECK_EQ_STR(err.code, "choose_steam");
    CHECK(answer_event(g, events));
    CHECK_EQ_INT(g->titan[order[0]].cubes.reserve, res[order[0]] - 2);
    CHECK_EQ_INT(g->ask_seat, order[1]);
    CHECK(answer_event(g, events));
    CHECK_EQ_INT(g->titan[order[1]].cubes.reserve, res[order[1]] - 2);
    /* the damage cube, bypassing shields: initiative order again */
    CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
    CHECK_EQ_INT(g->ask_seat, order[0]);
    {
        struct hs_census c0, c1;

        hs_titan_census(&g->titan[order[0]].cubes, &c0);
        CHECK(answer_event(g, events));
        hs_titan_census(&g->titan[order[0]].cubes, &c1);
        CHECK_EQ_INT(c1.damage, c0.damage + 1);
        CHECK_EQ_INT(c1.shield, c0.shield);
    }
    CHECK_EQ_INT(g->ask_seat, order[1]);
    while (g->phase == HS_PH_CARDS && g->ask == HS_ASK_EVENT)
        CHECK(answer_event(g, events));
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
 * and somewhere to go lists where; an answer naming one of those is
 * accepted, the same pick without it refused. Tried on copies of g, with
 * copies of the stream. Returns how many such squares were listed.
 */
static int displacement_listed(const struct hs_game *g, int seat)
{
    json_t *o = hs_event_options(g, seat), *d;
    struct hs_game *c = malloc(sizeof *c);
    struct rules_error err;
    size_t i;
    int n = 0;

    json_array_foreach(json_object_get(o, "damage"), i, d) {
        const json_t *to = json_object_get(d, "to"), *w;
        json_t *bare, *full;
        struct rng r = R;

        /* a titan full of steam may leave it nowhere to go */
        if (!json_is_true(json_object_get(d, "steam")) || !json_array_size(to))
            continue;
        n++;
        w = json_array_get(to, json_array_size(to) - 1);
        bare = json_pack("{s:s, s:{s:[{s:O, s:O}]}}", "type", "event", "choice", "damage",
                         "station", json_object_get(d, "station"), "square",
                         json_object_get(d, "square"));
        full = json_pack("{s:s, s:{s:[{s:O, s:O, s:O, s:O}]}}", "type", "event", "choice",
                         "damage", "station", json_object_get(d, "station"), "square",
                         json_object_get(d, "square"), "to_station",
                         json_object_get(w, "station"), "to_square",
                         json_object_get(w, "square"));
        *c = *g;
        CHECK_EQ_INT(hs_round_apply(c, seat, bare, &r, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "bad_steam_displacement");
        CHECK(ok(hs_round_apply(c, seat, full, &r, NULL, &err), &err));
        json_decref(bare);
        json_decref(full);
    }
    free(c);
    json_decref(o);
    return n;
}

/* The Barrage drawn by the passes of g's Cards phase, each question
 * answered; how many damage squares with steam under them were listed. */
static int barrage_in(struct hs_game *g, json_t *events)
{
    int steam_squares = 0, order[HS_MAX_PLAYERS];

    hs_seat_order(g, order);
    while (g->ask == HS_ASK_BUY)
        if (!CHECK(play_ok(g, "{\"type\": \"pass\"}", events)))
            return 0;
    for (int k = 0; k < 2; k++) {
        json_t *e, *hit = NULL;
        size_t i;
        struct hs_census before, after;
        int past, seat = order[k];

        json_array_foreach(events, i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "hit_rolled") == 0 &&
                json_integer_value(json_object_get(e, "seat")) == seat)
                hit = e;
        if (!CHECK(hit != NULL))
            break;
        past = (int)json_integer_value(json_object_get(hit, "past_shields"));
        CHECK(past >= 0 && past <= 2);
        hs_titan_census(&g->titan[seat].cubes, &before);
        for (int n = 0; n < past; n++) {
            CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
            CHECK_EQ_INT(g->ask_seat, seat);
            steam_squares += displacement_listed(g, seat);
            CHECK(answer_event(g, events));
        }
        hs_titan_census(&g->titan[seat].cubes, &after);
        CHECK_EQ_INT(after.damage, before.damage + past);
        CHECK_EQ_INT(g->titan[seat].cubes.nowed, 0);
    }
    while (g->phase == HS_PH_CARDS && g->ask == HS_ASK_EVENT)
        CHECK(answer_event(g, events));
    CHECK(zones_ok(g));
    return steam_squares;
}

/* Seeds are tried until a hit lands where steam is. */
static void test_event_barrage(void)
{
    json_t *events = json_array();
    int steam_squares = 0;

    for (int k = 1; k < 400 && !steam_squares; k = dealt_seed + 1) {
        struct hs_game *g = game_before(k, "barrage", NULL, events);

        if (!CHECK(g != NULL))
            break;
        json_array_clear(events);
        steam_squares = barrage_in(g, events);
        free(g);
    }
    CHECK(steam_squares > 0);
    json_decref(events);
}

/* HS-R-44: an event drawn after a purchase fires at once, its slot is
 * filled again, every player draws 1, and the buyer's team goes on
 * buying. */
/* The seat asked to buy keeps 1 command steam after its buy (for the
 * Enemy in Sight sliding onto +0). */
static int buyer_keeps_buying(const struct hs_game *g)
{
    return command_steam(g, g->ask_seat) >= 2;
}

static void test_hs_r_44_event_after_a_purchase(void)
{
    json_t *events = json_array();
    struct hs_game *g = game_before(1, "heat_wave", buyer_keeps_buying, events);
    int hand[2], heat, slot, b;
    char buy[64];
    struct hs_census c;

    if (!CHECK(g != NULL))
        goto out;
    b = g->ask_seat;
    json_array_clear(events);
    hs_titan_census(&g->titan[1 - b].cubes, &c);
    heat = c.pressure_heat;
    hand[0] = hs_hand_size(g, 0);
    hand[1] = hs_hand_size(g, 1);
    /* the first card the buyer can pay for, from the right */
    for (slot = g->nslots - 1; slot >= 0; slot--)
        if (hs_card_price(g, slot) >= 0 && hs_card_price(g, slot) <= command_steam(g, b))
            break;
    if (!CHECK(slot >= 0))
        goto out;
    snprintf(buy, sizeof buy, "{\"type\": \"buy\", \"slot\": %d}", slot);
    CHECK(play_ok(g, buy, events));
    CHECK(card_event(events, "event_drawn", "heat_wave"));
    hs_titan_census(&g->titan[1 - b].cubes, &c);
    CHECK_EQ_INT(c.pressure_heat, heat + 2);
    for (int s = 0; s < g->nslots; s++)
        CHECK(g->slot[s] >= 0);
    /* the card bought, then 1 each after the event */
    CHECK_EQ_INT(hs_hand_size(g, b), hand[b] + 2);
    CHECK_EQ_INT(hs_hand_size(g, 1 - b), hand[1 - b] + 1);
    CHECK_EQ_INT(hs_buy_seats(g), 1u << b);
    CHECK_EQ_INT(g->ask_seat, b);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

/* Whether card c is an event none of whose steps draws a card. */
static int event_without_draw(const struct hs_game *g, int c)
{
    const struct hs_battle_card *b = &hs_catalog_get()->battle[g->card[c]];

    if (b->kind != HS_K_EVENT)
        return 0;
    for (int i = 0; i < b->effect.nsteps; i++)
        if (b->effect.step[i].op == HS_OP_DRAW)
            return 0;
    return 1;
}

/* The deck's top two cards are such events. */
static int two_events_on_top(const struct hs_game *g)
{
    return g->ndeck >= 3 && event_without_draw(g, g->deck[0]) &&
           event_without_draw(g, g->deck[1]);
}

/* HS-R-91: two events drawn in one refill of the track: each fires, and
 * then every player draws 1 card for each, 2 in all. Nobody buys, so the
 * refill after the slide draws both; seeds are tried until they top the
 * deck then. */
static void test_hs_r_91_one_draw_per_event(void)
{
    json_t *events = json_array();
    struct hs_game *g = NULL;
    int hand[2], first, second;

    for (int k = 1; k < 20000; k = dealt_seed + 1) {
        free(g);
        if (!(g = game_dealt(k, &(struct deal){.also = two_events_on_top})) ||
            two_events_on_top(g))
            break;
    }
    if (!CHECK(g != NULL && two_events_on_top(g)))
        goto out;
    hand[0] = hs_hand_size(g, 0);
    hand[1] = hs_hand_size(g, 1);
    first = g->deck[0];
    second = g->deck[1];
    CHECK(pass_phase(g, events));
    CHECK_EQ_INT(g->zone[first], HS_Z_EVENTS_DONE);
    CHECK_EQ_INT(g->zone[second], HS_Z_EVENTS_DONE);
    CHECK_EQ_INT(hs_hand_size(g, 0), hand[0] + 2);
    CHECK_EQ_INT(hs_hand_size(g, 1), hand[1] + 2);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

/* engine.h: the cards drawn are named only in events for the drawer (the
 * draws every player makes after an event). */
static void test_draws_are_private(void)
{
    struct hs_game *g = new_game(5);
    json_t *events = json_array(), *e;
    size_t i;
    int seen[2] = {0, 0};

    for (int guard = 0; guard < 60 && !has_event(events, "drawn"); guard++)
        if (!all_pass(g, events))
            break;
    json_array_foreach(events, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        const json_t *to = json_object_get(e, "to");
        int seat = (int)json_integer_value(json_object_get(e, "seat"));

        if (strcmp(type, "draw") == 0)
            CHECK(!json_object_get(e, "cards") && !json_object_get(e, "card"));
        if (strcmp(type, "drawn") != 0)
            continue;
        CHECK(json_is_array(to) && json_array_size(to) == 1 &&
              json_integer_value(json_array_get(to, 0)) == seat);
        if (seat >= 0 && seat < 2)
            seen[seat]++;
    }
    CHECK(seen[0] >= 1 && seen[0] == seen[1]);
    CHECK(has_event(events, "draw"));
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

    while (!has_event(events, "deck_reshuffled") && guard++ < 80)
        if (!all_pass(g, events))
            break;
    CHECK(has_event(events, "deck_reshuffled"));
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
 * play with its unit within 1 sector of the titan; HS-R-16: a support
 * unit moves with a titan that moved, a mobile cannon up to 2 sectors, in
 * the answer that ends its move (HS-R-113). */
static void test_hs_r_12_one_card_a_phase(void)
{
    struct hs_game *g = game_dealt(1, &(struct deal){.hand0 = {"infantry_support",
                                                                "cannon_support"}});
    struct rules_error err;
    json_t *events = json_array();
    int inf = hand_copy(g, 0, "infantry_support"), can = hand_copy(g, 0, "cannon_support");
    const char *far = "{\"type\": \"card\", \"card\": \"infantry_support\", "
                      "\"choice\": {\"sector\": 2}}";
    const char *near = "{\"type\": \"card\", \"card\": \"%s\", \"choice\": {\"sector\": 1}}";
    char text[128];

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
    CHECK_EQ_INT(play(g, 0, far, events, &err), -1);
    CHECK_EQ_STR(err.code, "bad_sector");
    CHECK_EQ_INT(g->zone[inf], HS_Z_HAND);
    CHECK_EQ_INT(g->nunits, 0);
    snprintf(text, sizeof text, near, "infantry_support");
    CHECK(play_ok(g, text, events));
    CHECK_EQ_INT(g->zone[inf], HS_Z_IN_PLAY);
    CHECK_EQ_INT(g->nunits, 1);
    CHECK_EQ_INT(g->unit[0].sector, 1);
    CHECK_EQ_INT(g->unit[0].card, g->card[inf]);
    /* the same question is asked again: the second card is refused */
    CHECK_EQ_INT(g->ask, HS_ASK_BUY);
    snprintf(text, sizeof text, near, "cannon_support");
    CHECK_EQ_INT(play(g, 0, text, events, &err), -1);
    CHECK_EQ_STR(err.code, "one_card_a_phase");
    {
        json_t *none = hs_cards_playable(g, 0, HS_TIME_TURN);

        CHECK_EQ_INT((int)json_array_size(none), 0);
        json_decref(none);
    }
    /* a later phase: the next question of seat 0's that lists it */
    if (!CHECK(reach_listed(g, 0, HS_PH_NONE, "card", "cannon_support", events)))
        goto out;
    CHECK(g->phase != HS_PH_CARDS || g->round > 1);
    CHECK(play_ok(g, text, events));
    CHECK_EQ_INT(g->unit[1].sector, 1);
    CHECK(zones_ok(g));
    {
        /* a Move phase: the titan pays 1 sector, then its cannon follows */
        char to[64];

        if (!CHECK(reach_listed(g, 0, HS_PH_MOVE, "move", NULL, events)))
            goto out;
        snprintf(to, sizeof to, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
                 g->titan[0].sector + 1);
        CHECK(play_ok(g, to, events));
        CHECK_EQ_INT(g->ask, HS_ASK_AFTER_MOVE);
        CHECK_EQ_INT(play(g, 0, "{\"type\": \"done\", \"cannon\": {\"unit\": 0, "
                                "\"sector\": 2}}", events, &err), -1);
        CHECK_EQ_STR(err.code, "bad_unit");
        CHECK_EQ_INT(play(g, 0, "{\"type\": \"done\", \"cannon\": {\"unit\": 1, "
                                "\"sector\": 4}}", events, &err), -1);
        CHECK_EQ_STR(err.code, "too_far");
        CHECK(play_ok(g, "{\"type\": \"done\", \"cannon\": {\"unit\": 1, \"sector\": 3}}",
                      events));
        CHECK_EQ_INT(g->unit[1].sector, 3);
    }
out:
    json_decref(events);
    free(g);
}

/* When to Play Battle Cards, HS-AMB-22: a phase icon limits a card to its
 * phase; only in the seat's own turn; an event in a hand is dead; a
 * played card goes to the discard pile after its effect. Seat 0 is asked
 * to buy and tries its move; seat 1, not asked, is read through
 * hs_card_playable. */
static void test_play_phase_icon_and_moment(void)
{
    struct hs_game *g = game_dealt(1, &(struct deal){.hand0 = {"signal_relay"},
                                                     .hand1 = {"woods", "infantry_support"}});
    struct rules_error err;
    json_t *events = json_array();
    int relay = hand_copy(g, 0, "signal_relay"), woods = hand_copy(g, 1, "woods");
    int inf = hand_copy(g, 1, "infantry_support");

    if (!CHECK(relay >= 0 && woods >= 0 && inf >= 0))
        goto out;
    CHECK_EQ_INT(play(g, 0, "{\"type\": \"card\", \"card\": \"signal_relay\"}", events, &err),
                 -1);
    CHECK_EQ_STR(err.code, "wrong_phase");
    CHECK_EQ_INT(hs_card_playable(g, 1, woods, HS_TIME_TURN, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_phase");
    /* seat 1's team is not buying now */
    CHECK_EQ_INT(hs_card_playable(g, 1, inf, HS_TIME_TURN, &err), -1);
    CHECK_EQ_STR(err.code, "not_your_moment");
    CHECK_EQ_INT(hs_card_playable(g, 1, inf, HS_TIME_ATTACKED, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_moment");
    CHECK_EQ_INT(hs_card_playable(g, 1, relay, HS_TIME_TURN, &err), -1);
    CHECK_EQ_STR(err.code, "not_in_hand");
    CHECK_EQ_INT(g->p[1].played_phase, 0);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}


/* An event two cards below another in the deck: once the first has fired
 * and the track is filled again, the draws after it take the second. */
static int events_two_apart(const struct hs_game *g)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int i = 0; i + 2 < g->ndeck; i++)
        if (cat->battle[g->card[g->deck[i]]].kind == HS_K_EVENT &&
            cat->battle[g->card[g->deck[i + 1]]].kind != HS_K_EVENT &&
            cat->battle[g->card[g->deck[i + 2]]].kind == HS_K_EVENT)
            return 1;
    return 0;
}

/* An event in seat 0's hand after Cards phases passed, or -1. */
static int dead_event_of_0(struct hs_game *g, json_t *events)
{
    for (int guard = 0; guard < 40 && all_pass(g, events); guard++)
        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND && g->holder[c] == 0 &&
                hs_catalog_get()->battle[g->card[c]].kind == HS_K_EVENT)
                return c;
    return -1;
}

/* Event Cards: an event drawn into a hand has no effect and cannot be
 * played in any way. Seeds are tried until a draw puts one in seat 0's
 * hand. */
static void test_event_in_hand_is_dead(void)
{
    struct hs_game *g = NULL;
    struct rules_error err;
    json_t *events = json_array();
    int ev = -1;
    char text[96];

    for (int k = 1; k < 2000 && ev < 0; k = dealt_seed + 1) {
        free(g);
        if (!(g = game_dealt(k, &(struct deal){.also = events_two_apart})))
            break;
        ev = dead_event_of_0(g, events);
    }
    if (CHECK(ev >= 0) && CHECK(reach_listed(g, 0, HS_PH_CARDS, "pass", NULL, events))) {
        CHECK_EQ_INT(g->holder[ev], 0);
        json_array_clear(events);
        snprintf(text, sizeof text, "{\"type\": \"card\", \"card\": \"%s\"}", id_of(g, ev));
        CHECK_EQ_INT(play(g, 0, text, events, &err), -1);
        CHECK_EQ_STR(err.code, "dead_event");
        CHECK_EQ_INT(g->event_pending, 0);
        CHECK(!has_event(events, "event_drawn"));
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
    while (!card_event(events, "event_drawn", "smoke") && guard++ < 60)
        if (!all_pass(g, events))
            break;
    CHECK(card_event(events, "event_drawn", "smoke"));
    CHECK(has_event(events, "smoke_placed"));
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
    struct hs_game *g = game_dealt(1, &(struct deal){.hand0 = {"maneuver", "woods"}});
    struct rules_error err;
    json_t *events = json_array();
    int man = hand_copy(g, 0, "maneuver"), woods = hand_copy(g, 0, "woods");
    struct hs_mods m = {0};

    if (!CHECK(man >= 0 && woods >= 0))
        goto out;
    /* in the Cards phase: Woods alone has the Move icon, Maneuver none */
    CHECK_EQ_INT(play(g, 0, "{\"type\": \"card\", \"card\": \"woods\"}", events, &err), -1);
    CHECK_EQ_STR(err.code, "wrong_phase");
    CHECK(play_ok(g, "{\"type\": \"card\", \"card\": \"maneuver\", "
                     "\"choice\": {\"terrain\": \"woods\"}}", events));
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
    RUN(test_hs_r_91_one_draw_per_event);
    RUN(test_draws_are_private);
    RUN(test_hs_r_45_reshuffle);
    RUN(test_hs_r_12_one_card_a_phase);
    RUN(test_play_phase_icon_and_moment);
    RUN(test_event_in_hand_is_dead);
    RUN(test_hs_data_13_smoke_event);
    RUN(test_hs_data_08_maneuver);
    return check_summary();
}
