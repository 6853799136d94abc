/*
 * scenario_recovery.c - Scenario 3, Critical Recovery (RULINGS.md HS-R-180
 * to HS-R-186): every titan in its starting sector, the dirigible between
 * sectors 3 and 4; a titan in its space recovers it in its turn of the
 * Battle Card phase (2 command steam, a d6 of 3 or more, 5 or more with
 * an enemy near it) and carries it; a destroyed carrier drops it; won by
 * carrying it home or by destroying every enemy titan.
 *
 * State (scenario_state, public): {"sectors": [lo, hi], "carrier": seat
 * or null, "tried": [seats]}: the sectors it is in (both while between 3
 * and 4, the carrier's while carried), who carries it, and who tried to
 * recover it in this Cards phase.
 */
#include <string.h>

#include "game_json.h"
#include "round_phase.h"
#include "scenario.h"

#define RULE_RECOVER "HS-R-181 (Critical Recovery: recovering the dirigible)"
#define RECOVER_STEAM 2

static const struct hs_titan_at *titan_of(const struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan];
}

/* The seat carrying the dirigible, -1 none: a destroyed carrier has
 * dropped it (HS-R-184). */
static int carrier(const struct hs_game *g)
{
    return g->carrier >= 0 && !titan_of(g, g->carrier)->cubes.destroyed ? g->carrier : -1;
}

/* The sectors the dirigible is in: the carrier's (HS-R-183), the one a
 * destroyed carrier dropped it in (HS-R-184), or where it lies. */
static void where(const struct hs_game *g, int sec[2])
{
    if (g->carrier >= 0) {
        sec[0] = sec[1] = titan_of(g, g->carrier)->sector;
        return;
    }
    sec[0] = g->dirigible[0];
    sec[1] = g->dirigible[1];
}

/* HS-R-180: "Dirigible placed between sectors 3 & 4. All steam titans
 * start in their respective starting sectors." */
static int setup(struct hs_game *g, struct rng *rng, json_t *events,
                 struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();

    (void)rng;
    (void)err;
    for (int t = 0; t < g->ntitans; t++)
        g->titan[t].sector = cat->board.start[g->titan[t].cubes.board->faction];
    g->dirigible[0] = cat->board.dirigible[0];
    g->dirigible[1] = cat->board.dirigible[1];
    g->carrier = -1;
    g->recover_tried = 0;
    hs_game_event(events, json_pack("{s:s, s:[i, i]}", "type", "dirigible_placed",
                                    "sectors", g->dirigible[0], g->dirigible[1]));
    return 0;
}

/* One attempt a titan a Battle Card phase (HS-AMB-24). */
static void phase_begin(struct hs_game *g, struct rng *rng, json_t *events)
{
    (void)rng;
    (void)events;
    g->recover_tried = 0;
}

/* HS-R-182: "if there is any enemy (steam titan, infantry or mobile
 * cannon) in a sector adjacent to the dirigible": within 1 sector of a
 * sector it is in, its own sectors counted. */
static int enemy_near(const struct hs_game *g, int seat)
{
    int team = g->p[seat].team, sec[2];

    where(g, sec);
    for (int s = 0; s < g->nplayers; s++) {
        const struct hs_titan_at *ta = titan_of(g, s);

        if (g->p[s].team != team && !ta->cubes.destroyed && ta->sector >= sec[0] - 1 &&
            ta->sector <= sec[1] + 1)
            return 1;
    }
    for (int u = 0; u < g->nunits; u++)
        if (g->unit[u].team != team && g->unit[u].sector >= sec[0] - 1 &&
            g->unit[u].sector <= sec[1] + 1)
            return 1;
    return 0;
}

/* Why seat cannot try a recovery now (a refusal into err), or 0. */
static int cannot_recover(const struct hs_game *g, int seat, struct rules_error *err)
{
    const struct hs_titan_at *ta = titan_of(g, seat);
    int sec[2];

    where(g, sec);
    if (g->stage != HS_STAGE_ROUND || g->phase != HS_PH_CARDS ||
        (g->ask != HS_ASK_BUY && g->ask != HS_ASK_NONE) || ta->cubes.destroyed)
        return rules_fail(err, "not_now", RULE_RECOVER,
                          "A titan recovers the dirigible in its turn of the Battle "
                          "Card phase.");
    if (carrier(g) >= 0)
        return rules_fail(err, "dirigible_carried", "HS-R-183 (Critical Recovery)",
                          "Seat %d's titan carries the dirigible.", carrier(g));
    if (g->recover_tried >> seat & 1)
        return rules_fail(err, "recovery_tried", RULE_RECOVER,
                          "Your titan has tried to recover the dirigible this phase.");
    if (ta->sector < sec[0] || ta->sector > sec[1])
        return rules_fail(err, "not_at_dirigible", RULE_RECOVER,
                          "A steam titan in the same space as the dirigible may recover "
                          "it: it is in sector %d%s.", sec[0],
                          sec[1] != sec[0] ? " and the next" : "");
    if (hs_titan_steam_at(&ta->cubes, ta->cubes.board->command) < RECOVER_STEAM)
        return rules_fail(err, "insufficient_steam", RULE_RECOVER,
                          "A recovery spends 2 steam cubes from the command station.");
    return 0;
}

static void moves(const struct hs_game *g, int seat, json_t *out)
{
    if (!cannot_recover(g, seat, NULL))
        json_array_append_new(out, hs_round_entry("recover", "move"));
}

/* HS-R-181: 2 command steam to the power reserve (as buying spends it),
 * a failure too, then the d6. */
static int apply(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                 json_t *events, struct rules_error *err)
{
    struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int need, roll;

    if (strcmp(json_string_value(json_object_get(move, "type")), "recover") != 0)
        return 1;
    if (hs_round_keys(move, (const char *const[]){"type", NULL}, err) ||
        cannot_recover(g, seat, err) ||
        hs_titan_pay(t, t->board->command, RECOVER_STEAM, HS_PAY_RESERVE, events, err))
        return -1;
    need = enemy_near(g, seat) ? 5 : 3;
    roll = rng_die(rng, 6);
    g->recover_tried |= 1u << seat;
    if (roll >= need)
        g->carrier = seat;
    hs_game_event(events, json_pack("{s:s, s:i, s:i, s:i, s:i, s:b}", "type",
                                    "recovery_roll", "seat", seat, "steam", RECOVER_STEAM,
                                    "need", need, "roll", roll, "recovered", roll >= need));
    return 0;
}

/* HS-R-185: "The first steam titan to recover the dirigible and return
 * to their side's starting sector wins the game for their side. OR The
 * first side to destroy all opposing steam titans wins the game." Read
 * after every step: the carrier wins where it stands in its side's start
 * sector, the move that brings it there or a recovery there. */
static struct hs_victory victory(const struct hs_game *g, const int destroyed[], int n)
{
    struct hs_victory v = hs_victory_all_titans(g, destroyed, n);
    int c = carrier(g);

    if (v.team < 0 && c >= 0 &&
        titan_of(g, c)->sector == hs_catalog_get()->board.start[g->team_faction[g->p[c].team]])
        v = (struct hs_victory){g->p[c].team, "dirigible_recovered", c, "carrier"};
    return v;
}

static json_t *dump(const struct hs_game *g)
{
    json_t *tried = json_array();
    int sec[2];

    where(g, sec);
    for (int s = 0; s < g->nplayers; s++)
        if (g->recover_tried >> s & 1)
            json_array_append_new(tried, json_integer(s));
    return json_pack("{s:[i, i], s:o, s:o}", "sectors", sec[0], sec[1], "carrier",
                     carrier(g) >= 0 ? json_integer(carrier(g)) : json_null(), "tried",
                     tried);
}

static int load(struct hs_game *g, const json_t *state)
{
    static const char *const keys[] = {"sectors", "carrier", "tried", NULL};
    json_t *f[3], *v;
    size_t i;

    if (!json_is_object(state) || rules_object_fields(state, keys, f) ||
        json_array_size(f[0]) != 2 ||
        hs_int(json_array_get(f[0], 0), 0, HS_SECTORS - 1, &g->dirigible[0]) ||
        hs_int(json_array_get(f[0], 1), g->dirigible[0], g->dirigible[0] + 1,
               &g->dirigible[1]) ||
        !f[1] || !json_is_array(f[2]))
        return -1;
    g->carrier = -1;
    if (!json_is_null(f[1])) {
        if (hs_int(f[1], 0, g->nplayers - 1, &g->carrier) ||
            titan_of(g, g->carrier)->cubes.destroyed ||
            g->dirigible[0] != titan_of(g, g->carrier)->sector ||
            g->dirigible[1] != g->dirigible[0])
            return -1;
    }
    g->recover_tried = 0;
    json_array_foreach(f[2], i, v) {
        int s;

        if (hs_int(v, 0, g->nplayers - 1, &s) || (g->recover_tried >> s & 1))
            return -1;
        g->recover_tried |= 1u << s;
    }
    /* tried only in the Cards phase (cleared at each phase's start) */
    return g->recover_tried && g->phase != HS_PH_CARDS ? -1 : 0;
}

const struct hs_scenario hs_scenario_recovery = {
    .id = 3,
    .name = "critical_recovery",
    .rule = "HS-R-180 (Scenario 3: Critical Recovery)",
    .setup = setup,
    .phase_begin = phase_begin,
    .victory = victory,
    .dump = dump,
    .load = load,
    .moves = moves,
    .apply = apply,
};
