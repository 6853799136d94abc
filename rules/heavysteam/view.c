/*
 * view.c - a seat's view of a Heavy Steam game and its status (view.h).
 *
 * The view is the state with its secrets taken out, so that everything
 * public in the state is in the view by construction.
 */
#include "view.h"

#include <stdio.h>
#include <string.h>

#include "loadouts.h"
#include "orders.h"
#include "scenario.h"

static void redact_cards(const struct hs_game *g, json_t *bc, int seat)
{
    json_t *hands = json_array();

    for (int s = 0; s < g->nplayers; s++) {
        int n = 0;

        for (int c = 0; c < g->ncards; c++)
            n += g->zone[c] == HS_Z_HAND && g->holder[c] == s;
        json_array_append_new(hands, json_integer(n));
    }
    if (seat >= 0) {
        json_t *all = json_object_get(bc, "hands"), *mates = json_array();

        /* the teammates' hands too (HS-R-154) */
        for (int s = 0; s < g->nplayers; s++)
            if (s != seat && g->p[s].team == g->p[seat].team)
                json_array_append_new(mates, json_pack("{s:i, s:O}", "seat", s, "hand",
                                                       json_array_get(all, (size_t)s)));
        json_object_set(bc, "hand", json_array_get(all, (size_t)seat));
        json_object_set_new(bc, "teammates", mates);
    }
    json_object_set_new(bc, "hands", hands);
    json_object_set_new(bc, "deck", json_integer(g->ndeck));
    /* the box would tell which events are in the deck */
    json_object_del(bc, "box");
    /* recon piles: a side's own and, once the battle is over, all of them;
     * the other side's only counted (Recon in Force, HS-R-172) */
    if (json_object_get(bc, "recon") && g->stage != HS_STAGE_OVER) {
        json_t *counts = json_array();

        for (int t = 0; t < HS_TEAMS; t++)
            json_array_append_new(counts, json_integer((json_int_t)json_array_size(
                json_array_get(json_object_get(bc, "recon"), (size_t)t))));
        if (seat >= 0)
            json_object_set(bc, "recon_pile", json_array_get(json_object_get(bc, "recon"),
                                                             (size_t)g->p[seat].team));
        json_object_set_new(bc, "recon", counts);
    }
}

/* What the game waits for, and why, in words a player reads. */
static json_t *question(const struct hs_game *g)
{
    static const char *const why[] = {
        [HS_ASK_NONE] = "Nothing is asked.",
        [HS_ASK_PILOT] = "Every player chooses a pilot in secret; they are revealed "
                         "together.",
        [HS_ASK_MOVE] = "Move phase: the titan pays steam to move, or holds.",
        [HS_ASK_AFTER_MOVE] = "Move phase: after its move the titan may play a card or "
                              "move its supports, then is done.",
        [HS_ASK_ATTACK] = "Combat phase: attack with a weapon or a support, or pass.",
        [HS_ASK_EVADE] = "Combat phase: the defender is attacked and may evade or play a "
                         "card before the roll.",
        [HS_ASK_REROLL] = "Combat phase: the attacker may re-roll the hit location.",
        [HS_ASK_DAMAGE] = "Combat phase: the defender places the damage cubes.",
        [HS_ASK_LAST_CUBE] = "Combat phase: a critical hit; the attacker places the last "
                             "damage cube.",
        [HS_ASK_FLOW] = "Steam Allocation: the steam of one station flows along its arrows.",
        [HS_ASK_AFTER_FLOW] = "Steam Allocation: shut down shields, repair, or be done.",
        [HS_ASK_BUY] = "Battle Card Acquisition: buy a card from the track, or pass.",
        [HS_ASK_FREE_MOVE] = "Determine Initiative: the free move of up to 2 steam cubes.",
        [HS_ASK_PLAY] = "Pressure Release: play a card of the phase first, or pass.",
        [HS_ASK_EVENT] = "An event: the player's choice for it.",
        [HS_ASK_LOADOUT] = "Every player customizes their titan in secret, teammates "
                           "conferring, until done; the loadouts are revealed together, "
                           "then the pilots are chosen.",
        [HS_ASK_PLACE] = "Chance Encounter: the titan is placed on the battle board, the "
                         "team with initiative first.",
        [HS_ASK_PLACE_STEAM] = "Chance Encounter: up to 2 steam cubes from the power reserve "
                               "placed anywhere on the titan.",
        [HS_ASK_RECON] = "Recon in Force: command steam spent to draw a card face down into "
                         "the recon pile, or done.",
        [HS_ASK_DECLARE] = "Recon in Force: the side may declare the battle over and reveal "
                           "the recon piles, or fight on."};
    int a = g->stage == HS_STAGE_LOADOUTS ? HS_ASK_LOADOUT
            : g->stage == HS_STAGE_PILOTS ? HS_ASK_PILOT
            : g->stage == HS_STAGE_OVER ? HS_ASK_NONE : (int)g->ask;

    return json_pack("{s:s, s:i, s:s}", "ask", hs_ask_name((enum hs_ask)a), "seat",
                     g->stage == HS_STAGE_ROUND ? g->ask_seat : -1, "why",
                     a >= 0 && a < (int)(sizeof why / sizeof why[0]) && why[a]
                         ? why[a] : "");
}

json_t *hs_view_build(const struct hs_game *g, int seat)
{
    json_t *v = hs_game_dump(g), *seats;

    if (!v)
        return NULL;
    if (seat < -1 || seat >= g->nplayers)
        seat = -1;
    redact_cards(g, json_object_get(v, "battle_cards"), seat);
    seats = json_object_get(v, "seats");
    for (int s = 0; s < g->nplayers; s++) {
        json_t *p = json_array_get(seats, (size_t)s);

        json_object_set_new(p, "chosen", json_boolean(g->p[s].pilot >= 0));
        /* the team confers; the other team learns only who is done */
        if (g->stage == HS_STAGE_LOADOUTS && !hs_loadout_visible(g, s, seat))
            json_object_set_new(p, "loadout", json_null());
        if (s == seat) {
            json_object_set_new(p, "orders", hs_orders_json(&g->p[s].orders));
            continue;
        }
        json_object_del(p, "orders");
        /* teammates confer over their pilots (HS-R-107) */
        if (g->stage == HS_STAGE_PILOTS && (seat < 0 || g->p[s].team != g->p[seat].team)) {
            json_object_set_new(p, "pilot", json_null());
            json_object_del(p, "charge");
        }
    }
    if (hs_scenario(g->scenario)->redact && json_object_get(v, "scenario_state"))
        hs_scenario(g->scenario)->redact(g, seat, json_object_get(v, "scenario_state"));
    /* the contract tells one ruleset's view from another's by "game" */
    json_object_set_new(v, "game", json_string("heavysteam"));
    json_object_set_new(v, "seat", json_integer(seat));
    json_object_set_new(v, "question", question(g));
    return v;
}

void hs_status_fill(const struct hs_game *g, struct rules_status *st)
{
    memset(st, 0, sizeof *st);
    if (g->stage == HS_STAGE_OVER) {
        st->finished = 1;
        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].team == g->winner_team)
                st->winners |= 1u << s;
        for (int s = 0; s < g->nplayers; s++)
            st->place[s] = g->p[s].team == g->winner_team ? 1 : 2;
        snprintf(st->summary, sizeof st->summary,
                 "Game over in round %d: the %s team wins.", g->round,
                 hs_faction_name((enum hs_faction)g->team_faction[g->winner_team]));
        return;
    }
    if (g->stage == HS_STAGE_LOADOUTS) {
        for (int s = 0; s < g->nplayers; s++)
            if (!g->p[s].loadout_done)
                st->must_act |= 1u << s;
        snprintf(st->summary, sizeof st->summary,
                 "Before the first round: the titans are customized in secret.");
        return;
    }
    if (g->stage == HS_STAGE_PILOTS) {
        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].pilot < 0)
                st->must_act |= 1u << s;
        snprintf(st->summary, sizeof st->summary,
                 "Before the first round: pilots are chosen in secret.");
        return;
    }
    if (g->ask_seat >= 0)
        st->must_act = 1u << g->ask_seat;
    snprintf(st->summary, sizeof st->summary, "Round %d, %s phase: seat %d to act (%s).",
             g->round, hs_phase_name(g->phase), g->ask_seat, hs_ask_name(g->ask));
}
