/*
 * catalog_cards.c - reads and checks Heavy Steam's cards: the weapon and
 * equipment decks, the battle cards and the pilots, and the effects they
 * carry (RULINGS.md, "The effect vocabulary").
 *
 * A card the engine could not interpret (an unknown operation, a trait
 * without its X, a weapon without an attack) fails the catalog, so a typo
 * fails every test instead of quietly changing a rule.
 */
#include <stdio.h>
#include <string.h>

#include "catalog_parse.h"

#define fail(cat, ...) rules_data_fail((cat)->error, __VA_ARGS__)
#define only_keys(cat, ...) rules_data_keys((cat)->error, __VA_ARGS__)
#define get_int(cat, ...) rules_data_int((cat)->error, __VA_ARGS__)
#define get_str(cat, ...) rules_data_str((cat)->error, __VA_ARGS__)

const char *const hs_faction_names[] = {"uk", "cet", NULL};
const char *const hs_size_names[] = {"heavy", "light", NULL};

static const char *const trait_names[HS_TRAITS + 1] = {
    "attack_cost", "close_combat", "charged_up", "critical", "evade",
    "fragile", "exploding_rounds", "hotshot", "ignore_terrain", "inflame",
    "knockback", "low_ammo", "low_trajectory", "piercing_rounds",
    "rate_of_fire", "shutdown", "spread", "trails", "unrepairable", NULL};
/* Traits printed without an X. */
static const int trait_plain[HS_TRAITS] = {
    [HS_T_IGNORE_TERRAIN] = 1, [HS_T_LOW_TRAJECTORY] = 1,
    [HS_T_SHUTDOWN] = 1, [HS_T_UNREPAIRABLE] = 1};
/* Traits an equipment card may carry: it has no attack for the others. */
static const int trait_equipment[HS_TRAITS] = {
    [HS_T_EVADE] = 1, [HS_T_FRAGILE] = 1, [HS_T_UNREPAIRABLE] = 1};

static const char *const when_names[HS_WHENS + 1] = {
    "played", "attacking", "attacking_close", "attacking_moved", "attacked",
    "moving", "steam_to_command", "steam", "repairing", "cards",
    "initiative", "pressure", "after_firing", "turn", NULL};
static const char *const phase_names[] = {
    "move", "combat", "steam", "cards", "initiative", "pressure", "none", NULL};
static const char *const kind_names[] = {
    "event", "start", "terrain", "support", "repair", "reaction", "tactic", NULL};
static const char *const timing_names[] = {"turn", "attack", "attacked", NULL};
static const char *const who_names[] = {"self", "opponent", "enemies", "all", NULL};
static const char *const unit_names[] = {"infantry", "cannon", NULL};

/* Copies of one battle card: Enemy in Sight's four are the most. */
#define MAX_COPIES HS_START_CARDS

/* The vocabulary: each operation's number (lo 0: none) and what else it
 * takes. */
static const struct {
    const char *name;
    int lo, hi;
    int who, where;
} ops[HS_OPS] = {
    [HS_OP_ATTACK_DICE] = {"attack_dice", 1, 4, 0, 0},
    [HS_OP_DEFENSE_DICE] = {"defense_dice", 1, 4, 0, 0},
    [HS_OP_DAMAGE] = {"damage", 1, 4, 0, 0},
    [HS_OP_CRITICAL] = {"critical", 1, 2, 0, 0},
    [HS_OP_PIERCE] = {"pierce", 1, 3, 0, 0},
    [HS_OP_REROLL_LOCATION] = {"reroll_location", 0, 0, 0, 0},
    [HS_OP_PLACE_STEAM] = {"place_steam", 1, 4, 1, 1},
    [HS_OP_FREE_MOVE] = {"free_move", 1, 4, 0, 0},
    [HS_OP_RESERVE] = {"reserve", 1, 4, 1, 0},
    [HS_OP_REPAIR] = {"repair", 1, 4, 1, 0},
    [HS_OP_SHIELD] = {"shield", 1, 4, 1, 1},
    [HS_OP_RELEASE] = {"release", 1, 4, 1, 0},
    [HS_OP_HEAT] = {"heat", 1, 4, 1, 0},
    [HS_OP_DAMAGE_CUBES] = {"damage_cubes", 1, 4, 1, 0},
    [HS_OP_HIT] = {"hit", 1, 4, 1, 0},
    [HS_OP_DRAW] = {"draw", 1, 4, 1, 0},
    [HS_OP_STEAL] = {"steal", 1, 2, 0, 0},
    [HS_OP_GIVE] = {"give", 1, 2, 0, 0},
    [HS_OP_SUPPORT] = {"support", 0, 0, 1, 0},
    [HS_OP_MOVE_SUPPORT] = {"move_support", 1, 2, 0, 0},
    [HS_OP_MOVE_TITAN] = {"move_titan", 1, 2, 0, 0},
    [HS_OP_PLAY_TERRAIN] = {"play_terrain", 0, 0, 0, 0},
    [HS_OP_DISCARD_TERRAIN] = {"discard_terrain", 0, 0, 1, 0},
    [HS_OP_INITIATIVE] = {"initiative", 1, 4, 0, 0},
    [HS_OP_SMOKE] = {"smoke", 0, 0, 0, 0},
    [HS_OP_SPENT_TO_RESERVE] = {"spent_to_reserve", 0, 0, 0, 0},
};

/* "where": a hit location, or one of these station types. */
static const char *const where_locations[] = {
    "head", "torso", "left_arm", "right_arm", "legs", NULL};
static const struct {
    const char *name;
    enum hs_station_type type;
} where_stations[] = {
    {"command", HS_COMMAND}, {"mobility", HS_MOBILITY}, {"shield", HS_SHIELD}};

int hs_name_index(const char *s, const char *const *names)
{
    for (int i = 0; s && names[i]; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

const char *hs_trait_name(enum hs_trait t)
{
    return (int)t >= 0 && t < HS_TRAITS ? trait_names[t] : "?";
}

const char *hs_op_name(enum hs_op op)
{
    return (int)op >= 0 && op < HS_OPS ? ops[op].name : "?";
}

const char *hs_when_name(enum hs_when w)
{
    return (int)w >= 0 && w < HS_WHENS ? when_names[w] : "?";
}

const char *hs_phase_name(enum hs_phase p)
{
    return (int)p >= 0 && p <= HS_PH_NONE ? phase_names[p] : "?";
}

/* An optional string key among names; *out keeps its default when absent. */
static int opt_enum(struct hs_catalog *cat, const json_t *o, const char *what,
                    const char *key, const char *const *names, int *out)
{
    json_t *v = json_object_get(o, key);

    if (!v)
        return 0;
    *out = hs_name_index(json_string_value(v), names);
    return *out < 0 ? fail(cat, "%s: unknown %s", what, key) : 0;
}

static int req_enum(struct hs_catalog *cat, const json_t *o, const char *what,
                    const char *key, const char *const *names, int *out)
{
    *out = hs_name_index(json_string_value(json_object_get(o, key)), names);
    return *out < 0 ? fail(cat, "%s: \"%s\" is missing or unknown", what, key) : 0;
}

static int parse_step(struct hs_catalog *cat, const json_t *o, const char *what,
                      struct hs_step *s)
{
    static const char *const keys[] = {"op", "n", "who", "where", "size", NULL};
    const char *where = json_string_value(json_object_get(o, "where"));
    int op, who = HS_WHO_SELF, size = HS_NONE;

    if (only_keys(cat, o, what, keys))
        return -1;
    for (op = 0; op < HS_OPS; op++)
        if (json_is_string(json_object_get(o, "op")) &&
            strcmp(json_string_value(json_object_get(o, "op")), ops[op].name) == 0)
            break;
    if (op == HS_OPS)
        return fail(cat, "%s: unknown operation", what);
    memset(s, 0, sizeof *s);
    s->op = (enum hs_op)op;
    s->location = s->station_type = HS_NONE;
    if (ops[op].lo) {
        if (get_int(cat, o, what, "n", ops[op].lo, ops[op].hi, &s->n))
            return -1;
    } else if (json_object_get(o, "n")) {
        return fail(cat, "%s: %s takes no number", what, ops[op].name);
    }
    if (json_object_get(o, "who") && !ops[op].who)
        return fail(cat, "%s: %s takes no \"who\"", what, ops[op].name);
    if (opt_enum(cat, o, what, "who", who_names, &who) ||
        opt_enum(cat, o, what, "size", hs_size_names, &size))
        return -1;
    s->who = (enum hs_who)who;
    s->size = size;
    if (json_object_get(o, "where")) {
        if (!ops[op].where)
            return fail(cat, "%s: %s takes no \"where\"", what, ops[op].name);
        s->location = hs_name_index(where, where_locations);
        for (size_t i = 0; i < sizeof where_stations / sizeof *where_stations; i++)
            if (where && strcmp(where, where_stations[i].name) == 0)
                s->station_type = (int)where_stations[i].type;
        if (s->location < 0 && s->station_type < 0 &&
            !(where && strcmp(where, "anywhere") == 0))
            return fail(cat, "%s: unknown \"where\"", what);
    }
    return 0;
}

/* An effect is a non-empty list of steps. */
static int parse_effect(struct hs_catalog *cat, const json_t *a, const char *what,
                        struct hs_effect *e)
{
    const json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > HS_MAX_STEPS)
        return fail(cat, "%s: an effect is 1..%d steps", what, HS_MAX_STEPS);
    e->nsteps = 0;
    json_array_foreach(a, i, v)
        if (parse_step(cat, v, what, &e->step[e->nsteps++]))
            return -1;
    return 0;
}

static int has_op(const struct hs_effect *e, enum hs_op op)
{
    for (int i = 0; i < e->nsteps; i++)
        if (e->step[i].op == op)
            return 1;
    return 0;
}

/* ---- weapon and equipment cards ------------------------------------------ */

static int parse_traits(struct hs_catalog *cat, const json_t *a, const char *what,
                        struct hs_weapon_card *w)
{
    static const char *const keys[] = {"trait", "x", NULL};
    const json_t *v;
    size_t i;

    if (a && (!json_is_array(a) || json_array_size(a) > 4))
        return fail(cat, "%s: traits is a list of up to 4", what);
    json_array_foreach(a, i, v) {
        int t;

        if (only_keys(cat, v, what, keys) ||
            req_enum(cat, v, what, "trait", trait_names, &t))
            return -1;
        if (w->trait[t])
            return fail(cat, "%s: trait %s twice", what, trait_names[t]);
        if (trait_plain[t]) {
            if (json_object_get(v, "x"))
                return fail(cat, "%s: %s has no X", what, trait_names[t]);
            w->trait[t] = 1;
        } else if (get_int(cat, v, what, "x", 1, 6, &w->trait[t])) {
            return -1;
        }
        if (!w->weapon && !trait_equipment[t])
            return fail(cat, "%s: equipment cannot have %s", what, trait_names[t]);
    }
    return 0;
}

static int parse_chart(struct hs_catalog *cat, const json_t *a, const char *what,
                       struct hs_weapon_card *w)
{
    static const char *const keys[] = {"range", "dice", "damage", NULL};
    const json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > HS_SECTORS)
        return fail(cat, "%s: a range chart is 1..%d ranges", what, HS_SECTORS);
    json_array_foreach(a, i, v) {
        int r;

        if (only_keys(cat, v, what, keys) ||
            get_int(cat, v, what, "range", 0, HS_SECTORS - 1, &r))
            return -1;
        if (i == 0)
            w->min_range = r;
        if (r != w->min_range + (int)i)
            return fail(cat, "%s: ranges must follow each other", what);
        if (get_int(cat, v, what, "dice", 1, 8, &w->chart[r].dice) ||
            get_int(cat, v, what, "damage", 1, 8, &w->chart[r].damage))
            return -1;
        w->max_range = r;
        if (w->chart[r].damage > w->max_damage)
            w->max_damage = w->chart[r].damage;
    }
    return 0;
}

static int parse_close_combat(struct hs_catalog *cat, const json_t *o,
                              const char *what, struct hs_weapon_card *w)
{
    static const char *const keys[] = {"dice", "charged_dice", "damage", NULL};

    if (only_keys(cat, o, what, keys) ||
        get_int(cat, o, what, "dice", 1, 8, &w->cc_dice) ||
        get_int(cat, o, what, "charged_dice", 2, 10, &w->cc_charged_dice) ||
        get_int(cat, o, what, "damage", 1, 8, &w->cc_damage))
        return -1;
    if (w->cc_charged_dice <= w->cc_dice)
        return fail(cat, "%s: the parenthesised dice are more than the plain", what);
    w->close_combat = 1;
    if (w->cc_damage > w->max_damage)
        w->max_damage = w->cc_damage;
    return 0;
}

static int parse_weapon(struct hs_catalog *cat, const json_t *o,
                        struct hs_weapon_card *w)
{
    static const char *const keys[] = {
        "id", "name", "faction", "kind", "mount", "size", "cost", "traits",
        "range", "close_combat", "squares", "when", "effect", "text", NULL};
    static const char *const kinds[] = {"equipment", "weapon", NULL};
    static const char *const mounts[] = {"arm", "torso", NULL};
    const json_t *sq = json_object_get(o, "squares"), *v;
    int faction, mount, size = HS_NONE, when = HS_W_PLAYED;
    char what[64];
    size_t i;

    memset(w, 0, sizeof *w);
    w->min_range = w->max_range = HS_NONE;
    if (only_keys(cat, o, "weapon card", keys) ||
        get_str(cat, o, "weapon card", "id", w->id, sizeof w->id))
        return -1;
    snprintf(what, sizeof what, "card %s", w->id);
    if (get_str(cat, o, what, "name", w->name, sizeof w->name) ||
        get_str(cat, o, what, "text", w->text, sizeof w->text) ||
        req_enum(cat, o, what, "faction", hs_faction_names, &faction) ||
        req_enum(cat, o, what, "kind", kinds, &w->weapon) ||
        req_enum(cat, o, what, "mount", mounts, &mount) ||
        opt_enum(cat, o, what, "size", hs_size_names, &size) ||
        get_int(cat, o, what, "cost", 1, 12, &w->cost) ||
        parse_traits(cat, json_object_get(o, "traits"), what, w))
        return -1;
    w->faction = (enum hs_faction)faction;
    w->mount = (enum hs_card_mount)mount;
    w->size = size;
    if (!json_is_array(sq) || json_array_size(sq) < 1 ||
        json_array_size(sq) > HS_MAX_CARD_SQUARES)
        return fail(cat, "%s: 1..%d squares", what, HS_MAX_CARD_SQUARES);
    json_array_foreach(sq, i, v) {
        long long n = json_integer_value(v);

        if (!json_is_integer(v) || (n != 0 && (n < 2 || n > 6)))
            return fail(cat, "%s: a square is 0 or a volatile number 2..6", what);
        w->volatile_n[w->nsquares++] = (int)n;
    }
    if (json_object_get(o, "range") &&
        parse_chart(cat, json_object_get(o, "range"), what, w))
        return -1;
    if (json_object_get(o, "close_combat") &&
        parse_close_combat(cat, json_object_get(o, "close_combat"), what, w))
        return -1;
    if (!w->close_combat != !w->trait[HS_T_CLOSE_COMBAT])
        return fail(cat, "%s: close-combat dice go with the Close Combat trait", what);
    if (w->weapon) {
        w->attack_cost = w->trait[HS_T_ATTACK_COST];
        if (!w->attack_cost)
            return fail(cat, "%s: a weapon has an Attack Cost", what);
        if (w->max_range == HS_NONE && !w->close_combat)
            return fail(cat, "%s: a weapon has a range chart or close combat", what);
        if (w->close_combat && w->min_range == 0)
            return fail(cat, "%s: close combat and a range-0 chart entry", what);
        if (w->nsquares < w->attack_cost)
            return fail(cat, "%s: fewer squares than its attack cost", what);
        if (json_object_get(o, "when") || json_object_get(o, "effect"))
            return fail(cat, "%s: a weapon's effect is its attack", what);
        return 0;
    }
    if (json_object_get(o, "range") || json_object_get(o, "close_combat"))
        return fail(cat, "%s: equipment has no attack", what);
    if (!json_object_get(o, "effect") != !json_object_get(o, "when"))
        return fail(cat, "%s: an effect needs its \"when\" and the other way", what);
    if (json_object_get(o, "effect")) {
        if (req_enum(cat, o, what, "when", when_names, &when) ||
            parse_effect(cat, json_object_get(o, "effect"), what, &w->effect))
            return -1;
        if (when == HS_W_PLAYED || when == HS_W_TURN ||
            when == HS_W_STEAM_TO_COMMAND)
            return fail(cat, "%s: equipment works in a moment of the round", what);
        w->when = (enum hs_when)when;
    } else if (!w->trait[HS_T_EVADE]) {
        return fail(cat, "%s: equipment needs an effect or Evade", what);
    }
    return 0;
}

int hs_parse_weapons(struct hs_catalog *cat, const json_t *root)
{
    static const char *const keys[] = {"data_version", "note", "cards", NULL};
    const json_t *a = json_object_get(root, "cards"), *v;
    int count[2] = {0, 0}, used[HS_TRAITS] = {0};
    size_t i;

    if (only_keys(cat, root, "weapons.json", keys))
        return -1;
    if (!json_is_array(a) || json_array_size(a) > HS_MAX_CARDS)
        return fail(cat, "weapons.json: cards must be a list of up to %d", HS_MAX_CARDS);
    json_array_foreach(a, i, v) {
        struct hs_weapon_card *w = &cat->weapon[cat->nweapons];

        if (parse_weapon(cat, v, w))
            return -1;
        if (hs_catalog_weapon(cat, w->id) >= 0)
            return fail(cat, "card %s twice", w->id);
        count[w->faction]++;
        for (int t = 0; t < HS_TRAITS; t++)
            used[t] |= w->trait[t] != 0;
        cat->nweapons++;
    }
    if (count[HS_UK] != HS_UK_CARDS || count[HS_CET] != HS_CET_CARDS)
        return fail(cat, "weapons.json: %d U.K. and %d C.E.T. cards, not %d and %d",
                    count[HS_UK], count[HS_CET], HS_UK_CARDS, HS_CET_CARDS);
    for (int t = 0; t < HS_TRAITS; t++)
        if (!used[t])
            return fail(cat, "weapons.json: no card has %s", trait_names[t]);
    return 0;
}

/* ---- battle cards -------------------------------------------------------- */

static int parse_unit(struct hs_catalog *cat, const json_t *o, const char *what,
                      struct hs_unit *u)
{
    static const char *const keys[] = {"kind", "attack_dice", "range", "damage",
                                       "defense_dice", "ignore_terrain", NULL};
    const json_t *r = json_object_get(o, "range"), *it;
    const json_t *lo = json_array_get(r, 0), *hi = json_array_get(r, 1);
    int kind;

    if (only_keys(cat, o, what, keys) ||
        req_enum(cat, o, what, "kind", unit_names, &kind) ||
        get_int(cat, o, what, "attack_dice", 1, 8, &u->attack_dice) ||
        get_int(cat, o, what, "damage", 1, 8, &u->damage) ||
        get_int(cat, o, what, "defense_dice", 1, 8, &u->defense_dice))
        return -1;
    u->kind = (enum hs_unit_kind)kind;
    if (json_array_size(r) != 2 || !json_is_integer(lo) || !json_is_integer(hi) ||
        json_integer_value(lo) < 0 || json_integer_value(hi) < json_integer_value(lo) ||
        json_integer_value(hi) >= HS_SECTORS)
        return fail(cat, "%s: a unit's range is [lo, hi] within the track", what);
    u->range_lo = (int)json_integer_value(lo);
    u->range_hi = (int)json_integer_value(hi);
    it = json_object_get(o, "ignore_terrain");
    if (it && !json_is_boolean(it))
        return fail(cat, "%s: ignore_terrain is true or false", what);
    u->ignore_terrain = json_is_true(it);
    return 0;
}

static int parse_battle(struct hs_catalog *cat, const json_t *o,
                        struct hs_battle_card *c)
{
    static const char *const keys[] = {
        "id", "name", "kind", "cost", "phase", "copies", "timing",
        "black_squares", "unit", "text", "effect", NULL};
    int kind, phase, timing = HS_TIME_TURN;
    char what[64];

    memset(c, 0, sizeof *c);
    if (only_keys(cat, o, "battle card", keys) ||
        get_str(cat, o, "battle card", "id", c->id, sizeof c->id))
        return -1;
    snprintf(what, sizeof what, "battle card %s", c->id);
    if (get_str(cat, o, what, "name", c->name, sizeof c->name) ||
        get_str(cat, o, what, "text", c->text, sizeof c->text) ||
        req_enum(cat, o, what, "kind", kind_names, &kind) ||
        req_enum(cat, o, what, "phase", phase_names, &phase) ||
        opt_enum(cat, o, what, "timing", timing_names, &timing) ||
        get_int(cat, o, what, "copies", 1, MAX_COPIES, &c->copies) ||
        get_int(cat, o, what, "cost", kind == HS_K_EVENT ? 0 : 1,
                kind == HS_K_EVENT ? 0 : 6, &c->cost) ||
        parse_effect(cat, json_object_get(o, "effect"), what, &c->effect))
        return -1;
    c->kind = (enum hs_card_kind)kind;
    c->phase = (enum hs_phase)phase;
    c->timing = (enum hs_timing)timing;
    if (kind == HS_K_EVENT && (phase != HS_PH_NONE || c->copies != 1 ||
                               json_object_get(o, "timing")))
        return fail(cat, "%s: an event is one card, of no phase, drawn not played", what);
    if (timing != HS_TIME_TURN && phase != HS_PH_COMBAT)
        return fail(cat, "%s: a card played in an attack is a combat card", what);
    if ((kind == HS_K_REACTION) != (timing == HS_TIME_ATTACKED))
        return fail(cat, "%s: reactions, and only they, are played when attacked", what);
    if (kind == HS_K_TERRAIN) {
        if (phase != HS_PH_MOVE)
            return fail(cat, "%s: terrain is played in the move phase", what);
        if (get_int(cat, o, what, "black_squares", 0, 6, &c->black_squares))
            return -1;
    } else if (json_object_get(o, "black_squares")) {
        return fail(cat, "%s: only terrain has black squares", what);
    }
    if (json_object_get(o, "unit")) {
        if (parse_unit(cat, json_object_get(o, "unit"), what, &c->unit))
            return -1;
        c->has_unit = 1;
    }
    if (c->has_unit != has_op(&c->effect, HS_OP_SUPPORT))
        return fail(cat, "%s: a support step and its unit go together", what);
    if (kind == HS_K_SUPPORT && !c->has_unit)
        return fail(cat, "%s: a support card places a unit", what);
    return 0;
}

int hs_parse_battle_cards(struct hs_catalog *cat, const json_t *root)
{
    static const char *const keys[] = {"data_version", "note", "cards", NULL};
    const json_t *a = json_object_get(root, "cards"), *v;
    int total = 0, events = 0, start = 0;
    size_t i;

    if (only_keys(cat, root, "battle_cards.json", keys))
        return -1;
    if (!json_is_array(a) || json_array_size(a) > HS_MAX_BATTLE)
        return fail(cat, "battle_cards.json: cards must be a list of up to %d",
                    HS_MAX_BATTLE);
    json_array_foreach(a, i, v) {
        struct hs_battle_card *c = &cat->battle[cat->nbattle];

        if (parse_battle(cat, v, c))
            return -1;
        if (hs_catalog_battle(cat, c->id) >= 0)
            return fail(cat, "battle card %s twice", c->id);
        total += c->copies;
        events += c->kind == HS_K_EVENT ? c->copies : 0;
        start += c->kind == HS_K_START ? c->copies : 0;
        cat->nbattle++;
    }
    if (total != HS_BATTLE_CARDS || events != HS_EVENT_CARDS ||
        start != HS_START_CARDS)
        return fail(cat, "battle_cards.json: %d cards, %d events, %d Enemy in Sight;"
                    " not %d, %d and %d", total, events, start, HS_BATTLE_CARDS,
                    HS_EVENT_CARDS, HS_START_CARDS);
    return 0;
}

/* ---- pilots -------------------------------------------------------------- */

static int parse_power(struct hs_catalog *cat, const json_t *o, const char *what,
                       struct hs_power *p)
{
    static const char *const keys[] = {"when", "min", "text", "effect", NULL};
    int when;

    if (only_keys(cat, o, what, keys) ||
        req_enum(cat, o, what, "when", when_names, &when) ||
        get_str(cat, o, what, "text", p->text, sizeof p->text) ||
        parse_effect(cat, json_object_get(o, "effect"), what, &p->effect))
        return -1;
    if (when == HS_W_PLAYED)
        return fail(cat, "%s: a pilot's power is not played", what);
    p->when = (enum hs_when)when;
    if (when == HS_W_STEAM_TO_COMMAND)
        return get_int(cat, o, what, "min", 1, 6, &p->min);
    if (json_object_get(o, "min"))
        return fail(cat, "%s: only steam_to_command takes a min", what);
    return 0;
}

int hs_parse_pilots(struct hs_catalog *cat, const json_t *root)
{
    static const char *const keys[] = {"data_version", "note", "pilots", NULL};
    static const char *const pkeys[] = {"id", "name", "faction", "size",
                                        "ability", "once", NULL};
    const json_t *a = json_object_get(root, "pilots"), *v;
    int count[2] = {0, 0};
    size_t i;

    if (only_keys(cat, root, "pilots.json", keys))
        return -1;
    if (!json_is_array(a) || json_array_size(a) > HS_MAX_PILOTS)
        return fail(cat, "pilots.json: pilots must be a list of up to %d", HS_MAX_PILOTS);
    json_array_foreach(a, i, v) {
        struct hs_pilot *p = &cat->pilot[cat->npilots];
        int faction, size = HS_NONE;
        char what[64];

        memset(p, 0, sizeof *p);
        if (only_keys(cat, v, "pilot", pkeys) ||
            get_str(cat, v, "pilot", "id", p->id, sizeof p->id))
            return -1;
        snprintf(what, sizeof what, "pilot %s", p->id);
        if (get_str(cat, v, what, "name", p->name, sizeof p->name) ||
            req_enum(cat, v, what, "faction", hs_faction_names, &faction) ||
            opt_enum(cat, v, what, "size", hs_size_names, &size) ||
            parse_power(cat, json_object_get(v, "ability"), what, &p->ability) ||
            parse_power(cat, json_object_get(v, "once"), what, &p->once))
            return -1;
        if (p->ability.when == HS_W_TURN)
            return fail(cat, "%s: an ability says when it applies", what);
        if (hs_catalog_pilot(cat, p->id) >= 0)
            return fail(cat, "pilot %s twice", p->id);
        p->faction = (enum hs_faction)faction;
        p->size = size;
        count[faction]++;
        cat->npilots++;
    }
    if (count[HS_UK] != HS_FACTION_PILOTS || count[HS_CET] != HS_FACTION_PILOTS)
        return fail(cat, "pilots.json: %d U.K. and %d C.E.T. pilots, not %d each",
                    count[HS_UK], count[HS_CET], HS_FACTION_PILOTS);
    return 0;
}
