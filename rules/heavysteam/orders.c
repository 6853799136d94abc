/*
 * orders.c - reading and showing standing orders (orders.h); the combat
 * code applies them where it would ask (combat.c, combat_hit.c).
 */
#include "orders.h"

#include <string.h>


#define RULE_ORDERS "HS-R-126 (Standing orders)"

int hs_orders_move_is(const json_t *move)
{
    const char *t = json_string_value(json_object_get(move, "type"));

    return t && strcmp(t, "orders") == 0;
}

static int is(const json_t *v, const char *word)
{
    return json_is_string(v) && strcmp(json_string_value(v), word) == 0;
}

static int read_evade(const json_t *v, struct hs_orders *o, struct rules_error *err)
{
    if (!v)
        return 0;
    if (is(v, "ask") || is(v, "never"))
        o->evade = is(v, "ask") ? HS_ORDER_ASK : 0;
    else if (json_is_integer(v) && json_integer_value(v) >= 1 && json_integer_value(v) <= 99)
        o->evade = (int)json_integer_value(v);
    else
        return rules_fail(err, "bad_orders", RULE_ORDERS,
                          "\"evade\" is \"ask\", \"never\" or the mobility steam (1 to 99) "
                          "from which to evade.");
    return 0;
}

static int read_damage(const json_t *v, struct hs_orders *o, struct rules_error *err)
{
    const json_t *t;
    size_t i;

    if (!v)
        return 0;
    if (is(v, "ask")) {
        o->damage = HS_ORDER_ASK;
        o->ntypes = 0;
        return 0;
    }
    if (!json_is_array(v) || json_array_size(v) < 1 || json_array_size(v) > 8)
        return rules_fail(err, "bad_orders", RULE_ORDERS,
                          "\"damage\" is \"ask\" or 1 to 8 station types to damage first.");
    json_array_foreach(v, i, t) {
        int k = hs_station_type_named(json_string_value(t));

        if (k < 0)
            return rules_fail(err, "bad_orders", RULE_ORDERS,
                              "\"damage\" names station types: boiler, command, mobility, "
                              "repair, shield, weapon_slot, vent, conduit.");
        o->damage_types[i] = (enum hs_station_type)k;
    }
    o->damage = 1;
    o->ntypes = (int)json_array_size(v);
    return 0;
}

static int read_reroll(const json_t *v, struct hs_orders *o, struct rules_error *err)
{
    const json_t *l;
    size_t i;
    int mask = 0;

    if (!v)
        return 0;
    if (is(v, "ask")) {
        o->reroll = HS_ORDER_ASK;
        return 0;
    }
    if (!json_is_array(v))
        return rules_fail(err, "bad_orders", RULE_ORDERS,
                          "\"reroll\" is \"ask\" or the hit locations to re-roll ([] never).");
    json_array_foreach(v, i, l) {
        int k = -1;

        for (int n = 0; n < HS_LOCATIONS && k < 0; n++)
            if (json_is_string(l) &&
                strcmp(json_string_value(l), hs_location_name((enum hs_location)n)) == 0)
                k = n;
        if (k < 0)
            return rules_fail(err, "bad_orders", RULE_ORDERS,
                              "\"reroll\" names hit locations (head, torso, left_arm, "
                              "right_arm, legs).");
        mask |= 1 << k;
    }
    o->reroll = mask;
    return 0;
}

int hs_orders_set(struct hs_game *g, int seat, const json_t *move, json_t *events,
                  struct rules_error *err)
{
    static const char *const keys[] = {"type", "evade", "cards_when_attacked", "damage",
                                       "reroll", NULL};
    const json_t *cards = json_object_get(move, "cards_when_attacked");
    const char *bad = rules_unknown_key(move, keys);
    struct hs_orders o;

    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", RULE_ORDERS, "Seat %d has no titan.", seat);
    if (g->stage == HS_STAGE_OVER)
        return rules_fail(err, "not_now", RULE_ORDERS, "The game is over.");
    if (bad)
        return rules_fail(err, "unknown_field", RULE_ORDERS,
                          "Orders have no field \"%.40s\".", bad);
    if (json_object_size(move) < 2)
        return rules_fail(err, "bad_orders", RULE_ORDERS,
                          "Name at least one order: evade, cards_when_attacked, damage "
                          "or reroll.");
    o = g->p[seat].orders;
    if (read_evade(json_object_get(move, "evade"), &o, err) ||
        read_damage(json_object_get(move, "damage"), &o, err) ||
        read_reroll(json_object_get(move, "reroll"), &o, err))
        return -1;
    if (cards) {
        if (!is(cards, "ask") && !is(cards, "never"))
            return rules_fail(err, "bad_orders", RULE_ORDERS,
                              "\"cards_when_attacked\" is \"ask\" or \"never\".");
        o.cards_when_attacked = is(cards, "ask") ? HS_ORDER_ASK : 0;
    }
    g->p[seat].orders = o;
    if (events)
        json_array_append_new(events, json_pack("{s:s, s:i, s:o, s:[i]}", "type",
                                                "orders_set", "seat", seat, "orders",
                                                hs_orders_json(&o), "to", seat));
    return 0;
}

json_t *hs_orders_json(const struct hs_orders *o)
{
    json_t *d, *r;

    if (o->damage == HS_ORDER_ASK) {
        d = json_string("ask");
    } else {
        d = json_array();
        for (int i = 0; i < o->ntypes; i++)
            json_array_append_new(d, json_string(hs_station_type_name(o->damage_types[i])));
    }
    if (o->reroll == HS_ORDER_ASK) {
        r = json_string("ask");
    } else {
        r = json_array();
        for (int n = 0; n < HS_LOCATIONS; n++)
            if (o->reroll >> n & 1)
                json_array_append_new(r, json_string(hs_location_name((enum hs_location)n)));
    }
    return json_pack("{s:o, s:s, s:o, s:o}", "evade",
                     o->evade == HS_ORDER_ASK ? json_string("ask")
                     : o->evade == 0          ? json_string("never")
                                              : json_integer(o->evade),
                     "cards_when_attacked",
                     o->cards_when_attacked == HS_ORDER_ASK ? "ask" : "never", "damage", d,
                     "reroll", r);
}
