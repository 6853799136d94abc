/*
 * game_event.c - the JSON state of what the battle cards leave on the
 * game between moves (game_json.h): the event being resolved, the smoke
 * tokens, the initiative bonus. An event is stored only while it waits
 * for a seat's answer (cards.c resolves it otherwise within one call), so
 * load refuses an event anywhere else.
 */
#include <string.h>

#include "cards.h"
#include "game_json.h"

static const struct hs_battle_card *bcard(const struct hs_game *g, int c)
{
    return &hs_catalog_get()->battle[g->card[c]];
}

static int count_zone(const struct hs_game *g, enum hs_zone z)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == z;
    return n;
}

/* The pending event asks the seat whose turn it is, at a step that asks:
 * a hit rolled with its cubes still owed, or a step that chooses. */
static int check_event(const struct hs_game *g)
{
    const struct hs_effect *e = &bcard(g, g->event)->effect;
    int seats[HS_MAX_PLAYERS], n = hs_seat_order(g, seats);
    const struct hs_step *st;
    const struct hs_titan *t;

    if (g->stage != HS_STAGE_ROUND || g->phase != HS_PH_CARDS ||
        g->zone[g->event] != HS_Z_EVENTS_DONE || bcard(g, g->event)->kind != HS_K_EVENT ||
        g->event_step >= e->nsteps || g->event_turn >= n ||
        g->events_owed > count_zone(g, HS_Z_EVENTS_DONE) || g->ask != HS_ASK_EVENT ||
        g->ask_seat != seats[g->event_turn] || g->attack.active)
        return -1;
    st = &e->step[g->event_step];
    t = &g->titan[g->p[g->ask_seat].titan].cubes;
    if (hs_op_global(st->op) || t->destroyed)
        return -1;
    if (st->op == HS_OP_HIT)
        return g->event_rolled && t->nowed > 0 ? 0 : -1;
    return !g->event_rolled && hs_op_chooses(st->op) ? 0 : -1;
}

static int load_event(struct hs_game *g, const json_t *o)
{
    static const char *const keys[] = {"card", "step", "turn", "rolled", "owed", NULL};
    int b, owed;

    if (json_is_null(o))
        return g->ask == HS_ASK_EVENT ? -1 : 0;
    if (!json_is_object(o) || rules_unknown_key(o, keys) ||
        hs_get_int(o, "step", 0, HS_MAX_STEPS - 1, &g->event_step) ||
        hs_get_int(o, "turn", 0, g->nplayers - 1, &g->event_turn) ||
        hs_get_bool(o, "rolled", &g->event_rolled) ||
        /* the event pending is one of the events owed a draw */
        hs_get_int(o, "owed", 1, HS_MAX_DECK, &owed))
        return -1;
    g->events_owed = owed;
    b = hs_catalog_battle(hs_catalog_get(), json_string_value(json_object_get(o, "card")));
    g->event = -1;
    for (int c = 0; b >= 0 && c < g->ncards && g->event < 0; c++)
        if (g->card[c] == b && g->zone[c] == HS_Z_EVENTS_DONE)
            g->event = c;
    if (g->event < 0)
        return -1;
    g->event_pending = 1;
    return check_event(g);
}

int hs_cards_state_load(struct hs_game *g, const json_t *state)
{
    json_t *smoke = json_object_get(state, "smoke_sectors"), *bonus, *v;
    size_t i;

    if (load_event(g, json_object_get(state, "event")))
        return -1;
    if (!json_is_array(smoke) ||
        json_array_size(smoke) > (size_t)hs_catalog_get()->board.smoke_tokens)
        return -1;
    /* the sectors holding a token, each once, in order */
    json_array_foreach(smoke, i, v) {
        int s = json_is_integer(v) ? (int)json_integer_value(v) : -1;

        if (s < 0 || s >= HS_SECTORS || g->smoke[s] ||
            (i > 0 && s < json_integer_value(json_array_get(smoke, i - 1))))
            return -1;
        g->smoke[s] = 1;
    }
    bonus = json_object_get(state, "initiative_bonus");
    if (!json_is_array(bonus) || json_array_size(bonus) != HS_TEAMS)
        return -1;
    json_array_foreach(bonus, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 99)
            return -1;
        g->initiative_bonus[i] = (int)json_integer_value(v);
    }
    return 0;
}

void hs_cards_state_dump(const struct hs_game *g, json_t *o)
{
    json_t *event = json_null(), *smoke = json_array(), *bonus = json_array();

    if (g->event_pending) {
        event = json_object();
        hs_put_str(event, "card", bcard(g, g->event)->id);
        hs_put_int(event, "step", g->event_step);
        hs_put_int(event, "turn", g->event_turn);
        hs_put_bool(event, "rolled", g->event_rolled);
        hs_put_int(event, "owed", g->events_owed);
    }
    hs_put(o, "event", event);
    for (int s = 0; s < HS_SECTORS; s++)
        if (g->smoke[s])
            json_array_append_new(smoke, json_integer(s));
    hs_put(o, "smoke_sectors", smoke);
    for (int t = 0; t < HS_TEAMS; t++)
        json_array_append_new(bonus, json_integer(g->initiative_bonus[t]));
    hs_put(o, "initiative_bonus", bonus);
}
