/*
 * svg.c - a picture of a Heavy Steam battle (svg.h; RULINGS.md HS-R-132):
 * an SVG 1.1 document of plain shapes and text.
 *
 * At the top the sector track, 0 to 7, each titan a box in its faction's
 * colour with its seat, each support unit a small disc, smoke a grey
 * cloud; under it the battle card track, each slot with its card and its
 * price. Below, one panel per titan: each station a row of its squares
 * (outlined in the square's printed colour: white, red, or blue), each
 * cube on a square drawn inside it in its own colour (steam white, shield
 * blue, damage black); beside them the pressure box as a column of cells
 * filled from the bottom (steam white, heat red), the reserve and the
 * damage as numbers, and the black cubes on the titan's terrain card.
 *
 * It draws from hs_view_build() for the seat, never from the state: the
 * catalog adds only what is printed (square colours, names, slot costs
 * through hs_card_price on the public track). Every cube drawn is a
 * <rect class="cube" data-colour="...">, and nothing else carries that
 * class, so the cubes can be counted.
 */
#include "svg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text_buf.h"
#include "cards.h"
#include "game.h"
#include "view.h"

#define W 1040
#define H 760
#define M 16                          /* margin */
#define SECTOR_W 120
#define SECTOR_H 112
#define TRACK_Y 52
#define CARDS_Y 186
#define SLOT_W 124
#define PANEL_Y 262
#define PANEL_W 496
#define ROW_H 26
#define SQ 18                         /* a square */
#define CELL 12                       /* a pressure cell */

#define PAPER "#f3efe6"
#define INK "#222222"
#define UK "#2f5d8a"
#define CET "#8a3a2f"

static void label(struct text_buf *t, double x, double y, double size, const char *attrs,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void label(struct text_buf *t, double x, double y, double size, const char *attrs,
                  const char *fmt, ...)
{
    char buf[300];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    text_buf_printf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s%s>", x, y, size,
                    *attrs ? " " : "", attrs);
    text_buf_xml(t, buf);
    text_buf_bytes(t, "</text>\n", 8);
}

static int iv(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

static const char *sv(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));

    return s ? s : "";
}

static const char *faction_colour(const json_t *v, int team)
{
    const char *f = json_string_value(json_array_get(json_object_get(v, "team_faction"),
                                                     (size_t)team));

    return f && strcmp(f, "uk") == 0 ? UK : CET;
}

static void cube(struct text_buf *t, double x, double y, double size, const char *colour)
{
    static const struct {
        const char *name, *fill;
    } fills[] = {{"white", "#ffffff"}, {"blue", "#2e6fd8"}, {"black", "#111111"},
                 {"red", "#d0312d"}};
    const char *fill = "#ff00ff";

    for (size_t k = 0; k < sizeof fills / sizeof fills[0]; k++)
        if (strcmp(fills[k].name, colour) == 0)
            fill = fills[k].fill;
    text_buf_printf(t, "<rect class=\"cube\" data-colour=\"%s\" x=\"%.1f\" y=\"%.1f\" "
                       "width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                       "stroke-width=\"1\"/>\n",
                    colour, x, y, size, size, fill, INK);
}

/* ---- the battle board --------------------------------------------------- */

static void battle_board(struct text_buf *t, const json_t *v, const struct hs_game *g)
{
    const json_t *titans = json_object_get(v, "titans"), *x, *bc, *seats;
    int here[HS_SECTORS] = {0};
    size_t i;

    label(t, M, TRACK_Y - 10, 14, "font-weight=\"bold\"", "Sector track");
    for (int s = 0; s < HS_SECTORS; s++) {
        double x0 = M + s * (SECTOR_W + 6);

        text_buf_printf(t, "<rect class=\"sector\" x=\"%.1f\" y=\"%d\" width=\"%d\" "
                           "height=\"%d\" fill=\"#e4dcc8\" stroke=\"%s\"/>\n",
                        x0, TRACK_Y, SECTOR_W, SECTOR_H, INK);
        label(t, x0 + 6, TRACK_Y + 16, 13, "font-weight=\"bold\"", "%d", s);
    }
    json_array_foreach(json_object_get(v, "smoke_sectors"), i, x) {
        int s = (int)json_integer_value(x);

        if (s >= 0 && s < HS_SECTORS) {
            double x0 = M + s * (SECTOR_W + 6) + SECTOR_W - 30;

            text_buf_printf(t, "<ellipse class=\"smoke\" cx=\"%.1f\" cy=\"%d\" rx=\"22\" "
                               "ry=\"11\" fill=\"#9a9a9a\" opacity=\"0.8\"/>\n",
                            x0, TRACK_Y + 14);
            label(t, x0 - 16, TRACK_Y + 18, 10, "", "smoke");
        }
    }
    seats = json_object_get(v, "seats");
    json_array_foreach(titans, i, x) {
        int s = iv(x, "sector"), owner = iv(x, "owner");
        const json_t *p = json_array_get(seats, (size_t)owner);
        double x0, y0;

        if (s < 0 || s >= HS_SECTORS)
            continue;
        x0 = M + s * (SECTOR_W + 6) + 8;
        y0 = TRACK_Y + 26 + here[s]++ * 30;
        text_buf_printf(t, "<rect class=\"titan\" data-seat=\"%d\" x=\"%.1f\" y=\"%.1f\" "
                           "width=\"%d\" height=\"26\" rx=\"4\" fill=\"%s\"%s/>\n",
                        owner, x0, y0, SECTOR_W - 16, faction_colour(v, iv(p, "team")),
                        json_is_true(json_object_get(x, "destroyed"))
                            ? " opacity=\"0.35\"" : "");
        label(t, x0 + 5, y0 + 17, 12, "fill=\"#ffffff\"", "seat %d %s", owner,
              json_string_value(json_object_get(p, "pilot"))
                  ? json_string_value(json_object_get(p, "pilot")) : "");
    }
    json_array_foreach(json_object_get(v, "units"), i, x) {
        int s = iv(x, "sector");
        double cx;

        if (s < 0 || s >= HS_SECTORS)
            continue;
        cx = M + s * (SECTOR_W + 6) + 16 + (here[s] % 4) * 26;
        text_buf_printf(t, "<circle class=\"unit\" cx=\"%.1f\" cy=\"%d\" r=\"10\" "
                           "fill=\"%s\" stroke=\"%s\"/>\n",
                        cx, TRACK_Y + SECTOR_H - 14, faction_colour(v, iv(x, "team")), INK);
        label(t, cx - 4, TRACK_Y + SECTOR_H - 10, 11, "fill=\"#ffffff\"", "%s",
              strcmp(sv(x, "kind"), "cannon") == 0 ? "C" : "I");
        label(t, cx + 11, TRACK_Y + SECTOR_H - 4, 9, "", "%zu", i);
        here[s]++;
    }
    bc = json_object_get(v, "battle_cards");
    label(t, M, CARDS_Y - 8, 14, "font-weight=\"bold\"",
          "Battle card track (deck %d)", iv(bc, "deck"));
    json_array_foreach(json_object_get(bc, "track"), i, x) {
        double x0 = M + (double)i * (SLOT_W + 4);
        int price = hs_card_price(g, (int)i);

        text_buf_printf(t, "<rect class=\"slot\" x=\"%.1f\" y=\"%d\" width=\"%d\" "
                           "height=\"52\" fill=\"#fffaf0\" stroke=\"%s\"/>\n",
                        x0, CARDS_Y, SLOT_W, INK);
        label(t, x0 + 5, CARDS_Y + 16, 10, "fill=\"#555555\"", "slot %zu", i);
        if (json_is_string(x)) {
            label(t, x0 + 5, CARDS_Y + 32, 11, "", "%.22s", json_string_value(x));
            label(t, x0 + 5, CARDS_Y + 47, 11, "font-weight=\"bold\"", "cost %d", price);
        }
    }
}

/* ---- a titan's board ---------------------------------------------------- */

/* The printed colour of each square of station st of board b with the
 * cards of ti mounted (the view's letters say how many there are). */
static enum hs_colour square_colour(const struct hs_board *b, const json_t *ti, int st,
                                    int q)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_station *s = &b->station[st];

    if (q < s->nsquares)
        return s->square[q].colour;
    if (s->type == HS_WEAPON_SLOT) {
        int w = hs_catalog_weapon(cat, sv(json_object_get(ti, "cards"),
                                          hs_mount_name(s->mount)));
        struct hs_mounted m;

        if (w >= 0) {
            hs_catalog_mounted(&cat->weapon[w], &m);
            if (q - s->nsquares < m.nsquares)
                return m.square[q - s->nsquares].colour;
        }
    }
    return HS_WHITE;
}

static void titan_panel(struct text_buf *t, const json_t *v, int i)
{
    static const char *const outline[] = {"#bdb6a4", "#d0312d", "#2e6fd8"};
    const struct hs_catalog *cat = hs_catalog_get();
    const json_t *ti = json_array_get(json_object_get(v, "titans"), (size_t)i);
    const json_t *p = json_array_get(json_object_get(v, "seats"), (size_t)iv(ti, "owner"));
    int b = hs_catalog_titan(cat, sv(ti, "board")), dmg = 0, row = 0;
    double x0 = M + i * (PANEL_W + 16), y0 = PANEL_Y;
    const char *pr = sv(ti, "pressure");
    const struct hs_board *bd = b >= 0 ? &cat->titan[b] : NULL;

    text_buf_printf(t, "<g class=\"titan-board\" data-seat=\"%d\">\n", iv(ti, "owner"));
    text_buf_printf(t, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" "
                       "fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                    x0, y0, PANEL_W, H - PANEL_Y - M, faction_colour(v, iv(p, "team")));
    label(t, x0 + 8, y0 + 20, 15, "font-weight=\"bold\"", "Seat %d: %s%s", iv(ti, "owner"),
          bd ? bd->name : sv(ti, "board"),
          json_is_true(json_object_get(ti, "destroyed")) ? " (destroyed)" : "");
    for (int st = 0; bd && st < bd->nstations; st++) {
        const char *cubes = sv(json_object_get(ti, "stations"), bd->station[st].id);
        double y = y0 + 34 + row++ * ROW_H;

        label(t, x0 + 8, y + 13, 11, "", "%s", bd->station[st].id);
        for (int q = 0; cubes[q]; q++) {
            double x = x0 + 104 + q * (SQ + 3);
            enum hs_colour c = square_colour(bd, ti, st, q);

            text_buf_printf(t, "<rect class=\"square\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
                               "height=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                            x, y, SQ, SQ, c == HS_RED ? "#f6d5d3" : c == HS_BLUE ? "#d6e3f8"
                                                                                : "#f7f7f2",
                            outline[c]);
            if (cubes[q] == 's')
                cube(t, x + 3, y + 3, SQ - 6, "white");
            else if (cubes[q] == 'b')
                cube(t, x + 3, y + 3, SQ - 6, "blue");
            else if (cubes[q] == 'd') {
                cube(t, x + 3, y + 3, SQ - 6, "black");
                dmg++;
            }
        }
    }
    /* the pressure box: a column of cells, the first cube in at the bottom */
    {
        int cap = bd ? bd->capacity : (int)strlen(pr), n = (int)strlen(pr);
        double px = x0 + PANEL_W - 60, base = y0 + 34 + 30 * CELL + 20;

        if (cap > 30)
            cap = 30;
        label(t, px - 14, base - (cap > n ? cap : n) * CELL - 8, 11, "font-weight=\"bold\"",
              "pressure %d/%d", n, bd ? bd->capacity : cap);
        for (int k = 0; k < cap || k < n; k++) {
            double y = base - (k + 1) * CELL;

            if (k < cap)
                text_buf_printf(t, "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
                                   "height=\"%d\" fill=\"#eeeeee\" stroke=\"#999999\"/>\n",
                                px, y, CELL + 8, CELL);
            if (k < n)
                cube(t, px + 5, y + 1, CELL - 2, pr[k] == 'h' ? "red" : "white");
        }
        label(t, px - 14, base + 16, 11, "", "reserve %d", iv(ti, "reserve"));
        label(t, px - 14, base + 32, 11, "", "damage %d", dmg);
    }
    /* the terrain card under the titan, with its black cubes */
    if (json_is_string(json_object_get(ti, "terrain"))) {
        double y = y0 + 34 + row * ROW_H + 8;

        label(t, x0 + 8, y + 13, 11, "font-weight=\"bold\"", "terrain %s",
              sv(ti, "terrain"));
        for (int k = 0; k < iv(ti, "terrain_damage"); k++)
            cube(t, x0 + 160 + k * (SQ + 3), y, SQ - 4, "black");
    }
    text_buf_printf(t, "</g>\n");
}

char *hs_svg_view(const json_t *state, int seat)
{
    struct text_buf t = {0};
    struct hs_game *g = malloc(sizeof *g);
    json_t *v = NULL, *q;

    if (!g || hs_game_load(g, state, NULL) || !(v = hs_view_build(g, seat))) {
        text_buf_printf(&t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" "
                            "height=\"60\" viewBox=\"0 0 320 60\">\n");
        label(&t, 10, 34, 14, "", "This game's state cannot be read.");
        text_buf_printf(&t, "</svg>\n");
        free(g);
        return t.failed ? (free(t.p), NULL) : t.p;
    }
    text_buf_printf(&t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                        "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, "
                        "sans-serif\">\n", W, H, W, H);
    text_buf_printf(&t, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", W, H, PAPER);
    q = json_object_get(v, "question");
    if (g->stage == HS_STAGE_OVER)
        label(&t, M, 24, 16, "font-weight=\"bold\"", "Heavy Steam, round %d: over, the %s "
              "team wins", g->round,
              hs_faction_name((enum hs_faction)g->team_faction[g->winner_team]));
    else if (iv(q, "seat") >= 0)
        label(&t, M, 24, 16, "font-weight=\"bold\"", "Heavy Steam, round %d, %s phase: "
              "seat %d asked (%s)%s", g->round, hs_phase_name(g->phase), iv(q, "seat"),
              sv(q, "ask"), iv(v, "seat") >= 0 ? "" : "; spectator");
    else
        label(&t, M, 24, 16, "font-weight=\"bold\"", "Heavy Steam: %s are chosen in "
              "secret%s", g->stage == HS_STAGE_LOADOUTS ? "loadouts" : "pilots",
              iv(v, "seat") >= 0 ? "" : "; spectator");
    battle_board(&t, v, g);
    for (int i = 0; i < g->ntitans && i < 2; i++)
        titan_panel(&t, v, i);
    text_buf_printf(&t, "</svg>\n");
    json_decref(v);
    free(g);
    if (t.failed) {
        free(t.p);
        return NULL;
    }
    return t.p;
}
