/*
 * play.c - Iron Future's rules: dealing, conquest turns (supports,
 * deployment, retaliation, attacks, abilities), capture and round end,
 * the acquisition phase and the end of the game.
 *
 * Every move handler checks everything first and only then changes the
 * game, so a refused move leaves it untouched. RULINGS.md explains each
 * decision the rulebook leaves open; the IF-AMB / IF-R numbers below refer
 * to it.
 */
#include "play.h"

#include <stdlib.h>
#include <string.h>

static const char *const range_names[] = {"S", "M", "L"};

static void emit(json_t *events, json_t *ev)
{
    json_array_append_new(events, ev);
}

static json_t *card_brief(const struct if_game *g, int c)
{
    const struct if_unit *u = if_card_unit(g, c);

    return json_pack("{s:i, s:s, s:s}", "card", c, "unit", u->id, "name",
                     u->name);
}

static int other(int seat)
{
    return 1 - seat;
}

static int has_ability(const struct if_game *g, int c, enum if_ability_kind k)
{
    return ironfuture_unit_ability(if_card_unit(g, c), k);
}

static const struct if_location *slot_location(const struct if_game *g, int pos)
{
    return &g->cat->location[g->line[pos].loc];
}

static const struct if_loc_rule *slot_rule(const struct if_game *g, int pos,
                                           enum if_rule_kind k)
{
    return ironfuture_location_rule(slot_location(g, pos), k);
}

/* ---- drawing ---------------------------------------------------------- */

/*
 * Draws up to n cards for seat s; an empty deck is refilled by shuffling
 * the discard pile, as the rulebook's first draw describes. The public
 * event says how many, the private one which.
 */
static void draw_cards(struct if_game *g, int s, int n, struct rng *rng,
                       json_t *events)
{
    struct if_seat *st = &g->seat[s];
    json_t *drawn = json_array();
    int count = 0;

    while (count < n) {
        int c;

        if (st->deck.n == 0) {
            if (st->discard.n == 0)
                break;
            st->deck = st->discard;
            st->discard.n = 0;
            ironfuture_pile_shuffle(&st->deck, rng);
            emit(events, json_pack("{s:s, s:i, s:i}", "type", "reshuffle",
                                   "seat", s, "deck_size", st->deck.n));
        }
        c = ironfuture_pile_pop(&st->deck);
        ironfuture_pile_push(&st->hand, c);
        json_array_append_new(drawn, card_brief(g, c));
        count++;
    }
    emit(events, json_pack("{s:s, s:i, s:i, s:i}", "type", "draw", "seat", s,
                           "count", count, "hand_size", st->hand.n));
    emit(events, json_pack("{s:s, s:i, s:o, s:[i]}", "type", "drawn", "seat",
                           s, "cards", drawn, "to", s));
}

/* ---- damage ----------------------------------------------------------- */

/*
 * After a step: destroys card c if its damage reached its armor, moving
 * it face up to its owner's discard and applying the location's salvage
 * or volatile rule. Returns 1 when destroyed.
 */
static int check_destroyed(struct if_game *g, int c, json_t *events)
{
    const struct if_loc_rule *r;
    struct if_slot *sl;
    int pos, seat;
    json_t *ev;

    if (ironfuture_field_find(g, c, &pos, &seat) ||
        g->damage[c] < if_card_unit(g, c)->armor)
        return 0;
    sl = &g->line[pos];
    ironfuture_pile_remove(&sl->units[seat], c);
    g->damage[c] = 0;
    ironfuture_pile_push(&g->seat[seat].discard, c);
    ev = json_pack("{s:s, s:i, s:i, s:s, s:i}", "type", "destroyed", "seat",
                   seat, "card", c, "unit", if_card_unit(g, c)->id,
                   "position", pos);
    if ((r = slot_rule(g, pos, IF_LR_SALVAGE)) && sl->resources < r->max) {
        sl->resources += r->value;
        if (sl->resources > r->max)
            sl->resources = r->max;
        json_object_set_new(ev, "location_resources", json_integer(sl->resources));
    }
    if ((r = slot_rule(g, pos, IF_LR_VOLATILE)) && sl->resources > 0) {
        sl->resources -= r->value;
        if (sl->resources < 0)
            sl->resources = 0;
        json_object_set_new(ev, "location_resources", json_integer(sl->resources));
    }
    emit(events, ev);
    return 1;
}

static void check_all_destroyed(struct if_game *g, const struct if_pile *cards,
                                json_t *events)
{
    for (int i = 0; i < cards->n; i++)
        check_destroyed(g, cards->c[i], events);
}

/* ---- attacks ---------------------------------------------------------- */

int ironfuture_hit_needed(const struct if_game *g, int attacker, int apos,
                          int target, int tpos, int band)
{
    const struct if_loc_rule *r = slot_rule(g, tpos, IF_LR_DEFENSE);
    unsigned bit = 1u << band;
    int need = 3, mod = -has_ability(g, target, IF_AB_EVASIVE);

    if (r && (r->ranges & bit))
        need = r->value;
    if (attacker >= 0) {
        const struct if_loc_rule *v = slot_rule(g, apos, IF_LR_VANTAGE);

        mod += has_ability(g, attacker, IF_AB_ACCURACY) + g->aim;
        if (v && (v->ranges & bit))
            mod += v->value;
    }
    need -= mod;
    /* A natural 1 never hits and a natural 6 always does (IF-AMB-11). */
    return need < 2 ? 2 : need > 6 ? 6 : need;
}

/*
 * Rolls dice at target and places the damage; the event carries every
 * die so a replay can check it. Returns the damage dealt.
 */
static int roll_attack(struct if_game *g, json_t *ev, int dice, int need,
                       int target, struct rng *rng)
{
    json_t *rolls = json_array();
    int hits = 0, crits = 0, dmg = 0;
    int hardened = has_ability(g, target, IF_AB_HARDENED);

    for (int i = 0; i < dice; i++) {
        int v = rng_die(rng, 6);

        json_array_append_new(rolls, json_integer(v));
        if (v < need)
            continue;
        hits++;
        if (v == 6) {
            crits++;
            dmg += hardened ? 1 : 2;
        } else {
            dmg++;
        }
    }
    g->damage[target] += dmg;
    json_object_set_new(ev, "dice", rolls);
    json_object_set_new(ev, "needed", json_integer(need));
    json_object_set_new(ev, "hits", json_integer(hits));
    json_object_set_new(ev, "criticals", json_integer(crits));
    json_object_set_new(ev, "damage", json_integer(dmg));
    return dmg;
}

int ironfuture_target_check(const struct if_game *g, int weapon, int target,
                            struct rules_error *err)
{
    const struct if_unit *u;
    const struct if_weapon *w;
    int tpos, tseat, d;
    char rb[4];

    if (!g->attacking)
        return rules_fail(err, "no_attack_pending", IF_RULE_ATTACK,
                          "No unit is waiting to attack.");
    u = if_card_unit(g, g->attacker);
    if (weapon < 0 || weapon >= u->nweapons)
        return rules_fail(err, "unknown_weapon", IF_RULE_ATTACK,
                          "%s has weapons 0 to %d.", u->name, u->nweapons - 1);
    w = &u->weapon[weapon];
    if (target < 0 || target >= g->ncards ||
        ironfuture_field_find(g, target, &tpos, &tseat) || tseat == g->turn)
        return rules_fail(err, "unknown_target", IF_RULE_ATTACK,
                          "Weapons are allocated to enemy units in play; "
                          "card %d is not one.", target);
    d = abs(tpos - g->attacker_pos);
    if (!(w->ranges & (1u << d)))
        return rules_fail(err, "target_out_of_range", IF_RULE_ATTACK,
                          "%s reaches range %s; that unit is at %s range.",
                          w->name, ironfuture_ranges_format(w->ranges, rb),
                          d == 0 ? "Short" : d == 1 ? "Medium" : "Long");
    if (d > 0 && has_ability(g, target, IF_AB_STEALTH))
        return rules_fail(err, "target_hidden", IF_RULE_ATTACK,
                          "%s has Stealth: only Short range attacks may "
                          "target it.", if_card_unit(g, target)->name);
    if (d == 0 && !has_ability(g, target, IF_AB_BULWARK)) {
        const struct if_pile *foes = &g->line[tpos].units[tseat];

        for (int i = 0; i < foes->n; i++)
            if (has_ability(g, foes->c[i], IF_AB_BULWARK))
                return rules_fail(err, "must_target_bulwark", IF_RULE_ATTACK,
                                  "%s has Bulwark: Short range attacks here "
                                  "must target it.",
                                  if_card_unit(g, foes->c[i])->name);
    }
    return 0;
}

static int weapon_has_target(const struct if_game *g, int w)
{
    int foe = other(g->turn);

    for (int p = 0; p < g->nline; p++)
        for (int i = 0; i < g->line[p].units[foe].n; i++)
            if (ironfuture_target_check(g, w, g->line[p].units[foe].c[i],
                                        NULL) == 0)
                return 1;
    return 0;
}

/*
 * Resolves the declared allocations, Short then Medium then Long, each
 * weapon in card order within a range; dice at a target destroyed
 * earlier in the sequence are lost (IF-AMB-03).
 */
static void resolve_attacks(struct if_game *g, struct rng *rng, json_t *events)
{
    const struct if_unit *u = if_card_unit(g, g->attacker);
    int band[IF_MAX_WEAPONS];

    for (int w = 0; w < u->nweapons; w++) {
        int tpos = 0;

        band[w] = -1;
        if (g->alloc[w] >= 0 &&
            ironfuture_field_find(g, g->alloc[w], &tpos, NULL) == 0)
            band[w] = abs(tpos - g->attacker_pos);
    }
    for (int d = 0; d < 3; d++)
        for (int w = 0; w < u->nweapons; w++) {
            int t = g->alloc[w], tpos;
            json_t *ev;

            if (t < 0 || band[w] != d)
                continue;
            ev = json_pack("{s:s, s:i, s:i, s:i, s:s, s:i, s:s}", "type",
                           "attack", "seat", g->turn, "card", g->attacker,
                           "weapon", w, "weapon_name", u->weapon[w].name,
                           "target", t, "range", range_names[d]);
            if (ironfuture_field_find(g, t, &tpos, NULL)) {
                json_object_set_new(ev, "lost", json_true());
                json_object_set_new(ev, "damage", json_integer(0));
                emit(events, ev);
                continue;
            }
            roll_attack(g, ev, u->weapon[w].dice,
                        ironfuture_hit_needed(g, g->attacker, g->attacker_pos,
                                              t, tpos, d),
                        t, rng);
            emit(events, ev);
            check_destroyed(g, t, events);
        }
}

/* Step 6: the deployed unit's own abilities, if it is still in play. */
static void after_attack_abilities(struct if_game *g, int c, int pos, int s,
                                   json_t *events)
{
    struct if_slot *sl = &g->line[pos];
    int v;

    if ((v = has_ability(g, c, IF_AB_REPAIR)))
        for (int i = 0; i < sl->units[s].n; i++) {
            int f = sl->units[s].c[i];
            int heal = g->damage[f] < v ? g->damage[f] : v;

            if (f == c || heal == 0)
                continue;
            g->damage[f] -= heal;
            emit(events, json_pack("{s:s, s:i, s:i, s:i, s:i}", "type",
                                   "repair", "seat", s, "card", f, "by", c,
                                   "removed", heal));
        }
    if ((v = has_ability(g, c, IF_AB_HARVEST))) {
        sl->resources += v;
        emit(events, json_pack("{s:s, s:i, s:i, s:i, s:i, s:i}", "type",
                               "harvest", "seat", s, "card", c, "position",
                               pos, "added", v, "resources", sl->resources));
    }
    if ((v = has_ability(g, c, IF_AB_SCAVENGE))) {
        g->seat[s].resources += v;
        emit(events, json_pack("{s:s, s:i, s:i, s:i, s:i}", "type",
                               "scavenge", "seat", s, "card", c, "gained", v,
                               "pool", g->seat[s].resources));
    }
    if ((v = has_ability(g, c, IF_AB_SHOCKWAVE)) && sl->units[other(s)].n) {
        struct if_pile hit = sl->units[other(s)];
        json_t *targets = json_array();

        for (int i = 0; i < hit.n; i++) {
            g->damage[hit.c[i]] += v;
            json_array_append_new(targets, json_integer(hit.c[i]));
        }
        emit(events, json_pack("{s:s, s:i, s:i, s:o, s:i}", "type",
                               "shockwave", "seat", s, "card", c, "targets",
                               targets, "damage", v));
        check_all_destroyed(g, &hit, events);
    }
}

/* ---- round flow ------------------------------------------------------- */

static void begin_conquest(struct if_game *g, struct rng *rng, json_t *events);
static void end_round(struct if_game *g, struct rng *rng, json_t *events);

static int can_play(const struct if_game *g, int s)
{
    return g->seat[s].played < IF_HAND && g->seat[s].hand.n > 0;
}

/*
 * Hands the turn to the other player, or back to this one if the other
 * has played all its cards, or ends the round when neither can play.
 */
static void finish_turn(struct if_game *g, struct rng *rng, json_t *events)
{
    int next = can_play(g, other(g->turn)) ? other(g->turn)
             : can_play(g, g->turn) ? g->turn : -1;

    g->attacking = 0;
    g->attacker = -1;
    g->aim = 0;
    g->smoke = 0;
    if (next < 0) {
        end_round(g, rng, events);
        return;
    }
    g->turn = next;
    emit(events, json_pack("{s:s, s:i}", "type", "turn", "seat", next));
}

/* After step 5: abilities, then the next turn. */
static void complete_attack(struct if_game *g, struct rng *rng, json_t *events)
{
    int c = g->attacker, pos, seat;

    if (g->attacking)
        resolve_attacks(g, rng, events);
    g->attacking = 0;
    if (ironfuture_field_find(g, c, &pos, &seat) == 0)
        after_attack_abilities(g, c, pos, seat, events);
    finish_turn(g, rng, events);
}

int ironfuture_capture_value(const struct if_game *g, int pos, int seat)
{
    const struct if_pile *u = &g->line[pos].units[seat];
    int rally = 0, sum = g->line[pos].beacon[seat];

    for (int i = 0; i < u->n; i++)
        rally += has_ability(g, u->c[i], IF_AB_RALLY);
    for (int i = 0; i < u->n; i++)
        sum += if_card_unit(g, u->c[i])->capture + rally -
               has_ability(g, u->c[i], IF_AB_RALLY);
    return sum;
}

/*
 * The Warehouse bonus (IF-R-01): reveal from the unit deck until a support
 * card; the winner takes it unless they already have one like it. The
 * other revealed cards go to the bottom in random order.
 */
static void warehouse_bonus(struct if_game *g, int s, struct rng *rng,
                            json_t *events)
{
    struct if_pile revealed = {0, {0}};
    int found = -1, taken = 0;
    json_t *names = json_array(), *ev;

    while (g->unit_deck.n > 0) {
        int c = ironfuture_pile_pop(&g->unit_deck);

        if (if_card_unit(g, c)->support) {
            found = c;
            break;
        }
        ironfuture_pile_push(&revealed, c);
        json_array_append_new(names, json_string(if_card_unit(g, c)->id));
    }
    ev = json_pack("{s:s, s:i, s:o}", "type", "warehouse", "seat", s,
                   "revealed", names);
    if (found >= 0) {
        const struct if_pile *sup = &g->seat[s].supports;

        taken = 1;
        for (int i = 0; i < sup->n; i++)
            if (g->type[sup->c[i]] == g->type[found])
                taken = 0;
        json_object_set_new(ev, "support", json_string(if_card_unit(g, found)->id));
        if (taken) {
            ironfuture_pile_push(&g->seat[s].supports, found);
            g->used[found] = 0;
            json_object_set_new(ev, "card", json_integer(found));
        } else {
            ironfuture_pile_push(&revealed, found);
        }
    } else {
        json_object_set_new(ev, "support", json_null());
    }
    json_object_set_new(ev, "taken", json_boolean(taken));
    ironfuture_pile_shuffle(&revealed, rng);
    ironfuture_pile_put_bottom(&g->unit_deck, &revealed);
    emit(events, ev);
}

static void begin_acquisition(struct if_game *g, struct rng *rng,
                              json_t *events);
static void take_trophy(struct if_game *g, int s, int pos, struct rng *rng,
                        json_t *events);

/*
 * Capture (IF-AMB-17: position 0, next to the location deck, first),
 * the field cleared, the round's winner, and its trophy: taken at once,
 * or chosen by the winner's next move (the trophy phase).
 */
static void end_round(struct if_game *g, struct rng *rng, json_t *events)
{
    int won[IF_SEATS] = {0, 0}, winner_at[IF_LINE], rw;
    json_t *ev;

    emit(events, json_pack("{s:s, s:i}", "type", "combat_end", "round", g->round));
    for (int p = 0; p < IF_LINE; p++) {
        struct if_slot *sl = &g->line[p];
        const struct if_loc_rule *r;
        int cap0 = ironfuture_capture_value(g, p, 0);
        int cap1 = ironfuture_capture_value(g, p, 1);
        int res = sl->resources, bonus = 0, w;

        if ((r = slot_rule(g, p, IF_LR_CONTESTED)) && sl->units[0].n &&
            sl->units[1].n)
            bonus += r->value;
        w = cap0 > cap1 ? 0 : cap1 > cap0 ? 1 : -1;
        /* The Command Bunker breaks ties, but 0-0 is an empty location,
         * not a tie anyone won. */
        if (w < 0 && cap0 > 0 && slot_rule(g, p, IF_LR_TIE_FIRST))
            w = g->first;
        if ((r = slot_rule(g, p, IF_LR_CHAIN)) && w >= 0 && p > 0 &&
            winner_at[p - 1] == w)
            bonus += r->value;
        res += bonus;
        winner_at[p] = w;
        if (w >= 0) {
            g->seat[w].resources += res;
            won[w]++;
        }
        emit(events, json_pack("{s:s, s:i, s:s, s:[ii], s:i, s:i, s:i}",
                               "type", "capture", "position", p, "location",
                               slot_location(g, p)->id, "capture", cap0, cap1,
                               "winner", w, "bonus", bonus, "resources",
                               w >= 0 ? res : 0));
        sl->resources = 0;
        if (w >= 0 && slot_rule(g, p, IF_LR_WAREHOUSE))
            warehouse_bonus(g, w, rng, events);
    }
    /* Survivors lose their damage and go face up to the discard pile. */
    for (int p = 0; p < IF_LINE; p++)
        for (int s = 0; s < IF_SEATS; s++) {
            struct if_pile *u = &g->line[p].units[s];

            for (int i = 0; i < u->n; i++) {
                g->damage[u->c[i]] = 0;
                ironfuture_pile_push(&g->seat[s].discard, u->c[i]);
            }
            u->n = 0;
        }
    /* Cards still in hand (extra draws) are discarded face up (IF-AMB-13). */
    for (int s = 0; s < IF_SEATS; s++) {
        struct if_seat *st = &g->seat[s];
        json_t *cards;

        if (!st->hand.n)
            continue;
        cards = json_array();
        for (int i = 0; i < st->hand.n; i++) {
            json_array_append_new(cards, card_brief(g, st->hand.c[i]));
            ironfuture_pile_push(&st->discard, st->hand.c[i]);
        }
        st->hand.n = 0;
        emit(events, json_pack("{s:s, s:i, s:o}", "type", "discard_hand",
                               "seat", s, "cards", cards));
    }
    rw = won[0] > won[1] ? 0 : won[1] > won[0] ? 1 : -1;
    emit(events, json_pack("{s:s, s:i, s:[ii], s:i}", "type", "round_end",
                           "round", g->round, "locations_won", won[0], won[1],
                           "winner", rw));
    if (rw < 0) {
        take_trophy(g, -1, -1, rng, events);
        return;
    }
    /* The winner chooses among the locations they won (IF-AMB-04), unless
     * there is only one, or this round wins the game and the trophy can no
     * longer change which locations come out of the deck. */
    g->nchoice = 0;
    for (int p = 0; p < IF_LINE; p++)
        if (winner_at[p] == rw)
            g->choice[g->nchoice++] = p;
    if (g->nchoice == 1 || g->seat[rw].trophies.n + 1 >= g->rounds_to_win) {
        take_trophy(g, rw, g->choice[0], rng, events);
        return;
    }
    g->phase = IF_TROPHY;
    g->turn = rw;
    ev = json_pack("{s:s, s:i, s:o}", "type", "trophy_choice", "seat", rw,
                   "positions", json_array());
    for (int i = 0; i < g->nchoice; i++)
        json_array_append_new(json_object_get(ev, "positions"),
                              json_integer(g->choice[i]));
    emit(events, ev);
}

/*
 * Ends the round: seat s (-1 after a drawn round) takes the location at
 * line position pos as a trophy, the others go to the location discard,
 * then the game ends or the acquisition phase begins.
 */
static void take_trophy(struct if_game *g, int s, int pos, struct rng *rng,
                        json_t *events)
{
    int automatic = g->phase != IF_TROPHY;

    for (int p = 0; p < g->nline; p++)
        ironfuture_pile_push(p == pos ? &g->seat[s].trophies : &g->loc_discard,
                             g->line[p].loc);
    if (s >= 0)
        emit(events, json_pack("{s:s, s:i, s:i, s:s, s:s, s:b, s:[ii]}",
                               "type", "trophy", "seat", s, "position", pos,
                               "location", slot_location(g, pos)->id, "name",
                               slot_location(g, pos)->name, "automatic",
                               automatic, "rounds_won", g->seat[0].trophies.n,
                               g->seat[1].trophies.n));
    g->nline = 0;
    g->nchoice = 0;
    if (s >= 0 && g->seat[s].trophies.n >= g->rounds_to_win) {
        g->phase = IF_OVER;
        g->winner = s;
        g->turn = -1;
        emit(events, json_pack("{s:s, s:i, s:[ii]}", "type", "game_over",
                               "winner", s, "rounds_won",
                               g->seat[0].trophies.n, g->seat[1].trophies.n));
        return;
    }
    begin_acquisition(g, rng, events);
}

/* ---- acquisition ------------------------------------------------------ */

int ironfuture_buy_check(const struct if_game *g, int seat, int card,
                         struct rules_error *err)
{
    const struct if_seat *st = &g->seat[seat];
    const struct if_unit *u;

    if (card < 0 || card >= g->ncards ||
        ironfuture_pile_find(&g->market, card) < 0)
        return rules_fail(err, "not_in_market", IF_RULE_ACQUISITION,
                          "Card %d is not among the units available.", card);
    u = if_card_unit(g, card);
    if (u->support)
        for (int i = 0; i < st->supports.n; i++)
            if (g->type[st->supports.c[i]] == g->type[card])
                return rules_fail(err, "duplicate_support", IF_RULE_SUPPORT,
                                  "You already have %s; you may never have "
                                  "two of the same support card.", u->name);
    if (u->cost > st->resources)
        return rules_fail(err, "cannot_afford", IF_RULE_ACQUISITION,
                          "%s costs %d and your pool holds %d.", u->name,
                          u->cost, st->resources);
    return 0;
}

static int can_buy_any(const struct if_game *g, int s)
{
    for (int i = 0; i < g->market.n; i++)
        if (ironfuture_buy_check(g, s, g->market.c[i], NULL) == 0)
            return 1;
    return 0;
}

static void end_acquisition(struct if_game *g, struct rng *rng, json_t *events)
{
    int n = g->market.n;

    ironfuture_pile_shuffle(&g->market, rng);
    ironfuture_pile_put_bottom(&g->unit_deck, &g->market);
    g->market.n = 0;
    emit(events, json_pack("{s:s, s:i}", "type", "market_returned", "count", n));
    g->first = other(g->first);
    emit(events, json_pack("{s:s, s:i}", "type", "first_player", "seat", g->first));
    g->round++;
    begin_conquest(g, rng, events);
}

/*
 * Moves the acquisition on to a seat that can still buy. A seat that can
 * buy nothing passes at once (IF-R-07); the phase ends when both passed
 * or the market is empty.
 */
static void acquisition_advance(struct if_game *g, struct rng *rng,
                                json_t *events)
{
    for (;;) {
        if (g->market.n == 0 || (g->seat[0].passed && g->seat[1].passed)) {
            end_acquisition(g, rng, events);
            return;
        }
        if (g->seat[g->turn].passed) {
            g->turn = other(g->turn);
            continue;
        }
        if (!can_buy_any(g, g->turn)) {
            g->seat[g->turn].passed = 1;
            emit(events, json_pack("{s:s, s:i, s:b}", "type", "pass", "seat",
                                   g->turn, "automatic", 1));
            g->turn = other(g->turn);
            continue;
        }
        emit(events, json_pack("{s:s, s:i}", "type", "turn", "seat", g->turn));
        return;
    }
}

static void begin_acquisition(struct if_game *g, struct rng *rng,
                              json_t *events)
{
    json_t *offered = json_array();

    g->phase = IF_ACQUISITION;
    g->market.n = 0;
    while (g->market.n < IF_MARKET && g->unit_deck.n > 0) {
        int c = ironfuture_pile_pop(&g->unit_deck);
        json_t *b = card_brief(g, c);

        ironfuture_pile_push(&g->market, c);
        json_object_set_new(b, "cost", json_integer(if_card_unit(g, c)->cost));
        json_array_append_new(offered, b);
    }
    for (int s = 0; s < IF_SEATS; s++)
        g->seat[s].passed = 0;
    emit(events, json_pack("{s:s, s:o}", "type", "market", "cards", offered));
    g->turn = g->first;
    acquisition_advance(g, rng, events);
}

/* ---- conquest --------------------------------------------------------- */

static void begin_conquest(struct if_game *g, struct rng *rng, json_t *events)
{
    g->phase = IF_CONQUEST;
    g->attacking = 0;
    g->attacker = -1;
    g->aim = 0;
    g->smoke = 0;
    memset(g->used, 0, sizeof g->used);
    for (int s = 0; s < IF_SEATS; s++) {
        g->seat[s].played = 0;
        g->seat[s].passed = 0;
    }
    emit(events, json_pack("{s:s, s:i, s:i}", "type", "round", "round",
                           g->round, "first_player", g->first));
    draw_cards(g, g->first, IF_HAND, rng, events);
    draw_cards(g, other(g->first), IF_HAND, rng, events);
    for (int p = 0; p < IF_LINE; p++) {
        struct if_slot *sl = &g->line[p];
        const struct if_location *loc;
        const struct if_loc_rule *r;

        if (g->loc_deck.n == 0) {
            /* IF-AMB-04: used locations are shuffled into a new deck. */
            g->loc_deck = g->loc_discard;
            g->loc_discard.n = 0;
            ironfuture_pile_shuffle(&g->loc_deck, rng);
            emit(events, json_pack("{s:s, s:i}", "type", "location_reshuffle",
                                   "count", g->loc_deck.n));
        }
        memset(sl, 0, sizeof *sl);
        sl->loc = ironfuture_pile_pop(&g->loc_deck);
        loc = &g->cat->location[sl->loc];
        sl->resources = loc->resources;
        if (p == 1 && (r = ironfuture_location_rule(loc, IF_LR_MIDDLE)))
            sl->resources += r->value;
        emit(events, json_pack("{s:s, s:i, s:s, s:s, s:i}", "type",
                               "location", "position", p, "location", loc->id,
                               "name", loc->name, "resources", sl->resources));
    }
    g->nline = IF_LINE;
    g->turn = can_play(g, g->first) ? g->first : other(g->first);
    if (!can_play(g, g->turn)) {
        end_round(g, rng, events);
        return;
    }
    emit(events, json_pack("{s:s, s:i}", "type", "turn", "seat", g->turn));
}

void ironfuture_game_setup(struct if_game *g, const struct if_catalog *cat,
                           int rounds_to_win, int chooser, int first, struct rng *rng,
                           json_t *events)
{
    int n, a, b, tries = 0, per_seat = 0;

    memset(g, 0, sizeof *g);
    g->cat = cat;
    g->rounds_to_win = rounds_to_win;
    g->winner = -1;
    g->resigned = -1;
    g->attacker = -1;
    /*
     * Instances are numbered in catalog order before any shuffle, so ids
     * reveal no order: seat 0's starters, seat 1's, then the unit deck.
     */
    g->ncards = n = cat->ninstances;
    g->type = cat->instance;
    for (int u = 0; u < cat->nunits; u++)
        per_seat += cat->unit[u].starter;
    for (int c = 0; c < n; c++)
        ironfuture_pile_push(c < per_seat ? &g->seat[0].deck
                             : c < 2 * per_seat ? &g->seat[1].deck
                             : &g->unit_deck, c);
    for (int l = 0; l < cat->nlocations; l++)
        ironfuture_pile_push(&g->loc_deck, l);
    emit(events, json_pack("{s:s, s:s, s:i, s:i}", "type", "setup",
                           "data_version", cat->version, "rounds_to_win",
                           rounds_to_win, "cards", n));
    ironfuture_pile_shuffle(&g->loc_deck, rng);
    for (int s = 0; s < IF_SEATS; s++)
        ironfuture_pile_shuffle(&g->seat[s].deck, rng);
    ironfuture_pile_shuffle(&g->unit_deck, rng);
    emit(events, json_pack("{s:s, s:[ssss]}", "type", "shuffle", "piles",
                           "location_deck", "deck 0", "deck 1", "unit_deck"));
    g->round = 1;
    if (chooser >= 0) {
        /* A rematch: the last game's loser chooses instead (IF-R-13). */
        g->phase = IF_CHOOSE_FIRST;
        g->first = chooser;
        g->turn = chooser;
        emit(events, json_pack("{s:s, s:i}", "type", "choose_first", "seat",
                               chooser));
        return;
    }
    if (first >= 0) {
        /* The pairing decided, as colours in chess (IF-R-17). */
        g->first = first;
        emit(events, json_pack("{s:s, s:i, s:s}", "type", "first_player", "seat", first,
                               "by", "pairing"));
        begin_conquest(g, rng, events);
        return;
    }
    /* Roll off, rerolling ties (IF-AMB-12). */
    do {
        a = rng_die(rng, 6);
        b = rng_die(rng, 6);
        emit(events, json_pack("{s:s, s:[ii]}", "type", "roll_off", "dice", a, b));
    } while (a == b && ++tries < 1000);
    g->first = a >= b ? 0 : 1;
    emit(events, json_pack("{s:s, s:i}", "type", "first_player", "seat", g->first));
    begin_conquest(g, rng, events);
}

/* ---- moves ------------------------------------------------------------ */

struct move_ctx {
    struct if_game *g;
    int seat;
    const json_t *move;
    struct rng *rng;
    json_t *events;
    struct rules_error *err;
};

/* An integer field: IF_ABSENT when missing, clamped far out of range. */
static int field_int(struct move_ctx *m, const char *key, int required,
                     int *out)
{
    json_t *v = json_object_get(m->move, key);
    json_int_t x;

    if (!v) {
        *out = IF_ABSENT;
        if (required)
            return rules_fail(m->err, "bad_move", IF_RULE_FORMAT,
                              "This move needs \"%s\".", key);
        return 0;
    }
    if (!json_is_integer(v))
        return rules_fail(m->err, "bad_move", IF_RULE_FORMAT,
                          "\"%s\" must be an integer.", key);
    x = json_integer_value(v);
    *out = x < -1000000 ? -1000000 : x > 1000000 ? 1000000 : (int)x;
    return 0;
}

/* Refuses every move but the trophy while the round's winner chooses one. */
static int not_trophy_phase(struct move_ctx *m)
{
    if (m->g->phase == IF_TROPHY)
        return rules_fail(m->err, "wrong_phase", IF_RULE_CAPTURE,
                          "Seat %d won the round and first chooses which "
                          "location it takes.", m->g->turn);
    return 0;
}

static int need_conquest_turn(struct move_ctx *m)
{
    if (not_trophy_phase(m))
        return -1;
    if (m->g->phase != IF_CONQUEST)
        return rules_fail(m->err, "wrong_phase", IF_RULE_ACQUISITION,
                          "It is the acquisition phase: buy a unit or pass.");
    if (m->g->turn != m->seat)
        return rules_fail(m->err, "not_your_turn", IF_RULE_GAMEPLAY,
                          "It is the other player's turn.");
    return 0;
}

static int need_acquisition_turn(struct move_ctx *m)
{
    if (not_trophy_phase(m))
        return -1;
    if (m->g->phase != IF_ACQUISITION)
        return rules_fail(m->err, "wrong_phase", IF_RULE_GAMEPLAY,
                          "Units are bought in the acquisition phase, after "
                          "the conquest phase.");
    if (m->g->seat[m->seat].passed)
        return rules_fail(m->err, "already_passed", IF_RULE_ACQUISITION,
                          "You passed; you may not purchase units again this "
                          "phase.");
    if (m->g->turn != m->seat)
        return rules_fail(m->err, "not_your_turn", IF_RULE_ACQUISITION,
                          "It is the other player's turn to buy.");
    return 0;
}

int ironfuture_deploy_check(const struct if_game *g, int seat, int card,
                            int pos, struct rules_error *err)
{
    if (g->attacking)
        return rules_fail(err, "attack_pending", IF_RULE_ATTACK,
                          "Allocate or hold the fire of your deployed unit's "
                          "weapons first.");
    if (card < 0 || card >= g->ncards ||
        ironfuture_pile_find(&g->seat[seat].hand, card) < 0)
        return rules_fail(err, "card_not_in_hand", IF_RULE_GAMEPLAY,
                          "Card %d is not in your hand.", card);
    if (pos < 0 || pos >= g->nline)
        return rules_fail(err, "unknown_location", IF_RULE_GAMEPLAY,
                          "Locations are numbered 0 to %d.", g->nline - 1);
    return 0;
}

/* Step 3: retaliation, then the location's hazard (IF-AMB-01). */
static void deploy_hazards(struct if_game *g, int c, int pos, int seat,
                           json_t *events)
{
    const struct if_pile *foes = &g->line[pos].units[other(seat)];
    const struct if_loc_rule *r;
    const char *ignored = NULL;
    int x = 0;

    for (int i = 0; i < foes->n; i++) {
        int v = has_ability(g, foes->c[i], IF_AB_RETALIATE);

        x = v > x ? v : x;
    }
    if (x > 0) {
        json_t *ev;

        if ((r = slot_rule(g, pos, IF_LR_RETALIATION_BONUS)))
            x += r->value;
        if (slot_rule(g, pos, IF_LR_NO_RETALIATION))
            ignored = "location";
        else if (has_ability(g, c, IF_AB_INFILTRATE))
            ignored = "infiltrate";
        else if (g->smoke)
            ignored = "smoke";
        ev = json_pack("{s:s, s:i, s:i, s:i, s:i}", "type", "retaliation",
                       "seat", other(seat), "card", c, "position", pos,
                       "damage", ignored ? 0 : x);
        if (ignored)
            json_object_set_new(ev, "ignored", json_string(ignored));
        else
            g->damage[c] += x;
        emit(events, ev);
        if (check_destroyed(g, c, events))
            return;
    }
    if ((r = slot_rule(g, pos, IF_LR_DEPLOY_DAMAGE))) {
        g->damage[c] += r->value;
        emit(events, json_pack("{s:s, s:i, s:i, s:i, s:i}", "type", "hazard",
                               "seat", seat, "card", c, "position", pos,
                               "damage", r->value));
        check_destroyed(g, c, events);
    }
}

static int move_deploy(struct move_ctx *m)
{
    struct if_game *g = m->g;
    int card, pos, any = 0;

    if (field_int(m, "card", 1, &card) || field_int(m, "location", 1, &pos) ||
        need_conquest_turn(m) ||
        ironfuture_deploy_check(g, m->seat, card, pos, m->err))
        return -1;
    ironfuture_pile_remove(&g->seat[m->seat].hand, card);
    ironfuture_pile_push(&g->line[pos].units[m->seat], card);
    g->damage[card] = 0;
    g->seat[m->seat].played++;
    emit(m->events, json_pack("{s:s, s:i, s:i, s:s, s:s, s:i, s:s}", "type",
                              "deploy", "seat", m->seat, "card", card, "unit",
                              if_card_unit(g, card)->id, "name",
                              if_card_unit(g, card)->name, "position", pos,
                              "location", slot_location(g, pos)->id));
    g->attacker = card;
    g->attacker_pos = pos;
    deploy_hazards(g, card, pos, m->seat, m->events);
    if (ironfuture_field_find(g, card, NULL, NULL) == 0) {
        /* Step 4 opens: weapons with nobody to shoot at hold fire. */
        const struct if_unit *u = if_card_unit(g, card);

        g->attacking = 1;
        for (int w = 0; w < u->nweapons; w++) {
            g->alloc[w] = weapon_has_target(g, w) ? IF_ALLOC_PENDING
                                                  : IF_ALLOC_HOLD;
            any |= g->alloc[w] == IF_ALLOC_PENDING;
        }
        g->attacking = any;
        if (any)
            return 0;
    }
    complete_attack(g, m->rng, m->events);
    return 0;
}

static int pending_weapon(struct move_ctx *m, int *w)
{
    struct if_game *g = m->g;

    if (field_int(m, "weapon", 1, w) || need_conquest_turn(m))
        return -1;
    if (!g->attacking)
        return rules_fail(m->err, "no_attack_pending", IF_RULE_ATTACK,
                          "Deploy a unit first; weapons are allocated after "
                          "it is deployed.");
    if (*w < 0 || *w >= if_card_unit(g, g->attacker)->nweapons)
        return ironfuture_target_check(g, *w, -1, m->err);
    if (g->alloc[*w] != IF_ALLOC_PENDING)
        return rules_fail(m->err, "weapon_already_allocated", IF_RULE_ATTACK,
                          "Each weapon is allocated only once; weapon %d "
                          "already is (or has no target).", *w);
    return 0;
}

static void allocation_done(struct move_ctx *m)
{
    const struct if_unit *u = if_card_unit(m->g, m->g->attacker);

    for (int w = 0; w < u->nweapons; w++)
        if (m->g->alloc[w] == IF_ALLOC_PENDING)
            return;
    complete_attack(m->g, m->rng, m->events);
}

static int move_allocate(struct move_ctx *m)
{
    struct if_game *g = m->g;
    int w, t, tpos;

    if (field_int(m, "target", 1, &t) || pending_weapon(m, &w) ||
        ironfuture_target_check(g, w, t, m->err))
        return -1;
    g->alloc[w] = t;
    ironfuture_field_find(g, t, &tpos, NULL);
    emit(m->events, json_pack("{s:s, s:i, s:i, s:i, s:s, s:i, s:s}", "type",
                              "allocate", "seat", m->seat, "card", g->attacker,
                              "weapon", w, "weapon_name",
                              if_card_unit(g, g->attacker)->weapon[w].name,
                              "target", t, "range",
                              range_names[abs(tpos - g->attacker_pos)]));
    allocation_done(m);
    return 0;
}

static int move_hold_fire(struct move_ctx *m)
{
    struct if_game *g = m->g;
    int w;

    if (pending_weapon(m, &w))
        return -1;
    g->alloc[w] = IF_ALLOC_HOLD;
    emit(m->events, json_pack("{s:s, s:i, s:i, s:i, s:s}", "type",
                              "hold_fire", "seat", m->seat, "card",
                              g->attacker, "weapon", w, "weapon_name",
                              if_card_unit(g, g->attacker)->weapon[w].name));
    allocation_done(m);
    return 0;
}

int ironfuture_support_check(const struct if_game *g, int seat, int card,
                             int target, int pos, struct rules_error *err)
{
    const struct if_unit *u;
    enum if_ability_kind k;
    int tseat;

    if (g->attacking)
        return rules_fail(err, "support_after_deploy", IF_RULE_SUPPORT,
                          "Support cards are activated at the start of your "
                          "turn, before you play a card.");
    if (card < 0 || card >= g->ncards ||
        ironfuture_pile_find(&g->seat[seat].supports, card) < 0)
        return rules_fail(err, "unknown_support", IF_RULE_SUPPORT,
                          "Card %d is not a support card in front of you.",
                          card);
    if (g->used[card])
        return rules_fail(err, "support_already_used", IF_RULE_SUPPORT,
                          "Each support card can only be activated once per "
                          "conquest phase.");
    u = if_card_unit(g, card);
    k = u->ability[0].kind;
    if (k == IF_AB_WORKSHOP || k == IF_AB_ARTILLERY) {
        if (pos != IF_ABSENT || target == IF_ABSENT)
            return rules_fail(err, "bad_target", IF_RULE_SUPPORT,
                              "%s needs a \"target\" unit and no location.",
                              u->name);
        if (target < 0 || target >= g->ncards ||
            ironfuture_field_find(g, target, NULL, &tseat) ||
            (tseat == seat) != (k == IF_AB_WORKSHOP))
            return rules_fail(err, "bad_target", IF_RULE_SUPPORT,
                              "%s targets %s unit in play.", u->name,
                              k == IF_AB_WORKSHOP ? "one of your" : "an enemy");
        if (k == IF_AB_WORKSHOP && g->damage[target] == 0)
            return rules_fail(err, "nothing_to_repair", IF_RULE_SUPPORT,
                              "That unit has no damage to remove.");
        return 0;
    }
    if (k == IF_AB_BEACON) {
        if (target != IF_ABSENT || pos == IF_ABSENT)
            return rules_fail(err, "bad_target", IF_RULE_SUPPORT,
                              "%s needs a \"location\" and no target.", u->name);
        if (pos < 0 || pos >= g->nline)
            return rules_fail(err, "unknown_location", IF_RULE_SUPPORT,
                              "Locations are numbered 0 to %d.", g->nline - 1);
        return 0;
    }
    if (target != IF_ABSENT || pos != IF_ABSENT)
        return rules_fail(err, "bad_target", IF_RULE_SUPPORT,
                          "%s takes no target or location.", u->name);
    return 0;
}

static int move_activate(struct move_ctx *m)
{
    struct if_game *g = m->g;
    const struct if_ability *ab;
    int card = IF_ABSENT, target = IF_ABSENT, pos = IF_ABSENT, tpos;
    json_t *ev;

    if (field_int(m, "card", 1, &card) || field_int(m, "target", 0, &target) ||
        field_int(m, "location", 0, &pos) || need_conquest_turn(m) ||
        ironfuture_support_check(g, m->seat, card, target, pos, m->err))
        return -1;
    ab = &if_card_unit(g, card)->ability[0];
    g->used[card] = 1;
    ev = json_pack("{s:s, s:i, s:i, s:s, s:s}", "type", "support", "seat",
                   m->seat, "card", card, "unit", if_card_unit(g, card)->id,
                   "ability", ironfuture_ability_name(ab->kind));
    switch (ab->kind) {
    case IF_AB_DRAW:
        emit(m->events, ev);
        draw_cards(g, m->seat, ab->value, m->rng, m->events);
        return 0;
    case IF_AB_SUPPLY:
        g->seat[m->seat].resources += ab->value;
        json_object_set_new(ev, "pool", json_integer(g->seat[m->seat].resources));
        break;
    case IF_AB_WORKSHOP: {
        int heal = g->damage[target] < ab->value ? g->damage[target] : ab->value;

        g->damage[target] -= heal;
        json_object_set_new(ev, "target", json_integer(target));
        json_object_set_new(ev, "removed", json_integer(heal));
        break;
    }
    case IF_AB_ARTILLERY:
        ironfuture_field_find(g, target, &tpos, NULL);
        json_object_set_new(ev, "target", json_integer(target));
        json_object_set_new(ev, "range", json_string("L"));
        roll_attack(g, ev, ab->value,
                    ironfuture_hit_needed(g, -1, 0, target, tpos, 2), target,
                    m->rng);
        emit(m->events, ev);
        check_destroyed(g, target, m->events);
        return 0;
    case IF_AB_TARGETING:
        g->aim += ab->value;
        break;
    case IF_AB_SMOKE:
        g->smoke = 1;
        break;
    case IF_AB_BEACON:
        g->line[pos].beacon[m->seat] += ab->value;
        json_object_set_new(ev, "position", json_integer(pos));
        break;
    default:
        break;
    }
    emit(m->events, ev);
    return 0;
}

static int move_buy(struct move_ctx *m)
{
    struct if_game *g = m->g;
    struct if_seat *st = &g->seat[m->seat];
    const struct if_unit *u;
    int card;

    if (field_int(m, "card", 1, &card) || need_acquisition_turn(m) ||
        ironfuture_buy_check(g, m->seat, card, m->err))
        return -1;
    u = if_card_unit(g, card);
    st->resources -= u->cost;
    ironfuture_pile_remove(&g->market, card);
    if (u->support) {
        ironfuture_pile_push(&st->supports, card);
        g->used[card] = 0;
    } else {
        ironfuture_pile_push(&st->discard, card);
    }
    emit(m->events, json_pack("{s:s, s:i, s:i, s:s, s:s, s:i, s:s, s:i}",
                              "type", "buy", "seat", m->seat, "card", card,
                              "unit", u->id, "name", u->name, "cost", u->cost,
                              "zone", u->support ? "supports" : "discard",
                              "pool", st->resources));
    if (!g->seat[other(m->seat)].passed)
        g->turn = other(m->seat);
    acquisition_advance(g, m->rng, m->events);
    return 0;
}

static int move_pass(struct move_ctx *m)
{
    if (need_acquisition_turn(m))
        return -1;
    m->g->seat[m->seat].passed = 1;
    emit(m->events, json_pack("{s:s, s:i, s:b}", "type", "pass", "seat",
                              m->seat, "automatic", 0));
    m->g->turn = other(m->seat);
    acquisition_advance(m->g, m->rng, m->events);
    return 0;
}

int ironfuture_trophy_check(const struct if_game *g, int seat, int pos,
                            struct rules_error *err)
{
    if (g->phase != IF_TROPHY)
        return rules_fail(err, "wrong_phase", IF_RULE_CAPTURE,
                          "A trophy is chosen only by a round's winner who "
                          "won more than one location, when the round ends.");
    if (g->turn != seat)
        return rules_fail(err, "not_your_turn", IF_RULE_CAPTURE,
                          "Seat %d won the round; the trophy is theirs to "
                          "choose.", g->turn);
    for (int i = 0; i < g->nchoice; i++)
        if (g->choice[i] == pos)
            return 0;
    return rules_fail(err, "location_not_won", IF_RULE_CAPTURE,
                      "The trophy is one of the locations you won this "
                      "round; location %d is not one.", pos);
}

static int move_trophy(struct move_ctx *m)
{
    int pos;

    if (field_int(m, "location", 1, &pos) ||
        ironfuture_trophy_check(m->g, m->seat, pos, m->err))
        return -1;
    take_trophy(m->g, m->seat, pos, m->rng, m->events);
    return 0;
}

/* ---- the first player of a rematch ------------------------------------ */

int ironfuture_first_check(const struct if_game *g, int seat, int first,
                           struct rules_error *err)
{
    if (g->phase != IF_CHOOSE_FIRST)
        return rules_fail(err, "wrong_phase", IF_RULE_REMATCH,
                          "The first player is chosen only before the first "
                          "round of a rematch.");
    if (g->turn != seat)
        return rules_fail(err, "not_your_turn", IF_RULE_REMATCH,
                          "Seat %d did not win the last game; the choice to "
                          "start is theirs.", g->turn);
    if (first < 0 || first >= IF_SEATS)
        return rules_fail(err, "bad_seat", IF_RULE_REMATCH,
                          "The first player is seat 0 or seat 1.");
    return 0;
}

/* {"type": "choose_first", "seat": N}: the first round is dealt. */
static int move_choose_first(struct move_ctx *m)
{
    int first;

    if (field_int(m, "seat", 1, &first) ||
        ironfuture_first_check(m->g, m->seat, first, m->err))
        return -1;
    m->g->first = first;
    emit(m->events, json_pack("{s:s, s:i, s:i}", "type", "first_player", "seat",
                              first, "chosen_by", m->seat));
    begin_conquest(m->g, m->rng, m->events);
    return 0;
}

static const struct {
    const char *type;
    int (*fn)(struct move_ctx *);
    const char *keys[4];
} moves[] = {
    {"choose_first", move_choose_first, {"seat", NULL}},
    {"activate", move_activate, {"card", "target", "location", NULL}},
    {"deploy", move_deploy, {"card", "location", NULL}},
    {"allocate", move_allocate, {"weapon", "target", NULL}},
    {"hold_fire", move_hold_fire, {"weapon", NULL}},
    {"buy", move_buy, {"card", NULL}},
    {"pass", move_pass, {NULL}},
    {"trophy", move_trophy, {"location", NULL}},
};

/* The seat exists and the game is not over; for moves and resignation. */
static int seat_in_play(const struct if_game *g, int seat, struct rules_error *err)
{
    if (seat < 0 || seat >= IF_SEATS)
        return rules_fail(err, "bad_seat", IF_RULE_SETUP,
                          "Iron Future has seats 0 and 1.");
    if (g->phase == IF_OVER)
        return rules_fail(err, "game_over", IF_RULE_END,
                          "The game is over.");
    return 0;
}

int ironfuture_move_apply(struct if_game *g, int seat, const json_t *move,
                          struct rng *rng, json_t *events,
                          struct rules_error *err)
{
    struct move_ctx m = {g, seat, move, rng, events, err};
    const char *type = json_string_value(json_object_get(move, "type"));
    const char *key;
    json_t *v;
    size_t i;

    if (!json_is_object(move) || !type)
        return rules_fail(err, "bad_move", IF_RULE_FORMAT,
                          "A move is a JSON object with a string \"type\".");
    for (i = 0; i < sizeof moves / sizeof moves[0]; i++)
        if (strcmp(type, moves[i].type) == 0)
            break;
    if (i == sizeof moves / sizeof moves[0])
        return rules_fail(err, "unknown_move", IF_RULE_FORMAT,
                          "Iron Future has no move \"%.40s\"; moves are "
                          "activate, deploy, allocate, hold_fire, buy, pass "
                          "and trophy.", type);
    json_object_foreach((json_t *)move, key, v) {
        int ok = strcmp(key, "type") == 0;

        for (int k = 0; moves[i].keys[k]; k++)
            ok |= strcmp(key, moves[i].keys[k]) == 0;
        if (!ok)
            return rules_fail(err, "bad_move", IF_RULE_FORMAT,
                              "A %s move has no field \"%.40s\".", type, key);
    }
    if (seat_in_play(g, seat, err))
        return -1;
    if (g->phase == IF_CHOOSE_FIRST && moves[i].fn != move_choose_first)
        return rules_fail(err, "wrong_phase", IF_RULE_REMATCH,
                          "Seat %d, who did not win the last game, first "
                          "chooses who starts.", g->turn);
    return moves[i].fn(&m);
}

/* ---- resignation ------------------------------------------------------ */

int ironfuture_resign(struct if_game *g, int seat, json_t *events,
                      struct rules_error *err)
{
    if (seat_in_play(g, seat, err))
        return -1;
    /* The table stays as it was (RULINGS IF-R-14); only an attack still
     * being allocated is dropped, since nobody will resolve it. */
    g->phase = IF_OVER;
    g->winner = 1 - seat;
    g->resigned = seat;
    g->turn = -1;
    g->attacking = 0;
    g->attacker = -1;
    g->aim = 0;
    g->smoke = 0;
    emit(events, json_pack("{s:s, s:i}", "type", "resigned", "seat", seat));
    emit(events, json_pack("{s:s, s:i, s:[ii], s:i}", "type", "game_over",
                           "winner", g->winner, "rounds_won",
                           g->seat[0].trophies.n, g->seat[1].trophies.n,
                           "resigned", seat));
    return 0;
}
