/*
 * titan.c - a titan's setup, its pressure box, paying steam and the cube
 * census (titan.h); the cube helpers the titan's files share
 * (titan_cubes.h).
 */
#include <string.h>

#include "titan.h"
#include "titan_cubes.h"

/* ---- shared helpers -------------------------------------------------------- */

void hs_event(json_t *events, json_t *ev)
{
    if (events && ev)
        json_array_append_new(events, ev);
    else
        json_decref(ev);
}

const char *hs_station_id(const struct hs_titan *t, int station)
{
    return t->board->station[station].id;
}

int hs_first_free(const struct hs_titan *t, int station, enum hs_colour colour)
{
    for (int q = 0; q < t->nsquares[station]; q++)
        if (t->square[station][q].colour == colour &&
            t->cube[station][q] == HS_C_EMPTY)
            return q;
    return HS_NONE;
}

int hs_count_free(const struct hs_titan *t, int station, enum hs_colour colour)
{
    int n = 0;

    for (int q = 0; q < t->nsquares[station]; q++)
        n += t->square[station][q].colour == colour &&
             t->cube[station][q] == HS_C_EMPTY;
    return n;
}

void hs_put_steam(struct hs_titan *t, int station, int q, struct rng *rng,
                  json_t *events)
{
    t->cube[station][q] = HS_C_STEAM;
    if (t->square[station][q].colour == HS_RED) {
        hs_pressure_force(t, HS_P_HEAT, 1, rng, events);
    } else if (t->board->station[station].type == HS_SHIELD) {
        int b = hs_first_free(t, station, HS_BLUE);

        if (b != HS_NONE) {
            t->cube[station][b] = HS_C_SHIELD;
            t->drawn.blue++;
            hs_event(events, json_pack("{s:s, s:s}", "type", "shield_added",
                                       "station", hs_station_id(t, station)));
        }
    }
}

static int all_white_damaged(const struct hs_titan *t, int station)
{
    for (int q = 0; q < t->nsquares[station]; q++)
        if (t->square[station][q].colour == HS_WHITE &&
            t->cube[station][q] != HS_C_DAMAGE)
            return 0;
    return 1;
}

int hs_check_destroyed(struct hs_titan *t, json_t *events)
{
    const struct hs_board *b = t->board;

    if (t->destroyed)
        return 1;
    if (all_white_damaged(t, b->boiler) || all_white_damaged(t, b->command)) {
        t->destroyed = 1;
        hs_event(events, json_pack("{s:s, s:s}", "type", "titan_destroyed",
                                   "station",
                                   hs_station_id(t, all_white_damaged(t, b->boiler)
                                                        ? b->boiler
                                                        : b->command)));
    }
    return t->destroyed;
}

/* ---- setup ----------------------------------------------------------------- */

int hs_titan_init(struct hs_titan *t, const struct hs_board *board,
                  const struct hs_mounted card[HS_MOUNTS], json_t *events,
                  struct rules_error *err)
{
    memset(t, 0, sizeof *t);
    t->board = board;
    for (int s = 0; s < board->nstations; s++) {
        const struct hs_station *st = &board->station[s];

        t->nsquares[s] = st->nsquares;
        memcpy(t->square[s], st->square, sizeof st->square[0] * (size_t)st->nsquares);
    }
    for (int m = 0; m < HS_MOUNTS; m++) {
        int s = board->mount_station[m];
        const struct hs_mounted *c = &card[m];

        if (c->nsquares < 0 || t->nsquares[s] + c->nsquares > HS_MAX_SQUARES)
            return rules_fail(err, "card_does_not_fit", "Customize Steam Titan",
                              "The %s card's squares do not fit station %s.",
                              hs_mount_name((enum hs_mount)m), hs_station_id(t, s));
        for (int q = 0; q < c->nsquares; q++)
            if (c->square[q].colour == HS_BLUE)
                return rules_fail(err, "card_does_not_fit", "Customize Steam Titan",
                                  "A card has no blue squares.");
        memcpy(&t->square[s][t->nsquares[s]], c->square,
               sizeof c->square[0] * (size_t)c->nsquares);
        t->nsquares[s] += c->nsquares;
        t->max_damage[m] = c->max_damage;
        t->fragile[m] = c->fragile;
    }
    /* setup places cubes on the dots: no shield or heat comes with them */
    for (int s = 0; s < board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++) {
            if (!t->square[s][q].start)
                continue;
            if (t->square[s][q].colour == HS_WHITE) {
                t->cube[s][q] = HS_C_STEAM;
                t->drawn.white++;
            } else if (t->square[s][q].colour == HS_BLUE) {
                t->cube[s][q] = HS_C_SHIELD;
                t->drawn.blue++;
            }
        }
    t->reserve = board->reserve;
    t->drawn.white += board->reserve;
    /* enough heat to fill the box, as the stock gives a titan alone; a
     * game counts its own stock (hs_game_settle) */
    t->red_stock = board->capacity;
    for (int m = 0; m < HS_MOUNTS; m++) {
        int s = board->mount_station[m], x = card[m].charged;

        if (x < 0 || x > t->reserve || x > hs_count_free(t, s, HS_WHITE))
            return rules_fail(err, "charged_up_too_many", "Weapon Traits: Charged Up",
                              "Charged Up %d does not fit the reserve or the "
                              "weapon's white squares.", x);
        for (int i = 0; i < x; i++)
            t->cube[s][hs_first_free(t, s, HS_WHITE)] = HS_C_STEAM;
        t->reserve -= x;
        if (x)
            hs_event(events, json_pack("{s:s, s:s, s:i}", "type", "charged_up",
                                       "station", hs_station_id(t, s), "cubes", x));
    }
    return 0;
}

/* ---- the pressure box ------------------------------------------------------ */

int hs_pressure_room(const struct hs_titan *t)
{
    return t->board->capacity - t->npressure;
}

int hs_pressure_dice(const struct hs_titan *t)
{
    const struct hs_board *b = t->board;
    int filled = 0;

    if (t->npressure == 0)
        return 4;
    for (int c = 0; c < b->ncolumns; c++) {
        filled += b->column[c].cells;
        if (t->npressure <= filled)
            return b->column[c].dice;
    }
    return b->column[b->ncolumns - 1].dice;
}

int hs_pressure_overload(const struct hs_titan *t)
{
    int below = 0;

    for (int c = 0; c < t->board->ncolumns; c++)
        if (t->board->column[c].section != HS_SECTION_RED)
            below += t->board->column[c].cells;
    return t->npressure > below ? t->npressure - below : 0;
}

void hs_pressure_force(struct hs_titan *t, enum hs_pressure_cube c, int n,
                       struct rng *rng, json_t *events)
{
    int in = 0, over = 0, dry = 0;

    for (int i = 0; i < n; i++) {
        if (hs_pressure_room(t) <= 0) {
            /* HS-DATA-05: the box is full; the steam cube goes back to the
             * reserve, the heat cube stays in the stock */
            t->reserve += c == HS_P_STEAM;
            over++;
        } else if (c == HS_P_HEAT && t->red_stock - t->drawn.red <= 0) {
            /* HS-DATA-16: heat the red stock cannot supply still hurts,
             * as a cube that does not fit */
            dry++;
        } else {
            t->pressure[t->npressure++] = c;
            t->drawn.red += c == HS_P_HEAT;
            in++;
        }
    }
    if (in)
        hs_event(events, json_pack("{s:s, s:s, s:i}", "type", "pressure_added",
                                   "cube", c == HS_P_HEAT ? "heat" : "steam",
                                   "cubes", in));
    for (int i = 0; i < over + dry; i++) {
        hs_event(events, json_pack("{s:s, s:s}", "type",
                                   i < over ? "pressure_full" : "red_stock_empty",
                                   "cube", c == HS_P_HEAT ? "heat" : "steam"));
        hs_titan_boiler_damage(t, rng, events);
    }
}

/* Pops up to n cubes, last in first out: steam to the reserve, heat to
 * the stock (HS-R-51). Counts what went where. */
static void pop(struct hs_titan *t, int n, int *steam, int *heat)
{
    while (n-- > 0 && t->npressure > 0) {
        if (t->pressure[--t->npressure] == HS_P_STEAM) {
            t->reserve++;
            (*steam)++;
        } else {
            t->drawn.red--;
            (*heat)++;
        }
    }
}

void hs_pressure_release(struct hs_titan *t, int bleed, json_t *events)
{
    const struct hs_board *b = t->board;
    int vented = 0, pops, steam = 0, heat = 0;

    for (int s = 0; s < b->nstations; s++) {
        if (b->station[s].type != HS_VENT)
            continue;
        for (int q = 0; q < t->nsquares[s]; q++)
            if (t->cube[s][q] == HS_C_STEAM) {
                t->cube[s][q] = HS_C_EMPTY;
                t->reserve++;
                vented++;
            }
    }
    pops = b->release + (bleed > 0 ? bleed : 0) + vented;
    pop(t, pops, &steam, &heat);
    hs_event(events, json_pack("{s:s, s:i, s:i, s:i}", "type", "pressure_released",
                               "vented", vented, "steam", steam, "heat", heat));
}

int hs_pressure_pop(struct hs_titan *t, int n, json_t *events)
{
    int steam = 0, heat = 0;

    pop(t, n, &steam, &heat);
    hs_event(events, json_pack("{s:s, s:i, s:i, s:i}", "type", "pressure_popped",
                               "vented", 0, "steam", steam, "heat", heat));
    return steam + heat;
}

void hs_titan_reserve_add(struct hs_titan *t, int n, json_t *events)
{
    if (n <= 0)
        return;
    t->reserve += n;
    t->drawn.white += n;
    hs_event(events, json_pack("{s:s, s:i, s:i}", "type", "reserve_added", "cubes", n,
                               "reserve", t->reserve));
}

void hs_pressure_overload_roll(struct hs_titan *t, struct rng *rng,
                               json_t *events)
{
    int n = hs_pressure_overload(t), roll;

    if (n <= 1 || t->destroyed)
        return;
    roll = rng_die(rng, 6);
    hs_event(events, json_pack("{s:s, s:i, s:i}", "type", "overload_roll",
                               "overload", n, "roll", roll));
    for (int i = roll; i < n && !t->destroyed; i++)
        hs_titan_boiler_damage(t, rng, events);
}

/* ---- paying steam ----------------------------------------------------------- */

int hs_titan_steam_at(const struct hs_titan *t, int station)
{
    int n = 0;

    for (int q = 0; q < t->nsquares[station]; q++)
        n += t->cube[station][q] == HS_C_STEAM;
    return n;
}

int hs_titan_pay(struct hs_titan *t, int station, int n, enum hs_pay_to to,
                 json_t *events, struct rules_error *err)
{
    if (t->destroyed)
        return rules_fail(err, "titan_destroyed", "Destroyed Steam Titans",
                          "The titan is destroyed.");
    if (station < 0 || station >= t->board->nstations || n < 0)
        return rules_fail(err, "unknown_station", "Steam Titan Board Diagram",
                          "No such station.");
    if (hs_titan_steam_at(t, station) < n)
        return rules_fail(err, "not_enough_steam", "Move Cost",
                          "Station %s holds %d steam, not %d.",
                          hs_station_id(t, station), hs_titan_steam_at(t, station), n);
    if (to == HS_PAY_PRESSURE && hs_pressure_room(t) < n)
        return rules_fail(err, "pressure_full", "Pressure",
                          "The pressure box has room for %d cubes, not %d.",
                          hs_pressure_room(t), n);
    for (int pass = 0, left = n; pass < 2 && left; pass++)
        for (int q = t->nsquares[station] - 1; q >= 0 && left; q--)
            if (t->cube[station][q] == HS_C_STEAM &&
                t->square[station][q].colour == (pass ? HS_WHITE : HS_RED)) {
                t->cube[station][q] = HS_C_EMPTY;
                left--;
            }
    if (to == HS_PAY_PRESSURE)
        for (int i = 0; i < n; i++)
            t->pressure[t->npressure++] = HS_P_STEAM;
    else
        t->reserve += n;
    hs_event(events, json_pack("{s:s, s:s, s:i, s:s}", "type", "steam_spent",
                               "station", hs_station_id(t, station), "cubes", n,
                               "into", to == HS_PAY_PRESSURE ? "pressure" : "reserve"));
    return 0;
}

/* ---- census ------------------------------------------------------------------ */

void hs_titan_census(const struct hs_titan *t, struct hs_census *c)
{
    memset(c, 0, sizeof *c);
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; q < t->nsquares[s]; q++)
            switch (t->cube[s][q]) {
            case HS_C_STEAM:
                if (t->square[s][q].colour == HS_RED)
                    c->steam_red++;
                else
                    c->steam_white++;
                break;
            case HS_C_SHIELD: c->shield++; break;
            case HS_C_DAMAGE: c->damage++; break;
            case HS_C_EMPTY: break;
            }
    for (int i = 0; i < t->npressure; i++) {
        c->pressure_steam += t->pressure[i] == HS_P_STEAM;
        c->pressure_heat += t->pressure[i] == HS_P_HEAT;
    }
    c->reserve = t->reserve;
    c->discarded = t->discarded;
}
