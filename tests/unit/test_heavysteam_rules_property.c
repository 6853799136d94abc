/*
 * test_heavysteam_rules_property.c - rules of the Combat and Steam
 * Allocation phases watched in real play: random legal games from the
 * real setup (heavysteam_round_fixture.h), heavy and light, and of three
 * and four players in teams (HS-R-152), move by move.
 * Wherever a rule applies, what the move did is checked against the rule,
 * counted from the game before and after and from the move itself, not
 * from the engine's own census; where a rule forbids a choice, the
 * forbidden choice is tried on a copy and must be refused. The games are
 * played once, every rule's watcher called after each move; each test
 * then takes its watcher's failed checks and needs its rule to have come
 * up at least SEEN times, or it fails: a rule never reached is not
 * tested.
 */
#include "heavysteam/combat.h"
#include "heavysteam_round_fixture.h"

#define GAMES 160
#define SEEN 20

typedef void (*watch_fn)(const struct hs_game *before, const struct hs_game *after,
                         const json_t *move, int seat, const json_t *events, int *seen);

static struct hs_game before;

/* Says what a failed check saw: the move and its events. */
static void show(const json_t *move, const json_t *events)
{
    char *m = json_dumps(move, JSON_COMPACT), *e = json_dumps(events, JSON_COMPACT);

    fprintf(stderr, "  move %s\n  events %s\n", m ? m : "null", e ? e : "null");
    free(m);
    free(e);
}

/* Fails unless the rule applied least times or more; says how often. */
static void seen_at_least(const char *rule, int seen, int least)
{
    fprintf(stderr, "  %s applied %d times in %d games\n", rule, seen, GAMES);
    CHECK(seen >= least);
}

static void seen_enough(const char *rule, int seen)
{
    seen_at_least(rule, seen, SEEN);
}

/* What each watcher saw in the games: how often its rule applied, and
 * its failed checks, which count for the test that names it. */
#define MAX_WATCHERS 16
static struct {
    watch_fn fn;
    int seen, failed;
} watched[MAX_WATCHERS];
static int nwatched;

/* Game k: two heavies, two lights, a heavy against two lights, or four
 * (lights, or a heavy and a light a team), in turn. */
static struct hs_game *game_of_kind(int k)
{
    static const struct {
        int seats;
        const char *options;
    } kind[] = {{2, NULL}, {2, "{\"size\": \"light\"}"}, {3, NULL}, {4, NULL},
                {2, NULL}, {2, "{\"size\": \"light\"}"}, {3, NULL},
                {4, "{\"size\": \"light\"}"}};
    json_t *o = kind[k % 8].options ? json_loads(kind[k % 8].options, 0, NULL) : NULL;
    struct hs_game *g = round_game_of(k, o, kind[k % 8].seats, NULL);

    json_decref(o);
    return g;
}

/* Plays GAMES random games (every third one building heat) once, calling
 * each of the n watchers after every accepted move; keeps what each saw
 * and its failed checks apart, for watch() to give to its test. */
static void watch_all(const watch_fn *every, int n)
{
    struct check_state *cs = check_state();

    for (nwatched = 0; nwatched < n && nwatched < MAX_WATCHERS; nwatched++)
        watched[nwatched].fn = every[nwatched];
    for (int k = 1; k <= GAMES; k++) {
        struct hs_game *g = game_of_kind(k);

        heat_bias = k % 3 == 0;
        for (int step = 0; step < 4000 && g->stage == HS_STAGE_ROUND; step++) {
            json_t *events = json_array(), *m = NULL;
            int seat = g->ask_seat;

            memcpy(&before, g, sizeof before);
            if (random_move_played(g, events, &m) < 0) {
                json_decref(events);
                break;
            }
            for (int i = 0; i < nwatched; i++) {
                int failed = cs->checks_failed;

                watched[i].fn(&before, g, m, seat, events, &watched[i].seen);
                watched[i].failed += cs->checks_failed - failed;
                cs->checks_failed = failed;
            }
            json_decref(m);
            json_decref(events);
        }
        free(g);
    }
    heat_bias = 0;
}

/* How often w saw its rule apply; its failed checks now count. */
static int watch(watch_fn w)
{
    for (int i = 0; i < nwatched; i++)
        if (watched[i].fn == w) {
            check_state()->checks_failed += watched[i].failed;
            return watched[i].seen;
        }
    CHECK(!"a watcher not given to watch_all");
    return 0;
}

/* A seat of the other team than seat's, its titan standing if one is. */
static int enemy_of(const struct hs_game *g, int seat)
{
    int pick = -1;

    for (int s = g->nplayers - 1; s >= 0; s--)
        if (g->p[s].team != g->p[seat].team &&
            (pick < 0 || !g->titan[g->p[s].titan].cubes.destroyed))
            pick = s;
    return pick;
}

static const struct hs_titan *titan_of(const struct hs_game *g, int seat)
{
    return &g->titan[g->p[seat].titan].cubes;
}

static int station_named(const struct hs_titan *t, const char *id)
{
    for (int s = 0; id && s < t->board->nstations; s++)
        if (strcmp(t->board->station[s].id, id) == 0)
            return s;
    return HS_NONE;
}

static int heat_in_box(const struct hs_titan *t)
{
    int n = 0;

    for (int i = 0; i < t->npressure; i++)
        n += t->pressure[i] == HS_P_HEAT;
    return n;
}

static int count_cubes(const struct hs_titan *t, int s, enum hs_cube c)
{
    int n = 0;

    for (int q = 0; q < t->nsquares[s]; q++)
        n += t->cube[s][q] == c;
    return n;
}

static int sum_values(const json_t *o)
{
    const char *key;
    json_t *v;
    int n = 0;

    json_object_foreach((json_t *)o, key, v)
        n += (int)json_integer_value(v);
    return n;
}

/* Faces of one roll that are successes: a Hit or a Critical Hit. */
static int successes(const json_t *roll, int *criticals)
{
    size_t i;
    json_t *f;
    int n = 0;

    *criticals = 0;
    json_array_foreach(json_object_get(roll, "faces"), i, f) {
        const char *face = json_string_value(f);

        n += strcmp(face, "success") == 0 || strcmp(face, "critical") == 0;
        *criticals += strcmp(face, "critical") == 0;
    }
    return n;
}

/* A move that plays a battle card, or a move in which one is played. */
static int card_in(const json_t *move, const json_t *events)
{
    const json_t *c = json_object_get(move, "battle_card");

    return (c && !json_is_null(c)) || count_event(events, "card_played") > 0;
}

/* ---- Steam Allocation ------------------------------------------------------ */

/* The heat a flow puts in the box: its red squares, and, when it ends the
 * titan's steam movement, each steam cube still unmoved on a red square
 * (left there since the phase began). */
static void red_squares(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                        int seat, const json_t *events, int *seen)
{
    const struct hs_titan *tb = titan_of(b, seat), *ta = titan_of(a, seat);
    int want, left = 0;

    if (strcmp(json_string_value(json_object_get(move, "type")), "flow") != 0 ||
        count_event(events, "pressure_full") || count_event(events, "red_stock_empty") ||
        count_event(events, "titan_destroyed") || count_event(events, "game_over"))
        return;
    want = sum_values(json_object_get(move, "red"));
    if (count_event(events, "steam_moved_all")) {
        int here = 0, moved = want + sum_values(json_object_get(move, "white"));

        for (int s = 0; s < tb->board->nstations; s++)
            for (int q = 0; q < tb->nsquares[s]; q++)
                if (tb->square[s][q].colour == HS_RED && tb->cube[s][q] == HS_C_STEAM &&
                    !tb->moved[s][q])
                    *(s == b->station ? &here : &left) += 1;
        /* the moving station's cubes on red squares leave first (HS-R-80) */
        left += here > moved ? here - moved : 0;
    }
    if (!CHECK_EQ_INT(heat_in_box(ta) - heat_in_box(tb), want + left))
        show(move, events);
    *seen += want + left > 0;
}

/* HS-R-38: a heat cube for every steam cube placed on a red square, and
 * for one left unmoved on one. */
static void test_hs_r_38_red_squares_heat_in_play(void)
{
    seen_enough("HS-R-38", watch(red_squares));
}

/* A blue cube for each steam cube a flow puts on a shield station's white
 * squares, while the station has an empty blue square and the stock a
 * cube (HS-AMB-17). */
static void shield_cubes(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                         int seat, const json_t *events, int *seen)
{
    const struct hs_titan *tb = titan_of(b, seat), *ta = titan_of(a, seat);
    const char *id;
    json_t *v;
    int shields = 0, s = HS_NONE, n = 0;

    (void)events;
    if (strcmp(json_string_value(json_object_get(move, "type")), "flow") != 0)
        return;
    json_object_foreach(json_object_get(move, "white"), id, v) {
        int d = station_named(tb, id);

        if (d != HS_NONE && tb->board->station[d].type == HS_SHIELD && json_integer_value(v)) {
            shields++;
            s = d;
            n = (int)json_integer_value(v);
        }
    }
    /* one shield station a flow: the stock is shared between them */
    if (shields != 1)
        return;
    {
        int empty_blue = 0, want;

        for (int q = 0; q < tb->nsquares[s]; q++)
            empty_blue += tb->square[s][q].colour == HS_BLUE && tb->cube[s][q] == HS_C_EMPTY;
        want = n < empty_blue ? n : empty_blue;
        want = want < b->stock_blue ? want : b->stock_blue;
        CHECK_EQ_INT(count_cubes(ta, s, HS_C_SHIELD) - count_cubes(tb, s, HS_C_SHIELD), want);
        CHECK_EQ_INT(b->stock_blue - a->stock_blue, want);
        *seen += want > 0;
    }
}

/* HS-R-39: steam onto a shield station's white squares lights its blue
 * squares, one for one. */
static void test_hs_r_39_shield_cube_for_each_steam_cube_in_play(void)
{
    seen_enough("HS-R-39", watch(shield_cubes));
}

/* ---- Combat: the rolls ------------------------------------------------------ */

/* The seat attacked by the attack this move rolled for, -1 a unit or none. */
static int target_seat(const struct hs_game *b, const json_t *events)
{
    size_t i;
    json_t *e;

    if (b->attack.active)
        return b->attack.target_unit >= 0 ? -1 : b->attack.target_seat;
    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "attack_declared") == 0)
            return json_object_get(e, "target") ? (int)json_integer_value(json_object_get(e, "target"))
                                                : -1;
    return -1;
}

/* The attacking seat's weapon card, -1 a unit or none. */
static int weapon_of(const struct hs_game *b, const json_t *events)
{
    const struct hs_catalog *cat = hs_catalog_get();
    size_t i;
    json_t *e;

    if (b->attack.active)
        return b->attack.unit >= 0 ? -1
                                   : b->titan[b->p[b->attack.attacker].titan].card[b->attack.mount];
    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "attack_declared") == 0 &&
            json_object_get(e, "weapon"))
            return hs_catalog_weapon(cat, json_string_value(json_object_get(e, "weapon")));
    return -1;
}

/* Whether a source of seat's own changes its rolls in the attack (its
 * terrain, its pilot's ability, equipment that works in attacks), as
 * combat.c's titan effects name them: the counts below leave them out. */
static int own_mods(const struct hs_game *b, int seat, int attacking)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_titan_at *ta = &b->titan[b->p[seat].titan];
    int pilot = b->p[seat].pilot;

    if (ta->terrain >= 0)
        return 1;
    for (int m = -1; m < HS_MOUNTS; m++) {
        enum hs_when w;

        if (m < 0 && pilot < 0)
            continue;
        if (m >= 0 && (ta->card[m] < 0 || cat->weapon[ta->card[m]].weapon))
            continue;
        w = m < 0 ? cat->pilot[pilot].ability.when : cat->weapon[ta->card[m]].when;
        if (attacking ? w == HS_W_ATTACKING || w == HS_W_ATTACKING_CLOSE ||
                            w == HS_W_ATTACKING_MOVED
                      : w == HS_W_ATTACKED)
            return 1;
    }
    return 0;
}

/* The move that rolls an attack's first shot: its declaration, or the
 * defender's evade answer to one declared without a card (an attack
 * card goes with the declaration, HS-R-122); later shots carry what
 * earlier moves bought. Called for every move, in order: it keeps
 * whether the last declaration had a card. */
static int first_roll(const json_t *move, const json_t *events)
{
    static int declared_with_card;
    const char *type = json_string_value(json_object_get(move, "type"));
    int declaring = strcmp(type, "attack") == 0;

    if (declaring)
        declared_with_card = card_in(move, events);
    return count_event(events, "attack_roll") == 1 && count_event(events, "defense_roll") == 1 &&
           (declaring || (strcmp(type, "evade") == 0 && !declared_with_card)) &&
           !card_in(move, events);
}

/* Hit when the attacker rolls more successes than the defender; critical
 * when, on a hit, its Critical Hits (and Critical X) exceed the Critical
 * Defenses (HS-R-63). Attacks with a battle card, or of several rolls,
 * are left out: their cards change the counts. */
static void results(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                    int seat, const json_t *events, int *seen)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const json_t *result = find_event(events, "attack_result");
    int first = first_roll(move, events), w = weapon_of(b, events), att, def, acrit, dcrit;

    (void)a;
    (void)seat;
    if (!result || !first || w < 0 || target_seat(b, events) < 0 ||
        own_mods(b, b->attack.active ? b->attack.attacker : seat, 1))
        return;
    att = successes(find_event(events, "attack_roll"), &acrit);
    def = successes(find_event(events, "defense_roll"), &dcrit);
    CHECK_EQ_INT(json_is_true(json_object_get(result, "hit")), att > def);
    if (!CHECK_EQ_INT(json_is_true(json_object_get(result, "critical")),
                 att > def && acrit + cat->weapon[w].trait[HS_T_CRITICAL] > dcrit))
        show(move, events);
    *seen += 1;
}

/* HS-R-22, HS-R-25, HS-AMB-05: Hits and Critical Hits succeed; more
 * successes hit; more criticals than critical defenses make a critical,
 * Critical X counting X more on a hit (HS-R-63). */
static void test_hs_r_22_25_successes_decide_the_result_in_play(void)
{
    seen_enough("HS-R-22, HS-R-25", watch(results));
}

/* The dice of the pressure box: those of the column holding its last
 * cube, 4 when it is empty, read from the board's columns. */
static int box_dice(const struct hs_titan *t)
{
    int cells = 0;

    if (t->npressure == 0)
        return 4;
    for (int c = 0; c < t->board->ncolumns; c++) {
        cells += t->board->column[c].cells;
        if (t->npressure <= cells)
            return t->board->column[c].dice;
    }
    return t->board->column[t->board->ncolumns - 1].dice;
}

static void defense_dice(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                         int seat, const json_t *events, int *seen)
{
    int first = first_roll(move, events), d = target_seat(b, events);

    (void)a;
    (void)seat;
    if (d < 0 || !first || count_event(events, "evaded") || own_mods(b, d, 0))
        return;
    if (!CHECK_EQ_INT(
            (int)json_integer_value(json_object_get(find_event(events, "defense_roll"), "dice")),
            box_dice(titan_of(b, d))))
        show(move, events);
    *seen += 1;
}

/* HS-R-23: the defender rolls the dice of its box's last column with
 * cubes, 4 when the box is empty. */
static void test_hs_r_23_defense_dice_from_the_box_in_play(void)
{
    seen_enough("HS-R-23", watch(defense_dice));
}

/* ---- Combat: placing damage ---------------------------------------------- */

/* Whether every white square of location l's stations holds damage
 * (HS-AMB-07) once n more cubes are placed there. */
static int disabled_after(const struct hs_titan *t, enum hs_location l, int n)
{
    int free_white = 0;

    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; t->board->station[s].location == l && q < t->nsquares[s]; q++)
            free_white += t->square[s][q].colour == HS_WHITE && t->cube[s][q] != HS_C_DAMAGE;
    return free_white <= n;
}

/* The lowest weak-point number free in location l, 0 none. */
static int lowest_free_weak(const struct hs_titan *t, enum hs_location l)
{
    int low = 0;

    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; t->board->station[s].location == l && q < t->nsquares[s]; q++)
            if (t->square[s][q].weak && t->cube[s][q] != HS_C_DAMAGE &&
                (!low || t->square[s][q].weak < low))
                low = t->square[s][q].weak;
    return low;
}

/* Tries a damage move on a copy of b; returns whether it was refused,
 * and that the refusal changed nothing. */
static int refused_on_copy(const struct hs_game *b, json_t *move)
{
    struct hs_game *c = malloc(sizeof *c);
    struct rules_error err;
    struct rng r = R;
    int rc;

    memcpy(c, b, sizeof *c);
    rc = hs_round_apply(c, c->ask_seat, move, &r, NULL, &err);
    if (rc < 0)
        CHECK(memcmp(c, b, sizeof *c) == 0);
    else
        show(move, NULL);       /* accepted: the caller's check fails */
    free(c);
    json_decref(move);
    return rc < 0;
}

/*
 * A damage answer of an attack's hit: each cube on a white square without
 * damage, of the struck location, or of the torso once that arm or the
 * legs are disabled; a weak point only the lowest free one; the defender
 * answers, the attacker only the critical's last cube. And the
 * forbidden picks refused: a red or blue square of the location, a weak
 * point above the lowest free one.
 */
static int weak_picks, torso_picks, last_cubes, refusals;

static void damage_picks(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                         int seat, const json_t *events, int *seen)
{
    const struct hs_titan *t;
    enum hs_location l;
    size_t i;
    json_t *p;
    int in_l = 0;

    (void)a;
    (void)events;
    /* the target's damage: a weapon's own (volatile, Low Ammo) has its rules */
    if (strcmp(json_string_value(json_object_get(move, "type")), "damage") != 0 ||
        !b->attack.active || b->attack.target_unit >= 0 ||
        hs_combat_damage_seat(b) != b->attack.target_seat)
        return;
    t = titan_of(b, b->attack.target_seat);
    /* a hit's points (a volatile square's cubes go by their own rule) */
    if (!CHECK(t->nowed > 0) || t->owed[t->nowed - 1].kind != HS_OWED_HIT)
        return;
    l = t->owed[t->nowed - 1].location;
    CHECK_EQ_INT(seat, b->ask == HS_ASK_LAST_CUBE ? b->attack.attacker : b->attack.target_seat);
    if (b->ask == HS_ASK_LAST_CUBE) {
        CHECK(b->attack.critical);
        last_cubes++;
    }
    json_array_foreach(json_object_get(move, "picks"), i, p) {
        int s = station_named(t, json_string_value(json_object_get(p, "station")));
        int q = (int)json_integer_value(json_object_get(p, "square"));

        if (!CHECK(s != HS_NONE && q >= 0 && q < t->nsquares[s]))
            return;
        CHECK_EQ_INT(t->square[s][q].colour, HS_WHITE);
        CHECK(t->cube[s][q] != HS_C_DAMAGE);
        if (t->board->station[s].location == l) {
            in_l++;
            if (t->square[s][q].weak) {
                CHECK_EQ_INT(t->square[s][q].weak, lowest_free_weak(t, l));
                weak_picks++;
            }
        } else {
            /* only into the torso, and only past a disabled arm or legs */
            CHECK_EQ_INT(t->board->station[s].location, HS_TORSO);
            CHECK(l != HS_HEAD && l != HS_TORSO && disabled_after(t, l, in_l));
            torso_picks++;
        }
    }
    /* the forbidden picks, tried on a copy */
    for (int s = 0; s < t->board->nstations; s++)
        for (int q = 0; t->board->station[s].location == l && q < t->nsquares[s]; q++) {
            int low = lowest_free_weak(t, l);

            if (t->square[s][q].colour != HS_WHITE ||
                (t->square[s][q].weak > low && low && t->cube[s][q] != HS_C_DAMAGE)) {
                refusals++;
                CHECK(refused_on_copy(
                    b, json_pack("{s:s, s:[{s:s, s:i}]}", "type", "damage", "picks", "station",
                                 t->board->station[s].id, "square", q)));
            }
        }
    *seen += 1;
}

/* HS-R-28, HS-R-29, HS-R-31, HS-R-32: damage cubes on the struck
 * location's white squares (the torso's past a disabled arm or legs,
 * never past the head or the torso, HS-R-83),
 * weak points lowest first, the critical's last cube the attacker's. */
static void test_hs_r_28_29_31_32_damage_placement_in_play(void)
{
    seen_enough("HS-R-28 to HS-R-32", watch(damage_picks));
    /* each branch of the rule came up: weak points, the torso past a
     * disabled location, the critical's last cube, forbidden picks */
    fprintf(stderr, "  %d weak points, %d into the torso, %d last cubes, %d refused\n",
            weak_picks, torso_picks, last_cubes, refusals);
    CHECK(weak_picks > 0 && torso_picks > 0 && last_cubes > 0 && refusals > 0);
}

/* A weapon on a disabled hit location makes no attack: at each question
 * to attack, no such weapon listed, and its declaration refused. */
static void disabled_weapons(const struct hs_game *b, const struct hs_game *a,
                             const json_t *move, int seat, const json_t *events, int *seen)
{
    struct hs_attack_option o[HS_MAX_OPTIONS];
    const struct hs_titan_at *ta;
    int s = a->ask_seat, n;

    (void)b;
    (void)move;
    (void)seat;
    (void)events;
    if (a->stage != HS_STAGE_ROUND || a->ask != HS_ASK_ATTACK || s < 0)
        return;
    ta = &a->titan[a->p[s].titan];
    n = hs_combat_options(a, s, o);
    for (int m = 0; m < HS_MOUNTS; m++) {
        if (ta->card[m] < 0 || !hs_catalog_get()->weapon[ta->card[m]].weapon ||
            !hs_titan_disabled(&ta->cubes, hs_mount_location((enum hs_mount)m)))
            continue;
        for (int i = 0; i < n; i++)
            CHECK(o[i].mount != m);
        CHECK(refused_on_copy(a, json_pack("{s:s, s:s, s:i}", "type", "attack", "mount",
                                           hs_mount_name((enum hs_mount)m), "target",
                                           enemy_of(a, s))));
        *seen += 1;
    }
}

/* HS-R-104: a weapon on a disabled hit location cannot fire. */
static void test_hs_r_104_disabled_location_cannot_fire_in_play(void)
{
    /* a few games disable a location with a weapon on it, each for many
     * questions: the count swings with the games */
    seen_at_least("HS-R-104", watch(disabled_weapons), 5);
}

/* ---- Combat: Knockback --------------------------------------------------- */

static int mobility_steam(const struct hs_titan *t)
{
    int n = 0;

    for (int s = 0; s < t->board->nstations; s++)
        if (t->board->station[s].type == HS_MOBILITY)
            n += hs_titan_steam_at(t, s);
    return n;
}

/* Whether nothing after the move's one knockback but its own payment
 * changed a titan: the steam and room it read are then the after
 * position's plus what it spent. */
static int knockback_last(const json_t *events)
{
    size_t i, k = json_array_size(events);
    json_t *e;

    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), "knockback") == 0)
            k = i;
    for (i = k + 1; i < json_array_size(events); i++) {
        const char *type = json_string_value(json_object_get(json_array_get(events, i), "type"));

        /* its own payment, the attack's end, a phase beginning last */
        if (strcmp(type, "steam_spent") != 0 && strcmp(type, "attack_over") != 0 &&
            strcmp(type, "attack_passed") != 0 &&
            !(strcmp(type, "phase_started") == 0 && i + 1 == json_array_size(events)))
            return 0;
    }
    return k < json_array_size(events);
}

/*
 * A knockback of X: the target spends X mobility steam into its box when
 * it has the steam and the room, else its terrain card is discarded, else
 * it spends what it has room for (HS-AMB-32); nobody is asked.
 */
static void knockback(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                      int seat, const json_t *events, int *seen)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const json_t *e = find_event(events, "knockback");
    int d = target_seat(b, events), w = weapon_of(b, events), x, spent, mob, room;

    (void)move;
    (void)seat;
    if (!e || d < 0 || w < 0 || count_event(events, "knockback") != 1 || !knockback_last(events))
        return;
    x = cat->weapon[w].trait[HS_T_KNOCKBACK];
    spent = (int)json_integer_value(json_object_get(e, "steam"));
    mob = mobility_steam(titan_of(a, d)) + spent;
    room = hs_pressure_room(titan_of(a, d)) + spent;
    if (json_is_true(json_object_get(e, "terrain_discarded"))) {
        CHECK(mob < x || room < x);
        CHECK(b->titan[b->p[d].titan].terrain >= 0);
        CHECK_EQ_INT(a->titan[a->p[d].titan].terrain, -1);
        CHECK_EQ_INT(spent, 0);
    } else {
        int want = x < mob ? x : mob;

        CHECK_EQ_INT(spent, want < room ? want : room);
        if (spent < x)
            CHECK_EQ_INT(b->titan[b->p[d].titan].terrain, -1);
        *seen += spent == x;
    }
}

/* HS-R-70, HS-R-99: Knockback X spends the target's mobility steam, or
 * its terrain, or what it has, asking nobody. */
static void test_hs_r_70_99_knockback_in_play(void)
{
    /* only the Kaltschmied's Steam Hammer knocks back, in heavy games */
    seen_at_least("HS-R-70, HS-R-99 (the steam spent)", watch(knockback), 5);
}

/* ---- legal moves name a card once ---------------------------------------- */

/* No two entries of a listing alike; seen: a card listed while the hand
 * holds two copies or more of it. */
static void cards_listed_once(const struct hs_game *b, const struct hs_game *a,
                              const json_t *move, int seat, const json_t *events, int *seen)
{
    json_t *list, *moves, *e;
    size_t i;

    (void)b;
    (void)move;
    (void)seat;
    (void)events;
    if (a->stage != HS_STAGE_ROUND)
        return;
    list = hs_round_moves(a, a->ask_seat);
    moves = json_object_get(list, "moves");
    json_array_foreach(moves, i, e) {
        const char *id = json_string_value(json_object_get(e, "card"));

        for (size_t j = i + 1; j < json_array_size(moves); j++)
            if (!CHECK(!json_equal(e, json_array_get(moves, j))))
                show(e, NULL);
        *seen += id && hand_count(a, a->ask_seat, id) >= 2;
    }
    json_decref(list);
}

/* HS-R-125: legal moves list each card id once; copies are alike. */
static void test_hs_r_125_a_card_listed_once_in_play(void)
{
    seen_enough("HS-R-125 (two copies in hand)", watch(cards_listed_once));
}

/* ---- no station changed while the steam moves ----------------------------- */

/* Whether battle card b changes its player's stations: repairs, shields,
 * steam placed or moved. */
static int changes_stations(const struct hs_battle_card *b)
{
    for (int i = 0; i < b->effect.nsteps; i++) {
        enum hs_op op = b->effect.step[i].op;

        if (op == HS_OP_REPAIR || op == HS_OP_SHIELD || op == HS_OP_PLACE_STEAM ||
            op == HS_OP_FREE_MOVE)
            return 1;
    }
    return 0;
}

/* While a titan's steam moves, no card that changes its stations is
 * listed; seen: a flow asked while the hand holds such a card. */
static void no_card_while_flowing(const struct hs_game *b, const struct hs_game *a,
                                  const json_t *move, int seat, const json_t *events, int *seen)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *list, *e;
    size_t i;
    int held = 0;

    (void)b;
    (void)move;
    (void)seat;
    (void)events;
    if (a->stage != HS_STAGE_ROUND || a->ask != HS_ASK_FLOW)
        return;
    for (int c = 0; c < a->ncards; c++)
        held |= a->zone[c] == HS_Z_HAND && a->holder[c] == a->ask_seat &&
                changes_stations(&cat->battle[a->card[c]]);
    list = hs_round_moves(a, a->ask_seat);
    json_array_foreach(json_object_get(list, "moves"), i, e) {
        const char *id = json_string_value(json_object_get(e, "card"));
        int k = id ? hs_catalog_battle(cat, id) : -1;

        if (k >= 0 && !CHECK(!changes_stations(&cat->battle[k])))
            fprintf(stderr, "  listed while the steam moves: %s\n", id);
    }
    json_decref(list);
    *seen += held;
}

/* HS-R-133: while a titan's steam moves, no card changes its stations. */
static void test_hs_r_133_no_station_card_while_the_steam_moves_in_play(void)
{
    seen_enough("HS-R-133 (a station card in hand)", watch(no_card_while_flowing));
}

/* ---- repairs: each paid --------------------------------------------------- */

static int damage_on(const struct hs_titan *t)
{
    int n = 0;

    for (int s = 0; s < t->board->nstations; s++)
        n += count_cubes(t, s, HS_C_DAMAGE);
    return n;
}

/*
 * Where the steam answer lists repairs, as many as listed (max), each of
 * one listed square, tried on a copy: each pays the board's repair cost
 * from the repair station into the box and removes its cube; one repair
 * more than the repair station's steam pays for is refused. (The shipped
 * boards' repair stations hold steam for one repair a phase.)
 */
static void repairs_paid(const struct hs_game *b, const struct hs_game *a, const json_t *move,
                         int seat, const json_t *events, int *seen)
{
    json_t *list, *e, *shape = NULL, *of, *reps, *after;
    struct hs_game *c;
    struct rules_error err;
    struct rng r = R;
    size_t i;
    int s = a->ask_seat, max, rc, cost;

    (void)b;
    (void)move;
    (void)seat;
    (void)events;
    if (a->stage != HS_STAGE_ROUND || a->ask != HS_ASK_AFTER_FLOW)
        return;
    list = hs_round_moves(a, s);
    json_array_foreach(json_object_get(list, "moves"), i, e)
        if (json_object_get(e, "repairs"))
            shape = e;
    of = json_object_get(json_object_get(shape, "repairs"), "of");
    max = (int)json_integer_value(json_object_get(json_object_get(shape, "repairs"), "max"));
    if (max < 1 || json_array_size(of) <= (size_t)max) {
        json_decref(list);
        return;
    }
    cost = titan_of(a, s)->board->repair_cost;
    reps = json_array();
    for (int k = 0; k < max; k++)
        json_array_append_new(reps, json_pack("[O]", json_array_get(of, (size_t)k)));
    c = malloc(sizeof *c);
    memcpy(c, a, sizeof *c);
    e = json_pack("{s:s, s:O}", "type", "steam_done", "repairs", reps);
    after = json_array();
    rc = hs_round_apply(c, s, e, &r, after, &err);
    json_decref(e);
    /* the answer ends the titan's steam phase: the next seat's steam, or
     * the Cards phase, leave this titan's box as the repairs left it,
     * unless an event drawn there (nobody buying) acts on it */
    if (CHECK(ok(rc, &err)) && c->phase != HS_PH_PRESSURE && c->round == a->round &&
        !count_event(after, "event_drawn")) {
        CHECK_EQ_INT(damage_on(titan_of(a, s)) - damage_on(titan_of(c, s)), max);
        CHECK_EQ_INT(titan_of(c, s)->npressure - titan_of(a, s)->npressure, max * cost);
        *seen += 1;
    }
    json_decref(after);
    free(c);
    json_array_append_new(reps, json_pack("[O]", json_array_get(of, (size_t)max)));
    CHECK(refused_on_copy(a, json_pack("{s:s, s:O}", "type", "steam_done", "repairs", reps)));
    json_decref(reps);
    json_decref(list);
}

/* HS-R-42, HS-R-112: repairs in the answer after the steam, each paid,
 * no more than the steam pays for. */
static void test_hs_r_112_repairs_each_paid_in_play(void)
{
    seen_enough("HS-R-112 (repairs)", watch(repairs_paid));
}

int main(void)
{
    static const watch_fn every[] = {
        red_squares, shield_cubes, results, defense_dice, damage_picks, disabled_weapons,
        knockback, cards_listed_once, no_card_while_flowing, repairs_paid};

    watch_all(every, (int)(sizeof every / sizeof every[0]));
    RUN(test_hs_r_38_red_squares_heat_in_play);
    RUN(test_hs_r_39_shield_cube_for_each_steam_cube_in_play);
    RUN(test_hs_r_22_25_successes_decide_the_result_in_play);
    RUN(test_hs_r_23_defense_dice_from_the_box_in_play);
    RUN(test_hs_r_28_29_31_32_damage_placement_in_play);
    RUN(test_hs_r_104_disabled_location_cannot_fire_in_play);
    RUN(test_hs_r_70_99_knockback_in_play);
    RUN(test_hs_r_125_a_card_listed_once_in_play);
    RUN(test_hs_r_133_no_station_card_while_the_steam_moves_in_play);
    RUN(test_hs_r_112_repairs_each_paid_in_play);
    return check_summary();
}
