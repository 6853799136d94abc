/*
 * setup.c - a new Heavy Steam game (setup.h): options, the titans, the
 * battle cards, the starting initiative.
 */
#include "setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_json.h"
#include "scenario.h"

#define RULE_SCENARIO "HS-R-10 (Scenario 1: Meeting Engagement Setup)"
#define RULE_CHOOSE "HS-R-150 (Scenarios)"
#define RULE_COMPOSITION "HS-R-152 (Scenario Setup: the players and their titans)"
#define RULE_TEAMS "HS-R-01 (Choose a Steam Titan)"
#define RULE_CARDS "HS-R-08 (Set up the Battle Cards on the Battle Board)"
#define RULE_LOADOUTS "HS-R-135 (Customize Steam Titan)"
#define RULE_CUSTOMIZE "HS-R-140 (Customize Steam Titan: When to Customize)"

static const char *const faction_ids[] = {"uk", "cet", NULL};
/* enum hs_size, and "mixed": the sizes a composition of 3 or 4 gives */
#define HS_SIZE_MIXED 2
static const char *const size_ids[] = {"heavy", "light", "mixed", NULL};

struct options {
    int scenario;                /* 1..5, 0: rolled at setup */
    int faction[HS_MAX_PLAYERS];
    int board[HS_MAX_PLAYERS];   /* catalog titan index */
    int card[HS_MAX_PLAYERS][HS_MOUNTS]; /* catalog weapon index, -1 empty */
    int customize;               /* the loadouts chosen in secret (HS-R-140) */
};

/* The numbers of the scenarios that can be played, "1, 2" */
static const char *playable_list(void)
{
    static char buf[32];
    size_t len = 0;

    buf[0] = 0;
    for (int k = 1; k <= HS_SCENARIOS; k++)
        if (hs_scenario(k))
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", len ? ", " : "", k);
    return buf;
}

/* The board after the first skip of faction f and size z, in the
 * catalog's order; -1 when there are not so many. */
static int nth_board(const struct hs_catalog *cat, int f, int z, int skip)
{
    for (int i = 0; i < cat->ntitans; i++)
        if ((int)cat->titan[i].faction == f && (int)cat->titan[i].size == z && skip-- == 0)
            return i;
    return -1;
}

/*
 * The cards on each seat's titan (HS-R-135): the printed loadout, with
 * the mounts that seat's entry of loadouts names swapped for the cards it
 * names (null: the slot left empty). Needs op->board.
 */
static int read_loadouts(const json_t *v, int seats, struct options *op,
                         struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();

    if (v && (!json_is_array(v) || json_array_size(v) != (size_t)seats))
        return rules_fail(err, "bad_loadouts", RULE_LOADOUTS,
                          "loadouts has an entry for each seat: null for the printed "
                          "loadout, or the cards by mount.");
    for (int s = 0; s < seats; s++) {
        const struct hs_board *b = &cat->titan[op->board[s]];
        const json_t *e = json_array_get(v, (size_t)s);
        const char *id[HS_MOUNTS], *bad;
        struct rules_error why;

        if (e && !json_is_null(e) && !json_is_object(e))
            return rules_fail(err, "bad_loadout_entry", RULE_LOADOUTS,
                              "Seat %d's loadout is null or an object of cards by "
                              "mount.", s);
        if (json_is_object(e) && (bad = rules_unknown_key(e, hs_mount_names)))
            return rules_fail(err, "unknown_mount", RULE_LOADOUTS,
                              "Seat %d's loadout: \"%s\" is not a mount (left_arm, "
                              "right_arm, torso).", s, bad);
        for (int m = 0; m < HS_MOUNTS; m++) {
            const json_t *c = json_object_get(e, hs_mount_names[m]);

            if (c && !json_is_null(c) && !json_is_string(c))
                return rules_fail(err, "bad_loadout_entry", RULE_LOADOUTS,
                                  "Seat %d's loadout: the %s is a card id or null.", s,
                                  hs_mount_names[m]);
            id[m] = c ? json_string_value(c) : b->loadout[m];
        }
        if (hs_catalog_loadout_check(cat, b, id, op->card[s], &why))
            return rules_fail(err, why.code, why.rule, "Seat %d's %s: %s", s, b->name,
                              why.message);
    }
    return 0;
}

/* The size of seat's titan when the option names a size for all
 * (HS-R-152): "mixed" gives the lone seat of three its heavy, and the
 * first seat of each team of four. */
static int seat_size(int size, int seat, int seats)
{
    if (size != HS_SIZE_MIXED)
        return size;
    return seats == 3 ? (seat == 0 ? HS_HEAVY : HS_LIGHT) : seat < 2 ? HS_HEAVY : HS_LIGHT;
}

/*
 * HS-R-152: the five compositions every scenario lists, and no other:
 * heavy against heavy, light against light (2 players), a heavy against
 * two lights (3), two lights against two lights, or a heavy and a light
 * against a heavy and a light (4).
 */
static int composition_ok(const int size[], int seats)
{
    int heavy[HS_TEAMS] = {0}, light[HS_TEAMS] = {0};

    for (int s = 0; s < seats; s++) {
        if (size[s] == HS_HEAVY)
            heavy[hs_seat_team(s, seats)]++;
        else
            light[hs_seat_team(s, seats)]++;
    }
    switch (seats) {
    case 2: return heavy[0] == heavy[1];
    case 3: return heavy[0] == 1 && light[1] == 2;
    case 4: return heavy[0] == heavy[1] && heavy[0] <= 1;
    default: return 0;
    }
}

static int bad_composition(struct rules_error *err)
{
    return rules_fail(err, "bad_composition", RULE_COMPOSITION,
                      "The scenarios are played heavy against heavy or light against "
                      "light by 2 players, a heavy against two lights by 3 (seat 0 "
                      "alone), and two lights or a heavy and a light a team by 4.");
}

/* The seats' factions: by team, from "factions" (one a seat, teammates
 * alike) or U.K. for the team of seat 0. */
static int read_factions(const json_t *v, int seats, struct options *op,
                         struct rules_error *err)
{
    for (int s = 0; s < seats; s++)
        op->faction[s] = hs_seat_team(s, seats) == 0 ? HS_UK : HS_CET;
    if (!v)
        return 0;
    if (!json_is_array(v) || json_array_size(v) != (size_t)seats)
        return rules_fail(err, "bad_factions", RULE_TEAMS,
                          "factions names \"uk\" or \"cet\" for each seat.");
    for (int s = 0; s < seats; s++)
        if ((op->faction[s] = hs_json_name(
                 faction_ids, json_string_value(json_array_get(v, (size_t)s)))) < 0)
            return rules_fail(err, "bad_factions", RULE_TEAMS,
                              "factions names \"uk\" or \"cet\" for each seat.");
    for (int s = 0; s < seats; s++)
        for (int t = 0; t < s; t++) {
            int mates = hs_seat_team(s, seats) == hs_seat_team(t, seats);

            if (mates != (op->faction[s] == op->faction[t]))
                return rules_fail(err, "same_faction", RULE_TEAMS,
                                  "One team plays the U.K. Alliance and the other the "
                                  "C.E.T.: seats %d and %d are %s.", t, s,
                                  mates ? "teammates" : "on opposite teams");
        }
    return 0;
}

/* Each seat's titan board: named in "titans", or the faction's boards of
 * the seat's size in the catalog's order, no board twice (HS-R-152); of
 * the size given, when it is. */
static int read_titans(const json_t *v, int seats, int size, int size_given,
                       struct options *op, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int sizes[HS_MAX_PLAYERS];

    if (v && (!json_is_array(v) || json_array_size(v) != (size_t)seats))
        return rules_fail(err, "bad_titans", RULE_SCENARIO,
                          "titans names one titan board for each seat.");
    for (int s = 0; s < seats; s++)
        sizes[s] = seat_size(size, s, seats);
    if (!v && !composition_ok(sizes, seats))
        return bad_composition(err);
    for (int s = 0; s < seats; s++) {
        int z = seat_size(size, s, seats);
        const struct hs_board *b;

        if (v) {
            op->board[s] = hs_catalog_titan(cat, json_string_value(json_array_get(v, (size_t)s)));
        } else {
            int skip = 0;

            for (int t = 0; t < s; t++)
                skip += op->faction[t] == op->faction[s] && seat_size(size, t, seats) == z;
            op->board[s] = nth_board(cat, op->faction[s], z, skip);
        }
        if (op->board[s] < 0)
            return rules_fail(err, "unknown_titan", RULE_SCENARIO,
                              "Seat %d's titan board is not in the game.", s);
        b = &cat->titan[op->board[s]];
        if ((int)b->faction != op->faction[s])
            return rules_fail(err, "titan_wrong_faction", RULE_TEAMS,
                              "Players on opposite teams cannot choose steam titans "
                              "from the same faction: seat %d plays %s.", s,
                              faction_ids[op->faction[s]]);
        for (int t = 0; t < s; t++)
            if (op->board[t] == op->board[s])
                return rules_fail(err, "titan_twice", RULE_COMPOSITION,
                                  "Each steam titan has a unique game board: seats %d and "
                                  "%d both chose %s.", t, s, b->name);
        if ((!v || size_given) && (int)b->size != z)
            return rules_fail(err, "titan_wrong_size", RULE_COMPOSITION,
                              "Seat %d's titan must be %s.", s, size_ids[z]);
        sizes[s] = (int)b->size;
    }
    return composition_ok(sizes, seats) ? 0 : bad_composition(err);
}

static int read_options(const json_t *o, int seats, struct options *op,
                        struct rules_error *err)
{
    static const char *const keys[] = {"scenario", "size", "titans", "factions",
                                       "loadouts", "customize", NULL};
    json_t *v;
    const char *bad;
    int size;

    if (o && !json_is_object(o))
        return rules_fail(err, "bad_options", RULE_SCENARIO,
                          "The options must be a JSON object.");
    if (o && (bad = rules_unknown_key(o, keys)))
        return rules_fail(err, "unknown_option", RULE_SCENARIO,
                          "Heavy Steam has no option \"%s\".", bad);
    if (seats < 2 || seats > HS_MAX_PLAYERS)
        return rules_fail(err, "bad_seats", RULE_COMPOSITION,
                          "Heavy Steam is a game for 2 to 4 players.");
    v = json_object_get(o, "scenario");
    op->scenario = 1;
    if (v && json_is_string(v) && strcmp(json_string_value(v), "roll") == 0) {
        for (int k = 1; k <= HS_SCENARIOS; k++)
            if (!hs_scenario(k))
                return rules_fail(err, "unknown_scenario", RULE_CHOOSE,
                                  "The scenario cannot be rolled for yet: Scenario %d "
                                  "cannot be played here.", k);
        op->scenario = 0;
    } else if (v && !(json_is_integer(v) && hs_scenario((int)json_integer_value(v)))) {
        return rules_fail(err, "unknown_scenario", RULE_CHOOSE,
                          "The scenario is one of those that can be played here (%s), "
                          "or \"roll\".", playable_list());
    } else if (v) {
        op->scenario = (int)json_integer_value(v);
    }
    size = seats == 2 ? HS_HEAVY : HS_SIZE_MIXED;
    v = json_object_get(o, "size");
    if (v && (size = hs_json_name(size_ids, json_string_value(v))) < 0)
        return rules_fail(err, "bad_size", RULE_COMPOSITION,
                          "The size is \"heavy\", \"light\" or \"mixed\".");
    if (size == HS_SIZE_MIXED && seats == 2)
        return bad_composition(err);
    if (read_factions(json_object_get(o, "factions"), seats, op, err) ||
        read_titans(json_object_get(o, "titans"), seats, size, v != NULL, op, err))
        return -1;
    v = json_object_get(o, "customize");
    if (v && !json_is_boolean(v))
        return rules_fail(err, "bad_customize", RULE_CUSTOMIZE,
                          "customize is true (each player customizes in secret before "
                          "the pilots) or false (the printed or agreed loadouts).");
    op->customize = json_is_true(v);
    if (op->customize && json_object_get(o, "loadouts"))
        return rules_fail(err, "customize_and_loadouts", RULE_CUSTOMIZE,
                          "The loadouts are agreed at creation (loadouts) or customized "
                          "in secret (customize), not both.");
    return read_loadouts(json_object_get(o, "loadouts"), seats, op, err);
}

/* Titan s (its board set) with card[m] on its mounts (HS-R-07); placed
 * the first time in its start sector (HS-R-10). */
static int setup_titan(struct hs_game *g, int s, const int card[HS_MOUNTS],
                       json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_titan_at *t = &g->titan[s];
    const struct hs_board *b = &cat->titan[t->board];
    struct hs_mounted mounted[HS_MOUNTS];
    int start = cat->board.start[b->faction], placed = t->cubes.board != NULL;

    memset(mounted, 0, sizeof mounted);
    t->owner = s;
    t->terrain = -1;
    for (int m = 0; m < HS_MOUNTS; m++) {
        t->card[m] = card[m];
        if (card[m] >= 0)
            hs_catalog_mounted(&cat->weapon[card[m]], &mounted[m]);
    }
    if (placed) {
        /* set up again: its cubes go back to the stocks first */
        struct hs_census c;

        hs_titan_census(&t->cubes, &c);
        g->stock_white += c.steam_white + c.steam_red + c.pressure_steam + c.reserve;
        g->stock_blue += c.shield;
        g->stock_red += c.pressure_heat;
        g->stock_black += c.damage;
    }
    if (hs_titan_init(&t->cubes, b, mounted, events, err))
        return -1;
    /* lights one sector forward of their start sector (HS-AMB-01) */
    if (!placed)
        t->sector = b->size == HS_HEAVY ? start : start == 0 ? 1 : HS_SECTORS - 2;
    return 0;
}

int hs_setup_titans(struct hs_game *g, int card[][HS_MOUNTS], json_t *events,
                    struct rules_error *err)
{
    for (int s = 0; s < g->ntitans; s++)
        if (setup_titan(g, s, card[s], events, err))
            return -1;
    hs_game_settle(g);
    return 0;
}

/* ---- the battle cards --------------------------------------------------------- */

static void to_deck(struct hs_game *g, int c)
{
    g->zone[c] = HS_Z_DECK;
    g->holder[c] = -1;
    g->deck[g->ndeck++] = c;
}

/* The deck's top card, taken off it; -1 when empty. */
static int draw_top(struct hs_game *g)
{
    int c;

    if (g->ndeck == 0)
        return -1;
    c = g->deck[0];
    memmove(g->deck, g->deck + 1, sizeof g->deck[0] * (size_t)--g->ndeck);
    return c;
}

int hs_deal_battle_cards(struct hs_game *g, struct rng *rng, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_scenario *sc = hs_scenario(g->scenario);
    int events[HS_MAX_DECK], nevents = 0, eis[HS_MAX_DECK], neis = 0, placed = 0;

    g->ncards = g->ndeck = 0;
    for (int b = 0; b < cat->nbattle; b++)
        for (int k = 0; k < cat->battle[b].copies && g->ncards < HS_MAX_DECK; k++)
            g->card[g->ncards++] = b;
    if (g->ncards != HS_BATTLE_CARDS)
        return rules_fail(err, "bad_deck", RULE_CARDS, "The battle deck is not 54 cards.");
    for (int c = 0; c < g->ncards; c++) {
        enum hs_card_kind k = cat->battle[g->card[c]].kind;

        g->zone[c] = HS_Z_BOX;
        g->holder[c] = -1;
        if (sc && sc->set_aside && sc->set_aside(&cat->battle[g->card[c]]))
            continue;
        if (k == HS_K_EVENT)
            events[nevents++] = c;
        else if (k == HS_K_START)
            eis[neis++] = c;
        else
            to_deck(g, c);
    }
    rng_shuffle(rng, g->deck, (size_t)g->ndeck);
    /* one card at a time around the table, as a table deals (HS-R-08) */
    for (int k = 0; k < 3; k++)
        for (int s = 0; s < g->nplayers; s++) {
            int c = draw_top(g);

            if (c < 0)
                return rules_fail(err, "bad_deck", RULE_CARDS, "The deck ran out.");
            g->zone[c] = HS_Z_HAND;
            g->holder[c] = s;
        }
    g->nslots = cat->board.nslots;
    for (int i = 0; i < g->nslots; i++)
        g->slot[i] = -1;
    /* Enemy in Sight: one per player, from the rightmost titan slot left */
    for (int i = g->nslots - 1; i >= 0 && placed < g->nplayers; i--)
        if (cat->board.slot[i].titan && placed < neis) {
            g->slot[i] = eis[placed++];
            g->zone[g->slot[i]] = HS_Z_TRACK;
        }
    if (placed < g->nplayers)
        return rules_fail(err, "bad_deck", RULE_CARDS,
                          "The track has no titan slot left for an Enemy in Sight card.");
    for (int i = 0; i < g->nslots; i++)
        if (g->slot[i] < 0) {
            if ((g->slot[i] = draw_top(g)) < 0)
                return rules_fail(err, "bad_deck", RULE_CARDS, "The deck ran out.");
            g->zone[g->slot[i]] = HS_Z_TRACK;
        }
    /* three events at random, unseen; the others stay in the box */
    rng_shuffle(rng, events, (size_t)nevents);
    for (int i = 0; i < 3 && i < nevents; i++)
        to_deck(g, events[i]);
    rng_shuffle(rng, g->deck, (size_t)g->ndeck);
    return 0;
}

/* ---- the whole setup ------------------------------------------------------------ */

/* HS-R-150: the scenario chart, 1 to 5, a 6 rolled again. */
static int roll_scenario(struct rng *rng, json_t *events)
{
    json_t *rolls = json_array();
    int d;

    while ((d = rng_die(rng, 6)) == 6)
        json_array_append_new(rolls, json_integer(d));
    json_array_append_new(rolls, json_integer(d));
    hs_game_event(events, json_pack("{s:s, s:o, s:i}", "type", "scenario_rolled", "rolls",
                                    rolls, "scenario", d));
    return d;
}

/* HS-R-09, HS-AMB-20: 2d6 a team, rolled again on a tie. */
static void roll_initiative(struct hs_game *g, struct rng *rng, json_t *events)
{
    int roll[HS_TEAMS];

    do {
        for (int t = 0; t < HS_TEAMS; t++)
            roll[t] = rng_die(rng, 6) + rng_die(rng, 6);
        hs_game_event(events, json_pack("{s:s, s:[i, i]}", "type", "initiative_roll",
                                   "rolls", roll[0], roll[1]));
    } while (roll[0] == roll[1]);
    g->initiative = roll[1] > roll[0];
    g->turn_team = g->initiative;
    hs_game_event(events, json_pack("{s:s, s:i, s:b}", "type", "initiative", "team",
                               g->initiative, "free_move", 0));
}

static void hand_events(const struct hs_game *g, json_t *events)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *track = json_array();

    for (int s = 0; s < g->nplayers; s++) {
        json_t *hand = json_array();

        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND && g->holder[c] == s)
                json_array_append_new(hand, json_string(cat->battle[g->card[c]].id));
        hs_game_event(events, json_pack("{s:s, s:o, s:i, s:o}", "type", "cards_dealt",
                                   "to", hs_team_to(g, s, -1), "seat", s, "cards", hand));
    }
    for (int i = 0; i < g->nslots; i++)
        json_array_append_new(track, json_string(cat->battle[g->card[g->slot[i]]].id));
    hs_game_event(events, json_pack("{s:s, s:o, s:i}", "type", "track_filled", "track",
                               track, "deck", g->ndeck));
}

int hs_game_setup(struct hs_game *g, const json_t *options, int seats,
                  struct rng *rng, json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct options op;

    memset(g, 0, sizeof *g);
    if (!cat->ok)
        return rules_fail(err, "bad_data", "Turnpost: game data",
                          "The Heavy Steam data is damaged: %s", cat->error);
    if (read_options(options, seats, &op, err))
        return -1;
    g->scenario = op.scenario ? op.scenario : roll_scenario(rng, events);
    g->nplayers = g->ntitans = seats;
    g->stock_white = cat->board.stock[HS_STOCK_WHITE];
    g->stock_blue = cat->board.stock[HS_STOCK_BLUE];
    g->stock_red = cat->board.stock[HS_STOCK_RED];
    g->stock_black = cat->board.stock[HS_STOCK_BLACK];
    for (int s = 0; s < seats; s++) {
        struct hs_player *p = &g->p[s];

        p->team = hs_seat_team(s, seats);
        g->team_faction[p->team] = op.faction[s];
        p->titan = s;
        p->pilot = -1;
        p->orders.evade = p->orders.cards_when_attacked = HS_ORDER_ASK;
        p->orders.damage = p->orders.reroll = HS_ORDER_ASK;
        g->titan[s].board = op.board[s];
        /* customized: the printed loadout is the first choice, and nothing
         * is mounted until the reveal (HS-R-141, HS-R-143) */
        memcpy(p->loadout, op.card[s], sizeof p->loadout);
        if (op.customize)
            memset(op.card[s], -1, sizeof op.card[s]);
    }
    if (hs_setup_titans(g, op.card, events, err))
        return -1;
    if (hs_deal_battle_cards(g, rng, err))
        return -1;
    hand_events(g, events);
    if (hs_scenario(g->scenario)->setup &&
        hs_scenario(g->scenario)->setup(g, rng, events, err))
        return -1;
    roll_initiative(g, rng, events);
    g->stage = op.customize ? HS_STAGE_LOADOUTS : HS_STAGE_PILOTS;
    g->phase = HS_PH_MOVE;
    g->ask = op.customize ? HS_ASK_LOADOUT : HS_ASK_PILOT;
    g->ask_seat = g->actor = g->station = -1;
    g->winner_team = -1;
    hs_game_event(events, json_pack("{s:s}", "type", op.customize ? "choose_loadouts"
                                                                  : "choose_pilots"));
    return 0;
}

int hs_setup(const json_t *options, int seats, struct rng *rng, json_t **state,
             json_t **events, struct rules_error *err)
{
    struct hs_game *g = calloc(1, sizeof *g);
    json_t *ev = json_array();

    if (!g || !ev) {
        free(g);
        json_decref(ev);
        return rules_fail(err, "out_of_memory", RULE_SCENARIO, "Out of memory.");
    }
    if (hs_game_setup(g, options, seats, rng, ev, err)) {
        free(g);
        json_decref(ev);
        return -1;
    }
    *state = hs_game_dump(g);
    free(g);
    if (!*state) {
        json_decref(ev);
        return rules_fail(err, "out_of_memory", RULE_SCENARIO, "Out of memory.");
    }
    *events = ev;
    return 0;
}
