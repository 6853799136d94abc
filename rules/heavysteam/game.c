/*
 * game.c - converts a Heavy Steam game between its JSON state and struct
 * hs_game, checking the JSON as strictly as a move; the cube count.
 *
 * The battle cards are 54 physical cards, card[] in catalog order (each
 * entry's copies side by side), so the state names them by id zone by
 * zone: copies of one card are alike, and load gives each id the lowest
 * copy not yet placed. Dump lists a zone in card order (the deck and the
 * track in their own order), so load followed by dump is the same JSON.
 */
#include "game.h"

#include <string.h>

#include "game_json.h"
#include "scenario.h"

static const char *const stage_names[] = {"loadouts", "pilots", "round", "over", NULL};
static const char *const ask_names[] = {
    "none", "pilot", "move", "after_move", "attack", "evade", "reroll", "damage",
    "last_cube", "flow", "after_flow", "buy", "free_move", "play", "event", "loadout",
    "place", "place_steam", "recon", "declare", NULL};
static const char *const faction_names[] = {"uk", "cet", NULL};
static const char *const phase_names[] = {"move", "combat", "steam", "cards",
                                          "initiative", "pressure", "none", NULL};
static const char *const type_names[] = {"boiler", "command", "mobility", "repair",
                                         "shield", "weapon_slot", "vent",
                                         "conduit", NULL};
static const char *const stock_keys[] = {"white", "blue", "red", "black", NULL};

const char *hs_stage_name(enum hs_stage s)
{
    return s >= 0 && s <= HS_STAGE_OVER ? stage_names[s] : "?";
}

const char *hs_ask_name(enum hs_ask a)
{
    return a >= 0 && a <= HS_ASK_DECLARE ? ask_names[a] : "?";
}

const char *hs_faction_name(enum hs_faction f)
{
    return f == HS_UK || f == HS_CET ? faction_names[f] : "?";
}

int hs_corrupt(struct rules_error *err, const char *what)
{
    return rules_fail(err, "corrupt_state", "Turnpost: game state",
                      "The stored game state is damaged (%s).", what);
}

json_t *hs_team_to(const struct hs_game *g, int seat, int other)
{
    json_t *to = json_array();

    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == g->p[seat].team || (other >= 0 && g->p[s].team == g->p[other].team))
            json_array_append_new(to, json_integer(s));
    return to;
}

void hs_game_event(json_t *events, json_t *ev)
{
    if (events && ev)
        json_array_append_new(events, ev);
    else
        json_decref(ev);
}

int hs_int(const json_t *v, int lo, int hi, int *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return -1;
    *out = (int)json_integer_value(v);
    return 0;
}

int hs_bool(const json_t *v, int *out)
{
    if (!json_is_boolean(v))
        return -1;
    *out = json_is_true(v);
    return 0;
}

int hs_get_int(const json_t *o, const char *key, int lo, int hi, int *out)
{
    return hs_int(json_object_get(o, key), lo, hi, out);
}

int hs_get_bool(const json_t *o, const char *key, int *out)
{
    return hs_bool(json_object_get(o, key), out);
}

void hs_put(json_t *o, const char *key, json_t *v)
{
    json_object_set_new_nocheck(o, key, v);
}

void hs_put_int(json_t *o, const char *key, json_int_t v)
{
    json_object_set_new_nocheck(o, key, json_integer(v));
}

void hs_put_bool(json_t *o, const char *key, int v)
{
    json_object_set_new_nocheck(o, key, json_boolean(v));
}

void hs_put_str(json_t *o, const char *key, const char *s)
{
    json_object_set_new_nocheck(o, key, hs_str(s));
}

json_t *hs_str(const char *s)
{
    return s ? json_string_nocheck(s) : json_null();
}

int hs_json_name(const char *const *names, const char *name)
{
    for (int i = 0; name && names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* ---- cubes ----------------------------------------------------------------- */

void hs_game_settle(struct hs_game *g)
{
    for (int i = 0; i < g->ntitans; i++) {
        struct hs_cubes *d = &g->titan[i].cubes.drawn;

        g->stock_white -= d->white;
        g->stock_blue -= d->blue;
        g->stock_red -= d->red;
        g->stock_black -= d->black;
        memset(d, 0, sizeof *d);
    }
    /* each titan's heat is bounded by the stock it now shares (HS-DATA-16) */
    for (int i = 0; i < g->ntitans; i++)
        g->titan[i].cubes.red_stock = g->stock_red;
}

void hs_game_count_cubes(const struct hs_game *g, int total[HS_STOCKS])
{
    total[HS_STOCK_WHITE] = g->stock_white + g->discarded_white;
    total[HS_STOCK_BLUE] = g->stock_blue;
    total[HS_STOCK_RED] = g->stock_red;
    total[HS_STOCK_BLACK] = g->stock_black;
    for (int i = 0; i < g->ntitans; i++) {
        const struct hs_titan *t = &g->titan[i].cubes;
        struct hs_census c;

        hs_titan_census(t, &c);
        /* drawn: taken from the stocks but not yet settled */
        total[HS_STOCK_WHITE] += c.steam_white + c.steam_red + c.pressure_steam +
                                 c.reserve + c.discarded - t->drawn.white;
        total[HS_STOCK_BLUE] += c.shield - t->drawn.blue;
        total[HS_STOCK_RED] += c.pressure_heat - t->drawn.red;
        total[HS_STOCK_BLACK] += c.damage + g->titan[i].terrain_damage - t->drawn.black;
    }
    for (int u = 0; u < g->nunits; u++) {
        total[HS_STOCK_WHITE] += g->unit[u].white;
        total[HS_STOCK_BLACK] += g->unit[u].black;
    }
}

/* ---- battle cards ------------------------------------------------------------ */

/* Cards placed in zones while a state is read: copies of one card go
 * lowest first, so the next one is a counter. */
struct placing {
    int placed[HS_MAX_DECK];
    int next[HS_MAX_BATTLE];     /* by catalog entry: its lowest copy not placed */
};

static void expand_cards(struct hs_game *g, const struct hs_catalog *cat,
                         struct placing *pl)
{
    memset(pl->placed, 0, sizeof pl->placed);
    g->ncards = 0;
    for (int b = 0; b < cat->nbattle; b++) {
        pl->next[b] = g->ncards;
        for (int k = 0; k < cat->battle[b].copies && g->ncards < HS_MAX_DECK; k++)
            g->card[g->ncards++] = b;
    }
}

/* The lowest copy of the card named v not yet placed, put in zone; -1
 * for an unknown id or no copy left. */
static int place(struct hs_game *g, const json_t *v, enum hs_zone zone, int holder,
                 struct placing *pl)
{
    int b = hs_catalog_battle(hs_catalog_get(), json_string_value(v)), i;

    if (b < 0 || (i = pl->next[b]) >= g->ncards || g->card[i] != b)
        return -1;
    pl->next[b]++;
    pl->placed[i] = 1;
    g->zone[i] = zone;
    g->holder[i] = holder;
    return i;
}

static int load_list(struct hs_game *g, const json_t *a, enum hs_zone zone,
                     int holder, struct placing *pl)
{
    const struct hs_catalog *cat = hs_catalog_get();
    size_t i;
    json_t *v;

    if (!json_is_array(a))
        return -1;
    json_array_foreach(a, i, v) {
        int c = place(g, v, zone, holder, pl);

        if (c < 0)
            return -1;
        /* set aside: resolved events; the box: events, Enemy in Sight and
         * what the scenario keeps out of the deck */
        if (zone == HS_Z_EVENTS_DONE && cat->battle[g->card[c]].kind != HS_K_EVENT)
            return -1;
        if (zone == HS_Z_BOX && cat->battle[g->card[c]].kind != HS_K_EVENT &&
            cat->battle[g->card[c]].kind != HS_K_START &&
            !(hs_scenario(g->scenario)->set_aside &&
              hs_scenario(g->scenario)->set_aside(&cat->battle[g->card[c]])))
            return -1;
        if (zone == HS_Z_DECK)
            g->deck[g->ndeck++] = c;
    }
    return 0;
}

static int load_battle_cards(struct hs_game *g, const json_t *o)
{
    static const char *const keys[] = {"deck", "track", "hands", "discard", "in_play",
                                       "events_done", "box", "recon", NULL};
    static const char *const pkeys[] = {"card", "seat", NULL};
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *f[8], *track, *hands, *ip, *v, *pf[2];
    struct placing pl;
    size_t i;

    expand_cards(g, cat, &pl);
    if (g->ncards != HS_BATTLE_CARDS || !json_is_object(o) ||
        rules_object_fields(o, keys, f))
        return -1;
    track = f[1];
    hands = f[2];
    ip = f[4];
    if (load_list(g, f[0], HS_Z_DECK, -1, &pl) ||
        load_list(g, f[3], HS_Z_DISCARD, -1, &pl) ||
        load_list(g, f[5], HS_Z_EVENTS_DONE, -1, &pl) ||
        load_list(g, f[6], HS_Z_BOX, -1, &pl))
        return -1;
    g->nslots = cat->board.nslots;
    if (json_array_size(track) != (size_t)g->nslots)
        return -1;
    json_array_foreach(track, i, v)
        if ((g->slot[i] = json_is_null(v) ? -1 : place(g, v, HS_Z_TRACK, -1, &pl)) < 0 &&
            !json_is_null(v))
            return -1;
    if (!json_is_array(hands) || json_array_size(hands) != (size_t)g->nplayers)
        return -1;
    json_array_foreach(hands, i, v)
        if (load_list(g, v, HS_Z_HAND, (int)i, &pl))
            return -1;
    /* the recon piles, a list a team, where the scenario keeps them */
    if (hs_scenario(g->scenario)->recon
            ? json_array_size(f[7]) != HS_TEAMS : f[7] != NULL)
        return -1;
    json_array_foreach(f[7], i, v)
        if (load_list(g, v, HS_Z_RECON, (int)i, &pl))
            return -1;
    if (!json_is_array(ip))
        return -1;
    json_array_foreach(ip, i, v) {
        int s;

        if (!json_is_object(v) || rules_object_fields(v, pkeys, pf) ||
            hs_int(pf[1], 0, g->nplayers - 1, &s) ||
            place(g, pf[0], HS_Z_IN_PLAY, s, &pl) < 0)
            return -1;
    }
    for (int c = 0; c < g->ncards; c++)
        if (!pl.placed[c])
            return -1;          /* a card in no zone */
    return 0;
}

int hs_claim_in_play(struct hs_game *g, int battle, int seat, int claimed[])
{
    for (int c = 0; c < g->ncards; c++)
        if (g->card[c] == battle && g->zone[c] == HS_Z_IN_PLAY &&
            g->holder[c] == seat && !claimed[c]) {
            claimed[c] = 1;
            return c;
        }
    return -1;
}

static json_t *zone_list(const struct hs_game *g, enum hs_zone z, int holder)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *a = json_array();

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == z && (holder < 0 || g->holder[c] == holder))
            json_array_append_new(a, hs_str(cat->battle[g->card[c]].id));
    return a;
}

static json_t *dump_battle_cards(const struct hs_game *g)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *o = json_object(), *deck = json_array(), *track = json_array(),
           *hands = json_array(), *ip = json_array();

    for (int i = 0; i < g->ndeck; i++)
        json_array_append_new(deck, hs_str(cat->battle[g->card[g->deck[i]]].id));
    for (int i = 0; i < g->nslots; i++)
        json_array_append_new(track, g->slot[i] < 0 ? json_null()
                                     : hs_str(cat->battle[g->card[g->slot[i]]].id));
    for (int s = 0; s < g->nplayers; s++)
        json_array_append_new(hands, zone_list(g, HS_Z_HAND, s));
    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_IN_PLAY) {
            json_t *e = json_object();

            hs_put_str(e, "card", cat->battle[g->card[c]].id);
            hs_put_int(e, "seat", g->holder[c]);
            json_array_append_new(ip, e);
        }
    hs_put(o, "deck", deck);
    hs_put(o, "track", track);
    hs_put(o, "hands", hands);
    hs_put(o, "discard", zone_list(g, HS_Z_DISCARD, -1));
    hs_put(o, "in_play", ip);
    hs_put(o, "events_done", zone_list(g, HS_Z_EVENTS_DONE, -1));
    hs_put(o, "box", zone_list(g, HS_Z_BOX, -1));
    if (hs_scenario(g->scenario)->recon) {
        json_t *recon = json_array();

        for (int t = 0; t < HS_TEAMS; t++)
            json_array_append_new(recon, zone_list(g, HS_Z_RECON, t));
        hs_put(o, "recon", recon);
    }
    return o;
}

/* ---- seats ------------------------------------------------------------------- */

static int load_orders(struct hs_orders *o, const json_t *v)
{
    static const char *const keys[] = {"evade", "cards_when_attacked", "damage",
                                       "damage_types", "reroll", NULL};
    json_t *f[5], *types, *t;
    size_t i;

    if (!json_is_object(v) || rules_object_fields(v, keys, f) ||
        hs_int(f[0], HS_ORDER_ASK, 99, &o->evade) ||
        hs_int(f[1], HS_ORDER_ASK, 0, &o->cards_when_attacked) ||
        hs_int(f[2], HS_ORDER_ASK, 1, &o->damage) ||
        hs_int(f[4], HS_ORDER_ASK, (1 << HS_LOCATIONS) - 1, &o->reroll) ||
        !json_is_array(types = f[3]) || json_array_size(types) > 8)
        return -1;
    json_array_foreach(types, i, t) {
        int k = hs_json_name(type_names, json_string_value(t));

        if (k < 0)
            return -1;
        o->damage_types[i] = (enum hs_station_type)k;
    }
    o->ntypes = (int)json_array_size(types);
    return 0;
}

static json_t *dump_orders(const struct hs_orders *o)
{
    json_t *v = json_object(), *types = json_array();

    for (int i = 0; i < o->ntypes; i++)
        json_array_append_new(types, hs_str(type_names[o->damage_types[i]]));
    hs_put_int(v, "evade", o->evade);
    hs_put_int(v, "cards_when_attacked", o->cards_when_attacked);
    hs_put_int(v, "damage", o->damage);
    hs_put(v, "damage_types", types);
    hs_put_int(v, "reroll", o->reroll);
    return v;
}

/* A seat's pending loadout (HS_STAGE_LOADOUTS), by mount, card ids read
 * into catalog indexes; whether the board may carry them is checked once
 * the titans are read (check_loadouts). */
static int load_loadout(struct hs_player *p, const json_t *o, const json_t *done)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *f[HS_MOUNTS];

    if (!json_is_object(o) || rules_object_fields(o, hs_mount_names, f) ||
        hs_bool(done, &p->loadout_done))
        return -1;
    for (int m = 0; m < HS_MOUNTS; m++) {
        p->loadout[m] = -1;
        if (!f[m] || (!json_is_null(f[m]) &&
                      (p->loadout[m] = hs_catalog_weapon(cat, json_string_value(f[m]))) < 0))
            return -1;
    }
    return 0;
}

static int load_seat(struct hs_game *g, int s, const json_t *o)
{
    static const char *const keys[] = {"team", "titan", "pilot", "charge", "once_used",
                                       "played_phase", "passed", "orders", "loadout",
                                       "loadout_done", NULL};
    struct hs_player *p = &g->p[s];
    json_t *f[10], *pilot, *ch, *charge[HS_MOUNTS];

    if (!json_is_object(o) || rules_object_fields(o, keys, f) ||
        hs_int(f[0], 0, HS_TEAMS - 1, &p->team) || p->team != hs_seat_team(s, g->nplayers) ||
        hs_int(f[1], 0, g->nplayers - 1, &p->titan) ||
        hs_bool(f[4], &p->once_used) ||
        hs_bool(f[5], &p->played_phase) ||
        hs_bool(f[6], &p->passed) ||
        load_orders(&p->orders, f[7]) ||
        !json_is_object(ch = f[3]) || rules_object_fields(ch, hs_mount_names, charge))
        return -1;
    /* the pending loadout is in the state while it is chosen, only then */
    if (g->stage == HS_STAGE_LOADOUTS ? load_loadout(p, f[8], f[9]) : f[8] || f[9] ? -1 : 0)
        return -1;
    pilot = f[2];
    for (int m = 0; m < HS_MOUNTS; m++)
        if (hs_int(charge[m], 0, HS_MAX_SQUARES, &p->charge[m]))
            return -1;
    p->pilot = -1;
    if (!json_is_null(pilot) &&
        (p->pilot = hs_catalog_pilot(hs_catalog_get(), json_string_value(pilot))) < 0)
        return -1;
    for (int k = 0; k < s; k++)
        if (g->p[k].titan == p->titan || (p->pilot >= 0 && g->p[k].pilot == p->pilot))
            return -1;
    return 0;
}

static json_t *dump_seat(const struct hs_game *g, int s)
{
    const struct hs_player *p = &g->p[s];
    json_t *o = json_object(), *ch = json_object();

    for (int m = 0; m < HS_MOUNTS; m++)
        hs_put_int(ch, hs_mount_names[m], p->charge[m]);
    hs_put_int(o, "team", p->team);
    hs_put_int(o, "titan", p->titan);
    hs_put_str(o, "pilot", p->pilot < 0 ? NULL : hs_catalog_get()->pilot[p->pilot].id);
    hs_put(o, "charge", ch);
    hs_put_bool(o, "once_used", p->once_used);
    hs_put_bool(o, "played_phase", p->played_phase);
    hs_put_bool(o, "passed", p->passed);
    hs_put(o, "orders", dump_orders(&p->orders));
    if (g->stage == HS_STAGE_LOADOUTS) {
        const struct hs_catalog *cat = hs_catalog_get();
        json_t *l = json_object();

        for (int m = 0; m < HS_MOUNTS; m++)
            hs_put_str(l, hs_mount_names[m],
                       p->loadout[m] < 0 ? NULL : cat->weapon[p->loadout[m]].id);
        hs_put(o, "loadout", l);
        hs_put_bool(o, "loadout_done", p->loadout_done);
    }
    return o;
}

/* The pilot fits the seat's titan (HS-R-06), and the Charged Up steam
 * asked for stays within each card's X (HS-R-62). */
static int check_seat_titan(const struct hs_game *g, int s)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_player *p = &g->p[s];
    const struct hs_titan_at *t = &g->titan[p->titan];
    const struct hs_board *b = &cat->titan[t->board];

    if (p->pilot >= 0 && (cat->pilot[p->pilot].faction != b->faction ||
                          (cat->pilot[p->pilot].size != HS_NONE &&
                           cat->pilot[p->pilot].size != (int)b->size)))
        return -1;
    for (int m = 0; m < HS_MOUNTS; m++)
        if (p->charge[m] > (t->card[m] < 0 ? 0
                            : cat->weapon[t->card[m]].trait[HS_T_CHARGED_UP]))
            return -1;
    if (g->stage == HS_STAGE_LOADOUTS) {
        /* a pending loadout as customizing allows it (HS-R-141), on a
         * titan with nothing mounted until the reveal (HS-R-143) */
        const char *id[HS_MOUNTS];
        int card[HS_MOUNTS];

        for (int m = 0; m < HS_MOUNTS; m++) {
            id[m] = p->loadout[m] < 0 ? NULL : cat->weapon[p->loadout[m]].id;
            if (t->card[m] >= 0)
                return -1;
        }
        if (hs_catalog_loadout_check(cat, b, id, card, NULL))
            return -1;
    }
    return 0;
}

/* ---- the whole state --------------------------------------------------------------- */

/* The state's keys, as it writes them (hs_game_dump); F_ their indexes. */
static const char *const state_keys[] = {
    "data_version", "scenario", "players", "team_faction", "stage", "phase",
    "round", "initiative", "turn_team", "actor", "ask", "ask_seat", "station",
    "seats", "titans", "units", "attack", "battle_cards", "nobody_bought",
    "stocks", "discarded_white", "winner_team", "event", "smoke_sectors",
    "initiative_bonus", "scenario_state", NULL};
enum {
    F_DATA_VERSION, F_SCENARIO, F_PLAYERS, F_TEAM_FACTION, F_STAGE, F_PHASE,
    F_ROUND, F_INITIATIVE, F_TURN_TEAM, F_ACTOR, F_ASK, F_ASK_SEAT, F_STATION,
    F_SEATS, F_TITANS, F_UNITS, F_ATTACK, F_BATTLE_CARDS, F_NOBODY_BOUGHT,
    F_STOCKS, F_DISCARDED_WHITE, F_WINNER_TEAM, F_EVENT, F_SMOKE_SECTORS,
    F_INITIATIVE_BONUS, F_SCENARIO_STATE, F_STATE_KEYS
};

static int load_counters(struct hs_game *g, json_t *const f[])
{
    const char *st = json_string_value(f[F_STAGE]);
    const char *ph = json_string_value(f[F_PHASE]);
    const char *ask = json_string_value(f[F_ASK]);
    json_t *tf = f[F_TEAM_FACTION];
    int k;

    if (hs_int(f[F_SCENARIO], 1, HS_SCENARIOS, &g->scenario) || !hs_scenario(g->scenario) ||
        hs_int(f[F_PLAYERS], 2, HS_MAX_PLAYERS, &g->nplayers) ||
        hs_int(f[F_ROUND], 0, 1000, &g->round) ||
        hs_int(f[F_INITIATIVE], 0, HS_TEAMS - 1, &g->initiative) ||
        hs_int(f[F_TURN_TEAM], 0, HS_TEAMS - 1, &g->turn_team) ||
        hs_int(f[F_ACTOR], -1, g->nplayers - 1, &g->actor) ||
        hs_int(f[F_ASK_SEAT], -1, g->nplayers - 1, &g->ask_seat) ||
        hs_int(f[F_STATION], -1, HS_MAX_STATIONS - 1, &g->station) ||
        hs_int(f[F_WINNER_TEAM], -1, HS_TEAMS - 1, &g->winner_team) ||
        hs_bool(f[F_NOBODY_BOUGHT], &g->nobody_bought))
        return -1;
    if ((k = hs_json_name(stage_names, st)) < 0)
        return -1;
    g->stage = (enum hs_stage)k;
    if ((k = hs_json_name(phase_names, ph)) < 0 || k == HS_PH_NONE)
        return -1;
    g->phase = (enum hs_phase)k;
    if ((k = hs_json_name(ask_names, ask)) < 0)
        return -1;
    g->ask = (enum hs_ask)k;
    if (json_array_size(tf) != HS_TEAMS)
        return -1;
    for (int t = 0; t < HS_TEAMS; t++)
        if ((g->team_faction[t] = hs_json_name(
                 faction_names, json_string_value(json_array_get(tf, (size_t)t)))) < 0)
            return -1;
    return g->team_faction[0] == g->team_faction[1] ? -1 : 0;   /* HS-R-01 */
}

static int load_stocks(struct hs_game *g, const json_t *o)
{
    json_t *f[4];

    if (!json_is_object(o) || rules_object_fields(o, stock_keys, f) ||
        hs_int(f[0], 0, 1000, &g->stock_white) ||
        hs_int(f[1], 0, 1000, &g->stock_blue) ||
        hs_int(f[2], 0, 1000, &g->stock_red) ||
        /* black may be borrowed below zero (HS-DATA-16) */
        hs_int(f[3], -1000, 1000, &g->stock_black))
        return -1;
    return 0;
}

/* What the stage says of the rest (HS-R-04: every pilot chosen before the
 * first round; HS-R-140: every loadout revealed before the pilots). */
static int check_stage(const struct hs_game *g)
{
    int chosen = 0, done = 0;

    for (int s = 0; s < g->nplayers; s++) {
        chosen += g->p[s].pilot >= 0;
        done += g->p[s].loadout_done;
    }
    switch (g->stage) {
    case HS_STAGE_LOADOUTS:
        return g->ask == HS_ASK_LOADOUT && g->round == 0 && g->actor == -1 &&
                       g->ask_seat == -1 && chosen == 0 && done < g->nplayers &&
                       g->winner_team == -1 && !g->attack.active
                   ? 0 : -1;
    case HS_STAGE_PILOTS:
        return g->ask == HS_ASK_PILOT && g->round == 0 && g->actor == -1 &&
                       g->ask_seat == -1 && chosen < g->nplayers &&
                       g->winner_team == -1 && !g->attack.active
                   ? 0 : -1;
    case HS_STAGE_ROUND:
        /* a question is asked of a seat */
        return g->ask != HS_ASK_PILOT && g->ask != HS_ASK_LOADOUT && g->round >= 1 &&
                       chosen == g->nplayers &&
                       g->winner_team == -1 && (g->ask == HS_ASK_NONE || g->ask_seat >= 0)
                   ? 0 : -1;
    case HS_STAGE_OVER:
        /* a seat may resign before the first round (HS-R-127) */
        return g->winner_team >= 0 && (chosen == g->nplayers || g->round == 0) &&
                       !g->attack.active
                   ? 0 : -1;
    }
    return -1;
}

int hs_game_load(struct hs_game *g, const json_t *state, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_scenario *sc;
    const char *ver;
    json_t *f[F_STATE_KEYS], *a, *v;
    size_t i;
    int claimed[HS_MAX_DECK] = {0}, total[HS_STOCKS];

    memset(g, 0, sizeof *g);
    if (!cat->ok)
        return hs_corrupt(err, "data");
    if (!json_is_object(state) || rules_object_fields(state, state_keys, f))
        return hs_corrupt(err, "not a Heavy Steam state");
    ver = json_string_value(f[F_DATA_VERSION]);
    if (!ver || strcmp(ver, cat->version) != 0)
        return rules_fail(err, "data_version_mismatch", "Turnpost: game state",
                          "This game was set up with other Heavy Steam data.");
    if (load_counters(g, f))
        return hs_corrupt(err, "counters");
    a = f[F_SEATS];
    if (!json_is_array(a) || json_array_size(a) != (size_t)g->nplayers)
        return hs_corrupt(err, "seats");
    json_array_foreach(a, i, v)
        if (load_seat(g, (int)i, v))
            return hs_corrupt(err, "seat");
    for (int t = 0; t < HS_TEAMS; t++) {
        int n = 0;

        for (int s = 0; s < g->nplayers; s++)
            n += g->p[s].team == t;
        if (n == 0)
            return hs_corrupt(err, "a team without players");
    }
    if (load_battle_cards(g, f[F_BATTLE_CARDS]))
        return hs_corrupt(err, "battle cards");
    a = f[F_TITANS];
    if (!json_is_array(a) || json_array_size(a) != (size_t)g->nplayers)
        return hs_corrupt(err, "titans");
    g->ntitans = g->nplayers;
    json_array_foreach(a, i, v)
        if (hs_titan_load(g, (int)i, v, claimed, err))
            return -1;
    for (int s = 0; s < g->nplayers; s++)
        if (check_seat_titan(g, s))
            return hs_corrupt(err, "pilot or Charged Up");
    a = f[F_UNITS];
    if (!json_is_array(a) || json_array_size(a) > HS_MAX_UNITS)
        return hs_corrupt(err, "units");
    g->nunits = (int)json_array_size(a);
    json_array_foreach(a, i, v)
        if (hs_unit_load(g, (int)i, v, err))
            return -1;
    if (hs_attack_load(g, f[F_ATTACK]))
        return hs_corrupt(err, "attack");
    if (load_stocks(g, f[F_STOCKS]) ||
        hs_int(f[F_DISCARDED_WHITE], 0, 1000, &g->discarded_white))
        return hs_corrupt(err, "stocks");
    hs_game_count_cubes(g, total);
    for (int k = 0; k < HS_STOCKS; k++)
        if (total[k] != cat->board.stock[k])
            return hs_corrupt(err, "cube totals");
    hs_game_settle(g);
    if (check_stage(g))
        return hs_corrupt(err, "stage");
    if (g->station >= 0 && (g->ask_seat < 0 ||
                            g->station >= g->titan[g->p[g->ask_seat].titan]
                                              .cubes.board->nstations))
        return hs_corrupt(err, "station");
    if (hs_cards_state_load(g, state))
        return hs_corrupt(err, "event, smoke or initiative bonus");
    sc = hs_scenario(g->scenario);
    if (sc->load ? sc->load(g, f[F_SCENARIO_STATE]) != 0 : f[F_SCENARIO_STATE] != NULL)
        return hs_corrupt(err, "scenario state");
    return 0;
}

json_t *hs_game_dump(const struct hs_game *g)
{
    json_t *o = json_object(), *seats = json_array(), *titans = json_array(),
           *units = json_array(), *stocks = json_object(), *tf = json_array();

    for (int s = 0; s < g->nplayers; s++)
        json_array_append_new(seats, dump_seat(g, s));
    for (int i = 0; i < g->ntitans; i++)
        json_array_append_new(titans, hs_titan_dump(g, i));
    for (int i = 0; i < g->nunits; i++)
        json_array_append_new(units, hs_unit_dump(g, i));
    for (int t = 0; t < HS_TEAMS; t++)
        json_array_append_new(tf, hs_str(faction_names[g->team_faction[t]]));
    hs_put_int(stocks, "white", g->stock_white);
    hs_put_int(stocks, "blue", g->stock_blue);
    hs_put_int(stocks, "red", g->stock_red);
    hs_put_int(stocks, "black", g->stock_black);
    hs_put_str(o, "data_version", hs_catalog_get()->version);
    hs_put_int(o, "scenario", g->scenario);
    hs_put_int(o, "players", g->nplayers);
    hs_put(o, "team_faction", tf);
    hs_put_str(o, "stage", stage_names[g->stage]);
    hs_put_str(o, "phase", phase_names[g->phase]);
    hs_put_int(o, "round", g->round);
    hs_put_int(o, "initiative", g->initiative);
    hs_put_int(o, "turn_team", g->turn_team);
    hs_put_int(o, "actor", g->actor);
    hs_put_str(o, "ask", ask_names[g->ask]);
    hs_put_int(o, "ask_seat", g->ask_seat);
    hs_put_int(o, "station", g->station);
    hs_put(o, "seats", seats);
    hs_put(o, "titans", titans);
    hs_put(o, "units", units);
    hs_put(o, "attack", hs_attack_dump(g));
    hs_put(o, "battle_cards", dump_battle_cards(g));
    hs_put_bool(o, "nobody_bought", g->nobody_bought);
    hs_put(o, "stocks", stocks);
    hs_put_int(o, "discarded_white", g->discarded_white);
    hs_put_int(o, "winner_team", g->winner_team);
    hs_cards_state_dump(g, o);
    if (hs_scenario(g->scenario)->dump)
        hs_put(o, "scenario_state", hs_scenario(g->scenario)->dump(g));
    return o;
}
