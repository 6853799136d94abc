/*
 * game.c - converts an Iron Future game between its JSON state and
 * struct if_game, checking the JSON as strictly as a move.
 */
#include "game.h"

#include <string.h>

static const char *const phase_names[] = {"conquest", "acquisition", "trophy",
                                           "choose_first", "over"};

const char *ironfuture_phase_name(enum if_phase phase)
{
    return phase_names[phase];
}

void ironfuture_pile_push(struct if_pile *p, int c)
{
    if (p->n < IF_MAX_CARDS && c >= 0 && c < IF_MAX_CARDS)
        p->c[p->n++] = (unsigned char)c;
}

int ironfuture_pile_pop(struct if_pile *p)
{
    return p->n > 0 ? p->c[--p->n] : -1;
}

int ironfuture_pile_find(const struct if_pile *p, int c)
{
    for (int i = 0; i < p->n; i++)
        if (p->c[i] == c)
            return i;
    return -1;
}

/* Keeps the order of the others: piles and hands are ordered. */
int ironfuture_pile_remove(struct if_pile *p, int c)
{
    int i = ironfuture_pile_find(p, c);

    if (i < 0)
        return -1;
    memmove(&p->c[i], &p->c[i + 1], (size_t)(p->n - i - 1) * sizeof p->c[0]);
    p->n--;
    return 0;
}

void ironfuture_pile_put_bottom(struct if_pile *p, const struct if_pile *under)
{
    int n = under->n;

    if (n <= 0 || p->n + n > IF_MAX_CARDS)
        return;
    memmove(&p->c[n], &p->c[0], (size_t)p->n * sizeof p->c[0]);
    memcpy(&p->c[0], under->c, (size_t)n * sizeof p->c[0]);
    p->n += n;
}

/* rng_shuffle works on ints: the same Fisher-Yates on a copy. */
void ironfuture_pile_shuffle(struct if_pile *p, struct rng *rng)
{
    int tmp[IF_MAX_CARDS];

    for (int i = 0; i < p->n; i++)
        tmp[i] = p->c[i];
    rng_shuffle(rng, tmp, (size_t)p->n);
    for (int i = 0; i < p->n; i++)
        p->c[i] = (unsigned char)tmp[i];
}

int ironfuture_field_find(const struct if_game *g, int c, int *pos, int *seat)
{
    for (int p = 0; p < g->nline; p++)
        for (int s = 0; s < IF_SEATS; s++)
            if (ironfuture_pile_find(&g->line[p].units[s], c) >= 0) {
                if (pos)
                    *pos = p;
                if (seat)
                    *seat = s;
                return 0;
            }
    return -1;
}

/* ---- loading ---------------------------------------------------------- */

struct loader {
    struct if_game *g;
    struct rules_error *err;
    unsigned char seen[IF_MAX_CARDS];       /* zones holding each card */
    unsigned char loc_seen[IF_MAX_LOCATIONS];
};

static int corrupt(struct loader *ld, const char *what)
{
    return rules_fail(ld->err, "corrupt_state", "Turnpost: game state",
                      "The stored game state is damaged (%s).", what);
}

static int get_int(struct loader *ld, const json_t *obj, const char *key,
                   int lo, int hi, int *out)
{
    json_t *v = json_object_get(obj, key);

    if (!json_is_integer(v) || json_integer_value(v) < lo ||
        json_integer_value(v) > hi)
        return corrupt(ld, key);
    *out = (int)json_integer_value(v);
    return 0;
}

static int get_bool(struct loader *ld, const json_t *obj, const char *key,
                    int *out)
{
    json_t *v = json_object_get(obj, key);

    if (!json_is_boolean(v))
        return corrupt(ld, key);
    *out = json_is_true(v);
    return 0;
}

/* Reads an array of card instances into p, marking each as seen. */
static int get_cards(struct loader *ld, const json_t *obj, const char *key,
                     struct if_pile *p)
{
    json_t *a = json_object_get(obj, key), *v;
    size_t i;

    p->n = 0;
    if (!json_is_array(a) || json_array_size(a) > IF_MAX_CARDS)
        return corrupt(ld, key);
    json_array_foreach(a, i, v) {
        json_int_t c = json_integer_value(v);

        if (!json_is_integer(v) || c < 0 || c >= ld->g->ncards ||
            ld->seen[c]++)
            return corrupt(ld, key);
        p->c[p->n++] = (unsigned char)c;
    }
    return 0;
}

static int location_index(struct loader *ld, const json_t *v)
{
    const char *id = json_string_value(v);
    int k = id ? ironfuture_catalog_location(ld->g->cat, id) : -1;

    if (k < 0 || ld->loc_seen[k]++)
        return -1;
    return k;
}

static int get_locations(struct loader *ld, const json_t *obj,
                         const char *key, struct if_pile *p)
{
    json_t *a = json_object_get(obj, key), *v;
    size_t i;

    p->n = 0;
    if (!json_is_array(a) || json_array_size(a) > IF_MAX_LOCATIONS)
        return corrupt(ld, key);
    json_array_foreach(a, i, v) {
        int k = location_index(ld, v);

        if (k < 0)
            return corrupt(ld, key);
        p->c[p->n++] = (unsigned char)k;
    }
    return 0;
}

static int load_seat(struct loader *ld, const json_t *o, int s)
{
    struct if_game *g = ld->g;
    struct if_seat *st = &g->seat[s];
    json_t *used, *v;
    size_t i;

    if (!json_is_object(o) || json_object_size(o) != 9 ||
        get_cards(ld, o, "deck", &st->deck) ||
        get_cards(ld, o, "hand", &st->hand) ||
        get_cards(ld, o, "discard", &st->discard) ||
        get_cards(ld, o, "supports", &st->supports) ||
        get_locations(ld, o, "trophies", &st->trophies) ||
        get_int(ld, o, "resources", 0, 9999, &st->resources) ||
        get_int(ld, o, "played", 0, IF_HAND, &st->played) ||
        get_bool(ld, o, "passed", &st->passed))
        return corrupt(ld, "seat");
    if (st->trophies.n > g->rounds_to_win - (g->phase != IF_OVER))
        return corrupt(ld, "trophies");
    for (int i2 = 0; i2 < st->supports.n; i2++) {
        int c = st->supports.c[i2];

        if (!if_card_unit(g, c)->support)
            return corrupt(ld, "supports");
        for (int j = 0; j < i2; j++)
            if (g->type[st->supports.c[j]] == g->type[c])
                return corrupt(ld, "duplicate support");
    }
    used = json_object_get(o, "used");
    if (!json_is_array(used))
        return corrupt(ld, "used");
    json_array_foreach(used, i, v) {
        json_int_t c = json_integer_value(v);

        if (!json_is_integer(v) || c < 0 || c >= g->ncards ||
            ironfuture_pile_find(&st->supports, (int)c) < 0 || g->used[c])
            return corrupt(ld, "used");
        g->used[c] = 1;
    }
    return 0;
}

static int load_slot(struct loader *ld, const json_t *o, struct if_slot *sl)
{
    struct if_game *g = ld->g;
    json_t *units = json_object_get(o, "units");
    json_t *beacon = json_object_get(o, "beacon");

    if (!json_is_object(o) || json_object_size(o) != 4 ||
        (sl->loc = location_index(ld, json_object_get(o, "location"))) < 0 ||
        get_int(ld, o, "resources", 0, 999, &sl->resources) ||
        !json_is_array(units) || json_array_size(units) != IF_SEATS ||
        !json_is_array(beacon) || json_array_size(beacon) != IF_SEATS)
        return corrupt(ld, "line");
    for (int s = 0; s < IF_SEATS; s++) {
        json_t *side = json_array_get(units, (size_t)s), *u;
        json_t *b = json_array_get(beacon, (size_t)s);
        size_t i;

        if (!json_is_integer(b) || json_integer_value(b) < 0 ||
            json_integer_value(b) > 9 || !json_is_array(side) ||
            json_array_size(side) > IF_MAX_CARDS)
            return corrupt(ld, "line");
        sl->beacon[s] = (int)json_integer_value(b);
        sl->units[s].n = 0;
        json_array_foreach(side, i, u) {
            json_t *jc = json_array_get(u, 0), *jd = json_array_get(u, 1);
            json_int_t c = json_integer_value(jc), d = json_integer_value(jd);

            if (!json_is_array(u) || json_array_size(u) != 2 ||
                !json_is_integer(jc) || !json_is_integer(jd) || c < 0 ||
                c >= g->ncards || ld->seen[c]++ || d < 0 ||
                if_card_unit(g, (int)c)->support ||
                d >= if_card_unit(g, (int)c)->armor)
                return corrupt(ld, "unit on the field");
            g->damage[c] = (unsigned char)d;
            sl->units[s].c[sl->units[s].n++] = (unsigned char)c;
        }
    }
    return 0;
}

/* The attack being allocated: {"card", "position", "alloc"} or null. */
static int load_attack(struct loader *ld, const json_t *o)
{
    struct if_game *g = ld->g;
    json_t *alloc = json_object_get(o, "alloc"), *v;
    int pos, seat;
    size_t i;

    g->attacking = 0;
    g->attacker = -1;
    g->attacker_pos = 0;
    for (i = 0; i < IF_MAX_WEAPONS; i++)
        g->alloc[i] = IF_ALLOC_HOLD;
    if (json_is_null(o))
        return 0;
    if (g->phase != IF_CONQUEST || !json_is_object(o) ||
        json_object_size(o) != 3 ||
        get_int(ld, o, "card", 0, g->ncards - 1, &g->attacker) ||
        get_int(ld, o, "position", 0, IF_LINE - 1, &g->attacker_pos) ||
        ironfuture_field_find(g, g->attacker, &pos, &seat) ||
        pos != g->attacker_pos || seat != g->turn || !json_is_array(alloc) ||
        (int)json_array_size(alloc) != if_card_unit(g, g->attacker)->nweapons)
        return corrupt(ld, "attack");
    json_array_foreach(alloc, i, v) {
        json_int_t t = json_integer_value(v);
        int tseat;

        if (!json_is_integer(v) || t < IF_ALLOC_PENDING || t >= g->ncards ||
            (t >= 0 && (ironfuture_field_find(g, (int)t, NULL, &tseat) ||
                        tseat == seat)))
            return corrupt(ld, "attack allocation");
        g->alloc[i] = (int)t;
    }
    g->attacking = 1;
    return 0;
}

/*
 * The line positions the round's winner may take as the trophy: present
 * in the trophy phase (and left in place by a resignation during it),
 * two or three distinct positions of the line.
 */
static int load_trophy_choice(struct loader *ld, const json_t *a)
{
    struct if_game *g = ld->g;
    json_t *v;
    size_t i;

    if (!a) {
        if (g->phase == IF_TROPHY)
            return corrupt(ld, "trophy_choice");
        return 0;
    }
    if ((g->phase != IF_TROPHY && g->resigned < 0) || g->nline != IF_LINE ||
        !json_is_array(a) || json_array_size(a) < 2 ||
        json_array_size(a) > IF_LINE)
        return corrupt(ld, "trophy_choice");
    json_array_foreach(a, i, v) {
        json_int_t p = json_integer_value(v);

        if (!json_is_integer(v) || p < 0 || p >= IF_LINE ||
            (i > 0 && p <= g->choice[i - 1]))
            return corrupt(ld, "trophy_choice");
        g->choice[g->nchoice++] = (int)p;
    }
    for (int p = 0; p < g->nline; p++)
        for (int s = 0; s < IF_SEATS; s++)
            if (g->line[p].units[s].n)
                return corrupt(ld, "units on the line after the round");
    return 0;
}

int ironfuture_game_load(struct if_game *g, const json_t *state,
                         struct rules_error *err)
{
    struct loader ld;
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *seats, *line;
    const char *s;

    /* Every pile is filled below; clearing all 12 KB per call is waste. */
    memset(g->damage, 0, sizeof g->damage);
    memset(g->used, 0, sizeof g->used);
    g->nline = 0;
    g->attacking = 0;
    memset(&ld, 0, sizeof ld);
    ld.g = g;
    ld.err = err;
    g->cat = cat;
    if (!cat->ok)
        return rules_fail(err, "catalog_invalid", "Iron Future: Setup",
                          "The card data is broken: %s", cat->error);
    /* "resigned" is present only in a game ended by resignation, and
     * "trophy_choice" only while a round's winner chooses a trophy, so that
     * states written before either existed load and dump unchanged. */
    g->resigned = -1;
    g->nchoice = 0;
    if (!json_is_object(state) ||
        json_object_size(state) != 16u + !!json_object_get(state, "resigned") +
                                    !!json_object_get(state, "trophy_choice"))
        return corrupt(&ld, "shape");
    s = json_string_value(json_object_get(state, "data_version"));
    if (!s || strcmp(s, cat->version) != 0)
        return rules_fail(err, "data_version_mismatch", "Turnpost: game state",
                          "This game was dealt with card data %s; the server "
                          "has %s.", s ? s : "?", cat->version);
    if (get_int(&ld, state, "rounds_to_win", 1, 5, &g->rounds_to_win))
        return -1;
    g->ncards = cat->ninstances;
    g->type = cat->instance;
    s = json_string_value(json_object_get(state, "phase"));
    for (g->phase = IF_CONQUEST; s && g->phase <= IF_OVER; g->phase++)
        if (strcmp(s, phase_names[g->phase]) == 0)
            break;
    if (!s || g->phase > IF_OVER)
        return corrupt(&ld, "phase");
    if (get_int(&ld, state, "round", 1, 100000, &g->round) ||
        get_int(&ld, state, "first", 0, 1, &g->first) ||
        get_int(&ld, state, "turn", -1, 1, &g->turn) ||
        get_int(&ld, state, "winner", -1, 1, &g->winner) ||
        get_int(&ld, state, "aim", 0, 9, &g->aim) ||
        get_bool(&ld, state, "smoke", &g->smoke))
        return -1;
    if ((g->phase == IF_OVER) != (g->winner >= 0) ||
        (g->phase == IF_OVER) != (g->turn < 0))
        return corrupt(&ld, "turn");
    if (json_object_get(state, "resigned") &&
        (get_int(&ld, state, "resigned", 0, 1, &g->resigned) ||
         g->phase != IF_OVER || g->winner != 1 - g->resigned))
        return corrupt(&ld, "resigned");
    seats = json_object_get(state, "seats");
    if (!json_is_array(seats) || json_array_size(seats) != IF_SEATS)
        return corrupt(&ld, "seats");
    for (int k = 0; k < IF_SEATS; k++)
        if (load_seat(&ld, json_array_get(seats, (size_t)k), k))
            return -1;
    if (get_cards(&ld, state, "unit_deck", &g->unit_deck) ||
        get_cards(&ld, state, "market", &g->market) ||
        get_locations(&ld, state, "location_deck", &g->loc_deck) ||
        get_locations(&ld, state, "location_discard", &g->loc_discard))
        return -1;
    /* A resignation leaves the table as it was: the market of an
     * acquisition phase, or the line of a conquest round. */
    if (g->market.n > IF_MARKET ||
        (g->phase != IF_ACQUISITION && g->resigned < 0 && g->market.n))
        return corrupt(&ld, "market");
    line = json_object_get(state, "line");
    g->nline = (int)json_array_size(line);
    if (!json_is_array(line) ||
        (g->nline != (g->phase == IF_CONQUEST || g->phase == IF_TROPHY
                      ? IF_LINE : 0) &&
         !(g->resigned >= 0 && g->nline == IF_LINE && !g->market.n)))
        return corrupt(&ld, "line");
    for (int p = 0; p < g->nline; p++)
        if (load_slot(&ld, json_array_get(line, (size_t)p), &g->line[p]))
            return -1;
    if (load_attack(&ld, json_object_get(state, "attack")) ||
        load_trophy_choice(&ld, json_object_get(state, "trophy_choice")))
        return -1;
    for (int c = 0; c < g->ncards; c++)
        if (ld.seen[c] != 1)
            return corrupt(&ld, "a card is missing or in two places");
    for (int k = 0; k < cat->nlocations; k++)
        if (ld.loc_seen[k] != 1)
            return corrupt(&ld, "a location is missing or in two places");
    for (int k = 0; k < IF_SEATS; k++) {
        const struct if_seat *st = &g->seat[k];
        const struct if_pile *piles[] = {&st->deck, &st->hand, &st->discard};

        for (int p = 0; p < 3; p++)
            for (int j = 0; j < piles[p]->n; j++)
                if (if_card_unit(g, piles[p]->c[j])->support)
                    return corrupt(&ld, "support card in a deck");
    }
    if (g->phase == IF_CONQUEST && g->turn >= 0 &&
        g->seat[g->turn].hand.n == 0 && !g->attacking)
        return corrupt(&ld, "the seat to act has no card");
    /* The first player is chosen before anything is dealt. */
    if (g->phase == IF_CHOOSE_FIRST &&
        (g->round != 1 || g->seat[0].hand.n || g->seat[1].hand.n ||
         g->seat[0].trophies.n || g->seat[1].trophies.n))
        return corrupt(&ld, "choose_first");
    return 0;
}

/* ---- dumping ---------------------------------------------------------- */

static json_t *cards_json(const struct if_pile *p)
{
    json_t *a = json_array();

    for (int i = 0; i < p->n; i++)
        json_array_append_new(a, json_integer(p->c[i]));
    return a;
}

static json_t *locations_json(const struct if_game *g, const struct if_pile *p)
{
    json_t *a = json_array();

    for (int i = 0; i < p->n; i++)
        json_array_append_new(a, json_string(g->cat->location[p->c[i]].id));
    return a;
}

static json_t *seat_json(const struct if_game *g, int s)
{
    const struct if_seat *st = &g->seat[s];
    json_t *o = json_object(), *used = json_array();

    for (int i = 0; i < st->supports.n; i++)
        if (g->used[st->supports.c[i]])
            json_array_append_new(used, json_integer(st->supports.c[i]));
    json_object_set_new(o, "deck", cards_json(&st->deck));
    json_object_set_new(o, "hand", cards_json(&st->hand));
    json_object_set_new(o, "discard", cards_json(&st->discard));
    json_object_set_new(o, "supports", cards_json(&st->supports));
    json_object_set_new(o, "used", used);
    json_object_set_new(o, "trophies", locations_json(g, &st->trophies));
    json_object_set_new(o, "resources", json_integer(st->resources));
    json_object_set_new(o, "played", json_integer(st->played));
    json_object_set_new(o, "passed", json_boolean(st->passed));
    return o;
}

static json_t *slot_json(const struct if_game *g, const struct if_slot *sl)
{
    json_t *o = json_object(), *units = json_array();

    for (int s = 0; s < IF_SEATS; s++) {
        json_t *side = json_array();

        for (int i = 0; i < sl->units[s].n; i++) {
            int c = sl->units[s].c[i];

            json_t *pair = json_array();

            json_array_append_new(pair, json_integer(c));
            json_array_append_new(pair, json_integer(g->damage[c]));
            json_array_append_new(side, pair);
        }
        json_array_append_new(units, side);
    }
    json_object_set_new(o, "location", json_string(g->cat->location[sl->loc].id));
    json_object_set_new(o, "resources", json_integer(sl->resources));
    json_object_set_new(o, "beacon",
                        json_pack("[ii]", sl->beacon[0], sl->beacon[1]));
    json_object_set_new(o, "units", units);
    return o;
}

json_t *ironfuture_game_dump(const struct if_game *g)
{
    json_t *o = json_object(), *seats = json_array();
    json_t *line = json_array(), *attack = json_null();

    for (int s = 0; s < IF_SEATS; s++)
        json_array_append_new(seats, seat_json(g, s));
    for (int p = 0; p < g->nline; p++)
        json_array_append_new(line, slot_json(g, &g->line[p]));
    if (g->attacking) {
        json_t *alloc = json_array();

        for (int w = 0; w < if_card_unit(g, g->attacker)->nweapons; w++)
            json_array_append_new(alloc, json_integer(g->alloc[w]));
        attack = json_pack("{s:i, s:i, s:o}", "card", g->attacker,
                           "position", g->attacker_pos, "alloc", alloc);
    }
    json_object_set_new(o, "data_version", json_string(g->cat->version));
    json_object_set_new(o, "rounds_to_win", json_integer(g->rounds_to_win));
    json_object_set_new(o, "phase", json_string(phase_names[g->phase]));
    json_object_set_new(o, "round", json_integer(g->round));
    json_object_set_new(o, "first", json_integer(g->first));
    json_object_set_new(o, "turn", json_integer(g->turn));
    json_object_set_new(o, "winner", json_integer(g->winner));
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "unit_deck", cards_json(&g->unit_deck));
    json_object_set_new(o, "market", cards_json(&g->market));
    json_object_set_new(o, "location_deck", locations_json(g, &g->loc_deck));
    json_object_set_new(o, "location_discard", locations_json(g, &g->loc_discard));
    json_object_set_new(o, "line", line);
    json_object_set_new(o, "attack", attack);
    json_object_set_new(o, "aim", json_integer(g->aim));
    json_object_set_new(o, "smoke", json_boolean(g->smoke));
    if (g->resigned >= 0)
        json_object_set_new(o, "resigned", json_integer(g->resigned));
    if (g->nchoice > 0) {
        json_t *choice = json_array();

        for (int i = 0; i < g->nchoice; i++)
            json_array_append_new(choice, json_integer(g->choice[i]));
        json_object_set_new(o, "trophy_choice", choice);
    }
    return o;
}
