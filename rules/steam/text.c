/*
 * text.c - Steam for chat (RULINGS.md, "Chat notation"): the notation of
 * every move, written (text_move) and read (text_parse), the legal moves
 * as lines (text_moves) and a seat's view as Markdown (text_view).
 *
 * One writer serves text_move and the concrete lines of text_moves, and
 * one reader serves text_parse, so what is written is what is read. Text
 * goes into buffers of a fixed size (struct out), which is the promise
 * kept to the caller: each addition goes in whole or not at all, and what
 * was cut short ends with a mark ("…").
 */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "game.h"
#include "play.h"
#include "track.h"
#include "view.h"

#define ST_RULE_TEXT "Turnpost: chat notation (Steam RULINGS.md, \"Chat notation\")"
#define ELLIPSIS "\xe2\x80\xa6"       /* "…" */
#define DOT " \xc2\xb7 "              /* " · " between items */
#define LIST_MAX 560                  /* one build or redirect list line */
#define LINE_MAX 640                  /* any other line */
#define DELIVERIES_MAX 8              /* delivery lines before "… N more" */
#define INPUT_MAX 400                 /* the longest text read */
#define WORDS_MAX 24
#define WORD_MAX 40
#define NUMBER_MAX 99999              /* the largest number read */
#define SMALL_MAX 99                  /* rotations, supply spaces, seats */
#define AMBIGUOUS (-2)

static const char *const forms =
    "Moves are written: bid N, pass, select ACTION [pass], build HEX TILE rN, "
    "redirect HEX TILE rN, urbanize TOWN COLOUR [sN], grow CITY [sN], done, "
    "deliver COLOUR FROM HEX..., locomotive, score income|vp.";

/* ---- bounded text --------------------------------------------------------- */

struct out {
    char *s;
    size_t len, cap;        /* bytes in s; the most before the end mark */
    int cut;                /* an addition did not fit: later ones are refused */
};

#define OUT_MARK_ROOM 8     /* bytes kept after cap for the mark and NUL */

static int out_new(struct out *o, size_t cap)
{
    o->s = malloc(cap + OUT_MARK_ROOM);
    o->len = 0;
    o->cap = cap;
    o->cut = 0;
    if (o->s)
        o->s[0] = 0;
    return o->s ? 0 : -1;
}

/* An out on the caller's buffer of size bytes (more than OUT_MARK_ROOM). */
static void out_on(struct out *o, char *buf, size_t size)
{
    o->s = buf;
    o->len = 0;
    o->cap = size - OUT_MARK_ROOM;
    o->cut = 0;
    buf[0] = 0;
}

/* Appends the formatted text whole; or nothing, setting o->cut, when it
 * does not fit or o was cut before. Returns 0 or -1. */
__attribute__((format(printf, 2, 3)))
static int out_add(struct out *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (o->cut)
        return -1;
    va_start(ap, fmt);
    n = vsnprintf(o->s + o->len, o->cap - o->len + 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n > o->cap - o->len) {
        o->s[o->len] = 0;
        o->cut = 1;
        return -1;
    }
    o->len += (size_t)n;
    return 0;
}

/* Ends o with mark (under OUT_MARK_ROOM bytes) when something was cut. */
static void out_mark(struct out *o, const char *mark)
{
    size_t n = strlen(mark);

    if (o->cut && n < OUT_MARK_ROOM) {
        memcpy(o->s + o->len, mark, n + 1);
        o->len += n;
    }
}

/* Adds line and a newline to o, whole or not at all. */
static int out_line(struct out *o, const struct out *line)
{
    return out_add(o, "%s\n", line->s);
}

/* ---- reading words -------------------------------------------------------- */

struct words {
    int n;
    char w[WORDS_MAX][WORD_MAX];
};

static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f' || c == ',' || c == '`';
}

/*
 * Splits text into lower-case words at spaces, commas and backquotes,
 * after dropping a gloss in parentheses at its end. -1 when it is too
 * long, has too many words or a word too long to be one of the notation.
 */
static int split(const char *text, struct words *w)
{
    char buf[INPUT_MAX + 1], *p;
    size_t n = text ? strlen(text) : 0;

    w->n = 0;
    if (n > INPUT_MAX)
        return -1;
    if (n)
        memcpy(buf, text, n);
    buf[n] = 0;
    while (n && is_sep(buf[n - 1]))
        buf[--n] = 0;
    if (n && buf[n - 1] == ')' && (p = strrchr(buf, '(')))
        *p = 0;
    for (p = buf; *p;) {
        size_t k = 0;

        while (*p && is_sep(*p))
            p++;
        if (!*p)
            break;
        if (w->n == WORDS_MAX)
            return -1;
        while (*p && !is_sep(*p)) {
            if (k + 1 >= WORD_MAX)
                return -1;
            w->w[w->n][k++] = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
            p++;
        }
        w->w[w->n++][k] = 0;
    }
    return 0;
}

/* A hex name: a letter and a row from 1 ("c5", "C05"), written as the
 * engine writes it into out. 0, or -1 when w is not one. */
static int read_hex(const char *w, char out[8])
{
    int row = 0;

    if (w[0] < 'a' || w[0] > 'z' || !w[1])
        return -1;
    for (const char *p = w + 1; *p; p++) {
        if (*p < '0' || *p > '9' || row > SMALL_MAX)
            return -1;
        row = row * 10 + (*p - '0');
    }
    if (row < 1 || row > SMALL_MAX)
        return -1;
    snprintf(out, 8, "%c%d", w[0], row);
    return 0;
}

/* A number up to max, after an optional prefix letter ("r2", "s0", "$5");
 * prefix 0 for none. 0, or -1 when w is not one. */
static int read_num(const char *w, char prefix, int max, int *v)
{
    long n = 0;

    if (prefix && *w == prefix)
        w++;
    if (!*w)
        return -1;
    for (; *w; w++) {
        if (*w < '0' || *w > '9')
            return -1;
        n = n * 10 + (*w - '0');
        if (n > max)
            return -1;
    }
    *v = (int)n;
    return 0;
}

/* A colour: its name ("grey" too) or its letter; -1 when w is none. */
static int read_colour(const char *w)
{
    if (!strcmp(w, "grey"))
        return ST_GRAY;
    if (w[0] && !w[1])
        return steam_colour_from_letter(w[0]);
    return steam_colour_parse(w);
}

/* in without '_', '-' and spaces, so a name may be typed any of those ways. */
static void squash(const char *in, char *out, size_t size)
{
    size_t k = 0;

    for (; *in && k + 1 < size; in++)
        if (*in != '_' && *in != '-' && *in != ' ')
            out[k++] = *in;
    out[k] = 0;
}

/* The one of n names that word is, squashed, or else the only one it
 * begins; -1 for none, AMBIGUOUS for several. */
static int match_name(const char *word, const char *const *names, int n)
{
    char a[WORD_MAX * 2], b[WORD_MAX * 2];
    int found = -1;
    size_t len;

    squash(word, a, sizeof a);
    len = strlen(a);
    if (!len)
        return -1;
    for (int i = 0; i < n; i++) {
        squash(names[i], b, sizeof b);
        if (!strcmp(a, b))
            return i;
        if (!strncmp(a, b, len))
            found = found == -1 ? i : AMBIGUOUS;
    }
    return found;
}

/* ---- the owners a delivery's text leaves out ------------------------------ */

/* A game read from its state, with its links: what parse and the moves
 * list need (a heap block: it is large). */
struct board {
    struct st_game g;
    struct st_net net;
};

static struct board *board_load(const json_t *state)
{
    struct board *b = state ? malloc(sizeof *b) : NULL;

    if (b && (steam_game_load(&b->g, state, NULL) || steam_net_build(&b->g, &b->net))) {
        free(b);
        b = NULL;
    }
    return b;
}

/*
 * The owner of a delivery's step from node a to node b when its text
 * names none: the one owner of the completed links between the two (-1
 * unowned), or seat's own among several; AMBIGUOUS among several others;
 * seat when there is no such link (apply() then says so).
 */
static int default_owner(const struct st_net *net, int seat, int a, int b)
{
    unsigned owners = 0;        /* bit owner + 1 */

    for (int l = 0; l < net->nlinks; l++) {
        const struct st_link *L = &net->link[l];

        if (L->complete && ((L->end[0] == a && L->end[1] == b) ||
                            (L->end[0] == b && L->end[1] == a)))
            owners |= 1u << (L->owner + 1);
    }
    if (!owners)
        return seat;
    if (!(owners & (owners - 1)))
        return __builtin_ctz(owners) - 1;
    if (seat >= -1 && seat < ST_MAX_PLAYERS && (owners & (1u << (seat + 1))))
        return seat;
    return AMBIGUOUS;
}

/* ---- writing moves -------------------------------------------------------- */

/* A concrete legal-moves entry ("form": "move") reads as the move it is. */
static int keys_ok(const json_t *m, const char *const *allowed)
{
    const char *form = json_string_value(json_object_get(m, "form"));
    const char *key;
    json_t *v;

    json_object_foreach((json_t *)m, key, v) {
        int ok = form && strcmp(key, "form") == 0 && strcmp(form, "move") == 0;

        for (int i = 0; allowed[i] && !ok; i++)
            ok = strcmp(key, allowed[i]) == 0;
        if (!ok)
            return 0;
    }
    return 1;
}

static int int_in(const json_t *m, const char *key, int lo, int hi, int *v)
{
    json_t *x = json_object_get(m, key);

    if (!json_is_integer(x) || json_integer_value(x) < lo ||
        json_integer_value(x) > hi)
        return 0;
    *v = (int)json_integer_value(x);
    return 1;
}

/* The hex name under key, when it is one written as the engine writes it. */
static const char *hex_in(const json_t *m, const char *key)
{
    const char *s = json_string_value(json_object_get(m, key));
    char canon[8];

    return s && strlen(s) < WORD_MAX && read_hex(s, canon) == 0 &&
           !strcmp(s, canon) ? s : NULL;
}

/* The optional "supply" field: -1 absent or null, -2 anything else that
 * is not a space number. */
static int supply_in(const json_t *m)
{
    json_t *x = json_object_get(m, "supply");
    int v;

    if (!x || json_is_null(x))
        return -1;
    return int_in(m, "supply", 0, SMALL_MAX, &v) ? v : -2;
}

/*
 * Writes move m in the notation into o. A delivery names the owner of
 * each link, except, when b is given (the game the move is made in, by
 * seat), where the reader would find that owner by itself. Returns 0, or
 * -1 when m is in no form of the notation (or o is full).
 */
static int write_move(struct out *o, const json_t *m, const struct board *b,
                      int seat)
{
    static const char *const k_bare[] = {"type", NULL},
        *const k_bid[] = {"type", "amount", NULL},
        *const k_select[] = {"type", "action", "pass_option", NULL},
        *const k_tile[] = {"type", "hex", "tile", "rotation", NULL},
        *const k_urban[] = {"type", "hex", "colour", "supply", NULL},
        *const k_grow[] = {"type", "city", "supply", NULL},
        *const k_score[] = {"type", "take", NULL},
        *const k_deliver[] = {"type", "from", "colour", "route", NULL},
        *const k_step[] = {"to", "owner", NULL};
    const struct st_catalog *cat = steam_catalog_get();
    const char *type = json_string_value(json_object_get(m, "type"));
    const char *hex, *s;
    int v = 0, sp;   /* set by int_in; gcc -O2 cannot see it */

    if (!json_is_object(m) || !type || !cat->ok)
        return -1;
    if (!strcmp(type, "pass") || !strcmp(type, "done") ||
        !strcmp(type, "locomotive"))
        return keys_ok(m, k_bare) ? out_add(o, "%s", type) : -1;
    if (!strcmp(type, "bid"))
        return keys_ok(m, k_bid) && int_in(m, "amount", 0, NUMBER_MAX, &v)
                   ? out_add(o, "bid %d", v) : -1;
    if (!strcmp(type, "select")) {
        json_t *po = json_object_get(m, "pass_option");

        s = json_string_value(json_object_get(m, "action"));
        if (!keys_ok(m, k_select) || !s || steam_catalog_action(cat, s) < 0 ||
            (po && !json_is_boolean(po)))
            return -1;
        return out_add(o, "select %s%s", s, json_is_true(po) ? " pass" : "");
    }
    if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
        s = json_string_value(json_object_get(m, "tile"));
        if (!keys_ok(m, k_tile) || !(hex = hex_in(m, "hex")) || !s ||
            steam_catalog_tile(cat, s) < 0 || !int_in(m, "rotation", 0, SMALL_MAX, &v))
            return -1;
        return out_add(o, "%s %s %s r%d", type, hex, s, v);
    }
    if (!strcmp(type, "urbanize") || !strcmp(type, "grow")) {
        int urban = type[0] == 'u';

        s = json_string_value(json_object_get(m, "colour"));
        if (!keys_ok(m, urban ? k_urban : k_grow) ||
            !(hex = hex_in(m, urban ? "hex" : "city")) ||
            (urban && steam_colour_parse(s) < 0) || (sp = supply_in(m)) == -2)
            return -1;
        if (out_add(o, "%s %s", type, hex) || (urban && out_add(o, " %s", s)))
            return -1;
        return sp >= 0 ? out_add(o, " s%d", sp) : 0;
    }
    if (!strcmp(type, "score")) {
        s = json_string_value(json_object_get(m, "take"));
        if (!keys_ok(m, k_score) || !s || (strcmp(s, "income") && strcmp(s, "vp")))
            return -1;
        return out_add(o, "score %s", s);
    }
    if (!strcmp(type, "deliver")) {
        json_t *route = json_object_get(m, "route"), *step;
        size_t i;
        int at;

        s = json_string_value(json_object_get(m, "colour"));
        if (!keys_ok(m, k_deliver) || !(hex = hex_in(m, "from")) ||
            steam_colour_parse(s) < 0 || !json_is_array(route) ||
            json_array_size(route) < 1 || json_array_size(route) > WORDS_MAX - 4)
            return -1;
        json_array_foreach(route, i, step)
            if (!json_is_object(step) || !keys_ok(step, k_step) ||
                !hex_in(step, "to") || !int_in(step, "owner", -1, SMALL_MAX, &v))
                return -1;
        if (out_add(o, "deliver %s %s", s, hex))
            return -1;
        at = b ? steam_hex_parse(b->g.map, hex) : -1;
        json_array_foreach(route, i, step) {
            const char *to = hex_in(step, "to");
            int next = b ? steam_hex_parse(b->g.map, to) : -1;

            int_in(step, "owner", -1, SMALL_MAX, &v);
            if (at >= 0 && next >= 0 && default_owner(&b->net, seat, at, next) == v
                    ? out_add(o, " %s", to)
                    : v < 0 ? out_add(o, " %s@-", to) : out_add(o, " %s@%d", to, v))
                return -1;
            at = next;
        }
        return 0;
    }
    return -1;
}

char *steam_text_move(const json_t *move)
{
    struct out o;
    size_t need;

    if (out_new(&o, LINE_MAX))
        return NULL;
    if (move && write_move(&o, move, NULL, -1) == 0)
        return o.s;
    /* Not in the notation: the move as JSON. */
    free(o.s);
    need = move ? json_dumpb(move, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY) : 0;
    if (!(o.s = malloc(need + 5)))
        return NULL;
    if (!move || json_dumpb(move, o.s, need, JSON_COMPACT | JSON_ENCODE_ANY) != need)
        need = (size_t)snprintf(o.s, 5, "null");
    o.s[need] = 0;
    return o.s;
}

/* ---- reading moves -------------------------------------------------------- */

__attribute__((format(printf, 2, 3)))
static json_t *unreadable(struct rules_error *err, const char *fmt, ...)
{
    char msg[sizeof err->message];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rules_fail(err, "unreadable_move", ST_RULE_TEXT, "%s", msg);
    return NULL;
}

/* select ACTION [pass]: the action's words and the Pass Option. */
static json_t *parse_select(const struct words *w, struct rules_error *err)
{
    const struct st_catalog *cat = steam_catalog_get();
    const char *ids[ST_ACTIONS];
    char name[WORD_MAX * 3] = "";
    int n = w->n, pass = 0, a;
    json_t *m;

    if (n >= 2 && (!strcmp(w->w[n - 1], "pass") || !strcmp(w->w[n - 1], "pass_option") ||
                   !strcmp(w->w[n - 1], "passoption"))) {
        pass = 1;
        n--;
    } else if (n >= 3 && !strcmp(w->w[n - 2], "pass") && !strcmp(w->w[n - 1], "option")) {
        pass = 1;
        n -= 2;
    }
    for (int i = 1; i < n && i < 4; i++)
        strcat(name, w->w[i]);
    for (int i = 0; i < ST_ACTIONS; i++)
        ids[i] = cat->action[i].id;
    a = n >= 2 && n <= 4 ? match_name(name, ids, ST_ACTIONS) : -1;
    if (a < 0)
        return unreadable(err, "%s an action tile: select turn_order, first_move, "
                          "first_build, engineer, city_growth, urbanization or locomotive, "
                          "and \"pass\" after it for the Pass Option.",
                          a == AMBIGUOUS ? "Name just one" : "Name");
    m = json_pack("{s:s, s:s}", "type", "select", "action", ids[a]);
    if (pass || cat->action[a].pass_option)
        json_object_set_new(m, "pass_option", json_boolean(pass));
    return m;
}

/* build|redirect HEX TILE ROTATION */
static json_t *parse_tile(const struct words *w, struct rules_error *err)
{
    const struct st_catalog *cat = steam_catalog_get();
    const char *ids[ST_MAX_TILES];
    char hex[8];
    int t = -1, r;

    for (int i = 0; i < cat->ntiles; i++)
        ids[i] = cat->tile[i].id;
    if (w->n == 4)
        t = match_name(w->w[2], ids, cat->ntiles);
    if (w->n != 4 || read_hex(w->w[1], hex) || t < 0 ||
        read_num(w->w[3], 'r', SMALL_MAX, &r))
        return unreadable(err, "Write %s HEX TILE ROTATION, e.g. %s c5 straight r2: "
                          "a hex of the map, %s tile id of the manifest (straight, gentle, "
                          "sharp, cross_x, town_1, ...) and a rotation r0-r5.",
                          w->w[0], w->w[0], t == AMBIGUOUS ? "just one" : "a");
    return json_pack("{s:s, s:s, s:s, s:i}", "type", w->w[0], "hex", hex, "tile",
                     ids[t], "rotation", r);
}

/* A Goods Supply space: "s3", "3" or "supply 3", from word *i on. */
static int read_supply(const struct words *w, int *i, int *sp)
{
    if (*i < w->n && !strcmp(w->w[*i], "supply") && *i + 1 < w->n &&
        read_num(w->w[*i + 1], 0, SMALL_MAX, sp) == 0) {
        *i += 2;
        return 0;
    }
    if (*i < w->n && read_num(w->w[*i], 's', SMALL_MAX, sp) == 0) {
        (*i)++;
        return 0;
    }
    return -1;
}

/* urbanize TOWN COLOUR [SUPPLY], grow CITY [SUPPLY] */
static json_t *parse_place(const struct words *w, struct rules_error *err)
{
    int urban = w->w[0][0] == 'u', i = 2, c = -1, sp = -1;
    char hex[8];
    json_t *m;

    if (urban && w->n > 2)
        c = read_colour(w->w[i++]);
    if (w->n < 2 || read_hex(w->w[1], hex) || (urban && c < 0) ||
        (i < w->n && read_supply(w, &i, &sp)) || i != w->n)
        return urban ? unreadable(err, "Write urbanize TOWN COLOUR SUPPLY, e.g. urbanize "
                                  "d2 gray s3: the town's hex, the New City's colour and "
                                  "the Goods Supply space (none when all are empty).")
                     : unreadable(err, "Write grow CITY SUPPLY, e.g. grow c6 s3: the "
                                  "city's hex and the Goods Supply space (none when all "
                                  "are empty).");
    m = json_pack("{s:s, s:s}", "type", w->w[0], urban ? "hex" : "city", hex);
    if (urban)
        json_object_set_new(m, "colour", json_string(steam_colour_name(c)));
    if (sp >= 0)
        json_object_set_new(m, "supply", json_integer(sp));
    return m;
}

/* A route step "c6", "c6@2" or "c6@-" (unowned): its hex and owner, the
 * owner AMBIGUOUS - 1 when the text names none. */
static int read_step(const char *word, char hex[8], int *owner)
{
    char buf[WORD_MAX];
    char *at;

    snprintf(buf, sizeof buf, "%s", word);
    *owner = AMBIGUOUS - 1;
    if ((at = strchr(buf, '@'))) {
        *at++ = 0;
        if (!strcmp(at, "-") || !strcmp(at, "-1"))
            *owner = -1;
        else if (read_num(at, 0, SMALL_MAX, owner))
            return -1;
    }
    return read_hex(buf, hex);
}

/* deliver COLOUR FROM STEP... (the colour and the first city either way
 * round); the state finds the owners the steps leave out. */
static json_t *parse_deliver(const json_t *state, int seat, const struct words *w,
                             struct rules_error *err)
{
    struct board *b = NULL;
    char from[8], prev[8], hex[8];
    int c = -1, ok = w->n >= 4, loaded = 0, owner;
    json_t *route;

    if (ok && (c = read_colour(w->w[1])) >= 0)
        ok = read_hex(w->w[2], from) == 0;
    else if (ok && (c = read_colour(w->w[2])) >= 0)
        ok = read_hex(w->w[1], from) == 0;
    else
        ok = 0;
    for (int i = 3; ok && i < w->n; i++)
        ok = read_step(w->w[i], hex, &owner) == 0;
    if (!ok)
        return unreadable(err, "Write deliver COLOUR FROM HEX..., e.g. deliver red d8 "
                          "c6 b5: the cube's colour, its city and each town or city "
                          "reached; c6@2 names the owner of the link to c6, c6@- an "
                          "unowned one.");
    route = json_array();
    memcpy(prev, from, sizeof prev);
    for (int i = 3; i < w->n; i++) {
        read_step(w->w[i], hex, &owner);
        if (owner == AMBIGUOUS - 1) {
            int a = -1, z = -1;

            if (!loaded++)
                b = board_load(state);
            if (b) {
                a = steam_hex_parse(b->g.map, prev);
                z = steam_hex_parse(b->g.map, hex);
            }
            owner = a >= 0 && z >= 0 ? default_owner(&b->net, seat, a, z) : seat;
        }
        if (owner == AMBIGUOUS) {
            free(b);
            json_decref(route);
            return unreadable(err, "Several players' links reach %s from %s: name the "
                              "owner, e.g. %s@1 (%s@- for an unowned link).", hex, prev,
                              hex, hex);
        }
        json_array_append_new(route, json_pack("{s:s, s:i}", "to", hex, "owner", owner));
        memcpy(prev, hex, sizeof prev);
    }
    free(b);
    return json_pack("{s:s, s:s, s:s, s:o}", "type", "deliver", "from", from, "colour",
                     steam_colour_name(c), "route", route);
}

json_t *steam_text_parse(const json_t *state, int seat, const char *text,
                         struct rules_error *err)
{
    struct words w;
    const char *v;
    int n;

    if (split(text, &w) || w.n == 0)
        return unreadable(err, "%s", forms);
    v = w.w[0];
    if (!steam_catalog_get()->ok)
        return unreadable(err, "The Steam data is broken.");
    if (!strcmp(v, "pass") || !strcmp(v, "done") || !strcmp(v, "locomotive") ||
        !strcmp(v, "loco")) {
        if (w.n != 1)
            return unreadable(err, "\"%s\" takes nothing after it.", v);
        return json_pack("{s:s}", "type", v[0] == 'l' ? "locomotive" : v);
    }
    if (!strcmp(v, "bid")) {
        if (w.n != 2 || read_num(w.w[1], '$', NUMBER_MAX, &n))
            return unreadable(err, "Write bid AMOUNT, e.g. bid 5.");
        return json_pack("{s:s, s:i}", "type", "bid", "amount", n);
    }
    if (!strcmp(v, "select"))
        return parse_select(&w, err);
    if (!strcmp(v, "build") || !strcmp(v, "redirect"))
        return parse_tile(&w, err);
    if (!strcmp(v, "urbanise"))
        snprintf(w.w[0], WORD_MAX, "urbanize");
    if (!strcmp(v, "urbanize") || !strcmp(v, "grow"))
        return parse_place(&w, err);
    if (!strcmp(v, "deliver"))
        return parse_deliver(state, seat, &w, err);
    if (!strcmp(v, "score") && w.n == 2)
        v = w.w[1];
    else if (!strcmp(v, "score") || w.n != 1)
        v = "";
    if (!strcmp(v, "income") || !strcmp(v, "vp"))
        return json_pack("{s:s, s:s}", "type", "score", "take", v);
    if (!strcmp(w.w[0], "score"))
        return unreadable(err, "Write score income or score vp.");
    return unreadable(err, "%s", forms);
}

/* ---- the legal moves as lines --------------------------------------------- */

/* "<a|b|c>" from an array of strings (prefix before each) or numbers. */
static int add_choices(struct out *o, const json_t *a, const char *prefix)
{
    const json_t *v;
    size_t i;

    if (out_add(o, " <"))
        return -1;
    json_array_foreach(a, i, v)
        if (json_is_string(v) ? out_add(o, "%s%s", i ? "|" : "", json_string_value(v))
                              : out_add(o, "%s%s%lld", i ? "|" : "", prefix,
                                        (long long)json_integer_value(v)))
            return -1;
    return out_add(o, ">");
}

/* Whether a track from hex h could join an open end of seat's own. */
static int next_to_own_end(const struct board *b, int h, int seat)
{
    const struct st_hex *hx = &b->g.map->hex[h];

    for (int s = 0; s < 6; s++) {
        int n = hx->nb[s], l = n >= 0 ? b->net.open_at[n][(s + 3) % 6] : -1;

        if (l >= 0 && b->net.link[l].owner == seat)
            return 1;
    }
    return 0;
}

/*
 * A build or redirect shape: the pattern line, then what may go where,
 * "build c5 straight r0|r3, gentle r1; d6 ...", the hexes that continue
 * seat's own open ends first, cut after LIST_MAX bytes with "…".
 */
static void write_tile_shape(struct out *o, const json_t *m, const struct board *b,
                             int seat)
{
    const char *type = json_string_value(json_object_get(m, "type"));
    const json_t *opts = json_object_get(m, "options"), *opt;
    char lbuf[LIST_MAX + OUT_MARK_ROOM], ebuf[LINE_MAX];
    struct out line, entry;
    size_t i, nopts = json_array_size(opts);

    out_on(&line, ebuf, sizeof ebuf);
    out_add(&line, "%s <hex> <tile> <rotation>  (%zu hex%s)", type, nopts,
            nopts == 1 ? "" : "es");
    out_line(o, &line);
    out_on(&line, lbuf, sizeof lbuf);
    out_add(&line, "%s", type);
    for (int pass = 0; pass < 2; pass++)
        json_array_foreach(opts, i, opt) {
            const char *hex = json_string_value(json_object_get(opt, "hex"));
            const json_t *tiles = json_object_get(opt, "tiles"), *t, *r;
            int h = steam_hex_parse(b->g.map, hex);
            size_t j, k;

            if (h < 0 || next_to_own_end(b, h, seat) != !pass)
                continue;
            json_array_foreach(tiles, j, t) {
                out_on(&entry, ebuf, sizeof ebuf);
                if (j == 0)
                    out_add(&entry, "%s %s", line.len > strlen(type) ? ";" : "", hex);
                else
                    out_add(&entry, ",");
                out_add(&entry, " %s ", json_string_value(json_object_get(t, "tile")));
                json_array_foreach(json_object_get(t, "rotations"), k, r)
                    out_add(&entry, "%sr%lld", k ? "|" : "", (long long)json_integer_value(r));
                if (out_add(&line, "%s", entry.s))
                    break;
            }
        }
    out_mark(&line, " " ELLIPSIS);
    out_line(o, &line);
}

/* A gloss for a concrete move: what it costs or brings. */
static void write_gloss(struct out *o, const json_t *m, const struct board *b, int seat)
{
    const struct st_catalog *cat = b->g.cat;
    const struct st_player *p = &b->g.p[seat];
    const char *type = json_string_value(json_object_get(m, "type"));

    if (!strcmp(type, "select")) {
        int a = steam_catalog_action(cat, json_string_value(json_object_get(m, "action")));
        int cost;

        if (a < 0)
            return;
        cost = json_is_true(json_object_get(m, "pass_option")) ? 0 : cat->action[a].cost;
        if (a == ST_A_LOCOMOTIVE)
            cost += p->loco + 1;
        if (cost)
            out_add(o, "  ($%d)", cost);
    } else if (!strcmp(type, "score")) {
        out_add(o, "  (+%d %s)", b->g.score_pts[0],
                !strcmp(json_string_value(json_object_get(m, "take")), "vp") ? "VP" : "income");
    } else if (!strcmp(type, "locomotive")) {
        out_add(o, "  (to level %d)", p->loco + 1);
    }
}

/* Steps of delivery m along seat's own links. */
static int own_steps(const json_t *m, int seat)
{
    const json_t *step;
    size_t i;
    int n = 0;

    json_array_foreach(json_object_get(m, "route"), i, step)
        n += json_integer_value(json_object_get(step, "owner")) == seat;
    return n;
}

/* The deliveries of moves, those over most of seat's own links first. */
static void write_deliveries(struct out *o, const json_t *moves, const struct board *b,
                             int seat)
{
    char buf[LINE_MAX];
    struct out line;
    const json_t *m;
    size_t i;
    int all = 0, shown = 0;

    json_array_foreach(moves, i, m)
        all += !strcmp(json_string_value(json_object_get(m, "type")), "deliver");
    for (int own = ST_MAX_ROUTE; own >= 0; own--)
        json_array_foreach(moves, i, m) {
            if (shown == DELIVERIES_MAX ||
                strcmp(json_string_value(json_object_get(m, "type")), "deliver") ||
                own_steps(m, seat) != own)
                continue;
            out_on(&line, buf, sizeof buf);
            if (write_move(&line, m, b, seat) == 0) {
                size_t n = json_array_size(json_object_get(m, "route"));

                out_add(&line, "  (%zu link%s, %d yours)", n, n == 1 ? "" : "s", own);
                out_line(o, &line);
            }
            shown++;
        }
    if (all > shown)
        out_add(o, ELLIPSIS " and %d more deliveries\n", all - shown);
}

char *steam_text_moves(const json_t *state, int seat)
{
    struct board *b = NULL;
    struct out o;
    json_t *lm, *moves, *m;
    size_t i;
    int delivered = 0;

    if (out_new(&o, ST_TEXT_MOVES_MAX - (OUT_MARK_ROOM - 1)))
        return NULL;
    if (!(b = board_load(state)))
        return o.s;
    lm = steam_moves_list(&b->g, seat);
    moves = json_object_get(lm, "moves");
    json_array_foreach(moves, i, m) {
        const char *type = json_string_value(json_object_get(m, "type"));
        char buf[LINE_MAX];
        struct out line;

        out_on(&line, buf, sizeof buf);
        if (!strcmp(type, "build") || !strcmp(type, "redirect")) {
            write_tile_shape(&o, m, b, seat);
            continue;
        }
        if (!strcmp(type, "deliver")) {
            if (!delivered++)
                write_deliveries(&o, moves, b, seat);
            continue;
        }
        if (!strcmp(type, "bid")) {
            const json_t *a = json_object_get(m, "amount");
            long long lo = json_integer_value(json_object_get(a, "min")),
                      hi = json_integer_value(json_object_get(a, "max"));

            if (lo == hi)
                out_add(&line, "bid %lld", lo);
            else
                out_add(&line, "bid <%lld-%lld>", lo, hi);
        } else if (!strcmp(type, "urbanize") || !strcmp(type, "grow")) {
            const json_t *sp = json_object_get(m, "supply");

            out_add(&line, "%s", type);
            add_choices(&line, json_object_get(m, type[0] == 'u' ? "hex" : "city"), "");
            if (type[0] == 'u')
                add_choices(&line, json_object_get(m, "colour"), "");
            if (json_array_size(sp))
                add_choices(&line, sp, "s");
        } else if (write_move(&line, m, b, seat) == 0) {
            write_gloss(&line, m, b, seat);
        } else {
            continue;
        }
        out_line(&o, &line);
    }
    json_decref(lm);
    free(b);
    out_mark(&o, ELLIPSIS "\n");
    return o.s;
}

/* ---- the view as Markdown ------------------------------------------------- */

static int iv(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

static const char *sv(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));

    return s ? s : "";
}

/* The first line: the map, the turn, the phase and who acts. */
static void view_head(struct out *o, const json_t *v)
{
    const char *ph = sv(v, "phase");
    const json_t *to_act = json_object_get(v, "to_act");
    char buf[LINE_MAX];
    struct out line;

    out_on(&line, buf, sizeof buf);
    out_add(&line, "**%s**" DOT "turn %d of %d" DOT, sv(json_object_get(v, "map"), "name"),
            iv(v, "turn"), iv(v, "last_turn"));
    if (!strcmp(ph, "auction"))
        out_add(&line, "turn-order auction for place %d",
                iv(json_object_get(v, "auction"), "position"));
    else if (!strcmp(ph, "select"))
        out_add(&line, "Phase 1, Select Action Tiles");
    else if (!strcmp(ph, "build"))
        out_add(&line, "Phase 2, Build Track");
    else if (!strcmp(ph, "move"))
        out_add(&line, "Phase 3, Move Goods, round %d of 2", iv(v, "round"));
    else if (!strcmp(ph, "score"))
        out_add(&line, "Phase 3, Move Goods: track points");
    else
        out_add(&line, "game over");
    if (json_is_integer(to_act))
        out_add(&line, DOT "**seat %d** to act", (int)json_integer_value(to_act));
    else if (json_is_integer(json_object_get(v, "winner")))
        out_add(&line, DOT "**seat %d wins**", iv(v, "winner"));
    out_line(o, &line);
}

/* One line a player: money, income, VP, locomotive, action tile, links. */
static void view_players(struct out *o, const json_t *v, const struct st_catalog *cat)
{
    const json_t *p, *l, *links = json_object_get(v, "links");
    const char *ph = sv(v, "phase");
    int to_act = json_is_integer(json_object_get(v, "to_act")) ? iv(v, "to_act") : -9;
    size_t i, j;

    json_array_foreach(json_object_get(v, "players"), i, p) {
        int seat = iv(p, "seat"), n = 0, open = 0,
            a = steam_catalog_action(cat, sv(p, "action"));
        char buf[LINE_MAX];
        struct out line;

        json_array_foreach(links, j, l)
            if (iv(l, "owner") == seat) {
                n++;
                open += !json_is_true(json_object_get(l, "complete"));
            }
        out_on(&line, buf, sizeof buf);
        if (json_is_true(json_object_get(p, "resigned")) ||
            json_is_true(json_object_get(p, "bankrupt"))) {
            out_add(&line, "- ~~Seat %d~~ %s" DOT "%d VP", seat,
                    json_is_true(json_object_get(p, "resigned")) ? "resigned" : "bankrupt",
                    iv(p, "vp"));
            out_line(o, &line);
            continue;
        }
        out_add(&line, "- **Seat %d**%s: $%d" DOT "income %d" DOT "%d VP" DOT "loco %d" DOT,
                seat, seat == to_act ? " (to act)" : "", iv(p, "cash"), iv(p, "income"),
                iv(p, "vp"), iv(p, "locomotive"));
        if (a >= 0)
            out_add(&line, "%s%s", cat->action[a].name,
                    json_is_true(json_object_get(p, "pass_option")) ? " (Pass Option)" : "");
        else
            out_add(&line, "no action tile");
        out_add(&line, DOT "%d link%s", n, n == 1 ? "" : "s");
        if (open)
            out_add(&line, " (%d incomplete)", open);
        if (!strcmp(ph, "build"))
            out_add(&line, DOT "built %d/%d%s%s", iv(p, "built"), iv(p, "build_limit"),
                    json_is_true(json_object_get(p, "owes_urbanization"))
                        ? ", owes Urbanization" : "",
                    json_is_true(json_object_get(p, "owes_city_growth"))
                        ? ", owes City Growth" : "");
        out_line(o, &line);
    }
}

/* The turn order, and what the auction or the track points wait for. */
static void view_order(struct out *o, const json_t *v)
{
    const char *ph = sv(v, "phase");
    const json_t *x;
    char buf[LINE_MAX];
    struct out line;
    size_t i;

    out_on(&line, buf, sizeof buf);
    out_add(&line, "**%s:**", strcmp(ph, "auction") ? "Turn order" : "Places so far");
    json_array_foreach(json_object_get(v, "turn_order"), i, x)
        out_add(&line, "%s seat %lld", i ? "," : "", (long long)json_integer_value(x));
    if (!json_array_size(json_object_get(v, "turn_order")))
        out_add(&line, " none");
    out_line(o, &line);
    if (!strcmp(ph, "auction")) {
        const json_t *a = json_object_get(v, "auction");

        out_on(&line, buf, sizeof buf);
        if (json_is_integer(json_object_get(a, "bid")))
            out_add(&line, "**Auction:** high bid $%d by seat %d; seat %d to bid or pass",
                    iv(a, "bid"), iv(a, "high_bidder"), iv(a, "bidder"));
        else
            out_add(&line, "**Auction:** no bid yet; seat %d to bid or pass", iv(a, "bidder"));
        out_line(o, &line);
    }
    if (!strcmp(ph, "score")) {
        out_on(&line, buf, sizeof buf);
        out_add(&line, "**Track points:**");
        json_array_foreach(json_object_get(v, "scoring"), i, x)
            out_add(&line, i ? "%s seat %d (%d)" : "%s seat %d takes %d as income or VP",
                    i == 0 ? "" : i == 1 ? "; then" : ",", iv(x, "seat"), iv(x, "points"));
        out_line(o, &line);
    }
}

/* Cube letters of an array of colour names into o. */
static void add_cubes(struct out *o, const json_t *a)
{
    const json_t *c;
    size_t i;

    json_array_foreach(a, i, c)
        out_add(o, "%c", steam_colour_letter(steam_colour_parse(json_string_value(c))));
}

/* The cubes on the cities (those with any), the Goods Supply, unowned track. */
static void view_goods(struct out *o, const json_t *v)
{
    const json_t *map = json_object_get(v, "map"), *cubes = json_object_get(v, "cubes"),
                 *c, *sp;
    char lbuf[LINE_MAX], ibuf[96];
    struct out line, item;
    size_t i, room;
    int listed = 0, unowned = 0;

    /* the longest line: cut to the room left, so that it is not dropped */
    room = o->cut ? 0 : o->cap - o->len;
    if (room < 5 + 64) {
        o->cut = 1;
        return;
    }
    out_on(&line, lbuf, room - 5 + OUT_MARK_ROOM < sizeof lbuf ? room - 5 + OUT_MARK_ROOM
                                                               : sizeof lbuf);
    out_add(&line, "**Cubes** (r red, b blue, y yellow, p purple, g gray):");
    for (int towns = 0; towns < 2; towns++)
        json_array_foreach(json_object_get(map, towns ? "towns" : "cities"), i, c) {
            const json_t *here = json_object_get(cubes, sv(c, "hex"));

            if (!json_array_size(here) || (towns && !json_object_get(c, "new_city")))
                continue;
            out_on(&item, ibuf, sizeof ibuf);
            out_add(&item, "%s%s %s ", listed++ ? DOT : " ", sv(c, "name"), sv(c, "hex"));
            add_cubes(&item, here);
            if (item.cut)
                line.cut = 1;
            if (out_add(&line, "%s", item.s))
                break;
        }
    if (!listed)
        out_add(&line, " none");
    out_mark(&line, " " ELLIPSIS);
    out_line(o, &line);
    out_on(&line, lbuf, sizeof lbuf);
    out_add(&line, "**Goods Supply:**");
    json_array_foreach(json_object_get(v, "supply"), i, sp) {
        out_add(&line, "%ss%zu ", i ? DOT : " ", i);
        if (json_array_size(sp))
            add_cubes(&line, sp);
        else
            out_add(&line, "-");
    }
    out_line(o, &line);
    json_array_foreach(json_object_get(v, "links"), i, c)
        unowned += iv(c, "owner") < 0;
    if (unowned)
        out_add(o, "**Unowned links:** %d\n", unowned);
}

char *steam_text_view(const json_t *state, int seat)
{
    const struct st_catalog *cat = steam_catalog_get();
    struct st_game *g = malloc(sizeof *g);
    struct rules_error err;
    json_t *v = NULL;
    struct out o;

    if (!g || out_new(&o, RULES_TEXT_VIEW_MAX - (OUT_MARK_ROOM - 1))) {
        free(g);
        return NULL;
    }
    if (steam_game_load(g, state, &err))
        out_add(&o, "This Steam game cannot be read (%s).\n", err.code);
    else if (!(v = steam_view_build(g, seat)) || json_object_get(v, "error"))
        out_add(&o, "This Steam game cannot be read (%s).\n",
                v ? sv(v, "error") : "out of memory");
    else {
        view_head(&o, v);
        view_players(&o, v, cat);
        view_order(&o, v);
        view_goods(&o, v);
    }
    json_decref(v);
    free(g);
    out_mark(&o, ELLIPSIS "\n");
    return o.s;
}
