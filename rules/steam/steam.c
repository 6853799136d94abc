/*
 * steam.c - the Steam engine as the service sees it: JSON in, typed
 * struct inside (game.c, play.c, track.c), JSON out, and text for chat
 * (text.c). 3 to 6 seats; see RULINGS.md.
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
    const struct st_catalog *cat = steam_catalog_get();
    struct st_game gbuf, *g;
    int map = -1, auction = 1;
    const char *key;
    json_t *v, *ev;

    if (!cat->ok)
        return rules_fail(err, "catalog_invalid", ST_RULE_SETUP,
                          "The Steam data is broken: %s", cat->error);
    if (seats < 3 || seats > 6)
        return rules_fail(err, "bad_seats", ST_RULE_SETUP,
                          "Steam's Base Game is played by 3 to 6 players.");
    if (options && !json_is_object(options))
        return rules_fail(err, "bad_option", ST_RULE_SETUP,
                          "Options must be a JSON object.");
    json_object_foreach((json_t *)options, key, v) {
        const char *s = json_string_value(v);

        if (strcmp(key, "map") == 0) {
            map = steam_catalog_map(cat, s);
            if (map < 0)
                return rules_fail(err, "bad_option", ST_RULE_SETUP,
                                  "map must be \"tidewater\" or \"rhinegold\".");
        } else if (strcmp(key, "turn_order") == 0) {
            if (!s || (strcmp(s, "random") && strcmp(s, "auction")))
                return rules_fail(err, "bad_option", ST_RULE_ORDER,
                                  "turn_order must be \"random\" or "
                                  "\"auction\".");
            auction = strcmp(s, "auction") == 0;
        } else {
            return rules_fail(err, "bad_option", ST_RULE_SETUP,
                              "Steam has no option \"%.40s\".", key);
        }
    }
    if (map < 0)
        map = seats <= 4 ? 0 : 1;
    g = &gbuf;
    ev = json_array();
    if (!ev) {
        return rules_fail(err, "out_of_memory", ST_RULE_SETUP, "Out of memory.");
    }
    steam_game_setup(g, cat, map, seats, auction, rng, ev);
    *state = steam_game_dump(g);
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
    struct st_game gbuf, *g = &gbuf;

    if (steam_game_load(g, state, err) ||
        (c->resign ? steam_resign(g, c->seat, ev, err)
                   : steam_move_apply(g, c->seat, c->move, c->rng, ev, err)))
        return NULL;
    return steam_game_dump(g);
}

static int apply(json_t **state, int seat, const json_t *move,
                 struct rng *rng, json_t **events, struct rules_error *err)
{
    struct change c = {.seat = seat, .move = move, .rng = rng};

    return rules_change(state, events, err, ST_RULE_FORMAT, change, &c);
}

static int resign(json_t **state, int seat, json_t **events,
                  struct rules_error *err)
{
    struct change c = {.seat = seat, .resign = 1};

    return rules_change(state, events, err, ST_RULE_FORMAT, change, &c);
}

static json_t *view(const json_t *state, int seat)
{
    struct st_game gbuf, *g = &gbuf;
    struct rules_error err;
    json_t *v;

    if (steam_game_load(g, state, &err))
        v = json_pack("{s:s, s:s}", "error", err.code, "message", err.message);
    else
        v = steam_view_build(g, seat);
    return v;
}

static json_t *legal_moves(const json_t *state, int seat)
{
    struct st_game gbuf, *g = &gbuf;
    json_t *m;

    if (steam_game_load(g, state, NULL))
        m = json_pack("{s:[]}", "moves");
    else
        m = steam_moves_list(g, seat);
    return m;
}

static int status(const json_t *state, struct rules_status *st)
{
    struct st_game gbuf, *g = &gbuf;
    int rc = 0;

    memset(st, 0, sizeof *st);
    if (steam_game_load(g, state, NULL))
        rc = -1;
    else
        steam_status_fill(g, st);
    return rc;
}

/*
 * A seat whose time is up under "auto" (ST-R-13): it passes in the auction
 * and in Move Goods, ends its build, takes an action tile with its Pass
 * Option where one is free (else the first it may take), and takes track
 * points as income where it may (else as VP). None of these costs money.
 */
static json_t *timeout_move(const json_t *state, int seat)
{
    static const char *const least[] = {"pass", "done", NULL};
    static const char *const then[] = {"select", "score", NULL};
    json_t *lm = legal_moves(state, seat), *moves = json_object_get(lm, "moves"), *m, *e;
    size_t i;

    m = rules_first_move_of(moves, least);
    json_array_foreach(moves, i, e) {
        if (!m && json_is_true(json_object_get(e, "pass_option")))
            m = json_deep_copy(e);
    }
    if (!m)
        m = rules_first_move_of(moves, then);
    json_decref(lm);
    json_object_del(m, "form");     /* the log keeps the move itself */
    return m;
}

const struct rules_engine steam_engine = {
    .id = "steam",
    .title = "Steam",
    .min_seats = 3,
    .max_seats = 6,
    .describe = steam_describe_build,
    .setup = setup,
    .apply = apply,
    .resign = resign,
    .view = view,
    .legal_moves = legal_moves,
    .status = status,
    .text_view = steam_text_view,
    .text_moves = steam_text_moves,
    .text_parse = steam_text_parse,
    .text_move = steam_text_move,
    .svg_view = steam_svg_view,
    .timeout_move = timeout_move,
};
