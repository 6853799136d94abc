/*
 * test_heavysteam_catalog.c - Heavy Steam's shipped data loads and means
 * what RULINGS.md says, and every check of the catalog refuses a copy of
 * the data broken in the way it guards against.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "data.h"
#include "heavysteam/catalog.h"

#define DIR "heavysteam/data/"

/* ---- feeding the checker altered files ---------------------------------- */

struct altered {
    const char *path;            /* the file served altered */
    char *text;
};

static const char *serve(const char *path, void *ctx)
{
    const struct altered *a = ctx;

    return a && a->path && strcmp(path, a->path) == 0 ? a->text : rules_data(path);
}

static struct hs_catalog scratch;

/* The catalog read with path altered by mutate; returns cat->ok and
 * leaves the error in scratch. */
static int read_altered(const char *path, void (*mutate)(json_t *root))
{
    struct altered a = {path, NULL};
    json_t *root = json_loads(rules_data(path), 0, NULL);
    int rc;

    if (!CHECK(root != NULL))
        return -1;
    mutate(root);
    a.text = json_dumps(root, 0);
    json_decref(root);
    rc = hs_catalog_read(&scratch, serve, &a);
    free(a.text);
    CHECK_EQ_INT(rc, scratch.ok ? 0 : -1);
    return scratch.ok;
}

/* The altered catalog is refused with an error that says why. */
#define REFUSED(path, mutate, why)                                          \
    do {                                                                    \
        CHECK_EQ_INT(read_altered(DIR path, mutate), 0);                    \
        if (!CHECK(strstr(scratch.error, why) != NULL))                     \
            fprintf(stderr, "  error was: %s\n", scratch.error);            \
    } while (0)

static json_t *by_id(json_t *root, const char *list, const char *id)
{
    json_t *a = json_object_get(root, list), *v;
    size_t i;

    json_array_foreach(a, i, v)
        if (strcmp(json_string_value(json_object_get(v, "id")), id) == 0)
            return v;
    return NULL;
}

static void remove_by_id(json_t *root, const char *list, const char *id)
{
    json_t *a = json_object_get(root, list), *v;
    size_t i;

    json_array_foreach(a, i, v)
        if (strcmp(json_string_value(json_object_get(v, "id")), id) == 0) {
            json_array_remove(a, i);
            return;
        }
}

static json_t *trait_of(json_t *card, const char *name)
{
    json_t *v;
    size_t i;

    json_array_foreach(json_object_get(card, "traits"), i, v)
        if (strcmp(json_string_value(json_object_get(v, "trait")), name) == 0)
            return v;
    return NULL;
}

static void remove_trait(json_t *card, const char *name)
{
    json_t *a = json_object_get(card, "traits"), *v;
    size_t i;

    json_array_foreach(a, i, v)
        if (strcmp(json_string_value(json_object_get(v, "trait")), name) == 0) {
            json_array_remove(a, i);
            return;
        }
}

static json_t *first_step(json_t *root, const char *list, const char *id)
{
    return json_array_get(json_object_get(by_id(root, list, id), "effect"), 0);
}

/* ---- the shipped data ---------------------------------------------------- */

static const struct hs_catalog *shipped(void)
{
    const struct hs_catalog *cat = hs_catalog_get();

    if (!cat->ok)
        fprintf(stderr, "catalog: %s\n", cat->error);
    return cat;
}

static void test_shipped_data_loads(void)
{
    const struct hs_catalog *cat = shipped();
    int copies = 0, events = 0, start = 0, uk = 0;

    CHECK(cat->ok);
    CHECK_EQ_STR(cat->version, "heavysteam-data-1");
    CHECK_EQ_INT(cat->ntitans, 6);
    CHECK_EQ_INT(cat->nweapons, HS_UK_CARDS + HS_CET_CARDS);
    CHECK_EQ_INT(cat->npilots, 10);
    for (int i = 0; i < cat->nbattle; i++) {
        copies += cat->battle[i].copies;
        events += cat->battle[i].kind == HS_K_EVENT;
        start += cat->battle[i].kind == HS_K_START ? cat->battle[i].copies : 0;
    }
    CHECK_EQ_INT(copies, HS_BATTLE_CARDS);
    CHECK_EQ_INT(events, HS_EVENT_CARDS);
    CHECK_EQ_INT(start, HS_START_CARDS);
    for (int i = 0; i < cat->nweapons; i++)
        uk += cat->weapon[i].faction == HS_UK;
    CHECK_EQ_INT(uk, HS_UK_CARDS);
}

/* HS-DATA-01, HS-AMB-01: 8 positions, the start sectors at the ends. */
static void test_hs_data_01_sector_track(void)
{
    const struct hs_battle_board *b = &shipped()->board;

    CHECK_EQ_INT(b->start[HS_UK], 0);
    CHECK_EQ_INT(b->start[HS_CET], HS_SECTORS - 1);
    CHECK_EQ_INT(b->sector[0].start, HS_UK);
    CHECK_EQ_INT(b->sector[3].start, HS_NONE);
    CHECK_EQ_INT(b->dirigible[0], 3);
    CHECK_EQ_INT(b->dirigible[1], 4);
    CHECK_EQ_INT(b->smoke_tokens, 3);
    CHECK_EQ_INT(b->smoke_dice, 1);
}

/* HS-DATA-02: modifiers fall to +0 at the right; four titan slots. */
static void test_hs_data_02_card_track(void)
{
    const struct hs_battle_board *b = &shipped()->board;
    int titans = 0;

    CHECK_EQ_INT(b->nslots, 6);
    CHECK_EQ_INT(b->slot[0].modifier, 3);
    CHECK_EQ_INT(b->slot[b->nslots - 1].modifier, 0);
    CHECK(b->slot[b->nslots - 1].titan);
    for (int i = 0; i < b->nslots; i++)
        titans += b->slot[i].titan;
    CHECK_EQ_INT(titans, 4);
}

/* HS-R-26: the printed hit-location diagram. */
static void test_hs_r_26_hit_locations(void)
{
    const struct hs_battle_board *b = &shipped()->board;

    CHECK_EQ_INT(b->hit_location[2], HS_HEAD);
    CHECK_EQ_INT(b->hit_location[12], HS_HEAD);
    CHECK_EQ_INT(b->hit_location[3], HS_LEFT_ARM);
    CHECK_EQ_INT(b->hit_location[6], HS_LEFT_ARM);
    CHECK_EQ_INT(b->hit_location[4], HS_RIGHT_ARM);
    CHECK_EQ_INT(b->hit_location[5], HS_RIGHT_ARM);
    CHECK_EQ_INT(b->hit_location[7], HS_TORSO);
    CHECK_EQ_INT(b->hit_location[8], HS_TORSO);
    CHECK_EQ_INT(b->hit_location[9], HS_LEGS);
    CHECK_EQ_INT(b->hit_location[11], HS_LEGS);
}

/* HS-DATA-12: 1 critical, 2 successes, 3 blanks on each die. */
static void test_hs_data_12_dice_faces(void)
{
    const struct hs_battle_board *b = &shipped()->board;
    int n[2][3] = {{0}};

    for (int f = 0; f < HS_DIE_FACES; f++) {
        n[0][b->attack_die[f]]++;
        n[1][b->defense_die[f]]++;
    }
    for (int d = 0; d < 2; d++) {
        CHECK_EQ_INT(n[d][HS_FACE_CRITICAL], 1);
        CHECK_EQ_INT(n[d][HS_FACE_SUCCESS], 2);
        CHECK_EQ_INT(n[d][HS_FACE_BLANK], 3);
    }
}

/* HS-DATA-16: the rulebook's component counts. */
static void test_hs_data_16_stocks(void)
{
    const struct hs_battle_board *b = &shipped()->board;

    CHECK_EQ_INT(b->stock[HS_STOCK_WHITE], 160);
    CHECK_EQ_INT(b->stock[HS_STOCK_BLUE], 40);
    CHECK_EQ_INT(b->stock[HS_STOCK_RED], 20);
    CHECK_EQ_INT(b->stock[HS_STOCK_BLACK], 130);
}

/* HS-DATA-03, HS-DATA-06, HS-R-02, HS-R-03: each printed loadout fits its
 * board, and every board sets up with it through titan.h. */
static void test_hs_r_02_printed_loadouts_fit(void)
{
    const struct hs_catalog *cat = shipped();
    int heavy[2] = {0, 0}, light[2] = {0, 0};

    for (int i = 0; i < cat->ntitans; i++) {
        const struct hs_board *t = &cat->titan[i];
        struct hs_mounted card[HS_MOUNTS];
        struct hs_titan *titan = calloc(1, sizeof *titan);
        struct rules_error err;
        json_t *events = json_array();
        int points = 0;

        (t->size == HS_HEAVY ? heavy : light)[t->faction]++;
        CHECK_EQ_INT(t->release, t->size == HS_HEAVY ? 5 : 3);
        CHECK_EQ_INT(t->production, t->size == HS_HEAVY ? 8 : 5);
        for (int m = 0; m < HS_MOUNTS; m++) {
            int w = hs_catalog_weapon(cat, t->loadout[m]);

            if (!CHECK(w >= 0))
                continue;
            CHECK_EQ_INT(cat->weapon[w].faction, t->faction);
            CHECK_EQ_INT(cat->weapon[w].mount == HS_CARD_TORSO, m == HS_MOUNT_TORSO);
            CHECK(cat->weapon[w].size == HS_NONE || cat->weapon[w].size == (int)t->size);
            points += cat->weapon[w].cost;
            hs_catalog_mounted(&cat->weapon[w], &card[m]);
            /* what a mounted card keeps of its card: its squares, volatile
             * numbers, highest damage and Fragile */
            CHECK_EQ_INT(card[m].nsquares, cat->weapon[w].nsquares);
            CHECK_EQ_INT(card[m].max_damage, cat->weapon[w].max_damage);
            CHECK_EQ_INT(card[m].fragile, cat->weapon[w].trait[HS_T_FRAGILE]);
        }
        CHECK(points <= t->points);
        if (!CHECK_EQ_INT(hs_titan_init(titan, t, card, events, &err), 0))
            fprintf(stderr, "  %s: %s\n", t->id, err.message);
        json_decref(events);
        free(titan);
    }
    for (int f = 0; f < 2; f++) {
        CHECK_EQ_INT(heavy[f], 1);
        CHECK_EQ_INT(light[f], 2);
    }
}

/* HS-DATA-07: a card as its table row says, and every trait used. */
static void test_hs_data_07_weapon_cards(void)
{
    const struct hs_catalog *cat = shipped();
    const struct hs_weapon_card *w = &cat->weapon[hs_catalog_weapon(cat, "uk_longbore")];
    const struct hs_weapon_card *h = &cat->weapon[hs_catalog_weapon(cat, "cet_steam_hammer")];
    const struct hs_weapon_card *e = &cat->weapon[hs_catalog_weapon(cat, "uk_aegis")];
    int used[HS_TRAITS] = {0};

    CHECK(w->weapon);
    CHECK_EQ_INT(w->attack_cost, 3);
    CHECK_EQ_INT(w->min_range, 2);
    CHECK_EQ_INT(w->max_range, 6);
    CHECK_EQ_INT(w->chart[6].dice, 2);
    CHECK_EQ_INT(w->chart[6].damage, 3);
    CHECK_EQ_INT(w->trait[HS_T_PIERCING_ROUNDS], 1);
    CHECK_EQ_INT(w->size, HS_HEAVY);
    CHECK_EQ_INT(w->max_damage, 4);
    CHECK_EQ_INT(w->volatile_n[3], 4);
    CHECK(h->close_combat);
    CHECK_EQ_INT(h->cc_dice, 3);
    CHECK_EQ_INT(h->cc_charged_dice, 5);
    CHECK_EQ_INT(h->trait[HS_T_CLOSE_COMBAT], 2);
    CHECK_EQ_INT(h->min_range, HS_NONE);
    CHECK_EQ_INT(h->max_damage, 5);
    CHECK(!e->weapon);
    CHECK_EQ_INT(e->attack_cost, 0);
    CHECK_EQ_INT(e->when, HS_W_ATTACKED);
    CHECK_EQ_INT(e->effect.step[0].op, HS_OP_DEFENSE_DICE);
    for (int i = 0; i < cat->nweapons; i++)
        for (int t = 0; t < HS_TRAITS; t++)
            used[t] |= cat->weapon[i].trait[t] != 0;
    for (int t = 0; t < HS_TRAITS; t++)
        if (!CHECK(used[t]))
            fprintf(stderr, "  unused: %s\n", hs_trait_name((enum hs_trait)t));
    CHECK_EQ_INT(hs_catalog_weapon(cat, "no_such_card"), -1);
}

/* HS-DATA-08, HS-DATA-09, HS-DATA-10: cards and their effects as data. */
static void test_hs_data_08_battle_cards(void)
{
    const struct hs_catalog *cat = shipped();
    const struct hs_battle_card *woods = &cat->battle[hs_catalog_battle(cat, "woods")];
    const struct hs_battle_card *bi = &cat->battle[hs_catalog_battle(cat, "battle_intensity")];
    const struct hs_battle_card *eis = &cat->battle[hs_catalog_battle(cat, "enemy_in_sight")];
    const struct hs_battle_card *inf = &cat->battle[hs_catalog_battle(cat, "infantry_support")];

    CHECK_EQ_INT(woods->kind, HS_K_TERRAIN);
    CHECK_EQ_INT(woods->phase, HS_PH_MOVE);
    CHECK_EQ_INT(woods->effect.nsteps, 2);
    CHECK_EQ_INT(woods->effect.step[1].size, HS_LIGHT);
    CHECK_EQ_INT(woods->black_squares, 3);
    CHECK_EQ_INT(bi->kind, HS_K_EVENT);
    CHECK_EQ_INT(bi->effect.step[0].op, HS_OP_DRAW);
    CHECK_EQ_INT(bi->effect.step[0].n, 2);
    CHECK_EQ_INT(bi->effect.step[2].op, HS_OP_DAMAGE_CUBES);
    CHECK_EQ_INT(bi->effect.step[2].who, HS_WHO_ALL);
    CHECK(hs_catalog_battle(cat, "smoke") >= 0);
    CHECK(hs_catalog_battle(cat, "maneuver") >= 0);
    CHECK_EQ_INT(eis->copies, 4);
    CHECK_EQ_INT(eis->timing, HS_TIME_ATTACK);
    CHECK(inf->has_unit);
    CHECK_EQ_INT(inf->unit.attack_dice, 4);
    CHECK_EQ_INT(inf->unit.range_lo, 1);
    CHECK_EQ_INT(inf->unit.range_hi, 1);
    CHECK_EQ_INT(inf->unit.defense_dice, 5);
    CHECK(inf->unit.ignore_terrain);
}

/* HS-DATA-11: the rulebook's three pilots in their factions. */
static void test_hs_data_11_pilots(void)
{
    const struct hs_catalog *cat = shipped();
    const struct hs_pilot *z = &cat->pilot[hs_catalog_pilot(cat, "zedock")];

    CHECK_EQ_INT(z->faction, HS_UK);
    CHECK_EQ_INT(z->ability.when, HS_W_STEAM_TO_COMMAND);
    CHECK_EQ_INT(z->ability.min, 2);
    CHECK_EQ_INT(z->ability.effect.step[0].station_type, HS_COMMAND);
    CHECK_EQ_INT(z->once.effect.step[0].op, HS_OP_STEAL);
    CHECK_EQ_INT(cat->pilot[hs_catalog_pilot(cat, "puffer")].faction, HS_UK);
    CHECK_EQ_INT(cat->pilot[hs_catalog_pilot(cat, "baer")].faction, HS_CET);
    CHECK_EQ_INT(cat->pilot[hs_catalog_pilot(cat, "baer")].once.effect.step[0].location,
                 HS_LEGS);
}

/* An unaltered copy fed through the same path loads. */
static void nothing(json_t *root)
{
    (void)root;
}

static void test_unaltered_copy_loads(void)
{
    CHECK_EQ_INT(read_altered(DIR "board.json", nothing), 1);
    CHECK_EQ_INT(scratch.ntitans, 6);
}

/* ---- broken copies: weapons.json ---------------------------------------- */

static void w_unknown_key(json_t *r) { json_object_set_new(by_id(r, "cards", "uk_sabre"), "colour", json_string("red")); }
static void w_one_uk_fewer(json_t *r) { remove_by_id(r, "cards", "uk_gyro"); }
static void w_unknown_trait(json_t *r) { json_object_set_new(trait_of(by_id(r, "cards", "uk_longbore"), "piercing_rounds"), "trait", json_string("armour_piercing")); }
static void w_plain_trait_x(json_t *r) { json_object_set_new(trait_of(by_id(r, "cards", "uk_howitzer"), "ignore_terrain"), "x", json_integer(1)); }
static void w_trait_without_x(json_t *r) { json_object_del(trait_of(by_id(r, "cards", "uk_pepperbox"), "rate_of_fire"), "x"); }
static void w_trait_twice(json_t *r) { json_array_append_new(json_object_get(by_id(r, "cards", "uk_sabre"), "traits"), json_pack("{s:s,s:i}", "trait", "close_combat", "x", 1)); }
static void w_no_spread(json_t *r) { remove_trait(by_id(r, "cards", "uk_howitzer"), "spread"); remove_trait(by_id(r, "cards", "cet_scattergun"), "spread"); }
static void w_no_attack_cost(json_t *r) { remove_trait(by_id(r, "cards", "uk_needle"), "attack_cost"); }
static void w_gap_in_chart(json_t *r) { json_array_remove(json_object_get(by_id(r, "cards", "uk_longbore"), "range"), 1); }
static void w_equipment_attacks(json_t *r) { json_object_set_new(by_id(r, "cards", "uk_aegis"), "range", json_pack("[{s:i,s:i,s:i}]", "range", 1, "dice", 2, "damage", 1)); }
static void w_equipment_idle(json_t *r) { json_t *c = by_id(r, "cards", "uk_rangefinder"); json_object_del(c, "when"); json_object_del(c, "effect"); }
static void w_unknown_op(json_t *r) { json_object_set_new(first_step(r, "cards", "uk_aegis"), "op", json_string("teleport")); }
static void w_bad_volatile(json_t *r) { json_array_set_new(json_object_get(by_id(r, "cards", "uk_sabre"), "squares"), 0, json_integer(7)); }
static void w_cc_without_trait(json_t *r) { remove_trait(by_id(r, "cards", "uk_sabre"), "close_combat"); }
static void w_dice_not_more(json_t *r) { json_object_set_new(json_object_get(by_id(r, "cards", "cet_grapple"), "close_combat"), "charged_dice", json_integer(2)); }
static void w_duplicate(json_t *r) { json_object_set_new(by_id(r, "cards", "uk_gyro"), "id", json_string("uk_sabre")); }
static void w_equipment_hotshot(json_t *r) { json_object_set_new(by_id(r, "cards", "uk_tinker_crane"), "traits", json_pack("[{s:s,s:i}]", "trait", "hotshot", "x", 1)); }
static void w_equipment_any_time(json_t *r) { json_object_set_new(by_id(r, "cards", "uk_tinker_crane"), "when", json_string("turn")); }
static void w_few_squares(json_t *r) { json_object_set_new(by_id(r, "cards", "uk_longbore"), "squares", json_pack("[i,i]", 0, 0)); }

static void test_weapons_refused(void)
{
    REFUSED("weapons.json", w_unknown_key, "unknown key \"colour\"");
    REFUSED("weapons.json", w_one_uk_fewer, "14 U.K. and 16 C.E.T.");
    REFUSED("weapons.json", w_unknown_trait, "\"trait\" is missing or unknown");
    REFUSED("weapons.json", w_plain_trait_x, "ignore_terrain has no X");
    REFUSED("weapons.json", w_trait_without_x, "missing \"x\"");
    REFUSED("weapons.json", w_trait_twice, "close_combat twice");
    REFUSED("weapons.json", w_no_spread, "no card has spread");
    REFUSED("weapons.json", w_no_attack_cost, "a weapon has an Attack Cost");
    REFUSED("weapons.json", w_gap_in_chart, "ranges must follow each other");
    REFUSED("weapons.json", w_equipment_attacks, "equipment has no attack");
    REFUSED("weapons.json", w_equipment_idle, "an effect or Evade");
    REFUSED("weapons.json", w_unknown_op, "unknown operation");
    REFUSED("weapons.json", w_bad_volatile, "volatile number 2..6");
    REFUSED("weapons.json", w_cc_without_trait, "Close Combat trait");
    REFUSED("weapons.json", w_dice_not_more, "parenthesised dice");
    REFUSED("weapons.json", w_duplicate, "card uk_sabre twice");
    REFUSED("weapons.json", w_equipment_hotshot, "equipment cannot have hotshot");
    REFUSED("weapons.json", w_equipment_any_time, "works in a moment of the round");
    REFUSED("weapons.json", w_few_squares, "fewer squares than its attack cost");
}

/* ---- broken copies: battle_cards.json ----------------------------------- */

static void b_one_event_fewer(json_t *r) { remove_by_id(r, "cards", "heat_wave"); }
static void b_three_eis(json_t *r) { json_object_set_new(by_id(r, "cards", "enemy_in_sight"), "copies", json_integer(3)); json_object_set_new(by_id(r, "cards", "hedgerow"), "copies", json_integer(3)); }
static void b_unknown_op(json_t *r) { json_object_set_new(first_step(r, "cards", "brace"), "op", json_string("dodge")); }
static void b_n_out_of_range(json_t *r) { json_object_set_new(first_step(r, "cards", "rivet_gang"), "n", json_integer(9)); }
static void b_n_missing(json_t *r) { json_object_del(first_step(r, "cards", "rivet_gang"), "n"); }
static void b_n_not_taken(json_t *r) { json_object_set_new(first_step(r, "cards", "smoke"), "n", json_integer(1)); }
static void b_who_not_taken(json_t *r) { json_object_set_new(first_step(r, "cards", "enemy_in_sight"), "who", json_string("all")); }
static void b_bad_where(json_t *r) { json_object_set_new(json_array_get(json_object_get(by_id(r, "cards", "dispatches"), "effect"), 1), "where", json_string("tail")); }
static void b_terrain_no_squares(json_t *r) { json_object_del(by_id(r, "cards", "woods"), "black_squares"); }
static void b_support_no_unit(json_t *r) { json_object_del(by_id(r, "cards", "cannon_support"), "unit"); }
static void b_event_cost(json_t *r) { json_object_set_new(by_id(r, "cards", "smoke"), "cost", json_integer(2)); }
static void b_bad_phase(json_t *r) { json_object_set_new(by_id(r, "cards", "maneuver"), "phase", json_string("lunch")); }
static void b_reaction_turn(json_t *r) { json_object_del(by_id(r, "cards", "sidestep"), "timing"); }
static void b_terrain_phase(json_t *r) { json_object_set_new(by_id(r, "cards", "marsh"), "phase", json_string("combat")); }
static void b_attack_card_in_move(json_t *r) { json_object_set_new(by_id(r, "cards", "targeting_solution"), "phase", json_string("move")); }
static void b_event_timing(json_t *r) { json_object_set_new(by_id(r, "cards", "barrage"), "timing", json_string("turn")); }
static void b_only_terrain_squares(json_t *r) { json_object_set_new(by_id(r, "cards", "brace"), "black_squares", json_integer(1)); }
static void b_empty_effect(json_t *r) { json_object_set_new(by_id(r, "cards", "maneuver"), "effect", json_array()); }

static void test_battle_cards_refused(void)
{
    REFUSED("battle_cards.json", b_one_event_fewer, "53 cards, 9 events");
    REFUSED("battle_cards.json", b_three_eis, "3 Enemy in Sight");
    REFUSED("battle_cards.json", b_unknown_op, "unknown operation");
    REFUSED("battle_cards.json", b_n_out_of_range, "\"n\" must be an integer in 1..4");
    REFUSED("battle_cards.json", b_n_missing, "missing \"n\"");
    REFUSED("battle_cards.json", b_n_not_taken, "smoke takes no number");
    REFUSED("battle_cards.json", b_who_not_taken, "attack_dice takes no \"who\"");
    REFUSED("battle_cards.json", b_bad_where, "unknown \"where\"");
    REFUSED("battle_cards.json", b_terrain_no_squares, "missing \"black_squares\"");
    REFUSED("battle_cards.json", b_support_no_unit, "support step and its unit");
    REFUSED("battle_cards.json", b_event_cost, "\"cost\" must be an integer in 0..0");
    REFUSED("battle_cards.json", b_bad_phase, "\"phase\" is missing or unknown");
    REFUSED("battle_cards.json", b_reaction_turn, "played when attacked");
    REFUSED("battle_cards.json", b_terrain_phase, "terrain is played in the move phase");
    REFUSED("battle_cards.json", b_attack_card_in_move, "a combat card");
    REFUSED("battle_cards.json", b_event_timing, "drawn not played");
    REFUSED("battle_cards.json", b_only_terrain_squares, "only terrain has black squares");
    REFUSED("battle_cards.json", b_empty_effect, "an effect is 1..");
}

/* ---- broken copies: pilots.json ----------------------------------------- */

static void p_faction_split(json_t *r) { json_object_set_new(by_id(r, "pilots", "baer"), "faction", json_string("uk")); }
static void p_unknown_when(json_t *r) { json_object_set_new(json_object_get(by_id(r, "pilots", "puffer"), "ability"), "when", json_string("teatime")); }
static void p_min_missing(json_t *r) { json_object_del(json_object_get(by_id(r, "pilots", "zedock"), "ability"), "min"); }
static void p_ability_any_time(json_t *r) { json_object_set_new(json_object_get(by_id(r, "pilots", "puffer"), "ability"), "when", json_string("turn")); }
static void p_min_elsewhere(json_t *r) { json_object_set_new(json_object_get(by_id(r, "pilots", "puffer"), "ability"), "min", json_integer(2)); }
static void p_no_once(json_t *r) { json_object_del(by_id(r, "pilots", "kessel"), "once"); }

static void test_pilots_refused(void)
{
    REFUSED("pilots.json", p_faction_split, "6 U.K. and 4 C.E.T.");
    REFUSED("pilots.json", p_unknown_when, "\"when\" is missing or unknown");
    REFUSED("pilots.json", p_min_missing, "missing \"min\"");
    REFUSED("pilots.json", p_ability_any_time, "an ability says when");
    REFUSED("pilots.json", p_min_elsewhere, "only steam_to_command takes a min");
    REFUSED("pilots.json", p_no_once, "pilot kessel: must be an object");
}

/* ---- broken copies: board.json ------------------------------------------ */

static void d_seven_sectors(json_t *r) { json_array_remove(json_object_get(r, "sectors"), 3); }
static void d_start_inside(json_t *r) { json_t *s = json_object_get(r, "sectors"); json_object_del(json_array_get(s, 7), "start"); json_object_set_new(json_array_get(s, 6), "start", json_string("cet")); }
static void d_hit_location(json_t *r) { json_object_set_new(json_object_get(r, "hit_locations"), "7", json_string("legs")); }
static void d_modifier_rises(json_t *r) { json_object_set_new(json_array_get(json_object_get(r, "card_track"), 4), "modifier", json_integer(2)); }
static void d_last_not_zero(json_t *r) { json_t *t = json_object_get(r, "card_track"); for (size_t i = 0; i < json_array_size(t); i++) json_object_set_new(json_array_get(t, i), "modifier", json_integer(1)); }
static void d_three_titan_slots(json_t *r) { json_object_del(json_array_get(json_object_get(r, "card_track"), 2), "titan"); }
static void d_white_stock(json_t *r) { json_object_set_new(json_object_get(r, "stocks"), "white", json_integer(150)); }
static void d_face(json_t *r) { json_array_set_new(json_object_get(r, "attack_die"), 0, json_string("double_hit")); }
static void d_no_critical(json_t *r) { json_array_set_new(json_object_get(r, "defense_die"), 0, json_string("defend")); }
static void d_dirigible(json_t *r) { json_array_set_new(json_object_get(r, "dirigible"), 1, json_integer(5)); }
static void d_unknown_titan(json_t *r) { json_array_append_new(json_object_get(r, "titans"), json_string("uk_heavy_nonesuch")); }
static void d_one_light(json_t *r) { json_array_remove(json_object_get(r, "titans"), 2); }
static void d_titan_twice(json_t *r) { json_array_set_new(json_object_get(r, "titans"), 2, json_string("uk_light_kestrel")); }

static void test_board_refused(void)
{
    REFUSED("board.json", d_seven_sectors, "exactly 8 sectors");
    REFUSED("board.json", d_start_inside, "an end of the track");
    REFUSED("board.json", d_hit_location, "hit location 7 is not the printed one");
    REFUSED("board.json", d_modifier_rises, "fall to the right");
    REFUSED("board.json", d_last_not_zero, "far right slot is +0");
    REFUSED("board.json", d_three_titan_slots, "at least 4 titan slots");
    REFUSED("board.json", d_white_stock, "\"white\" must be an integer in 160..160");
    REFUSED("board.json", d_face, "unknown face on the attack die");
    REFUSED("board.json", d_no_critical, "needs a critical and a blank");
    REFUSED("board.json", d_dirigible, "two adjacent sectors");
    REFUSED("board.json", d_unknown_titan, "titans/uk_heavy_nonesuch.json is missing");
    REFUSED("board.json", d_one_light, "a heavy and two lights");
    REFUSED("board.json", d_titan_twice, "titan uk_light_kestrel twice");
}

/* ---- broken copies: a titan board --------------------------------------- */

#define DREADMOOR "titans/uk_heavy_dreadmoor.json"

static void set_loadout(json_t *r, const char *mount, const char *id) { json_object_set_new(json_object_get(r, "loadout"), mount, json_string(id)); }
static void t_other_faction(json_t *r) { set_loadout(r, "left_arm", "cet_grapple"); }
static void t_wrong_mount(json_t *r) { set_loadout(r, "torso", "uk_sabre"); }
static void t_other_size(json_t *r) { set_loadout(r, "left_arm", "uk_needle"); }
static void t_missing_card(json_t *r) { set_loadout(r, "right_arm", "uk_death_ray"); }
static void t_over_points(json_t *r) { json_object_set_new(r, "points", json_integer(10)); }
static void t_release(json_t *r) { json_object_set_new(r, "release", json_integer(4)); }
static void t_version(json_t *r) { json_object_set_new(r, "data_version", json_string("heavysteam-data-0")); }
static void t_unknown_key(json_t *r) { json_object_set_new(r, "armour", json_integer(3)); }
static void t_id(json_t *r) { json_object_set_new(r, "id", json_string("uk_heavy_other")); }
static void t_no_mobility(json_t *r) { json_object_set_new(json_array_get(json_object_get(r, "stations"), 14), "type", json_string("conduit")); }

static void t_white_cubes(json_t *r) { json_object_set_new(r, "reserve", json_integer(99)); }
static void t_dice_rise(json_t *r) { json_object_set_new(json_array_get(json_object_get(r, "pressure"), 3), "dice", json_integer(4)); }
static void t_five_dice(json_t *r) { json_object_set_new(json_array_get(json_object_get(r, "pressure"), 0), "dice", json_integer(5)); }

static void test_titan_boards_refused(void)
{
    REFUSED(DREADMOOR, t_white_cubes, "four boards need");
    REFUSED(DREADMOOR, t_dice_rise, "never rise to the right");
    REFUSED(DREADMOOR, t_five_dice, "start at 4 at most");
    REFUSED(DREADMOOR, t_other_faction, "cet_grapple is of the other faction");
    REFUSED(DREADMOOR, t_wrong_mount, "uk_sabre does not fit its torso");
    REFUSED(DREADMOOR, t_other_size, "uk_needle is for the other size");
    REFUSED(DREADMOOR, t_missing_card, "no card uk_death_ray");
    REFUSED(DREADMOOR, t_over_points, "costs 12 of 10 points");
    REFUSED(DREADMOOR, t_release, "a heavy releases 5");
    REFUSED(DREADMOOR, t_version, "data_version missing or different");
    REFUSED(DREADMOOR, t_unknown_key, "unknown key \"armour\"");
    REFUSED(DREADMOOR, t_id, "its id is uk_heavy_other");
    REFUSED(DREADMOOR, t_no_mobility, "no mobility station in its legs");
}

int main(void)
{
    RUN(test_shipped_data_loads);
    RUN(test_hs_data_01_sector_track);
    RUN(test_hs_data_02_card_track);
    RUN(test_hs_r_26_hit_locations);
    RUN(test_hs_data_12_dice_faces);
    RUN(test_hs_data_16_stocks);
    RUN(test_hs_r_02_printed_loadouts_fit);
    RUN(test_hs_data_07_weapon_cards);
    RUN(test_hs_data_08_battle_cards);
    RUN(test_hs_data_11_pilots);
    RUN(test_unaltered_copy_loads);
    RUN(test_weapons_refused);
    RUN(test_battle_cards_refused);
    RUN(test_pilots_refused);
    RUN(test_board_refused);
    RUN(test_titan_boards_refused);
    return check_summary();
}
