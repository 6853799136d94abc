/*
 * catalog.c - loads and checks Iron Future's unit and location data.
 *
 * The data is checked strictly at load: an unknown key, a kind the engine
 * does not implement or a value out of range makes the catalog unusable,
 * so a typo in a data file fails every test instead of changing a rule.
 */
#include "catalog.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "../data.h"
#include "../engine.h"

/* The shared data checks (rules/data.h), writing to this catalog's error. */
#define fail(cat, ...) rules_data_fail((cat)->error, __VA_ARGS__)
#define only_keys(cat, ...) rules_data_keys((cat)->error, __VA_ARGS__)
#define get_str(cat, ...) rules_data_str((cat)->error, __VA_ARGS__)

static const char *const ability_names[IF_AB_COUNT] = {
    "retaliate", "accuracy", "evasive", "hardened", "infiltrate", "stealth",
    "bulwark", "harvest", "scavenge", "repair", "shockwave", "rally",
    "draw", "supply", "workshop", "artillery", "targeting", "smoke", "beacon",
};

static const char *const rule_names[IF_LR_COUNT] = {
    "defense", "vantage", "no_retaliation", "retaliation_bonus",
    "deploy_damage", "warehouse", "salvage", "middle", "contested",
    "volatile", "tie_first_player", "chain",
};

/* The starter units the rulebook deals, and how many of each. */
static const struct {
    const char *id;
    int copies;
} starters[] = {
    {"rabble", 2}, {"harvesters", 2}, {"grunts", 2}, {"mbt", 1},
};

const char *ironfuture_ability_name(enum if_ability_kind kind)
{
    return (unsigned)kind < IF_AB_COUNT ? ability_names[kind] : "?";
}

const char *ironfuture_rule_name(enum if_rule_kind kind)
{
    return (unsigned)kind < IF_LR_COUNT ? rule_names[kind] : "?";
}

const char *ironfuture_ranges_format(unsigned ranges, char buf[4])
{
    int n = 0;

    if (ranges & IF_RANGE_S)
        buf[n++] = 'S';
    if (ranges & IF_RANGE_M)
        buf[n++] = 'M';
    if (ranges & IF_RANGE_L)
        buf[n++] = 'L';
    buf[n] = 0;
    return buf;
}

/* dflt -1: the key is required; otherwise dflt is its value when absent. */
static int get_int(struct if_catalog *cat, json_t *obj, const char *what,
                   const char *key, int lo, int hi, int dflt, int *out)
{
    if (dflt != -1 && !json_object_get(obj, key)) {
        *out = dflt;
        return 0;
    }
    return rules_data_int(cat->error, obj, what, key, lo, hi, out);
}

static int parse_ranges(struct if_catalog *cat, json_t *v, const char *what,
                        unsigned *out)
{
    const char *s = json_string_value(v);
    unsigned r = 0;

    if (!s || !*s)
        return fail(cat, "%s: ranges must be a string of S, M and L", what);
    for (; *s; s++) {
        unsigned bit = *s == 'S' ? IF_RANGE_S : *s == 'M' ? IF_RANGE_M
                     : *s == 'L' ? IF_RANGE_L : 0;
        if (!bit || (r & bit))
            return fail(cat, "%s: ranges must be S, M and L, each once", what);
        r |= bit;
    }
    *out = r;
    return 0;
}

static int parse_weapon(struct if_catalog *cat, json_t *w, const char *uid,
                        struct if_weapon *out)
{
    static const char *const keys[] = {"name", "dice", "ranges", NULL};
    char what[80];

    snprintf(what, sizeof what, "unit %s weapon", uid);
    if (!json_is_object(w))
        return fail(cat, "%s: must be an object", what);
    if (only_keys(cat, w, what, keys) ||
        get_str(cat, w, what, "name", out->name, sizeof out->name) ||
        get_int(cat, w, what, "dice", 1, 6, -1, &out->dice) ||
        parse_ranges(cat, json_object_get(w, "ranges"), what, &out->ranges))
        return -1;
    return 0;
}

static int parse_ability(struct if_catalog *cat, json_t *a, const char *uid,
                         struct if_ability *out)
{
    static const char *const keys[] = {"kind", "value", NULL};
    const char *kind = json_string_value(json_object_get(a, "kind"));
    char what[80];
    int k;

    snprintf(what, sizeof what, "unit %s ability", uid);
    if (!json_is_object(a) || only_keys(cat, a, what, keys))
        return fail(cat, "%s: must be an object of kind and value", what);
    for (k = 0; k < IF_AB_COUNT; k++)
        if (kind && strcmp(kind, ability_names[k]) == 0)
            break;
    if (k == IF_AB_COUNT)
        return fail(cat, "%s: unknown kind \"%s\"", what, kind ? kind : "");
    out->kind = (enum if_ability_kind)k;
    return get_int(cat, a, what, "value", 1, 5, 1, &out->value);
}

static int parse_unit(struct if_catalog *cat, json_t *u, struct if_unit *out)
{
    static const char *const keys[] = {
        "id", "name", "cost", "armor", "capture", "starter", "count",
        "support", "weapons", "abilities", "text", NULL};
    json_t *ws, *as, *v;
    size_t i;
    char what[64];
    int nsupport = 0;

    memset(out, 0, sizeof *out);
    if (!json_is_object(u))
        return fail(cat, "units: each unit must be an object");
    if (get_str(cat, u, "unit", "id", out->id, sizeof out->id))
        return -1;
    snprintf(what, sizeof what, "unit %s", out->id);
    if (only_keys(cat, u, what, keys) ||
        get_str(cat, u, what, "name", out->name, sizeof out->name) ||
        get_int(cat, u, what, "cost", 0, 20, -1, &out->cost) ||
        get_int(cat, u, what, "armor", 0, 20, -1, &out->armor) ||
        get_int(cat, u, what, "capture", 0, 5, -1, &out->capture) ||
        get_int(cat, u, what, "starter", 0, 3, 0, &out->starter) ||
        get_int(cat, u, what, "count", 0, 6, -1, &out->count))
        return -1;
    v = json_object_get(u, "support");
    if (!json_is_boolean(v))
        return fail(cat, "%s: \"support\" must be true or false", what);
    out->support = json_is_true(v);
    if (get_str(cat, u, what, "text", out->text, sizeof out->text))
        return -1;
    ws = json_object_get(u, "weapons");
    as = json_object_get(u, "abilities");
    if (!json_is_array(ws) || json_array_size(ws) > IF_MAX_WEAPONS)
        return fail(cat, "%s: up to %d weapons", what, IF_MAX_WEAPONS);
    if (!json_is_array(as) || json_array_size(as) > IF_MAX_ABILITIES)
        return fail(cat, "%s: up to %d abilities", what, IF_MAX_ABILITIES);
    json_array_foreach(ws, i, v)
        if (parse_weapon(cat, v, out->id, &out->weapon[out->nweapons++]))
            return -1;
    json_array_foreach(as, i, v) {
        struct if_ability *ab = &out->ability[out->nabilities++];

        if (parse_ability(cat, v, out->id, ab))
            return -1;
        if (ab->kind >= IF_AB_FIRST_SUPPORT)
            nsupport++;
        for (int j = 0; j < out->nabilities - 1; j++)
            if (out->ability[j].kind == ab->kind)
                return fail(cat, "%s: ability %s twice", what,
                            ability_names[ab->kind]);
    }
    if (out->support) {
        if (nsupport != 1 || out->nabilities != 1 || out->nweapons ||
            out->starter || out->armor || out->capture)
            return fail(cat, "%s: a support card has exactly one support "
                        "ability, no weapons, armor or capture", what);
    } else {
        if (nsupport)
            return fail(cat, "%s: a front-line unit has no support ability",
                        what);
        if (out->armor < 1)
            return fail(cat, "%s: a front-line unit needs armor", what);
    }
    if (out->starter && out->count)
        return fail(cat, "%s: a starter unit is not in the unit deck", what);
    return 0;
}

static int parse_rule(struct if_catalog *cat, json_t *r, const char *lid,
                      struct if_loc_rule *out)
{
    static const char *const keys[] = {"kind", "ranges", "threshold", "value",
                                       "max", NULL};
    const char *kind = json_string_value(json_object_get(r, "kind"));
    char what[80];
    int k;

    memset(out, 0, sizeof *out);
    snprintf(what, sizeof what, "location %s rule", lid);
    if (!json_is_object(r) || only_keys(cat, r, what, keys))
        return fail(cat, "%s: must be an object", what);
    for (k = 0; k < IF_LR_COUNT; k++)
        if (kind && strcmp(kind, rule_names[k]) == 0)
            break;
    if (k == IF_LR_COUNT)
        return fail(cat, "%s: unknown kind \"%s\"", what, kind ? kind : "");
    out->kind = (enum if_rule_kind)k;
    switch (out->kind) {
    case IF_LR_DEFENSE:
        return parse_ranges(cat, json_object_get(r, "ranges"), what,
                            &out->ranges) ||
               get_int(cat, r, what, "threshold", 2, 6, -1, &out->value);
    case IF_LR_VANTAGE:
        return parse_ranges(cat, json_object_get(r, "ranges"), what,
                            &out->ranges) ||
               get_int(cat, r, what, "value", 1, 3, -1, &out->value);
    case IF_LR_SALVAGE:
        return get_int(cat, r, what, "value", 1, 5, -1, &out->value) ||
               get_int(cat, r, what, "max", 1, 20, -1, &out->max);
    case IF_LR_NO_RETALIATION:
    case IF_LR_WAREHOUSE:
    case IF_LR_TIE_FIRST:
        if (json_object_size(r) != 1)
            return fail(cat, "%s: %s takes no values", what, kind);
        return 0;
    default:
        return get_int(cat, r, what, "value", 1, 5, -1, &out->value);
    }
}

static int parse_location(struct if_catalog *cat, json_t *l,
                          struct if_location *out)
{
    static const char *const keys[] = {"id", "name", "resources", "rules",
                                       "text", NULL};
    json_t *rs, *v;
    size_t i;
    char what[64];

    memset(out, 0, sizeof *out);
    if (!json_is_object(l))
        return fail(cat, "locations: each location must be an object");
    if (get_str(cat, l, "location", "id", out->id, sizeof out->id))
        return -1;
    snprintf(what, sizeof what, "location %s", out->id);
    if (only_keys(cat, l, what, keys) ||
        get_str(cat, l, what, "name", out->name, sizeof out->name) ||
        get_str(cat, l, what, "text", out->text, sizeof out->text) ||
        get_int(cat, l, what, "resources", 0, 9, -1, &out->resources))
        return -1;
    rs = json_object_get(l, "rules");
    if (!json_is_array(rs) || json_array_size(rs) > IF_MAX_LOC_RULES)
        return fail(cat, "%s: up to %d rules", what, IF_MAX_LOC_RULES);
    json_array_foreach(rs, i, v) {
        if (parse_rule(cat, v, out->id, &out->rule[out->nrules++]))
            return -1;
        for (int j = 0; j < out->nrules - 1; j++)
            if (out->rule[j].kind == out->rule[out->nrules - 1].kind)
                return fail(cat, "%s: rule %s twice", what,
                            rule_names[out->rule[j].kind]);
    }
    return 0;
}

/* Loads text as an object with data_version and one array, key. */
static json_t *load_file(struct if_catalog *cat, const char *text,
                         const char *key, json_t **arr)
{
    json_error_t jerr;
    json_t *root;
    const char *ver;

    if (!text) {
        fail(cat, "data file with %s is missing", key);
        return NULL;
    }
    root = json_loads(text, 0, &jerr);
    if (!root) {
        fail(cat, "%s data: line %d: %s", key, jerr.line, jerr.text);
        return NULL;
    }
    ver = json_string_value(json_object_get(root, "data_version"));
    *arr = json_object_get(root, key);
    if (!ver || !json_is_array(*arr) || json_object_size(root) != 2 ||
        strlen(ver) >= sizeof cat->version ||
        (cat->version[0] && strcmp(ver, cat->version) != 0)) {
        fail(cat, "%s data: needs exactly data_version (matching) and %s",
             key, key);
        json_decref(root);
        return NULL;
    }
    snprintf(cat->version, sizeof cat->version, "%s", ver);
    return root;
}

/*
 * Every state load looks up each location by id, so ids are found through
 * a small open-addressed table (128 slots for at most 48 ids) instead of
 * a scan of string comparisons.
 */
static unsigned id_hash(const char *id, size_t len)
{
    return ((unsigned char)id[0] * 31u + (unsigned char)id[len - 1] * 7u +
            (unsigned)len) & 127u;
}

static void hash_ids(signed char *table, const char *ids, size_t stride, int n)
{
    memset(table, -1, 128);
    for (int i = 0; i < n; i++) {
        const char *id = ids + (size_t)i * stride;
        unsigned h = id_hash(id, strlen(id));

        while (table[h] >= 0)
            h = (h + 1) & 127u;
        table[h] = (signed char)i;
    }
}

static int find_id(const signed char *table, const char *ids, size_t stride,
                   const char *id)
{
    size_t len = strlen(id);

    if (len == 0 || len >= IF_ID_LEN)
        return -1;
    for (unsigned h = id_hash(id, len); table[h] >= 0; h = (h + 1) & 127u) {
        const char *c = ids + (size_t)table[h] * stride;

        if (c[0] == id[0] && c[len] == 0 && memcmp(c, id, len) == 0)
            return table[h];
    }
    return -1;
}

int ironfuture_catalog_unit(const struct if_catalog *cat, const char *id)
{
    return find_id(cat->unit_hash, cat->unit[0].id, sizeof cat->unit[0], id);
}

int ironfuture_catalog_location(const struct if_catalog *cat, const char *id)
{
    return find_id(cat->location_hash, cat->location[0].id,
                   sizeof cat->location[0], id);
}

static int check_whole(struct if_catalog *cat)
{
    int nsupport = 0, nfront = 0, deck = 0, instances = 0;

    for (int i = 0; i < cat->nunits; i++) {
        const struct if_unit *u = &cat->unit[i];

        for (int j = 0; j < i; j++)
            if (strcmp(cat->unit[j].id, u->id) == 0)
                return fail(cat, "unit %s listed twice", u->id);
        if (u->count && u->support)
            nsupport++;
        else if (u->count)
            nfront++;
        deck += u->count;
        instances += u->count + 2 * u->starter;
    }
    for (size_t s = 0; s < sizeof starters / sizeof starters[0]; s++) {
        int k = ironfuture_catalog_unit(cat, starters[s].id);

        if (k < 0 || cat->unit[k].starter != starters[s].copies ||
            cat->unit[k].support)
            return fail(cat, "starter %s must be a front-line unit dealt %d "
                        "times", starters[s].id, starters[s].copies);
    }
    for (int i = 0; i < cat->nunits; i++) {
        int named = 0;

        for (size_t s = 0; s < sizeof starters / sizeof starters[0]; s++)
            named |= strcmp(cat->unit[i].id, starters[s].id) == 0;
        if (cat->unit[i].starter && !named)
            return fail(cat, "unit %s: only the rulebook's four units are "
                        "starters", cat->unit[i].id);
        if (!cat->unit[i].starter && !cat->unit[i].count)
            return fail(cat, "unit %s is in no deck", cat->unit[i].id);
    }
    if (nsupport < 5 || nfront + nsupport < 20 || deck < 15)
        return fail(cat, "the unit deck needs 20 kinds of unit, 5 of them "
                    "support cards");
    if (instances > 128)
        return fail(cat, "too many card instances (%d)", instances);
    for (int i = 0; i < cat->nlocations; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(cat->location[j].id, cat->location[i].id) == 0)
                return fail(cat, "location %s listed twice",
                            cat->location[i].id);
    /* Three shown, and up to 9 trophies with rounds_to_win 5. */
    if (cat->nlocations < 12)
        return fail(cat, "at least 12 locations are needed");
    /* Numbered before any shuffle: seat 0's starters, seat 1's, the deck. */
    instances = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < cat->nunits; i++)
            for (int k = 0; k < cat->unit[i].starter; k++)
                cat->instance[instances++] = i;
    for (int i = 0; i < cat->nunits; i++)
        for (int k = 0; k < cat->unit[i].count; k++)
            cat->instance[instances++] = i;
    cat->ninstances = instances;
    return 0;
}

int ironfuture_catalog_parse(struct if_catalog *cat, const char *units_text,
                             const char *locations_text)
{
    json_t *uroot, *lroot = NULL, *arr = NULL, *v;
    size_t i;
    int rc = -1;

    memset(cat, 0, sizeof *cat);
    uroot = load_file(cat, units_text, "units", &arr);
    if (!uroot)
        return -1;
    if (json_array_size(arr) > IF_MAX_UNITS) {
        fail(cat, "too many units");
        goto out;
    }
    json_array_foreach(arr, i, v)
        if (parse_unit(cat, v, &cat->unit[cat->nunits++]))
            goto out;
    lroot = load_file(cat, locations_text, "locations", &arr);
    if (!lroot)
        goto out;
    if (json_array_size(arr) > IF_MAX_LOCATIONS) {
        fail(cat, "too many locations");
        goto out;
    }
    json_array_foreach(arr, i, v)
        if (parse_location(cat, v, &cat->location[cat->nlocations++]))
            goto out;
    hash_ids(cat->unit_hash, cat->unit[0].id, sizeof cat->unit[0], cat->nunits);
    hash_ids(cat->location_hash, cat->location[0].id, sizeof cat->location[0],
             cat->nlocations);
    if (check_whole(cat))
        goto out;
    cat->ok = 1;
    rc = 0;
out:
    json_decref(uroot);
    json_decref(lroot);
    return rc;
}

static struct if_catalog catalog;
static pthread_once_t catalog_once = PTHREAD_ONCE_INIT;

static void catalog_init(void)
{
    ironfuture_catalog_parse(&catalog, rules_data("ironfuture/data/units.json"),
                             rules_data("ironfuture/data/locations.json"));
}

const struct if_catalog *ironfuture_catalog_get(void)
{
    pthread_once(&catalog_once, catalog_init);
    return &catalog;
}

int ironfuture_unit_ability(const struct if_unit *u, enum if_ability_kind kind)
{
    for (int i = 0; i < u->nabilities; i++)
        if (u->ability[i].kind == kind)
            return u->ability[i].value;
    return 0;
}

const struct if_loc_rule *ironfuture_location_rule(const struct if_location *loc,
                                                   enum if_rule_kind kind)
{
    for (int i = 0; i < loc->nrules; i++)
        if (loc->rule[i].kind == kind)
            return &loc->rule[i];
    return NULL;
}
