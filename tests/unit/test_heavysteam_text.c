/*
 * test_heavysteam_text.c - Heavy Steam for chat and pictures (RULINGS.md
 * HS-R-131, HS-R-132): the notation of each move type, reading what is
 * typed, and over random games (heavysteam_round_fixture.h) at every
 * position:
 *   - every concrete listed move and every move played reads back from its
 *     text as the same JSON (text_parse(text_move(m)) equals m), and so do
 *     random standing orders;
 *   - every line of text_moves reads as a move, a pattern line once each
 *     hole is filled with its first value;
 *   - text_view stays within RULES_TEXT_VIEW_MAX for both seats and the
 *     spectator and names no card of another seat's hand that the seat's
 *     view does not show elsewhere;
 *   - the picture (every few positions) is well formed, draws one cube per
 *     cube the view holds, and names no hidden card.
 */
#include <stdlib.h>
#include <string.h>

#include "heavysteam_round_fixture.h"
#include "heavysteam/game.h"
#include "heavysteam/view.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#endif
#ifdef UNDER_SANITIZER
#define GAMES 10            /* the same walk, shorter: a sanitizer's run is slow */
#else
#define GAMES 24
#endif
#define MAX_STEPS 700

extern const struct rules_engine heavysteam_engine;
static const struct rules_engine *E = &heavysteam_engine;

static long round_trips, lines_read, views, pictures;
static size_t view_max;

static void writes(const char *move, const char *want)
{
    json_t *m = json_loads(move, 0, NULL);
    char *text = E->text_move(m);

    CHECK_EQ_STR(text, want);
    free(text);
    json_decref(m);
}

static void reads(const json_t *st, const char *text, const char *want)
{
    struct rules_error err = {0};
    json_t *m = E->text_parse(st, 0, text, &err), *w = json_loads(want, 0, NULL);

    if (!CHECK(m && json_equal(m, w))) {
        char *got = m ? json_dumps(m, JSON_COMPACT) : NULL;

        fprintf(stderr, "  \"%s\" read as %s (%s)\n", text, got ? got : "NULL", err.message);
        free(got);
    }
    json_decref(m);
    json_decref(w);
}

/* m written and read back in st is m. */
static int round_trip(const json_t *st, const json_t *m)
{
    struct rules_error err = {0};
    char *text = E->text_move(m);
    json_t *back = text ? E->text_parse(st, 0, text, &err) : NULL;
    int good = back && json_equal(back, m);

    if (!CHECK(good)) {
        char *a = json_dumps(m, JSON_COMPACT), *b = back ? json_dumps(back, JSON_COMPACT) : NULL;

        fprintf(stderr, "  %s -> \"%s\" -> %s (%s)\n", a, text ? text : "NULL", b ? b : "NULL",
                err.message);
        free(a);
        free(b);
    }
    /* every move the games make has its notation: none falls back to JSON */
    if (text && !CHECK(text[0] != '{'))
        fprintf(stderr, "  written as JSON: %s\n", text);
    round_trips++;
    free(text);
    json_decref(back);
    return good;
}

static void test_notation_of_every_move_type(void)
{
    writes("{\"type\":\"hold\"}", "hold");
    writes("{\"type\":\"pass\"}", "pass");
    writes("{\"type\":\"move\",\"pay\":2,\"sector\":3}", "move 2 sector 3");
    writes("{\"type\":\"done\"}", "done");
    writes("{\"type\":\"done\",\"infantry\":{\"unit\":0,\"sector\":2},\"cannon\":{\"unit\":1,"
           "\"sector\":3},\"pilot_step\":{\"from\":[\"hip\",1],\"to\":[\"mobility\",2]}}",
           "done infantry 0 to 2 cannon 1 to 3 step hip.1>mobility.2");
    writes("{\"type\":\"attack\",\"mount\":\"torso\",\"target\":1}", "attack torso 1");
    writes("{\"type\":\"attack\",\"unit\":0,\"target_unit\":2}", "attack unit 0 unit 2");
    writes("{\"type\":\"attack\",\"mount\":\"right_arm\",\"target\":1,\"hotshot\":1,\"boost\":0,"
           "\"battle_card\":\"enemy_in_sight\"}",
           "attack right_arm 1 hotshot 1 boost 0 card enemy_in_sight");
    writes("{\"type\":\"evade\",\"board\":1}", "evade 1");
    writes("{\"type\":\"evade\",\"board\":0,\"card\":null}", "evade 0 weapon none");
    writes("{\"type\":\"evade\",\"board\":1,\"card\":\"left_arm\",\"battle_card\":"
           "\"emergency_baffles\",\"choice\":{\"shield\":[\"head\",\"head\"]}}",
           "evade 1 weapon left_arm card emergency_baffles shield head head");
    writes("{\"type\":\"reroll\",\"choice\":\"keep\"}", "reroll keep");
    writes("{\"type\":\"damage\",\"picks\":[{\"station\":\"boiler\",\"square\":0,\"to\":"
           "[\"mobility\",2]},{\"station\":\"vent\",\"square\":1}]}",
           "damage boiler.0>mobility.2 vent.1");
    writes("{\"type\":\"flow\",\"white\":{\"mobility\":3},\"red\":{\"mobility\":1}}",
           "flow mobility 3 red mobility 1");
    writes("{\"type\":\"flow\",\"white\":{},\"red\":{}}", "flow");
    writes("{\"type\":\"steam_done\"}", "steam_done");
    writes("{\"type\":\"steam_done\",\"shutdown\":[\"torso_shield\"],\"repairs\":[[[\"boiler\",0],"
           "[\"boiler\",3]],[[\"vent\",1]]]}",
           "steam_done shutdown torso_shield repair boiler.0 boiler.3 repair vent.1");
    writes("{\"type\":\"steam_done\",\"shutdown\":[],\"repairs\":[]}",
           "steam_done shutdown none repair none");
    writes("{\"type\":\"buy\",\"slot\":4}", "buy 4");
    writes("{\"type\":\"loadout\",\"left_arm\":\"uk_sabre\",\"torso\":null}",
           "loadout left_arm uk_sabre torso none");
    writes("{\"type\":\"loadout\"}", "loadout");
    writes("{\"type\":\"loadout_done\"}", "loadout_done");
    writes("{\"type\":\"free_move\",\"steps\":[]}", "free");
    writes("{\"type\":\"free_move\",\"steps\":[{\"from\":[\"boiler\",1],\"to\":[\"command\",2]}]}",
           "free boiler.1>command.2");
    writes("{\"type\":\"card\",\"card\":\"smoke\"}", "card smoke");
    writes("{\"type\":\"card\",\"card\":\"cannon_support\",\"choice\":{\"sector\":4}}",
           "card cannon_support sector 4");
    writes("{\"type\":\"event\",\"choice\":{\"repair\":[{\"station\":\"boiler\",\"square\":0}]}}",
           "event repair boiler.0");
    writes("{\"type\":\"event\",\"choice\":{}}", "event");
    writes("{\"type\":\"pilot_power\",\"choice\":{\"steam\":[{\"station\":\"hip\",\"square\":1}]}}",
           "power steam hip.1");
    writes("{\"type\":\"pilot_power\"}", "power");
    writes("{\"type\":\"card\",\"card\":\"maneuver\",\"choice\":{\"steps\":[{\"from_station\":"
           "\"hip\",\"from_square\":0,\"to_station\":\"vent\",\"to_square\":1}]}}",
           "card maneuver steps hip.0>vent.1");
    writes("{\"type\":\"card\",\"card\":\"dispatches\",\"choice\":{\"opponent\":1,\"give\":"
           "[\"smoke\",\"brace\"]}}", "card dispatches opponent 1 give smoke brace");
    writes("{\"type\":\"pilot\",\"pilot\":\"zedock\"}", "pilot zedock");
    writes("{\"type\":\"pilot\",\"pilot\":\"zedock\",\"charge\":{\"left_arm\":2}}",
           "pilot zedock left_arm 2");
    writes("{\"type\":\"orders\",\"evade\":3,\"damage\":[\"shield\",\"vent\"],\"reroll\":"
           "[\"head\",\"legs\"]}", "orders evade 3 damage shield,vent reroll head,legs");
    writes("{\"type\":\"orders\",\"evade\":\"never\",\"cards_when_attacked\":\"ask\",\"damage\":"
           "\"ask\",\"reroll\":[]}", "orders evade never cards ask damage ask reroll none");
    /* what the notation cannot say is written as JSON, which reads back */
    writes("{\"type\":\"card\",\"card\":\"maneuver\",\"choice\":{}}", "card maneuver none");
    writes("{\"type\":\"orders\"}", "orders");
    writes("{\"type\":\"pilot\"}", "pilot");
    writes("{\"type\":\"card\",\"card\":\"smoke\",\"extra\":1}",
           "{\"card\":\"smoke\",\"extra\":1,\"type\":\"card\"}");
    writes("{\"type\":\"teleport\"}", "{\"type\":\"teleport\"}");
}

static void test_reading_forgives_case_spaces_and_glosses(void)
{
    reads(NULL, "  Move 2  Sector 3 ", "{\"type\":\"move\",\"pay\":2,\"sector\":3}");
    reads(NULL, "`attack torso at 1`  (3 dice)", "{\"type\":\"attack\",\"mount\":\"torso\",\"target\":1}");
    reads(NULL, "attack left-arm seat 0", "{\"type\":\"attack\",\"mount\":\"left_arm\",\"target\":0}");
    reads(NULL, "buy slot 4", "{\"type\":\"buy\",\"slot\":4}");
    reads(NULL, "done infantry 0 sector 2", "{\"type\":\"done\",\"infantry\":{\"unit\":0,\"sector\":2}}");
    reads(NULL, "orders reroll never", "{\"type\":\"orders\",\"reroll\":[]}");
    reads(NULL, "orders damage shield, vent", "{\"type\":\"orders\",\"damage\":[\"shield\",\"vent\"]}");
    reads(NULL, "free_move", "{\"type\":\"free_move\",\"steps\":[]}");
    reads(NULL, "{\"type\": \"hold\"}", "{\"type\":\"hold\"}");
    /* the Steam Allocation's end is "done" too, while it is asked */
    {
        json_t *st = json_pack("{s:s}", "ask", "after_flow");

        reads(st, "done repair boiler.0", "{\"type\":\"steam_done\",\"repairs\":[[[\"boiler\",0]]]}");
        json_decref(st);
    }
}

static void test_bad_text_is_unreadable(void)
{
    static const char *const bad[] = {"", "fly away", "move", "move x sector 3", "attack",
                                      "attack torso", "reroll maybe", "damage boiler",
                                      "buy 1 2", "evade 1 weapon nose", "flow mobility",
                                      "card", "hold now", "orders evade soon", "{\"a\":1}",
                                      "pilot 7", "pilot zedock nose 2", "steam_done repair vent", NULL};

    for (int k = 0; bad[k]; k++) {
        struct rules_error err = {0};
        json_t *m = E->text_parse(NULL, 0, bad[k], &err);

        if (!CHECK(m == NULL && strcmp(err.code, "unreadable_move") == 0)) {
            char *s = m ? json_dumps(m, JSON_COMPACT) : NULL;

            fprintf(stderr, "  \"%s\" read as %s\n", bad[k], s ? s : "NULL");
            free(s);
        }
        CHECK(strstr(err.message, "hold") != NULL);
        json_decref(m);
    }
}

/* A pattern line with each hole filled by its first value, the optional
 * brackets and repetition marks dropped and the gloss cut. */
static void instantiate(const char *line, char *out, size_t cap)
{
    size_t n = 0;

    for (const char *p = line; *p && n + 1 < cap; p++) {
        if (*p == '(')
            break;
        if (*p == '[' || *p == ']')
            continue;
        if (!strncmp(p, "...", 3)) {
            p += 2;
            continue;
        }
        if (*p == '<') {
            const char *q = p + 1, *end = strchr(p, '>');
            const char *bar = strchr(q, '|'), *dash = strchr(q, '-');
            const char *stop = bar && bar < end ? bar : end;

            /* a range "lo-hi": its low end */
            if (dash && dash < stop && q[0] >= '0' && q[0] <= '9')
                stop = dash;
            while (q < stop && n + 1 < cap)
                out[n++] = *q++;
            p = end;
            continue;
        }
        out[n++] = *p;
    }
    out[n] = 0;
}

/* Every line of text_moves reads as a move (a pattern once its holes are
 * filled); with rng (the seat is asked), every line that is one move (no
 * pattern) is also a move the rules accept, as a player who types it from
 * the list expects. */
static long lines_accepted;

static void lines_read_as_moves(const json_t *st, int seat, const struct rng *rng)
{
    char *text = E->text_moves(st, seat), *save = NULL, *line;

    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char buf[4096], plain[512], *gloss;
        struct rules_error err = {0};
        json_t *m;

        if (!strncmp(line, "\xe2\x80\xa6", 3))
            continue;
        instantiate(line, buf, sizeof buf);
        m = E->text_parse(st, seat, buf, &err);
        if (!CHECK(m != NULL))
            fprintf(stderr, "  line \"%s\" as \"%s\": %s\n", line, buf, err.message);
        lines_read++;
        snprintf(plain, sizeof plain, "%s", line);
        if ((gloss = strstr(plain, "  (")))
            *gloss = 0;
        if (m && rng && !strpbrk(plain, "<|,;[")) {
            struct rng r = *rng;
            json_t *s2 = json_deep_copy(st), *ev = NULL;

            if (!CHECK(E->apply(&s2, seat, m, &r, &ev, &err) == 0))
                fprintf(stderr, "  listed line refused: %s: %s\n", plain, err.message);
            lines_accepted++;
            json_decref(s2);
            json_decref(ev);
        }
        json_decref(m);
    }
    free(text);
}

/* The ids of the cards in hands other than seat's. */
static int hidden_ids(const struct hs_game *g, int seat, const char *ids[HS_MAX_DECK])
{
    int n = 0;

    for (int c = 0; c < g->ncards; c++)
        if (g->zone[c] == HS_Z_HAND && g->holder[c] != seat)
            ids[n++] = hs_card_id(g, c);
    return n;
}

static void views_hide_hands(const struct hs_game *g, const json_t *st)
{
    for (int seat = -1; seat < 2; seat++) {
        char *text = E->text_view(st, seat), *vs;
        json_t *v = hs_view_build(g, seat);
        const char *ids[HS_MAX_DECK];
        int n = hidden_ids(g, seat, ids);

        vs = json_dumps(v, JSON_COMPACT);
        CHECK(text && strlen(text) <= RULES_TEXT_VIEW_MAX);
        if (text && strlen(text) > view_max)
            view_max = strlen(text);
        for (int k = 0; text && k < n; k++)
            if (!strstr(vs, ids[k]) && !CHECK(!strstr(text, ids[k])))
                fprintf(stderr, "  seat %d's view names %s\n", seat, ids[k]);
        views++;
        free(vs);
        free(text);
        json_decref(v);
    }
}

/* Tags open and close in order; returns 0 when well formed. */
static int balanced(const char *s)
{
    char stack[64][16];
    int depth = 0;

    if (strncmp(s, "<svg ", 5) != 0)
        return -1;
    for (const char *p = strchr(s, '<'); p; p = strchr(p + 1, '<')) {
        const char *e = strchr(p, '>');
        size_t len;

        if (!e)
            return -1;
        for (const char *q = p + 1; q < e; q++)
            if (*q == '<')
                return -1;
        if (p[1] == '/') {
            len = strcspn(p + 2, " >");
            if (depth == 0 || strlen(stack[depth - 1]) != len ||
                strncmp(stack[depth - 1], p + 2, len))
                return -1;
            depth--;
        } else if (e[-1] != '/') {
            len = strcspn(p + 1, " >/");
            if (depth == 64 || len >= 16)
                return -1;
            memcpy(stack[depth], p + 1, len);
            stack[depth++][len] = 0;
        }
    }
    return depth == 0 ? 0 : -1;
}

static int count(const char *s, const char *what)
{
    int n = 0;

    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* The cubes the view shows, counted from its JSON. */
static void view_cubes(const json_t *v, int by[4])
{
    const json_t *ti;
    size_t i;

    memset(by, 0, 4 * sizeof by[0]);
    json_array_foreach(json_object_get(v, "titans"), i, ti) {
        const char *key, *pr = json_string_value(json_object_get(ti, "pressure"));
        json_t *s;

        json_object_foreach(json_object_get(ti, "stations"), key, s)
            for (const char *c = json_string_value(s); *c; c++) {
                by[0] += *c == 's';
                by[1] += *c == 'b';
                by[2] += *c == 'd';
            }
        for (; pr && *pr; pr++) {
            by[0] += *pr == 's';
            by[3] += *pr == 'h';
        }
        by[2] += (int)json_integer_value(json_object_get(ti, "terrain_damage"));
    }
}

static void picture_checks(const struct hs_game *g, const json_t *st, int seat)
{
    char *svg = E->svg_view(st, seat);
    json_t *v = hs_view_build(g, seat);
    char *vs = json_dumps(v, JSON_COMPACT);
    const char *ids[HS_MAX_DECK];
    int by[4], n = hidden_ids(g, seat, ids);

    if (!CHECK(svg != NULL))
        goto out;
    CHECK(balanced(svg) == 0);
    CHECK(strstr(svg, "width=\"") && strstr(svg, "height=\""));
    view_cubes(v, by);
    CHECK_EQ_INT(count(svg, "class=\"cube\" data-colour=\"white\""), by[0]);
    CHECK_EQ_INT(count(svg, "class=\"cube\" data-colour=\"blue\""), by[1]);
    CHECK_EQ_INT(count(svg, "class=\"cube\" data-colour=\"black\""), by[2]);
    CHECK_EQ_INT(count(svg, "class=\"cube\" data-colour=\"red\""), by[3]);
    for (int k = 0; k < n; k++)
        if (!strstr(vs, ids[k]))
            CHECK(!strstr(svg, ids[k]));
    pictures++;
out:
    free(vs);
    free(svg);
    json_decref(v);
}

/* Random standing orders, as a player might set them. */
static json_t *random_orders(void)
{
    static const char *const types[] = {"boiler", "command", "mobility", "repair", "shield",
                                        "weapon_slot", "vent", "conduit"};
    static const char *const locs[] = {"head", "torso", "left_arm", "right_arm", "legs"};
    json_t *m = json_pack("{s:s}", "type", "orders");
    unsigned r = pick(81);

    if (r % 3 == 1)
        json_object_set_new(m, "evade", pick(2) ? json_string("never") : json_string("ask"));
    else if (r % 3 == 2)
        json_object_set_new(m, "evade", json_integer(1 + pick(4)));
    if (r / 3 % 3)
        json_object_set_new(m, "cards_when_attacked", json_string(r / 3 % 3 == 1 ? "ask" : "never"));
    if (r / 9 % 3 == 1) {
        json_t *a = json_array();

        for (unsigned k = 0; k < 1 + pick(3); k++)
            json_array_append_new(a, json_string(types[pick(8)]));
        json_object_set_new(m, "damage", a);
    }
    if (r / 27 % 3) {
        json_t *a = json_array();

        for (unsigned k = 0; r / 27 % 3 == 2 && k < pick(3); k++)
            json_array_append_new(a, json_string(locs[pick(5)]));
        json_object_set_new(m, "reroll", a);
    }
    return m;
}

/* The listed moves of the seat asked: every concrete one reads back. */
static void listing_round_trips(const struct hs_game *g, const json_t *st)
{
    json_t *list = hs_round_moves(g, g->ask_seat), *e;
    size_t i;

    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (!strcmp(json_string_value(json_object_get(e, "form")), "move")) {
            json_t *m = json_deep_copy(e);

            json_object_del(m, "form");
            round_trip(st, m);
            json_decref(m);
        }
    json_decref(list);
}

/* One random legal move, as random_move() makes it, read back first. */
static int played_move(struct hs_game *g, const json_t *st)
{
    json_t *list = hs_round_moves(g, g->ask_seat), *moves = json_object_get(list, "moves");
    size_t n = json_array_size(moves);
    int rc = -1;

    for (int tries = 0; rc < 0 && tries < 12 && n; tries++) {
        const json_t *e = json_array_get(moves, tries < 6 ? pick((unsigned)n) : (size_t)tries % n);
        json_t *m = fill(g, e);
        struct rules_error err;

        if (!m)
            continue;
        round_trip(st, m);
        rc = hs_round_apply(g, g->ask_seat, m, &R, NULL, &err);
        json_decref(m);
    }
    json_decref(list);
    return rc;
}

static void test_random_games(void)
{
    for (int k = 0; k < GAMES; k++) {
        struct hs_game *g = round_game(k, k % 3 == 2 ? "light" : NULL);

        for (int step = 0; step < MAX_STEPS && g->stage == HS_STAGE_ROUND; step++) {
            json_t *st = hs_game_dump(g), *o = random_orders();

            listing_round_trips(g, st);
            round_trip(st, o);
            json_decref(o);
            lines_read_as_moves(st, g->ask_seat, &R);
            lines_read_as_moves(st, 1 - g->ask_seat, NULL);
            views_hide_hands(g, st);
            if (step % 7 == 0)
                picture_checks(g, st, step % 3 - 1);
            if (played_move(g, st) < 0) {
                json_decref(st);
                break;
            }
            json_decref(st);
        }
        free(g);
    }
    CHECK(round_trips > 4000);
    CHECK(lines_accepted > 400);
    fprintf(stderr, "  %ld round trips, %ld lines, %ld views (longest %zu bytes), %ld pictures\n",
            round_trips, lines_read, views, view_max, pictures);
}

/* Before the first round: the pilot moves, the lines, the views. */
static void test_pilot_stage(void)
{
    for (int k = 0; k < 8; k++) {
        struct hs_game *g = calloc(1, sizeof *g);
        unsigned char key[RNG_KEY_BYTES] = {(unsigned char)k, 7};
        struct rules_error err;
        json_t *st, *list, *e;
        size_t i;

        rng_init(&R, key, 0);
        CHECK(hs_game_setup(g, NULL, 2, &R, NULL, &err) == 0);
        st = hs_game_dump(g);
        for (int seat = 0; seat < 2; seat++) {
            list = hs_pilot_moves(g, seat);
            json_array_foreach(json_object_get(list, "moves"), i, e) {
                json_t *m = json_pack("{s:s, s:O}", "type", "pilot", "pilot",
                                      json_object_get(e, "pilot"));
                const char *mk;
                json_t *b;

                round_trip(st, m);
                if (json_object_get(e, "charge")) {
                    json_t *c = json_object();

                    json_object_foreach(json_object_get(e, "charge"), mk, b)
                        json_object_set_new(c, mk, json_integer(bound(b)));
                    json_object_set_new(m, "charge", c);
                    round_trip(st, m);
                }
                json_decref(m);
            }
            json_decref(list);
            lines_read_as_moves(st, seat, NULL);
        }
        views_hide_hands(g, st);
        picture_checks(g, st, k % 3 - 1);
        json_decref(st);
        free(g);
    }
}

/* HS-R-140, HS-R-131: the loadouts stage in chat - every listed line
 * reads as a move, a loadout written reads back as itself. */
static void test_hs_r_140_loadouts_stage(void)
{
    for (int k = 0; k < 4; k++) {
        struct hs_game *g = calloc(1, sizeof *g);
        unsigned char key[RNG_KEY_BYTES] = {(unsigned char)k, 9};
        json_t *o = json_pack("{s:b, s:s}", "customize", 1, "size", k % 2 ? "light" : "heavy");
        struct rules_error err;
        json_t *st, *list, *e;
        size_t i;

        rng_init(&R, key, 0);
        CHECK(hs_game_setup(g, o, 2, &R, NULL, &err) == 0);
        st = hs_game_dump(g);
        for (int seat = 0; seat < 2; seat++) {
            list = E->legal_moves(st, seat);
            json_array_foreach(json_object_get(list, "moves"), i, e) {
                json_t *m = json_pack("{s:O}", "type", json_object_get(e, "type"));

                for (int mt = 0; mt < HS_MOUNTS && !strcmp(json_string_value(
                                         json_object_get(e, "type")), "loadout"); mt++) {
                    json_t *of = json_object_get(json_object_get(e, hs_mount_names[mt]), "of");

                    json_object_set(m, hs_mount_names[mt],
                                    json_array_get(of, json_array_size(of) - 1 - (size_t)mt % 2));
                }
                round_trip(st, m);
                json_decref(m);
            }
            json_decref(list);
            lines_read_as_moves(st, seat, &R);
        }
        json_decref(st);
        json_decref(o);
        free(g);
    }
}

int main(void)
{
    RUN(test_notation_of_every_move_type);
    RUN(test_reading_forgives_case_spaces_and_glosses);
    RUN(test_bad_text_is_unreadable);
    RUN(test_pilot_stage);
    RUN(test_hs_r_140_loadouts_stage);
    RUN(test_random_games);
    return check_summary();
}
