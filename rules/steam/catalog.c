/*
 * catalog.c - loads and checks Steam's data (data/ (JSON)) once.
 *
 * Everything is checked strictly: an unknown key, a hex code the engine
 * does not know, a city that is not on a city hex, a manifest that does
 * not add up to 136 tiles or a tile with a junction makes the catalog
 * unusable, so a typo in a data file fails every test instead of quietly
 * changing a rule.
 */
#include "catalog.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "../data.h"
#include "../engine.h"

/* The shared data checks (rules/data.h), writing to this catalog's error. */
#define fail(cat, ...) rules_data_fail((cat)->error, __VA_ARGS__)
#define only_keys(cat, ...) rules_data_keys((cat)->error, __VA_ARGS__)
#define get_int(cat, ...) rules_data_int((cat)->error, __VA_ARGS__)
#define get_str(cat, ...) rules_data_str((cat)->error, __VA_ARGS__)

static const char *const colour_names[ST_COLOURS] = {
    "red", "blue", "yellow", "purple", "gray"};
static const char colour_letters[ST_COLOURS] = {'r', 'b', 'y', 'p', 'g'};
static const char *const action_ids[ST_ACTIONS] = {
    "turn_order", "first_move", "first_build", "engineer", "city_growth",
    "urbanization", "locomotive"};
static const char *const map_files[ST_MAPS] = {
    "steam/data/map_tidewater.json", "steam/data/map_rhinegold.json"};

#define ST_TOTAL_TILES 136

const char *steam_colour_name(int c)
{
    return c >= 0 && c < ST_COLOURS ? colour_names[c] : "?";
}

int steam_colour_parse(const char *s)
{
    for (int c = 0; s && c < ST_COLOURS; c++)
        if (strcmp(s, colour_names[c]) == 0)
            return c;
    return -1;
}

char steam_colour_letter(int c)
{
    return c >= 0 && c < ST_COLOURS ? colour_letters[c] : '?';
}

int steam_colour_from_letter(char ch)
{
    for (int c = 0; c < ST_COLOURS; c++)
        if (ch == colour_letters[c])
            return c;
    return -1;
}

int steam_hex_parse(const struct st_map *m, const char *id)
{
    int col, row = 0;

    if (!id || id[0] < 'a' || id[0] > 'z' || !id[1])
        return -1;
    col = id[0] - 'a';
    for (const char *p = id + 1; *p; p++) {
        if (*p < '0' || *p > '9' || row > 100 || (p == id + 1 && *p == '0'))
            return -1;
        row = row * 10 + (*p - '0');
    }
    row--;
    if (col >= m->cols || row < 0 || row >= m->rows)
        return -1;
    if (m->hex[row * m->cols + col].terrain == ST_VOID)
        return -1;
    return row * m->cols + col;
}

const char *steam_hex_name(const struct st_map *m, int h, char *buf)
{
    unsigned row = (unsigned)(h / m->cols + 1) % 100u;
    char *p = buf;

    /* By hand, not snprintf: states and move lists name many hexes. */
    *p++ = (char)('a' + h % m->cols);
    if (row >= 10)
        *p++ = (char)('0' + row / 10);
    *p++ = (char)('0' + row % 10);
    *p = 0;
    return buf;
}

static json_t *load(struct st_catalog *cat, const char *path)
{
    const char *text = rules_data(path);
    json_error_t jerr;
    json_t *root;
    const char *ver;

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
    if (!ver || (cat->version[0] && strcmp(ver, cat->version) != 0) ||
        strlen(ver) >= sizeof cat->version) {
        fail(cat, "%s: data_version missing or different", path);
        json_decref(root);
        return NULL;
    }
    snprintf(cat->version, sizeof cat->version, "%s", ver);
    return root;
}

/* ---- tiles -------------------------------------------------------------- */

/* The set of side pairs of tile t at rotation r, as a canonical bit set
 * (bit a*7+b for a segment between ends a < b). */
static unsigned long long tile_key(const struct st_tile *t, int r)
{
    unsigned long long k = 0;

    for (int i = 0; i < t->nseg; i++) {
        int a = st_rot(t->seg[i][0], r), b = st_rot(t->seg[i][1], r);

        if (a > b) {
            int x = a;
            a = b;
            b = x;
        }
        k |= 1ull << (a * 7 + b);
    }
    return k;
}

static int parse_tile(struct st_catalog *cat, json_t *o, struct st_tile *t)
{
    static const char *const keys[] = {"id", "kind", "name", "segments",
                                       "exits", "count", NULL};
    const char *kind = json_string_value(json_object_get(o, "kind"));
    unsigned used = 0;
    json_t *a, *v;
    size_t i;
    char what[64];

    memset(t, 0, sizeof *t);
    if (only_keys(cat, o, "tile", keys) ||
        get_str(cat, o, "tile", "id", t->id, sizeof t->id))
        return -1;
    snprintf(what, sizeof what, "tile %s", t->id);
    if (get_str(cat, o, what, "name", t->name, sizeof t->name) ||
        get_int(cat, o, what, "count", 1, ST_TOTAL_TILES, &t->count))
        return -1;
    if (!kind || (strcmp(kind, "plain") && strcmp(kind, "town")))
        return fail(cat, "%s: kind must be plain or town", what);
    t->town = strcmp(kind, "town") == 0;
    a = json_object_get(o, t->town ? "exits" : "segments");
    if (json_object_get(o, t->town ? "segments" : "exits"))
        return fail(cat, "%s: a %s tile has no %s", what, kind,
                    t->town ? "segments" : "exits");
    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > ST_MAX_SEGS)
        return fail(cat, "%s: 1..%d segments", what, ST_MAX_SEGS);
    json_array_foreach(a, i, v) {
        int e[2];

        if (t->town) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) > 5)
                return fail(cat, "%s: exits are sides 0..5", what);
            e[0] = (int)json_integer_value(v);
            e[1] = ST_TOWN_END;
        } else {
            json_t *x = json_array_get(v, 0), *y = json_array_get(v, 1);

            if (json_array_size(v) != 2 || !json_is_integer(x) ||
                !json_is_integer(y) || json_integer_value(x) < 0 ||
                json_integer_value(x) > 5 || json_integer_value(y) < 0 ||
                json_integer_value(y) > 5 ||
                json_integer_value(x) == json_integer_value(y))
                return fail(cat, "%s: a segment is two different sides", what);
            e[0] = (int)json_integer_value(x);
            e[1] = (int)json_integer_value(y);
        }
        for (int k = 0; k < 2; k++) {
            if (e[k] == ST_TOWN_END)
                continue;
            if (used & (1u << e[k]))
                return fail(cat, "%s: side %d used twice (a junction)", what,
                            e[k]);
            used |= 1u << e[k];
            t->exits++;
        }
        t->seg[t->nseg][0] = e[0];
        t->seg[t->nseg][1] = e[1];
        t->nseg++;
    }
    for (int r = 0; r < 6; r++)
        for (int k = 0; k < t->nseg; k++)
            for (int e = 0; e < 2; e++)
                if (t->seg[k][e] != ST_TOWN_END) {
                    t->side_mask[r] |= 1u << st_rot(t->seg[k][e], r);
                    t->seg_mask[r][k] |= 1u << st_rot(t->seg[k][e], r);
                }
    for (int r = 0; r < 6; r++) {
        int same = 0;

        for (int q = 0; q < r; q++)
            if (tile_key(t, q) == tile_key(t, r))
                same = 1;
        if (!same)
            t->rot_distinct |= 1u << r;
    }
    return 0;
}

static int parse_tiles(struct st_catalog *cat)
{
    json_t *root = load(cat, "steam/data/tiles.json"), *a, *v;
    static const char *const keys[] = {"data_version", "note", "tiles", NULL};
    size_t i;
    int rc = -1;

    if (!root)
        return -1;
    if (only_keys(cat, root, "tiles.json", keys))
        goto out;
    a = json_object_get(root, "tiles");
    if (!json_is_array(a) || json_array_size(a) < 1 ||
        json_array_size(a) > ST_MAX_TILES) {
        fail(cat, "tiles.json: tiles must be 1..%d kinds", ST_MAX_TILES);
        goto out;
    }
    json_array_foreach(a, i, v) {
        struct st_tile *t = &cat->tile[cat->ntiles];

        if (parse_tile(cat, v, t))
            goto out;
        for (int j = 0; j < cat->ntiles; j++) {
            if (strcmp(cat->tile[j].id, t->id) == 0) {
                fail(cat, "tile %s twice", t->id);
                goto out;
            }
            for (int r = 0; r < 6; r++)
                if (cat->tile[j].town == t->town &&
                    tile_key(&cat->tile[j], 0) == tile_key(t, r)) {
                    fail(cat, "tiles %s and %s are the same track",
                         cat->tile[j].id, t->id);
                    goto out;
                }
        }
        cat->total_tiles += t->count;
        cat->ntiles++;
    }
    if (cat->total_tiles != ST_TOTAL_TILES) {
        fail(cat, "tiles.json: %d tiles, not %d", cat->total_tiles,
             ST_TOTAL_TILES);
        goto out;
    }
    rc = 0;
out:
    json_decref(root);
    return rc;
}

/* ---- rules numbers ------------------------------------------------------ */

static int parse_colour_counts(struct st_catalog *cat, json_t *o,
                               const char *what, int *out, int lo, int hi)
{
    const char *key;
    json_t *v;

    if (!json_is_object(o) || json_object_size(o) != ST_COLOURS)
        return fail(cat, "%s: one count per colour", what);
    json_object_foreach(o, key, v) {
        int c = steam_colour_parse(key);

        if (c < 0)
            return fail(cat, "%s: unknown colour %s", what, key);
        if (get_int(cat, o, what, key, lo, hi, &out[c]))
            return -1;
    }
    return 0;
}

static int parse_rules(struct st_catalog *cat)
{
    static const char *const keys[] = {
        "data_version", "note", "actions", "new_cities", "cubes",
        "income_min", "income_max", "locomotive_max", "turns", NULL};
    static const char *const akeys[] = {"id", "name", "value", "cost",
                                        "pass_option", NULL};
    json_t *root = load(cat, "steam/data/rules.json"), *a, *v, *t;
    size_t i;
    int rc = -1;

    if (!root)
        return -1;
    if (only_keys(cat, root, "rules.json", keys))
        goto out;
    a = json_object_get(root, "actions");
    if (!json_is_array(a) || json_array_size(a) != ST_ACTIONS) {
        fail(cat, "rules.json: exactly %d actions", ST_ACTIONS);
        goto out;
    }
    json_array_foreach(a, i, v) {
        struct st_action_info *ai = &cat->action[i];
        json_t *po = json_object_get(v, "pass_option");

        if (only_keys(cat, v, "action", akeys) ||
            get_str(cat, v, "action", "id", ai->id, sizeof ai->id) ||
            get_str(cat, v, "action", "name", ai->name, sizeof ai->name) ||
            get_int(cat, v, "action", "value", 1, 20, &ai->value) ||
            get_int(cat, v, "action", "cost", 0, 20, &ai->cost))
            goto out;
        if (strcmp(ai->id, action_ids[i]) != 0 || !json_is_boolean(po)) {
            fail(cat, "rules.json: action %zu must be %s with pass_option", i,
                 action_ids[i]);
            goto out;
        }
        ai->pass_option = json_is_true(po);
        for (size_t j = 0; j < i; j++)
            if (cat->action[j].value == ai->value) {
                fail(cat, "rules.json: two actions of value %d", ai->value);
                goto out;
            }
    }
    if (cat->action[ST_A_TURN_ORDER].value != 1 ||
        !cat->action[ST_A_CITY_GROWTH].pass_option ||
        !cat->action[ST_A_URBANIZATION].pass_option) {
        fail(cat, "rules.json: Turn Order has value 1; City Growth and "
             "Urbanization have a pass option");
        goto out;
    }
    if (parse_colour_counts(cat, json_object_get(root, "new_cities"),
                            "new_cities", cat->new_cities, 0, 8) ||
        parse_colour_counts(cat, json_object_get(root, "cubes"), "cubes",
                            cat->cubes, 0, 40) ||
        get_int(cat, root, "rules.json", "income_min", -10, -10,
                &cat->income_min) ||
        get_int(cat, root, "rules.json", "income_max", 1, 99,
                &cat->income_max) ||
        get_int(cat, root, "rules.json", "locomotive_max", 6, 6,
                &cat->loco_max))
        goto out;
    for (int c = 0; c < ST_COLOURS; c++)
        cat->total_cubes += cat->cubes[c];
    if (cat->total_cubes != 96) {
        fail(cat, "rules.json: %d cubes, not 96", cat->total_cubes);
        goto out;
    }
    t = json_object_get(root, "turns");
    for (int p = 3; p <= 6; p++) {
        char k[12];

        snprintf(k, sizeof k, "%d", p);
        if (get_int(cat, t, "turns", k, 1, 20, &cat->turns[p]))
            goto out;
    }
    if (!json_is_object(t) || json_object_size(t) != 4) {
        fail(cat, "rules.json: turns for 3..6 players only");
        goto out;
    }
    rc = 0;
out:
    json_decref(root);
    return rc;
}

/* ---- maps --------------------------------------------------------------- */

static int neighbour(const struct st_map *m, int h, int s)
{
    int c = h % m->cols, r = h / m->cols, odd = r & 1, nc, nr;
    static const int dc_even[6] = {1, 0, -1, -1, -1, 0};
    static const int dc_odd[6] = {1, 1, 0, -1, 0, 1};
    static const int dr[6] = {0, 1, 1, 0, -1, -1};

    nc = c + (odd ? dc_odd[s] : dc_even[s]);
    nr = r + dr[s];
    if (nc < 0 || nc >= m->cols || nr < 0 || nr >= m->rows)
        return -1;
    if (m->hex[nr * m->cols + nc].terrain == ST_VOID)
        return -1;
    return nr * m->cols + nc;
}

static int parse_map(struct st_catalog *cat, const char *path,
                     struct st_map *m)
{
    static const char *const keys[] = {
        "data_version", "id", "name", "players", "fewer_cubes_with_3", "note",
        "rows", "cities", "towns", "impassable", "supply_spaces", NULL};
    static const char *const ckeys[] = {"hex", "name", "colour", "cubes",
                                        NULL};
    json_t *root = load(cat, path), *a, *v;
    const char *key;
    size_t i;
    int rc = -1, cubes = 0, colours[ST_COLOURS] = {0};

    if (!root)
        return -1;
    memset(m, 0, sizeof *m);
    if (only_keys(cat, root, path, keys) ||
        get_str(cat, root, path, "id", m->id, sizeof m->id) ||
        get_str(cat, root, path, "name", m->name, sizeof m->name) ||
        get_int(cat, root, path, "supply_spaces", 1, ST_MAX_SUPPLY,
                &m->supply_spaces))
        goto out;
    a = json_object_get(root, "players");
    if (!json_is_array(a) || json_array_size(a) < 1) {
        fail(cat, "%s: players must list player counts", path);
        goto out;
    }
    m->players_lo = 7;
    json_array_foreach(a, i, v) {
        int p = (int)json_integer_value(v);

        if (!json_is_integer(v) || p < 3 || p > 6) {
            fail(cat, "%s: player counts are 3..6", path);
            goto out;
        }
        m->players_lo = p < m->players_lo ? p : m->players_lo;
        m->players_hi = p > m->players_hi ? p : m->players_hi;
    }
    v = json_object_get(root, "fewer_cubes_with_3");
    if (!json_is_boolean(v)) {
        fail(cat, "%s: fewer_cubes_with_3 must be true or false", path);
        goto out;
    }
    m->fewer_with_3 = json_is_true(v);
    a = json_object_get(root, "rows");
    m->rows = (int)json_array_size(a);
    if (!json_is_array(a) || m->rows < 4 || m->rows > ST_MAX_ROWS) {
        fail(cat, "%s: 4..%d rows", path, ST_MAX_ROWS);
        goto out;
    }
    json_array_foreach(a, i, v) {
        const char *s = json_string_value(v);
        int n = s ? (int)strlen(s) : 0;

        if (i == 0)
            m->cols = n;
        if (!s || n != m->cols || n < 4 || n > ST_MAX_COLS ||
            m->rows * m->cols > ST_MAX_HEX) {
            fail(cat, "%s: rows must be strings of one length, 4..%d", path,
                 ST_MAX_COLS);
            goto out;
        }
        for (int c = 0; c < n; c++) {
            struct st_hex *hx = &m->hex[i * (size_t)m->cols + (size_t)c];

            hx->city = hx->town = -1;
            switch (s[c]) {
            case '~': hx->terrain = ST_VOID; break;
            case '.': hx->terrain = ST_PLAINS; break;
            case 'c': hx->terrain = ST_PLAINS; hx->coast = 1; break;
            case 'r': hx->terrain = ST_PLAINS; hx->river = 1; break;
            case 'h': hx->terrain = ST_HILLS; break;
            case 'H': hx->terrain = ST_HILLS; hx->river = 1; break;
            case 't': hx->terrain = ST_TOWN; break;
            case 'T': hx->terrain = ST_TOWN; hx->river = 1; break;
            case 'C': hx->terrain = ST_CITY; break;
            default:
                fail(cat, "%s: unknown hex code '%c'", path, s[c]);
                goto out;
            }
        }
    }
    m->nhex = m->rows * m->cols;
    for (int h = 0; h < m->nhex; h++)
        for (int s = 0; s < 6; s++)
            m->hex[h].nb[s] = m->hex[h].terrain == ST_VOID ? -1
                            : neighbour(m, h, s);
    a = json_object_get(root, "cities");
    if (!json_is_array(a) || json_array_size(a) > ST_MAX_CITIES) {
        fail(cat, "%s: up to %d cities", path, ST_MAX_CITIES);
        goto out;
    }
    json_array_foreach(a, i, v) {
        struct st_city *c = &m->city[m->ncities];
        char hx[8];
        int col;

        if (only_keys(cat, v, "city", ckeys) ||
            get_str(cat, v, "city", "hex", hx, sizeof hx) ||
            get_str(cat, v, "city", "name", c->name, sizeof c->name) ||
            get_int(cat, v, "city", "cubes", 1, 4, &c->cubes))
            goto out;
        c->hex = steam_hex_parse(m, hx);
        col = steam_colour_parse(json_string_value(json_object_get(v, "colour")));
        if (c->hex < 0 || m->hex[c->hex].terrain != ST_CITY ||
            m->hex[c->hex].city >= 0 || col < 0 || col == ST_GRAY) {
            fail(cat, "%s: city %s needs a city hex and a printed colour",
                 path, hx);
            goto out;
        }
        c->colour = (enum st_colour)col;
        colours[col]++;
        cubes += c->cubes;
        m->hex[c->hex].city = m->ncities++;
    }
    a = json_object_get(root, "towns");
    if (!json_is_object(a) || json_object_size(a) > ST_MAX_TOWNS) {
        fail(cat, "%s: towns must be an object of up to %d", path,
             ST_MAX_TOWNS);
        goto out;
    }
    json_object_foreach(a, key, v) {
        struct st_town *t = &m->town[m->ntowns];

        t->hex = steam_hex_parse(m, key);
        if (t->hex < 0 || m->hex[t->hex].terrain != ST_TOWN ||
            m->hex[t->hex].town >= 0 || !json_is_string(v) ||
            json_string_length(v) == 0 ||
            json_string_length(v) >= sizeof t->name) {
            fail(cat, "%s: town %s needs a town hex and a name", path, key);
            goto out;
        }
        snprintf(t->name, sizeof t->name, "%s", json_string_value(v));
        m->hex[t->hex].town = m->ntowns++;
    }
    for (int h = 0; h < m->nhex; h++) {
        if (m->hex[h].terrain == ST_CITY && m->hex[h].city < 0) {
            fail(cat, "%s: a city hex without a city", path);
            goto out;
        }
        if (m->hex[h].terrain == ST_TOWN && m->hex[h].town < 0) {
            fail(cat, "%s: a town hex without a name", path);
            goto out;
        }
    }
    a = json_object_get(root, "impassable");
    if (!json_is_array(a)) {
        fail(cat, "%s: impassable must be a list", path);
        goto out;
    }
    json_array_foreach(a, i, v) {
        const char *s = json_string_value(v), *slash = s ? strchr(s, '/') : 0;
        char hx[8];
        int h, side, n;

        if (!slash || slash - s >= (long)sizeof hx || !slash[1] ||
            slash[2] || slash[1] < '0' || slash[1] > '5') {
            fail(cat, "%s: impassable sides are \"hex/side\"", path);
            goto out;
        }
        memcpy(hx, s, (size_t)(slash - s));
        hx[slash - s] = 0;
        h = steam_hex_parse(m, hx);
        side = slash[1] - '0';
        n = h < 0 ? -1 : m->hex[h].nb[side];
        if (n < 0 || m->hex[h].blocked[side]) {
            fail(cat, "%s: impassable side %s is not between two hexes", path,
                 s);
            goto out;
        }
        m->hex[h].blocked[side] = 1;
        m->hex[n].blocked[(side + 3) % 6] = 1;
    }
    for (int c = 0; c < ST_GRAY; c++)
        if (colours[c] < 2) {
            fail(cat, "%s: at least two %s cities", path,
                 steam_colour_name(c));
            goto out;
        }
    if (cubes + 3 * m->supply_spaces > cat->total_cubes) {
        fail(cat, "%s: more cubes than the bag holds", path);
        goto out;
    }
    rc = 0;
out:
    json_decref(root);
    return rc;
}

int steam_catalog_map(const struct st_catalog *cat, const char *id)
{
    return rules_data_find(cat->map, cat->nmaps, sizeof cat->map[0],
                           offsetof(struct st_map, id), id);
}

int steam_catalog_tile(const struct st_catalog *cat, const char *id)
{
    return rules_data_find(cat->tile, cat->ntiles, sizeof cat->tile[0],
                           offsetof(struct st_tile, id), id);
}

int steam_catalog_action(const struct st_catalog *cat, const char *id)
{
    return rules_data_find(cat->action, ST_ACTIONS, sizeof cat->action[0],
                           offsetof(struct st_action_info, id), id);
}

static struct st_catalog catalog;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void catalog_init(void)
{
    if (parse_rules(&catalog) || parse_tiles(&catalog))
        return;
    for (int i = 0; i < ST_MAPS; i++) {
        if (parse_map(&catalog, map_files[i], &catalog.map[i]))
            return;
        catalog.nmaps++;
    }
    catalog.ok = 1;
}

const struct st_catalog *steam_catalog_get(void)
{
    pthread_once(&once, catalog_init);
    return &catalog;
}
