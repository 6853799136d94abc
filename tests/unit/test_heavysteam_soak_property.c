/*
 * test_heavysteam_soak_property.c - the soak: random games of every
 * Heavy Steam scenario (1 to 5) in every composition (HS-R-152: two
 * heavies, two lights, a heavy against two lights, two and two, four
 * lights), a share of them customized in secret first (HS-R-140), each
 * from the real setup through legal moves to its end or a move cap.
 * After the moves the fixture's invariants (cubes, 54 cards in their
 * zones, the round trip) and the soak's own, reckoned from the state and
 * never from the engine's checks: at most 6 infantry and 4 mobile cannons
 * a faction on the board; each loadout within its titan's points and, once
 * revealed, the cards chosen and unchanged to the end; recon piles that
 * only grow, a card never leaving its side's pile; one dirigible; a game
 * over only for one of its scenario's reasons.
 *
 * TURNPOST_SOAK_GAMES: games a scenario and player count, shared among
 * the compositions of that count (default 12); TURNPOST_SOAK_PART "i/n": only the
 * combinations c with c % n == i.
 */
#include "heavysteam_scenario_fixture.h"
#include "heavysteam/loadouts.h"

#define COMPOSITIONS 5
#define MAX_MOVES 20000

/* Each scenario's reasons for a game_over (scenario*.c). */
static const char *const REASONS[HS_SCENARIOS + 1][2] = {
    {NULL, NULL},
    {"titan_destroyed", NULL},
    {"titan_destroyed", NULL},
    {"all_titans_destroyed", "dirigible_recovered"},
    {"all_titans_destroyed", "all_infantry_destroyed"},
    {"titan_destroyed", "recon"},
};

struct tally {
    int played, over, customized, capped;
    int reason[2];
};

/* What the soak remembers of one game between its moves. */
struct watch {
    int revealed;                          /* the loadouts are mounted */
    int card[HS_MAX_PLAYERS][HS_MOUNTS];   /* each titan's, at the reveal */
    int pile[HS_MAX_DECK];                 /* team of the recon pile a card is in, -1 */
    int recon;                             /* cards in recon piles */
    int carrier;                           /* from the recovery rolls, -1 nobody */
    int dropped_at;                        /* sector of a destroyed carrier, -1 */
};

static int loadout_cost(const int card[HS_MOUNTS])
{
    int n = 0;

    for (int m = 0; m < HS_MOUNTS; m++)
        n += card[m] < 0 ? 0 : cat()->weapon[card[m]].cost;
    return n;
}

static int points_of(const struct hs_game *g, int titan)
{
    return cat()->titan[g->titan[titan].board].points;
}

/* The loadouts as mounted, each within its titan's points. */
static void record_loadouts(const struct hs_game *g, struct watch *w)
{
    for (int t = 0; t < g->ntitans; t++) {
        memcpy(w->card[t], g->titan[t].card, sizeof w->card[t]);
        if (!CHECK(loadout_cost(w->card[t]) <= points_of(g, t)))
            fprintf(stderr, "  titan %d: loadout cost %d over %d points\n", t,
                    loadout_cost(w->card[t]), points_of(g, t));
    }
    w->revealed = 1;
}

/* The soak's invariants after a move of the rounds (events: its events);
 * 0 when all hold. */
static int check_soak(const struct hs_game *g, struct watch *w, const json_t *events)
{
    int failed = check_state()->checks_failed, count[HS_TEAMS][2] = {{0, 0}, {0, 0}}, recon = 0;
    size_t i;
    json_t *e;

    for (int u = 0; u < g->nunits; u++)
        count[g->unit[u].team][g->unit[u].kind]++;
    for (int t = 0; t < HS_TEAMS; t++)
        if (!CHECK(count[t][HS_UNIT_INFANTRY] <= 6 && count[t][HS_UNIT_CANNON] <= 4))
            fprintf(stderr, "  %s on the board: %d infantry, %d cannons\n",
                    hs_faction_name((enum hs_faction)g->team_faction[t]),
                    count[t][HS_UNIT_INFANTRY], count[t][HS_UNIT_CANNON]);
    for (int t = 0; t < g->ntitans; t++)
        for (int m = 0; m < HS_MOUNTS; m++)
            if (!CHECK_EQ_INT(g->titan[t].card[m], w->card[t][m]))
                fprintf(stderr, "  titan %d's %s changed after the reveal\n", t,
                        hs_mount_names[m]);
    for (int c = 0; c < g->ncards; c++) {
        if (w->pile[c] >= 0 &&
            !CHECK(g->zone[c] == HS_Z_RECON && g->holder[c] == w->pile[c]))
            fprintf(stderr, "  card %d left team %d's recon pile\n", c, w->pile[c]);
        if (g->zone[c] == HS_Z_RECON) {
            w->pile[c] = g->holder[c];
            recon++;
        }
    }
    CHECK(recon >= w->recon);
    w->recon = recon;
    /* the dirigible: taken only by a roll, dropped where its carrier fell */
    json_array_foreach(events, i, e)
        if (!strcmp(json_string_value(json_object_get(e, "type")), "recovery_roll") &&
            json_is_true(json_object_get(e, "recovered"))) {
            CHECK_EQ_INT(g->scenario, 3);
            w->carrier = (int)json_integer_value(json_object_get(e, "seat"));
            w->dropped_at = -1;
        }
    if (g->scenario == 3) {
        const struct hs_titan_at *ta = w->carrier >= 0 ? &g->titan[g->p[w->carrier].titan]
                                                       : NULL;

        CHECK_EQ_INT(g->carrier, w->carrier);
        if (!ta) {
            CHECK(g->dirigible[0] == cat()->board.dirigible[0] &&
                  g->dirigible[1] == cat()->board.dirigible[1]);
        } else if (ta->cubes.destroyed) {
            if (w->dropped_at < 0)
                w->dropped_at = ta->sector;
            CHECK_EQ_INT(ta->sector, w->dropped_at);
        }
    }
    return check_state()->checks_failed != failed;
}

/* The game over's reason one of the scenario's, told once: its index. */
static int reason_of(const struct hs_game *g, const char *why)
{
    for (int r = 0; r < 2; r++)
        if (REASONS[g->scenario][r] && !strcmp(REASONS[g->scenario][r], why))
            return r;
    fprintf(stderr, "  scenario %d over by %s\n", g->scenario, why);
    CHECK(!"a reason of the scenario");
    return 0;
}

/* Seat's loadout stage by random listed changes, then done; the pending
 * choice of the last one done checked against the reveal. */
static void customize(struct hs_game *g, struct watch *w)
{
    json_t *done = json_pack("{s:s}", "type", "loadout_done");
    struct rules_error err;
    int chosen[HS_MAX_PLAYERS][HS_MOUNTS];

    for (int s = 0; s < g->nplayers; s++) {
        for (int k = (int)pick(5); k > 0; k--) {
            json_t *list = hs_loadout_moves(g, s);
            json_t *m = fill(g, json_array_get(json_object_get(list, "moves"), 0));

            CHECK(ok(hs_loadout_apply(g, s, m, NULL, &err), &err));
            CHECK(loadout_cost(g->p[s].loadout) <= points_of(g, g->p[s].titan));
            json_decref(m);
            json_decref(list);
        }
        memcpy(chosen[g->p[s].titan], g->p[s].loadout, sizeof chosen[0]);
        CHECK(ok(hs_loadout_apply(g, s, done, NULL, &err), &err));
    }
    json_decref(done);
    CHECK_EQ_INT(g->stage, HS_STAGE_PILOTS);
    record_loadouts(g, w);
    for (int t = 0; t < g->ntitans; t++)
        for (int m = 0; m < HS_MOUNTS; m++)
            if (!CHECK_EQ_INT(w->card[t][m], chosen[t][m]))
                fprintf(stderr, "  titan %d's %s: the reveal mounted another card\n", t,
                        hs_mount_names[m]);
}

/* Game k of scenario n in composition c, customized in secret: the
 * loadouts by random listed moves, then a random pilot each. */
static struct hs_game *customized_game(int k, int n, int c, struct watch *w)
{
    static const char *const size[] = {"heavy", "light", "mixed", "mixed", "light"};
    static const int seats[] = {2, 2, 3, 4, 4};
    json_t *o = json_pack("{s:i, s:s, s:b}", "scenario", n, "size", size[c], "customize", 1);
    struct hs_game *g = calloc(1, sizeof *g);
    struct rules_error err;

    seeded(&R, k);
    pick_state = (unsigned)k * 2246822519u + 7;
    CHECK(ok(hs_game_setup(g, o, seats[c], &R, NULL, &err), &err));
    json_decref(o);
    customize(g, w);
    for (int s = 0; s < g->nplayers; s++) {
        json_t *list = hs_pilot_moves(g, s), *all = json_object_get(list, "moves");
        json_t *e = json_array_get(all, pick((unsigned)json_array_size(all)));
        json_t *mv = json_pack("{s:s, s:O}", "type", "pilot", "pilot", json_object_get(e, "pilot"));

        CHECK(ok(hs_pilot_apply(g, s, mv, &R, NULL, &err), &err));
        json_decref(mv);
        json_decref(list);
    }
    CHECK_EQ_INT(g->stage, HS_STAGE_ROUND);
    return g;
}

/* One game played out into tally. */
static void soak_game(int k, int n, int c, struct tally *t)
{
    struct watch w;
    struct hs_game *g;
    int bad = 0, over = 0;

    memset(&w, 0, sizeof w);
    memset(w.pile, -1, sizeof w.pile);
    w.carrier = w.dropped_at = -1;
    if (k % 4 == 3) {
        g = customized_game(k, n, c, &w);
        t->customized++;
    } else {
        g = composition_game(k * COMPOSITIONS + c, n);
        record_loadouts(g, &w);
    }
    t->played++;
    bad |= check_invariants(g);
    for (int i = 0; i < MAX_MOVES && g->stage == HS_STAGE_ROUND && g->round < 900 && !bad;
         i++) {
        json_t *ev = json_array();
        const char *why;

        if (!CHECK(random_move(g, ev) == 0)) {
            fprintf(stderr, "  scenario %d seed %d: stuck at %s\n", n, k, hs_ask_name(g->ask));
            bad = 1;
        }
        bad |= check_soak(g, &w, ev);
        /* the fixture's invariants read every view: every 20th move */
        if (i % 20 == 0 || g->stage == HS_STAGE_OVER)
            bad |= check_invariants(g);
        if ((why = over_reason(ev))) {
            CHECK(!over++);
            t->reason[reason_of(g, why)]++;
            CHECK_EQ_INT(g->stage, HS_STAGE_OVER);
            CHECK_EQ_INT(g->winner_team, (int)json_integer_value(json_object_get(
                                             find_event(ev, "game_over"), "winner_team")));
        }
        json_decref(ev);
    }
    CHECK_EQ_INT(over, g->stage == HS_STAGE_OVER);
    t->over += over;
    t->capped += !over;
    if (!over && getenv("HS_SOAK_DEBUG"))
        fprintf(stderr, "  capped: scenario %d seed %d round %d\n", n, k, g->round);
    free(g);
}

/* Every scenario in every composition (this part's share of them), the
 * games of each counted and most of them over. */
static void test_hs_soak_every_scenario_and_composition(void)
{
    static const char *const names[] = {"2 heavy", "2 light", "3 mixed", "4 mixed", "4 light"};
    const char *env = getenv("TURNPOST_SOAK_GAMES"), *part = getenv("TURNPOST_SOAK_PART");
    static const int of_count[] = {2, 2, 1, 2, 2};  /* compositions of its player count */
    int games = env ? atoi(env) : 12, i = 0, parts = 1;

    if (part && sscanf(part, "%d/%d", &i, &parts) != 2)
        i = 0, parts = 1;
    if (games < 1)
        games = 1;
    for (int n = 1; n <= HS_SCENARIOS; n++)
        for (int c = 0; c < COMPOSITIONS; c++) {
            struct tally t;

            if (((n - 1) * COMPOSITIONS + c) % parts != i)
                continue;
            memset(&t, 0, sizeof t);
            for (int k = 0; k < (games + of_count[c] - 1) / of_count[c]; k++)
                soak_game(k, n, c, &t);
            fprintf(stderr, "  soak scenario %d, %s: %d games (%d customized), %d over "
                    "(%s %d, %s %d), %d at the cap\n", n, names[c], t.played, t.customized,
                    t.over, REASONS[n][0], t.reason[0], REASONS[n][1] ? REASONS[n][1] : "-",
                    t.reason[1], t.capped);
            CHECK(t.over * 5 > t.played * 4);
        }
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_soak_every_scenario_and_composition);
    return check_summary();
}
