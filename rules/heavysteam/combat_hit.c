/*
 * combat_hit.c - an attack after its declaration (combat.h): the rolls,
 * terrain hits, the hit location and its re-roll, shields, damage and
 * the traits that follow it, support units destroyed, and a destroyed
 * titan ending a Meeting Engagement. The order is HS-AMB-35's.
 */
#include <string.h>

#include "combat.h"
#include "combat_step.h"
#include "round.h"
#include "scenario.h"

static struct hs_titan *target_titan(struct hs_game *g)
{
    return &hs_combat_titan(g, g->attack.target_seat)->cubes;
}

static int trait(const struct hs_game *g, enum hs_trait t)
{
    const struct hs_weapon_card *w = hs_combat_weapon(g);

    return w ? w->trait[t] : 0;
}

static void ask(struct hs_game *g, enum hs_ask q, int seat)
{
    g->ask = q;
    g->ask_seat = seat;
}

static void decided(int seat, const char *order, json_t *events)
{
    json_t *e = hs_combat_event(events, "order_decided");

    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "order", json_string(order));
}

/* A support unit destroyed (HS-R-35) leaves the board when the attack
 * ends, the card it came from (one in play of that card, its owner's, no
 * titan's terrain) to the discard pile. */
static void remove_unit(struct hs_game *g, int u)
{
    const struct hs_unit_at *x = &g->unit[u];

    for (int c = 0; x->card >= 0 && c < g->ncards; c++) {
        int terrain = 0;

        for (int t = 0; t < g->ntitans; t++)
            terrain |= g->titan[t].terrain == c;
        if (g->card[c] == x->card && g->zone[c] == HS_Z_IN_PLAY &&
            g->holder[c] == x->owner && !terrain) {
            g->zone[c] = HS_Z_DISCARD;
            break;
        }
    }
    /* its Frontline Fight marks back to their stocks */
    g->stock_white += x->white;
    g->stock_black += x->black;
    memmove(&g->unit[u], &g->unit[u + 1],
            sizeof g->unit[0] * (size_t)(g->nunits - u - 1));
    g->nunits--;
}

/* The attack is over: a destroyed target unit leaves the board. */
static void end_attack(struct hs_game *g)
{
    struct hs_attack *a = &g->attack;

    a->active = 0;
    if (a->target_down) {
        remove_unit(g, a->target_unit);
        a->target_down = 0;
    }
}

/* ---- the end of a titan ------------------------------------------------------ */

/*
 * A destroyed titan (HS-R-33): its owner's hand to the discard pile;
 * whether that wins the game is the scenario's (scenario.h: in a Meeting
 * Engagement the first destroyed does, HS-R-10; HS-AMB-29: by its own
 * roll too). Returns 1 when the game is over.
 */
static int check_over(struct hs_game *g, json_t *events)
{
    const struct hs_attack *a = &g->attack;
    int seats[2] = {a->target_unit < 0 ? a->target_seat : -1, a->attacker};
    int destroyed[2], n = 0;
    struct hs_victory v;

    for (int k = 0; k < 2; k++) {
        int s = seats[k];

        if (s < 0 || !hs_combat_titan(g, s)->cubes.destroyed)
            continue;
        for (int i = 0; i < g->ncards; i++)
            if (g->zone[i] == HS_Z_HAND && g->holder[i] == s)
                g->zone[i] = HS_Z_DISCARD;
        destroyed[n++] = s;
    }
    if (!n || (v = hs_scenario_victory(g, destroyed, n)).team < 0)
        return 0;
    end_attack(g);          /* a destroyed target unit leaves the board */
    hs_scenario_end(g, v, events);
    return 1;
}

/* ---- the rolls ---------------------------------------------------------------- */

/* Rolls n dice of faces; counts the successes and the critical faces. */
static json_t *roll(struct rng *rng, const enum hs_face faces[HS_DIE_FACES],
                    int n, int *succ, int *crit)
{
    static const char *const name[] = {"blank", "success", "critical"};
    json_t *out = json_array();

    *succ = *crit = 0;
    for (int i = 0; i < n; i++) {
        enum hs_face f = faces[rng_die(rng, HS_DIE_FACES) - 1];

        *succ += f != HS_FACE_BLANK;
        *crit += f == HS_FACE_CRITICAL;
        json_array_append_new(out, json_string(name[f]));
    }
    return out;
}

/* HS-R-34: a black cube on the target's terrain per Critical Hit face,
 * hit or miss; full, it goes to the discard pile (HS-AMB-31). */
static void terrain_hits(struct hs_game *g, int faces, json_t *events)
{
    struct hs_titan_at *ta = hs_combat_titan(g, g->attack.target_seat);
    const struct hs_battle_card *c;
    json_t *e;
    int add;

    if (ta->terrain < 0 || faces <= 0)
        return;
    c = &hs_catalog_get()->battle[g->card[ta->terrain]];
    add = c->black_squares - ta->terrain_damage;
    add = add < faces ? add : faces;
    if (add <= 0)
        return;
    ta->terrain_damage += add;
    g->stock_black -= add;
    e = hs_combat_event(events, "terrain_hit");
    json_object_set_new(e, "seat", json_integer(g->attack.target_seat));
    json_object_set_new(e, "card", json_string(c->id));
    json_object_set_new(e, "cubes", json_integer(add));
    if (ta->terrain_damage < c->black_squares)
        return;
    g->zone[ta->terrain] = HS_Z_DISCARD;
    g->stock_black += ta->terrain_damage;
    ta->terrain = -1;
    ta->terrain_damage = 0;
    e = hs_combat_event(events, "terrain_destroyed");
    json_object_set_new(e, "seat", json_integer(g->attack.target_seat));
    json_object_set_new(e, "card", json_string(c->id));
}

/*
 * One shot's attack and defense rolls (HS-R-22, HS-R-23, HS-R-25): the
 * defense dice read now, after the evade (HS-AMB-14); a hit when the
 * attack has more successes, a critical when its critical hits (Critical
 * X and cards added) exceed the critical defenses (HS-AMB-05).
 */
static void roll_shot(struct hs_game *g, struct rng *rng, json_t *events)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_attack *a = &g->attack;
    int dice = a->dice + a->mod_attack - (a->smoke ? cat->board.smoke_dice : 0);
    int ddice, faces;
    json_t *e;

    if (dice < 0)
        dice = 0;
    if (a->target_unit >= 0) {
        const struct hs_scenario *sc = hs_scenario(g->scenario);
        int more = 0, dmore = 0;

        /* a unit's own marks (Frontline Fight, HS-R-192, HS-R-194) */
        if (sc && sc->unit_dice)
            sc->unit_dice(g, a->target_unit, &more, &dmore);
        dice += more;
        ddice = hs_combat_unit(g, a->target_unit)->defense_dice + dmore;
    } else
        ddice = hs_pressure_dice(target_titan(g)) + a->evaded + a->mod_defense;
    e = hs_combat_event(events, "attack_roll");
    json_object_set_new(e, "dice", json_integer(dice));
    json_object_set_new(e, "faces", roll(rng, cat->board.attack_die, dice,
                                         &a->hits, &faces));
    a->crits = faces;
    e = hs_combat_event(events, "defense_roll");
    json_object_set_new(e, "dice", json_integer(ddice));
    json_object_set_new(e, "faces", roll(rng, cat->board.defense_die, ddice,
                                         &a->defends, &a->crit_defends));
    a->hit = a->hits > a->defends;
    /* HS-AMB-28: support units make no criticals and hit no terrain */
    if (a->unit < 0) {
        if (a->target_unit < 0)
            terrain_hits(g, faces, events);
        a->crits += a->hit ? trait(g, HS_T_CRITICAL) + a->mod_critical : 0;
        a->critical = a->hit && a->crits > a->crit_defends;
    }
    e = hs_combat_event(events, "attack_result");
    json_object_set_new(e, "hit", json_boolean(a->hit));
    json_object_set_new(e, "critical", json_boolean(a->critical));
    if (a->target_unit >= 0) {
        if (a->hit) {
            e = hs_combat_event(events, "unit_destroyed");
            json_object_set_new(e, "unit", json_integer(a->target_unit));
            a->target_down = 1;
        }
        a->step = HS_AS_AFTER_SHOT;
        return;
    }
    a->locations_left = trait(g, HS_T_SPREAD) > 1 ? trait(g, HS_T_SPREAD) : 1;
    a->step = a->hit ? HS_AS_LOCATION : HS_AS_AFTER_SHOT;
}

/* ---- the hit location ---------------------------------------------------------- */

static void roll_location(struct hs_game *g, struct rng *rng, json_t *events,
                          const char *type)
{
    struct hs_attack *a = &g->attack;
    int d1 = rng_die(rng, 6), d2 = rng_die(rng, 6);
    json_t *e = hs_combat_event(events, type);

    a->loc_roll = d1 + d2;
    a->location = hs_catalog_get()->board.hit_location[a->loc_roll];
    json_object_set_new(e, "roll", json_integer(a->loc_roll));
    json_object_set_new(e, "location", json_string(hs_location_name(a->location)));
}

#define HS_REROLL_COST 2

void hs_combat_reroll_choices(const struct hs_game *g, int *reroll, int *legs)
{
    const struct hs_attack *a = &g->attack;
    const struct hs_titan *t = &g->titan[g->p[a->attacker].titan].cubes;

    *reroll = *legs = 0;
    if (!a->active || a->location < 0 ||
        (a->step != HS_AS_LOCATION && a->step != HS_AS_REROLL))
        return;
    *reroll = !a->rerolled &&
              (a->free_rerolls > 0 ||
               (!t->destroyed &&
                hs_titan_steam_at(t, t->board->command) >= HS_REROLL_COST));
    *legs = trait(g, HS_T_LOW_TRAJECTORY) && a->location != HS_LEGS;
}

/* HS-R-26: once per location roll, free re-rolls first, else 2 command
 * steam to the power reserve. */
static void do_reroll(struct hs_game *g, struct rng *rng, json_t *events)
{
    struct hs_attack *a = &g->attack;
    struct hs_titan *t = &hs_combat_titan(g, a->attacker)->cubes;
    struct rules_error ignored;

    if (a->free_rerolls > 0)
        a->free_rerolls--;
    else
        hs_titan_pay(t, t->board->command, HS_REROLL_COST, HS_PAY_RESERVE, events,
                     &ignored);
    a->rerolled = 1;
    roll_location(g, rng, events, "location_reroll");
}

/* After a location roll: the attacker's question, or its orders. */
static void after_location(struct hs_game *g, struct rng *rng, json_t *events)
{
    struct hs_attack *a = &g->attack;
    const struct hs_orders *o = &g->p[a->attacker].orders;
    int re, legs;

    hs_combat_reroll_choices(g, &re, &legs);
    if (!re && !legs) {
        a->step = HS_AS_STRIKE;
        return;
    }
    /* the orders name locations to re-roll; Low Trajectory is always asked */
    if (o->reroll != HS_ORDER_ASK && !legs) {
        decided(a->attacker, "reroll", events);
        if (o->reroll >> a->location & 1)
            do_reroll(g, rng, events);
        a->step = HS_AS_STRIKE;
        return;
    }
    a->step = HS_AS_REROLL;
    ask(g, HS_ASK_REROLL, a->attacker);
}

int hs_combat_reroll(struct hs_game *g, int seat, enum hs_reroll choice,
                     struct rng *rng, json_t *events, struct rules_error *err)
{
    struct hs_attack *a = &g->attack;
    int re, legs;

    if (!a->active || g->ask != HS_ASK_REROLL || seat != g->ask_seat)
        return rules_fail(err, "not_asked", "Rolling for Hit Location",
                          "No hit-location re-roll is asked of you.");
    hs_combat_reroll_choices(g, &re, &legs);
    if (choice == HS_REROLL && !re)
        return rules_fail(err, "no_reroll", "Rolling for Hit Location",
                          a->rerolled ? "The player must accept this second roll."
                                      : "A re-roll needs 2 steam in the command "
                                        "station.");
    if (choice == HS_TO_LEGS && !legs)
        return rules_fail(err, "no_low_trajectory", "Low Trajectory",
                          "Only a Low Trajectory weapon moves its hit to the legs.");
    if (choice != HS_KEEP && choice != HS_REROLL && choice != HS_TO_LEGS)
        return rules_fail(err, "bad_reroll", "Rolling for Hit Location",
                          "Keep, re-roll or legs.");
    ask(g, HS_ASK_NONE, -1);
    if (choice == HS_REROLL) {
        do_reroll(g, rng, events);
        hs_combat_reroll_choices(g, &re, &legs);
        if (legs) {
            ask(g, HS_ASK_REROLL, seat);
            hs_game_settle(g);
            return 0;
        }
    } else if (choice == HS_TO_LEGS) {
        json_t *e = hs_combat_event(events, "low_trajectory");

        a->location = HS_LEGS;
        json_object_set_new(e, "location", json_string(hs_location_name(HS_LEGS)));
    }
    a->step = HS_AS_STRIKE;
    hs_combat_run(g, rng, events);
    return 0;
}

/* ---- damage ---------------------------------------------------------------------- */

/* HS-R-27, HS-R-21, HS-R-73, HS-R-66: the damage meets the shields, close
 * combat ignoring them all; what got past, Exploding Rounds added, is owed. */
static void strike(struct hs_game *g, struct rng *rng, json_t *events)
{
    struct hs_attack *a = &g->attack;
    struct hs_titan *t = target_titan(g);
    int ignore = a->close ? HS_IGNORE_ALL_SHIELDS
                          : trait(g, HS_T_PIERCING_ROUNDS) + a->mod_pierce;
    int through = hs_titan_shields(t, a->location, a->damage + a->mod_damage,
                                   ignore, rng, events);
    struct rules_error ignored;

    if (through > 0 && trait(g, HS_T_EXPLODING_ROUNDS)) {
        json_t *e = hs_combat_event(events, "exploding_rounds");

        through += trait(g, HS_T_EXPLODING_ROUNDS);
        json_object_set_new(e, "damage", json_integer(through));
    }
    a->through |= through > 0;
    if (!t->destroyed)
        hs_titan_hit(t, a->location, through, a->critical, events, &ignored);
    a->step = HS_AS_PLACE;
}

/*
 * The square the orders' damage_types choose: stations of the first type
 * listed first, then the next, unlisted types last; in a station an
 * empty square before one holding steam, a weak point or volatile square
 * last (the titan offers only the lowest weak point). The steam moves to a white square before red.
 */
static int auto_pick(const struct hs_titan *t, const struct hs_orders *o,
                     struct hs_damage_pick *p)
{
    struct hs_damage_choices c;
    int best = -1, score = 0, room[HS_MAX_STATIONS * HS_MAX_SQUARES][2], n;

    hs_titan_damage_choices(t, &c);
    for (int i = 0; i < c.ntargets; i++) {
        const struct hs_target *x = &c.target[i];
        int rank = o->ntypes, s;

        for (int k = 0; k < o->ntypes && k < 8; k++)
            if (o->damage_types[k] == t->board->station[x->station].type) {
                rank = k;
                break;
            }
        s = rank * 4 + (t->square[x->station][x->square].weak ||
                                t->square[x->station][x->square].volatile_n
                            ? 2
                            : x->steam);
        if (best < 0 || s < score) {
            best = i;
            score = s;
        }
    }
    if (best < 0)
        return -1;
    p->station = c.target[best].station;
    p->square = c.target[best].square;
    p->to_station = p->to_square = HS_NONE;
    if (!c.target[best].steam)
        return 0;
    n = hs_titan_displace_choices(t, p->station, p->square, room);
    for (int i = n - 1; i >= 0; i--)
        if (i == 0 || t->square[room[i][0]][room[i][1]].colour == HS_WHITE) {
            p->to_station = room[i][0];
            p->to_square = room[i][1];
        }
    return 0;
}

/*
 * The cubes owed on seat's titan, one question at a time: the owner's
 * (HS_ASK_DAMAGE, or its orders), the attacker's last cube of a critical
 * (HS_ASK_LAST_CUBE). Returns 1 while a question waits.
 */
static int place(struct hs_game *g, int seat, struct rng *rng, json_t *events)
{
    struct hs_titan *t = &hs_combat_titan(g, seat)->cubes;
    const struct hs_orders *o = &g->p[seat].orders;

    while (t->nowed && !t->destroyed) {
        struct hs_damage_choices c;
        struct hs_damage_pick p;
        struct rules_error ignored;

        hs_titan_damage_choices(t, &c);
        if (c.placer == HS_PLACER_ATTACKER) {
            ask(g, HS_ASK_LAST_CUBE, g->attack.attacker);
            return 1;
        }
        if (o->damage != 1 || auto_pick(t, o, &p)) {
            ask(g, HS_ASK_DAMAGE, seat);
            return 1;
        }
        decided(seat, "damage", events);
        hs_titan_damage_place(t, HS_PLACER_OWNER, &p, 1, rng, events, &ignored);
    }
    return 0;
}

int hs_combat_damage_seat(const struct hs_game *g)
{
    const struct hs_attack *a = &g->attack;

    if (!a->active || (g->ask != HS_ASK_DAMAGE && g->ask != HS_ASK_LAST_CUBE))
        return -1;
    return a->step == HS_AS_PLACE_OWN ? a->attacker : a->target_seat;
}

int hs_combat_damage(struct hs_game *g, int seat,
                     const struct hs_damage_pick *pick, int n,
                     struct rng *rng, json_t *events,
                     struct rules_error *err)
{
    int whose = hs_combat_damage_seat(g);
    enum hs_placer placer =
        g->ask == HS_ASK_LAST_CUBE ? HS_PLACER_ATTACKER : HS_PLACER_OWNER;

    if (whose < 0 || seat != g->ask_seat)
        return rules_fail(err, "not_asked", "Steam Titan Damage",
                          "No damage cube is yours to place now.");
    if (hs_titan_damage_place(&hs_combat_titan(g, whose)->cubes, placer, pick, n,
                              rng, events, err) < 0)
        return -1;
    ask(g, HS_ASK_NONE, -1);
    hs_combat_run(g, rng, events);
    return 0;
}

/* ---- after the shot ---------------------------------------------------------------- */

/*
 * Knockback X (HS-R-70, HS-AMB-32): the target spends X mobility steam to
 * the pressure box when it can, else discards its terrain card, else
 * spends what steam it has room for.
 */
static void knockback(struct hs_game *g, int x, json_t *events)
{
    struct hs_titan_at *ta = hs_combat_titan(g, g->attack.target_seat);
    struct hs_titan *t = &ta->cubes;
    int mob = HS_NONE, steam, room = hs_pressure_room(t);
    struct rules_error ignored;
    json_t *e = hs_combat_event(events, "knockback");

    for (int i = 0; i < t->board->nstations; i++)
        if (t->board->station[i].type == HS_MOBILITY)
            mob = i;
    steam = mob == HS_NONE ? 0 : hs_titan_steam_at(t, mob);
    if ((steam < x || room < x) && ta->terrain >= 0) {
        g->zone[ta->terrain] = HS_Z_DISCARD;
        g->stock_black += ta->terrain_damage;
        ta->terrain = -1;
        ta->terrain_damage = 0;
        json_object_set_new(e, "terrain_discarded", json_true());
        return;
    }
    steam = steam < x ? steam : x;
    steam = steam < room ? steam : room;
    if (steam > 0)
        hs_titan_pay(t, mob, steam, HS_PAY_PRESSURE, events, &ignored);
    json_object_set_new(e, "steam", json_integer(steam));
}

static void after_shot(struct hs_game *g, struct rng *rng, json_t *events)
{
    struct hs_attack *a = &g->attack;
    int titan = a->target_unit < 0;
    /* a support unit hit is gone: no further shot at it */
    int gone = a->target_down;

    if (titan && a->hit && !target_titan(g)->destroyed) {
        if (trait(g, HS_T_INFLAME)) {
            json_t *e = hs_combat_event(events, "inflame");

            json_object_set_new(e, "heat", json_integer(trait(g, HS_T_INFLAME)));
            hs_pressure_force(target_titan(g), HS_P_HEAT, trait(g, HS_T_INFLAME),
                              rng, events);
        }
        if (a->through && trait(g, HS_T_KNOCKBACK) && !target_titan(g)->destroyed)
            knockback(g, trait(g, HS_T_KNOCKBACK), events);
    }
    a->through = 0;
    a->hit = 0;
    a->critical = 0;
    a->location = HS_NONE;
    /* HS-AMB-25: Rate of Fire's shots, each rolled anew */
    if (--a->shots_left > 0 && !gone && !(titan && target_titan(g)->destroyed))
        a->step = HS_AS_ROLL;
    else
        a->step = HS_AS_LOW_AMMO;
}

/* ---- the run -------------------------------------------------------------------------- */

void hs_combat_orders_changed(struct hs_game *g, int seat, struct rng *rng,
                              json_t *events)
{
    struct hs_attack *a = &g->attack;

    if (!a->active || g->ask_seat != seat)
        return;
    if (g->ask == HS_ASK_EVADE) {
        if (!hs_combat_evade_by_orders(g, events))
            return;
        ask(g, HS_ASK_NONE, -1);
    } else if (g->ask == HS_ASK_REROLL) {
        ask(g, HS_ASK_NONE, -1);
        after_location(g, rng, events);     /* asks again when not covered */
    } else if (g->ask == HS_ASK_DAMAGE) {
        ask(g, HS_ASK_NONE, -1);            /* place() reads the orders */
    } else {
        return;
    }
    hs_combat_run(g, rng, events);
}

void hs_combat_run(struct hs_game *g, struct rng *rng, json_t *events)
{
    struct hs_attack *a = &g->attack;
    struct rules_error ignored;

    while (a->active && g->ask == HS_ASK_NONE) {
        /* the target's heat and then the attacker's (Trails) share the
         * red stock: each step sees what the last one left */
        hs_game_settle(g);
        if (check_over(g, events))
            break;
        switch ((enum hs_attack_step)a->step) {
        case HS_AS_EVADE:
        case HS_AS_REROLL:
            /* left only by their answers: ask again */
            ask(g, a->step == HS_AS_EVADE ? HS_ASK_EVADE : HS_ASK_REROLL,
                a->step == HS_AS_EVADE ? a->target_seat : a->attacker);
            break;
        case HS_AS_ROLL:
            roll_shot(g, rng, events);
            break;
        case HS_AS_LOCATION:
            roll_location(g, rng, events, "hit_location");
            after_location(g, rng, events);
            break;
        case HS_AS_STRIKE:
            strike(g, rng, events);
            break;
        case HS_AS_PLACE:
            if (place(g, a->target_seat, rng, events))
                break;
            a->step = --a->locations_left > 0 && !target_titan(g)->destroyed
                          ? HS_AS_LOCATION
                          : HS_AS_AFTER_SHOT;
            if (a->step == HS_AS_LOCATION)
                a->location = HS_NONE;
            break;
        case HS_AS_AFTER_SHOT:
            after_shot(g, rng, events);
            break;
        case HS_AS_LOW_AMMO:
            a->step = HS_AS_TRAILS;
            /* HS-R-71: the fired weapon's own cubes, placed by its owner */
            if (trait(g, HS_T_LOW_AMMO) &&
                hs_titan_owe_weapon(&hs_combat_titan(g, a->attacker)->cubes,
                                    (enum hs_mount)a->mount, trait(g, HS_T_LOW_AMMO),
                                    events, &ignored) == 0)
                a->step = HS_AS_PLACE_OWN;
            break;
        case HS_AS_PLACE_OWN:
            if (place(g, a->attacker, rng, events))
                break;
            a->step = HS_AS_TRAILS;
            break;
        case HS_AS_TRAILS:
            /* HS-R-77: heat for firing, forced into the box */
            if (trait(g, HS_T_TRAILS) &&
                !hs_combat_titan(g, a->attacker)->cubes.destroyed)
                hs_pressure_force(&hs_combat_titan(g, a->attacker)->cubes, HS_P_HEAT,
                                  trait(g, HS_T_TRAILS), rng, events);
            end_attack(g);
            check_over(g, events);
            hs_combat_event(events, "attack_over");
            break;
        }
    }
    hs_game_settle(g);
}
