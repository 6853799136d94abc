/*
 * test_steam_svg.c - Steam's picture of the map (rules/steam/RULINGS.md,
 * "Pictures").
 *
 * GAMES games (3 to 6 players on each map, auction and random order),
 * dealt from a real setup and played to the end by the players of
 * test_steam_text.c (deliveries mostly, a greedy builder that continues
 * its own track towards a city, random choices among the rest). At every
 * SAMPLE_EVERY-th position and the last, for every seat and the
 * spectator, the picture is checked:
 *   1. well formed: it starts with "<svg" and ends with "</svg>" (and a
 *      newline), the root has xmlns, width, height and the matching
 *      viewBox, of one size for every picture of a map and at most
 *      1600 by 1400; tags close in order, < and > balance, every & begins
 *      an entity;
 *   2. its content, by value, against the state itself (not the view the
 *      picture is drawn from): every hex of the map (from the catalog's
 *      rows) has exactly one label and nothing else has one; every built
 *      hex has one track group of its tile, with one segment a segment
 *      of the tile and the state's owner on each, in the colour of that
 *      owner's swatch (one grey for unowned track, no seat's colour);
 *      every city has its cubes, colour by colour, and no cube is drawn
 *      elsewhere on the map; every player's block shows his money,
 *      income, VP and locomotive and his swatch; the header shows the
 *      turn and the seat status() says must act;
 *   3. it is under 150 KB.
 * One picture in DRAW_EVERY is drawn by librsvg, as board.png does, at
 * its own width and height. STEAM_SVG_SAMPLE=path writes a mid-game
 * picture there (and path.png). Every JSON value made is released
 * (json_pool.h counts).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "json_pool.h"
#include "png.h"
#include "rng.h"
#include "steam/game.h"
#include "steam/play.h"
#include "steam/track.h"

#include "steam_greedy.h"

#define GAMES 18
#define MAX_STEPS 2500
#define SAMPLE_EVERY 5
#define DRAW_EVERY 211
#define SVG_MAX (150 * 1024)

extern const struct rules_engine steam_engine;
static const struct rules_engine *E = &steam_engine;

static long pictures, drawn, finished, tracks_seen, cubes_seen, town_tiles_seen;
static size_t svg_max;
static int map_w[ST_MAPS], map_h[ST_MAPS];
static const char *sample_path;
static int sample_written;

/*
 * librsvg (through pango) keeps fontconfig's caches to the end of the
 * process, as tests/lsan.supp says; built in so the test is leak-free run
 * alone.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

/* ---- games from a real setup, as test_steam_text.c plays them --------- */

static json_t *deal(int n, const char *map, const char *order, int k, struct rng *rng)
{
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    json_t *st = NULL, *ev = NULL, *opts = json_pack("{s:s}", "turn_order", order);

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 13 + k * 31 + n);
    rng_init(rng, key, 0);
    json_object_set_new(opts, "map", json_string(map));
    if (!CHECK(E->setup(opts, n, rng, &st, &ev, &err) == 0))
        fprintf(stderr, "setup: %s\n", err.message);
    json_decref(opts);
    json_decref(ev);
    return st;
}

/* ---- reading the picture ---------------------------------------------- */

/*
 * strstr() by hand: the sanitizers' strstr() measures the whole haystack
 * at every call, and the checks below search 60 KB documents thousands
 * of times.
 */
static const char *find(const char *hay, const char *needle)
{
    for (; *hay; hay++) {
        size_t i = 0;

        while (needle[i] && hay[i] == needle[i])
            i++;
        if (!needle[i])
            return hay;
    }
    return NULL;
}

/* The value of attribute name in the tag that starts at tag, into buf;
 * 0, or -1 when the tag has none. */
static int attr_of(const char *tag, const char *name, char *buf, size_t cap)
{
    const char *end = strchr(tag, '>'), *p = tag;
    size_t n = strlen(name);

    while (end && (p = find(p, name)) && p < end) {
        if (p[-1] == ' ' && p[n] == '=' && p[n + 1] == '"') {
            const char *q = strchr(p + n + 2, '"');
            size_t len = q ? (size_t)(q - (p + n + 2)) : cap;

            if (len >= cap)
                return -1;
            memcpy(buf, p + n + 2, len);
            buf[len] = 0;
            return 0;
        }
        p += n;
    }
    return -1;
}

static int attr_int(const char *tag, const char *name, int *v)
{
    char buf[32], *end;
    long x;

    if (attr_of(tag, name, buf, sizeof buf))
        return -1;
    x = strtol(buf, &end, 10);
    if (end == buf || *end)
        return -1;
    *v = (int)x;
    return 0;
}

/* Every '&' of s begins &amp; &lt; &gt; &quot; &apos; or &#N; / &#xN;. */
static const char *bad_entity(const char *s)
{
    static const char *const named[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};

    for (const char *p = strchr(s, '&'); p; p = strchr(p + 1, '&')) {
        int ok = 0;

        for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
            ok |= strncmp(p, named[i], strlen(named[i])) == 0;
        if (!ok && p[1] == '#') {
            const char *q = p + 2;
            int hex = *q == 'x', digits = 0;

            for (q += hex; hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q); q++)
                digits++;
            ok = digits > 0 && *q == ';';
        }
        if (!ok)
            return p;
    }
    return NULL;
}

/* 1. The document's shape, and its size into *w, *h; on failure why. */
static int well_formed(const char *s, int *w, int *h, char *why, size_t cap)
{
    const char *stack[64], *p;
    size_t stack_len[64], n = strlen(s), lt = 0, gt = 0;
    int depth = 0, roots = 0;
    char vb[64], want[64];

    if (strncmp(s, "<svg ", 5) != 0)
        return snprintf(why, cap, "does not start with <svg"), 0;
    if (!(n >= 6 && !strcmp(s + n - 6, "</svg>")) &&
        !(n >= 7 && !strcmp(s + n - 7, "</svg>\n")))
        return snprintf(why, cap, "does not end with </svg>"), 0;
    if (attr_of(s, "xmlns", vb, sizeof vb) || strcmp(vb, "http://www.w3.org/2000/svg"))
        return snprintf(why, cap, "the root has no SVG xmlns"), 0;
    if (attr_int(s, "width", w) || attr_int(s, "height", h) || *w <= 0 || *h <= 0)
        return snprintf(why, cap, "the root has no width and height in pixels"), 0;
    snprintf(want, sizeof want, "0 0 %d %d", *w, *h);
    if (attr_of(s, "viewBox", vb, sizeof vb) || strcmp(vb, want))
        return snprintf(why, cap, "viewBox is not \"%s\"", want), 0;
    for (p = s; *p; p++) {
        lt += *p == '<';
        gt += *p == '>';
    }
    if (lt != gt)
        return snprintf(why, cap, "%zu '<' and %zu '>'", lt, gt), 0;
    if ((p = bad_entity(s)))
        return snprintf(why, cap, "an & begins no entity: \"%.12s\"", p), 0;
    for (p = strchr(s, '<'); p; p = strchr(p + 1, '<')) {
        const char *e = strchr(p, '>'), *name = p + 1 + (p[1] == '/');
        size_t len = 0;

        while (isalnum((unsigned char)name[len]))
            len++;
        if (!e || !len)
            return snprintf(why, cap, "a tag without a name: \"%.20s\"", p), 0;
        for (const char *q = p + 1; q < e; q++)
            if (*q == '<')
                return snprintf(why, cap, "'<' inside a tag: \"%.20s\"", p), 0;
        if (p[1] == '/') {
            if (!depth || stack_len[depth - 1] != len || strncmp(stack[depth - 1], name, len))
                return snprintf(why, cap, "</%.*s> closes nothing open", (int)len, name), 0;
            depth--;
        } else if (e[-1] != '/') {
            if (depth == 0)
                roots++;
            if (depth == 64)
                return snprintf(why, cap, "tags nested too deep"), 0;
            stack[depth] = name;
            stack_len[depth++] = len;
        }
    }
    if (depth || roots != 1)
        return snprintf(why, cap, "%d tags left open, %d roots", depth, roots), 0;
    return 1;
}

/* ---- 2. the content, by value ----------------------------------------- */

/*
 * What one pass over the picture finds: the hex labels, the track groups
 * with their segments, the cube groups with their cubes, the swatches
 * and the players' blocks. Hexes are read by the test's own reading of
 * a name (a column letter, the row from 1) on the state's map.
 */
#define MAX_SEEN_SEGS 8

struct seen {
    int labels, label[ST_MAX_HEX];
    int bad_names;                        /* a label or data-hex of no hex */
    int groups, track[ST_MAX_HEX];        /* track groups, per hex */
    char tile[ST_MAX_HEX][ST_NAME];
    int nseg[ST_MAX_HEX], owner[ST_MAX_HEX][MAX_SEEN_SEGS];
    char stroke[ST_MAX_HEX][MAX_SEEN_SEGS][16];
    int cube_groups, cube_group[ST_MAX_HEX], cubes[ST_MAX_HEX][ST_COLOURS];
    int stray_cubes;                      /* class "cube" outside a city's group */
    int bad_swatches;
    char swatch[ST_MAX_PLAYERS][16];
    int players;
    const char *player[ST_MAX_PLAYERS], *player_end[ST_MAX_PLAYERS];
};

/* The state's map, from the catalog; NULL when unknown. */
static const struct st_map *map_of(const json_t *st, int *index)
{
    const struct st_catalog *cat = steam_catalog_get();
    int m = steam_catalog_map(cat, json_string_value(json_object_get(st, "map")));

    *index = m;
    return m < 0 ? NULL : &cat->map[m];
}

/* The hex of a name on m (a column letter, the row from 1), or -1. */
static int hex_named(const struct st_map *m, const char *name)
{
    char *end;
    long row;

    if (name[0] < 'a' || name[0] - 'a' >= m->cols || name[1] < '1' || name[1] > '9')
        return -1;
    row = strtol(name + 1, &end, 10);
    if (*end || row < 1 || row > m->rows)
        return -1;
    return (int)(row - 1) * m->cols + (name[0] - 'a');
}

static int starts(const char *p, const char *prefix)
{
    return !strncmp(p, prefix, strlen(prefix));
}

/* Reads svg into *s, in one pass over its tags. */
static void read_picture(const char *svg, const struct st_map *m, int nseats, struct seen *s)
{
    enum { NONE, TRACK, CUBES, PLAYER } ctx = NONE;
    int depth = 0, ctx_depth = 0, h = -1, seat = -1;
    char buf[ST_NAME];

    memset(s, 0, sizeof *s);
    for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
        if (starts(p, "</g>")) {
            if (ctx != NONE && depth == ctx_depth) {
                if (ctx == PLAYER)
                    s->player_end[seat] = p;
                ctx = NONE;
            }
            depth--;
            continue;
        }
        if (starts(p, "<g ") || starts(p, "<g>"))
            depth++;
        if (starts(p, "<g class=\"track\"")) {
            s->groups++;
            h = attr_of(p, "data-hex", buf, sizeof buf) ? -1 : hex_named(m, buf);
            if (h < 0) {
                s->bad_names++;
                continue;
            }
            s->track[h]++;
            if (attr_of(p, "data-tile", s->tile[h], sizeof s->tile[h]))
                s->tile[h][0] = 0;
            ctx = TRACK;
            ctx_depth = depth;
        } else if (starts(p, "<g class=\"cubes\"")) {
            s->cube_groups++;
            h = attr_of(p, "data-city", buf, sizeof buf) ? -1 : hex_named(m, buf);
            if (h < 0) {
                s->bad_names++;
                continue;
            }
            s->cube_group[h]++;
            ctx = CUBES;
            ctx_depth = depth;
        } else if (starts(p, "<g class=\"player\"")) {
            s->players++;
            if (attr_int(p, "data-seat", &seat) || seat < 0 || seat >= nseats ||
                s->player[seat]) {
                s->bad_swatches++;
                continue;
            }
            s->player[seat] = p;
            ctx = PLAYER;
            ctx_depth = depth;
        } else if (starts(p, "<path class=\"seg\"")) {
            int k = ctx == TRACK ? s->nseg[h]++ : -1, o = -9;

            if (k < 0 || k >= MAX_SEEN_SEGS)
                continue;
            s->owner[h][k] = attr_int(p, "data-owner", &o) ? -9 : o;
            if (attr_of(p, "stroke", s->stroke[h][k], sizeof s->stroke[h][k]))
                s->stroke[h][k][0] = 0;
        } else if (starts(p, "<rect class=\"cube\"")) {
            int c = attr_of(p, "data-colour", buf, sizeof buf) ? -1 : steam_colour_parse(buf);

            if (ctx == CUBES && c >= 0)
                s->cubes[h][c]++;
            else
                s->stray_cubes++;
        } else if (starts(p, "<rect class=\"swatch\"")) {
            char f[16];
            int x;

            if (attr_int(p, "data-seat", &x) || x < 0 || x >= nseats ||
                attr_of(p, "fill", f, sizeof f) || (s->swatch[x][0] && strcmp(f, s->swatch[x])))
                s->bad_swatches++;
            else
                snprintf(s->swatch[x], sizeof s->swatch[x], "%s", f);
        } else if (starts(p, "<text class=\"hl\"")) {
            const char *b = strchr(p, '>'), *e = b ? strchr(b, '<') : NULL;

            s->labels++;
            if (!e || e - b - 1 >= (long)sizeof buf) {
                s->bad_names++;
                continue;
            }
            memcpy(buf, b + 1, (size_t)(e - b - 1));
            buf[e - b - 1] = 0;
            if ((h = hex_named(m, buf)) < 0 || m->hex[h].terrain == ST_VOID)
                s->bad_names++;
            else
                s->label[h]++;
        }
    }
}

/* Every hex of the map has exactly one label, and nothing else has one. */
static void check_labels(const struct seen *s, const struct st_map *m)
{
    int hexes = 0;

    for (int h = 0; h < m->nhex; h++)
        if (m->hex[h].terrain != ST_VOID) {
            hexes++;
            if (!CHECK_EQ_INT(s->label[h], 1))
                fprintf(stderr, "  hex %c%d of %s: %d labels\n", 'a' + h % m->cols,
                        h / m->cols + 1, m->id, s->label[h]);
        }
    CHECK_EQ_INT(s->bad_names, 0);
    CHECK_EQ_INT(s->labels, hexes);
}

/* One swatch colour a seat, all different. */
static int check_swatches(const struct seen *s, int nseats)
{
    int ok = CHECK_EQ_INT(s->bad_swatches, 0);

    for (int x = 0; x < nseats; x++) {
        ok &= CHECK(s->swatch[x][0]);
        for (int y = 0; y < x; y++)
            ok &= CHECK(strcmp(s->swatch[x], s->swatch[y]));
    }
    return ok;
}

/* Every built hex has one track group of its tile, one segment a segment
 * of the tile, each with the state's owner and in that owner's colour;
 * unowned track is in one grey, no seat's colour. */
static void check_track(const struct seen *s, const json_t *st, const struct st_map *m,
                        int nseats)
{
    const struct st_catalog *cat = steam_catalog_get();
    const json_t *track = json_object_get(st, "track"), *e;
    char grey[16] = "";
    size_t i;

    if (!check_swatches(s, nseats))
        return;
    if (!CHECK_EQ_INT(s->groups, json_array_size(track)))
        fprintf(stderr, "  %d track groups drawn, %zu hexes built\n", s->groups,
                json_array_size(track));
    json_array_foreach(track, i, e) {
        const char *hex = json_string_value(json_array_get(e, 0)),
                   *tile = json_string_value(json_array_get(e, 1));
        const json_t *owners = json_array_get(e, 3);
        int h = hex_named(m, hex), t = steam_catalog_tile(cat, tile);

        if (!CHECK(h >= 0 && t >= 0) || !CHECK_EQ_INT(s->track[h], 1)) {
            fprintf(stderr, "  built hex %s (%s) has %d track groups\n", hex, tile,
                    h >= 0 ? s->track[h] : -1);
            continue;
        }
        tracks_seen++;
        town_tiles_seen += cat->tile[t].town != 0;
        CHECK_EQ_STR(s->tile[h], tile);
        CHECK_EQ_INT(json_array_size(owners), cat->tile[t].nseg);
        if (!CHECK_EQ_INT(s->nseg[h], cat->tile[t].nseg))
            continue;
        for (int k = 0; k < s->nseg[h]; k++) {
            int want = (int)json_integer_value(json_array_get(owners, (size_t)k));

            if (!CHECK_EQ_INT(s->owner[h][k], want))
                fprintf(stderr, "  %s segment %d\n", hex, k);
            if (want >= 0 && want < nseats) {
                CHECK_EQ_STR(s->stroke[h][k], s->swatch[want]);
            } else {
                if (!grey[0])
                    snprintf(grey, sizeof grey, "%s", s->stroke[h][k]);
                CHECK_EQ_STR(s->stroke[h][k], grey);
                for (int x = 0; x < nseats; x++)
                    CHECK(strcmp(s->stroke[h][k], s->swatch[x]));
            }
        }
    }
}

/* Every city's cubes, colour by colour, and none drawn elsewhere. */
static void check_cubes(const struct seen *s, const json_t *st, const struct st_map *m)
{
    const json_t *cubes = json_object_get(st, "cubes"), *v;
    const char *hex;

    CHECK_EQ_INT(s->stray_cubes, 0);
    CHECK_EQ_INT(s->cube_groups, json_object_size(cubes));
    json_object_foreach((json_t *)cubes, hex, v) {
        const char *letters = json_string_value(v);
        int h = hex_named(m, hex);

        if (!CHECK(h >= 0) || !CHECK_EQ_INT(s->cube_group[h], 1)) {
            fprintf(stderr, "  city %s (%s) has %d cube groups\n", hex, letters,
                    h >= 0 ? s->cube_group[h] : -1);
            continue;
        }
        for (int c = 0; c < ST_COLOURS; c++) {
            int n = 0;

            for (const char *q = letters; *q; q++)
                n += *q == steam_colour_letter(c);
            if (!CHECK_EQ_INT(s->cubes[h][c], n))
                fprintf(stderr, "  city %s: %s cubes (state \"%s\")\n", hex,
                        steam_colour_name(c), letters);
        }
        cubes_seen += (long)strlen(letters);
    }
}

/* Occurrences of needle in [from, to). */
static int count_in(const char *from, const char *to, const char *needle)
{
    int n = 0;

    for (const char *p = from; p && p < to; p++) {
        size_t i = 0;

        while (needle[i] && p + i < to && p[i] == needle[i])
            i++;
        n += !needle[i];
    }
    return n;
}

/* Each player's money, income, VP and locomotive and swatch; the turn;
 * who acts or who won. */
static void check_panel(const struct seen *s, const char *svg, const json_t *st, int nseats)
{
    const json_t *seats = json_object_get(st, "seats"), *p;
    struct rules_status rs;
    char want[128];
    const char *at;
    size_t i;

    CHECK_EQ_INT(s->players, nseats);
    json_array_foreach(seats, i, p) {
        const char *g = s->player[i], *end = s->player_end[i];

        if (!CHECK(g && end))
            continue;
        snprintf(want, sizeof want, ">$%d \xc2\xb7 income %d \xc2\xb7 %d VP \xc2\xb7 loco %d<",
                 (int)json_integer_value(json_object_get(p, "cash")),
                 (int)json_integer_value(json_object_get(p, "income")),
                 (int)json_integer_value(json_object_get(p, "vp")),
                 (int)json_integer_value(json_object_get(p, "loco")));
        if (!CHECK_EQ_INT(count_in(g, end, want), 1))
            fprintf(stderr, "  seat %zu: no \"%s\"\n", i, want);
        snprintf(want, sizeof want, "class=\"swatch\" data-seat=\"%zu\"", i);
        CHECK_EQ_INT(count_in(g, end, want), 1);
    }
    snprintf(want, sizeof want, ">Turn %d of %d<",
             (int)json_integer_value(json_object_get(st, "turn")),
             (int)json_integer_value(json_object_get(st, "last_turn")));
    CHECK(find(svg, want));
    if (!CHECK(E->status(st, &rs) == 0))
        return;
    snprintf(want, sizeof want, ">Seat %d (",
             __builtin_ctz(rs.finished ? rs.winners : rs.must_act));
    at = find(svg, want);
    CHECK(at && find(at, rs.finished ? ") wins<" : ") to act<"));
}

/* Draws svg with librsvg, as board.png does, at its own size. */
static void check_renders(const char *svg, int w, int h)
{
    unsigned char *png = NULL;
    size_t len = 0;
    char err[200] = "";

    if (!CHECK_EQ_INT(png_from_svg(svg, strlen(svg), &png, &len, err, sizeof err), 0)) {
        fprintf(stderr, "  librsvg: %s\n", err);
        return;
    }
    if (CHECK(len > 24 && !memcmp(png + 1, "PNG", 3))) {
        CHECK_EQ_INT((png[16] << 24) | (png[17] << 16) | (png[18] << 8) | png[19], w);
        CHECK_EQ_INT((png[20] << 24) | (png[21] << 16) | (png[22] << 8) | png[23], h);
    }
    free(png);
    drawn++;
}

static void write_sample(const char *svg)
{
    unsigned char *png = NULL;
    size_t len = 0;
    char path[1024], err[200];
    FILE *f;

    if ((f = fopen(sample_path, "w"))) {
        fputs(svg, f);
        fclose(f);
        printf("  sample picture (%zu bytes) written to %s\n", strlen(svg), sample_path);
    }
    snprintf(path, sizeof path, "%s.png", sample_path);
    if (!png_from_svg(svg, strlen(svg), &png, &len, err, sizeof err) &&
        (f = fopen(path, "wb"))) {
        fwrite(png, 1, len, f);
        fclose(f);
    }
    free(png);
    sample_written = 1;
}

/* Every check of one picture of st, for seat (-1: a spectator). */
static void check_picture(const json_t *st, int seat, int nseats)
{
    static struct seen seen;
    char *svg = E->svg_view(st, seat), why[160];
    const struct st_map *m;
    int w = 0, h = 0, mi;

    if (!CHECK(svg))
        return;
    pictures++;
    if (!CHECK(well_formed(svg, &w, &h, why, sizeof why)))
        fprintf(stderr, "  seat %d: %s\n", seat, why);
    CHECK(w <= 1600 && h <= 1400);
    if ((m = map_of(st, &mi)) && CHECK(mi >= 0)) {
        if (!map_w[mi]) {
            map_w[mi] = w;
            map_h[mi] = h;
        }
        CHECK_EQ_INT(w, map_w[mi]);
        CHECK_EQ_INT(h, map_h[mi]);
        read_picture(svg, m, nseats, &seen);
        check_labels(&seen, m);
        check_track(&seen, st, m, nseats);
        check_cubes(&seen, st, m);
        check_panel(&seen, svg, st, nseats);
    }
    if (!CHECK(strlen(svg) < SVG_MAX))
        fprintf(stderr, "  the picture of seat %d is %zu bytes\n", seat, strlen(svg));
    if (strlen(svg) > svg_max)
        svg_max = strlen(svg);
    if (pictures % DRAW_EVERY == 0)
        check_renders(svg, w, h);
    free(svg);
}

/* Plays game k to its end, checking the pictures on the way. */
static void play(int k)
{
    static const char *const maps[] = {"tidewater", "rhinegold"};
    long live = live_blocks;
    int n = 3 + k % 4, steps = 0, failed = check_state()->checks_failed;
    const char *map = maps[(k / 4) % 2];
    struct rng rng, pr;
    unsigned char key[RNG_KEY_BYTES];
    json_t *st = deal(n, map, (k / 8) % 2 ? "random" : "auction", k, &rng);
    struct rules_status s = {0};

    for (int i = 0; i < RNG_KEY_BYTES; i++)
        key[i] = (unsigned char)(i * 5 + k);
    rng_init(&pr, key, 0);
    while (st && E->status(st, &s) == 0 && !s.finished && steps++ < MAX_STEPS) {
        int seat = __builtin_ctz(s.must_act);
        json_t *lm = E->legal_moves(st, seat), *moves = json_object_get(lm, "moves");
        json_t *m, *ev = NULL;
        struct rules_error err = {0};

        if (steps % SAMPLE_EVERY == 1)
            for (int v = -1; v < n; v++)
                check_picture(st, v, n);
        if (sample_path && !sample_written && k == 5 &&
            json_integer_value(json_object_get(st, "turn")) * 2 >
                json_integer_value(json_object_get(st, "last_turn")) + 1 &&
            !strcmp(json_string_value(json_object_get(st, "phase")), "move")) {
            char *svg = E->svg_view(st, seat);

            write_sample(svg);
            free(svg);
        }
        m = choose(st, seat, moves, &pr);
        if (!CHECK(E->apply(&st, seat, m, &rng, &ev, &err) == 0))
            fprintf(stderr, "  game %d step %d refused: %s %s\n", k, steps, err.code,
                    err.message);
        json_decref(ev);
        json_decref(m);
        json_decref(lm);
        if (check_state()->checks_failed != failed)
            break;
    }
    if (st && s.finished) {
        for (int v = -1; v < n; v++)
            check_picture(st, v, n);
        finished++;
    }
    json_decref(st);
    if (!CHECK_EQ_INT(live_blocks, live))
        fprintf(stderr, "  game %d: JSON values leaked\n", k);
}

/* ---- the tests -------------------------------------------------------- */

static void test_an_unreadable_state_gives_a_picture_that_says_so(void)
{
    json_t *st = json_pack("{s:s}", "map", "<&>");
    char *svg = E->svg_view(st, 0), why[160];
    int w, h;

    if (CHECK(svg)) {
        if (!CHECK(well_formed(svg, &w, &h, why, sizeof why)))
            fprintf(stderr, "  %s\n", why);
        CHECK(find(svg, "cannot be read"));
        check_renders(svg, w, h);
    }
    free(svg);
    json_decref(st);
}

static void test_every_seat_sees_the_same_map(void)
{
    struct rng rng;
    json_t *st = deal(5, "rhinegold", "auction", 99, &rng);
    char *a = E->svg_view(st, -1), *b = E->svg_view(st, 3);
    const char *ma = a ? find(a, "<g stroke=") : NULL, *mb = b ? find(b, "<g stroke=") : NULL;
    const char *ea = ma ? find(ma, "<rect class=\"panel\"") : NULL,
               *eb = mb ? find(mb, "<rect class=\"panel\"") : NULL;

    /* the map, everything between the sea and the panel, is the same */
    if (CHECK(ea && eb))
        CHECK(ea - ma == eb - mb && !strncmp(ma, mb, (size_t)(ea - ma)));
    free(a);
    free(b);
    json_decref(st);
}

/* Lays tile (rotation rot) on hex h for owner, as test_steam_text.c does. */
static void lay(struct st_game *g, int h, int t, int rot, int owner)
{
    g->track[h].tile = t;
    g->track[h].rot = rot;
    for (int k = 0; k < ST_MAX_SEGS; k++) {
        g->track[h].owner[k] = k < g->cat->tile[t].nseg ? owner : -1;
        g->track[h].stamp[k] = k < g->cat->tile[t].nseg ? 1 : 0;
    }
    g->tiles_left[t]--;
}

/*
 * Six players on Rhinegold, every hex that can take a tile taken while
 * the tiles last, every cube of the bag on a city (most on one), a New
 * City tile on a town, every number at its widest: the picture is still
 * whole, right and under SVG_MAX. The tiles run east to west only
 * (straights, gentle and sharp curves at rotation 0; town tiles without
 * a north exit), so a row's track never meets another row's, and each
 * row has one owner (row 6 none).
 */
static void test_a_crowded_map_still_fits(void)
{
    static const char *const plain[] = {"straight", "gentle", "sharp"};
    static const char *const town[] = {"town_4", "town_fan", "town_k", "town_sharp",
                                       "town_gentle", "town_straight", "town_1"};
    static struct st_game g;
    struct rng rng;
    json_t *st = deal(6, "rhinegold", "random", 7, &rng);
    const struct st_catalog *cat = steam_catalog_get();
    int urban = -1, laid = 0;

    if (!CHECK(st && steam_game_load(&g, st, NULL) == 0)) {
        json_decref(st);
        return;
    }
    for (int s = 0; s < 6; s++) {
        g.p[s].cash = 99999;
        g.p[s].income = -10;
        g.p[s].vp = -99999;
        g.p[s].loco = 6;
    }
    g.money_out += 6 * 99999;
    for (int h = 0; h < g.map->nhex; h++) {
        enum st_terrain te = g.map->hex[h].terrain;
        int owner = (h / g.map->cols) % 7 - 1;

        if (te == ST_TOWN && urban < 0) {
            urban = h;          /* a New City, in gray */
            continue;
        }
        for (int i = 0; te == ST_TOWN && i < 7; i++) {
            int t = steam_catalog_tile(cat, town[i]);

            if (g.tiles_left[t] > 0) {
                lay(&g, h, t, 0, owner);
                laid++;
                break;
            }
        }
        for (int i = 0; (te == ST_PLAINS || te == ST_HILLS) && i < 3; i++) {
            int t = steam_catalog_tile(cat, plain[(h + i) % 3]);

            if (g.tiles_left[t] > 0) {
                lay(&g, h, t, 0, owner);
                laid++;
                break;
            }
        }
    }
    g.new_city[urban] = ST_GRAY + 1;
    for (int c = 0; c < ST_COLOURS; c++) {
        for (int k = 0; g.bag[c] > 0; g.bag[c]--, k++)
            g.cubes[k % 4 ? g.map->city[0].hex : k % 8 ? urban : g.map->city[k % 16].hex][c]++;
    }
    json_decref(st);
    st = steam_game_dump(&g);
    if (CHECK(steam_game_load(&g, st, NULL) == 0)) {
        size_t before = svg_max;

        for (int seat = -1; seat < 6; seat++)
            check_picture(st, seat, 6);
        printf("  %d tiles laid; largest picture %zu bytes\n", laid, svg_max);
        svg_max = before;
    }
    json_decref(st);
}

static void test_pictures_of_played_games(void)
{
    int failed = check_state()->checks_failed;

    for (int k = 0; k < GAMES && check_state()->checks_failed == failed; k++)
        play(k);
    printf("  %d games (%ld played to the end), %ld pictures checked, %ld drawn by librsvg; "
           "%ld track groups and %ld city cubes matched (%ld town tiles); largest %zu bytes; "
           "Tidewater %dx%d, Rhinegold %dx%d\n",
           GAMES, finished, pictures, drawn, tracks_seen, cubes_seen, town_tiles_seen,
           svg_max, map_w[0], map_h[0], map_w[1], map_h[1]);
    CHECK_EQ_INT(finished, GAMES);
    CHECK(town_tiles_seen > 0 && tracks_seen > 0 && cubes_seen > 0);
}

static void test_no_json_value_is_left(void)
{
    CHECK_EQ_INT(live_blocks, 0);
}

int main(void)
{
    json_set_alloc_funcs(pool_malloc, pool_free);
    sample_path = getenv("STEAM_SVG_SAMPLE");
    RUN(test_an_unreadable_state_gives_a_picture_that_says_so);
    RUN(test_every_seat_sees_the_same_map);
    RUN(test_a_crowded_map_still_fits);
    RUN(test_pictures_of_played_games);
    RUN(test_no_json_value_is_left);
    return check_summary();
}
