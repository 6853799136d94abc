/*
 * scenario_frontline.c - Scenario 4, Frontline Fight (RULINGS.md HS-R-190
 * to HS-R-197): no Infantry Support cards; each team's mobile cannon and
 * three infantry on the track from the start, those infantry marked with
 * a white cube (a defense die more) until they move or fire, when they
 * take a black cube instead (an attack die more against them); a player
 * whose titan is destroyed fires his team's units and moves one of them
 * in the Move phase; won by destroying all the enemy's infantry or all
 * its titans.
 */
#include <string.h>

#include "game_json.h"
#include "scenario.h"

#define RULE_SETUP "HS-R-190 (Frontline Fight Setup)"

/* HS-R-191: "Remove all infantry support cards from the battle cards
 * deck." (the Reinforcements event is no support card and stays) */
static int set_aside(const struct hs_battle_card *c)
{
    return c->kind == HS_K_SUPPORT && c->has_unit && c->unit.kind == HS_UNIT_INFANTRY;
}

/* The team's first seat: it owns the units the setup places (HS-R-190). */
static int first_seat(const struct hs_game *g, int team)
{
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == team)
            return s;
    return -1;
}

static int place(struct hs_game *g, enum hs_unit_kind kind, int team, int sector,
                 json_t *events, struct rules_error *err)
{
    struct hs_unit_at *u;

    if (g->nunits >= HS_MAX_UNITS)
        return rules_fail(err, "too_many_units", RULE_SETUP,
                          "No more support units fit the battle.");
    u = &g->unit[g->nunits++];
    memset(u, 0, sizeof *u);
    u->card = -1;                /* HS-DATA-15: the support cards' units */
    u->kind = kind;
    u->team = team;
    u->owner = first_seat(g, team);
    u->sector = sector;
    /* HS-R-192: "Infantry starting the game on the map should be marked
     * with a white cube." */
    if (kind == HS_UNIT_INFANTRY && g->stock_white > 0) {
        u->white = 1;
        g->stock_white--;
    }
    hs_game_event(events, json_pack("{s:s, s:i, s:s, s:i, s:b}", "type", "unit_placed",
                                    "seat", u->owner, "kind",
                                    kind == HS_UNIT_CANNON ? "cannon" : "infantry",
                                    "sector", sector, "white_cube", u->white));
    return 0;
}

/* HS-R-190: "Each team places one mobile cannon token in the sector in
 * front of their starting sector (sectors 1 or 6), 1 infantry token one
 * sector forward from the mobile cannon token (sector 2 or 5) and 2
 * infantry in the next sector forward (sector 3 or 4)." The titans are
 * the general setup's (heavies in the start sectors, lights one
 * forward). */
static int setup(struct hs_game *g, struct rng *rng, json_t *events,
                 struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();

    (void)rng;
    for (int t = 0; t < HS_TEAMS; t++) {
        int start = cat->board.start[g->team_faction[t]];
        int fwd = start == 0 ? 1 : -1;

        if (place(g, HS_UNIT_CANNON, t, start + fwd, events, err) ||
            place(g, HS_UNIT_INFANTRY, t, start + 2 * fwd, events, err) ||
            place(g, HS_UNIT_INFANTRY, t, start + 3 * fwd, events, err) ||
            place(g, HS_UNIT_INFANTRY, t, start + 3 * fwd, events, err))
            return -1;
    }
    return 0;
}

/* HS-R-193: "When an infantry moves or fires it loses any white cube it
 * has and gains a black cube. An infantry can only have 1 black cube on
 * it at a time." Any infantry, the setup's or an event's. */
static void unit_acted(struct hs_game *g, int unit, json_t *events)
{
    struct hs_unit_at *u = &g->unit[unit];

    if (u->kind != HS_UNIT_INFANTRY || (u->black && !u->white))
        return;
    g->stock_white += u->white;
    u->white = 0;
    if (!u->black) {
        u->black = 1;
        g->stock_black--;        /* may be borrowed (HS-DATA-16) */
    }
    hs_game_event(events, json_pack("{s:s, s:i, s:b, s:b}", "type", "unit_marked",
                                    "unit", unit, "white_cube", 0, "black_cube", 1));
}

/* HS-R-192: "While infantry have a white cube it gains an additional
 * defense die." HS-R-194: "Anyone firing at infantry with a black cube
 * gains 1 attack die." */
static void unit_dice(const struct hs_game *g, int unit, int *attack, int *defense)
{
    *attack += g->unit[unit].black;
    *defense += g->unit[unit].white;
}

/* HS-R-196: "If a player has his steam titan destroyed then he should
 * take over the firing for all infantry and mobile cannons." The team's
 * first seat whose titan is destroyed, while the team has a titan left
 * (with none the game is over). */
static int units_seat(const struct hs_game *g, int team)
{
    int seat = -1, left = 0;

    for (int s = 0; s < g->nplayers; s++) {
        if (g->p[s].team != team)
            continue;
        if (!g->titan[g->p[s].titan].cubes.destroyed)
            left++;
        else if (seat < 0)
            seat = s;
    }
    return left ? seat : -1;
}

static int infantry(const struct hs_game *g, int team)
{
    int n = 0;

    for (int u = 0; u < g->nunits; u++)
        n += g->unit[u].team == team && g->unit[u].kind == HS_UNIT_INFANTRY;
    return n;
}

/* HS-R-195: "The first side to destroy all opposing infantry or all
 * opposing titans wins the game." */
static struct hs_victory victory(const struct hs_game *g, const int destroyed[], int n)
{
    struct hs_victory v = hs_victory_all_titans(g, destroyed, n);

    for (int t = 0; t < HS_TEAMS && v.team < 0; t++)
        if (!infantry(g, t))
            v = (struct hs_victory){1 - t, "all_infantry_destroyed", -1, NULL};
    return v;
}

/* No state of its own but the units' marks: checked here. An infantry
 * has one mark or none; a cannon none (game_titan.c); the miniatures a
 * faction has: 6 infantry, 4 mobile cannons (Game Components). */
static int load(struct hs_game *g, const json_t *state)
{
    int count[HS_TEAMS][2] = {{0, 0}, {0, 0}};

    if (state)
        return -1;
    for (int u = 0; u < g->nunits; u++) {
        const struct hs_unit_at *x = &g->unit[u];

        if (x->white && x->black)
            return -1;
        count[x->team][x->kind]++;
    }
    for (int t = 0; t < HS_TEAMS; t++)
        if (count[t][HS_UNIT_INFANTRY] > 6 || count[t][HS_UNIT_CANNON] > 4)
            return -1;
    return 0;
}

const struct hs_scenario hs_scenario_frontline = {
    .id = 4,
    .name = "frontline_fight",
    .rule = "HS-R-190 (Scenario 4: Frontline Fight)",
    .set_aside = set_aside,
    .setup = setup,
    .victory = victory,
    .load = load,
    .unit_acted = unit_acted,
    .unit_dice = unit_dice,
    .units_seat = units_seat,
};
