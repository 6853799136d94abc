/*
 * describe.c - Heavy Steam's description (describe.h): the options, every
 * move type with the JSON Schema of the move as apply() takes it, what
 * legal-moves lists, and the public data a client draws a game from.
 *
 * The schemas are written out by hand from the parsers (move.c,
 * combat_turns.c, steam_phase.c, initiative.c, round.c, turn_cards.c,
 * loadouts.c, pilots.c, pilot_powers.c, orders.c, effects.c), so that a client knows
 * every key and tests/api/contract.test.mjs holds openapi.yaml to them.
 */
#include "describe.h"

#include <stdio.h>

#include "catalog.h"
#include "catalog_parse.h"
#include "game.h"

/* A mount's card in the loadouts option: a weapon card id, or null (empty). */
#define LOADOUT_CARD "{\"type\": [\"string\", \"null\"]}"

static const char options_schema[] =
    "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {"
    "\"scenario\": {\"oneOf\": [{\"type\": \"integer\", \"enum\": [1, 2, 3, 4, 5]},"
    " {\"const\": \"roll\"}], \"default\": 1,"
    " \"description\": \"roll: rolled at setup, a 6 rolled again. 1: Meeting Engagement; 2: Chance Encounter (smoke in sectors 1 "
    "and 6, the titans placed and 2 steam each before round 1); 3: Critical Recovery (the "
    "dirigible between sectors 3 and 4, recovered in the Battle Card phase and carried home, "
    "or every enemy titan destroyed); 4: Frontline Fight (no Infantry Support cards; each "
    "team's mobile cannon and three infantry on the track; won by destroying all the enemy's "
    "infantry or all its titans); 5: Recon in Force (recon cards drawn at the Initiative "
    "phase, the battle declared over and won on recon points, or an enemy titan destroyed) "
    "(HS-R-150).\"},"
    "\"size\": {\"type\": \"string\", \"enum\": [\"heavy\", \"light\", \"mixed\"],"
    " \"description\": \"The titans' sizes (HS-R-152). 2 players: heavy (default) or light, "
    "both alike. 3 players: mixed, seat 0's heavy against two lights. 4 players: light, or "
    "mixed (default): seats 0 and 1 heavy, 2 and 3 light.\"},"
    "\"titans\": {\"type\": \"array\", \"minItems\": 2, \"maxItems\": 4,"
    " \"items\": {\"type\": \"string\"}, \"description\": \"A titan board id per seat, of "
    "its team's faction, no board twice, in one of the five compositions (HS-R-152). The "
    "teams alternate by seat: 0 and 2 against 1 and 3; of three, seat 0 against 1 and "
    "2 (HS-R-151).\"},"
    "\"factions\": {\"type\": \"array\", \"minItems\": 2, \"maxItems\": 4,"
    " \"items\": {\"type\": \"string\", \"enum\": [\"uk\", \"cet\"]},"
    " \"description\": \"The faction of each seat, one a team (default: seat 0's team "
    "uk).\"},"
    "\"loadouts\": {\"type\": \"array\", \"minItems\": 2, \"maxItems\": 4,"
    " \"items\": {\"oneOf\": [{\"type\": \"null\"}, {\"type\": \"object\","
    " \"additionalProperties\": false, \"properties\": {"
    "\"left_arm\": " LOADOUT_CARD ", \"right_arm\": " LOADOUT_CARD ", \"torso\": "
    LOADOUT_CARD "}}]},"
    " \"description\": \"Each seat's titan customized (HS-R-135): null for its printed "
    "loadout, or weapon card ids (weapons) by mount; a mount left out keeps its printed "
    "card, null leaves it empty. The cards of the titan's faction and size, arm cards on "
    "the arms and a torso card on the torso, no card twice, costing at most the titan's "
    "points.\"},"
    "\"customize\": {\"type\": \"boolean\", \"default\": false,"
    " \"description\": \"Each player customizes their titan in secret before the pilots "
    "(HS-R-140): loadout moves from the printed loadout until loadout_done, seen by the "
    "player's team only, all revealed together. Not with loadouts.\"}}}";

/* Pieces the move schemas share. A square is [station id, index]. */
#define SQUARE "{\"type\": \"array\", \"prefixItems\": [{\"type\": \"string\"}," \
               " {\"type\": \"integer\", \"minimum\": 0}], \"items\": false," \
               " \"minItems\": 2, \"maxItems\": 2}"
#define AT "{\"type\": \"object\", \"additionalProperties\": false," \
           " \"required\": [\"station\", \"square\"], \"properties\": {" \
           "\"station\": {\"type\": \"string\"}, \"square\": {\"type\": \"integer\", \"minimum\": 0}}}"
#define MOUNT "{\"type\": \"string\", \"enum\": [\"left_arm\", \"right_arm\", \"torso\"]}"
#define LOCATION "{\"type\": \"string\", \"enum\": [\"head\", \"torso\", \"left_arm\"," \
                 " \"right_arm\", \"legs\"]}"
#define SEAT "{\"type\": \"integer\", \"minimum\": 0, \"maximum\": 7}"
#define INDEX "{\"type\": \"integer\", \"minimum\": 0}"
#define SECTOR "{\"type\": \"integer\", \"minimum\": 0, \"maximum\": 7}"
#define CARD "{\"type\": \"string\"}"
#define COUNTS "{\"type\": \"object\", \"additionalProperties\": {\"type\": \"integer\"," \
               " \"minimum\": 0}}"
/* The choice of a card's, an event's or a pilot's steps (effects.h). */
#define CHOICE "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {" \
    "\"steam\": {\"type\": \"array\", \"items\": " AT "}," \
    "\"damage\": {\"type\": \"array\", \"items\": {\"type\": \"object\"," \
    " \"additionalProperties\": false, \"required\": [\"station\", \"square\"], \"properties\": {" \
    "\"station\": {\"type\": \"string\"}, \"square\": " INDEX ", \"to_station\": {\"type\": \"string\"}," \
    " \"to_square\": " INDEX "}}}," \
    "\"sector\": " SECTOR ", \"terrain\": " CARD ", \"unit\": " INDEX "," \
    "\"steps\": {\"type\": \"array\", \"items\": {\"type\": \"object\", \"additionalProperties\": false," \
    " \"required\": [\"from_station\", \"from_square\", \"to_station\", \"to_square\"], \"properties\": {" \
    "\"from_station\": {\"type\": \"string\"}, \"from_square\": " INDEX "," \
    " \"to_station\": {\"type\": \"string\"}, \"to_square\": " INDEX "}}}," \
    "\"opponent\": " SEAT ", \"give\": {\"type\": \"array\", \"items\": " CARD "}," \
    "\"repair\": {\"type\": \"array\", \"items\": " AT "}," \
    "\"shield\": {\"type\": \"array\", \"items\": " LOCATION "}}}"
#define SUPPORT "{\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"unit\"," \
                " \"sector\"], \"properties\": {\"unit\": " INDEX ", \"sector\": " SECTOR "}}"
#define STEP "{\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"from\"," \
             " \"to\"], \"properties\": {\"from\": " SQUARE ", \"to\": " SQUARE "}}"
#define TYPE(t) "\"type\": {\"const\": \"" t "\"}"
#define OBJ(req) "{\"type\": \"object\", \"additionalProperties\": false, \"required\": " req \
                 ", \"properties\": {"

static const char move_schemas[] =
    "{"
    "\"loadout\": " OBJ("[\"type\"]") TYPE("loadout") ", \"left_arm\": " LOADOUT_CARD
    ", \"right_arm\": " LOADOUT_CARD ", \"torso\": " LOADOUT_CARD "}},"
    "\"loadout_done\": " OBJ("[\"type\"]") TYPE("loadout_done") "}},"
    "\"pilot\": " OBJ("[\"type\", \"pilot\"]") TYPE("pilot") ", \"pilot\": {\"type\": \"string\"},"
    " \"charge\": {\"type\": \"object\", \"additionalProperties\": false, \"properties\": {"
    "\"left_arm\": " INDEX ", \"right_arm\": " INDEX ", \"torso\": " INDEX "}}}},"
    "\"hold\": " OBJ("[\"type\"]") TYPE("hold") "}},"
    "\"move\": " OBJ("[\"type\", \"pay\", \"sector\"]") TYPE("move")
    ", \"pay\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 2}, \"sector\": " SECTOR "}},"
    "\"card\": " OBJ("[\"type\", \"card\"]") TYPE("card") ", \"card\": " CARD
    ", \"choice\": " CHOICE "}},"
    "\"done\": " OBJ("[\"type\"]") TYPE("done") ", \"infantry\": " SUPPORT ", \"cannon\": " SUPPORT
    ", \"pilot_step\": " STEP "}},"
    "\"attack\": " OBJ("[\"type\"]") TYPE("attack") ", \"mount\": " MOUNT ", \"unit\": " INDEX
    ", \"target\": " SEAT ", \"target_unit\": " INDEX ", \"hotshot\": " INDEX
    ", \"boost\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 1}"
    ", \"battle_card\": " CARD ", \"choice\": " CHOICE ", \"pilot_power\": {\"type\": \"boolean\"}}},"
    "\"pass\": " OBJ("[\"type\"]") TYPE("pass") "}},"
    "\"evade\": " OBJ("[\"type\"]") TYPE("evade")
    ", \"board\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 1}"
    ", \"card\": {\"type\": [\"string\", \"null\"], \"enum\": [\"left_arm\", \"right_arm\", \"torso\", null]}"
    ", \"battle_card\": " CARD ", \"choice\": " CHOICE "}},"
    "\"reroll\": " OBJ("[\"type\", \"choice\"]") TYPE("reroll")
    ", \"choice\": {\"type\": \"string\", \"enum\": [\"keep\", \"reroll\", \"legs\"]}}},"
    "\"damage\": " OBJ("[\"type\", \"picks\"]") TYPE("damage")
    ", \"picks\": {\"type\": \"array\", \"minItems\": 1, \"maxItems\": 24, \"items\": {"
    "\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"station\", \"square\"],"
    " \"properties\": {\"station\": {\"type\": \"string\"}, \"square\": " INDEX ","
    " \"to\": {\"oneOf\": [" SQUARE ", {\"type\": \"null\"}]}}}}}},"
    "\"flow\": " OBJ("[\"type\"]") TYPE("flow") ", \"white\": " COUNTS ", \"red\": " COUNTS "}},"
    "\"steam_done\": " OBJ("[\"type\"]") TYPE("steam_done")
    ", \"shutdown\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}}"
    ", \"repairs\": {\"type\": \"array\", \"items\": {\"type\": \"array\", \"minItems\": 1,"
    " \"items\": " SQUARE "}}}},"
    "\"buy\": " OBJ("[\"type\", \"slot\"]") TYPE("buy") ", \"slot\": " INDEX "}},"
    "\"recover\": " OBJ("[\"type\"]") TYPE("recover") "}},"
    "\"event\": " OBJ("[\"type\"]") TYPE("event") ", \"choice\": " CHOICE "}},"
    "\"free_move\": " OBJ("[\"type\"]") TYPE("free_move")
    ", \"steps\": {\"type\": \"array\", \"maxItems\": 2, \"items\": " STEP "}}},"
    "\"pilot_power\": " OBJ("[\"type\"]") TYPE("pilot_power") ", \"choice\": " CHOICE "}},"
    "\"place\": " OBJ("[\"type\", \"sector\"]") TYPE("place") ", \"sector\": " SECTOR "}},"
    "\"place_steam\": " OBJ("[\"type\"]") TYPE("place_steam")
    ", \"squares\": {\"type\": \"array\", \"maxItems\": 2, \"items\": " SQUARE "}}},"
    "\"recon\": " OBJ("[\"type\"]") TYPE("recon") "}},"
    "\"recon_done\": " OBJ("[\"type\"]") TYPE("recon_done") "}},"
    "\"declare_over\": " OBJ("[\"type\"]") TYPE("declare_over") "}},"
    "\"fight_on\": " OBJ("[\"type\"]") TYPE("fight_on") "}},"
    "\"orders\": {\"type\": \"object\", \"additionalProperties\": false, \"required\": [\"type\"],"
    " \"minProperties\": 2, \"properties\": {" TYPE("orders")
    ", \"evade\": {\"oneOf\": [{\"type\": \"string\", \"enum\": [\"ask\", \"never\"]},"
    " {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 99}]}"
    ", \"cards_when_attacked\": {\"type\": \"string\", \"enum\": [\"ask\", \"never\"]}"
    ", \"damage\": {\"oneOf\": [{\"const\": \"ask\"}, {\"type\": \"array\", \"minItems\": 1,"
    " \"maxItems\": 8, \"items\": {\"type\": \"string\", \"enum\": [\"boiler\", \"command\","
    " \"mobility\", \"repair\", \"shield\", \"weapon_slot\", \"vent\", \"conduit\"]}}]}"
    ", \"reroll\": {\"oneOf\": [{\"const\": \"ask\"}, {\"type\": \"array\", \"items\": "
    LOCATION "}]}}}"
    "}";

static const struct {
    const char *type, *text;
} move_text[] = {
    {"loadout", "Before the pilots, in a game created with customize, in secret from the "
                "other team: put a weapon card of your titan's faction and size on a mount "
                "(left_arm, right_arm, torso; null empties it, a mount left out keeps its "
                "card), the cards costing at most the titan's points; as often as you like "
                "until loadout_done."},
    {"loadout_done", "Before the pilots, in a game created with customize: your loadout is "
                     "final; when every seat is done they are all revealed and mounted."},
    {"pilot", "Before the first round, in secret: choose a pilot of your titan's faction "
              "(and size, where the pilot names one), with the Charged Up steam each card "
              "takes (charge, by mount, 0 to the card's X; omitted is 0). Revealed when every "
              "seat has chosen."},
    {"hold", "Move phase: the titan does not pay to move."},
    {"move", "Move phase: pay the titan's cost for 1 or 2 sectors (pay) from the mobility "
             "station into the pressure box, and go to sector, at most pay sectors away "
             "(it may stay); the terrain card it had is removed."},
    {"card", "Play a battle card of your hand by its id, between the questions of your "
             "turn (after your titan's move, between attacks, in the Steam Allocation, "
             "Battle Card Acquisition and Initiative phases); choice holds what its steps "
             "ask for. The question is asked again."},
    {"done", "Move phase: end your titan's move; after a paid move, move your team's "
             "infantry 1 sector and mobile cannon 2 (unit by index in the view's units), "
             "and with a pilot who may, one steam cube (pilot_step). Frontline Fight, your "
             "titan destroyed: one infantry 1 sector or one mobile cannon 2, or neither."},
    {"attack", "Combat phase: attack with a weapon (mount) or a support unit (unit) the "
               "enemy titan (target, its seat) or unit (target_unit); hotshot extra steam "
               "and boost 1 where the weapon allows. An attack battle card goes with it "
               "(battle_card, with its choice). Frontline Fight: once a titan of your team "
               "is destroyed, its player fires the team's units."},
    {"pass", "Combat phase: make no more attacks this phase. Battle Card Acquisition: buy "
             "no card this phase."},
    {"evade", "Combat phase, attacked: evade with the board (board 1, at its cost) or an "
              "Evade card (card, its mount), or not (board 0, card null or omitted); an "
              "attacked battle card may go with it (battle_card, with its choice)."},
    {"reroll", "Combat phase, the attacker after the hit location roll: keep it, re-roll "
               "it, or take the legs (as the titan's weapon or a card allows)."},
    {"damage", "Combat phase: place the damage cubes, one square each (station id and "
               "index); to is where the steam on that square goes, [station id, index]. "
               "Also the attacker's last cube of a critical hit."},
    {"flow", "Steam Allocation: the steam of the station named in legal-moves flows along "
             "its arrows: white and red give the cubes put in each station, by station id."},
    {"steam_done", "Steam Allocation, after the flow: shut down shield stations (shutdown, "
                   "station ids) and make repairs (repairs, each the damaged squares it "
                   "clears), then refill; both optional."},
    {"buy", "Battle Card Acquisition: buy the card in slot (0 is the leftmost) with steam "
            "from the command station, at its cost plus the slot's modifier."},
    {"recover", "Critical Recovery, Battle Card Acquisition, your titan in the dirigible's "
                "sector: spend 2 steam from the command station (to the power reserve) and "
                "roll a d6, 3 or more recovering it (5 or more with an enemy titan or unit "
                "within 1 sector of it); once a phase; you buy or pass after it."},
    {"event", "An event drawn asks your choice for its step (choice, as legal-moves "
              "lists; a damage square listed with steam under it lists in to where that "
              "steam may go, sent as the pick's to_station and to_square)."},
    {"free_move", "Determine Initiative, the team that has it: move up to 2 steam cubes, "
                  "each from a square to another ([station id, index]); [] moves none."},
    {"pilot_power", "Use your pilot's once-per-game effect, at a question asked of you "
                    "while your team has the turn; choice holds what its steps ask for."},
    {"place", "Chance Encounter, before round 1, the team with initiative first: the "
              "titan starts in sector (a heavy in sector 2 or 5 of its side's half, placed "
              "without asking; a light there or in sector 1 or 6, in the smoke)."},
    {"place_steam", "Chance Encounter, before round 1, after the placing: up to 2 steam "
                    "cubes from the power reserve onto empty white or red squares "
                    "([station id, index]) of the titan, red squares adding heat and shield "
                    "squares shields; [] places no more."},
    {"recon", "Recon in Force, the Initiative phase's start: pay the command steam in the "
              "view's scenario_state.recon_cost (sectors to the enemy starting sector +1) to "
              "draw a card face down into your side's recon pile; asked again while you can "
              "pay."},
    {"recon_done", "Recon in Force: draw no more recon cards this phase."},
    {"declare_over", "Recon in Force, a round's start, a side with 3 recon cards (one "
                     "player) or 5 (two players): declare the battle over; the piles are "
                     "revealed and the most recon points wins."},
    {"fight_on", "Recon in Force, a round's start: do not declare the battle over this "
                 "round."},
    {"orders", "Standing orders, from any seat at any time before the end, whoever must "
               "act: answers given in advance to the questions an attack asks (evade: ask, "
               "never, or from n mobility steam; cards_when_attacked; damage: station "
               "types to damage first; reroll: hit locations to re-roll, [] never). A key "
               "left out keeps its order; at least one is named. Secret to the seat."},
};

static const char legal_moves_text[] =
    "{\"moves\": [...]} for the seat asked now (in the loadouts and pilots stages, every "
    "seat not yet done); empty for others. Each entry has \"form\": \"move\", a concrete move, sent "
    "without its form, or \"shape\", a move with holes to fill, sent without form once "
    "filled. Holes: {\"min\": a, \"max\": b} for a number; {\"of\": [...]} for a value "
    "among those listed (\"optional\": true where it may be left out); a list's "
    "{\"min\", \"max\", \"of\"} for how many items and each item's choices (damage "
    "picks; steam_done's shutdown and repairs, whose \"removes\" is the most squares one "
    "repair clears). A flow shape names its \"station\", the \"cubes\" that flow and the "
    "\"must\" at least placed, and per destination station the free \"white\" (with "
    "\"vent\") and \"red\" squares. A card's (or pilot_power's, event's) \"choice\" "
    "lists per step what may be chosen, in the move's choice keys, with \"n\" the "
    "cubes to choose. A loadout shape gives each mount's \"of\" (null and the cards that "
    "fit with the other mounts as they are), each card's \"cost\", the titan's "
    "\"points\", the current choice's cost (\"spent\") and the \"current\" choice. "
    "Standing orders (type orders) are never listed: any seat may send "
    "them at any time.";

static const char *const kind_names[] = {"event", "start", "terrain", "support",
                                         "repair", "reaction", "tactic"};
static const char *const timing_names[] = {"turn", "attack", "attacked"};

static json_t *size_json(int size)
{
    return size == HS_NONE ? json_null() : json_string(hs_size_names[size]);
}

static json_t *board_json(const struct hs_battle_board *b)
{
    json_t *sectors = json_array(), *track = json_array(), *hit = json_object();

    for (int s = 0; s < HS_SECTORS; s++)
        json_array_append_new(sectors, json_pack(
            "{s:i, s:s, s:o}", "sector", s, "name", b->sector[s].name, "start",
            b->sector[s].start == HS_NONE ? json_null()
                                          : json_string(hs_faction_names[b->sector[s].start])));
    for (int k = 0; k < b->nslots; k++)
        json_array_append_new(track, json_pack("{s:i, s:i, s:b}", "slot", k, "modifier",
                                               b->slot[k].modifier, "titan",
                                               b->slot[k].titan));
    for (int r = 2; r <= 12; r++) {
        char key[12];

        snprintf(key, sizeof key, "%d", r);
        json_object_set_new(hit, key, json_string(hs_location_name(b->hit_location[r])));
    }
    return json_pack("{s:o, s:[i, i], s:o, s:o, s:{s:i, s:i}}", "sectors", sectors,
                     "dirigible", b->dirigible[0], b->dirigible[1], "card_track", track,
                     "hit_locations", hit, "smoke", "tokens", b->smoke_tokens,
                     "attack_dice", b->smoke_dice);
}

static json_t *titan_json(const struct hs_board *b)
{
    json_t *st = json_array();

    for (int s = 0; s < b->nstations; s++) {
        json_t *o = json_pack("{s:s, s:s, s:s, s:i}", "id", b->station[s].id, "type",
                              hs_station_type_name(b->station[s].type), "location",
                              hs_location_name(b->station[s].location), "squares",
                              b->station[s].nsquares);

        if (b->station[s].type == HS_WEAPON_SLOT)
            json_object_set_new(o, "mount", json_string(hs_mount_name(b->station[s].mount)));
        json_array_append_new(st, o);
    }
    return json_pack(
        "{s:s, s:s, s:s, s:s, s:i, s:i, s:[i, i], s:{s:i, s:i}, s:{s:i, s:i}, s:o,"
        " s:{s:s, s:s, s:s}}",
        "id", b->id, "name", b->name, "faction", hs_faction_names[b->faction], "size",
        hs_size_names[b->size], "points", b->points, "reserve", b->reserve, "move_cost",
        b->move_cost[0], b->move_cost[1], "evade", "cost", b->evade_cost, "dice",
        b->evade_dice, "repair", "cost", b->repair_cost, "removes", b->repair_removes,
        "stations", st, "loadout", "left_arm", b->loadout[HS_MOUNT_LEFT_ARM], "right_arm",
        b->loadout[HS_MOUNT_RIGHT_ARM], "torso", b->loadout[HS_MOUNT_TORSO]);
}

static json_t *weapon_json(const struct hs_weapon_card *w)
{
    json_t *traits = json_object(), *range = json_array(), *o;

    for (int t = 0; t < HS_TRAITS; t++)
        if (w->trait[t])
            json_object_set_new(traits, hs_trait_name((enum hs_trait)t),
                                json_integer(w->trait[t]));
    for (int r = w->min_range; w->min_range != HS_NONE && r <= w->max_range; r++)
        json_array_append_new(range, json_pack("{s:i, s:i, s:i}", "range", r, "dice",
                                               w->chart[r].dice, "damage",
                                               w->chart[r].damage));
    o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:i, s:i, s:o, s:o, s:o, s:i, s:s}",
                  "id", w->id, "name", w->name, "faction", hs_faction_names[w->faction],
                  "kind", w->weapon ? "weapon" : "equipment", "mount",
                  w->mount == HS_CARD_TORSO ? "torso" : "arm", "size", size_json(w->size),
                  "cost", w->cost, "attack_cost", w->attack_cost, "traits", traits,
                  "range", range, "close_combat",
                  w->close_combat ? json_pack("{s:i, s:i, s:i}", "dice", w->cc_dice,
                                              "charged_dice", w->cc_charged_dice,
                                              "damage", w->cc_damage)
                                  : json_null(),
                  "squares", w->nsquares, "text", w->text);
    return o;
}

static json_t *battle_json(const struct hs_battle_card *c)
{
    json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:s, s:s, s:i, s:s}", "id", c->id, "name",
                          c->name, "kind", kind_names[c->kind], "cost", c->cost, "phase",
                          hs_phase_name(c->phase), "timing", timing_names[c->timing],
                          "copies", c->copies, "text", c->text);

    if (c->kind == HS_K_TERRAIN)
        json_object_set_new(o, "black_squares", json_integer(c->black_squares));
    if (c->has_unit)
        json_object_set_new(o, "unit", json_pack(
            "{s:s, s:i, s:[i, i], s:i, s:i}", "kind",
            c->unit.kind == HS_UNIT_INFANTRY ? "infantry" : "cannon", "attack_dice",
            c->unit.attack_dice, "range", c->unit.range_lo, c->unit.range_hi, "damage",
            c->unit.damage, "defense_dice", c->unit.defense_dice));
    return o;
}

static json_t *pilot_json(const struct hs_pilot *p)
{
    return json_pack("{s:s, s:s, s:s, s:o, s:{s:s, s:s}, s:{s:s, s:s}}", "id", p->id,
                     "name", p->name, "faction", hs_faction_names[p->faction], "size",
                     size_json(p->size), "ability", "when", hs_when_name(p->ability.when),
                     "text", p->ability.text, "once", "when", hs_when_name(p->once.when),
                     "text", p->once.text);
}

json_t *hs_describe_build(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *o, *schemas, *types, *a;

    if (!cat->ok)
        return json_pack("{s:s, s:s, s:s}", "id", "heavysteam", "error",
                         "catalog_invalid", "message", cat->error);
    o = json_pack("{s:s, s:s, s:i, s:i, s:s}", "id", "heavysteam", "title", "Heavy Steam",
                  "min_seats", 2, "max_seats", HS_MAX_PLAYERS, "data_version", cat->version);
    json_object_set_new(o, "options", json_loads(options_schema, 0, NULL));
    schemas = json_loads(move_schemas, 0, NULL);
    /* the track's length is data */
    json_object_set_new(json_object_get(json_object_get(json_object_get(schemas, "buy"),
                                                        "properties"), "slot"),
                        "maximum", json_integer(cat->board.nslots - 1));
    types = json_array();
    for (size_t i = 0; i < sizeof move_text / sizeof move_text[0]; i++)
        json_array_append_new(types, json_pack("{s:s, s:s, s:O}", "type", move_text[i].type,
                                               "description", move_text[i].text, "schema",
                                               json_object_get(schemas, move_text[i].type)));
    json_decref(schemas);
    json_object_set_new(o, "move_types", types);
    json_object_set_new(o, "legal_moves", json_string(legal_moves_text));
    json_object_set_new(o, "board", board_json(&cat->board));
    a = json_array();
    for (int i = 0; i < cat->ntitans; i++)
        json_array_append_new(a, titan_json(&cat->titan[i]));
    json_object_set_new(o, "titans", a);
    a = json_array();
    for (int i = 0; i < cat->nweapons; i++)
        json_array_append_new(a, weapon_json(&cat->weapon[i]));
    json_object_set_new(o, "weapons", a);
    a = json_array();
    for (int i = 0; i < cat->nbattle; i++)
        json_array_append_new(a, battle_json(&cat->battle[i]));
    json_object_set_new(o, "battle_cards", a);
    a = json_array();
    for (int i = 0; i < cat->npilots; i++)
        json_array_append_new(a, pilot_json(&cat->pilot[i]));
    json_object_set_new(o, "pilots", a);
    return o;
}
