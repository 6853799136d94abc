/*
 * test_heavysteam_card_cubes.c - the battle cards whose effects take or
 * give cubes of the stocks (RULINGS.md "The effect vocabulary": reserve,
 * repair, shield, release): the events Supply Column, Cold Rain and Field
 * Workshop drawn while the players pass, and the cards Field Repairs,
 * Rivet Gang, Patch and Pray and Emergency Baffles played from a hand,
 * every game from the real setup and every position reached by moves
 * (heavysteam_cards_fixture.h). Damage comes onto a titan from real
 * attacks or from an event that deals it.
 */
#include "heavysteam_cards_fixture.h"
#include "heavysteam/round.h"

/* Every cube of the game where the board's stocks say (HS-DATA-16);
 * hs_round_apply leaves the game settled. */
static void check_cubes(const struct hs_game *g)
{
    int total[HS_STOCKS];

    hs_game_count_cubes(g, total);
    for (int k = 0; k < HS_STOCKS; k++)
        CHECK_EQ_INT(total[k], hs_catalog_get()->board.stock[k]);
}

/* Passes phase after phase until event id is drawn; its events in out. */
static int pass_until(struct hs_game *g, const char *id, json_t *out)
{
    for (int guard = 0; guard < 60 && !card_event(out, "event_drawn", id); guard++)
        if (!all_pass(g, out))
            break;
    return CHECK(card_event(out, "event_drawn", id));
}

/* Supply Column: every player adds 3 steam cubes from the stock to his
 * power reserve. */
static void test_event_supply_column(void)
{
    struct hs_game *g = game_with("supply_column", 0);
    json_t *events = json_array(), *e;
    size_t i;

    if (g && pass_until(g, "supply_column", events)) {
        CHECK_EQ_INT(count_event(events, "reserve_added"), 2);
        json_array_foreach(events, i, e)
            if (!strcmp(json_string_value(json_object_get(e, "type")), "reserve_added"))
                CHECK_EQ_INT((int)json_integer_value(json_object_get(e, "cubes")), 3);
        check_cubes(g);
        CHECK(zones_ok(g));
    }
    json_decref(events);
    free(g);
}

/* Cold Rain: every steam titan releases 2 cubes of boiler pressure, now
 * (HS-R-51's last in first out, outside the Pressure phase). The boxes
 * fill as the players play: their flows go onto red squares first
 * (heat_bias), the heat the Pressure phase does not release stays; seeds
 * are tried until both hold 2 cubes when Cold Rain is drawn. */
static void test_event_cold_rain(void)
{
    json_t *events = json_array(), *e;
    struct hs_game *g = NULL, *before = malloc(sizeof *before);
    size_t i;
    int found = 0;

    heat_bias = 1;
    for (int k = 1; k < 600 && !found; k = dealt_seed + 1) {
        free(g);
        if (!(g = game_dealt(k, &(struct deal){.event = {"cold_rain"}})))
            break;
        json_array_clear(events);
        found = play_to_event(g, "cold_rain", before, events) &&
                before->titan[0].cubes.npressure >= 2 && before->titan[1].cubes.npressure >= 2;
    }
    heat_bias = 0;
    if (CHECK(found)) {
        CHECK_EQ_INT(count_event(events, "pressure_popped"), 2);
        json_array_foreach(events, i, e)
            if (!strcmp(json_string_value(json_object_get(e, "type")), "pressure_popped"))
                CHECK_EQ_INT((int)(json_integer_value(json_object_get(e, "steam")) +
                                   json_integer_value(json_object_get(e, "heat"))), 2);
        check_cubes(g);
    }
    json_decref(events);
    free(before);
    free(g);
}

/* Field Workshop: every player removes 1 damage cube from his steam
 * titan, choosing which (an event's question, HS_ASK_EVENT). The damage
 * is Battle Intensity's, the event drawn before it: 1 cube on each. */
static void test_event_field_workshop(void)
{
    struct hs_game *g = game_dealt(1, &(struct deal){.event = {"battle_intensity",
                                                                "field_workshop"}});
    json_t *events = json_array();

    if (g && pass_until(g, "field_workshop", events)) {
        CHECK(card_event(events, "event_drawn", "battle_intensity"));
        CHECK_EQ_INT(count_event(events, "damage_repaired"), 2);
        check_cubes(g);
        CHECK(zones_ok(g));
    }
    json_decref(events);
    free(g);
}

/* The listed options of card c for seat now, answered as fill_choice
 * answers an event's (the first squares or locations); NULL when c is
 * not listed. */
static json_t *first_choice(const struct hs_game *g, int seat, int c,
                            enum hs_timing moment)
{
    json_t *list = hs_cards_playable(g, seat, moment), *e, *o, *choice = NULL;
    size_t i, j;

    json_array_foreach(list, i, e) {
        if (json_integer_value(json_object_get(e, "card")) != c)
            continue;
        choice = json_object();
        json_array_foreach(json_object_get(e, "options"), j, o) {
            json_t *one = fill_choice(o);

            json_object_update(choice, one);
            json_decref(one);
        }
    }
    json_decref(list);
    return choice;
}

/* Seat 0 buys the cheapest card and is asked again, the card id still
 * listed. */
static int bought_and_asked(struct hs_game *g, const char *id, json_t *events)
{
    json_t *again;
    int cheapest = -1;

    for (int k = 0; k < g->nslots; k++)
        if (hs_card_price(g, k) >= 0 && hs_card_price(g, k) <= command_steam(g, 0) &&
            (cheapest < 0 || hs_card_price(g, k) < hs_card_price(g, cheapest)))
            cheapest = k;
    if (cheapest < 0 ||
        !apply_new(g, json_pack("{s:s, s:i}", "type", "buy", "slot", cheapest), events) ||
        g->ask_seat != 0)
        return 0;
    again = listed(g, 0, "card", id);
    json_decref(again);
    return again != NULL;
}

/* Field Repairs (Steam Allocation), Rivet Gang and Patch and Pray (any
 * phase): the damage cubes chosen are removed and nothing is paid to the
 * repair station; Patch and Pray also places 1 steam from the reserve.
 * The damage is n cubes or more from seat 1's attacks; the card is
 * played at seat 0's first question of the phase that lists it, after a
 * buy when buy_first (the reserve, empty once the Steam phase refilled
 * the boiler, takes the price). HS-R-47: the effect at once, then the
 * card to the discard pile. HS-R-124: a move of its own, offered with the
 * question, which is asked again after it. */
static void play_repair(const char *id, enum hs_phase phase, int n, int steam, int buy_first)
{
    json_t *events = json_array(), *choice, *m;
    int c, dmg, pressure, reserve, ask;
    struct hs_game *g = NULL;
    const struct hs_titan *t;

    /* seeds on until the attacks leave both titans standing */
    for (int k = 11, found = 0; !found; k = dealt_seed + 1) {
        free(g);
        g = NULL;
        if (!CHECK(k < 400) || !(g = game_dealt(k, &(struct deal){.hand0 = {id}})))
            goto out;
        found = batter(g, 1, 0, n, events) && reach_listed(g, 0, phase, "card", id, events) &&
                (!buy_first || bought_and_asked(g, id, events));
    }
    c = hand_copy(g, 0, id);
    t = &g->titan[0].cubes;
    dmg = damage_of(g, 0);
    pressure = t->npressure;
    reserve = t->reserve;
    CHECK(reserve >= steam);
    choice = first_choice(g, 0, c, HS_TIME_TURN);
    if (!CHECK(choice != NULL))
        goto out;
    CHECK_EQ_INT((int)json_array_size(json_object_get(choice, "repair")), n);
    m = json_pack("{s:s, s:s, s:o}", "type", "card", "card", id, "choice", choice);
    ask = g->ask;
    CHECK(apply_new(g, m, events));
    CHECK_EQ_INT(g->ask, ask);
    CHECK_EQ_INT(g->ask_seat, 0);
    CHECK_EQ_INT(damage_of(g, 0), dmg - n);
    CHECK_EQ_INT(t->npressure, pressure);
    CHECK_EQ_INT(t->reserve, reserve - steam);
    CHECK_EQ_INT(g->zone[c], HS_Z_DISCARD);
    check_cubes(g);
    CHECK(zones_ok(g));
out:
    json_decref(events);
    free(g);
}

static void test_card_field_repairs(void)
{
    play_repair("field_repairs", HS_PH_STEAM, 2, 0, 0);
}

static void test_card_rivet_gang(void)
{
    play_repair("rivet_gang", HS_PH_CARDS, 3, 0, 0);
}

static void test_card_patch_and_pray(void)
{
    play_repair("patch_and_pray", HS_PH_CARDS, 1, 1, 1);
}

/* A steam flow's shape filled: white squares (vents last), then red. */
static json_t *flow_of(const json_t *shape)
{
    const char *const col[] = {"white", "white", "red"};
    int left = (int)json_integer_value(json_object_get(shape, "cubes"));
    json_t *m = json_pack("{s:s, s:{}, s:{}}", "type", "flow", "white", "red");
    const char *key;
    json_t *v;

    for (int pass = 0; pass < 3; pass++)
        json_object_foreach(json_object_get(shape, col[pass]), key, v) {
            int max = (int)json_integer_value(json_object_get(v, "max"));
            int k = max < left ? max : left;
            json_t *to = json_object_get(m, col[pass]);

            if (pass < 2 && json_is_true(json_object_get(v, "vent")) != pass)
                continue;
            if (k > 0) {
                json_object_set_new(to, key, json_integer(
                    k + (int)json_integer_value(json_object_get(to, key))));
                left -= k;
            }
        }
    return m;
}

/* Plays g's round by its listings until seat 1's titan attacks seat 0's
 * and seat 0 is asked to evade: seat 1 declares the first attack on seat
 * 0 it is offered, every other question takes a plain move of the
 * listing picked by a fixed sequence, no card played. 1 when asked. */
static int reach_attack_on_0(struct hs_game *g, unsigned k)
{
    for (int guard = 0; guard < 1500 && g->stage == HS_STAGE_ROUND; guard++) {
        json_t *list = hs_round_moves(g, g->ask_seat), *e, *m = NULL, *plain = json_array();
        struct rules_error err;
        size_t i;
        int rc;

        if (g->ask == HS_ASK_EVADE && g->ask_seat == 0) {
            json_decref(plain);
            json_decref(list);
            return 1;
        }
        json_array_foreach(json_object_get(list, "moves"), i, e) {
            const char *type = json_string_value(json_object_get(e, "type"));

            if (strcmp(json_string_value(json_object_get(e, "form")), "move") != 0 ||
                json_object_get(e, "battle_card") || strcmp(type, "card") == 0)
                continue;
            if (!m && g->ask_seat == 1 && strcmp(type, "attack") == 0 &&
                json_integer_value(json_object_get(e, "target")) == 0 &&
                json_object_get(e, "target"))
                m = e;
            json_array_append(plain, e);
        }
        k = k * 1103515245u + 12345u;
        if (!m && json_array_size(plain))
            m = json_array_get(plain, (k >> 16) % (json_array_size(plain) ? json_array_size(plain) : 1));
        if (!m && g->ask != HS_ASK_FLOW) {
            json_decref(plain);
            json_decref(list);
            return 0;
        }
        if (!m && g->ask == HS_ASK_FLOW)
            m = flow_of(json_array_get(json_object_get(list, "moves"), 0));
        else
            m = json_deep_copy(m);
        json_object_del(m, "form");
        rc = hs_round_apply(g, g->ask_seat, m, &R, NULL, &err);
        json_decref(m);
        json_decref(plain);
        json_decref(list);
        if (rc < 0)
            return 0;
    }
    return 0;
}

/* Emergency Baffles, when attacked before the roll: 2 shield cubes onto
 * empty blue squares of the player's shield stations, played through the
 * round as the answer to the evade question of a real attack (HS-R-95,
 * HS-R-123: with the evade, before the roll); not at another moment. */
static void test_card_emergency_baffles(void)
{
    struct rules_error err;
    json_t *events = json_array(), *choice = NULL, *m, *list, *e;
    struct hs_census before, after;
    int c = -1, listed = 0, shields;
    size_t i;
    struct hs_game *g = NULL;

    /* a deal that gives seat 0 the card */
    for (int k = 11; k < 400 && !g; k++) {
        g = new_round(k, NULL);
        c = hand_copy(g, 0, "emergency_baffles");
        if (c < 0 || !reach_attack_on_0(g, (unsigned)k) || g->zone[c] != HS_Z_HAND) {
            free(g);
            g = NULL;
        }
    }
    if (!CHECK(g != NULL))
        goto out;
    CHECK_EQ_INT(hs_card_playable(g, 0, c, HS_TIME_TURN, &err), -1);
    CHECK_EQ_INT(g->phase, HS_PH_COMBAT);
    CHECK(g->attack.active && g->attack.attacker == 1 && g->attack.target_seat == 0);
    /* the evade question lists the card with its choice */
    list = hs_round_moves(g, 0);
    json_array_foreach(json_object_get(list, "moves"), i, e)
        listed += json_is_string(json_object_get(e, "battle_card")) &&
                  strcmp(json_string_value(json_object_get(e, "battle_card")),
                         hs_card_id(g, c)) == 0;
    json_decref(list);
    CHECK(listed > 0);
    hs_titan_census(&g->titan[0].cubes, &before);
    choice = first_choice(g, 0, c, HS_TIME_ATTACKED);
    if (!CHECK(choice != NULL))
        goto out;
    m = json_pack("{s:s, s:i, s:s, s:O}", "type", "evade", "board", 0, "battle_card",
                  hs_card_id(g, c),
                  "choice", choice);
    CHECK(ok(hs_round_apply(g, 0, m, &R, events, &err), &err));
    json_decref(m);
    CHECK_EQ_INT(g->zone[c], HS_Z_DISCARD);
    /* 2 shield cubes, before the attack roll */
    shields = 0;
    json_array_foreach(events, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));

        if (strcmp(type, "attack_roll") == 0)
            break;
        if (strcmp(type, "shield_added") == 0)
            shields += (int)json_integer_value(json_object_get(e, "cubes"));
    }
    CHECK_EQ_INT(shields, 2);
    CHECK_EQ_INT(count_event(events, "attack_roll"), 1);
    if (!g->attack.active)
        (void)after;
    hs_titan_census(&g->titan[0].cubes, &after);
    CHECK(after.shield <= before.shield + 2);
    check_cubes(g);
out:
    json_decref(choice);
    json_decref(events);
    free(g);
}

/* The square of the Dreadmoor's Longbore (seat 0's left slot) that is
 * volatile, -1 none; its station in *s. */
static int volatile_square(const struct hs_game *g, int *s)
{
    const struct hs_titan *t = &g->titan[g->p[0].titan].cubes;

    for (*s = 0; *s < t->board->nstations; (*s)++)
        if (strcmp(t->board->station[*s].id, "left_slot") == 0)
            for (int q = 0; q < t->nsquares[*s]; q++)
                if (t->square[*s][q].volatile_n)
                    return q;
    return -1;
}

/*
 * HS-R-134: the cubes an event's damage leaves owed (Battle Intensity's
 * damage cube on the Longbore's volatile square, its roll failed) are
 * placed by the titan's owner in the same event, asked again before the
 * event goes on; the next player is asked once nothing is owed. Seeds
 * are tried until seat 0 places its cube first and the roll fails (below
 * the square's number, HS-R-30).
 */
static void test_hs_r_134_owed_cubes_placed_in_the_event(void)
{
    int failed = 0;

    for (int k = 1; k < 3000 && !failed; k = dealt_seed + 1) {
        json_t *events = json_array();
        struct hs_game *g = game_before(k, "battle_intensity", NULL, events);
        const struct hs_titan *t;
        int order[HS_MAX_PLAYERS], s, q, step;
        char text[160];

        if (!CHECK(g != NULL)) {
            json_decref(events);
            return;
        }
        t = &g->titan[g->p[0].titan].cubes;
        while (g->ask == HS_ASK_BUY && play_ok(g, "{\"type\": \"pass\"}", events))
            ;
        /* Battle Intensity's steam, then its damage cube, seat 0 first */
        while (g->ask == HS_ASK_EVENT && g->event_step < 2 && answer_event(g, events))
            ;
        hs_seat_order(g, order);
        q = volatile_square(g, &s);
        if (g->ask != HS_ASK_EVENT || g->ask_seat != 0 || order[0] != 0 || q < 0 ||
            t->cube[s][q] != HS_C_EMPTY) {
            json_decref(events);
            free(g);
            continue;
        }
        step = g->event_step;
        snprintf(text, sizeof text, "{\"type\": \"event\", \"choice\": {\"damage\": "
                                    "[{\"station\": \"left_slot\", \"square\": %d}]}}", q);
        json_array_clear(events);
        CHECK(play_ok(g, text, events));
        /* HS-R-30: the roll fails below the square's number */
        CHECK_EQ_INT(t->nowed > 0, json_integer_value(json_object_get(
                                       find_event(events, "volatile_roll"), "roll")) <
                                       t->square[s][q].volatile_n);
        if (t->nowed > 0 && !t->destroyed) {
            failed = 1;
            CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
            CHECK_EQ_INT(g->ask_seat, 0);
            CHECK_EQ_INT(g->event_step, step);
            CHECK(hs_event_options(g, 1) == NULL);
            while (t->nowed > 0 && !t->destroyed && g->ask_seat == 0 &&
                   CHECK(answer_event(g, events)))
                ;
            CHECK_EQ_INT(t->nowed, 0);
            if (!t->destroyed) {
                CHECK_EQ_INT(g->ask, HS_ASK_EVENT);
                CHECK_EQ_INT(g->ask_seat, 1);
                CHECK_EQ_INT(g->event_step, step);
            }
            check_cubes(g);
            CHECK(zones_ok(g));
        }
        json_decref(events);
        free(g);
    }
    CHECK(failed);
}

/* After this every event is played: none refuses a buy or a pass. */
static void test_every_event_is_played(void)
{
    const struct hs_catalog *cat = hs_catalog_get();

    for (int b = 0; b < cat->nbattle; b++)
        if (cat->battle[b].kind == HS_K_EVENT && !CHECK(hs_event_supported(&cat->battle[b])))
            fprintf(stderr, "  event %s not played\n", cat->battle[b].id);
    for (int k = 1; k < 40; k = dealt_seed + 1) {
        struct hs_game *g = new_game(k);
        json_t *events = json_array();

        for (int phase = 0; phase < 12; phase++)
            CHECK(all_pass(g, events));
        check_cubes(g);
        json_decref(events);
        free(g);
    }
}

int main(void)
{
    RUN(test_event_supply_column);
    RUN(test_event_cold_rain);
    RUN(test_event_field_workshop);
    RUN(test_card_field_repairs);
    RUN(test_card_rivet_gang);
    RUN(test_card_patch_and_pray);
    RUN(test_card_emergency_baffles);
    RUN(test_hs_r_134_owed_cubes_placed_in_the_event);
    RUN(test_every_event_is_played);
    return check_summary();
}
