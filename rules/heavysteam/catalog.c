/*
 * catalog.c - loads and checks Heavy Steam's data (data/ (JSON)) once:
 * the battle board and the titan boards here, the cards in
 * catalog_cards.c, then what ties them together (each printed loadout's
 * cards, the stocks the boards need).
 *
 * Every check fails the whole catalog: a typo in a data file must fail
 * every test rather than quietly change a rule.
 */
#include "catalog.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "../data.h"
#include "catalog_parse.h"

#define fail(cat, ...) rules_data_fail((cat)->error, __VA_ARGS__)
#define only_keys(cat, ...) rules_data_keys((cat)->error, __VA_ARGS__)
#define get_int(cat, ...) rules_data_int((cat)->error, __VA_ARGS__)
#define get_str(cat, ...) rules_data_str((cat)->error, __VA_ARGS__)

#define DIR "heavysteam/data/"

struct source {
    const char *(*read)(const char *path, void *ctx);
    void *ctx;
};

/* The rulebook's hit-location diagram: "Head 2, 12. Arms: 3, 6 Left;
 * 4, 5 Right. Torso 7-8. Legs 9-11." */
static const enum hs_location printed_location[13] = {
    [2] = HS_HEAD, [3] = HS_LEFT_ARM, [4] = HS_RIGHT_ARM, [5] = HS_RIGHT_ARM,
    [6] = HS_LEFT_ARM, [7] = HS_TORSO, [8] = HS_TORSO, [9] = HS_LEGS,
    [10] = HS_LEGS, [11] = HS_LEGS, [12] = HS_HEAD};
/* The rulebook's components: 160 white, 40 blue, 20 red, 130 black. */
static const int printed_stock[HS_STOCKS] = {160, 40, 20, 130};
static const char *const stock_names[HS_STOCKS] = {"white", "blue", "red", "black"};
/* "heavy steam titans move 5 steam, light steam titans move 3 steam." */
static const int printed_release[2] = {5, 3};

static json_t *load(struct hs_catalog *cat, const struct source *src,
                    const char *path)
{
    const char *text = src->read(path, src->ctx);
    const char *ver;
    json_error_t jerr;
    json_t *root;

    if (!text) {
        fail(cat, "%s is missing", path);
        return NULL;
    }
    root = json_loads(text, 0, &jerr);
    if (!json_is_object(root)) {
        fail(cat, "%s: not a JSON object (%s)", path, jerr.text);
        json_decref(root);
        return NULL;
    }
    ver = json_string_value(json_object_get(root, "data_version"));
    if (!ver || strlen(ver) >= sizeof cat->version ||
        (cat->version[0] && strcmp(ver, cat->version) != 0)) {
        fail(cat, "%s: data_version missing or different", path);
        json_decref(root);
        return NULL;
    }
    snprintf(cat->version, sizeof cat->version, "%s", ver);
    return root;
}

/* ---- the battle board ---------------------------------------------------- */

static int parse_sectors(struct hs_catalog *cat, const json_t *a)
{
    static const char *const keys[] = {"name", "start", NULL};
    struct hs_battle_board *b = &cat->board;
    const json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) != HS_SECTORS)
        return fail(cat, "board.json: exactly %d sectors", HS_SECTORS);
    b->start[HS_UK] = b->start[HS_CET] = HS_NONE;
    json_array_foreach(a, i, v) {
        struct hs_sector *s = &b->sector[i];
        const json_t *st = json_object_get(v, "start");

        if (only_keys(cat, v, "sector", keys) ||
            get_str(cat, v, "sector", "name", s->name, sizeof s->name))
            return -1;
        s->start = st ? hs_name_index(json_string_value(st), hs_faction_names)
                      : HS_NONE;
        if (st && (s->start < 0 || b->start[s->start] != HS_NONE))
            return fail(cat, "sector %s: start is a faction not named before", s->name);
        if (st)
            b->start[s->start] = (int)i;
    }
    /* HS-AMB-01 (b): the start sectors are the two ends of the track. */
    if (b->start[HS_UK] < 0 || b->start[HS_CET] < 0 ||
        b->start[HS_UK] + b->start[HS_CET] != HS_SECTORS - 1 ||
        (b->start[HS_UK] != 0 && b->start[HS_CET] != 0))
        return fail(cat, "board.json: each faction's start sector is an end of the track");
    return 0;
}

static int parse_track(struct hs_catalog *cat, const json_t *a)
{
    static const char *const keys[] = {"modifier", "titan", NULL};
    struct hs_battle_board *b = &cat->board;
    int titans = 0, first = -1, last = -1;
    const json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) < HS_START_CARDS ||
        json_array_size(a) > HS_MAX_SLOTS)
        return fail(cat, "board.json: the card track is %d..%d slots",
                    HS_START_CARDS, HS_MAX_SLOTS);
    json_array_foreach(a, i, v) {
        struct hs_slot *s = &b->slot[i];
        const json_t *t = json_object_get(v, "titan");

        if (only_keys(cat, v, "card slot", keys) ||
            get_int(cat, v, "card slot", "modifier", 0, 6, &s->modifier))
            return -1;
        if (t && !json_is_boolean(t))
            return fail(cat, "card slot: titan is true or false");
        s->titan = json_is_true(t);
        if (i > 0 && s->modifier > b->slot[i - 1].modifier)
            return fail(cat, "board.json: slot modifiers fall to the right");
        if (s->titan) {
            titans++;
            first = first < 0 ? (int)i : first;
            last = (int)i;
        }
        b->nslots++;
    }
    if (b->slot[b->nslots - 1].modifier != 0)
        return fail(cat, "board.json: the far right slot is +0");
    if (titans < HS_START_CARDS || last - first + 1 != titans)
        return fail(cat, "board.json: at least %d titan slots, side by side",
                    HS_START_CARDS);
    return 0;
}

static int parse_faces(struct hs_catalog *cat, const json_t *a, const char *what,
                       const char *const *names, enum hs_face *out)
{
    int success = 0, critical = 0;
    const json_t *v;
    size_t i;

    if (!json_is_array(a) || json_array_size(a) != HS_DIE_FACES)
        return fail(cat, "board.json: %s has %d faces", what, HS_DIE_FACES);
    json_array_foreach(a, i, v) {
        int f = hs_name_index(json_string_value(v), names);

        if (f < 0)
            return fail(cat, "board.json: unknown face on the %s", what);
        out[i] = (enum hs_face)f;
        success += f != HS_FACE_BLANK;
        critical += f == HS_FACE_CRITICAL;
    }
    /* The rulebook's examples show blanks and criticals on both dice. */
    if (!critical || success == HS_DIE_FACES)
        return fail(cat, "board.json: the %s needs a critical and a blank", what);
    return 0;
}

static int parse_board(struct hs_catalog *cat, const json_t *root)
{
    static const char *const keys[] = {
        "data_version", "note", "sectors", "dirigible", "card_track",
        "hit_locations", "attack_die", "defense_die", "stocks", "smoke",
        "titans", NULL};
    static const char *const attack_faces[] = {"blank", "hit", "critical_hit", NULL};
    static const char *const defense_faces[] = {"blank", "defend",
                                                "critical_defense", NULL};
    static const char *const locations[] = {"head", "torso", "left_arm",
                                            "right_arm", "legs", NULL};
    static const char *const smoke_keys[] = {"tokens", "attack_dice", NULL};
    struct hs_battle_board *b = &cat->board;
    const json_t *d = json_object_get(root, "dirigible");
    const json_t *h = json_object_get(root, "hit_locations");
    const json_t *st = json_object_get(root, "stocks");
    const json_t *sm = json_object_get(root, "smoke");

    if (only_keys(cat, root, "board.json", keys) ||
        parse_sectors(cat, json_object_get(root, "sectors")) ||
        parse_track(cat, json_object_get(root, "card_track")) ||
        parse_faces(cat, json_object_get(root, "attack_die"), "attack die",
                    attack_faces, b->attack_die) ||
        parse_faces(cat, json_object_get(root, "defense_die"), "defense die",
                    defense_faces, b->defense_die))
        return -1;
    if (json_array_size(d) != 2 ||
        !json_is_integer(json_array_get(d, 0)) ||
        !json_is_integer(json_array_get(d, 1)))
        return fail(cat, "board.json: the dirigible lies between two sectors");
    b->dirigible[0] = (int)json_integer_value(json_array_get(d, 0));
    b->dirigible[1] = (int)json_integer_value(json_array_get(d, 1));
    if (b->dirigible[0] < 1 || b->dirigible[1] != b->dirigible[0] + 1 ||
        b->dirigible[1] > HS_SECTORS - 2)
        return fail(cat, "board.json: the dirigible lies between two adjacent "
                    "sectors of 1..%d", HS_SECTORS - 2);
    if (!json_is_object(h) || json_object_size(h) != 11)
        return fail(cat, "board.json: hit_locations for the rolls 2..12");
    for (int r = 2; r <= 12; r++) {
        char k[12];
        int l;

        snprintf(k, sizeof k, "%d", r);
        l = hs_name_index(json_string_value(json_object_get(h, k)), locations);
        if (l < 0 || (enum hs_location)l != printed_location[r])
            return fail(cat, "board.json: hit location %d is not the printed one", r);
        b->hit_location[r] = (enum hs_location)l;
    }
    if (!json_is_object(st) || json_object_size(st) != HS_STOCKS)
        return fail(cat, "board.json: stocks of the four cube colours");
    for (int c = 0; c < HS_STOCKS; c++)
        if (get_int(cat, st, "stocks", stock_names[c], printed_stock[c],
                    printed_stock[c], &b->stock[c]))
            return -1;
    if (only_keys(cat, sm, "smoke", smoke_keys) ||
        get_int(cat, sm, "smoke", "tokens", 3, 3, &b->smoke_tokens) ||
        get_int(cat, sm, "smoke", "attack_dice", 0, 2, &b->smoke_dice))
        return -1;
    return 0;
}

/* ---- titan boards -------------------------------------------------------- */

#define RULE_DECK "HS-R-135 (Customize Steam Titan: How to Customize)"
#define RULE_MOUNT "HS-R-03 (Customize Steam Titan: How to Customize)"
#define RULE_POINTS "HS-R-02 (Customize Steam Titan: How to Customize)"

/* The card on mount m fits board t's slot: faction, mount, size and the
 * squares a station holds. */
static int check_mount(const struct hs_catalog *cat, const struct hs_board *t,
                       enum hs_mount m, const char *id, int *card,
                       struct rules_error *err)
{
    const char *slot_name = hs_mount_name(m);
    const struct hs_station *slot = &t->station[t->mount_station[m]];
    const struct hs_weapon_card *c;

    if ((*card = hs_catalog_weapon(cat, id)) < 0)
        return rules_fail(err, "unknown_card", RULE_DECK,
                          "there is no card %s for its %s.", id, slot_name);
    c = &cat->weapon[*card];
    if (c->faction != t->faction)
        return rules_fail(err, "card_wrong_faction", RULE_DECK,
                          "%s is of the other faction: each faction has its own deck.",
                          id);
    if ((c->mount == HS_CARD_TORSO) != (m == HS_MOUNT_TORSO))
        return rules_fail(err, "card_wrong_mount", RULE_MOUNT,
                          "%s does not fit its %s: the card MUST be attached to %s "
                          "weapon station.", id, slot_name,
                          c->mount == HS_CARD_TORSO ? "a torso" : "an arm");
    if (c->size != HS_NONE && c->size != (int)t->size)
        return rules_fail(err, "card_wrong_size", RULE_MOUNT,
                          "%s is for the other size: only a %s titan may carry it.", id,
                          hs_size_names[c->size]);
    if (slot->nsquares + c->nsquares > HS_MAX_SQUARES)
        return rules_fail(err, "card_too_many_squares", RULE_MOUNT,
                          "%s has more squares than its slot holds (%d of %d).", id,
                          slot->nsquares + c->nsquares, HS_MAX_SQUARES);
    return 0;
}

int hs_catalog_loadout_check(const struct hs_catalog *cat, const struct hs_board *t,
                             const char *const id[HS_MOUNTS], int card[HS_MOUNTS],
                             struct rules_error *err)
{
    int points = 0;

    for (int m = 0; m < HS_MOUNTS; m++) {
        card[m] = -1;
        if (id[m] && check_mount(cat, t, (enum hs_mount)m, id[m], &card[m], err))
            return -1;
    }
    /* weapons.json lists each card once: a faction's deck holds one copy */
    for (int m = 0; m < HS_MOUNTS; m++)
        for (int k = 0; k < m; k++)
            if (card[m] >= 0 && card[m] == card[k])
                return rules_fail(err, "card_twice", RULE_DECK,
                                  "%s is on its %s and its %s, and the deck holds one.",
                                  cat->weapon[card[m]].id,
                                  hs_mount_name((enum hs_mount)k),
                                  hs_mount_name((enum hs_mount)m));
    for (int m = 0; m < HS_MOUNTS; m++)
        points += card[m] < 0 ? 0 : cat->weapon[card[m]].cost;
    if (points > t->points)
        return rules_fail(err, "loadout_over_points", RULE_POINTS,
                          "its loadout costs %d of %d points: the cards may not "
                          "exceed the titan's point value.", points, t->points);
    return 0;
}

/* What titan.h's reader leaves to the catalog: the rulebook's release,
 * the legs' mobility station, the printed loadout. */
static int check_titan(struct hs_catalog *cat, const struct hs_board *t)
{
    int mobility = 0, located[HS_LOCATIONS] = {0}, card[HS_MOUNTS];
    const char *id[HS_MOUNTS];
    struct rules_error why;

    if (t->release != printed_release[t->size])
        return fail(cat, "titan %s: a %s releases %d", t->id,
                    hs_size_names[t->size], printed_release[t->size]);
    for (int s = 0; s < t->nstations; s++) {
        located[t->station[s].location] = 1;
        mobility |= t->station[s].type == HS_MOBILITY &&
                    t->station[s].location == HS_LEGS;
    }
    for (int l = 0; l < HS_LOCATIONS; l++)
        if (!located[l])
            return fail(cat, "titan %s: no station in its %s", t->id,
                        hs_location_name((enum hs_location)l));
    if (!mobility)
        return fail(cat, "titan %s: no mobility station in its legs", t->id);
    /* An empty box rolls 4 dice; more pressure never rolls more. */
    for (int c = 0; c < t->ncolumns; c++)
        if (t->column[c].dice > (c ? t->column[c - 1].dice : 4))
            return fail(cat, "titan %s: pressure dice start at 4 at most and "
                        "never rise to the right", t->id);
    for (int m = 0; m < HS_MOUNTS; m++)
        id[m] = t->loadout[m];
    if (hs_catalog_loadout_check(cat, t, id, card, &why))
        return fail(cat, "titan %s: %s", t->id, why.message);
    return 0;
}

/* Cubes a board takes from a stock at setup. */
static int board_needs(const struct hs_board *t, enum hs_stock c)
{
    int n = c == HS_STOCK_WHITE ? t->reserve : 0;

    for (int s = 0; s < t->nstations; s++)
        for (int q = 0; q < t->station[s].nsquares; q++) {
            const struct hs_square *sq = &t->station[s].square[q];

            n += sq->start && ((c == HS_STOCK_WHITE && sq->colour == HS_WHITE) ||
                               (c == HS_STOCK_BLUE && sq->colour == HS_BLUE));
        }
    return n;
}

/* The four boards that need most must fit the stocks (HS-DATA-16). */
static int check_stocks(struct hs_catalog *cat)
{
    static const enum hs_stock colours[] = {HS_STOCK_WHITE, HS_STOCK_BLUE};

    for (size_t k = 0; k < sizeof colours / sizeof *colours; k++) {
        int need[HS_MAX_TITANS], total = 0;

        for (int i = 0; i < cat->ntitans; i++)
            need[i] = board_needs(&cat->titan[i], colours[k]);
        for (int pick = 0; pick < 4 && pick < cat->ntitans; pick++) {
            int best = pick;

            for (int i = pick + 1; i < cat->ntitans; i++)
                best = need[i] > need[best] ? i : best;
            total += need[best];
            need[best] = need[pick];
        }
        if (total > cat->board.stock[colours[k]])
            return fail(cat, "titans: four boards need %d %s cubes of %d", total,
                        stock_names[colours[k]], cat->board.stock[colours[k]]);
    }
    return 0;
}

static int parse_titans(struct hs_catalog *cat, const struct source *src,
                        const json_t *list)
{
    int heavy[2] = {0, 0}, light[2] = {0, 0};
    const json_t *v;
    size_t i;

    if (!json_is_array(list) || json_array_size(list) > HS_MAX_TITANS)
        return fail(cat, "board.json: titans is a list of up to %d", HS_MAX_TITANS);
    json_array_foreach(list, i, v) {
        struct hs_board *t = &cat->titan[cat->ntitans];
        const char *id = json_string_value(v);
        char path[96];
        json_t *root;
        int rc;

        if (!id || strlen(id) >= HS_NAME || strchr(id, '/'))
            return fail(cat, "board.json: titans are board ids");
        snprintf(path, sizeof path, DIR "titans/%s.json", id);
        if (!(root = load(cat, src, path)))
            return -1;
        rc = hs_board_read(root, t, cat->error);
        json_decref(root);
        if (rc)
            return -1;
        if (strcmp(t->id, id) != 0)
            return fail(cat, "%s: its id is %s", path, t->id);
        if (hs_catalog_titan(cat, id) >= 0)
            return fail(cat, "titan %s twice", id);
        if (check_titan(cat, t))
            return -1;
        (t->size == HS_HEAVY ? heavy : light)[t->faction]++;
        cat->ntitans++;
    }
    for (int f = 0; f < 2; f++)
        if (heavy[f] < 1 || light[f] < 2)
            return fail(cat, "titans: each faction has a heavy and two lights");
    return check_stocks(cat);
}

/* ---- reading it all ------------------------------------------------------ */

typedef int (*parse_fn)(struct hs_catalog *, const json_t *);

static int parse_file(struct hs_catalog *cat, const struct source *src,
                      const char *path, parse_fn parse)
{
    json_t *root = load(cat, src, path);
    int rc;

    if (!root)
        return -1;
    rc = parse(cat, root);
    json_decref(root);
    return rc;
}

/* Every state names catalog entries by id, many a load. */
static void index_ids(struct hs_catalog *cat)
{
    rules_data_index_build(&cat->titan_ids, cat->titan, cat->ntitans, sizeof cat->titan[0],
                           offsetof(struct hs_board, id));
    rules_data_index_build(&cat->weapon_ids, cat->weapon, cat->nweapons,
                           sizeof cat->weapon[0], offsetof(struct hs_weapon_card, id));
    rules_data_index_build(&cat->battle_ids, cat->battle, cat->nbattle,
                           sizeof cat->battle[0], offsetof(struct hs_battle_card, id));
    rules_data_index_build(&cat->pilot_ids, cat->pilot, cat->npilots, sizeof cat->pilot[0],
                           offsetof(struct hs_pilot, id));
}

int hs_catalog_read(struct hs_catalog *cat,
                    const char *(*read)(const char *path, void *ctx), void *ctx)
{
    const struct source src = {read, ctx};
    json_t *root;
    int rc;

    memset(cat, 0, sizeof *cat);
    /* The cards first: the titans' loadouts name them. */
    if (parse_file(cat, &src, DIR "weapons.json", hs_parse_weapons) ||
        parse_file(cat, &src, DIR "battle_cards.json", hs_parse_battle_cards) ||
        parse_file(cat, &src, DIR "pilots.json", hs_parse_pilots) ||
        !(root = load(cat, &src, DIR "board.json")))
        return -1;
    rc = parse_board(cat, root) ||
         parse_titans(cat, &src, json_object_get(root, "titans"));
    json_decref(root);
    if (rc)
        return -1;
    index_ids(cat);
    cat->ok = 1;
    return 0;
}

int hs_catalog_titan(const struct hs_catalog *cat, const char *id)
{
    return rules_data_lookup(&cat->titan_ids, cat->titan, cat->ntitans, sizeof cat->titan[0],
                             offsetof(struct hs_board, id), id);
}

int hs_catalog_weapon(const struct hs_catalog *cat, const char *id)
{
    return rules_data_lookup(&cat->weapon_ids, cat->weapon, cat->nweapons, sizeof cat->weapon[0],
                             offsetof(struct hs_weapon_card, id), id);
}

int hs_catalog_battle(const struct hs_catalog *cat, const char *id)
{
    return rules_data_lookup(&cat->battle_ids, cat->battle, cat->nbattle, sizeof cat->battle[0],
                             offsetof(struct hs_battle_card, id), id);
}

int hs_catalog_pilot(const struct hs_catalog *cat, const char *id)
{
    return rules_data_lookup(&cat->pilot_ids, cat->pilot, cat->npilots, sizeof cat->pilot[0],
                             offsetof(struct hs_pilot, id), id);
}

void hs_catalog_mounted(const struct hs_weapon_card *w, struct hs_mounted *m)
{
    memset(m, 0, sizeof *m);
    m->nsquares = w->nsquares;
    for (int q = 0; q < w->nsquares; q++) {
        m->square[q].colour = HS_WHITE;
        m->square[q].volatile_n = w->volatile_n[q];
    }
    m->max_damage = w->max_damage;
    m->fragile = w->trait[HS_T_FRAGILE];
}

static const char *embedded(const char *path, void *ctx)
{
    (void)ctx;
    return rules_data(path);
}

static struct hs_catalog catalog;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void catalog_init(void)
{
    hs_catalog_read(&catalog, embedded, NULL);
}

const struct hs_catalog *hs_catalog_get(void)
{
    pthread_once(&once, catalog_init);
    return &catalog;
}
