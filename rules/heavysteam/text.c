/*
 * text.c - Heavy Steam's chat notation (RULINGS.md HS-R-131): one writer
 * (hs_text_move) and one reader (hs_text_parse) of every move type. The
 * view and the legal-move lines are in text_view.c.
 *
 * A square is written "station.n" (the board's station id, the square's
 * index in it), a cube moved from one square to another "a.n>b.m". A
 * move's choice for a battle card, an event or a pilot power is a list of
 * clauses, one per key of effects.h's choice object ("steam a.0 b.1",
 * "sector 3", "give smoke brace"). The writer checks what it wrote by
 * reading it back, so what it writes always reads as the move; a move the
 * notation cannot say (an empty choice object, say) is written as JSON,
 * which the reader takes too.
 */
#include "text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../text_buf.h"
#include "game.h"

#define RULE_TEXT "HS-R-131 (Chat notation)"
#define INPUT_MAX 1200
#define TOKENS_MAX 96
#define TOKEN_MAX 48
#define NUMBER_MAX 999

/* Each verb's form, for the message that refuses a text. */
static const struct {
    const char *verb, *form;
} forms[] = {
    {"hold", "hold"},
    {"move", "move <1|2> sector <s>"},
    {"done", "done [infantry <u> to <s>] [cannon <u> to <s>] [step a.n>b.m]"},
    {"attack", "attack <mount|unit u> <seat|unit u> [hotshot n] [boost 0|1] [card id ...]"},
    {"evade", "evade <0|1> [weapon <mount|none>] [card id ...]"},
    {"reroll", "reroll keep|reroll|legs"},
    {"damage", "damage a.n[>b.m] ..."},
    {"flow", "flow [station n ...] [red station n ...]"},
    {"steam_done", "steam_done [shutdown id ...] [repair a.n ...]..."},
    {"buy", "buy <slot>"},
    {"pass", "pass"},
    {"recover", "recover"},
    {"free", "free [a.n>b.m ...]"},
    {"card", "card <id> [steam|damage|repair a.n ...] [sector|unit|opponent n] ..."},
    {"event", "event [steam|damage|repair a.n ...] [sector n] ..."},
    {"power", "power [steam|damage|repair a.n ...] [sector n] ..."},
    {"loadout", "loadout [left_arm|right_arm|torso <id|none>] ..."},
    {"loadout_done", "loadout_done"},
    {"pilot", "pilot <id> [left_arm|right_arm|torso n]"},
    {"orders", "orders [evade ask|never|n] [cards ask|never] [damage ask|type,...] "
               "[reroll ask|none|location,...]"},
    {"place", "place <sector>"},
    {"place_steam", "place_steam [a.n ...]"},
    {"recon", "recon"},
    {"recon_done", "recon_done"},
    {"declare_over", "declare_over"},
    {"fight_on", "fight_on"},
};

/* ---- words ---------------------------------------------------------- */

struct toks {
    int n, i;                       /* count, the next to read */
    char t[TOKENS_MAX][TOKEN_MAX];
};

static int is_sep(char c)
{
    return isspace((unsigned char)c) || c == ',' || c == '`';
}

/* Lower-case tokens of text, a gloss in parentheses at its end dropped.
 * -1 when too long or with too many or too long tokens. */
static int split(const char *text, struct toks *k)
{
    char buf[INPUT_MAX + 1], *p, *q;
    size_t n = strlen(text);

    k->n = k->i = 0;
    if (n > INPUT_MAX)
        return -1;
    memcpy(buf, text, n + 1);
    if ((p = strchr(buf, '(')))
        *p = 0;
    for (p = buf; *p;) {
        while (*p && is_sep(*p))
            p++;
        if (!*p)
            break;
        for (q = p; *q && !is_sep(*q); q++)
            ;
        if (k->n == TOKENS_MAX || q - p >= TOKEN_MAX)
            return -1;
        for (int j = 0; p < q; p++, j++) {
            /* "left-arm" is left_arm */
            k->t[k->n][j] = *p == '-' ? '_' : (char)tolower((unsigned char)*p);
            k->t[k->n][j + 1] = 0;
        }
        k->n++;
    }
    return 0;
}

static const char *peek(const struct toks *k)
{
    return k->i < k->n ? k->t[k->i] : NULL;
}

static int next_is(struct toks *k, const char *w)
{
    if (peek(k) && strcmp(peek(k), w) == 0) {
        k->i++;
        return 1;
    }
    return 0;
}

static int is_number(const char *s)
{
    size_t n = s ? strlen(s) : 0;

    if (n == 0 || n > 3)
        return 0;
    for (size_t j = 0; j < n; j++)
        if (!isdigit((unsigned char)s[j]))
            return 0;
    return 1;
}

/* The next token as a number 0..NUMBER_MAX, or -1. */
static int number(struct toks *k)
{
    if (!is_number(peek(k)))
        return -1;
    return atoi(k->t[k->i++]);
}

/* A name: letters, digits and '_' ('-' read as '_'), starting with a letter. */
static int is_name(char *s)
{
    if (!s || !isalpha((unsigned char)s[0]))
        return 0;
    for (; *s; s++) {
        if (*s == '-')
            *s = '_';
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    }
    return 1;
}

static const char *name(struct toks *k)
{
    if (!is_name(k->i < k->n ? k->t[k->i] : NULL))
        return NULL;
    return k->t[k->i++];
}

/* "id.n" into id (TOKEN_MAX bytes) and *n; -1 when s is none. */
static int square_of(const char *s, char *id, int *n)
{
    const char *dot = strrchr(s, '.');
    size_t len = dot ? (size_t)(dot - s) : 0;

    if (!dot || len == 0 || len >= TOKEN_MAX || !is_number(dot + 1))
        return -1;
    memcpy(id, s, len);
    id[len] = 0;
    *n = atoi(dot + 1);
    return is_name(id) ? 0 : -1;
}

/* "a.n" or "a.n>b.m": 1 or 2 squares, 0 none. */
static int squares_of(const char *s, char id[2][TOKEN_MAX], int n[2])
{
    char buf[TOKEN_MAX];
    const char *gt = strchr(s, '>');

    if (!gt)
        return square_of(s, id[0], &n[0]) ? 0 : 1;
    if ((size_t)(gt - s) >= sizeof buf)
        return 0;
    memcpy(buf, s, (size_t)(gt - s));
    buf[gt - s] = 0;
    return square_of(buf, id[0], &n[0]) || square_of(gt + 1, id[1], &n[1]) ? 0 : 2;
}

static json_t *sq_obj(const char *a, const char *b, const char *id, int n)
{
    return json_pack("{s:s, s:i}", a, id, b, n);
}

/* ---- reading a choice ------------------------------------------------ */

static const char *const choice_words[] = {"steam", "damage", "repair", "shield",
                                           "sector", "unit", "terrain", "steps",
                                           "opponent", "give", NULL};

static int is_word(const char *s, const char *const *words)
{
    for (int j = 0; s && words[j]; j++)
        if (strcmp(s, words[j]) == 0)
            return 1;
    return 0;
}

/* Squares until the next token that is none: "steam", "repair" (plain),
 * "damage" (a destination allowed), "steps" (one required). */
static json_t *square_list(struct toks *k, int kind)
{
    json_t *a = json_array();
    char id[2][TOKEN_MAX];
    int n[2], got;

    if (next_is(k, "none"))
        return a;
    while (peek(k) && (got = squares_of(peek(k), id, n)) > 0) {
        json_t *o;

        if ((kind <= 1 && got == 2) || (kind == 3 && got == 1))
            break;
        if (kind == 3)
            o = json_pack("{s:s, s:i, s:s, s:i}", "from_station", id[0], "from_square",
                          n[0], "to_station", id[1], "to_square", n[1]);
        else
            o = sq_obj("station", "square", id[0], n[0]);
        if (got == 2) {
            json_object_set_new(o, "to_station", json_string(id[1]));
            json_object_set_new(o, "to_square", json_integer(n[1]));
        }
        json_array_append_new(a, o);
        k->i++;
    }
    if (json_array_size(a) == 0) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* Names until a word of stop; at least one, or "none" for []. */
static json_t *name_list(struct toks *k, const char *const *stop)
{
    json_t *a = json_array();
    const char *s;

    if (next_is(k, "none"))
        return a;
    while (peek(k) && !is_word(peek(k), stop) && (s = name(k)))
        json_array_append_new(a, json_string(s));
    if (json_array_size(a) == 0) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* Clauses of a choice to the end of the tokens, into choice; -1 bad. */
static int read_choice(struct toks *k, json_t *choice)
{
    /* "none": a choice that chooses nothing, as a move log may hold it */
    if (next_is(k, "none"))
        return peek(k) ? -1 : 0;
    while (peek(k)) {
        const char *w = k->t[k->i++];
        json_t *v = NULL;
        int x;

        if (json_object_get(choice, w))
            return -1;
        if (!strcmp(w, "steam") || !strcmp(w, "repair"))
            v = square_list(k, 0);
        else if (!strcmp(w, "damage"))
            v = square_list(k, 2);
        else if (!strcmp(w, "steps"))
            v = square_list(k, 3);
        else if (!strcmp(w, "shield") || !strcmp(w, "give"))
            v = name_list(k, choice_words);
        else if (!strcmp(w, "terrain"))
            v = name(k) ? json_string(k->t[k->i - 1]) : NULL;
        else if (!strcmp(w, "sector") || !strcmp(w, "unit") || !strcmp(w, "opponent"))
            v = (x = number(k)) >= 0 ? json_integer(x) : NULL;
        if (!v)
            return -1;
        json_object_set_new(choice, w, v);
    }
    return 0;
}

/* "card <id> [choice]" at the end of an attack or an evade. */
static int read_battle_card(struct toks *k, json_t *m)
{
    json_t *choice;

    if (!name(k))
        return -1;
    json_object_set_new(m, "battle_card", json_string(k->t[k->i - 1]));
    if (!peek(k))
        return 0;
    choice = json_object();
    json_object_set_new(m, "choice", choice);
    return read_choice(k, choice);
}

/* ---- reading each move ----------------------------------------------- */

static int read_attack(struct toks *k, json_t *m)
{
    int x;

    if (next_is(k, "unit")) {
        if ((x = number(k)) < 0)
            return -1;
        json_object_set_new(m, "unit", json_integer(x));
    } else if (is_word(peek(k), hs_mount_names)) {
        json_object_set_new(m, "mount", json_string(k->t[k->i++]));
    } else {
        return -1;
    }
    next_is(k, "at");
    if (next_is(k, "unit")) {
        if ((x = number(k)) < 0)
            return -1;
        json_object_set_new(m, "target_unit", json_integer(x));
    } else {
        next_is(k, "seat");
        if ((x = number(k)) < 0)
            return -1;
        json_object_set_new(m, "target", json_integer(x));
    }
    while (peek(k)) {
        const char *w = k->t[k->i++];

        if (!strcmp(w, "card"))
            return read_battle_card(k, m);
        if ((strcmp(w, "hotshot") && strcmp(w, "boost")) || json_object_get(m, w) ||
            (x = number(k)) < 0)
            return -1;
        json_object_set_new(m, w, json_integer(x));
    }
    return 0;
}

static int read_evade(struct toks *k, json_t *m)
{
    int x = number(k);

    if (x < 0)
        return -1;
    json_object_set_new(m, "board", json_integer(x));
    if (next_is(k, "weapon")) {
        if (next_is(k, "none"))
            json_object_set_new(m, "card", json_null());
        else if (is_word(peek(k), hs_mount_names))
            json_object_set_new(m, "card", json_string(k->t[k->i++]));
        else
            return -1;
    }
    if (next_is(k, "card"))
        return read_battle_card(k, m);
    return peek(k) ? -1 : 0;
}

static int read_damage(struct toks *k, json_t *m)
{
    json_t *picks = json_array();
    char id[2][TOKEN_MAX];
    int n[2], got;

    json_object_set_new(m, "picks", picks);
    while (peek(k) && (got = squares_of(peek(k), id, n)) > 0) {
        json_t *p = sq_obj("station", "square", id[0], n[0]);

        if (got == 2)
            json_object_set_new(p, "to", json_pack("[s, i]", id[1], n[1]));
        json_array_append_new(picks, p);
        k->i++;
    }
    return peek(k) || json_array_size(picks) == 0 ? -1 : 0;
}

static int read_flow(struct toks *k, json_t *m)
{
    json_t *w = json_object(), *r = json_object(), *into = w;
    int x;

    json_object_set_new(m, "white", w);
    json_object_set_new(m, "red", r);
    while (peek(k)) {
        const char *s;

        if (into == w && next_is(k, "red")) {
            into = r;
            continue;
        }
        if (!(s = name(k)) || json_object_get(into, s) || (x = number(k)) < 0)
            return -1;
        json_object_set_new(into, s, json_integer(x));
    }
    return 0;
}

static int read_done(struct toks *k, json_t *m)
{
    char id[2][TOKEN_MAX];
    int n[2], u, s;

    while (peek(k)) {
        const char *w = k->t[k->i++];

        if (json_object_get(m, !strcmp(w, "step") ? "pilot_step" : w))
            return -1;
        if (!strcmp(w, "infantry") || !strcmp(w, "cannon")) {
            if ((u = number(k)) < 0 || (!next_is(k, "to") && !next_is(k, "sector")) ||
                (s = number(k)) < 0)
                return -1;
            json_object_set_new(m, w, json_pack("{s:i, s:i}", "unit", u, "sector", s));
        } else if (!strcmp(w, "step")) {
            if (!peek(k) || squares_of(peek(k), id, n) != 2)
                return -1;
            k->i++;
            json_object_set_new(m, "pilot_step",
                                json_pack("{s:[s, i], s:[s, i]}", "from", id[0], n[0],
                                          "to", id[1], n[1]));
        } else {
            return -1;
        }
    }
    return 0;
}

static int read_steam_done(struct toks *k, json_t *m)
{
    static const char *const stop[] = {"repair", NULL};
    json_t *reps = NULL, *v;

    if (next_is(k, "shutdown")) {
        if (!(v = name_list(k, stop)))
            return -1;
        json_object_set_new(m, "shutdown", v);
    }
    while (next_is(k, "repair")) {
        if (!reps)
            json_object_set_new(m, "repairs", reps = json_array());
        if (next_is(k, "none")) {
            if (json_array_size(reps))
                return -1;
            break;
        }
        if (!(v = square_list(k, 1)))
            return -1;
        /* a repair's squares are [id, n] pairs here */
        {
            json_t *pairs = json_array(), *o;
            size_t j;

            json_array_foreach(v, j, o)
                json_array_append_new(pairs, json_pack("[O, O]", json_object_get(o, "station"),
                                                       json_object_get(o, "square")));
            json_array_append_new(reps, pairs);
            json_decref(v);
        }
    }
    return peek(k) ? -1 : 0;
}

static int read_free(struct toks *k, json_t *m)
{
    json_t *steps = json_array();
    char id[2][TOKEN_MAX];
    int n[2];

    json_object_set_new(m, "steps", steps);
    while (peek(k)) {
        if (squares_of(peek(k), id, n) != 2)
            return -1;
        k->i++;
        json_array_append_new(steps, json_pack("{s:[s, i], s:[s, i]}", "from", id[0],
                                               n[0], "to", id[1], n[1]));
    }
    return 0;
}

static int read_pilot(struct toks *k, json_t *m)
{
    json_t *charge;
    int x;

    /* bare "pilot": the others' view of a pilot still secret */
    if (!peek(k))
        return 0;
    if (!name(k))
        return -1;
    json_object_set_new(m, "pilot", json_string(k->t[k->i - 1]));
    if (!peek(k))
        return 0;
    json_object_set_new(m, "charge", charge = json_object());
    while (peek(k)) {
        if (!is_word(peek(k), hs_mount_names) || json_object_get(charge, peek(k)))
            return -1;
        k->i++;
        if ((x = number(k)) < 0)
            return -1;
        json_object_set_new(charge, k->t[k->i - 2], json_integer(x));
    }
    return 0;
}

/* Chance Encounter's steam: "place_steam a.n b.m" (none: no more). */
static int read_place_steam(struct toks *k, json_t *m)
{
    json_t *squares = json_array();
    char id[TOKEN_MAX];
    int n;

    json_object_set_new(m, "squares", squares);
    while (peek(k)) {
        if (square_of(peek(k), id, &n))
            return -1;
        k->i++;
        json_array_append_new(squares, json_pack("[s, i]", id, n));
    }
    return 0;
}

/* "loadout left_arm uk_sabre torso none": each mount once; bare
 * "loadout" is the others' view of one still secret. */
static int read_loadout(struct toks *k, json_t *m)
{
    while (peek(k)) {
        const char *mount = peek(k);

        if (!is_word(mount, hs_mount_names) || json_object_get(m, mount))
            return -1;
        k->i++;
        if (next_is(k, "none"))
            json_object_set_new(m, mount, json_null());
        else if (name(k))
            json_object_set_new(m, mount, json_string(k->t[k->i - 1]));
        else
            return -1;
    }
    return 0;
}

static int read_orders(struct toks *k, json_t *m)
{
    static const char *const words[] = {"evade", "cards", "damage", "reroll", NULL};

    while (peek(k)) {
        const char *w = k->t[k->i++];
        const char *key = !strcmp(w, "cards") ? "cards_when_attacked" : w;
        json_t *v = NULL;
        int x;

        if (!is_word(w, words) || json_object_get(m, key))
            return -1;
        if (next_is(k, "ask"))
            v = json_string("ask");
        else if (strcmp(w, "evade") == 0 || strcmp(w, "cards") == 0)
            v = next_is(k, "never") ? json_string("never")
                : strcmp(w, "evade") == 0 && (x = number(k)) >= 0 ? json_integer(x) : NULL;
        else if (strcmp(w, "reroll") == 0 && next_is(k, "never"))
            v = json_array();
        else
            v = name_list(k, words);
        if (!v)
            return -1;
        json_object_set_new(m, key, v);
    }
    return 0;
}

/* Whether the game of state asks for the Steam Allocation's end now. */
static int asks_steam_done(const json_t *state)
{
    const char *ask = json_string_value(json_object_get(state, "ask"));

    return ask && strcmp(ask, hs_ask_name(HS_ASK_AFTER_FLOW)) == 0;
}

/* The move the tokens say, or NULL. */
static json_t *read_move(struct toks *k, const json_t *state)
{
    const char *verb = peek(k);
    json_t *m;
    int rc = -1, x;

    if (!verb)
        return NULL;
    k->i++;
    if (!strcmp(verb, "done") && asks_steam_done(state))
        verb = "steam_done";
    if (!strcmp(verb, "free_move"))
        verb = "free";
    if (!strcmp(verb, "pilot_power"))
        verb = "power";
    m = json_object();
    if (!strcmp(verb, "hold") || !strcmp(verb, "pass") || !strcmp(verb, "recover") ||
        !strcmp(verb, "loadout_done") || !strcmp(verb, "recon") ||
        !strcmp(verb, "recon_done") || !strcmp(verb, "declare_over") ||
        !strcmp(verb, "fight_on")) {
        json_object_set_new(m, "type", json_string(verb));
        rc = peek(k) ? -1 : 0;
    } else if (!strcmp(verb, "place")) {
        json_object_set_new(m, "type", json_string("place"));
        next_is(k, "sector");
        if ((x = number(k)) >= 0) {
            json_object_set_new(m, "sector", json_integer(x));
            rc = peek(k) ? -1 : 0;
        }
    } else if (!strcmp(verb, "move")) {
        json_object_set_new(m, "type", json_string("move"));
        if ((x = number(k)) >= 0) {
            json_object_set_new(m, "pay", json_integer(x));
            next_is(k, "sector");
            if ((x = number(k)) >= 0) {
                json_object_set_new(m, "sector", json_integer(x));
                rc = peek(k) ? -1 : 0;
            }
        }
    } else if (!strcmp(verb, "buy")) {
        json_object_set_new(m, "type", json_string("buy"));
        next_is(k, "slot");
        if ((x = number(k)) >= 0) {
            json_object_set_new(m, "slot", json_integer(x));
            rc = peek(k) ? -1 : 0;
        }
    } else if (!strcmp(verb, "reroll")) {
        static const char *const ch[] = {"keep", "reroll", "legs", NULL};

        json_object_set_new(m, "type", json_string("reroll"));
        if (is_word(peek(k), ch)) {
            json_object_set_new(m, "choice", json_string(k->t[k->i++]));
            rc = peek(k) ? -1 : 0;
        }
    } else if (!strcmp(verb, "card") || !strcmp(verb, "event") || !strcmp(verb, "power")) {
        json_object_set_new(m, "type", json_string(!strcmp(verb, "power") ? "pilot_power"
                                                                           : verb));
        rc = 0;
        if (!strcmp(verb, "card"))
            rc = name(k) ? json_object_set_new(m, "card", json_string(k->t[k->i - 1])) : -1;
        /* an event's answer is always a choice object; a card's or a power's
         * only when something is chosen */
        if (rc == 0 && (peek(k) || !strcmp(verb, "event"))) {
            json_t *choice = json_object();

            json_object_set_new(m, "choice", choice);
            rc = read_choice(k, choice);
        }
    } else {
        static const struct {
            const char *verb, *type;
            int (*read)(struct toks *, json_t *);
        } by[] = {{"attack", "attack", read_attack},  {"evade", "evade", read_evade},
                  {"damage", "damage", read_damage},  {"flow", "flow", read_flow},
                  {"done", "done", read_done},        {"steam_done", "steam_done", read_steam_done},
                  {"free", "free_move", read_free},   {"pilot", "pilot", read_pilot},
                  {"loadout", "loadout", read_loadout},
                  {"orders", "orders", read_orders},
                  {"place_steam", "place_steam", read_place_steam}};

        for (size_t j = 0; j < sizeof by / sizeof by[0]; j++)
            if (!strcmp(verb, by[j].verb)) {
                json_object_set_new(m, "type", json_string(by[j].type));
                rc = by[j].read(k, m);
                break;
            }
    }
    if (rc < 0) {
        json_decref(m);
        return NULL;
    }
    return m;
}

/* A move typed as JSON: an object with a string "type". */
static json_t *read_json(const char *text)
{
    json_t *m = json_loads(text, JSON_REJECT_DUPLICATES, NULL);

    if (!json_is_object(m) || !json_is_string(json_object_get(m, "type"))) {
        json_decref(m);
        return NULL;
    }
    return m;
}

json_t *hs_text_parse(const json_t *state, int seat, const char *text,
                      struct rules_error *err)
{
    struct toks *k;
    json_t *m = NULL;
    const char *p = text ? text : "";

    (void)seat;
    while (is_sep(*p))
        p++;
    if (*p == '{') {
        if ((m = read_json(p)))
            return m;
    } else if ((k = malloc(sizeof *k))) {
        if (split(p, k) == 0)
            m = read_move(k, state);
        free(k);
        if (m)
            return m;
    }
    {
        size_t len = strcspn(p, " \t\r\n`(");
        const char *verb = NULL;

        for (size_t j = 0; j < sizeof forms / sizeof forms[0]; j++)
            if (strlen(forms[j].verb) == len && strncasecmp(p, forms[j].verb, len) == 0)
                verb = forms[j].form;
        if (verb)
            rules_fail(err, "unreadable_move", RULE_TEXT, "This move is typed %s "
                       "(squares as station.n), e.g. hold, move 2 sector 3.", verb);
        else
            rules_fail(err, "unreadable_move", RULE_TEXT, "Moves are typed hold, pass, "
                       "move, done, attack, evade, reroll, damage, flow, steam_done, buy, "
                       "free, card, event, power, loadout, loadout_done, pilot or orders, as "
                       "RULINGS HS-R-131 "
                       "writes them, e.g. attack torso 1; or as JSON.");
    }
    return NULL;
}

/* ---- writing --------------------------------------------------------- */

static int is_int(const json_t *v)
{
    return json_is_integer(v) && json_integer_value(v) >= 0 &&
           json_integer_value(v) <= NUMBER_MAX;
}

/* " id.n" of o[a], o[b]; -1 when they are not a station and a square. */
static int put_sq(struct text_buf *t, const json_t *o, const char *a, const char *b)
{
    const char *id = json_string_value(json_object_get(o, a));

    if (!id || !is_int(json_object_get(o, b)))
        return -1;
    text_buf_printf(t, "%s.%d", id, (int)json_integer_value(json_object_get(o, b)));
    return 0;
}

/* "id.n" of an [id, n] pair. */
static int put_pair(struct text_buf *t, const json_t *p)
{
    const char *id = json_string_value(json_array_get(p, 0));

    if (!id || json_array_size(p) != 2 || !is_int(json_array_get(p, 1)))
        return -1;
    text_buf_printf(t, "%s.%d", id, (int)json_integer_value(json_array_get(p, 1)));
    return 0;
}

static void put_list_names(struct text_buf *t, const json_t *a, const char *sep)
{
    size_t j;
    json_t *v;

    if (json_array_size(a) == 0)
        text_buf_printf(t, " none");
    json_array_foreach(a, j, v)
        text_buf_printf(t, "%s%.40s", j ? sep : " ", json_string_value(v) ? json_string_value(v) : "?");
}

/* The clauses of a choice object. Anything unknown is left to the check
 * by reading back. */
static void put_choice(struct text_buf *t, const json_t *c)
{
    const char *key;
    json_t *v, *o;
    size_t j;

    if (json_is_object(c) && json_object_size(c) == 0)
        text_buf_printf(t, " none");

    json_object_foreach((json_t *)c, key, v) {
        text_buf_printf(t, " %.20s", key);
        if (json_is_integer(v) || json_is_string(v)) {
            if (json_is_integer(v))
                text_buf_printf(t, " %lld", (long long)json_integer_value(v));
            else
                text_buf_printf(t, " %.40s", json_string_value(v));
            continue;
        }
        if (!strcmp(key, "shield") || !strcmp(key, "give")) {
            put_list_names(t, v, " ");
            continue;
        }
        if (json_array_size(v) == 0)
            text_buf_printf(t, " none");
        json_array_foreach(v, j, o) {
            text_buf_printf(t, " ");
            if (!strcmp(key, "steps")) {
                put_sq(t, o, "from_station", "from_square");
                text_buf_printf(t, ">");
            }
            put_sq(t, o, strcmp(key, "steps") ? "station" : "to_station",
                   strcmp(key, "steps") ? "square" : "to_square");
            if (strcmp(key, "steps") && json_object_get(o, "to_station")) {
                text_buf_printf(t, ">");
                put_sq(t, o, "to_station", "to_square");
            }
        }
    }
}

static void put_battle_card(struct text_buf *t, const json_t *m)
{
    const json_t *c = json_object_get(m, "battle_card");

    if (!c)
        return;
    text_buf_printf(t, " card %.40s", json_string_value(c) ? json_string_value(c) : "?");
    put_choice(t, json_object_get(m, "choice"));
}

static void put_int(struct text_buf *t, const char *word, const json_t *v)
{
    if (v)
        text_buf_printf(t, " %s %lld", word, (long long)json_integer_value(v));
}

static void write_move(struct text_buf *t, const json_t *m)
{
    const char *type = json_string_value(json_object_get(m, "type"));
    json_t *v, *o;
    const char *key;
    size_t j;

#define GET(k) json_object_get(m, k)
    if (!strcmp(type, "hold") || !strcmp(type, "pass") || !strcmp(type, "recover") ||
        !strcmp(type, "recon") || !strcmp(type, "recon_done") ||
        !strcmp(type, "declare_over") || !strcmp(type, "fight_on")) {
        text_buf_printf(t, "%s", type);
    } else if (!strcmp(type, "place")) {
        text_buf_printf(t, "place %lld", (long long)json_integer_value(GET("sector")));
    } else if (!strcmp(type, "place_steam")) {
        text_buf_printf(t, "place_steam");
        json_array_foreach(GET("squares"), j, o) {
            text_buf_printf(t, " ");
            put_pair(t, o);
        }
    } else if (!strcmp(type, "move")) {
        text_buf_printf(t, "move %lld sector %lld", (long long)json_integer_value(GET("pay")),
                        (long long)json_integer_value(GET("sector")));
    } else if (!strcmp(type, "buy")) {
        text_buf_printf(t, "buy %lld", (long long)json_integer_value(GET("slot")));
    } else if (!strcmp(type, "reroll")) {
        text_buf_printf(t, "reroll %.10s", json_string_value(GET("choice")) ? json_string_value(GET("choice")) : "?");
    } else if (!strcmp(type, "attack")) {
        text_buf_printf(t, "attack");
        if (GET("unit"))
            put_int(t, "unit", GET("unit"));
        else
            text_buf_printf(t, " %.20s", json_string_value(GET("mount")) ? json_string_value(GET("mount")) : "?");
        if (GET("target_unit"))
            put_int(t, "unit", GET("target_unit"));
        else
            text_buf_printf(t, " %lld", (long long)json_integer_value(GET("target")));
        put_int(t, "hotshot", GET("hotshot"));
        put_int(t, "boost", GET("boost"));
        put_battle_card(t, m);
    } else if (!strcmp(type, "evade")) {
        text_buf_printf(t, "evade %lld", (long long)json_integer_value(GET("board")));
        if ((v = GET("card")))
            text_buf_printf(t, " weapon %.20s", json_is_null(v) ? "none" : json_string_value(v) ? json_string_value(v) : "?");
        put_battle_card(t, m);
    } else if (!strcmp(type, "damage")) {
        text_buf_printf(t, "damage");
        json_array_foreach(GET("picks"), j, o) {
            text_buf_printf(t, " ");
            put_sq(t, o, "station", "square");
            if ((v = json_object_get(o, "to"))) {
                text_buf_printf(t, ">");
                put_pair(t, v);
            }
        }
    } else if (!strcmp(type, "flow")) {
        text_buf_printf(t, "flow");
        json_object_foreach(GET("white"), key, v)
            text_buf_printf(t, " %.40s %lld", key, (long long)json_integer_value(v));
        if (json_object_size(GET("red")))
            text_buf_printf(t, " red");
        json_object_foreach(GET("red"), key, v)
            text_buf_printf(t, " %.40s %lld", key, (long long)json_integer_value(v));
    } else if (!strcmp(type, "done")) {
        text_buf_printf(t, "done");
        for (int u = 0; u < 2; u++)
            if ((o = GET(u ? "cannon" : "infantry")))
                text_buf_printf(t, " %s %lld to %lld", u ? "cannon" : "infantry",
                                (long long)json_integer_value(json_object_get(o, "unit")),
                                (long long)json_integer_value(json_object_get(o, "sector")));
        if ((o = GET("pilot_step"))) {
            text_buf_printf(t, " step ");
            put_pair(t, json_object_get(o, "from"));
            text_buf_printf(t, ">");
            put_pair(t, json_object_get(o, "to"));
        }
    } else if (!strcmp(type, "steam_done")) {
        text_buf_printf(t, "steam_done");
        if ((v = GET("shutdown"))) {
            text_buf_printf(t, " shutdown");
            put_list_names(t, v, " ");
        }
        if ((v = GET("repairs")) && json_array_size(v) == 0)
            text_buf_printf(t, " repair none");
        json_array_foreach(v, j, o) {
            json_t *p;
            size_t q;

            text_buf_printf(t, " repair");
            json_array_foreach(o, q, p) {
                text_buf_printf(t, " ");
                put_pair(t, p);
            }
        }
    } else if (!strcmp(type, "free_move")) {
        text_buf_printf(t, "free");
        json_array_foreach(GET("steps"), j, o) {
            text_buf_printf(t, " ");
            put_pair(t, json_object_get(o, "from"));
            text_buf_printf(t, ">");
            put_pair(t, json_object_get(o, "to"));
        }
    } else if (!strcmp(type, "card") || !strcmp(type, "event") ||
               !strcmp(type, "pilot_power")) {
        text_buf_printf(t, "%s", !strcmp(type, "pilot_power") ? "power" : type);
        if (!strcmp(type, "card"))
            text_buf_printf(t, " %.40s", json_string_value(GET("card")) ? json_string_value(GET("card")) : "?");
        /* an event's answer always has a choice: none is "event" alone */
        if (strcmp(type, "event") || json_object_size(GET("choice")))
            put_choice(t, GET("choice"));
    } else if (!strcmp(type, "pilot")) {
        text_buf_printf(t, "pilot");
        if (GET("pilot"))
            text_buf_printf(t, " %.40s", json_string_value(GET("pilot")) ? json_string_value(GET("pilot")) : "?");
        json_object_foreach(GET("charge"), key, v)
            text_buf_printf(t, " %.20s %lld", key, (long long)json_integer_value(v));
    } else if (!strcmp(type, "loadout")) {
        text_buf_printf(t, "loadout");
        for (int q = 0; q < HS_MOUNTS; q++)
            if ((v = GET(hs_mount_names[q])))
                text_buf_printf(t, " %s %.40s", hs_mount_names[q],
                                json_is_null(v) ? "none" : json_string_value(v) ? json_string_value(v) : "?");
    } else if (!strcmp(type, "loadout_done")) {
        text_buf_printf(t, "loadout_done");
    } else if (!strcmp(type, "orders")) {
        static const char *const keys[] = {"evade", "cards_when_attacked", "damage", "reroll"};

        text_buf_printf(t, "orders");
        for (int q = 0; q < 4; q++) {
            if (!(v = GET(keys[q])))
                continue;
            text_buf_printf(t, " %s", q == 1 ? "cards" : keys[q]);
            if (json_is_string(v))
                text_buf_printf(t, " %.10s", json_string_value(v));
            else if (json_is_integer(v))
                text_buf_printf(t, " %lld", (long long)json_integer_value(v));
            else
                put_list_names(t, v, ",");
        }
    } else {
        t->failed = 1;
    }
#undef GET
}

char *hs_text_move(const json_t *move)
{
    struct text_buf t = {0};
    const char *type = json_string_value(json_object_get(move, "type"));
    json_t *back = NULL;

    if (type && json_is_object(move)) {
        struct toks *k = malloc(sizeof *k);

        write_move(&t, move);
        /* what the reader would not give back whole is written as JSON */
        if (k && !t.failed && t.p && split(t.p, k) == 0)
            back = read_move(k, NULL);
        free(k);
    }
    if (!back || !json_equal(back, move)) {
        free(t.p);
        json_decref(back);
        return json_dumps(move, JSON_COMPACT | JSON_SORT_KEYS);
    }
    json_decref(back);
    return t.p;
}
