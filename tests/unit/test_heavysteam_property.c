/*
 * test_heavysteam_property.c - thousands of random Heavy Steam games
 * played through the engine's JSON interface alone
 * (rules_engine_find("heavysteam"): setup, status, legal_moves, apply):
 * GAMES heavy against heavy and as many light against light by default,
 * and a quarter as many of each other kind (the kinds table): both
 * loadouts customized at random (HS-R-135: other cards, empty slots),
 * three and four players in teams (HS-R-152), and loadouts customized
 * in secret ("customize", HS-R-140: the loadouts stage played by its
 * listed moves), of two and of four players. HS_GAMES sets the
 * number per size (HS_GAMES=50 plays 100 of two players); HS_ONLY=k
 * (HS_KIND="3 players", ...) replays game k alone, to debug it. Under the
 * sanitizers the default is a quarter, so that the run stays near a
 * minute there too.
 *
 * Each step takes a seat that status() says must act, picks one of its
 * listed moves, fills a shape's holes as heavysteam_round_fixture.h's
 * fill() does (pilots' Charged Up steam here) and applies it; a listed
 * concrete move must be accepted. After every move the state's JSON is
 * read with this file's own counting, never the engine's census or its
 * load checks:
 *   (a) every cube accounted for, 160 white, 40 blue, 20 red, 130 black
 *       (HS-DATA-16): on the titans' squares, in their pressure boxes and
 *       reserves, black on terrain cards, discarded steam, the stocks;
 *   (b) a titan's steam (its white cubes: steam on its squares, steam in
 *       its pressure box, its power reserve) never rises, except by the
 *       cubes a card adds from the stock to a reserve (reserve_added,
 *       Supply Column): every other rule moves steam within one titan
 *       (flow, payments, release, pressure that does not fit) or takes it
 *       out of play (discarded);
 *   (c) each square holds at most one cube, of a kind its colour takes:
 *       steam on white or red, shields on blue, damage on white only
 *       (HS-AMB-07's squares; titan.h);
 *   (d) the pressure box is a stack: cubes, steam or heat, from the
 *       bottom with no gap, no more than its cells, and what a move
 *       leaves of the old box is its bottom - only the cubes the move's
 *       release and pops name come off, from the top (HS-DATA-05, HS-R-51);
 *   (e) the 54 battle cards each in exactly one zone (deck, track, hands,
 *       discard, in play, events done, box), each card its catalog copies;
 *   (f) at most one battle card per player per phase (HS-R-12): the
 *       card_played events of a seat between two phase_started;
 *   (g) at most one hit-location re-roll per location roll (HS-R-26,
 *       HS-R-100): between attack_declared and attack_over, each
 *       location_reroll follows a hit_location with no re-roll since. A
 *       shot of one location is one roll, so this is one re-roll an
 *       attack; Rate of Fire and Spread roll a location per shot or per
 *       location hit, each re-rollable once (HS-AMB-25);
 *   (h) customized in secret: every seat's pending loadout, and from the
 *       reveal each titan's cards, cost at most its board's points
 *       (HS-R-02, HS-R-141), and the cards a titan carries at the reveal
 *       are those it carries to the end (HS-R-144, HS-R-145).
 * Every REFUSE_EVERY steps the move about to be made is also offered with
 * a field changed, dropped or added: if refused, the state's JSON (sorted
 * keys) is byte for byte as before, the events NULL and the random stream
 * where it was; every filled shape the engine refuses is checked the same
 * way. Every few steps the acting seat's move is offered to the other
 * seat, which must refuse it. Each game frees every JSON value it made
 * (json_pool.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "engine.h"
#include "heavysteam_round_fixture.h"
#include "json_pool.h"
#include "rng.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#endif
#ifdef UNDER_SANITIZER
#define GAMES 250           /* per size */
#else
#define GAMES 1000
#endif
#define MAX_STEPS 4000
#define COOL_GAMES 16       /* one game in this many without the heat bias */
#define WORKERS 2
#define REFUSE_EVERY 9      /* steps between mutated-move checks */
#define OTHER_SEAT_EVERY 13 /* steps between moves offered to the wrong seat */

/* HS-DATA-16: "(160) white cubes, (40) blue cubes, (20) red cubes, (130)
 * black cubes"; and the battle cards of the deck (HS-DATA-08). */
enum { WHITE, BLUE, RED, BLACK, COLOURS };
static const int cube_total[COLOURS] = {160, 40, 20, 130};
static const char *const colour_key[COLOURS] = {"white", "blue", "red", "black"};
#define BATTLE_CARDS 54

static const struct rules_engine *eng;

/* The games played: players and the options by size (HS-R-152's five
 * compositions), customized or not; games_per is the share of the
 * number per size. */
struct kind {
    const char *name;
    int seats;
    const char *size;
    int custom, quarter;         /* custom 1: custom_options; 2: "customize" */
};
static const struct kind kinds[] = {
    {"heavy", 2, "heavy", 0, 0},
    {"light", 2, "light", 0, 0},
    {"heavy customized", 2, "heavy", 1, 1},
    {"light customized", 2, "light", 1, 1},
    {"3 players", 3, "mixed", 0, 1},
    {"4 lights", 4, "light", 0, 1},
    {"4 mixed", 4, "mixed", 0, 1},
    {"heavy in secret", 2, "heavy", 2, 1},
    {"light in secret", 2, "light", 2, 1},
    {"4 mixed in secret", 4, "mixed", 2, 1},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static const char *const must_see[] = {
    "pilots_revealed", "phase_started", "card_played", "attack_declared", "hit_location",
    "location_reroll", "attack_over", "pressure_added", "pressure_released",
    "damage_placed", "steam_moved", "card_bought", "game_over",
};
#define NSEE (sizeof must_see / sizeof must_see[0])
static long seen[NSEE];
static long steps_total, refusals_checked, games_over, games_capped, reveals;

static const char *s_of(const json_t *o, const char *k)
{
    const char *v = json_string_value(json_object_get(o, k));

    return v ? v : "";
}

static int i_of(const json_t *o, const char *k)
{
    return (int)json_integer_value(json_object_get(o, k));
}

/* ---- what the events say, kept over the whole game ------------------------ */

struct tally {
    int cards[HS_MAX_PLAYERS];   /* card_played this phase, by seat */
    int in_attack;               /* between attack_declared and attack_over */
    int rolls, rerolls;          /* location rolls and re-rolls this attack */
    int rerolled_this_roll;      /* the last location roll was re-rolled */
};

/* What one move's events add: (f), (g), and for (b) and (d) the steam a
 * card added to a reserve and the cubes popped off pressure boxes. */
static void read_events(struct tally *t, const json_t *ev, int *added, int *popped)
{
    size_t i;
    json_t *e;

    *added = *popped = 0;
    json_array_foreach(ev, i, e) {
        const char *type = s_of(e, "type");

        for (size_t k = 0; k < NSEE; k++)
            if (!strcmp(type, must_see[k]))
                seen[k]++;
        if (!strcmp(type, "phase_started")) {
            memset(t->cards, 0, sizeof t->cards);
        } else if (!strcmp(type, "card_played")) {
            int seat = i_of(e, "seat");

            if (CHECK(seat >= 0 && seat < HS_MAX_PLAYERS) &&
                !CHECK(++t->cards[seat] <= 1))
                fprintf(stderr, "  (f) seat %d played a second battle card (%s) in one "
                        "phase\n", seat, s_of(e, "card"));
        } else if (!strcmp(type, "attack_declared")) {
            CHECK(!t->in_attack);
            t->in_attack = 1;
            t->rolls = t->rerolls = t->rerolled_this_roll = 0;
        } else if (!strcmp(type, "hit_location")) {
            CHECK(t->in_attack);
            t->rolls++;
            t->rerolled_this_roll = 0;
        } else if (!strcmp(type, "location_reroll")) {
            CHECK(t->in_attack);
            t->rerolls++;
            if (!CHECK(t->rolls > 0 && !t->rerolled_this_roll))
                fprintf(stderr, "  (g) a second hit-location re-roll of one roll "
                        "(%d rolls, %d re-rolls in this attack)\n", t->rolls, t->rerolls);
            t->rerolled_this_roll = 1;
        } else if (!strcmp(type, "attack_over")) {
            CHECK(t->in_attack);
            CHECK(t->rerolls <= t->rolls);
            t->in_attack = 0;
        } else if (!strcmp(type, "reserve_added")) {
            *added += i_of(e, "cubes");
        } else if (!strcmp(type, "pressure_released") || !strcmp(type, "pressure_popped")) {
            *popped += i_of(e, "steam") + i_of(e, "heat");
        }
    }
}

/* ---- the state's invariants, counted from its JSON ------------------------- */

static int count_char(const char *s, const char *set)
{
    int n = 0;

    for (; s && *s; s++)
        n += strchr(set, *s) != NULL;
    return n;
}

/* A titan's steam for (b): its white cubes still in play. */
static int titan_steam(const json_t *t)
{
    const char *k;
    json_t *v;
    int n = i_of(t, "reserve") + count_char(s_of(t, "pressure"), "s");

    json_object_foreach(json_object_get(t, "stations"), k, v)
        n += count_char(json_string_value(v), "sS");
    return n;
}

/* The colours of station s of a titan: the board's squares, then those
 * of the card mounted on the station's slot, all white (HS-DATA-07). */
static int square_colours(const json_t *t, int b, int s, enum hs_colour col[])
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_station *st = &cat->titan[b].station[s];
    int n = 0;

    for (int q = 0; q < st->nsquares; q++)
        col[n++] = st->square[q].colour;
    if (st->type == HS_WEAPON_SLOT) {
        const char *id = s_of(json_object_get(t, "cards"), hs_mount_name(st->mount));

        for (int w = 0; w < cat->nweapons; w++)
            if (!strcmp(cat->weapon[w].id, id))
                for (int q = 0; q < cat->weapon[w].nsquares; q++)
                    col[n++] = HS_WHITE;
    }
    return n;
}

/* (c) one titan's squares, (d) its pressure box against the old one. */
static void check_titan(const json_t *t, const json_t *old, int popped)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const char *board = s_of(t, "board"), *pr = s_of(t, "pressure");
    const json_t *stations = json_object_get(t, "stations");
    int b = -1, cells = 0;

    for (int i = 0; i < cat->ntitans; i++)
        if (!strcmp(cat->titan[i].id, board))
            b = i;
    if (!CHECK(b >= 0))
        return;
    CHECK_EQ_INT(json_object_size(stations), cat->titan[b].nstations);
    for (int s = 0; s < cat->titan[b].nstations; s++) {
        const char *id = cat->titan[b].station[s].id;
        const char *str = json_string_value(json_object_get(stations, id));
        enum hs_colour col[2 * HS_MAX_SQUARES];
        int n = square_colours(t, b, s, col);

        /* one letter a square: a square holds one cube or none */
        if (!CHECK(str && (int)strlen(str) == n))
            continue;
        for (int q = 0; q < n; q++) {
            char c = str[q];
            int fits = c == '.' || c == ',' ||
                       ((c == 's' || c == 'S') && col[q] != HS_BLUE) ||
                       ((c == 'b' || c == 'B') && col[q] == HS_BLUE) ||
                       ((c == 'd' || c == 'D') && col[q] == HS_WHITE);

            if (!CHECK(fits))
                fprintf(stderr, "  (c) %s %s square %d: '%c' on a %s square\n", board, id, q,
                        c, col[q] == HS_WHITE ? "white" : col[q] == HS_RED ? "red" : "blue");
        }
    }
    for (int c = 0; c < cat->titan[b].ncolumns; c++)
        cells += cat->titan[b].column[c].cells;
    if (!CHECK((int)strlen(pr) <= cells && count_char(pr, "sh") == (int)strlen(pr)))
        fprintf(stderr, "  (d) pressure box \"%s\" of %d cells\n", pr, cells);
    if (old) {
        const char *was = s_of(old, "pressure");
        int keep = 0;

        while (was[keep] && was[keep] == pr[keep])
            keep++;
        /* at most the popped cubes came off the top; the rest is the bottom */
        if (!CHECK(keep >= (int)strlen(was) - popped))
            fprintf(stderr, "  (d) pressure box \"%s\" became \"%s\" with %d popped\n", was,
                    pr, popped);
    }
}

/* Counts one battle card named id (it must be a catalog card). */
static void count_id(int count[], int *total, const char *id)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int found = 0;

    for (int b = 0; b < cat->nbattle; b++)
        if (id && !strcmp(cat->battle[b].id, id))
            count[b]++, found = 1;
    if (!CHECK(found))
        fprintf(stderr, "  (e) a battle card \"%s\" outside the catalog\n", id ? id : "");
    (*total)++;
}

/* (e) every battle card in exactly one zone, each its catalog copies. */
static void check_cards(const json_t *st)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const json_t *bc = json_object_get(st, "battle_cards"), *v, *h;
    static const char *const zones[] = {"deck", "track", "discard", "events_done", "box"};
    int count[HS_MAX_BATTLE] = {0}, total = 0;
    size_t i, j;

    for (size_t z = 0; z < sizeof zones / sizeof zones[0]; z++)
        json_array_foreach(json_object_get(bc, zones[z]), i, v)
            if (!json_is_null(v))
                count_id(count, &total, json_string_value(v));
    CHECK_EQ_INT(json_array_size(json_object_get(bc, "hands")),
                 json_integer_value(json_object_get(st, "players")));
    json_array_foreach(json_object_get(bc, "hands"), i, h)
        json_array_foreach(h, j, v)
            count_id(count, &total, json_string_value(v));
    json_array_foreach(json_object_get(bc, "in_play"), i, v) {
        CHECK(i_of(v, "seat") >= 0 && i_of(v, "seat") < i_of(st, "players"));
        count_id(count, &total, s_of(v, "card"));
    }
    if (!CHECK_EQ_INT(total, BATTLE_CARDS))
        fprintf(stderr, "  (e) %d battle cards in the zones\n", total);
    for (int b = 0; b < cat->nbattle; b++)
        if (!CHECK_EQ_INT(count[b], cat->battle[b].copies))
            fprintf(stderr, "  (e) %s: %d in the zones\n", cat->battle[b].id, count[b]);
    /* a terrain card under a titan is one of its owner's cards in play */
    json_array_foreach(json_object_get(st, "titans"), i, v) {
        const json_t *ter = json_object_get(v, "terrain");
        int under = json_is_null(ter);

        json_array_foreach(json_object_get(bc, "in_play"), j, h)
            under |= json_is_string(ter) && !strcmp(s_of(h, "card"), json_string_value(ter)) &&
                     i_of(h, "seat") == i_of(v, "owner");
        CHECK(under);
    }
}

/* Every invariant of st; prev (NULL after setup) is the state before the
 * move whose events added and popped summarise. */
static void check_invariants(const json_t *st, const json_t *prev, int added, int popped)
{
    const json_t *stocks = json_object_get(st, "stocks"), *t;
    int n[COLOURS];
    size_t i;

    for (int c = 0; c < COLOURS; c++)
        n[c] = i_of(stocks, colour_key[c]);
    n[WHITE] += i_of(st, "discarded_white");
    json_array_foreach(json_object_get(st, "titans"), i, t) {
        const char *k;
        json_t *v;

        n[WHITE] += i_of(t, "reserve") + i_of(t, "discarded") +
                    count_char(s_of(t, "pressure"), "s");
        n[RED] += count_char(s_of(t, "pressure"), "h");
        n[BLACK] += i_of(t, "terrain_damage");
        json_object_foreach(json_object_get(t, "stations"), k, v) {
            n[WHITE] += count_char(json_string_value(v), "sS");
            n[BLUE] += count_char(json_string_value(v), "bB");
            n[BLACK] += count_char(json_string_value(v), "dD");
        }
    }
    for (int c = 0; c < COLOURS; c++)
        if (!CHECK_EQ_INT(n[c], cube_total[c]))
            fprintf(stderr, "  (a) %d %s cubes, not %d\n", n[c], colour_key[c], cube_total[c]);
    json_array_foreach(json_object_get(st, "titans"), i, t) {
        const json_t *old = prev ? json_array_get(json_object_get(prev, "titans"), i) : NULL;

        check_titan(t, old, popped);
        if (old && !CHECK(titan_steam(t) <= titan_steam(old) + added))
            fprintf(stderr, "  (b) titan %zu's steam rose from %d to %d (%d added by "
                    "cards)\n", i, titan_steam(old), titan_steam(t), added);
    }
    check_cards(st);
}

/* ---- playing ---------------------------------------------------------------- */

/* The move an entry makes, holes filled (NULL: a shape left alone). The
 * pilot's Charged Up steam is filled here; the round's shapes as the
 * fixture fills them, on the state loaded for that only. */
SCAFFOLD static json_t *fill_entry(const json_t *st, const json_t *e)
{
    static struct hs_game g;
    struct rules_error err;
    json_t *m, *step;

    /* a loadout: one mount changed as the fixture fills it; now and then
     * all three, which may go over the points */
    if (!strcmp(s_of(e, "type"), "loadout") && !pick(4)) {
        m = json_pack("{s:s}", "type", "loadout");
        for (int k = 0; k < HS_MOUNTS; k++)
            json_object_set(m, hs_mount_names[k], one_of(json_object_get(e, hs_mount_names[k])));
        return m;
    }
    if (!strcmp(s_of(e, "type"), "pilot")) {
        json_t *charge = json_object_get(e, "charge"), *c, *v;
        const char *k;

        m = json_deep_copy(e);
        json_object_del(m, "form");
        if (charge) {
            c = json_object();
            json_object_foreach(charge, k, v)
                json_object_set_new(c, k, json_integer(bound(v)));
            json_object_set_new(m, "charge", c);
        }
        return m;
    }
    /* fill() reads the game only for an event's options */
    if (!strcmp(s_of(e, "type"), "event") && hs_game_load(&g, st, &err) != 0) {
        CHECK(!"the state does not load to fill a move");
        return NULL;
    }
    m = fill(&g, e);
    /* a pilot's step after a paid move (HS-R-120), which fill() leaves
     * as listed: taken now and then, else left out (it is optional) */
    if (m && (step = json_object_get(m, "pilot_step"))) {
        if (pick(2))
            json_object_set_new(m, "pilot_step",
                                json_pack("{s:O, s:O}", "from",
                                          one_of(json_object_get(step, "from")), "to",
                                          one_of(json_object_get(step, "to"))));
        else
            json_object_del(m, "pilot_step");
    }
    return m;
}

/*
 * A refused move changes nothing: the move about to be made with a
 * field changed, dropped or added is either accepted elsewhere (some
 * changes stay legal; not applied here) or refused with the state's JSON
 * byte for byte as before, no events and the stream where it was.
 */
SCAFFOLD static void check_refused(json_t *st, int seat, const json_t *move,
                                   const struct rng *game_rng)
{
    static const char *const junk_keys[] = {"station", "slot", "sector", "card", "hotshot",
                                            "picks", "white", "mount", "choice"};
    json_t *bad = json_deep_copy(move), *s = json_incref(st), *ev = NULL, *v;
    char *before = json_dumps(st, JSON_SORT_KEYS | JSON_COMPACT), *after;
    struct rules_error err;
    struct rng rr = *game_rng;
    const char *key;
    int n = (int)json_object_size(bad), which = (int)pick((unsigned)n + 3), k = 0;

    json_object_foreach(bad, key, v) {
        if (k++ != which)
            continue;
        if (json_is_integer(v))
            json_object_set_new(bad, key, json_integer(json_integer_value(v) +
                                                       (pick(2) ? 1 : -1) * (1 + pick(30))));
        else if (json_is_string(v) && strcmp(key, "type"))
            json_object_set_new(bad, key, json_string(pick(2) ? "boiler" : "left_arm"));
        else if (json_is_object(v) && json_object_size(v))
            json_object_set_new(bad, key, json_pack("{s:i}", "boiler", 99));
        else if (json_is_array(v) && json_array_size(v))
            json_array_remove(v, pick((unsigned)json_array_size(v)));
        else
            json_object_del(bad, key);
        break;
    }
    if (which == n)
        json_object_set_new(bad, junk_keys[pick(9)], json_integer((json_int_t)pick(9)));
    else if (which == n + 1)
        json_object_set_new(bad, "type", json_string(pick(2) ? "attack" : "buy"));
    else if (which == n + 2)
        json_object_set_new(bad, "x", json_true());
    memset(&err, 0, sizeof err);
    if (eng->apply(&s, seat, bad, &rr, &ev, &err) == -1) {
        after = json_dumps(st, JSON_SORT_KEYS | JSON_COMPACT);
        CHECK(s == st && ev == NULL && rr.pos == game_rng->pos);
        CHECK(err.code[0] && err.message[0]);
        if (!CHECK(before && after && !strcmp(before, after)))
            fprintf(stderr, "  a refused move (%s) changed the state\n", err.code);
        pool_free(after);
        refusals_checked++;
    }
    json_decref(ev);
    json_decref(s);
    json_decref(bad);
    pool_free(before);
}

/*
 * Options of size with both titans customized at random (HS-R-135): each
 * mount keeps its printed card, is left empty or takes a card of the deck
 * that the engine's loadout check lets it carry with the mounts before
 * it; a light game picks each seat's light board too. Uses pick():
 * pick_state set first.
 */
SCAFFOLD static json_t *custom_options(const char *size)
{
    static const char *const boards[2][3] = {
        {"uk_heavy_dreadmoor", "uk_light_kestrel", "uk_light_wayfarer"},
        {"cet_heavy_kaltschmied", "cet_light_feldhase", "cet_light_sturmvogel"}};
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *opts = json_pack("{s:s}", "size", size), *loadouts = json_array(),
           *titans = json_array();

    for (int s = 0; s < 2; s++) {
        const char *id = boards[s][size[0] == 'l' ? 1 + (int)pick(2) : 0];
        const struct hs_board *b = &cat->titan[hs_catalog_titan(cat, id)];
        const char *ids[HS_MOUNTS];
        int card[HS_MOUNTS];
        json_t *e = json_object();

        for (int m = 0; m < HS_MOUNTS; m++)
            ids[m] = b->loadout[m];
        for (int m = 0; m < HS_MOUNTS; m++) {
            unsigned how = pick(4);

            if (how == 0)
                continue;
            ids[m] = NULL;
            for (int tries = 0; how > 1 && tries < 8 * cat->nweapons; tries++) {
                const char *old = ids[m];

                ids[m] = cat->weapon[pick((unsigned)cat->nweapons)].id;
                if (hs_catalog_loadout_check(cat, b, ids, card, NULL) == 0)
                    break;
                ids[m] = old;
            }
            json_object_set_new(e, hs_mount_name((enum hs_mount)m),
                                ids[m] ? json_string(ids[m]) : json_null());
        }
        json_array_append_new(loadouts, e);
        json_array_append_new(titans, json_string(id));
    }
    json_object_set_new(opts, "loadouts", loadouts);
    json_object_set_new(opts, "titans", titans);
    return opts;
}

/* The setup of game k of kind kd (customized: custom_options, or in
 * secret): the first key
 * from k on whose deck holds only events the engine plays (the fixture's
 * events_played). */
SCAFFOLD static json_t *setup_game(int k, const struct kind *kd, struct rng *rng)
{
    static struct hs_game g;
    unsigned char key[RNG_KEY_BYTES];
    struct rules_error err;
    const char *size = kd->size;
    json_t *opts = kd->custom == 1 ? custom_options(size)
                   : kd->custom == 2 ? json_pack("{s:s, s:b}", "size", size, "customize", 1)
                                     : json_pack("{s:s}", "size", size);
    json_t *st = NULL, *ev = NULL;

    for (int j = k; j < k + 64000; j += 1000) {
        memset(key, 0, sizeof key);
        key[0] = (unsigned char)j;
        key[1] = (unsigned char)(j >> 8);
        key[2] = (unsigned char)(size[0]);
        key[3] = (unsigned char)kd->seats;
        rng_init(rng, key, 0);
        json_decref(st);
        json_decref(ev);
        st = ev = NULL;
        if (!CHECK(eng->setup(opts, kd->seats, rng, &st, &ev, &err) == 0)) {
            fprintf(stderr, "  setup: %s %s\n", err.code, err.message);
            break;
        }
        if (CHECK(hs_game_load(&g, st, &err) == 0) && events_played(&g))
            break;
    }
    json_decref(ev);
    json_decref(opts);
    return st;
}

/*
 * (h): the cards by mount of every seat's pending loadout (the loadouts
 * stage) or of every titan (after it), costing at most the board's
 * points; once revealed, fixed[] holds the titans' cards and they must
 * stay. Returns 1 in the loadouts stage.
 */
static int check_loadouts(const json_t *st, int fixed[HS_MAX_PLAYERS][HS_MOUNTS], int *revealed)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int stage = !strcmp(s_of(st, "stage"), "loadouts");
    const json_t *list = json_object_get(st, stage ? "seats" : "titans");

    for (int s = 0; s < (int)json_array_size(list); s++) {
        const json_t *x = json_array_get(list, (size_t)s), *ti;
        const json_t *cards = json_object_get(x, stage ? "loadout" : "cards");
        int cost = 0, board;

        ti = json_array_get(json_object_get(st, "titans"), (size_t)(stage ? i_of(x, "titan") : s));
        board = hs_catalog_titan(cat, s_of(ti, "board"));
        for (int m = 0; m < HS_MOUNTS; m++) {
            int w = hs_catalog_weapon(cat, s_of(cards, hs_mount_names[m]));

            cost += w < 0 ? 0 : cat->weapon[w].cost;
            if (stage)
                continue;
            if (!*revealed)
                fixed[s][m] = w;
            else if (!CHECK_EQ_INT(w, fixed[s][m]))
                fprintf(stderr, "  titan %d's %s changed after the reveal\n", s,
                        hs_mount_names[m]);
        }
        if (!CHECK(board >= 0 && cost <= cat->titan[board].points))
            fprintf(stderr, "  %s's loadout costs %d\n", s_of(ti, "board"), cost);
    }
    if (!stage && !*revealed) {
        *revealed = 1;
        reveals++;
    }
    return stage;
}

/* Plays game k of kind kd; returns 1 when a check failed. */
static int play_one(int k, const struct kind *kd)
{
    struct check_state *cs = check_state();
    int failed_before = cs->checks_failed, steps = 0;
    long live_before = live_blocks;
    struct tally tally;
    struct rng rng;
    struct rules_status s;
    struct rules_error err;
    int fixed[HS_MAX_PLAYERS][HS_MOUNTS], revealed = 0;
    json_t *st;

    memset(&tally, 0, sizeof tally);
    pick_state = (unsigned)k * 2654435761u + (unsigned)(kd - kinds);
    /* most games build pressure (red squares, all the Hotshot, every
     * evade): they end in tens of rounds, by overloads and destructions;
     * one in COOL_GAMES plays evenly and may last hundreds */
    heat_bias = k % COOL_GAMES != COOL_GAMES - 1;
    st = setup_game(k, kd, &rng);
    if (!st)
        return 1;
    check_invariants(st, NULL, 0, 0);
    if (kd->custom == 2)
        CHECK(check_loadouts(st, fixed, &revealed));
    for (;;) {
        json_t *list, *moves, *move = NULL, *ev = NULL, *prev;
        int seat = -1, other, added, popped;
        size_t n;

        if (!CHECK(eng->status(st, &s) == 0)) {
            static struct hs_game g;

            CHECK(hs_game_load(&g, st, &err) == 0);
            fprintf(stderr, "  the state after step %d does not load: %s\n", steps,
                    err.message);
            if (getenv("HS_DEBUG")) {
                char *d = json_dumps(st, JSON_INDENT(1));

                fprintf(stderr, "%s\n", d);
                pool_free(d);
            }
            break;
        }
        if (s.finished)
            break;
        if (++steps > MAX_STEPS) {
            games_capped++;
            break;
        }
        /* the pilots are chosen at once: any seat may go first */
        for (int i = kd->seats - 1; i >= 0; i--)
            if (s.must_act & (1u << i) && (seat < 0 || pick(2)))
                seat = i;
        if (!CHECK(seat >= 0))
            break;
        list = eng->legal_moves(st, seat);
        moves = json_object_get(list, "moves");
        n = json_array_size(moves);
        if (!CHECK(n > 0)) {
            fprintf(stderr, "  seat %d must act but has no move (ask %s)\n", seat,
                    s_of(st, "ask"));
            json_decref(list);
            break;
        }
        for (int tries = 0; tries < 16 && !move; tries++) {
            const json_t *e = json_array_get(moves, tries < 8 ? pick((unsigned)n)
                                                              : (size_t)tries % n);

            /* mostly an attack when one is listed: games end sooner, and
             * the attacks are what (g) watches */
            if (tries == 0 && pick(4))
                for (size_t i = 0; i < n; i++)
                    if (!strcmp(s_of(json_array_get(moves, i), "type"), "attack"))
                        e = json_array_get(moves, i);
            json_t *m;
            int shape = !strcmp(s_of(e, "form"), "shape");

            /* orders are any-time moves; the games here leave them to the
             * orders tests so that every question is asked */
            if (!strcmp(s_of(e, "type"), "orders") || !(m = fill_entry(st, e)))
                continue;
            if (steps % REFUSE_EVERY == 0)
                check_refused(st, seat, m, &rng);
            other = (seat + 1 + (int)pick((unsigned)kd->seats - 1)) % kd->seats;
            if (steps % OTHER_SEAT_EVERY == 0 && !(s.must_act & (1u << other))) {
                json_t *copy = json_incref(st), *oev = NULL;
                struct rng rr = rng;

                CHECK(eng->apply(&copy, other, m, &rr, &oev, &err) == -1);
                CHECK(copy == st && oev == NULL && rr.pos == rng.pos);
                json_decref(oev);
                json_decref(copy);
            }
            prev = json_incref(st);
            ev = NULL;
            if (eng->apply(&st, seat, m, &rng, &ev, &err) == 0) {
                move = m;
                break;
            }
            CHECK(st == prev && ev == NULL);
            json_decref(prev);
            if (getenv("HS_DEBUG")) {
                char *ms = json_dumps(m, JSON_COMPACT);

                fprintf(stderr, "  refused %s: %s %s\n", ms, err.code, err.message);
                pool_free(ms);
            }
            if (!shape) {
                char *ms = json_dumps(m, JSON_COMPACT);

                CHECK(!"a listed move was refused");
                fprintf(stderr, "  %s: %s %s\n", ms, err.code, err.message);
                pool_free(ms);
                json_decref(m);
                break;
            }
            json_decref(m);
        }
        json_decref(list);
        if (!CHECK(move != NULL)) {
            fprintf(stderr, "  no move of seat %d accepted (ask %s)\n", seat, s_of(st, "ask"));
            break;
        }
        read_events(&tally, ev, &added, &popped);
        check_invariants(st, prev, added, popped);
        if (kd->custom == 2)
            check_loadouts(st, fixed, &revealed);
        json_decref(prev);
        json_decref(ev);
        json_decref(move);
        if (cs->checks_failed != failed_before) {
            fprintf(stderr, "  after step %d (round %d, phase %s, ask %s)\n", steps,
                    i_of(st, "round"), s_of(st, "phase"), s_of(st, "ask"));
            break;
        }
    }
    if (s.finished) {
        games_over++;
        unsigned team = 0;
        const json_t *seats = json_object_get(st, "seats");

        /* the winners are one whole team */
        for (size_t i = 0; i < json_array_size(seats); i++)
            if (i_of(json_array_get(seats, i), "team") == i_of(st, "winner_team"))
                team |= 1u << i;
        CHECK(s.winners && s.winners == team && team != (1u << json_array_size(seats)) - 1);
    }
    steps_total += steps;
    json_decref(st);
    if (!CHECK_EQ_INT(live_blocks, live_before))
        fprintf(stderr, "  JSON values leaked\n");
    return cs->checks_failed != failed_before;
}

#define NOUT (NSEE + 7)

static void run_worker(int w, int games, int fd)
{
    long out[NOUT] = {0};
    int failed = 0;
    const char *only = getenv("HS_ONLY"), *only_kind = getenv("HS_KIND");

    for (size_t z = 0; z < NKINDS && failed <= 3; z++)
        for (int k = w; k < (kinds[z].quarter ? games / 4 : games); k += WORKERS) {
            if (only && (atoi(only) != k || (only_kind && strcmp(only_kind, kinds[z].name))))
                continue;
            if (play_one(k, &kinds[z])) {
                fprintf(stderr, "game %s k=%d failed\n", kinds[z].name, k);
                if (++failed > 3)
                    break;
            }
        }
    for (size_t i = 0; i < NSEE; i++)
        out[i] = seen[i];
    out[NSEE] = failed;
    out[NSEE + 1] = steps_total;
    out[NSEE + 2] = refusals_checked;
    out[NSEE + 3] = games_over;
    out[NSEE + 4] = games_capped;
    out[NSEE + 5] = reveals;
    if (write(fd, out, sizeof out) != (ssize_t)sizeof out)
        _exit(2);
    exit(failed ? 1 : 0);   /* exit, not _exit: LeakSanitizer checks the worker */
}

static void test_random_games(void)
{
    const char *env = getenv("HS_GAMES");
    int games = env ? atoi(env) : GAMES, fds[WORKERS];
    pid_t pids[WORKERS];
    long total[NOUT] = {0};

    eng = rules_engine_find("heavysteam");
    if (!CHECK(eng != NULL) || !CHECK(hs_catalog_get()->ok))
        return;
    fflush(NULL);
    for (int w = 0; w < WORKERS; w++) {
        int p[2];

        if (!CHECK(pipe(p) == 0))
            return;
        pids[w] = fork();
        if (pids[w] == 0) {
            close(p[0]);
            run_worker(w, games, p[1]);
        }
        close(p[1]);
        fds[w] = p[0];
    }
    for (int w = 0; w < WORKERS; w++) {
        long out[NOUT];
        int status = 0;

        CHECK(read(fds[w], out, sizeof out) == (ssize_t)sizeof out);
        close(fds[w]);
        waitpid(pids[w], &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        for (size_t i = 0; i < NOUT; i++)
            total[i] += out[i];
    }
    printf("%d games per size, %d of each other kind (customized, 3 and 4 players, customized "
           "in secret: %ld revealed), %ld over, %ld stopped at %d steps, %ld steps, %ld refused "
           "moves compared\n",
           games, games / 4, total[NSEE + 5], total[NSEE + 3], total[NSEE + 4], MAX_STEPS,
           total[NSEE + 1], total[NSEE + 2]);
    CHECK(total[NSEE + 2] > games);
    if (!getenv("HS_ONLY"))
        CHECK_EQ_INT(total[NSEE + 5], games / 4 * 3);
    for (size_t i = 0; i < NSEE; i++)
        if (!CHECK(total[i] > 0))
            fprintf(stderr, "  event %s never happened\n", must_see[i]);
}

int main(void)
{
    /* Before jansson allocates anything. */
    json_set_alloc_funcs(pool_malloc, pool_free);
    RUN(test_random_games);
    return check_summary();
}
