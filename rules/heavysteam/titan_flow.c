/*
 * titan_flow.c - steam allocation, shutdown, the boiler's refill, repair,
 * and steam moved or added outside the flow (titan_flow.h).
 */
#include <string.h>

#include "titan.h"
#include "titan_cubes.h"
#include "titan_flow.h"

static int unmoved(const struct hs_titan *t, int s)
{
    int n = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        n += t->cube[s][q] == HS_C_STEAM && !t->moved[s][q];
    return n;
}

/* Fills c for station s; returns 1 when some destination has room. */
static int destinations(const struct hs_titan *t, int s, struct hs_flow_choices *c)
{
    const struct hs_board *b = t->board;
    int room = 0, mandatory = 0;

    memset(c, 0, sizeof *c);
    c->station = s;
    c->cubes = unmoved(t, s);
    for (int k = 0; k < b->narrows; k++) {
        struct hs_flow_dest *d;

        if (b->arrow[k][0] != s)
            continue;
        d = &c->dest[c->ndest++];
        d->station = b->arrow[k][1];
        d->free_white = hs_count_free(t, d->station, HS_WHITE);
        d->free_red = hs_count_free(t, d->station, HS_RED);
        d->vent = b->station[d->station].type == HS_VENT;
        room += d->free_white + d->free_red;
        /* a cube need not go to a vent or where no white square is free */
        if (!d->vent)
            mandatory += d->free_white;
    }
    c->must = mandatory < c->cubes ? mandatory : c->cubes;
    return room > 0;
}

int hs_steam_begin(struct hs_titan *t, struct rules_error *err)
{
    if (t->destroyed || t->nowed)
        return rules_fail(err, t->destroyed ? "titan_destroyed" : "damage_owed",
                          "Steam Allocation Phase",
                          "The titan cannot move steam now.");
    memset(t->moved, 0, sizeof t->moved);
    t->flow = 1;
    t->flow_next = 0;
    return 0;
}

/* Position in board->order of the station that moves now, or nstations. */
static int current(const struct hs_titan *t)
{
    struct hs_flow_choices c;
    int pos = t->flow_next;

    for (; t->flow && pos < t->board->nstations; pos++) {
        int s = t->board->order[pos];

        if (unmoved(t, s) && destinations(t, s, &c))
            break;
    }
    return t->flow ? pos : t->board->nstations;
}

void hs_steam_choices(const struct hs_titan *t, struct hs_flow_choices *c)
{
    int pos = current(t);

    if (pos >= t->board->nstations) {
        memset(c, 0, sizeof *c);
        c->station = HS_NONE;
        return;
    }
    destinations(t, t->board->order[pos], c);
}

static int check_move(const struct hs_flow_choices *c, const struct hs_flow_move *m,
                      struct rules_error *err)
{
    int total = 0, full = 1;

    for (int s = 0; s < HS_MAX_STATIONS; s++) {
        int k = 0;

        if (!m->white[s] && !m->red[s])
            continue;
        while (k < c->ndest && c->dest[k].station != s)
            k++;
        if (k == c->ndest)
            return rules_fail(err, "no_power_flow_arrow", "Moving Steam",
                              "Steam moves only along the station's arrows.");
        if (m->white[s] < 0 || m->red[s] < 0 || m->white[s] > c->dest[k].free_white ||
            m->red[s] > c->dest[k].free_red)
            return rules_fail(err, "no_free_square", "Moving Steam",
                              "Each white or red square holds one steam cube.");
        total += m->white[s] + m->red[s];
    }
    if (total > c->cubes)
        return rules_fail(err, "too_many_cubes", "Moving Steam",
                          "Only %d cubes there have not moved this phase.", c->cubes);
    for (int k = 0; k < c->ndest; k++)
        if (!c->dest[k].vent && m->white[c->dest[k].station] < c->dest[k].free_white)
            full = 0;
    if (total < c->cubes && !full)
        return rules_fail(err, "steam_must_move", "Mandatory Steam Movement",
                          "A cube that can move to a free white square must move.");
    return 0;
}

int hs_steam_move(struct hs_titan *t, const struct hs_flow_move *m,
                  struct rng *rng, json_t *events, struct rules_error *err)
{
    struct hs_flow_choices c;
    int pos = current(t), s, total = 0;

    if (pos >= t->board->nstations)
        return rules_fail(err, "no_steam_to_move", "Move Furthest Cubes First",
                          "No station has steam left to move.");
    s = t->board->order[pos];
    destinations(t, s, &c);
    if (check_move(&c, m, err))
        return -1;
    for (int d = 0; d < HS_MAX_STATIONS; d++)
        total += m->white[d] + m->red[d];
    /* red squares first: a cube left on one costs heat at the phase's end */
    for (int pass = 0, left = total; pass < 2 && left; pass++)
        for (int q = t->nsquares[s] - 1; q >= 0 && left; q--)
            if (t->cube[s][q] == HS_C_STEAM && !t->moved[s][q] &&
                t->square[s][q].colour == (pass ? HS_WHITE : HS_RED)) {
                t->cube[s][q] = HS_C_EMPTY;
                left--;
            }
    for (int k = 0; k < c.ndest; k++) {
        int d = c.dest[k].station;

        if (!m->white[d] && !m->red[d])
            continue;
        hs_event(events, json_pack("{s:s, s:s, s:s, s:i, s:i}", "type", "steam_moved",
                                   "from", hs_station_id(t, s), "into",
                                   hs_station_id(t, d), "white", m->white[d],
                                   "red", m->red[d]));
        for (int i = 0; i < m->white[d] + m->red[d]; i++) {
            int q = hs_first_free(t, d, i < m->white[d] ? HS_WHITE : HS_RED);

            if (q == HS_NONE) /* arrows never lead into the boiler */
                break;
            t->moved[d][q] = 1;
            hs_put_steam(t, d, q, rng, events);
        }
    }
    t->flow_next = pos + 1;
    return 0;
}

int hs_steam_end(struct hs_titan *t, struct rng *rng, json_t *events,
                 struct rules_error *err)
{
    int heat = 0;

    if (!t->flow)
        return rules_fail(err, "not_moving_steam", "Steam Allocation Phase",
                          "Steam is not being moved.");
    if (current(t) < t->board->nstations)
        return rules_fail(err, "steam_must_move", "Mandatory Steam Movement",
                          "Station %s still has steam to move.",
                          hs_station_id(t, t->board->order[current(t)]));
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++)
            heat += t->cube[s][q] == HS_C_STEAM && !t->moved[s][q] &&
                    t->square[s][q].colour == HS_RED;
    t->flow = 0;
    memset(t->moved, 0, sizeof t->moved);
    if (heat)
        hs_pressure_force(t, HS_P_HEAT, heat, rng, events);
    hs_event(events, json_pack("{s:s, s:i}", "type", "steam_moved_all",
                               "heat_from_red_squares", heat));
    return 0;
}

static int station_ok(const struct hs_titan *t, int s, struct rules_error *err)
{
    if (t->destroyed)
        return rules_fail(err, "titan_destroyed", "Destroyed Steam Titans",
                          "The titan is destroyed.");
    if (t->flow)
        return rules_fail(err, "steam_still_moving", "Steam Phase",
                          "Steam is still moving through the titan.");
    if (s < 0 || s >= t->board->nstations)
        return rules_fail(err, "unknown_station", "Steam Titan Board Diagram",
                          "No such station.");
    return 0;
}

int hs_titan_shutdown(struct hs_titan *t, int station, json_t *events,
                      struct rules_error *err)
{
    int steam = 0, shield = 0;
    enum hs_station_type type;

    if (station_ok(t, station, err))
        return -1;
    type = t->board->station[station].type;
    if (type != HS_SHIELD && type != HS_WEAPON_SLOT)
        return rules_fail(err, "not_a_shield", "Shutting Down Shields",
                          "Only shields, and weapons with Shutdown, shut down.");
    for (int q = 0; q < t->nsquares[station]; q++) {
        if (t->cube[station][q] == HS_C_STEAM) {
            t->reserve++;
            steam++;
        } else if (t->cube[station][q] == HS_C_SHIELD) {
            t->drawn.blue--;
            shield++;
        } else {
            continue;
        }
        t->cube[station][q] = HS_C_EMPTY;
    }
    hs_event(events, json_pack("{s:s, s:s, s:i, s:i}", "type", "shut_down",
                               "station", hs_station_id(t, station), "steam", steam,
                               "shield", shield));
    return 0;
}

int hs_titan_refill(struct hs_titan *t, json_t *events, struct rules_error *err)
{
    int s = t->board->boiler, n = t->board->production, q, put = 0;

    if (station_ok(t, s, err))
        return -1;
    if (n > t->reserve)
        n = t->reserve;
    while (put < n && (q = hs_first_free(t, s, HS_WHITE)) != HS_NONE) {
        t->cube[s][q] = HS_C_STEAM;
        put++;
    }
    t->reserve -= put;
    hs_event(events, json_pack("{s:s, s:i, s:i}", "type", "boiler_refilled",
                               "cubes", put, "reserve", t->reserve));
    return 0;
}

/* The n squares each hold a damage cube, named once, none on an
 * Unrepairable card (HS-R-78). */
static int check_repairs(const struct hs_titan *t, const int squares[][2], int n,
                         const int unrepairable[HS_MOUNTS], struct rules_error *err)
{
    const struct hs_board *b = t->board;

    for (int i = 0; i < n; i++) {
        int s = squares[i][0], q = squares[i][1];

        if (s < 0 || s >= b->nstations || q < 0 || q >= t->nsquares[s] ||
            t->cube[s][q] != HS_C_DAMAGE)
            return rules_fail(err, "no_damage_there", "Conducting Repairs",
                              "Repair %d names a square without a damage cube.", i + 1);
        for (int j = 0; j < i; j++)
            if (squares[j][0] == s && squares[j][1] == q)
                return rules_fail(err, "no_damage_there", "Conducting Repairs",
                                  "A damage cube is removed once.");
        if (b->station[s].type == HS_WEAPON_SLOT && unrepairable &&
            unrepairable[b->station[s].mount])
            return rules_fail(err, "unrepairable", "Weapon Traits: Unrepairable",
                              "Damage cubes can never be removed from %s.",
                              hs_station_id(t, s));
    }
    return 0;
}

/* The damage cubes back to the stock. */
static void remove_damage(struct hs_titan *t, const int squares[][2], int n,
                          json_t *events)
{
    for (int i = 0; i < n; i++) {
        t->cube[squares[i][0]][squares[i][1]] = HS_C_EMPTY;
        t->drawn.black--;
        hs_event(events, json_pack("{s:s, s:s, s:i}", "type", "damage_repaired",
                                   "station", hs_station_id(t, squares[i][0]),
                                   "square", squares[i][1]));
    }
}

int hs_titan_repair(struct hs_titan *t, int station, const int squares[][2],
                    int n, const int unrepairable[HS_MOUNTS], json_t *events,
                    struct rules_error *err)
{
    const struct hs_board *b = t->board;

    if (station_ok(t, station, err))
        return -1;
    if (b->station[station].type != HS_REPAIR)
        return rules_fail(err, "not_a_repair_station", "Conducting Repairs",
                          "Repairs are paid from the repair station.");
    if (n < 1 || n > b->repair_removes)
        return rules_fail(err, "too_many_repairs", "Conducting Repairs",
                          "A repair removes 1 to %d damage cubes.", b->repair_removes);
    if (check_repairs(t, squares, n, unrepairable, err) ||
        hs_titan_pay(t, station, b->repair_cost, HS_PAY_PRESSURE, events, err))
        return -1;
    remove_damage(t, squares, n, events);
    return 0;
}

int hs_titan_card_repair(struct hs_titan *t, const int squares[][2], int n,
                         const int unrepairable[HS_MOUNTS], json_t *events,
                         struct rules_error *err)
{
    if (station_ok(t, t->board->boiler, err))
        return -1;
    if (n < 1 || n > HS_MAX_CARD_REPAIR)
        return rules_fail(err, "too_many_repairs", "Battle cards: repair",
                          "A card removes 1 to %d damage cubes.", HS_MAX_CARD_REPAIR);
    if (check_repairs(t, squares, n, unrepairable, err))
        return -1;
    remove_damage(t, squares, n, events);
    return 0;
}

int hs_titan_shield_room(const struct hs_titan *t, enum hs_location location)
{
    int s = location >= 0 && location < HS_LOCATIONS ? t->board->shield[location]
                                                     : HS_NONE;

    return s == HS_NONE ? 0 : hs_count_free(t, s, HS_BLUE);
}

int hs_titan_add_shield(struct hs_titan *t, enum hs_location location, int n,
                        json_t *events, struct rules_error *err)
{
    int s, q;

    if (station_ok(t, t->board->boiler, err))
        return -1;
    if (n < 1 || hs_titan_shield_room(t, location) < n)
        return rules_fail(err, "no_blue_square", "Battle cards: shield",
                          "The %s has no shield station with %d empty blue squares.",
                          hs_location_name(location), n);
    s = t->board->shield[location];
    for (int i = 0; i < n && (q = hs_first_free(t, s, HS_BLUE)) != HS_NONE; i++) {
        t->cube[s][q] = HS_C_SHIELD;
        t->drawn.blue++;
    }
    hs_event(events, json_pack("{s:s, s:s, s:i}", "type", "shield_added", "station",
                               hs_station_id(t, s), "cubes", n));
    return 0;
}

static int empty_steam_square(const struct hs_titan *t, int s, int q)
{
    return s >= 0 && s < t->board->nstations && q >= 0 && q < t->nsquares[s] &&
           t->cube[s][q] == HS_C_EMPTY && t->square[s][q].colour != HS_BLUE;
}

int hs_titan_free_move(struct hs_titan *t, const struct hs_steam_step *step,
                       int n, struct rng *rng, json_t *events,
                       struct rules_error *err)
{
    struct hs_titan trial = *t;

    if (station_ok(t, t->board->boiler, err))
        return -1;
    if (n < 1 || n > HS_FREE_MOVE)
        return rules_fail(err, "too_many_cubes", "Free Steam Cube Move",
                          "The free move is 1 to %d steam cubes.", HS_FREE_MOVE);
    /* each step sees the ones before it: checked on a copy first */
    for (int pass = 0; pass < 2; pass++) {
        struct hs_titan *x = pass ? t : &trial;

        for (int i = 0; i < n; i++) {
            const struct hs_steam_step *p = &step[i];

            if (p->from_station < 0 || p->from_station >= t->board->nstations ||
                p->from_square < 0 || p->from_square >= x->nsquares[p->from_station] ||
                x->cube[p->from_station][p->from_square] != HS_C_STEAM)
                return rules_fail(err, "no_steam_there", "Free Steam Cube Move",
                                  "Step %d starts on a square without steam.", i + 1);
            if (p->to_station == p->from_station ||
                !empty_steam_square(x, p->to_station, p->to_square))
                return rules_fail(err, "no_free_square", "Free Steam Cube Move",
                                  "Step %d must end on an empty white or red square "
                                  "of another station.", i + 1);
            x->cube[p->from_station][p->from_square] = HS_C_EMPTY;
            hs_event(pass ? events : NULL,
                     json_pack("{s:s, s:s, s:s}", "type", "steam_free_move", "from",
                               hs_station_id(t, p->from_station), "into",
                               hs_station_id(t, p->to_station)));
            hs_put_steam(x, p->to_station, p->to_square, pass ? rng : NULL,
                         pass ? events : NULL);
        }
    }
    return 0;
}

int hs_titan_add_steam(struct hs_titan *t, enum hs_location location,
                       const int squares[][2], int n, struct rng *rng,
                       json_t *events, struct rules_error *err)
{
    struct hs_titan trial = *t;

    if (station_ok(t, t->board->boiler, err))
        return -1;
    if (n < 1 || n > t->reserve)
        return rules_fail(err, "not_enough_steam", "Power Reserve",
                          "The reserve holds %d steam cubes.", t->reserve);
    /* heat from a red square may damage the boiler: checked on a copy */
    for (int pass = 0; pass < 2; pass++) {
        struct hs_titan *x = pass ? t : &trial;

        for (int i = 0; i < n; i++) {
            int s = squares[i][0], q = squares[i][1];

            if (!empty_steam_square(x, s, q) ||
                (location != HS_LOCATIONS && t->board->station[s].location != location))
                return rules_fail(err, "no_free_square", "Steam Cubes",
                                  "Steam cube %d needs an empty white or red square "
                                  "there.", i + 1);
            x->reserve--;
            hs_event(pass ? events : NULL,
                     json_pack("{s:s, s:s, s:i}", "type", "steam_added", "station",
                               hs_station_id(t, s), "square", q));
            hs_put_steam(x, s, q, pass ? rng : NULL, pass ? events : NULL);
        }
    }
    return 0;
}
