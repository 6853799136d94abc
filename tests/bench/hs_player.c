/*
 * hs_player.c - a random Heavy Steam player from the legal-moves listing
 * (hs_player.h). The shapes are those of rules/heavysteam/round.h and
 * effects.h: {"min", "max"} for a number, {"of": [...]} for a choice, and
 * the choice objects of a card, an event or a pilot's power.
 */
#include <string.h>

#include "hs_player.h"

uint64_t hs_player_next(uint64_t *s)
{
    uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ULL;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static size_t below(uint64_t *r, size_t n)
{
    return n ? (size_t)(hs_player_next(r) % n) : 0;
}

static int ival(const json_t *o, const char *key)
{
    return (int)json_integer_value(json_object_get(o, key));
}

/* A value within {"min", "max"}. */
static json_t *bounded(const json_t *b, uint64_t *r)
{
    int lo = ival(b, "min"), hi = ival(b, "max");

    return json_integer(hi > lo ? lo + (int)below(r, (size_t)(hi - lo + 1)) : lo);
}

/* One of {"of": [...]} (borrowed), NULL when the list is empty. */
static json_t *one_of(const json_t *b, uint64_t *r)
{
    json_t *of = json_object_get(b, "of");

    return json_array_get(of, below(r, json_array_size(of)));
}

/* ix: 0..n-1 in a random order, so that no station is always filled first. */
static void shuffle(int *ix, int n, uint64_t *r)
{
    for (int i = 0; i < n; i++)
        ix[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)below(r, (size_t)i + 1), t = ix[i];

        ix[i] = ix[j];
        ix[j] = t;
    }
}

/*
 * A steam flow: the white squares of the stations that are no vent first
 * (the rules fill those before the vents), in a random order, then vents
 * and red squares at random with what is left.
 */
static void fill_flow(json_t *m, const json_t *shape, uint64_t *r)
{
    const json_t *white = json_object_get(shape, "white"), *red = json_object_get(shape, "red");
    int left = ival(shape, "cubes"), n = 0, ix[64];
    json_t *w = json_object(), *rd = json_object(), *v;
    const char *ids[64], *key;

    json_object_foreach((json_t *)white, key, v)
        if (n < 64)
            ids[n++] = key;
    shuffle(ix, n, r);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            const json_t *b = json_object_get(white, ids[ix[i]]);
            int vent = json_is_true(json_object_get(b, "vent")), max = ival(b, "max"), k;

            if (vent != pass)
                continue;
            k = max < left ? max : left;
            if (vent)
                k = (int)below(r, (size_t)k + 1);
            if (k)
                json_object_set_new(w, ids[ix[i]], json_integer(k));
            left -= k;
        }
    for (int i = 0; i < n; i++) {
        int max = ival(json_object_get(red, ids[ix[i]]), "max");
        int k = (int)below(r, (size_t)(max < left ? max : left) + 1);

        if (k)
            json_object_set_new(rd, ids[ix[i]], json_integer(k));
        left -= k;
    }
    json_object_set_new(m, "white", w);
    json_object_set_new(m, "red", rd);
}

/* The first n entries of list a, each reduced to its station and square
 * when it is an object with them. */
static json_t *first_squares(const json_t *a, int n)
{
    json_t *out = json_array();

    for (int i = 0; i < n && (size_t)i < json_array_size(a); i++) {
        const json_t *q = json_array_get(a, (size_t)i);

        if (json_is_object(q) && json_object_get(q, "square"))
            json_array_append_new(out, json_pack("{s:O, s:O}", "station",
                                                 json_object_get(q, "station"), "square",
                                                 json_object_get(q, "square")));
        else
            json_array_append(out, (json_t *)q);
    }
    return out;
}

/*
 * Adds to choice what the options o of one step (effects.h) take: the
 * first cubes of steam or repairs, a damage square without steam when
 * there is one (else one whose steam moves where the listing says), the
 * first sector, unit or terrain, the shield cubes by the room of each location in turn. -1 when the
 * options leave nothing to choose where the step needs a choice.
 */
static int fill_choice(json_t *choice, const json_t *o, uint64_t *r)
{
    const json_t *v;

    /* a terrain card to play and none in hand: the card cannot be played */
    if ((v = json_object_get(o, "terrain")) && !json_array_size(v))
        return -1;
    if ((v = json_object_get(o, "steam")))
        json_object_set_new(choice, "steam", first_squares(v, ival(o, "n")));
    if ((v = json_object_get(o, "repair")))
        json_object_set_new(choice, "repair", first_squares(v, ival(o, "n")));
    if ((v = json_object_get(o, "damage")) && json_array_size(v)) {
        const json_t *d = json_array_get(v, below(r, json_array_size(v))), *x;
        size_t i;

        json_array_foreach(v, i, x)
            if (json_is_true(json_object_get(d, "steam")) &&
                !json_is_true(json_object_get(x, "steam")))
                d = x;
        const json_t *to = json_object_get(d, "to");
        json_t *pick = json_pack("{s:O, s:O}", "station", json_object_get(d, "station"),
                                 "square", json_object_get(d, "square"));

        /* steam under the cube goes where the listing says it may */
        if (json_array_size(to)) {
            const json_t *w = json_array_get(to, below(r, json_array_size(to)));

            json_object_set(pick, "to_station", json_object_get(w, "station"));
            json_object_set(pick, "to_square", json_object_get(w, "square"));
        }
        json_object_set_new(choice, "damage", json_pack("[o]", pick));
    }
    for (int k = 0; k < 3; k++) {
        const char *key = k == 0 ? "sector" : k == 1 ? "terrain" : "opponent";

        if ((v = json_object_get(o, key)) && json_array_size(v))
            json_object_set(choice, key, json_array_get(v, below(r, json_array_size(v))));
    }
    /* a support unit: moved by one sector at most, or kept where it is */
    if ((v = json_object_get(o, "unit")) && json_array_size(v)) {
        const json_t *u = json_array_get(v, below(r, json_array_size(v)));
        int at = ival(u, "sector") + (int)below(r, 3) - 1;

        json_object_set(choice, "unit", json_object_get(u, "unit"));
        json_object_set_new(choice, "sector", json_integer(at < 0 ? 0 : at));
    }
    if ((v = json_object_get(o, "give")))
        json_object_set_new(choice, "give", first_squares(v, ival(o, "n")));
    /* a free move: one cube to a square of another station */
    if ((v = json_object_get(o, "from")) && json_array_size(v)) {
        const json_t *f = json_array_get(v, below(r, json_array_size(v))), *to = NULL, *x;
        const json_t *tos = json_object_get(o, "to");
        size_t i, n = 0;

        json_array_foreach(tos, i, x)
            if (!json_equal(json_object_get(x, "station"), json_object_get(f, "station")) &&
                below(r, ++n) == 0)
                to = x;
        if (to)
            json_object_set_new(choice, "steps",
                                json_pack("[{s:O, s:O, s:O, s:O}]", "from_station",
                                          json_object_get(f, "station"), "from_square",
                                          json_object_get(f, "square"), "to_station",
                                          json_object_get(to, "station"), "to_square",
                                          json_object_get(to, "square")));
    }
    if ((v = json_object_get(o, "shield"))) {
        json_t *a = json_array();
        const json_t *l;
        size_t i;
        int left = ival(o, "n");

        json_array_foreach(v, i, l)
            for (int k = 0; left > 0 && k < ival(l, "room"); k++, left--)
                json_array_append(a, json_object_get(l, "location"));
        json_object_set_new(choice, "shield", a);
    }
    return 0;
}

/* A choice object from c: one step's options, or a list of them (a card
 * whose steps each choose), merged. New reference, or NULL when a step
 * has nothing to choose from. */
static json_t *choice_of(const json_t *c, uint64_t *r)
{
    json_t *choice = json_object(), *o;
    size_t i;
    int rc = 0;

    if (json_is_array(c))
        json_array_foreach(c, i, o)
            rc |= fill_choice(choice, o, r);
    else
        rc = fill_choice(choice, c, r);
    if (rc) {
        json_decref(choice);
        choice = NULL;
    }
    return choice;
}

/* A step from {"from": {"of"}, "to": {"of"}} (borrowed) of [id, n] pairs,
 * ending in another station when a few draws find one; NULL when a list
 * is empty. New reference. */
static json_t *one_step(const json_t *s, uint64_t *r)
{
    json_t *from = one_of(json_object_get(s, "from"), r);
    json_t *to = one_of(json_object_get(s, "to"), r);

    for (int k = 0; k < 8 && from && to &&
                    json_equal(json_array_get(from, 0), json_array_get(to, 0)); k++)
        to = one_of(json_object_get(s, "to"), r);
    return from && to ? json_pack("{s:O, s:O}", "from", from, "to", to) : NULL;
}

json_t *hs_player_fill(const json_t *e, uint64_t *r)
{
    const char *type = json_string_value(json_object_get(e, "type")), *form;
    json_t *m, *v;

    form = json_string_value(json_object_get(e, "form"));
    if (!type || !form)
        return NULL;
    m = json_deep_copy(e);
    json_object_del(m, "form");
    if (strcmp(form, "shape") != 0)
        return m;
    if ((v = json_object_get(e, "choice")) && !json_is_string(v)) {
        json_t *c = choice_of(v, r);

        if (!c) {
            json_decref(m);
            return NULL;
        }
        json_object_set_new(m, "choice", c);
    }
    if (strcmp(type, "flow") == 0) {
        json_object_del(m, "station");
        json_object_del(m, "cubes");
        json_object_del(m, "must");
        fill_flow(m, e, r);
    } else if (strcmp(type, "attack") == 0) {
        if ((v = json_object_get(e, "hotshot")))
            json_object_set_new(m, "hotshot", bounded(v, r));
        if ((v = json_object_get(e, "boost")))
            json_object_set(m, "boost", one_of(v, r));
    } else if (strcmp(type, "evade") == 0) {
        json_object_set(m, "board", one_of(json_object_get(e, "board"), r));
        json_object_set(m, "card", one_of(json_object_get(e, "card"), r));
    } else if (strcmp(type, "damage") == 0) {
        json_t *p = json_deep_copy(one_of(json_object_get(e, "picks"), r)), *to;

        if ((v = json_object_get(p, "to"))) {
            if ((to = one_of(v, r)))
                json_object_set(p, "to", to);
            else
                json_object_del(p, "to");
        }
        json_object_set_new(m, "picks", json_pack("[o]", p));
    } else if (strcmp(type, "done") == 0) {
        for (int k = 0; k < 2; k++) {
            const char *key = k ? "cannon" : "infantry";

            if ((v = json_object_get(e, key)) && below(r, 2))
                json_object_set(m, key, one_of(v, r));
            else
                json_object_del(m, key);
        }
        /* the pilot's step of steam, taken half of the time */
        json_object_del(m, "pilot_step");
        if ((v = json_object_get(e, "pilot_step")) && below(r, 2)) {
            json_t *st = one_step(v, r);

            if (st)
                json_object_set_new(m, "pilot_step", st);
        }
    } else if (strcmp(type, "steam_done") == 0) {
        json_t *shut = json_array(), *reps = json_array();
        const json_t *rp = json_object_get(e, "repairs");

        if (json_array_size(json_object_get(json_object_get(e, "shutdown"), "of")) &&
            !below(r, 4))
            json_array_append(shut, one_of(json_object_get(e, "shutdown"), r));
        if (ival(rp, "max") > 0)
            json_array_append_new(reps, json_pack("[O]", one_of(rp, r)));
        json_object_set_new(m, "shutdown", shut);
        json_object_set_new(m, "repairs", reps);
    } else if (strcmp(type, "free_move") == 0) {
        json_t *st = one_step(json_object_get(e, "steps"), r);

        json_object_set_new(m, "steps", st ? json_pack("[o]", st) : json_array());
    } else if (strcmp(type, "loadout") == 0) {
        /* one mount changed: each value listed fits with the other two */
        int mount = (int)below(r, 3);
        const char *key = mount == 0 ? "left_arm" : mount == 1 ? "right_arm" : "torso";
        json_t *c = json_pack("{s:s}", "type", "loadout");

        json_object_set(c, key, one_of(json_object_get(e, key), r));
        json_decref(m);
        m = c;
    } else if (strcmp(type, "pilot") == 0) {
        /* Charged Up steam: each mount's cubes within its bounds */
        json_t *ch = json_object();
        const char *key;

        json_object_foreach(json_object_get(e, "charge"), key, v)
            json_object_set_new(ch, key, bounded(v, r));
        json_object_set_new(m, "charge", ch);
    } else if (strcmp(type, "card") != 0 && strcmp(type, "event") != 0 &&
               strcmp(type, "pilot_power") != 0) {
        json_decref(m);
        return NULL;
    }
    return m;
}

int hs_player_choose(const json_t *moves, int try, int greedy, uint64_t *r)
{
    size_t n = json_array_size(moves), attacks = 0, i;
    const json_t *e;

    if (!n)
        return -1;
    /* after a few random draws, every entry in turn: a listing whose only
     * acceptable entry is rare is still played through */
    if (try >= HS_PLAYER_RANDOM_TRIES)
        return (int)((size_t)(try - HS_PLAYER_RANDOM_TRIES) % n);
    if (greedy && try < 2) {
        json_array_foreach(moves, i, e)
            attacks += strcmp(json_string_value(json_object_get(e, "type")) ?: "", "attack") == 0;
        if (attacks) {
            size_t k = below(r, attacks);

            json_array_foreach(moves, i, e)
                if (strcmp(json_string_value(json_object_get(e, "type")) ?: "", "attack") == 0 &&
                    k-- == 0)
                    return (int)i;
        }
    }
    return (int)below(r, n);
}
