/*
 * playouts.c - random games through the rules engines alone: how many
 * whole games and moves per second one core plays, without HTTP, SQL or
 * JSON text. A figure, not a test; tests/bench/run.sh prints it.
 *
 *   turnpost-playouts [--ruleset steam|ironfuture] [--games N] [--seed N]
 *
 * Each move is what a bot playing through the API makes an engine do:
 * status() for who must act, legal_moves() for that seat, one listed move
 * picked uniformly at random (a shape - Steam's build and redirect options,
 * bid range, urbanize and grow values - made concrete with random values
 * from it, the lowest bid), then apply(). Steam games cycle through 3 to 6
 * players; Iron Future is for two. The games, and so the figures' work,
 * depend only on --seed. Rates are per second of this process's CPU time,
 * so other load on the machine moves them less than wall time would.
 *
 *   turnpost-playouts --balance N [--map tidewater|rhinegold]
 *                     [--order random|auction] [--seed N]
 *
 * measures how even Steam's maps are instead: N games for each map and
 * player count the map is made for (Tidewater 3 and 4, Rhinegold 4 to 6),
 * every seat played alike from the engine's own legal_moves() and view():
 * steam_player's track (links through towns allowed) and deliveries (see
 * steam_player.h), any action tile that costs nothing (City Growth and
 * Urbanization with their Pass Option) at random, and track points as
 * income in the first half of the game and as VP after. The initial turn
 * order comes from the auction, in which every player bids nothing, so the
 * places go free and the first place's wins show what choosing the opening
 * first is worth; --order random uses the first-game rule instead, with
 * its $1, $2, ... to the later players.
 * It prints, for each combination, the winner's average final VP, the
 * deliveries a game, the wins by seat and by place in the first turn
 * order, and the win rate of each opening: the cities at the ends of the
 * first link a player completes (the player counts for each of them).
 *
 *   turnpost-playouts --titans N [--player random|greedy] [--board ID]
 *                     [--customize 0|1] [--seed N]
 *   turnpost-playouts --teams N [--scenario 1-5] [--seed N]
 *
 * measure Heavy Steam: each pairing of titan boards of a size, and each
 * scenario in each of the five compositions of two to four players, by
 * win share (see titans() and teams()).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "engine.h"
#include "rng.h"
#include "hs_player.h"
#include "steam_player.h"

#define MAX_MOVES 20000         /* a game longer than this is an error */
#define HS_TRIES 40             /* Heavy Steam entries tried for one move */

struct tally {
    long games, moves, unfinished;
    long refused;               /* Heavy Steam: filled shapes the engine refused */
    long rounds;                /* Heavy Steam: rounds played, summed */
    long wins[2];               /* Heavy Steam: games won by seat 0 and seat 1 */
    long team_wins[2];          /* Heavy Steam: games won by team 0 and team 1 */
};

static uint32_t any(struct rng *r, size_t n)
{
    return n ? rng_uniform(r, (uint32_t)n) : 0;
}

/* A random element of the JSON array a (borrowed); NULL when empty. */
static json_t *any_of(struct rng *r, json_t *a)
{
    return json_array_get(a, any(r, json_array_size(a)));
}

/* The move to send for listed move m: m itself, or a concrete move from
 * its shape. New reference. */
static json_t *concrete(json_t *m, struct rng *r)
{
    const char *type = json_string_value(json_object_get(m, "type"));
    json_t *out, *opt, *tile, *v;
    const char *key;

    if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
        opt = any_of(r, json_object_get(m, "options"));
        tile = any_of(r, json_object_get(opt, "tiles"));
        return json_pack("{s:s, s:O, s:O, s:O}", "type", type,
                         "hex", json_object_get(opt, "hex"),
                         "tile", json_object_get(tile, "tile"),
                         "rotation", any_of(r, json_object_get(tile, "rotations")));
    }
    if (!strcmp(type, "bid"))
        return json_pack("{s:s, s:O}", "type", type, "amount",
                         json_object_get(json_object_get(m, "amount"), "min"));
    if (strcmp(type, "urbanize") && strcmp(type, "grow"))
        return json_incref(m);
    /* Any value of each field; an empty list means leave the field out. */
    out = json_object();
    json_object_foreach(m, key, v) {
        if (!strcmp(key, "form"))
            continue;           /* the listing's mark; a filled shape goes without it */
        if (!json_is_array(v))
            json_object_set(out, key, v);
        else if (json_array_size(v))
            json_object_set(out, key, any_of(r, v));
    }
    return out;
}

/* Plays game number i of ruleset eng with seats players; adds to t.
 * Returns 0, or -1 when the engine refused a listed move. */
static int play(const struct rules_engine *eng, int seats, uint64_t seed,
                long i, struct tally *t)
{
    unsigned char key[RNG_KEY_BYTES] = {0};
    struct rng game, pick;
    struct rules_error err;
    struct rules_status st;
    json_t *state = NULL, *events = NULL;
    long moves = 0;
    int rc = 0;

    memcpy(key, &seed, sizeof seed);
    memcpy(key + 8, &i, sizeof i);
    rng_init(&game, key, 0);
    key[31] = 1;
    rng_init(&pick, key, 0);
    if (eng->setup(NULL, seats, &game, &state, &events, &err)) {
        fprintf(stderr, "playouts: %s setup: %s\n", eng->id, err.message);
        return -1;
    }
    json_decref(events);
    while (eng->status(state, &st) == 0 && !st.finished && moves < MAX_MOVES) {
        int seat = __builtin_ctz(st.must_act);
        json_t *list = eng->legal_moves(state, seat), *move;

        move = concrete(any_of(&pick, json_object_get(list, "moves")), &pick);
        events = NULL;
        if (eng->apply(&state, seat, move, &game, &events, &err)) {
            fprintf(stderr, "playouts: %s game %ld refused a listed move: %s\n",
                    eng->id, i, err.message);
            rc = -1;
        }
        json_decref(events);
        json_decref(move);
        json_decref(list);
        if (rc)
            break;
        moves++;
    }
    t->games++;
    t->moves += moves;
    t->unfinished += !st.finished;
    json_decref(state);
    return rc;
}

/*
 * One Heavy Steam move of seat: a listed entry filled by hs_player (with
 * greedy, an attack whenever one is listed); when the engine refuses a
 * filled shape (the player reads no state), another entry, HS_TRIES in
 * all. Returns 0, or -1 when none was accepted (err: the last refusal).
 */
static int hs_move(const struct rules_engine *eng, json_t **state, int seat, int greedy,
                   uint64_t *r, struct rng *game, struct tally *t, struct rules_error *err)
{
    json_t *list = eng->legal_moves(*state, seat), *moves = json_object_get(list, "moves");
    int rc = -1;

    rules_fail(err, "no_move", "-", "seat %d has no listed move", seat);
    for (int try = 0; rc && try < HS_TRIES; try++) {
        int k = hs_player_choose(moves, try, greedy, r);
        json_t *m = k < 0 ? NULL : hs_player_fill(json_array_get(moves, (size_t)k), r);
        json_t *events = NULL;

        if (!m)
            continue;
        rc = eng->apply(state, seat, m, game, &events, err);
        if (rc) {
            t->refused++;
            if (getenv("HS_PLAYER_DEBUG")) {
                char *txt = json_dumps(m, JSON_COMPACT);

                fprintf(stderr, "refused %s: %s: %s\n", txt, err->code, err->message);
                free(txt);
            }
        }
        json_decref(events);
        json_decref(m);
    }
    json_decref(list);
    return rc;
}

/*
 * Plays Heavy Steam game i of seed (options borrowed, NULL for the
 * defaults) with hs_player in both seats; adds it to t. Returns 0, or -1
 * when setup failed or no listed move was accepted.
 */
static int play_hs(const struct rules_engine *eng, const json_t *options, int seats,
                   int greedy, uint64_t seed, long i, struct tally *t)
{
    unsigned char key[RNG_KEY_BYTES] = {0};
    struct rng game;
    struct rules_error err;
    struct rules_status st = {0};
    json_t *state = NULL, *events = NULL;
    uint64_t r = seed * 0x9E3779B97F4A7C15ULL + (uint64_t)i + 1;
    long moves = 0;
    int rc = 0;

    memcpy(key, &seed, sizeof seed);
    memcpy(key + 8, &i, sizeof i);
    key[30] = 'h';
    rng_init(&game, key, 0);
    if (eng->setup(options, seats, &game, &state, &events, &err)) {
        fprintf(stderr, "playouts: heavysteam setup: %s\n", err.message);
        return -1;
    }
    json_decref(events);
    while (eng->status(state, &st) == 0 && !st.finished && moves < MAX_MOVES) {
        if (hs_move(eng, &state, __builtin_ctz(st.must_act), greedy, &r, &game, t, &err)) {
            fprintf(stderr, "playouts: heavysteam game %ld: no listed move accepted: %s: %s\n",
                    i, err.code, err.message);
            rc = -1;
            break;
        }
        moves++;
    }
    t->games++;
    t->moves += moves;
    t->unfinished += !st.finished;
    if (st.finished) {
        t->rounds += (long)json_integer_value(json_object_get(state, "round"));
        for (int s = 0; s < 2; s++)
            t->wins[s] += (st.winners >> s) & 1u;
        if (st.winners)
            t->team_wins[eng->team_of(__builtin_ctz(st.winners), seats)]++;
    }
    json_decref(state);
    return rc;
}

static double cpu_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run(const char *id, long games, uint64_t seed)
{
    const struct rules_engine *eng = rules_engine_find(id);
    struct tally t = {0};
    double t0, secs;

    if (!eng) {
        fprintf(stderr, "playouts: no ruleset %s\n", id);
        return -1;
    }
    t0 = cpu_seconds();
    for (long i = 0; i < games; i++) {
        int seats = eng->min_seats + (int)(i % (eng->max_seats - eng->min_seats + 1));

        if (strcmp(id, "heavysteam") == 0 ? play_hs(eng, NULL, 2, 0, seed, i, &t)
                                          : play(eng, seats, seed, i, &t))
            return -1;
    }
    secs = cpu_seconds() - t0;
    if (secs <= 0)
        secs = 1e-9;
    printf("playouts %-10s %ld games (%d-%d seats), %ld moves in %.2f s CPU: "
           "%.1f games/s, %.0f moves/s\n", id, t.games, eng->min_seats,
           eng->max_seats, t.moves, secs, (double)t.games / secs,
           (double)t.moves / secs);
    if (t.refused || t.rounds)
        printf("  (%.1f rounds a game; %ld filled shapes refused and tried again, "
               "%.2f a game)\n", (double)t.rounds / (double)t.games, t.refused,
               (double)t.refused / (double)t.games);
    if (t.unfinished) {
        fprintf(stderr, "playouts: %ld %s games unfinished after %d moves\n",
                t.unfinished, id, MAX_MOVES);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- balance */

#define BALANCE_CITIES 32
#define BALANCE_FEW 30              /* fewer openings than this: flagged */
#define BALANCE_MANY 100            /* enough openings to call a rate high */

/* What the games of one (map, players) combination showed. */
struct balance {
    const char *map, *order;            /* the map; the turn_order option */
    int seats;
    const json_t *cities;               /* the map's cities (borrowed) */
    long games, unfinished, moves, deliveries, vp;  /* vp: winners', summed */
    long first_wins;                    /* games won by the first in turn order */
    long by_seat[RULES_MAX_SEATS];      /* wins by seat */
    long by_place[RULES_MAX_SEATS];     /* wins by place in the first turn order */
    long from[BALANCE_CITIES + 1];      /* players whose first link joins city k, */
    long won[BALANCE_CITIES + 1];       /* and their wins; [BALANCE_CITIES]: none */
    double secs;
};

/* The index of the map city on hex name, or -1. */
static int city_at(const struct balance *b, const char *name)
{
    json_t *c;
    size_t i;

    json_array_foreach(b->cities, i, c)
        if (name && i < BALANCE_CITIES &&
            !strcmp(json_string_value(json_object_get(c, "hex")) ?: "", name))
            return (int)i;
    return -1;
}

/* Marks in opened the map cities at the ends of seat's complete links in
 * view (borrowed); returns whether there was one. */
static int openings(const struct balance *b, const json_t *view, int seat,
                    unsigned char opened[BALANCE_CITIES])
{
    json_t *link, *end;
    size_t i, j;
    int found = 0;

    json_array_foreach(json_object_get(view, "links"), i, link) {
        if (json_integer_value(json_object_get(link, "owner")) != seat ||
            !json_is_true(json_object_get(link, "complete")))
            continue;
        json_array_foreach(json_object_get(link, "ends"), j, end) {
            int k = city_at(b, json_string_value(end));

            if (k >= 0)
                found = opened[k] = 1;
        }
    }
    return found;
}

static const char *type_of(const json_t *m)
{
    return json_string_value(json_object_get(m, "type")) ?: "";
}

/* Whether the listed moves include one of type. */
static int offers(const json_t *moves, const char *type)
{
    json_t *m;
    size_t i;

    json_array_foreach(moves, i, m)
        if (!strcmp(type_of(m), type))
            return 1;
    return 0;
}

/*
 * The move seat makes from moves (borrowed) and its view (borrowed, NULL
 * outside building and scoring): track points as income up to half-way
 * through the game and as VP after; in Phase 1 any action tile that costs
 * nothing (Turn Order, First Move, First Build, Engineer, or City Growth
 * or Urbanization with the Pass Option) at random, so that no seat is held
 * at the back of the turn order by a fixed preference; everything else
 * steam_player's choice, and a random listed move where it leaves the
 * choice open. New reference.
 */
static json_t *balance_pick(const struct steam_player *pl, json_t *moves,
                            const json_t *view, int seat, struct rng *r)
{
    json_t *m, *move;
    uint64_t x;
    size_t i;

    if (offers(moves, "score")) {
        long turn = json_integer_value(json_object_get(view, "turn")),
             last = json_integer_value(json_object_get(view, "last_turn"));
        const char *want = 2 * turn <= last ? "income" : "vp";

        json_array_foreach(moves, i, m)
            if (!strcmp(json_string_value(json_object_get(m, "take")) ?: "", want))
                return json_incref(m);
    }
    if (offers(moves, "select")) {
        json_t *costless = json_array();

        json_array_foreach(moves, i, m) {
            const char *a = json_string_value(json_object_get(m, "action")) ?: "";

            if (json_is_true(json_object_get(m, "pass_option")) || !strcmp(a, "turn_order") ||
                !strcmp(a, "first_move") || !strcmp(a, "first_build") || !strcmp(a, "engineer"))
                json_array_append(costless, m);
        }
        move = json_array_size(costless) ? json_incref(any_of(r, costless)) : NULL;
        json_decref(costless);
        if (move)
            return move;
    }
    rng_bytes(r, (unsigned char *)&x, sizeof x);
    move = steam_player_choose(pl, moves, view, seat, x);
    return move ? move : concrete(any_of(r, moves), r);
}

/* Plays game i of combination combo among b->seats steam_players and adds
 * it to b. Returns 0, or -1 when the engine refused a move. */
static int balance_game(const struct rules_engine *eng, const struct steam_player *pl,
                        struct balance *b, int combo, uint64_t seed, long i)
{
    unsigned char key[RNG_KEY_BYTES] = {0};
    unsigned char opened[RULES_MAX_SEATS][BALANCE_CITIES] = {{0}};
    int linked[RULES_MAX_SEATS] = {0}, place[RULES_MAX_SEATS] = {0}, placed = 0;
    struct rng game, pick;
    struct rules_error err;
    struct rules_status st;
    json_t *options, *state = NULL, *events = NULL, *view;
    long moves = 0;
    int rc = 0;

    memcpy(key, &seed, sizeof seed);
    memcpy(key + 8, &i, sizeof i);
    key[16] = (unsigned char)(combo + 1);
    rng_init(&game, key, 0);
    key[31] = 1;
    rng_init(&pick, key, 0);
    options = json_pack("{s:s, s:s}", "map", b->map, "turn_order", b->order);
    rc = eng->setup(options, b->seats, &game, &state, &events, &err);
    json_decref(options);
    if (rc) {
        fprintf(stderr, "playouts: steam setup on %s: %s\n", b->map, err.message);
        return -1;
    }
    json_decref(events);
    while (eng->status(state, &st) == 0 && !st.finished && moves < MAX_MOVES) {
        int seat = __builtin_ctz(st.must_act);
        json_t *list = eng->legal_moves(state, seat), *ms = json_object_get(list, "moves"), *move;
        int building = offers(ms, "build");

        view = NULL;
        if (!placed || building || offers(ms, "score"))
            view = eng->view(state, seat);
        if (!placed && strcmp(json_string_value(json_object_get(view, "phase")) ?: "", "auction")) {
            json_t *s;
            size_t k;

            json_array_foreach(json_object_get(view, "turn_order"), k, s)
                if (json_integer_value(s) >= 0 && json_integer_value(s) < b->seats)
                    place[json_integer_value(s)] = (int)k;
            placed = 1;
        }
        move = balance_pick(pl, ms, view, seat, &pick);
        json_decref(view);
        events = NULL;
        if (eng->apply(&state, seat, move, &game, &events, &err)) {
            fprintf(stderr, "playouts: steam %s game %ld refused a move: %s\n", b->map, i,
                    err.message);
            rc = -1;
        } else if (!strcmp(type_of(move), "deliver")) {
            b->deliveries++;
        } else if (!strcmp(type_of(move), "build") && !linked[seat]) {
            view = eng->view(state, -1);
            linked[seat] = openings(b, view, seat, opened[seat]);
            json_decref(view);
        }
        json_decref(events);
        json_decref(move);
        json_decref(list);
        if (rc)
            break;
        moves++;
    }
    b->games++;
    b->moves += moves;
    if (!rc && st.finished && placed) {
        int w = __builtin_ctz(st.winners), any;

        view = eng->view(state, -1);
        b->vp += json_integer_value(json_object_get(
            json_array_get(json_object_get(view, "players"), (size_t)w), "vp"));
        json_decref(view);
        b->by_seat[w]++;
        b->by_place[place[w]]++;
        b->first_wins += place[w] == 0;
        for (int s = 0; s < b->seats; s++) {
            any = 0;
            for (int k = 0; k < BALANCE_CITIES; k++)
                if (opened[s][k]) {
                    any = 1;
                    b->from[k]++;
                    b->won[k] += s == w;
                }
            if (!any) {
                b->from[BALANCE_CITIES]++;
                b->won[BALANCE_CITIES] += s == w;
            }
        }
    } else if (!rc) {
        b->unfinished++;
    }
    json_decref(state);
    return rc;
}

static void balance_print(const struct balance *b, uint64_t seed)
{
    double mean = 1.0 / b->seats, g = b->games ? (double)b->games : 1;
    long finished = b->games - b->unfinished;
    double f = finished ? (double)finished : 1;
    json_t *c;
    size_t i;

    printf("balance %s, %d players, %s order: %ld games (seed %llu, %.1f s CPU), "
           "%ld unfinished\n", b->map, b->seats, b->order, b->games,
           (unsigned long long)seed, b->secs, b->unfinished);
    printf("  winner's final VP %.1f on average; %.1f deliveries and %.0f moves a game\n",
           (double)b->vp / f, (double)b->deliveries / g, (double)b->moves / g);
    printf("  wins by seat:                  ");
    for (int s = 0; s < b->seats; s++)
        printf("  %d: %4.1f%%", s, 100.0 * (double)b->by_seat[s] / f);
    printf("\n  wins by place in turn order 1: ");
    for (int s = 0; s < b->seats; s++)
        printf("  %d: %4.1f%%", s + 1, 100.0 * (double)b->by_place[s] / f);
    printf("\n  the first player wins %.1f%% (even: %.1f%%, 95%% margin +-%.1f)\n",
           100.0 * (double)b->first_wins / f, 100.0 * mean,
           196.0 * sqrt(mean * (1 - mean) / f));
    printf("  opening (a city of the first link)     players   wins  win rate  x even\n");
    json_array_foreach(b->cities, i, c) {
        long n = i < BALANCE_CITIES ? b->from[i] : 0, w = i < BALANCE_CITIES ? b->won[i] : 0;
        double rate = n ? (double)w / (double)n : 0;

        if (i >= BALANCE_CITIES)
            break;
        printf("    %-4s %-14s %-6s %d cubes  %7ld  %5ld  %7.1f%%  %5.2f%s\n",
               json_string_value(json_object_get(c, "hex")),
               json_string_value(json_object_get(c, "name")),
               json_string_value(json_object_get(c, "colour")),
               (int)json_integer_value(json_object_get(c, "cubes")), n, w, 100.0 * rate,
               rate / mean,
               n < BALANCE_FEW ? "  few" : rate > 1.5 * mean && n >= BALANCE_MANY ? "  HIGH" : "");
    }
    if (b->from[BALANCE_CITIES])
        printf("    (no link)                        %7ld  %5ld  %7.1f%%\n",
               b->from[BALANCE_CITIES], b->won[BALANCE_CITIES],
               100.0 * (double)b->won[BALANCE_CITIES] / (double)b->from[BALANCE_CITIES]);
}

/* --balance: n games of each map and player count the map is made for,
 * or of map only, with initial turn order order. */
static int balance(long n, uint64_t seed, const char *map, const char *order)
{
    static const struct {
        const char *map;
        int seats;
    } combos[] = {{"tidewater", 3}, {"tidewater", 4}, {"rhinegold", 4},
                  {"rhinegold", 5}, {"rhinegold", 6}};
    const struct rules_engine *eng = rules_engine_find("steam");
    struct steam_player pl;
    json_t *desc, *m;
    int rc = 0, known = 0;
    size_t j;

    if (!eng)
        return -1;
    desc = eng->describe();
    if (steam_player_init(&pl, desc)) {
        fprintf(stderr, "playouts: steam describes no plain tiles\n");
        json_decref(desc);
        return -1;
    }
    pl.through_towns = 1;
    for (size_t c = 0; c < sizeof combos / sizeof combos[0] && !rc; c++) {
        struct balance *b;
        double t0;

        if (map && strcmp(map, combos[c].map))
            continue;
        known = 1;
        if (!(b = calloc(1, sizeof *b))) {
            rc = -1;
            break;
        }
        b->map = combos[c].map;
        b->order = order;
        b->seats = combos[c].seats;
        json_array_foreach(json_object_get(desc, "maps"), j, m)
            if (!strcmp(json_string_value(json_object_get(m, "id")) ?: "", b->map))
                b->cities = json_object_get(m, "cities");
        t0 = cpu_seconds();
        for (long i = 0; i < n && !rc; i++)
            rc = balance_game(eng, &pl, b, (int)c, seed, i);
        b->secs = cpu_seconds() - t0;
        if (!rc)
            balance_print(b, seed);
        fflush(stdout);
        free(b);
    }
    json_decref(desc);
    if (!known)
        fprintf(stderr, "playouts: no map %s\n", map);
    return known ? rc : -1;
}

/* ------------------------------------------------------ Heavy Steam titans */

/*
 * --titans N: N games of each pairing the Meeting Engagement allows (a
 * U.K. board against a C.E.T. board of the same size; the boards in data/titans),
 * played by hs_player in both seats at random, and again with greedy
 * players (an attack whenever one is listed). The seats alternate: in odd
 * games the C.E.T. board has seat 0 ("factions": ["cet", "uk"]), so that
 * what the first seat is worth and what a board is worth come apart.
 * Prints each board's win share, seat 0's, the rounds a game and the CPU.
 * With board set, only the pairings that board is in; with customize, the
 * titans are customized in secret first (the loadouts stage, HS-R-140),
 * by the same players.
 */
static int titans(long n, uint64_t seed, int players, const char *board, int customize)
{
    static const char *const pairs[][3] = {
        {"heavy", "uk_heavy_dreadmoor", "cet_heavy_kaltschmied"},
        {"light", "uk_light_kestrel", "cet_light_feldhase"},
        {"light", "uk_light_kestrel", "cet_light_sturmvogel"},
        {"light", "uk_light_wayfarer", "cet_light_feldhase"},
        {"light", "uk_light_wayfarer", "cet_light_sturmvogel"},
    };
    const struct rules_engine *eng = rules_engine_find("heavysteam");

    if (!eng)
        return -1;
    printf("heavysteam titans, %ld games a pairing and player (seed %llu), seats alternating\n",
           n, (unsigned long long)seed);
    printf("  %-6s %-10s %-22s %-22s %7s %7s %7s %8s %6s\n", "player", "size", "U.K. board",
           "C.E.T. board", "U.K.", "C.E.T.", "seat 0", "rounds", "CPU s");
    for (int greedy = 0; greedy < 2; greedy++)
        for (size_t k = 0; players >> greedy & 1 && k < sizeof pairs / sizeof pairs[0]; k++) {
            struct tally t[2] = {{0}, {0}};   /* [0]: U.K. in seat 0 */
            long stuck = 0;                  /* games where no listed move was accepted */
            double t0 = cpu_seconds(), games, uk;

            if (board && strcmp(board, pairs[k][1]) && strcmp(board, pairs[k][2]))
                continue;

            for (long i = 0; i < n; i++) {
                int swap = (int)(i & 1);
                json_t *o = json_pack("{s:s, s:[s,s], s:[s,s]}", "size", pairs[k][0], "titans",
                                      pairs[k][1 + swap], pairs[k][2 - swap], "factions",
                                      swap ? "cet" : "uk", swap ? "uk" : "cet");
                int rc;

                if (customize)
                    json_object_set_new(o, "customize", json_true());
                rc = play_hs(eng, o, 2, greedy, seed + 1000003ULL * (k + 1) + (uint64_t)greedy, i,
                             &t[swap]);
                json_decref(o);
                stuck += rc != 0;   /* counted unfinished; the pairing goes on */
            }
            games = (double)(t[0].games + t[1].games - t[0].unfinished - t[1].unfinished);
            if (games <= 0)
                games = 1;
            uk = (double)(t[0].wins[0] + t[1].wins[1]);
            printf("  %-6s %-10s %-22s %-22s %6.1f%% %6.1f%% %6.1f%% %8.1f %6.1f",
                   greedy ? "greedy" : "random", pairs[k][0], pairs[k][1], pairs[k][2],
                   100.0 * uk / games, 100.0 * (games - uk) / games,
                   100.0 * (double)(t[0].wins[0] + t[1].wins[0]) / games,
                   (double)(t[0].rounds + t[1].rounds) / games, cpu_seconds() - t0);
            if (t[0].unfinished + t[1].unfinished)
                printf("  (%ld unfinished, %ld of them stuck)",
                       t[0].unfinished + t[1].unfinished, stuck);
            printf("\n");
            fflush(stdout);
        }
    return 0;
}

/*
 * --teams N: N games of each scenario the engine plays (or scenario
 * only) in each of the five compositions (HS-R-152), by greedy players.
 * The factions alternate: in odd games the C.E.T. is seat 0's team, so
 * that a faction's share and the share of the team of seat 0 (the side
 * listed first) come apart. Prints the U.K.'s, the C.E.T.'s and team 0's
 * win shares, the rounds a game, the unfinished games and the CPU.
 */
static int teams(long n, uint64_t seed, int scenario)
{
    static const struct {
        int seats;
        const char *size, *name;
    } comps[] = {{2, "heavy", "heavy v heavy"}, {2, "light", "light v light"},
                 {3, "mixed", "heavy v 2 lights"}, {4, "light", "2 lights v 2 lights"},
                 {4, "mixed", "heavy+light v same"}};
    const struct rules_engine *eng = rules_engine_find("heavysteam");

    if (!eng)
        return -1;
    printf("heavysteam teams, %ld greedy games a scenario and composition (seed %llu), "
           "factions alternating\n", n, (unsigned long long)seed);
    printf("  %-8s %-20s %7s %7s %7s %8s %6s\n", "scenario", "composition", "U.K.", "C.E.T.",
           "team 0", "rounds", "CPU s");
    for (int sc = 1; sc <= 5; sc++)
        for (size_t k = 0; k < sizeof comps / sizeof comps[0]; k++) {
            struct tally t[2] = {{0}, {0}};   /* [0]: U.K. team 0 */
            json_t *probe = json_pack("{s:i}", "scenario", sc), *st = NULL, *ev = NULL;
            unsigned char key[RNG_KEY_BYTES] = {0};
            struct rules_error err;
            struct rng r;
            double t0 = cpu_seconds(), games, uk;

            /* a scenario the engine does not play is left out */
            rng_init(&r, key, 0);
            if ((scenario && sc != scenario) || eng->setup(probe, 2, &r, &st, &ev, &err)) {
                json_decref(probe);
                break;
            }
            json_decref(probe);
            json_decref(st);
            json_decref(ev);
            for (long i = 0; i < n; i++) {
                int swap = (int)(i & 1);
                json_t *f = json_array(), *o;

                for (int s = 0; s < comps[k].seats; s++) {
                    int uk_team = (eng->team_of(s, comps[k].seats) == 0) != swap;

                    json_array_append_new(f, json_string(uk_team ? "uk" : "cet"));
                }
                o = json_pack("{s:i, s:s, s:o}", "scenario", sc, "size", comps[k].size,
                              "factions", f);
                play_hs(eng, o, comps[k].seats, 1,
                        seed + 7919ULL * (uint64_t)(sc * 8 + (int)k), i, &t[swap]);
                json_decref(o);
            }
            games = (double)(t[0].games + t[1].games - t[0].unfinished - t[1].unfinished);
            if (games <= 0)
                games = 1;
            uk = (double)(t[0].team_wins[0] + t[1].team_wins[1]);
            printf("  %-8d %-20s %6.1f%% %6.1f%% %6.1f%% %8.1f %6.1f", sc, comps[k].name,
                   100.0 * uk / games, 100.0 * (games - uk) / games,
                   100.0 * (double)(t[0].team_wins[0] + t[1].team_wins[0]) / games,
                   (double)(t[0].rounds + t[1].rounds) / games, cpu_seconds() - t0);
            if (t[0].unfinished + t[1].unfinished)
                printf("  (%ld unfinished)", t[0].unfinished + t[1].unfinished);
            printf("\n");
            fflush(stdout);
        }
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: turnpost-playouts [--ruleset steam|ironfuture] "
                    "[--games N] [--seed N]\n"
                    "       turnpost-playouts --balance N [--map tidewater|rhinegold]\n"
                    "                         [--order random|auction] [--seed N]\n"
                    "       turnpost-playouts --titans N [--player random|greedy] "
                    "[--board ID] [--customize 0|1] [--seed N]\n"
                    "       turnpost-playouts --teams N [--scenario 1-5] [--seed N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    static const char *const all[] = {"steam", "ironfuture", "heavysteam", NULL};
    int players = 3;                 /* --titans: 1 random, 2 greedy, 3 both */
    const char *only = NULL, *map = NULL, *order = NULL, *board = NULL;
    long games = 200, balance_games = 0, titan_games = 0, team_games = 0;
    uint64_t seed = 1;
    int rc = 0, known = 0, customize = 0, scenario = 0;

    for (int i = 1; i < argc; i += 2) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;

        if (!strcmp(argv[i], "--ruleset") && val) {
            only = val;
        } else if (!strcmp(argv[i], "--games") && val && atol(val) > 0) {
            games = atol(val);
        } else if (!strcmp(argv[i], "--seed") && val) {
            seed = strtoull(val, NULL, 10);
        } else if (!strcmp(argv[i], "--balance") && val && atol(val) > 0) {
            balance_games = atol(val);
        } else if (!strcmp(argv[i], "--titans") && val && atol(val) > 0) {
            titan_games = atol(val);
        } else if (!strcmp(argv[i], "--player") && val &&
                   (!strcmp(val, "random") || !strcmp(val, "greedy"))) {
            players = !strcmp(val, "random") ? 1 : 2;
        } else if (!strcmp(argv[i], "--board") && val) {
            board = val;
        } else if (!strcmp(argv[i], "--customize") && val &&
                   (!strcmp(val, "0") || !strcmp(val, "1"))) {
            customize = val[0] == '1';
        } else if (!strcmp(argv[i], "--teams") && val && atol(val) > 0) {
            team_games = atol(val);
        } else if (!strcmp(argv[i], "--scenario") && val && atoi(val) >= 1 && atoi(val) <= 5) {
            scenario = atoi(val);
        } else if (!strcmp(argv[i], "--map") && val) {
            map = val;
        } else if (!strcmp(argv[i], "--order") && val &&
                   (!strcmp(val, "random") || !strcmp(val, "auction"))) {
            order = val;
        } else {
            return usage();
        }
    }
    if (((map || order) && !balance_games) || ((board || customize) && !titan_games) ||
        (scenario && !team_games))
        return usage();
    if (team_games)
        return teams(team_games, seed, scenario) ? 1 : 0;
    if (titan_games)
        return titans(titan_games, seed, players, board, customize) ? 1 : 0;
    if (balance_games)
        return balance(balance_games, seed, map, order ? order : "auction") ? 1 : 0;
    for (int k = 0; all[k]; k++)
        if (!only || !strcmp(only, all[k])) {
            known = 1;
            rc |= run(all[k], games, seed);
        }
    if (!known) {
        fprintf(stderr, "playouts: no ruleset %s\n", only);
        return 2;
    }
    return rc ? 1 : 0;
}
