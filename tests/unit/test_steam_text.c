/*
 * test_steam_text.c - Steam's chat notation (rules/steam/RULINGS.md,
 * "Chat notation"): the text of each move type, its reading, the legal
 * moves as lines and the view as Markdown.
 *
 * The notation cases pin the text of each move type and what it reads
 * as. The played games (GAMES of them, 3 to 6 players, Tidewater with 3
 * and 4, Rhinegold with 4 to 6, dealt from a real setup and played by
 * legal moves, each one sent as its own text and read back) check at
 * every position:
 *   - every concrete legal move, and instances of every shape (a build or
 *     redirect on each hex it lists and 16 more at random, every hex,
 *     tile and rotation at one position in 16; a bid's ends and middle;
 *     combinations of urbanize and grow), is read back from its text as
 *     the same JSON (text_parse(text_move(m)) equals m);
 *   - every concrete line of text_moves, every instance a build or
 *     redirect list line names and samples of every pattern line read as
 *     a listed legal move; every concrete listed move but the deliveries
 *     past the eighth has its line; other seats get "";
 *   - text_view stays within RULES_TEXT_VIEW_MAX for every seat and the
 *     spectator.
 * The players take deliveries, build the tile that best continues their
 * own track towards a city (or joins two cities), and otherwise choose at
 * random among the listed moves, so that links complete and goods move.
 * Every game must reach its end (MAX_STEPS is only a guard) and free every
 * JSON value it made (jansson allocates from json_pool.h, which counts).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "json_pool.h"
#include "rng.h"
#include "steam/game.h"
#include "steam/play.h"
#include "steam/text.h"
#include "steam/track.h"

#include "steam_greedy.h"

#define GAMES 32
#define MAX_STEPS 2500
#define ELLIPSIS "\xe2\x80\xa6"

extern const struct rules_engine steam_engine;
static const struct rules_engine *E = &steam_engine;

static const char *const types[] = {"bid", "pass", "select", "build", "redirect",
                                    "urbanize", "grow", "done", "deliver",
                                    "locomotive", "score"};
#define NTYPES ((int)(sizeof types / sizeof types[0]))
static long round_trips[NTYPES], lines_read, instances_read, positions, finished;
static size_t view_max, moves_max;

static json_t *deal(int n, const char *map, const char *order, int k, struct rng *rng)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    json_t *st = NULL, *ev = NULL, *opts = json_pack("{s:s}", "turn_order", order);

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 11 + k * 29 + n);
    rng_init(rng, key, 0);
    if (map)
        json_object_set_new(opts, "map", json_string(map));
    if (!CHECK(E->setup(opts, n, rng, &st, &ev, &err) == 0))
        fprintf(stderr, "setup: %s\n", err.message);
    json_decref(opts);
    json_decref(ev);
    return st;
}

static void writes(const char *move, const char *want)
{
    json_t *m = json_loads(move, 0, NULL);
    char *text = E->text_move(m);

    CHECK_EQ_STR(text, want);
    free(text);
    json_decref(m);
}

/* text, typed by seat in st, reads as the JSON want. */
static void reads(const json_t *st, int seat, const char *text, const char *want)
{
    struct rules_error err = {0};
    json_t *m = E->text_parse(st, seat, text, &err), *w = json_loads(want, 0, NULL);

    if (!CHECK(m && json_equal(m, w))) {
        char *got = m ? json_dumps(m, JSON_COMPACT) : NULL;

        fprintf(stderr, "  \"%s\" read as %s (%s)\n", text, got ? got : "NULL",
                err.message);
        pool_free(got);
    }
    json_decref(m);
    json_decref(w);
}

static void test_notation_of_every_move_type(void)
{
    writes("{\"type\":\"bid\",\"amount\":5}", "bid 5");
    writes("{\"type\":\"pass\"}", "pass");
    writes("{\"type\":\"select\",\"action\":\"engineer\"}", "select engineer");
    writes("{\"type\":\"select\",\"action\":\"city_growth\",\"pass_option\":false}",
           "select city_growth");
    writes("{\"type\":\"select\",\"action\":\"urbanization\",\"pass_option\":true}",
           "select urbanization pass");
    writes("{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":2}",
           "build b4 straight r2");
    writes("{\"type\":\"redirect\",\"hex\":\"c5\",\"tile\":\"gentle\",\"rotation\":5}",
           "redirect c5 gentle r5");
    writes("{\"type\":\"urbanize\",\"hex\":\"d2\",\"colour\":\"gray\",\"supply\":3}",
           "urbanize d2 gray s3");
    writes("{\"type\":\"urbanize\",\"hex\":\"d2\",\"colour\":\"red\"}", "urbanize d2 red");
    writes("{\"type\":\"grow\",\"city\":\"c6\",\"supply\":0}", "grow c6 s0");
    writes("{\"type\":\"grow\",\"city\":\"c6\",\"supply\":null}", "grow c6");
    writes("{\"type\":\"done\"}", "done");
    writes("{\"type\":\"deliver\",\"from\":\"d8\",\"colour\":\"red\",\"route\":"
           "[{\"to\":\"c6\",\"owner\":1},{\"to\":\"a4\",\"owner\":-1}]}",
           "deliver red d8 c6@1 a4@-");
    writes("{\"type\":\"locomotive\"}", "locomotive");
    writes("{\"type\":\"score\",\"take\":\"income\"}", "score income");
    writes("{\"type\":\"score\",\"take\":\"vp\"}", "score vp");
    /* a move in no form of the notation is written as its JSON */
    writes("{\"type\":\"build\",\"hex\":\"b4\"}", "{\"type\":\"build\",\"hex\":\"b4\"}");
    writes("{\"type\":\"done\",\"now\":true}", "{\"type\":\"done\",\"now\":true}");
}

static void test_reading_is_forgiving_of_case_spaces_and_glosses(void)
{
    struct rng rng;
    json_t *st = deal(4, "tidewater", "random", 0, &rng);

    reads(st, 0, "  BUILD   B04  Straight  R2 ",
          "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"straight\",\"rotation\":2}");
    reads(st, 0, "build b4 town-k-mirror 3",
          "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"town_k_mirror\",\"rotation\":3}");
    reads(st, 0, "build b4 cross_s r1",
          "{\"type\":\"build\",\"hex\":\"b4\",\"tile\":\"cross_sg\",\"rotation\":1}");
    reads(st, 0, "bid $12", "{\"type\":\"bid\",\"amount\":12}");
    reads(st, 0, "select City Growth pass option",
          "{\"type\":\"select\",\"action\":\"city_growth\",\"pass_option\":true}");
    reads(st, 0, "select loco  ($6)",
          "{\"type\":\"select\",\"action\":\"locomotive\"}");
    reads(st, 0, "select first_build", "{\"type\":\"select\",\"action\":\"first_build\"}");
    reads(st, 0, "`select turn order`", "{\"type\":\"select\",\"action\":\"turn_order\"}");
    reads(st, 0, "urbanise D2 grey supply 4",
          "{\"type\":\"urbanize\",\"hex\":\"d2\",\"colour\":\"gray\",\"supply\":4}");
    reads(st, 0, "grow c6 2", "{\"type\":\"grow\",\"city\":\"c6\",\"supply\":2}");
    reads(st, 0, "grow c6", "{\"type\":\"grow\",\"city\":\"c6\"}");
    reads(st, 0, "vp", "{\"type\":\"score\",\"take\":\"vp\"}");
    reads(st, 0, "Score Income  (+2 income)", "{\"type\":\"score\",\"take\":\"income\"}");
    reads(st, 0, "loco", "{\"type\":\"locomotive\"}");
    reads(st, 0, "Pass\r\n", "{\"type\":\"pass\"}");
    json_decref(st);
}

/* Lays tile (rotation rot) on hex for owner, as test_steam.c does. */
static void lay(struct st_game *g, const char *hex, const char *tile, int rot, int owner)
{
    int h = steam_hex_parse(g->map, hex), t = steam_catalog_tile(g->cat, tile);

    g->track[h].tile = t;
    g->track[h].rot = rot;
    for (int k = 0; k < ST_MAX_SEGS; k++) {
        g->track[h].owner[k] = k < g->cat->tile[t].nseg ? owner : -1;
        g->track[h].stamp[k] = k < g->cat->tile[t].nseg ? 1 : 0;
    }
    g->tiles_left[t]--;
}

/*
 * Tidewater, as in test_steam.c: a4 (purple city) -b4- c4 (town) -c5- c6
 * (blue city) -d7- d8 (yellow city); seat 0 owns a4-c4 and c4-c6, seat 1
 * c6-d8.
 */
static void test_deliver_finds_the_owners_the_text_leaves_out(void)
{
    static struct st_game g;
    struct rules_error err = {0};
    struct rng rng;
    json_t *st = deal(4, "tidewater", "random", 0, &rng), *m;
    char *text;

    CHECK(steam_game_load(&g, st, NULL) == 0);
    lay(&g, "b4", "straight", 0, 0);
    lay(&g, "c4", "town_sharp", 2, 0);
    lay(&g, "c5", "gentle", 5, 0);
    lay(&g, "d7", "straight", 1, 1);
    json_decref(st);
    st = steam_game_dump(&g);
    reads(st, 0, "deliver purple d8 c6 c4 a4",
          "{\"type\":\"deliver\",\"from\":\"d8\",\"colour\":\"purple\",\"route\":"
          "[{\"to\":\"c6\",\"owner\":1},{\"to\":\"c4\",\"owner\":0},{\"to\":\"a4\",\"owner\":0}]}");
    reads(st, 2, "deliver d8 yellow c6@0 c4",
          "{\"type\":\"deliver\",\"from\":\"d8\",\"colour\":\"yellow\",\"route\":"
          "[{\"to\":\"c6\",\"owner\":0},{\"to\":\"c4\",\"owner\":0}]}");
    /* no such link: the typing seat's, and apply() says why */
    reads(st, 3, "deliver red a4 d8",
          "{\"type\":\"deliver\",\"from\":\"a4\",\"colour\":\"red\",\"route\":"
          "[{\"to\":\"d8\",\"owner\":3}]}");
    /* the long form names every owner and reads back the same */
    m = json_loads("{\"type\":\"deliver\",\"from\":\"d8\",\"colour\":\"purple\",\"route\":"
                   "[{\"to\":\"c6\",\"owner\":1},{\"to\":\"c4\",\"owner\":0}]}", 0, NULL);
    text = E->text_move(m);
    CHECK_EQ_STR(text, "deliver purple d8 c6@1 c4@0");
    json_decref(m);
    free(text);
    m = E->text_parse(st, 0, "deliver purple d8 c6@7", &err);
    CHECK(m && json_integer_value(json_object_get(
                   json_array_get(json_object_get(m, "route"), 0), "owner")) == 7);
    json_decref(m);
    json_decref(st);
}

static void test_unreadable_moves_are_refused(void)
{
    static const char *const bad[] = {
        "", "   ", "fly to the moon", "bid", "bid lots", "bid 5 6", "build c5",
        "build c5 straight", "build c5 straight rx", "build 5c straight r1",
        "build c5 nosuchtile r2", "build c5 town r2", "select", "select first",
        "select nothing", "urbanize d2", "urbanize d2 pink", "grow", "grow c6 s1 s2",
        "deliver red", "deliver red d8", "deliver d8 c6 b5", "deliver red d8 c6@x",
        "score maybe", "pass now", "done done", "income 3",
        "build c5 straight r2 and then some more words to make it long a b c d e f g h i",
    };
    struct rng rng;
    json_t *st = deal(3, "tidewater", "auction", 1, &rng);
    char longer[600];

    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    for (size_t i = 0; i <= sizeof bad / sizeof bad[0]; i++) {
        const char *text = i < sizeof bad / sizeof bad[0] ? bad[i] : longer;
        struct rules_error err = {0};
        json_t *m = E->text_parse(st, 0, text, &err);

        if (!CHECK(m == NULL))
            fprintf(stderr, "  \"%s\" was read\n", text);
        CHECK_EQ_STR(err.code, "unreadable_move");
        CHECK(err.message[0] && err.rule[0]);
        json_decref(m);
    }
    {
        struct rules_error err = {0};

        CHECK(E->text_parse(st, 0, NULL, &err) == NULL);
        CHECK_EQ_STR(err.code, "unreadable_move");
    }
    json_decref(st);
}

static void test_view_shows_turn_players_goods_and_order(void)
{
    struct rng rng;
    json_t *st = deal(6, "rhinegold", "random", 2, &rng);
    char *v = E->text_view(st, -1), *mine = E->text_view(st, 3);

    CHECK(v && strlen(v) <= RULES_TEXT_VIEW_MAX);
    CHECK(strstr(v, "**Rhinegold Basin**") && strstr(v, "turn 1 of 7"));
    CHECK(strstr(v, "Phase 1, Select Action Tiles") && strstr(v, "to act"));
    CHECK(strstr(v, "- **Seat 5**") && strstr(v, "loco 1") && strstr(v, "0 links"));
    CHECK(strstr(v, "**Turn order:**") && strstr(v, "**Cubes**") &&
          strstr(v, "**Goods Supply:** s0 "));
    CHECK_EQ_STR(mine, v);       /* open information: the same for all */
    if (getenv("STEAM_TEXT_SHOW"))
        printf("%s", v);
    free(v);
    free(mine);
    json_decref(st);
}

static void lay(struct st_game *g, const char *hex, const char *tile, int rot, int owner);

/* The longest view there can be: six players at the widest of every
 * number, each with a tile, owing both duties, and every cube of the bag
 * on the cities. It is cut to RULES_TEXT_VIEW_MAX, ending with "…". */
static void test_view_of_the_most_crowded_position_fits(void)
{
    static struct st_game g;
    struct rng rng;
    json_t *st = deal(6, "rhinegold", "random", 3, &rng);
    char *v;
    size_t n;
    int city = 0;

    CHECK(steam_game_load(&g, st, NULL) == 0);
    g.phase = ST_BUILD;
    for (int s = 0; s < 6; s++) {
        g.p[s].cash = 99999;
        g.p[s].income = -10;
        g.p[s].vp = -99999;
        g.p[s].loco = 6;
        g.p[s].action = s == 0 ? ST_A_URBANIZATION : s;
        g.p[s].passed_option = s == 4;
        g.p[s].owe = ST_OWE_URBANIZE | ST_OWE_GROWTH;
        g.p[s].builds = 3;
    }
    g.money_out += 6 * 99999;
    for (int h = 0, k = 0; h < g.map->nhex && k < 60; h++) {    /* lone tiles */
        int free = g.map->hex[h].terrain == ST_PLAINS;

        for (int s = 0; s < 6 && free; s++) {
            int nb = g.map->hex[h].nb[s];

            free = nb >= 0 && g.track[nb].tile < 0 && g.map->hex[nb].terrain != ST_VOID &&
                   !g.map->hex[h].blocked[s];
        }
        if (free) {
            char name[8];

            lay(&g, steam_hex_name(g.map, h, name), "straight", 0, k++ % 6);
        }
    }
    for (int c = 0; c < ST_COLOURS; c++)
        for (; g.bag[c] > 0; g.bag[c]--, city = (city + 1) % g.map->ncities)
            g.cubes[g.map->city[city].hex][c]++;
    json_decref(st);
    st = steam_game_dump(&g);
    v = E->text_view(st, 2);
    n = v ? strlen(v) : 0;
    CHECK(v && n <= RULES_TEXT_VIEW_MAX && n > RULES_TEXT_VIEW_MAX - 200);
    CHECK(n >= 4 && !strcmp(v + n - 4, ELLIPSIS "\n"));
    CHECK(v && strstr(v, "- **Seat 5**") && strstr(v, "owes Urbanization, owes City Growth") &&
          strstr(v, "links (") && strstr(v, "**Cubes**"));
    if (getenv("STEAM_TEXT_SHOW"))
        printf("%s", v ? v : "");
    free(v);
    json_decref(st);
}

/* ---- legal moves, shapes and lines ----------------------------------------- */

static int in_array(const json_t *a, const json_t *v)
{
    const json_t *x;
    size_t i;

    json_array_foreach(a, i, x)
        if (json_equal(x, v))
            return 1;
    return 0;
}

/* Whether m is one of the listed moves, or an instance of a listed shape. */
static int listed(const json_t *moves, const json_t *m)
{
    const char *t = type_of(m);
    const json_t *l, *o, *e;
    size_t i, j, k;

    json_array_foreach(moves, i, l) {
        if (strcmp(type_of(l), t))
            continue;
        if (!strcmp(t, "build") || !strcmp(t, "redirect")) {
            if (json_object_size(m) != 4)
                continue;
            json_array_foreach(json_object_get(l, "options"), j, o)
                if (json_equal(json_object_get(o, "hex"), json_object_get(m, "hex")))
                    json_array_foreach(json_object_get(o, "tiles"), k, e)
                        if (json_equal(json_object_get(e, "tile"), json_object_get(m, "tile")) &&
                            in_array(json_object_get(e, "rotations"),
                                     json_object_get(m, "rotation")))
                            return 1;
        } else if (!strcmp(t, "bid") && json_object_get(l, "amount") &&
                   json_is_object(json_object_get(l, "amount"))) {
            json_int_t v = json_integer_value(json_object_get(m, "amount"));
            const json_t *a = json_object_get(l, "amount");

            if (json_object_size(m) == 2 && json_is_integer(json_object_get(m, "amount")) &&
                v >= json_integer_value(json_object_get(a, "min")) &&
                v <= json_integer_value(json_object_get(a, "max")))
                return 1;
        } else if (!strcmp(t, "urbanize") || !strcmp(t, "grow")) {
            const char *key;
            const json_t *v;
            int ok = 1;

            json_object_foreach((json_t *)l, key, v)
                if (strcmp(key, "type")) {
                    const json_t *got = json_object_get(m, key);

                    ok &= json_array_size(v) ? got && in_array(v, got) : !got;
                }
            json_object_foreach((json_t *)m, key, v)
                ok &= json_object_get(l, key) != NULL;
            if (ok)
                return 1;
        } else if (json_equal(l, m)) {
            return 1;
        }
    }
    return 0;
}

static int type_index(const char *t)
{
    for (int i = 0; i < NTYPES; i++)
        if (!strcmp(types[i], t))
            return i;
    return -1;
}

/* text_parse(text_move(m)) equals m. */
static void round_trip(const json_t *st, int seat, const json_t *m)
{
    struct rules_error err = {0};
    char *text = E->text_move(m);
    json_t *back = text ? E->text_parse(st, seat, text, &err) : NULL;
    int t = type_index(type_of(m));

    if (!CHECK(back && json_equal(back, m))) {
        char *a = json_dumps(m, JSON_COMPACT), *b = back ? json_dumps(back, JSON_COMPACT) : NULL;

        fprintf(stderr, "  %s -> \"%s\" -> %s (%s)\n", a, text ? text : "NULL",
                b ? b : "NULL", err.message);
        pool_free(a);
        pool_free(b);
    }
    if (CHECK(t >= 0))
        round_trips[t]++;
    json_decref(back);
    free(text);
}

/* Calls fn on the build or redirect of shape l on hex option o with tile
 * entry e (random when NULL) at its i-th rotation (random when -1). */
static void tile_instance(const char *t, const json_t *o, const json_t *e, int i,
                          struct rng *r, void (*fn)(const json_t *m, void *arg), void *arg)
{
    const json_t *tiles = json_object_get(o, "tiles"), *rots;
    json_t *m;

    if (!e)
        e = json_array_get(tiles, pick(r, json_array_size(tiles)));
    rots = json_object_get(e, "rotations");
    m = json_pack("{s:s, s:O, s:O, s:O}", "type", t, "hex", json_object_get(o, "hex"),
                  "tile", json_object_get(e, "tile"), "rotation",
                  json_array_get(rots, i >= 0 ? (size_t)i : pick(r, json_array_size(rots))));
    fn(m, arg);
    json_decref(m);
}

/* Calls fn on instances of shape l: for a build or redirect, one on each
 * hex and 16 more at random, or every hex, tile and rotation when all is
 * set; a bid's ends and middle; 12 random combinations of urbanize or
 * grow. A concrete move is its own instance. */
static void each_instance(const json_t *l, struct rng *r, int all,
                          void (*fn)(const json_t *m, void *arg), void *arg)
{
    const char *t = type_of(l);
    const json_t *o, *e, *opts = json_object_get(l, "options");
    size_t i, j, k;

    if (!strcmp(t, "build") || !strcmp(t, "redirect")) {
        json_array_foreach(opts, i, o)
            if (!all)
                tile_instance(t, o, NULL, -1, r, fn, arg);
            else
                json_array_foreach(json_object_get(o, "tiles"), j, e)
                    for (k = 0; k < json_array_size(json_object_get(e, "rotations")); k++)
                        tile_instance(t, o, e, (int)k, r, fn, arg);
        for (int n = 0; !all && n < 16; n++)
            tile_instance(t, json_array_get(opts, pick(r, json_array_size(opts))), NULL, -1,
                          r, fn, arg);
    } else if (!strcmp(t, "bid")) {
        const json_t *a = json_object_get(l, "amount");
        json_int_t lo = json_integer_value(json_object_get(a, "min")),
                   hi = json_integer_value(json_object_get(a, "max"));
        json_int_t v[3] = {lo, (lo + hi) / 2, hi};

        for (int n = 0; n < 3; n++) {
            json_t *m = json_pack("{s:s, s:I}", "type", "bid", "amount", v[n]);

            fn(m, arg);
            json_decref(m);
        }
    } else if (!strcmp(t, "urbanize") || !strcmp(t, "grow")) {
        for (int n = 0; n < 12; n++) {
            json_t *m = json_pack("{s:s}", "type", t);
            const char *key;
            json_t *v;

            json_object_foreach((json_t *)l, key, v)
                if (json_is_array(v) && json_array_size(v))
                    json_object_set(m, key, json_array_get(v, pick(r, json_array_size(v))));
            fn(m, arg);
            json_decref(m);
        }
    } else {
        fn(l, arg);
    }
}

struct trip {
    const json_t *st;
    int seat;
};

static void trip_fn(const json_t *m, void *arg)
{
    const struct trip *t = arg;

    round_trip(t->st, t->seat, m);
}

/* Reads line (typed by seat) and checks it is a listed legal move; marks
 * what it matched in seen (one flag a listed move). */
static void read_line(const json_t *st, int seat, const json_t *moves, const char *line,
                      unsigned char *seen)
{
    struct rules_error err = {0};
    json_t *m = E->text_parse(st, seat, line, &err), *l;
    size_t i;

    if (!CHECK(m && listed(moves, m)))
        fprintf(stderr, "  line \"%s\": %s\n", line, m ? "not a legal move" : err.message);
    json_array_foreach(moves, i, l)
        if (m && i < 4096 && json_equal(l, m))
            seen[i] = 1;
    json_decref(m);
}

/* Samples a pattern line "grow <c6|d8> <s0|s3>", "bid <3-12>": each
 * "<...>" replaced by one of its values. */
static void sample_pattern(const char *line, struct rng *r, char *out, size_t size)
{
    size_t n = 0;

    for (const char *p = line; *p && n + 1 < size;) {
        const char *end = strchr(p, '>');
        int lo, hi;

        if (*p != '<' || !end) {
            out[n++] = *p++;
            continue;
        }
        if (sscanf(p, "<%d-%d>", &lo, &hi) == 2) {
            n += (size_t)snprintf(out + n, size - n, "%d", lo + (int)pick(r, (size_t)(hi - lo + 1)));
        } else {
            int count = 1, want;

            for (const char *q = p; q < end; q++)
                count += *q == '|';
            want = (int)pick(r, (size_t)count);
            p++;
            for (int k = 0; k < want; k++)
                p = strchr(p, '|') + 1;
            while (*p != '|' && *p != '>' && n + 1 < size)
                out[n++] = *p++;
        }
        p = end + 1;
    }
    out[n < size ? n : size - 1] = 0;
}

/* A list line "build c5 straight r0|r3, gentle r1; d6 sharp r2 …": reads
 * every instance it names. */
static void read_list(const json_t *st, int seat, const json_t *moves, const char *line,
                      unsigned char *seen)
{
    char buf[2048], verb[16], *groups, *g, *save1 = NULL;
    size_t n = strlen(line);

    if (!CHECK(n < sizeof buf))
        return;
    memcpy(buf, line, n + 1);
    if (n >= 4 && !strcmp(buf + n - 4, " " ELLIPSIS))
        buf[n - 4] = 0;
    groups = strchr(buf, ' ');
    if (!CHECK(groups && (size_t)(groups - buf) < sizeof verb))
        return;
    memcpy(verb, buf, (size_t)(groups - buf));
    verb[groups - buf] = 0;
    for (g = strtok_r(groups + 1, ";", &save1); g; g = strtok_r(NULL, ";", &save1)) {
        char hex[8], *e, *save2 = NULL;
        int off = 0;

        if (!CHECK(sscanf(g, " %7s %n", hex, &off) == 1 && off > 0))
            return;
        for (e = strtok_r(g + off, ",", &save2); e; e = strtok_r(NULL, ",", &save2)) {
            char tile[32], rots[32], *rt, *save3 = NULL;

            if (!CHECK(sscanf(e, " %31s %31s", tile, rots) == 2))
                return;
            for (rt = strtok_r(rots, "|", &save3); rt; rt = strtok_r(NULL, "|", &save3)) {
                char text[128];

                snprintf(text, sizeof text, "%s %s %s %s", verb, hex, tile, rt);
                read_line(st, seat, moves, text, seen);
                instances_read++;
            }
        }
    }
}

/* Every line of text_moves for seat reads as a legal move. */
static void check_text_moves(const json_t *st, int seat, const json_t *moves, struct rng *r)
{
    static unsigned char seen[4096];
    char *text = E->text_moves(st, seat), *line, *save = NULL;
    size_t i, deliveries = 0, lines_of_deliveries = 0;
    const json_t *l;

    if (!CHECK(text))
        return;
    if (strlen(text) > moves_max)
        moves_max = strlen(text);
    CHECK(strlen(text) <= ST_TEXT_MOVES_MAX);
    memset(seen, 0, sizeof seen);
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        lines_read++;
        if (!strncmp(line, ELLIPSIS, strlen(ELLIPSIS)))
            continue;                       /* "… and 12 more deliveries" */
        if (strchr(line, '<')) {
            if (strncmp(line, "build ", 6) && strncmp(line, "redirect ", 9))
                for (int k = 0; k < 6; k++) {
                    char sample[1024];

                    sample_pattern(line, r, sample, sizeof sample);
                    read_line(st, seat, moves, sample, seen);
                    instances_read++;
                }
        } else if (!strncmp(line, "build ", 6) || !strncmp(line, "redirect ", 9)) {
            read_list(st, seat, moves, line, seen);
        } else {
            read_line(st, seat, moves, line, seen);
            lines_of_deliveries += !strncmp(line, "deliver ", 8);
        }
    }
    /* every concrete move has its line (deliveries: the first few) */
    json_array_foreach(moves, i, l) {
        const char *t = type_of(l);

        deliveries += !strcmp(t, "deliver");
        if (strcmp(t, "deliver") && strcmp(t, "build") && strcmp(t, "redirect") &&
            strcmp(t, "urbanize") && strcmp(t, "grow") &&
            !(!strcmp(t, "bid") && json_is_object(json_object_get(l, "amount")) &&
              json_integer_value(json_object_get(json_object_get(l, "amount"), "min")) !=
                  json_integer_value(json_object_get(json_object_get(l, "amount"), "max"))))
            if (!CHECK(i >= 4096 || seen[i]))
                fprintf(stderr, "  no line for move %zu (%s)\n", i, t);
    }
    CHECK_EQ_INT(lines_of_deliveries, deliveries < 8 ? deliveries : 8);
    free(text);
}



/* ---- the played games ------------------------------------------------------------ */

static void check_position(const json_t *st, int seat, int nseats, const json_t *moves,
                           struct rng *r)
{
    struct trip t = {st, seat};
    const json_t *l;
    size_t i;

    positions++;
    if (getenv("STEAM_TEXT_SHOW") && positions % 500 == 0) {
        char *v = E->text_view(st, seat), *mv = E->text_moves(st, seat);

        printf("---- position %ld\n%s----\n%s", positions, v, mv);
        free(v);
        free(mv);
    }
    json_array_foreach(moves, i, l)
        each_instance(l, r, positions % 16 == 1, trip_fn, &t);
    check_text_moves(st, seat, moves, r);
    for (int s = -1; s < nseats; s++) {
        char *v = E->text_view(st, s);

        if (CHECK(v)) {
            CHECK(strlen(v) > 0 && strlen(v) <= RULES_TEXT_VIEW_MAX);
            if (strlen(v) > view_max)
                view_max = strlen(v);
            if (s >= 0 && s != seat) {
                char *other = E->text_moves(st, s);

                CHECK_EQ_STR(other, "");
                free(other);
            }
        }
        free(v);
    }
}

/* Plays game k to its end (or MAX_STEPS), every move sent as its text. */
static void play(int k)
{
    static const char *const maps[] = {"tidewater", "rhinegold"};
    long live = live_blocks;
    int n = 3 + k % 4, steps = 0, failed = check_state()->checks_failed;
    const char *map = maps[n == 3 ? 0 : n >= 5 ? 1 : (k / 4) % 2];
    struct rng rng, pr;
    unsigned char key[RNG_KEY_BYTES];
    json_t *st = deal(n, map, (k / 8) % 2 ? "random" : "auction", k, &rng);
    struct rules_status s;

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 3 + k);
    rng_init(&pr, key, 0);
    while (st && E->status(st, &s) == 0 && !s.finished && steps++ < MAX_STEPS) {
        int seat = __builtin_ctz(s.must_act);
        json_t *lm = E->legal_moves(st, seat), *moves = json_object_get(lm, "moves");
        json_t *m, *typed, *ev = NULL;
        const json_t *entry;
        size_t e;

        /* the notation reads moves, not legal-moves' markers of them */
        json_array_foreach(moves, e, entry)
            json_object_del((json_t *)entry, "form");
        struct rules_error err = {0};
        char *text;

        check_position(st, seat, n, moves, &pr);
        m = choose(st, seat, moves, &pr);
        text = E->text_move(m);
        typed = E->text_parse(st, seat, text, &err);
        CHECK(typed && json_equal(typed, m));
        if (!CHECK(typed && E->apply(&st, seat, typed, &rng, &ev, &err) == 0))
            fprintf(stderr, "  game %d step %d: \"%s\" refused: %s %s\n", k, steps, text,
                    err.code, err.message);
        free(text);
        json_decref(typed);
        json_decref(ev);
        json_decref(m);
        json_decref(lm);
        if (check_state()->checks_failed != failed)
            break;
    }
    if (st && s.finished) {
        char *v = E->text_view(st, -1), *mv = E->text_moves(st, 0);

        CHECK(v && strlen(v) <= RULES_TEXT_VIEW_MAX && strstr(v, "wins"));
        CHECK_EQ_STR(mv, "");
        free(v);
        free(mv);
        finished++;
    }
    json_decref(st);
    if (!CHECK_EQ_INT(live_blocks, live))
        fprintf(stderr, "  game %d: JSON values leaked\n", k);
}

static void test_round_trip_over_played_games(void)
{
    int failed = check_state()->checks_failed;

    for (int k = 0; k < GAMES && check_state()->checks_failed == failed; k++)
        play(k);
    printf("  %d games (%ld played to the end), %ld positions, %ld lines and %ld listed instances read; "
           "longest text_view %zu bytes, text_moves %zu\n", GAMES, finished, positions, lines_read,
           instances_read, view_max, moves_max);
    CHECK_EQ_INT(finished, GAMES);
    for (int t = 0; t < NTYPES; t++) {
        printf("  %-10s %ld round trips\n", types[t], round_trips[t]);
        CHECK(round_trips[t] > 0);
    }
}

/* Every JSON value the tests made has been released. */
static void test_no_json_value_is_left(void)
{
    CHECK_EQ_INT(live_blocks, 0);
}

int main(void)
{
    json_set_alloc_funcs(pool_malloc, pool_free);
    RUN(test_notation_of_every_move_type);
    RUN(test_reading_is_forgiving_of_case_spaces_and_glosses);
    RUN(test_deliver_finds_the_owners_the_text_leaves_out);
    RUN(test_unreadable_moves_are_refused);
    RUN(test_view_shows_turn_players_goods_and_order);
    RUN(test_view_of_the_most_crowded_position_fits);
    RUN(test_round_trip_over_played_games);
    RUN(test_no_json_value_is_left);
    return check_summary();
}
