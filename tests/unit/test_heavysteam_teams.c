/*
 * test_heavysteam_teams.c - three and four players in two teams
 * (RULINGS.md HS-R-151 to HS-R-154): who is on which team, the five
 * compositions and no other, teammates in seat order within a phase, and
 * what a team sees of its own and the other team's hands and pilots.
 *
 * Every position comes from hs_game_setup with the seats and options,
 * the pilot moves and hs_round_apply (heavysteam_round_fixture.h).
 */
#include "heavysteam_game_fixture.h"
#include "heavysteam_round_fixture.h"

static const char *board_of(const struct hs_game *g, int seat)
{
    return cat()->titan[g->titan[g->p[seat].titan].board].id;
}

static struct hs_game *team_game(int k, const char *options, int seats)
{
    json_t *o = options ? json_loads(options, 0, NULL) : NULL;
    struct hs_game *g = round_game_of(k, o, seats, NULL);

    json_decref(o);
    return g;
}

/* ---- teams and compositions ----------------------------------------------- */

static void test_hs_r_151_teams_alternate_by_seat(void)
{
    static const struct {
        int seats;
        const char *size;
        int team[4];
        const char *board[4];
    } want[] = {
        {3, NULL, {0, 1, 1}, {"uk_heavy_dreadmoor", "cet_light_feldhase",
                              "cet_light_sturmvogel"}},
        {4, NULL, {0, 1, 0, 1}, {"uk_heavy_dreadmoor", "cet_heavy_kaltschmied",
                                 "uk_light_kestrel", "cet_light_feldhase"}},
        {4, "{\"size\": \"light\"}", {0, 1, 0, 1},
         {"uk_light_kestrel", "cet_light_feldhase", "uk_light_wayfarer",
          "cet_light_sturmvogel"}},
    };

    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        struct hs_game *g = calloc(1, sizeof *g);
        json_t *o = want[w].size ? json_loads(want[w].size, 0, NULL) : NULL;
        json_t *ev = json_array();
        struct rules_error err;
        struct rng r;
        size_t i;
        json_t *e;
        int eis = 0;

        seeded(&r, (int)w);
        CHECK(ok(hs_game_setup(g, o, want[w].seats, &r, ev, &err), &err));
        CHECK_EQ_INT(g->nplayers, want[w].seats);
        for (int s = 0; s < want[w].seats; s++) {
            const struct hs_board *b = g->titan[g->p[s].titan].cubes.board;
            int start = cat()->board.start[b->faction];

            CHECK_EQ_INT(g->p[s].team, want[w].team[s]);
            CHECK_EQ_INT(hs_seat_team(s, want[w].seats), want[w].team[s]);
            CHECK_EQ_STR(board_of(g, s), want[w].board[s]);
            CHECK_EQ_INT((int)b->faction, g->team_faction[g->p[s].team]);
            /* heavies in their start sector, lights one forward (HS-R-10) */
            CHECK_EQ_INT(g->titan[g->p[s].titan].sector,
                         b->size == HS_HEAVY ? start : start == 0 ? 1 : HS_SECTORS - 2);
            CHECK_EQ_INT(zone_count(g, HS_Z_HAND, s), 3);
        }
        CHECK(g->team_faction[0] != g->team_faction[1]);
        /* one Enemy in Sight card a player on the track (HS-R-08) */
        for (int k = 0; k < g->nslots; k++)
            eis += cat()->battle[g->card[g->slot[k]]].kind == HS_K_START;
        CHECK_EQ_INT(eis, want[w].seats);
        /* a seat's dealt cards are told to its team only (HS-R-154) */
        json_array_foreach(ev, i, e) {
            json_t *to = json_object_get(e, "to");
            int seat = (int)json_integer_value(json_object_get(e, "seat"));

            if (strcmp(json_string_value(json_object_get(e, "type")), "cards_dealt") != 0)
                continue;
            CHECK_EQ_INT((int)json_array_size(to), want[w].seats == 3 && seat == 0 ? 1
                                                   : want[w].seats == 2 ? 1 : 2);
            for (size_t j = 0; j < json_array_size(to); j++)
                CHECK_EQ_INT(want[w].team[json_integer_value(json_array_get(to, j))],
                             want[w].team[seat]);
        }
        check_cubes(g);
        check_round_trip(g);
        json_decref(ev);
        json_decref(o);
        free(g);
    }
}

static void test_hs_r_152_other_compositions_refused(void)
{
    refuse_setup("{\"size\": \"light\"}", 3, "bad_composition", "HS-R-152");
    refuse_setup("{\"size\": \"heavy\"}", 3, "bad_composition", "HS-R-152");
    refuse_setup("{\"size\": \"heavy\"}", 4, "bad_composition", "HS-R-152");
    refuse_setup("{\"size\": \"mixed\"}", 2, "bad_composition", "HS-R-152");
    refuse_setup("{\"titans\": [\"uk_light_kestrel\", \"cet_light_feldhase\", "
                 "\"cet_light_sturmvogel\"]}", 3, "bad_composition", "HS-R-152");
    /* a heavy and a light against two lights */
    refuse_setup("{\"titans\": [\"uk_heavy_dreadmoor\", \"cet_light_feldhase\", "
                 "\"uk_light_kestrel\", \"cet_light_sturmvogel\"]}", 4, "bad_composition",
                 "HS-R-152");
    /* each board is one titan: "Each steam titan has a unique game board" */
    refuse_setup("{\"titans\": [\"uk_heavy_dreadmoor\", \"cet_heavy_kaltschmied\", "
                 "\"uk_light_kestrel\", \"cet_heavy_kaltschmied\"]}", 4, "titan_twice",
                 "HS-R-152");
    refuse_setup("{\"titans\": [\"uk_light_kestrel\", \"cet_light_feldhase\", "
                 "\"uk_light_kestrel\", \"cet_light_sturmvogel\"]}", 4, "titan_twice",
                 "HS-R-152");
    /* teammates share a faction, the teams differ (HS-R-01) */
    refuse_setup("{\"factions\": [\"uk\", \"uk\", \"cet\", \"cet\"]}", 4, "same_faction",
                 "HS-R-01");
    refuse_setup("{\"factions\": [\"uk\", \"cet\", \"uk\"]}", 3, "same_faction", "HS-R-01");
    refuse_setup("{\"titans\": [\"uk_heavy_dreadmoor\", \"cet_light_feldhase\", "
                 "\"uk_light_kestrel\"]}", 3, "titan_wrong_faction", "HS-R-01");
    refuse_setup("{}", 5, "bad_seats", "HS-R-152");
    refuse_setup("{\"loadouts\": [null, null]}", 3, "bad_loadouts", "HS-R-135");
}

static void test_hs_r_151_the_factions_may_swap(void)
{
    struct hs_game *g = team_game(2, "{\"factions\": [\"cet\", \"uk\", \"uk\"]}", 3);

    CHECK_EQ_INT(g->team_faction[0], HS_CET);
    CHECK_EQ_STR(board_of(g, 0), "cet_heavy_kaltschmied");
    CHECK_EQ_STR(board_of(g, 1), "uk_light_kestrel");
    CHECK_EQ_STR(board_of(g, 2), "uk_light_wayfarer");
    free(g);
}

/* ---- order within a phase ---------------------------------------------------- */

/* The seats asked in the Move and Steam Allocation phases of the first
 * rounds: the team with initiative, then the other, each in seat order. */
static void test_hs_r_153_teammates_act_in_seat_order(void)
{
    for (int seats = 3; seats <= 4; seats++)
        for (int k = 0; k < 6; k++) {
            struct hs_game *g = team_game(k, NULL, seats);
            int order[HS_MAX_PLAYERS], n = 0, phase = g->phase, round = g->round;

            for (int guard = 0; guard < 600 && g->stage == HS_STAGE_ROUND && g->round <= 3;
                 guard++) {
                if ((int)g->phase != phase || g->round != round) {
                    if (phase == HS_PH_MOVE || phase == HS_PH_STEAM) {
                        int want[HS_MAX_PLAYERS], m = hs_seat_order(g, want);

                        /* everyone alive is asked, once, in order */
                        CHECK_EQ_INT(n, m);
                        for (int i = 0; i < n && i < m; i++)
                            CHECK_EQ_INT(order[i], want[i]);
                    }
                    n = 0;
                    phase = (int)g->phase;
                    round = g->round;
                }
                if ((g->phase == HS_PH_MOVE || g->phase == HS_PH_STEAM) &&
                    (n == 0 || order[n - 1] != g->ask_seat) && n < HS_MAX_PLAYERS)
                    order[n++] = g->ask_seat;
                if (!CHECK(quiet_move(g, NULL) == 0))
                    break;
            }
            free(g);
        }
}

/* ---- what a team sees ---------------------------------------------------------- */

static void test_hs_r_154_teammates_see_each_others_hands(void)
{
    for (int seats = 3; seats <= 4; seats++) {
        struct hs_game *g = team_game(5, NULL, seats);

        for (int step = 0; step < 400 && g->stage == HS_STAGE_ROUND; step++) {
            if (step % 25 == 0)
                for (int s = -1; s < seats; s++)
                    check_view(g, s);
            if (!CHECK(random_move(g, NULL) == 0))
                break;
        }
        for (int s = 0; s < seats; s++) {
            json_t *v = hs_view_build(g, s);
            json_t *mates = json_object_get(json_object_get(v, "battle_cards"), "teammates");
            size_t i;
            json_t *m;
            int want = 0;

            for (int t = 0; t < seats; t++)
                want += t != s && g->p[t].team == g->p[s].team;
            CHECK_EQ_INT((int)json_array_size(mates), want);
            json_array_foreach(mates, i, m) {
                int t = (int)json_integer_value(json_object_get(m, "seat"));

                CHECK(t != s && g->p[t].team == g->p[s].team);
                CHECK_EQ_INT((int)json_array_size(json_object_get(m, "hand")),
                             zone_count(g, HS_Z_HAND, t));
            }
            json_decref(v);
        }
        free(g);
    }
}

/* Pilots chosen are seen by the chooser's team before the reveal, and by
 * nobody else (HS-R-107). */
static void test_hs_r_154_pilots_seen_by_the_team(void)
{
    struct hs_game *g = calloc(1, sizeof *g);
    json_t *ev = json_array(), *e;
    struct rules_error err;
    struct rng r;
    size_t i;

    seeded(&r, 4);
    CHECK(ok(hs_game_setup(g, NULL, 4, &r, NULL, &err), &err));
    CHECK(ok(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"zedock\"}", ev, &err), &err));
    for (int s = -1; s < 4; s++)
        check_view(g, s);
    json_array_foreach(ev, i, e) {
        json_t *to = json_object_get(e, "to");

        if (json_object_get(e, "pilot"))
            CHECK(json_array_size(to) == 2 && json_integer_value(json_array_get(to, 0)) == 0 &&
                  json_integer_value(json_array_get(to, 1)) == 2);
    }
    json_decref(ev);
    free(g);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_151_teams_alternate_by_seat);
    RUN(test_hs_r_151_the_factions_may_swap);
    RUN(test_hs_r_152_other_compositions_refused);
    RUN(test_hs_r_153_teammates_act_in_seat_order);
    RUN(test_hs_r_154_teammates_see_each_others_hands);
    RUN(test_hs_r_154_pilots_seen_by_the_team);
    return check_summary();
}
