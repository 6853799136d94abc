/*
 * timeout.c - the least committal answer for a seat out of time
 * (timeout.h), built from the legal-moves listing so that it is always
 * one of the moves the listing offers.
 */
#include "timeout.h"

#include <string.h>

#include "cards.h"
#include "pilots.h"
#include "round.h"
#include "round_phase.h"
#include "titan_damage.h"

/* The first entry of type in the listing (borrowed), or NULL. */
static const json_t *entry(const json_t *list, const char *type, const char *form)
{
    const json_t *e;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 &&
            (!form || strcmp(json_string_value(json_object_get(e, "form")), form) == 0))
            return e;
    return NULL;
}

/* The entry as a move: its "form" dropped. */
static json_t *as_move(const json_t *e)
{
    json_t *m = e ? json_deep_copy(e) : NULL;

    if (m)
        json_object_del(m, "form");
    return m;
}

static json_t *pilot(const json_t *list)
{
    const json_t *e = entry(list, "pilot", NULL);
    json_t *m = as_move(e), *charge;
    const char *k;
    json_t *v;

    if (!m || !(charge = json_object_get(m, "charge")))
        return m;
    json_object_foreach(charge, k, v)
        json_object_set_new(charge, k, json_integer(0));
    return m;
}

/* Damage: one cube, on the first square listed without steam, else the
 * first whose steam has somewhere to go (the first square offered), else
 * the first (its steam is discarded: no "to"). */
static json_t *damage(const json_t *list)
{
    const json_t *e = entry(list, "damage", NULL), *of, *p, *pick = NULL;
    json_t *one, *to;
    size_t i;
    int best = 3;

    if (!e)
        return NULL;
    of = json_object_get(json_object_get(e, "picks"), "of");
    json_array_foreach(of, i, p) {
        const json_t *t = json_object_get(p, "to");
        int rank = !t ? 0 : json_array_size(json_object_get(t, "of")) > 0 ? 1 : 2;

        if (rank < best) {
            best = rank;
            pick = p;
        }
    }
    if (!pick)
        return NULL;
    one = json_deep_copy(pick);
    if ((to = json_object_get(one, "to"))) {
        if (json_array_size(json_object_get(to, "of")) > 0)
            json_object_set(one, "to", json_array_get(json_object_get(to, "of"), 0));
        else
            json_object_del(one, "to");
    }
    return json_pack("{s:s, s:[o]}", "type", "damage", "picks", one);
}

/* The flow: white squares of non-vent stations, then vents, then red. */
static json_t *flow(const json_t *list)
{
    const json_t *e = entry(list, "flow", NULL), *white, *red, *b;
    json_t *w = json_object(), *r = json_object();
    const char *key;
    int left;

    if (!e) {
        json_decref(w);
        json_decref(r);
        return NULL;
    }
    white = json_object_get(e, "white");
    red = json_object_get(e, "red");
    left = (int)json_integer_value(json_object_get(e, "cubes"));
    for (int pass = 0; pass < 2; pass++)
        json_object_foreach((json_t *)white, key, b) {
            int max = (int)json_integer_value(json_object_get(b, "max"));
            int k = max < left ? max : left;

            if (json_is_true(json_object_get(b, "vent")) != pass || k <= 0)
                continue;
            json_object_set_new(w, key, json_integer(k));
            left -= k;
        }
    json_object_foreach((json_t *)red, key, b) {
        int max = (int)json_integer_value(json_object_get(b, "max"));
        int k = max < left ? max : left;

        if (k <= 0)
            continue;
        json_object_set_new(r, key, json_integer(k));
        left -= k;
    }
    return json_pack("{s:s, s:o, s:o}", "type", "flow", "white", w, "red", r);
}

/* A damage square of an event's options as a pick: {station, square},
 * with to_station and to_square the first square the steam there may go
 * to, white first (the choice's keys, effects.c). */
static json_t *event_pick(const struct hs_titan *t, const json_t *x)
{
    json_t *pick = json_pack("{s:O, s:O}", "station", json_object_get(x, "station"),
                             "square", json_object_get(x, "square"));
    int st = hs_round_station(t, json_object_get(x, "station"));
    int sq = (int)json_integer_value(json_object_get(x, "square"));
    int room[HS_MAX_STATIONS * HS_MAX_SQUARES][2], n, k = 0;

    if (st < 0 || !json_is_true(json_object_get(x, "steam")))
        return pick;
    n = hs_titan_displace_choices(t, st, sq, room);
    for (int i = n - 1; i >= 0; i--)
        if (t->square[room[i][0]][room[i][1]].colour == HS_WHITE)
            k = i;
    if (n > 0) {
        json_object_set_new(pick, "to_station", json_string(t->board->station[room[k][0]].id));
        json_object_set_new(pick, "to_square", json_integer(room[k][1]));
    }
    return pick;
}

/* An event: its first choices, as many as "n"; damage squares without
 * steam first. */
static json_t *event(const struct hs_game *g, int seat)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    json_t *o = hs_event_options(g, seat), *choice = json_object(), *v;
    const char *key;
    int n = (int)json_integer_value(json_object_get(o, "n"));

    if (n < 1)
        n = 1;
    json_object_foreach(o, key, v) {
        json_t *a;

        if (!json_is_array(v) || json_array_size(v) == 0)
            continue;
        if (strcmp(key, "sector") == 0 || strcmp(key, "opponent") == 0 ||
            strcmp(key, "unit") == 0) {
            json_object_set(choice, key, json_array_get(v, 0));
            continue;
        }
        a = json_array();
        for (int dry = 1; dry >= 0; dry--)
            for (size_t i = 0; i < json_array_size(v) && (int)json_array_size(a) < n; i++) {
                const json_t *x = json_array_get(v, i);

                if (!json_is_object(x)) {
                    if (dry)
                        json_array_append(a, (json_t *)x);
                } else if (json_is_true(json_object_get(x, "steam")) != dry) {
                    json_array_append_new(a, event_pick(t, x));
                }
            }
        json_object_set_new(choice, key, a);
    }
    json_decref(o);
    return json_pack("{s:s, s:o}", "type", "event", "choice", choice);
}

json_t *hs_timeout_move(const struct hs_game *g, int seat)
{
    json_t *list, *m = NULL;

    /* the loadout as it stands (HS-R-146) */
    if (g->stage == HS_STAGE_LOADOUTS)
        return g->p[seat].loadout_done ? NULL : json_pack("{s:s}", "type", "loadout_done");
    if (g->stage == HS_STAGE_PILOTS) {
        list = hs_pilot_moves(g, seat);
        m = pilot(list);
        json_decref(list);
        return m;
    }
    if (g->stage != HS_STAGE_ROUND || g->ask_seat != seat)
        return NULL;
    list = hs_round_moves(g, seat);
    switch (g->ask) {
    case HS_ASK_MOVE: m = as_move(entry(list, "hold", NULL)); break;
    case HS_ASK_AFTER_MOVE: m = json_pack("{s:s}", "type", "done"); break;
    case HS_ASK_ATTACK: m = as_move(entry(list, "pass", NULL)); break;
    case HS_ASK_EVADE: m = json_pack("{s:s, s:i}", "type", "evade", "board", 0); break;
    case HS_ASK_REROLL: m = json_pack("{s:s, s:s}", "type", "reroll", "choice", "keep"); break;
    case HS_ASK_DAMAGE:
    case HS_ASK_LAST_CUBE: m = damage(list); break;
    case HS_ASK_FLOW: m = flow(list); break;
    case HS_ASK_AFTER_FLOW: m = as_move(entry(list, "steam_done", "move")); break;
    case HS_ASK_BUY:
    case HS_ASK_PLAY: m = as_move(entry(list, "pass", NULL)); break;
    case HS_ASK_FREE_MOVE: m = as_move(entry(list, "free_move", "move")); break;
    case HS_ASK_EVENT: m = event(g, seat); break;
    default: {
        /* a scenario's question: its listing's least committal move first */
        const json_t *e;
        size_t i;

        json_array_foreach(json_object_get(list, "moves"), i, e)
            if (!m && strcmp(json_string_value(json_object_get(e, "form")), "move") == 0)
                m = as_move(e);
        break;
    }
    }
    json_decref(list);
    return m;
}
