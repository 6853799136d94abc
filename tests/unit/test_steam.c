/*
 * test_steam.c - Steam's Base Game, one case per rule, named after it.
 *
 * Positions are made by dealing a game and then editing the typed state
 * (steam/game.h), so each case starts exactly where its rule applies;
 * the move under test always goes through the engine's apply().
 * Geometry used (Tidewater map, sides 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE):
 *   a4 (purple city) -b4- c4 (town) -c5- c6 (blue city) -d7- d8 (yellow)
 *   b4 straight rot 0 = W-E; c4 town exits 2 and 3 (town_sharp rot 2);
 *   c5 gentle rot 5 = NE-SE; d7 straight rot 1 = NW-SE.
 *   e1 (red) -e2- f3 (yellow); b5 is hills, e4 a river, d2 a town.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "rng.h"
#include "steam/game.h"
#include "steam/play.h"
#include "steam/track.h"

extern const struct rules_engine steam_engine;
static const struct rules_engine *E = &steam_engine;
static struct rng rng;
static json_t *last_events;

static json_t *deal(int n, const char *map, const char *order)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    json_t *st = NULL, *ev = NULL, *opts = json_object();

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 7 + 1);
    rng_init(&rng, key, 0);
    if (map)
        json_object_set_new(opts, "map", json_string(map));
    if (order)
        json_object_set_new(opts, "turn_order", json_string(order));
    if (!CHECK(E->setup(opts, n, &rng, &st, &ev, &err) == 0))
        fprintf(stderr, "setup: %s\n", err.message);
    json_decref(opts);
    json_decref(last_events);
    last_events = ev;
    return st;
}

static struct st_game *load(json_t *st)
{
    static struct st_game g;
    struct rules_error err;

    if (!CHECK(steam_game_load(&g, st, &err) == 0))
        fprintf(stderr, "load: %s\n", err.message);
    return &g;
}

static json_t *save(json_t *old, struct st_game *g)
{
    json_decref(old);
    return steam_game_dump(g);
}

/* Applies move (JSON text) for seat; returns apply's result, err filled. */
static int mv(json_t **st, int seat, const char *text, struct rules_error *err)
{
    json_t *m = json_loads(text, 0, NULL), *ev = NULL;
    int rc;

    memset(err, 0, sizeof *err);
    rc = E->apply(st, seat, m, &rng, &ev, err);
    json_decref(m);
    if (rc == 0) {
        json_decref(last_events);
        last_events = ev;
    }
    return rc;
}

#define OK(st, seat, text)                                                   \
    do {                                                                     \
        struct rules_error e_;                                               \
        if (!CHECK(mv(&(st), (seat), (text), &e_) == 0))                     \
            fprintf(stderr, "  refused %s: %s %s\n", (text), e_.code,        \
                    e_.message);                                             \
    } while (0)

#define REFUSED(st, seat, text, want)                                        \
    do {                                                                     \
        struct rules_error e_;                                               \
        CHECK(mv(&(st), (seat), (text), &e_) == -1);                         \
        CHECK_EQ_STR(e_.code, (want));                                       \
        CHECK(e_.message[0] && e_.rule[0]);                                  \
    } while (0)

static int H(struct st_game *g, const char *name)
{
    return steam_hex_parse(g->map, name);
}

static void lay(struct st_game *g, const char *hex, const char *tile, int rot,
                int owner)
{
    int h = H(g, hex), t = steam_catalog_tile(g->cat, tile);

    g->track[h].tile = t;
    g->track[h].rot = rot;
    for (int k = 0; k < ST_MAX_SEGS; k++) {
        g->track[h].owner[k] = k < g->cat->tile[t].nseg ? owner : -1;
        g->track[h].stamp[k] = k < g->cat->tile[t].nseg ? 1 : 0;
    }
    g->tiles_left[t]--;
}

/* Puts the game in phase ph (build or move) with seat to act, order 0..n-1. */
static void to_phase(struct st_game *g, enum st_phase ph, int seat)
{
    g->phase = ph;
    g->norder = g->nplayers;
    for (int i = 0; i < g->nplayers; i++) {
        g->order[i] = i;
        g->p[i].action = -1;
        g->p[i].cash = 20;
    }
    g->money_out = 20L * g->nplayers;
    g->money_in = 0;
    g->cur = seat;
    g->round = 1;
}

static int count_events(const char *type)
{
    size_t i;
    json_t *e;
    int n = 0;

    json_array_foreach(last_events, i, e)
        n += !strcmp(json_string_value(json_object_get(e, "type")), type);
    return n;
}

static int link_owner_at(struct st_game *g, const char *hex)
{
    return g->track[H(g, hex)].owner[0];
}

/* ---- set up ---------------------------------------------------------------- */

static void test_setup_cubes_on_cities_and_supply(void)
{
    json_t *st = deal(4, "tidewater", "random");
    struct st_game *g = load(st);
    int total = 0;

    for (int i = 0; i < g->map->ncities; i++) {
        int n = 0, h = g->map->city[i].hex;

        for (int c = 0; c < ST_COLOURS; c++)
            n += g->cubes[h][c];
        CHECK_EQ_INT(n, g->map->city[i].cubes);
        total += n;
    }
    for (int i = 0; i < g->map->supply_spaces; i++) {
        int n = 0;

        for (int c = 0; c < ST_COLOURS; c++)
            n += g->supply[i][c];
        CHECK_EQ_INT(n, 3);
        total += n;
    }
    for (int c = 0; c < ST_COLOURS; c++)
        total += g->bag[c];
    CHECK_EQ_INT(total, 96);
    for (int s = 0; s < 4; s++) {
        CHECK_EQ_INT(g->p[s].income, 0);
        CHECK_EQ_INT(g->p[s].vp, 0);
        CHECK_EQ_INT(g->p[s].loco, 1);
    }
    CHECK_EQ_INT(g->turn, 1);
    CHECK_EQ_INT(g->city_tiles[ST_GRAY], 4);
    CHECK_EQ_INT(g->city_tiles[ST_RED], 1);
    json_decref(st);
}

static void test_setup_three_players_fewer_cubes(void)
{
    json_t *st = deal(3, "rhinegold", "random");
    struct st_game *g = load(st);

    for (int i = 0; i < g->map->ncities; i++) {
        int n = 0, h = g->map->city[i].hex;

        for (int c = 0; c < ST_COLOURS; c++)
            n += g->cubes[h][c];
        CHECK_EQ_INT(n, g->map->city[i].cubes - 1);
    }
    for (int i = 0; i < g->map->supply_spaces; i++) {
        int n = 0;

        for (int c = 0; c < ST_COLOURS; c++)
            n += g->supply[i][c];
        CHECK_EQ_INT(n, 2);
    }
    json_decref(st);
    st = deal(3, "tidewater", "random");
    g = load(st);
    CHECK_EQ_INT(g->cubes[H(g, "f3")][0] + g->cubes[H(g, "f3")][1] +
                 g->cubes[H(g, "f3")][2] + g->cubes[H(g, "f3")][3] +
                 g->cubes[H(g, "f3")][4], 3);
    json_decref(st);
}

static void test_game_length_by_players(void)
{
    static const int turns[7] = {0, 0, 0, 10, 8, 7, 7};
    struct rules_error err;
    json_t *st = NULL, *ev = NULL;

    for (int n = 3; n <= 6; n++) {
        st = deal(n, NULL, NULL);
        CHECK_EQ_INT(json_integer_value(json_object_get(st, "last_turn")), turns[n]);
        CHECK_EQ_STR(json_string_value(json_object_get(st, "map")),
                     n <= 4 ? "tidewater" : "rhinegold");
        json_decref(st);
    }
    CHECK(E->setup(NULL, 2, &rng, &st, &ev, &err) == -1);
    CHECK_EQ_STR(err.code, "bad_seats");
    CHECK(E->setup(NULL, 7, &rng, &st, &ev, &err) == -1);
    {
        json_t *o = json_pack("{s:s}", "colour", "red");

        CHECK(E->setup(o, 3, &rng, &st, &ev, &err) == -1);
        CHECK_EQ_STR(err.code, "bad_option");
        json_decref(o);
    }
}

static void test_random_order_gives_starting_cash(void)
{
    json_t *st = deal(5, NULL, "random");
    struct st_game *g = load(st);
    json_t *e = json_array_get(last_events, 1);
    json_t *tiles = json_object_get(e, "tiles_drawn");
    int first = g->order[0], lowest = 99;

    CHECK_EQ_STR(json_string_value(json_object_get(e, "type")), "turn_order");
    for (int s = 0; s < 5; s++) {
        int a = steam_catalog_action(g->cat, json_string_value(json_array_get(tiles, (size_t)s)));

        if (g->cat->action[a].value < lowest)
            lowest = g->cat->action[a].value;
    }
    CHECK_EQ_INT(g->cat->action[steam_catalog_action(g->cat,
                 json_string_value(json_array_get(tiles, (size_t)first)))].value, lowest);
    for (int i = 0; i < 5; i++) {
        CHECK_EQ_INT(g->order[i], (first + i) % 5);   /* then clockwise */
        CHECK_EQ_INT(g->p[g->order[i]].cash, i);
    }
    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "select");
    json_decref(st);
}

static void test_auction_for_turn_order(void)
{
    json_t *st = deal(3, NULL, "auction");
    struct st_game *g = load(st);
    int a = g->auc_turn, b = (a + 1) % 3, c = (a + 2) % 3;
    struct rules_error err;

    CHECK_EQ_STR(json_string_value(json_object_get(st, "phase")), "auction");
    REFUSED(st, b, "{\"type\":\"bid\",\"amount\":1}", "not_your_turn");
    REFUSED(st, a, "{\"type\":\"bid\",\"amount\":51}", "bid_too_high");
    OK(st, a, "{\"type\":\"bid\",\"amount\":1}");
    REFUSED(st, b, "{\"type\":\"bid\",\"amount\":1}", "bid_too_low");
    OK(st, b, "{\"type\":\"bid\",\"amount\":3}");
    OK(st, c, "{\"type\":\"pass\"}");
    /* a passed nothing yet: a may raise; then passes and b wins at $3 */
    OK(st, a, "{\"type\":\"pass\"}");
    g = load(st);
    CHECK_EQ_INT(g->norder, 1);
    CHECK_EQ_INT(g->order[0], b);
    CHECK_EQ_INT(g->p[b].income, -1);          /* $5 raised for $3 */
    CHECK_EQ_INT(g->p[b].cash, 2);             /* change */
    /* position 2: bidding starts left of the winner, b cannot bid */
    CHECK_EQ_INT(g->auc_turn, c);
    CHECK(mv(&st, b, "{\"type\":\"pass\"}", &err) == -1);
    OK(st, c, "{\"type\":\"pass\"}");          /* a is the last one in: wins at $0 */
    g = load(st);
    CHECK_EQ_INT(g->norder, 3);
    CHECK_EQ_INT(g->order[1], a);
    CHECK_EQ_INT(g->order[2], c);              /* no auction for last place */
    CHECK_EQ_INT(g->p[a].cash, 0);
    CHECK_EQ_INT(g->p[c].cash, 0);
    CHECK_EQ_INT(g->phase, ST_SELECT);
    json_decref(st);
}

/* ---- phase 1 and money --------------------------------------------------- */

static json_t *select_position(int n)
{
    json_t *st = deal(n, NULL, "random");
    struct st_game *g = load(st);

    for (int i = 0; i < n; i++) {
        g->order[i] = i;
        g->p[i].cash = 0;
    }
    g->money_out = 0;
    g->cur = 0;
    return save(st, g);
}

static void test_select_action_tiles(void)
{
    json_t *st = select_position(3);
    struct st_game *g;

    REFUSED(st, 1, "{\"type\":\"select\",\"action\":\"engineer\"}", "not_your_turn");
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"engineer\",\"pass_option\":true}",
            "no_pass_option");
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"teleport\"}", "unknown_action");
    OK(st, 0, "{\"type\":\"select\",\"action\":\"engineer\"}");
    REFUSED(st, 1, "{\"type\":\"select\",\"action\":\"engineer\"}", "action_taken");
    OK(st, 1, "{\"type\":\"select\",\"action\":\"city_growth\",\"pass_option\":true}");
    g = load(st);
    CHECK_EQ_INT(g->p[1].cash, 0);             /* the Pass Option costs nothing */
    CHECK_EQ_INT(g->p[1].owe, 0);
    OK(st, 2, "{\"type\":\"select\",\"action\":\"urbanization\"}");
    g = load(st);
    CHECK_EQ_INT(g->p[2].income, -2);          /* $6 raised as $10 */
    CHECK_EQ_INT(g->p[2].cash, 4);
    CHECK_EQ_INT(g->p[2].owe, ST_OWE_URBANIZE);
    CHECK_EQ_INT(g->phase, ST_BUILD);
    json_decref(st);
}

static void test_locomotive_action_costs_and_limit(void)
{
    json_t *st = select_position(3);
    struct st_game *g = load(st);

    g->p[0].loco = 6;
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"locomotive\"}", "locomotive_max");
    g = load(st);
    g->p[0].loco = 2;
    g->p[0].cash = 1;
    g->money_out = 1;
    st = save(st, g);
    OK(st, 0, "{\"type\":\"select\",\"action\":\"locomotive\"}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].loco, 3);             /* $4 + 3 = $7: $1 cash, $10 raised */
    CHECK_EQ_INT(g->p[0].income, -2);
    CHECK_EQ_INT(g->p[0].cash, 4);
    json_decref(st);
}

static void test_raising_money_at_minus_ten_costs_vp(void)
{
    json_t *st = select_position(3);
    struct st_game *g = load(st);

    g->p[0].income = -10;
    g->p[0].vp = 3;                            /* one $5 step only */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"locomotive\"}", "cannot_pay");
    g = load(st);
    g->p[0].vp = 4;
    st = save(st, g);
    OK(st, 0, "{\"type\":\"select\",\"action\":\"locomotive\"}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].vp, 0);
    CHECK_EQ_INT(g->p[0].cash, 4);
    CHECK_EQ_INT(g->p[0].income, -10);
    json_decref(st);
}

static void test_urbanization_needs_a_town(void)
{
    json_t *st = select_position(3);
    struct st_game *g = load(st);

    for (int h = 0; h < g->map->nhex; h++)
        if (g->map->hex[h].terrain == ST_TOWN)
            g->new_city[h] = ST_GRAY + 1;
    for (int c = 0; c < ST_COLOURS; c++)
        g->city_tiles[c] = 0;
    /* the state would hold more gray tiles than exist: use real ones */
    json_decref(st);
    st = select_position(3);
    g = load(st);
    g->city_tiles[0] = g->city_tiles[1] = g->city_tiles[2] = g->city_tiles[3] = 0;
    g->city_tiles[4] = 0;
    CHECK(steam_select_check(g, 0, ST_A_URBANIZATION, 0, NULL) == -1);
    CHECK(steam_select_check(g, 0, ST_A_URBANIZATION, 1, NULL) == -1);
    json_decref(st);
}

/* ---- phase 2: building ---------------------------------------------------- */

static json_t *build_position(int n, int seat)
{
    json_t *st = deal(n, "tidewater", "random");
    struct st_game *g = load(st);

    to_phase(g, ST_BUILD, seat);
    return save(st, g);
}

static void test_first_track_must_start_at_a_city(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g;

    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":1}",
            "not_connected");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"h8\",\"tile\":\"straight\",\"rotation\":0}",
            "not_connected");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":0}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].cash, 18);            /* $2: two exits on plains */
    CHECK_EQ_INT(link_owner_at(g, "b4"), 0);
    json_decref(st);
}

static void test_track_costs_by_terrain(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g;

    OK(st, 0, "{\"type\":\"build\",\"hex\":\"b5\",\"tile\":\"straight\",\"rotation\":1}");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"e4\",\"tile\":\"straight\",\"rotation\":2}");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"d2\",\"tile\":\"town_1\",\"rotation\":5}");
    g = load(st);
    /* hills 2+2, river 2+1, town tile 1+1 */
    CHECK_EQ_INT(g->p[0].cash, 20 - 4 - 3 - 2);
    CHECK_EQ_INT(g->cur, 1);                   /* three tiles: the build ends */
    json_decref(st);
}

static void test_building_limits(void)
{
    json_t *st = build_position(3, 0);

    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"a5\",\"tile\":\"straight\",\"rotation\":2}",
            "off_board");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"e7\",\"tile\":\"gentle\",\"rotation\":0}",
            "impassable");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"c6\",\"tile\":\"straight\",\"rotation\":0}",
            "city_hex");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"straight\",\"rotation\":0}",
            "town_tile_needed");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"town_1\",\"rotation\":3}",
            "not_a_town");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"zz9\",\"tile\":\"straight\",\"rotation\":0}",
            "bad_hex");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"y_junction\",\"rotation\":0}",
            "bad_tile");
    json_decref(st);
}

static void test_three_tiles_or_four_with_engineer(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    g->p[0].action = ST_A_ENGINEER;
    st = save(st, g);
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":0}");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"e2\",\"tile\":\"straight\",\"rotation\":1}");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"straight\",\"rotation\":1}");
    g = load(st);
    CHECK_EQ_INT(g->cur, 0);                   /* still building */
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"l9\",\"tile\":\"straight\",\"rotation\":1}");
    g = load(st);
    CHECK_EQ_INT(g->cur, 1);
    json_decref(st);
}

static void test_tile_supply_runs_out(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);
    struct st_net net;
    struct rules_error err;
    int cost;

    g->tiles_left[steam_catalog_tile(g->cat, "straight")] = 0;
    steam_net_build(g, &net);
    CHECK(steam_build_check(g, &net, 0, H(g, "b4"), steam_catalog_tile(g->cat, "straight"),
                            0, &cost, &err) == -1);
    CHECK_EQ_STR(err.code, "tile_unavailable");
    json_decref(st);
}

static void test_no_link_back_to_the_same_city(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    /* c6 -> c7 (sharp NE-E) then d7 west... c7's E side faces d7, whose NW
     * side faces c6 again: a loop from c6 to c6 */
    lay(g, "c7", "sharp", 5, 0);
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"sharp\",\"rotation\":3}",
            "same_place");
    json_decref(st);
}

static void test_cannot_extend_another_players_track(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    lay(g, "e2", "gentle", 4, 1);              /* seat 1: e1 -> open east */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"f2\",\"tile\":\"straight\",\"rotation\":0}",
            "other_players_track");
    json_decref(st);
}

/* A town tile's exit that meets another player's open end belongs to that
 * player (RULINGS ST-R-TOWN-EXITS): it completes his link, not yours. */
static void test_town_exit_joining_another_players_track(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    lay(g, "b4", "straight", 0, 1);            /* seat 1: a4 -> open at c4 */
    lay(g, "c5", "gentle", 5, 0);              /* seat 0: c6 -> open at c4 */
    st = save(st, g);
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_sharp\",\"rotation\":2}");
    g = load(st);
    {
        struct st_net net;
        int lb, lc;

        steam_net_build(g, &net);
        lb = net.link_of[H(g, "b4")][0];
        lc = net.link_of[H(g, "c5")][0];
        CHECK(net.link[lb].complete && net.link[lc].complete);
        CHECK_EQ_INT(net.link[lb].owner, 1);
        CHECK_EQ_INT(net.link[lc].owner, 0);
    }
    CHECK_EQ_INT(g->p[0].cash, 17);            /* seat 0 pays the whole tile */
    json_decref(st);
}

static void test_town_tile_completes_a_link(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g;

    OK(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":0}");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_sharp\",\"rotation\":2}");
    g = load(st);
    {
        struct st_net net;
        int l;

        steam_net_build(g, &net);
        l = net.link_of[H(g, "b4")][0];
        CHECK(net.link[l].complete);
        CHECK_EQ_INT(net.link[l].owner, 0);
        /* the second exit is a new incomplete link of seat 0 from the town */
        l = net.link_of[H(g, "c4")][0] == net.link_of[H(g, "b4")][0]
            ? net.link_of[H(g, "c4")][1] : net.link_of[H(g, "c4")][0];
        CHECK(!net.link[l].complete);
        CHECK_EQ_INT(net.link[l].owner, 0);
    }
    CHECK_EQ_INT(g->p[0].cash, 20 - 2 - 3);
    json_decref(st);
}

static void test_new_link_from_a_town_needs_own_track_there(void)
{
    json_t *st = build_position(3, 0);

    /* no track of seat 0 reaches town c4: the town tile's exit would start
     * a link from a town */
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_1\",\"rotation\":1}",
            "not_connected");
    json_decref(st);
}

static void test_incomplete_link_lost_if_not_extended(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g;

    OK(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":0}");
    OK(st, 0, "{\"type\":\"done\"}");
    g = load(st);
    CHECK_EQ_INT(link_owner_at(g, "b4"), 0);   /* kept: built this turn */
    g->turn = 2;
    to_phase(g, ST_BUILD, 0);
    st = save(st, g);
    OK(st, 0, "{\"type\":\"done\"}");
    CHECK_EQ_INT(count_events("link_lost"), 1);
    g = load(st);
    CHECK_EQ_INT(link_owner_at(g, "b4"), -1);
    json_decref(st);
}

static void test_extending_keeps_an_incomplete_link(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    lay(g, "b4", "straight", 0, 0);            /* laid in turn 1 */
    g->turn = 2;
    st = save(st, g);
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_1\",\"rotation\":3}");
    OK(st, 0, "{\"type\":\"done\"}");
    CHECK_EQ_INT(count_events("link_lost"), 0);
    g = load(st);
    CHECK_EQ_INT(link_owner_at(g, "b4"), 0);
    json_decref(st);
}

static void test_claiming_an_unowned_link(void)
{
    json_t *st = build_position(3, 1);
    struct st_game *g = load(st);

    lay(g, "b4", "straight", 0, -1);           /* unowned, starts at city a4 */
    st = save(st, g);
    OK(st, 1, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_1\",\"rotation\":3}");
    g = load(st);
    CHECK_EQ_INT(link_owner_at(g, "b4"), 1);
    CHECK_EQ_INT(link_owner_at(g, "c4"), 1);
    json_decref(st);
}

static void test_redirecting_track(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    lay(g, "b4", "straight", 0, 0);
    lay(g, "e2", "straight", 1, 0);            /* complete e1-f3 */
    lay(g, "d7", "straight", 1, 1);            /* seat 1's complete c6-d8 */
    lay(g, "l9", "gentle", 4, 1);              /* seat 1's incomplete from k8 */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"redirect\",\"hex\":\"e2\",\"tile\":\"gentle\",\"rotation\":4}",
            "not_redirectable");
    REFUSED(st, 0, "{\"type\":\"redirect\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":0}",
            "same_track");
    REFUSED(st, 0, "{\"type\":\"redirect\",\"hex\":\"b4\",\"tile\":\"gentle\",\"rotation\":0}",
            "must_preserve");
    OK(st, 0, "{\"type\":\"redirect\",\"hex\":\"b4\",\"tile\":\"gentle\",\"rotation\":1}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].cash, 18);            /* track cost only */
    CHECK_EQ_INT(g->p[0].builds, 1);
    CHECK_EQ_INT(g->track[H(g, "b4")].stamp[0], 1);
    json_decref(st);
}

static void test_improving_track_with_a_crossing(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    lay(g, "d7", "straight", 1, 1);            /* seat 1: c6-d8 */
    lay(g, "c7", "sharp", 5, 0);               /* seat 0: from c6, open east */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"straight\",\"rotation\":0}",
            "must_preserve");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"cross_x\",\"rotation\":0}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].cash, 16);            /* $4 for four exits */
    {
        const struct st_track *tr = &g->track[H(g, "d7")];
        int e[2], mine = 0, theirs = 0;

        for (int k = 0; k < 2; k++) {
            steam_seg_ends(g, H(g, "d7"), k, e);
            if ((e[0] == 1 && e[1] == 4) || (e[0] == 4 && e[1] == 1))
                theirs += tr->owner[k] == 1;
            else
                mine += tr->owner[k] == 0;
        }
        CHECK_EQ_INT(mine, 1);
        CHECK_EQ_INT(theirs, 1);
    }
    json_decref(st);
}

static void test_improving_a_town_tile_with_more_exits(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    lay(g, "b4", "straight", 0, 0);
    lay(g, "c4", "town_1", 3, 0);              /* a4-c4 complete, seat 0 */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_sharp\",\"rotation\":0}",
            "must_preserve");
    REFUSED(st, 0, "{\"type\":\"redirect\",\"hex\":\"c4\",\"tile\":\"straight\",\"rotation\":0}",
            "town_redirect");
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_sharp\",\"rotation\":2}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].cash, 17);            /* 2 exits + town: $3 */
    CHECK_EQ_INT(g->tiles_left[steam_catalog_tile(g->cat, "town_1")], 9);
    json_decref(st);
}

static void test_urbanization_during_the_build(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);
    int sp = -1;

    g->p[0].action = ST_A_URBANIZATION;
    g->p[0].owe = ST_OWE_URBANIZE;
    lay(g, "b4", "straight", 0, 0);            /* a4 -> open at the town c4 */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"done\"}", "must_urbanize");
    REFUSED(st, 0, "{\"type\":\"urbanize\",\"hex\":\"b4\",\"colour\":\"gray\",\"supply\":0}",
            "not_a_town");
    OK(st, 0, "{\"type\":\"urbanize\",\"hex\":\"c4\",\"colour\":\"gray\",\"supply\":0}");
    g = load(st);
    CHECK(st_is_city(g, H(g, "c4")));
    CHECK(g->growth[H(g, "c4")]);
    CHECK_EQ_INT(g->city_tiles[ST_GRAY], 3);
    for (int c = 0; c < ST_COLOURS; c++)
        CHECK_EQ_INT(g->supply[0][c], 0);
    CHECK_EQ_INT(g->cubes[H(g, "c4")][0] + g->cubes[H(g, "c4")][1] + g->cubes[H(g, "c4")][2] +
                 g->cubes[H(g, "c4")][3] + g->cubes[H(g, "c4")][4], 2);
    CHECK_EQ_INT(g->p[0].builds, 0);           /* not one of the three tiles */
    {
        struct st_net net;

        steam_net_build(g, &net);
        CHECK(net.link[net.link_of[H(g, "b4")][0]].complete);
    }
    REFUSED(st, 0, "{\"type\":\"urbanize\",\"hex\":\"d2\",\"colour\":\"gray\",\"supply\":1}",
            "not_urbanizing");
    (void)sp;
    json_decref(st);
}

static void test_city_growth_during_the_build(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    g->p[0].action = ST_A_CITY_GROWTH;
    g->p[0].owe = ST_OWE_GROWTH;
    g->growth[H(g, "f3")] = 1;
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"done\"}", "must_grow");
    REFUSED(st, 0, "{\"type\":\"grow\",\"city\":\"f3\",\"supply\":1}", "has_growth_marker");
    REFUSED(st, 0, "{\"type\":\"grow\",\"city\":\"c6\"}", "supply_needed");
    OK(st, 0, "{\"type\":\"grow\",\"city\":\"c6\",\"supply\":1}");
    g = load(st);
    CHECK(g->growth[H(g, "c6")]);
    OK(st, 0, "{\"type\":\"done\"}");
    json_decref(st);
}

/* ---- phase 3: moving goods ------------------------------------------------ */

/* The chain a4 -b4- c4 -c5- c6 -d7- d8 with owners o1, o2, o3. */
static json_t *chain(int o1, int o2, int o3, int seat, int loco)
{
    json_t *st = deal(3, "tidewater", "random");
    struct st_game *g = load(st);

    to_phase(g, ST_MOVE, seat);
    lay(g, "b4", "straight", 0, o1);
    lay(g, "c4", "town_sharp", 2, o2);
    g->track[H(g, "c4")].owner[0] = g->track[H(g, "c4")].owner[1] = o1;
    /* c4's exit 2 belongs to the link c4-c6, exit 3 to a4-c4 */
    {
        int e[2];

        for (int k = 0; k < 2; k++) {
            steam_seg_ends(g, H(g, "c4"), k, e);
            g->track[H(g, "c4")].owner[k] = (e[0] == 2 || e[1] == 2) ? o2 : o1;
        }
    }
    lay(g, "c5", "gentle", 5, o2);
    lay(g, "d7", "straight", 1, o3);
    for (int c = 0; c < ST_COLOURS; c++)
        g->bag[c] += g->cubes[H(g, "a4")][c];
    memset(g->cubes[H(g, "a4")], 0, sizeof g->cubes[0]);
    g->cubes[H(g, "a4")][ST_YELLOW] = 1;
    g->cubes[H(g, "a4")][ST_BLUE] = 1;
    g->bag[ST_YELLOW]--;
    g->bag[ST_BLUE]--;
    for (int s = 0; s < 3; s++)
        g->p[s].loco = loco;
    return save(st, g);
}

static void test_delivery_to_the_first_city_of_its_colour(void)
{
    json_t *st = chain(0, 0, 0, 0, 3);
    struct st_game *g;

    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"blue\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":0}]}",
            "passes_destination");
    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":0}]}",
            "wrong_destination");
    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"red\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0}]}", "no_such_cube");
    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":1},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":0}]}",
            "no_link");
    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"a4\",\"owner\":0}]}", "back_to_start");
    OK(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
       "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":0}]}");
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_SCORE);
    CHECK_EQ_INT(g->nscore, 1);
    CHECK_EQ_INT(g->score_pts[0], 3);
    OK(st, 0, "{\"type\":\"score\",\"take\":\"vp\"}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].vp, 3);
    CHECK_EQ_INT(g->cubes[H(g, "a4")][ST_YELLOW], 0);
    CHECK_EQ_INT(g->phase, ST_MOVE);
    CHECK_EQ_INT(g->cur, 1);
    json_decref(st);
}

static void test_locomotive_limits_the_links(void)
{
    json_t *st = chain(0, 0, 0, 0, 2);

    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":0}]}",
            "locomotive_too_small");
    OK(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"blue\",\"route\":"
       "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":0}]}");
    json_decref(st);
}

static void test_own_links_at_least_as_often_as_any_other(void)
{
    json_t *st = chain(1, 0, 1, 0, 3);

    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":1},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":1}]}",
            "too_many_foreign_links");
    json_decref(st);
    st = chain(1, 1, 0, 2, 3);
    REFUSED(st, 2, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"blue\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":1},{\"to\":\"c6\",\"owner\":1}]}", "no_own_link");
    json_decref(st);
}

static void test_track_points_to_every_owner_in_turn_order(void)
{
    json_t *st = chain(1, 0, 2, 0, 3);
    struct st_game *g = load(st);

    g->order[0] = 2;
    g->order[1] = 0;
    g->order[2] = 1;
    g->cur = 1;                                /* seat 0 moves */
    g->p[1].income = 30;
    st = save(st, g);
    OK(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
       "[{\"to\":\"c4\",\"owner\":1},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":2}]}");
    {
        struct rules_status s;

        E->status(st, &s);
        CHECK_EQ_INT(s.must_act, 1u << 0);     /* the mover first */
        OK(st, 0, "{\"type\":\"score\",\"take\":\"income\"}");
        E->status(st, &s);
        CHECK_EQ_INT(s.must_act, 1u << 2);     /* then in turn order: 2, 1 */
        OK(st, 2, "{\"type\":\"score\",\"take\":\"vp\"}");
        E->status(st, &s);
        CHECK_EQ_INT(s.must_act, 1u << 1);
        REFUSED(st, 1, "{\"type\":\"score\",\"take\":\"income\"}", "income_max");
        OK(st, 1, "{\"type\":\"score\",\"take\":\"vp\"}");
    }
    g = load(st);
    CHECK_EQ_INT(g->p[0].income, 1);
    CHECK_EQ_INT(g->p[2].vp, 1);
    CHECK_EQ_INT(g->p[1].vp, 1);
    CHECK_EQ_INT(g->phase, ST_MOVE);
    json_decref(st);
}

static void test_first_move_acts_first_each_round(void)
{
    json_t *st = chain(0, 0, 0, 0, 1);
    struct st_game *g = load(st);
    struct rules_status s;

    g->p[2].action = ST_A_FIRST_MOVE;
    g->cur = 0;
    st = save(st, g);
    E->status(st, &s);
    CHECK_EQ_INT(s.must_act, 1u << 2);
    OK(st, 2, "{\"type\":\"locomotive\"}");
    OK(st, 0, "{\"type\":\"pass\"}");
    OK(st, 1, "{\"type\":\"pass\"}");
    E->status(st, &s);
    CHECK_EQ_INT(s.must_act, 1u << 2);         /* round 2 starts with First Move */
    REFUSED(st, 2, "{\"type\":\"locomotive\"}", "already_improved");
    g = load(st);
    CHECK_EQ_INT(g->round, 2);
    CHECK_EQ_INT(g->p[2].loco, 2);
    json_decref(st);
}

/* ---- phase 4, 5, end ------------------------------------------------------- */

static json_t *end_of_moves(int turn)
{
    json_t *st = chain(0, 1, 2, 0, 1);
    struct st_game *g = load(st);

    g->turn = turn;
    g->round = 2;
    g->cur = 2;                                /* seat 2's last activity */
    return save(st, g);
}

static void test_income_and_expenses(void)
{
    json_t *st = end_of_moves(1);
    struct st_game *g = load(st);

    g->p[0].income = 3;
    g->p[1].income = -3;
    g->p[1].cash = 1;
    g->p[2].income = -10;
    g->p[2].vp = 2;
    g->p[2].cash = 4;
    g->money_out = 20 + 1 + 4;
    g->p[0].action = ST_A_LOCOMOTIVE;
    g->p[1].action = ST_A_TURN_ORDER;
    g->p[2].action = ST_A_ENGINEER;
    st = save(st, g);
    OK(st, 2, "{\"type\":\"pass\"}");
    g = load(st);
    CHECK_EQ_INT(g->p[0].cash, 23);
    CHECK_EQ_INT(g->p[1].income, -4);          /* $5 raised for the $2 missing */
    CHECK_EQ_INT(g->p[1].cash, 3);
    CHECK_EQ_INT(g->p[2].bankrupt, 1);         /* -$10, 2 VP: cannot raise $10 */
    CHECK_EQ_INT(link_owner_at(g, "d7"), -1);  /* its completed link: unowned */
    CHECK_EQ_INT(g->norder, 2);
    /* Phase 5: Turn Order first, then by value; Phase 6: turn 2 */
    CHECK_EQ_INT(g->order[0], 1);
    CHECK_EQ_INT(g->order[1], 0);
    CHECK_EQ_INT(g->turn, 2);
    CHECK_EQ_INT(g->phase, ST_SELECT);
    CHECK_EQ_INT(g->p[0].action, -1);
    json_decref(st);
}

static void test_final_scoring_and_ties(void)
{
    json_t *st = end_of_moves(10);
    struct st_game *g = load(st);
    struct rules_status s;

    /* seat 0: 10 VP, income 5 (+2), links a4-c4... (owner 0: b4): 1 -> 13;
     * seat 1: 15 VP, income -1 (-2), 1 link -> 14; seat 2: 12 VP,
     * income 2 (+1), 1 link -> 14. Tie 1-2 at 14: higher income: seat 2. */
    g->p[0].vp = 10, g->p[0].income = 5;
    g->p[1].vp = 15, g->p[1].income = -1;
    g->p[2].vp = 12, g->p[2].income = 2;
    g->p[0].cash = g->p[1].cash = g->p[2].cash = 20;
    lay(g, "e2", "straight", 1, 2);            /* a second complete link for 2 */
    g->p[2].vp -= 1;
    lay(g, "l9", "gentle", 4, 1);              /* incomplete: scores nothing */
    st = save(st, g);
    OK(st, 2, "{\"type\":\"pass\"}");
    CHECK(E->status(st, &s) == 0);
    CHECK(s.finished);
    g = load(st);
    CHECK_EQ_INT(g->p[0].vp, 13);
    CHECK_EQ_INT(g->p[1].vp, 14);
    CHECK_EQ_INT(g->p[2].vp, 14);
    CHECK_EQ_INT(s.winners, 1u << 2);
    CHECK_EQ_INT(link_owner_at(g, "l9"), -1);
    REFUSED(st, 0, "{\"type\":\"pass\"}", "game_over");
    json_decref(st);
    /* equal VP and income: the lower action tile of the last turn wins */
    st = end_of_moves(10);
    g = load(st);
    for (int i = 0; i < 3; i++)
        g->p[i].vp = 0, g->p[i].income = 0;
    g->p[0].vp = 1;                            /* each ends with 2 VP */
    g->p[1].vp = 1;
    g->p[2].vp = 1;
    g->p[0].action = ST_A_LOCOMOTIVE;
    g->p[1].action = ST_A_ENGINEER;
    g->p[2].action = ST_A_CITY_GROWTH;
    st = save(st, g);
    OK(st, 2, "{\"type\":\"pass\"}");
    E->status(st, &s);
    CHECK_EQ_INT(s.winners, 1u << 1);
    json_decref(st);
}


static void test_first_build_builds_first(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);
    struct rules_status s;

    g->p[2].action = ST_A_FIRST_BUILD;
    g->cur = 0;
    st = save(st, g);
    E->status(st, &s);
    CHECK_EQ_INT(s.must_act, 1u << 2);
    OK(st, 2, "{\"type\":\"done\"}");
    E->status(st, &s);
    CHECK_EQ_INT(s.must_act, 1u << 0);         /* then the turn order */
    json_decref(st);
}

static void test_city_growth_needs_a_city_without_marker(void)
{
    json_t *st = select_position(3);
    struct st_game *g = load(st);

    for (int i = 0; i < g->map->ncities; i++)
        g->growth[g->map->city[i].hex] = 1;
    CHECK(steam_select_check(g, 0, ST_A_CITY_GROWTH, 0, NULL) == -1);
    CHECK(steam_select_check(g, 0, ST_A_CITY_GROWTH, 1, NULL) == 0);
    json_decref(st);
}

static void test_deliveries_only_on_completed_links(void)
{
    json_t *st = chain(0, 0, 0, 0, 3);
    struct st_game *g = load(st);

    g->track[H(g, "d7")].tile = -1;            /* c6-d8 missing */
    g->tiles_left[steam_catalog_tile(g->cat, "straight")]++;
    lay(g, "d7", "gentle", 4, 0);              /* from c6, not reaching d8 */
    st = save(st, g);
    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":0},{\"to\":\"d8\",\"owner\":0}]}",
            "no_link");
    json_decref(st);
}

static void test_bankrupt_players_incomplete_links_can_be_claimed(void)
{
    json_t *st = end_of_moves(1);
    struct st_game *g = load(st);

    lay(g, "k9", "straight", 2, 2);            /* seat 2: k8 -> open at town j10 */
    g->p[2].income = -10;
    g->p[2].vp = 0;
    g->p[2].cash = 0;
    g->money_out = 40;
    g->p[0].action = ST_A_ENGINEER;
    g->p[1].action = ST_A_TURN_ORDER;
    g->p[2].action = ST_A_LOCOMOTIVE;
    st = save(st, g);
    OK(st, 2, "{\"type\":\"pass\"}");
    g = load(st);
    CHECK(g->p[2].bankrupt);
    CHECK_EQ_INT(link_owner_at(g, "k9"), -1);
    CHECK_EQ_INT(link_owner_at(g, "d7"), -1);
    to_phase(g, ST_BUILD, 0);
    g->norder = 2;
    g->p[2].cash = 0;
    g->money_out = 40;
    st = save(st, g);
    /* k9 starts at k8, a city: anyone may claim it by extending it */
    OK(st, 0, "{\"type\":\"build\",\"hex\":\"j10\",\"tile\":\"town_1\",\"rotation\":5}");
    g = load(st);
    CHECK_EQ_INT(link_owner_at(g, "k9"), 0);
    json_decref(st);
}

/* ---- resignation (RULINGS ST-R-11) ---------------------------------------- */

/* Seat resigns through the engine; returns its result, err filled. */
static int rs(json_t **st, int seat, struct rules_error *err)
{
    json_t *ev = NULL;
    int rc;

    memset(err, 0, sizeof *err);
    rc = E->resign(st, seat, &ev, err);
    if (rc == 0) {
        json_decref(last_events);
        last_events = ev;
    }
    return rc;
}

#define RESIGN(st, seat)                                                     \
    do {                                                                     \
        struct rules_error e_;                                               \
        if (!CHECK(rs(&(st), (seat), &e_) == 0))                             \
            fprintf(stderr, "  resignation refused: %s %s\n", e_.code,       \
                    e_.message);                                             \
    } while (0)

/* The resignation is refused with code and the state left as it was. */
#define RESIGN_REFUSED(st, seat, want)                                       \
    do {                                                                     \
        struct rules_error e_;                                               \
        json_t *before_ = json_deep_copy(st), *st_ = (st);                   \
        CHECK(rs(&(st), (seat), &e_) == -1);                                 \
        CHECK_EQ_STR(e_.code, (want));                                       \
        CHECK(e_.message[0] && e_.rule[0]);                                  \
        CHECK((st) == st_ && json_equal((st), before_));                     \
        json_decref(before_);                                                \
    } while (0)

static unsigned must_act(json_t *st)
{
    struct rules_status s;

    CHECK(E->status(st, &s) == 0);
    return s.finished ? 0 : s.must_act;
}

/* Cash in play is what the bank paid out less what it took in. */
static void check_money(json_t *st)
{
    struct st_game *g = load(st);
    long cash = 0;

    for (int s = 0; s < g->nplayers; s++)
        cash += g->p[s].cash;
    CHECK_EQ_INT(cash, g->money_out - g->money_in);
}

static int in_order(struct st_game *g, int seat)
{
    for (int i = 0; i < g->norder; i++)
        if (g->order[i] == seat)
            return 1;
    return 0;
}

static void test_resigning_seat_to_act_passes_the_turn_on(void)
{
    json_t *st = select_position(3), *v, *lm, *e;
    struct st_game *g = load(st);

    g->p[0].cash = 7;
    g->money_out = 7;
    g->p[2].action = -1;
    st = save(st, g);
    RESIGN(st, 0);
    CHECK_EQ_INT(must_act(st), 1u << 1);
    e = json_array_get(last_events, 0);
    CHECK_EQ_STR(json_string_value(json_object_get(e, "type")), "resigned");
    CHECK_EQ_INT(json_integer_value(json_object_get(e, "cash")), 7);
    g = load(st);
    CHECK(g->p[0].resigned);
    CHECK_EQ_INT(g->p[0].cash, 0);             /* his cash went to the bank */
    CHECK_EQ_INT(g->money_in, 7);
    check_money(st);
    lm = E->legal_moves(st, 0);
    CHECK_EQ_INT(json_array_size(json_object_get(lm, "moves")), 0);
    json_decref(lm);
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"engineer\"}", "not_your_turn");
    RESIGN_REFUSED(st, 0, "already_resigned");
    RESIGN_REFUSED(st, 3, "not_a_player");
    RESIGN_REFUSED(st, -1, "not_a_player");
    OK(st, 1, "{\"type\":\"select\",\"action\":\"engineer\"}");
    OK(st, 2, "{\"type\":\"select\",\"action\":\"first_build\"}");
    CHECK_EQ_INT(must_act(st), 1u << 2);       /* First Build, then 0 skipped */
    OK(st, 2, "{\"type\":\"done\"}");
    CHECK_EQ_INT(must_act(st), 1u << 1);
    v = E->view(st, -1);
    CHECK(json_is_true(json_object_get(json_array_get(json_object_get(v, "players"), 0),
                                       "resigned")));
    CHECK(json_is_false(json_object_get(json_array_get(json_object_get(v, "players"), 1),
                                        "resigned")));
    CHECK_EQ_INT(json_array_size(json_object_get(v, "turn_order")), 2);
    json_decref(v);
    json_decref(st);
}

static void test_resigning_seat_not_to_act_returns_its_action_tile(void)
{
    json_t *st = select_position(3);
    struct st_game *g;

    OK(st, 0, "{\"type\":\"select\",\"action\":\"engineer\",\"pass_option\":false}");
    RESIGN(st, 0);
    CHECK_EQ_INT(must_act(st), 1u << 1);       /* seat 1 still to act */
    CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(last_events, 0),
                                                   "action_returned")), "engineer");
    OK(st, 1, "{\"type\":\"select\",\"action\":\"engineer\"}");
    OK(st, 2, "{\"type\":\"select\",\"action\":\"turn_order\"}");
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_BUILD);
    CHECK_EQ_INT(g->p[0].action, -1);
    CHECK_EQ_INT(must_act(st), 1u << 1);       /* turn order 0 1 2: 0 is skipped */
    check_money(st);
    json_decref(st);
}

static void test_three_players_resign_down_to_one_who_wins(void)
{
    json_t *st = select_position(3), *over, *rank;
    struct rules_status s;
    struct st_game *g;

    RESIGN(st, 1);
    CHECK_EQ_INT(must_act(st), 1u << 0);
    CHECK(E->status(st, &s) == 0 && !s.finished);
    RESIGN(st, 0);                             /* seat 2 is the last one left */
    CHECK(E->status(st, &s) == 0);
    CHECK(s.finished);
    CHECK_EQ_INT(s.winners, 1u << 2);
    CHECK_EQ_INT(s.must_act, 0);
    CHECK(strstr(s.summary, "resigned") != NULL);
    over = NULL;
    for (size_t i = 0; i < json_array_size(last_events); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(last_events, i),
                                                      "type")), "game_over"))
            over = json_array_get(last_events, i);
    CHECK(over != NULL);
    rank = json_object_get(over, "ranking");
    CHECK_EQ_INT(json_array_size(rank), 3);
    CHECK_EQ_INT(json_integer_value(json_array_get(rank, 0)), 2);
    CHECK_EQ_INT(json_integer_value(json_array_get(rank, 1)), 0);   /* resigned: last */
    CHECK_EQ_INT(json_integer_value(json_array_get(rank, 2)), 1);
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_OVER);
    CHECK_EQ_INT(g->winner, 2);
    CHECK_EQ_INT(g->norder, 1);
    check_money(st);
    RESIGN_REFUSED(st, 2, "game_over");
    RESIGN_REFUSED(st, 0, "game_over");
    REFUSED(st, 2, "{\"type\":\"select\",\"action\":\"engineer\"}", "game_over");
    json_decref(st);
}

static void test_resigned_players_links_become_unowned(void)
{
    json_t *st = chain(0, 1, 2, 0, 3);
    struct st_game *g;

    RESIGN(st, 1);
    CHECK_EQ_INT(json_integer_value(json_object_get(json_array_get(last_events, 0), "links")), 1);
    g = load(st);
    CHECK_EQ_INT(link_owner_at(g, "c5"), -1);
    CHECK_EQ_INT(link_owner_at(g, "b4"), 0);
    CHECK_EQ_INT(must_act(st), 1u << 0);
    REFUSED(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
            "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":1},{\"to\":\"d8\",\"owner\":2}]}",
            "no_link");
    OK(st, 0, "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
       "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":-1},{\"to\":\"d8\",\"owner\":2}]}");
    CHECK_EQ_INT(must_act(st), 1u << 0);       /* the mover scores, then seat 2 */
    OK(st, 0, "{\"type\":\"score\",\"take\":\"vp\"}");
    CHECK_EQ_INT(must_act(st), 1u << 2);
    OK(st, 2, "{\"type\":\"score\",\"take\":\"vp\"}");
    CHECK_EQ_INT(must_act(st), 1u << 2);       /* seat 1's activity is skipped */
    g = load(st);
    CHECK_EQ_INT(g->p[1].vp, 0);
    json_decref(st);
}

static void test_resigning_while_track_points_are_scored(void)
{
    static const char *const deliver =
        "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"yellow\",\"route\":"
        "[{\"to\":\"c4\",\"owner\":0},{\"to\":\"c6\",\"owner\":1},{\"to\":\"d8\",\"owner\":2}]}";
    json_t *st = chain(0, 1, 2, 0, 3);
    struct st_game *g;

    /* A scorer who resigns scores nothing. */
    OK(st, 0, deliver);
    RESIGN(st, 1);
    CHECK_EQ_INT(must_act(st), 1u << 0);
    OK(st, 0, "{\"type\":\"score\",\"take\":\"vp\"}");
    CHECK_EQ_INT(must_act(st), 1u << 2);
    OK(st, 2, "{\"type\":\"score\",\"take\":\"vp\"}");
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_MOVE);
    CHECK_EQ_INT(g->p[1].vp, 0);
    CHECK_EQ_INT(must_act(st), 1u << 2);       /* after the mover: 1 skipped */
    json_decref(st);
    /* The mover resigns before scoring: the others score, then the next
     * player moves. */
    st = chain(0, 1, 2, 0, 3);
    OK(st, 0, deliver);
    RESIGN(st, 0);
    CHECK_EQ_INT(must_act(st), 1u << 1);
    OK(st, 1, "{\"type\":\"score\",\"take\":\"vp\"}");
    OK(st, 2, "{\"type\":\"score\",\"take\":\"vp\"}");
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_MOVE);
    CHECK_EQ_INT(g->p[0].vp, 0);
    CHECK_EQ_INT(must_act(st), 1u << 1);
    check_money(st);
    json_decref(st);
}

static void test_first_builder_resigns_and_the_build_goes_on(void)
{
    json_t *st = build_position(3, 0);
    struct st_game *g = load(st);

    g->p[2].action = ST_A_FIRST_BUILD;
    g->cur = 0;
    st = save(st, g);
    CHECK_EQ_INT(must_act(st), 1u << 2);
    RESIGN(st, 2);
    CHECK_EQ_INT(must_act(st), 1u << 0);
    OK(st, 0, "{\"type\":\"done\"}");
    CHECK_EQ_INT(must_act(st), 1u << 1);
    OK(st, 1, "{\"type\":\"done\"}");
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_MOVE);
    CHECK_EQ_INT(must_act(st), 1u << 0);
    json_decref(st);
}

static void test_resigning_in_the_auction(void)
{
    json_t *st = deal(4, NULL, "auction");
    struct st_game *g = load(st);
    int a = g->auc_turn, b = (a + 1) % 4, c = (a + 2) % 4, d = (a + 3) % 4;

    /* The bidder to act resigns: as a pass. */
    OK(st, a, "{\"type\":\"bid\",\"amount\":1}");
    RESIGN(st, b);
    CHECK_EQ_INT(must_act(st), 1u << c);
    /* The high bidder resigns: his bid is void, the place is auctioned
     * again from the next player without a place. */
    RESIGN(st, a);
    g = load(st);
    CHECK_EQ_INT(g->auc_bid, -1);
    CHECK_EQ_INT(g->auc_out, 0);
    CHECK_EQ_INT(must_act(st), 1u << c);
    OK(st, c, "{\"type\":\"bid\",\"amount\":2}");
    OK(st, d, "{\"type\":\"pass\"}");          /* c wins place 1; d takes place 2 */
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_SELECT);
    CHECK_EQ_INT(g->norder, 2);
    CHECK_EQ_INT(g->order[0], c);
    CHECK_EQ_INT(g->order[1], d);
    CHECK_EQ_INT(must_act(st), 1u << c);
    check_money(st);
    json_decref(st);
    /* A player who won his place resigns; with one player left without a
     * place, he takes the last one free. */
    st = deal(3, NULL, "auction");
    g = load(st);
    a = g->auc_turn, b = (a + 1) % 3, c = (a + 2) % 3;
    OK(st, a, "{\"type\":\"bid\",\"amount\":0}");
    OK(st, b, "{\"type\":\"pass\"}");
    OK(st, c, "{\"type\":\"pass\"}");          /* a has place 1 */
    RESIGN(st, a);
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_AUCTION);
    CHECK_EQ_INT(g->norder, 0);
    CHECK(!in_order(g, a));
    RESIGN(st, b);                             /* c alone: he wins */
    CHECK_EQ_INT(must_act(st), 0);
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_OVER);
    CHECK_EQ_INT(g->winner, c);
    json_decref(st);
}

static void test_resigned_player_is_dropped_at_phase_five(void)
{
    json_t *st = end_of_moves(1);
    struct st_game *g = load(st);

    g->p[0].action = ST_A_LOCOMOTIVE;
    g->p[1].action = ST_A_TURN_ORDER;
    g->p[2].action = ST_A_ENGINEER;
    g->p[1].income = 4;
    st = save(st, g);
    RESIGN(st, 1);
    CHECK_EQ_INT(must_act(st), 1u << 2);
    g = load(st);
    CHECK(in_order(g, 1));                     /* kept, skipped, until Phase 5 */
    OK(st, 2, "{\"type\":\"pass\"}");
    CHECK_EQ_INT(count_events("income"), 2);   /* none for seat 1 */
    g = load(st);
    CHECK_EQ_INT(g->turn, 2);
    CHECK_EQ_INT(g->norder, 2);
    CHECK(!in_order(g, 1));
    CHECK_EQ_INT(g->p[1].cash, 0);
    check_money(st);
    json_decref(st);
}

static void test_bankrupt_cannot_resign_and_resigned_rank_last(void)
{
    json_t *st = select_position(3), *over = NULL, *rank;
    struct st_game *g = load(st);

    g->p[2].bankrupt = 1;
    g->norder = 2;
    g->p[2].vp = 20;
    st = save(st, g);
    RESIGN_REFUSED(st, 2, "already_bankrupt");
    RESIGN(st, 0);                             /* seat 1 is the only player left */
    for (size_t i = 0; i < json_array_size(last_events); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(last_events, i),
                                                      "type")), "game_over"))
            over = json_array_get(last_events, i);
    rank = json_object_get(over, "ranking");
    CHECK_EQ_INT(json_integer_value(json_object_get(over, "winner")), 1);
    CHECK_EQ_INT(json_integer_value(json_array_get(rank, 0)), 1);
    CHECK_EQ_INT(json_integer_value(json_array_get(rank, 1)), 2);   /* bankrupt */
    CHECK_EQ_INT(json_integer_value(json_array_get(rank, 2)), 0);   /* resigned */
    json_decref(st);
}

static void test_damaged_resignations_are_refused(void)
{
    json_t *st = select_position(3), *bad;
    struct rules_status s;
    struct st_game g;
    struct rules_error err;

    RESIGN(st, 2);
    CHECK(steam_game_load(&g, st, &err) == 0);
    bad = json_deep_copy(st);                  /* a resigned player with cash */
    json_object_set_new(json_array_get(json_object_get(bad, "seats"), 2), "cash",
                        json_integer(3));
    CHECK(E->status(bad, &s) == -1);
    json_decref(bad);
    bad = json_deep_copy(st);                  /* "resigned" is only ever true */
    json_object_set_new(json_array_get(json_object_get(bad, "seats"), 1), "resigned",
                        json_false());
    CHECK(E->status(bad, &s) == -1);
    json_decref(bad);
    bad = json_deep_copy(st);                  /* a resigned player asked to act */
    json_object_set_new(json_array_get(json_object_get(bad, "seats"), 0), "resigned",
                        json_true());
    CHECK(E->status(bad, &s) == -1);
    json_decref(bad);
    json_decref(st);
}

/* ---- format, views, describe ---------------------------------------------- */

static void test_moves_are_validated_strictly(void)
{
    json_t *st = select_position(3);
    struct rules_error err;
    json_t *ev = NULL, *m = json_string("select");

    CHECK(E->apply(&st, 0, m, &rng, &ev, &err) == -1);
    CHECK_EQ_STR(err.code, "bad_move");
    json_decref(m);
    REFUSED(st, 0, "{\"action\":\"engineer\"}", "bad_move");
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"engineer\",\"x\":1}", "unknown_field");
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":7}", "bad_field");
    REFUSED(st, 0, "{\"type\":\"select\",\"action\":\"engineer\",\"pass_option\":1}", "bad_field");
    REFUSED(st, 0, "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":0}",
            "wrong_phase");
    REFUSED(st, -1, "{\"type\":\"select\",\"action\":\"engineer\"}", "not_a_player");
    REFUSED(st, 7, "{\"type\":\"select\",\"action\":\"engineer\"}", "not_a_player");
    json_decref(st);
}

static void test_view_and_round_trip(void)
{
    json_t *st = chain(0, 1, 2, 0, 3), *v = E->view(st, -1), *lm;
    struct st_game *g = load(st);
    json_t *again = steam_game_dump(g);

    CHECK(json_equal(again, st));
    json_decref(again);
    CHECK(json_object_get(v, "map") && json_object_get(v, "track") &&
          json_object_get(v, "links") && json_object_get(v, "cubes") &&
          json_object_get(v, "supply") && json_object_get(v, "players") &&
          json_object_get(v, "turn_order") && json_object_get(v, "bag"));
    CHECK_EQ_INT(json_integer_value(json_object_get(v, "to_act")), 0);
    CHECK_EQ_INT(json_array_size(json_object_get(v, "links")), 3);
    json_decref(v);
    lm = E->legal_moves(st, 0);
    CHECK(json_array_size(json_object_get(lm, "moves")) >= 3);  /* deliveries, loco, pass */
    json_decref(lm);
    lm = E->legal_moves(st, 1);
    CHECK_EQ_INT(json_array_size(json_object_get(lm, "moves")), 0);
    json_decref(lm);
    json_decref(st);
}

/* Every legal-moves entry says whether it is a move or a shape; a move is
 * accepted with its marker, a shape is not. */
static void test_legal_entries_say_move_or_shape(void)
{
    json_t *st = build_position(4, 0), *lm = E->legal_moves(st, 0), *m;
    int moves = 0, shapes = 0;
    size_t i;

    json_array_foreach(json_object_get(lm, "moves"), i, m) {
        const char *type = json_string_value(json_object_get(m, "type"));
        const char *form = json_string_value(json_object_get(m, "form"));
        json_t *copy = json_deep_copy(st), *ev = NULL;
        struct rules_error err;

        if (!CHECK(form))
            continue;
        if (!strcmp(form, "shape")) {
            shapes++;
            CHECK(!strcmp(type, "build") || !strcmp(type, "redirect"));
            CHECK(E->apply(&copy, 0, m, NULL, &ev, &err) != 0);
            CHECK_EQ_STR(err.code, "bad_field");
        } else {
            moves++;
            CHECK_EQ_STR(form, "move");
            CHECK(E->apply(&copy, 0, m, NULL, &ev, &err) == 0);
        }
        json_decref(ev);
        json_decref(copy);
    }
    CHECK(moves > 0 && shapes > 0);
    json_decref(lm);
    json_decref(st);
}

static void test_legal_build_options_are_accepted(void)
{
    json_t *st = build_position(4, 0), *lm = E->legal_moves(st, 0), *m;
    size_t i, j, k;
    int n = 0;

    json_array_foreach(json_object_get(lm, "moves"), i, m) {
        json_t *o, *t;

        if (strcmp(json_string_value(json_object_get(m, "type")), "build"))
            continue;
        json_array_foreach(json_object_get(m, "options"), j, o)
            json_array_foreach(json_object_get(o, "tiles"), k, t) {
                json_t *copy = json_deep_copy(st), *ev = NULL, *mv2;
                struct rules_error err;

                mv2 = json_pack("{s:s, s:O, s:O, s:O}", "type", "build", "hex",
                                json_object_get(o, "hex"), "tile", json_object_get(t, "tile"),
                                "rotation", json_array_get(json_object_get(t, "rotations"), 0));
                if (!CHECK(E->apply(&copy, 0, mv2, &rng, &ev, &err) == 0))
                    fprintf(stderr, "  %s\n", err.message);
                n++;
                json_decref(ev);
                json_decref(mv2);
                json_decref(copy);
            }
    }
    CHECK(n > 20);
    json_decref(lm);
    json_decref(st);
}

static void test_describe(void)
{
    json_t *d = E->describe();

    CHECK_EQ_STR(json_string_value(json_object_get(d, "id")), "steam");
    CHECK_EQ_INT(json_integer_value(json_object_get(d, "min_seats")), 3);
    CHECK_EQ_INT(json_integer_value(json_object_get(d, "max_seats")), 6);
    CHECK(json_object_get(json_object_get(json_object_get(d, "options"), "properties"), "map"));
    {
        size_t i;
        json_t *m;
        int found = 0;

        json_array_foreach(json_object_get(d, "move_types"), i, m) {
            CHECK(json_is_object(json_object_get(m, "schema")));
            CHECK(json_is_string(json_object_get(m, "description")));
            found += !strcmp(json_string_value(json_object_get(m, "type")), "deliver");
        }
        CHECK_EQ_INT(found, 1);
        CHECK_EQ_INT(json_array_size(json_object_get(d, "move_types")), 11);
    }
    CHECK_EQ_INT(json_array_size(json_object_get(d, "maps")), 2);
    {
        int total = 0;
        size_t i;
        json_t *t;

        json_array_foreach(json_object_get(d, "tiles"), i, t)
            total += (int)json_integer_value(json_object_get(t, "count"));
        CHECK_EQ_INT(total, 136);
    }
    json_decref(d);
}

/* ---- track over, through and up to other track, reached by moves ---------- */

/*
 * These cases start from a real deal and reach their position by moves
 * only (no editing of the state), as the rules would in a game: the
 * rulebook's improvements (RULINGS ST-R-04, ST-AMB-07, ST-AMB-10),
 * claims and redirects, costs without terrain, the build count, complex
 * tiles on an empty hex, loops, and a build the player cannot pay.
 * Geometry (Tidewater): c6 -c7- d7 -d8: c7 sharp rot 5 joins c6 (NE) and
 * d7 (E); d7 straight rot 1 joins c6 (NW) and d8 (SE). a4 -b4- c4 and
 * c6 -c5- c4 as in the header; b5 (hills) straight rot 1 runs from a4
 * (NW) towards b6 (SE); c5 gentle rot 1 joins c6 (SE) and b5 (W).
 */

/* The seat that must act. */
static int acting(json_t *st)
{
    return steam_to_act(load(st));
}

/* Applies move text for the seat that must act; returns that seat. */
static int act(json_t **st, const char *text)
{
    int seat = acting(*st);

    OK(*st, seat, text);
    return seat;
}

/* A state as compact text, for byte-for-byte comparisons. */
static char *state_text(json_t *st)
{
    return json_dumps(st, JSON_COMPACT | JSON_SORT_KEYS);
}

/* A refusal that must leave the state exactly as it was. */
#define REFUSED_SAME(st, seat, text, want)                                   \
    do {                                                                     \
        char *b_ = state_text(st), *a_;                                      \
        REFUSED(st, seat, text, want);                                       \
        a_ = state_text(st);                                                 \
        CHECK_EQ_STR(a_, b_);                                                \
        free(a_);                                                            \
        free(b_);                                                            \
    } while (0)

/* Phase 1: the seats take the free action tiles Turn Order, First Move
 * and Engineer, in turn order. */
static void take_free_actions(json_t **st)
{
    static const char *const take[] = {"turn_order", "first_move", "engineer"};
    char text[128];

    for (int i = 0; i < 3; i++) {
        snprintf(text, sizeof text, "{\"type\":\"select\",\"action\":\"%s\"}",
                 take[i]);
        act(st, text);
    }
    CHECK_EQ_INT(load(*st)->phase, ST_BUILD);
}

/* Deals three players on Tidewater (random order), who take the free
 * action tiles; the build phase starts. *s0, *s1, *s2: the seats in turn
 * order. */
static json_t *play_to_build(int *s0, int *s1, int *s2)
{
    json_t *st = deal(3, "tidewater", "random");

    take_free_actions(&st);
    *s0 = load(st)->order[0];
    *s1 = load(st)->order[1];
    *s2 = load(st)->order[2];
    return st;
}

/* What seat paid from state a to state b: cash spent plus what it raised
 * ($5 for each income step, or for each 2 VP, given up). */
static int paid(json_t *a, json_t *b, int seat)
{
    struct st_player p = load(a)->p[seat], q = load(b)->p[seat];

    return p.cash - q.cash + 5 * (p.income - q.income) + 5 * (p.vp - q.vp) / 2;
}

/* The cost named by the last event of type among the last move's. */
static int event_cost(const char *type)
{
    size_t i;
    json_t *e;
    int c = -1;

    json_array_foreach(last_events, i, e)
        if (!strcmp(json_string_value(json_object_get(e, "type")), type))
            c = (int)json_integer_value(json_object_get(e, "cost"));
    return c;
}

static int build_text(char *buf, size_t n, const char *type, const char *hex,
                      const char *tile, int rot)
{
    return snprintf(buf, n, "{\"type\":\"%s\",\"hex\":\"%s\",\"tile\":\"%s\","
                    "\"rotation\":%d}", type, hex, tile, rot);
}

/* Builds (or redirects, type) for seat and returns what it paid. */
static int build_paid(json_t **st, int seat, const char *type, const char *hex,
                      const char *tile, int rot)
{
    json_t *before = json_deep_copy(*st);
    char text[160];
    int c;

    build_text(text, sizeof text, type, hex, tile, rot);
    OK(*st, seat, text);
    c = paid(before, *st, seat);
    json_decref(before);
    return c;
}

/* The owner of the segment of the tile on hex whose ends are sides a, b
 * (ST_TOWN_END for a town); -2 when there is none. */
static int seg_owner(struct st_game *g, const char *hex, int a, int b)
{
    int h = H(g, hex);

    if (g->track[h].tile < 0)
        return -2;
    for (int k = 0; k < g->cat->tile[g->track[h].tile].nseg; k++) {
        int e[2];

        steam_seg_ends(g, h, k, e);
        if ((e[0] == a && e[1] == b) || (e[0] == b && e[1] == a))
            return g->track[h].owner[k];
    }
    return -2;
}

/* The link of the segment of hex with an end at side: its owner, whether
 * complete, and its two ends (node hex or -1); a failed check and a link
 * of owner -9 when there is no such segment. */
static const struct st_link *link_at(struct st_game *g, struct st_net *net,
                                     const char *hex, int side)
{
    static const struct st_link none = {.owner = -9, .end = {-1, -1},
                                        .open_hex = -1, .open_side = -1};
    int h = H(g, hex);

    if (!CHECK(steam_net_build(g, net) == 0))
        return &none;
    for (int k = 0; g->track[h].tile >= 0 &&
                    k < g->cat->tile[g->track[h].tile].nseg; k++) {
        int e[2];

        steam_seg_ends(g, h, k, e);
        if (e[0] == side || e[1] == side)
            return &net->link[net->link_of[h][k]];
    }
    CHECK(!"no track at that side");
    return &none;
}

/* Whether a link has node ends a and b (either way round). */
static int link_between(struct st_game *g, const struct st_link *l,
                        const char *a, const char *b)
{
    int ha = H(g, a), hb = H(g, b);

    return (l->end[0] == ha && l->end[1] == hb) ||
           (l->end[0] == hb && l->end[1] == ha);
}

/* Whether rotations r1 and r2 of tile t lay the same track. */
static int same_track(const struct st_tile *t, int r1, int r2)
{
    for (int k = 0; k < t->nseg; k++) {
        int found = 0;

        for (int j = 0; j < t->nseg; j++)
            found |= t->seg_mask[r1][k] == t->seg_mask[r2][j];
        if (!found)
            return 0;
    }
    return 1;
}

/* Whether legal_moves lists (type, hex, tile, a rotation laying the same
 * track as rot); *cost set to the listed cost. */
static int listed(json_t *lm, const char *type, const char *hex, int t, int rot,
                  int *cost)
{
    const struct st_catalog *cat = steam_catalog_get();
    size_t i, j, k, r;
    json_t *m, *o, *e, *rv;

    json_array_foreach(json_object_get(lm, "moves"), i, m) {
        if (strcmp(json_string_value(json_object_get(m, "type")), type))
            continue;
        json_array_foreach(json_object_get(m, "options"), j, o) {
            if (strcmp(json_string_value(json_object_get(o, "hex")), hex))
                continue;
            json_array_foreach(json_object_get(o, "tiles"), k, e) {
                if (strcmp(json_string_value(json_object_get(e, "tile")),
                           cat->tile[t].id))
                    continue;
                json_array_foreach(json_object_get(e, "rotations"), r, rv)
                    if (same_track(&cat->tile[t], rot,
                                   (int)json_integer_value(rv))) {
                        *cost = (int)json_integer_value(json_object_get(e, "cost"));
                        return 1;
                    }
            }
        }
    }
    return 0;
}

/*
 * Every build and redirect the seat to act may make is listed by
 * legal_moves with its cost, and every listed one is allowed: each hex,
 * tile and rotation goes through the engine's own check (what apply()
 * asks in the build phase, besides the tile count and the funds, also
 * compared here); each allowed one is then applied to a copy, which
 * must accept it and charge the listed cost. Returns how many.
 */
static int check_listing_matches_apply(json_t *st)
{
    const struct st_catalog *cat = steam_catalog_get();
    static struct st_game g;
    struct st_net net;
    struct rules_error err;
    int seat, n = 0, listed_n = 0;
    json_t *lm, *m, *o, *e;
    size_t i, j, k;
    char name[8], text[160];

    if (!CHECK(steam_game_load(&g, st, &err) == 0) ||
        !CHECK(steam_net_build(&g, &net) == 0))
        return 0;
    seat = steam_to_act(&g);
    CHECK(g.phase == ST_BUILD && g.p[seat].builds < steam_build_limit(&g, seat));
    lm = E->legal_moves(st, seat);
    for (int red = 0; red < 2; red++) {
        const char *type = red ? "redirect" : "build";

        for (int h = 0; h < g.map->nhex; h++) {
            if (g.map->hex[h].terrain == ST_VOID)
                continue;
            steam_hex_name(g.map, h, name);
            for (int t = 0; t < cat->ntiles; t++)
                for (int r = 0; r < 6; r++) {
                    int c = -1, lc = -1, ok, is_listed;

                    ok = (red ? steam_redirect_check(&g, &net, seat, h, t, r, &c, NULL)
                              : steam_build_check(&g, &net, seat, h, t, r, &c, NULL)) == 0 &&
                         c <= steam_max_funds(&g, seat);
                    is_listed = listed(lm, type, name, t, r, &lc);
                    build_text(text, sizeof text, type, name, cat->tile[t].id, r);
                    if (!CHECK_EQ_INT(ok, is_listed))
                        fprintf(stderr, "  %s: %s, %s\n", text,
                                ok ? "allowed" : "refused",
                                is_listed ? "listed" : "not listed");
                    if (ok && is_listed) {
                        json_t *copy = json_deep_copy(st), *mvj = json_loads(text, 0, NULL),
                               *ev = NULL;

                        CHECK_EQ_INT(lc, c);
                        if (CHECK(E->apply(&copy, seat, mvj, &rng, &ev, &err) == 0))
                            CHECK_EQ_INT(paid(st, copy, seat), c);
                        json_decref(ev);
                        json_decref(mvj);
                        json_decref(copy);
                        n++;
                    }
                }
        }
    }
    /* nothing is listed that was not tried (listed rotations are distinct) */
    json_array_foreach(json_object_get(lm, "moves"), i, m)
        json_array_foreach(json_object_get(m, "options"), j, o)
            json_array_foreach(json_object_get(o, "tiles"), k, e)
                listed_n += (int)json_array_size(json_object_get(e, "rotations"));
    CHECK(listed_n <= n);
    json_decref(lm);
    return n;
}

/* Whether legal_moves lists this build for the seat to act. */
static int is_listed(json_t *st, const char *type, const char *hex,
                     const char *tile, int rot, int *cost)
{
    json_t *lm = E->legal_moves(st, acting(st));
    int ok;

    *cost = -1;
    ok = listed(lm, type, hex, steam_catalog_tile(steam_catalog_get(), tile),
                    rot, cost);

    json_decref(lm);
    return ok;
}

/*
 * The first builder b lays a straight from Millbrook (c6) to Stonebridge
 * (d8) through d7; the second, a, runs a sharp curve from c6 through c7
 * into d7's west side, where the straight has no track: an open end
 * (RULINGS ST-R-04), which the next build may continue by improving d7.
 */
static json_t *crossing_position(int *a, int *b)
{
    int c, s2;
    json_t *st = play_to_build(b, a, &s2);
    struct st_net net;
    const struct st_link *l;

    CHECK_EQ_INT(build_paid(&st, *b, "build", "d7", "straight", 1), 2);
    OK(st, *b, "{\"type\":\"done\"}");
    CHECK_EQ_INT(acting(st), *a);
    /* before a's track reaches d7, the crossing touches nothing of his */
    REFUSED_SAME(st, *a, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"cross_x\",\"rotation\":0}",
                 "not_connected");
    CHECK(!is_listed(st, "build", "d7", "cross_x", 0, &c));
    CHECK(is_listed(st, "build", "c7", "sharp", 5, &c));
    CHECK_EQ_INT(c, 2);
    CHECK_EQ_INT(build_paid(&st, *a, "build", "c7", "sharp", 5), 2);
    l = link_at(load(st), &net, "c7", 0);
    CHECK(l && !l->complete && l->owner == *a);
    CHECK(l && l->open_hex == H(load(st), "c7") && l->open_side == 0);
    return st;
}

static void test_crossing_another_players_straight_track(void)
{
    int a, b, c;
    json_t *st = crossing_position(&a, &b);
    struct st_game *g;
    struct st_net net;

    CHECK(check_listing_matches_apply(st) > 20);
    REFUSED_SAME(st, a, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"straight\",\"rotation\":0}",
                 "must_preserve");
    CHECK(is_listed(st, "build", "d7", "cross_x", 0, &c));
    CHECK_EQ_INT(c, 4);
    /* the whole crossing is paid: four exits, $4 */
    CHECK_EQ_INT(build_paid(&st, a, "build", "d7", "cross_x", 0), 4);
    CHECK_EQ_INT(count_events("improve"), 1);
    g = load(st);
    CHECK_EQ_INT(seg_owner(g, "d7", 1, 4), b);      /* his track stays his */
    CHECK_EQ_INT(seg_owner(g, "d7", 0, 3), a);
    CHECK(link_between(g, link_at(g, &net, "d7", 1), "c6", "d8"));
    CHECK_EQ_INT(link_at(g, &net, "d7", 1)->owner, b);
    /* a's line runs on through d7 towards e7, still his, still open */
    CHECK_EQ_INT(link_at(g, &net, "d7", 0)->owner, a);
    CHECK(link_at(g, &net, "c7", 0) == link_at(g, &net, "d7", 3));
    CHECK(!link_at(g, &net, "d7", 0)->complete);
    CHECK_EQ_INT(g->p[a].builds, 2);
    json_decref(st);
}

static void test_passing_another_players_straight_track(void)
{
    int a, b, c;
    json_t *st = crossing_position(&a, &b);
    struct st_game *g;
    struct st_net net;

    /* a passing tile keeps b's straight and adds a's sharp curve from
     * d7's west side to its south-west side */
    CHECK(is_listed(st, "build", "d7", "pass_straight", 1, &c));
    CHECK_EQ_INT(c, 4);
    CHECK_EQ_INT(build_paid(&st, a, "build", "d7", "pass_straight", 1), 4);
    g = load(st);
    CHECK_EQ_INT(seg_owner(g, "d7", 1, 4), b);
    CHECK_EQ_INT(seg_owner(g, "d7", 2, 3), a);
    CHECK_EQ_INT(link_at(g, &net, "d7", 1)->owner, b);
    CHECK(link_at(g, &net, "d7", 1)->complete);
    CHECK_EQ_INT(link_at(g, &net, "d7", 3)->owner, a);
    CHECK(link_at(g, &net, "d7", 3)->open_hex == H(g, "d7") &&
          link_at(g, &net, "d7", 3)->open_side == 2);
    json_decref(st);
}

static void test_adding_an_exit_to_another_players_town_tile(void)
{
    int a, b, c, s2;
    json_t *st = play_to_build(&b, &a, &s2);
    struct st_game *g;
    struct st_net net;

    /* b: Westhaven (a4) to the town Ferris (c4), a one-exit town tile */
    CHECK_EQ_INT(build_paid(&st, b, "build", "b4", "straight", 0), 2);
    CHECK_EQ_INT(build_paid(&st, b, "build", "c4", "town_1", 3), 2);
    OK(st, b, "{\"type\":\"done\"}");
    /* a's track does not reach the town yet */
    REFUSED_SAME(st, a, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_sharp\",\"rotation\":2}",
                 "not_connected");
    /* up to the town tile's south-west side, which has no exit */
    CHECK_EQ_INT(build_paid(&st, a, "build", "c5", "gentle", 5), 2);
    g = load(st);
    CHECK(!link_at(g, &net, "c5", 5)->complete);
    CHECK(check_listing_matches_apply(st) > 20);
    REFUSED_SAME(st, a, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_sharp\",\"rotation\":0}",
                 "must_preserve");
    CHECK(is_listed(st, "build", "c4", "town_sharp", 2, &c));
    CHECK_EQ_INT(c, 3);
    /* two exits and the town: $3, the whole tile */
    CHECK_EQ_INT(build_paid(&st, a, "build", "c4", "town_sharp", 2), 3);
    g = load(st);
    CHECK_EQ_INT(seg_owner(g, "c4", ST_TOWN_END, 3), b);
    CHECK_EQ_INT(seg_owner(g, "c4", ST_TOWN_END, 2), a);
    CHECK(link_between(g, link_at(g, &net, "c5", 5), "c6", "c4"));
    CHECK_EQ_INT(link_at(g, &net, "c5", 5)->owner, a);
    CHECK(link_between(g, link_at(g, &net, "b4", 0), "a4", "c4"));
    CHECK_EQ_INT(link_at(g, &net, "b4", 0)->owner, b);
    CHECK_EQ_INT(g->tiles_left[steam_catalog_tile(g->cat, "town_1")], 9);
    json_decref(st);
}

static void test_crossing_own_track(void)
{
    int a, s1, s2, c;
    json_t *st = play_to_build(&a, &s1, &s2);
    struct st_game *g;
    struct st_net net;

    CHECK_EQ_INT(build_paid(&st, a, "build", "d7", "straight", 1), 2);
    CHECK_EQ_INT(build_paid(&st, a, "build", "c7", "sharp", 5), 2);
    CHECK(is_listed(st, "build", "d7", "cross_x", 0, &c));
    CHECK_EQ_INT(build_paid(&st, a, "build", "d7", "cross_x", 0), 4);
    g = load(st);
    CHECK_EQ_INT(seg_owner(g, "d7", 1, 4), a);
    CHECK_EQ_INT(seg_owner(g, "d7", 0, 3), a);
    CHECK(link_between(g, link_at(g, &net, "d7", 1), "c6", "d8"));
    CHECK(!link_at(g, &net, "d7", 0)->complete);
    CHECK(link_at(g, &net, "d7", 0) != link_at(g, &net, "d7", 1));
    /* the improvement was his third build: the next player builds */
    CHECK_EQ_INT(g->p[a].builds, 3);
    CHECK(acting(st) != a);
    json_decref(st);
}

/* Hills b5: an improvement pays the tile, not the terrain; it is one of
 * the three builds of the turn. */
static void test_improving_pays_no_terrain_and_counts_as_a_build(void)
{
    int a, b, c, s2;
    json_t *st = play_to_build(&b, &a, &s2);
    struct st_game *g;
    struct st_net net;

    CHECK_EQ_INT(build_paid(&st, b, "build", "b5", "straight", 1), 2 + 2);
    OK(st, b, "{\"type\":\"done\"}");
    CHECK_EQ_INT(build_paid(&st, a, "build", "c5", "gentle", 1), 2);
    CHECK(is_listed(st, "build", "b5", "cross_x", 0, &c));
    CHECK_EQ_INT(c, 4);
    CHECK_EQ_INT(build_paid(&st, a, "build", "b5", "cross_x", 0), 4);
    CHECK_EQ_INT(event_cost("improve"), 4);
    g = load(st);
    CHECK_EQ_INT(g->p[a].builds, 2);
    CHECK_EQ_INT(acting(st), a);
    /* the third build, on to Westhaven, completes a's link and ends his
     * build: the improvement counted */
    CHECK_EQ_INT(build_paid(&st, a, "build", "a5", "sharp", 5), 2);
    g = load(st);
    CHECK_EQ_INT(g->p[a].builds, 3);
    CHECK(acting(st) != a);
    CHECK(link_between(g, link_at(g, &net, "c5", 1), "c6", "a4"));
    CHECK_EQ_INT(link_at(g, &net, "c5", 1)->owner, a);
    CHECK_EQ_INT(link_at(g, &net, "b5", 1)->owner, b);
    json_decref(st);
}

/* Redirecting pays the track again but no terrain; it is a build; a
 * redirected tile may point at a tile side without track, up to
 * another player's track, which the next build crosses. */
static void test_redirecting_pays_no_terrain_and_may_point_at_track(void)
{
    int a, b, c, s2;
    json_t *st = play_to_build(&b, &a, &s2);
    struct st_game *g;

    CHECK_EQ_INT(build_paid(&st, b, "build", "b5", "straight", 1), 4);
    CHECK(is_listed(st, "redirect", "b5", "gentle", 4, &c));
    CHECK_EQ_INT(c, 2);
    CHECK_EQ_INT(build_paid(&st, b, "redirect", "b5", "gentle", 4), 2);
    CHECK_EQ_INT(event_cost("redirect"), 2);
    g = load(st);
    CHECK_EQ_INT(g->p[b].builds, 2);
    CHECK_EQ_INT(seg_owner(g, "b5", 4, 0), b);
    CHECK_EQ_INT(build_paid(&st, b, "build", "d7", "straight", 1), 2);
    CHECK(acting(st) == a);                     /* b's three builds */
    /* a: from Millbrook towards the town Oxley (b7), then turned into
     * d7's west side, where b's straight has no track, and across it */
    CHECK_EQ_INT(build_paid(&st, a, "build", "c7", "gentle", 3), 2);
    CHECK(is_listed(st, "redirect", "c7", "sharp", 5, &c));
    CHECK_EQ_INT(build_paid(&st, a, "redirect", "c7", "sharp", 5), 2);
    CHECK(check_listing_matches_apply(st) > 20);
    CHECK_EQ_INT(build_paid(&st, a, "build", "d7", "cross_x", 0), 4);
    g = load(st);
    CHECK_EQ_INT(seg_owner(g, "d7", 0, 3), a);
    CHECK_EQ_INT(seg_owner(g, "d7", 1, 4), b);
    CHECK(acting(st) != a);
    json_decref(st);
}

/* Passes every Move Goods activity until the phase is over. */
static void pass_move_goods(json_t **st)
{
    for (int i = 0; i < 40 && load(*st)->phase == ST_MOVE; i++)
        act(st, "{\"type\":\"pass\"}");
    CHECK(load(*st)->phase != ST_MOVE);
}

/*
 * Another player's incomplete link can be neither redirected nor
 * extended; once unowned, one that starts at a town where the player has
 * no link cannot be claimed (by a build or a redirect), and one that
 * starts at a city may be redirected: it stays unowned unless the
 * redirect completes it, which claims it.
 */
static void test_claims_and_redirects_of_others_and_unowned_links(void)
{
    int a, b, c, cost;
    json_t *st = play_to_build(&b, &c, &a), *copy;
    struct st_game *g;
    struct st_net net;

    /* b: Westhaven to the town Ferris (c4) and on from its east exit */
    CHECK_EQ_INT(build_paid(&st, b, "build", "b4", "straight", 0), 2);
    CHECK_EQ_INT(build_paid(&st, b, "build", "c4", "town_straight", 0), 3);
    CHECK_EQ_INT(build_paid(&st, b, "build", "d4", "straight", 0), 2);
    /* c: from Harwick (e1) towards e3 */
    CHECK_EQ_INT(build_paid(&st, c, "build", "e2", "gentle", 2), 2);
    OK(st, c, "{\"type\":\"done\"}");
    CHECK_EQ_INT(acting(st), a);
    REFUSED_SAME(st, a, "{\"type\":\"redirect\",\"hex\":\"d4\",\"tile\":\"gentle\",\"rotation\":1}",
                 "other_players_track");
    REFUSED_SAME(st, a, "{\"type\":\"redirect\",\"hex\":\"e2\",\"tile\":\"straight\",\"rotation\":1}",
                 "other_players_track");
    REFUSED_SAME(st, a, "{\"type\":\"build\",\"hex\":\"e3\",\"tile\":\"straight\",\"rotation\":2}",
                 "other_players_track");
    CHECK(!is_listed(st, "redirect", "e2", "straight", 1, &cost));
    OK(st, a, "{\"type\":\"done\"}");
    pass_move_goods(&st);
    /* turn 2, the same order: b and c do not extend their links */
    take_free_actions(&st);
    CHECK_EQ_INT(load(st)->turn, 2);
    OK(st, b, "{\"type\":\"done\"}");
    CHECK_EQ_INT(count_events("link_lost"), 1);
    OK(st, c, "{\"type\":\"done\"}");
    CHECK_EQ_INT(count_events("link_lost"), 1);
    g = load(st);
    CHECK_EQ_INT(link_at(g, &net, "d4", 0)->owner, -1);
    CHECK_EQ_INT(link_at(g, &net, "e2", 4)->owner, -1);
    CHECK_EQ_INT(link_at(g, &net, "b4", 0)->owner, b);  /* complete: kept */
    CHECK_EQ_INT(acting(st), a);
    /* the unowned link from the town c4, where a has no link */
    REFUSED_SAME(st, a, "{\"type\":\"build\",\"hex\":\"e4\",\"tile\":\"straight\",\"rotation\":0}",
                 "cannot_claim");
    REFUSED_SAME(st, a, "{\"type\":\"redirect\",\"hex\":\"d4\",\"tile\":\"gentle\",\"rotation\":1}",
                 "cannot_claim");
    CHECK(!is_listed(st, "build", "e4", "straight", 0, &cost));
    CHECK(!is_listed(st, "redirect", "d4", "gentle", 1, &cost));
    CHECK(check_listing_matches_apply(st) > 20);
    /* the unowned link from the city e1: redirected elsewhere, still
     * unowned (redirecting is not extending) */
    copy = json_deep_copy(st);
    CHECK_EQ_INT(build_paid(&st, a, "redirect", "e2", "gentle", 4), 2);
    g = load(st);
    CHECK_EQ_INT(link_at(g, &net, "e2", 4)->owner, -1);
    CHECK_EQ_INT(g->p[a].builds, 1);
    /* redirected into Caldbury (f3), it is complete and a's */
    CHECK_EQ_INT(build_paid(&copy, a, "redirect", "e2", "straight", 1), 2);
    g = load(copy);
    CHECK(link_between(g, link_at(g, &net, "e2", 4), "e1", "f3"));
    CHECK_EQ_INT(link_at(g, &net, "e2", 4)->owner, a);
    json_decref(copy);
    json_decref(st);
}

/* A crossing on an empty hex: both its tracks must obey the building
 * rules, and it pays the terrain. */
static void test_complex_tile_on_an_empty_hex(void)
{
    int a, s1, s2, cost;
    json_t *st = play_to_build(&a, &s1, &s2);
    struct st_game *g;
    struct st_net net;

    /* from Westhaven (a4) through b4 into the hills hex b5 */
    CHECK_EQ_INT(build_paid(&st, a, "build", "b4", "sharp", 2), 2);
    /* cross_x rot 0: its east-west track touches nothing of a's */
    REFUSED_SAME(st, a, "{\"type\":\"build\",\"hex\":\"b5\",\"tile\":\"cross_x\",\"rotation\":0}",
                 "not_connected");
    CHECK(!is_listed(st, "build", "b5", "cross_x", 0, &cost));
    CHECK(is_listed(st, "build", "b5", "cross_x", 1, &cost));
    CHECK_EQ_INT(cost, 4 + 2);
    /* rot 1: one track from a4, the other on from b4; four exits and
     * the hills */
    CHECK_EQ_INT(build_paid(&st, a, "build", "b5", "cross_x", 1), 6);
    CHECK_EQ_INT(event_cost("build"), 6);
    CHECK_EQ_INT(count_events("improve"), 0);
    g = load(st);
    CHECK_EQ_INT(seg_owner(g, "b5", 1, 4), a);
    CHECK_EQ_INT(seg_owner(g, "b5", 2, 5), a);
    CHECK(link_at(g, &net, "b5", 5) == link_at(g, &net, "b4", 3));
    CHECK(link_at(g, &net, "b5", 1) != link_at(g, &net, "b5", 5));
    CHECK_EQ_INT(g->p[a].builds, 2);
    json_decref(st);
}

/*
 * "Track may not be placed that both starts and finishes in the same town
 * or city" - but "Players may build a series of links that together form
 * a loop": Harwick (e1) - Caldbury (f3) - Poole Cross (d2) - Harwick.
 */
static void test_loops_of_links(void)
{
    int a, b, s2, cost;
    json_t *st = play_to_build(&a, &b, &s2);
    struct st_game *g;
    struct st_net net;

    CHECK_EQ_INT(build_paid(&st, a, "build", "e2", "straight", 1), 2);
    CHECK_EQ_INT(build_paid(&st, a, "build", "e3", "gentle", 4), 2);
    CHECK(is_listed(st, "build", "d2", "town_gentle", 5, &cost));
    CHECK_EQ_INT(build_paid(&st, a, "build", "d2", "town_gentle", 5), 3);
    g = load(st);
    CHECK(link_between(g, link_at(g, &net, "e2", 1), "e1", "f3"));
    CHECK(link_between(g, link_at(g, &net, "e3", 0), "f3", "d2"));
    CHECK(link_between(g, link_at(g, &net, "d2", 5), "d2", "e1"));
    CHECK_EQ_INT(link_at(g, &net, "e2", 1)->owner, a);
    CHECK_EQ_INT(link_at(g, &net, "e3", 0)->owner, a);
    CHECK_EQ_INT(link_at(g, &net, "d2", 5)->owner, a);
    /* b: Millbrook (c6) through c7 and d7 back to Millbrook */
    CHECK_EQ_INT(acting(st), b);
    CHECK_EQ_INT(build_paid(&st, b, "build", "c7", "sharp", 5), 2);
    REFUSED_SAME(st, b, "{\"type\":\"build\",\"hex\":\"d7\",\"tile\":\"sharp\",\"rotation\":3}",
                 "same_place");
    CHECK(!is_listed(st, "build", "d7", "sharp", 3, &cost));
    json_decref(st);
}

/* A tile costing more than the player can raise is refused and changes
 * nothing; legal_moves does not offer it. */
static void test_track_the_player_cannot_pay_for(void)
{
    json_t *st = deal(3, "tidewater", "auction"), *lm;
    int x = acting(st), cost;
    struct st_game *g;
    size_t i;
    json_t *m;

    /* x bids $48 for first place: ten income steps raise $50, $2 over */
    OK(st, x, "{\"type\":\"bid\",\"amount\":48}");
    for (int i2 = 0; i2 < 20 && load(st)->phase == ST_AUCTION; i2++)
        act(&st, "{\"type\":\"pass\"}");
    g = load(st);
    CHECK_EQ_INT(g->order[0], x);
    CHECK_EQ_INT(g->p[x].cash, 2);
    CHECK_EQ_INT(g->p[x].income, -10);
    CHECK_EQ_INT(steam_max_funds(g, x), 2);
    take_free_actions(&st);
    CHECK_EQ_INT(acting(st), x);
    /* a straight on the hills b5 costs $4 */
    REFUSED_SAME(st, x, "{\"type\":\"build\",\"hex\":\"b5\",\"tile\":\"straight\",\"rotation\":1}",
                 "cannot_pay");
    CHECK(!is_listed(st, "build", "b5", "straight", 1, &cost));
    CHECK(check_listing_matches_apply(st) > 5);
    CHECK_EQ_INT(build_paid(&st, x, "build", "b4", "straight", 0), 2);
    CHECK_EQ_INT(load(st)->p[x].cash, 0);
    REFUSED_SAME(st, x, "{\"type\":\"build\",\"hex\":\"c4\",\"tile\":\"town_1\",\"rotation\":3}",
                 "cannot_pay");
    lm = E->legal_moves(st, x);
    json_array_foreach(json_object_get(lm, "moves"), i, m) {
        CHECK(strcmp(json_string_value(json_object_get(m, "type")), "build"));
        CHECK(strcmp(json_string_value(json_object_get(m, "type")), "redirect"));
    }
    json_decref(lm);
    json_decref(st);
}

/* ---- randomness, and rules played from a real deal ------------------------
 *
 * These cases reach their positions by moves from a deal; the randomness
 * cases deal many games from fixed keys, so they are deterministic, with
 * bounds far enough out that a fair shuffle never comes near them.
 */

/* Deals game k (its own key) with n players; the stream is left in *r. */
static json_t *deal_k(int n, const char *order, int k, struct rng *r)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    json_t *st = NULL, *ev = NULL, *opts = json_pack("{s:s}", "turn_order", order);

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + k * 101 + (k >> 8) * 7 + 3);
    rng_init(r, key, 0);
    if (!CHECK(E->setup(opts, n, r, &st, &ev, &err) == 0))
        fprintf(stderr, "setup: %s\n", err.message);
    json_decref(opts);
    json_decref(last_events);
    last_events = ev;
    return st;
}

/* Pearson's statistic of counts against expected counts. */
static double chi_square(const long *count, const double *expect, int n)
{
    double x = 0;

    for (int i = 0; i < n; i++)
        x += (count[i] - expect[i]) * (count[i] - expect[i]) / expect[i];
    return x;
}

/*
 * "Place all the Goods cubes in the bag. Randomly draw cubes from the bag":
 * the colours on the first city dealt and on the last Goods Supply space
 * (the first and the last cubes drawn) follow the bag's 20/20/20/20/16 over
 * 600 deals. The bound, 30 for 4 degrees of freedom, is passed by chance
 * about once in 100,000 deals of a fair bag; an unshuffled bag scores in
 * the thousands.
 */
static void test_setup_cube_draws_follow_the_bag(void)
{
    static const double share[ST_COLOURS] = {20, 20, 20, 20, 16};
    long first[ST_COLOURS] = {0}, last[ST_COLOURS] = {0};
    long nfirst = 0, nlast = 0;
    double ef[ST_COLOURS], el[ST_COLOURS], x1, x2;
    struct rng r;

    for (int k = 0; k < 600; k++) {
        json_t *st = deal_k(4, "auction", k, &r);
        struct st_game *g = load(st);
        int h = g->map->city[0].hex, sp = g->map->supply_spaces - 1;

        for (int c = 0; c < ST_COLOURS; c++) {
            first[c] += g->cubes[h][c];
            nfirst += g->cubes[h][c];
            last[c] += g->supply[sp][c];
            nlast += g->supply[sp][c];
        }
        json_decref(st);
    }
    for (int c = 0; c < ST_COLOURS; c++) {
        ef[c] = (double)nfirst * share[c] / 96;
        el[c] = (double)nlast * share[c] / 96;
    }
    x1 = chi_square(first, ef, ST_COLOURS);
    x2 = chi_square(last, el, ST_COLOURS);
    if (!CHECK(x1 < 30 && x2 < 30))
        fprintf(stderr, "  chi-square of the cube colours: first city %.1f, "
                "last supply space %.1f\n", x1, x2);
}

/*
 * "Randomly determine a player to start bidding": the first bidder over
 * 400 four-player deals; and the first-game rule's random order ("Put the
 * Action tiles in the bag and draw one for each player"): who goes first.
 * Each even over the seats (bound 25 for 3 degrees of freedom).
 */
static void test_first_bidder_and_random_order_are_even(void)
{
    long bidder[4] = {0}, first[4] = {0};
    double even[4] = {100, 100, 100, 100}, xb, xf;
    struct rng r;

    for (int k = 0; k < 400; k++) {
        json_t *st = deal_k(4, "auction", k, &r);

        bidder[load(st)->auc_turn]++;
        json_decref(st);
        st = deal_k(4, "random", k, &r);
        first[load(st)->order[0]]++;
        json_decref(st);
    }
    xb = chi_square(bidder, even, 4);
    xf = chi_square(first, even, 4);
    if (!CHECK(xb < 25 && xf < 25))
        fprintf(stderr, "  chi-square over the seats: first bidder %.1f, "
                "first player %.1f\n", xb, xf);
}

/*
 * The setup's draws come one after the other from the stream: each draw
 * takes stream bytes the earlier ones did not. If the position were not
 * carried from the cube shuffle to the next draw, the first bidder (and
 * the random order's tiles) would repeat the shuffle's first draw: the
 * first bidder would equal a draw of one seat from the stream's start in
 * every deal, where it does in about one deal in four; the seven tiles'
 * order would equal a shuffle of seven from the start. And the stream
 * moves on by at least a 32-bit word per draw of the shuffle (95 for 96
 * cubes) and one more.
 */
static void test_setup_draws_do_not_repeat(void)
{
    int same_bidder = 0, same_tiles = 0;

    for (int k = 0; k < 200; k++) {
        struct rng r, fresh;
        json_t *st = deal_k(4, "auction", k, &r);
        int tiles[ST_ACTIONS];
        const char *drawn;

        CHECK(r.pos >= 4 * (95 + 1));
        rng_init(&fresh, r.key, 0);
        same_bidder += load(st)->auc_turn == (int)rng_uniform(&fresh, 4);
        json_decref(st);
        st = deal_k(4, "random", k, &r);
        CHECK(r.pos >= 4 * (95 + 6));
        rng_init(&fresh, r.key, 0);
        for (int i = 0; i < ST_ACTIONS; i++)
            tiles[i] = i;
        rng_shuffle(&fresh, tiles, ST_ACTIONS);
        drawn = json_string_value(json_array_get(json_object_get(
                    json_array_get(last_events, 1), "tiles_drawn"), 0));
        same_tiles += drawn && steam_catalog_action(load(st)->cat, drawn) == tiles[0];
        json_decref(st);
    }
    /* expected about 50 and 29 of 200 */
    if (!CHECK(same_bidder < 90 && same_tiles < 70))
        fprintf(stderr, "  draws repeating the stream's first: bidder %d, "
                "tiles %d of 200\n", same_bidder, same_tiles);
}

/* The seat that must act (the game is not over). */
static int actor(json_t *st)
{
    struct rules_status s;

    CHECK(E->status(st, &s) == 0);
    for (int i = 0; i < ST_MAX_PLAYERS; i++)
        if (s.must_act & (1u << i))
            return i;
    return -1;
}

/* Everyone finishes the build and passes twice in Move Goods. */
static void build_and_move_passing(json_t **st)
{
    while (load(*st)->phase == ST_BUILD)
        OK(*st, actor(*st), "{\"type\":\"done\"}");
    while (load(*st)->phase == ST_MOVE)
        OK(*st, actor(*st), "{\"type\":\"pass\"}");
}

/*
 * City Growth from a real deal: the third player ($2 from the random
 * order) takes City Growth and pays the tile's $2; in the build he must
 * place before he finishes; the set of cubes on the supply space he names
 * moves onto the city he names, all of it, with the City Growth marker;
 * the bag is untouched; the city cannot grow again.
 */
static void test_city_growth_cubes_and_cost_from_a_deal(void)
{
    json_t *st = deal(3, "tidewater", "random");
    struct st_game *g = load(st);
    int o[3] = {g->order[0], g->order[1], g->order[2]}, h, sp = 1;
    int before[ST_COLOURS], set[ST_COLOURS], bag[ST_COLOURS];
    char text[128], name[8];

    CHECK_EQ_INT(g->p[o[2]].cash, 2);
    h = g->map->city[2].hex;
    steam_hex_name(g->map, h, name);
    memcpy(before, g->cubes[h], sizeof before);
    memcpy(set, g->supply[sp], sizeof set);
    memcpy(bag, g->bag, sizeof bag);
    OK(st, o[0], "{\"type\":\"select\",\"action\":\"turn_order\"}");
    OK(st, o[1], "{\"type\":\"select\",\"action\":\"engineer\"}");
    OK(st, o[2], "{\"type\":\"select\",\"action\":\"city_growth\"}");
    g = load(st);
    CHECK_EQ_INT(g->p[o[2]].cash, 0);          /* $2 paid, nothing raised */
    CHECK_EQ_INT(g->p[o[2]].income, 0);
    CHECK_EQ_INT(g->money_in, 2);
    while (actor(st) != o[2])
        OK(st, actor(st), "{\"type\":\"done\"}");
    REFUSED(st, o[2], "{\"type\":\"done\"}", "must_grow");
    snprintf(text, sizeof text, "{\"type\":\"grow\",\"city\":\"%s\",\"supply\":%d}", name, sp);
    OK(st, o[2], text);
    g = load(st);
    for (int c = 0; c < ST_COLOURS; c++) {
        CHECK_EQ_INT(g->cubes[h][c], before[c] + set[c]);
        CHECK_EQ_INT(g->supply[sp][c], 0);
        CHECK_EQ_INT(g->bag[c], bag[c]);
    }
    CHECK_EQ_INT(set[0] + set[1] + set[2] + set[3] + set[4], 2);   /* 3 players */
    CHECK(g->growth[h]);
    CHECK_EQ_INT(count_events("grow"), 1);
    CHECK_EQ_INT((int)json_array_size(json_object_get(json_array_get(last_events, 0), "cubes")), 2);
    REFUSED(st, o[2], text, "not_growing");
    OK(st, o[2], "{\"type\":\"done\"}");
    json_decref(st);
}

/*
 * "If a player selected an action but then chose to pass, the value of
 * the action still determines his position in the order of play": from a
 * deal, the first player takes Locomotive (7), the second City Growth
 * with its Pass Option (5), the third Urbanization with its Pass Option
 * (6). The passes cost nothing, and next turn's order is second, third,
 * first.
 */
static void test_passed_action_tile_still_sets_turn_order(void)
{
    json_t *st = deal(3, "tidewater", "random");
    struct st_game *g = load(st);
    int o[3] = {g->order[0], g->order[1], g->order[2]};

    OK(st, o[0], "{\"type\":\"select\",\"action\":\"locomotive\"}");
    OK(st, o[1], "{\"type\":\"select\",\"action\":\"city_growth\",\"pass_option\":true}");
    OK(st, o[2], "{\"type\":\"select\",\"action\":\"urbanization\",\"pass_option\":true}");
    g = load(st);
    CHECK_EQ_INT(g->p[o[1]].cash, 1);          /* what the random order gave */
    CHECK_EQ_INT(g->p[o[2]].cash, 2);
    CHECK_EQ_INT(g->p[o[1]].owe | g->p[o[2]].owe, 0);
    build_and_move_passing(&st);
    g = load(st);
    CHECK_EQ_INT(g->turn, 2);
    CHECK_EQ_INT(g->order[0], o[1]);
    CHECK_EQ_INT(g->order[1], o[2]);
    CHECK_EQ_INT(g->order[2], o[0]);
    json_decref(st);
}

/* Lays one-tile links owned by seat on h, if h is empty: on plains or
 * hills between two neighbouring cities, or on a town towards each of
 * its neighbouring cities (max at most); returns how many. */
static int lay_link(struct st_game *g, int h, int seat, int max)
{
    static const char *const by_turn[] = {NULL, "sharp", "gentle", "straight"};
    int a = -1, b = -1;
    char name[8];

    if (g->track[h].tile >= 0)
        return 0;
    if (g->map->hex[h].terrain == ST_TOWN) {    /* a link to each city */
        unsigned cities = 0;
        int best = -1, best_rot = 0;

        for (int s = 0; s < 6; s++) {
            int n = g->map->hex[h].nb[s];

            if (n >= 0 && !g->map->hex[h].blocked[s] && g->map->hex[n].terrain == ST_CITY)
                cities |= 1u << s;
        }
        for (int t = 0; t < g->cat->ntiles; t++)
            for (int r = 0; g->cat->tile[t].town && r < 6; r++)
                if (!(g->cat->tile[t].side_mask[r] & ~cities) &&
                    g->cat->tile[t].exits <= max && (best < 0 || g->cat->tile[t].exits > g->cat->tile[best].exits))
                    best = t, best_rot = r;
        if (best < 0 || !cities)
            return 0;
        lay(g, steam_hex_name(g->map, h, name), g->cat->tile[best].id, best_rot, seat);
        return g->cat->tile[best].exits;
    }
    if (g->map->hex[h].terrain != ST_PLAINS && g->map->hex[h].terrain != ST_HILLS)
        return 0;
    for (int s = 0; s < 6; s++) {
        int n = g->map->hex[h].nb[s];

        if (n >= 0 && !g->map->hex[h].blocked[s] &&
            g->map->hex[n].terrain == ST_CITY) {
            if (a < 0)
                a = s;
            else if (b < 0 && (s - a) <= 3)
                b = s;
        }
    }
    if (b < 0)
        return 0;
    lay(g, steam_hex_name(g->map, h, name), by_turn[b - a], a, seat);
    return 1;
}

/* seat takes the first free action tile still there. */
static void select_free(json_t **st, int seat)
{
    static const char *const tiles[] = {"turn_order", "first_move", "first_build", "engineer"};
    struct rules_error err;
    char text[80];

    for (int i = 0; i < 4; i++) {
        snprintf(text, sizeof text, "{\"type\":\"select\",\"action\":\"%s\"}", tiles[i]);
        if (mv(st, seat, text, &err) == 0)
            return;
    }
    CHECK(!"no free action tile left");
}

/* The plain tile joining sides x and y, as tile name and rotation. */
static const char *pair_tile(int x, int y, int *rot)
{
    static const char *const by_turn[] = {NULL, "sharp", "gentle", "straight",
                                          "gentle", "sharp"};
    int d = ((y - x) % 6 + 6) % 6;

    *rot = d <= 3 ? x : y;
    return by_turn[d];
}

/* The city on side s of h, or -1. */
static int city_at(struct st_game *g, int h, int s)
{
    int n = g->map->hex[h].nb[s];

    return n >= 0 && !g->map->hex[h].blocked[s] && g->map->hex[n].terrain == ST_CITY
               ? n : -1;
}

static int empty_land(struct st_game *g, int h)
{
    return h >= 0 && g->track[h].tile < 0 &&
           (g->map->hex[h].terrain == ST_PLAINS || g->map->hex[h].terrain == ST_HILLS);
}

/* Lays a two-tile link owned by seat from a city next to h through h and
 * a neighbour of h to another city; returns 1, or 0 when none fits. */
static int lay_link2(struct st_game *g, int h, int seat)
{
    char name[8];

    if (!empty_land(g, h))
        return 0;
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++) {
            int n = g->map->hex[h].nb[b], c1 = city_at(g, h, a), rot;

            if (c1 < 0 || b == a || !empty_land(g, n) || g->map->hex[h].blocked[b])
                continue;
            for (int c = 0; c < 6; c++) {
                int c2 = city_at(g, n, c);

                if (c2 < 0 || c2 == c1 || c == (b + 3) % 6)
                    continue;
                lay(g, steam_hex_name(g->map, h, name), pair_tile(a, b, &rot), 0, seat);
                g->track[h].rot = rot;
                lay(g, steam_hex_name(g->map, n, name), pair_tile((b + 3) % 6, c, &rot), 0, seat);
                g->track[n].rot = rot;
                return 1;
            }
        }
    return 0;
}

/*
 * The rulebook's end-of-game example: "Nick earned 37 points during the
 * game for deliveries. His Income Track token was on -1 at the end of the
 * game, and he had 10 completed links on the board. His final score is:
 * 37-2 + 10 = 45 Victory Points." The game is played by moves to its last
 * turn; there Nick's income goes to -1 by moves (he raises $5 to pay for
 * City Growth). His 37 delivery points and 10 one-tile links are then put
 * in the state, as the engine cannot be steered to exactly 37 points by a
 * short script; the rest of the last turn (Phase 4 included: he pays his
 * $1) is played by moves, and final scoring must add up as the example.
 */
static void test_final_score_as_the_rulebooks_example(void)
{
    json_t *st = deal(3, "rhinegold", "random"), *over = NULL;
    struct st_game *g = load(st);
    int nick = g->order[0], other = g->order[1], links = 0, cash;
    size_t i;
    json_t *e;

    while (load(st)->turn < load(st)->last_turn) {
        while (load(st)->phase == ST_SELECT)
            select_free(&st, actor(st));       /* Nick first: Turn Order */
        build_and_move_passing(&st);
    }
    g = load(st);
    CHECK_EQ_INT(g->order[0], nick);
    CHECK_EQ_INT(g->p[nick].cash, 0);          /* first in the random order */
    CHECK_EQ_INT(g->p[nick].income, 0);
    OK(st, nick, "{\"type\":\"select\",\"action\":\"city_growth\"}");
    CHECK_EQ_INT(load(st)->p[nick].income, -1);   /* $5 raised for $2 */
    CHECK_EQ_INT(load(st)->p[nick].cash, 3);
    while (load(st)->phase == ST_SELECT)
        select_free(&st, actor(st));
    g = load(st);
    g->p[nick].vp = 37;                        /* his deliveries' points */
    g->p[other].income = 4;                    /* and another's income */
    cash = g->p[other].cash;
    for (int h = 0; h < g->map->nhex && links < 10; h++)
        links += lay_link(g, h, nick, 10 - links);
    for (int h = 0; h < g->map->nhex && links < 10; h++)
        links += lay_link2(g, h, nick);
    CHECK_EQ_INT(links, 10);
    st = save(st, g);
    while (load(st)->phase == ST_BUILD) {
        int s = actor(st);

        if (s == nick && load(st)->p[nick].owe) {
            char text[80], name[8];

            snprintf(text, sizeof text, "{\"type\":\"grow\",\"city\":\"%s\",\"supply\":0}",
                     steam_hex_name(g->map, g->map->city[0].hex, name));
            OK(st, s, text);
            continue;
        }
        OK(st, s, "{\"type\":\"done\"}");
    }
    while (load(st)->phase == ST_MOVE)
        OK(st, actor(st), "{\"type\":\"pass\"}");
    g = load(st);
    CHECK_EQ_INT(g->phase, ST_OVER);
    CHECK_EQ_INT(g->p[nick].vp, 45);
    CHECK_EQ_INT(g->p[nick].cash, 2);          /* $3 less his $1 of Phase 4 */
    CHECK_EQ_INT(g->p[other].cash, cash + 4);  /* the bank paid the other $4 */
    check_money(st);
    json_array_foreach(last_events, i, e)
        if (!strcmp(json_string_value(json_object_get(e, "type")), "game_over"))
            over = json_array_get(json_object_get(e, "scores"), (size_t)nick);
    CHECK_EQ_INT(json_integer_value(json_object_get(over, "from_income")), -2);
    CHECK_EQ_INT(json_integer_value(json_object_get(over, "links")), 10);
    CHECK_EQ_INT(json_integer_value(json_object_get(over, "vp")), 45);
    CHECK_EQ_INT(json_integer_value(json_object_get(over, "income")), -1);
    json_decref(st);
}

/* ST-R-13: a seat out of time under "auto" commits to least: games played
 * by such moves alone run to their end, each move legal and costing
 * nothing, a pass wherever one is possible. */
static void test_a_seat_out_of_time_commits_to_least(void)
{
    for (int n = 3; n <= 6; n++) {
        json_t *st = deal(n, NULL, NULL);
        struct rules_status rs;
        int moves = 0, passes = 0;

        for (int i = 0; i < 3000 && E->status(st, &rs) == 0 && !rs.finished; i++) {
            int seat = 0;
            json_t *lm, *m, *e, *events = NULL;
            int listed = 0, could_pass = 0;
            struct rules_error err;
            size_t k;

            while (!(rs.must_act >> seat & 1u))
                seat++;
            lm = E->legal_moves(st, seat);
            if (!CHECK((m = E->timeout_move(st, seat)) != NULL)) {
                json_decref(lm);
                break;
            }
            json_array_foreach(json_object_get(lm, "moves"), k, e) {
                json_object_del(e, "form");     /* the logged move has none */
                listed |= json_equal(e, m);
                could_pass |= strcmp(json_string_value(json_object_get(e, "type")), "pass") == 0;
            }
            CHECK(listed);
            if (could_pass) {
                CHECK_EQ_STR(json_string_value(json_object_get(m, "type")), "pass");
                passes++;
            }
            CHECK(strcmp(json_string_value(json_object_get(m, "type")), "bid") != 0);
            CHECK(strcmp(json_string_value(json_object_get(m, "type")), "build") != 0);
            if (!CHECK_EQ_INT(E->apply(&st, seat, m, &rng, &events, &err), 0))
                fprintf(stderr, "  %s: %s\n", err.code, err.message);
            json_decref(events);
            json_decref(m);
            json_decref(lm);
            moves++;
        }
        CHECK(E->status(st, &rs) == 0 && rs.finished);
        CHECK(moves > 20 && passes > 0);
        json_decref(st);
    }
}

int main(void)
{
    CHECK(steam_catalog_get()->ok);
    if (!steam_catalog_get()->ok)
        fprintf(stderr, "catalog: %s\n", steam_catalog_get()->error);
    RUN(test_setup_cubes_on_cities_and_supply);
    RUN(test_setup_three_players_fewer_cubes);
    RUN(test_game_length_by_players);
    RUN(test_random_order_gives_starting_cash);
    RUN(test_auction_for_turn_order);
    RUN(test_select_action_tiles);
    RUN(test_locomotive_action_costs_and_limit);
    RUN(test_raising_money_at_minus_ten_costs_vp);
    RUN(test_urbanization_needs_a_town);
    RUN(test_first_track_must_start_at_a_city);
    RUN(test_track_costs_by_terrain);
    RUN(test_building_limits);
    RUN(test_three_tiles_or_four_with_engineer);
    RUN(test_tile_supply_runs_out);
    RUN(test_no_link_back_to_the_same_city);
    RUN(test_cannot_extend_another_players_track);
    RUN(test_town_exit_joining_another_players_track);
    RUN(test_town_tile_completes_a_link);
    RUN(test_new_link_from_a_town_needs_own_track_there);
    RUN(test_incomplete_link_lost_if_not_extended);
    RUN(test_extending_keeps_an_incomplete_link);
    RUN(test_claiming_an_unowned_link);
    RUN(test_redirecting_track);
    RUN(test_improving_track_with_a_crossing);
    RUN(test_improving_a_town_tile_with_more_exits);
    RUN(test_urbanization_during_the_build);
    RUN(test_city_growth_during_the_build);
    RUN(test_delivery_to_the_first_city_of_its_colour);
    RUN(test_locomotive_limits_the_links);
    RUN(test_own_links_at_least_as_often_as_any_other);
    RUN(test_track_points_to_every_owner_in_turn_order);
    RUN(test_first_move_acts_first_each_round);
    RUN(test_income_and_expenses);
    RUN(test_final_scoring_and_ties);
    RUN(test_first_build_builds_first);
    RUN(test_city_growth_needs_a_city_without_marker);
    RUN(test_deliveries_only_on_completed_links);
    RUN(test_bankrupt_players_incomplete_links_can_be_claimed);
    RUN(test_resigning_seat_to_act_passes_the_turn_on);
    RUN(test_resigning_seat_not_to_act_returns_its_action_tile);
    RUN(test_three_players_resign_down_to_one_who_wins);
    RUN(test_resigned_players_links_become_unowned);
    RUN(test_resigning_while_track_points_are_scored);
    RUN(test_first_builder_resigns_and_the_build_goes_on);
    RUN(test_resigning_in_the_auction);
    RUN(test_resigned_player_is_dropped_at_phase_five);
    RUN(test_bankrupt_cannot_resign_and_resigned_rank_last);
    RUN(test_damaged_resignations_are_refused);
    RUN(test_moves_are_validated_strictly);
    RUN(test_view_and_round_trip);
    RUN(test_legal_build_options_are_accepted);
    RUN(test_describe);
    RUN(test_crossing_another_players_straight_track);
    RUN(test_passing_another_players_straight_track);
    RUN(test_adding_an_exit_to_another_players_town_tile);
    RUN(test_crossing_own_track);
    RUN(test_improving_pays_no_terrain_and_counts_as_a_build);
    RUN(test_redirecting_pays_no_terrain_and_may_point_at_track);
    RUN(test_claims_and_redirects_of_others_and_unowned_links);
    RUN(test_complex_tile_on_an_empty_hex);
    RUN(test_loops_of_links);
    RUN(test_track_the_player_cannot_pay_for);
    RUN(test_setup_cube_draws_follow_the_bag);
    RUN(test_first_bidder_and_random_order_are_even);
    RUN(test_setup_draws_do_not_repeat);
    RUN(test_city_growth_cubes_and_cost_from_a_deal);
    RUN(test_passed_action_tile_still_sets_turn_order);
    RUN(test_final_score_as_the_rulebooks_example);
    RUN(test_a_seat_out_of_time_commits_to_least);
    RUN(test_legal_entries_say_move_or_shape);
    json_decref(last_events);
    return check_summary();
}
