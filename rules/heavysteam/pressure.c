/*
 * pressure.c - the Pressure phase (HS-R-50 to HS-R-52): for each titan in
 * initiative order (HS-AMB-22), a card of the phase if its player holds
 * one (HS-R-130), the overload roll, then the release of its size plus its
 * pilot's bleed and the card's cubes, the vents' steam to the reserve each
 * releasing one cube more (titan.c).
 */
#include <string.h>

#include "cards.h"
#include "catalog.h"
#include "game_json.h"
#include "round_phase.h"

/* "Gain +1 bleed in the pressure release phase." */
static int pilot_bleed(const struct hs_game *g, int seat)
{
    const struct hs_power *a;
    int n = 0;

    if (g->p[seat].pilot < 0)
        return 0;
    a = &hs_catalog_get()->pilot[g->p[seat].pilot].ability;
    if (a->when != HS_W_PRESSURE)
        return 0;
    for (int i = 0; i < a->effect.nsteps; i++)
        if (a->effect.step[i].op == HS_OP_RELEASE)
            n += a->effect.step[i].n;
    return n;
}

/* Overload roll, then the release and vents, for seat's titan. */
static void pressure_part(struct hs_game *g, int seat, int more, struct rng *rng,
                          json_t *events)
{
    struct hs_titan *t = &hs_round_titan(g, seat)->cubes;

    hs_round_ask(g, HS_ASK_NONE, seat);
    if (t->destroyed)
        return;
    hs_pressure_overload_roll(t, rng, events);
    /* a boiler filled by the overload destroys the titan: round.c ends
     * the game before any other titan's part */
    if (t->destroyed)
        return;
    hs_pressure_release(t, pilot_bleed(g, seat) + more, events);
}

void hs_pressure_start(struct hs_game *g, int seat, struct rng *rng, json_t *events)
{
    json_t *cards = hs_cards_playable(g, seat, HS_TIME_TURN);
    int ask = json_array_size(cards) > 0 && !hs_round_titan(g, seat)->cubes.destroyed;

    json_decref(cards);
    if (ask)
        hs_round_ask(g, HS_ASK_PLAY, seat);
    else
        pressure_part(g, seat, 0, rng, events);
}

int hs_pressure_apply(struct hs_game *g, int seat, const json_t *move,
                      struct rng *rng, json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "card", "choice", NULL};
    const char *type = json_string_value(json_object_get(move, "type"));
    struct hs_mods mods = {0};

    if (hs_round_keys(move, keys, err))
        return -1;
    if (strcmp(type, "card") == 0) {
        if (hs_turn_card_apply(g, seat, move, &mods, rng, events, err))
            return -1;
    } else if (strcmp(type, "pass") != 0) {
        return rules_fail(err, "unknown_move", HS_RULE_PRESSURE,
                          "Before its release a titan's player plays a card or passes.");
    }
    pressure_part(g, seat, mods.release, rng, events);
    return 0;
}

void hs_pressure_moves(const struct hs_game *g, int seat, json_t *moves)
{
    json_array_append_new(moves, hs_round_entry("pass", "move"));
    hs_turn_card_moves(g, seat, moves);
}
