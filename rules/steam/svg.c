/*
 * svg.c - a picture of the Steam map as one seat may see it (RULINGS.md,
 * "Pictures"): an SVG 1.1 document of plain shapes and text.
 *
 * On the left the map, in the catalog's geometry (pointy-top hexes, odd
 * rows half a hex to the right): each hex filled by its terrain, with a
 * river drawn across river hexes and a ridge mark on hills; impassable
 * sides as thick black edges; every track tile as its segments between
 * side midpoints (a line for a straight or a town's spoke, an arc for a
 * curve), each in the colour of its link's owner, dashed while the link
 * is incomplete, grey when nobody owns it; towns as white discs; cities
 * filled in their colour, a New City tile as a smaller hexagon of its
 * colour on its town, with their goods cubes as small squares; the name
 * of every city and town, and every hex's label small at its foot. On the
 * right a panel: the map, turn, phase and who acts (the auction or the
 * track points still to choose), each player's colour swatch, money,
 * income, VP, locomotive, action tile and links, the turn order, the
 * Goods Supply, the bag and a legend.
 *
 * Like text.c it draws from steam_view_build() for the seat, never from
 * the state itself; the catalog supplies the geometry of the map the view
 * names and the names of action tiles. Every string drawn is escaped. The
 * elements a reader (or the test) may want to find by value carry data-
 * attributes: <g class="track" data-hex data-tile> with one
 * <path class="seg" data-owner> per segment, <g class="cubes" data-city>
 * with one <rect class="cube" data-colour> per cube, <text class="hl">
 * for each hex label, <g class="player" data-seat> and its
 * <rect class="swatch">.
 */
#include "svg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "game.h"
#include "text_buf.h"
#include "view.h"

#define SQRT3 1.7320508075688772
#define H3 (SQRT3 / 2)

/* The layout, in pixels. */
#define R_MAX 38.0             /* hex radius, centre to corner, at most */
#define MARGIN 16
#define PANEL_W 340
#define PAD 14                 /* inside the panel */
#define HEAD_H 128             /* title, turn, phase, who acts, viewer */
#define PLAYER_H 54
#define ORDER_H 30
#define SUPPLY_TITLE_H 20
#define SUPPLY_ROW_H 18
#define SUPPLY_PER_ROW 4
#define BAG_H 22
#define LEGEND_H 78

/* The palette. */
#define PAPER "#f4f1ea"
#define PANEL "#ffffff"
#define EDGE "#c8c0b0"
#define INK "#1f2933"
#define MUTED "#5b6573"
#define SEA "#a9c9e2"
#define HEX_EDGE "#8d927c"
#define PLAINS "#dfe8c4"
#define COAST "#e7ead0"
#define HILLS "#cdb07f"
#define HILL_MARK "#8a6a3a"
#define RIVER "#3f86c8"
#define RIDGE "#111111"
#define UNOWNED "#9a9a9a"
#define FONTS "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

/* The players' colours, as the rulebook's tokens: orange, green,
 * natural, white, brown, black. */
static const char *const seat_name[ST_MAX_PLAYERS] = {
    "orange", "green", "natural", "white", "brown", "black"};
static const char *const seat_fill[ST_MAX_PLAYERS] = {
    "#f07b12", "#2f9e44", "#dcc28a", "#fafafa", "#8b5a2b", "#1b1b1b"};
/* The dark edge under a track (light under black). */
static const char *const seat_case[ST_MAX_PLAYERS] = {
    "#222222", "#222222", "#222222", "#222222", "#222222", "#eeeeee"};

/* Goods and city colours, by enum st_colour; the ink that reads on each. */
static const char *const goods_fill[ST_COLOURS] = {
    "#d63c2f", "#2d6cc0", "#f0c419", "#8e44ad", "#8a8f96"};
static const char *const goods_ink[ST_COLOURS] = {
    "#ffffff", "#ffffff", INK, "#ffffff", INK};

/* Unit steps towards the midpoint of side s (0 E, 1 SE, ... 5 NE; y
 * grows downwards) and towards corner k, the one between sides k and
 * k + 1. */
static const double side_dx[6] = {1, 0.5, -0.5, -1, -0.5, 0.5};
static const double side_dy[6] = {0, H3, H3, 0, -H3, -H3};
static const double corner_dx[6] = {H3, 0, -H3, -H3, 0, H3};
static const double corner_dy[6] = {0.5, 1, 0.5, -0.5, -1, -0.5};

/*
 * The formatted text at (x, y) in size px, with further presentation
 * attributes attrs ("" for none); a text whose estimated width (DejaVu
 * Sans, a little generous) passes maxw (0: no limit) is drawn smaller to
 * fit, whole. The text is escaped.
 */
static void label(struct text_buf *t, double x, double y, double size, const char *attrs,
                  double maxw, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void label(struct text_buf *t, double x, double y, double size, const char *attrs,
                  double maxw, const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    double w;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    w = text_buf_glyphs(buf) * size * (strstr(attrs, "bold") ? 0.66 : 0.6);
    if (maxw > 0 && w > maxw)
        size = size * maxw / w;
    text_buf_printf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s%s>", x, y, size,
        *attrs ? " " : "", attrs);
    text_buf_xml(t, buf);
    text_buf_bytes(t, "</text>\n", 8);
}

/* ---- the view, read --------------------------------------------------- */

static int iv(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

static const char *sv(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));

    return s ? s : "";
}

static int bv(const json_t *o, const char *key)
{
    return json_is_true(json_object_get(o, key));
}

/* ---- the layout ------------------------------------------------------- */

struct pic {
    struct text_buf t;
    const struct st_catalog *cat;
    const struct st_map *m;
    const json_t *v;           /* the seat's view, borrowed */
    double r, hw;              /* hex radius; hex width (flat to flat) */
    int w, h;                  /* the document */
    int px;                    /* the panel's left edge */
};

static int round_up(double x)
{
    int i = (int)x;

    return i < x ? i + 1 : i;
}

/* The panel's height for six players and the map's Goods Supply. */
static int panel_height(const struct st_map *m)
{
    int rows = (m->supply_spaces + SUPPLY_PER_ROW - 1) / SUPPLY_PER_ROW;

    return HEAD_H + ST_MAX_PLAYERS * PLAYER_H + ORDER_H + SUPPLY_TITLE_H +
           rows * SUPPLY_ROW_H + BAG_H + LEGEND_H + 2 * PAD;
}

/* The hex size and the document's size, from the map alone. */
static void layout(struct pic *p, const struct st_map *m)
{
    double by_w = (ST_SVG_MAX_WIDTH - 3 * MARGIN - PANEL_W) / ((m->cols + 0.5) * SQRT3),
           by_h = (ST_SVG_MAX_HEIGHT - 2 * MARGIN) / (2 + 1.5 * (m->rows - 1));
    int map_h, panel_h = panel_height(m);

    p->m = m;
    p->r = R_MAX < by_w ? R_MAX : by_w;
    p->r = p->r < by_h ? p->r : by_h;
    p->hw = p->r * SQRT3;
    p->px = round_up(2 * MARGIN + (m->cols + 0.5) * p->hw);
    p->w = p->px + PANEL_W + MARGIN;
    map_h = round_up(2 * MARGIN + p->r * (2 + 1.5 * (m->rows - 1)));
    p->h = map_h > panel_h + 2 * MARGIN ? map_h : panel_h + 2 * MARGIN;
    if (p->h > ST_SVG_MAX_HEIGHT)
        p->h = ST_SVG_MAX_HEIGHT;
}

static double hex_x(const struct pic *p, int h)
{
    int c = h % p->m->cols, row = h / p->m->cols;

    return MARGIN + p->hw * (c + 0.5 + 0.5 * (row & 1));
}

static double hex_y(const struct pic *p, int h)
{
    return MARGIN + p->r * (1 + 1.5 * (h / p->m->cols));
}

/* A hexagon of radius r around (x, y), as a polygon with attrs. */
static void hexagon(struct text_buf *t, double x, double y, double r, const char *attrs)
{
    text_buf_printf(t, "<polygon points=\"");
    for (int k = 0; k < 6; k++)
        text_buf_printf(t, "%s%.1f,%.1f", k ? " " : "", x + r * corner_dx[k], y + r * corner_dy[k]);
    text_buf_printf(t, "\" %s/>\n", attrs);
}

/* The map's code of hex h ('~', '.', 'C', ...) from the view's rows. */
static char code_of(const struct pic *p, int h)
{
    const char *row = json_string_value(
        json_array_get(json_object_get(json_object_get(p->v, "map"), "rows"),
                       (size_t)(h / p->m->cols)));

    if (!row || (int)strlen(row) <= h % p->m->cols)
        return '~';
    return row[h % p->m->cols];
}

/* The hex of the view's name, or -1. */
static int hex_of(const struct pic *p, const char *name)
{
    return steam_hex_parse(p->m, name);
}

/* ---- the map ---------------------------------------------------------- */

/* Every hex in its terrain; printed cities in their colour. */
static void draw_hexes(struct pic *p)
{
    const json_t *cities = json_object_get(json_object_get(p->v, "map"), "cities"), *c;
    int colour[ST_MAX_HEX];
    size_t i;

    for (int h = 0; h < p->m->nhex; h++)
        colour[h] = -1;
    json_array_foreach(cities, i, c) {
        int h = hex_of(p, sv(c, "hex"));

        if (h >= 0)
            colour[h] = steam_colour_parse(sv(c, "colour"));
    }
    text_buf_printf(&p->t, "<g stroke=\"%s\" stroke-width=\"1\">\n", HEX_EDGE);
    for (int h = 0; h < p->m->nhex; h++) {
        char code = code_of(p, h), attrs[48];
        const char *fill = code == 'h' || code == 'H' ? HILLS : code == 'c' ? COAST : PLAINS;

        if (code == '~')
            continue;
        if (code == 'C' && colour[h] >= 0)
            fill = goods_fill[colour[h]];
        snprintf(attrs, sizeof attrs, "fill=\"%s\"", fill);
        hexagon(&p->t, hex_x(p, h), hex_y(p, h), p->r, attrs);
    }
    text_buf_printf(&p->t, "</g>\n");
    /* rivers across the lower half, ridges on hills */
    text_buf_printf(&p->t, "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
    for (int h = 0; h < p->m->nhex; h++) {
        char code = code_of(p, h);
        double x = hex_x(p, h), y = hex_y(p, h), r = p->r;

        if (code == 'r' || code == 'H' || code == 'T')
            text_buf_printf(&p->t, "<path d=\"M%.1f,%.1f q%.1f,%.1f %.1f,0 t%.1f,0 t%.1f,0 t%.1f,0\" "
                       "stroke=\"%s\" stroke-width=\"2.5\"/>\n",
                x - 0.6 * r, y + 0.32 * r, 0.15 * r, -0.16 * r, 0.3 * r, 0.3 * r,
                0.3 * r, 0.3 * r, RIVER);
        if (code == 'h' || code == 'H')
            text_buf_printf(&p->t, "<path d=\"M%.1f,%.1f l%.1f,%.1f l%.1f,%.1f l%.1f,%.1f l%.1f,%.1f\" "
                       "stroke=\"%s\" stroke-width=\"2\"/>\n",
                x - 0.42 * r, y - 0.1 * r, 0.21 * r, -0.26 * r, 0.21 * r, 0.26 * r,
                0.21 * r, -0.26 * r, 0.21 * r, 0.26 * r, HILL_MARK);
    }
    text_buf_printf(&p->t, "</g>\n");
}

/* Impassable sides ("hex/side" in the view) as thick edges. */
static void draw_ridges(struct pic *p)
{
    const json_t *imp = json_object_get(json_object_get(p->v, "map"), "impassable"), *e;
    size_t i;

    text_buf_printf(&p->t, "<g stroke=\"%s\" stroke-width=\"5\" stroke-linecap=\"round\">\n", RIDGE);
    json_array_foreach(imp, i, e) {
        const char *s = json_string_value(e), *slash = s ? strchr(s, '/') : NULL;
        char name[8];
        int h, side;

        if (!slash || slash - s >= (long)sizeof name || slash[1] < '0' || slash[1] > '5')
            continue;
        memcpy(name, s, (size_t)(slash - s));
        name[slash - s] = 0;
        if ((h = hex_of(p, name)) < 0)
            continue;
        side = slash[1] - '0';
        text_buf_printf(&p->t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
            hex_x(p, h) + p->r * corner_dx[(side + 5) % 6],
            hex_y(p, h) + p->r * corner_dy[(side + 5) % 6],
            hex_x(p, h) + p->r * corner_dx[side], hex_y(p, h) + p->r * corner_dy[side]);
    }
    text_buf_printf(&p->t, "</g>\n");
}

/* A segment end of the view: a side 0..5, or ST_TOWN_END for "town". */
static int end_of(const json_t *e)
{
    if (json_is_integer(e) && json_integer_value(e) >= 0 && json_integer_value(e) < 6)
        return (int)json_integer_value(e);
    return ST_TOWN_END;
}

/*
 * The path data of a segment between ends a and b of the hex centred at
 * (x, y) into buf: a straight line to the centre for a town's spoke and
 * between opposite sides; otherwise the arc through both side midpoints
 * around the corner they share (a sharp curve, radius r / 2) or around
 * the centre of the neighbour across the side between them (a gentle
 * curve, radius 3r / 2).
 */
static void seg_path(char *buf, size_t size, double x, double y, double r, int a, int b)
{
    double m = r * H3, ax, ay, bx, by, ox, oy, rad;
    int d;

    if (a == ST_TOWN_END) {
        a = b;
        b = ST_TOWN_END;
    }
    if (a == ST_TOWN_END) {
        snprintf(buf, size, "M%.1f,%.1f", x, y);
        return;
    }
    ax = x + m * side_dx[a];
    ay = y + m * side_dy[a];
    if (b == ST_TOWN_END) {
        snprintf(buf, size, "M%.1f,%.1f L%.1f,%.1f", ax, ay, x, y);
        return;
    }
    bx = x + m * side_dx[b];
    by = y + m * side_dy[b];
    d = (b - a + 6) % 6;
    if (d == 3 || d == 0) {
        snprintf(buf, size, "M%.1f,%.1f L%.1f,%.1f", ax, ay, bx, by);
        return;
    }
    if (d == 1 || d == 5) {
        int k = d == 1 ? a : b;

        ox = x + r * corner_dx[k];
        oy = y + r * corner_dy[k];
        rad = r / 2;
    } else {
        int s = d == 2 ? (a + 1) % 6 : (b + 1) % 6;

        ox = x + 2 * m * side_dx[s];
        oy = y + 2 * m * side_dy[s];
        rad = 1.5 * r;
    }
    snprintf(buf, size, "M%.1f,%.1f A%.1f,%.1f 0 0 %d %.1f,%.1f", ax, ay, rad, rad,
             (ax - ox) * (by - oy) - (ay - oy) * (bx - ox) > 0, bx, by);
}

/* Every track tile of the view: one group per hex, one path per segment
 * (on a dark edge), in its owner's colour; incomplete links dashed. */
static void draw_track(struct pic *p, int nseats)
{
    const json_t *tr, *seg;
    size_t i, k;
    double cw = p->r * 0.21, sw = p->r * 0.12;

    text_buf_printf(&p->t, "<g fill=\"none\" stroke-linecap=\"round\">\n");
    json_array_foreach(json_object_get(p->v, "track"), i, tr) {
        int h = hex_of(p, sv(tr, "hex"));
        double x, y;

        if (h < 0)
            continue;
        x = hex_x(p, h);
        y = hex_y(p, h);
        text_buf_printf(&p->t, "<g class=\"track\" data-hex=\"");
        text_buf_xml(&p->t, sv(tr, "hex"));
        text_buf_printf(&p->t, "\" data-tile=\"");
        text_buf_xml(&p->t, sv(tr, "tile"));
        text_buf_printf(&p->t, "\" data-rotation=\"%d\">\n", iv(tr, "rotation"));
        json_array_foreach(json_object_get(tr, "segments"), k, seg) {
            const json_t *ends = json_object_get(seg, "ends");
            int owner = iv(seg, "owner"), own = owner >= 0 && owner < nseats;
            char d[160];

            seg_path(d, sizeof d, x, y, p->r, end_of(json_array_get(ends, 0)),
                     end_of(json_array_get(ends, 1)));
            text_buf_printf(&p->t, "<path d=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\"/>\n", d,
                own ? seat_case[owner] : "#444444", cw);
            text_buf_printf(&p->t, "<path class=\"seg\" data-owner=\"%d\" d=\"%s\" stroke=\"%s\" "
                       "stroke-width=\"%.1f\"%s/>\n",
                own ? owner : -1, d, own ? seat_fill[owner] : UNOWNED, sw,
                bv(seg, "complete") ? "" : " stroke-dasharray=\"6 4\"");
        }
        text_buf_printf(&p->t, "</g>\n");
    }
    text_buf_printf(&p->t, "</g>\n");
}

/* The cubes (an array of colour names) centred on (x, y), each a small
 * square on a light plate. */
static void draw_cubes(struct pic *p, const char *hex, const json_t *cubes, double x,
                       double y)
{
    int n = (int)json_array_size(cubes), per, size, gap = 2, rows;
    double w, hgt, x0, y0;
    const json_t *c;
    size_t i;

    if (!n)
        return;
    per = n <= 4 ? n : n <= 8 ? 4 : n <= 18 ? 6 : 8;
    size = n <= 8 ? 10 : n <= 18 ? 7 : 5;
    rows = (n + per - 1) / per;
    w = per * size + (per - 1) * gap;
    hgt = rows * size + (rows - 1) * gap;
    x0 = x - w / 2;
    y0 = y - hgt / 2;
    text_buf_printf(&p->t, "<g class=\"cubes\" data-city=\"");
    text_buf_xml(&p->t, hex);
    text_buf_printf(&p->t, "\" stroke=\"#1b1b1b\" stroke-width=\"0.8\">\n");
    text_buf_printf(&p->t, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\" "
               "fill=\"#ffffff\" fill-opacity=\"0.85\" stroke=\"none\"/>\n",
        x0 - 3, y0 - 3, w + 6, hgt + 6);
    json_array_foreach(cubes, i, c) {
        int col = steam_colour_parse(json_string_value(c));

        text_buf_printf(&p->t, "<rect class=\"cube\" data-colour=\"%s\" x=\"%.1f\" y=\"%.1f\" "
                   "width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
            steam_colour_name(col), x0 + (double)((int)i % per) * (size + gap),
            y0 + (double)((int)i / per) * (size + gap), size, size,
            col >= 0 ? goods_fill[col] : "#000000");
    }
    text_buf_printf(&p->t, "</g>\n");
}

/* Towns (discs, New City tiles on them), cities (names, City Growth
 * markers) and the cubes on both. */
static void draw_places(struct pic *p)
{
    const json_t *map = json_object_get(p->v, "map"), *cubes = json_object_get(p->v, "cubes"),
                 *o;
    double r = p->r, maxw = p->hw * 0.9;
    size_t i;

    json_array_foreach(json_object_get(map, "towns"), i, o) {
        int h = hex_of(p, sv(o, "hex")), nc = steam_colour_parse(sv(o, "new_city"));
        double x, y;

        if (h < 0)
            continue;
        x = hex_x(p, h);
        y = hex_y(p, h);
        if (nc >= 0) {
            char attrs[80];

            snprintf(attrs, sizeof attrs, "fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"",
                     goods_fill[nc], INK);
            hexagon(&p->t, x, y + 0.05 * r, r * 0.6, attrs);
            draw_cubes(p, sv(o, "hex"), json_object_get(cubes, sv(o, "hex")), x,
                       y + 0.05 * r);
        } else {
            text_buf_printf(&p->t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#ffffff\" "
                       "stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                x, y, 0.2 * r, INK);
        }
        label(&p->t, x, y - 0.5 * r, 7.5, "text-anchor=\"middle\" fill=\"" INK "\"",
              maxw * 0.95, "%s", sv(o, "name"));
    }
    json_array_foreach(json_object_get(map, "cities"), i, o) {
        int h = hex_of(p, sv(o, "hex")), col = steam_colour_parse(sv(o, "colour"));
        char attrs[80];
        double x, y;

        if (h < 0 || col < 0)
            continue;
        x = hex_x(p, h);
        y = hex_y(p, h);
        snprintf(attrs, sizeof attrs, "text-anchor=\"middle\" font-weight=\"bold\" fill=\"%s\"",
                 goods_ink[col]);
        label(&p->t, x, y - 0.42 * r, 8.5, attrs, maxw, "%s", sv(o, "name"));
        if (bv(o, "growth_marker"))
            text_buf_printf(&p->t, "<circle class=\"growth\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
                       "fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"1.2\"/>\n",
                x, y - 0.72 * r, INK);
        draw_cubes(p, sv(o, "hex"), json_object_get(cubes, sv(o, "hex")), x, y + 0.05 * r);
    }
}

/* Every hex's label, small at its foot. */
static void draw_labels(struct pic *p)
{
    const json_t *cities = json_object_get(json_object_get(p->v, "map"), "cities"), *c;
    const char *ink[ST_MAX_HEX] = {0};
    size_t i;
    char name[8];

    json_array_foreach(cities, i, c) {
        int h = hex_of(p, sv(c, "hex")), col = steam_colour_parse(sv(c, "colour"));

        if (h >= 0 && col >= 0)
            ink[h] = goods_ink[col];
    }
    text_buf_printf(&p->t, "<g font-size=\"8.5\" text-anchor=\"middle\" fill=\"%s\">\n", MUTED);
    for (int h = 0; h < p->m->nhex; h++) {
        if (code_of(p, h) == '~')
            continue;
        text_buf_printf(&p->t, "<text class=\"hl\" x=\"%.1f\" y=\"%.1f\"", hex_x(p, h),
            hex_y(p, h) + 0.74 * p->r);
        if (ink[h])
            text_buf_printf(&p->t, " fill=\"%s\"", ink[h]);
        text_buf_printf(&p->t, ">%s</text>\n", steam_hex_name(p->m, h, name));
    }
    text_buf_printf(&p->t, "</g>\n");
}

/* ---- the panel -------------------------------------------------------- */

static void swatch(struct pic *p, double x, double y, int seat, int size)
{
    text_buf_printf(&p->t, "<rect class=\"swatch\" data-seat=\"%d\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
               "height=\"%d\" rx=\"2\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n",
        seat, x, y, size, size, seat_fill[seat], INK);
}

/* A cube of the panel (not on a city: class "sc"). */
static void small_cube(struct pic *p, double x, double y, int col)
{
    text_buf_printf(&p->t, "<rect class=\"sc\" x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"%s\" "
               "stroke=\"#1b1b1b\" stroke-width=\"0.8\"/>\n",
        x, y, col >= 0 ? goods_fill[col] : "#000000");
}

static int seat_ok(const json_t *x, int nseats)
{
    return json_is_integer(x) && json_integer_value(x) >= 0 &&
           json_integer_value(x) < nseats;
}

/* The map, turn, phase, who acts; the auction or the track points; the
 * viewer. */
static void draw_head(struct pic *p, double x, double y, int nseats)
{
    const json_t *v = p->v, *to_act = json_object_get(v, "to_act"), *e;
    const char *ph = sv(v, "phase");
    double maxw = PANEL_W - 2 * PAD;
    int viewer = iv(v, "viewer");
    char line[96];
    size_t i;

    label(&p->t, x, y + 20, 18, "font-weight=\"bold\"", maxw, "Steam \xc2\xb7 %s",
          sv(json_object_get(v, "map"), "name"));
    label(&p->t, x, y + 40, 13, "", maxw, "Turn %d of %d", iv(v, "turn"), iv(v, "last_turn"));
    if (!strcmp(ph, "auction"))
        snprintf(line, sizeof line, "Turn-order auction for place %d",
                 iv(json_object_get(v, "auction"), "position"));
    else if (!strcmp(ph, "move"))
        snprintf(line, sizeof line, "Phase 3, Move Goods, round %d of 2", iv(v, "round"));
    else
        snprintf(line, sizeof line, "%s",
                 !strcmp(ph, "select") ? "Phase 1, Select Action Tiles"
                 : !strcmp(ph, "build") ? "Phase 2, Build Track"
                 : !strcmp(ph, "score") ? "Phase 3, Move Goods: track points" : "Game over");
    label(&p->t, x, y + 58, 13, "", maxw, "%s", line);
    if (seat_ok(to_act, nseats)) {
        int s = (int)json_integer_value(to_act);

        swatch(p, x, y + 66, s, 14);
        label(&p->t, x + 20, y + 78, 13, "font-weight=\"bold\"", maxw - 20,
              "Seat %d (%s) to act", s, seat_name[s]);
    } else if (seat_ok(json_object_get(v, "winner"), nseats)) {
        int s = iv(v, "winner");

        swatch(p, x, y + 66, s, 14);
        label(&p->t, x + 20, y + 78, 13, "font-weight=\"bold\"", maxw - 20,
              "Seat %d (%s) wins", s, seat_name[s]);
    }
    if (!strcmp(ph, "auction")) {
        const json_t *a = json_object_get(v, "auction");

        if (json_is_integer(json_object_get(a, "bid")))
            label(&p->t, x, y + 98, 11, "fill=\"" MUTED "\"", maxw,
                  "High bid $%d by seat %d; seat %d to bid or pass", iv(a, "bid"),
                  iv(a, "high_bidder"), iv(a, "bidder"));
        else
            label(&p->t, x, y + 98, 11, "fill=\"" MUTED "\"", maxw,
                  "No bid yet; seat %d to bid or pass", iv(a, "bidder"));
    } else if (!strcmp(ph, "score")) {
        char buf[200];
        int n = 0;

        json_array_foreach(json_object_get(v, "scoring"), i, e)
            if (n >= 0 && (size_t)n < sizeof buf)
                n += snprintf(buf + n, sizeof buf - (size_t)n,
                              i ? "%s seat %d (%d)" : "%sSeat %d takes %d as income or VP",
                              i == 0 ? "" : i == 1 ? "; then" : ",", iv(e, "seat"),
                              iv(e, "points"));
        if (n > 0)
            label(&p->t, x, y + 98, 11, "fill=\"" MUTED "\"", maxw, "%s", buf);
    }
    if (viewer >= 0 && viewer < nseats)
        label(&p->t, x, y + 116, 10, "fill=\"" MUTED "\"", maxw,
              "As seat %d (%s) sees it", viewer, seat_name[viewer]);
    else
        label(&p->t, x, y + 116, 10, "fill=\"" MUTED "\"", maxw, "As a spectator sees it");
}

/* One block a player: swatch, name, money, income, VP, locomotive, action
 * tile and links. */
static void draw_player(struct pic *p, const json_t *pl, double x, double y, int to_act)
{
    const json_t *l;
    const char *ph = sv(p->v, "phase");
    double maxw = PANEL_W - 2 * PAD;
    int s = iv(pl, "seat"), links = 0, open = 0,
        a = steam_catalog_action(p->cat, sv(pl, "action"));
    int out = bv(pl, "resigned") || bv(pl, "bankrupt");
    char line[160];
    size_t i;

    json_array_foreach(json_object_get(p->v, "links"), i, l)
        if (iv(l, "owner") == s) {
            links++;
            open += !bv(l, "complete");
        }
    text_buf_printf(&p->t, "<g class=\"player\" data-seat=\"%d\">\n", s);
    if (s == to_act)
        text_buf_printf(&p->t, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" rx=\"4\" "
                   "fill=\"#fff4d6\" stroke=\"#e0c27a\"/>\n",
            x - 6, y + 1, PANEL_W - 2 * PAD + 12, PLAYER_H - 3);
    swatch(p, x, y + 6, s, 16);
    label(&p->t, x + 22, y + 19, 12, "font-weight=\"bold\"", maxw - 22, "Seat %d (%s)%s", s,
          seat_name[s],
          bv(pl, "resigned") ? " \xc2\xb7 resigned"
          : bv(pl, "bankrupt") ? " \xc2\xb7 bankrupt"
          : s == to_act ? " \xc2\xb7 to act" : "");
    label(&p->t, x + 22, y + 35, 12, out ? "fill=\"" MUTED "\"" : "", maxw - 22,
          "$%d \xc2\xb7 income %d \xc2\xb7 %d VP \xc2\xb7 loco %d", iv(pl, "cash"),
          iv(pl, "income"), iv(pl, "vp"), iv(pl, "locomotive"));
    snprintf(line, sizeof line, "%s%s \xc2\xb7 %d link%s", a >= 0 ? p->cat->action[a].name
                                                                  : "no action tile",
             a >= 0 && bv(pl, "pass_option") ? " (Pass Option)" : "", links,
             links == 1 ? "" : "s");
    if (open)
        snprintf(line + strlen(line), sizeof line - strlen(line), " (%d incomplete)", open);
    if (!strcmp(ph, "build") && !out)
        snprintf(line + strlen(line), sizeof line - strlen(line), " \xc2\xb7 built %d/%d%s%s",
                 iv(pl, "built"), iv(pl, "build_limit"),
                 bv(pl, "owes_urbanization") ? ", owes Urbanization" : "",
                 bv(pl, "owes_city_growth") ? ", owes City Growth" : "");
    label(&p->t, x + 22, y + 50, 10.5, "fill=\"" MUTED "\"", maxw - 22, "%s", line);
    text_buf_printf(&p->t, "</g>\n");
}

/* The legend at (x, y): the three kinds of track, the terrain, the marks. */
static void draw_legend(struct pic *p, double x, double y)
{
    static const struct {
        const char *edge, *fill, *dash, *name;
    } track[] = {{"#222222", NULL, "", "link"},
                 {"#222222", NULL, " stroke-dasharray=\"6 4\"", "incomplete"},
                 {"#444444", UNOWNED, "", "unowned"}};

    text_buf_printf(&p->t, "<g fill=\"none\" stroke-linecap=\"round\">\n");
    for (int i = 0; i < 3; i++) {
        double lx = x + 110 * i;

        text_buf_printf(&p->t, "<path d=\"M%.1f,%.1f h24\" stroke=\"%s\" stroke-width=\"7\"/>\n",
            lx, y + 12, track[i].edge);
        text_buf_printf(&p->t, "<path d=\"M%.1f,%.1f h24\" stroke=\"%s\" stroke-width=\"4.5\"%s/>\n",
            lx, y + 12, track[i].fill ? track[i].fill : seat_fill[0], track[i].dash);
    }
    text_buf_printf(&p->t, "</g>\n");
    for (int i = 0; i < 3; i++)
        label(&p->t, x + 110 * i + 30, y + 16, 10, "", 0, "%s", track[i].name);
    y += 24;
    text_buf_printf(&p->t, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" fill=\"%s\" "
               "stroke=\"%s\"/>\n", x, y + 2, PLAINS, HEX_EDGE);
    text_buf_printf(&p->t, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" fill=\"%s\" "
               "stroke=\"%s\"/>\n", x + 110, y + 2, HILLS, HEX_EDGE);
    text_buf_printf(&p->t, "<path d=\"M%.1f,%.1f q4,-4 8,0 t8,0 t8,0\" fill=\"none\" stroke=\"%s\" "
               "stroke-width=\"2.5\"/>\n", x + 220, y + 10, RIVER);
    label(&p->t, x + 20, y + 14, 10, "", 0, "plains");
    label(&p->t, x + 130, y + 14, 10, "", 0, "hills");
    label(&p->t, x + 250, y + 14, 10, "", 0, "river");
    y += 24;
    text_buf_printf(&p->t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"#ffffff\" stroke=\"%s\" "
               "stroke-width=\"1.5\"/>\n", x + 7, y + 9, INK);
    text_buf_printf(&p->t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
               "stroke-width=\"5\" stroke-linecap=\"round\"/>\n",
        x + 110, y + 9, x + 130, y + 9, RIDGE);
    text_buf_printf(&p->t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" "
               "stroke=\"#ffffff\"/>\n", x + 230, y + 9, INK);
    label(&p->t, x + 20, y + 13, 10, "", 0, "town");
    label(&p->t, x + 138, y + 13, 10, "", 0, "impassable");
    label(&p->t, x + 240, y + 13, 10, "", 0, "City Growth");
}

/* The turn order, the Goods Supply, the bag and the legend, from y. */
static void draw_foot(struct pic *p, double x, double y, int nseats)
{
    const json_t *v = p->v, *e, *sp, *bag = json_object_get(v, "bag");
    double maxw = PANEL_W - 2 * PAD, cell = (PANEL_W - 2 * PAD) / (double)SUPPLY_PER_ROW;
    char buf[200];
    size_t i, j;
    int n = 0;

    label(&p->t, x, y + 18, 12, "font-weight=\"bold\"", 0,
          strcmp(sv(v, "phase"), "auction") ? "Turn order" : "Places so far");
    json_array_foreach(json_object_get(v, "turn_order"), i, e) {
        if (!seat_ok(e, nseats))
            continue;
        swatch(p, x + 100 + (double)i * 36, y + 7, (int)json_integer_value(e), 14);
        label(&p->t, x + 118 + (double)i * 36, y + 18, 11, "", 0, "%d",
              (int)json_integer_value(e));
    }
    y += ORDER_H;
    label(&p->t, x, y + 14, 12, "font-weight=\"bold\"", 0, "Goods Supply");
    y += SUPPLY_TITLE_H;
    json_array_foreach(json_object_get(v, "supply"), i, sp) {
        double cx = x + (double)(i % SUPPLY_PER_ROW) * cell,
               cy = y + (double)(i / SUPPLY_PER_ROW) * SUPPLY_ROW_H;

        label(&p->t, cx, cy + 11, 10, "fill=\"" MUTED "\"", 0, "s%zu", i);
        json_array_foreach(sp, j, e)
            if (j < 6)
                small_cube(p, cx + 18 + (double)j * 10, cy + 3,
                           steam_colour_parse(json_string_value(e)));
        if (!json_array_size(sp))
            label(&p->t, cx + 18, cy + 11, 10, "fill=\"" MUTED "\"", 0, "-");
    }
    y += (double)((p->m->supply_spaces + SUPPLY_PER_ROW - 1) / SUPPLY_PER_ROW) * SUPPLY_ROW_H;
    for (int c = 0; c < ST_COLOURS && n >= 0 && (size_t)n < sizeof buf; c++)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%d %s", c ? ", " : "",
                      iv(bag, steam_colour_name(c)), steam_colour_name(c));
    label(&p->t, x, y + 15, 10.5, "fill=\"" MUTED "\"", maxw, "In the bag: %s", buf);
    y += BAG_H;
    draw_legend(p, x, y);
}

static void draw_panel(struct pic *p)
{
    const json_t *players = json_object_get(p->v, "players"), *pl,
                 *to_act = json_object_get(p->v, "to_act");
    int nseats = (int)json_array_size(players), act;
    double x = p->px + PAD, y = MARGIN + PAD;
    size_t i;

    if (nseats > ST_MAX_PLAYERS)
        nseats = ST_MAX_PLAYERS;
    act = seat_ok(to_act, nseats) ? (int)json_integer_value(to_act) : -1;
    text_buf_printf(&p->t, "<rect class=\"panel\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" "
               "fill=\"%s\" stroke=\"%s\"/>\n",
        p->px, MARGIN, PANEL_W, p->h - 2 * MARGIN, PANEL, EDGE);
    draw_head(p, x, y, nseats);
    y += HEAD_H;
    json_array_foreach(players, i, pl) {
        if ((int)i >= nseats || iv(pl, "seat") != (int)i)
            break;
        draw_player(p, pl, x, y, act);
        y += PLAYER_H;
    }
    draw_foot(p, x, y, nseats);
}

/* ---- the document ----------------------------------------------------- */

static void open_svg(struct text_buf *t, int w, int h, const char *title)
{
    text_buf_printf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
           "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"%s\" fill=\"%s\">\n",
        w, h, w, h, FONTS, INK);
    text_buf_printf(t, "<title>");
    text_buf_xml(t, title);
    text_buf_printf(t, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", w, h, PAPER);
}

static char *close_svg(struct text_buf *t)
{
    text_buf_printf(t, "</svg>\n");
    if (t->failed) {
        free(t->p);
        return NULL;
    }
    return t->p;
}

/* A picture saying the state cannot be read, and why (code). */
static char *unreadable(const char *code)
{
    struct text_buf t = {0};

    open_svg(&t, 640, 80, "Steam");
    label(&t, 20, 46, 16, "font-weight=\"bold\"", 600,
          "Steam: this game's state cannot be read (%s).", code);
    return close_svg(&t);
}

char *steam_svg_view(const json_t *state, int seat)
{
    struct pic p = {0};
    struct st_game *g = malloc(sizeof *g);
    struct rules_error err;
    json_t *v = NULL;
    char title[160], *svg;
    int map, viewer, nseats;

    if (!g)
        return NULL;
    p.cat = steam_catalog_get();
    if (!p.cat->ok || steam_game_load(g, state, &err)) {
        free(g);
        return unreadable(p.cat->ok ? err.code : "catalog_invalid");
    }
    v = steam_view_build(g, seat);
    free(g);
    if (!v || json_object_get(v, "error") ||
        (map = steam_catalog_map(p.cat, sv(json_object_get(v, "map"), "id"))) < 0) {
        svg = unreadable(!v ? "out_of_memory" : json_object_get(v, "error") ? sv(v, "error")
                                                                            : "unknown_map");
        json_decref(v);
        return svg;
    }
    p.v = v;
    layout(&p, &p.cat->map[map]);
    viewer = iv(v, "viewer");
    nseats = (int)json_array_size(json_object_get(v, "players"));
    nseats = nseats < ST_MAX_PLAYERS ? nseats : ST_MAX_PLAYERS;
    if (viewer >= 0 && viewer < nseats)
        snprintf(title, sizeof title, "Steam, %s, turn %d of %d, as seat %d sees it",
                 sv(json_object_get(v, "map"), "name"), iv(v, "turn"), iv(v, "last_turn"),
                 viewer);
    else
        snprintf(title, sizeof title, "Steam, %s, turn %d of %d, as a spectator sees it",
                 sv(json_object_get(v, "map"), "name"), iv(v, "turn"), iv(v, "last_turn"));
    open_svg(&p.t, p.w, p.h, title);
    text_buf_printf(&p.t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\"/>\n",
        MARGIN / 2, MARGIN / 2, p.px - MARGIN, p.h - MARGIN, SEA);
    draw_hexes(&p);
    draw_ridges(&p);
    draw_track(&p, nseats);
    draw_places(&p);
    draw_labels(&p);
    draw_panel(&p);
    json_decref(v);
    return close_svg(&p.t);
}
