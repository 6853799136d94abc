/*
 * effects.c - the effect vocabulary's operations on struct hs_game
 * (RULINGS.md "The effect vocabulary"); see effects.h.
 */
#include "effects.h"

#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "effects_cubes.h"
#include "scenario.h"
#include "titan_damage.h"
#include "titan_flow.h"

#define RULE_VOCAB "RULINGS.md: The effect vocabulary"

static struct hs_titan *titan_of(struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan].cubes;
}

static const struct hs_titan *ctitan_of(const struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan].cubes;
}

int hs_op_supported(enum hs_op op)
{
    switch (op) {
    case HS_OP_ATTACK_DICE: case HS_OP_DEFENSE_DICE: case HS_OP_DAMAGE:
    case HS_OP_CRITICAL: case HS_OP_PIERCE: case HS_OP_REROLL_LOCATION:
    case HS_OP_RELEASE: case HS_OP_SPENT_TO_RESERVE:
    case HS_OP_PLACE_STEAM: case HS_OP_HEAT: case HS_OP_DAMAGE_CUBES:
    case HS_OP_DRAW: case HS_OP_SUPPORT: case HS_OP_PLAY_TERRAIN:
    case HS_OP_DISCARD_TERRAIN: case HS_OP_INITIATIVE: case HS_OP_SMOKE:
    case HS_OP_STEAL: case HS_OP_GIVE: case HS_OP_MOVE_TITAN: case HS_OP_HIT:
    case HS_OP_MOVE_SUPPORT: case HS_OP_FREE_MOVE:
    case HS_OP_RESERVE: case HS_OP_REPAIR: case HS_OP_SHIELD:
        return 1;
    default:
        return 0;
    }
}

int hs_op_mod(enum hs_op op)
{
    switch (op) {
    case HS_OP_ATTACK_DICE: case HS_OP_DEFENSE_DICE: case HS_OP_DAMAGE:
    case HS_OP_CRITICAL: case HS_OP_PIERCE: case HS_OP_REROLL_LOCATION:
    case HS_OP_RELEASE: case HS_OP_SPENT_TO_RESERVE:
        return 1;
    default:
        return 0;
    }
}

int hs_op_global(enum hs_op op)
{
    return op == HS_OP_SMOKE;
}

int hs_op_chooses(enum hs_op op)
{
    return op == HS_OP_PLACE_STEAM || op == HS_OP_DAMAGE_CUBES ||
           op == HS_OP_SUPPORT || op == HS_OP_PLAY_TERRAIN || op == HS_OP_STEAL ||
           op == HS_OP_GIVE || op == HS_OP_MOVE_TITAN || op == HS_OP_HIT ||
           op == HS_OP_MOVE_SUPPORT || op == HS_OP_FREE_MOVE ||
           op == HS_OP_REPAIR || op == HS_OP_SHIELD;
}

static int counts_for(const struct hs_step *s, enum hs_size size)
{
    return s->size == HS_NONE || s->size == (int)size;
}

void hs_effect_mods(const struct hs_effect *e, enum hs_size size,
                    struct hs_mods *m)
{
    for (int i = 0; i < e->nsteps; i++) {
        const struct hs_step *s = &e->step[i];

        if (!counts_for(s, size))
            continue;
        switch (s->op) {
        case HS_OP_ATTACK_DICE: m->attack_dice += s->n; break;
        case HS_OP_DEFENSE_DICE: m->defense_dice += s->n; break;
        case HS_OP_DAMAGE: m->damage += s->n; break;
        case HS_OP_CRITICAL: m->critical += s->n; break;
        case HS_OP_PIERCE: m->pierce += s->n; break;
        case HS_OP_REROLL_LOCATION: m->rerolls++; break;
        case HS_OP_RELEASE: m->release += s->n; break;
        case HS_OP_SPENT_TO_RESERVE: m->spent_to_reserve = 1; break;
        default: break;
        }
    }
}

/* ---- squares ---------------------------------------------------------------- */

static int station_by_id(const struct hs_titan *t, const char *id)
{
    for (int s = 0; id && s < t->board->nstations; s++)
        if (strcmp(t->board->station[s].id, id) == 0)
            return s;
    return HS_NONE;
}

static int station_fits(const struct hs_titan *t, const struct hs_step *step, int s)
{
    const struct hs_station *st = &t->board->station[s];

    return (step->location == HS_NONE || (int)st->location == step->location) &&
           (step->station_type == HS_NONE || (int)st->type == step->station_type);
}

/* Empty white or red squares where step may put steam, into out (may be
 * NULL); returns how many. */
static int steam_squares(const struct hs_titan *t, const struct hs_step *step,
                         json_t *out)
{
    int n = 0;

    for (int s = 0; s < t->board->nstations; s++) {
        if (!station_fits(t, step, s))
            continue;
        for (int q = 0; q < t->nsquares[s]; q++) {
            if (t->cube[s][q] != HS_C_EMPTY || t->square[s][q].colour == HS_BLUE)
                continue;
            n++;
            if (out)
                json_array_append_new(out, json_pack("{s:s, s:i}", "station",
                                                     t->board->station[s].id,
                                                     "square", q));
        }
    }
    return n;
}

/* Steam cubes step places: its n, or what the reserve and squares allow. */
static int steam_count(const struct hs_titan *t, const struct hs_step *step)
{
    int n = step->n, free = steam_squares(t, step, NULL);

    if (n > t->reserve)
        n = t->reserve;
    return n < free ? n : free;
}

static int read_square(const struct hs_titan *t, const json_t *o,
                       const char *skey, const char *qkey, int *s, int *q)
{
    const json_t *sq = json_object_get(o, qkey);

    *s = station_by_id(t, json_string_value(json_object_get(o, skey)));
    *q = json_is_integer(sq) ? (int)json_integer_value(sq) : -1;
    return *s != HS_NONE && *q >= 0 && *q < t->nsquares[*s] ? 0 : -1;
}

static int place_steam(struct hs_titan *t, const struct hs_step *step,
                       const json_t *choice, struct rng *rng, json_t *events,
                       struct rules_error *err)
{
    int n = steam_count(t, step);
    const json_t *list = json_object_get(choice, "steam");
    int squares[HS_MAX_STEPS * 4][2];

    if (n == 0)
        return 0;
    if (!json_is_array(list) || (int)json_array_size(list) != n)
        return rules_fail(err, "choose_steam", RULE_VOCAB,
                          "Choose %d squares for the steam (\"steam\").", n);
    for (int i = 0; i < n; i++) {
        if (read_square(t, json_array_get(list, i), "station", "square",
                        &squares[i][0], &squares[i][1]) ||
            !station_fits(t, step, squares[i][0]))
            return rules_fail(err, "no_free_square", RULE_VOCAB,
                              "Steam cube %d must go on a square of the stations "
                              "the card names.", i + 1);
    }
    return hs_titan_add_steam(t, HS_LOCATIONS, (const int (*)[2])squares, n, rng,
                              events, err);
}

/* A square a damage cube may take, listed as {station, square, steam}
 * and, when steam is under it, "to": where that steam may be displaced
 * (HS-AMB-10: it must move when it can), as {station, square} picks. */
static json_t *damage_target(const struct hs_titan *t, const struct hs_target *x)
{
    json_t *o = json_pack("{s:s, s:i, s:b}", "station", t->board->station[x->station].id,
                          "square", x->square, "steam", x->steam);

    if (x->steam) {
        int out[HS_MAX_STATIONS * HS_MAX_SQUARES][2];
        int n = hs_titan_displace_choices(t, x->station, x->square, out);
        json_t *to = json_array();

        for (int j = 0; j < n; j++)
            json_array_append_new(to, json_pack("{s:s, s:i}", "station",
                                                t->board->station[out[j][0]].id,
                                                "square", out[j][1]));
        json_object_set_new(o, "to", to);
    }
    return o;
}

/* The squares the next damage cube may take anywhere on t (or in step's
 * location), as a hit of one point bypassing the shields would allow. */
static void damage_targets(const struct hs_titan *t, const struct hs_step *step,
                           json_t *out)
{
    static const struct rules_error none;
    int seen[HS_MAX_STATIONS][HS_MAX_SQUARES];

    memset(seen, 0, sizeof seen);
    for (int l = 0; l < HS_LOCATIONS; l++) {
        struct hs_titan trial = *t;
        struct hs_damage_choices c;
        struct rules_error e = none;

        if (step->location != HS_NONE && step->location != l)
            continue;
        if (hs_titan_hit(&trial, (enum hs_location)l, 1, 0, NULL, &e))
            continue;
        hs_titan_damage_choices(&trial, &c);
        for (int i = 0; i < c.ntargets; i++) {
            int s = c.target[i].station, q = c.target[i].square;

            if (seen[s][q]++)
                continue;
            json_array_append_new(out, damage_target(&trial, &c.target[i]));
        }
    }
}

static int read_pick(const struct hs_titan *t, const json_t *o, int i,
                     struct hs_damage_pick *p, struct rules_error *err)
{
    if (read_square(t, o, "station", "square", &p->station, &p->square))
        return rules_fail(err, "bad_square", RULE_VOCAB,
                          "Damage cube %d names no square of the titan.", i + 1);
    if (json_object_get(o, "to_station")) {
        if (read_square(t, o, "to_station", "to_square", &p->to_station,
                        &p->to_square))
            return rules_fail(err, "bad_square", RULE_VOCAB,
                              "Damage cube %d moves steam to no square.", i + 1);
    } else {
        p->to_station = p->to_square = HS_NONE;
    }
    return 0;
}

/* The owed cubes of a hit (hit), placed by the owner in the order given:
 * the whole list is checked before any is placed. */
static int place_owed(struct hs_titan *t, const json_t *choice, struct rng *rng,
                      json_t *events, struct rules_error *err)
{
    const json_t *list = json_object_get(choice, "damage");
    struct hs_damage_pick p[HS_MAX_STATIONS * HS_MAX_SQUARES];
    int n = json_is_array(list) ? (int)json_array_size(list) : 0;

    if (t->nowed == 0)
        return 0;
    if (n < 1 || n > (int)(sizeof p / sizeof p[0]))
        return rules_fail(err, "choose_damage", RULE_VOCAB,
                          "Choose the squares for the damage (\"damage\").");
    for (int i = 0; i < n; i++)
        if (read_pick(t, json_array_get(list, (size_t)i), i, &p[i], err))
            return -1;
    return hs_titan_damage_place(t, HS_PLACER_OWNER, p, n, rng, events, err) < 0 ? -1 : 0;
}

int hs_effect_roll_hit(struct hs_game *g, int seat, const struct hs_step *step,
                       struct rng *rng, json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    struct hs_titan *t = titan_of(g, seat);
    int a = rng_die(rng, 6), b = rng_die(rng, 6);
    enum hs_location l = cat->board.hit_location[a + b];
    int past = hs_titan_shields(t, l, step->n, 0, rng, events);

    json_array_append_new(events, json_pack("{s:s, s:i, s:[ii], s:s, s:i}", "type",
                                            "hit_rolled", "seat", seat, "dice", a, b,
                                            "location", hs_location_name(l),
                                            "past_shields", past));
    /* the shield's steam forced into a full box may have destroyed the
     * titan (HS-DATA-05): nothing more to place, the game ends */
    if (t->destroyed)
        return 0;
    return hs_titan_hit(t, l, past, 0, events, err);
}

static int damage_cubes(struct hs_titan *t, const struct hs_step *step,
                        const json_t *choice, struct rng *rng, json_t *events,
                        struct rules_error *err)
{
    const json_t *list = json_object_get(choice, "damage");

    if (t->destroyed)
        return 0;
    if (!json_is_array(list) || (int)json_array_size(list) != step->n)
        return rules_fail(err, "choose_damage", RULE_VOCAB,
                          "Choose %d squares for the damage (\"damage\").", step->n);
    for (int i = 0; i < step->n && !t->destroyed; i++) {
        const json_t *o = json_array_get(list, i);
        struct hs_damage_pick p;
        enum hs_location l;
        int placed;

        if (read_pick(t, o, i, &p, err))
            return -1;
        l = t->board->station[p.station].location;
        if (step->location != HS_NONE && step->location != (int)l)
            return rules_fail(err, "wrong_location", RULE_VOCAB,
                              "Damage cube %d must go in %s.", i + 1,
                              hs_location_name((enum hs_location)step->location));
        /* one point past the shields at the chosen square's location */
        if (hs_titan_hit(t, l, 1, 0, events, err))
            return -1;
        placed = hs_titan_damage_place(t, HS_PLACER_OWNER, &p, 1, rng, events, err);
        if (placed < 0)
            return -1;
        if (placed == 0)
            return rules_fail(err, "bad_square", RULE_VOCAB,
                              "Damage cube %d cannot go there.", i + 1);
        /* a failed volatile roll owes cubes the owner places as in combat */
        if (t->nowed)
            break;
    }
    return 0;
}

/* ---- the board --------------------------------------------------------------- */

static int support(struct hs_game *g, int seat, int card,
                   const struct hs_step *step, const json_t *choice,
                   json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_battle_card *b = &cat->battle[g->card[card]];
    const struct hs_titan_at *ta = &g->titan[g->p[seat].titan];
    const json_t *sj = json_object_get(choice, "sector");
    int s = json_is_integer(sj) ? (int)json_integer_value(sj) : -1;
    struct hs_unit_at *u;

    (void)step;
    if (s < 0 || s >= HS_SECTORS || s < ta->sector - 1 || s > ta->sector + 1)
        return rules_fail(err, "bad_sector", "Infantry Support card",
                          "The unit goes within 1 sector of the titan (\"sector\").");
    if (g->nunits >= HS_MAX_UNITS)
        return rules_fail(err, "too_many_units", RULE_VOCAB,
                          "No more support units fit the battle.");
    u = &g->unit[g->nunits++];
    memset(u, 0, sizeof *u);
    /* the catalog card (game.h); the one in play is the owner's */
    u->card = g->card[card];
    u->kind = b->unit.kind;
    u->team = g->p[seat].team;
    u->owner = seat;
    u->sector = s;
    json_array_append_new(events, json_pack("{s:s, s:i, s:s, s:i}", "type",
                                            "unit_placed", "seat", seat, "kind",
                                            u->kind == HS_UNIT_CANNON ? "cannon"
                                            : "infantry", "sector", s));
    return 0;
}

static int play_terrain(struct hs_game *g, int seat, const json_t *choice,
                        json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int c = hs_hand_card(g, seat, json_object_get(choice, "terrain"));
    struct hs_titan_at *ta = &g->titan[g->p[seat].titan];

    if (c < 0 || cat->battle[g->card[c]].kind != HS_K_TERRAIN)
        return rules_fail(err, "no_terrain_card", "Terrain cards",
                          "Name a terrain card of your hand (\"terrain\").");
    if (ta->terrain >= 0)
        hs_card_discard(g, ta->terrain, events);
    g->stock_black += ta->terrain_damage;   /* the old card's cubes */
    g->zone[c] = HS_Z_IN_PLAY;
    g->holder[c] = seat;
    ta->terrain = c;
    ta->terrain_damage = 0;
    json_array_append_new(events, json_pack("{s:s, s:i, s:s}", "type",
                                            "terrain_played", "seat", seat, "card",
                                            cat->battle[g->card[c]].id));
    return 0;
}

/* ---- hands ------------------------------------------------------------------- */

static int hand_cards(const struct hs_game *g, int seat, int out[HS_MAX_DECK])
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_HAND && g->holder[c] == seat)
            out[n++] = c;
    return n;
}

/* The opposing seat the choice names ("opponent"), or the only one. */
static int opponent(const struct hs_game *g, int seat, const json_t *choice,
                    struct rules_error *err)
{
    const json_t *o = json_object_get(choice, "opponent");
    int found = -1, n = 0;

    if (o) {
        int s = json_is_integer(o) ? (int)json_integer_value(o) : -1;

        if (s >= 0 && s < g->nplayers && g->p[s].team != g->p[seat].team)
            return s;
    } else {
        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].team != g->p[seat].team) {
                found = s;
                n++;
            }
        if (n == 1)
            return found;
    }
    return rules_fail(err, "choose_opponent", RULE_VOCAB,
                      "Name an opposing player (\"opponent\").");
}

static int steal(struct hs_game *g, int seat, const struct hs_step *step,
                 const json_t *choice, struct rng *rng, json_t *events,
                 struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int from = opponent(g, seat, choice, err), hand[HS_MAX_DECK];

    if (from < 0)
        return -1;
    for (int k = 0; k < step->n; k++) {
        int n = hand_cards(g, from, hand), c;

        if (n == 0)
            break;
        c = hand[rng_uniform(rng, (uint32_t)n)];
        g->holder[c] = seat;
        json_array_append_new(events, json_pack("{s:s, s:i, s:i}", "type",
                                                "card_stolen", "seat", seat,
                                                "from", from));
        /* which card only the two players' teams see (engine.h, HS-R-154) */
        json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:s, s:o}", "type",
                                                "card_stolen_is", "seat", seat,
                                                "from", from, "card",
                                                cat->battle[g->card[c]].id, "to",
                                                hs_team_to(g, seat, from)));
    }
    return 0;
}

static int give(struct hs_game *g, int seat, const struct hs_step *step,
                const json_t *choice, json_t *events, struct rules_error *err)
{
    int to = opponent(g, seat, choice, err), hand[HS_MAX_DECK];
    int n = hand_cards(g, seat, hand), want;
    const json_t *list = json_object_get(choice, "give"), *e;
    json_t *ids;
    size_t k;

    /* the cards to give are named from the hand as it was before a steal
     * in the same move (HS-R-121): a card just stolen does not count */
    json_array_foreach(events, k, e)
        n -= !strcmp(json_string_value(json_object_get(e, "type")), "card_stolen") &&
             json_integer_value(json_object_get(e, "seat")) == seat;
    want = step->n < n ? step->n : n;

    if (to < 0)
        return -1;
    if (want == 0)
        return 0;
    if (!json_is_array(list) || (int)json_array_size(list) != want)
        return rules_fail(err, "choose_cards", RULE_VOCAB,
                          "Choose %d cards of your hand to give (\"give\").", want);
    ids = json_array();
    for (int i = 0; i < want; i++) {
        /* a copy given is no longer seat's: a second id names the next */
        int c = hs_hand_card(g, seat, json_array_get(list, (size_t)i));

        if (c < 0) {
            json_decref(ids);
            return rules_fail(err, "not_in_hand", RULE_VOCAB,
                              "Card %d to give is not in your hand.", i + 1);
        }
        g->holder[c] = to;
        json_array_append_new(ids, json_string(hs_catalog_get()->battle[g->card[c]].id));
    }
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:i}", "type",
                                            "cards_given", "seat", seat, "receiver", to,
                                            "count", want));
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:o, s:o}", "type",
                                            "cards_given_are", "seat", seat, "receiver",
                                            to, "cards", ids, "to", hs_team_to(g, seat, to)));
    return 0;
}

/* Up to n sectors along the track, without paying steam: not a paid move,
 * so the terrain stays (RULINGS: move_titan). */
static int move_titan(struct hs_game *g, int seat, const struct hs_step *step,
                      const json_t *choice, json_t *events, struct rules_error *err)
{
    struct hs_titan_at *ta = &g->titan[g->p[seat].titan];
    const json_t *sj = json_object_get(choice, "sector");
    int s = json_is_integer(sj) ? (int)json_integer_value(sj) : -1;

    if (s < 0 || s >= HS_SECTORS || abs(s - ta->sector) > step->n)
        return rules_fail(err, "bad_sector", RULE_VOCAB,
                          "The titan moves up to %d sectors along the track "
                          "(\"sector\").", step->n);
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:i}", "type",
                                            "titan_moved", "seat", seat, "from",
                                            ta->sector, "sector", s));
    ta->sector = s;
    return 0;
}

static int move_support(struct hs_game *g, int seat, const struct hs_step *step,
                        const json_t *choice, json_t *events, struct rules_error *err)
{
    const json_t *uj = json_object_get(choice, "unit"), *sj = json_object_get(choice, "sector");
    int u = json_is_integer(uj) ? (int)json_integer_value(uj) : -1;
    int s = json_is_integer(sj) ? (int)json_integer_value(sj) : -1;

    if (u < 0 || u >= g->nunits || g->unit[u].team != g->p[seat].team)
        return rules_fail(err, "no_unit", RULE_VOCAB,
                          "Name a support unit of your team (\"unit\").");
    if (s < 0 || s >= HS_SECTORS || abs(s - g->unit[u].sector) > step->n)
        return rules_fail(err, "bad_sector", RULE_VOCAB,
                          "The unit moves up to %d sectors along the track "
                          "(\"sector\").", step->n);
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:i}", "type",
                                            "unit_moved", "unit", u, "from",
                                            g->unit[u].sector, "sector", s));
    g->unit[u].sector = s;
    hs_scenario_unit_acted(g, u, events);
    return 0;
}

/* Up to n cubes from station to station as the initiative's free move,
 * in the titan's calls of HS_FREE_MOVE cubes each. */
static int free_move(struct hs_titan *t, const struct hs_step *step,
                     const json_t *choice, struct rng *rng, json_t *events,
                     struct rules_error *err)
{
    const json_t *list = json_object_get(choice, "steps");
    struct hs_steam_step st[HS_MAX_STEPS * 4];
    int n = json_is_array(list) ? (int)json_array_size(list) : 0;

    if (n < 1 || n > step->n || n > (int)(sizeof st / sizeof st[0]))
        return rules_fail(err, "choose_steps", RULE_VOCAB,
                          "Move 1 to %d steam cubes (\"steps\").", step->n);
    for (int i = 0; i < n; i++) {
        const json_t *o = json_array_get(list, (size_t)i);

        if (read_square(t, o, "from_station", "from_square", &st[i].from_station,
                        &st[i].from_square) ||
            read_square(t, o, "to_station", "to_square", &st[i].to_station,
                        &st[i].to_square))
            return rules_fail(err, "bad_square", RULE_VOCAB,
                              "Step %d names no squares of the titan.", i + 1);
    }
    for (int i = 0; i < n; i += HS_FREE_MOVE)
        if (hs_titan_free_move(t, st + i, n - i < HS_FREE_MOVE ? n - i : HS_FREE_MOVE,
                               rng, events, err))
            return -1;
    return 0;
}

int hs_effect_global(struct hs_game *g, const struct hs_step *step,
                     json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int seats[HS_MAX_PLAYERS], n = hs_seat_order(g, seats), used = 0;

    if (step->op != HS_OP_SMOKE)
        return rules_fail(err, "op_not_global", RULE_VOCAB,
                          "%s acts for each titan.", hs_op_name(step->op));
    for (int s = 0; s < HS_SECTORS; s++)
        used += g->smoke[s];
    /* the team with initiative first, as long as tokens last (HS-DATA-13) */
    for (int i = 0; i < n && used < cat->board.smoke_tokens; i++) {
        int sector = g->titan[g->p[seats[i]].titan].sector;

        if (g->smoke[sector])
            continue;
        g->smoke[sector] = 1;
        used++;
        json_array_append_new(events, json_pack("{s:s, s:i}", "type", "smoke_placed",
                                                "sector", sector));
    }
    return 0;
}

/* ---- one step ------------------------------------------------------------------ */

int hs_effect_step(struct hs_game *g, int seat, int card,
                   const struct hs_step *step, const json_t *choice,
                   struct hs_mods *mods, struct rng *rng, json_t *events,
                   struct rules_error *err)
{
    struct hs_titan *t = titan_of(g, seat);
    struct hs_titan_at *ta = &g->titan[g->p[seat].titan];

    /* the red stock as the earlier steps, maybe another titan's, left it */
    hs_game_settle(g);
    if (!hs_op_supported(step->op))
        return rules_fail(err, "op_not_supported", RULE_VOCAB,
                          "Turnpost does not yet play %s.", hs_op_name(step->op));
    if (!counts_for(step, t->board->size))
        return 0;
    switch (step->op) {
    case HS_OP_PLACE_STEAM:
        return place_steam(t, step, choice, rng, events, err);
    case HS_OP_DAMAGE_CUBES:
        return damage_cubes(t, step, choice, rng, events, err);
    case HS_OP_HIT:
        return place_owed(t, choice, rng, events, err);
    case HS_OP_HEAT:
        hs_pressure_force(t, HS_P_HEAT, step->n, rng, events);
        return 0;
    case HS_OP_DRAW:
        hs_draw(g, seat, step->n, rng, events);
        return 0;
    case HS_OP_SUPPORT:
        return support(g, seat, card, step, choice, events, err);
    case HS_OP_PLAY_TERRAIN:
        return play_terrain(g, seat, choice, events, err);
    case HS_OP_DISCARD_TERRAIN:
        if (ta->terrain >= 0) {
            hs_card_discard(g, ta->terrain, events);
            ta->terrain = -1;
            g->stock_black += ta->terrain_damage;
            ta->terrain_damage = 0;
        }
        return 0;
    case HS_OP_INITIATIVE:
        g->initiative_bonus[g->p[seat].team] += step->n;
        return 0;
    case HS_OP_STEAL:
        return steal(g, seat, step, choice, rng, events, err);
    case HS_OP_GIVE:
        return give(g, seat, step, choice, events, err);
    case HS_OP_MOVE_TITAN:
        return move_titan(g, seat, step, choice, events, err);
    case HS_OP_MOVE_SUPPORT:
        return move_support(g, seat, step, choice, events, err);
    case HS_OP_FREE_MOVE:
        return free_move(t, step, choice, rng, events, err);
    case HS_OP_SMOKE:
        return hs_effect_global(g, step, events, err);
    case HS_OP_RESERVE:
    case HS_OP_REPAIR:
    case HS_OP_SHIELD:
    case HS_OP_RELEASE:
        return hs_effect_cubes_step(g, seat, step, choice, mods, events, err);
    default: {
        struct hs_effect one = {1, {*step}};

        if (!mods)
            return rules_fail(err, "op_not_supported", RULE_VOCAB,
                              "%s only changes an attack or a phase.",
                              hs_op_name(step->op));
        hs_effect_mods(&one, t->board->size, mods);
        return 0;
    }
    }
}

/* ---- what may be chosen --------------------------------------------------------- */

json_t *hs_effect_options(const struct hs_game *g, int seat,
                          const struct hs_step *step)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan *t = ctitan_of(g, seat);
    json_t *o = json_object(), *a = json_array();

    if (!counts_for(step, t->board->size) || t->destroyed) {
        json_decref(a);
        return o;
    }
    switch (step->op) {
    case HS_OP_PLACE_STEAM:
        if (steam_count(t, step) == 0)
            break;
        steam_squares(t, step, a);
        json_object_set_new(o, "n", json_integer(steam_count(t, step)));
        json_object_set(o, "steam", a);
        break;
    case HS_OP_DAMAGE_CUBES:
        damage_targets(t, step, a);
        if (json_array_size(a) == 0)
            break;
        json_object_set_new(o, "n", json_integer(step->n));
        json_object_set(o, "damage", a);
        break;
    case HS_OP_HIT: {
        struct hs_damage_choices c;

        if (t->nowed == 0)
            break;
        hs_titan_damage_choices(t, &c);
        for (int i = 0; i < c.ntargets; i++)
            json_array_append_new(a, damage_target(t, &c.target[i]));
        if (json_array_size(a) == 0)
            break;
        json_object_set_new(o, "n", json_integer(c.cubes));
        json_object_set(o, "damage", a);
        break;
    }
    case HS_OP_SUPPORT: {
        int at = g->titan[g->p[seat].titan].sector;

        for (int s = at - 1; s <= at + 1; s++)
            if (s >= 0 && s < HS_SECTORS)
                json_array_append_new(a, json_integer(s));
        json_object_set(o, "sector", a);
        break;
    }
    case HS_OP_MOVE_TITAN: {
        int at = g->titan[g->p[seat].titan].sector;

        for (int s = at - step->n; s <= at + step->n; s++)
            if (s >= 0 && s < HS_SECTORS)
                json_array_append_new(a, json_integer(s));
        json_object_set(o, "sector", a);
        break;
    }
    case HS_OP_MOVE_SUPPORT:
        for (int u = 0; u < g->nunits; u++)
            if (g->unit[u].team == g->p[seat].team)
                json_array_append_new(a, json_pack("{s:i, s:i}", "unit", u, "sector",
                                                   g->unit[u].sector));
        if (json_array_size(a) == 0)
            break;
        json_object_set_new(o, "n", json_integer(step->n));
        json_object_set(o, "unit", a);
        break;
    case HS_OP_FREE_MOVE:
        /* the squares with steam and the free ones: any pair of stations */
        for (int st = 0; st < t->board->nstations; st++)
            for (int q = 0; q < t->nsquares[st]; q++)
                if (t->cube[st][q] == HS_C_STEAM)
                    json_array_append_new(a, json_pack("{s:s, s:i}", "station",
                                                       t->board->station[st].id,
                                                       "square", q));
        json_object_set_new(o, "n", json_integer(step->n));
        json_object_set(o, "from", a);
        json_decref(a);
        a = json_array();
        steam_squares(t, step, a);
        json_object_set(o, "to", a);
        break;
    case HS_OP_STEAL:
    case HS_OP_GIVE:
        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].team != g->p[seat].team)
                json_array_append_new(a, json_integer(s));
        json_object_set(o, "opponent", a);
        if (step->op == HS_OP_GIVE) {
            int hand[HS_MAX_DECK], n = hand_cards(g, seat, hand);
            json_t *h = json_array();

            for (int i = 0; i < n; i++)
                json_array_append_new(h, json_string(
                                             hs_catalog_get()->battle[g->card[hand[i]]].id));
            json_object_set_new(o, "give", h);
            json_object_set_new(o, "n", json_integer(step->n < n ? step->n : n));
        }
        break;
    case HS_OP_REPAIR:
    case HS_OP_SHIELD:
        hs_effect_cubes_options(g, seat, step, o);
        break;
    case HS_OP_PLAY_TERRAIN:
        for (int c = 0; c < g->ncards; c++)
            if (g->zone[c] == HS_Z_HAND && g->holder[c] == seat &&
                cat->battle[g->card[c]].kind == HS_K_TERRAIN &&
                hs_hand_card_first(g, seat, c))
                json_array_append_new(a, json_string(cat->battle[g->card[c]].id));
        json_object_set(o, "terrain", a);
        break;
    default:
        break;
    }
    json_decref(a);
    return o;
}

int hs_effect_touches_stations(const struct hs_effect *e)
{
    for (int i = 0; i < e->nsteps; i++)
        switch (e->step[i].op) {
        case HS_OP_REPAIR: case HS_OP_SHIELD: case HS_OP_FREE_MOVE: case HS_OP_PLACE_STEAM:
            return 1;
        default:
            break;
        }
    return 0;
}
