/*
 * text.c - Iron Future for chat: the notation of every move (RULINGS.md,
 * "Chat notation"), the legal moves written in it, and a seat's view as
 * Markdown a chat bot posts as it is.
 *
 * The notation, one form per move type ('@' is always a line position,
 * "at" always a unit, numbers are the card ids the view shows):
 *
 *   deploy <card> @<location>        {"type":"deploy","card","location"}
 *   fire <weapon> at <card>          {"type":"allocate","weapon","target"}
 *   hold <weapon>                    {"type":"hold_fire","weapon"}
 *   activate <card> [at <card>] [@<location>]   {"type":"activate",...}
 *   buy <card>                       {"type":"buy","card"}
 *   pass                             {"type":"pass"}
 *   trophy @<location>               {"type":"trophy","location"}
 *   first <seat>                     {"type":"choose_first","seat"}
 *
 * The view is rendered from ironfuture_view_build() for the same seat,
 * never from the state itself, so it hides exactly what the JSON view
 * hides; the catalog (public, as describe() shows it) supplies the names
 * and armor of units the view names only by id.
 */
#include "text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "game.h"
#include "view.h"

#define IF_RULE_NOTATION "Iron Future: chat notation (RULINGS.md)"
#define NUM_MAX 999999        /* numbers of more digits are unreadable */
#define TEXT_MAX 200          /* longer input is no move */

/* ---- a growing string ------------------------------------------------- */

struct text {
    char *p;
    size_t n, cap;
    int failed;               /* out of memory: p is dropped at the end */
};

static void put(struct text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void put(struct text *t, const char *fmt, ...)
{
    va_list ap;
    int len;

    if (t->failed)
        return;
    va_start(ap, fmt);
    len = vsnprintf(t->p ? t->p + t->n : NULL, t->p ? t->cap - t->n : 0, fmt, ap);
    va_end(ap);
    if (len < 0) {
        t->failed = 1;
        return;
    }
    if (!t->p || t->n + (size_t)len >= t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        char *p;

        while (cap <= t->n + (size_t)len)
            cap *= 2;
        if (!(p = realloc(t->p, cap))) {
            t->failed = 1;
            return;
        }
        t->p = p;
        t->cap = cap;
        va_start(ap, fmt);
        vsnprintf(t->p + t->n, t->cap - t->n, fmt, ap);
        va_end(ap);
    }
    t->n += (size_t)len;
}

/* The string built (new; "" when nothing was put), or NULL out of memory. */
static char *finish(struct text *t)
{
    if (t->failed) {
        free(t->p);
        return NULL;
    }
    if (!t->p)
        return calloc(1, 1);
    return t->p;
}

/* ---- writing a move --------------------------------------------------- */

/* The integer field key of move, when it is one in 0..NUM_MAX; else -1. */
static int field(const json_t *move, const char *key)
{
    json_t *v = json_object_get(move, key);

    if (!json_is_integer(v) || json_integer_value(v) < 0 ||
        json_integer_value(v) > NUM_MAX)
        return -1;
    return (int)json_integer_value(v);
}

/*
 * Writes move in the notation into t; returns -1 (t untouched) when it is
 * in no form of it: unknown type, a missing, extra or odd field.
 */
static int write_move(struct text *t, const json_t *move)
{
    const char *type = json_string_value(json_object_get(move, "type"));
    size_t keys = json_is_object(move) ? json_object_size(move) : 0;
    int a, b, c;

    if (!type)
        return -1;
    if (!strcmp(type, "deploy")) {
        if (keys != 3 || (a = field(move, "card")) < 0 ||
            (b = field(move, "location")) < 0)
            return -1;
        put(t, "deploy %d @%d", a, b);
    } else if (!strcmp(type, "allocate")) {
        if (keys != 3 || (a = field(move, "weapon")) < 0 ||
            (b = field(move, "target")) < 0)
            return -1;
        put(t, "fire %d at %d", a, b);
    } else if (!strcmp(type, "hold_fire")) {
        if (keys != 2 || (a = field(move, "weapon")) < 0)
            return -1;
        put(t, "hold %d", a);
    } else if (!strcmp(type, "activate")) {
        int has_t = json_object_get(move, "target") != NULL;
        int has_l = json_object_get(move, "location") != NULL;

        if (keys != (size_t)(2 + has_t + has_l) || (a = field(move, "card")) < 0 ||
            (b = has_t ? field(move, "target") : 0) < 0 ||
            (c = has_l ? field(move, "location") : 0) < 0)
            return -1;
        put(t, "activate %d", a);
        if (has_t)
            put(t, " at %d", b);
        if (has_l)
            put(t, " @%d", c);
    } else if (!strcmp(type, "buy")) {
        if (keys != 2 || (a = field(move, "card")) < 0)
            return -1;
        put(t, "buy %d", a);
    } else if (!strcmp(type, "pass")) {
        if (keys != 1)
            return -1;
        put(t, "pass");
    } else if (!strcmp(type, "trophy")) {
        if (keys != 2 || (a = field(move, "location")) < 0)
            return -1;
        put(t, "trophy @%d", a);
    } else if (!strcmp(type, "choose_first")) {
        if (keys != 2 || (a = field(move, "seat")) < 0)
            return -1;
        put(t, "first %d", a);
    } else {
        return -1;
    }
    return 0;
}

char *ironfuture_text_move(const json_t *move)
{
    struct text t = {0};

    if (write_move(&t, move)) {
        /* Not a move of the notation: its compact JSON, so a log shows it. */
        size_t n = move ? json_dumpb(move, NULL, 0, JSON_COMPACT | JSON_SORT_KEYS |
                                                   JSON_ENCODE_ANY) : 0;
        char *s = malloc(n ? n + 1 : sizeof "(no move)");

        if (!s)
            return NULL;
        if (!n)
            return strcpy(s, "(no move)");
        json_dumpb(move, s, n, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
        s[n] = 0;
        return s;
    }
    return finish(&t);
}

/* ---- reading a move --------------------------------------------------- */

enum tok_kind { TOK_END, TOK_WORD, TOK_NUM, TOK_AT_SIGN };

struct tok {
    enum tok_kind kind;
    int num;                  /* TOK_NUM */
    char word[16];            /* TOK_WORD, lower case */
};

#define MAX_TOKS 8

/* Each form, as the error message names it. */
static const struct form {
    const char *word, *alias; /* what a player types; alias: the JSON type */
    const char *usage;
} forms[] = {
    {"deploy", NULL, "deploy <card> @<location>, e.g. deploy 7 @0"},
    {"fire", "allocate", "fire <weapon> at <card>, e.g. fire 0 at 12"},
    {"hold", "hold_fire", "hold <weapon>, e.g. hold 1"},
    {"activate", NULL, "activate <card>, with at <card> for a target unit "
                       "or @<location> for a location"},
    {"buy", NULL, "buy <card>, e.g. buy 25"},
    {"pass", NULL, "pass"},
    {"trophy", NULL, "trophy @<location>, e.g. trophy @2"},
    {"first", "choose_first", "first <seat>, e.g. first 1"},
};

static int unreadable(struct rules_error *err, const struct form *f)
{
    if (f)
        return rules_fail(err, "unreadable_move", IF_RULE_NOTATION,
                          "A %s move is typed %s.", f->word, f->usage);
    return rules_fail(err, "unreadable_move", IF_RULE_NOTATION,
                      "Moves are typed deploy <card> @<location>, fire <weapon> "
                      "at <card>, hold <weapon>, activate <card> [at <card>] "
                      "[@<location>], buy <card>, pass, trophy @<location> or "
                      "first <seat>.");
}

/*
 * Splits s (lower case, gloss removed) into tokens: words of letters and
 * '_', numbers (an optional '#' before one), and '@'. Space and backticks
 * separate them. Returns the count, or -1 for any other character, too
 * many tokens, a word too long or a number too large.
 */
static int tokenize(const char *s, struct tok *toks)
{
    int n = 0;

    for (;;) {
        struct tok *t = &toks[n];

        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n' || *s == '`')
            s++;
        if (!*s) {
            t->kind = TOK_END;
            return n;
        }
        if (n == MAX_TOKS - 1)
            return -1;
        if (*s == '@') {
            t->kind = TOK_AT_SIGN;
            s++;
        } else if (isdigit((unsigned char)*s) ||
                   (*s == '#' && isdigit((unsigned char)s[1]))) {
            long v = 0;
            int digits = 0;

            if (*s == '#')
                s++;
            while (isdigit((unsigned char)*s)) {
                if (++digits > 6)
                    return -1;
                v = v * 10 + (*s++ - '0');
            }
            t->kind = TOK_NUM;
            t->num = (int)v;
        } else if (islower((unsigned char)*s) || *s == '_') {
            size_t len = 0;

            while (islower((unsigned char)*s) || *s == '_') {
                if (len + 1 >= sizeof t->word)
                    return -1;
                t->word[len++] = *s++;
            }
            t->word[len] = 0;
            t->kind = TOK_WORD;
        } else {
            return -1;
        }
        /* A number runs into no word: "7at" is not "7 at". */
        if (t->kind != TOK_AT_SIGN && (isalnum((unsigned char)*s) || *s == '_'))
            return -1;
        n++;
    }
}

static int is_word(const struct tok *t, const char *w)
{
    return t->kind == TOK_WORD && !strcmp(t->word, w);
}

/* Reads a number at toks[*i] into *v and moves on; -1 when there is none. */
static int take_num(const struct tok *toks, int *i, int *v)
{
    if (toks[*i].kind != TOK_NUM)
        return -1;
    *v = toks[(*i)++].num;
    return 0;
}

/* "@N" (the only way a line position is written). */
static int take_pos(const struct tok *toks, int *i, int *v)
{
    if (toks[*i].kind != TOK_AT_SIGN)
        return -1;
    (*i)++;
    return take_num(toks, i, v);
}

/* The move the tokens after the verb f name, or NULL. */
static json_t *read_form(const struct form *f, const struct tok *toks)
{
    int i = 1, a, b, c;
    json_t *m = NULL;

    if (!strcmp(f->word, "deploy")) {
        if (!take_num(toks, &i, &a) && !take_pos(toks, &i, &b))
            m = json_pack("{s:s, s:i, s:i}", "type", "deploy", "card", a,
                          "location", b);
    } else if (!strcmp(f->word, "fire")) {
        if (!take_num(toks, &i, &a) && is_word(&toks[i++], "at") &&
            !take_num(toks, &i, &b))
            m = json_pack("{s:s, s:i, s:i}", "type", "allocate", "weapon", a,
                          "target", b);
    } else if (!strcmp(f->word, "hold")) {
        if (is_word(&toks[i], "fire"))  /* "hold fire 1" reads as "hold 1" */
            i++;
        if (!take_num(toks, &i, &a))
            m = json_pack("{s:s, s:i}", "type", "hold_fire", "weapon", a);
    } else if (!strcmp(f->word, "activate")) {
        if (!take_num(toks, &i, &a)) {
            m = json_pack("{s:s, s:i}", "type", "activate", "card", a);
            if (is_word(&toks[i], "at")) {
                i++;
                if (take_num(toks, &i, &b))
                    goto bad;
                json_object_set_new(m, "target", json_integer(b));
            }
            if (toks[i].kind == TOK_AT_SIGN) {
                if (take_pos(toks, &i, &c))
                    goto bad;
                json_object_set_new(m, "location", json_integer(c));
            }
        }
    } else if (!strcmp(f->word, "buy")) {
        if (!take_num(toks, &i, &a))
            m = json_pack("{s:s, s:i}", "type", "buy", "card", a);
    } else if (!strcmp(f->word, "pass")) {
        m = json_pack("{s:s}", "type", "pass");
    } else if (!strcmp(f->word, "trophy")) {
        /* A trophy is always a location: "trophy 2" reads as "trophy @2". */
        if (toks[i].kind == TOK_AT_SIGN)
            i++;
        if (!take_num(toks, &i, &a))
            m = json_pack("{s:s, s:i}", "type", "trophy", "location", a);
    } else if (!strcmp(f->word, "first")) {
        if (!take_num(toks, &i, &a))
            m = json_pack("{s:s, s:i}", "type", "choose_first", "seat", a);
    }
    if (m && toks[i].kind == TOK_END)
        return m;
bad:
    json_decref(m);
    return NULL;
}

json_t *ironfuture_text_parse(const json_t *state, int seat, const char *text,
                              struct rules_error *err)
{
    struct tok toks[MAX_TOKS];
    char buf[TEXT_MAX + 1], *open;
    size_t len = text ? strlen(text) : 0;
    json_t *m;

    (void)state;
    (void)seat;
    if (!text || len > TEXT_MAX) {
        unreadable(err, NULL);
        return NULL;
    }
    for (size_t i = 0; i <= len; i++)
        buf[i] = (char)tolower((unsigned char)text[i]);
    /* A gloss, "(...)" to the end, as text_moves writes it, is ignored. */
    if ((open = strchr(buf, '('))) {
        char *end = buf + len;

        while (end > open && isspace((unsigned char)end[-1]))
            end--;
        if (end[-1] != ')') {
            unreadable(err, NULL);
            return NULL;
        }
        *open = 0;
    }
    if (tokenize(buf, toks) < 1 || toks[0].kind != TOK_WORD) {
        unreadable(err, NULL);
        return NULL;
    }
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        if (!strcmp(toks[0].word, forms[f].word) ||
            (forms[f].alias && !strcmp(toks[0].word, forms[f].alias))) {
            if (!(m = read_form(&forms[f], toks)))
                unreadable(err, &forms[f]);
            return m;
        }
    unreadable(err, NULL);
    return NULL;
}

/* ---- the legal moves, with a gloss ------------------------------------ */

static const char *unit_name(const struct if_game *g, int c)
{
    return c >= 0 && c < g->ncards ? if_card_unit(g, c)->name : "?";
}

static const char *line_name(const struct if_game *g, int pos)
{
    return pos >= 0 && pos < g->nline ? g->cat->location[g->line[pos].loc].name
                                      : "?";
}

/* "Rabble at Refinery": a unit on the field and where it stands. */
static void put_on_field(struct text *t, const struct if_game *g, int c)
{
    int pos;

    put(t, "%s", unit_name(g, c));
    if (c >= 0 && c < g->ncards && ironfuture_field_find(g, c, &pos, NULL) == 0)
        put(t, " at %s", line_name(g, pos));
}

static const char *weapon_name(const struct if_game *g, int w)
{
    const struct if_unit *u;

    if (!g->attacking)
        return "?";
    u = if_card_unit(g, g->attacker);
    return w >= 0 && w < u->nweapons ? u->weapon[w].name : "?";
}

/* What move does, in a few words; every card it names is seat's to see. */
static void put_gloss(struct text *t, const struct if_game *g, int seat,
                      const json_t *m)
{
    const char *type = json_string_value(json_object_get(m, "type"));

    if (!strcmp(type, "deploy")) {
        put(t, "%s to %s", unit_name(g, field(m, "card")),
            line_name(g, field(m, "location")));
    } else if (!strcmp(type, "allocate")) {
        put(t, "%s on ", weapon_name(g, field(m, "weapon")));
        put_on_field(t, g, field(m, "target"));
    } else if (!strcmp(type, "hold_fire")) {
        put(t, "%s holds fire", weapon_name(g, field(m, "weapon")));
    } else if (!strcmp(type, "activate")) {
        put(t, "%s", unit_name(g, field(m, "card")));
        if (json_object_get(m, "target")) {
            put(t, " on ");
            put_on_field(t, g, field(m, "target"));
        }
        if (json_object_get(m, "location"))
            put(t, " at %s", line_name(g, field(m, "location")));
    } else if (!strcmp(type, "buy")) {
        int c = field(m, "card");

        put(t, "%s, cost %d", unit_name(g, c),
            c >= 0 && c < g->ncards ? if_card_unit(g, c)->cost : 0);
    } else if (!strcmp(type, "pass")) {
        put(t, "stop buying this phase");
    } else if (!strcmp(type, "trophy")) {
        put(t, "keep %s", line_name(g, field(m, "location")));
    } else if (!strcmp(type, "choose_first")) {
        int s = field(m, "seat");

        if (s == seat)
            put(t, "you play first");
        else
            put(t, "seat %d plays first", s);
    }
}

char *ironfuture_text_moves(const json_t *state, int seat)
{
    struct if_game g;
    struct text t = {0};
    json_t *list, *m;
    size_t i;

    if (ironfuture_game_load(&g, state, NULL))
        return calloc(1, 1);
    list = ironfuture_moves_list(&g, seat);
    json_array_foreach(json_object_get(list, "moves"), i, m) {
        if (write_move(&t, m))
            continue;  /* every listed move has a form; see the tests */
        put(&t, "  (");
        put_gloss(&t, &g, seat, m);
        put(&t, ")\n");
    }
    json_decref(list);
    return finish(&t);
}

/* ---- the view as Markdown --------------------------------------------- */

/* Detail dropped, in this order, until the view fits. */
enum {
    TERSE_LOCATION_TEXT = 1,   /* location rule texts */
    TERSE_MARKET = 2,          /* market cards by name and cost only */
    TERSE_HAND = 4,            /* hand cards by name and cost only */
    TERSE_SUPPORTS = 8,        /* supports by id only */
};

/* "`7` Grunts", from a view's card object. */
static void put_card(struct text *t, const json_t *card)
{
    const struct if_unit *u = ironfuture_view_unit(card);

    put(t, "`%d` %s", ironfuture_view_int(card, "card"),
        u ? u->name : ironfuture_view_str(card, "unit"));
}

/* A card in full, from a view's card_full object (hand, market). */
static void put_card_full(struct text *t, const json_t *card, int terse)
{
    const json_t *w, *a;
    size_t i;

    put_card(t, card);
    if (terse) {
        put(t, " (%d)", ironfuture_view_int(card, "cost"));
        return;
    }
    put(t, " · cost %d", ironfuture_view_int(card, "cost"));
    if (json_is_true(json_object_get(card, "support")))
        put(t, " · support");
    else
        put(t, " · armor %d · flag %d", ironfuture_view_int(card, "armor"),
            ironfuture_view_int(card, "capture"));
    json_array_foreach(json_object_get(card, "weapons"), i, w)
        put(t, " · %s %d %s", ironfuture_view_str(w, "name"),
            ironfuture_view_int(w, "dice"), ironfuture_view_str(w, "ranges"));
    json_array_foreach(json_object_get(card, "abilities"), i, a) {
        const char *k = ironfuture_view_str(a, "kind");

        if (!strcmp(k, "hardened") || !strcmp(k, "infiltrate") ||
            !strcmp(k, "stealth") || !strcmp(k, "bulwark") || !strcmp(k, "smoke"))
            put(t, " · %s", k);
        else
            put(t, " · %s %d", k, ironfuture_view_int(a, "value"));
    }
}

static void put_turn(struct text *t, const json_t *v, int viewer)
{
    const char *phase = ironfuture_view_str(v, "phase");
    int turn = ironfuture_view_int(v, "turn");
    const char *you = turn == viewer ? " (you)" : "";
    const json_t *p;
    size_t i;

    if (!strcmp(phase, "over")) {
        const json_t *players = json_object_get(v, "players");
        int w = ironfuture_view_int(v, "winner");

        if (json_is_integer(json_object_get(v, "resigned")))
            put(t, "**Game over:** seat %d resigned; seat %d wins.\n",
                ironfuture_view_int(v, "resigned"), w);
        else
            put(t, "**Game over:** seat %d wins, %d rounds to %d.\n", w,
                ironfuture_view_int(json_array_get(players, (size_t)w), "rounds_won"),
                ironfuture_view_int(json_array_get(players, (size_t)(1 - w)),
                                    "rounds_won"));
        return;
    }
    put(t, "**Seat %d%s** ", turn, you);
    if (!strcmp(phase, "choose_first")) {
        put(t, "did not win the last game and chooses who plays first.\n");
    } else if (!strcmp(phase, "trophy")) {
        const json_t *locs = json_object_get(v, "locations");

        put(t, "won the round and keeps one location as a trophy:");
        json_array_foreach(json_object_get(v, "trophy_choice"), i, p) {
            int pos = (int)json_integer_value(p);

            put(t, "%s @%d %s", i ? "," : "", pos,
                ironfuture_view_str(json_array_get(locs, (size_t)pos), "name"));
        }
        put(t, ".\n");
    } else if (!strcmp(phase, "acquisition")) {
        put(t, "to buy a unit or pass.\n");
    } else if (json_is_object(json_object_get(v, "attack"))) {
        put(t, "to allocate the weapons of the unit just deployed.\n");
    } else {
        put(t, "to deploy a unit.\n");
    }
}

static void put_player(struct text *t, const json_t *v, const json_t *pl,
                       int viewer, int terse)
{
    const json_t *first = json_object_get(v, "first_player");
    const json_t *trophies = json_object_get(pl, "trophies");
    int s = ironfuture_view_int(pl, "seat"), won = ironfuture_view_int(pl, "rounds_won");
    const char *phase = ironfuture_view_str(v, "phase");
    const json_t *x;
    size_t i;

    /* first_player is null while a rematch's chooser decides. */
    put(t, "- Seat %d%s%s: **%d** round%s won", s, s == viewer ? " (you)" : "",
        json_is_integer(first) && json_integer_value(first) == s
            ? ", first player" : "",
        won, won == 1 ? "" : "s");
    json_array_foreach(trophies, i, x)
        put(t, "%s%s", i ? ", " : " (", ironfuture_view_str(x, "name"));
    if (json_array_size(trophies))
        put(t, ")");
    put(t, " · %d res · hand %d · deck %d · discard %zu",
        ironfuture_view_int(pl, "resources"), ironfuture_view_int(pl, "hand_size"),
        ironfuture_view_int(pl, "deck_size"),
        json_array_size(json_object_get(pl, "discard")));
    if (!strcmp(phase, "conquest"))
        put(t, " · played %d", ironfuture_view_int(pl, "played"));
    if (!strcmp(phase, "acquisition") && json_is_true(json_object_get(pl, "passed")))
        put(t, " · passed");
    json_array_foreach(json_object_get(pl, "supports"), i, x) {
        put(t, "%s", i ? ", " : " · supports ");
        if (terse & TERSE_SUPPORTS)
            put(t, "`%d`", ironfuture_view_int(x, "card"));
        else
            put_card(t, x);
        if (json_is_true(json_object_get(x, "used")))
            put(t, " (used)");
    }
    put(t, "\n");
}

static void put_location(struct text *t, const json_t *loc, int viewer, int terse)
{
    const json_t *cap = json_object_get(loc, "capture");
    const json_t *beacon = json_object_get(loc, "beacon");
    const char *rules = ironfuture_view_str(loc, "text");
    const json_t *c;
    size_t i;

    put(t, "**@%d %s** · %d res\n", ironfuture_view_int(loc, "position"),
        ironfuture_view_str(loc, "name"), ironfuture_view_int(loc, "resources"));
    if (!(terse & TERSE_LOCATION_TEXT) && strcmp(rules, "No special rules."))
        put(t, "> %s\n", rules);
    for (int s = 0; s < IF_SEATS; s++) {
        const json_t *side = json_array_get(json_object_get(loc, "units"), (size_t)s);
        int flag = (int)json_integer_value(json_array_get(cap, (size_t)s));
        int b = (int)json_integer_value(json_array_get(beacon, (size_t)s));

        if (!json_array_size(side) && !flag)
            continue;
        put(t, "- seat %d%s, capture %d", s, s == viewer ? " (you)" : "", flag);
        if (b)
            put(t, " (beacon +%d)", b);
        put(t, ":");
        json_array_foreach(side, i, c) {
            const struct if_unit *u = ironfuture_view_unit(c);

            put(t, "%s", i ? ", " : " ");
            put_card(t, c);
            if (ironfuture_view_int(c, "damage"))
                put(t, " [dmg %d/%d]", ironfuture_view_int(c, "damage"), u ? u->armor : 0);
        }
        put(t, "\n");
    }
}

static void put_attack(struct text *t, const json_t *v)
{
    const json_t *at = json_object_get(v, "attack");
    const json_t *bonus = json_object_get(v, "turn_bonus");
    const json_t *w;
    size_t i;
    int aim = ironfuture_view_int(bonus, "aim"),
        smoke = json_is_true(json_object_get(bonus, "smoke"));

    if (json_is_object(at)) {
        put(t, "**Attack:** ");
        put_card(t, at);
        put(t, " @%d", ironfuture_view_int(at, "position"));
        json_array_foreach(json_object_get(at, "weapons"), i, w) {
            const char *st = ironfuture_view_str(w, "status");

            put(t, "%s weapon %d %s %d %s: ", i ? " ·" : " —",
                ironfuture_view_int(w, "weapon"), ironfuture_view_str(w, "name"),
                ironfuture_view_int(w, "dice"), ironfuture_view_str(w, "ranges"));
            if (!strcmp(st, "allocated"))
                put(t, "at `%d`", ironfuture_view_int(w, "target"));
            else
                put(t, "%s", !strcmp(st, "pending") ? "*to allocate*" : "holds");
        }
        put(t, "\n");
    }
    if (aim)
        put(t, "**This turn:** +%d to hit%s\n", aim, smoke ? ", no retaliation" : "");
    else if (smoke)
        put(t, "**This turn:** no retaliation\n");
}

/* A phase as a player says it. */
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

/* The whole view at one level of terseness. */
static void render(struct text *t, const json_t *v, int terse)
{
    int viewer = ironfuture_view_int(v, "seat");
    const json_t *players = json_object_get(v, "players");
    const json_t *x, *hand;
    size_t i;

    put(t, "**Round %d** · %s · %d rounds to win · unit deck %d\n",
        ironfuture_view_int(v, "round"), phase_label(ironfuture_view_str(v, "phase")),
        ironfuture_view_int(v, "rounds_to_win"), ironfuture_view_int(v, "unit_deck_size"));
    put_turn(t, v, viewer);
    json_array_foreach(players, i, x)
        put_player(t, v, x, viewer, terse);
    json_array_foreach(json_object_get(v, "locations"), i, x)
        put_location(t, x, viewer, terse);
    put_attack(t, v);
    if (json_array_size(json_object_get(v, "market"))) {
        put(t, "**Market:**%s", terse & TERSE_MARKET ? " " : "\n");
        json_array_foreach(json_object_get(v, "market"), i, x) {
            if (terse & TERSE_MARKET)
                put(t, "%s", i ? ", " : "");
            else
                put(t, "- ");
            put_card_full(t, x, terse & TERSE_MARKET);
            if (!(terse & TERSE_MARKET))
                put(t, "\n");
        }
        if (terse & TERSE_MARKET)
            put(t, "\n");
    }
    /* Only the viewer's own player entry carries a hand (view.c). */
    hand = viewer >= 0 ? json_object_get(json_array_get(players, (size_t)viewer),
                                         "hand")
                       : NULL;
    if (json_array_size(hand)) {
        put(t, "**Your hand:**%s", terse & TERSE_HAND ? " " : "\n");
        json_array_foreach(hand, i, x) {
            if (terse & TERSE_HAND)
                put(t, "%s", i ? ", " : "");
            else
                put(t, "- ");
            put_card_full(t, x, terse & TERSE_HAND);
            if (!(terse & TERSE_HAND))
                put(t, "\n");
        }
        if (terse & TERSE_HAND)
            put(t, "\n");
    }
}

/* Cuts t to at most max bytes at a line's end, marking the cut. */
static void cut(struct text *t, size_t max)
{
    static const char mark[] = "…\n";
    size_t keep = max - (sizeof mark - 1);

    while (keep > 0 && t->p[keep - 1] != '\n')
        keep--;
    memcpy(t->p + keep, mark, sizeof mark);
    t->n = keep + sizeof mark - 1;
}

char *ironfuture_text_view(const json_t *state, int seat)
{
    struct if_game g;
    struct rules_error err;
    struct text t = {0};
    json_t *v;

    if (ironfuture_game_load(&g, state, &err)) {
        put(&t, "**Iron Future:** this game's state cannot be read (%s).\n", err.code);
        return finish(&t);
    }
    v = ironfuture_view_build(&g, seat);
    for (int terse = 0; terse <= 15; terse = terse * 2 + 1) {
        t.n = 0;
        render(&t, v, terse);
        if (t.failed || t.n <= RULES_TEXT_VIEW_MAX)
            break;
    }
    json_decref(v);
    if (!t.failed && t.n > RULES_TEXT_VIEW_MAX)
        cut(&t, RULES_TEXT_VIEW_MAX);
    return finish(&t);
}
