/*
 * view.c - per-seat views, legal moves, status and describe for Iron
 * Future.
 *
 * A view shows a seat its own hand and nothing else hidden: the other
 * hand only as a count, every deck only as a size (the order of none, not
 * even one's own), and no card instance that sits in a hand or deck.
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

#include "../data.h"
#include "play.h"

/* A card in play: its instance and its unit (details are in describe). */
static json_t *card_brief(const struct if_game *g, int c)
{
    json_t *o = json_object();

    json_object_set_new(o, "card", json_integer(c));
    json_object_set_new(o, "unit", json_string(if_card_unit(g, c)->id));
    return o;
}

static json_t *unit_details(const struct if_unit *u)
{
    json_t *ws = json_array(), *as = json_array();
    char rb[4];

    for (int w = 0; w < u->nweapons; w++)
        json_array_append_new(ws, json_pack("{s:s, s:i, s:s}", "name",
                              u->weapon[w].name, "dice", u->weapon[w].dice,
                              "ranges",
                              ironfuture_ranges_format(u->weapon[w].ranges, rb)));
    for (int a = 0; a < u->nabilities; a++)
        json_array_append_new(as, json_pack("{s:s, s:i}", "kind",
                              ironfuture_ability_name(u->ability[a].kind),
                              "value", u->ability[a].value));
    return json_pack("{s:i, s:i, s:i, s:b, s:o, s:o, s:s}", "cost", u->cost,
                     "armor", u->armor, "capture", u->capture, "support",
                     u->support, "weapons", ws, "abilities", as, "text",
                     u->text);
}

static json_t *card_full(const struct if_game *g, int c)
{
    json_t *o = card_brief(g, c);

    json_object_set_new(o, "name", json_string(if_card_unit(g, c)->name));
    json_object_update_new(o, unit_details(if_card_unit(g, c)));
    return o;
}

/* A face-up pile, bottom first, as unit ids: its instances matter to no move. */
static json_t *unit_ids(const struct if_game *g, const struct if_pile *p)
{
    json_t *a = json_array();

    for (int i = 0; i < p->n; i++)
        json_array_append_new(a, json_string(if_card_unit(g, p->c[i])->id));
    return a;
}

static json_t *player_view(const struct if_game *g, int s, int viewer)
{
    const struct if_seat *st = &g->seat[s];
    json_t *o, *sup = json_array(), *tro = json_array();

    for (int i = 0; i < st->supports.n; i++) {
        int c = st->supports.c[i];
        json_t *b = card_brief(g, c);

        json_object_set_new(b, "used", json_boolean(g->used[c]));
        json_array_append_new(sup, b);
    }
    for (int i = 0; i < st->trophies.n; i++) {
        const struct if_location *l = &g->cat->location[st->trophies.c[i]];

        json_array_append_new(tro, json_pack("{s:s, s:s}", "location", l->id,
                                             "name", l->name));
    }
    o = json_pack("{s:i, s:i, s:i, s:o, s:o, s:i, s:i, s:o, s:i, s:b}",
                  "seat", s, "hand_size", st->hand.n, "deck_size", st->deck.n,
                  "discard", unit_ids(g, &st->discard), "supports", sup,
                  "resources", st->resources, "rounds_won", st->trophies.n,
                  "trophies", tro, "played", st->played, "passed",
                  st->passed);
    if (s == viewer) {
        json_t *hand = json_array();

        for (int i = 0; i < st->hand.n; i++)
            json_array_append_new(hand, card_full(g, st->hand.c[i]));
        json_object_set_new(o, "hand", hand);
    }
    return o;
}

static json_t *location_view(const struct if_game *g, int p)
{
    const struct if_slot *sl = &g->line[p];
    const struct if_location *l = &g->cat->location[sl->loc];
    json_t *units = json_array();

    for (int s = 0; s < IF_SEATS; s++) {
        json_t *side = json_array();

        for (int i = 0; i < sl->units[s].n; i++) {
            int c = sl->units[s].c[i];
            json_t *b = card_brief(g, c);

            json_object_set_new(b, "damage", json_integer(g->damage[c]));
            json_array_append_new(side, b);
        }
        json_array_append_new(units, side);
    }
    return json_pack("{s:i, s:s, s:s, s:s, s:i, s:[ii], s:[ii], s:o}",
                     "position", p, "location", l->id, "name", l->name,
                     "text", l->text, "resources", sl->resources, "capture",
                     ironfuture_capture_value(g, p, 0),
                     ironfuture_capture_value(g, p, 1), "beacon",
                     sl->beacon[0], sl->beacon[1], "units", units);
}

static json_t *attack_view(const struct if_game *g)
{
    const struct if_unit *u;
    json_t *ws, *o;
    char rb[4];

    if (!g->attacking)
        return json_null();
    u = if_card_unit(g, g->attacker);
    ws = json_array();
    for (int w = 0; w < u->nweapons; w++) {
        int a = g->alloc[w];
        json_t *e = json_pack("{s:i, s:s, s:i, s:s, s:s}", "weapon", w,
                              "name", u->weapon[w].name, "dice",
                              u->weapon[w].dice, "ranges",
                              ironfuture_ranges_format(u->weapon[w].ranges, rb),
                              "status", a == IF_ALLOC_PENDING ? "pending"
                              : a == IF_ALLOC_HOLD ? "hold" : "allocated");

        if (a >= 0)
            json_object_set_new(e, "target", json_integer(a));
        json_array_append_new(ws, e);
    }
    o = card_brief(g, g->attacker);
    json_object_set_new(o, "position", json_integer(g->attacker_pos));
    json_object_set_new(o, "weapons", ws);
    return o;
}

json_t *ironfuture_view_build(const struct if_game *g, int seat)
{
    json_t *o = json_object(), *players = json_array(), *locs = json_array();
    json_t *disc = json_array();

    if (seat < 0 || seat >= IF_SEATS)
        seat = -1;
    for (int s = 0; s < IF_SEATS; s++)
        json_array_append_new(players, player_view(g, s, seat));
    for (int p = 0; p < g->nline; p++)
        json_array_append_new(locs, location_view(g, p));
    for (int i = 0; i < g->loc_discard.n; i++)
        json_array_append_new(
            disc, json_string(g->cat->location[g->loc_discard.c[i]].id));
    json_object_set_new(o, "game", json_string("ironfuture"));
    json_object_set_new(o, "data_version", json_string(g->cat->version));
    json_object_set_new(o, "rounds_to_win", json_integer(g->rounds_to_win));
    json_object_set_new(o, "seat", json_integer(seat));
    json_object_set_new(o, "phase", json_string(ironfuture_phase_name(g->phase)));
    json_object_set_new(o, "round", json_integer(g->round));
    json_object_set_new(o, "first_player", g->phase == IF_CHOOSE_FIRST
                                               ? json_null()
                                               : json_integer(g->first));
    json_object_set_new(o, "turn", json_integer(g->turn));
    json_object_set_new(o, "winner", json_integer(g->winner));
    json_object_set_new(o, "resigned", g->resigned >= 0 ? json_integer(g->resigned)
                                                        : json_null());
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "unit_deck_size", json_integer(g->unit_deck.n));
    json_object_set_new(o, "location_deck_size", json_integer(g->loc_deck.n));
    json_object_set_new(o, "location_discard", disc);
    json_object_set_new(o, "market", json_array());
    for (int i = 0; i < g->market.n; i++)
        json_array_append_new(json_object_get(o, "market"),
                              card_full(g, g->market.c[i]));
    json_object_set_new(o, "locations", locs);
    json_object_set_new(o, "trophy_choice", json_array());
    for (int i = 0; i < g->nchoice; i++)
        json_array_append_new(json_object_get(o, "trophy_choice"),
                              json_integer(g->choice[i]));
    json_object_set_new(o, "attack", attack_view(g));
    json_object_set_new(o, "turn_bonus", json_pack("{s:i, s:b}", "aim", g->aim,
                                                   "smoke", g->smoke));
    return o;
}

/* ---- legal moves ------------------------------------------------------ */

static void add(json_t *moves, json_t *m)
{
    json_array_append_new(moves, m);
}

static void support_moves(const struct if_game *g, int seat, json_t *moves)
{
    const struct if_pile *sup = &g->seat[seat].supports;

    for (int i = 0; i < sup->n; i++) {
        int c = sup->c[i];

        if (ironfuture_support_check(g, seat, c, IF_ABSENT, IF_ABSENT, NULL) == 0)
            add(moves, json_pack("{s:s, s:i}", "type", "activate", "card", c));
        for (int p = 0; p < g->nline; p++) {
            if (ironfuture_support_check(g, seat, c, IF_ABSENT, p, NULL) == 0)
                add(moves, json_pack("{s:s, s:i, s:i}", "type", "activate",
                                     "card", c, "location", p));
            for (int s = 0; s < IF_SEATS; s++)
                for (int k = 0; k < g->line[p].units[s].n; k++) {
                    int t = g->line[p].units[s].c[k];

                    if (ironfuture_support_check(g, seat, c, t, IF_ABSENT,
                                                 NULL) == 0)
                        add(moves, json_pack("{s:s, s:i, s:i}", "type",
                                             "activate", "card", c, "target", t));
                }
        }
    }
}

/* The chooser of a rematch names the first player: either seat. */
static json_t *first_moves(const struct if_game *g, int seat, json_t *moves)
{
    for (int s = 0; s < IF_SEATS; s++)
        if (ironfuture_first_check(g, seat, s, NULL) == 0)
            add(moves, json_pack("{s:s, s:i}", "type", "choose_first", "seat", s));
    return json_pack("{s:o}", "moves", moves);
}

json_t *ironfuture_moves_list(const struct if_game *g, int seat)
{
    json_t *moves = json_array();

    if (g->phase == IF_CHOOSE_FIRST)
        return first_moves(g, seat, moves);
    if (seat < 0 || seat >= IF_SEATS || g->phase == IF_OVER || g->turn != seat)
        return json_pack("{s:o}", "moves", moves);
    if (g->phase == IF_TROPHY) {
        for (int i = 0; i < g->nchoice; i++)
            add(moves, json_pack("{s:s, s:i}", "type", "trophy", "location",
                                 g->choice[i]));
    } else if (g->phase == IF_ACQUISITION) {
        for (int i = 0; i < g->market.n; i++)
            if (ironfuture_buy_check(g, seat, g->market.c[i], NULL) == 0)
                add(moves, json_pack("{s:s, s:i}", "type", "buy", "card",
                                     g->market.c[i]));
        add(moves, json_pack("{s:s}", "type", "pass"));
    } else if (g->attacking) {
        const struct if_unit *u = if_card_unit(g, g->attacker);

        for (int w = 0; w < u->nweapons; w++) {
            if (g->alloc[w] != IF_ALLOC_PENDING)
                continue;
            for (int p = 0; p < g->nline; p++) {
                const struct if_pile *foes = &g->line[p].units[1 - seat];

                for (int k = 0; k < foes->n; k++)
                    if (ironfuture_target_check(g, w, foes->c[k], NULL) == 0)
                        add(moves, json_pack("{s:s, s:i, s:i}", "type",
                                             "allocate", "weapon", w, "target",
                                             foes->c[k]));
            }
            add(moves, json_pack("{s:s, s:i}", "type", "hold_fire", "weapon", w));
        }
    } else {
        const struct if_pile *hand = &g->seat[seat].hand;

        support_moves(g, seat, moves);
        for (int i = 0; i < hand->n; i++)
            for (int p = 0; p < g->nline; p++)
                add(moves, json_pack("{s:s, s:i, s:i}", "type", "deploy",
                                     "card", hand->c[i], "location", p));
    }
    return json_pack("{s:o}", "moves", moves);
}

/* ---- status ----------------------------------------------------------- */

void ironfuture_status_fill(const struct if_game *g, struct rules_status *st)
{
    int r0 = g->seat[0].trophies.n, r1 = g->seat[1].trophies.n;

    memset(st, 0, sizeof *st);
    if (g->phase == IF_OVER) {
        st->finished = 1;
        st->winners = 1u << g->winner;
        st->place[g->winner] = 1;
        st->place[1 - g->winner] = 2;
        if (g->resigned >= 0)
            snprintf(st->summary, sizeof st->summary,
                     "Seat %d resigned; seat %d wins Iron Future.", g->resigned,
                     g->winner);
        else
            snprintf(st->summary, sizeof st->summary,
                     "Seat %d wins Iron Future, %d rounds to %d.", g->winner,
                     g->seat[g->winner].trophies.n,
                     g->seat[1 - g->winner].trophies.n);
        return;
    }
    st->must_act = 1u << g->turn;
    if (g->phase == IF_CHOOSE_FIRST) {
        snprintf(st->summary, sizeof st->summary,
                 "Seat %d, who did not win the last game, chooses who plays "
                 "first.", g->turn);
        return;
    }
    snprintf(st->summary, sizeof st->summary,
             "Round %d, %s: seat %d to %s (rounds won %d-%d).", g->round,
             ironfuture_phase_name(g->phase), g->turn,
             g->phase == IF_TROPHY ? "choose a trophy"
             : g->phase == IF_ACQUISITION ? "buy a unit or pass"
             : g->attacking ? "allocate weapons" : "deploy a unit", r0, r1);
}

/* ---- describe --------------------------------------------------------- */

static json_t *schema_object(json_t *props, json_t *required)
{
    return json_pack("{s:s, s:o, s:o, s:b}", "type", "object", "properties",
                     props, "required", required, "additionalProperties", 0);
}

static json_t *const_type(const char *t)
{
    return json_pack("{s:s}", "const", t);
}

static json_t *int_schema(const char *desc, int min, int max)
{
    return json_pack("{s:s, s:s, s:i, s:i}", "type", "integer", "description",
                     desc, "minimum", min, "maximum", max);
}

static json_t *move_type(const char *type, const char *desc, json_t *props,
                         json_t *required)
{
    json_object_set_new(props, "type", const_type(type));
    json_array_insert_new(required, 0, json_string("type"));
    return json_pack("{s:s, s:s, s:o}", "type", type, "description", desc,
                     "schema", schema_object(props, required));
}

json_t *ironfuture_describe_build(void)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *o, *types = json_array(), *units = NULL, *locs = NULL;
    json_t *uroot = json_loads(rules_data("ironfuture/data/units.json") ?
                               rules_data("ironfuture/data/units.json") : "",
                               0, NULL);
    json_t *lroot = json_loads(rules_data("ironfuture/data/locations.json") ?
                               rules_data("ironfuture/data/locations.json") : "",
                               0, NULL);

    units = json_incref(json_object_get(uroot, "units"));
    locs = json_incref(json_object_get(lroot, "locations"));
    json_decref(uroot);
    json_decref(lroot);
    add(types, move_type("choose_first",
        "A rematch (option first_player_chooser) begins with this move: the "
        "player who did not win the last game names the first player, "
        "instead of the roll-off. The first round is then dealt.",
        json_pack("{s:o}", "seat", int_schema("the first player", 0, 1)),
        json_pack("[s]", "seat")));
    add(types, move_type("activate",
        "Conquest, at the start of your turn before you deploy: activate a "
        "support card you have not used this conquest phase. Workshop and "
        "artillery cards need a target unit, the beacon a location.",
        json_pack("{s:o, s:o, s:o}", "card",
                  int_schema("your support card", 0, 127), "target",
                  int_schema("a unit in play", 0, 127), "location",
                  int_schema("line position", 0, 2)),
        json_pack("[s]", "card")));
    add(types, move_type("deploy",
        "Conquest: play a unit from your hand to your side of a location "
        "(0 is next to the location deck). Retaliation and hazards follow.",
        json_pack("{s:o, s:o}", "card", int_schema("a card in your hand", 0, 127),
                  "location", int_schema("line position", 0, 2)),
        json_pack("[ss]", "card", "location")));
    add(types, move_type("allocate",
        "After deploying: allocate one weapon of the deployed unit to an "
        "enemy unit in its range. When every weapon is allocated or holds "
        "fire, the attacks resolve Short, then Medium, then Long.",
        json_pack("{s:o, s:o}", "weapon", int_schema("weapon index", 0, 2),
                  "target", int_schema("an enemy unit in play", 0, 127)),
        json_pack("[ss]", "weapon", "target")));
    add(types, move_type("hold_fire",
        "After deploying: this weapon does not attack this turn.",
        json_pack("{s:o}", "weapon", int_schema("weapon index", 0, 2)),
        json_pack("[s]", "weapon")));
    add(types, move_type("buy",
        "Acquisition: buy a unit from the market with your resource pool.",
        json_pack("{s:o}", "card", int_schema("a card in the market", 0, 127)),
        json_pack("[s]", "card")));
    add(types, move_type("pass",
        "Acquisition: stop buying for this phase; a pass is final.",
        json_object(), json_array()));
    add(types, move_type("trophy",
        "When a round ends: its winner, having won more than one location, "
        "takes one of them as the trophy (the view's trophy_choice lists "
        "their line positions); the others are discarded. Trophies never "
        "return to the location deck.",
        json_pack("{s:o}", "location",
                  int_schema("line position of a location you won", 0, 2)),
        json_pack("[s]", "location")));
    o = json_pack("{s:s, s:s, s:i, s:i, s:s}", "id", "ironfuture", "title",
                  "Iron Future", "min_seats", 2, "max_seats", 2,
                  "data_version", cat->version);
    json_object_set_new(o, "options", json_pack(
        "{s:s, s:b, s:{s:{s:s, s:i, s:i, s:i, s:s}, s:{s:s, s:i, s:i, s:s}, "
        "s:{s:s, s:i, s:i, s:s}}}",
        "type", "object", "additionalProperties", 0, "properties",
        "rounds_to_win", "type", "integer", "minimum", 1, "maximum", 5,
        "default", 3, "description",
        "Conquest rounds a player must win to win the game (the rulebook "
        "says three).",
        "first_player_chooser", "type", "integer", "minimum", 0, "maximum", 1,
        "description",
        "A rematch: this seat, the one that did not win the last game, "
        "chooses the first player with a choose_first move instead of the "
        "roll-off. POST /v1/games/{id}/rematch sets it.",
        "first_player", "type", "integer", "minimum", 0, "maximum", 1, "description",
        "This seat holds the first-player token from the start, without the "
        "roll-off: a tournament's pairing sets it, as colours in chess."));
    json_object_set_new(o, "move_types", types);
    json_object_set_new(o, "catalog", json_pack("{s:o, s:o}", "units",
                        units ? units : json_array(), "locations",
                        locs ? locs : json_array()));
    return o;
}

int ironfuture_view_int(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

const char *ironfuture_view_str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));

    return s ? s : "?";
}

const struct if_unit *ironfuture_view_unit(const json_t *card)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    int k = ironfuture_catalog_unit(cat, ironfuture_view_str(card, "unit"));

    return k >= 0 ? &cat->unit[k] : NULL;
}
