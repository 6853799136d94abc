/*
 * test_steam_property.c - thousands of random Steam games: 400 for each
 * player count (3 to 6) by default; STEAM_GAMES sets the number per
 * player count (STEAM_GAMES=50 plays 200).
 *
 * Each step takes the seat that status() says must act, asks legal_moves
 * for its moves, picks one (expanding shapes - build options, bid ranges,
 * urbanize and grow values - into a concrete move), applies it and checks:
 *   - apply accepts it (no listed move is refused), exactly one seat must
 *     act, and the other seats' legal_moves are empty;
 *   - against a model of the game kept from the events alone (never from
 *     the engine's accounting): the bag, each supply space and each city
 *     hold the cubes the events moved there, 96 by colour (20/20/20/20/16,
 *     a delivered cube back in the bag); the tile supply and the board
 *     hold the 136 tiles by kind; each seat's cash changed by exactly the
 *     costs and incomes the events name, and each named cost is the
 *     rulebook's price (track by exits, town and terrain, action tiles,
 *     bids), raising no more than needed; income, VP and locomotive as
 *     the events moved them; the bank's count of money agrees;
 *   - a city's cubes rise only by City Growth or Urbanization, no VP is
 *     below 0 before the end, each action tile has one holder in a turn,
 *     nobody builds more than 3 tiles in a turn (4 with Engineer);
 *   - every REFUSE_EVERY steps, the move about to be made with a field
 *     changed, dropped or added: if refused, the state's JSON (sorted
 *     keys) is byte for byte as before, with no events;
 *   - money in play equals what the bank paid out minus what it took in
 *     (a player who resigns hands his cash to the bank and holds $0), and
 *     no link belongs to a player who resigned or went bankrupt;
 *   - no junction outside towns and cities (no tile side carries two
 *     tracks, only town tiles on towns, no track on a city);
 *   - the state loads, its links compute, it round-trips through load and
 *     dump and stays compact (under 20 KB) - these state checks after
 *     every move;
 *   - the game ends on its last turn (or earlier only if every player
 *     went bankrupt, or resignations left at most one player) with
 *     exactly one winner, never one who resigned.
 * In some games a random player still in the game resigns now and then
 * (early, in the auction, in some): the resignation is accepted, a
 * second one by the same seat is refused and changes nothing, and he is
 * never asked to act again.
 * One game in PLANNED_GAMES is played by the bench's Steam player
 * (tests/bench/steam_player.c), whose links deliver, so that positive
 * income, deliveries and scoring are checked too; random moves rarely
 * complete a link and never reach a positive income in Phase 4.
 * Every few steps a move is also offered to a seat that is not to act,
 * which must be refused; in one game in ten, every listed move (shapes
 * expanded: every hex, tile and rotation) is applied on the side every
 * 23rd step, and each must be accepted. Games run for 3, 4, 5 and 6
 * players on both maps with both initial turn-order methods, by two
 * worker processes. At the end, every kind of event must have happened
 * somewhere.
 *
 * Speed: the 1600 games of the default take about 57 s of CPU in the
 * sanitizer build (ASan + UBSan; CMakeLists.txt builds the property tests
 * and their engine copy at -O1 without the fuzzers' coverage), 34 s of
 * wall time on two busy cores: what 2000 games took before the model,
 * the refused-move comparison and the bench player's games were added
 * (which cost about a third more per game), 60 s next to the other tests
 * under ctest -j2. jansson allocates from
 * json_pool.h, which also demands that each game frees every JSON value
 * it made.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "engine.h"
#include "json_pool.h"
#include "rng.h"
#include "steam/catalog.h"
#include "steam/game.h"
#include "steam/track.h"
#include "steam_player.h"

#define GAMES 400           /* per player count */
#define ALL_MOVES_EVERY 23  /* steps between applying every listed move */
#define ALL_MOVES_GAMES 10  /* ... in one game in this many */
#define MAX_STEPS 6000
#define WORKERS 2
#define REFUSE_EVERY 20     /* steps between refused-move checks */
#define PLANNED_GAMES 10    /* one game in this many played by the bench's player */

static const struct rules_engine *eng;
static struct steam_player bench_player;

static const char *const must_see[] = {
    "setup", "auction_won", "turn_order", "select", "raise", "build",
    "improve", "redirect", "urbanize", "grow", "build_done", "link_lost",
    "deliver", "score", "locomotive", "pass", "income", "turn", "game_over",
    "resigned",
};
#define NSEE (sizeof must_see / sizeof must_see[0])
static long seen[NSEE];
static long max_bytes, steps_total, all_bankrupt, max_links;

static uint32_t pick(struct rng *r, size_t n)
{
    return n ? rng_uniform(r, (uint32_t)n) : 0;
}

/* A concrete move from a listed move or shape. New reference. */
SCAFFOLD static json_t *concretize(json_t *m, struct rng *r)
{
    const char *type = json_string_value(json_object_get(m, "type"));
    json_t *c;

    if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
        json_t *opts = json_object_get(m, "options");
        json_t *o = json_array_get(opts, pick(r, json_array_size(opts)));
        json_t *tiles = json_object_get(o, "tiles");
        json_t *t = json_array_get(tiles, pick(r, json_array_size(tiles)));
        json_t *rots = json_object_get(t, "rotations");

        return json_pack("{s:s, s:O, s:O, s:O}", "type", type, "hex",
                         json_object_get(o, "hex"), "tile",
                         json_object_get(t, "tile"), "rotation",
                         json_array_get(rots, pick(r, json_array_size(rots))));
    }
    if (!strcmp(type, "bid")) {
        json_t *a = json_object_get(m, "amount");
        int lo = (int)json_integer_value(json_object_get(a, "min"));
        int hi = (int)json_integer_value(json_object_get(a, "max"));
        int v = lo + (int)pick(r, 4);

        return json_pack("{s:s, s:i}", "type", "bid", "amount", v > hi ? hi : v);
    }
    if (!strcmp(type, "urbanize") || !strcmp(type, "grow")) {
        const char *key;
        json_t *v;

        c = json_pack("{s:s}", "type", type);
        json_object_foreach(m, key, v)
            if (json_is_array(v) && json_array_size(v))
                json_object_set(c, key, json_array_get(v, pick(r, json_array_size(v))));
        return c;
    }
    return json_incref(m);
}

/*
 * Picks a listed move: mostly a sensible one (deliver when possible,
 * build what it can pay in cash, take income early), sometimes any, so
 * that games last and still reach debt, raising and bankruptcy.
 */
SCAFFOLD static json_t *choose(json_t *moves, struct rng *r, int cash, int income)
{
    size_t n = json_array_size(moves);
    int careful = pick(r, 10) != 0;

    for (int tries = 0; tries < 6; tries++) {
        json_t *m = json_array_get(moves, pick(r, n));
        const char *t = json_string_value(json_object_get(m, "type"));
        const char *a = json_string_value(json_object_get(m, "action"));

        if (!careful)
            return m;
        if (!strcmp(t, "bid") && pick(r, 4))
            continue;
        if (!strcmp(t, "select") && a && (!strcmp(a, "locomotive") ? cash < 8
                : json_is_false(json_object_get(m, "pass_option")) && cash < 7))
            continue;
        if ((!strcmp(t, "build") || !strcmp(t, "redirect")) && cash < 5)
            continue;
        if (!strcmp(t, "score") && income < 6 &&
            strcmp(json_string_value(json_object_get(m, "take")), "income"))
            continue;
        if ((!strcmp(t, "done") || !strcmp(t, "pass")) && n > 1 && pick(r, 3))
            continue;
        if (!strcmp(t, "locomotive") && pick(r, 2))
            continue;
        return m;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *m = json_array_get(moves, i);

        if (!strcmp(json_string_value(json_object_get(m, "type")), "deliver"))
            return m;
    }
    return json_array_get(moves, pick(r, n));
}

SCAFFOLD static void see_events(json_t *ev)
{
    size_t i;
    json_t *e;

    json_array_foreach(ev, i, e) {
        const char *t = json_string_value(json_object_get(e, "type"));

        for (size_t k = 0; t && k < NSEE; k++)
            if (!strcmp(t, must_see[k]))
                seen[k]++;
    }
}

/* ---- the expected state, kept from the events alone ---------------------
 *
 * A game's cubes, tiles, money, income and VP as the rulebook says they
 * move, updated from each move's events and the model's own previous
 * values (never from the engine's accounting), then compared with the
 * state the engine wrote. Prices are the rulebook's, written out here:
 * each event that costs money must name that cost, and cash changes by
 * exactly the named costs and incomes.
 */

/* The components: 96 cubes (rulebook: "20 each of red, blue, yellow &
 * purple; 16 gray") and the 136 tiles of the manifest (RULINGS ST-DATA-02),
 * each with its exits and whether it is a town tile. */
static const char cube_letters[] = "rbypg";
static const int cube_total[5] = {20, 20, 20, 20, 16};
static const struct { const char *id; int count, exits, town; } manifest[] = {
    {"straight", 28, 2, 0}, {"gentle", 28, 2, 0}, {"sharp", 14, 2, 0},
    {"cross_x", 3, 4, 0}, {"cross_sg", 3, 4, 0}, {"cross_gg", 3, 4, 0},
    {"pass_gg", 3, 4, 0}, {"pass_ss", 3, 4, 0}, {"pass_sg_right", 2, 4, 0},
    {"pass_sg_left", 2, 4, 0}, {"pass_straight", 3, 4, 0},
    {"town_1", 9, 1, 1}, {"town_straight", 6, 2, 1}, {"town_gentle", 6, 2, 1},
    {"town_sharp", 4, 2, 1}, {"town_y", 4, 3, 1}, {"town_k", 3, 3, 1},
    {"town_k_mirror", 3, 3, 1}, {"town_fan", 3, 3, 1}, {"town_x", 3, 4, 1},
    {"town_4", 3, 4, 1},
};
#define NKINDS ((int)(sizeof manifest / sizeof manifest[0]))

/* The action tiles and what selecting one costs (rulebook: City Growth
 * "$2", Urbanization "$6", Locomotive "$4 ... plus an amount equal to the
 * Locomotive Level to which you are moving"; nothing with the Pass Option). */
static const struct { const char *id; int cost; } actions[] = {
    {"turn_order", 0}, {"first_move", 0}, {"first_build", 0}, {"engineer", 0},
    {"city_growth", 2}, {"urbanization", 6}, {"locomotive", 4},
};
#define A_ENGINEER 3
#define A_LOCOMOTIVE 6

static int action_of(const char *id)
{
    for (int a = 0; a < 7; a++)
        if (!strcmp(actions[a].id, id))
            return a;
    CHECK(!"an action tile outside the seven");
    return 0;
}

struct model {
    int n;
    const struct st_map *map;           /* terrain only, for prices */
    int bag[5], supply[ST_MAX_SUPPLY][5], city[ST_MAX_HEX][5];
    int grown[ST_MAX_HEX];              /* City Growth marker or New City */
    int tiles[NKINDS], board[ST_MAX_HEX];
    long cash[ST_MAX_PLAYERS], out, in;
    int income[ST_MAX_PLAYERS], vp[ST_MAX_PLAYERS], loco[ST_MAX_PLAYERS];
    int action[ST_MAX_PLAYERS];         /* tile id index this turn, -1 */
    int builds[ST_MAX_PLAYERS], bid[ST_MAX_PLAYERS];
    unsigned taken;                     /* action tiles held this turn */
    int raise_left;                     /* raise events not yet paired */
    int points_left;                    /* of the last delivery */
    int over;
};
static struct model M;
static long priced_events, refusals_checked, incomes_paid;

static const char *s_of(json_t *o, const char *k)
{
    const char *v = json_string_value(json_object_get(o, k));

    return v ? v : "";
}

static int i_of(json_t *o, const char *k)
{
    return (int)json_integer_value(json_object_get(o, k));
}

static int kind_of(const char *id)
{
    size_t n = strlen(id);

    /* the name's length and last letter first: few strcmp calls */
    for (int t = 0; t < NKINDS; t++)
        if (strlen(manifest[t].id) == n && manifest[t].id[n - 1] == id[n - 1] &&
            !strcmp(manifest[t].id, id))
            return t;
    CHECK(!"a tile kind outside the manifest");
    return 0;
}

/* Adds a cube string ("rrb") to c; a letter outside the five fails. */
static void add_cubes(int c[5], const char *s)
{
    for (; *s; s++) {
        const char *p = strchr(cube_letters, *s);

        if (CHECK(p && *s))
            c[p - cube_letters]++;
    }
}

static int hex_of(const char *name)
{
    int h = steam_hex_parse(M.map, name);

    CHECK(h >= 0);
    return h < 0 ? 0 : h;
}

/* Takes a payment of cost from seat. The raise event that covers it (if
 * any) is the one next to the paying event: it must raise the fewest $5
 * steps that cover the cost, no more (rulebook: change "up to a maximum
 * of $4"). */
static void model_pay(json_t *ev, size_t i, int seat, int cost)
{
    int raised = 0;

    for (size_t j = i ? i - 1 : 0; j <= i + 1 && j < json_array_size(ev); j++) {
        json_t *r = json_array_get(ev, j), *d = json_object_get(r, "detail");

        if (j != i && !strcmp(s_of(r, "type"), "raise") && i_of(d, "seat") == seat) {
            raised = i_of(d, "raised");
            M.raise_left--;
            break;
        }
    }
    priced_events++;
    if (raised) {
        CHECK(M.cash[seat] < cost);
        CHECK(M.cash[seat] + raised - cost >= 0 && M.cash[seat] + raised - cost <= 4);
    } else {
        CHECK(M.cash[seat] >= cost);
    }
    M.cash[seat] += raised - cost;
    M.out += raised;
    M.in += cost;
}

static void model_setup(json_t *e, int n)
{
    json_t *v;
    const char *key;
    size_t i;

    memset(&M, 0, sizeof M);
    M.n = n;
    M.map = &steam_catalog_get()->map[steam_catalog_map(steam_catalog_get(), s_of(e, "map"))];
    for (int c = 0; c < 5; c++)
        M.bag[c] = cube_total[c];
    json_object_foreach(json_object_get(e, "cities"), key, v)
        add_cubes(M.city[hex_of(key)], json_string_value(v));
    json_array_foreach(json_object_get(e, "supply"), i, v)
        add_cubes(M.supply[i], json_string_value(v));
    for (int h = 0; h < ST_MAX_HEX; h++)
        for (int c = 0; c < 5; c++)
            M.bag[c] -= M.city[h][c];
    for (i = 0; i < ST_MAX_SUPPLY; i++)
        for (int c = 0; c < 5; c++)
            M.bag[c] -= M.supply[i][c];
    for (int t = 0; t < NKINDS; t++)
        M.tiles[t] = manifest[t].count;
    for (int h = 0; h < ST_MAX_HEX; h++)
        M.board[h] = -1;
    for (int s = 0; s < ST_MAX_PLAYERS; s++)
        M.loco[s] = 1, M.action[s] = -1, M.bid[s] = -1;
}

/* A supply space's cubes onto a city (City Growth, Urbanization). */
static void model_supply_to(json_t *e, int h)
{
    json_t *sp = json_object_get(e, "supply");

    CHECK(!M.grown[h]);
    M.grown[h] = 1;
    if (sp) {
        int k = (int)json_integer_value(sp);

        for (int c = 0; c < 5; c++) {
            M.city[h][c] += M.supply[k][c];
            M.supply[k][c] = 0;
        }
    }
}

static void model_track(json_t *e, const char *type)
{
    int seat = i_of(e, "seat"), h = hex_of(s_of(e, "hex")), t = kind_of(s_of(e, "tile"));
    int price = manifest[t].exits + manifest[t].town;
    const struct st_hex *hx = &M.map->hex[h];

    /* Terrain is paid only on an empty hex (rulebook: "you do not have to
     * pay terrain costs when you improve or redirect a piece of track"). */
    if (!strcmp(type, "build")) {
        CHECK(M.board[h] < 0);
        price += (hx->river ? 1 : 0) + (hx->terrain == ST_HILLS ? 2 : 0);
    } else {
        CHECK(M.board[h] >= 0);
    }
    if (!CHECK_EQ_INT(i_of(e, "cost"), price))
        fprintf(stderr, "  %s of %s on %s: cost named %d, rulebook %d\n", type,
                manifest[t].id, s_of(e, "hex"), i_of(e, "cost"), price);
    if (M.board[h] >= 0)
        M.tiles[M.board[h]]++;
    M.tiles[t]--;
    M.board[h] = t;
    /* "You may build up to 3 track tiles in a single turn unless you took
     * the Engineer Action tile (... up to 4)"; a redirect counts. */
    M.builds[seat]++;
    CHECK(M.builds[seat] <= (M.action[seat] == A_ENGINEER ? 4 : 3));
}

/* Folds one move's events into the model; touched[] marks the cities
 * whose cubes City Growth or Urbanization may have raised. */
static void model_events(json_t *ev, unsigned char *touched)
{
    size_t i;
    json_t *e;

    M.raise_left = 0;
    json_array_foreach(ev, i, e)
        M.raise_left += !strcmp(s_of(e, "type"), "raise");
    json_array_foreach(ev, i, e) {
        const char *t = s_of(e, "type");
        int seat = i_of(e, "seat");

        if (!strcmp(t, "setup")) {
            model_setup(e, M.n);
        } else if (!strcmp(t, "turn_order") && !strcmp(s_of(e, "method"), "random")) {
            /* "give $1 to the player going second, $2 to the player going
             * third, and so on" */
            json_t *o = json_object_get(e, "order");

            for (size_t k = 0; k < json_array_size(o); k++) {
                M.cash[json_integer_value(json_array_get(o, k))] += (long)k;
                M.out += (long)k;
            }
        } else if (!strcmp(t, "auction_start")) {
            for (int s = 0; s < ST_MAX_PLAYERS; s++)
                M.bid[s] = -1;
        } else if (!strcmp(t, "bid")) {
            M.bid[seat] = i_of(e, "amount");
        } else if (!strcmp(t, "auction_won")) {
            /* the winner pays his own last bid, $0 when nobody bid */
            CHECK_EQ_INT(i_of(e, "price"), M.bid[seat] < 0 ? 0 : M.bid[seat]);
            model_pay(ev, i, seat, M.bid[seat] < 0 ? 0 : M.bid[seat]);
        } else if (!strcmp(t, "raise")) {
            json_t *d = json_object_get(e, "detail");
            int s = i_of(d, "seat");

            CHECK_EQ_INT(i_of(d, "raised"), 5 * (i_of(d, "income_steps") + i_of(d, "vp_lost") / 2));
            CHECK(i_of(d, "vp_lost") == 0 || M.income[s] - i_of(d, "income_steps") == -10);
            M.income[s] -= i_of(d, "income_steps");
            M.vp[s] -= i_of(d, "vp_lost");
        } else if (!strcmp(t, "select")) {
            int a = action_of(s_of(e, "action"));
            int pass = json_is_true(json_object_get(e, "pass_option"));
            int price = pass ? 0 : actions[a].cost + (a == A_LOCOMOTIVE ? M.loco[seat] + 1 : 0);

            /* one holder per action tile in a turn */
            CHECK(!(M.taken & (1u << a)));
            M.taken |= 1u << a;
            M.action[seat] = a;
            if (!CHECK_EQ_INT(i_of(e, "cost"), price))
                fprintf(stderr, "  %s: cost named %d, rulebook %d\n", actions[a].id,
                        i_of(e, "cost"), price);
            model_pay(ev, i, seat, price);
            if (a == A_LOCOMOTIVE)
                M.loco[seat]++;
        } else if (!strcmp(t, "build") || !strcmp(t, "improve") || !strcmp(t, "redirect")) {
            model_track(e, t);
            model_pay(ev, i, seat, i_of(e, "cost"));
        } else if (!strcmp(t, "urbanize")) {
            int h = hex_of(s_of(e, "hex"));

            /* "If the hex containing a town already has track built on it,
             * first remove the track tile ... add it back to the supply" */
            if (M.board[h] >= 0) {
                CHECK_EQ_STR(s_of(e, "removed"), manifest[M.board[h]].id);
                M.tiles[M.board[h]]++;
                M.board[h] = -1;
            }
            model_supply_to(e, h);
            touched[h] = 1;
        } else if (!strcmp(t, "grow")) {
            int h = hex_of(s_of(e, "city"));

            model_supply_to(e, h);
            touched[h] = 1;
        } else if (!strcmp(t, "deliver")) {
            int h = hex_of(s_of(e, "from")), c = (int)(strchr(cube_letters, s_of(e, "colour")[0]) - cube_letters);

            /* "Remove delivered Goods cubes from the game and place them
             * back in the Goods Bag." */
            CHECK(M.city[h][c] > 0);
            M.city[h][c]--;
            M.bag[c]++;
            M.points_left = (int)json_array_size(json_object_get(e, "path"));
        } else if (!strcmp(t, "score")) {
            /* 1 point per link used, shared among its owners */
            M.points_left -= i_of(e, "points");
            CHECK(i_of(e, "points") >= 1 && M.points_left >= 0);
            if (!strcmp(s_of(e, "take"), "income"))
                M.income[seat] += i_of(e, "points");
            else
                M.vp[seat] += i_of(e, "points");
        } else if (!strcmp(t, "locomotive")) {
            CHECK_EQ_INT(i_of(e, "level"), ++M.loco[seat]);
        } else if (!strcmp(t, "income")) {
            /* "You pay according to where your token is at the start of
             * the phase." */
            CHECK_EQ_INT(i_of(e, "amount"), M.income[seat]);
            if (M.income[seat] > 0) {
                M.cash[seat] += M.income[seat];
                M.out += M.income[seat];
                priced_events++;
                incomes_paid++;
            } else if (M.income[seat] < 0 && !(i + 1 < json_array_size(ev) &&
                       !strcmp(s_of(json_array_get(ev, i + 1), "type"), "bankrupt"))) {
                model_pay(ev, i, seat, -M.income[seat]);
            }
        } else if (!strcmp(t, "bankrupt") || !strcmp(t, "resigned")) {
            /* his cash goes to the bank */
            CHECK_EQ_INT(i_of(e, "cash"), (int)M.cash[seat]);
            M.in += M.cash[seat];
            M.cash[seat] = 0;
            if (json_object_get(e, "action_returned"))
                M.taken &= ~(1u << action_of(s_of(e, "action_returned")));
            if (json_object_get(e, "action_returned"))
                M.action[seat] = -1;
        } else if (!strcmp(t, "turn")) {
            M.taken = 0;
            for (int s = 0; s < ST_MAX_PLAYERS; s++)
                M.action[s] = -1, M.builds[s] = 0;
        } else if (!strcmp(t, "game_over")) {
            json_t *sc;
            size_t k;

            /* "one point for every two points of income ... rounding down";
             * "reduce your VPs by twice that amount"; "1 point for every
             * completed link" */
            json_array_foreach(json_object_get(e, "scores"), k, sc) {
                int s = i_of(sc, "seat"), inc = M.income[s];

                if (json_object_get(sc, "vp") == NULL)
                    continue;
                CHECK_EQ_INT(i_of(sc, "from_income"), inc > 0 ? inc / 2 : 2 * inc);
                CHECK(i_of(sc, "links") >= 0);
                M.vp[s] += i_of(sc, "from_income") + i_of(sc, "links");
                CHECK_EQ_INT(i_of(sc, "vp"), M.vp[s]);
            }
            M.over = 1;
        }
    }
    if (!CHECK_EQ_INT(M.raise_left, 0))
        fprintf(stderr, "  money raised for no named cost\n");
}

static void cube_counts(json_t *v, int c[5])
{
    memset(c, 0, sizeof(int) * 5);
    if (json_is_string(v))
        add_cubes(c, json_string_value(v));
}

/*
 * The state against the model and the components, and against the state
 * before (prev): every cube and tile where the events put it, the 96
 * cubes and 136 tiles all there by colour and kind, cash, income and VP
 * as the events priced them, the bank's count of money, a city's cubes
 * rising only by City Growth or Urbanization, no VP below 0 before the
 * end, one holder per action tile and no more builds than allowed.
 */
static void check_model(json_t *st, json_t *prev, const unsigned char *touched)
{
    int cubes[5] = {0}, tiles[NKINDS] = {0}, c[5];
    unsigned held = 0;
    json_t *v, *seats = json_object_get(st, "seats");
    const char *key;
    size_t i;

    cube_counts(json_object_get(st, "bag"), c);
    for (int k = 0; k < 5; k++) {
        cubes[k] += c[k];
        if (!CHECK_EQ_INT(c[k], M.bag[k]))
            fprintf(stderr, "  bag: %c %d, expected %d\n", cube_letters[k], c[k], M.bag[k]);
    }
    json_array_foreach(json_object_get(st, "supply"), i, v) {
        cube_counts(v, c);
        for (int k = 0; k < 5; k++) {
            cubes[k] += c[k];
            if (!CHECK_EQ_INT(c[k], M.supply[i][k]))
                fprintf(stderr, "  supply space %zu: %c %d, expected %d\n", i,
                        cube_letters[k], c[k], M.supply[i][k]);
        }
    }
    {
        static int seen_city[ST_MAX_HEX][5];
        json_t *now = json_object_get(st, "cubes"), *was = json_object_get(prev, "cubes");

        memset(seen_city, 0, sizeof seen_city);
        json_object_foreach(now, key, v)
            add_cubes(seen_city[hex_of(key)], json_string_value(v));
        /* a city's cubes rise only where City Growth or Urbanization
         * put some this move */
        json_object_foreach(now, key, v) {
            int h = hex_of(key), old[5];

            cube_counts(json_object_get(was, key), old);
            for (int k = 0; prev && k < 5; k++)
                if (!CHECK(seen_city[h][k] <= old[k] || touched[h]))
                    fprintf(stderr, "  city %s gained cubes without City Growth "
                            "or Urbanization\n", key);
        }
        for (int h = 0; h < M.map->nhex; h++)
            for (int k = 0; k < 5; k++) {
                cubes[k] += seen_city[h][k];
                if (!CHECK_EQ_INT(seen_city[h][k], M.city[h][k]))
                    fprintf(stderr, "  city %d: %c %d, expected %d\n", h,
                            cube_letters[k], seen_city[h][k], M.city[h][k]);
            }
    }
    for (int k = 0; k < 5; k++)
        if (!CHECK_EQ_INT(cubes[k], cube_total[k]))
            fprintf(stderr, "  %c cubes in the game: %d\n", cube_letters[k], cubes[k]);
    CHECK_EQ_INT(json_object_size(json_object_get(st, "tiles")), NKINDS);
    for (int t = 0; t < NKINDS; t++) {
        v = json_object_get(json_object_get(st, "tiles"), manifest[t].id);
        tiles[t] += (int)json_integer_value(v);
        CHECK_EQ_INT((int)json_integer_value(v), M.tiles[t]);
    }
    json_array_foreach(json_object_get(st, "track"), i, v) {
        int t = kind_of(json_string_value(json_array_get(v, 1)));

        tiles[t]++;
        CHECK_EQ_INT(M.board[hex_of(json_string_value(json_array_get(v, 0)))], t);
    }
    for (int t = 0; t < NKINDS; t++)
        if (!CHECK_EQ_INT(tiles[t], manifest[t].count))
            fprintf(stderr, "  %s tiles in the game: %d\n", manifest[t].id, tiles[t]);
    {
        json_t *money = json_object_get(st, "money");
        long sum = 0;

        CHECK_EQ_INT(json_integer_value(json_array_get(money, 0)), M.out);
        CHECK_EQ_INT(json_integer_value(json_array_get(money, 1)), M.in);
        json_array_foreach(seats, i, v) {
            const char *a = json_string_value(json_object_get(v, "action"));

            sum += i_of(v, "cash");
            if (!CHECK_EQ_INT(i_of(v, "cash"), M.cash[i]))
                fprintf(stderr, "  seat %zu cash %d, the events say %ld\n", i,
                        i_of(v, "cash"), M.cash[i]);
            CHECK_EQ_INT(i_of(v, "income"), M.income[i]);
            CHECK_EQ_INT(i_of(v, "vp"), M.vp[i]);
            CHECK_EQ_INT(i_of(v, "loco"), M.loco[i]);
            if (!M.over && !CHECK(i_of(v, "vp") >= 0))
                fprintf(stderr, "  seat %zu has %d VP during play\n", i, i_of(v, "vp"));
            if (a) {
                int k = action_of(a);

                CHECK(!(held & (1u << k)));
                held |= 1u << k;
                CHECK_EQ_INT(k, M.action[i]);
            }
            CHECK(i_of(v, "builds") <= (a && !strcmp(a, "engineer") ? 4 : 3));
            CHECK_EQ_INT(i_of(v, "builds"), M.builds[i]);
        }
        CHECK_EQ_INT(sum, M.out - M.in);
    }
}

/*
 * A refused move changes nothing: for a legal move made illegal (a field
 * changed, dropped or added), apply either accepts it (some changes stay
 * legal) or refuses it with the state's JSON byte for byte as before,
 * no events and the random stream where it was.
 */
static void check_refused(json_t *st, int seat, json_t *move, struct rng *r,
                          const struct rng *game_rng)
{
    static const char *const junk_keys[] = {"hex", "tile", "rotation", "amount",
                                            "action", "take", "city", "supply"};
    json_t *bad = json_deep_copy(move), *s = json_incref(st), *ev = NULL;
    char *before = json_dumps(st, JSON_SORT_KEYS | JSON_COMPACT), *after;
    struct rules_error err;
    struct rng rr = *game_rng;
    const char *key;
    json_t *v;
    int n = (int)json_object_size(bad), which = (int)pick(r, (size_t)n + 3), k = 0;

    json_object_foreach(bad, key, v) {
        if (k++ != which)
            continue;
        if (json_is_integer(v)) {
            int sign = pick(r, 2) ? 1 : -1, by = 1 + (int)pick(r, 40);

            json_object_set_new(bad, key, json_integer(json_integer_value(v) + sign * by));
        }
        else if (json_is_string(v) && strcmp(key, "type"))
            json_object_set_new(bad, key, json_string(pick(r, 2) ? "e1" : "straight"));
        else if (json_is_array(v) && json_array_size(v))
            json_array_remove(v, pick(r, json_array_size(v)));
        else
            json_object_del(bad, key);
        break;
    }
    if (which == n) {
        const char *junk = junk_keys[pick(r, 8)];

        json_object_set_new(bad, junk, json_integer((json_int_t)pick(r, 9)));
    } else if (which == n + 1) {
        json_object_set_new(bad, "type", json_string(pick(r, 2) ? "bid" : "deliver"));
    } else if (which == n + 2) {
        json_object_set_new(bad, "x", json_true());
    }
    memset(&err, 0, sizeof err);
    if (eng->apply(&s, seat, bad, &rr, &ev, &err) == -1) {
        after = json_dumps(st, JSON_SORT_KEYS | JSON_COMPACT);
        CHECK(s == st && ev == NULL && rr.pos == game_rng->pos);
        CHECK(err.code[0] && err.message[0]);
        if (!CHECK(before && after && !strcmp(before, after)))
            fprintf(stderr, "  a refused move (%s) changed the state\n", err.code);
        pool_free(after);
        refusals_checked++;
    }
    json_decref(ev);
    json_decref(s);
    json_decref(bad);
    pool_free(before);
}

/* The invariants of one state. */
static void check_invariants(json_t *st)
{
    static struct st_game gbuf;
    static struct st_net netbuf;
    struct st_game *g = &gbuf;
    struct st_net *net = &netbuf;
    struct rules_error err;
    int cubes = 0, tiles = 0;
    long cash = 0;
    json_t *again;

    if (!CHECK(g && net) || !CHECK(steam_game_load(g, st, &err) == 0)) {
        fprintf(stderr, "  load: %s phase %s cur %d order %d\n", err.message, json_string_value(json_object_get(st, "phase")), (int)json_integer_value(json_object_get(st, "cur")), (int)json_array_size(json_object_get(st, "order")));
        goto out;
    }
    for (int c = 0; c < ST_COLOURS; c++) {
        CHECK(g->bag[c] >= 0);
        cubes += g->bag[c];
        for (int h = 0; h < g->map->nhex; h++)
            cubes += g->cubes[h][c];
        for (int i = 0; i < g->map->supply_spaces; i++)
            cubes += g->supply[i][c];
    }
    CHECK_EQ_INT(cubes, 96);
    for (int t = 0; t < g->cat->ntiles; t++) {
        CHECK(g->tiles_left[t] >= 0);
        tiles += g->tiles_left[t];
    }
    for (int h = 0; h < g->map->nhex; h++) {
        unsigned used = 0;

        if (g->track[h].tile < 0)
            continue;
        tiles++;
        CHECK(!st_is_city(g, h));
        for (int k = 0; k < g->cat->tile[g->track[h].tile].nseg; k++) {
            int e[2];

            steam_seg_ends(g, h, k, e);
            for (int i = 0; i < 2; i++)
                if (e[i] != ST_TOWN_END) {
                    CHECK(!(used & (1u << e[i])));
                    used |= 1u << e[i];
                }
        }
        if (g->map->hex[h].terrain != ST_TOWN)
            CHECK(g->cat->tile[g->track[h].tile].town == 0);
    }
    CHECK_EQ_INT(tiles, 136);
    for (int s = 0; s < g->nplayers; s++) {
        CHECK(g->p[s].cash >= 0);
        if (g->p[s].resigned)
            CHECK_EQ_INT(g->p[s].cash, 0);
        cash += g->p[s].cash;
    }
    CHECK_EQ_INT(cash, g->money_out - g->money_in);
    CHECK(steam_net_build(g, net) == 0);
    {
        int owned[ST_MAX_PLAYERS] = {0};

        for (int l = 0; l < net->nlinks; l++) {
            CHECK(net->link[l].owner < 0 || st_in_game(g, net->link[l].owner));
            /* a token on each owned link (RULINGS ST-R-12) */
            if (net->link[l].owner >= 0 && ++owned[net->link[l].owner] > max_links)
                max_links = owned[net->link[l].owner];
        }
    }
    again = steam_game_dump(g);
    CHECK(json_equal(again, st));
    json_decref(again);
out:
    return;
}

/* Applies one move to a copy of st; it must be accepted. */
static void accept(json_t *st, int seat, json_t *move, struct rng *rng)
{
    json_t *copy = json_incref(st), *ev = NULL;
    struct rng r = *rng;
    struct rules_error err;

    if (!CHECK(eng->apply(&copy, seat, move, &r, &ev, &err) == 0)) {
        char *ms = json_dumps(move, JSON_COMPACT);

        fprintf(stderr, "  refused listed move %s: %s %s\n", ms, err.code, err.message);
        pool_free(ms);
    }
    json_decref(ev);
    json_decref(copy);
}

/* Every listed move, shapes expanded (every hex, tile and rotation of a
 * build; both ends of a bid range; each place of urbanize and grow with
 * some colour and supply space). */
static void apply_all(json_t *st, int seat, json_t *moves, struct rng *rng)
{
    size_t i, j, k, r;
    json_t *m;

    json_array_foreach(moves, i, m) {
        const char *type = json_string_value(json_object_get(m, "type"));
        json_t *o, *t, *rot;

        if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
            json_array_foreach(json_object_get(m, "options"), j, o)
                json_array_foreach(json_object_get(o, "tiles"), k, t)
                    json_array_foreach(json_object_get(t, "rotations"), r, rot) {
                        json_t *c = json_pack("{s:s, s:O, s:O, s:O}", "type", type, "hex",
                                              json_object_get(o, "hex"), "tile",
                                              json_object_get(t, "tile"), "rotation", rot);

                        accept(st, seat, c, rng);
                        json_decref(c);
                    }
        } else if (!strcmp(type, "bid")) {
            json_t *a = json_object_get(m, "amount");

            for (int e = 0; e < 2; e++) {
                json_t *c = json_pack("{s:s, s:O}", "type", "bid", "amount",
                                      json_object_get(a, e ? "max" : "min"));

                accept(st, seat, c, rng);
                json_decref(c);
            }
        } else if (!strcmp(type, "urbanize") || !strcmp(type, "grow")) {
            const char *place = !strcmp(type, "grow") ? "city" : "hex";
            json_t *sup = json_object_get(m, "supply"), *cols = json_object_get(m, "colour"), *h;

            json_array_foreach(json_object_get(m, place), j, h) {
                json_t *c = json_pack("{s:s, s:O}", "type", type, place, h);

                if (json_array_size(cols))
                    json_object_set(c, "colour", json_array_get(cols, j % json_array_size(cols)));
                if (json_array_size(sup))
                    json_object_set(c, "supply", json_array_get(sup, j % json_array_size(sup)));
                accept(st, seat, c, rng);
                json_decref(c);
            }
        } else {
            accept(st, seat, m, rng);
        }
    }
}

/*
 * A random player still in the game resigns: accepted; the same again is
 * refused and changes nothing; he has no legal move and, unless the game
 * is over, must not act.
 */
static void resign_one(json_t **st, int n, struct rng *r)
{
    json_t *seats = json_object_get(*st, "seats"), *ev = NULL, *copy, *lm, *prev;
    static unsigned char touched[ST_MAX_HEX];
    struct rules_error err;
    struct rules_status s;
    int in[ST_MAX_PLAYERS], m = 0, seat;

    for (int i = 0; i < n; i++) {
        json_t *p = json_array_get(seats, (size_t)i);

        if (!json_is_true(json_object_get(p, "bankrupt")) &&
            !json_is_true(json_object_get(p, "resigned")))
            in[m++] = i;
    }
    if (m == 0)
        return;
    seat = in[pick(r, (size_t)m)];
    prev = json_incref(*st);
    if (!CHECK(eng->resign(st, seat, &ev, &err) == 0)) {
        fprintf(stderr, "  resignation refused: %s %s\n", err.code, err.message);
        json_decref(prev);
        return;
    }
    memset(touched, 0, sizeof touched);
    model_events(ev, touched);
    check_model(*st, prev, touched);
    json_decref(prev);
    see_events(ev);
    json_decref(ev);
    ev = NULL;
    copy = json_incref(*st);
    CHECK(eng->resign(&copy, seat, &ev, &err) == -1);
    CHECK(copy == *st);
    json_decref(copy);
    lm = eng->legal_moves(*st, seat);
    CHECK_EQ_INT(json_array_size(json_object_get(lm, "moves")), 0);
    json_decref(lm);
    CHECK(eng->status(*st, &s) == 0);
    CHECK(s.finished || !(s.must_act & (1u << seat)));
    check_invariants(*st);
}

static int play_one(int n, int k)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rng rng, pr, xr;
    struct rules_error err;
    struct rules_status s;
    json_t *st = NULL, *ev = NULL, *opts, *prev;
    static unsigned char touched[ST_MAX_HEX];
    int failed_before = check_state()->checks_failed, steps = 0;
    int resign_at[2] = {-1, -1};
    long live_before = live_blocks;
    const char *map = k % 3 == 0 ? "rhinegold" : k % 3 == 1 ? "tidewater" : NULL;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 31 + n * 7 + k * 13 + (k >> 8));
    rng_init(&rng, key, 0);
    key[0] ^= 0x5a;
    rng_init(&pr, key, 0);
    /* Resignations: early (in the auction) in some games, once later in
     * others, twice in others; from a stream of their own, so that the
     * other games play as before. */
    key[1] ^= 0xa5;
    rng_init(&xr, key, 0);
    if (k % 4 == 2)
        resign_at[0] = 1 + (int)pick(&xr, 4);
    if (k % 4 == 3)
        resign_at[0] = 1 + (int)pick(&xr, 400);
    if (k % 8 == 7)
        resign_at[1] = resign_at[0] + 1 + (int)pick(&xr, 400);
    opts = json_pack("{s:s}", "turn_order", k % 2 ? "random" : "auction");
    if (map)
        json_object_set_new(opts, "map", json_string(map));
    if (!CHECK(eng->setup(opts, n, &rng, &st, &ev, &err) == 0)) {
        fprintf(stderr, "  setup: %s\n", err.message);
        json_decref(opts);
        return 1;
    }
    json_decref(opts);
    M.n = n;
    memset(touched, 0, sizeof touched);
    model_events(ev, touched);
    check_model(st, NULL, touched);
    see_events(ev);
    json_decref(ev);
    for (;;) {
        json_t *list, *moves, *m, *move;
        int seat = -1, bits = 0;
        static char dump[32768];    /* json_dumpb says how much it needs */
        size_t len;

        CHECK(eng->status(st, &s) == 0);
        if (s.finished)
            break;
        for (int i = 0; i < n; i++)
            if (s.must_act & (1u << i))
                seat = i, bits++;
        if (!CHECK_EQ_INT(bits, 1) || !CHECK(++steps < MAX_STEPS))
            break;
        if (steps == resign_at[0] || steps == resign_at[1]) {
            resign_one(&st, n, &xr);
            continue;
        }
        list = eng->legal_moves(st, seat);
        moves = json_object_get(list, "moves");
        if (!CHECK(json_array_size(moves) > 0)) {
            json_decref(list);
            break;
        }
        if (steps % 7 == 0) {
            int other = (seat + 1) % n;
            json_t *ol = eng->legal_moves(st, other), *copy = json_incref(st);

            CHECK_EQ_INT(json_array_size(json_object_get(ol, "moves")), 0);
            move = concretize(json_array_get(moves, 0), &pr);
            ev = NULL;
            CHECK(eng->apply(&copy, other, move, &rng, &ev, &err) == -1);
            CHECK(copy == st);
            json_decref(copy);
            json_decref(move);
            json_decref(ol);
        }
        if (k % ALL_MOVES_GAMES == 0 && steps % ALL_MOVES_EVERY == 0)
            apply_all(st, seat, moves, &rng);
        move = NULL;
        if (k % PLANNED_GAMES == PLANNED_GAMES - 1) {
            /* the bench's player: links between cities that want each
             * other's cubes, deliveries, positive income */
            const char *t0 = json_string_value(json_object_get(json_array_get(moves, 0), "type"));
            /* it reads the board only to build and to score */
            json_t *view = !strcmp(t0, "build") || !strcmp(t0, "score") ||
                           !strcmp(t0, "done") || !strcmp(t0, "redirect")
                               ? eng->view(st, seat) : NULL;
            uint64_t x;

            rng_bytes(&pr, (unsigned char *)&x, sizeof x);
            move = steam_player_choose(&bench_player, moves, view, seat, x);
            json_decref(view);
        }
        if (!move) {
            json_t *pl = json_array_get(json_object_get(st, "seats"), (size_t)seat);

            m = choose(moves, &pr, (int)json_integer_value(json_object_get(pl, "cash")),
                       (int)json_integer_value(json_object_get(pl, "income")));
            move = concretize(m, &pr);
        }
        if (steps % REFUSE_EVERY == 0)
            check_refused(st, seat, move, &pr, &rng);
        ev = NULL;
        prev = json_incref(st);
        if (!CHECK(eng->apply(&st, seat, move, &rng, &ev, &err) == 0)) {
            char *ms = json_dumps(move, JSON_COMPACT);

            fprintf(stderr, "  refused listed move %s: %s %s\n", ms, err.code,
                    err.message);
            pool_free(ms);
            json_decref(prev);
            json_decref(move);
            json_decref(list);
            break;
        }
        memset(touched, 0, sizeof touched);
        model_events(ev, touched);
        check_model(st, prev, touched);
        json_decref(prev);
        see_events(ev);
        json_decref(ev);
        json_decref(move);
        json_decref(list);
        check_invariants(st);
        len = json_dumpb(st, dump, sizeof dump, JSON_COMPACT);
        if ((long)len > max_bytes)
            max_bytes = (long)len;
        if (check_state()->checks_failed != failed_before)
            break;
    }
    check_invariants(st);
    if (s.finished) {
        json_t *v = eng->view(st, -1), *seats = json_object_get(st, "seats");
        unsigned resigned = 0;
        int left = 0;

        for (int i = 0; i < n; i++) {
            json_t *p = json_array_get(seats, (size_t)i);

            if (json_is_true(json_object_get(p, "resigned")))
                resigned |= 1u << i;
            else
                left += !json_is_true(json_object_get(p, "bankrupt"));
        }
        if (json_array_size(json_object_get(st, "order")) == 0)
            all_bankrupt++;
        else if (!resigned || left > 1)
            CHECK_EQ_INT(json_integer_value(json_object_get(st, "turn")),
                         json_integer_value(json_object_get(st, "last_turn")));
        CHECK(s.winners && !(s.winners & (s.winners - 1)));
        CHECK(!(s.winners & resigned));
        json_decref(v);
    }
    steps_total += steps;
    json_decref(st);
    if (!CHECK_EQ_INT(live_blocks, live_before))
        fprintf(stderr, "  JSON values leaked\n");
    return check_state()->checks_failed != failed_before;
}

static void run_worker(int w, int games, int fd)
{
    long out[NSEE + 7] = {0};
    int failed = 0;

    for (int n = 3; n <= 6; n++)
        for (int k = w; k < games; k += WORKERS)
            if (play_one(n, k)) {
                fprintf(stderr, "game n=%d k=%d failed\n", n, k);
                if (++failed > 3)
                    break;
            }
    for (size_t i = 0; i < NSEE; i++)
        out[i] = seen[i];
    out[NSEE] = failed;
    out[NSEE + 1] = max_bytes;
    out[NSEE + 2] = steps_total;
    out[NSEE + 3] = refusals_checked;
    out[NSEE + 4] = priced_events;
    out[NSEE + 5] = max_links;
    out[NSEE + 6] = incomes_paid;
    if (write(fd, out, sizeof out) != (ssize_t)sizeof out)
        _exit(2);
    exit(failed ? 1 : 0);   /* exit, not _exit: LeakSanitizer checks the worker */
}

static void test_random_games(void)
{
    const char *env = getenv("STEAM_GAMES");
    int games = env ? atoi(env) : GAMES, fds[WORKERS];
    pid_t pids[WORKERS];
    long total[NSEE + 7] = {0};

    eng = rules_engine_find("steam");
    if (!eng) {
        extern const struct rules_engine steam_engine;
        eng = &steam_engine;
    }
    {
        json_t *desc = eng->describe();

        CHECK(steam_player_init(&bench_player, desc) == 0);
        json_decref(desc);
    }
    fflush(NULL);
    for (int w = 0; w < WORKERS; w++) {
        int p[2];

        if (!CHECK(pipe(p) == 0))
            return;
        pids[w] = fork();
        if (pids[w] == 0) {
            close(p[0]);
            run_worker(w, games, p[1]);
        }
        close(p[1]);
        fds[w] = p[0];
    }
    for (int w = 0; w < WORKERS; w++) {
        long out[NSEE + 7];
        int status = 0;

        CHECK(read(fds[w], out, sizeof out) == (ssize_t)sizeof out);
        close(fds[w]);
        waitpid(pids[w], &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        for (size_t i = 0; i < NSEE + 7; i++)
            total[i] = i == NSEE + 1 || i == NSEE + 5 ? (out[i] > total[i] ? out[i] : total[i])
                                     : total[i] + out[i];
    }
    printf("%d games per player count, %ld steps, largest state %ld bytes, "
           "%ld refused moves compared, %ld payments priced, at most %ld links "
           "owned by one player, %ld positive incomes paid\n",
           games, total[NSEE + 2], total[NSEE + 1], total[NSEE + 3], total[NSEE + 4],
           total[NSEE + 5], total[NSEE + 6]);
    CHECK(total[NSEE + 6] > 0);     /* the bank's Phase 4 payments are checked */
    CHECK(total[NSEE + 3] > games);
    CHECK(total[NSEE + 4] > games);
    CHECK(total[NSEE + 1] < 20000);
    for (size_t i = 0; i < NSEE; i++)
        if (!CHECK(total[i] > 0))
            fprintf(stderr, "  event %s never happened\n", must_see[i]);
}

int main(void)
{
    /* Before jansson allocates anything. */
    json_set_alloc_funcs(pool_malloc, pool_free);
    RUN(test_random_games);
    return check_summary();
}
