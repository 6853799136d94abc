/*
 * pilot_powers.c - the once-per-game effect of a pilot, played through
 * the effect vocabulary (effects.h) and marked on the player (once_used).
 */
#include <string.h>

#include "effects.h"
#include "game_json.h"
#include "pilot_powers.h"

#define RULE_ONCE "HS-R-116 (Pilot Abilities)"
#define RULE_TURN "HS-R-117 (Pilot Abilities)"
#define RULE_WHEN "HS-R-118 (Pilot Abilities)"

int hs_pilot_power_is(const json_t *move)
{
    const char *t = json_string_value(json_object_get(move, "type"));

    return t && strcmp(t, "pilot_power") == 0;
}

/* Why seat may not use its effect now, or NULL. "Unless noted otherwise
 * on the card" the owner's team must have the turn; a pilot whose moment
 * is another (Puffer's after_firing) is not played as a move (HS-R-118). */
static const char *why_not(const struct hs_game *g, int seat, const char **rule)
{
    const struct hs_player *p = &g->p[seat];

    *rule = RULE_TURN;
    if (g->stage != HS_STAGE_ROUND || p->pilot < 0)
        return "Pilot effects are used in the rounds.";
    /* Chance Encounter's placing comes before round 1, in no phase */
    if (g->ask == HS_ASK_PLACE || g->ask == HS_ASK_PLACE_STEAM)
        return "A once-per-game effect is used in the phases of a round.";
    if (p->once_used) {
        *rule = RULE_ONCE;
        return "Your pilot's once-per-game effect is used (\"Once per game effects can "
               "only be used once per battle\").";
    }
    if (hs_catalog_get()->pilot[p->pilot].once.when != HS_W_TURN) {
        *rule = RULE_WHEN;
        return "Your pilot's once-per-game effect has its own moment on the card.";
    }
    if (g->turn_team != p->team || g->ask_seat != seat || g->ask == HS_ASK_EVENT)
        return "A once-per-game effect is used when it is your team's turn.";
    if (g->titan[p->titan].cubes.flow &&
        hs_effect_touches_stations(&hs_catalog_get()->pilot[p->pilot].once.effect)) {
        *rule = "HS-R-133 (Steam Phase order)";
        return "Your pilot's effect waits until your titan's steam has moved.";
    }
    return NULL;
}

int hs_pilot_power_apply(struct hs_game *g, int seat, const json_t *move,
                         struct rng *rng, json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "choice", NULL};
    const struct hs_power *pw;
    const json_t *choice = json_object_get(move, "choice");
    const char *rule, *why = why_not(g, seat, &rule), *bad;

    if ((bad = rules_unknown_key(move, keys)))
        return rules_fail(err, "unknown_field", RULE_TURN,
                          "This move has no field \"%s\".", bad);
    if (why)
        return rules_fail(err, "not_now", rule, "%s", why);
    if (choice && !json_is_object(choice))
        return rules_fail(err, "bad_choice", RULE_TURN, "\"choice\" is an object.");
    pw = &hs_catalog_get()->pilot[g->p[seat].pilot].once;
    for (int i = 0; i < pw->effect.nsteps; i++)
        if (hs_effect_step(g, seat, -1, &pw->effect.step[i], choice, NULL, rng, events,
                           err) < 0)
            return -1;
    g->p[seat].once_used = 1;
    hs_game_settle(g);
    hs_game_event(events, json_pack("{s:s, s:i, s:s}", "type", "pilot_power_used",
                                    "seat", seat, "pilot",
                                    hs_catalog_get()->pilot[g->p[seat].pilot].id));
    return 0;
}

void hs_pilot_power_moves(const struct hs_game *g, int seat, json_t *moves)
{
    const char *rule;
    const struct hs_power *pw;
    json_t *e, *opts, *one;
    int chooses = 0;

    if (seat < 0 || seat >= g->nplayers || why_not(g, seat, &rule))
        return;
    pw = &hs_catalog_get()->pilot[g->p[seat].pilot].once;
    opts = json_object();
    for (int i = 0; i < pw->effect.nsteps; i++) {
        if (!hs_op_chooses(pw->effect.step[i].op))
            continue;
        chooses = 1;
        one = hs_effect_options(g, seat, &pw->effect.step[i]);
        json_object_update(opts, one);
        json_decref(one);
    }
    e = json_pack("{s:s, s:s}", "type", "pilot_power", "form", chooses ? "shape" : "move");
    if (chooses)
        json_object_set(e, "choice", opts);
    json_decref(opts);
    json_array_append_new(moves, e);
}

/* ---- the abilities the steam phase reads ----------------------------------- */

static const struct hs_power *ability(const struct hs_game *g, int seat)
{
    return g->p[seat].pilot < 0 ? NULL : &hs_catalog_get()->pilot[g->p[seat].pilot].ability;
}

int hs_pilot_ability_n(const struct hs_game *g, int seat, enum hs_when when,
                       enum hs_op op)
{
    const struct hs_power *pw = ability(g, seat);
    int n = 0;

    for (int i = 0; pw && pw->when == when && i < pw->effect.nsteps; i++)
        if (pw->effect.step[i].op == op)
            n += pw->effect.step[i].n;
    return n;
}

static void ability_event(const struct hs_game *g, int seat, json_t *events)
{
    hs_game_event(events, json_pack("{s:s, s:i, s:s}", "type", "pilot_ability",
                                    "seat", seat, "pilot",
                                    hs_catalog_get()->pilot[g->p[seat].pilot].id));
}

int hs_pilot_command_arrivals(const struct hs_titan *t)
{
    int s = t->board->command, n = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        n += t->cube[s][q] == HS_C_STEAM && t->moved[s][q];
    return n;
}

void hs_pilot_steam_moved(struct hs_game *g, int seat, int to_command,
                          struct rng *rng, json_t *events)
{
    const struct hs_power *pw = ability(g, seat);
    struct rules_error err;

    if (!pw || pw->when != HS_W_STEAM_TO_COMMAND || to_command < pw->min)
        return;
    for (int i = 0; i < pw->effect.nsteps; i++) {
        json_t *o = hs_effect_options(g, seat, &pw->effect.step[i]);
        json_t *sq = json_object_get(o, "steam"), *pick = json_array(), *choice;
        int n = (int)json_integer_value(json_object_get(o, "n"));

        for (int k = 0; k < n; k++)
            json_array_append(pick, json_array_get(sq, (size_t)k));
        choice = json_pack("{s:o}", "steam", pick);
        /* a full station or an empty reserve places nothing (n 0) */
        if (n > 0 && hs_effect_step(g, seat, -1, &pw->effect.step[i], choice, NULL, rng,
                                    events, &err) == 0)
            ability_event(g, seat, events);
        json_decref(choice);
        json_decref(o);
    }
    hs_game_settle(g);
}

int hs_pilot_repair_more(struct hs_game *g, int seat, const int (*sq)[2], int n,
                         json_t *events, struct rules_error *err)
{
    const struct hs_power *pw = ability(g, seat);
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    struct hs_step step;
    json_t *list, *choice;
    int rc;

    if (n <= 0)
        return 0;
    if (n > hs_pilot_ability_n(g, seat, HS_W_REPAIRING, HS_OP_REPAIR))
        return rules_fail(err, "bad_repair", "HS-R-36 (Conducting Repairs)",
                          "A repair removes %d damage cubes.", t->board->repair_removes);
    for (int i = 0; i < pw->effect.nsteps; i++)
        if (pw->effect.step[i].op == HS_OP_REPAIR)
            step = pw->effect.step[i];
    step.n = n;
    list = json_array();
    for (int k = 0; k < n; k++)
        json_array_append_new(list, json_pack("{s:s, s:i}", "station",
                                              t->board->station[sq[k][0]].id, "square",
                                              sq[k][1]));
    choice = json_pack("{s:o}", "repair", list);
    rc = hs_effect_step(g, seat, -1, &step, choice, NULL, NULL, events, err);
    json_decref(choice);
    if (rc == 0)
        ability_event(g, seat, events);
    return rc;
}

/* ---- the ability after a paid move ------------------------------------------- */

static const struct hs_step *moving_step(const struct hs_game *g, int seat)
{
    const struct hs_power *pw = ability(g, seat);

    if (!pw || pw->when != HS_W_MOVING || !g->titan[g->p[seat].titan].moved)
        return NULL;
    for (int i = 0; i < pw->effect.nsteps; i++)
        if (pw->effect.step[i].op == HS_OP_FREE_MOVE)
            return &pw->effect.step[i];
    return NULL;
}

int hs_pilot_moving(const struct hs_game *g, int seat)
{
    return moving_step(g, seat) != NULL;
}

int hs_pilot_after_move(struct hs_game *g, int seat, const json_t *step,
                        struct rng *rng, json_t *events, struct rules_error *err)
{
    const struct hs_step *st = moving_step(g, seat);
    const json_t *from = json_object_get(step, "from"), *to = json_object_get(step, "to");
    json_t *choice;
    int rc;

    if (!step)
        return 0;
    if (!st)
        return rules_fail(err, "not_now", "HS-R-120 (Pilot Abilities)",
                          "Only a pilot who moves steam after paying to move takes "
                          "\"pilot_step\", after a paid move.");
    if (!json_is_array(from) || !json_is_array(to) || json_array_size(from) != 2 ||
        json_array_size(to) != 2)
        return rules_fail(err, "bad_square", "HS-R-120 (Pilot Abilities)",
                          "\"pilot_step\" is {\"from\": [id, n], \"to\": [id, n]}.");
    choice = json_pack("{s:[{s:O, s:O, s:O, s:O}]}", "steps", "from_station",
                       json_array_get(from, 0), "from_square", json_array_get(from, 1),
                       "to_station", json_array_get(to, 0), "to_square",
                       json_array_get(to, 1));
    rc = hs_effect_step(g, seat, -1, st, choice, NULL, rng, events, err);
    json_decref(choice);
    if (rc == 0)
        ability_event(g, seat, events);
    return rc;
}

void hs_pilot_after_move_options(const struct hs_game *g, int seat, json_t *e)
{
    const struct hs_step *st = moving_step(g, seat);
    json_t *o, *from, *to, *v;
    size_t i;

    if (!st)
        return;
    o = hs_effect_options(g, seat, st);
    from = json_array();
    to = json_array();
    json_array_foreach(json_object_get(o, "from"), i, v)
        json_array_append_new(from, json_pack("[O, O]", json_object_get(v, "station"),
                                              json_object_get(v, "square")));
    json_array_foreach(json_object_get(o, "to"), i, v)
        json_array_append_new(to, json_pack("[O, O]", json_object_get(v, "station"),
                                            json_object_get(v, "square")));
    json_object_set_new(e, "pilot_step", json_pack("{s:{s:o}, s:{s:o}}", "from", "of", from,
                                                   "to", "of", to));
    json_object_set_new(e, "form", json_string("shape"));
    json_decref(o);
}
