/*
 * test_heavysteam_round_phases.c - the phases after the Move phase, each
 * test named after its rule: support units (HS-R-16), the steam phase
 * (HS-R-36 to HS-R-42), initiative and its ties (HS-R-48), the free move
 * (HS-R-49), overload, release and vents (HS-R-50 to HS-R-52) and the
 * alternation of attacks (HS-R-17). Every position is played from the
 * real setup through hs_round_apply.
 */
#include "heavysteam_round_fixture.h"

static int free_white(const struct hs_titan *t, int s)
{
    int n = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        n += t->square[s][q].colour == HS_WHITE && t->cube[s][q] == HS_C_EMPTY;
    return n;
}

static int cubes_ok(const struct hs_game *g, const int start[HS_STOCKS])
{
    int now[HS_STOCKS], good = 1;

    hs_game_count_cubes(g, now);
    for (int c = 0; c < HS_STOCKS; c++)
        good &= CHECK_EQ_INT(now[c], start[c]);
    return good;
}

/* ---- HS-DATA-16 ------------------------------------------------------ */

/* HS-DATA-16: when the 20 red cubes are all in the pressure boxes, heat
 * the stock cannot supply is a damage cube in the boiler, as heat that
 * does not fit (HS-DATA-05): the stock never goes below zero and the
 * state still loads. Game 452's random heat runs the stock dry at its
 * 45th move; the games after it are there should the stream change. */
static void test_hs_data_16_red_stock_runs_dry(void)
{
    int dry = 0;

    heat_bias = 1;
    /* the search starts near the game that runs the stock dry (1468 when
     * this was written); it goes on for 1,500 more should the rules change */
    for (int k = 1400; k <= 3000 && !dry; k++) {
        struct hs_game *g = round_game(k, NULL);

        for (int step = 0; step < 3000 && g->stage == HS_STAGE_ROUND; step++) {
            json_t *events = json_array(), *e, *state;
            struct hs_game back;
            struct rules_error err;
            size_t i;
            int boiler = 0, empty = 0;

            if (random_move(g, events) < 0) {
                json_decref(events);
                break;
            }
            json_array_foreach(events, i, e) {
                const char *type = json_string_value(json_object_get(e, "type"));

                empty += !strcmp(type, "red_stock_empty");
                boiler += empty && !strcmp(type, "damage_placed");
            }
            if (!CHECK(g->stock_red >= 0))
                fprintf(stderr, "  game %d: red stock %d\n", k, g->stock_red);
            if (empty) {
                dry++;
                CHECK_EQ_INT(g->stock_red, 0);
                CHECK(boiler > 0 || g->titan[0].cubes.destroyed ||
                      g->titan[1].cubes.destroyed);
                state = hs_game_dump(g);
                CHECK_EQ_INT(hs_game_load(&back, state, &err), 0);
                json_decref(state);
            }
            json_decref(events);
            if (dry)
                break;
        }
        free(g);
    }
    heat_bias = 0;
    CHECK(dry > 0);
}

/* ---- HS-R-16 --------------------------------------------------------- */

/* HS-R-16, HS-R-113: after its paid move a titan may move its team's
 * infantry 1 sector, in the answer that ends its move; 2 is refused, and
 * so is a move by a titan that held. */
static void test_hs_r_16_supports_move_after_a_paid_move(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int tested = 0;

    for (int k = 1; k < 300 && !tested; k++) {
        struct hs_game *g = round_game(k, NULL);
        int seat = g->ask_seat, c = -1, start[HS_STOCKS], u, from;
        struct rules_error err;
        char text[160];

        for (int i = 0; i < g->ncards; i++)
            if (g->zone[i] == HS_Z_HAND && g->holder[i] == seat &&
                strcmp(cat->battle[g->card[i]].id, "infantry_support") == 0)
                c = i;
        if (c < 0) {
            free(g);
            continue;
        }
        tested = 1;
        hs_game_count_cubes(g, start);
        from = g->titan[g->p[seat].titan].sector;
        snprintf(text, sizeof text, "{\"type\": \"move\", \"pay\": 1, \"sector\": %d}",
                 from == 0 ? 1 : from - 1);
        CHECK(play_ok(g, text, NULL));
        CHECK_EQ_INT(g->ask, HS_ASK_AFTER_MOVE);
        snprintf(text, sizeof text,
                 "{\"type\": \"card\", \"card\": \"%s\", \"choice\": {\"sector\": %d}}",
                 hs_card_id(g, c),
                 g->titan[g->p[seat].titan].sector);
        CHECK(play_ok(g, text, NULL));
        if (!CHECK_EQ_INT(g->nunits, 1)) {
            free(g);
            break;
        }
        u = g->nunits - 1;
        from = g->unit[u].sector;
        CHECK_EQ_INT(g->ask, HS_ASK_AFTER_MOVE);
        snprintf(text, sizeof text,
                 "{\"type\": \"done\", \"infantry\": {\"unit\": %d, \"sector\": %d}}", u,
                 from + (from < 2 ? 2 : -2));
        CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "too_far");
        CHECK(strstr(err.rule, "HS-R-16") != NULL);
        snprintf(text, sizeof text,
                 "{\"type\": \"done\", \"cannon\": {\"unit\": %d, \"sector\": %d}}", u,
                 from + 1);
        CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "bad_unit");
        snprintf(text, sizeof text,
                 "{\"type\": \"done\", \"infantry\": {\"unit\": %d, \"sector\": %d}}", u,
                 from + 1);
        CHECK(play_ok(g, text, NULL));
        CHECK_EQ_INT(g->unit[u].sector, from + 1);
        CHECK(cubes_ok(g, start));
        /* the other titan holds: its team has no unit, and it may not move ours */
        if (g->ask == HS_ASK_MOVE && g->phase == HS_PH_MOVE) {
            CHECK(play_ok(g, "{\"type\": \"hold\"}", NULL));
            if (g->ask == HS_ASK_AFTER_MOVE) {
                snprintf(text, sizeof text,
                         "{\"type\": \"done\", \"infantry\": {\"unit\": %d, \"sector\": %d}}",
                         u, from);
                CHECK_EQ_INT(play(g, g->ask_seat, text, NULL, &err), -1);
                CHECK_EQ_STR(err.code, "not_moved");
            }
        }
        free(g);
    }
    CHECK(tested);
}

/* ---- the steam phase ------------------------------------------------- */

/* HS-R-37: the steam moves station by station, furthest from the boiler
 * first; a distribution that leaves a cube while a white square it could
 * take is free is refused (HS-AMB-37). */
static void test_hs_r_37_steam_furthest_first_and_mandatory(void)
{
    int refused = 0, asked = 0;

    for (int k = 1; k <= 12; k++) {
        struct hs_game *g = round_game(k, k % 2 ? NULL : "light");
        int last_depth = 1 << 20, seat;
        json_t *events = json_array();

        CHECK(reach(g, 1, HS_PH_STEAM, events));
        seat = g->ask_seat;
        while (g->phase == HS_PH_STEAM && g->ask == HS_ASK_FLOW && g->ask_seat == seat) {
            const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
            int depth = t->board->depth[g->station];
            json_t *l = hs_round_moves(g, seat);
            json_t *e = json_array_get(json_object_get(l, "moves"), 0);
            struct rules_error err;

            asked++;
            CHECK(depth <= last_depth);
            last_depth = depth;
            /* nothing moved while a cube must */
            if (json_integer_value(json_object_get(e, "must")) > 0) {
                CHECK_EQ_INT(play(g, seat, "{\"type\": \"flow\"}", NULL, &err), -1);
                CHECK_EQ_STR(err.code, "steam_must_move");
                CHECK(strstr(err.rule, "HS-R-37") != NULL);
                refused++;
            }
            json_decref(l);
            if (!CHECK(random_move(g, events) == 0))
                break;
        }
        json_decref(events);
        free(g);
    }
    CHECK(asked > 0);
    CHECK(refused > 0);
}

/* HS-R-40, HS-R-41, HS-R-112: a shield shut down in the answer after the
 * flow gives its steam to the reserve and its shield cubes to the stock,
 * then the boiler takes the production from the reserve, as far as its
 * white squares go (HS-AMB-37). */
static void test_hs_r_40_41_shutdown_then_refill(void)
{
    int tested = 0;

    for (int k = 1; k <= 30 && !tested; k++) {
        struct hs_game *g = round_game(k, NULL);
        json_t *events = json_array(), *l, *of;
        int start[HS_STOCKS];

        hs_game_count_cubes(g, start);
        CHECK(reach(g, 1, HS_PH_STEAM, events));
        while ((g->phase == HS_PH_STEAM && g->ask == HS_ASK_FLOW) && CHECK(random_move(g, events) == 0))
            ;
        if (g->ask != HS_ASK_AFTER_FLOW) {
            json_decref(events);
            free(g);
            continue;
        }
        l = hs_round_moves(g, g->ask_seat);
        of = json_object_get(json_object_get(json_array_get(json_object_get(l, "moves"), 1),
                                             "shutdown"), "of");
        if (json_array_size(of)) {
            int seat = g->ask_seat;
            const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
            json_t *idj = json_array_get(of, 0);
            int s = -1, steam, reserve = t->reserve, boiler = t->board->boiler, put;
            int room = free_white(t, boiler), before = hs_titan_steam_at(t, boiler);
            struct rules_error err;
            char text[160];

            for (int i = 0; i < t->board->nstations; i++)
                if (strcmp(t->board->station[i].id, json_string_value(idj)) == 0)
                    s = i;
            steam = hs_titan_steam_at(t, s);
            snprintf(text, sizeof text, "{\"type\": \"steam_done\", \"shutdown\": [\"%s\"]}",
                     t->board->station[boiler].id);
            CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
            CHECK_EQ_STR(err.code, "cannot_shut_down");
            CHECK(strstr(err.rule, "HS-R-40") != NULL);
            snprintf(text, sizeof text, "{\"type\": \"steam_done\", \"shutdown\": [\"%s\"]}",
                     json_string_value(idj));
            CHECK(play_ok(g, text, NULL));
            CHECK_EQ_INT(hs_titan_steam_at(t, s), 0);
            for (int q = 0; q < t->nsquares[s]; q++)
                CHECK(t->cube[s][q] != HS_C_SHIELD);
            put = t->board->production;
            if (put > reserve + steam)
                put = reserve + steam;
            if (put > room)
                put = room;
            CHECK_EQ_INT(hs_titan_steam_at(t, boiler), before + put);
            CHECK_EQ_INT(t->reserve, reserve + steam - put);
            CHECK(cubes_ok(g, start));
            tested = 1;
        }
        json_decref(l);
        json_decref(events);
        free(g);
    }
    CHECK(tested);
}

/* HS-R-42: a repair needs damage on the squares it names. */
static void test_hs_r_42_repair_only_damage(void)
{
    struct hs_game *g = round_game(5, NULL);
    json_t *events = json_array();

    CHECK(reach(g, 1, HS_PH_STEAM, events));
    while ((g->phase == HS_PH_STEAM && g->ask == HS_ASK_FLOW) && CHECK(random_move(g, events) == 0))
        ;
    if (g->ask == HS_ASK_AFTER_FLOW) {
        const struct hs_titan *t = &g->titan[g->p[g->ask_seat].titan].cubes;
        struct rules_error err;
        char text[160];

        snprintf(text, sizeof text, "{\"type\": \"steam_done\", \"repairs\": [[[\"%s\", 0]]]}",
                 t->board->station[t->board->command].id);
        CHECK_EQ_INT(play(g, g->ask_seat, text, NULL, &err), -1);
        CHECK(strstr(err.rule, "HS-R-") != NULL);
    }
    json_decref(events);
    free(g);
}

/* ---- initiative, the free move ---------------------------------------- */

/* HS-R-48: more command steam gains or keeps the initiative; a tie goes
 * to the team without it. */
static void test_hs_r_48_initiative_and_ties(void)
{
    int ties = 0, wins = 0;

    for (int k = 1; k <= 30; k++) {
        struct hs_game *g = round_game(k, k % 3 ? NULL : "light");
        json_t *events = json_array(), *e;
        int had;

        CHECK(reach(g, 1, HS_PH_CARDS, events));
        while ((g->stage == HS_STAGE_ROUND && g->phase == HS_PH_CARDS) && CHECK(random_move(g, events) == 0))
            ;
        had = -1;
        {
            size_t i;
            json_t *x;

            /* the initiative the round was played with, as the phase began */
            json_array_foreach(events, i, x)
                if (strcmp(json_string_value(json_object_get(x, "type")), "phase_started") == 0 &&
                    strcmp(json_string_value(json_object_get(x, "phase")),
                           hs_phase_name(HS_PH_INITIATIVE)) == 0)
                    had = (int)json_integer_value(json_object_get(x, "team"));
        }
        if ((e = find_event(events, "initiative"))) {
            int c0 = (int)json_integer_value(json_array_get(json_object_get(e, "counts"), 0));
            int c1 = (int)json_integer_value(json_array_get(json_object_get(e, "counts"), 1));
            int c[2] = {c0, c1}, team = (int)json_integer_value(json_object_get(e, "team"));

            if (c0 == c1) {
                ties++;
                CHECK_EQ_INT(team, 1 - had);
            } else {
                wins++;
                CHECK_EQ_INT(team, c0 > c1 ? 0 : 1);
            }
            CHECK_EQ_INT(g->initiative, team);
            (void)c;
        }
        json_decref(events);
        free(g);
    }
    CHECK(ties + wins > 0);
    fprintf(stderr, "  %d ties, %d decided by the count\n", ties, wins);
}

/* HS-R-49, HS-AMB-03: each player of the team with initiative moves up to
 * 2 cubes within its titan, never 3; the other team is not asked. */
static void test_hs_r_49_free_move(void)
{
    int tested = 0;

    for (int k = 1; k <= 20 && !tested; k++) {
        struct hs_game *g = round_game(k, NULL);
        json_t *events = json_array();

        if (reach(g, 1, HS_PH_INITIATIVE, events) && g->ask == HS_ASK_FREE_MOVE) {
            int seat = g->ask_seat, done = 0;
            const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
            json_t *l = hs_round_moves(g, seat);
            json_t *sh = json_object_get(json_array_get(json_object_get(l, "moves"), 1), "steps");
            json_t *from = json_object_get(json_object_get(sh, "from"), "of");
            json_t *to = json_object_get(json_object_get(sh, "to"), "of");
            struct rules_error err;
            char *fs, *ts, text[400];

            CHECK_EQ_INT(g->p[seat].team, g->initiative);
            fs = json_dumps(json_array_get(from, 0), 0);
            ts = json_dumps(json_array_get(to, 0), 0);
            snprintf(text, sizeof text,
                     "{\"type\": \"free_move\", \"steps\": [{\"from\": %s, \"to\": %s}, "
                     "{\"from\": %s, \"to\": %s}, {\"from\": %s, \"to\": %s}]}",
                     fs, ts, fs, ts, fs, ts);
            CHECK_EQ_INT(play(g, seat, text, NULL, &err), -1);
            CHECK_EQ_STR(err.code, "bad_steps");
            CHECK(strstr(err.rule, "HS-R-49") != NULL);
            free(fs);
            free(ts);
            for (size_t i = 0; !done && i < json_array_size(from); i++)
                for (size_t j = 0; !done && j < json_array_size(to); j++) {
                    json_t *f = json_array_get(from, i), *d = json_array_get(to, j);
                    int fsq, tsq, fst = -1, tst = -1;

                    if (strcmp(json_string_value(json_array_get(f, 0)),
                               json_string_value(json_array_get(d, 0))) == 0)
                        continue;
                    fs = json_dumps(f, 0);
                    ts = json_dumps(d, 0);
                    snprintf(text, sizeof text,
                             "{\"type\": \"free_move\", \"steps\": [{\"from\": %s, \"to\": %s}]}",
                             fs, ts);
                    for (int s = 0; s < t->board->nstations; s++) {
                        if (strcmp(t->board->station[s].id, json_string_value(json_array_get(f, 0))) == 0)
                            fst = s;
                        if (strcmp(t->board->station[s].id, json_string_value(json_array_get(d, 0))) == 0)
                            tst = s;
                    }
                    fsq = (int)json_integer_value(json_array_get(f, 1));
                    tsq = (int)json_integer_value(json_array_get(d, 1));
                    if (play(g, seat, text, events, &err) == 0) {
                        done = 1;
                        CHECK_EQ_INT(t->cube[fst][fsq], HS_C_EMPTY);
                        CHECK_EQ_INT(t->cube[tst][tsq], HS_C_STEAM);
                    }
                    free(fs);
                    free(ts);
                }
            CHECK(done);
            CHECK(g->ask != HS_ASK_FREE_MOVE || g->p[g->ask_seat].team == g->p[seat].team);
            tested = 1;
            json_decref(l);
        }
        json_decref(events);
        free(g);
    }
    CHECK(tested);
}

/* ---- the Pressure phase ----------------------------------------------- */

/* HS-R-50 to HS-R-52: each titan pops its release, its pilot's bleed, a
 * card's cubes played first (HS-R-130) and one more per vented cube (or
 * empties its box); its vents are empty after; an overload's shortfall is
 * damage in the boiler. */
static void check_pressure(const struct hs_game *before, const struct hs_game *g,
                           const json_t *events, int *released, int *overloads)
{
    const struct hs_catalog *cat = hs_catalog_get();
    size_t i;
    json_t *e;
    int k = 0, card = 0, pressure = before->phase == HS_PH_PRESSURE;

    /* the titans release in initiative order, as they were when it ran */
    int order[HS_MAX_PLAYERS], n = hs_seat_order(g, order);

    /* a move answering a card question mid-phase: that seat's release first */
    for (int j = 0; pressure && j < n; j++)
        if (order[j] == before->ask_seat)
            k = j;

    json_array_foreach(events, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        const struct hs_titan *t;
        int seat, pops, bleed = 0;
        const struct hs_power *a;

        if (strcmp(type, "phase_started") == 0) {
            card = 0;
            pressure = strcmp(json_string_value(json_object_get(e, "phase")), "pressure") == 0;
        }
        if (strcmp(type, "card_played") == 0 && pressure) {
            const struct hs_battle_card *b = &cat->battle[hs_catalog_battle(
                cat, json_string_value(json_object_get(e, "card")))];

            for (int s = 0; s < b->effect.nsteps; s++)
                card += b->effect.step[s].op == HS_OP_RELEASE ? b->effect.step[s].n : 0;
        }
        if (strcmp(type, "overload_roll") == 0) {
            int over = (int)json_integer_value(json_object_get(e, "overload"));
            int roll = (int)json_integer_value(json_object_get(e, "roll")), placed = 0;
            int destroyed = 0;
            size_t j;
            json_t *x;

            (*overloads)++;
            CHECK(over > 1);
            /* the shortfall in damage cubes, before this titan's release */
            json_array_foreach(events, j, x) {
                const char *tx = json_string_value(json_object_get(x, "type"));

                if (j <= i)
                    continue;
                if (strcmp(tx, "pressure_released") == 0)
                    break;
                placed += strcmp(tx, "damage_placed") == 0;
                destroyed |= strcmp(tx, "titan_destroyed") == 0;
            }
            CHECK(placed == (roll < over ? over - roll : 0) || destroyed);
        }
        if (strcmp(type, "pressure_released") != 0 || k >= n)
            continue;
        seat = order[k++];
        t = &g->titan[g->p[seat].titan].cubes;
        a = &cat->pilot[g->p[seat].pilot].ability;
        for (int s = 0; a->when == HS_W_PRESSURE && s < a->effect.nsteps; s++)
            bleed += a->effect.step[s].n;
        pops = (int)(json_integer_value(json_object_get(e, "steam")) +
                     json_integer_value(json_object_get(e, "heat")));
        CHECK(pops == t->board->release + bleed + card +
                          json_integer_value(json_object_get(e, "vented")) ||
              t->npressure == 0);
        card = 0;
        for (int s = 0; s < t->board->nstations; s++)
            if (t->board->station[s].type == HS_VENT)
                CHECK_EQ_INT(hs_titan_steam_at(t, s), 0);
        (*released)++;
    }
    (void)before;
}

static void test_hs_r_50_52_overload_release_vents(void)
{
    static const char *const puffer[2] = {"puffer", NULL};
    int released = 0, overloads = 0;

    for (int k = 1; k <= 24; k++) {
        heat_bias = k % 3 != 0;
        struct hs_game *g = round_game_with(k, k % 2 ? NULL : "light", puffer);
        struct hs_game *before = malloc(sizeof *before);

        for (int step = 0; step < 1500 && g->stage == HS_STAGE_ROUND && g->round <= 8;
             step++) {
            json_t *events = json_array();

            memcpy(before, g, sizeof *before);
            if (!CHECK(random_move(g, events) == 0)) {
                json_decref(events);
                break;
            }
            if (has_event(events, "pressure_released"))
                check_pressure(before, g, events, &released, &overloads);
            json_decref(events);
        }
        free(before);
        free(g);
    }
    heat_bias = 0;
    CHECK(released > 0);
    CHECK(overloads > 0);
    fprintf(stderr, "  %d releases, %d overload rolls\n", released, overloads);
}

/* ---- the Combat phase --------------------------------------------------- */

/* HS-R-17, HS-R-111: the team with initiative attacks first, the teams
 * alternate one attack each, a pass is final, and the phase ends when
 * both passed. */
static void test_hs_r_17_attacks_alternate(void)
{
    int attacks = 0;

    for (int k = 1; k <= 30; k++) {
        struct hs_game *g = round_game(k, k % 2 ? NULL : "light");
        int expected = -1, passed[HS_TEAMS] = {0, 0}, in_combat = 0;

        for (int step = 0; step < 1500 && g->stage == HS_STAGE_ROUND && g->round <= 6;
             step++) {
            json_t *events = json_array(), *e;
            size_t i;

            if (!CHECK(random_move(g, events) == 0)) {
                json_decref(events);
                break;
            }
            json_array_foreach(events, i, e) {
                const char *type = json_string_value(json_object_get(e, "type"));
                int seat = (int)json_integer_value(json_object_get(e, "seat"));

                if (strcmp(type, "phase_started") == 0) {
                    if (in_combat)
                        CHECK(passed[0] && passed[1]);
                    in_combat = strcmp(json_string_value(json_object_get(e, "phase")),
                                       hs_phase_name(HS_PH_COMBAT)) == 0;
                    expected = (int)json_integer_value(json_object_get(e, "team"));
                    passed[0] = passed[1] = 0;
                } else if (in_combat && (strcmp(type, "attack_declared") == 0 ||
                                         strcmp(type, "attack_passed") == 0)) {
                    int team = g->p[seat].team;

                    CHECK_EQ_INT(team, expected);
                    CHECK(!passed[team]);
                    if (type[7] == 'p')
                        passed[team] = 1;
                    else
                        attacks++;
                    expected = passed[1 - team] ? team : 1 - team;
                }
            }
            json_decref(events);
        }
        free(g);
    }
    CHECK(attacks > 0);
    fprintf(stderr, "  %d attacks checked\n", attacks);
}

int main(void)
{
    RUN(test_hs_data_16_red_stock_runs_dry);
    RUN(test_hs_r_16_supports_move_after_a_paid_move);
    RUN(test_hs_r_37_steam_furthest_first_and_mandatory);
    RUN(test_hs_r_40_41_shutdown_then_refill);
    RUN(test_hs_r_42_repair_only_damage);
    RUN(test_hs_r_48_initiative_and_ties);
    RUN(test_hs_r_49_free_move);
    RUN(test_hs_r_50_52_overload_release_vents);
    RUN(test_hs_r_17_attacks_alternate);
    return check_summary();
}
