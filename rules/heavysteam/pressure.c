/*
 * pressure.c - the Pressure phase (HS-R-50 to HS-R-52), asking nobody:
 * for each titan in initiative order (HS-AMB-22), the overload roll, then
 * the release of its size plus its pilot's bleed, the vents' steam to the
 * reserve each releasing one cube more (titan.c).
 */
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

void hs_pressure_phase(struct hs_game *g, int seat, struct rng *rng, json_t *events)
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
    hs_pressure_release(t, pilot_bleed(g, seat), events);
}
