/*
 * ironfuture.c - the Iron Future engine as the service sees it: JSON in,
 * typed struct inside (game.c), JSON out. Two seats; see RULINGS.md.
 */
#include <string.h>

#include "../engine.h"
#include "game.h"
#include "play.h"
#include "svg.h"
#include "text.h"
#include "view.h"

static int setup(const json_t *options, int seats, struct rng *rng,
                 json_t **state, json_t **events, struct rules_error *err)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    struct if_game g;
    int rounds = 3, chooser = -1, first = -1;
    const char *key;
    json_t *v, *ev;

    if (!cat->ok)
        return rules_fail(err, "catalog_invalid", IF_RULE_SETUP,
                          "The card data is broken: %s", cat->error);
    if (seats != IF_SEATS)
        return rules_fail(err, "bad_seats", IF_RULE_SETUP,
                          "Iron Future is played by exactly 2 players.");
    if (options && !json_is_object(options))
        return rules_fail(err, "bad_option", IF_RULE_SETUP,
                          "Options must be a JSON object.");
    json_object_foreach((json_t *)options, key, v) {
        if (strcmp(key, "first_player_chooser") == 0) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) >= IF_SEATS)
                return rules_fail(err, "bad_option", IF_RULE_REMATCH,
                                  "first_player_chooser is seat 0 or 1.");
            chooser = (int)json_integer_value(v);
            continue;
        }
        if (strcmp(key, "first_player") == 0) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) >= IF_SEATS)
                return rules_fail(err, "bad_option", IF_RULE_SETUP,
                                  "first_player is seat 0 or 1.");
            first = (int)json_integer_value(v);
            continue;
        }
        if (strcmp(key, "rounds_to_win") != 0)
            return rules_fail(err, "bad_option", IF_RULE_SETUP,
                              "Iron Future has no option \"%.40s\".", key);
        if (!json_is_integer(v) || json_integer_value(v) < 1 ||
            json_integer_value(v) > 5)
            return rules_fail(err, "bad_option", IF_RULE_END,
                              "rounds_to_win must be an integer from 1 to 5.");
        rounds = (int)json_integer_value(v);
    }
    if (first >= 0 && chooser >= 0)
        return rules_fail(err, "bad_option", IF_RULE_SETUP,
                          "first_player and first_player_chooser do not go together.");
    ev = json_array();
    if (!ev)
        return rules_fail(err, "out_of_memory", IF_RULE_SETUP, "Out of memory.");
    ironfuture_game_setup(&g, cat, rounds, chooser, first, rng, ev);
    *state = ironfuture_game_dump(&g);
    *events = ev;
    return 0;
}

/* A move (resign 0) or a resignation, for rules_change(). */
struct change {
    int seat, resign;
    const json_t *move;
    struct rng *rng;
};

static json_t *change(const json_t *state, const void *arg, json_t *ev,
                      struct rules_error *err)
{
    const struct change *c = arg;
    struct if_game g;

    if (ironfuture_game_load(&g, state, err) ||
        (c->resign ? ironfuture_resign(&g, c->seat, ev, err)
                   : ironfuture_move_apply(&g, c->seat, c->move, c->rng, ev, err)))
        return NULL;
    return ironfuture_game_dump(&g);
}

static int apply(json_t **state, int seat, const json_t *move,
                 struct rng *rng, json_t **events, struct rules_error *err)
{
    struct change c = {.seat = seat, .move = move, .rng = rng};

    return rules_change(state, events, err, IF_RULE_FORMAT, change, &c);
}

static int resign(json_t **state, int seat, json_t **events,
                  struct rules_error *err)
{
    struct change c = {.seat = seat, .resign = 1};

    return rules_change(state, events, err, IF_RULE_FORMAT, change, &c);
}

static json_t *view(const json_t *state, int seat)
{
    struct if_game g;
    struct rules_error err;

    if (ironfuture_game_load(&g, state, &err))
        return json_pack("{s:s, s:s}", "error", err.code, "message",
                         err.message);
    return ironfuture_view_build(&g, seat);
}

static json_t *legal_moves(const json_t *state, int seat)
{
    struct if_game g;

    if (ironfuture_game_load(&g, state, NULL))
        return json_pack("{s:[]}", "moves");
    return ironfuture_moves_list(&g, seat);
}

/*
 * A rematch keeps the options, but the player who did not win chooses
 * the first player (IF-R-13): the loser of the last game, which is the
 * seat that resigned when it ended by resignation.
 */
static json_t *rematch_options(const json_t *options, const json_t *state)
{
    struct if_game g;
    json_t *o;

    if (ironfuture_game_load(&g, state, NULL) || g.phase != IF_OVER)
        return NULL;
    o = json_is_object(options) ? json_deep_copy(options) : json_object();
    /* the loser's choice replaces a pairing's first player */
    json_object_del(o, "first_player");
    json_object_set_new(o, "first_player_chooser", json_integer(1 - g.winner));
    return o;
}

/*
 * A seat whose time is up under "auto" (IF-R-16): it holds fire, passes
 * in the acquisition phase, takes the first trophy listed, chooses the
 * first player listed, and deploys the first card listed where it must
 * deploy; it never fires, activates or buys.
 */
static json_t *timeout_move(const json_t *state, int seat)
{
    static const char *const least[] = {"hold_fire", "pass", "trophy", "choose_first",
                                        "deploy", NULL};
    json_t *lm = legal_moves(state, seat), *m;

    m = rules_first_move_of(json_object_get(lm, "moves"), least);
    json_decref(lm);
    return m;
}

static int status(const json_t *state, struct rules_status *st)
{
    struct if_game g;

    memset(st, 0, sizeof *st);
    if (ironfuture_game_load(&g, state, NULL))
        return -1;
    ironfuture_status_fill(&g, st);
    return 0;
}

const struct rules_engine ironfuture_engine = {
    .id = "ironfuture",
    .title = "Iron Future",
    .min_seats = 2,
    .max_seats = 2,
    .describe = ironfuture_describe_build,
    .setup = setup,
    .apply = apply,
    .resign = resign,
    .view = view,
    .legal_moves = legal_moves,
    .status = status,
    .rematch_options = rematch_options,
    .text_view = ironfuture_text_view,
    .text_moves = ironfuture_text_moves,
    .text_parse = ironfuture_text_parse,
    .text_move = ironfuture_text_move,
    .svg_view = ironfuture_svg_view,
    .timeout_move = timeout_move,
};
