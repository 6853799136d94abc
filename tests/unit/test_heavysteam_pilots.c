/*
 * test_heavysteam_pilots.c - each pilot's once-per-game effect played as a
 * "pilot_power" move (pilot_powers.h) from the real setup and moves played
 * through hs_round_apply; a second use is refused with the rule id and
 * leaves the dumped state as it was.
 */
#include "heavysteam_round_fixture.h"

#include "heavysteam/pilot_powers.h"
#include "heavysteam/titan_flow.h"

/* A random move other than a pilot's power (the test keeps it). */
static int calm_move(struct hs_game *g)
{
    json_t *list = hs_round_moves(g, g->ask_seat), *moves = json_array(), *e;
    int rc = -1;
    size_t i, n;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "pilot_power") != 0)
            json_array_append(moves, e);
    n = json_array_size(moves);
    for (int tries = 0; rc < 0 && tries < 24 && n; tries++) {
        json_t *m = fill(g, json_array_get(moves, tries < 12 ? pick((unsigned)n)
                                                              : (size_t)tries % n));
        struct rules_error err;

        if (m)
            rc = hs_round_apply(g, g->ask_seat, m, &R, NULL, &err);
        json_decref(m);
    }
    json_decref(moves);
    json_decref(list);
    return rc;
}

/* A game where seat holds pilot (the other seat its first), played quietly
 * until seat is asked in its team's turn. */
static struct hs_game *at_turn_of(const char *pilot, int seat, const char *size, int round)
{
    const char *pilots[2] = {NULL, NULL};
    struct hs_game *g;

    pilots[seat] = pilot;
    g = round_game_with(3, size, pilots);
    for (int guard = 0; guard < 3000 && g->stage == HS_STAGE_ROUND && g->round < round;
         guard++)
        CHECK(calm_move(g) == 0);
    for (int guard = 0; guard < 500; guard++) {
        if (g->ask_seat == seat && g->turn_team == g->p[seat].team &&
            g->ask != HS_ASK_EVENT)
            return g;
        CHECK(calm_move(g) == 0);
    }
    CHECK(0);
    return g;
}

static struct hs_game *at_turn(const char *pilot, int seat, const char *size)
{
    return at_turn_of(pilot, seat, size, 1);
}

/* The listing's pilot_power entry of seat, or NULL (a new reference). */
static json_t *listed(const struct hs_game *g, int seat)
{
    json_t *list = hs_round_moves(g, seat), *e, *found = NULL;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "pilot_power") == 0)
            found = json_incref(e);
    json_decref(list);
    return found;
}

/* Plays seat's power with choice (taken); 1 when accepted. */
static int use(struct hs_game *g, int seat, json_t *choice, json_t *events)
{
    json_t *m = json_pack("{s:s}", "type", "pilot_power");
    struct rules_error err;
    int rc;

    if (choice)
        json_object_set_new(m, "choice", choice);
    rc = hs_round_apply(g, seat, m, &R, events, &err);
    json_decref(m);
    return ok(rc, &err);
}

/* A power move (with choice, taken; NULL none) seat may not make now:
 * not listed, refused with a rule starting with rule (NULL: any), the
 * state unchanged. */
static void check_power_refused_now(struct hs_game *g, int seat, json_t *choice,
                                    const char *rule)
{
    json_t *before = hs_game_dump(g), *after, *e = listed(g, seat);
    json_t *m = json_pack("{s:s}", "type", "pilot_power");
    struct rules_error err;

    CHECK(e == NULL);
    if (choice)
        json_object_set(m, "choice", choice);
    CHECK(hs_round_apply(g, seat, m, &R, NULL, &err) < 0);
    if (rule && !CHECK(strncmp(err.rule, rule, strlen(rule)) == 0))
        fprintf(stderr, "  refused by %s\n", err.rule);
    after = hs_game_dump(g);
    CHECK(json_equal(before, after));
    json_decref(before);
    json_decref(after);
    json_decref(m);
    json_decref(e);
    json_decref(choice);
}

/* HS-R-116: a second use is refused and the state is unchanged. */
static void check_second_refused(struct hs_game *g, int seat, json_t *choice)
{
    CHECK(g->p[seat].once_used);
    check_power_refused_now(g, seat, choice, "HS-R-116");
}

static int hand_of(const struct hs_game *g, int seat)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == HS_Z_HAND && g->holder[c] == seat;
    return n;
}

/* HS-R-116 Halloway: "Draw 2 battle cards." */
static void test_hs_r_116_halloway_draws_two(void)
{
    struct hs_game *g = at_turn("halloway", 0, NULL);
    json_t *e = listed(g, 0), *events = json_array();
    int before = hand_of(g, 0);

    CHECK(e != NULL);
    CHECK_EQ_STR(json_string_value(json_object_get(e, "form")), "move");
    CHECK(use(g, 0, NULL, events));
    CHECK_EQ_INT(hand_of(g, 0), before + 2);
    CHECK(has_event(events, "pilot_power_used"));
    check_second_refused(g, 0, NULL);
    json_decref(e);
    json_decref(events);
    free(g);
}

/* Calm games with pilots, from seed 1 on, look called at every question
 * of each until it has seen both of the moments it looks for (seen[0],
 * seen[1]) or 40 games were played; fails unless both were seen. */
static void calm_games(const char *const pilots[2], void (*look)(struct hs_game *, int[2]))
{
    int seen[2] = {0, 0};

    for (int k = 1; k < 40 && (!seen[0] || !seen[1]); k++) {
        struct hs_game *g = round_game_with(k, NULL, pilots);

        for (int guard = 0; guard < 3000 && g->stage == HS_STAGE_ROUND; guard++) {
            look(g, seen);
            if (calm_move(g) != 0)
                break;
        }
        free(g);
    }
    CHECK(seen[0]);
    CHECK(seen[1]);
}

/* Seat 0 asked as the defender (seen[0]) or in an event (seen[1]). */
static void not_the_teams_turn(struct hs_game *g, int seen[2])
{
    if (g->ask_seat == 0 && g->ask == HS_ASK_EVADE && !seen[0]) {
        CHECK(g->turn_team != g->p[0].team);
        check_power_refused_now(g, 0, NULL, NULL);
        seen[0] = 1;
    }
    if (g->ask_seat == 0 && g->ask == HS_ASK_EVENT && !seen[1]) {
        check_power_refused_now(g, 0, NULL, NULL);
        seen[1] = 1;
    }
}

/* HS-R-117: a once-per-game effect is used at a question its owner is
 * asked in his team's turn, and that question stays asked; not when he
 * answers an attack on him, nor while an event resolves. Halloway's draw
 * (seat 0), the other questions found by calm moves. */
static void test_hs_r_117_power_in_the_teams_turn_the_question_stays(void)
{
    static const char *const pilots[2] = {"halloway", NULL};
    struct hs_game *g = at_turn("halloway", 0, NULL);
    int ask = g->ask, phase = g->phase;

    CHECK(use(g, 0, NULL, NULL));
    CHECK_EQ_INT(g->ask, ask);
    CHECK_EQ_INT(g->ask_seat, 0);
    CHECK_EQ_INT(g->phase, phase);
    free(g);
    calm_games(pilots, not_the_teams_turn);
}

/* Baer's seat asked at a flow of its titan, the steam moving (seen[0]),
 * then at the question after the flows (seen[1]). */
static void steam_moving(struct hs_game *g, int seen[2])
{
    int mine = g->ask_seat == 1 && g->turn_team == g->p[1].team;

    if (mine && g->ask == HS_ASK_FLOW && g->titan[g->p[1].titan].cubes.flow && !seen[0]) {
        check_power_refused_now(g, 1, NULL, "HS-R-133");
        seen[0] = 1;
    }
    if (mine && g->ask == HS_ASK_AFTER_FLOW && seen[0] && !seen[1]) {
        json_t *e = listed(g, 1);

        CHECK(e != NULL);
        json_decref(e);
        seen[1] = 1;
    }
}

/* HS-R-133: while the titan's steam is still moving no pilot effect
 * touches its stations: Baer's 3 steam to the legs is not offered at the
 * flows of his titan (after the first), and is at the question after
 * them. */
static void test_hs_r_133_no_station_power_while_the_steam_moves(void)
{
    static const char *const pilots[2] = {NULL, "baer"};

    calm_games(pilots, steam_moving);
}

/* HS-R-116 Rauchbein: "Your team counts 4 more cubes when initiative is
 * determined this round." */
static void test_hs_r_116_rauchbein_initiative_four(void)
{
    struct hs_game *g = at_turn("rauchbein", 1, NULL);
    int team = g->p[1].team;

    CHECK(use(g, 1, NULL, NULL));
    CHECK_EQ_INT(g->initiative_bonus[team], 4);
    check_second_refused(g, 1, NULL);
    free(g);
}

/* HS-R-116 Thornbury and Dornbach: "Move your steam titan up to 2 sectors
 * without paying steam." - not a paid move (moved stays as it was). */
static void check_free_titan_move(const char *pilot, int seat)
{
    struct hs_game *g = at_turn(pilot, seat, "light");
    json_t *e = listed(g, seat), *sectors;
    struct hs_titan_at *ta = &g->titan[g->p[seat].titan];
    int from = ta->sector, moved = ta->moved, to = -1, steam = ta->cubes.reserve;
    size_t i;
    json_t *v;

    CHECK(e != NULL);
    sectors = json_object_get(json_object_get(e, "choice"), "sector");
    json_array_foreach(sectors, i, v)
        if (abs((int)json_integer_value(v) - from) == 2 ||
            (to < 0 && (int)json_integer_value(v) != from))
            to = (int)json_integer_value(v);
    CHECK(to >= 0);
    CHECK(use(g, seat, json_pack("{s:i}", "sector", to), NULL));
    CHECK_EQ_INT(ta->sector, to);
    CHECK_EQ_INT(ta->moved, moved);
    CHECK_EQ_INT(ta->cubes.reserve, steam);
    check_second_refused(g, seat, json_pack("{s:i}", "sector", from));
    json_decref(e);
    free(g);
}

static void test_hs_r_116_thornbury_moves_two_free(void)
{
    check_free_titan_move("thornbury", 0);
}

static void test_hs_r_116_dornbach_moves_two_free(void)
{
    check_free_titan_move("dornbach", 1);
}

/* HS-R-118 Puffer: the effect comes "After firing a weapon", not as a move. */
static void test_hs_r_118_puffer_not_a_move(void)
{
    struct hs_game *g = at_turn("puffer", 0, NULL);
    json_t *before = hs_game_dump(g), *after, *m = json_pack("{s:s}", "type", "pilot_power");
    struct rules_error err;

    CHECK(listed(g, 0) == NULL);
    CHECK(hs_round_apply(g, 0, m, &R, NULL, &err) < 0);
    CHECK(strncmp(err.rule, "HS-R-118", 8) == 0);
    after = hs_game_dump(g);
    CHECK(json_equal(before, after));
    json_decref(before);
    json_decref(after);
    json_decref(m);
    free(g);
}

/* HS-R-116 Zedock: "Take a random card from the hand of an opposing
 * player. Then give them a card from your hand." HS-R-121: the card to
 * give named in the same move, from the hand before the steal; which
 * cards moved only the two players see: the events naming cards carry
 * "to". */
static void test_hs_r_116_zedock_steals_and_gives(void)
{
    struct hs_game *g = at_turn("zedock", 0, NULL);
    json_t *e = listed(g, 0), *events = json_array(), *choice, *ev;
    int mine = hand_of(g, 0), theirs = hand_of(g, 1);
    size_t i;

    CHECK(e != NULL);
    choice = json_object_get(e, "choice");
    CHECK(json_array_size(json_object_get(choice, "opponent")) == 1);
    CHECK(json_array_size(json_object_get(choice, "give")) == (size_t)mine);
    CHECK(use(g, 0, json_pack("{s:i, s:[O]}", "opponent", 1, "give",
                             json_array_get(json_object_get(choice, "give"), 0)),
              events));
    CHECK_EQ_INT(hand_of(g, 0), mine);
    CHECK_EQ_INT(hand_of(g, 1), theirs);
    CHECK(has_event(events, "card_stolen") && has_event(events, "cards_given"));
    json_array_foreach(events, i, ev) {
        json_t *to = json_object_get(ev, "to");

        if (json_object_get(ev, "card") || json_object_get(ev, "cards")) {
            CHECK(json_is_array(to) && json_array_size(to) == 2);
            CHECK_EQ_INT(json_integer_value(json_array_get(to, 0)), 0);
            CHECK_EQ_INT(json_integer_value(json_array_get(to, 1)), 1);
        }
    }
    check_second_refused(g, 0, json_pack("{s:i, s:[i]}", "opponent", 1, "give", 0));
    json_decref(e);
    json_decref(events);
    free(g);
}

/* HS-R-116 Baer: "Take 3 steam from power reserve and place them anywhere
 * in your steam titan's legs (including shields)." */
static void test_hs_r_116_baer_three_steam_to_legs(void)
{
    struct hs_game *g = at_turn("baer", 1, NULL);
    json_t *e = listed(g, 1), *sq, *steam = json_array();
    struct hs_titan *t = &g->titan[g->p[1].titan].cubes;
    int reserve = t->reserve, n;

    CHECK(e != NULL);
    n = (int)json_integer_value(json_object_get(json_object_get(e, "choice"), "n"));
    sq = json_object_get(json_object_get(e, "choice"), "steam");
    CHECK_EQ_INT(n, 3);
    for (int k = 0; k < n; k++)
        json_array_append(steam, json_array_get(sq, (size_t)k));
    CHECK(use(g, 1, json_pack("{s:o}", "steam", steam), NULL));
    CHECK_EQ_INT(t->reserve, reserve - 3);
    check_second_refused(g, 1, NULL);
    json_decref(e);
    free(g);
}

/* HS-R-116 Kessel: "Move 4 steam cubes from any station(s) to any other
 * station(s) within your steam titan." */
static void test_hs_r_116_kessel_moves_steam_within(void)
{
    struct hs_game *g = at_turn("kessel", 1, NULL);
    json_t *e = listed(g, 1), *from, *to, *f, *t2 = NULL;
    json_t *steps = json_array();
    size_t i;

    CHECK(e != NULL);
    from = json_object_get(json_object_get(e, "choice"), "from");
    to = json_object_get(json_object_get(e, "choice"), "to");
    f = json_array_get(from, 0);
    json_array_foreach(to, i, t2)
        if (strcmp(json_string_value(json_object_get(t2, "station")),
                   json_string_value(json_object_get(f, "station"))) != 0)
            break;
    CHECK(f && t2);
    json_array_append_new(steps, json_pack("{s:O, s:O, s:O, s:O}", "from_station",
                                           json_object_get(f, "station"), "from_square",
                                           json_object_get(f, "square"), "to_station",
                                           json_object_get(t2, "station"), "to_square",
                                           json_object_get(t2, "square")));
    CHECK(use(g, 1, json_pack("{s:o}", "steps", steps), NULL));
    check_second_refused(g, 1, NULL);
    json_decref(e);
    free(g);
}

/* HS-R-116 Brandauer: "Release 4 cubes of boiler pressure." - outside the
 * Pressure phase the cubes are popped at once (the vocabulary's release). */
static void test_hs_r_116_brandauer_releases_four(void)
{
    struct hs_game *g;
    struct hs_titan *t;
    int box;

    heat_bias = 1;               /* the random player builds pressure */
    g = at_turn_of("brandauer", 1, NULL, 3);
    heat_bias = 0;
    t = &g->titan[g->p[1].titan].cubes;
    box = t->npressure;
    CHECK(g->stage == HS_STAGE_ROUND && box > 0);
    CHECK(use(g, 1, NULL, NULL));
    CHECK_EQ_INT(t->npressure, box > 4 ? box - 4 : 0);
    check_second_refused(g, 1, NULL);
    free(g);
}

static int damage_on(const struct hs_titan *t)
{
    int n = 0;

    for (int st = 0; st < t->board->nstations; st++)
        for (int q = 0; q < t->nsquares[st]; q++)
            n += t->cube[st][q] == HS_C_DAMAGE;
    return n;
}

/* HS-R-119 Zedock's ability: "Whenever you move 2+ steam to the command
 * station, add 1 extra steam from the power reserve." */
static void test_hs_r_119_zedock_extra_command_steam(void)
{
    const char *pilots[2] = {"zedock", NULL};
    struct hs_game *g = round_game_with(5, NULL, pilots);
    int seen = 0;

    for (int guard = 0; guard < 4000 && !seen && g->stage == HS_STAGE_ROUND; guard++) {
        const struct hs_titan *t = &g->titan[g->p[0].titan].cubes;
        const char *cmd = t->board->station[t->board->command].id;
        json_t *list, *e, *m, *events;
        size_t i;
        struct rules_error err;

        if (g->ask != HS_ASK_FLOW || g->ask_seat != 0) {
            CHECK(calm_move(g) == 0);
            continue;
        }
        list = hs_round_moves(g, 0);
        m = NULL;
        /* a flow of 2+ white cubes into the station that leaves room there */
        json_array_foreach(json_object_get(list, "moves"), i, e) {
            const json_t *b = json_object_get(json_object_get(e, "white"), cmd);
            int max = (int)json_integer_value(json_object_get(b, "max"));

            if (strcmp(json_string_value(json_object_get(e, "type")), "flow") != 0 || !b)
                continue;
            for (int tries = 0; tries < 30 && !m; tries++) {
                int k;

                m = fill(g, e);
                k = (int)json_integer_value(json_object_get(json_object_get(m, "white"),
                                                            cmd));
                if (k < 2 || k >= max) {
                    json_decref(m);
                    m = NULL;
                }
            }
        }
        json_decref(list);
        if (!m || t->reserve == 0) {
            json_decref(m);
            CHECK(calm_move(g) == 0);
            continue;
        }
        events = json_array();
        if (hs_round_apply(g, 0, m, &R, events, &err) == 0) {
            seen = 1;
            CHECK(has_event(events, "pilot_ability"));
        } else {
            CHECK(calm_move(g) == 0);
        }
        json_decref(events);
        json_decref(m);
    }
    CHECK(seen);
    free(g);
}

/* HS-R-119 Pennywhistle's ability: "Every repair you make removes 1 more
 * damage cube." - a repair may name the board's count plus one. */
static void test_hs_r_119_pennywhistle_repair_removes_one_more(void)
{
    const char *pilots[2] = {"pennywhistle", NULL};
    struct hs_game *g = NULL;
    int seen = 0;

    heat_bias = 1;
    for (int guard = 0; !seen && guard < 200000; guard++) {
        if (!g || g->stage != HS_STAGE_ROUND || g->round > 12) {
            free(g);
            g = round_game_with(7 + guard, NULL, pilots);
        }
        {
        struct hs_titan *t = &g->titan[g->p[0].titan].cubes;
        json_t *list, *e, *rep = NULL, *of, *m, *events;
        size_t i;
        int removes, before;

        if (g->ask != HS_ASK_AFTER_FLOW || g->ask_seat != 0) {
            CHECK(calm_move(g) == 0);
            continue;
        }
        list = hs_round_moves(g, 0);
        json_array_foreach(json_object_get(list, "moves"), i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "steam_done") == 0 &&
                strcmp(json_string_value(json_object_get(e, "form")), "shape") == 0)
                rep = json_object_get(e, "repairs");
        removes = (int)json_integer_value(json_object_get(rep, "removes"));
        of = json_object_get(rep, "of");
        if (!rep || json_integer_value(json_object_get(rep, "max")) < 1 ||
            (int)json_array_size(of) < removes) {
            json_decref(list);
            CHECK(calm_move(g) == 0);
            continue;
        }
        CHECK_EQ_INT(removes, t->board->repair_removes + 1);
        m = json_pack("{s:s, s:[[]]}", "type", "steam_done", "repairs");
        for (int k = 0; k < removes; k++)
            json_array_append(json_array_get(json_object_get(m, "repairs"), 0),
                              json_array_get(of, (size_t)k));
        json_decref(list);
        before = damage_on(t);
        events = json_array();
        {
            char *text = json_dumps(m, JSON_COMPACT);

            CHECK(play_ok(g, text, events));
            free(text);
        }
        CHECK_EQ_INT(damage_on(t), before - removes);
        CHECK(has_event(events, "pilot_ability"));
        seen = 1;
        json_decref(events);
        json_decref(m);
        }
    }
    heat_bias = 0;
    CHECK(seen);
    free(g);
}

static json_t *find_first(const json_t *events, const char *type)
{
    size_t i;
    json_t *e;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return e;
    return NULL;
}

/* Plays calmly (pilots' powers kept) until an attack of attacker on
 * target waits for the defender's evade; 0 when none came. */
static int until_attack(struct hs_game *g, int attacker, int moved)
{
    for (int guard = 0; guard < 6000 && g->stage == HS_STAGE_ROUND; guard++) {
        if (g->ask == HS_ASK_EVADE && g->attack.active && g->attack.attacker == attacker &&
            g->attack.unit < 0 && g->titan[g->p[attacker].titan].moved == moved)
            return 1;
        if (calm_move(g) < 0)
            return 0;
    }
    return 0;
}

/* HS-R-115 Thornbury's ability: "Roll 1 more defense die whenever you are
 * attacked." - read by combat.c at the attack's start. */
static void test_hs_r_115_thornbury_one_more_defense_die(void)
{
    const char *pilots[2] = {"thornbury", NULL};
    int seen = 0;

    for (int k = 0; k < 20 && !seen; k++) {
        struct hs_game *g = round_game_with(11 + k, "light", pilots);

        if (until_attack(g, 1, g->titan[g->p[1].titan].moved) ||
            until_attack(g, 1, !g->titan[g->p[1].titan].moved)) {
            /* the same answer by the same position without the ability (the
             * pilot swapped on a copy) rolls one die fewer */
            struct hs_game *g2 = malloc(sizeof *g2);
            struct rng saved = R;
            json_t *events = json_array(), *events2 = json_array();
            const char *evade = "{\"type\": \"evade\", \"board\": 0, \"card\": null}";

            memcpy(g2, g, sizeof *g2);
            g2->p[0].pilot = hs_catalog_pilot(hs_catalog_get(), "pennywhistle");
            if (g->attack.target_seat == 0 && g->attack.target_unit < 0 &&
                play_ok(g, evade, events)) {
                R = saved;
                CHECK(play_ok(g2, evade, events2));
                seen = 1;
                CHECK_EQ_INT(json_integer_value(json_object_get(find_first(events, "defense_roll"),
                                                                "dice")),
                             json_integer_value(json_object_get(find_first(events2, "defense_roll"),
                                                                "dice")) + 1);
            }
            free(g2);
            json_decref(events2);
            json_decref(events);
        }
        free(g);
    }
    CHECK(seen);
}

/* HS-R-115 Baer's ability: "Gain +1 attack die the turn you move your
 * steam titan." - a round he paid to move (HS-AMB-12). */
static void test_hs_r_115_baer_attack_die_after_moving(void)
{
    const char *pilots[2] = {NULL, "baer"};
    int seen = 0;

    for (int k = 0; k < 20 && !seen; k++) {
        struct hs_game *g = round_game_with(31 + k, NULL, pilots);

        if (until_attack(g, 1, 1)) {
            seen = 1;
            CHECK(g->attack.mod_attack >= 1);
        }
        free(g);
    }
    CHECK(seen);
}

/* HS-R-116 Pennywhistle: "Remove 3 damage cubes from your steam titan." -
 * the listing names the damaged squares and how many to remove. */
static void test_hs_r_116_pennywhistle_repairs_three(void)
{
    const char *pilots[2] = {"pennywhistle", NULL};
    struct hs_game *g = NULL;
    int seen = 0;

    heat_bias = 1;
    for (int guard = 0; !seen && guard < 200000; guard++) {
        struct hs_titan *t;
        json_t *e, *o, *pick;
        int n, before;

        if (!g || g->stage != HS_STAGE_ROUND || g->round > 12) {
            free(g);
            g = round_game_with(57 + guard, NULL, pilots);
        }
        t = &g->titan[g->p[0].titan].cubes;
        if (g->ask_seat != 0 || g->turn_team != g->p[0].team || damage_on(t) == 0 ||
            !(e = listed(g, 0))) {
            CHECK(calm_move(g) == 0);
            continue;
        }
        o = json_object_get(json_object_get(e, "choice"), "repair");
        n = (int)json_integer_value(json_object_get(json_object_get(e, "choice"), "n"));
        before = damage_on(t);
        CHECK_EQ_INT(n, before < 3 ? before : 3);
        pick = json_array();
        for (int k = 0; k < n; k++)
            json_array_append(pick, json_array_get(o, (size_t)k));
        CHECK(use(g, 0, json_pack("{s:o}", "repair", pick), NULL));
        CHECK_EQ_INT(damage_on(t), before - n);
        check_second_refused(g, 0, NULL);
        seen = 1;
        json_decref(e);
    }
    heat_bias = 0;
    CHECK(seen);
    free(g);
}

/* HS-R-120 Rauchbein's ability: "After you pay to move, move 1 steam cube
 * from any station to any other station within your steam titan." - the
 * "done" that ends his paid move takes it. */
static void test_hs_r_120_rauchbein_steam_step_after_paid_move(void)
{
    const char *pilots[2] = {NULL, "rauchbein"};
    struct hs_game *g = round_game_with(13, NULL, pilots);
    int seen = 0;

    for (int guard = 0; guard < 4000 && !seen && g->stage == HS_STAGE_ROUND; guard++) {
        json_t *list, *e, *d = NULL, *from, *to = NULL, *f, *m, *events;
        size_t i;

        if (g->ask != HS_ASK_AFTER_MOVE || g->ask_seat != 1) {
            CHECK(calm_move(g) == 0);
            continue;
        }
        CHECK(g->titan[g->p[1].titan].moved);
        list = hs_round_moves(g, 1);
        json_array_foreach(json_object_get(list, "moves"), i, e)
            if (strcmp(json_string_value(json_object_get(e, "type")), "done") == 0)
                d = e;
        CHECK(d && json_object_get(d, "pilot_step"));
        from = json_object_get(json_object_get(json_object_get(d, "pilot_step"), "from"), "of");
        f = json_array_get(from, 0);
        json_array_foreach(json_object_get(json_object_get(json_object_get(d, "pilot_step"),
                                                           "to"), "of"), i, e)
            if (!to && strcmp(json_string_value(json_array_get(e, 0)),
                              json_string_value(json_array_get(f, 0))) != 0)
                to = e;
        CHECK(f && to);
        m = json_pack("{s:s, s:{s:O, s:O}}", "type", "done", "pilot_step", "from", f, "to", to);
        json_decref(list);
        events = json_array();
        {
            struct rules_error err;

            CHECK(ok(hs_round_apply(g, 1, m, &R, events, &err), &err));
        }
        CHECK(has_event(events, "pilot_ability"));
        seen = 1;
        json_decref(events);
        json_decref(m);
    }
    CHECK(seen);
    free(g);
}

/* HS-R-129: Puffer fires once with the weapon's steam going to the power
 * reserve, not the pressure box; the power is listed no more after. */
static void test_hs_r_129_puffer_after_firing_to_reserve(void)
{
    const char *pilots[2] = {"puffer", NULL};
    struct hs_game *g = NULL;
    int seen = 0;

    for (int guard = 0; !seen && guard < 40000; guard++) {
        json_t *list, *e, *power = NULL, *events;
        size_t i;

        if (!g || g->stage != HS_STAGE_ROUND || g->round > 12) {
            free(g);
            g = round_game_with(11 + guard, NULL, pilots);
        }
        if (g->ask != HS_ASK_ATTACK || g->ask_seat != 0) {
            CHECK(calm_move(g) == 0);
            continue;
        }
        list = hs_round_moves(g, 0);
        json_array_foreach(json_object_get(list, "moves"), i, e)
            if (json_is_true(json_object_get(e, "pilot_power")) &&
                strcmp(json_string_value(json_object_get(e, "form")), "move") == 0)
                power = e;
        if (!power) {
            json_decref(list);
            CHECK(calm_move(g) == 0);
            continue;
        }
        {
            struct hs_titan *t = &g->titan[g->p[0].titan].cubes;
            int reserve = t->reserve, room = hs_pressure_room(t);
            char *text;

            json_object_del(power, "form");
            text = json_dumps(power, JSON_COMPACT);
            events = json_array();
            CHECK(play_ok(g, text, events));
            free(text);
            CHECK(has_event(events, "pilot_power_used"));
            /* the attack's steam is in the reserve; the box took none of it
             * (the defender's answer may come later: read the events) */
            CHECK(t->reserve > reserve || g->stage != HS_STAGE_ROUND);
            CHECK(hs_pressure_room(t) >= room || g->stage != HS_STAGE_ROUND);
            CHECK(g->p[0].once_used);
            json_decref(events);
        }
        json_decref(list);
        /* never listed again */
        for (int k = 0; k < 400 && g->stage == HS_STAGE_ROUND; k++) {
            if (g->ask == HS_ASK_ATTACK && g->ask_seat == 0) {
                json_t *again = hs_round_moves(g, 0);

                json_array_foreach(json_object_get(again, "moves"), i, e)
                    CHECK(!json_object_get(e, "pilot_power"));
                json_decref(again);
            }
            if (calm_move(g) != 0)
                break;
        }
        seen = 1;
    }
    CHECK(seen);
    free(g);
}

/* The first close-combat attack seat 1 declares with a titan's weapon and
 * no battle card, in games where it holds pilot: 1 with *gp at the
 * defender's evade question and *before the game just before the
 * declaration, its pilot swapped for Brandauer (no attack ability). */
static int until_close_attack(struct hs_game **gp, struct hs_game **before,
                              const char *pilot, const char *size)
{
    const char *pilots[2] = {NULL, pilot};
    struct hs_game *b = malloc(sizeof *b);

    heat_bias = 1;      /* the longest moves: the titans meet */
    for (int k = 0; k < 300; k++) {
        struct hs_game *g = round_game_with(41 + k, size, pilots);

        for (int guard = 0; guard < 6000 && g->stage == HS_STAGE_ROUND; guard++) {
            int declaring = g->ask == HS_ASK_ATTACK && g->ask_seat == 1;
            int hand = hs_hand_size(g, 1);

            if (declaring)
                memcpy(b, g, sizeof *b);
            if (calm_move(g) < 0)
                break;
            if (declaring && g->ask == HS_ASK_EVADE && g->attack.attacker == 1 &&
                g->attack.unit < 0 && g->attack.close && hs_hand_size(g, 1) == hand) {
                heat_bias = 0;
                b->p[1].pilot = hs_catalog_pilot(hs_catalog_get(), "brandauer");
                *gp = g;
                *before = b;
                return 1;
            }
        }
        free(g);
    }
    heat_bias = 0;
    free(b);
    return 0;
}

/* The same declaration on before (no pilot ability): its attack. */
static struct hs_attack same_attack(struct hs_game *before, const struct hs_attack *a)
{
    char text[200];

    snprintf(text, sizeof text,
             "{\"type\": \"attack\", \"mount\": \"%s\", \"target\": %d, \"hotshot\": %d, "
             "\"boost\": %d}",
             hs_mount_name((enum hs_mount)a->mount), a->target_seat, a->hotshot,
             a->charged && !before->titan[before->p[1].titan].moved);
    CHECK(play_ok(before, text, NULL));
    return before->attack;
}

/* HS-R-115 Kessel's ability: "Your close-combat hits do 1 more damage." */
static void test_hs_r_115_kessel_close_combat_damage(void)
{
    struct hs_game *g = NULL, *before = NULL;
    struct hs_attack without;

    if (!CHECK(until_close_attack(&g, &before, "kessel", NULL)))
        return;
    without = same_attack(before, &g->attack);
    CHECK_EQ_INT(g->attack.mod_damage, without.mod_damage + 1);
    CHECK_EQ_INT(g->attack.mod_attack, without.mod_attack);
    free(before);
    free(g);
}

/* HS-R-115 Dornbach's ability: "Roll 1 more attack die in your
 * close-combat attacks." */
static void test_hs_r_115_dornbach_close_combat_die(void)
{
    struct hs_game *g = NULL, *before = NULL;
    struct hs_attack without;

    if (!CHECK(until_close_attack(&g, &before, "dornbach", "light")))
        return;
    without = same_attack(before, &g->attack);
    CHECK_EQ_INT(g->attack.mod_attack, without.mod_attack + 1);
    CHECK_EQ_INT(g->attack.mod_damage, without.mod_damage);
    free(before);
    free(g);
}

int main(void)
{
    RUN(test_hs_r_116_halloway_draws_two);
    RUN(test_hs_r_117_power_in_the_teams_turn_the_question_stays);
    RUN(test_hs_r_133_no_station_power_while_the_steam_moves);
    RUN(test_hs_r_116_rauchbein_initiative_four);
    RUN(test_hs_r_116_thornbury_moves_two_free);
    RUN(test_hs_r_116_dornbach_moves_two_free);
    RUN(test_hs_r_116_zedock_steals_and_gives);
    RUN(test_hs_r_116_baer_three_steam_to_legs);
    RUN(test_hs_r_116_kessel_moves_steam_within);
    RUN(test_hs_r_116_brandauer_releases_four);
    RUN(test_hs_r_115_thornbury_one_more_defense_die);
    RUN(test_hs_r_115_baer_attack_die_after_moving);
    RUN(test_hs_r_116_pennywhistle_repairs_three);
    RUN(test_hs_r_118_puffer_not_a_move);
    RUN(test_hs_r_119_zedock_extra_command_steam);
    RUN(test_hs_r_120_rauchbein_steam_step_after_paid_move);
    RUN(test_hs_r_119_pennywhistle_repair_removes_one_more);
    RUN(test_hs_r_129_puffer_after_firing_to_reserve);
    RUN(test_hs_r_115_kessel_close_combat_damage);
    RUN(test_hs_r_115_dornbach_close_combat_die);
    return check_summary();
}
