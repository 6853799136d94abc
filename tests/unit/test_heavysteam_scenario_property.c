/*
 * test_heavysteam_scenario_property.c - random games of Heavy Steam's
 * Chance Encounter and Recon in Force (RULINGS.md HS-R-160..HS-R-179),
 * 2 to 4 players, from each scenario's real setup through legal moves to
 * their victories, the invariants checked after the moves
 * (heavysteam_scenario_fixture.h: cubes, 54 cards in their zones, the
 * state's round trip) with each scenario's own.
 */
#include "heavysteam_scenario_fixture.h"

/* HS-R-167 and every rule in play: random games from the scenario's
 * setup to the first titan destroyed, the invariants after each move,
 * the Smoke event set aside throughout, each titan placed in its half. */
static void test_hs_r_167_playouts_to_first_titan_destroyed(void)
{
    int over = 0, placed = 0;

    for (int k = 0; k < 300; k++) {
        struct hs_game *g = composition_game(k, 2);
        int bad = 0;

        /* the state counts rounds up to 1000: long random games are left */
        for (int i = 0; i < 20000 && g->stage == HS_STAGE_ROUND && g->round < 900 && !bad;
             i++) {
            json_t *ev = json_array();
            const char *why;

            placed += g->ask == HS_ASK_PLACE;
            if (g->ask == HS_ASK_MOVE && g->round == 1 && !g->titan[g->ask_seat].moved) {
                int at = g->titan[g->ask_seat].sector, uk = g->p[g->ask_seat].team ==
                                                                 g->p[0].team;

                CHECK(uk ? at == 1 || at == 2 : at == 5 || at == 6);
            }
            if (!CHECK(random_move(g, ev) == 0)) {
                fprintf(stderr, "  seed %d: stuck at %s\n", k, hs_ask_name(g->ask));
                bad = 1;
            }
            if (i % 7 == 0 || g->stage == HS_STAGE_OVER || g->round == 1)
                bad |= check_invariants(g);
            bad |= !CHECK_EQ_INT(g->zone[smoke_event_card(g)], HS_Z_EVENTS_DONE);
            if ((why = over_reason(ev))) {
                CHECK_EQ_STR(why, "titan_destroyed");
                over++;
            }
            json_decref(ev);
        }
        free(g);
    }
    fprintf(stderr, "  Chance Encounter: %d of 300 games over (2 to 4 players), %d "
            "placements asked\n", over, placed);
    CHECK(over > 250);
    CHECK(placed > 200);
}

/* HS-R-176's ties and HS-R-177: sides that fight on until their piles
 * tie on points (then on cards, then on the titans' distance), and a
 * declaration then: the winner as the tie-breaks say. */
static void test_hs_r_177_tie_breaks(void)
{
    static const char *const ties[] = {"fewer_cards", "closest_titan", "declared"};
    int seen[3] = {0, 0, 0};

    for (int k = 0; k < 800 && !(seen[0] && seen[1] && seen[2]); k++) {
        struct hs_game *g = composition_game(k, 5);

        for (int i = 0; i < 20000 && g->stage == HS_STAGE_ROUND && g->round < 900; i++) {
            const char *by;
            int team, win, t = 0;

            if (g->ask != HS_ASK_DECLARE) {
                if (random_move(g, NULL) < 0)
                    break;
                continue;
            }
            team = g->p[g->ask_seat].team;
            win = recon_winner(g, team, &by);
            while (t < 3 && strcmp(ties[t], by) != 0)
                t++;
            if (t == 3 || seen[t]) {
                move_ok(g, "{\"type\": \"fight_on\"}", NULL);
                continue;
            }
            {
                json_t *ev = json_array();

                move_ok(g, "{\"type\": \"declare_over\"}", ev);
                CHECK_EQ_INT(g->winner_team, win);
                CHECK_EQ_STR(json_string_value(json_object_get(find_event(ev, "recon_revealed"),
                                                               "decided_by")), by);
                json_decref(ev);
            }
            seen[t]++;
        }
        free(g);
    }
    CHECK(seen[0] && seen[1] && seen[2]);
}

/*
 * HS-R-178, HS-R-179 in play: random games of 2 to 4
 * players from the scenario's setup to a declaration or a titan
 * destroyed; after every move the invariants, recon cards never leaving
 * their pile (nor going back into the deck when it is reshuffled), the
 * declaration asked exactly when a side may make it, and every reveal's
 * winner as the tie-breaks say.
 */
static void test_hs_r_178_179_playouts(void)
{
    int over[2] = {0, 0}, by_tie = 0, reshuffled = 0, players[HS_MAX_PLAYERS + 1] = {0};

    for (int k = 0; k < 200; k++) {
        struct hs_game *g = composition_game(k, 5);
        enum hs_zone was[HS_MAX_DECK];
        int bad = 0;

        players[g->nplayers]++;
        for (int i = 0; i < 20000 && g->stage == HS_STAGE_ROUND && g->round < 900 && !bad;
             i++) {
            json_t *ev = json_array();
            int declarer = -1, win = -1;
            const char *by = NULL, *why;

            for (int c = 0; c < g->ncards; c++)
                was[c] = g->zone[c];
            if (g->ask == HS_ASK_DECLARE) {
                declarer = g->p[g->ask_seat].team;
                win = recon_winner(g, declarer, &by);
            }
            if (!CHECK(random_move(g, ev) == 0)) {
                fprintf(stderr, "  seed %d: stuck at %s\n", k, hs_ask_name(g->ask));
                bad = 1;
            }
            for (int c = 0; c < g->ncards; c++)
                if (was[c] == HS_Z_RECON)
                    bad |= !CHECK_EQ_INT(g->zone[c], HS_Z_RECON);
            reshuffled += has_event(ev, "deck_reshuffled") && pile(g, 0) + pile(g, 1) > 0;
            if (i % 7 == 0 || g->stage == HS_STAGE_OVER)
                bad |= check_invariants(g);
            /* asked at the round's start exactly when a side may declare */
            if (has_event(ev, "round_started") && g->stage == HS_STAGE_ROUND) {
                int may = 0;

                for (int t = 0; t < HS_TEAMS; t++)
                    may |= pile(g, t) >= (players_of(g, t) == 1 ? 3 : 5);
                bad |= !CHECK_EQ_INT(g->ask == HS_ASK_DECLARE, may);
            }
            if ((why = over_reason(ev))) {
                int recon = strcmp(why, "recon") == 0;

                over[recon]++;
                if (recon) {
                    CHECK_EQ_INT(g->winner_team, win);
                    CHECK_EQ_STR(json_string_value(json_object_get(
                                     find_event(ev, "recon_revealed"), "decided_by")), by);
                    by_tie += strcmp(by, "points") != 0;
                } else {
                    CHECK_EQ_STR(why, "titan_destroyed");
                }
            }
            json_decref(ev);
        }
        free(g);
    }
    fprintf(stderr, "  Recon in Force: 200 games (%d of 2, %d of 3, %d of 4 players): %d won "
            "by recon (%d past the points), %d by a titan destroyed; %d reshuffles with "
            "recon cards out\n", players[2], players[3], players[4], over[1], by_tie, over[0],
            reshuffled);
    CHECK(over[1] > 40 && over[0] > 40);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_167_playouts_to_first_titan_destroyed);
    RUN(test_hs_r_177_tie_breaks);
    RUN(test_hs_r_178_179_playouts);
    return check_summary();
}
