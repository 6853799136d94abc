/*
 * game_attack.c - the attack in progress in the JSON state (game_json.h):
 * every field of struct hs_attack, the combat block included, so a game
 * can be stored between any two questions of an attack. An attack is
 * only read in the Combat phase, waiting at one of its questions (evade,
 * re-roll, damage, last cube) for the seat that question is for.
 */
#include <stddef.h>
#include <string.h>

#include "catalog.h"
#include "combat.h"
#include "game_json.h"

/* Bounds that depend on the game: a seat, a unit. */
enum { SEAT = -1000, UNIT = -1001 };

static const struct field {
    const char *key;
    size_t at;
    int lo, hi;
} fields[] = {
#define F(name, lo, hi) {#name, offsetof(struct hs_attack, name), lo, hi}
    F(attacker, 0, SEAT), F(mount, -1, HS_MOUNTS - 1), F(unit, -1, UNIT),
    F(target_seat, -1, SEAT), F(target_unit, -1, UNIT), F(range, 0, HS_SECTORS - 1),
    F(dice, 0, 999), F(damage, 0, 999), F(evaded, 0, 999), F(hits, 0, 999),
    F(crits, 0, 999), F(defends, 0, 999), F(crit_defends, 0, 999),
    F(location, -1, HS_LOCATIONS - 1), F(rerolled, 0, 1), F(to_place, 0, 999),
    F(critical, 0, 1), F(shots_left, 0, 999),
    /* the combat block */
    F(step, HS_AS_EVADE, HS_AS_TRAILS), F(close, 0, 1), F(charged, 0, 1),
    F(hotshot, 0, 999), F(mod_attack, -99, 99), F(mod_defense, -99, 99),
    F(mod_damage, -99, 99), F(mod_critical, -99, 99), F(mod_pierce, -99, 99),
    F(free_rerolls, 0, 99), F(smoke, 0, 1), F(evade_board, 0, 1),
    F(evade_card, -1, HS_MOUNTS - 1), F(hit, 0, 1), F(locations_left, 0, 99),
    F(through, 0, 1), F(loc_roll, 0, 12), F(target_down, 0, 1),
#undef F
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static int *field(struct hs_attack *a, size_t k)
{
    return (int *)((char *)a + fields[k].at);
}

static int bound(const struct hs_game *g, int b)
{
    return b == SEAT ? g->nplayers - 1 : b == UNIT ? g->nunits - 1 : b;
}

/* 1 when g->ask is one of an attack's questions. */
static int attack_question(enum hs_ask q)
{
    return q == HS_ASK_EVADE || q == HS_ASK_REROLL || q == HS_ASK_DAMAGE ||
           q == HS_ASK_LAST_CUBE;
}

/* Who acts and who is hit, and the question the step waits at. */
static int consistent(const struct hs_game *g)
{
    const struct hs_attack *a = &g->attack;
    int team = g->p[a->attacker].team;

    if (g->stage != HS_STAGE_ROUND || g->phase != HS_PH_COMBAT)
        return 0;
    /* a titan's weapon or a unit of the attacker's team attacks */
    if ((a->mount >= 0) == (a->unit >= 0) || (a->target_seat >= 0) == (a->target_unit >= 0))
        return 0;
    if (a->mount >= 0 && g->titan[g->p[a->attacker].titan].card[a->mount] < 0)
        return 0;
    if (a->unit >= 0 && g->unit[a->unit].team != team)
        return 0;
    /* an enemy is the target */
    if (a->target_seat >= 0 && g->p[a->target_seat].team == team)
        return 0;
    if (a->target_unit >= 0 && g->unit[a->target_unit].team == team)
        return 0;
    switch (a->step) {
    case HS_AS_EVADE:
        return g->ask == HS_ASK_EVADE && g->ask_seat == a->target_seat;
    case HS_AS_REROLL:
        return g->ask == HS_ASK_REROLL && g->ask_seat == a->attacker;
    case HS_AS_PLACE:
        return a->target_seat >= 0 &&
               ((g->ask == HS_ASK_DAMAGE && g->ask_seat == a->target_seat) ||
                (g->ask == HS_ASK_LAST_CUBE && g->ask_seat == a->attacker));
    case HS_AS_PLACE_OWN:
        return a->mount >= 0 && g->ask == HS_ASK_DAMAGE && g->ask_seat == a->attacker;
    default:
        return 0;                /* the other steps never wait for a move */
    }
}

int hs_attack_load(struct hs_game *g, const json_t *o)
{
    const char *keys[NFIELDS + 1];

    memset(&g->attack, 0, sizeof g->attack);
    if (json_is_null(o))
        return attack_question(g->ask) ? -1 : 0;
    for (size_t k = 0; k < NFIELDS; k++)
        keys[k] = fields[k].key;
    keys[NFIELDS] = NULL;
    if (!json_is_object(o) || rules_unknown_key(o, keys))
        return -1;
    for (size_t k = 0; k < NFIELDS; k++)
        if (hs_get_int(o, fields[k].key, fields[k].lo, bound(g, fields[k].hi),
                       field(&g->attack, k)))
            return -1;
    g->attack.active = 1;
    return consistent(g) ? 0 : -1;
}

json_t *hs_attack_dump(const struct hs_game *g)
{
    struct hs_attack a = g->attack;
    json_t *o;

    if (!a.active)
        return json_null();
    o = json_object();
    for (size_t k = 0; k < NFIELDS; k++)
        hs_put_int(o, fields[k].key, *field(&a, k));
    return o;
}
