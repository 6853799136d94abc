/*
 * combat_turns.c - the Combat phase's alternation of attacks (HS-R-17):
 * the team with initiative attacks first, then the teams take one attack
 * each in turn; a side that passes "can make no more attacks for the
 * remainder of the phase", and the phase ends when both have passed.
 * Each attack runs in combat.c from its declaration to its end; its
 * questions (evade, re-roll, damage) are answered here through it.
 *
 * A team's attack is made by its first player in seat order who has not
 * passed; a player with no attack left passes without being asked.
 */
#include <string.h>

#include "cards.h"
#include "catalog.h"
#include "combat.h"
#include "game_json.h"
#include "round_phase.h"
#include "scenario.h"

void hs_combat_begin(struct hs_game *g, json_t *events)
{
    (void)events;
    /* "Infantry and mobile cannon get one attack per combat phase." */
    for (int u = 0; u < g->nunits; u++)
        g->unit[u].attacked = 0;
    memset(&g->attack, 0, sizeof g->attack);
}

/* A destroyed titan's player is out, unless the scenario has him fire
 * his team's units (Frontline Fight, HS-R-196). */
static int seat_out(const struct hs_game *g, int s)
{
    return g->p[s].passed || (g->titan[g->p[s].titan].cubes.destroyed &&
                              hs_scenario_units_seat(g, g->p[s].team) != s);
}

/* The team's next attacker, -1 when the whole team has passed. */
static int team_seat(const struct hs_game *g, int team)
{
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == team && !seat_out(g, s))
            return s;
    return -1;
}

/* The other team's turn, unless it has passed. */
static void alternate(struct hs_game *g)
{
    if (team_seat(g, 1 - g->turn_team) >= 0)
        g->turn_team = 1 - g->turn_team;
    hs_round_ask(g, HS_ASK_NONE, -1);
}

void hs_combat_turn_next(struct hs_game *g)
{
    alternate(g);
}

static void pass(struct hs_game *g, int seat, int asked, json_t *events)
{
    g->p[seat].passed = 1;
    hs_game_event(events, json_pack("{s:s, s:i, s:b}", "type", "attack_passed", "seat",
                                    seat, "asked", asked));
    alternate(g);
}

int hs_combat_next(struct hs_game *g, json_t *events)
{
    struct hs_attack_option opt[HS_MAX_OPTIONS];

    for (;;) {
        int seat = team_seat(g, g->turn_team);

        if (seat < 0) {
            g->turn_team = 1 - g->turn_team;
            if ((seat = team_seat(g, g->turn_team)) < 0)
                return 0;
        }
        g->actor = seat;
        if (hs_combat_options(g, seat, opt) > 0) {
            hs_round_ask(g, HS_ASK_ATTACK, seat);
            return 1;
        }
        pass(g, seat, 0, events);
    }
}

static int mount_named(const json_t *v)
{
    for (int m = 0; json_is_string(v) && m < HS_MOUNTS; m++)
        if (strcmp(hs_mount_name((enum hs_mount)m), json_string_value(v)) == 0)
            return m;
    return -1;
}

static int opt_int(const json_t *move, const char *key, int dflt)
{
    json_t *v = json_object_get(move, key);

    return json_is_integer(v) ? (int)json_integer_value(v)
           : json_is_boolean(v) ? json_is_true(v) : v ? -2 : dflt;
}

/* The battle card a move carries ("battle_card": its id, with
 * its "choice"), played in moment into mods (HS-R-12, HS-R-95); 0 when
 * the move carries none. */
static int battle_card(struct hs_game *g, int seat, const json_t *move,
                       enum hs_timing moment, struct hs_mods *mods,
                       struct rng *rng, json_t *events, struct rules_error *err)
{
    int c;

    if (!json_object_get(move, "battle_card"))
        return 0;
    if ((c = hs_hand_card(g, seat, json_object_get(move, "battle_card"))) < 0)
        return rules_fail(err, "bad_card", "HS-R-12 (When to Play Battle Cards)",
                          "\"battle_card\" is a card of your hand.");
    return hs_play_card(g, seat, c, moment, json_object_get(move, "choice"), mods,
                        rng, events, err);
}

/* An `attack` card goes with its declaration (HS-R-122), played once the
 * cost is paid (HS-AMB-35), so its checks see the attack's attacker and
 * target. */
struct attack_card { int seat; const json_t *move; };

static int attack_card(struct hs_game *g, const void *arg, struct hs_mods *mods,
                       struct rng *rng, json_t *events, struct rules_error *err)
{
    const struct attack_card *c = arg;

    return battle_card(g, c->seat, c->move, HS_TIME_ATTACK, mods, rng, events, err);
}

static int declare(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                   json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "mount", "unit", "target",
                                       "target_unit", "hotshot", "boost",
                                       "battle_card", "choice", "pilot_power", NULL};
    json_t *power = json_object_get(move, "pilot_power");
    struct hs_declare d;
    struct hs_mods mods = {0};

    if (hs_round_keys(move, keys, err))
        return -1;
    d.mount = json_object_get(move, "mount") ? mount_named(json_object_get(move, "mount"))
                                             : -1;
    d.unit = opt_int(move, "unit", -1);
    d.target_seat = opt_int(move, "target", -1);
    d.target_unit = opt_int(move, "target_unit", -1);
    d.hotshot = opt_int(move, "hotshot", 0);
    d.boost = opt_int(move, "boost", 0);
    d.to_reserve = json_is_true(power);
    if (power && !json_is_boolean(power))
        return rules_fail(err, "bad_attack", "HS-R-129 (After firing)",
                          "\"pilot_power\" is true or false.");
    if ((d.mount < 0) == (d.unit < 0) || (d.target_seat < 0) == (d.target_unit < 0) ||
        d.hotshot < 0 || d.boost < 0 || d.boost > 1 || d.unit >= g->nunits ||
        d.target_unit >= g->nunits || d.target_seat >= g->nplayers)
        return rules_fail(err, "bad_attack", "HS-R-18 (Attack Cost)",
                          "An attack names a \"mount\" or a \"unit\", and a \"target\" "
                          "seat or a \"target_unit\".");
    {
        struct attack_card c = {seat, move};

        return hs_combat_declare_card(g, seat, &d, &mods,
                                      json_object_get(move, "battle_card") ? attack_card
                                                                           : NULL,
                                      &c, rng, events, err);
    }
}

static int evade(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                 json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "board", "card", "battle_card",
                                       "choice", NULL};
    json_t *c = json_object_get(move, "card");
    struct hs_evade ev;
    struct hs_mods mods = {0};

    if (hs_round_keys(move, keys, err))
        return -1;
    ev.board = opt_int(move, "board", 0);
    ev.card = c && !json_is_null(c) ? mount_named(c) : -1;
    if (ev.board < 0 || ev.board > 1 || (c && !json_is_null(c) && ev.card < 0))
        return rules_fail(err, "bad_evade", "HS-R-24 (Evading)",
                          "\"board\" is 0 or 1, \"card\" the mount of an Evade card.");
    /* an `attacked` card is the evade question's answer (HS-R-95) */
    if (battle_card(g, seat, move, HS_TIME_ATTACKED, &mods, rng, events, err))
        return -1;
    return hs_combat_evade(g, seat, &ev, &mods, rng, events, err);
}

static int reroll(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                  json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "choice", NULL};
    static const char *const names[] = {"keep", "reroll", "legs"};
    const char *c = json_string_value(json_object_get(move, "choice"));

    if (hs_round_keys(move, keys, err))
        return -1;
    for (int k = 0; c && k < 3; k++)
        if (strcmp(c, names[k]) == 0)
            return hs_combat_reroll(g, seat, (enum hs_reroll)k, rng, events, err);
    return rules_fail(err, "bad_reroll", "HS-R-26 (Rolling for Hit Location)",
                      "\"choice\" is keep, reroll or legs.");
}

static int damage(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                  json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "picks", NULL};
    static const char *const pick_keys[] = {"station", "square", "to", NULL};
    struct hs_damage_pick pick[HS_MAX_STATIONS];
    json_t *picks = json_object_get(move, "picks"), *o;
    int whose = hs_combat_damage_seat(g);
    const struct hs_titan *t;
    size_t i;

    if (hs_round_keys(move, keys, err))
        return -1;
    if (whose < 0 || !json_is_array(picks) || json_array_size(picks) < 1 ||
        json_array_size(picks) > HS_MAX_STATIONS)
        return rules_fail(err, "bad_damage", "HS-R-28 (Damage)",
                          "\"picks\" lists the damage cubes, one square each.");
    t = &hs_round_titan(g, whose)->cubes;
    json_array_foreach(picks, i, o) {
        int sq[2] = {0, 0}, to[2] = {HS_NONE, HS_NONE};
        json_t *tj = json_object_get(o, "to");

        if (!json_is_object(o) || hs_round_keys(o, pick_keys, err))
            return -1;
        sq[0] = hs_round_station(t, json_object_get(o, "station"));
        if (sq[0] < 0 || hs_get_int(o, "square", 0, t->nsquares[sq[0]] - 1, &sq[1]) ||
            (tj && !json_is_null(tj) && hs_round_square(t, tj, to)))
            return rules_fail(err, "bad_pick", "HS-R-28 (Damage)",
                              "A pick is {\"station\": id, \"square\": n, \"to\": "
                              "[id, n]}.");
        pick[i] = (struct hs_damage_pick){sq[0], sq[1], to[0], to[1]};
    }
    return hs_combat_damage(g, seat, pick, (int)json_array_size(picks), rng, events,
                            err);
}

int hs_combat_apply(struct hs_game *g, int seat, const json_t *move,
                    struct rng *rng, json_t *events, struct rules_error *err)
{
    const char *type = json_string_value(json_object_get(move, "type"));
    static const char *const want[] = {
        [HS_ASK_ATTACK] = "attack", [HS_ASK_EVADE] = "evade",
        [HS_ASK_REROLL] = "reroll", [HS_ASK_DAMAGE] = "damage",
        [HS_ASK_LAST_CUBE] = "damage"};
    int rc;

    if (g->ask == HS_ASK_ATTACK && strcmp(type, "pass") == 0) {
        if (hs_round_keys(move, (const char *const[]){"type", NULL}, err))
            return -1;
        pass(g, seat, 1, events);
        return 0;
    }
    /* a `turn` card between attacks: the team's turn, no attack in progress */
    if (g->ask == HS_ASK_ATTACK && strcmp(type, "card") == 0)
        return hs_turn_card_apply(g, seat, move, NULL, rng, events, err);
    if (strcmp(type, want[g->ask]) != 0)
        return rules_fail(err, "unknown_move", HS_RULE_ALTERNATE,
                          "The attack waits for \"%s\".", want[g->ask]);
    switch (g->ask) {
    case HS_ASK_ATTACK: rc = declare(g, seat, move, rng, events, err); break;
    case HS_ASK_EVADE: rc = evade(g, seat, move, rng, events, err); break;
    case HS_ASK_REROLL: rc = reroll(g, seat, move, rng, events, err); break;
    default: rc = damage(g, seat, move, rng, events, err); break;
    }
    /* the attack is over: the other side's attack */
    if (rc == 0 && !g->attack.active && g->stage == HS_STAGE_ROUND)
        alternate(g);
    return rc;
}

/* ---- legal moves -------------------------------------------------------- */

/* Adds to each entry of base one copy per battle card in cards (as
 * hs_cards_playable lists them): the entry with "battle_card" and its
 * "choice" options. */
static void with_cards(json_t *moves, const json_t *base, const json_t *cards)
{
    size_t i;
    json_t *c;

    json_array_foreach(cards, i, c) {
        json_t *e = json_deep_copy(base);

        json_object_set(e, "battle_card", json_object_get(c, "id"));
        if (json_array_size(json_object_get(c, "options")) > 0) {
            json_object_set_new(e, "form", json_string("shape"));
            json_object_set(e, "choice", json_object_get(c, "options"));
        }
        json_array_append_new(moves, e);
    }
}

/* The `attack` cards seat could play with an attack on the target of o. */
static json_t *attack_cards(const struct hs_game *g, int seat,
                            const struct hs_attack_option *o)
{
    struct hs_game w = *g;      /* on the stack: see hs_round_apply */

    w.attack.active = 1;
    w.attack.attacker = seat;
    w.attack.target_seat = o->target_seat;
    w.attack.target_unit = o->target_unit;
    return hs_cards_playable(&w, seat, HS_TIME_ATTACK);
}

static void attack_moves(const struct hs_game *g, int seat, json_t *moves)
{
    struct hs_attack_option opt[HS_MAX_OPTIONS];
    int n = hs_combat_options(g, seat, opt);

    json_array_append_new(moves, hs_round_entry("pass", "move"));
    hs_turn_card_moves(g, seat, moves);
    for (int i = 0; i < n; i++) {
        const struct hs_attack_option *o = &opt[i];
        int shape = o->hotshot_max > 0 || o->boost == HS_BOOST_PAY;
        json_t *e = hs_round_entry("attack", shape ? "shape" : "move");
        json_t *cards;

        if (o->mount >= 0)
            json_object_set_new(e, "mount",
                                json_string(hs_mount_name((enum hs_mount)o->mount)));
        else
            json_object_set_new(e, "unit", json_integer(o->unit));
        if (o->target_unit >= 0)
            json_object_set_new(e, "target_unit", json_integer(o->target_unit));
        else
            json_object_set_new(e, "target", json_integer(o->target_seat));
        if (o->hotshot_max > 0)
            json_object_set_new(e, "hotshot", json_pack("{s:i, s:i}", "min", 0, "max",
                                                         o->hotshot_max));
        if (o->boost == HS_BOOST_PAY)
            json_object_set_new(e, "boost", json_pack("{s:[i, i]}", "of", 0, 1));
        cards = attack_cards(g, seat, o);
        with_cards(moves, e, cards);
        json_decref(cards);
        if (o->mount >= 0 && hs_combat_after_firing_power(g, seat)) {
            json_t *p = json_deep_copy(e);

            json_object_set_new(p, "pilot_power", json_true());
            json_array_append_new(moves, p);
        }
        json_array_append_new(moves, e);
    }
}

static void damage_moves(const struct hs_game *g, json_t *moves)
{
    int whose = hs_combat_damage_seat(g);
    const struct hs_titan *t;
    struct hs_damage_choices c;
    json_t *of = json_array(), *e;

    if (whose < 0) {
        json_decref(of);
        return;
    }
    t = &g->titan[g->p[whose].titan].cubes;
    hs_titan_damage_choices(t, &c);
    for (int k = 0; k < c.ntargets; k++) {
        const struct hs_target *x = &c.target[k];
        json_t *p = json_pack("{s:s, s:i}", "station", t->board->station[x->station].id,
                              "square", x->square);

        if (x->steam) {
            int out[HS_MAX_STATIONS * HS_MAX_SQUARES][2];
            int n = hs_titan_displace_choices(t, x->station, x->square, out);
            json_t *to = json_array();

            for (int j = 0; j < n; j++)
                json_array_append_new(to, json_pack("[s, i]",
                                                    t->board->station[out[j][0]].id,
                                                    out[j][1]));
            json_object_set_new(p, "to", json_pack("{s:o}", "of", to));
        }
        json_array_append_new(of, p);
    }
    e = hs_round_entry("damage", "shape");
    json_object_set_new(e, "picks", json_pack("{s:i, s:i, s:o}", "min", 1, "max",
                                              c.cubes, "of", of));
    json_array_append_new(moves, e);
}

/* The board's evade and each Evade X card, when the mobility station
 * holds the steam and the box the room (HS-AMB-13). */
static void evade_moves(const struct hs_game *g, int seat, json_t *moves)
{
    const struct hs_titan_at *ta = &g->titan[g->p[seat].titan];
    const struct hs_titan *t = &ta->cubes;
    int mob = HS_NONE, steam, room = hs_pressure_room(t);
    json_t *board = json_pack("[i]", 0), *card = json_pack("[n]"), *e;

    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].type == HS_MOBILITY)
            mob = s;
    steam = mob == HS_NONE ? 0 : hs_titan_steam_at(t, mob);
    if (mob != HS_NONE && steam >= t->board->evade_cost && room >= t->board->evade_cost)
        json_array_append_new(board, json_integer(1));
    for (int m = 0; m < HS_MOUNTS; m++) {
        const struct hs_catalog *cat = hs_catalog_get();
        int x = ta->card[m] < 0 ? 0 : cat->weapon[ta->card[m]].trait[HS_T_EVADE];

        if (x > 0 && steam >= x && room >= x)
            json_array_append_new(card, json_string(hs_mount_name((enum hs_mount)m)));
    }
    e = hs_round_entry("evade", "move");
    json_object_set_new(e, "board", json_integer(0));
    {
        json_t *cards = hs_cards_playable(g, seat, HS_TIME_ATTACKED);

        with_cards(moves, e, cards);
        json_decref(cards);
    }
    json_array_append_new(moves, e);
    e = hs_round_entry("evade", "shape");
    json_object_set_new(e, "board", json_pack("{s:o}", "of", board));
    json_object_set_new(e, "card", json_pack("{s:o}", "of", card));
    json_array_append_new(moves, e);
}

void hs_combat_moves(const struct hs_game *g, int seat, json_t *moves)
{
    json_t *e;
    int re, legs;

    switch (g->ask) {
    case HS_ASK_ATTACK:
        attack_moves(g, seat, moves);
        break;
    case HS_ASK_EVADE:
        evade_moves(g, seat, moves);
        break;
    case HS_ASK_REROLL:
        hs_combat_reroll_choices(g, &re, &legs);
        e = hs_round_entry("reroll", "move");
        json_object_set_new(e, "choice", json_string("keep"));
        json_array_append_new(moves, e);
        for (int k = 0; k < 2; k++) {
            if (!(k ? legs : re))
                continue;
            e = hs_round_entry("reroll", "move");
            json_object_set_new(e, "choice", json_string(k ? "legs" : "reroll"));
            json_array_append_new(moves, e);
        }
        break;
    default:
        damage_moves(g, moves);
        break;
    }
}
