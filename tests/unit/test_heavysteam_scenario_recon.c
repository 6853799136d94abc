/*
 * test_heavysteam_scenario_recon.c - Scenario 5, Recon in Force
 * (rules/heavysteam/scenario_recon.c; RULINGS.md HS-R-170..HS-R-179):
 * recon draws at the Initiative phase's start, their cost, the side's
 * hidden pile, declaring the battle over at a round's start and the
 * reveal (the random games to either victory and the tie-breaks are in
 * test_heavysteam_scenario_property.c). Positions are reached by random
 * legal moves from the real setup, seeds tried in order until one
 * reaches what a test needs.
 */
#include "heavysteam_scenario_fixture.h"

#define HEAVY "{\"scenario\": 5}"
#define LIGHT "{\"scenario\": 5, \"size\": \"light\"}"

static int asked_recon(const struct hs_game *g)
{
    return g->ask == HS_ASK_RECON;
}

static int asked_declare(const struct hs_game *g)
{
    return g->ask == HS_ASK_DECLARE;
}

static int command(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;

    return hs_titan_steam_at(t, t->board->command);
}

/* Seeds in order from k, playing until done; the game (to free) or NULL. */
static struct hs_game *find(int *k, int (*done)(const struct hs_game *), const char *options,
                            json_t *events)
{
    for (; *k < 400; ++*k) {
        struct hs_game *g = scenario_game(*k, options);

        if (play_until(g, done, events, 20000))
            return g;
        free(g);
    }
    return NULL;
}

/* HS-R-170: the draws come at the Initiative phase's start, before the
 * count, the players in initiative order; the count once all are done. */
static void test_hs_r_170_recon_before_initiative_is_counted(void)
{
    int k = 0, found = 0;

    for (int n = 0; n < 12; n++, k++) {
        json_t *ev = json_array();
        struct hs_game *g = find(&k, asked_recon, n % 2 ? LIGHT : HEAVY, ev);
        int order[HS_MAX_PLAYERS], no, last = -1;
        size_t i;
        json_t *e;
        int counted = 0;

        if (!g) {
            json_decref(ev);
            break;
        }
        found++;
        CHECK_EQ_INT(g->phase, HS_PH_INITIATIVE);
        /* no count since the phase began */
        json_array_foreach(ev, i, e) {
            const char *type = json_string_value(json_object_get(e, "type"));

            if (strcmp(type, "phase_started") == 0)
                counted = 0;
            else if (strcmp(type, "initiative") == 0)
                counted = 1;
        }
        CHECK(!counted);
        no = hs_seat_order(g, order);
        while (g->stage == HS_STAGE_ROUND && g->ask == HS_ASK_RECON) {
            int at = 0;

            while (at < no && order[at] != g->ask_seat)
                at++;
            CHECK(at > last);
            last = at;
            json_array_clear(ev);
            move_ok(g, "{\"type\": \"recon_done\"}", ev);
        }
        CHECK_EQ_INT(count_event(ev, "initiative"), 1);
        free(g);
        json_decref(ev);
    }
    CHECK(found == 12);
}

/* HS-R-171: a draw costs the sectors to the enemy starting sector +1,
 * from the command station to the power reserve; the card goes face
 * down to the side's pile. */
static void test_hs_r_171_recon_cost(void)
{
    int k = 0;

    for (int n = 0; n < 12; n++, k++) {
        json_t *ev = json_array(), *st;
        struct hs_game *g = find(&k, asked_recon, n % 2 ? LIGHT : HEAVY, ev);
        int s, cost, cmd, reserve, team;

        if (!CHECK(g != NULL)) {
            json_decref(ev);
            break;
        }
        s = g->ask_seat;
        team = g->p[s].team;
        cost = expected_cost(g, s);
        st = hs_game_dump(g);
        CHECK_EQ_INT(json_integer_value(json_array_get(json_object_get(json_object_get(
                         st, "scenario_state"), "recon_cost"), (size_t)s)), cost);
        json_decref(st);
        cmd = command(g, s);
        reserve = g->titan[g->p[s].titan].cubes.reserve;
        CHECK(cmd >= cost);
        {
            int before = pile(g, team);

            json_array_clear(ev);
            move_ok(g, "{\"type\": \"recon\"}", ev);
            CHECK_EQ_INT(pile(g, team), before + 1);
        }
        CHECK_EQ_INT(command(g, s), cmd - cost);
        CHECK_EQ_INT(g->titan[g->p[s].titan].cubes.reserve, reserve + cost);
        CHECK_EQ_INT(json_integer_value(json_object_get(find_event(ev, "recon_drawn"), "cost")),
                     cost);
        check_cubes(g);
        free(g);
        json_decref(ev);
    }
}

/* HS-R-172: several draws, each paid: asked again while the command
 * station pays, on to the next player when it cannot. */
static void test_hs_r_172_several_draws_each_paid(void)
{
    int again = 0, moved_on = 0;

    for (int k = 0; k < 200 && (!again || !moved_on); k++) {
        struct hs_game *g = scenario_game(k, k % 2 ? LIGHT : HEAVY);

        while (play_until(g, asked_recon, NULL, 20000) && g->stage == HS_STAGE_ROUND) {
            int s = g->ask_seat, twice = command(g, s) >= 2 * expected_cost(g, s);

            move_ok(g, "{\"type\": \"recon\"}", NULL);
            if (twice) {
                CHECK_EQ_INT(g->ask, HS_ASK_RECON);
                CHECK_EQ_INT(g->ask_seat, s);
                again++;
            } else {
                CHECK(g->ask != HS_ASK_RECON || g->ask_seat != s);
                moved_on++;
            }
            if (g->ask == HS_ASK_RECON && g->ask_seat == s)
                move_ok(g, "{\"type\": \"recon_done\"}", NULL);
        }
        free(g);
    }
    CHECK(again > 0 && moved_on > 0);
}

/* HS-R-173: an event drawn into a recon pile never takes effect; it
 * stays there, worth 0. */
static void test_hs_r_173_event_in_recon_pile_is_dead(void)
{
    int dead = 0;

    for (int k = 0; k < 300 && dead < 3; k++) {
        struct hs_game *g = scenario_game(k, k % 2 ? LIGHT : HEAVY);

        while (play_until(g, asked_recon, NULL, 20000) && g->stage == HS_STAGE_ROUND) {
            json_t *ev = json_array();
            int team = g->p[g->ask_seat].team, events = kind_in(g, HS_Z_RECON, HS_K_EVENT);
            int done = kind_in(g, HS_Z_EVENTS_DONE, HS_K_EVENT);

            move_ok(g, "{\"type\": \"recon\"}", ev);
            if (kind_in(g, HS_Z_RECON, HS_K_EVENT) > events) {
                dead++;
                CHECK_EQ_INT(count_event(ev, "event_drawn"), 0);
                CHECK_EQ_INT(kind_in(g, HS_Z_EVENTS_DONE, HS_K_EVENT), done);
                CHECK(!g->event_pending);
                CHECK(pile(g, team) > 0);
            }
            json_decref(ev);
            if (g->ask == HS_ASK_RECON)
                move_ok(g, "{\"type\": \"recon_done\"}", NULL);
        }
        free(g);
    }
    CHECK(dead > 0);
}

/* HS-R-174: a side's pile is seen by its players only: the other side
 * and spectators see how many cards it holds; the card drawn is told to
 * the side alone. */
static void test_hs_r_174_recon_pile_hidden_from_the_other_side(void)
{
    int checked = 0;

    for (int k = 0; k < 200 && checked < 20; k++) {
        json_t *ev = json_array();
        struct hs_game *g = composition_game(k, 5);

        while (play_until(g, asked_recon, NULL, 20000) && g->stage == HS_STAGE_ROUND) {
            int s = g->ask_seat, team = g->p[s].team;
            json_t *e;

            json_array_clear(ev);
            move_ok(g, "{\"type\": \"recon\"}", ev);
            e = find_event(ev, "recon_card");
            CHECK(e != NULL);
            CHECK_EQ_INT((int)json_array_size(json_object_get(e, "to")), players_of(g, team));
            CHECK(!json_object_get(find_event(ev, "recon_drawn"), "card"));
            for (int v = -1; v < g->nplayers; v++) {
                json_t *view = hs_view_build(g, v);
                json_t *bc = json_object_get(view, "battle_cards");

                for (int t = 0; t < HS_TEAMS; t++)
                    CHECK_EQ_INT(json_integer_value(json_array_get(json_object_get(bc, "recon"),
                                                                   (size_t)t)), pile(g, t));
                if (v >= 0)
                    CHECK_EQ_INT((int)json_array_size(json_object_get(bc, "recon_pile")),
                                 pile(g, g->p[v].team));
                else
                    CHECK(!json_object_get(bc, "recon_pile"));
                json_decref(view);
                check_view(g, v);
            }
            checked++;
            if (g->ask == HS_ASK_RECON)
                move_ok(g, "{\"type\": \"recon_done\"}", NULL);
        }
        free(g);
        json_decref(ev);
    }
    CHECK(checked >= 20);
}

/* HS-R-175: at a round's start, before the first Move, a side with 3
 * cards (one player) or 5 (two) is asked, the side with initiative
 * first, by its first seat; fight_on lets the round go on. */
static void test_hs_r_175_declare_at_the_round_start(void)
{
    int k = 0, asked = 0;

    for (int n = 0; n < 10; n++, k++) {
        json_t *ev = json_array();
        struct hs_game *g = find(&k, asked_declare, n % 2 ? LIGHT : HEAVY, ev);
        int s, team;

        if (!CHECK(g != NULL)) {
            json_decref(ev);
            break;
        }
        s = g->ask_seat;
        team = g->p[s].team;
        asked++;
        CHECK_EQ_INT(g->phase, HS_PH_MOVE);
        CHECK(g->round > 1);
        CHECK(pile(g, team) >= (players_of(g, team) == 1 ? 3 : 5));
        CHECK_EQ_INT(hs_team_first_seat(g, team), s);
        if (team != g->initiative)
            CHECK(pile(g, g->initiative) < (players_of(g, g->initiative) == 1 ? 3 : 5));
        refused(g, s, "{\"type\": \"recon\"}", "unknown_move", "HS-R-175");
        refused(g, s, "{\"type\": \"declare_over\", \"now\": 1}", "unknown_field", "HS-R-11");
        refused(g, 1 - s, "{\"type\": \"fight_on\"}", "not_your_turn", "HS-AMB-22");
        json_array_clear(ev);
        move_ok(g, "{\"type\": \"fight_on\"}", ev);
        CHECK(g->ask != HS_ASK_DECLARE || g->p[g->ask_seat].team != team);
        if (g->ask != HS_ASK_DECLARE)
            CHECK(g->ask == HS_ASK_MOVE || g->ask == HS_ASK_AFTER_MOVE ||
                  g->phase != HS_PH_MOVE);
        check_round_trip(g);
        free(g);
        json_decref(ev);
    }
    CHECK_EQ_INT(asked, 10);
}

/* HS-R-176: declaring reveals the piles and the most recon points wins;
 * the game is over with reason "recon". */
static void test_hs_r_176_reveal_and_the_most_points_win(void)
{
    int k = 0;

    for (int n = 0; n < 10; n++, k++) {
        json_t *ev = json_array(), *e;
        struct hs_game *g = find(&k, asked_declare, n % 2 ? LIGHT : HEAVY, ev);
        int team, win;
        const char *by;

        if (!CHECK(g != NULL)) {
            json_decref(ev);
            break;
        }
        team = g->p[g->ask_seat].team;
        win = recon_winner(g, team, &by);
        json_array_clear(ev);
        move_ok(g, "{\"type\": \"declare_over\"}", ev);
        CHECK_EQ_INT(g->stage, HS_STAGE_OVER);
        CHECK_EQ_INT(g->winner_team, win);
        CHECK_EQ_STR(over_reason(ev), "recon");
        e = find_event(ev, "recon_revealed");
        CHECK_EQ_STR(json_string_value(json_object_get(e, "decided_by")), by);
        CHECK_EQ_INT((int)json_array_size(json_array_get(json_object_get(e, "piles"), 0)),
                     pile(g, 0));
        /* the piles open to all once the battle is over */
        for (int v = -1; v < g->nplayers; v++)
            check_view(g, v);
        check_round_trip(g);
        free(g);
        json_decref(ev);
    }
}

/* HS-R-179: the general setup: heavies in their starting sectors,
 * lights one forward, no free move for the first initiative. */
static void test_hs_r_179_setup(void)
{
    for (int k = 0; k < 10; k++) {
        struct hs_game *g = composition_game(k, 5);

        for (int s = 0; s < g->nplayers; s++) {
            const struct hs_titan_at *t = &g->titan[g->p[s].titan];
            int start = cat()->board.start[g->team_faction[g->p[s].team]];

            CHECK_EQ_INT(t->sector, t->cubes.board->size == HS_HEAVY ? start
                                    : start == 0 ? 1 : HS_SECTORS - 2);
            CHECK_EQ_INT(pile(g, g->p[s].team), 0);
        }
        /* round 1's Move, the team with initiative first, no free move */
        CHECK_EQ_INT(g->ask, HS_ASK_MOVE);
        CHECK_EQ_INT(g->round, 1);
        CHECK_EQ_INT(g->p[g->ask_seat].team, g->initiative);
        free(g);
    }
}

/* HS-R-128, HS-R-131: out of time no more recon draws, and fight on;
 * the moves in the chat notation. */
static void test_hs_r_128_131_timeout_and_chat_at_recon(void)
{
    int k = 0;
    struct hs_game *g = find(&k, asked_recon, LIGHT, NULL);

    if (!CHECK(g != NULL))
        return;
    timeout_and_chat(g, "{\"type\": \"recon_done\"}");
    free(g);
    k = 0;
    g = find(&k, asked_declare, LIGHT, NULL);
    if (!CHECK(g != NULL))
        return;
    timeout_and_chat(g, "{\"type\": \"fight_on\"}");
    CHECK(g->stage == HS_STAGE_ROUND);
    free(g);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_170_recon_before_initiative_is_counted);
    RUN(test_hs_r_171_recon_cost);
    RUN(test_hs_r_172_several_draws_each_paid);
    RUN(test_hs_r_173_event_in_recon_pile_is_dead);
    RUN(test_hs_r_174_recon_pile_hidden_from_the_other_side);
    RUN(test_hs_r_175_declare_at_the_round_start);
    RUN(test_hs_r_176_reveal_and_the_most_points_win);
    RUN(test_hs_r_179_setup);
    RUN(test_hs_r_128_131_timeout_and_chat_at_recon);
    return check_summary();
}
