/*
 * test_ironfuture_text.c - Iron Future's chat notation and Markdown view
 * (RULINGS.md, "Chat notation"), on games dealt from a real setup and
 * played to the end by legal moves chosen at random: one game in six is
 * a rematch (its chooser's choose_first first), one in six plays to a
 * rounds_to_win option. In every position of every game:
 *   - each legal move reads back from its notation, and the lines of
 *     text_moves read as exactly the set of legal moves;
 *   - text_view fits RULES_TEXT_VIEW_MAX, for both seats and a spectator;
 *   - text_view hides by value what the seat may not see: computed from
 *     the full state, not from the engine's view, no card id of a hand or
 *     deck the viewer may not see appears, nor the name of a kind that
 *     only such cards hold. A spectator sees no hand.
 * Text that is no move is unreadable, whatever the state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "ironfuture/catalog.h"
#include "rng.h"

#define GAMES 60
#define MAX_STEPS 4000

static const struct rules_engine *eng;

/* ---- games from a real setup ------------------------------------------ */

#define GAME_KEY(n, i) ((n) * 53 + (i) * 11 + 5)
#include "ironfuture_games.h"

/* ---- 1. the notation reads back --------------------------------------- */

/* The forms seen, so that no form goes untested. */
static const char *const form_names[] = {
    "deploy", "allocate", "hold_fire", "activate", "activate+target",
    "activate+location", "buy", "pass", "trophy", "choose_first",
};
#define NFORMS (sizeof form_names / sizeof form_names[0])
static int forms_seen[NFORMS];

static void saw(const json_t *m)
{
    char name[40];

    snprintf(name, sizeof name, "%s%s%s", json_string_value(json_object_get(m, "type")),
             json_object_get(m, "target") && json_object_get(m, "card") ? "+target" : "",
             json_object_get(m, "location") && json_object_get(m, "card") &&
                     !strcmp(json_string_value(json_object_get(m, "type")), "activate")
                 ? "+location" : "");
    for (size_t i = 0; i < NFORMS; i++)
        if (!strcmp(name, form_names[i]))
            forms_seen[i]++;
}

/* line is the notation text_move writes for m, then nothing or "  (gloss)". */
static int written_as(const char *line, const json_t *m)
{
    char *w = eng->text_move(m);
    size_t n = w ? strlen(w) : 0, len = strlen(line);
    int ok = w && strncmp(line, w, n) == 0 &&
             (line[n] == 0 || (strncmp(line + n, "  (", 3) == 0 && line[len - 1] == ')'));

    if (!ok)
        fprintf(stderr, "  line \"%s\" is not \"%s\" [+ gloss]\n", line, w ? w : "(null)");
    free(w);
    return ok;
}

static void check_notation(json_t *st)
{
    for (int seat = 0; seat < 2; seat++) {
        json_t *legal = moves_of(st, seat), *m;
        char *text = eng->text_moves(st, seat), *line, *next;
        size_t nlegal = json_array_size(legal), nlines = 0, i;
        int *matched = calloc(nlegal + 1, sizeof *matched);
        struct rules_error err;

        json_array_foreach(legal, i, m) {
            char *w = eng->text_move(m);
            json_t *back = eng->text_parse(st, seat, w, &err);

            saw(m);
            if (!CHECK(back && json_equal(back, m))) {
                char *js = json_dumps(m, JSON_COMPACT);

                fprintf(stderr, "  %s -> \"%s\" does not read back (%s)\n", js, w,
                        back ? "another move" : err.message);
                free(js);
            }
            json_decref(back);
            free(w);
        }
        if (!CHECK(text != NULL))
            goto next_seat;
        for (line = text; *line; line = next) {
            json_t *p;
            size_t j;

            next = strchr(line, '\n');
            if (!CHECK(next != NULL))  /* every line ends with '\n' */
                break;
            *next++ = 0;
            nlines++;
            p = eng->text_parse(st, seat, line, &err);
            if (!CHECK(p != NULL)) {
                fprintf(stderr, "  line \"%s\" unreadable: %s\n", line, err.message);
                continue;
            }
            for (j = 0; j < nlegal; j++)
                if (!matched[j] && json_equal(json_array_get(legal, j), p))
                    break;
            if (!CHECK(j < nlegal))
                fprintf(stderr, "  line \"%s\" is no legal move (or a repeat)\n", line);
            else
                matched[j] = 1;
            CHECK(written_as(line, p));
            json_decref(p);
        }
        /* Every line a distinct legal move, as many lines as moves: the sets agree. */
        CHECK_EQ_INT(nlines, nlegal);
    next_seat:
        free(matched);
        free(text);
        json_decref(legal);
    }
}

static void position_notation(json_t *st)
{
    check_notation(st);
}

static void test_every_legal_move_reads_back_from_its_notation(void)
{
    memset(forms_seen, 0, sizeof forms_seen);
    for (int n = 0; n < GAMES; n++)
        play_game(n, position_notation);
    for (size_t i = 0; i < NFORMS; i++)
        if (!CHECK(forms_seen[i] > 0))
            fprintf(stderr, "  no legal %s move in %d games\n", form_names[i], GAMES);
}

/* ---- 2. the view fits a chat message ---------------------------------- */

static size_t view_max, views, views_cut;

static void position_size(json_t *st)
{
    for (int seat = -1; seat < 2; seat++) {
        char *v = eng->text_view(st, seat);
        size_t n;

        if (!CHECK(v != NULL))
            continue;
        n = strlen(v);
        if (!CHECK(n <= RULES_TEXT_VIEW_MAX))
            fprintf(stderr, "  view of seat %d is %zu bytes\n", seat, n);
        CHECK(n > 0 && v[n - 1] == '\n');
        view_max = n > view_max ? n : view_max;
        views++;
        views_cut += n >= 4 && !strcmp(v + n - 4, "…\n");
        free(v);
    }
}

static void test_the_view_fits_a_chat_message_in_every_position(void)
{
    view_max = views = views_cut = 0;
    for (int n = 0; n < GAMES; n++)
        play_game(n, position_size);
    printf("     %zu views, the longest %zu bytes, %zu cut at a line's end\n", views,
           view_max, views_cut);
}

/*
 * A table no game reaches (every unit of the unit deck on the field, a
 * seven-card hand) still fits: detail goes first, then whole lines from
 * the end, and the cut is marked.
 */
static void test_a_view_too_long_for_a_message_is_cut_at_a_line_end(void)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    unsigned char key[RNG_KEY_BYTES] = {3};
    struct rng stream;
    struct rules_error err;
    json_t *st = NULL, *ev = NULL, *deck, *hand, *line;
    size_t n;
    char *v;

    rng_init(&stream, key, 0);
    CHECK_EQ_INT(eng->setup(NULL, 2, &stream, &st, &ev, &err), 0);
    json_decref(ev);
    deck = json_object_get(st, "unit_deck");
    line = json_object_get(st, "line");
    for (size_t i = 0, k = 0; i < json_array_size(deck);) {
        int c = (int)json_integer_value(json_array_get(deck, i));
        const struct if_unit *u = &cat->unit[cat->instance[c]];

        if (u->support) {
            i++;
            continue;
        }
        json_array_append_new(
            json_array_get(json_object_get(json_array_get(line, k % 3), "units"), k / 3 % 2),
            json_pack("[ii]", c, u->armor > 1 ? 1 : 0));
        json_array_remove(deck, i);
        k++;
    }
    for (int s = 0; s < 2; s++) {
        hand = seat_zone(st, s, "hand");
        json_array_extend(hand, seat_zone(st, s, "deck"));
        json_array_clear(seat_zone(st, s, "deck"));
    }
    v = eng->text_view(st, json_integer_value(json_object_get(st, "turn")) ? 1 : 0);
    n = v ? strlen(v) : 0;
    if (CHECK(v != NULL) && !CHECK(strncmp(v, "**Round 1**", 11) == 0))
        fprintf(stderr, "  %s\n", v);
    CHECK(n <= RULES_TEXT_VIEW_MAX && n > RULES_TEXT_VIEW_MAX - 200);
    CHECK(n > 5 && !strcmp(v + n - 4, "…\n") && v[n - 5] == '\n');
    free(v);
    json_decref(st);
}

/* ---- 3. hidden information, by value ---------------------------------- */

static void mark_kinds(const json_t *cards, int *visible)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    json_t *c;
    size_t i;

    json_array_foreach(cards, i, c)
        visible[cat->instance[json_integer_value(c)]] = 1;
}

static size_t hidden_checked, own_checked;

/*
 * From the state alone: the kinds viewer may see (the field, discards,
 * supports, the market, its own hand) and the cards it may not (the other
 * hand, every deck). Neither the ids of those cards nor the names of
 * kinds that only they hold may appear in the viewer's text_view.
 */
static void check_hidden(json_t *st, int viewer, const char *v)
{
    const struct if_catalog *cat = ironfuture_catalog_get();
    int visible[IF_MAX_UNITS] = {0};
    json_t *hidden = json_array(), *p, *side, *u;
    size_t i, j;
    char id[24];

    for (int s = 0; s < 2; s++) {
        mark_kinds(seat_zone(st, s, "discard"), visible);
        mark_kinds(seat_zone(st, s, "supports"), visible);
        json_array_extend(hidden, seat_zone(st, s, "deck"));
        if (s == viewer)
            mark_kinds(seat_zone(st, s, "hand"), visible);
        else
            json_array_extend(hidden, seat_zone(st, s, "hand"));
    }
    mark_kinds(json_object_get(st, "market"), visible);
    json_array_extend(hidden, json_object_get(st, "unit_deck"));
    json_array_foreach(json_object_get(st, "line"), i, p)
        for (int s = 0; s < 2; s++) {
            side = json_array_get(json_object_get(p, "units"), (size_t)s);
            json_array_foreach(side, j, u)
                visible[cat->instance[json_integer_value(json_array_get(u, 0))]] = 1;
        }
    json_array_foreach(hidden, i, p) {
        int c = (int)json_integer_value(p);
        const char *name = cat->unit[cat->instance[c]].name;

        snprintf(id, sizeof id, "`%d`", c);
        if (!CHECK(strstr(v, id) == NULL))
            fprintf(stderr, "  seat %d sees hidden card %s\n", viewer, id);
        if (!visible[cat->instance[c]] && !CHECK(strstr(v, name) == NULL))
            fprintf(stderr, "  seat %d sees the name %s of hidden card %d\n", viewer,
                    name, c);
        hidden_checked++;
    }
    if (viewer < 0)
        CHECK(strstr(v, "hand:**") == NULL);
    else if (!strstr(v, "…\n"))
        /* Not vacuous: the viewer's own hand is shown to it. */
        json_array_foreach(seat_zone(st, viewer, "hand"), i, p) {
            snprintf(id, sizeof id, "`%d`", (int)json_integer_value(p));
            CHECK(strstr(v, id) != NULL);
            own_checked++;
        }
    json_decref(hidden);
}

static void position_hidden(json_t *st)
{
    for (int seat = -1; seat < 2; seat++) {
        char *v = eng->text_view(st, seat);

        if (CHECK(v != NULL))
            check_hidden(st, seat, v);
        free(v);
    }
}

static void test_a_view_names_no_card_hidden_from_its_seat(void)
{
    hidden_checked = own_checked = 0;
    for (int n = 0; n < GAMES; n++)
        play_game(n, position_hidden);
    CHECK(hidden_checked > 10000);
    CHECK(own_checked > 1000);
}

/* ---- 4. reading what players type ------------------------------------- */

static void test_text_that_is_no_move_is_unreadable(void)
{
    static const char *const bad[] = {
        "", "   ", "deploy", "deploy x @0", "fly 3", "deploy 7 @", "deploy 7 0",
        "deploy 7 @0 @1", "deploy -7 @0", "deploy 7@0x", "deploy7 @0", "fire 0 12",
        "fire 0 at", "fire at 12", "hold", "hold x", "activate", "activate 5 @",
        "activate 5 at", "activate 5 at @1", "activate 5 @1 at 3", "buy", "buy 1 2",
        "pass 3", "trophy", "trophy @", "first", "first seat", "deploy 1234567 @0",
        "deploy 7 @0 (no end", "(deploy 7 @0)", "déploy 7 @0", "deploy 7 @0;",
        "deploy 7 @0 deploy 8 @1",
    };
    json_t *st = NULL, *ev = NULL;
    struct rules_error err;
    unsigned char key[RNG_KEY_BYTES] = {1};
    struct rng stream;

    rng_init(&stream, key, 0);
    CHECK_EQ_INT(eng->setup(NULL, 2, &stream, &st, &ev, &err), 0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *m;

        memset(&err, 0, sizeof err);
        m = eng->text_parse(st, 0, bad[i], &err);
        if (!CHECK(m == NULL))
            fprintf(stderr, "  \"%s\" was read\n", bad[i]);
        json_decref(m);
        CHECK_EQ_STR(err.code, "unreadable_move");
        CHECK(strstr(err.message, "typed") != NULL);
        CHECK(err.rule[0] != 0);
    }
    /* A known verb is told its own form; an unknown one, all of them. */
    json_decref(eng->text_parse(st, 0, "deploy 7 @", &err));
    CHECK(strstr(err.message, "deploy <card> @<location>") != NULL);
    json_decref(eng->text_parse(st, 0, "fly 3", &err));
    CHECK(strstr(err.message, "first <seat>") != NULL);
    json_decref(st);
    json_decref(ev);
}

/* Case, spaces, '#', backticks, the JSON type names and glosses are all fine. */
static void test_the_notation_forgives_case_spaces_and_glosses(void)
{
    static const struct {
        const char *text, *move;
    } good[] = {
        {"deploy 7 @0", "{\"type\":\"deploy\",\"card\":7,\"location\":0}"},
        {"  DEPLOY   7   @ 0  ", "{\"type\":\"deploy\",\"card\":7,\"location\":0}"},
        {"Deploy #7 @2\n", "{\"type\":\"deploy\",\"card\":7,\"location\":2}"},
        {"`deploy 7 @0`  (Grunts to Deep Mine)",
         "{\"type\":\"deploy\",\"card\":7,\"location\":0}"},
        {"fire 1 at 12", "{\"type\":\"allocate\",\"weapon\":1,\"target\":12}"},
        {"Allocate 1 AT #12", "{\"type\":\"allocate\",\"weapon\":1,\"target\":12}"},
        {"hold 0", "{\"type\":\"hold_fire\",\"weapon\":0}"},
        {"hold fire 1", "{\"type\":\"hold_fire\",\"weapon\":1}"},
        {"hold_fire 2", "{\"type\":\"hold_fire\",\"weapon\":2}"},
        {"activate 44", "{\"type\":\"activate\",\"card\":44}"},
        {"activate 44 at 3", "{\"type\":\"activate\",\"card\":44,\"target\":3}"},
        {"activate 44 @1", "{\"type\":\"activate\",\"card\":44,\"location\":1}"},
        {"activate 44 at 3 @1",
         "{\"type\":\"activate\",\"card\":44,\"target\":3,\"location\":1}"},
        {"buy 25", "{\"type\":\"buy\",\"card\":25}"},
        {"PASS  (stop buying this phase)", "{\"type\":\"pass\"}"},
        {"trophy @2", "{\"type\":\"trophy\",\"location\":2}"},
        {"trophy 2", "{\"type\":\"trophy\",\"location\":2}"},
        {"first 1", "{\"type\":\"choose_first\",\"seat\":1}"},
        {"choose_first 0", "{\"type\":\"choose_first\",\"seat\":0}"},
    };
    struct rules_error err;

    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        json_t *want = json_loads(good[i].move, 0, NULL);
        json_t *got = eng->text_parse(NULL, 0, good[i].text, &err);

        if (!CHECK(got && json_equal(got, want)))
            fprintf(stderr, "  \"%s\": %s\n", good[i].text, got ? "another move" : err.message);
        json_decref(got);
        json_decref(want);
    }
}

/* text_move writes each type in its one form; anything else as its JSON. */
static void test_each_move_type_has_one_written_form(void)
{
    static const struct {
        const char *move, *text;
    } cases[] = {
        {"{\"type\":\"deploy\",\"card\":7,\"location\":0}", "deploy 7 @0"},
        {"{\"type\":\"allocate\",\"weapon\":1,\"target\":12}", "fire 1 at 12"},
        {"{\"type\":\"hold_fire\",\"weapon\":0}", "hold 0"},
        {"{\"type\":\"activate\",\"card\":44}", "activate 44"},
        {"{\"type\":\"activate\",\"card\":44,\"target\":3}", "activate 44 at 3"},
        {"{\"type\":\"activate\",\"location\":1,\"card\":44}", "activate 44 @1"},
        {"{\"type\":\"buy\",\"card\":25}", "buy 25"},
        {"{\"type\":\"pass\"}", "pass"},
        {"{\"type\":\"trophy\",\"location\":2}", "trophy @2"},
        {"{\"type\":\"choose_first\",\"seat\":1}", "first 1"},
        {"{\"type\":\"fly\",\"to\":3}", "{\"to\":3,\"type\":\"fly\"}"},
        {"{\"type\":\"deploy\",\"card\":\"7\",\"location\":0}",
         "{\"card\":\"7\",\"location\":0,\"type\":\"deploy\"}"},
        {"{\"type\":\"pass\",\"extra\":1}", "{\"extra\":1,\"type\":\"pass\"}"},
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *m = json_loads(cases[i].move, 0, NULL);
        char *s = eng->text_move(m);

        CHECK_EQ_STR(s, cases[i].text);
        free(s);
        json_decref(m);
    }
    {
        char *s = eng->text_move(NULL);

        CHECK(s != NULL);
        free(s);
    }
}

/* A sample for the eye: IRONFUTURE_TEXT_SAMPLE=N prints seat 0's view at step N. */
static void print_sample(void)
{
    const char *env = getenv("IRONFUTURE_TEXT_SAMPLE");
    unsigned char key[RNG_KEY_BYTES] = {7};
    struct rng stream;
    struct rules_error err;
    struct rules_status s;
    json_t *st = NULL, *ev = NULL;

    if (!env)
        return;
    rng_init(&stream, key, 0);
    eng->setup(NULL, 2, &stream, &st, &ev, &err);
    json_decref(ev);
    pick_state = 12345;
    for (int k = atoi(env); k > 0 && !eng->status(st, &s) && !s.finished; k--) {
        int seat = s.must_act & 1u ? 0 : 1;
        json_t *list = moves_of(st, seat);

        eng->apply(&st, seat, json_array_get(list, pick((unsigned)json_array_size(list))),
                   &stream, &ev, &err);
        json_decref(ev);
        json_decref(list);
    }
    for (int seat = 0; seat < 2; seat++) {
        char *v = eng->text_view(st, seat), *m = eng->text_moves(st, seat);

        printf("---- text_view seat %d (%zu bytes)\n%s---- text_moves seat %d\n%s", seat,
               strlen(v), v, seat, m);
        free(v);
        free(m);
    }
    json_decref(st);
}

int main(void)
{
    eng = rules_engine_find("ironfuture");
    if (!eng || !eng->text_view || !eng->text_moves || !eng->text_parse || !eng->text_move) {
        fprintf(stderr, "ironfuture has no text hooks\n");
        return 1;
    }
    print_sample();
    RUN(test_each_move_type_has_one_written_form);
    RUN(test_the_notation_forgives_case_spaces_and_glosses);
    RUN(test_text_that_is_no_move_is_unreadable);
    RUN(test_every_legal_move_reads_back_from_its_notation);
    RUN(test_the_view_fits_a_chat_message_in_every_position);
    RUN(test_a_view_too_long_for_a_message_is_cut_at_a_line_end);
    RUN(test_a_view_names_no_card_hidden_from_its_seat);
    return check_summary();
}
