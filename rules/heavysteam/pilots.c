/*
 * pilots.c - the secret choice of pilots before the first round
 * (pilots.h).
 */
#include "pilots.h"

#include <string.h>

#include "game_json.h"
#include "scenario.h"

#define RULE_SECRET "HS-R-04 (Choose a Pilot)"
#define RULE_PILOT "HS-R-06 (Choose a Pilot)"
#define RULE_CHARGED "HS-R-62 (Weapon Traits: Charged Up)"


int hs_team_first_seat(const struct hs_game *g, int team)
{
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].team == team)
            return s;
    return -1;
}

/* The titan's cards as mounted, each taking charge[m] Charged Up steam. */
static void mounted_cards(const struct hs_titan_at *t, const int charge[HS_MOUNTS],
                          struct hs_mounted mounted[HS_MOUNTS])
{
    const struct hs_catalog *cat = hs_catalog_get();

    memset(mounted, 0, sizeof *mounted * HS_MOUNTS);
    for (int m = 0; m < HS_MOUNTS; m++) {
        if (t->card[m] >= 0)
            hs_catalog_mounted(&cat->weapon[t->card[m]], &mounted[m]);
        mounted[m].charged = charge[m];
    }
}

static int read_charge(const struct hs_game *g, int seat, const json_t *o,
                       int charge[HS_MOUNTS], struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan_at *t = &g->titan[g->p[seat].titan];
    struct hs_mounted mounted[HS_MOUNTS];
    struct hs_titan trial;
    const char *bad;

    memset(charge, 0, sizeof *charge * HS_MOUNTS);
    if (!o)
        return 0;
    if (!json_is_object(o))
        return rules_fail(err, "bad_charge", RULE_CHARGED,
                          "charge maps a mount to the Charged Up steam it takes.");
    if ((bad = rules_unknown_key(o, hs_mount_names)))
        return rules_fail(err, "bad_charge", RULE_CHARGED,
                          "\"%s\" is not a mount (left_arm, right_arm, torso).", bad);
    for (int m = 0; m < HS_MOUNTS; m++) {
        json_t *v = json_object_get(o, hs_mount_names[m]);
        int x = t->card[m] < 0 ? 0 : cat->weapon[t->card[m]].trait[HS_T_CHARGED_UP];

        if (!v)
            continue;
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > x)
            return rules_fail(err, "charged_up_too_many", RULE_CHARGED,
                              "The %s card takes up to %d Charged Up steam.",
                              hs_mount_names[m], x);
        charge[m] = (int)json_integer_value(v);
    }
    /* the reserve and the card's white squares, as the titan's setup checks */
    mounted_cards(t, charge, mounted);
    return hs_titan_init(&trial, t->cubes.board, mounted, NULL, err);
}

/* Every pilot shown, the Charged Up steam on the cards, round 1 begins. */
static void reveal(struct hs_game *g, json_t *events)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *list = json_array();
    struct rules_error err;

    for (int s = 0; s < g->nplayers; s++) {
        const struct hs_player *p = &g->p[s];
        json_t *ch = json_object();

        for (int m = 0; m < HS_MOUNTS; m++)
            json_object_set_new(ch, hs_mount_names[m], json_integer(p->charge[m]));
        json_array_append_new(list, json_pack("{s:i, s:s, s:o}", "seat", s, "pilot",
                                              cat->pilot[p->pilot].id, "charge", ch));
    }
    hs_game_event(events, json_pack("{s:s, s:o}", "type", "pilots_revealed", "pilots", list));
    for (int s = 0; s < g->nplayers; s++) {
        struct hs_player *p = &g->p[s];
        struct hs_titan_at *t = &g->titan[p->titan];
        struct hs_mounted mounted[HS_MOUNTS];

        /* Nothing touches a titan before the first round, so setting it up
         * again with the charge is its setup with Charged Up (checked when
         * the pilot was chosen); that only moves reserve cubes, so nothing
         * more is drawn from the stocks. */
        mounted_cards(t, p->charge, mounted);
        hs_titan_init(&t->cubes, t->cubes.board, mounted, events, &err);
        memset(&t->cubes.drawn, 0, sizeof t->cubes.drawn);
    }
    g->stage = HS_STAGE_ROUND;
    g->round = 1;
    g->phase = HS_PH_MOVE;
    g->turn_team = g->initiative;
    g->actor = g->ask_seat = hs_team_first_seat(g, g->initiative);
    g->ask = HS_ASK_MOVE;
    hs_game_event(events, json_pack("{s:s, s:i, s:s, s:i}", "type", "round_started", "round",
                               g->round, "phase", hs_phase_name(g->phase), "team",
                               g->initiative));
    if (hs_scenario(g->scenario)->rounds_begin)
        hs_scenario(g->scenario)->rounds_begin(g, events);
}

int hs_pilot_apply(struct hs_game *g, int seat, const json_t *move,
                   struct rng *rng, json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "pilot", "charge", NULL};
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_board *b;
    const struct hs_pilot *pl;
    int pilot, charge[HS_MOUNTS], chosen = 0;
    const char *bad, *type = json_string_value(json_object_get(move, "type"));
    json_t *ch;

    (void)rng;
    if (!json_is_object(move) || !type || strcmp(type, "pilot") != 0)
        return rules_fail(err, "unknown_move", RULE_SECRET, "This is not a pilot move.");
    if ((bad = rules_unknown_key(move, keys)))
        return rules_fail(err, "unknown_field", RULE_SECRET,
                          "A pilot move has no field \"%s\".", bad);
    if (g->stage != HS_STAGE_PILOTS)
        return rules_fail(err, "not_now", RULE_SECRET,
                          "Pilots are chosen before the first round; once revealed, "
                          "pilots may not be changed.");
    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", RULE_SECRET, "Seat %d has no titan.", seat);
    if (g->p[seat].pilot >= 0)
        return rules_fail(err, "pilot_already_chosen", RULE_SECRET,
                          "You have chosen your pilot already.");
    pilot = hs_catalog_pilot(cat, json_string_value(json_object_get(move, "pilot")));
    if (pilot < 0)
        return rules_fail(err, "unknown_pilot", RULE_PILOT, "There is no such pilot.");
    pl = &cat->pilot[pilot];
    b = g->titan[g->p[seat].titan].cubes.board;
    if (pl->faction != b->faction)
        return rules_fail(err, "pilot_wrong_faction", RULE_PILOT,
                          "Players can only choose a pilot from the same faction as "
                          "their steam titan: %s is not of %s's.", pl->name, b->name);
    if (pl->size != HS_NONE && pl->size != (int)b->size)
        return rules_fail(err, "pilot_wrong_size", RULE_PILOT,
                          "%s may only pilot a %s steam titan.", pl->name,
                          pl->size == HS_HEAVY ? "heavy" : "light");
    /* only a seat of the same faction, a teammate, can hold it, and
     * teammates may confer: this tells no opponent anything */
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].pilot == pilot)
            return rules_fail(err, "pilot_taken", RULE_PILOT,
                              "%s is your teammate's pilot.", pl->name);
    ch = json_object_get(move, "charge");
    if (read_charge(g, seat, ch, charge, err))
        return -1;
    g->p[seat].pilot = pilot;
    memcpy(g->p[seat].charge, charge, sizeof charge);
    hs_game_event(events, json_pack("{s:s, s:o, s:i, s:s, s:o}", "type", "pilot_chosen",
                               "to", hs_team_to(g, seat, -1), "seat", seat, "pilot", pl->id,
                               "charge",
                               ch ? json_deep_copy(ch) : json_object()));
    hs_game_event(events, json_pack("{s:s, s:i}", "type", "pilot_chosen", "seat", seat));
    for (int s = 0; s < g->nplayers; s++)
        chosen += g->p[s].pilot >= 0;
    if (chosen == g->nplayers)
        reveal(g, events);
    return 0;
}

json_t *hs_pilot_moves(const struct hs_game *g, int seat)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *moves = json_array();

    if (g->stage != HS_STAGE_PILOTS || seat < 0 || seat >= g->nplayers ||
        g->p[seat].pilot >= 0)
        return json_pack("{s:o}", "moves", moves);
    for (int i = 0; i < cat->npilots; i++) {
        const struct hs_titan_at *t = &g->titan[g->p[seat].titan];
        const struct hs_pilot *pl = &cat->pilot[i];
        json_t *charge = json_object(), *m;
        int taken = 0;

        for (int s = 0; s < g->nplayers; s++)
            taken |= g->p[s].pilot == i;
        if (taken || pl->faction != t->cubes.board->faction ||
            (pl->size != HS_NONE && pl->size != (int)t->cubes.board->size)) {
            json_decref(charge);
            continue;
        }
        for (int k = 0; k < HS_MOUNTS; k++) {
            int x = t->card[k] < 0 ? 0 : cat->weapon[t->card[k]].trait[HS_T_CHARGED_UP];

            if (x > 0)
                json_object_set_new(charge, hs_mount_names[k],
                                    json_pack("{s:i, s:i}", "min", 0, "max", x));
        }
        m = json_pack("{s:s, s:s, s:s}", "type", "pilot", "pilot", pl->id, "form",
                      json_object_size(charge) ? "shape" : "move");
        if (json_object_size(charge))
            json_object_set_new(m, "charge", charge);
        else
            json_decref(charge);
        json_array_append_new(moves, m);
    }
    return json_pack("{s:o}", "moves", moves);
}
