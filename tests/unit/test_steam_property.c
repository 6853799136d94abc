/*
 * test_steam_property.c - thousands of random Steam games: 500 for each
 * player count (3 to 6) by default; STEAM_GAMES sets the number per
 * player count (STEAM_GAMES=50 plays 200).
 *
 * Each step takes the seat that status() says must act, asks legal_moves
 * for its moves, picks one (expanding shapes - build options, bid ranges,
 * urbanize and grow values - into a concrete move), applies it and checks:
 *   - apply accepts it (no listed move is refused), exactly one seat must
 *     act, and the other seats' legal_moves are empty;
 *   - the 96 cubes are all accounted for (bag, supply spaces, cities; a
 *     delivered cube goes back to the bag), never a negative count;
 *   - the 136 track tiles are all accounted for (supply and board);
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
 * Every few steps a move is also offered to a seat that is not to act,
 * which must be refused; in one game in ten, every listed move (shapes
 * expanded: every hex, tile and rotation) is applied on the side every
 * 23rd step, and each must be accepted. Games run for 3, 4, 5 and 6
 * players on both maps with both initial turn-order methods, by two
 * worker processes. At the end, every kind of event must have happened
 * somewhere.
 *
 * Speed: the 2000 games of the default take about 50 s of CPU in the
 * sanitizer build (ASan + UBSan; CMakeLists.txt builds the property tests
 * and their engine copy at -O1 without the fuzzers' coverage): 26 s of
 * wall time on the two cores of a quiet machine, 50 s next to the other
 * tests under ctest -j2 on a busy one. jansson allocates from
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
#include "steam/game.h"
#include "steam/track.h"

#define GAMES 500           /* per player count */
#define ALL_MOVES_EVERY 23  /* steps between applying every listed move */
#define ALL_MOVES_GAMES 10  /* ... in one game in this many */
#define MAX_STEPS 6000
#define WORKERS 2

static const struct rules_engine *eng;

static const char *const must_see[] = {
    "setup", "auction_won", "turn_order", "select", "raise", "build",
    "improve", "redirect", "urbanize", "grow", "build_done", "link_lost",
    "deliver", "score", "locomotive", "pass", "income", "turn", "game_over",
    "resigned",
};
#define NSEE (sizeof must_see / sizeof must_see[0])
static long seen[NSEE];
static long max_bytes, steps_total, all_bankrupt;

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
    for (int l = 0; l < net->nlinks; l++)
        CHECK(net->link[l].owner < 0 || st_in_game(g, net->link[l].owner));
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
    json_t *seats = json_object_get(*st, "seats"), *ev = NULL, *copy, *lm;
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
    if (!CHECK(eng->resign(st, seat, &ev, &err) == 0)) {
        fprintf(stderr, "  resignation refused: %s %s\n", err.code, err.message);
        return;
    }
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
    json_t *st = NULL, *ev = NULL, *opts;
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
        {
            json_t *pl = json_array_get(json_object_get(st, "seats"), (size_t)seat);

            m = choose(moves, &pr, (int)json_integer_value(json_object_get(pl, "cash")),
                       (int)json_integer_value(json_object_get(pl, "income")));
        }
        move = concretize(m, &pr);
        ev = NULL;
        if (!CHECK(eng->apply(&st, seat, move, &rng, &ev, &err) == 0)) {
            char *ms = json_dumps(move, JSON_COMPACT);

            fprintf(stderr, "  refused listed move %s: %s %s\n", ms, err.code,
                    err.message);
            pool_free(ms);
            json_decref(move);
            json_decref(list);
            break;
        }
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
    long out[NSEE + 3] = {0};
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
    if (write(fd, out, sizeof out) != (ssize_t)sizeof out)
        _exit(2);
    exit(failed ? 1 : 0);   /* exit, not _exit: LeakSanitizer checks the worker */
}

static void test_random_games(void)
{
    const char *env = getenv("STEAM_GAMES");
    int games = env ? atoi(env) : GAMES, fds[WORKERS];
    pid_t pids[WORKERS];
    long total[NSEE + 3] = {0};

    eng = rules_engine_find("steam");
    if (!eng) {
        extern const struct rules_engine steam_engine;
        eng = &steam_engine;
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
        long out[NSEE + 3];
        int status = 0;

        CHECK(read(fds[w], out, sizeof out) == (ssize_t)sizeof out);
        close(fds[w]);
        waitpid(pids[w], &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        for (size_t i = 0; i < NSEE + 3; i++)
            total[i] = i == NSEE + 1 ? (out[i] > total[i] ? out[i] : total[i])
                                     : total[i] + out[i];
    }
    printf("%d games per player count, %ld steps, largest state %ld bytes\n",
           games, total[NSEE + 2], total[NSEE + 1]);
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
