/*
 * text_view.c - Heavy Steam's view as Markdown and its legal moves as
 * lines (text.h; RULINGS.md HS-R-131). Both are drawn from what the seat
 * may see: the view from hs_view_build() for the seat, the lines from the
 * seat's own legal moves; the catalog adds only printed facts (a board's
 * name and pressure box size, a slot's cost).
 */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text_buf.h"
#include "cards.h"
#include "game.h"
#include "loadouts.h"
#include "pilots.h"
#include "round.h"
#include "view.h"

#define ELLIPSIS "\xe2\x80\xa6"       /* "…" */
#define DOT " \xc2\xb7 "              /* " · " */
#define HOLE_MAX 12                   /* alternatives written in one hole */

static struct hs_game *loaded(const json_t *state)
{
    struct hs_game *g = malloc(sizeof *g);

    if (g && hs_game_load(g, state, NULL)) {
        free(g);
        g = NULL;
    }
    return g;
}

/* Cuts t to at most max bytes at a line's end, marking the cut. */
static void cut(struct text_buf *t, size_t max)
{
    size_t n;

    if (t->failed || !t->p || t->n <= max)
        return;
    n = max - strlen(ELLIPSIS) - 1;
    while (n > 0 && t->p[n - 1] != '\n')
        n--;
    memcpy(t->p + n, ELLIPSIS "\n", strlen(ELLIPSIS) + 2);
    t->n = n + strlen(ELLIPSIS) + 1;
}

static char *finish(struct text_buf *t)
{
    if (t->failed) {
        free(t->p);
        return NULL;
    }
    return t->p ? t->p : calloc(1, 1);
}

static const char *str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));

    return s ? s : "";
}

static int num(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

/* ---- the view -------------------------------------------------------- */

static void titan_lines(struct text_buf *t, const json_t *v, int i)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const json_t *ti = json_array_get(json_object_get(v, "titans"), (size_t)i);
    int owner = num(ti, "owner"), b = hs_catalog_titan(cat, str(ti, "board"));
    const json_t *seat = json_array_get(json_object_get(v, "seats"), (size_t)owner);
    const char *key, *pr = str(ti, "pressure");
    json_t *s;
    int steam = 0, shield = 0, dmg = 0, first = 1;

    text_buf_printf(t, "**Seat %d** (%s%s%s) %s, sector %d", owner,
                    json_string_value(json_array_get(json_object_get(v, "team_faction"),
                                                     (size_t)num(seat, "team"))),
                    json_string_value(json_object_get(seat, "pilot")) ? ", " : "",
                    str(seat, "pilot"), b >= 0 ? cat->titan[b].name : str(ti, "board"),
                    num(ti, "sector"));
    if (json_is_string(json_object_get(ti, "terrain")))
        text_buf_printf(t, ", terrain %s (%d dmg)", str(ti, "terrain"),
                        num(ti, "terrain_damage"));
    if (json_is_true(json_object_get(ti, "destroyed")))
        text_buf_printf(t, ", **destroyed**");
    text_buf_printf(t, "\n");
    /* the loadouts stage: the team's choices, whether each seat is done */
    if (json_object_get(seat, "loadout_done")) {
        const json_t *l = json_object_get(seat, "loadout");

        text_buf_printf(t, "- loadout%s", json_is_object(l) ? ":" : " secret");
        for (int m = 0; json_is_object(l) && m < HS_MOUNTS; m++)
            text_buf_printf(t, "%s%s %s", m ? DOT : " ", hs_mount_names[m],
                            json_string_value(json_object_get(l, hs_mount_names[m]))
                                ? str(l, hs_mount_names[m]) : "none");
        text_buf_printf(t, " (%s)\n", json_is_true(json_object_get(seat, "loadout_done"))
                                          ? "done" : "choosing");
    }
    json_object_foreach(json_object_get(ti, "stations"), key, s)
        for (const char *c = json_string_value(s); c && *c; c++) {
            steam += *c == 's';
            shield += *c == 'b';
            dmg += *c == 'd';
        }
    text_buf_printf(t, "- steam %d" DOT "shields %d" DOT "damage %d" DOT "reserve %d\n",
                    steam, shield, dmg, num(ti, "reserve"));
    text_buf_printf(t, "- pressure %d/%d [%s] (s steam, h heat, bottom first)\n",
                    (int)strlen(pr), b >= 0 ? cat->titan[b].capacity : 0, pr);
    /* steam and damage station by station, the stations with either */
    text_buf_printf(t, "- ");
    json_object_foreach(json_object_get(ti, "stations"), key, s) {
        int st = 0, d = 0;

        for (const char *c = json_string_value(s); c && *c; c++) {
            st += *c == 's';
            d += *c == 'd';
        }
        if (!st && !d)
            continue;
        text_buf_printf(t, "%s%s %d", first ? "" : ", ", key, st);
        if (d)
            text_buf_printf(t, "+%dd", d);
        first = 0;
    }
    text_buf_printf(t, "%s\n", first ? "no steam" : "");
}

char *hs_text_view(const json_t *state, int seat)
{
    struct text_buf t = {0};
    struct hs_game *g = loaded(state);
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *v, *q, *bc, *x;
    size_t i;

    if (!g)
        return strdup("This game's state cannot be read.");
    v = hs_view_build(g, seat);
    seat = num(v, "seat");
    q = json_object_get(v, "question");
    text_buf_printf(&t, "**Heavy Steam** round %d, %s", g->round,
                    g->stage == HS_STAGE_ROUND ? hs_phase_name(g->phase)
                                               : hs_stage_name(g->stage));
    text_buf_printf(&t, " phase%s\n", seat >= 0 ? "" : " (spectator)");
    if (g->stage == HS_STAGE_OVER)
        text_buf_printf(&t, "Game over: the %s team wins.\n",
                        hs_faction_name((enum hs_faction)g->team_faction[g->winner_team]));
    else if (num(q, "seat") >= 0)
        text_buf_printf(&t, "Asked: **seat %d** (%s). %s\n", num(q, "seat"), str(q, "ask"),
                        str(q, "why"));
    else
        text_buf_printf(&t, "Asked: every seat still to choose. %s\n", str(q, "why"));
    if (seat >= 0)
        text_buf_printf(&t, "You are seat %d.\n", seat);
    bc = json_object_get(v, "battle_cards");
    text_buf_printf(&t, "Track:");
    json_array_foreach(json_object_get(bc, "track"), i, x)
        if (json_is_string(x))
            text_buf_printf(&t, " %zu %s $%d%s", i, json_string_value(x),
                            hs_card_price(g, (int)i),
                            i + 1 < json_array_size(json_object_get(bc, "track")) ? ";" : "");
    text_buf_printf(&t, "\nDeck %d" DOT "hands", num(bc, "deck"));
    json_array_foreach(json_object_get(bc, "hands"), i, x)
        text_buf_printf(&t, " %lld", (long long)json_integer_value(x));
    /* Recon in Force: the piles' counts, the side's own cards (HS-R-174) */
    if (json_object_get(bc, "recon")) {
        text_buf_printf(&t, DOT "recon piles");
        json_array_foreach(json_object_get(bc, "recon"), i, x)
            text_buf_printf(&t, " %lld", json_is_array(x) ? (long long)json_array_size(x)
                                                          : (long long)json_integer_value(x));
        json_array_foreach(json_object_get(bc, "recon_pile"), i, x)
            text_buf_printf(&t, "%s%s", i ? ", " : " (yours: ", json_string_value(x));
        text_buf_printf(&t, "%s", json_array_size(json_object_get(bc, "recon_pile")) ? ")" : "");
    }
    text_buf_printf(&t, "\n");
    if (seat >= 0) {
        const json_t *me = json_array_get(json_object_get(v, "seats"), (size_t)seat);
        char *o;

        text_buf_printf(&t, "Your hand:");
        json_array_foreach(json_object_get(bc, "hand"), i, x) {
            int c = hs_catalog_battle(cat, json_string_value(x));

            text_buf_printf(&t, "%s%s", i ? ", " : " ", json_string_value(x));
            if (c >= 0 && cat->battle[c].phase != HS_PH_NONE)
                text_buf_printf(&t, " (%s)", hs_phase_name(cat->battle[c].phase));
        }
        text_buf_printf(&t, "%s\n", json_array_size(json_object_get(bc, "hand")) ? "" : " none");
        /* a teammate's hand, which the team sees (HS-R-154) */
        json_array_foreach(json_object_get(bc, "teammates"), i, x) {
            const json_t *h = json_object_get(x, "hand"), *c;
            size_t k;

            text_buf_printf(&t, "Seat %d's hand (your team):",
                            (int)json_integer_value(json_object_get(x, "seat")));
            json_array_foreach(h, k, c)
                text_buf_printf(&t, "%s%s", k ? ", " : " ", json_string_value(c));
            text_buf_printf(&t, "%s\n", json_array_size(h) ? "" : " none");
        }
        /* the view's orders have no "type": with one they are the move */
        {
            json_t *m = json_deep_copy(json_object_get(me, "orders"));

            json_object_set_new(m, "type", json_string("orders"));
            o = hs_text_move(m);
            json_decref(m);
            text_buf_printf(&t, "Your orders: `%.300s`\n", o ? o : "?");
            free(o);
        }
    }
    /* the board last: with four titans it is the part a cut shortens */
    for (int k = 0; k < g->ntitans; k++)
        titan_lines(&t, v, k);
    if (json_array_size(json_object_get(v, "units"))) {
        text_buf_printf(&t, "Units:");
        json_array_foreach(json_object_get(v, "units"), i, x)
            text_buf_printf(&t, "%s%zu %s (seat %d) sector %d%s", i ? ", " : " ", i,
                            str(x, "kind"), num(x, "owner"), num(x, "sector"),
                            /* Frontline Fight's marks (HS-R-192, HS-R-193) */
                            json_is_true(json_object_get(x, "white_cube"))   ? " white"
                            : json_is_true(json_object_get(x, "black_cube")) ? " black"
                                                                             : "");
        text_buf_printf(&t, "\n");
    }
    if (g->scenario == 3 && (x = json_object_get(v, "scenario_state"))) {
        json_t *sec = json_object_get(x, "sectors"), *c = json_object_get(x, "carrier");
        int lo = (int)json_integer_value(json_array_get(sec, 0));
        int hi = (int)json_integer_value(json_array_get(sec, 1));

        /* Critical Recovery (HS-R-180, HS-R-183) */
        text_buf_printf(&t, "Dirigible in sector %d", lo);
        if (hi != lo)
            text_buf_printf(&t, " and %d", hi);
        if (json_is_integer(c))
            text_buf_printf(&t, ", carried by seat %d", (int)json_integer_value(c));
        text_buf_printf(&t, "\n");
    }
    if (json_array_size(json_object_get(v, "smoke_sectors"))) {
        text_buf_printf(&t, "Smoke in sector");
        json_array_foreach(json_object_get(v, "smoke_sectors"), i, x)
            text_buf_printf(&t, " %lld", (long long)json_integer_value(x));
        text_buf_printf(&t, "\n");
    }
    json_decref(v);
    free(g);
    cut(&t, RULES_TEXT_VIEW_MAX);
    return finish(&t);
}

/* ---- the moves as lines ---------------------------------------------- */

/* "<a|b|...>" of the values of a (numbers, strings, or {station, square}
 * objects as squares); "..." after it when more may be chosen. */
static void hole(struct text_buf *t, const json_t *a, int many)
{
    size_t i;
    json_t *x;

    text_buf_printf(t, "<");
    json_array_foreach(a, i, x) {
        if (i == HOLE_MAX) {
            text_buf_printf(t, "|" ELLIPSIS);
            break;
        }
        if (i)
            text_buf_printf(t, "|");
        if (json_is_integer(x))
            text_buf_printf(t, "%lld", (long long)json_integer_value(x));
        else if (json_is_string(x))
            text_buf_printf(t, "%.40s", json_string_value(x));
        else if (json_is_null(x))
            text_buf_printf(t, "none");
        else if (json_is_array(x))
            text_buf_printf(t, "%.40s.%lld", json_string_value(json_array_get(x, 0))
                                                 ? json_string_value(json_array_get(x, 0)) : "?",
                            (long long)json_integer_value(json_array_get(x, 1)));
        else if (json_object_get(x, "unit"))
            text_buf_printf(t, "%d", num(x, "unit"));
        else if (json_object_get(x, "location"))
            text_buf_printf(t, "%s", str(x, "location"));
        else
            text_buf_printf(t, "%.40s.%d", str(x, "station"), num(x, "square"));
    }
    text_buf_printf(t, ">%s", many ? "..." : "");
}

/* A choice's clauses from its options (effects.h's keys). */
static void choice_pattern(struct text_buf *t, const json_t *o)
{
    static const char *const lists[] = {"steam", "damage", "repair", "shield", "give", NULL};
    json_t *a;

    if (json_is_array(o)) {
        size_t i;
        json_t *x;

        json_array_foreach(o, i, x)
            choice_pattern(t, x);
        return;
    }
    for (int k = 0; lists[k]; k++)
        if ((a = json_object_get(o, lists[k])) && json_array_size(a)) {
            text_buf_printf(t, " %s ", lists[k]);
            hole(t, a, 1);
        }
    if ((a = json_object_get(o, "unit")) && json_array_size(a)) {
        text_buf_printf(t, " unit ");
        hole(t, a, 0);
        text_buf_printf(t, " sector <0-%d>", HS_SECTORS - 1);
    }
    if ((a = json_object_get(o, "sector")) && json_array_size(a)) {
        text_buf_printf(t, " sector ");
        hole(t, a, 0);
    }
    if ((a = json_object_get(o, "terrain")) && json_array_size(a)) {
        text_buf_printf(t, " terrain ");
        hole(t, a, 0);
    }
    if ((a = json_object_get(o, "from")) && json_array_size(a) &&
        json_array_size(json_object_get(o, "to"))) {
        text_buf_printf(t, " steps ");
        hole(t, a, 0);
        text_buf_printf(t, ">");
        hole(t, json_object_get(o, "to"), 0);
    }
    if ((a = json_object_get(o, "opponent")) && json_array_size(a) > 1) {
        text_buf_printf(t, " opponent ");
        hole(t, a, 0);
    }
}

/* A shape's line: the move with each hole as a pattern. */
static void shape_line(struct text_buf *t, const json_t *e)
{
    const char *type = str(e, "type");
    json_t *v, *w;
    const char *key;

    if (!strcmp(type, "attack")) {
        text_buf_printf(t, "attack");
        if (json_object_get(e, "unit"))
            text_buf_printf(t, " unit %d", num(e, "unit"));
        else
            text_buf_printf(t, " %s", str(e, "mount"));
        if (json_object_get(e, "target_unit"))
            text_buf_printf(t, " unit %d", num(e, "target_unit"));
        else
            text_buf_printf(t, " %d", num(e, "target"));
        if ((v = json_object_get(e, "hotshot")))
            text_buf_printf(t, " hotshot <%d-%d>", num(v, "min"), num(v, "max"));
        if ((v = json_object_get(e, "boost"))) {
            text_buf_printf(t, " boost ");
            hole(t, json_object_get(v, "of"), 0);
        }
    } else if (!strcmp(type, "evade")) {
        v = json_object_get(e, "board");
        text_buf_printf(t, "evade ");
        if (json_is_integer(v))
            text_buf_printf(t, "%d", num(e, "board"));
        else
            hole(t, json_object_get(v, "of"), 0);
        if ((v = json_object_get(e, "card"))) {
            text_buf_printf(t, " [weapon ");
            hole(t, json_object_get(v, "of"), 0);
            text_buf_printf(t, "]");
        }
    } else if (!strcmp(type, "flow")) {
        text_buf_printf(t, "flow");
        json_object_foreach(json_object_get(e, "white"), key, v)
            text_buf_printf(t, " %s <0-%d>", key, num(v, "max"));
        w = json_object_get(e, "red");
        {
            int any = 0;

            json_object_foreach(w, key, v)
                if (num(v, "max") > 0) {
                    text_buf_printf(t, "%s %s <0-%d>", any ? "" : " [red", key, num(v, "max"));
                    any = 1;
                }
            if (any)
                text_buf_printf(t, "]");
        }
        text_buf_printf(t, "  (%d cube%s from %s%s)", num(e, "cubes"),
                        num(e, "cubes") == 1 ? "" : "s", str(e, "station"),
                        json_is_true(json_object_get(e, "must")) ? ", all must move" : "");
        return;
    } else if (!strcmp(type, "damage")) {
        v = json_object_get(e, "picks");
        text_buf_printf(t, "damage ");
        hole(t, json_object_get(v, "of"), 1);
        text_buf_printf(t, "  (%d to %d squares; a square holding steam names where it "
                           "goes: a.n>b.m)", num(v, "min"), num(v, "max"));
        return;
    } else if (!strcmp(type, "done")) {
        text_buf_printf(t, "done");
        for (int u = 0; u < 2; u++)
            if ((v = json_object_get(e, u ? "cannon" : "infantry"))) {
                json_t *of = json_object_get(v, "of"), *x;
                size_t i;

                text_buf_printf(t, " [%s <", u ? "cannon" : "infantry");
                json_array_foreach(of, i, x)
                    text_buf_printf(t, "%s%d to %d", i ? "|" : "", num(x, "unit"),
                                    num(x, "sector"));
                text_buf_printf(t, ">]");
            }
        if ((v = json_object_get(e, "pilot_step"))) {
            text_buf_printf(t, " [step ");
            hole(t, json_object_get(json_object_get(v, "from"), "of"), 0);
            text_buf_printf(t, ">");
            hole(t, json_object_get(json_object_get(v, "to"), "of"), 0);
            text_buf_printf(t, "]");
        }
        return;
    } else if (!strcmp(type, "steam_done")) {
        text_buf_printf(t, "steam_done");
        v = json_object_get(e, "shutdown");
        if (json_array_size(json_object_get(v, "of"))) {
            text_buf_printf(t, " [shutdown ");
            hole(t, json_object_get(v, "of"), 1);
            text_buf_printf(t, "]");
        }
        v = json_object_get(e, "repairs");
        if (num(v, "max") > 0 && json_array_size(json_object_get(v, "of"))) {
            text_buf_printf(t, " [repair ");
            hole(t, json_object_get(v, "of"), 1);
            text_buf_printf(t, "]...  (up to %d repairs, %d squares each)", num(v, "max"),
                            num(v, "removes"));
        }
        return;
    } else if (!strcmp(type, "free_move")) {
        v = json_object_get(e, "steps");
        text_buf_printf(t, "free [");
        hole(t, json_object_get(json_object_get(v, "from"), "of"), 0);
        text_buf_printf(t, ">");
        hole(t, json_object_get(json_object_get(v, "to"), "of"), 0);
        text_buf_printf(t, "]...  (up to 2 cubes)");
        return;
    } else if (!strcmp(type, "card")) {
        text_buf_printf(t, "card %s", str(e, "card"));
        choice_pattern(t, json_object_get(e, "choice"));
        return;
    } else if (!strcmp(type, "event") || !strcmp(type, "pilot_power")) {
        text_buf_printf(t, "%s", !strcmp(type, "event") ? "event" : "power");
        choice_pattern(t, json_object_get(e, "choice"));
        return;
    } else if (!strcmp(type, "loadout")) {
        text_buf_printf(t, "loadout");
        for (int m = 0; m < HS_MOUNTS; m++) {
            text_buf_printf(t, " [%s ", hs_mount_names[m]);
            hole(t, json_object_get(json_object_get(e, hs_mount_names[m]), "of"), 0);
            text_buf_printf(t, "]");
        }
        text_buf_printf(t, "  (%d of %d points)", num(e, "spent"), num(e, "points"));
        return;
    } else if (!strcmp(type, "pilot")) {
        text_buf_printf(t, "pilot %s", str(e, "pilot"));
        json_object_foreach(json_object_get(e, "charge"), key, v)
            text_buf_printf(t, " [%s <%d-%d>]", key, num(v, "min"), num(v, "max"));
        return;
    } else {
        char *s = json_dumps(e, JSON_COMPACT);

        text_buf_printf(t, "%.400s", s ? s : "?");
        free(s);
        return;
    }
    /* attack and evade: the battle card played with them */
    if (json_object_get(e, "battle_card")) {
        text_buf_printf(t, " card %s", str(e, "battle_card"));
        choice_pattern(t, json_object_get(e, "choice"));
    }
}

char *hs_text_moves(const json_t *state, int seat)
{
    struct text_buf t = {0}, line = {0};
    struct hs_game *g = loaded(state);
    json_t *list, *e;
    size_t i;

    if (!g)
        return calloc(1, 1);
    if (seat < 0 || seat >= g->nplayers || g->stage == HS_STAGE_OVER) {
        free(g);
        return calloc(1, 1);
    }
    list = g->stage == HS_STAGE_LOADOUTS ? hs_loadout_moves(g, seat)
           : g->stage == HS_STAGE_PILOTS ? hs_pilot_moves(g, seat)
                                         : hs_round_moves(g, seat);
    json_array_foreach(json_object_get(list, "moves"), i, e) {
        line.n = 0;
        if (line.p)
            line.p[0] = 0;
        if (!strcmp(str(e, "form"), "shape")) {
            shape_line(&line, e);
        } else {
            json_t *m = json_deep_copy(e);
            char *s;

            json_object_del(m, "form");
            s = hs_text_move(m);
            text_buf_bytes(&line, s ? s : "?", s ? strlen(s) : 1);
            free(s);
            json_decref(m);
        }
        if (line.p && t.n + line.n + 1 <= HS_TEXT_MOVES_MAX - 160) {
            text_buf_bytes(&t, line.p, line.n);
            text_buf_bytes(&t, "\n", 1);
        } else if (line.p) {
            text_buf_printf(&t, ELLIPSIS " %zu more\n",
                            json_array_size(json_object_get(list, "moves")) - i);
            break;
        }
    }
    /* standing orders may be set whenever the seat plays (HS-R-126) */
    if (g->stage == HS_STAGE_ROUND && !t.failed)
        text_buf_printf(&t, "orders [evade <ask|never|1>] [cards <ask|never>] "
                            "[damage <ask|shield,vent>] [reroll <ask|none|head,legs>]\n");
    free(line.p);
    json_decref(list);
    free(g);
    if (line.failed)
        t.failed = 1;
    return finish(&t);
}
