/*
 * test_heavysteam_engine.c - Heavy Steam through the engine interface the
 * service uses (rules/engine.h): standing orders set at any time and
 * answering the questions they cover (HS-R-126), resignation (HS-R-127),
 * the timeout move of every question (HS-R-128), and what the move log
 * shows of secret moves.
 */
#include "heavysteam_round_fixture.h"

static const struct rules_engine *E;

/* Applies move (JSON text) for seat through the engine; 0 or -1. */
static int eng_play(json_t **state, int seat, const char *text, json_t **events,
                    struct rules_error *err)
{
    json_t *m = json_loads(text, 0, NULL);
    int rc = E->apply(state, seat, m, &R, events, err);

    json_decref(m);
    return rc;
}

/* A game of seed k played by random moves until seat is asked q. */
static struct hs_game *game_at(enum hs_ask q, int seat)
{
    for (int k = 1; k <= 80; k++) {
        struct hs_game *g = round_game(k, k % 2 ? NULL : "light");

        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            if (g->ask == q && g->ask_seat == seat)
                return g;
            if (random_move(g, NULL) < 0)
                break;
        }
        free(g);
    }
    return NULL;
}

/* HS-R-126: orders are set out of turn, shown to their seat only
 * (HS-R-109), and change nothing else; bad orders are refused and
 * change nothing. */
static void test_hs_r_126_orders_set_out_of_turn(void)
{
    struct hs_game *g = round_game(3, NULL);
    int idle = 1 - g->ask_seat;
    json_t *state = hs_game_dump(g), *before, *events = NULL, *v;
    struct rules_error err;
    struct rules_status st;

    CHECK_EQ_INT(E->status(state, &st), 0);
    CHECK(!(st.must_act & (1u << idle)));
    before = json_deep_copy(state);
    CHECK(ok(eng_play(&state, idle, "{\"type\": \"orders\", \"evade\": 3, \"damage\": "
                      "[\"shield\", \"vent\"], \"reroll\": [\"head\"]}", &events, &err), &err));
    CHECK_EQ_INT(count_event(events, "orders_set"), 1);
    CHECK_EQ_INT((int)json_integer_value(json_array_get(json_object_get(
                     json_array_get(events, 0), "to"), 0)), idle);
    /* who must act is unchanged */
    CHECK_EQ_INT(E->status(state, &st), 0);
    CHECK(!(st.must_act & (1u << idle)));
    /* its own view shows them; the other's and a spectator's do not */
    v = E->view(state, idle);
    CHECK_EQ_INT((int)json_integer_value(json_object_get(json_object_get(json_array_get(
                     json_object_get(v, "seats"), (size_t)idle), "orders"), "evade")), 3);
    json_decref(v);
    for (int k = 0; k < 2; k++) {
        int s = k == 0 ? -1 : 1 - idle;

        v = E->view(state, s);
        CHECK(json_object_get(json_array_get(json_object_get(v, "seats"), (size_t)idle),
                              "orders") == NULL);
        json_decref(v);
    }
    json_decref(events);
    events = NULL;
    /* refused: nothing changes */
    json_decref(before);
    before = json_deep_copy(state);
    {
        static const char *const bad[] = {
            "{\"type\": \"orders\"}", "{\"type\": \"orders\", \"evade\": 0}",
            "{\"type\": \"orders\", \"evade\": \"sometimes\"}",
            "{\"type\": \"orders\", \"damage\": [\"hull\"]}",
            "{\"type\": \"orders\", \"damage\": []}",
            "{\"type\": \"orders\", \"reroll\": [\"tail\"]}",
            "{\"type\": \"orders\", \"cards_when_attacked\": \"always\"}",
            "{\"type\": \"orders\", \"evade\": 2, \"colour\": 1}"};

        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            memset(&err, 0, sizeof err);
            CHECK_EQ_INT(eng_play(&state, idle, bad[i], &events, &err), -1);
            CHECK(strncmp(err.rule, "HS-R-126", 8) == 0);
            CHECK(json_equal(state, before));
            CHECK(events == NULL);
        }
    }
    json_decref(before);
    json_decref(state);
    free(g);
}

/* HS-R-126: orders set while the evade question is pending answer it at
 * once (an order_decided event), and the attack rolls on. */
static void test_hs_r_126_orders_answer_the_pending_question(void)
{
    struct hs_game *g = NULL;
    int defender = -1;

    for (int s = 0; s < 2 && !g; s++)
        if ((g = game_at(HS_ASK_EVADE, s)))
            defender = s;
    if (!CHECK(g != NULL))
        return;
    {
        json_t *state = hs_game_dump(g), *events = NULL;
        struct rules_error err;
        struct rules_status st;

        CHECK(ok(eng_play(&state, defender, "{\"type\": \"orders\", \"evade\": \"never\", "
                          "\"cards_when_attacked\": \"never\"}", &events, &err), &err));
        CHECK_EQ_INT(count_event(events, "order_decided"), 1);
        CHECK(count_event(events, "attack_roll") >= 1);
        CHECK_EQ_INT(E->status(state, &st), 0);
        /* the defender is not asked to evade again in this attack */
        if (st.must_act == (1u << defender)) {
            json_t *v = E->view(state, defender);

            CHECK(strcmp(json_string_value(json_object_get(json_object_get(v, "question"),
                                                           "ask")), "evade") != 0);
            json_decref(v);
        }
        json_decref(events);
        json_decref(state);
    }
    free(g);
}

/* HS-R-126: with orders for evading and damage, a defender is not asked
 * in the attacks that follow; the log says an order decided. */
static void test_hs_r_126_orders_decide_later_attacks(void)
{
    int decided = 0, asked = 0;

    for (int k = 1; k <= 5; k++) {
        struct hs_game *g = round_game(k, k % 2 ? NULL : "light");
        json_t *state = hs_game_dump(g);
        struct rules_error err;

        for (int s = 0; s < 2; s++) {
            json_t *events = NULL;

            CHECK(ok(eng_play(&state, s, "{\"type\": \"orders\", \"evade\": 2, "
                              "\"cards_when_attacked\": \"never\", \"damage\": [\"vent\", "
                              "\"boiler\"]}", &events, &err), &err));
            json_decref(events);
        }
        CHECK_EQ_INT(hs_game_load(g, state, &err), 0);
        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            json_t *events = json_array();

            asked += g->ask == HS_ASK_EVADE || g->ask == HS_ASK_DAMAGE;
            if (random_move(g, events) < 0) {
                json_decref(events);
                break;
            }
            decided += count_event(events, "order_decided");
            json_decref(events);
        }
        json_decref(state);
        free(g);
    }
    CHECK(decided > 0);
    CHECK_EQ_INT(asked, 0);
}

/* HS-R-127: a resignation ends the game; the other team wins. */
static void test_hs_r_127_resign(void)
{
    struct hs_game *g = round_game(5, NULL);
    json_t *state = hs_game_dump(g), *events = NULL;
    struct rules_error err;
    struct rules_status st;

    CHECK(ok(E->resign(&state, 0, &events, &err), &err));
    CHECK_EQ_INT(E->status(state, &st), 0);
    CHECK(st.finished);
    CHECK_EQ_INT((int)st.winners, 2);
    CHECK_EQ_INT((int)st.must_act, 0);
    json_decref(events);
    events = NULL;
    CHECK_EQ_INT(E->resign(&state, 1, &events, &err), -1);
    CHECK_EQ_STR(err.code, "game_over");
    json_decref(state);
    free(g);
    /* at every question of a few games: a mid-flow or mid-event state too */
    for (int k = 1; k <= 2; k++) {
        g = round_game(k, k % 2 ? NULL : "light");
        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            state = hs_game_dump(g);
            events = NULL;
            if (!CHECK(E->resign(&state, step % 2, &events, &err) == 0) ||
                !CHECK(E->status(state, &st) == 0 && st.finished &&
                       st.winners == 1u << (1 - step % 2)))
                fprintf(stderr, "  resigning at %s failed\n", hs_ask_name(g->ask));
            json_decref(events);
            json_decref(state);
            if (random_move(g, NULL) < 0)
                break;
        }
        free(g);
    }
}

/* HS-R-128: at every question of many random games (and the pilots),
 * the timeout move is one the rules accept. */
static void test_hs_r_128_timeout_move_at_every_question(void)
{
    int seen[32] = {0}, tried = 0;

    {
        json_t *state = NULL, *events = NULL;
        struct rules_error err;

        CHECK(ok(E->setup(NULL, 2, &R, &state, &events, &err), &err));
        json_decref(events);
        for (int s = 0; s < 2; s++) {
            json_t *m = E->timeout_move(state, s);

            events = NULL;
            CHECK(m != NULL);
            CHECK(ok(E->apply(&state, s, m, &R, &events, &err), &err));
            json_decref(m);
            json_decref(events);
        }
        json_decref(state);
    }
    for (int k = 1; k <= 8; k++) {
        struct hs_game *g = round_game(k, k % 2 ? NULL : "light");

        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            json_t *state = hs_game_dump(g), *m = E->timeout_move(state, g->ask_seat);
            json_t *events = NULL;
            struct rng r = R;
            struct rules_error err;

            if (!CHECK(m != NULL)) {
                fprintf(stderr, "  no timeout move for %s\n", hs_ask_name(g->ask));
            } else if (!CHECK(E->apply(&state, g->ask_seat, m, &r, &events, &err) == 0)) {
                char *t = json_dumps(m, JSON_COMPACT);

                fprintf(stderr, "  timeout move %s refused at %s: %s\n", t,
                        hs_ask_name(g->ask), err.message);
                free(t);
            }
            seen[g->ask] = 1;
            tried++;
            json_decref(m);
            json_decref(events);
            json_decref(state);
            if (random_move(g, NULL) < 0)
                break;
        }
        free(g);
    }
    CHECK(tried > 1000);
    for (int q = HS_ASK_MOVE; q <= HS_ASK_FREE_MOVE; q++)
        if (q != HS_ASK_LAST_CUBE && !CHECK(seen[q]))
            fprintf(stderr, "  question %s never reached\n", hs_ask_name((enum hs_ask)q));
}

/* The move log shows others a pilot and orders by their type only; a
 * pilot whole to the chooser's teammates (HS-R-107, HS-R-151). */
static void test_secret_moves_seen_by_type(void)
{
    json_t *pilot = json_pack("{s:s, s:s}", "type", "pilot", "pilot", "zedock");
    json_t *orders = json_pack("{s:s, s:i}", "type", "orders", "evade", 2);
    json_t *hold = json_pack("{s:s}", "type", "hold"), *seen;

    CHECK(E->move_seen(pilot, 0, 0, 2) == NULL);
    seen = E->move_seen(pilot, 0, 1, 2);
    CHECK(seen && json_object_size(seen) == 1);
    json_decref(seen);
    seen = E->move_seen(orders, 1, -1, 2);
    CHECK(seen && json_object_size(seen) == 1);
    json_decref(seen);
    CHECK(E->move_seen(hold, 0, 1, 2) == NULL);
    /* four seats: 0 and 2 a team; three: 1 and 2 */
    CHECK(E->move_seen(pilot, 0, 2, 4) == NULL);
    CHECK(E->move_seen(pilot, 2, 1, 3) == NULL);
    seen = E->move_seen(pilot, 0, 2, 3);
    CHECK(seen && json_object_size(seen) == 1);
    json_decref(seen);
    seen = E->move_seen(pilot, 1, 2, 4);
    CHECK(seen && json_object_size(seen) == 1);
    json_decref(seen);
    seen = E->move_seen(pilot, 0, -1, 4);
    CHECK(seen && json_object_size(seen) == 1);
    json_decref(seen);
    seen = E->move_seen(orders, 0, 2, 4);
    CHECK(seen && json_object_size(seen) == 1);
    json_decref(seen);
    CHECK(E->any_time(orders) && !E->any_time(hold) && !E->any_time(pilot));
    json_decref(pilot);
    json_decref(orders);
    json_decref(hold);
}

int main(void)
{
    E = rules_engine_find("heavysteam");
    if (!E) {
        fprintf(stderr, "heavysteam is not registered\n");
        return 1;
    }
    RUN(test_hs_r_126_orders_set_out_of_turn);
    RUN(test_hs_r_126_orders_answer_the_pending_question);
    RUN(test_hs_r_126_orders_decide_later_attacks);
    RUN(test_hs_r_127_resign);
    RUN(test_hs_r_128_timeout_move_at_every_question);
    RUN(test_secret_moves_seen_by_type);
    return check_summary();
}
