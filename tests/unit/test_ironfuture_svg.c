/*
 * test_ironfuture_svg.c - Iron Future's picture of the table
 * (RULINGS.md, "Pictures"), on games dealt from a real setup and played
 * to the end by legal moves chosen at random: one game in six is a
 * rematch (its chooser's choose_first first), one in six plays to a
 * rounds_to_win option. In every position of every game, for both seats
 * and a spectator:
 *   - the picture is a well-formed SVG document of a fixed size: one
 *     <svg> root with xmlns, width, height and viewBox, every tag closed
 *     in order, < and > balanced, every & an entity;
 *   - it hides by value what the seat may not see: computed from the full
 *     state, not from the engine's view, no card id of a hand or deck the
 *     viewer may not see appears, nor the name of a unit kind that only
 *     such cards hold, nor the name of a location still in the location
 *     deck. A spectator's picture has no hand; a seat's shows every card
 *     of its own hand, by id and name;
 *   - it is under 60 KB.
 * Some pictures are drawn with librsvg (the service's PNG renderer).
 * IRONFUTURE_SVG_SAMPLE=path writes one mid-game picture there (and
 * path.png) for the eye.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "ironfuture/catalog.h"
#include "png.h"
#include "rng.h"

#define GAMES 36
#define MAX_STEPS 4000
#define SVG_MAX (60 * 1024)
#define PNG_EVERY 97           /* positions between pictures drawn by librsvg */

static const struct rules_engine *eng;

/*
 * The one suppression of tests/lsan.supp (scripts/test.sh passes it in
 * LSAN_OPTIONS), built in so that the test is leak-free when run alone:
 * pango's font map, which librsvg uses for text, keeps fontconfig's
 * caches to the end of the process.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

/* ---- games from a real setup ------------------------------------------ */

#define GAME_KEY(n, i) ((n) * 37 + (i) * 13 + 3)
#include "ironfuture_games.h"

/* ---- 1. a well-formed document ---------------------------------------- */

static int is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_' || c == ':';
}

/* The value of attribute name in the tag starting at tag, into buf; 0 or -1. */
static int attr_of(const char *tag, const char *name, char *buf, size_t cap)
{
    const char *end = strchr(tag, '>'), *p = tag;
    size_t n = strlen(name), len;

    while ((p = strstr(p, name)) && p < end) {
        if (p[-1] == ' ' && p[n] == '=' && p[n + 1] == '"') {
            const char *q = strchr(p + n + 2, '"');

            len = (size_t)(q - (p + n + 2));
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

/*
 * Checks the document's shape; on failure says why in why. Tags are
 * matched with a stack; attribute values are quoted and hold no '<'.
 */
static int well_formed(const char *s, char *why, size_t cap)
{
    const char *stack[64], *p, *e;
    size_t stack_len[64], n = strlen(s), lt = 0, gt = 0;
    int depth = 0, roots = 0;
    char buf[64];

    if (strncmp(s, "<svg ", 5) != 0)
        return snprintf(why, cap, "does not start with <svg"), 0;
    if (!(n >= 6 && !strcmp(s + n - 6, "</svg>")) &&
        !(n >= 7 && !strcmp(s + n - 7, "</svg>\n")))
        return snprintf(why, cap, "does not end with </svg>"), 0;
    for (p = s; *p; p++) {
        lt += *p == '<';
        gt += *p == '>';
    }
    if (lt != gt)
        return snprintf(why, cap, "%zu '<' but %zu '>'", lt, gt), 0;
    if ((e = bad_entity(s)))
        return snprintf(why, cap, "a bare & at \"%.20s\"", e), 0;
    if (attr_of(s, "xmlns", buf, sizeof buf) || strcmp(buf, "http://www.w3.org/2000/svg"))
        return snprintf(why, cap, "no SVG xmlns"), 0;
    if (attr_of(s, "width", buf, sizeof buf) || strcmp(buf, "900") ||
        attr_of(s, "height", buf, sizeof buf) || strcmp(buf, "600") ||
        attr_of(s, "viewBox", buf, sizeof buf) || strcmp(buf, "0 0 900 600"))
        return snprintf(why, cap, "not 900 by 600 with a viewBox"), 0;
    for (p = strchr(s, '<'); p; p = strchr(p, '<')) {
        const char *name = p + 1 + (p[1] == '/');
        size_t len = 0;

        while (is_name_char(name[len]))
            len++;
        if (!len)
            return snprintf(why, cap, "a tag without a name at \"%.20s\"", p), 0;
        if (p[1] == '/') {
            if (name[len] != '>' || !depth || stack_len[depth - 1] != len ||
                strncmp(stack[depth - 1], name, len))
                return snprintf(why, cap, "a stray </%.*s>", (int)len, name), 0;
            depth--;
            p = name + len + 1;
            continue;
        }
        /* Attributes: name="value" ... then '>' or "/>". */
        for (e = name + len;;) {
            while (*e == ' ' || *e == '\n')
                e++;
            if (*e == '>' || (e[0] == '/' && e[1] == '>'))
                break;
            if (!is_name_char(*e))
                return snprintf(why, cap, "a bad attribute in <%.*s>", (int)len, name), 0;
            while (is_name_char(*e))
                e++;
            if (e[0] != '=' || e[1] != '"')
                return snprintf(why, cap, "an unquoted attribute in <%.*s>", (int)len,
                                name), 0;
            for (e += 2; *e && *e != '"'; e++)
                if (*e == '<' || *e == '>')
                    return snprintf(why, cap, "a '<' or '>' in an attribute"), 0;
            if (!*e++)
                return snprintf(why, cap, "an unterminated attribute"), 0;
        }
        if (depth == 0 && roots++)
            return snprintf(why, cap, "a second root element"), 0;
        if (*e == '>') {
            if (depth == 64)
                return snprintf(why, cap, "nested too deep"), 0;
            stack[depth] = name;
            stack_len[depth++] = len;
            e++;
        } else {
            e += 2;
        }
        p = e;
    }
    if (depth)
        return snprintf(why, cap, "<%.*s> is never closed", (int)stack_len[depth - 1],
                        stack[depth - 1]), 0;
    return 1;
}

/* ---- 2. hidden information, by value ---------------------------------- */

/* "#c" in the picture as a card id: not followed by a digit or letter. */
static int shows_card(const char *svg, int c)
{
    char id[16];
    size_t n = (size_t)snprintf(id, sizeof id, "#%d", c);

    for (const char *p = strstr(svg, id); p; p = strstr(p + 1, id))
        if (!isalnum((unsigned char)p[n]))
            return 1;
    return 0;
}

static void mark_kinds(const json_t *cards, int *visible)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *c;
    size_t i;

    json_array_foreach(cards, i, c)
        visible[cat->instance[json_integer_value(c)]] = 1;
}

static void mark_locations(const json_t *ids, int *visible)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *l;
    size_t i;

    json_array_foreach(ids, i, l)
        visible[ironfuture_catalog_location(cat, json_string_value(l))] = 1;
}

static size_t hidden_checked, own_checked, locations_checked;

/*
 * From the state alone: the kinds viewer may see (the field, discards,
 * supports, the market, its own hand) and the cards it may not (the other
 * hand, every deck); the locations it sees (the line, trophies, the
 * location discard) and those still in the location deck.
 */
static void check_hidden(json_t *st, int viewer, const char *svg)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    int visible[IF_MAX_UNITS] = {0}, seen_loc[IF_MAX_LOCATIONS] = {0};
    json_t *hidden = json_array(), *p, *side, *u;
    size_t i, j;

    for (int s = 0; s < 2; s++) {
        mark_kinds(seat_zone(st, s, "discard"), visible);
        mark_kinds(seat_zone(st, s, "supports"), visible);
        mark_locations(seat_zone(st, s, "trophies"), seen_loc);
        json_array_extend(hidden, seat_zone(st, s, "deck"));
        if (s == viewer)
            mark_kinds(seat_zone(st, s, "hand"), visible);
        else
            json_array_extend(hidden, seat_zone(st, s, "hand"));
    }
    mark_kinds(json_object_get(st, "market"), visible);
    mark_locations(json_object_get(st, "location_discard"), seen_loc);
    json_array_extend(hidden, json_object_get(st, "unit_deck"));
    json_array_foreach(json_object_get(st, "line"), i, p) {
        seen_loc[ironfuture_catalog_location(cat, json_string_value(
                                                      json_object_get(p, "location")))] = 1;
        for (int s = 0; s < 2; s++) {
            side = json_array_get(json_object_get(p, "units"), (size_t)s);
            json_array_foreach(side, j, u)
                visible[cat->instance[json_integer_value(json_array_get(u, 0))]] = 1;
        }
    }
    json_array_foreach(hidden, i, p) {
        int c = (int)json_integer_value(p);
        const char *name = cat->unit[cat->instance[c]].name;

        if (!CHECK(!shows_card(svg, c)))
            fprintf(stderr, "  seat %d sees hidden card #%d\n", viewer, c);
        if (!visible[cat->instance[c]] && !CHECK(strstr(svg, name) == NULL))
            fprintf(stderr, "  seat %d sees the name %s of hidden card %d\n", viewer, name, c);
        hidden_checked++;
    }
    json_array_foreach(json_object_get(st, "location_deck"), i, p) {
        int k = ironfuture_catalog_location(cat, json_string_value(p));

        if (!seen_loc[k] && !CHECK(strstr(svg, cat->location[k].name) == NULL))
            fprintf(stderr, "  seat %d sees %s in the location deck\n", viewer,
                    cat->location[k].name);
        locations_checked++;
    }
    if (viewer < 0) {
        CHECK(strstr(svg, "Your hand") == NULL);
    } else {
        /* Not vacuous: the viewer's own hand is shown to it, whole. */
        CHECK(strstr(svg, "Your hand") != NULL);
        json_array_foreach(seat_zone(st, viewer, "hand"), i, p) {
            int c = (int)json_integer_value(p);

            if (!CHECK(shows_card(svg, c)) ||
                !CHECK(strstr(svg, cat->unit[cat->instance[c]].name) != NULL))
                fprintf(stderr, "  seat %d does not see its own card #%d\n", viewer, c);
            own_checked++;
        }
    }
    json_decref(hidden);
}

/* ---- every position --------------------------------------------------- */

static size_t pictures, svg_max, svg_total, positions, drawn;
static int phases_seen[5];

static const char *const phase_names[] = {"conquest", "acquisition", "trophy",
                                          "choose_first", "over"};

/* Draws svg with librsvg, as board.png does; the PNG is 900 by 600. */
static void check_renders(const char *svg)
{
    unsigned char *png = NULL;
    size_t len = 0;
    char err[200] = "";

    if (!CHECK_EQ_INT(png_from_svg(svg, strlen(svg), &png, &len, err, sizeof err), 0)) {
        fprintf(stderr, "  librsvg: %s\n", err);
        return;
    }
    if (CHECK(len > 24 && !memcmp(png + 1, "PNG", 3))) {
        CHECK_EQ_INT((png[16] << 24) | (png[17] << 16) | (png[18] << 8) | png[19], 900);
        CHECK_EQ_INT((png[20] << 24) | (png[21] << 16) | (png[22] << 8) | png[23], 600);
    }
    free(png);
    drawn++;
}

static void position_pictures(json_t *st)
{
    const char *phase = json_string_value(json_object_get(st, "phase"));

    for (int i = 0; i < 5; i++)
        phases_seen[i] += phase && !strcmp(phase, phase_names[i]);
    positions++;
    for (int seat = -1; seat < 2; seat++) {
        char *svg = eng->svg_view(st, seat), why[160];
        size_t n;

        if (!CHECK(svg != NULL))
            continue;
        n = strlen(svg);
        if (!CHECK(well_formed(svg, why, sizeof why)))
            fprintf(stderr, "  seat %d: %s\n", seat, why);
        if (!CHECK(n < SVG_MAX))
            fprintf(stderr, "  the picture of seat %d is %zu bytes\n", seat, n);
        check_hidden(st, seat, svg);
        if (positions % PNG_EVERY == 0 && seat == (int)(positions / PNG_EVERY % 3) - 1)
            check_renders(svg);
        svg_max = n > svg_max ? n : svg_max;
        svg_total += n;
        pictures++;
        free(svg);
    }
}

static void test_every_picture_is_well_formed_small_and_hides_what_it_must(void)
{
    hidden_checked = own_checked = locations_checked = 0;
    for (int n = 0; n < GAMES; n++)
        play_game(n, position_pictures);
    for (int i = 0; i < 5; i++)
        if (!CHECK(phases_seen[i] > 0))
            fprintf(stderr, "  no %s position in %d games\n", phase_names[i], GAMES);
    CHECK(hidden_checked > 10000);
    CHECK(own_checked > 1000);
    CHECK(locations_checked > 1000);
    CHECK(drawn > 10);
    printf("     %d games, %zu positions, %zu pictures (%zu drawn by librsvg), "
           "the largest %zu bytes, %zu on average\n", GAMES, positions, pictures, drawn,
           svg_max, pictures ? svg_total / pictures : 0);
    printf("     %zu hidden cards, %zu own hand cards, %zu location deck cards checked\n",
           hidden_checked, own_checked, locations_checked);
}

/*
 * A state the engine cannot read still gives a picture, saying so; the
 * refusal quotes the state's own data version, so markup in it comes out
 * escaped.
 */
static void test_an_unreadable_state_gives_a_picture_that_says_so(void)
{
    unsigned char key[RNG_KEY_BYTES] = {5};
    struct rng stream;
    struct rules_error err;
    json_t *st = json_pack("{s:s}", "phase", "conquest"), *real = NULL, *ev = NULL;
    char *svg = eng->svg_view(st, 0), why[160];

    if (CHECK(svg != NULL)) {
        if (!CHECK(well_formed(svg, why, sizeof why)))
            fprintf(stderr, "  %s\n", why);
        CHECK(strstr(svg, "cannot be read (corrupt_state)") != NULL);
    }
    free(svg);
    rng_init(&stream, key, 0);
    CHECK_EQ_INT(eng->setup(NULL, 2, &stream, &real, &ev, &err), 0);
    json_object_set_new(real, "data_version", json_string("<b x='1'>&amp; \"v9\"</b>"));
    svg = eng->svg_view(real, -1);
    if (CHECK(svg != NULL)) {
        if (!CHECK(well_formed(svg, why, sizeof why)))
            fprintf(stderr, "  %s\n", why);
        CHECK(strstr(svg, "(data_version_mismatch)") != NULL);
        CHECK(strstr(svg, "&lt;b x=&#39;1&#39;&gt;&amp;amp; &quot;v9&quot;&lt;/b&gt;") != NULL);
    }
    free(svg);
    json_decref(real);
    json_decref(ev);
    json_decref(st);
}

/* A seat number outside 0..1 is a spectator. */
static void test_a_seat_out_of_range_sees_what_a_spectator_sees(void)
{
    unsigned char key[RNG_KEY_BYTES] = {9};
    struct rng stream;
    struct rules_error err;
    json_t *st = NULL, *ev = NULL;
    char *a, *b, *c;

    rng_init(&stream, key, 0);
    CHECK_EQ_INT(eng->setup(NULL, 2, &stream, &st, &ev, &err), 0);
    a = eng->svg_view(st, -1);
    b = eng->svg_view(st, 2);
    c = eng->svg_view(st, 0);
    CHECK(a && b && c && !strcmp(a, b) && strcmp(a, c));
    free(a);
    free(b);
    free(c);
    json_decref(st);
    json_decref(ev);
}

/*
 * A table no game reaches (every front-line unit of the unit deck at one
 * location, damaged, and seven-card hands) still gives a well-formed
 * picture under 60 KB: a side shows two columns of units and counts the
 * rest, the viewer's seven cards are all drawn, nothing hidden appears.
 */
static void test_a_crowded_table_still_fits_the_picture(void)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    unsigned char key[RNG_KEY_BYTES] = {3};
    struct rng stream;
    struct rules_error err;
    json_t *st = NULL, *ev = NULL, *deck, *units;
    char why[160];

    rng_init(&stream, key, 0);
    CHECK_EQ_INT(eng->setup(NULL, 2, &stream, &st, &ev, &err), 0);
    json_decref(ev);
    deck = json_object_get(st, "unit_deck");
    units = json_object_get(json_array_get(json_object_get(st, "line"), 0), "units");
    for (size_t i = 0, k = 0; i < json_array_size(deck);) {
        int c = (int)json_integer_value(json_array_get(deck, i));
        const struct if_unit *u = &cat->unit[cat->instance[c]];

        if (u->support) {
            i++;
            continue;
        }
        json_array_append_new(json_array_get(units, k++ % 2),
                              json_pack("[ii]", c, u->armor > 1 ? 1 : 0));
        json_array_remove(deck, i);
    }
    for (int s = 0; s < 2; s++) {
        json_array_extend(seat_zone(st, s, "hand"), seat_zone(st, s, "deck"));
        json_array_clear(seat_zone(st, s, "deck"));
    }
    for (int seat = -1; seat < 2; seat++) {
        char *svg = eng->svg_view(st, seat);

        if (!CHECK(svg != NULL))
            continue;
        if (!CHECK(well_formed(svg, why, sizeof why)))
            fprintf(stderr, "  seat %d: %s\n", seat, why);
        if (!CHECK(strlen(svg) < SVG_MAX))
            fprintf(stderr, "  %zu bytes\n", strlen(svg));
        CHECK(strstr(svg, " more</text>") != NULL);
        check_hidden(st, seat, svg);
        free(svg);
    }
    json_decref(st);
}

/* How much a position shows: units on the field, an attack, seat 0's hand. */
static int richness(json_t *st)
{
    const json_t *p;
    size_t i;
    int score = json_is_object(json_object_get(st, "attack")) ? 10 : 0;

    if (json_array_size(seat_zone(st, 0, "hand")) < 2)
        return -1;

    json_array_foreach(json_object_get(st, "line"), i, p)
        score += 3 * (int)(json_array_size(json_array_get(json_object_get(p, "units"), 0)) +
                           json_array_size(json_array_get(json_object_get(p, "units"), 1)));
    return score + 2 * (int)json_array_size(seat_zone(st, 0, "hand"));
}

/*
 * IRONFUTURE_SVG_SAMPLE=path: seat 0's picture of the richest position
 * of one game, written to path, and drawn by librsvg to path.png.
 */
static void write_sample(void)
{
    const char *path = getenv("IRONFUTURE_SVG_SAMPLE");
    unsigned char key[RNG_KEY_BYTES] = {7}, *png = NULL;
    struct rng stream;
    struct rules_error err;
    struct rules_status s;
    json_t *st = NULL, *ev = NULL, *best = NULL;
    char *svg, pngpath[1024], perr[200];
    int best_score = -1;
    size_t len = 0;
    FILE *f;

    if (!path)
        return;
    rng_init(&stream, key, 0);
    eng->setup(NULL, 2, &stream, &st, &ev, &err);
    json_decref(ev);
    pick_state = 12345;
    for (int k = 0; k < MAX_STEPS && !eng->status(st, &s) && !s.finished; k++) {
        int seat = s.must_act & 1u ? 0 : 1;
        json_t *list;

        if (richness(st) > best_score) {
            best_score = richness(st);
            json_decref(best);
            best = json_deep_copy(st);
        }
        list = moves_of(st, seat);
        eng->apply(&st, seat, json_array_get(list, pick((unsigned)json_array_size(list))),
                   &stream, &ev, &err);
        json_decref(ev);
        json_decref(list);
    }
    svg = eng->svg_view(best ? best : st, 0);
    if ((f = fopen(path, "w"))) {
        fputs(svg, f);
        fclose(f);
        printf("     sample picture (%zu bytes) written to %s\n", strlen(svg), path);
    }
    snprintf(pngpath, sizeof pngpath, "%s.png", path);
    if (!png_from_svg(svg, strlen(svg), &png, &len, perr, sizeof perr) &&
        (f = fopen(pngpath, "wb"))) {
        fwrite(png, 1, len, f);
        fclose(f);
        printf("     and drawn by librsvg to %s\n", pngpath);
    }
    free(png);
    free(svg);
    json_decref(best);
    json_decref(st);
}

int main(void)
{
    eng = rules_engine_find("ironfuture");
    if (!eng || !eng->svg_view) {
        fprintf(stderr, "ironfuture has no svg_view hook\n");
        return 1;
    }
    write_sample();
    RUN(test_an_unreadable_state_gives_a_picture_that_says_so);
    RUN(test_a_seat_out_of_range_sees_what_a_spectator_sees);
    RUN(test_a_crowded_table_still_fits_the_picture);
    RUN(test_every_picture_is_well_formed_small_and_hides_what_it_must);
    return check_summary();
}
