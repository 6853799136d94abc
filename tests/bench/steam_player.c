/*
 * steam_player.c - turnpost-bench's Steam player (see steam_player.h).
 *
 * Geometry, as GET /v1/rulesets/steam describes it: pointy-top hexes in
 * rows, odd rows (from 0) shifted half a hex right; "e4" is column e, row
 * 4; sides 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; a tile at rotation r turns
 * side s into (s + r) mod 6.
 */
#include "steam_player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 26
#define MAX_ROWS 32
#define MAX_HEX (MAX_COLS * MAX_ROWS)
#define MAX_TILES 5                 /* the longest link planned, in tiles */
#define BENCH_TILES 4               /* the same when not through towns */
#define MAX_PLANS 4096
#define COLOURS 5
#define MONEY_FLOOR (-3)            /* the lowest income raised to for track */

static const char *const colour_names[COLOURS] = {"red", "blue", "yellow", "purple", "gray"};

/* What a plan needs of the board, read from a view's state. */
struct board {
    int cols, rows;
    char code[MAX_HEX];             /* map code; 0 off the map */
    signed char colour[MAX_HEX];    /* city colour, -1 not a city */
    unsigned char blocked[MAX_HEX]; /* bit s: side s impassable */
    unsigned char track[MAX_HEX];   /* a tile lies there */
    unsigned char cubes[MAX_HEX][COLOURS];
    int cash, income;
};

/* The first tile of a way to finish a link, and what it is worth. */
struct plan {
    int hex, in, out;
    double score;
};

struct search {
    const struct board *b;
    int towns, max;                 /* through towns; the most tiles planned */
    int origin, open, path[MAX_TILES], n;
    struct plan *plans;
    int nplans;
    int first_hex, first_in, first_out;
    int cost;
};

static int colour_index(const char *name)
{
    for (int i = 0; name && i < COLOURS; i++)
        if (strcmp(name, colour_names[i]) == 0)
            return i;
    return -1;
}

/* "e4" -> its index on b, or -1. */
static int hex_parse(const struct board *b, const char *name)
{
    char *end;
    long r;
    int c;

    if (!name || name[0] < 'a' || name[0] > 'z')
        return -1;
    c = name[0] - 'a';
    r = strtol(name + 1, &end, 10) - 1;
    if (*end || r < 0 || r >= b->rows || c >= b->cols)
        return -1;
    return (int)r * b->cols + c;
}

static void hex_name(const struct board *b, int h, char out[16])
{
    out[0] = (char)('a' + h % b->cols);
    snprintf(out + 1, 15, "%d", h / b->cols + 1);
}

/* The hex across side s of h, or -1 off the map. */
static int neighbour(const struct board *b, int h, int s)
{
    static const int dc_even[6] = {1, 0, -1, -1, -1, 0}, dc_odd[6] = {1, 1, 0, -1, 0, 1},
                     dr[6] = {0, 1, 1, 0, -1, -1};
    int c = h % b->cols, r = h / b->cols;
    int nc = c + (r & 1 ? dc_odd : dc_even)[s], nr = r + dr[s];

    if (nc < 0 || nr < 0 || nc >= b->cols || nr >= b->rows)
        return -1;
    return nr * b->cols + nc;
}

/* Empty ground a plain tile may go on: no water, city, town or track. */
static int open_ground(const struct board *b, int h)
{
    char k = h >= 0 ? b->code[h] : 0;

    return k && k != '~' && k != 't' && k != 'T' && b->colour[h] < 0 && !b->track[h];
}

/* A town hex that is still a town and has no track. */
static int free_town(const struct board *b, int h)
{
    char k = h >= 0 ? b->code[h] : 0;

    return (k == 't' || k == 'T') && b->colour[h] < 0 && !b->track[h];
}

/* Where a planned link may run on: open ground, or a free town when
 * planning through towns. */
static int passable(const struct search *s, int h)
{
    return open_ground(s->b, h) || (s->towns && free_town(s->b, h));
}

/* A two-exit tile's cost on h: $2, +1 on a river, +2 on hills, +1 in a
 * town. */
static int tile_cost(const struct board *b, int h)
{
    char k = b->code[h];

    return 2 + (k == 'r' || k == 'H' || k == 'T') + 2 * (k == 'h' || k == 'H') +
           (k == 't' || k == 'T');
}

/* Cubes at a whose colour is b's, so a link a-b could deliver them. */
static int waiting(const struct board *b, int from, int to)
{
    if (from < 0 || to < 0 || b->colour[from] < 0 || b->colour[to] < 0)
        return 0;
    return b->cubes[from][b->colour[to]];
}

/* Reads the board from a GameView's state; -1 when it is not Steam's. */
static int board_read(struct board *b, const json_t *state, int seat)
{
    json_t *map = json_object_get(state, "map"), *v, *p;
    const char *key;
    size_t i, j;

    memset(b, 0, sizeof *b);
    memset(b->colour, -1, sizeof b->colour);
    b->cols = (int)json_integer_value(json_object_get(map, "cols"));
    b->rows = (int)json_integer_value(json_object_get(map, "rows_count"));
    if (b->cols < 1 || b->cols > MAX_COLS || b->rows < 1 || b->rows > MAX_ROWS)
        return -1;
    json_array_foreach(json_object_get(map, "rows"), i, v) {
        const char *row = json_string_value(v);

        for (int c = 0; row && (int)i < b->rows && c < b->cols && row[c]; c++)
            b->code[(int)i * b->cols + c] = row[c];
    }
    json_array_foreach(json_object_get(map, "cities"), i, v) {
        int h = hex_parse(b, json_string_value(json_object_get(v, "hex")));

        if (h >= 0)
            b->colour[h] = (signed char)colour_index(json_string_value(json_object_get(v, "colour")));
    }
    json_array_foreach(json_object_get(map, "towns"), i, v) {
        int h = hex_parse(b, json_string_value(json_object_get(v, "hex")));
        int c = colour_index(json_string_value(json_object_get(v, "new_city")));

        if (h >= 0 && c >= 0)
            b->colour[h] = (signed char)c;
    }
    json_array_foreach(json_object_get(map, "impassable"), i, v) {
        const char *x = json_string_value(v), *slash = x ? strchr(x, '/') : NULL;
        char name[8];
        int h, s, n;

        if (!slash || slash - x >= (long)sizeof name)
            continue;
        memcpy(name, x, (size_t)(slash - x));
        name[slash - x] = 0;
        h = hex_parse(b, name);
        s = atoi(slash + 1);
        if (h < 0 || s < 0 || s > 5)
            continue;
        b->blocked[h] |= (unsigned char)(1u << s);
        if ((n = neighbour(b, h, s)) >= 0)
            b->blocked[n] |= (unsigned char)(1u << ((s + 3) % 6));
    }
    json_array_foreach(json_object_get(state, "track"), i, v) {
        int h = hex_parse(b, json_string_value(json_object_get(v, "hex")));

        if (h >= 0)
            b->track[h] = 1;
    }
    json_object_foreach(json_object_get(state, "cubes"), key, v) {
        int h = hex_parse(b, key);

        json_array_foreach(v, j, p) {
            int c = colour_index(json_string_value(p));

            if (h >= 0 && c >= 0 && b->cubes[h][c] < 255)
                b->cubes[h][c]++;
        }
    }
    p = json_array_get(json_object_get(state, "players"), (size_t)seat);
    b->cash = (int)json_integer_value(json_object_get(p, "cash"));
    b->income = (int)json_integer_value(json_object_get(p, "income"));
    return p ? 0 : -1;
}

/* Records the plan ending at city dest (the path is s->path[0..n)). */
static void plan_add(struct search *s, int dest)
{
    const struct board *b = s->b;
    int value = waiting(b, s->origin, dest) + waiting(b, dest, s->origin);
    int money = b->cash + 5 * (b->income > MONEY_FLOOR ? b->income - MONEY_FLOOR : 0);

    if ((!value && !s->open) || s->cost > money + (s->open ? 10 : 0) || s->nplans == MAX_PLANS)
        return;
    s->plans[s->nplans++] = (struct plan){
        .hex = s->first_hex, .in = s->first_in, .out = s->first_out,
        .score = 3.0 * value - s->cost + (s->open ? 4 : 0) - 0.5 * s->n};
}

/* Extends the path from h, entered from side in, by one tile each way. */
static void walk(struct search *s, int h, int in)
{
    const struct board *b = s->b;

    s->path[s->n++] = h;
    s->cost += tile_cost(b, h);
    for (int x = 0; x < 6; x++) {
        int next = neighbour(b, h, x), seen = 0;

        if (x == in || (b->blocked[h] & (1u << x)) || next < 0 || !b->code[next] ||
            b->code[next] == '~')
            continue;
        if (s->n == 1) {
            s->first_in = in;
            s->first_out = x;
        }
        if (b->colour[next] >= 0) {
            if (next != s->origin)
                plan_add(s, next);
            continue;
        }
        for (int i = 0; i < s->n; i++)
            seen |= s->path[i] == next;
        if (s->n < s->max && !seen && passable(s, next))
            walk(s, next, (x + 3) % 6);
    }
    s->cost -= tile_cost(b, h);
    s->n--;
}

static void search_from(struct search *s, int origin, int h, int in, int open)
{
    if (!passable(s, h))
        return;
    s->origin = origin;
    s->open = open;
    s->first_hex = h;
    walk(s, h, in);
}

static int by_score(const void *x, const void *y)
{
    double a = ((const struct plan *)x)->score, b = ((const struct plan *)y)->score;

    return (a < b) - (a > b);
}

/* The build entry's tile that lays track from side a to side b on hex
 * name, as a move; NULL when legal-moves does not offer it. */
static json_t *offered(const struct steam_player *p, const json_t *build, const char *name,
                       int a, int b)
{
    json_t *opt, *t, *r;
    size_t i, j, k;

    json_array_foreach(json_object_get(build, "options"), i, opt) {
        if (strcmp(json_string_value(json_object_get(opt, "hex")) ?: "", name) != 0)
            continue;
        json_array_foreach(json_object_get(opt, "tiles"), j, t) {
            const char *id = json_string_value(json_object_get(t, "tile"));

            for (int n = 0; id && n < p->ntiles; n++) {
                if (strcmp(id, p->id[n]) != 0)
                    continue;
                json_array_foreach(json_object_get(t, "rotations"), k, r) {
                    int rot = (int)json_integer_value(r);
                    int e0 = (p->side[n][0] + rot) % 6, e1 = (p->side[n][1] + rot) % 6;

                    if ((e0 == a && e1 == b) || (e0 == b && e1 == a))
                        return json_pack("{s:s, s:s, s:s, s:i}", "type", "build", "hex", name,
                                         "tile", id, "rotation", rot);
                }
            }
        }
    }
    return NULL;
}

/* The next tile of the best link seat can finish, or NULL. */
static json_t *pick_build(const struct steam_player *p, const json_t *build, const json_t *state,
                          int seat)
{
    struct board *b = malloc(sizeof *b);
    struct search s = {.b = b, .towns = p->through_towns,
                       .max = p->through_towns ? MAX_TILES : BENCH_TILES};
    json_t *v, *move = NULL;
    size_t i;

    if (!b || board_read(b, state, seat) || !(s.plans = malloc(MAX_PLANS * sizeof *s.plans))) {
        free(b);
        return NULL;
    }
    /* From the open end of each of seat's incomplete links, then from
     * every side of every city. */
    json_array_foreach(json_object_get(state, "links"), i, v) {
        json_t *ends = json_object_get(v, "ends");
        int oh = hex_parse(b, json_string_value(json_object_get(v, "open_hex")));
        int os = (int)json_integer_value(json_object_get(v, "open_side"));
        int origin = hex_parse(b, json_string_value(json_array_get(ends, 0)));

        if (origin < 0)
            origin = hex_parse(b, json_string_value(json_array_get(ends, 1)));
        if (json_integer_value(json_object_get(v, "owner")) != seat ||
            json_is_true(json_object_get(v, "complete")) || oh < 0 || origin < 0 || os < 0 || os > 5)
            continue;
        search_from(&s, origin, neighbour(b, oh, os), (os + 3) % 6, 1);
    }
    for (int h = 0; h < b->cols * b->rows; h++)
        for (int d = 0; b->colour[h] >= 0 && d < 6; d++)
            if (!(b->blocked[h] & (1u << d)))
                search_from(&s, h, neighbour(b, h, d), (d + 3) % 6, 0);
    qsort(s.plans, (size_t)s.nplans, sizeof *s.plans, by_score);
    for (int k = 0; k < s.nplans && !move; k++) {
        char name[16];

        hex_name(b, s.plans[k].hex, name);
        move = offered(p, build, name, s.plans[k].in, s.plans[k].out);
    }
    free(s.plans);
    free(b);
    return move;
}

/* Steps of a delivery's route along the mover's own links. */
static int own_steps(const json_t *move, int seat)
{
    json_t *step;
    size_t i;
    int n = 0;

    json_array_foreach(json_object_get(move, "route"), i, step)
        n += json_integer_value(json_object_get(step, "owner")) == seat;
    return n;
}

int steam_player_init(struct steam_player *p, const json_t *ruleset)
{
    json_t *t;
    size_t i;
    int plain = 0;

    memset(p, 0, sizeof *p);
    json_array_foreach(json_object_get(ruleset, "tiles"), i, t) {
        json_t *segs = json_object_get(t, "segments"), *seg = json_array_get(segs, 0),
               *seg2 = json_array_get(segs, 1);
        const char *id = json_string_value(json_object_get(t, "id"));
        int town = json_array_size(segs) == 2 && json_is_string(json_array_get(seg, 1)) &&
                   json_is_string(json_array_get(seg2, 1));

        if (!id || strlen(id) >= sizeof p->id[0] || p->ntiles == STEAM_PLAYER_TILES ||
            (!town && (json_array_size(segs) != 1 || !json_is_integer(json_array_get(seg, 1)))))
            continue;
        snprintf(p->id[p->ntiles], sizeof p->id[0], "%s", id);
        p->side[p->ntiles][0] = (int)json_integer_value(json_array_get(seg, 0));
        p->side[p->ntiles][1] = (int)json_integer_value(json_array_get(town ? seg2 : seg, town ? 0 : 1));
        p->town[p->ntiles] = (unsigned char)town;
        plain += !town;
        p->ntiles++;
    }
    return plain ? 0 : -1;
}

json_t *steam_player_pick(const struct steam_player *p, const json_t *moves,
                          const char *view, size_t len, int seat, uint64_t r)
{
    json_t *root = NULL, *gv, *move, *m;
    size_t i;

    /* The view is read only where it is needed: to build. */
    json_array_foreach(moves, i, m)
        if (view && !root && strcmp(json_string_value(json_object_get(m, "type")) ?: "", "build") == 0)
            root = json_loadb(view, len, 0, NULL);
    gv = json_object_get(root, "game") ? json_object_get(root, "game") : root;
    move = steam_player_choose(p, moves, json_object_get(gv, "state"), seat, r);
    json_decref(root);
    return move;
}

json_t *steam_player_choose(const struct steam_player *p, const json_t *moves,
                            const json_t *state, int seat, uint64_t r)
{
    static const char *const actions[] = {"first_build", "engineer", "first_move", "turn_order", NULL};
    const json_t *first[16] = {0};
    const json_t *best = NULL, *m;
    size_t i;

    /* The first entry of each type, and the delivery worth most. */
    json_array_foreach(moves, i, m) {
        static const char *const types[] = {"bid", "pass", "select", "build", "done", "deliver",
                                            "locomotive", "score", NULL};
        const char *type = json_string_value(json_object_get(m, "type"));

        for (int k = 0; type && types[k]; k++)
            if (strcmp(type, types[k]) == 0 && !first[k])
                first[k] = m;
        if (type && strcmp(type, "deliver") == 0 &&
            (!best || own_steps(m, seat) > own_steps(best, seat) ||
             (own_steps(m, seat) == own_steps(best, seat) &&
              json_array_size(json_object_get(m, "route")) >
                  json_array_size(json_object_get(best, "route")))))
            best = m;
    }
    if (best)
        return json_deep_copy(best);
    if (first[0] && first[1])           /* the auction: let others have it */
        return json_deep_copy(first[1]);
    if (first[2]) {                     /* Phase 1: a free action tile */
        for (int k = 0; actions[k]; k++)
            json_array_foreach(moves, i, m)
                if (strcmp(json_string_value(json_object_get(m, "action")) ?: "", actions[k]) == 0)
                    return json_deep_copy(m);
        json_array_foreach(moves, i, m)
            if (json_is_true(json_object_get(m, "pass_option")))
                return json_deep_copy(m);
        return NULL;
    }
    if (first[7]) {                     /* track points: income or VP */
        json_array_foreach(moves, i, m)
            if (strcmp(json_string_value(json_object_get(m, "take")) ?: "", r & 1 ? "income" : "vp") == 0)
                return json_deep_copy(m);
        return json_deep_copy(first[7]);
    }
    if (first[6] && (r & 2))            /* nothing to deliver: the locomotive, now and then */
        return json_deep_copy(first[6]);
    if (first[3] && state) {
        json_t *move = pick_build(p, first[3], state, seat);

        if (move)
            return move;
    }
    if (first[4])
        return json_deep_copy(first[4]);
    if (first[1] && !first[3])
        return json_deep_copy(first[1]);
    return NULL;
}
