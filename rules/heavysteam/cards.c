/*
 * cards.c - Heavy Steam's battle cards: the track, buying,
 * events, hands and playing a card (see cards.h).
 */
#include "cards.h"

#include <string.h>

#define RULE_SETUP "Set up the Battle Cards on the Battle Board"
#define RULE_BUY "Battle Card Acquisition"
#define RULE_PLAY "When to Play Battle Cards"
#define RULE_EVENT "Event Cards"

static const struct hs_battle_card *bcard(const struct hs_game *g, int c)
{
    return &hs_catalog_get()->battle[g->card[c]];
}

static void ev_card(json_t *events, const char *type, int seat,
                    const struct hs_game *g, int c)
{
    json_t *e = json_pack("{s:s, s:s}", "type", type, "card", bcard(g, c)->id);

    if (seat >= 0)
        json_object_set_new(e, "seat", json_integer(seat));
    json_array_append_new(events, e);
}

/* ---- zones ------------------------------------------------------------------ */

int hs_seat_order(const struct hs_game *g, int seats[HS_MAX_PLAYERS])
{
    int n = 0;

    for (int k = 0; k < HS_TEAMS; k++) {
        int team = k == 0 ? g->initiative : 1 - g->initiative;

        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].team == team)
                seats[n++] = s;
    }
    return n;
}

int hs_hand_size(const struct hs_game *g, int seat)
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        n += g->zone[c] == HS_Z_HAND && g->holder[c] == seat;
    return n;
}

int hs_cards_check(const struct hs_game *g, struct rules_error *err)
{
    int in_deck[HS_MAX_DECK] = {0}, on_track[HS_MAX_DECK] = {0};

    if (g->ncards != HS_BATTLE_CARDS)
        return rules_fail(err, "card_count", RULE_SETUP, "%d battle cards, not %d.",
                          g->ncards, HS_BATTLE_CARDS);
    for (int i = 0; i < g->ndeck; i++) {
        int c = g->deck[i];

        if (c < 0 || c >= g->ncards || in_deck[c]++ || g->zone[c] != HS_Z_DECK)
            return rules_fail(err, "deck_wrong", RULE_SETUP,
                              "Deck entry %d is no card of the deck.", i);
    }
    for (int s = 0; s < g->nslots; s++) {
        int c = g->slot[s];

        if (c >= 0 && (c >= g->ncards || on_track[c]++ || g->zone[c] != HS_Z_TRACK))
            return rules_fail(err, "track_wrong", RULE_SETUP,
                              "Slot %d holds no card of the track.", s);
    }
    for (int c = 0; c < g->ncards; c++) {
        if ((g->zone[c] == HS_Z_DECK) != (in_deck[c] == 1) ||
            (g->zone[c] == HS_Z_TRACK) != (on_track[c] == 1))
            return rules_fail(err, "zone_wrong", RULE_SETUP,
                              "Card %d (%s) is not where its zone says.", c,
                              bcard(g, c)->id);
        if ((g->zone[c] == HS_Z_HAND || g->zone[c] == HS_Z_IN_PLAY) &&
            (g->holder[c] < 0 || g->holder[c] >= g->nplayers))
            return rules_fail(err, "holder_wrong", RULE_SETUP,
                              "Card %d (%s) is held by no player.", c, bcard(g, c)->id);
        if (g->zone[c] == HS_Z_RECON && (g->holder[c] < 0 || g->holder[c] >= HS_TEAMS))
            return rules_fail(err, "holder_wrong", RULE_SETUP,
                              "Card %d (%s) is in no side's recon pile.", c,
                              bcard(g, c)->id);
    }
    return 0;
}

/* The discard pile shuffled into a new deck (HS-R-45); events set aside
 * are not in it (HS-AMB-18). */
static void reshuffle(struct hs_game *g, struct rng *rng, json_t *events)
{
    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_DISCARD) {
            g->zone[c] = HS_Z_DECK;
            g->deck[g->ndeck++] = c;
        }
    rng_shuffle(rng, g->deck, (size_t)g->ndeck);
    json_array_append_new(events, json_pack("{s:s, s:i}", "type", "deck_reshuffled",
                                            "cards", g->ndeck));
}

/* The top card of the deck, taken off it (its zone is the caller's), or
 * -1 when the deck and the discard pile are both empty. */
static int take_top(struct hs_game *g, struct rng *rng, json_t *events)
{
    int c;

    if (g->ndeck == 0)
        reshuffle(g, rng, events);
    if (g->ndeck == 0)
        return -1;
    c = g->deck[0];
    memmove(g->deck, g->deck + 1, (size_t)(g->ndeck - 1) * sizeof g->deck[0]);
    g->ndeck--;
    return c;
}

int hs_deck_take(struct hs_game *g, struct rng *rng, json_t *events)
{
    return take_top(g, rng, events);
}

static void to_hand(struct hs_game *g, int c, int seat)
{
    g->zone[c] = HS_Z_HAND;
    g->holder[c] = seat;
}

int hs_draw(struct hs_game *g, int seat, int n, struct rng *rng, json_t *events)
{
    json_t *cards = json_array();
    int drawn = 0;

    for (; drawn < n; drawn++) {
        int c = take_top(g, rng, events);

        if (c < 0)
            break;
        /* an event drawn into a hand is dead (Event Cards) */
        to_hand(g, c, seat);
        json_array_append_new(cards, json_string(bcard(g, c)->id));
    }
    /* how many for all, which only to the drawer (engine.h) */
    json_array_append_new(events, json_pack("{s:s, s:i, s:i, s:i}", "type", "draw",
                                            "seat", seat, "count", drawn,
                                            "hand_size", hs_hand_size(g, seat)));
    json_array_append_new(events, json_pack("{s:s, s:i, s:o, s:o}", "type", "drawn",
                                            "seat", seat, "cards", cards, "to",
                                            hs_team_to(g, seat, -1)));
    return drawn;
}

void hs_card_discard(struct hs_game *g, int c, json_t *events)
{
    for (int s = 0; s < g->nslots; s++)
        if (g->slot[s] == c)
            g->slot[s] = -1;
    for (int t = 0; t < g->ntitans; t++)
        if (g->titan[t].terrain == c)
            g->titan[t].terrain = -1;
    if (g->zone[c] == HS_Z_DECK) {
        for (int i = 0; i < g->ndeck; i++)
            if (g->deck[i] == c) {
                memmove(g->deck + i, g->deck + i + 1,
                        (size_t)(g->ndeck - i - 1) * sizeof g->deck[0]);
                g->ndeck--;
                break;
            }
    }
    g->zone[c] = HS_Z_DISCARD;
    g->holder[c] = -1;
    ev_card(events, "card_discarded", -1, g, c);
}

/* ---- the track --------------------------------------------------------------- */

int hs_card_price(const struct hs_game *g, int slot)
{
    if (slot < 0 || slot >= g->nslots || g->slot[slot] < 0)
        return -1;
    return bcard(g, g->slot[slot])->cost + hs_catalog_get()->board.slot[slot].modifier;
}

/* The cards slide right until the empty slots are at the left. */
static void slide(struct hs_game *g)
{
    int to = g->nslots - 1;

    for (int s = g->nslots - 1; s >= 0; s--)
        if (g->slot[s] >= 0) {
            int c = g->slot[s];

            g->slot[s] = -1;
            g->slot[to--] = c;
        }
}

int hs_event_supported(const struct hs_battle_card *b)
{
    for (int i = 0; i < b->effect.nsteps; i++) {
        const struct hs_step *st = &b->effect.step[i];

        /* an event's release is now, outside the Pressure phase */
        if (!hs_op_supported(st->op) || (hs_op_mod(st->op) && st->op != HS_OP_RELEASE) ||
            (!hs_op_global(st->op) && st->who != HS_WHO_ALL))
            return 0;
    }
    return 1;
}

/*
 * Goes on with the pending event: its steps in order, each for every seat
 * in initiative order (the card's sentences each speak to all players);
 * a step that asks a seat stops here. 1: asking, 0: done, -1: err.
 */
static int event_run(struct hs_game *g, struct rng *rng, json_t *events,
                     struct rules_error *err)
{
    const struct hs_effect *e = &bcard(g, g->event)->effect;
    int seats[HS_MAX_PLAYERS], n = hs_seat_order(g, seats);

    for (; g->event_step < e->nsteps; g->event_step++, g->event_turn = 0) {
        const struct hs_step *st = &e->step[g->event_step];

        if (!hs_event_supported(bcard(g, g->event)))
            return rules_fail(err, "op_not_supported", RULE_EVENT,
                              "Turnpost does not yet play the event %s (%s).",
                              bcard(g, g->event)->id, hs_op_name(st->op));
        if (hs_op_global(st->op)) {
            if (hs_effect_global(g, st, events, err))
                return -1;
            continue;
        }
        for (; g->event_turn < n; g->event_turn++) {
            int seat = seats[g->event_turn];

            const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;

            if (t->destroyed) {
                g->event_rolled = 0;
                continue;
            }
            /* a hit: rolled once, then its cubes asked until all are placed */
            if (st->op == HS_OP_HIT && !g->event_rolled) {
                if (hs_effect_roll_hit(g, seat, st, rng, events, err))
                    return -1;
                g->event_rolled = 1;
            }
            if (st->op != HS_OP_HIT && t->nowed > 0) {
                g->ask = HS_ASK_EVENT;      /* the cubes its answer left owed */
                g->ask_seat = seat;
                return 1;
            }
            if (st->op == HS_OP_HIT) {
                if (t->nowed > 0 && !t->destroyed) {
                    g->ask = HS_ASK_EVENT;
                    g->ask_seat = seat;
                    return 1;
                }
                g->event_rolled = 0;
                continue;
            }
            if (hs_op_chooses(st->op)) {
                json_t *o = hs_effect_options(g, seat, st);
                int asks = json_object_size(o) > 0;

                json_decref(o);
                if (asks) {
                    g->ask = HS_ASK_EVENT;
                    g->ask_seat = seat;
                    return 1;
                }
                continue;
            }
            if (hs_effect_step(g, seat, g->event, st, NULL, NULL, rng, events, err))
                return -1;
        }
    }
    g->event_pending = g->event = 0;
    g->event_step = g->event_turn = 0;
    g->ask = HS_ASK_NONE;
    g->ask_seat = -1;
    return 0;
}

/*
 * Fills the empty slots from the deck, rightmost first; an event drawn
 * takes effect at once and is set aside, its slot filled again; once the
 * track is full every player draws 1 card for each event (Event Cards).
 */
static int refill(struct hs_game *g, struct rng *rng, json_t *events,
                  struct rules_error *err)
{
    for (;;) {
        int s = -1, c;

        if (g->event_pending) {
            int r = event_run(g, rng, events, err);

            if (r)
                return r;
        }
        for (int i = g->nslots - 1; i >= 0 && s < 0; i--)
            if (g->slot[i] < 0)
                s = i;
        if (s < 0 || (c = take_top(g, rng, events)) < 0)
            break;
        if (bcard(g, c)->kind == HS_K_EVENT) {
            /* set aside, never to the discard pile (HS-AMB-18) */
            g->zone[c] = HS_Z_EVENTS_DONE;
            memset(g->smoke, 0, sizeof g->smoke);
            ev_card(events, "event_drawn", -1, g, c);
            g->event_pending = 1;
            g->event = c;
            g->event_step = g->event_turn = 0;
            g->events_owed++;
            continue;
        }
        g->slot[s] = c;
        g->zone[c] = HS_Z_TRACK;
        ev_card(events, "track_filled", -1, g, c);
    }
    for (; g->events_owed > 0; g->events_owed--) {
        int seats[HS_MAX_PLAYERS], n = hs_seat_order(g, seats);

        for (int i = 0; i < n; i++)
            if (!g->titan[g->p[seats[i]].titan].cubes.destroyed)
                hs_draw(g, seats[i], 1, rng, events);
    }
    return 0;
}

/* Runs f on a copy of g (and of rng), keeping the copy only on success. */
typedef int (*change_fn)(struct hs_game *g, const void *arg, struct rng *rng,
                         json_t *events, struct rules_error *err);

static int transact(struct hs_game *g, change_fn f, const void *arg,
                    struct rng *rng, json_t *events, struct rules_error *err)
{
    struct hs_game x = *g;      /* on the stack: see hs_round_apply */
    struct rng r = *rng;
    json_t *ev = json_array();
    int rc;

    if (!ev)
        return rules_fail(err, "out_of_memory", RULE_BUY, "Out of memory.");
    rc = f(&x, arg, &r, ev, err);
    if (rc >= 0) {
        *g = x;
        *rng = r;
        json_array_extend(events, ev);
    }
    json_decref(ev);
    return rc;
}

/* ---- buying ------------------------------------------------------------------ */

void hs_buy_begin(struct hs_game *g)
{
    for (int s = 0; s < g->nplayers; s++)
        g->p[s].passed = 0;
    g->nobody_bought = 1;
    g->turn_team = g->initiative;
}

unsigned hs_buy_seats(const struct hs_game *g)
{
    if (g->phase != HS_PH_CARDS || g->event_pending)
        return 0;
    for (int k = 0; k < HS_TEAMS; k++) {
        int team = k == 0 ? g->initiative : 1 - g->initiative;
        unsigned m = 0;

        for (int s = 0; s < g->nplayers; s++)
            if (g->p[s].team == team && !g->p[s].passed &&
                !g->titan[g->p[s].titan].cubes.destroyed)
                m |= 1u << s;
        if (m)
            return m;
    }
    return 0;
}

static int buy_seat_ok(const struct hs_game *g, int seat, struct rules_error *err)
{
    if (seat < 0 || seat >= g->nplayers || !(hs_buy_seats(g) >> seat & 1))
        return rules_fail(err, "not_your_turn", "Battle Card Acquisition Phase",
                          "Seat %d may not buy now: the team with initiative buys "
                          "until all its players have passed, then the other.", seat);
    return 0;
}

static int do_buy(struct hs_game *g, const void *arg, struct rng *rng,
                  json_t *events, struct rules_error *err)
{
    const int *a = arg;
    int seat = a[0], slot = a[1], price = hs_card_price(g, slot), c;
    struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;

    if (price < 0)
        return rules_fail(err, "empty_slot", RULE_BUY, "Slot %d holds no card.", slot);
    /* one titan pays for a card, from its command station to the reserve */
    if (hs_titan_steam_at(t, t->board->command) < price)
        return rules_fail(err, "not_enough_steam", RULE_BUY,
                          "The card costs %d command steam; the station holds %d.",
                          price, hs_titan_steam_at(t, t->board->command));
    if (hs_titan_pay(t, t->board->command, price, HS_PAY_RESERVE, events, err))
        return -1;
    c = g->slot[slot];
    g->slot[slot] = -1;
    to_hand(g, c, seat);
    g->nobody_bought = 0;
    json_array_append_new(events, json_pack("{s:s, s:i, s:s, s:i, s:i}", "type",
                                            "card_bought", "seat", seat, "card",
                                            bcard(g, c)->id, "slot", slot,
                                            "price", price));
    slide(g);
    return refill(g, rng, events, err);
}

int hs_buy(struct hs_game *g, int seat, int slot, struct rng *rng,
           json_t *events, struct rules_error *err)
{
    int arg[2] = {seat, slot};

    if (buy_seat_ok(g, seat, err))
        return -1;
    return transact(g, do_buy, arg, rng, events, err);
}

static int do_pass(struct hs_game *g, const void *arg, struct rng *rng,
                   json_t *events, struct rules_error *err)
{
    int seat = *(const int *)arg, last = g->nslots - 1;

    g->p[seat].passed = 1;
    json_array_append_new(events, json_pack("{s:s, s:i}", "type", "buy_passed",
                                            "seat", seat));
    for (int s = 0; s < g->nplayers; s++)
        if (hs_buy_seats(g) >> s & 1) {
            g->turn_team = g->p[s].team;
            return 0;
        }
    if (!g->nobody_bought || g->slot[last] < 0)
        return 0;
    /* nobody bought: the +0 card to the discard pile (HS-AMB-31) */
    hs_card_discard(g, g->slot[last], events);
    slide(g);
    return refill(g, rng, events, err);
}

int hs_buy_pass(struct hs_game *g, int seat, struct rng *rng, json_t *events,
                struct rules_error *err)
{
    if (buy_seat_ok(g, seat, err))
        return -1;
    return transact(g, do_pass, &seat, rng, events, err);
}

/* ---- events ------------------------------------------------------------------- */

/* Cubes an event's damage left owed (a volatile square's roll, a fragile
 * weapon's own cubes) are placed by their owner as a hit's (HS-R-134). */
static const struct hs_step owed_cubes = {HS_OP_HIT, 0, HS_WHO_SELF, HS_NONE, HS_NONE,
                                          HS_NONE};

static const struct hs_step *event_asking(const struct hs_game *g, int seat)
{
    if (!g->event_pending || g->ask != HS_ASK_EVENT || g->ask_seat != seat)
        return NULL;
    if (g->titan[g->p[seat].titan].cubes.nowed > 0 &&
        bcard(g, g->event)->effect.step[g->event_step].op != HS_OP_HIT)
        return &owed_cubes;
    return &bcard(g, g->event)->effect.step[g->event_step];
}

json_t *hs_event_options(const struct hs_game *g, int seat)
{
    const struct hs_step *st = event_asking(g, seat);

    return st ? hs_effect_options(g, seat, st) : NULL;
}

struct answer { int seat; const json_t *choice; };

static int do_answer(struct hs_game *g, const void *arg, struct rng *rng,
                     json_t *events, struct rules_error *err)
{
    const struct answer *a = arg;
    const struct hs_step *st = event_asking(g, a->seat);

    if (hs_effect_step(g, a->seat, g->event, st, a->choice, NULL, rng, events, err))
        return -1;
    /* a hit's seat is done when nothing is owed (event_run sees it); any
     * other step's once what it left owed is placed */
    if ((st->op != HS_OP_HIT || st == &owed_cubes) &&
        g->titan[g->p[a->seat].titan].cubes.nowed == 0)
        g->event_turn++;
    return refill(g, rng, events, err);
}

int hs_event_answer(struct hs_game *g, int seat, const json_t *choice,
                    struct rng *rng, json_t *events, struct rules_error *err)
{
    struct answer a = {seat, choice};

    if (!event_asking(g, seat))
        return rules_fail(err, "not_your_turn", RULE_EVENT,
                          "No event waits for seat %d.", seat);
    return transact(g, do_answer, &a, rng, events, err);
}

/* ---- playing a card ----------------------------------------------------------- */

void hs_cards_phase_begin(struct hs_game *g)
{
    for (int s = 0; s < g->nplayers; s++)
        g->p[s].played_phase = 0;
}

/* Whether seat holds a terrain card other than card c. */
static int terrain_in_hand(const struct hs_game *g, int seat, int c)
{
    for (int i = 0; i < g->ncards; i++)
        if (i != c && g->zone[i] == HS_Z_HAND && g->holder[i] == seat &&
            bcard(g, i)->kind == HS_K_TERRAIN)
            return 1;
    return 0;
}

int hs_card_playable(const struct hs_game *g, int seat, int c,
                     enum hs_timing moment, struct rules_error *err)
{
    const struct hs_battle_card *b;
    int ok;

    if (seat < 0 || seat >= g->nplayers || c < 0 || c >= g->ncards ||
        g->zone[c] != HS_Z_HAND || g->holder[c] != seat)
        return rules_fail(err, "not_in_hand", RULE_PLAY, "That card is not in your hand.");
    b = bcard(g, c);
    if (b->kind == HS_K_EVENT)
        return rules_fail(err, "dead_event", RULE_EVENT,
                          "An event drawn into a hand cannot be played in any way.");
    if (g->stage != HS_STAGE_ROUND)
        return rules_fail(err, "not_in_round", RULE_PLAY, "Cards are played in a round.");
    if (g->p[seat].played_phase)
        return rules_fail(err, "one_card_a_phase", RULE_PLAY,
                          "You may play only one battle card per phase (HS-R-12).");
    if (b->phase != HS_PH_NONE && b->phase != g->phase)
        return rules_fail(err, "wrong_phase", RULE_PLAY,
                          "%s is played in the %s phase.", b->name,
                          hs_phase_name(b->phase));
    if (b->timing != moment)
        return rules_fail(err, "wrong_moment", RULE_PLAY,
                          "%s is not played at this moment (HS-AMB-22).", b->name);
    switch (moment) {
    case HS_TIME_TURN:
        ok = g->turn_team == g->p[seat].team && !g->attack.active;
        break;
    case HS_TIME_ATTACK:
        ok = g->attack.active && g->attack.attacker == seat;
        break;
    default:
        ok = g->attack.active && g->attack.target_seat == seat &&
             g->attack.target_unit < 0;
        break;
    }
    if (!ok)
        return rules_fail(err, "not_your_moment", RULE_PLAY,
                          "You may play a battle card only during your turn, or when "
                          "you are being attacked.");
    for (int i = 0; i < b->effect.nsteps; i++)
        if (b->effect.step[i].op == HS_OP_PLAY_TERRAIN && !terrain_in_hand(g, seat, c))
            return rules_fail(err, "no_terrain_card", RULE_PLAY,
                              "%s plays a terrain card of your hand, and you hold none.",
                              b->name);
    if (g->titan[g->p[seat].titan].cubes.flow && hs_effect_touches_stations(&b->effect))
        return rules_fail(err, "steam_still_moving", "HS-R-133 (Steam Phase order)",
                          "%s waits until your titan's steam has moved.", b->name);
    if (b->kind == HS_K_TERRAIN && !g->titan[g->p[seat].titan].moved)
        return rules_fail(err, "not_moved", "Terrain cards",
                          "A terrain card is played after paying to move (HS-R-15).");
    /* a played card's steps act on its player's titan */
    for (int i = 0; i < b->effect.nsteps; i++)
        if (!hs_op_supported(b->effect.step[i].op) ||
            b->effect.step[i].who != HS_WHO_SELF)
            return rules_fail(err, "op_not_supported", RULE_PLAY,
                              "Turnpost does not yet play %s (%s).", b->name,
                              hs_op_name(b->effect.step[i].op));
    return 0;
}

/* The lowest copy of catalog card b in seat's hand; -1 none. */
static int first_in_hand(const struct hs_game *g, int seat, int b)
{
    for (int c = 0; b >= 0 && c < g->ncards; c++)
        if (g->card[c] == b && g->zone[c] == HS_Z_HAND && g->holder[c] == seat)
            return c;
    return -1;
}

json_t *hs_cards_playable(const struct hs_game *g, int seat, enum hs_timing moment)
{
    json_t *out = json_array();

    for (int c = 0; c < g->ncards; c++) {
        const struct hs_battle_card *b;
        json_t *opts;

        /* no error kept: why a card is not listed goes unsaid */
        if (g->zone[c] != HS_Z_HAND || g->holder[c] != seat ||
            !hs_hand_card_first(g, seat, c) ||
            hs_card_playable(g, seat, c, moment, NULL))
            continue;
        b = bcard(g, c);
        opts = json_array();
        for (int i = 0; b->kind != HS_K_TERRAIN && i < b->effect.nsteps; i++)
            if (hs_op_chooses(b->effect.step[i].op))
                json_array_append_new(opts, hs_effect_options(g, seat,
                                                              &b->effect.step[i]));
        json_array_append_new(out, json_pack("{s:i, s:s, s:o}", "card", c, "id",
                                             b->id, "options", opts));
    }
    return out;
}

const char *hs_card_id(const struct hs_game *g, int c)
{
    return bcard(g, c)->id;
}

int hs_hand_card_first(const struct hs_game *g, int seat, int c)
{
    return first_in_hand(g, seat, g->card[c]) == c;
}

int hs_hand_card(const struct hs_game *g, int seat, const json_t *v)
{
    return json_is_string(v) ? first_in_hand(g, seat, hs_catalog_battle(
                                   hs_catalog_get(), json_string_value(v)))
                             : -1;
}

struct play { int seat, c; const json_t *choice; struct hs_mods *mods; };

static int do_play(struct hs_game *g, const void *arg, struct rng *rng,
                   json_t *events, struct rules_error *err)
{
    const struct play *p = arg;
    const struct hs_battle_card *b = bcard(g, p->c);

    g->p[p->seat].played_phase = 1;
    ev_card(events, "card_played", p->seat, g, p->c);
    if (b->kind == HS_K_TERRAIN) {
        /* its numbers count while it is in play (hs_effect_mods) */
        json_t *ch = json_pack("{s:s}", "terrain", b->id);
        struct hs_step st = {HS_OP_PLAY_TERRAIN, 0, HS_WHO_SELF, HS_NONE, HS_NONE,
                             HS_NONE};
        int rc = hs_effect_step(g, p->seat, p->c, &st, ch, NULL, rng, events, err);

        json_decref(ch);
        return rc;
    }
    for (int i = 0; i < b->effect.nsteps; i++)
        if (hs_effect_step(g, p->seat, p->c, &b->effect.step[i], p->choice, p->mods,
                           rng, events, err))
            return -1;
    /* after its effect, so a draw it makes cannot reshuffle it */
    if (b->kind == HS_K_SUPPORT) {
        g->zone[p->c] = HS_Z_IN_PLAY;
        g->holder[p->c] = p->seat;
    } else {
        hs_card_discard(g, p->c, events);
    }
    return 0;
}

int hs_play_card(struct hs_game *g, int seat, int c, enum hs_timing moment,
                 const json_t *choice, struct hs_mods *mods, struct rng *rng,
                 json_t *events, struct rules_error *err)
{
    struct play p = {seat, c, choice, NULL};
    struct hs_mods m = {0};
    int rc;

    if (hs_card_playable(g, seat, c, moment, err))
        return -1;
    p.mods = &m;
    rc = transact(g, do_play, &p, rng, events, err);
    if (rc == 0 && mods) {
        mods->attack_dice += m.attack_dice;
        mods->defense_dice += m.defense_dice;
        mods->damage += m.damage;
        mods->critical += m.critical;
        mods->pierce += m.pierce;
        mods->rerolls += m.rerolls;
        mods->smoke |= m.smoke;
        mods->release += m.release;
        mods->spent_to_reserve |= m.spent_to_reserve;
    }
    return rc;
}
