/*
 * steam_phase.c - the Steam Allocation phase, one titan at a time in
 * initiative order (HS-R-36): its steam moved station by station,
 * furthest from the boiler first, each station's distribution a question
 * (HS_ASK_FLOW) unless only one is legal; then one answer
 * (HS_ASK_AFTER_FLOW) names the shields to shut down and the repairs, and
 * between the two the boiler is refilled, as the rulebook orders the
 * four parts ("1. Move steam ... 2. Shut down any shields (optional)
 * 3. Move steam from the power reserve to the boiler 4. Conduct any
 * repairs").
 */
#include <string.h>

#include "catalog.h"
#include "game_json.h"
#include "pilot_powers.h"
#include "round_phase.h"
#include "titan_flow.h"

static int repair_station(const struct hs_titan *t)
{
    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].type == HS_REPAIR)
            return s;
    return HS_NONE;
}

/* The mount whose station s is, or -1. */
static int mount_of(const struct hs_titan *t, int s)
{
    for (int m = 0; m < HS_MOUNTS; m++)
        if (t->board->mount_station[m] == s)
            return m;
    return -1;
}

static int trait(const struct hs_titan_at *ta, int m, enum hs_trait tr)
{
    return m >= 0 && ta->card[m] >= 0 ? hs_catalog_get()->weapon[ta->card[m]].trait[tr]
                                      : 0;
}

/* A station that may be shut down now: a shield station, or a weapon slot
 * whose card has Shutdown, with cubes on it. */
static int can_shut(const struct hs_titan_at *ta, int s)
{
    const struct hs_titan *t = &ta->cubes;
    int any = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        any |= t->cube[s][q] == HS_C_STEAM || t->cube[s][q] == HS_C_SHIELD;
    if (!any)
        return 0;
    return t->board->station[s].type == HS_SHIELD ||
           (t->board->station[s].type == HS_WEAPON_SLOT &&
            trait(ta, mount_of(t, s), HS_T_SHUTDOWN));
}

/* Repairs affordable now: the repair station's steam and the pressure
 * box's room, each repair costing the board's repair cost. */
static int repairs_left(const struct hs_titan *t)
{
    int r = repair_station(t), cost = t->board->repair_cost, n;

    if (r == HS_NONE || cost <= 0)
        return 0;
    n = hs_titan_steam_at(t, r) / cost;
    return n < hs_pressure_room(t) / cost ? n : hs_pressure_room(t) / cost;
}

static int repairable(const struct hs_titan_at *ta, int s, int q)
{
    return ta->cubes.cube[s][q] == HS_C_DAMAGE &&
           !trait(ta, mount_of(&ta->cubes, s), HS_T_UNREPAIRABLE);
}

static int damaged(const struct hs_titan_at *ta)
{
    for (int s = 0; s < ta->cubes.board->nstations; s++)
        for (int q = 0; q < ta->cubes.nsquares[s]; q++)
            if (repairable(ta, s, q))
                return 1;
    return 0;
}

static int optional_left(const struct hs_titan_at *ta)
{
    for (int s = 0; s < ta->cubes.board->nstations; s++)
        if (can_shut(ta, s))
            return 1;
    return repairs_left(&ta->cubes) > 0 && damaged(ta);
}

/* Only one distribution is legal: one destination, no vent, no red
 * square (the cubes fill its white squares as far as they go). */
static int forced(const struct hs_flow_choices *c, struct hs_flow_move *m)
{
    const struct hs_flow_dest *d = &c->dest[0];

    memset(m, 0, sizeof *m);
    if (c->ndest != 1 || d->vent || d->free_red)
        return 0;
    m->white[d->station] = c->cubes < d->free_white ? c->cubes : d->free_white;
    return 1;
}

static void refill(struct hs_titan *t, json_t *events)
{
    struct rules_error err;

    hs_titan_refill(t, events, &err);
}

/* The next station's question, the moves nobody chooses made on the way;
 * at the end of the movement the optional parts, or the refill. */
static void flow_next(struct hs_game *g, int seat, struct rng *rng, json_t *events)
{
    struct hs_titan_at *ta = hs_round_titan(g, seat);
    struct hs_flow_choices c;
    struct hs_flow_move m;
    struct rules_error err;
    int arrived;

    for (;;) {
        hs_steam_choices(&ta->cubes, &c);
        if (c.station == HS_NONE)
            break;
        if (!forced(&c, &m)) {
            g->station = c.station;
            hs_round_ask(g, HS_ASK_FLOW, seat);
            return;
        }
        if (hs_steam_move(&ta->cubes, &m, rng, events, &err))
            break;               /* cannot be: forced() builds a legal one */
    }
    arrived = hs_pilot_command_arrivals(&ta->cubes);
    hs_steam_end(&ta->cubes, rng, events, &err);
    hs_pilot_steam_moved(g, seat, arrived, rng, events);
    g->station = -1;
    if (!ta->cubes.destroyed && optional_left(ta)) {
        hs_round_ask(g, HS_ASK_AFTER_FLOW, seat);
        return;
    }
    refill(&ta->cubes, events);
    hs_round_ask(g, HS_ASK_NONE, seat);
}

void hs_steam_start(struct hs_game *g, int seat, struct rng *rng, json_t *events)
{
    struct hs_titan_at *ta = hs_round_titan(g, seat);
    struct rules_error err;

    if (ta->cubes.destroyed || hs_steam_begin(&ta->cubes, &err)) {
        hs_round_ask(g, HS_ASK_NONE, seat);
        return;
    }
    flow_next(g, seat, rng, events);
}

/* {id: n} onto out[station]. */
static int read_counts(const struct hs_titan *t, const json_t *o, int out[],
                       struct rules_error *err)
{
    const char *key;
    json_t *v;

    if (!o)
        return 0;
    if (!json_is_object(o))
        return rules_fail(err, "bad_flow", HS_RULE_FLOW,
                          "\"white\" and \"red\" give cubes by station id.");
    json_object_foreach((json_t *)o, key, v) {
        json_t *id = json_string(key);
        int s = hs_round_station(t, id);

        json_decref(id);
        if (s < 0 || !json_is_integer(v))
            return rules_fail(err, "bad_flow", HS_RULE_FLOW,
                              "\"%s\" is no station of this titan, or its count is "
                              "no number.", key);
        out[s] = (int)json_integer_value(v);
    }
    return 0;
}

static int flow(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "white", "red", NULL};
    struct hs_titan *t = &hs_round_titan(g, seat)->cubes;
    struct hs_flow_move m;

    memset(&m, 0, sizeof m);
    if (hs_round_keys(move, keys, err))
        return -1;
    if (strcmp(json_string_value(json_object_get(move, "type")), "flow") != 0)
        return rules_fail(err, "unknown_move", HS_RULE_FLOW,
                          "The steam of %s moves now (\"flow\").",
                          t->board->station[g->station].id);
    if (read_counts(t, json_object_get(move, "white"), m.white, err) ||
        read_counts(t, json_object_get(move, "red"), m.red, err) ||
        hs_steam_move(t, &m, rng, events, err))
        return -1;
    flow_next(g, seat, rng, events);
    return 0;
}

static int shutdowns(struct hs_titan_at *ta, const json_t *list, json_t *events,
                     struct rules_error *err)
{
    json_t *id;
    size_t i;

    if (list && !json_is_array(list))
        return rules_fail(err, "bad_shutdown", HS_RULE_SHUTDOWN,
                          "\"shutdown\" lists station ids.");
    json_array_foreach(list, i, id) {
        int s = hs_round_station(&ta->cubes, id);

        if (s < 0 || !can_shut(ta, s))
            return rules_fail(err, "cannot_shut_down", HS_RULE_SHUTDOWN,
                              "Only a shield station (or a weapon with Shutdown) "
                              "holding cubes is shut down.");
        if (hs_titan_shutdown(&ta->cubes, s, events, err))
            return -1;
    }
    return 0;
}

static int repairs(struct hs_game *g, int seat, const json_t *list, json_t *events,
                   struct rules_error *err)
{
    struct hs_titan_at *ta = hs_round_titan(g, seat);
    struct hs_titan *t = &ta->cubes;
    int more = hs_pilot_ability_n(g, seat, HS_W_REPAIRING, HS_OP_REPAIR);
    int unrep[HS_MOUNTS], r = repair_station(t);
    json_t *rep;
    size_t i;

    for (int m = 0; m < HS_MOUNTS; m++)
        unrep[m] = trait(ta, m, HS_T_UNREPAIRABLE) > 0;
    if (list && !json_is_array(list))
        return rules_fail(err, "bad_repair", HS_RULE_REPAIR,
                          "\"repairs\" lists repairs, each a list of squares.");
    if (json_array_size(list) && r == HS_NONE)
        return rules_fail(err, "no_repair_station", HS_RULE_REPAIR,
                          "This titan has no repair station.");
    json_array_foreach(list, i, rep) {
        int sq[HS_MAX_SQUARES][2], n = (int)json_array_size(rep);

        int base = n < t->board->repair_removes ? n : t->board->repair_removes;

        /* a pilot's "Every repair you make removes 1 more damage cube" */
        if (!json_is_array(rep) || n < 1 || n > t->board->repair_removes + more)
            return rules_fail(err, "bad_repair", HS_RULE_REPAIR,
                              "A repair removes 1 to %d damage cubes.",
                              t->board->repair_removes + more);
        for (int k = 0; k < n; k++)
            if (hs_round_square(t, json_array_get(rep, (size_t)k), sq[k]))
                return rules_fail(err, "bad_square", HS_RULE_REPAIR,
                                  "A square is [station id, index].");
        if (hs_titan_repair(t, r, (const int (*)[2])sq, base, unrep, events, err) ||
            hs_pilot_repair_more(g, seat, (const int (*)[2])(sq + base), n - base, events,
                                 err))
            return -1;
    }
    return 0;
}

static int steam_done(struct hs_game *g, int seat, const json_t *move,
                      json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "shutdown", "repairs", NULL};
    struct hs_titan_at *ta = hs_round_titan(g, seat);

    if (hs_round_keys(move, keys, err))
        return -1;
    if (strcmp(json_string_value(json_object_get(move, "type")), "steam_done") != 0)
        return rules_fail(err, "unknown_move", HS_RULE_STEAM,
                          "Shutdowns and repairs are one \"steam_done\" move.");
    if (shutdowns(ta, json_object_get(move, "shutdown"), events, err))
        return -1;
    refill(&ta->cubes, events);
    if (repairs(g, seat, json_object_get(move, "repairs"), events, err))
        return -1;
    hs_round_ask(g, HS_ASK_NONE, seat);
    return 0;
}

int hs_steam_apply(struct hs_game *g, int seat, const json_t *move,
                   struct rng *rng, json_t *events, struct rules_error *err)
{
    if (g->ask == HS_ASK_FLOW)
        return flow(g, seat, move, rng, events, err);
    return steam_done(g, seat, move, events, err);
}

void hs_steam_moves(const struct hs_game *g, int seat, json_t *moves)
{
    const struct hs_titan_at *ta = &g->titan[g->p[seat].titan];
    const struct hs_titan *t = &ta->cubes;
    json_t *e;

    if (g->ask == HS_ASK_FLOW) {
        struct hs_flow_choices c;
        json_t *white = json_object(), *red = json_object();

        hs_steam_choices(t, &c);
        for (int k = 0; k < c.ndest; k++) {
            const char *id = t->board->station[c.dest[k].station].id;

            json_object_set_new(white, id, json_pack("{s:i, s:i, s:b}", "min", 0, "max",
                                                     c.dest[k].free_white, "vent",
                                                     c.dest[k].vent));
            json_object_set_new(red, id, json_pack("{s:i, s:i}", "min", 0, "max",
                                                   c.dest[k].free_red));
        }
        e = hs_round_entry("flow", "shape");
        json_object_set_new(e, "station", json_string(t->board->station[c.station].id));
        json_object_set_new(e, "cubes", json_integer(c.cubes));
        json_object_set_new(e, "must", json_integer(c.must));
        json_object_set_new(e, "white", white);
        json_object_set_new(e, "red", red);
        json_array_append_new(moves, e);
        return;
    }
    json_array_append_new(moves, hs_round_entry("steam_done", "move"));
    {
        json_t *shut = json_array(), *dmg = json_array();
        int n = repairs_left(t);

        for (int s = 0; s < t->board->nstations; s++) {
            if (can_shut(ta, s))
                json_array_append_new(shut, json_string(t->board->station[s].id));
            for (int q = 0; n && q < t->nsquares[s]; q++)
                if (repairable(ta, s, q))
                    json_array_append_new(dmg, json_pack("[s, i]",
                                                         t->board->station[s].id, q));
        }
        e = hs_round_entry("steam_done", "shape");
        json_object_set_new(e, "shutdown", json_pack("{s:o, s:i}", "of", shut, "max",
                                                     (int)json_array_size(shut)));
        json_object_set_new(e, "repairs", json_pack("{s:i, s:i, s:o}", "max",
                                                    json_array_size(dmg) ? n : 0,
                                                    "removes",
                                                    t->board->repair_removes +
                                                        hs_pilot_ability_n(g, seat, HS_W_REPAIRING,
                                                                           HS_OP_REPAIR),
                                                    "of", dmg));
        json_array_append_new(moves, e);
    }
}
