/*
 * effects_cubes.c - the vocabulary's reserve, repair, shield and release
 * (RULINGS.md "The effect vocabulary", HS-DATA-16); see effects_cubes.h.
 * Each settles the stocks after it, so that what a stock can still give
 * is the game's own count.
 */
#include "effects_cubes.h"

#include <string.h>

#include "titan_flow.h"

#define RULE_VOCAB "RULINGS.md: The effect vocabulary"

static struct hs_titan *titan_of(struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan].cubes;
}

/* Which mounted cards are Unrepairable (HS-R-78). */
static void unrepairable(const struct hs_game *g, int seat, int out[HS_MOUNTS])
{
    const struct hs_titan_at *ta = &g->titan[g->p[seat].titan];

    for (int m = 0; m < HS_MOUNTS; m++)
        out[m] = ta->card[m] >= 0 &&
                 hs_catalog_get()->weapon[ta->card[m]].trait[HS_T_UNREPAIRABLE] > 0;
}

/* The damaged squares a card may repair, into out (may be NULL); how many. */
static int repairable(const struct hs_game *g, int seat, json_t *out)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int keep[HS_MOUNTS], n = 0;

    unrepairable(g, seat, keep);
    for (int s = 0; s < t->board->nstations; s++) {
        const struct hs_station *st = &t->board->station[s];

        if (st->type == HS_WEAPON_SLOT && keep[st->mount])
            continue;
        for (int q = 0; q < t->nsquares[s]; q++)
            if (t->cube[s][q] == HS_C_DAMAGE) {
                n++;
                if (out)
                    json_array_append_new(out, json_pack("{s:s, s:i}", "station",
                                                         st->id, "square", q));
            }
    }
    return n;
}

static int repair_count(const struct hs_game *g, int seat, const struct hs_step *step)
{
    int n = repairable(g, seat, NULL);

    return step->n < n ? step->n : n;
}

/* The locations a shield step may fill (its where), with their room. */
static int shield_room(const struct hs_titan *t, const struct hs_step *step, int l)
{
    if (step->location != HS_NONE && step->location != l)
        return 0;
    return hs_titan_shield_room(t, (enum hs_location)l);
}

static int shield_count(const struct hs_game *g, int seat, const struct hs_step *step)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    int room = 0, n = step->n;

    for (int l = 0; l < HS_LOCATIONS; l++)
        room += shield_room(t, step, l);
    /* what the blue stock still holds (HS-DATA-16) */
    if (n > g->stock_blue)
        n = g->stock_blue;
    return n < room ? n : room;
}

static int station_by_id(const struct hs_titan *t, const char *id)
{
    for (int s = 0; id && s < t->board->nstations; s++)
        if (strcmp(t->board->station[s].id, id) == 0)
            return s;
    return HS_NONE;
}

static int repair(struct hs_game *g, int seat, const struct hs_step *step,
                  const json_t *choice, json_t *events, struct rules_error *err)
{
    struct hs_titan *t = titan_of(g, seat);
    const json_t *list = json_object_get(choice, "repair");
    int n = repair_count(g, seat, step), squares[HS_MAX_CARD_REPAIR][2], keep[HS_MOUNTS];

    if (n == 0)
        return 0;
    if (!json_is_array(list) || (int)json_array_size(list) != n)
        return rules_fail(err, "choose_repair", RULE_VOCAB,
                          "Choose %d damage cubes to remove (\"repair\").", n);
    for (int i = 0; i < n; i++) {
        const json_t *o = json_array_get(list, (size_t)i), *q = json_object_get(o, "square");

        squares[i][0] = station_by_id(t, json_string_value(json_object_get(o, "station")));
        squares[i][1] = json_is_integer(q) ? (int)json_integer_value(q) : -1;
    }
    unrepairable(g, seat, keep);
    return hs_titan_card_repair(t, (const int (*)[2])squares, n, keep, events, err);
}

static int shield(struct hs_game *g, int seat, const struct hs_step *step,
                  const json_t *choice, json_t *events, struct rules_error *err)
{
    struct hs_titan *t = titan_of(g, seat);
    const json_t *list = json_object_get(choice, "shield");
    int n = shield_count(g, seat, step), want[HS_LOCATIONS] = {0};

    if (n == 0)
        return 0;
    if (!json_is_array(list) || (int)json_array_size(list) != n)
        return rules_fail(err, "choose_shield", RULE_VOCAB,
                          "Choose a location for each of %d shield cubes (\"shield\").", n);
    for (int i = 0; i < n; i++) {
        const char *name = json_string_value(json_array_get(list, (size_t)i));
        int l = 0;

        while (l < HS_LOCATIONS && !(name && !strcmp(name, hs_location_name(l))))
            l++;
        if (l == HS_LOCATIONS || ++want[l] > shield_room(t, step, l))
            return rules_fail(err, "no_blue_square", RULE_VOCAB,
                              "Shield cube %d must go on an empty blue square of a "
                              "shield station the card names.", i + 1);
    }
    for (int l = 0; l < HS_LOCATIONS; l++)
        if (want[l] && hs_titan_add_shield(t, (enum hs_location)l, want[l], events, err))
            return -1;
    return 0;
}

int hs_effect_cubes_step(struct hs_game *g, int seat, const struct hs_step *step,
                         const json_t *choice, struct hs_mods *mods,
                         json_t *events, struct rules_error *err)
{
    struct hs_titan *t = titan_of(g, seat);
    int rc = 0;

    hs_game_settle(g);
    switch (step->op) {
    case HS_OP_RESERVE:
        /* what is left when the white stock runs dry (HS-DATA-16) */
        hs_titan_reserve_add(t, step->n < g->stock_white ? step->n : g->stock_white,
                             events);
        break;
    case HS_OP_REPAIR:
        rc = repair(g, seat, step, choice, events, err);
        break;
    case HS_OP_SHIELD:
        rc = shield(g, seat, step, choice, events, err);
        break;
    case HS_OP_RELEASE:
        /* a card of the Pressure phase adds to the phase's release, for
         * the pressure code to read; anything else (a pilot's effect)
         * releases at once (HS-R-130) */
        if (g->phase == HS_PH_PRESSURE && mods)
            mods->release += step->n;
        else
            hs_pressure_pop(t, step->n, events);
        break;
    default:
        return rules_fail(err, "op_not_supported", RULE_VOCAB, "%s is no cube operation.",
                          hs_op_name(step->op));
    }
    hs_game_settle(g);
    return rc;
}

void hs_effect_cubes_options(const struct hs_game *g, int seat,
                             const struct hs_step *step, json_t *o)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    json_t *a;
    int n;

    if (step->op == HS_OP_REPAIR && (n = repair_count(g, seat, step)) > 0) {
        a = json_array();
        repairable(g, seat, a);
        json_object_set_new(o, "n", json_integer(n));
        json_object_set_new(o, "repair", a);
    } else if (step->op == HS_OP_SHIELD && (n = shield_count(g, seat, step)) > 0) {
        a = json_array();
        for (int l = 0; l < HS_LOCATIONS; l++)
            if (shield_room(t, step, l) > 0)
                json_array_append_new(a, json_pack("{s:s, s:i}", "location",
                                                   hs_location_name(l), "room",
                                                   shield_room(t, step, l)));
        json_object_set_new(o, "n", json_integer(n));
        json_object_set_new(o, "shield", a);
    }
}
