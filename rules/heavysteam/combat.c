/*
 * combat.c - which attacks a titan or a support unit may make, declaring
 * and paying one, and the defender's evade (combat.h). The rolls and the
 * damage that follow are combat_hit.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "combat.h"
#include "combat_step.h"
#include "scenario.h"

json_t *hs_combat_event(json_t *events, const char *type)
{
    json_t *e = json_pack("{s:s}", "type", type);

    if (events)
        json_array_append_new(events, e);
    else
        json_decref(e);
    return events ? e : NULL;
}

struct hs_titan_at *hs_combat_titan(struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan];
}

static const struct hs_titan_at *titan_of(const struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan];
}

const struct hs_weapon_card *hs_combat_weapon(const struct hs_game *g)
{
    const struct hs_attack *a = &g->attack;

    if (a->mount < 0)
        return NULL;
    return &hs_catalog_get()->weapon[titan_of(g, a->attacker)->card[a->mount]];
}

const struct hs_unit *hs_combat_unit(const struct hs_game *g, int unit)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_unit_at *u = &g->unit[unit];

    if (u->card >= 0)
        return &cat->battle[u->card].unit;
    /* HS-DATA-15: a unit without a card is its support card's */
    for (int i = 0; i < cat->nbattle; i++)
        if (cat->battle[i].has_unit && cat->battle[i].unit.kind == u->kind)
            return &cat->battle[i].unit;
    return &cat->battle[0].unit;
}

static int seat_ok(const struct hs_game *g, int seat)
{
    return seat >= 0 && seat < g->nplayers;
}

/* ---- what an attack may be ------------------------------------------------ */

/* The target's sector and whether it is there to be attacked; -1 none. */
static int target_sector(const struct hs_game *g, int seat, int target_seat,
                         int target_unit)
{
    int team = g->p[seat].team;

    if (target_unit < 0) {
        if (!seat_ok(g, target_seat) || g->p[target_seat].team == team ||
            titan_of(g, target_seat)->cubes.destroyed)
            return -1;
        return titan_of(g, target_seat)->sector;
    }
    if (target_unit >= g->nunits || g->unit[target_unit].team == team)
        return -1;
    return g->unit[target_unit].sector;
}

static int station_of(const struct hs_titan_at *ta, int mount)
{
    return ta->cubes.board->mount_station[mount];
}

/*
 * Checks that seat's weapon on mount (or unit) can attack the target now,
 * and fills o; the checks in the order a player meets them: the weapon,
 * the target, the range, the steam.
 */
static int check_attack(const struct hs_game *g, int seat, int mount, int unit,
                        int target_seat, int target_unit,
                        struct hs_attack_option *o, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan_at *ta = titan_of(g, seat);
    int sector, from, range;

    memset(o, 0, sizeof *o);
    o->mount = mount;
    o->unit = unit;
    o->target_seat = target_unit < 0 ? target_seat : -1;
    o->target_unit = target_unit < 0 ? -1 : target_unit;
    if ((mount < 0) == (unit < 0) || (target_unit < 0) == (target_seat < 0))
        return rules_fail(err, "bad_attack", "Combat Phase",
                          "An attack is one weapon or unit against one target.");
    if (unit >= 0) {
        const struct hs_unit_at *u;

        if (unit >= g->nunits || g->unit[unit].team != g->p[seat].team)
            return rules_fail(err, "not_your_unit", "Infantry and Mobile Cannons",
                              "That unit is not your team's.");
        u = &g->unit[unit];
        /* Frontline Fight: a destroyed titan's player fires them (HS-R-196) */
        if (hs_scenario_units_seat(g, u->team) >= 0 &&
            hs_scenario_units_seat(g, u->team) != seat)
            return rules_fail(err, "units_taken_over", "HS-R-196 (Frontline Fight)",
                              "Seat %d, whose titan is destroyed, fires your team's "
                              "infantry and mobile cannons.",
                              hs_scenario_units_seat(g, u->team));
        if (u->attacked)
            return rules_fail(err, "unit_attacked", "Infantry and Mobile Cannons",
                              "Infantry and mobile cannon get one attack per "
                              "combat phase.");
        from = u->sector;
    } else {
        const struct hs_weapon_card *w;

        if (mount >= HS_MOUNTS || ta->card[mount] < 0)
            return rules_fail(err, "no_weapon", "Attack Cost",
                              "No card is mounted there.");
        w = &cat->weapon[ta->card[mount]];
        if (!w->weapon)
            return rules_fail(err, "not_a_weapon", "Weapon Card",
                              "%s is equipment: it makes no attack.", w->name);
        if (ta->cubes.destroyed || ta->cubes.nowed)
            return rules_fail(err, "titan_busy", "Combat Phase",
                              "Your titan cannot attack now.");
        if (hs_titan_disabled(&ta->cubes, hs_mount_location(mount)))
            return rules_fail(err, "location_disabled", "Disabled hit locations",
                              "The %s is disabled.",
                              hs_location_name(hs_mount_location(mount)));
        from = ta->sector;
    }
    sector = target_sector(g, seat, target_seat, target_unit);
    if (sector < 0)
        return rules_fail(err, "bad_target", "Combat Phase",
                          "A target is an enemy steam titan, infantry or mobile "
                          "cannon.");
    range = abs(sector - from);
    o->range = range;
    if (unit >= 0) {
        const struct hs_unit *s = hs_combat_unit(g, unit);

        /* HS-AMB-27: "RNG 1" is exactly 1 */
        if (range < s->range_lo)
            return rules_fail(err, "below_min_range", "Range (rng)",
                              "The target is closer than the unit's range.");
        if (range > s->range_hi)
            return rules_fail(err, "out_of_range", "Range (rng)",
                              "The target is out of the unit's range.");
        return 0;
    }
    {
        const struct hs_weapon_card *w = &cat->weapon[ta->card[mount]];
        int s = station_of(ta, mount), steam = hs_titan_steam_at(&ta->cubes, s);
        int room = hs_pressure_room(&ta->cubes);

        if (w->close_combat) {
            if (range != 0)
                return rules_fail(err, "close_combat_range", "Close Combat",
                                  "Close combat weapons can only attack a target "
                                  "that is in the same sector.");
            o->close = 1;
        } else if (range < w->min_range) {
            return rules_fail(err, "below_min_range", "Range (rng)",
                              "The target is below the shortest range of %s.",
                              w->name);
        } else if (range > w->max_range) {
            return rules_fail(err, "out_of_range", "Range (rng)",
                              "The target is out of range of %s.", w->name);
        }
        if (steam < w->attack_cost)
            return rules_fail(err, "not_enough_steam", "Attack Cost",
                              "%s needs %d steam to fire.", w->name, w->attack_cost);
        if (room < w->attack_cost)
            return rules_fail(err, "pressure_full", "Attack Cost",
                              "The boiler pressure box has no room for the "
                              "attack cost.");
        o->hotshot_max = w->trait[HS_T_HOTSHOT];
        if (o->hotshot_max > steam - w->attack_cost)
            o->hotshot_max = steam - w->attack_cost;
        if (o->hotshot_max > room - w->attack_cost)
            o->hotshot_max = room - w->attack_cost;
        if (o->close) {
            int x = w->trait[HS_T_CLOSE_COMBAT];
            int mob = 0;

            for (int i = 0; i < ta->cubes.board->nstations; i++)
                if (ta->cubes.board->station[i].type == HS_MOBILITY)
                    mob += hs_titan_steam_at(&ta->cubes, i);
            if (ta->moved)
                o->boost = HS_BOOST_FREE;
            else if (mob >= x && room >= w->attack_cost + x)
                o->boost = HS_BOOST_PAY;
        }
    }
    return 0;
}

int hs_combat_options(const struct hs_game *g, int seat,
                      struct hs_attack_option *out)
{
    int n = 0;

    if (!seat_ok(g, seat) || g->attack.active || g->stage != HS_STAGE_ROUND)
        return 0;
    /* every weapon slot, then every unit, against every titan, then unit */
    for (int m = 0; m < HS_MOUNTS + g->nunits; m++) {
        int mount = m < HS_MOUNTS ? m : -1, unit = m < HS_MOUNTS ? -1 : m - HS_MOUNTS;

        for (int t = 0; t < g->nplayers + g->nunits; t++) {
            int ts = t < g->nplayers ? t : -1, tu = t < g->nplayers ? -1 : t - g->nplayers;

            /* no error kept: why an attack is not listed goes unsaid */
            if (check_attack(g, seat, mount, unit, ts, tu, &out[n], NULL) == 0)
                n++;
        }
    }
    return n;
}

/* ---- effects read from the game ----------------------------------------- */

/* Adds the steps of e that count in an attack to the attack's mods; size:
 * the titan the effect is on. */
static void add_effect(struct hs_attack *a, const struct hs_effect *e,
                       enum hs_size size, int attacking)
{
    for (int i = 0; i < e->nsteps; i++) {
        const struct hs_step *s = &e->step[i];

        if (s->who != HS_WHO_SELF || (s->size != HS_NONE && s->size != (int)size))
            continue;
        if (attacking) {
            a->mod_attack += s->op == HS_OP_ATTACK_DICE ? s->n : 0;
            a->mod_damage += s->op == HS_OP_DAMAGE ? s->n : 0;
            a->mod_critical += s->op == HS_OP_CRITICAL ? s->n : 0;
            a->mod_pierce += s->op == HS_OP_PIERCE ? s->n : 0;
            a->free_rerolls += s->op == HS_OP_REROLL_LOCATION;
        } else {
            a->mod_defense += s->op == HS_OP_DEFENSE_DICE ? s->n : 0;
        }
    }
}

/* Whether a `when` applies to this attack, for its attacker or defender. */
static int applies(const struct hs_game *g, enum hs_when when, int attacking)
{
    const struct hs_attack *a = &g->attack;

    if (!attacking)
        return when == HS_W_ATTACKED;
    return when == HS_W_ATTACKING || (when == HS_W_ATTACKING_CLOSE && a->close) ||
           (when == HS_W_ATTACKING_MOVED &&
            g->titan[g->p[a->attacker].titan].moved);
}

/*
 * The attack's effects of seat's own titan: its terrain card while in
 * play (HS-DATA-08: attack dice in its attacks, defense dice against
 * attacks on it, unless Ignore Terrain), its powered equipment (HS-R-05)
 * and its pilot's ability.
 */
static void titan_effects(struct hs_game *g, int seat, int attacking,
                          int ignore_terrain)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan_at *ta = titan_of(g, seat);
    struct hs_attack *a = &g->attack;
    enum hs_size size = ta->cubes.board->size;
    const struct hs_player *p = &g->p[seat];

    if (ta->terrain >= 0 && !(!attacking && ignore_terrain))
        add_effect(a, &cat->battle[g->card[ta->terrain]].effect, size, attacking);
    for (int m = 0; m < HS_MOUNTS; m++) {
        const struct hs_weapon_card *w;

        if (ta->card[m] < 0)
            continue;
        w = &cat->weapon[ta->card[m]];
        if (!w->weapon && applies(g, w->when, attacking) &&
            hs_titan_steam_at(&ta->cubes, station_of(ta, m)) > 0)
            add_effect(a, &w->effect, size, attacking);
    }
    if (p->pilot >= 0 && applies(g, cat->pilot[p->pilot].ability.when, attacking))
        add_effect(a, &cat->pilot[p->pilot].ability.effect, size, attacking);
}

static void add_mods(struct hs_attack *a, const struct hs_mods *m)
{
    if (!m)
        return;
    a->mod_attack += m->attack_dice;
    a->mod_defense += m->defense_dice;
    a->mod_damage += m->damage;
    a->mod_critical += m->critical;
    a->mod_pierce += m->pierce;
    a->free_rerolls += m->rerolls;
    a->smoke |= m->smoke != 0;
}

/* ---- declaring ----------------------------------------------------------------- */

static int mobility_station(const struct hs_titan *t)
{
    for (int i = 0; i < t->board->nstations; i++)
        if (t->board->station[i].type == HS_MOBILITY)
            return i;
    return HS_NONE;
}

/* The mount of an Evade X card on seat's titan, powered, else -1. */
static int evade_card_ok(const struct hs_game *g, int seat, int mount)
{
    const struct hs_titan_at *ta = titan_of(g, seat);

    if (mount < 0 || mount >= HS_MOUNTS || ta->card[mount] < 0)
        return 0;
    return hs_catalog_get()->weapon[ta->card[mount]].trait[HS_T_EVADE] > 0 &&
           hs_titan_steam_at(&ta->cubes, station_of(ta, mount)) > 0;
}

/* Whether the defender's orders answer the evade question (and the card
 * part of it: never, or nothing in hand to play when attacked). */
static int orders_cover_evade(const struct hs_game *g, int seat)
{
    const struct hs_player *p = &g->p[seat];
    const struct hs_catalog *cat = hs_catalog_get();
    int cards = 0;

    if (p->orders.evade == HS_ORDER_ASK)
        return 0;
    if (p->orders.cards_when_attacked != HS_ORDER_ASK || p->played_phase)
        return 1;
    for (int i = 0; i < g->ncards; i++)
        cards += g->zone[i] == HS_Z_HAND && g->holder[i] == seat &&
                 cat->battle[g->card[i]].timing == HS_TIME_ATTACKED;
    return cards == 0;
}

static int do_evade(struct hs_game *g, int seat, const struct hs_evade *ev,
                    const struct hs_mods *mods, json_t *events,
                    struct rules_error *err);

int hs_combat_after_firing_power(const struct hs_game *g, int seat)
{
    const struct hs_player *p = &g->p[seat];

    return p->pilot >= 0 && !p->once_used &&
           hs_catalog_get()->pilot[p->pilot].once.when == HS_W_AFTER_FIRING;
}

int hs_combat_evade_by_orders(struct hs_game *g, json_t *events)
{
    struct hs_attack *a = &g->attack;
    const struct hs_orders *od = &g->p[a->target_seat].orders;
    const struct hs_titan *t;
    struct hs_evade ev = {0, -1};
    struct rules_error ignored;
    int mob, cost;
    json_t *e;

    if (a->target_unit >= 0 || !orders_cover_evade(g, a->target_seat))
        return 0;
    t = &hs_combat_titan(g, a->target_seat)->cubes;
    mob = mobility_station(t);
    cost = t->board->evade_cost;
    ev.board = od->evade > 0 && mob != HS_NONE && hs_titan_steam_at(t, mob) >= od->evade &&
               hs_titan_steam_at(t, mob) >= cost && hs_pressure_room(t) >= cost;
    e = hs_combat_event(events, "order_decided");
    json_object_set_new(e, "seat", json_integer(a->target_seat));
    json_object_set_new(e, "order", json_string("evade"));
    json_object_set_new(e, "evade", json_boolean(ev.board));
    do_evade(g, a->target_seat, &ev, NULL, events, &ignored);
    return 1;
}

int hs_combat_declare(struct hs_game *g, int seat, const struct hs_declare *d,
                      const struct hs_mods *mods, struct rng *rng,
                      json_t *events, struct rules_error *err)
{
    return hs_combat_declare_card(g, seat, d, mods, NULL, NULL, rng, events, err);
}

int hs_combat_declare_card(struct hs_game *g, int seat, const struct hs_declare *d,
                           const struct hs_mods *mods, hs_attack_card_fn card,
                           const void *card_arg, struct rng *rng, json_t *events,
                           struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_attack_option o;
    struct hs_attack *a = &g->attack;
    json_t *e;

    if (!seat_ok(g, seat) || g->stage != HS_STAGE_ROUND)
        return rules_fail(err, "no_attack_now", "Combat Phase",
                          "No attack can be made now.");
    if (g->attack.active)
        return rules_fail(err, "attack_in_progress", "Combat Phase",
                          "An attack is being resolved.");
    if (check_attack(g, seat, d->mount, d->unit, d->target_seat, d->target_unit,
                     &o, err))
        return -1;
    if (d->hotshot < 0 || d->hotshot > o.hotshot_max)
        return rules_fail(err, "bad_hotshot", "Hotshot X",
                          "Hotshot may add 0 to %d steam.", o.hotshot_max);
    if (d->boost && o.boost != HS_BOOST_PAY)
        return rules_fail(err, "bad_boost", "Close Combat",
                          o.boost == HS_BOOST_FREE
                              ? "Your titan moved: the higher dice are free."
                              : "No close-combat boost can be paid now.");
    if (d->to_reserve && (d->unit >= 0 || !hs_combat_after_firing_power(g, seat)))
        return rules_fail(err, "no_pilot_power", "HS-R-129 (After firing)",
                          "Your pilot has no unused power for a weapon's steam.");
    if (d->unit < 0) {
        const struct hs_titan_at *ta = titan_of(g, seat);
        const struct hs_weapon_card *w = &cat->weapon[ta->card[d->mount]];
        int to_box = (d->to_reserve ? 0 : w->attack_cost + d->hotshot) +
                     (d->boost ? w->trait[HS_T_CLOSE_COMBAT] : 0);

        if (hs_pressure_room(&ta->cubes) < to_box)
            return rules_fail(err, "pressure_full", "Attack Cost",
                              "The boiler pressure box has no room for that "
                              "much steam.");
    }
    memset(a, 0, sizeof *a);
    a->active = 1;
    a->attacker = seat;
    a->mount = d->mount;
    a->unit = d->unit;
    a->target_seat = o.target_seat;
    a->target_unit = o.target_unit;
    a->range = o.range;
    a->close = o.close;
    a->hotshot = d->hotshot;
    a->location = HS_NONE;
    a->shots_left = 1;
    a->evade_card = -1;
    e = hs_combat_event(events, "attack_declared");
    json_object_set_new(e, "seat", json_integer(seat));
    if (d->unit >= 0) {
        const struct hs_unit *s = hs_combat_unit(g, d->unit);

        a->dice = s->attack_dice;
        a->damage = s->damage;
        g->unit[d->unit].attacked = 1;
        json_object_set_new(e, "unit", json_integer(d->unit));
        hs_scenario_unit_acted(g, d->unit, events);
    } else {
        struct hs_titan_at *ta = hs_combat_titan(g, seat);
        const struct hs_weapon_card *w = &cat->weapon[ta->card[d->mount]];
        int s = station_of(ta, d->mount);
        struct rules_error ignored;

        a->charged = o.close && (d->boost || o.boost == HS_BOOST_FREE);
        a->dice = !o.close ? w->chart[o.range].dice
                  : a->charged ? w->cc_charged_dice : w->cc_dice;
        a->damage = (o.close ? w->cc_damage : w->chart[o.range].damage) + d->hotshot;
        if (w->trait[HS_T_RATE_OF_FIRE])
            a->shots_left = w->trait[HS_T_RATE_OF_FIRE];
        /* checked by check_attack: these payments cannot fail */
        hs_titan_pay(&ta->cubes, s, w->attack_cost + d->hotshot,
                     d->to_reserve ? HS_PAY_RESERVE : HS_PAY_PRESSURE, events, &ignored);
        if (d->to_reserve) {
            g->p[seat].once_used = 1;
            json_array_append_new(events, json_pack("{s:s, s:i, s:s, s:i}", "type",
                                                    "pilot_power_used", "seat", seat,
                                                    "power", "after_firing", "to_reserve",
                                                    w->attack_cost + d->hotshot));
        }
        if (d->boost)
            hs_titan_pay(&ta->cubes, mobility_station(&ta->cubes),
                         w->trait[HS_T_CLOSE_COMBAT], HS_PAY_PRESSURE, events,
                         &ignored);
        titan_effects(g, seat, 1, 0);
        json_object_set_new(e, "weapon", json_string(w->id));
        json_object_set_new(e, "hotshot", json_integer(d->hotshot));
        json_object_set_new(e, "charged", json_boolean(a->charged));
    }
    {
        /* HS-AMB-35: the cost is paid, then the attack's card is played */
        struct hs_mods m = mods ? *mods : (struct hs_mods){0};

        hs_game_settle(g);
        if (card && card(g, card_arg, &m, rng, events, err))
            return -1;
        add_mods(a, &m);
    }
    g->ask = HS_ASK_NONE;
    json_object_set_new(e, "range", json_integer(o.range));
    if (a->target_unit >= 0)
        json_object_set_new(e, "target_unit", json_integer(a->target_unit));
    else
        json_object_set_new(e, "target", json_integer(a->target_seat));
    hs_game_settle(g);
    /* HS-AMB-35: the defender evades and plays its card before the roll;
     * a support unit cannot evade */
    if (a->target_unit >= 0) {
        a->step = HS_AS_ROLL;
    } else if (!hs_combat_evade_by_orders(g, events)) {
        a->step = HS_AS_EVADE;
        g->ask = HS_ASK_EVADE;
        g->ask_seat = a->target_seat;
        return 0;
    }
    hs_combat_run(g, rng, events);
    return 0;
}

/* ---- evading ------------------------------------------------------------------- */

/* Checks and pays the evade; the roll follows (the caller runs it). */
static int do_evade(struct hs_game *g, int seat, const struct hs_evade *ev,
                    const struct hs_mods *mods, json_t *events,
                    struct rules_error *err)
{
    struct hs_attack *a = &g->attack;
    struct hs_titan_at *ta = hs_combat_titan(g, seat);
    struct hs_titan *t = &ta->cubes;
    const struct hs_weapon_card *w = hs_combat_weapon(g);
    int mob = mobility_station(t), cost = 0, x = 0;

    if (ev->board)
        cost += t->board->evade_cost;
    if (ev->card >= 0) {
        if (!evade_card_ok(g, seat, ev->card))
            return rules_fail(err, "no_evade_card", "Evade X",
                              "No powered card with Evade X is mounted there.");
        x = hs_catalog_get()->weapon[ta->card[ev->card]].trait[HS_T_EVADE];
        cost += x;
    }
    if (cost && (mob == HS_NONE || hs_titan_steam_at(t, mob) < cost))
        return rules_fail(err, "not_enough_steam", "Evading",
                          "The mobility station holds too little steam to evade.");
    if (cost > hs_pressure_room(t))
        return rules_fail(err, "pressure_full", "Evading",
                          "The boiler pressure box has no room for the evade.");
    if (cost)
        hs_titan_pay(t, mob, cost, HS_PAY_PRESSURE, events, err);
    a->evade_board = ev->board != 0;
    a->evade_card = ev->card;
    a->evaded = (ev->board ? t->board->evade_dice : 0) + x;
    titan_effects(g, seat, 0,
                  w ? w->trait[HS_T_IGNORE_TERRAIN] > 0
                    : hs_combat_unit(g, a->unit)->ignore_terrain);
    add_mods(a, mods);
    if (cost) {
        json_t *e = hs_combat_event(events, "evaded");

        json_object_set_new(e, "seat", json_integer(seat));
        json_object_set_new(e, "steam", json_integer(cost));
        json_object_set_new(e, "dice", json_integer(a->evaded));
    }
    hs_game_settle(g);
    a->step = HS_AS_ROLL;
    return 0;
}

int hs_combat_evade(struct hs_game *g, int seat, const struct hs_evade *ev,
                    const struct hs_mods *mods, struct rng *rng,
                    json_t *events, struct rules_error *err)
{
    if (!g->attack.active || g->ask != HS_ASK_EVADE || seat != g->ask_seat)
        return rules_fail(err, "not_asked", "Evading", "No evade is asked of you.");
    if (do_evade(g, seat, ev, mods, events, err))
        return -1;
    g->ask = HS_ASK_NONE;
    hs_combat_run(g, rng, events);
    return 0;
}
