/*
 * test_heavysteam_loadouts.c - the loadouts option: titans customized at
 * game creation, in the open (rules/heavysteam/setup.h; RULINGS.md
 * HS-R-135, HS-R-02, HS-R-03), each test named after the rule it pins.
 *
 * Every position comes from hs_game_setup, the pilot moves and
 * hs_round_apply on seeded streams (heavysteam_game_fixture.h,
 * heavysteam_round_fixture.h).
 */
#include "heavysteam_game_fixture.h"
#include "heavysteam_round_fixture.h"
#include "heavysteam/describe.h"
#include "heavysteam/svg.h"
#include "heavysteam/text.h"

#define LIGHT_SWAPS                                                                  \
    "{\"size\": \"light\", \"loadouts\": [{\"left_arm\": \"uk_grapeshot\", "         \
    "\"right_arm\": \"uk_harpoon\"}, {\"right_arm\": \"cet_sprint_pistons\"}]}"

static const struct hs_weapon_card *card_on(const struct hs_game *g, int seat,
                                            enum hs_mount m)
{
    int w = g->titan[g->p[seat].titan].card[m];

    return w < 0 ? NULL : &cat()->weapon[w];
}

/* Squares on mount m's slot: the board's, then the card's (titan.h). */
static void check_slot(const struct hs_game *g, int seat, enum hs_mount m)
{
    const struct hs_titan *t = &g->titan[g->p[seat].titan].cubes;
    const struct hs_weapon_card *w = card_on(g, seat, m);
    int s = t->board->mount_station[m];

    CHECK_EQ_INT(t->nsquares[s], t->board->station[s].nsquares + (w ? w->nsquares : 0));
}

/* The card id of mount m in the titans of a view (or the state), NULL for
 * an empty slot. */
static const char *view_card(const json_t *v, int titan, enum hs_mount m)
{
    json_t *ti = json_array_get(json_object_get(v, "titans"), (size_t)titan);

    return json_string_value(json_object_get(json_object_get(ti, "cards"),
                                             hs_mount_name(m)));
}

/* ---- the cards mounted ---------------------------------------------------- */

static void test_hs_r_135_loadout_option_mounts_the_cards(void)
{
    struct hs_game *g = new_game(1, LIGHT_SWAPS, NULL);
    const struct hs_titan *k = &g->titan[0].cubes, *f = &g->titan[1].cubes;
    int ks = k->board->mount_station[HS_MOUNT_RIGHT_ARM];
    json_t *v;

    CHECK_EQ_STR(k->board->id, "uk_light_kestrel");
    CHECK_EQ_STR(f->board->id, "cet_light_feldhase");
    CHECK_EQ_STR(card_on(g, 0, HS_MOUNT_LEFT_ARM)->id, "uk_grapeshot");
    CHECK_EQ_STR(card_on(g, 0, HS_MOUNT_RIGHT_ARM)->id, "uk_harpoon");
    CHECK_EQ_STR(card_on(g, 1, HS_MOUNT_RIGHT_ARM)->id, "cet_sprint_pistons");
    /* a mount left out keeps its printed card */
    CHECK_EQ_STR(card_on(g, 0, HS_MOUNT_TORSO)->id, k->board->loadout[HS_MOUNT_TORSO]);
    CHECK_EQ_STR(card_on(g, 1, HS_MOUNT_LEFT_ARM)->id, f->board->loadout[HS_MOUNT_LEFT_ARM]);
    CHECK_EQ_STR(card_on(g, 1, HS_MOUNT_TORSO)->id, f->board->loadout[HS_MOUNT_TORSO]);
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < HS_MOUNTS; m++)
            check_slot(g, s, (enum hs_mount)m);
    /* the cards' squares come empty: only the board's dots start with steam */
    {
        const struct hs_station *slot = &k->board->station[ks];
        int dots = 0;

        for (int q = 0; q < slot->nsquares; q++)
            dots += slot->square[q].start && slot->square[q].colour == HS_WHITE;
        CHECK_EQ_INT(hs_titan_steam_at(k, ks), dots);
    }
    /* Fragile 1 and the highest damage come with the Harpoon Winch */
    CHECK_EQ_INT(k->fragile[HS_MOUNT_RIGHT_ARM], 1);
    CHECK_EQ_INT(k->max_damage[HS_MOUNT_RIGHT_ARM],
                 card_on(g, 0, HS_MOUNT_RIGHT_ARM)->max_damage);
    v = hs_view_build(g, -1);
    CHECK_EQ_STR(view_card(v, 0, HS_MOUNT_LEFT_ARM), "uk_grapeshot");
    CHECK_EQ_STR(view_card(v, 0, HS_MOUNT_RIGHT_ARM), "uk_harpoon");
    CHECK_EQ_STR(view_card(v, 1, HS_MOUNT_RIGHT_ARM), "cet_sprint_pistons");
    json_decref(v);
    for (int s = -1; s < 2; s++)
        check_view(g, s);
    check_cubes(g);
    check_round_trip(g);
    free(g);
}

/* The swaps the combat tests rely on, each on its own. */
static void test_hs_r_135_the_combat_tests_swaps_are_taken(void)
{
    static const char *const swaps[] = {
        "{\"size\": \"light\", \"loadouts\": [null, {\"right_arm\": \"cet_sprint_pistons\"}]}",
        "{\"size\": \"light\", \"loadouts\": [{\"left_arm\": \"uk_grapeshot\"}, null]}",
        "{\"size\": \"light\", \"loadouts\": [{\"right_arm\": \"uk_harpoon\"}, {}]}",
        "{\"size\": \"light\", \"loadouts\": [null, null]}",
    };

    for (size_t i = 0; i < sizeof swaps / sizeof swaps[0]; i++) {
        struct hs_game *g = new_game(2, swaps[i], NULL);

        CHECK_EQ_INT(g->stage, HS_STAGE_PILOTS);
        check_cubes(g);
        free(g);
    }
}

/* ---- Charged Up on a card that was swapped in ------------------------------- */

static void test_hs_r_62_charged_up_on_a_swapped_card(void)
{
    /* Arc Lance (Charged Up 2) on the Dreadmoor's left arm, 11 of 12 points;
     * Blitz Coil (Charged Up 3) on the Kaltschmied's torso, 10 of 12 */
    struct hs_game *g = new_game(3, "{\"loadouts\": [{\"left_arm\": \"uk_arc_lance\"}, "
                                    "{\"torso\": \"cet_blitz_coil\"}]}", NULL);
    const struct hs_titan *d = &g->titan[0].cubes, *k = &g->titan[1].cubes;
    int ds = d->board->mount_station[HS_MOUNT_LEFT_ARM];
    int ks = k->board->mount_station[HS_MOUNT_TORSO];
    int dst = hs_titan_steam_at(d, ds), dres = d->reserve;
    int kst = hs_titan_steam_at(k, ks), kres = k->reserve;
    json_t *ms = hs_pilot_moves(g, 0), *m;
    struct rules_error err;
    size_t i;

    /* the listing offers the charge the swapped card takes */
    json_array_foreach(json_object_get(ms, "moves"), i, m) {
        json_t *c = json_object_get(json_object_get(m, "charge"), "left_arm");

        CHECK_EQ_INT(json_integer_value(json_object_get(c, "max")), 2);
        CHECK(json_object_get(json_object_get(m, "charge"), "right_arm") == NULL);
    }
    CHECK(json_array_size(json_object_get(ms, "moves")) > 0);
    json_decref(ms);
    /* the Longbore it replaced takes none, the Pepperbox neither */
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"halloway\", "
                                  "\"charge\": {\"left_arm\": 3}}", NULL, &err), -1);
    CHECK_EQ_STR(err.code, "charged_up_too_many");
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"halloway\", "
                                  "\"charge\": {\"right_arm\": 1}}", NULL, &err), -1);
    CHECK_EQ_STR(err.code, "charged_up_too_many");
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"halloway\", "
                                  "\"charge\": {\"left_arm\": 2}}", NULL, &err), 0);
    CHECK_EQ_INT(pilot_move(g, 1, "{\"type\": \"pilot\", \"pilot\": \"rauchbein\", "
                                  "\"charge\": {\"torso\": 3}}", NULL, &err), 0);
    CHECK_EQ_INT(g->stage, HS_STAGE_ROUND);
    CHECK_EQ_INT(hs_titan_steam_at(d, ds), dst + 2);
    CHECK_EQ_INT(d->reserve, dres - 2);
    CHECK_EQ_INT(hs_titan_steam_at(k, ks), kst + 3);
    CHECK_EQ_INT(k->reserve, kres - 3);
    check_cubes(g);
    check_round_trip(g);
    free(g);
}

static void test_hs_r_62_no_charge_once_the_charged_card_is_swapped_out(void)
{
    /* the Kestrel's Arc Lance swapped for the Harpoon Winch */
    struct hs_game *g = new_game(4, "{\"size\": \"light\", \"loadouts\": "
                                    "[{\"right_arm\": \"uk_harpoon\"}, null]}", NULL);
    json_t *ms = hs_pilot_moves(g, 0), *m;
    struct rules_error err;
    size_t i;

    json_array_foreach(json_object_get(ms, "moves"), i, m)
        CHECK(json_object_get(m, "charge") == NULL);
    json_decref(ms);
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\", "
                                  "\"charge\": {\"right_arm\": 1}}", NULL, &err), -1);
    CHECK_EQ_STR(err.code, "charged_up_too_many");
    free(g);
}

/* ---- an empty slot ---------------------------------------------------------- */

/* Seat's attacks listed now; none with mount m. */
static void check_no_attack_with(struct hs_game *g, int seat, enum hs_mount m)
{
    json_t *list = hs_round_moves(g, seat), *e;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e) {
        const char *mount = json_string_value(json_object_get(e, "mount"));

        CHECK(!mount || strcmp(mount, hs_mount_name(m)) != 0);
    }
    json_decref(list);
}

static void test_hs_r_135_an_empty_slot_carries_nothing(void)
{
    /* lights, 5 sectors apart: the Kestrel's Needle Rifle reaches */
    static const enum hs_mount empty[2] = {HS_MOUNT_RIGHT_ARM, HS_MOUNT_LEFT_ARM};
    struct hs_game *g = new_game(5, "{\"size\": \"light\", \"loadouts\": "
                                    "[{\"right_arm\": null}, {\"left_arm\": null}]}", NULL);
    json_t *st, *v;
    struct rules_error err;
    char *svg, *text, move[96];
    int seat;

    for (int s = 0; s < 2; s++) {
        CHECK(card_on(g, s, empty[s]) == NULL);
        check_slot(g, s, empty[s]);
    }
    v = hs_view_build(g, 0);
    CHECK(view_card(v, 0, HS_MOUNT_RIGHT_ARM) == NULL);
    CHECK(json_is_null(json_object_get(
        json_object_get(json_array_get(json_object_get(v, "titans"), 0), "cards"),
        "right_arm")));
    CHECK_EQ_STR(view_card(v, 0, HS_MOUNT_LEFT_ARM), "uk_needle");
    json_decref(v);
    CHECK_EQ_INT(pilot_move(g, 0, "{\"type\": \"pilot\", \"pilot\": \"thornbury\"}", NULL,
                            &err), 0);
    CHECK_EQ_INT(pilot_move(g, 1, "{\"type\": \"pilot\", \"pilot\": \"dornbach\"}", NULL,
                            &err), 0);
    check_round_trip(g);
    /* the picture and the chat view draw what the state holds */
    st = hs_game_dump(g);
    for (int s = -1; s < 2; s++) {
        svg = hs_svg_view(st, s);
        text = hs_text_view(st, s);
        CHECK(svg && strncmp(svg, "<svg", 4) == 0);
        CHECK(text && strstr(text, "Kestrel"));
        free(svg);
        free(text);
    }
    json_decref(st);
    /* in the combat phase the empty slot makes no attack */
    seeded(&R, 5);
    for (int guard = 0; guard < 2000 && g->stage == HS_STAGE_ROUND &&
                        g->phase != HS_PH_COMBAT; guard++)
        if (!CHECK(quiet_move(g, NULL) == 0))
            break;
    CHECK_EQ_INT(g->phase, HS_PH_COMBAT);
    seat = g->ask_seat;
    if (CHECK(seat >= 0)) {
        check_no_attack_with(g, seat, empty[seat]);
        snprintf(move, sizeof move, "{\"type\": \"attack\", \"mount\": \"%s\", \"target\": %d}",
                 hs_mount_name(empty[seat]), 1 - seat);
        CHECK_EQ_INT(play(g, seat, move, NULL, &err), -1);
        CHECK_EQ_STR(err.code, "no_weapon");
    }
    check_cubes(g);
    check_round_trip(g);
    free(g);
}

/* ---- refusals --------------------------------------------------------------- */

/* setup refuses options with code under rule (2 seats). */
static void refuse(const char *options, const char *code, const char *rule)
{
    refuse_setup(options, 2, code, rule);
}

static void test_hs_r_135_loadouts_refused(void)
{
    refuse("{\"loadouts\": {}}", "bad_loadouts", "HS-R-135");
    refuse("{\"loadouts\": [null]}", "bad_loadouts", "HS-R-135");
    refuse("{\"loadouts\": [null, null, null]}", "bad_loadouts", "HS-R-135");
    refuse("{\"loadouts\": [\"uk_sabre\", null]}", "bad_loadout_entry", "HS-R-135");
    refuse("{\"loadouts\": [null, {\"left_arm\": 3}]}", "bad_loadout_entry", "HS-R-135");
    refuse("{\"loadouts\": [{\"head\": \"uk_sabre\"}, null]}", "unknown_mount", "HS-R-135");
    refuse("{\"loadouts\": [{\"left_arm\": \"uk_death_ray\"}, null]}", "unknown_card",
           "HS-R-135");
    refuse("{\"loadouts\": [{\"left_arm\": \"cet_grapple\"}, null]}", "card_wrong_faction",
           "HS-R-135");
    refuse("{\"loadouts\": [null, {\"right_arm\": \"uk_sabre\"}]}", "card_wrong_faction",
           "HS-R-135");
    /* the same card twice: the Pepperbox is printed on the Dreadmoor's right arm */
    refuse("{\"loadouts\": [{\"left_arm\": \"uk_pepperbox\"}, null]}", "card_twice",
           "HS-R-135");
    refuse("{\"size\": \"light\", \"loadouts\": [{\"left_arm\": \"uk_grapeshot\", "
           "\"right_arm\": \"uk_grapeshot\"}, null]}", "card_twice", "HS-R-135");
}

static void test_hs_r_03_loadout_mounts_and_sizes_refused(void)
{
    /* an arm card on the torso, a torso card on an arm */
    refuse("{\"loadouts\": [{\"torso\": \"uk_sabre\"}, null]}", "card_wrong_mount", "HS-R-03");
    refuse("{\"loadouts\": [null, {\"left_arm\": \"cet_heat_sink\"}]}", "card_wrong_mount",
           "HS-R-03");
    /* the Needle Rifle is for lights, the Longbore for heavies */
    refuse("{\"loadouts\": [{\"left_arm\": \"uk_needle\"}, null]}", "card_wrong_size",
           "HS-R-03");
    refuse("{\"size\": \"light\", \"loadouts\": [{\"left_arm\": \"uk_longbore\"}, null]}",
           "card_wrong_size", "HS-R-03");
}

static void test_hs_r_03_more_squares_than_the_slot_holds(void)
{
    /* no shipped card overfills a shipped slot: a board whose left slot
     * already holds HS_MAX_SQUARES - 2 squares, and the Grapeshot's 3 */
    struct hs_board b = cat()->titan[hs_catalog_titan(cat(), "uk_light_kestrel")];
    const char *ids[HS_MOUNTS] = {"uk_grapeshot", NULL, NULL};
    int card[HS_MOUNTS];
    struct rules_error err;

    CHECK_EQ_INT(hs_catalog_loadout_check(cat(), &b, ids, card, &err), 0);
    b.station[b.mount_station[HS_MOUNT_LEFT_ARM]].nsquares = HS_MAX_SQUARES - 2;
    CHECK_EQ_INT(hs_catalog_loadout_check(cat(), &b, ids, card, &err), -1);
    CHECK_EQ_STR(err.code, "card_too_many_squares");
    CHECK(strncmp(err.rule, "HS-R-03", 7) == 0);
    CHECK(strstr(err.message, "uk_grapeshot") != NULL);
}

static void test_hs_r_02_loadout_over_the_points_refused(void)
{
    /* Kestrel, 8 points: Pepperbox 3 + Arc Lance 4 + Aegis 2 */
    refuse("{\"size\": \"light\", \"loadouts\": [{\"left_arm\": \"uk_pepperbox\"}, null]}",
           "loadout_over_points", "HS-R-02");
    /* Dreadmoor, 12: Longbore 5 + Arc Lance 4 + Howitzer 4 */
    refuse("{\"loadouts\": [{\"right_arm\": \"uk_arc_lance\"}, null]}",
           "loadout_over_points", "HS-R-02");
    /* what is left empty costs nothing: the same with the torso empty */
    {
        struct hs_game *g = new_game(6, "{\"loadouts\": [{\"right_arm\": \"uk_arc_lance\", "
                                        "\"torso\": null}, null]}", NULL);

        CHECK_EQ_STR(card_on(g, 0, HS_MOUNT_RIGHT_ARM)->id, "uk_arc_lance");
        CHECK(card_on(g, 0, HS_MOUNT_TORSO) == NULL);
        free(g);
    }
}

/* ---- the description ------------------------------------------------------- */

static void test_hs_r_135_loadouts_described(void)
{
    json_t *d = hs_describe_build();
    json_t *lo = json_object_get(json_object_get(json_object_get(d, "options"), "properties"),
                                 "loadouts");
    json_t *entry = json_array_get(json_object_get(json_object_get(lo, "items"), "oneOf"), 1);

    CHECK_EQ_INT(json_integer_value(json_object_get(lo, "minItems")), 2);
    CHECK_EQ_INT(json_integer_value(json_object_get(lo, "maxItems")), HS_MAX_PLAYERS);
    CHECK(json_is_false(json_object_get(entry, "additionalProperties")));
    for (int m = 0; m < HS_MOUNTS; m++)
        CHECK(json_object_get(json_object_get(entry, "properties"),
                              hs_mount_name((enum hs_mount)m)) != NULL);
    CHECK(strstr(json_string_value(json_object_get(lo, "description")), "HS-R-135") != NULL);
    json_decref(d);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_135_loadout_option_mounts_the_cards);
    RUN(test_hs_r_135_the_combat_tests_swaps_are_taken);
    RUN(test_hs_r_62_charged_up_on_a_swapped_card);
    RUN(test_hs_r_62_no_charge_once_the_charged_card_is_swapped_out);
    RUN(test_hs_r_135_an_empty_slot_carries_nothing);
    RUN(test_hs_r_135_loadouts_refused);
    RUN(test_hs_r_03_loadout_mounts_and_sizes_refused);
    RUN(test_hs_r_03_more_squares_than_the_slot_holds);
    RUN(test_hs_r_02_loadout_over_the_points_refused);
    RUN(test_hs_r_135_loadouts_described);
    return check_summary();
}
