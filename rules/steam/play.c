/*
 * play.c - Steam's Base Game on struct st_game (see RULINGS.md).
 *
 * Every move is checked completely before the first change, so a refused
 * move leaves the game as it was. After each accepted move, advance()
 * runs whatever needs no decision (Phase 4 income, Phase 5 turn order,
 * the end of the game, players with no choice) until some seat must act.
 */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------ */

static json_t *event(json_t *events, const char *type)
{
    json_t *e = json_pack("{s:s}", "type", type);

    json_array_append_new(events, e);
    return e;
}

static const char *hexname(const struct st_game *g, int h, char *buf)
{
    return steam_hex_name(g->map, h, buf);
}

int steam_action_value(const struct st_game *g, int seat)
{
    int a = g->p[seat].action;

    return a < 0 ? 8 : g->cat->action[a].value;
}

int steam_build_limit(const struct st_game *g, int seat)
{
    return g->p[seat].action == ST_A_ENGINEER && !g->p[seat].passed_option
           ? 4 : 3;
}

int steam_max_funds(const struct st_game *g, int seat)
{
    const struct st_player *p = &g->p[seat];
    int steps = p->income - g->cat->income_min + (p->vp > 0 ? p->vp / 2 : 0);

    return p->cash + 5 * steps;
}

/* Pays amount for seat, raising only the money needed (RULINGS ST-R-MONEY):
 * income steps first, then 2 VP per $5 at -$10. The caller has checked
 * steam_max_funds. */
static void pay(struct st_game *g, int seat, int amount, json_t *events,
                const char *what)
{
    struct st_player *p = &g->p[seat];
    int need = amount - p->cash;

    if (amount <= 0)
        return;
    if (need > 0) {
        int steps = (need + 4) / 5, room = p->income - g->cat->income_min;
        int isteps = steps < room ? steps : room, vsteps = steps - isteps;

        p->income -= isteps;
        p->vp -= 2 * vsteps;
        p->cash += 5 * steps;
        g->money_out += 5 * steps;
        json_object_set_new(event(events, "raise"), "detail",
                            json_pack("{s:i, s:i, s:i, s:i, s:s}", "seat", seat,
                                      "raised", 5 * steps, "income_steps",
                                      isteps, "vp_lost", 2 * vsteps, "for",
                                      what));
    }
    p->cash -= amount;
    g->money_in += amount;
}

static int to_count(unsigned m)
{
    int n = 0;

    for (; m; m &= m - 1)
        n++;
    return n;
}

/* The sequence of seats acting in the current phase. */
static int phase_seq(const struct st_game *g, int seq[ST_MAX_PLAYERS])
{
    int lead = -1, n = 0;

    if (g->phase == ST_BUILD || g->phase == ST_MOVE || g->phase == ST_SCORE) {
        int want = g->phase == ST_BUILD ? ST_A_FIRST_BUILD : ST_A_FIRST_MOVE;

        for (int i = 0; i < g->norder; i++)
            if (g->p[g->order[i]].action == want)
                lead = g->order[i];
    }
    if (lead >= 0)
        seq[n++] = lead;
    for (int i = 0; i < g->norder; i++)
        if (g->order[i] != lead)
            seq[n++] = g->order[i];
    return n;
}

int steam_to_act(const struct st_game *g)
{
    int seq[ST_MAX_PLAYERS], n;

    switch (g->phase) {
    case ST_AUCTION:
        return g->auc_turn;
    case ST_SCORE:
        return g->score_seat[0];
    case ST_OVER:
        return -1;
    default:
        n = phase_seq(g, seq);
        return g->cur < n ? seq[g->cur] : -1;
    }
}

int steam_growth_possible(const struct st_game *g)
{
    for (int h = 0; h < g->map->nhex; h++)
        if (g->map->hex[h].terrain == ST_CITY && !g->growth[h])
            return 1;
    return 0;
}

int steam_urbanize_possible(const struct st_game *g)
{
    int tiles = 0;

    for (int c = 0; c < ST_COLOURS; c++)
        tiles += g->city_tiles[c];
    if (!tiles)
        return 0;
    for (int h = 0; h < g->map->nhex; h++)
        if (g->map->hex[h].terrain == ST_TOWN && !g->new_city[h])
            return 1;
    return 0;
}

static int supply_nonempty(const struct st_game *g, int i)
{
    for (int c = 0; c < ST_COLOURS; c++)
        if (g->supply[i][c])
            return 1;
    return 0;
}

static int any_supply(const struct st_game *g)
{
    for (int i = 0; i < g->map->supply_spaces; i++)
        if (supply_nonempty(g, i))
            return 1;
    return 0;
}

/* ---- setup -------------------------------------------------------------- */

/* Draws n cubes from the shuffled bag (bag[] in draw order, *top its
 * next index) into c[] and a cube string for the event. */
static void draw(struct st_game *g, const int *bag, int *top, int n,
                 int c[ST_COLOURS], char *drawn)
{
    int k = 0;

    for (int i = 0; i < n && *top < g->cat->total_cubes; i++) {
        int col = bag[(*top)++];

        c[col]++;
        g->bag[col]--;
        drawn[k++] = steam_colour_letter(col);
    }
    drawn[k] = 0;
}

static void start_auction(struct st_game *g, int from)
{
    g->auc_bid = g->auc_high = -1;
    g->auc_out = 0;
    /* The first player clockwise from `from` still without a place. */
    for (int i = 0; i < g->nplayers; i++) {
        int s = (from + i) % g->nplayers, placed = g->p[s].resigned;

        for (int j = 0; j < g->norder; j++)
            placed |= g->order[j] == s;
        if (!placed) {
            g->auc_turn = s;
            return;
        }
    }
}

void steam_game_setup(struct st_game *g, const struct st_catalog *cat,
                      int map, int players, int auction, struct rng *rng,
                      json_t *events)
{
    int bag[128], top = 0, n = 0;
    json_t *cities = json_object(), *supply = json_array(), *e;
    char drawn[128], hb[8];

    memset(g, 0, sizeof *g);
    g->cat = cat;
    g->map = &cat->map[map];
    g->nplayers = players;
    g->auction = auction;
    g->turn = 1;
    g->round = 1;
    g->last_turn = cat->turns[players];
    g->winner = -1;
    g->auc_bid = g->auc_high = -1;
    for (int h = 0; h < ST_MAX_HEX; h++) {
        g->track[h].tile = -1;
        for (int k = 0; k < ST_MAX_SEGS; k++)
            g->track[h].owner[k] = -1;
    }
    for (int t = 0; t < cat->ntiles; t++)
        g->tiles_left[t] = cat->tile[t].count;
    for (int c = 0; c < ST_COLOURS; c++) {
        g->city_tiles[c] = cat->new_cities[c];
        g->bag[c] = cat->cubes[c];
        for (int i = 0; i < cat->cubes[c]; i++)
            bag[n++] = c;
    }
    rng_shuffle(rng, bag, (size_t)n);
    for (int i = 0; i < g->map->ncities; i++) {
        const struct st_city *c = &g->map->city[i];
        int k = c->cubes - (players == 3 && g->map->fewer_with_3);

        draw(g, bag, &top, k, g->cubes[c->hex], drawn);
        json_object_set_new(cities, hexname(g, c->hex, hb), json_string(drawn));
    }
    for (int i = 0; i < g->map->supply_spaces; i++) {
        draw(g, bag, &top, players == 3 ? 2 : 3, g->supply[i], drawn);
        json_array_append_new(supply, json_string(drawn));
    }
    e = event(events, "setup");
    json_object_set_new(e, "map", json_string(g->map->id));
    json_object_set_new(e, "cities", cities);
    json_object_set_new(e, "supply", supply);
    json_object_set_new(e, "turns", json_integer(g->last_turn));
    for (int s = 0; s < players; s++)
        g->p[s].loco = 1, g->p[s].action = -1;
    if (auction) {
        g->phase = ST_AUCTION;
        start_auction(g, (int)rng_uniform(rng, (uint32_t)players));
        e = event(events, "auction_start");
        json_object_set_new(e, "position", json_integer(1));
        json_object_set_new(e, "first_bidder", json_integer(g->auc_turn));
    } else {
        int tiles[ST_ACTIONS], first = 0;
        json_t *drawn_tiles = json_array(), *order = json_array();

        for (int i = 0; i < ST_ACTIONS; i++)
            tiles[i] = i;
        rng_shuffle(rng, tiles, ST_ACTIONS);
        for (int s = 0; s < players; s++) {
            json_array_append_new(drawn_tiles,
                                  json_string(cat->action[tiles[s]].id));
            if (cat->action[tiles[s]].value < cat->action[tiles[first]].value)
                first = s;
        }
        for (int i = 0; i < players; i++) {
            int s = (first + i) % players;

            g->order[g->norder++] = s;
            g->p[s].cash = i;
            g->money_out += i;
            json_array_append_new(order, json_integer(s));
        }
        g->phase = ST_SELECT;
        e = event(events, "turn_order");
        json_object_set_new(e, "method", json_string("random"));
        json_object_set_new(e, "tiles_drawn", drawn_tiles);
        json_object_set_new(e, "order", order);
    }
}

/* ---- the automatic phases ------------------------------------------------ */

/* Players still in the game (neither bankrupt nor resigned). */
static int players_left(const struct st_game *g)
{
    int n = 0;

    for (int s = 0; s < g->nplayers; s++)
        n += st_in_game(g, s);
    return n;
}

/* Takes players who resigned during the turn out of the turn order; until
 * then they keep their place, skipped, so the phase's count stays true. */
static void drop_resigned(struct st_game *g)
{
    int j = 0;

    for (int i = 0; i < g->norder; i++)
        if (!g->p[g->order[i]].resigned)
            g->order[j++] = g->order[i];
    g->norder = j;
}

static void final_scoring(struct st_game *g, json_t *events);

static void go_bankrupt(struct st_game *g, int s, json_t *events)
{
    struct st_net net_buf, *net = &net_buf;
    int j = 0;
    json_t *e;

    if (steam_net_build(g, net))
        abort();
    for (int l = 0; l < net->nlinks; l++)
        if (net->link[l].owner == s)
            steam_link_set_owner(g, net, l, -1);
    e = event(events, "bankrupt");
    json_object_set_new(e, "seat", json_integer(s));
    json_object_set_new(e, "cash", json_integer(g->p[s].cash));  /* to the bank */
    g->money_in += g->p[s].cash;
    g->p[s].cash = 0;
    g->p[s].bankrupt = 1;
    for (int i = 0; i < g->norder; i++)
        if (g->order[i] != s)
            g->order[j++] = g->order[i];
    g->norder = j;
}

/* Phase 4: in turn order, income paid or expenses raised. */
static void income_phase(struct st_game *g, json_t *events)
{
    int seq[ST_MAX_PLAYERS], n = g->norder;

    memcpy(seq, g->order, sizeof seq);
    for (int i = 0; i < n; i++) {
        int s = seq[i], inc = g->p[s].income;
        json_t *e;

        if (g->p[s].resigned)
            continue;
        e = event(events, "income");

        json_object_set_new(e, "seat", json_integer(s));
        json_object_set_new(e, "amount", json_integer(inc));
        if (inc > 0) {
            g->p[s].cash += inc;
            g->money_out += inc;
        } else if (inc < 0) {
            if (steam_max_funds(g, s) >= -inc)
                pay(g, s, -inc, events, "expenses");
            else
                go_bankrupt(g, s, events);
        }
    }
}

/* Phase 5: Turn Order first, then ascending values (a passed tile too). */
static void turn_order_phase(struct st_game *g, json_t *events)
{
    int o[ST_MAX_PLAYERS], n;
    json_t *a = json_array();

    drop_resigned(g);
    n = g->norder;
    memcpy(o, g->order, sizeof o);
    for (int i = 1; i < n; i++)          /* stable insertion sort */
        for (int j = i; j > 0 && steam_action_value(g, o[j]) <
                                  steam_action_value(g, o[j - 1]); j--) {
            int t = o[j];
            o[j] = o[j - 1];
            o[j - 1] = t;
        }
    memcpy(g->order, o, sizeof o);
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(o[i]));
    json_object_set_new(event(events, "turn_order"), "order", a);
}

static void new_turn(struct st_game *g, json_t *events)
{
    g->turn++;
    g->phase = ST_SELECT;
    g->cur = 0;
    g->round = 1;
    for (int s = 0; s < g->nplayers; s++) {
        struct st_player *p = &g->p[s];

        p->action = -1;
        p->passed_option = p->builds = p->owe = p->loco_moved = 0;
    }
    json_object_set_new(event(events, "turn"), "turn", json_integer(g->turn));
}

static int any_selectable(const struct st_game *g, int s)
{
    for (int a = 0; a < ST_ACTIONS; a++)
        for (int po = 0; po < 2; po++)
            if (steam_select_check(g, s, a, po, NULL) == 0)
                return 1;
    return 0;
}

/* The end of seat's build: incomplete links not extended this turn are
 * lost (RULINGS ST-AMB-08). */
static void end_build(struct st_game *g, int seat, json_t *events)
{
    struct st_net net_buf, *net = &net_buf;
    char hb[8];

    if (steam_net_build(g, net))
        abort();
    for (int l = 0; l < net->nlinks; l++) {
        const struct st_link *L = &net->link[l];

        if (L->owner == seat && !L->complete && L->stamp < g->turn) {
            json_t *e = event(events, "link_lost");

            json_object_set_new(e, "seat", json_integer(seat));
            json_object_set_new(e, "at", json_string(hexname(g, L->open_hex, hb)));
            steam_link_set_owner(g, net, l, -1);
        }
    }
    g->cur++;
}

static void advance(struct st_game *g, json_t *events)
{
    for (;;) {
        int s = steam_to_act(g);

        switch (g->phase) {
        case ST_AUCTION:
        case ST_OVER:
            return;
        case ST_SCORE:
            if (g->nscore > 0)
                return;
            g->phase = ST_MOVE;
            g->cur++;
            continue;
        case ST_SELECT:
            if (s < 0) {
                g->phase = ST_BUILD;
                g->cur = 0;
                continue;
            }
            if (g->p[s].resigned) {
                g->cur++;
                continue;
            }
            if (!any_selectable(g, s)) {
                json_object_set_new(event(events, "no_action"), "seat",
                                    json_integer(s));
                g->cur++;
                continue;
            }
            return;
        case ST_BUILD:
            if (s < 0) {
                g->phase = ST_MOVE;
                g->cur = 0;
                g->round = 1;
                continue;
            }
            if (g->p[s].resigned) {
                g->cur++;
                continue;
            }
            if (g->p[s].builds >= steam_build_limit(g, s) && !g->p[s].owe) {
                end_build(g, s, events);
                continue;
            }
            return;
        case ST_MOVE:
            if (s >= 0 && g->p[s].resigned) {
                g->cur++;
                continue;
            }
            if (s >= 0)
                return;
            if (g->round == 1) {
                g->round = 2;
                g->cur = 0;
                continue;
            }
            income_phase(g, events);
            if (g->turn >= g->last_turn || players_left(g) == 0) {
                final_scoring(g, events);
                return;
            }
            turn_order_phase(g, events);
            new_turn(g, events);
            continue;
        }
    }
}

/*
 * Whether seat a ranks above seat b at the end (RULINGS ST-R-10, ST-R-11):
 * players still in the game first, then the bankrupt, then those who
 * resigned; within each, most VP, highest income, lowest action tile,
 * lowest seat.
 */
static int ranks_above(const struct st_game *g, int a, int b)
{
    const struct st_player *p = &g->p[a], *q = &g->p[b];
    int ca = p->resigned ? 2 : p->bankrupt, cb = q->resigned ? 2 : q->bankrupt;

    if (ca != cb)
        return ca < cb;
    if (p->vp != q->vp)
        return p->vp > q->vp;
    if (p->income != q->income)
        return p->income > q->income;
    if (steam_action_value(g, a) != steam_action_value(g, b))
        return steam_action_value(g, a) < steam_action_value(g, b);
    return a < b;
}

void steam_final_places(const struct st_game *g, int place[])
{
    int rank[ST_MAX_PLAYERS];

    for (int i = 0; i < g->nplayers; i++) {         /* insertion sort */
        int j = i;

        for (; j > 0 && ranks_above(g, i, rank[j - 1]); j--)
            rank[j] = rank[j - 1];
        rank[j] = i;
    }
    for (int i = 0; i < g->nplayers; i++)
        place[rank[i]] = i + 1;
}

static void final_scoring(struct st_game *g, json_t *events)
{
    struct st_net net_buf, *net = &net_buf;
    json_t *res = json_array(), *ranking = json_array(), *e;
    int place[ST_MAX_PLAYERS];

    drop_resigned(g);
    if (steam_net_build(g, net))
        abort();
    for (int l = 0; l < net->nlinks; l++)
        if (!net->link[l].complete && net->link[l].owner >= 0)
            steam_link_set_owner(g, net, l, -1);
    for (int s = 0; s < g->nplayers; s++) {
        struct st_player *p = &g->p[s];
        int links = 0, from_income = 0;

        if (p->resigned) {
            json_array_append_new(res, json_pack("{s:i, s:b}", "seat", s,
                                                 "resigned", 1));
            continue;
        }
        if (p->bankrupt) {
            json_array_append_new(res, json_pack("{s:i, s:b}", "seat", s,
                                                 "bankrupt", 1));
            continue;
        }
        for (int l = 0; l < net->nlinks; l++)
            links += net->link[l].complete && net->link[l].owner == s;
        from_income = p->income > 0 ? p->income / 2
                    : p->income < 0 ? 2 * p->income : 0;
        p->vp += from_income + links;
        json_array_append_new(res, json_pack(
            "{s:i, s:i, s:i, s:i, s:i}", "seat", s, "from_income", from_income,
            "links", links, "vp", p->vp, "income", p->income));
    }
    steam_final_places(g, place);
    for (int k = 1; k <= g->nplayers; k++)
        for (int i = 0; i < g->nplayers; i++)
            if (place[i] == k)
                json_array_append_new(ranking, json_integer(i));
    /* Someone never resigned: the resignation that leaves one player in
     * the game ends it, so the first place is not a resigned player. */
    for (int i = 0; i < g->nplayers; i++)
        if (place[i] == 1)
            g->winner = i;
    g->phase = ST_OVER;
    g->cur = 0;
    e = event(events, "game_over");
    json_object_set_new(e, "scores", res);
    json_object_set_new(e, "ranking", ranking);
    json_object_set_new(e, "winner", json_integer(g->winner));
}

/* ---- move parsing ---------------------------------------------------------- */

/* Refuses keys of move outside the NULL-terminated list. */
static int only_keys(const json_t *move, const char *const *allowed,
                     struct rules_error *err)
{
    const char *key = rules_unknown_key(move, allowed);

    if (key)
        return rules_fail(err, "unknown_field", ST_RULE_FORMAT,
                          "This move has no field \"%.40s\".", key);
    return 0;
}

static int field_hex(const struct st_game *g, const json_t *move,
                     const char *key, int *h, struct rules_error *err)
{
    json_t *v = json_object_get(move, key);

    if (!json_is_string(v))
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"%s\" must be a hex name such as \"e4\".", key);
    *h = steam_hex_parse(g->map, json_string_value(v));
    if (*h < 0)
        return rules_fail(err, "bad_hex", ST_RULE_FORMAT,
                          "There is no hex \"%.12s\" on this map.",
                          json_string_value(v));
    return 0;
}

static int field_int(const json_t *move, const char *key, int lo, int hi,
                     int *out, struct rules_error *err)
{
    json_t *v = json_object_get(move, key);

    if (!json_is_integer(v) || json_integer_value(v) < lo ||
        json_integer_value(v) > hi)
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"%s\" must be an integer from %d to %d.", key, lo,
                          hi);
    *out = (int)json_integer_value(v);
    return 0;
}

/* The optional "supply" field: a non-empty Goods Supply space, required
 * while any space holds cubes (RULINGS ST-AMB-13). -1 for none. */
static int field_supply(const struct st_game *g, const json_t *move, int *sp,
                        const char *rule, struct rules_error *err)
{
    json_t *v = json_object_get(move, "supply");

    *sp = -1;
    if (!v || json_is_null(v)) {
        if (any_supply(g))
            return rules_fail(err, "supply_needed", rule,
                              "Choose a Goods Supply space (\"supply\": 0..%d) "
                              "whose cubes to place.",
                              g->map->supply_spaces - 1);
        return 0;
    }
    if (field_int(move, "supply", 0, g->map->supply_spaces - 1, sp, err))
        return -1;
    if (!supply_nonempty(g, *sp))
        return rules_fail(err, "supply_empty", rule,
                          "That Goods Supply space has no cubes left.");
    return 0;
}

static int wrong_turn(const struct st_game *g, int seat,
                      struct rules_error *err)
{
    if (g->phase == ST_OVER)
        return rules_fail(err, "game_over", ST_RULE_END, "The game is over.");
    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", ST_RULE_FORMAT,
                          "Only the game's players may move.");
    return rules_fail(err, "not_your_turn", ST_RULE_ORDER,
                      "It is seat %d's turn to act, not yours.",
                      steam_to_act(g));
}

static int wrong_phase(const struct st_game *g, const char *type,
                       struct rules_error *err)
{
    return rules_fail(err, "wrong_phase", ST_RULE_FORMAT,
                      "A \"%.20s\" move is not possible in the %s phase.",
                      type, steam_phase_name(g->phase));
}

/* ---- auction --------------------------------------------------------------- */

static int placed(const struct st_game *g, int s)
{
    for (int j = 0; j < g->norder; j++)
        if (g->order[j] == s)
            return 1;
    return 0;
}

static unsigned auction_eligible(const struct st_game *g)
{
    unsigned m = 0;

    for (int s = 0; s < g->nplayers; s++)
        if (!placed(g, s) && !g->p[s].resigned && !(g->auc_out & (1u << s)))
            m |= 1u << s;
    return m;
}

/*
 * Ends the auctions once at most one player still in the game has no
 * place: he takes the last place free. Returns 1 when they ended.
 */
static int auction_close(struct st_game *g, json_t *events)
{
    json_t *a, *e;
    int open = 0;

    for (int s = 0; s < g->nplayers; s++)
        open += !placed(g, s) && !g->p[s].resigned;
    if (open > 1)
        return 0;
    for (int s = 0; s < g->nplayers; s++)
        if (!placed(g, s) && !g->p[s].resigned)
            g->order[g->norder++] = s;
    a = json_array();
    for (int i = 0; i < g->norder; i++)
        json_array_append_new(a, json_integer(g->order[i]));
    g->auc_bid = g->auc_high = -1;
    g->auc_out = 0;
    g->auc_turn = 0;
    g->phase = ST_SELECT;
    g->cur = 0;
    e = event(events, "turn_order");
    json_object_set_new(e, "method", json_string("auction"));
    json_object_set_new(e, "order", a);
    return 1;
}

static void auction_next(struct st_game *g, int seat, json_t *events)
{
    unsigned el = auction_eligible(g);
    int winner = -1;

    if (g->auc_high >= 0 && el == (1u << g->auc_high))
        winner = g->auc_high;
    else if (g->auc_high < 0 && to_count(el) == 1)
        for (int s = 0; s < g->nplayers; s++)
            if (el & (1u << s))
                winner = s;
    if (winner < 0) {
        for (int i = 1; i <= g->nplayers; i++) {
            int s = (seat + i) % g->nplayers;

            if ((el & (1u << s)) && s != g->auc_high) {
                g->auc_turn = s;
                return;
            }
        }
        abort();
    }
    {
        int price = g->auc_high >= 0 ? g->auc_bid : 0;
        json_t *e = event(events, "auction_won");

        json_object_set_new(e, "seat", json_integer(winner));
        json_object_set_new(e, "position", json_integer(g->norder + 1));
        json_object_set_new(e, "price", json_integer(price));
        pay(g, winner, price, events, "turn order bid");
        g->order[g->norder++] = winner;
    }
    if (auction_close(g, events))
        return;
    start_auction(g, (winner + 1) % g->nplayers);
    json_object_set_new(event(events, "auction_start"), "position",
                        json_integer(g->norder + 1));
}

static int move_bid(struct st_game *g, int seat, const json_t *move,
                    json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "amount", NULL};
    int amount = 0, lo = g->auc_bid + 1, hi = steam_max_funds(g, seat);
    json_t *e;

    if (only_keys(move, keys, err) ||
        field_int(move, "amount", 0, 100000, &amount, err))
        return -1;
    if (amount < lo)
        return rules_fail(err, "bid_too_low", ST_RULE_AUCTION,
                          "You must increase the bid: at least $%d.", lo);
    if (amount > hi)
        return rules_fail(err, "bid_too_high", ST_RULE_AUCTION,
                          "You can raise at most $%d to pay a bid.", hi);
    g->auc_bid = amount;
    g->auc_high = seat;
    e = event(events, "bid");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "amount", json_integer(amount));
    auction_next(g, seat, events);
    return 0;
}

static int move_auction_pass(struct st_game *g, int seat, const json_t *move,
                             json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", NULL};

    if (only_keys(move, keys, err))
        return -1;
    g->auc_out |= 1u << seat;
    json_object_set_new(event(events, "auction_pass"), "seat",
                        json_integer(seat));
    auction_next(g, seat, events);
    return 0;
}

/* ---- phase 1 ----------------------------------------------------------------- */

int steam_select_check(const struct st_game *g, int seat, int a,
                       int pass_option, struct rules_error *err)
{
    const struct st_action_info *ai;
    int cost;

    if (a < 0 || a >= ST_ACTIONS)
        return rules_fail(err, "unknown_action", ST_RULE_PHASE1,
                          "There is no such action tile.");
    ai = &g->cat->action[a];
    for (int s = 0; s < g->nplayers; s++)
        if (g->p[s].action == a)
            return rules_fail(err, "action_taken", ST_RULE_PHASE1,
                              "%s has already been taken this turn.", ai->name);
    if (pass_option && !ai->pass_option)
        return rules_fail(err, "no_pass_option", ST_RULE_PHASE1,
                          "%s has no Pass Option.", ai->name);
    if (a == ST_A_LOCOMOTIVE && g->p[seat].loco >= g->cat->loco_max)
        return rules_fail(err, "locomotive_max", ST_RULE_PHASE1,
                          "Your locomotive is already at level %d.",
                          g->cat->loco_max);
    if (a == ST_A_URBANIZATION && !steam_urbanize_possible(g))
        return rules_fail(err, "no_towns", ST_RULE_PHASE1,
                          "Urbanization cannot be taken: no town or no New "
                          "City tile is left.");
    if (a == ST_A_CITY_GROWTH && !pass_option && !steam_growth_possible(g))
        return rules_fail(err, "no_city_for_growth", ST_RULE_GROWTH,
                          "Every city already has a City Growth marker.");
    cost = pass_option ? 0 : ai->cost;
    if (a == ST_A_LOCOMOTIVE)
        cost += g->p[seat].loco + 1;
    if (cost > steam_max_funds(g, seat))
        return rules_fail(err, "cannot_pay", ST_RULE_MONEY,
                          "%s costs $%d, more than you can raise.", ai->name,
                          cost);
    return 0;
}

static int move_select(struct st_game *g, int seat, const json_t *move,
                       json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "action", "pass_option", NULL};
    json_t *po = json_object_get(move, "pass_option"), *e;
    int a, pass = 0, cost;
    struct st_player *p = &g->p[seat];

    if (only_keys(move, keys, err))
        return -1;
    if (!json_is_string(json_object_get(move, "action")))
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"action\" must name an action tile.");
    if (po && !json_is_boolean(po))
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"pass_option\" must be true or false.");
    pass = json_is_true(po);
    a = steam_catalog_action(g->cat,
                             json_string_value(json_object_get(move, "action")));
    if (steam_select_check(g, seat, a, pass, err))
        return -1;
    cost = pass ? 0 : g->cat->action[a].cost;
    if (a == ST_A_LOCOMOTIVE)
        cost += p->loco + 1;
    p->action = a;
    p->passed_option = pass;
    pay(g, seat, cost, events, g->cat->action[a].id);
    if (a == ST_A_LOCOMOTIVE)
        p->loco++;
    if (!pass && a == ST_A_URBANIZATION)
        p->owe |= ST_OWE_URBANIZE;
    if (!pass && a == ST_A_CITY_GROWTH)
        p->owe |= ST_OWE_GROWTH;
    e = event(events, "select");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "action", json_string(g->cat->action[a].id));
    json_object_set_new(e, "pass_option", json_boolean(pass));
    json_object_set_new(e, "cost", json_integer(cost));
    g->cur++;
    return 0;
}

/* ---- phase 2 ----------------------------------------------------------------- */

static int tile_fields(const struct st_game *g, const json_t *move, int *h,
                       int *tile, int *rot, struct rules_error *err)
{
    static const char *const keys[] = {"type", "hex", "tile", "rotation", NULL};

    if (only_keys(move, keys, err) || field_hex(g, move, "hex", h, err))
        return -1;
    if (!json_is_string(json_object_get(move, "tile")) ||
        (*tile = steam_catalog_tile(g->cat, json_string_value(
             json_object_get(move, "tile")))) < 0)
        return rules_fail(err, "bad_tile", ST_RULE_FORMAT,
                          "\"tile\" must name a tile of the manifest.");
    return field_int(move, "rotation", 0, 5, rot, err);
}

static int move_build(struct st_game *g, int seat, const json_t *move,
                      int redirect, json_t *events, struct rules_error *err)
{
    struct st_net net_buf, *net = &net_buf;
    int h = 0, tile = 0, rot = 0, cost = 0, rc, improving;
    char hb[8];
    json_t *e;

    if (tile_fields(g, move, &h, &tile, &rot, err))
        return -1;
    if (g->p[seat].builds >= steam_build_limit(g, seat))
        return rules_fail(err, "build_limit", ST_RULE_BUILD,
                          "You have built your %d tiles this turn.",
                          steam_build_limit(g, seat));
    if (steam_net_build(g, net))
        abort();
    rc = redirect ? steam_redirect_check(g, net, seat, h, tile, rot, &cost, err)
                  : steam_build_check(g, net, seat, h, tile, rot, &cost, err);
    if (rc)
        return -1;
    if (cost > steam_max_funds(g, seat))
        return rules_fail(err, "cannot_pay", ST_RULE_COST,
                          "This track costs $%d, more than you can raise.",
                          cost);
    improving = g->track[h].tile >= 0;
    if (redirect)
        steam_redirect_do(g, seat, h, tile, rot);
    else
        steam_build_do(g, seat, h, tile, rot);
    pay(g, seat, cost, events, redirect ? "redirect" : "track");
    g->p[seat].builds++;
    e = event(events, redirect ? "redirect" : improving ? "improve" : "build");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "hex", json_string(hexname(g, h, hb)));
    json_object_set_new(e, "tile", json_string(g->cat->tile[tile].id));
    json_object_set_new(e, "rotation", json_integer(rot));
    json_object_set_new(e, "cost", json_integer(cost));
    return 0;
}

static void place_supply(struct st_game *g, int sp, int h, json_t *e)
{
    if (sp >= 0) {
        json_t *c = json_array();

        for (int k = 0; k < ST_COLOURS; k++) {
            for (int i = 0; i < g->supply[sp][k]; i++)
                json_array_append_new(c, json_string(steam_colour_name(k)));
            g->cubes[h][k] += g->supply[sp][k];
            g->supply[sp][k] = 0;
        }
        json_object_set_new(e, "supply", json_integer(sp));
        json_object_set_new(e, "cubes", c);
    }
}

static int move_urbanize(struct st_game *g, int seat, const json_t *move,
                         json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "hex", "colour", "supply", NULL};
    struct st_net net_buf, *net = &net_buf;
    int h = -1, c, sp;
    char hb[8];
    json_t *e;

    if (only_keys(move, keys, err) || field_hex(g, move, "hex", &h, err))
        return -1;
    if (!(g->p[seat].owe & ST_OWE_URBANIZE))
        return rules_fail(err, "not_urbanizing", ST_RULE_URBAN,
                          "Only the player who took Urbanization (without "
                          "its Pass Option) places a New City tile, once.");
    if (g->map->hex[h].terrain != ST_TOWN || g->new_city[h])
        return rules_fail(err, "not_a_town", ST_RULE_URBAN,
                          "A New City tile goes on a hex containing a town.");
    c = steam_colour_parse(json_string_value(json_object_get(move, "colour")));
    if (c < 0)
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"colour\" must be red, blue, yellow, purple or "
                          "gray.");
    if (g->city_tiles[c] <= 0)
        return rules_fail(err, "no_city_tile", ST_RULE_URBAN,
                          "No %s New City tile is left.", steam_colour_name(c));
    if (field_supply(g, move, &sp, ST_RULE_URBAN, err))
        return -1;
    if (steam_net_build(g, net))
        abort();
    /* Unowned incomplete links that now end at the new city are claimed
     * by the urbanizer if he may claim them (RULINGS ST-AMB-15). */
    for (int s = 0; s < 6; s++) {
        int n = g->map->hex[h].nb[s], l;

        if (n < 0 || g->map->hex[h].blocked[s])
            continue;
        l = net->open_at[n][(s + 3) % 6];
        if (l >= 0 && net->link[l].owner < 0) {
            int f = net->link[l].end[0] >= 0 ? net->link[l].end[0]
                                              : net->link[l].end[1];

            if (f >= 0 && f != h && (st_is_city(g, f) ||
                                     (net->at_node[f] & (1u << seat))))
                steam_link_set_owner(g, net, l, seat);
        }
    }
    e = event(events, "urbanize");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "hex", json_string(hexname(g, h, hb)));
    json_object_set_new(e, "colour", json_string(steam_colour_name(c)));
    if (g->track[h].tile >= 0) {
        json_object_set_new(e, "removed", json_string(g->cat->tile[g->track[h].tile].id));
        g->tiles_left[g->track[h].tile]++;
        g->track[h].tile = -1;
        for (int k = 0; k < ST_MAX_SEGS; k++)
            g->track[h].owner[k] = -1, g->track[h].stamp[k] = 0;
    }
    g->new_city[h] = c + 1;
    g->growth[h] = 1;
    g->city_tiles[c]--;
    place_supply(g, sp, h, e);
    g->p[seat].owe &= ~ST_OWE_URBANIZE;
    return 0;
}

static int move_grow(struct st_game *g, int seat, const json_t *move,
                     json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "city", "supply", NULL};
    int h = -1, sp;
    char hb[8];
    json_t *e;

    if (only_keys(move, keys, err) || field_hex(g, move, "city", &h, err))
        return -1;
    if (!(g->p[seat].owe & ST_OWE_GROWTH))
        return rules_fail(err, "not_growing", ST_RULE_GROWTH,
                          "Only the player who took City Growth (without its "
                          "Pass Option) adds cubes, once.");
    if (!st_is_city(g, h))
        return rules_fail(err, "not_a_city", ST_RULE_GROWTH,
                          "City Growth adds cubes to a city.");
    if (g->growth[h])
        return rules_fail(err, "has_growth_marker", ST_RULE_GROWTH,
                          "That city already has a City Growth marker.");
    if (field_supply(g, move, &sp, ST_RULE_GROWTH, err))
        return -1;
    e = event(events, "grow");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "city", json_string(hexname(g, h, hb)));
    place_supply(g, sp, h, e);
    g->growth[h] = 1;
    g->p[seat].owe &= ~ST_OWE_GROWTH;
    return 0;
}

static int move_done(struct st_game *g, int seat, const json_t *move,
                     json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", NULL};

    if (only_keys(move, keys, err))
        return -1;
    if (g->p[seat].owe & ST_OWE_URBANIZE)
        return rules_fail(err, "must_urbanize", ST_RULE_URBAN,
                          "You took Urbanization: place your New City tile "
                          "before you finish building.");
    if (g->p[seat].owe & ST_OWE_GROWTH)
        return rules_fail(err, "must_grow", ST_RULE_GROWTH,
                          "You took City Growth: add the cubes before you "
                          "finish building.");
    json_object_set_new(event(events, "build_done"), "seat", json_integer(seat));
    end_build(g, seat, events);
    return 0;
}

/* ---- phase 3 ----------------------------------------------------------------- */

/* A completed link between nodes a and b owned by owner (-1 unowned). */
static int find_link(const struct st_net *net, int a, int b, int owner)
{
    for (int l = 0; l < net->nlinks; l++) {
        const struct st_link *L = &net->link[l];

        if (L->complete && L->owner == owner &&
            ((L->end[0] == a && L->end[1] == b) ||
             (L->end[0] == b && L->end[1] == a)))
            return l;
    }
    return -1;
}

int steam_deliver_check(const struct st_game *g, const struct st_net *net,
                        int seat, const struct st_route *r,
                        struct rules_error *err)
{
    int count[ST_MAX_PLAYERS] = {0}, at = r->from;

    if (!st_is_city(g, r->from) || r->colour < 0 ||
        g->cubes[r->from][r->colour] <= 0)
        return rules_fail(err, "no_such_cube", ST_RULE_MOVE,
                          "There is no %s cube in that city.",
                          steam_colour_name(r->colour));
    if (r->n < 1)
        return rules_fail(err, "bad_route", ST_RULE_MOVE,
                          "A delivery moves along at least one link.");
    if (r->n > g->p[seat].loco)
        return rules_fail(err, "locomotive_too_small", ST_RULE_MOVE,
                          "Your level %d locomotive moves a cube along at "
                          "most %d links.", g->p[seat].loco, g->p[seat].loco);
    for (int i = 0; i < r->n; i++) {
        int to = r->to[i];

        if (find_link(net, at, to, r->owner[i]) < 0)
            return rules_fail(err, "no_link", ST_RULE_MOVE,
                              "Step %d: there is no completed link of that "
                              "owner between those places.", i + 1);
        if (to == r->from)
            return rules_fail(err, "back_to_start", ST_RULE_MOVE,
                              "A cube cannot return to the city where it "
                              "started.");
        for (int j = 0; j < i; j++)
            if (r->to[j] == to)
                return rules_fail(err, "revisit", ST_RULE_MOVE,
                                  "A cube may not pass through the same city "
                                  "or town twice.");
        if (i < r->n - 1 && st_is_city(g, to) &&
            st_city_colour(g, to) == r->colour)
            return rules_fail(err, "passes_destination", ST_RULE_MOVE,
                              "The cube is delivered at the first city of its "
                              "colour and may go no further.");
        if (r->owner[i] >= 0)
            count[r->owner[i]]++;
        at = to;
    }
    if (!st_is_city(g, at) || st_city_colour(g, at) != r->colour)
        return rules_fail(err, "wrong_destination", ST_RULE_MOVE,
                          "A %s cube must finish in a %s city.",
                          steam_colour_name(r->colour),
                          steam_colour_name(r->colour));
    if (count[seat] < 1)
        return rules_fail(err, "no_own_link", ST_RULE_MOVE,
                          "A delivery must use at least one of your own "
                          "links.");
    for (int s = 0; s < g->nplayers; s++)
        if (count[s] > count[seat])
            return rules_fail(err, "too_many_foreign_links", ST_RULE_MOVE,
                              "You must use your own links at least as often "
                              "as any other player's.");
    return 0;
}

static int parse_route(const struct st_game *g, const json_t *move,
                       struct st_route *r, struct rules_error *err)
{
    static const char *const keys[] = {"type", "from", "colour", "route", NULL};
    json_t *a = json_object_get(move, "route"), *v;
    size_t i;

    if (only_keys(move, keys, err) || field_hex(g, move, "from", &r->from, err))
        return -1;
    r->colour = steam_colour_parse(json_string_value(json_object_get(move, "colour")));
    if (r->colour < 0)
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"colour\" must be red, blue, yellow, purple or "
                          "gray.");
    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > ST_MAX_ROUTE)
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"route\" must list 1..%d steps.", ST_MAX_ROUTE);
    r->n = 0;
    json_array_foreach(a, i, v) {
        static const char *const skeys[] = {"to", "owner", NULL};

        if (!json_is_object(v))
            return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                              "Each route step is {\"to\": hex, \"owner\": "
                              "seat or -1}.");
        if (only_keys(v, skeys, err) ||
            field_hex(g, v, "to", &r->to[r->n], err) ||
            field_int(v, "owner", -1, g->nplayers - 1, &r->owner[r->n], err))
            return -1;
        r->n++;
    }
    return 0;
}

static int move_deliver(struct st_game *g, int seat, const json_t *move,
                        json_t *events, struct rules_error *err)
{
    struct st_route r;
    struct st_net net_buf, *net = &net_buf;
    int count[ST_MAX_PLAYERS] = {0}, rc;
    char hb[8];
    json_t *e, *path = json_array();

    if (parse_route(g, move, &r, err)) {
        json_decref(path);
        return -1;
    }
    if (steam_net_build(g, net))
        abort();
    rc = steam_deliver_check(g, net, seat, &r, err);
    if (rc) {
        json_decref(path);
        return -1;
    }
    for (int i = 0; i < r.n; i++) {
        if (r.owner[i] >= 0)
            count[r.owner[i]]++;
        json_array_append_new(path, json_string(hexname(g, r.to[i], hb)));
    }
    g->cubes[r.from][r.colour]--;
    g->bag[r.colour]++;
    e = event(events, "deliver");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "from", json_string(hexname(g, r.from, hb)));
    json_object_set_new(e, "colour", json_string(steam_colour_name(r.colour)));
    json_object_set_new(e, "path", path);
    g->nscore = 0;
    g->score_seat[g->nscore] = seat;
    g->score_pts[g->nscore++] = count[seat];
    for (int i = 0; i < g->norder; i++) {
        int s = g->order[i];

        if (s != seat && count[s] > 0) {
            g->score_seat[g->nscore] = s;
            g->score_pts[g->nscore++] = count[s];
        }
    }
    g->phase = ST_SCORE;
    return 0;
}

static int move_score(struct st_game *g, int seat, const json_t *move,
                      json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", "take", NULL};
    const char *take = json_string_value(json_object_get(move, "take"));
    int pts = g->score_pts[0], income;
    struct st_player *p = &g->p[seat];
    json_t *e;

    if (only_keys(move, keys, err))
        return -1;
    if (!take || (strcmp(take, "income") && strcmp(take, "vp")))
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"take\" must be \"income\" or \"vp\".");
    income = strcmp(take, "income") == 0;
    if (income && p->income + pts > g->cat->income_max)
        return rules_fail(err, "income_max", ST_RULE_POINTS,
                          "Your income cannot go above %d; take these points "
                          "as VP.", g->cat->income_max);
    if (income)
        p->income += pts;
    else
        p->vp += pts;
    e = event(events, "score");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "points", json_integer(pts));
    json_object_set_new(e, "take", json_string(take));
    g->nscore--;
    memmove(g->score_seat, g->score_seat + 1, sizeof g->score_seat[0] * (size_t)g->nscore);
    memmove(g->score_pts, g->score_pts + 1, sizeof g->score_pts[0] * (size_t)g->nscore);
    return 0;
}

static int move_locomotive(struct st_game *g, int seat, const json_t *move,
                           json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", NULL};
    struct st_player *p = &g->p[seat];
    json_t *e;

    if (only_keys(move, keys, err))
        return -1;
    if (p->loco_moved)
        return rules_fail(err, "already_improved", ST_RULE_MOVE,
                          "You may improve your locomotive only once in the "
                          "Move Goods phase of a turn.");
    if (p->loco >= g->cat->loco_max)
        return rules_fail(err, "locomotive_max", ST_RULE_MOVE,
                          "Your locomotive is already at level %d.",
                          g->cat->loco_max);
    p->loco++;
    p->loco_moved = 1;
    e = event(events, "locomotive");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "level", json_integer(p->loco));
    g->cur++;
    return 0;
}

static int move_pass(struct st_game *g, int seat, const json_t *move,
                     json_t *events, struct rules_error *err)
{
    static const char *const keys[] = {"type", NULL};

    if (only_keys(move, keys, err))
        return -1;
    json_object_set_new(event(events, "pass"), "seat", json_integer(seat));
    g->cur++;
    return 0;
}

/* ---- dispatch ------------------------------------------------------------------ */

static int move_dispatch(struct st_game *g, int seat, const json_t *move,
                         json_t *events, struct rules_error *err);

/*
 * A concrete entry of legal_moves carries "form": "move" and is sent as it
 * is, so a move may carry that marker, which changes nothing; a shape
 * ("form": "shape") has holes to fill first and is refused.
 */
int steam_move_apply(struct st_game *g, int seat, const json_t *move,
                     struct rng *rng, json_t *events, struct rules_error *err)
{
    json_t *form = json_object_get(move, "form"), *bare;
    int rc;

    (void)rng;
    if (!json_is_object(move))
        return rules_fail(err, "bad_move", ST_RULE_FORMAT,
                          "A move is a JSON object with a \"type\".");
    if (!form)
        return move_dispatch(g, seat, move, events, err);
    if (!json_is_string(form) || strcmp(json_string_value(form), "move") != 0)
        return rules_fail(err, "bad_field", ST_RULE_FORMAT,
                          "\"form\" may only be \"move\": a shape from legal-moves "
                          "is filled in and sent without it.");
    bare = json_copy((json_t *)move);
    if (!bare)
        return rules_fail(err, "out_of_memory", ST_RULE_FORMAT, "Out of memory.");
    json_object_del(bare, "form");
    rc = move_dispatch(g, seat, bare, events, err);
    json_decref(bare);
    return rc;
}

static int move_dispatch(struct st_game *g, int seat, const json_t *move,
                         json_t *events, struct rules_error *err)
{
    const char *type;
    int rc;

    type = json_string_value(json_object_get(move, "type"));
    if (!type)
        return rules_fail(err, "bad_move", ST_RULE_FORMAT,
                          "A move needs a \"type\" string.");
    if (g->phase == ST_OVER || seat < 0 || seat >= g->nplayers ||
        seat != steam_to_act(g))
        return wrong_turn(g, seat, err);
    switch (g->phase) {
    case ST_AUCTION:
        if (!strcmp(type, "bid"))
            rc = move_bid(g, seat, move, events, err);
        else if (!strcmp(type, "pass"))
            rc = move_auction_pass(g, seat, move, events, err);
        else
            rc = wrong_phase(g, type, err);
        break;
    case ST_SELECT:
        rc = !strcmp(type, "select") ? move_select(g, seat, move, events, err)
                                     : wrong_phase(g, type, err);
        break;
    case ST_BUILD:
        if (!strcmp(type, "build"))
            rc = move_build(g, seat, move, 0, events, err);
        else if (!strcmp(type, "redirect"))
            rc = move_build(g, seat, move, 1, events, err);
        else if (!strcmp(type, "urbanize"))
            rc = move_urbanize(g, seat, move, events, err);
        else if (!strcmp(type, "grow"))
            rc = move_grow(g, seat, move, events, err);
        else if (!strcmp(type, "done"))
            rc = move_done(g, seat, move, events, err);
        else
            rc = wrong_phase(g, type, err);
        break;
    case ST_MOVE:
        if (!strcmp(type, "deliver"))
            rc = move_deliver(g, seat, move, events, err);
        else if (!strcmp(type, "locomotive"))
            rc = move_locomotive(g, seat, move, events, err);
        else if (!strcmp(type, "pass"))
            rc = move_pass(g, seat, move, events, err);
        else
            rc = wrong_phase(g, type, err);
        break;
    case ST_SCORE:
        rc = !strcmp(type, "score") ? move_score(g, seat, move, events, err)
                                    : wrong_phase(g, type, err);
        break;
    default:
        rc = wrong_phase(g, type, err);
    }
    if (rc)
        return -1;
    advance(g, events);
    return 0;
}

/* ---- resignation ------------------------------------------------------------ */

int steam_resign(struct st_game *g, int seat, json_t *events,
                 struct rules_error *err)
{
    struct st_net net_buf, *net = &net_buf;
    struct st_player *p;
    int links = 0, j = 0;
    json_t *e;

    if (g->phase == ST_OVER)
        return rules_fail(err, "game_over", ST_RULE_END, "The game is over.");
    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", ST_RULE_RESIGN,
                          "Only the game's players may resign.");
    p = &g->p[seat];
    if (p->resigned)
        return rules_fail(err, "already_resigned", ST_RULE_RESIGN,
                          "Seat %d has already resigned.", seat);
    if (p->bankrupt)
        return rules_fail(err, "already_bankrupt", ST_RULE_RESIGN,
                          "Seat %d went bankrupt and is out of the game.", seat);
    /* As for bankruptcy: his links become unowned, his cash goes to the
     * bank (RULINGS ST-R-11). */
    if (steam_net_build(g, net))
        abort();
    for (int l = 0; l < net->nlinks; l++)
        if (net->link[l].owner == seat) {
            steam_link_set_owner(g, net, l, -1);
            links++;
        }
    e = event(events, "resigned");
    json_object_set_new(e, "seat", json_integer(seat));
    json_object_set_new(e, "cash", json_integer(p->cash));
    json_object_set_new(e, "links", json_integer(links));
    g->money_in += p->cash;
    p->cash = 0;
    p->resigned = 1;
    switch (g->phase) {
    case ST_AUCTION:            /* a place he won is free again */
        for (int i = 0; i < g->norder; i++)
            if (g->order[i] != seat)
                g->order[j++] = g->order[i];
        g->norder = j;
        g->auc_out &= ~(1u << seat);
        break;
    case ST_SELECT:             /* his tile goes back for the others */
        if (p->action >= 0)
            json_object_set_new(e, "action_returned",
                                json_string(g->cat->action[p->action].id));
        p->action = -1;
        p->passed_option = p->owe = 0;
        break;
    case ST_SCORE:              /* nothing more for him to score */
        for (int i = 0; i < g->nscore; i++)
            if (g->score_seat[i] != seat) {
                g->score_seat[j] = g->score_seat[i];
                g->score_pts[j++] = g->score_pts[i];
            }
        g->nscore = j;
        break;
    default:
        break;
    }
    if (players_left(g) <= 1) {
        if (g->phase == ST_AUCTION)
            auction_close(g, events);
        g->nscore = 0;
        final_scoring(g, events);
        return 0;
    }
    if (g->phase == ST_AUCTION && !auction_close(g, events)) {
        if (g->auc_high == seat) {
            /* His bid is void: this place is auctioned again, passes
             * made against it are forgotten. */
            start_auction(g, (seat + 1) % g->nplayers);
            e = event(events, "auction_start");
            json_object_set_new(e, "position", json_integer(g->norder + 1));
            json_object_set_new(e, "first_bidder", json_integer(g->auc_turn));
        } else {
            /* As a pass when it was his turn; else the bidder to act
             * stays, unless the auction is now decided. */
            auction_next(g, seat == g->auc_turn
                                ? seat : (g->auc_turn + g->nplayers - 1) % g->nplayers,
                         events);
        }
    }
    advance(g, events);
    return 0;
}
