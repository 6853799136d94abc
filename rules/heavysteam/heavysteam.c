/*
 * heavysteam.c - the Heavy Steam engine as the service sees it: JSON in,
 * struct hs_game inside (game.c, round.c, pilots.c, orders.c), JSON out.
 * Two seats in Meeting Engagement; see RULINGS.md.
 */
#include <string.h>

#include "../engine.h"
#include "describe.h"
#include "loadouts.h"
#include "orders.h"
#include "pilots.h"
#include "round.h"
#include "setup.h"
#include "svg.h"
#include "text.h"
#include "timeout.h"
#include "view.h"

#define RULE_FORMAT "HS-R-11 (Round Sequence)"

/* A move (resign 0) or a resignation, for rules_change(). */
struct change {
    int seat, resign;
    const json_t *move;
    struct rng *rng;
};

static int play(struct hs_game *g, const struct change *c, json_t *ev,
                struct rules_error *err)
{
    if (c->resign)
        return hs_resign(g, c->seat, ev, err);
    if (hs_orders_move_is(c->move))
        return hs_round_orders(g, c->seat, c->move, c->rng, ev, err);
    if (g->stage == HS_STAGE_LOADOUTS || hs_loadout_move_is(c->move))
        return hs_loadout_apply(g, c->seat, c->move, ev, err);
    if (g->stage == HS_STAGE_PILOTS)
        return hs_pilot_apply(g, c->seat, c->move, c->rng, ev, err);
    return hs_round_apply(g, c->seat, c->move, c->rng, ev, err);
}

/* The game lives on the stack for one call: a malloc of its size would
 * have the allocator merge every small block the JSON freed, each call. */
static json_t *change(const json_t *state, const void *arg, json_t *ev,
                      struct rules_error *err)
{
    struct hs_game g;

    if (hs_game_load(&g, state, err) || play(&g, arg, ev, err))
        return NULL;
    return hs_game_dump(&g);
}

static int apply(json_t **state, int seat, const json_t *move, struct rng *rng,
                 json_t **events, struct rules_error *err)
{
    struct change c = {.seat = seat, .move = move, .rng = rng};

    if (!json_is_object(move) || !json_is_string(json_object_get(move, "type")))
        return rules_fail(err, "unknown_move", RULE_FORMAT,
                          "A move is an object with a \"type\".");
    return rules_change(state, events, err, RULE_FORMAT, change, &c);
}

static int resign(json_t **state, int seat, json_t **events, struct rules_error *err)
{
    struct change c = {.seat = seat, .resign = 1};

    return rules_change(state, events, err, RULE_FORMAT, change, &c);
}

static json_t *view(const json_t *state, int seat)
{
    struct rules_error err = {0};
    struct hs_game g;

    if (hs_game_load(&g, state, &err))
        return json_pack("{s:s, s:s}", "error", err.code, "message", err.message);
    return hs_view_build(&g, seat);
}

static json_t *legal_moves(const json_t *state, int seat)
{
    struct hs_game g;

    if (hs_game_load(&g, state, NULL))
        return json_pack("{s:[]}", "moves");
    return g.stage == HS_STAGE_LOADOUTS ? hs_loadout_moves(&g, seat)
           : g.stage == HS_STAGE_PILOTS ? hs_pilot_moves(&g, seat)
                                        : hs_round_moves(&g, seat);
}

static int status(const json_t *state, struct rules_status *st)
{
    struct hs_game g;

    memset(st, 0, sizeof *st);
    if (hs_game_load(&g, state, NULL))
        return -1;
    hs_status_fill(&g, st);
    return 0;
}

static json_t *timeout_move(const json_t *state, int seat)
{
    struct hs_game g;

    return hs_game_load(&g, state, NULL) ? NULL : hs_timeout_move(&g, seat);
}

/* A pilot or a loadout chosen is seen by the chooser's team (HS-R-107,
 * HS-R-143: teammates confer); standing orders by their seat only
 * (HS-R-109). */
static json_t *move_seen(const json_t *move, int mover, int viewer, int seats)
{
    const char *type = json_string_value(json_object_get(move, "type"));
    int teammate = viewer >= 0 && hs_seat_team(viewer, seats) == hs_seat_team(mover, seats);

    if (viewer == mover || !type)
        return NULL;
    if (strcmp(type, "orders") != 0 &&
        !((strcmp(type, "pilot") == 0 || strcmp(type, "loadout") == 0) && !teammate))
        return NULL;
    return json_pack("{s:s}", "type", type);
}

static int team_of(int seat, int seats)
{
    return hs_seat_team(seat, seats);
}

const struct rules_engine heavysteam_engine = {
    .id = "heavysteam",
    .title = "Heavy Steam",
    .min_seats = 2,
    .max_seats = HS_MAX_PLAYERS,
    .describe = hs_describe_build,
    .setup = hs_setup,
    .apply = apply,
    .resign = resign,
    .view = view,
    .legal_moves = legal_moves,
    .status = status,
    .text_view = hs_text_view,
    .text_moves = hs_text_moves,
    .text_parse = hs_text_parse,
    .text_move = hs_text_move,
    .svg_view = hs_svg_view,
    .timeout_move = timeout_move,
    .any_time = hs_orders_move_is,
    .move_seen = move_seen,
    .team_of = team_of,
};
