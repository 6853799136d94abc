/*
 * svg.c - a picture of the Iron Future table as one seat may see it
 * (RULINGS.md, "Pictures"): an SVG 1.1 document of plain shapes and text.
 *
 * Top to bottom: a title bar (round, phase, rounds to win, who must act
 * or how the game ended); a panel per seat (rounds won with trophies,
 * resources, hand, deck and discard counts, supports, the first-player
 * token); the line of three locations, each with its tokens, rule text
 * and each side's units (name, card id, armor and damage), or the market
 * in an acquisition phase; the decks and the attack being allocated; and
 * along the bottom the viewer's own hand, for a seat only.
 *
 * Like text.c, it draws from ironfuture_view_build() for the same seat,
 * never from the state itself, so it hides exactly what the JSON view
 * hides; the catalog (public, as describe() shows it) supplies the names
 * and armor of units the view names only by id. Card ids are written
 * "#7". Every string drawn is escaped.
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

/* The palette: warm paper, dark ink, one colour per seat. */
#define PAPER "#f4f1ea"
#define PANEL "#ffffff"
#define BAND "#ebe5d8"
#define EDGE "#c8c0b0"
#define INK "#1f2933"
#define MUTED "#5b6573"
#define GOLD "#c99a06"
#define HURT "#b42318"
#define FONTS "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

static const char *const seat_ink[IF_SEATS] = {"#1d5fb4", "#c2410c"};
static const char *const seat_wash[IF_SEATS] = {"#dbe7f7", "#fbe2d5"};

/* The layout, in pixels. */
#define MARGIN 10
#define HEAD_H 40
#define PLAYER_Y 48
#define PLAYER_H 80
#define LINE_Y 136
#define LINE_H 288
#define RULE_LINES 4           /* of a location's rule text, at most */
#define ROW_H 14               /* a unit on the field */
#define STRIP_Y 442            /* decks; the attack below it */
#define HAND_Y 468
#define CARD_H 106

/* The estimated width of s in size px: DejaVu Sans, a little generous. */
static double width_of(const char *s, double size, int bold)
{
    return text_buf_glyphs(s) * size * (bold ? 0.66 : 0.6);
}

/*
 * s at (x, y) in size px, with further presentation attributes attrs
 * ("" for none). When its estimated width passes maxw (0: no limit) the
 * font is made smaller to fit; a name is drawn whole that way. With
 * may_cut, text that would need a font more than a fifth smaller is cut
 * at a character and ends in "…" instead (public text only: the
 * location discard, a rule text). Renderers differ in their support of
 * textLength (librsvg has none), so it is not used.
 */
static void draw_text(struct text_buf *t, int x, int y, double size, const char *attrs,
                      int maxw, int may_cut, const char *s)
{
    int bold = strstr(attrs, "bold") != NULL;
    char buf[1024];

    if (maxw > 0 && width_of(s, size, bold) > maxw) {
        double fit = size * maxw / width_of(s, size, bold);

        if (may_cut && fit < size * 0.8) {
            size_t len = 0;
            int chars = 0, room = (int)(maxw / (size * 0.8 * (bold ? 0.66 : 0.6))) - 1;

            /* Keep room characters (whole UTF-8 sequences), then "…". */
            for (; s[len]; len++)
                if (((unsigned char)s[len] & 0xc0) != 0x80) {
                    if (chars == room || len + 8 > sizeof buf)
                        break;
                    chars++;
                }
            while (len > 0 && s[len - 1] == ' ')
                len--;
            memcpy(buf, s, len);
            strcpy(buf + len, "…");
            s = buf;
            fit = size * 0.8;
        }
        size = fit;
    }
    text_buf_printf(t, "<text x=\"%d\" y=\"%d\" font-size=\"%.1f\"%s%s>", x, y, size,
        *attrs ? " " : "", attrs);
    text_buf_xml(t, s);
    text_buf_bytes(t, "</text>\n", 8);
}

static void text_fit(struct text_buf *t, int x, int y, int size, const char *attrs,
                     int maxw, const char *s)
{
    draw_text(t, x, y, size, attrs, maxw, 0, s);
}

static void text_clip(struct text_buf *t, int x, int y, int size, const char *attrs,
                      int maxw, const char *s)
{
    draw_text(t, x, y, size, attrs, maxw, 1, s);
}

/* Drops a UTF-8 sequence that a full buffer cut short at the end of buf. */
static void utf8_trim(char *buf)
{
    size_t n = strlen(buf), k = n;
    unsigned char lead;

    while (k > 0 && ((unsigned char)buf[k - 1] & 0xc0) == 0x80)
        k--;
    if (k == 0 || (lead = (unsigned char)buf[k - 1]) < 0xc0)
        return;
    if (n - (k - 1) < (lead >= 0xf0 ? 4u : lead >= 0xe0 ? 3u : 2u))
        buf[k - 1] = 0;
}

static void label(struct text_buf *t, int x, int y, int size, const char *attrs, int maxw,
                  const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void label(struct text_buf *t, int x, int y, int size, const char *attrs, int maxw,
                  const char *fmt, ...)
{
    char buf[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    utf8_trim(buf);
    text_fit(t, x, y, size, attrs, maxw, buf);
}

/*
 * Appends to buf (of size cap) as snprintf would, never past its end nor
 * leaving half a character there.
 */
static void cat(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void cat(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;

    if (n + 1 >= cap)
        return;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
    utf8_trim(buf);
}

/*
 * Public text s wrapped at word boundaries into lines of at most width
 * characters, at most lines of them (the last ending "…" when s goes on),
 * drawn from (x, y) down by step. Returns the lines drawn.
 */
static int wrap(struct text_buf *t, int x, int y, int step, int size, const char *attrs,
                int width, int lines, const char *s)
{
    char line[512];
    int drawn = 0;

    if (width > 120)          /* 120 characters of at most 4 bytes fit line */
        width = 120;
    while (*s && drawn < lines) {
        int len = 0, cut = 0;

        while (*s == ' ')
            s++;
        /* Count bytes of width characters; break at the last space. */
        for (int chars = 0; s[len] && chars < width; len++) {
            if (((unsigned char)s[len] & 0xc0) != 0x80)
                chars++;
            if (s[len] == ' ')
                cut = len;
        }
        while (((unsigned char)s[len] & 0xc0) == 0x80)
            len++;
        if (s[len] && s[len] != ' ' && cut > 0)
            len = cut;
        memcpy(line, s, (size_t)len);
        line[len] = 0;
        s += len;
        while (*s == ' ')
            s++;
        if (*s && drawn == lines - 1)
            strcat(line, "…");
        text_fit(t, x, y + drawn * step, size, attrs, 0, line);
        drawn++;
    }
    return drawn;
}

/* ---- reading the view ------------------------------------------------- */

static const char *unit_name(const json_t *card)
{
    const struct if_unit *u = ironfuture_view_unit(card);

    return u ? u->name : ironfuture_view_str(card, "unit");
}

/* The card object of card c on the field of view v, or NULL. */
static const json_t *on_field(const json_t *v, int c)
{
    const json_t *loc, *side, *u;
    size_t i, j, k;

    json_array_foreach(json_object_get(v, "locations"), i, loc)
        json_array_foreach(json_object_get(loc, "units"), j, side)
            json_array_foreach(side, k, u)
                if (ironfuture_view_int(u, "card") == c)
                    return u;
    return NULL;
}

/* Who must act now, or how the game ended, as one sentence. */
static void status_line(char *buf, size_t cap, const json_t *v, int viewer)
{
    const char *phase = ironfuture_view_str(v, "phase");
    const json_t *players = json_object_get(v, "players");
    int turn = ironfuture_view_int(v, "turn"), w = ironfuture_view_int(v, "winner");
    const char *you = turn == viewer ? " (you)" : "";

    buf[0] = 0;
    if (!strcmp(phase, "over")) {
        if (json_is_integer(json_object_get(v, "resigned")))
            cat(buf, cap, "Game over: seat %d resigned, seat %d wins",
                ironfuture_view_int(v, "resigned"), w);
        else
            cat(buf, cap, "Game over: seat %d wins, %d rounds to %d", w,
                ironfuture_view_int(json_array_get(players, (size_t)w), "rounds_won"),
                ironfuture_view_int(json_array_get(players, (size_t)(1 - w)),
                                    "rounds_won"));
    } else if (!strcmp(phase, "choose_first")) {
        cat(buf, cap, "Seat %d%s chooses who plays first", turn, you);
    } else if (!strcmp(phase, "trophy")) {
        cat(buf, cap, "Seat %d%s keeps one location as a trophy", turn, you);
    } else if (!strcmp(phase, "acquisition")) {
        cat(buf, cap, "Seat %d%s to buy a unit or pass", turn, you);
    } else if (json_is_object(json_object_get(v, "attack"))) {
        cat(buf, cap, "Seat %d%s to allocate weapons", turn, you);
    } else {
        cat(buf, cap, "Seat %d%s to deploy a unit", turn, you);
    }
}

static const char *phase_label(const char *phase)
{
    if (!strcmp(phase, "trophy"))
        return "trophy choice";
    if (!strcmp(phase, "choose_first"))
        return "choosing the first player";
    if (!strcmp(phase, "over"))
        return "game over";
    return phase;  /* conquest, acquisition */
}

/* ---- the parts of the picture ----------------------------------------- */

static void draw_header(struct text_buf *t, const json_t *v, int viewer)
{
    char status[160];

    status_line(status, sizeof status, v, viewer);
    text_buf_printf(t, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                    IF_SVG_WIDTH, HEAD_H, INK);
    label(t, 14, 26, 17, "font-weight=\"bold\" fill=\"#ffffff\"", 0, "IRON FUTURE");
    label(t, 150, 26, 12, "fill=\"#d8dee6\"",
          IF_SVG_WIDTH - 14 - 20 - 150 - (int)width_of(status, 13, 1),
          "Round %d · %s · %d rounds to win", ironfuture_view_int(v, "round"),
          phase_label(ironfuture_view_str(v, "phase")),
          ironfuture_view_int(v, "rounds_to_win"));
    text_fit(t, IF_SVG_WIDTH - 14, 26, 13,
             "font-weight=\"bold\" fill=\"#ffffff\" text-anchor=\"end\"", 420, status);
}

/* A seat's panel: name, token, rounds won, resources, counts, supports. */
static void draw_player(struct text_buf *t, const json_t *v, const json_t *pl, int x, int w,
                        int viewer)
{
    const json_t *first = json_object_get(v, "first_player"), *x2;
    const char *phase = ironfuture_view_str(v, "phase"), *badge;
    int s = ironfuture_view_int(pl, "seat") ? 1 : 0, y = PLAYER_Y,
        over = !strcmp(phase, "over");
    int acts = !over && ironfuture_view_int(v, "turn") == s,
        rtw = ironfuture_view_int(v, "rounds_to_win");
    int won = ironfuture_view_int(pl, "rounds_won"), px;
    char buf[512] = "";
    size_t i;

    text_buf_printf(
        t,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\" "
        "stroke=\"%s\" stroke-width=\"%d\"/>\n",
        x, y, w, PLAYER_H, PANEL, acts ? GOLD : EDGE, acts ? 3 : 1);
    text_buf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"8\" height=\"%d\" fill=\"%s\"/>\n",
                    x + 2, y + 2, PLAYER_H - 4, seat_ink[s]);
    text_buf_printf(
        t, "<text x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\" fill=\"%s\">",
        x + 18, y + 20, seat_ink[s]);
    text_buf_printf(t, "Seat %d%s</text>\n", s, s == viewer ? " (you)" : "");
    /* The first-player token; first_player is null while a rematch's chooser decides. */
    if (json_is_integer(first) && json_integer_value(first) == s) {
        text_buf_printf(
            t, "<circle cx=\"%d\" cy=\"%d\" r=\"12\" fill=\"%s\" stroke=\"#7a5d00\"/>\n",
            x + w - 22, y + 18, GOLD);
        label(t, x + w - 22, y + 22, 9, "font-weight=\"bold\" fill=\"#ffffff\" "
              "text-anchor=\"middle\"", 0, "1st");
    }
    badge = acts ? "to act"
            : over && ironfuture_view_int(v, "winner") == s ? "winner"
            : over && json_is_integer(json_object_get(v, "resigned")) &&
                      ironfuture_view_int(v, "resigned") == s ? "resigned" : NULL;
    if (badge)
        text_fit(t, x + w - 42, y + 22, 11, "font-weight=\"bold\" text-anchor=\"end\"", 0,
                 badge);
    /* Rounds won as pips, then the trophies by name. */
    label(t, x + 18, y + 39, 10, "fill=\"" MUTED "\"", 0, "Rounds won %d", won);
    for (int r = 0; r < rtw; r++)
        text_buf_printf(
            t, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\" stroke=\"%s\"/>\n",
            x + 110 + r * 14, y + 35, r < won ? seat_ink[s] : PANEL, seat_ink[s]);
    px = x + 110 + rtw * 14;
    json_array_foreach(json_object_get(pl, "trophies"), i, x2) cat(
        buf, sizeof buf, "%s%s", i ? ", " : "Trophies: ", ironfuture_view_str(x2, "name"));
    if (buf[0])
        text_clip(t, px, y + 39, 10, "", x + w - 10 - px, buf);
    /* Resources as a token, then the counts. */
    text_buf_printf(t, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\"/>\n", x + 24,
                    y + 52, GOLD);
    label(t, x + 36, y + 56, 11, "font-weight=\"bold\"", 0, "%d resources",
          ironfuture_view_int(pl, "resources"));
    buf[0] = 0;
    cat(buf, sizeof buf, "hand %d · deck %d · discard %zu",
        ironfuture_view_int(pl, "hand_size"), ironfuture_view_int(pl, "deck_size"),
        json_array_size(json_object_get(pl, "discard")));
    if (!strcmp(phase, "conquest"))
        cat(buf, sizeof buf, " · played %d", ironfuture_view_int(pl, "played"));
    if (!strcmp(phase, "acquisition") && json_is_true(json_object_get(pl, "passed")))
        cat(buf, sizeof buf, " · passed");
    text_fit(t, x + 130, y + 56, 10, "fill=\"" MUTED "\"", w - 140, buf);
    buf[0] = 0;
    json_array_foreach(json_object_get(pl, "supports"), i, x2)
        cat(buf, sizeof buf, "%s%s%s", i ? ", " : "Supports: ", unit_name(x2),
            json_is_true(json_object_get(x2, "used")) ? " (used)" : "");
    text_clip(t, x + 18, y + 73, 10, "", w - 28, buf[0] ? buf : "Supports: none");
}

/*
 * One side of a location: header (seat, capture, beacon) and its units in
 * rows, two columns when they are many. The attacker is outlined in gold.
 */
static void draw_side(struct text_buf *t, const json_t *loc, int s, int x, int y, int w,
                      int h, int viewer, int attacker)
{
    const json_t *side = json_array_get(json_object_get(loc, "units"), (size_t)s), *c;
    int cap = (int)json_integer_value(json_array_get(json_object_get(loc, "capture"),
                                                     (size_t)s));
    int beacon = (int)json_integer_value(json_array_get(json_object_get(loc, "beacon"),
                                                        (size_t)s));
    int n = (int)json_array_size(side), per = (h - 20) / ROW_H;
    int cols = n > per ? 2 : 1, cw = (w - 16 - (cols - 1) * 6) / cols;
    int shown = n > 2 * per ? 2 * per - 1 : n;
    char flag[64] = "";
    size_t i;

    label(t, x + 8, y + 12, 10, "font-weight=\"bold\"", 0, "Seat %d%s", s,
          s == viewer ? " (you)" : "");
    text_buf_printf(t, "<rect x=\"%d\" y=\"%d\" width=\"4\" height=\"10\" fill=\"%s\"/>\n",
                    x + 2, y + 3, seat_ink[s]);
    cat(flag, sizeof flag, "capture %d", cap);
    if (beacon)
        cat(flag, sizeof flag, " (beacon +%d)", beacon);
    text_fit(t, x + w - 8, y + 12, 10, "text-anchor=\"end\" fill=\"" MUTED "\"", 0, flag);
    json_array_foreach(side, i, c) {
        const struct if_unit *u = ironfuture_view_unit(c);
        int k = (int)i, rx = x + 8 + (k / per) * (cw + 6), ry = y + 18 + (k % per) * ROW_H;
        int dmg = ironfuture_view_int(c, "damage"), armor = u ? u->armor : 0;
        int hot = ironfuture_view_int(c, "card") == attacker;
        char right[24];

        if (k >= shown) {
            label(t, rx + 4, ry + 10, 9, "fill=\"" MUTED "\"", 0, "+%d more", n - shown);
            break;
        }
        text_buf_printf(
            t,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"2\" fill=\"%s\" "
            "stroke=\"%s\" stroke-width=\"%d\"/>\n",
            rx, ry, cw, ROW_H - 2, seat_wash[s], hot ? GOLD : seat_ink[s], hot ? 2 : 1);
        if (cols == 1)
            snprintf(right, sizeof right, dmg ? "dmg %d/%d" : "armor %d", dmg ? dmg : armor,
                     armor);
        else
            snprintf(right, sizeof right, "%d/%d", dmg, armor);
        text_fit(t, rx + cw - 4, ry + 10, 9,
                 dmg ? "text-anchor=\"end\" font-weight=\"bold\" fill=\"" HURT "\""
                     : "text-anchor=\"end\" fill=\"" MUTED "\"", 0, right);
        label(t, rx + 4, ry + 10, 10, "", cw - 14 - (int)width_of(right, 9, dmg > 0),
              "#%d %s", ironfuture_view_int(c, "card"), unit_name(c));
    }
}

/* A location of the line, opponent's side above, the viewer's below. */
static void draw_location(struct text_buf *t, const json_t *v, const json_t *loc, int x,
                          int w, int viewer)
{
    const json_t *at = json_object_get(v, "attack"), *p;
    int pos = ironfuture_view_int(loc, "position"), y = LINE_Y, choice = 0;
    int bottom = viewer >= 0 ? viewer : 0, sides_y = y + 30 + RULE_LINES * 11;
    int half = (y + LINE_H - sides_y) / 2, lines = 0;
    int attacker = json_is_object(at) ? ironfuture_view_int(at, "card") : -1;
    size_t i;

    json_array_foreach(json_object_get(v, "trophy_choice"), i, p)
        choice |= json_integer_value(p) == pos;
    text_buf_printf(
        t,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\" "
        "stroke=\"%s\" stroke-width=\"%d\"/>\n",
        x, y, w, LINE_H, PANEL, choice ? GOLD : EDGE, choice ? 3 : 1);
    text_buf_printf(
        t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"24\" rx=\"5\" fill=\"%s\"/>\n",
        x + 1, y + 1, w - 2, BAND);
    label(t, x + 8, y + 17, 13, "font-weight=\"bold\"", w - 80, "@%d %s", pos,
          ironfuture_view_str(loc, "name"));
    text_buf_printf(t, "<circle cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"%s\"/>\n", x + w - 52,
                    y + 13, GOLD);
    label(t, x + w - 52, y + 17, 10, "font-weight=\"bold\" fill=\"#ffffff\" "
          "text-anchor=\"middle\"", 0, "%d", ironfuture_view_int(loc, "resources"));
    label(t, x + w - 40, y + 17, 10, "fill=\"" MUTED "\"", 0, "tokens");
    if (choice)
        lines = (label(t, x + 8, y + 38, 9, "font-weight=\"bold\" fill=\"#7a5d00\"", 0,
                       "Won by seat %d, who may keep it as the trophy",
                       ironfuture_view_int(v, "turn")), 1);
    wrap(t, x + 8, y + 38 + lines * 11, 11, 9, "fill=\"" MUTED "\"", (w - 16) * 100 / 500,
         RULE_LINES - lines, ironfuture_view_str(loc, "text"));
    text_buf_printf(t, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
           "stroke-dasharray=\"4 3\"/>\n", x + 6, sides_y + half, x + w - 6, sides_y + half,
        EDGE);
    draw_side(t, loc, 1 - bottom, x, sides_y, w, half, viewer, attacker);
    draw_side(t, loc, bottom, x, sides_y + half, w, half, viewer, attacker);
}

/* A card in full (hand, market), from a view's card_full object. */
static void draw_card(struct text_buf *t, const json_t *card, int x, int y, int w, int h,
                      const char *ink)
{
    const json_t *wp, *a;
    char buf[256] = "";
    int ly = y + 57;
    size_t i;

    text_buf_printf(
        t,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"5\" fill=\"%s\" "
        "stroke=\"%s\" stroke-width=\"1.5\"/>\n",
        x, y, w, h, PANEL, ink);
    text_buf_printf(
        t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"19\" rx=\"4\" fill=\"%s\"/>\n",
        x + 1, y + 1, w - 2, ink);
    text_fit(t, x + 6, y + 14, 11, "font-weight=\"bold\" fill=\"#ffffff\"", w - 12,
             ironfuture_view_str(card, "name"));
    label(t, x + 6, y + 32, 10, "", w - 12, "#%d · cost %d",
          ironfuture_view_int(card, "card"), ironfuture_view_int(card, "cost"));
    if (json_is_true(json_object_get(card, "support")))
        label(t, x + 6, y + 45, 10, "fill=\"" MUTED "\"", w - 12, "support card");
    else
        label(t, x + 6, y + 45, 10, "", w - 12, "armor %d · flag %d",
              ironfuture_view_int(card, "armor"), ironfuture_view_int(card, "capture"));
    json_array_foreach(json_object_get(card, "weapons"), i, wp) {
        label(t, x + 6, ly, 9, "", w - 12, "%s %d %s", ironfuture_view_str(wp, "name"),
              ironfuture_view_int(wp, "dice"), ironfuture_view_str(wp, "ranges"));
        ly += 12;
    }
    json_array_foreach(json_object_get(card, "abilities"), i, a) {
        const char *k = ironfuture_view_str(a, "kind");

        cat(buf, sizeof buf, "%s%s", i ? ", " : "", k);
        if (strcmp(k, "hardened") && strcmp(k, "infiltrate") && strcmp(k, "stealth") &&
            strcmp(k, "bulwark") && strcmp(k, "smoke"))
            cat(buf, sizeof buf, " %d", ironfuture_view_int(a, "value"));
    }
    if (buf[0] && ly < y + h - 4)
        text_fit(t, x + 6, ly, 9, "font-style=\"italic\" fill=\"" MUTED "\"", w - 12, buf);
}

/* A row of cards from x across w, each at most 170 px wide. */
static void draw_cards(struct text_buf *t, const json_t *cards, int x, int y, int w, int h,
                       const char *ink)
{
    int n = (int)json_array_size(cards), cw;
    const json_t *c;
    size_t i;

    if (!n)
        return;
    cw = (w - (n - 1) * 8) / n;
    if (cw > 170)
        cw = 170;
    json_array_foreach(cards, i, c)
        draw_card(t, c, x + (int)i * (cw + 8), y, cw, h, ink);
}

/* The middle of the table when there is no line: the market, or a notice. */
static void draw_middle(struct text_buf *t, const json_t *v, int viewer)
{
    const json_t *market = json_object_get(v, "market");
    char status[160];

    text_buf_printf(
        t,
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"%s\" "
        "stroke=\"%s\"/>\n",
        MARGIN, LINE_Y, IF_SVG_WIDTH - 2 * MARGIN, LINE_H, PANEL, EDGE);
    if (json_array_size(market)) {
        label(t, MARGIN + 12, LINE_Y + 24, 14, "font-weight=\"bold\"", 0, "Market");
        label(t, MARGIN + 80, LINE_Y + 24, 11, "fill=\"" MUTED "\"", 0,
              "%zu units on offer", json_array_size(market));
        draw_cards(t, market, MARGIN + 12, LINE_Y + 40, IF_SVG_WIDTH - 2 * MARGIN - 24,
                   140, MUTED);
        return;
    }
    status_line(status, sizeof status, v, viewer);
    text_fit(t, IF_SVG_WIDTH / 2, LINE_Y + LINE_H / 2, 18,
             "font-weight=\"bold\" text-anchor=\"middle\" fill=\"" MUTED "\"", 0, status);
}

/* The decks, the location discard, and the attack being allocated. */
static void draw_strip(struct text_buf *t, const json_t *v)
{
    const struct if_catalog *cat_ = ironfuture_catalog_get();
    const json_t *at = json_object_get(v, "attack");
    const json_t *bonus = json_object_get(v, "turn_bonus");
    const json_t *x, *w;
    char buf[768] = "";
    size_t i;

    cat(buf, sizeof buf, "Location deck %d (beside @0) · unit deck %d",
        ironfuture_view_int(v, "location_deck_size"),
        ironfuture_view_int(v, "unit_deck_size"));
    json_array_foreach(json_object_get(v, "location_discard"), i, x) {
        const char *id = json_string_value(x);
        int k = ironfuture_catalog_location(cat_, id ? id : "");

        cat(buf, sizeof buf, "%s%s", i ? ", " : " · location discard: ",
            k >= 0 ? cat_->location[k].name : "?");
    }
    text_clip(t, MARGIN + 2, STRIP_Y, 10, "fill=\"" MUTED "\"", IF_SVG_WIDTH - 2 * MARGIN,
              buf);
    buf[0] = 0;
    if (json_is_object(at)) {
        cat(buf, sizeof buf, "Attack: #%d %s @%d", ironfuture_view_int(at, "card"),
            unit_name(at), ironfuture_view_int(at, "position"));
        json_array_foreach(json_object_get(at, "weapons"), i, w) {
            const char *st = ironfuture_view_str(w, "status");
            const json_t *target = on_field(v, ironfuture_view_int(w, "target"));

            cat(buf, sizeof buf, "%s %s %d %s ", i ? ";" : " —",
                ironfuture_view_str(w, "name"), ironfuture_view_int(w, "dice"),
                ironfuture_view_str(w, "ranges"));
            if (!strcmp(st, "allocated") && target)
                cat(buf, sizeof buf, "→ #%d %s", ironfuture_view_int(w, "target"),
                    unit_name(target));
            else
                cat(buf, sizeof buf, "%s",
                    !strcmp(st, "pending") ? "to allocate" : "holds fire");
        }
    }
    if (ironfuture_view_int(bonus, "aim"))
        cat(buf, sizeof buf, "%s+%d to hit this turn", buf[0] ? " · " : "",
            ironfuture_view_int(bonus, "aim"));
    if (json_is_true(json_object_get(bonus, "smoke")))
        cat(buf, sizeof buf, "%sno retaliation this turn", buf[0] ? " · " : "");
    if (buf[0])
        text_clip(t, MARGIN + 2, STRIP_Y + 18, 11, "font-weight=\"bold\"",
                 IF_SVG_WIDTH - 2 * MARGIN, buf);
}

/* Along the bottom: the viewer's own hand, and nothing for a spectator. */
static void draw_hand(struct text_buf *t, const json_t *v, int viewer)
{
    const json_t *players = json_object_get(v, "players"), *hand;

    if (viewer < 0) {
        label(t, MARGIN + 2, HAND_Y + 18, 12, "font-weight=\"bold\" fill=\"" MUTED "\"", 0,
              "Spectator: hands are hidden (seat 0 holds %d cards, seat 1 holds %d)",
              ironfuture_view_int(json_array_get(players, 0), "hand_size"),
              ironfuture_view_int(json_array_get(players, 1), "hand_size"));
        return;
    }
    /* Only the viewer's own player entry carries a hand (view.c). */
    hand = json_object_get(json_array_get(players, (size_t)viewer), "hand");
    text_buf_printf(
        t,
        "<text x=\"%d\" y=\"%d\" font-size=\"12\" font-weight=\"bold\" fill=\"%s\">"
        "Your hand (seat %d): %zu card%s</text>\n",
        MARGIN + 2, HAND_Y + 12, seat_ink[viewer], viewer, json_array_size(hand),
        json_array_size(hand) == 1 ? "" : "s");
    draw_cards(t, hand, MARGIN, HAND_Y + 20, IF_SVG_WIDTH - 2 * MARGIN, CARD_H,
               seat_ink[viewer]);
}

/* ---- the document ----------------------------------------------------- */

static void open_svg(struct text_buf *t, const char *title)
{
    text_buf_printf(
        t,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
        "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"%s\" fill=\"%s\">\n",
        IF_SVG_WIDTH, IF_SVG_HEIGHT, IF_SVG_WIDTH, IF_SVG_HEIGHT, FONTS, INK);
    text_buf_printf(t, "<title>");
    text_buf_xml(t, title);
    text_buf_printf(t, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                    IF_SVG_WIDTH, IF_SVG_HEIGHT, PAPER);
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

char *ironfuture_svg_view(const json_t *state, int seat)
{
    struct if_game g;
    struct rules_error err;
    struct text_buf t = {0};
    const json_t *locs;
    char title[96];
    json_t *v;
    int viewer;

    if (ironfuture_game_load(&g, state, &err)) {
        open_svg(&t, "Iron Future");
        label(&t, 20, 40, 16, "font-weight=\"bold\"", IF_SVG_WIDTH - 40,
              "Iron Future: this game's state cannot be read (%s).", err.code);
        text_clip(&t, 20, 64, 12, "", IF_SVG_WIDTH - 40, err.message);
        return close_svg(&t);
    }
    v = ironfuture_view_build(&g, seat);
    viewer = ironfuture_view_int(v, "seat");
    if (viewer >= 0)
        snprintf(title, sizeof title, "Iron Future, round %d, as seat %d sees it",
                 ironfuture_view_int(v, "round"), viewer);
    else
        snprintf(title, sizeof title, "Iron Future, round %d, as a spectator sees it",
                 ironfuture_view_int(v, "round"));
    open_svg(&t, title);
    draw_header(&t, v, viewer);
    for (int s = 0; s < IF_SEATS; s++)
        draw_player(&t, v, json_array_get(json_object_get(v, "players"), (size_t)s),
                    MARGIN + s * (IF_SVG_WIDTH - MARGIN) / 2,
                    (IF_SVG_WIDTH - 3 * MARGIN) / 2, viewer);
    locs = json_object_get(v, "locations");
    if (json_array_size(locs)) {
        int n = (int)json_array_size(locs);
        int w = (IF_SVG_WIDTH - 2 * MARGIN - (n - 1) * 9) / n;
        const json_t *loc;
        size_t i;

        json_array_foreach(locs, i, loc)
            draw_location(&t, v, loc, MARGIN + (int)i * (w + 9), w, viewer);
    } else {
        draw_middle(&t, v, viewer);
    }
    draw_strip(&t, v);
    draw_hand(&t, v, viewer);
    json_decref(v);
    return close_svg(&t);
}
