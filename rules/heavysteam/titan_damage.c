/*
 * titan_damage.c - shields, damage cubes, weak points, volatile squares,
 * disabled hit locations and a titan's destruction (titan_damage.h).
 */
#include <string.h>

#include "titan.h"
#include "titan_cubes.h"
#include "titan_damage.h"

static int undamaged_white(const struct hs_titan *t, int s)
{
    for (int q = 0; q < t->nsquares[s]; q++)
        if (t->square[s][q].colour == HS_WHITE && t->cube[s][q] != HS_C_DAMAGE)
            return 1;
    return 0;
}

int hs_titan_disabled(const struct hs_titan *t, enum hs_location location)
{
    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].location == location && undamaged_white(t, s))
            return 0;
    return 1;
}

/* Arrows between station s and the nearest station of location. */
static int dist_to_location(const struct hs_board *b, int s,
                            enum hs_location location)
{
    int d = HS_MAX_STATIONS;

    for (int i = 0; i < b->nstations; i++)
        if (b->station[i].location == location && b->dist[s][i] < d)
            d = b->dist[s][i];
    return d;
}

/* The stations the next owed cube may go to, as a bit set; 0: the cube
 * has nowhere to go and is lost. */
static unsigned allowed_stations(const struct hs_titan *t)
{
    const struct hs_board *b = t->board;
    const struct hs_owed *o;
    unsigned mask = 0;
    int best = HS_MAX_STATIONS + 1;

    if (!t->nowed)
        return 0;
    o = &t->owed[t->nowed - 1];
    if (o->kind == HS_OWED_HIT) {
        if (!hs_titan_disabled(t, o->location)) {
            for (int s = 0; s < b->nstations; s++)
                if (b->station[s].location == o->location && undamaged_white(t, s))
                    mask |= 1u << s;
            return mask;
        }
        /* HS-AMB-08: a disabled arm or legs sends its damage, this
         * attack's overflow too, to the nearest torso station by arrows;
         * the head and torso have no such rule, and theirs is lost */
        if (o->location == HS_HEAD || o->location == HS_TORSO)
            return 0;
        for (int s = 0; s < b->nstations; s++) {
            int d;

            if (b->station[s].location != HS_TORSO || !undamaged_white(t, s))
                continue;
            d = dist_to_location(b, s, o->location);
            if (d < best) {
                best = d;
                mask = 0;
            }
            if (d == best)
                mask |= 1u << s;
        }
        return mask;
    }
    if (o->kind == HS_OWED_WEAPON)
        return undamaged_white(t, o->station) ? 1u << o->station : 0;
    /* HS-AMB-11: a volatile weapon fills first, then the nearest stations
     * back towards the torso (its location's or the torso's), the owner
     * free among the equally near; its location's shield at discretion */
    if (undamaged_white(t, o->station))
        return 1u << o->station;
    {
        enum hs_location l = b->station[o->station].location;
        int shield = b->shield[l];

        for (int s = 0; s < b->nstations; s++) {
            int d = b->dist[o->station][s];

            if (s == shield || !undamaged_white(t, s) ||
                (b->station[s].location != l && b->station[s].location != HS_TORSO))
                continue;
            if (d < best) {
                best = d;
                mask = 0;
            }
            if (d == best)
                mask |= 1u << s;
        }
        if (shield != HS_NONE && undamaged_white(t, shield))
            mask |= 1u << shield;
    }
    return mask;
}

static enum hs_placer placer_of(const struct hs_titan *t)
{
    const struct hs_owed *o;

    if (!t->nowed || t->destroyed)
        return HS_PLACER_NONE;
    o = &t->owed[t->nowed - 1];
    return o->kind == HS_OWED_HIT && o->critical && o->count == 1
               ? HS_PLACER_ATTACKER
               : HS_PLACER_OWNER;
}

static void pop_owed(struct hs_titan *t)
{
    if (--t->owed[t->nowed - 1].count <= 0)
        t->nowed--;
}

/* Drops owed cubes that have nowhere to go. */
static void settle(struct hs_titan *t, json_t *events)
{
    while (t->nowed && !t->destroyed && !allowed_stations(t)) {
        hs_event(events, json_pack("{s:s}", "type", "damage_lost"));
        pop_owed(t);
    }
    if (t->destroyed)
        t->nowed = 0;
}

void hs_titan_damage_choices(const struct hs_titan *t,
                             struct hs_damage_choices *c)
{
    unsigned mask = allowed_stations(t);
    int low = 7;

    memset(c, 0, sizeof *c);
    c->placer = placer_of(t);
    if (c->placer == HS_PLACER_NONE || !mask)
        return;
    c->cubes = c->placer == HS_PLACER_ATTACKER ? 1 : t->owed[t->nowed - 1].count;
    if (t->owed[t->nowed - 1].kind == HS_OWED_HIT && t->owed[t->nowed - 1].critical &&
        c->placer == HS_PLACER_OWNER)
        c->cubes--;
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; (mask >> s & 1) && q < t->nsquares[s]; q++)
            if (t->square[s][q].colour == HS_WHITE && t->cube[s][q] != HS_C_DAMAGE &&
                t->square[s][q].weak && t->square[s][q].weak < low)
                low = t->square[s][q].weak;
    /* a cube on a weak point takes the lowest-numbered one left */
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; (mask >> s & 1) && q < t->nsquares[s]; q++)
            if (t->square[s][q].colour == HS_WHITE && t->cube[s][q] != HS_C_DAMAGE &&
                (!t->square[s][q].weak || t->square[s][q].weak == low)) {
                struct hs_target *x = &c->target[c->ntargets++];

                x->station = s;
                x->square = q;
                x->steam = t->cube[s][q] == HS_C_STEAM;
            }
}

int hs_titan_displace_choices(const struct hs_titan *t, int station, int square,
                              int out[][2])
{
    const struct hs_board *b = t->board;
    int n = 0, wide = placer_of(t) == HS_PLACER_ATTACKER;

    for (int s = 0; s < b->nstations; s++) {
        /* HS-AMB-10 as written: the station, for a critical's last cube
         * the hit location */
        if (wide ? b->station[s].location != b->station[station].location
                 : s != station)
            continue;
        for (int q = 0; q < t->nsquares[s]; q++)
            if ((s != station || q != square) && t->cube[s][q] == HS_C_EMPTY &&
                t->square[s][q].colour != HS_BLUE) {
                out[n][0] = s;
                out[n][1] = q;
                n++;
            }
    }
    return n;
}

/* Rolls 1d6 against need; without rng (a check before the real placing)
 * every roll succeeds. */
static int roll_at_least(struct rng *rng, int need, const char *what,
                         json_t *events)
{
    int roll;

    if (!rng)
        return 1;
    roll = rng_die(rng, 6);
    hs_event(events, json_pack("{s:s, s:i, s:i}", "type", what, "need", need,
                               "roll", roll));
    return roll >= need;
}

/* A black cube on (s, q), its steam moved to (ts, tq) or discarded. */
static void put_damage(struct hs_titan *t, int s, int q, int ts, int tq,
                       struct rng *rng, json_t *events)
{
    int steam = t->cube[s][q] == HS_C_STEAM;

    /* the black cube first: heat from the steam's new square may damage
     * the boiler, and must not take this square */
    t->cube[s][q] = HS_C_DAMAGE;
    t->drawn.black++;
    if (steam) {
        if (ts != HS_NONE) {
            hs_event(events, json_pack("{s:s, s:s, s:i, s:s, s:i}", "type",
                                       "steam_displaced", "from", hs_station_id(t, s),
                                       "square", q, "into", hs_station_id(t, ts),
                                       "into_square", tq));
            hs_put_steam(t, ts, tq, rng, events);
        } else {
            t->discarded++;
            hs_event(events, json_pack("{s:s, s:s, s:i}", "type", "steam_discarded",
                                       "station", hs_station_id(t, s), "square", q));
        }
    }
    hs_event(events, json_pack("{s:s, s:s, s:i}", "type", "damage_placed",
                               "station", hs_station_id(t, s), "square", q));
    if (t->square[s][q].weak &&
        !roll_at_least(rng, t->square[s][q].weak, "weak_point_roll", events) &&
        !t->destroyed) {
        t->destroyed = 1;
        hs_event(events, json_pack("{s:s, s:s}", "type", "titan_destroyed",
                                   "station", hs_station_id(t, s)));
    }
    hs_check_destroyed(t, events);
}

void hs_titan_boiler_damage(struct hs_titan *t, struct rng *rng, json_t *events)
{
    int s = t->board->boiler, pick = HS_NONE, rank = 99;

    if (t->destroyed)
        return;
    for (int q = 0; q < t->nsquares[s]; q++) {
        const struct hs_square *sq = &t->square[s][q];
        int r;

        if (sq->colour != HS_WHITE || t->cube[s][q] == HS_C_DAMAGE)
            continue;
        r = sq->weak ? 10 + sq->weak : t->cube[s][q] == HS_C_STEAM;
        if (r < rank) {
            rank = r;
            pick = q;
        }
    }
    if (pick == HS_NONE)
        return;
    {
        int to = HS_NONE;

        if (t->cube[s][pick] == HS_C_STEAM) {
            to = hs_first_free(t, s, HS_WHITE);
            if (to == HS_NONE)
                to = hs_first_free(t, s, HS_RED);
        }
        put_damage(t, s, pick, to == HS_NONE ? HS_NONE : s, to, rng, events);
    }
}

int hs_titan_shields(struct hs_titan *t, enum hs_location location, int points,
                     int ignore, struct rng *rng, json_t *events)
{
    int s = t->board->shield[location], cubes = 0, take, steam = 0, shield = 0;

    if (s == HS_NONE || points <= 0)
        return points > 0 ? points : 0;
    for (int q = 0; q < t->nsquares[s]; q++)
        cubes += t->cube[s][q] == HS_C_STEAM || t->cube[s][q] == HS_C_SHIELD;
    take = cubes - (ignore > 0 ? ignore : 0);
    take = take < 0 ? 0 : take < points ? take : points;
    for (int pass = 0; pass < 3; pass++)
        for (int q = t->nsquares[s] - 1; q >= 0 && steam + shield < take; q--) {
            enum hs_colour want = pass == 0 ? HS_RED : pass == 1 ? HS_WHITE : HS_BLUE;
            enum hs_cube has = t->cube[s][q];

            if (t->square[s][q].colour != want || has == HS_C_EMPTY ||
                has == HS_C_DAMAGE)
                continue;
            t->cube[s][q] = HS_C_EMPTY;
            if (has == HS_C_SHIELD) {
                t->drawn.blue--;
                shield++;
            } else if (steam++ > 0) {
                t->reserve++;
            }
        }
    hs_event(events, json_pack("{s:s, s:s, s:i, s:i, s:i}", "type", "shields_hit",
                               "station", hs_station_id(t, s), "steam", steam,
                               "shield", shield, "through", points - take));
    /* the first steam cube goes to the pressure box: forced, it may not fit */
    if (steam)
        hs_pressure_force(t, HS_P_STEAM, 1, rng, events);
    return points - take;
}

/* A titan new damage may be owed by: not destroyed, and nothing of an
 * earlier hit still to place. */
static int open_for_damage_or_fail(const struct hs_titan *t, struct rules_error *err)
{
    if (t->destroyed)
        return rules_fail(err, "titan_destroyed", "Destroyed Steam Titans",
                          "The titan is destroyed.");
    if (t->nowed)
        return rules_fail(err, "damage_owed", "Steam Titan Damage",
                          "Damage from an earlier hit is still to be placed.");
    return 0;
}

int hs_titan_hit(struct hs_titan *t, enum hs_location location, int points,
                 int critical, json_t *events, struct rules_error *err)
{
    if (open_for_damage_or_fail(t, err))
        return -1;
    if ((int)location < 0 || location >= HS_LOCATIONS || points < 0)
        return rules_fail(err, "bad_hit", "Rolling for Hit Location",
                          "No such hit location.");
    if (points == 0)
        return 0;
    t->owed[0] = (struct hs_owed){.kind = HS_OWED_HIT, .count = points,
                                  .location = location, .critical = critical != 0,
                                  .station = HS_NONE};
    t->nowed = 1;
    hs_event(events, json_pack("{s:s, s:s, s:i, s:b}", "type", "damage_owed",
                               "location", hs_location_name(location),
                               "cubes", points, "critical", critical != 0));
    settle(t, events);
    return 0;
}

/* n more cubes on weapon station s, placed before what was owed. */
static void owe(struct hs_titan *t, enum hs_owed_kind kind, int s, int n,
                json_t *events)
{
    struct hs_owed *o = t->nowed ? &t->owed[t->nowed - 1] : NULL;

    if (o && o->kind == kind && o->station == s)
        o->count += n;
    else if (t->nowed < HS_MAX_OWED)
        t->owed[t->nowed++] = (struct hs_owed){
            .kind = kind, .count = n, .location = t->board->station[s].location,
            .station = s};
    hs_event(events, json_pack("{s:s, s:s, s:i, s:s}", "type", "damage_owed",
                               "station", hs_station_id(t, s), "cubes", n, "why",
                               kind == HS_OWED_VOLATILE ? "volatile" : "weapon"));
}

int hs_titan_owe_weapon(struct hs_titan *t, enum hs_mount mount, int n,
                        json_t *events, struct rules_error *err)
{
    if (open_for_damage_or_fail(t, err))
        return -1;
    if ((int)mount < 0 || mount >= HS_MOUNTS || n < 0)
        return rules_fail(err, "bad_hit", "Weapon Traits", "No such weapon.");
    if (n)
        owe(t, HS_OWED_WEAPON, t->board->mount_station[mount], n, events);
    settle(t, events);
    return 0;
}

/* Checks and places one pick; *stop set when a roll changed what is owed. */
static int place_one(struct hs_titan *t, enum hs_placer placer,
                     const struct hs_damage_pick *p, int i, struct rng *rng,
                     json_t *events, int *stop, struct rules_error *err)
{
    struct hs_damage_choices c;
    int room[HS_MAX_STATIONS * HS_MAX_SQUARES][2], nroom, ok = 0;
    enum hs_owed_kind kind;

    if (placer_of(t) != placer)
        return rules_fail(err, "not_your_damage", "Critical Hit",
                          "Damage cube %d is not yours to place.", i + 1);
    hs_titan_damage_choices(t, &c);
    for (int k = 0; k < c.ntargets; k++)
        ok |= c.target[k].station == p->station && c.target[k].square == p->square;
    if (!ok)
        return rules_fail(err, "bad_damage_square", "Steam Titan Damage",
                          "Damage cube %d may not go on that square.", i + 1);
    nroom = t->cube[p->station][p->square] == HS_C_STEAM
                ? hs_titan_displace_choices(t, p->station, p->square, room)
                : 0;
    ok = nroom == 0 && p->to_station == HS_NONE;
    for (int k = 0; k < nroom; k++)
        ok |= room[k][0] == p->to_station && room[k][1] == p->to_square;
    /* HS-AMB-10: the steam must move when it has somewhere to go */
    if (!ok)
        return rules_fail(err, "bad_steam_displacement", "Steam Titan Damage",
                          "The steam under damage cube %d must move to a free "
                          "white or red square if there is one.", i + 1);
    kind = t->owed[t->nowed - 1].kind;
    pop_owed(t);
    put_damage(t, p->station, p->square, p->to_station, p->to_square, rng, events);
    {
        const struct hs_square *sq = &t->square[p->station][p->square];
        const struct hs_station *st = &t->board->station[p->station];

        /* an enemy attack's cube, not the cubes Fragile itself adds */
        if (!t->destroyed && kind == HS_OWED_HIT && st->type == HS_WEAPON_SLOT &&
            t->fragile[st->mount] > 0) {
            owe(t, HS_OWED_WEAPON, p->station, t->fragile[st->mount], events);
            *stop = 1;
        }

        if (!t->destroyed && sq->volatile_n && st->type == HS_WEAPON_SLOT &&
            !roll_at_least(rng, sq->volatile_n, "volatile_roll", events) &&
            t->max_damage[st->mount] > 0) {
            owe(t, HS_OWED_VOLATILE, p->station, t->max_damage[st->mount], events);
            *stop = 1;
        }
    }
    *stop |= t->destroyed;
    settle(t, events);
    return 0;
}

int hs_titan_damage_place(struct hs_titan *t, enum hs_placer placer,
                          const struct hs_damage_pick *pick, int n,
                          struct rng *rng, json_t *events,
                          struct rules_error *err)
{
    struct hs_titan trial;
    int stop = 0, done = 0;

    if (placer == HS_PLACER_NONE || n < 1)
        return rules_fail(err, "no_damage_owed", "Steam Titan Damage",
                          "No damage cube to place.");
    /* the picks checked first, on a copy and with no roll failing, up to
     * where the placement would stop anyway */
    trial = *t;
    for (int i = 0; i < n && !stop; i++) {
        if (!trial.nowed || trial.destroyed)
            return rules_fail(err, "no_damage_owed", "Steam Titan Damage",
                              "Only %d damage cubes are owed.", i);
        if (place_one(&trial, placer, &pick[i], i, NULL, NULL, &stop, err))
            return -1;
    }
    for (stop = 0; done < n && !stop; done++)
        if (place_one(t, placer, &pick[done], done, rng, events, &stop, err))
            return -1; /* not reached: the trial placed the same picks */
    return done;
}
