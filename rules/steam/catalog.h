/*
 * catalog.h - Steam's data: the maps, the track tile manifest and the
 * numbers of the Base Game's components, parsed once from data/ (JSON).
 *
 * Hex geometry: pointy-top hexes in rows, odd rows shifted half a hex to
 * the right ("odd-r"). Sides are numbered clockwise from east: 0 E, 1 SE,
 * 2 SW, 3 W, 4 NW, 5 NE; side s of a hex touches side (s + 3) % 6 of its
 * neighbour. A hex is named by column letter and 1-based row ("e1").
 */
#ifndef TURNPOST_STEAM_CATALOG_H
#define TURNPOST_STEAM_CATALOG_H

#include "../data.h"

#define ST_MAX_HEX 192          /* hexes on one map (rows * columns) */
#define ST_MAX_COLS 20
#define ST_MAX_ROWS 16
#define ST_MAX_CITIES 24
#define ST_MAX_TOWNS 24
#define ST_MAX_TILES 32         /* tile kinds in the manifest */
#define ST_MAX_SEGS 4           /* track segments on one tile */
#define ST_MAX_SUPPLY 12        /* Goods Supply spaces */
#define ST_MAPS 2
#define ST_ACTIONS 7
#define ST_COLOURS 5
#define ST_TOWN_END 6           /* a segment end at the town in the middle */
#define ST_NAME 40

enum st_colour { ST_RED, ST_BLUE, ST_YELLOW, ST_PURPLE, ST_GRAY };

enum st_action {
    ST_A_TURN_ORDER, ST_A_FIRST_MOVE, ST_A_FIRST_BUILD, ST_A_ENGINEER,
    ST_A_CITY_GROWTH, ST_A_URBANIZATION, ST_A_LOCOMOTIVE
};

enum st_terrain { ST_VOID, ST_PLAINS, ST_HILLS, ST_CITY, ST_TOWN };

struct st_hex {
    enum st_terrain terrain;
    int river, coast;
    int city;                   /* index in map cities, or -1 */
    int town;                   /* index in map towns, or -1 */
    int nb[6];                  /* neighbour hex per side, -1 off the map */
    int blocked[6];             /* impassable side */
};

struct st_city {
    int hex;
    char name[ST_NAME];
    enum st_colour colour;
    int cubes;
};

struct st_town {
    int hex;
    char name[ST_NAME];
};

struct st_map {
    char id[ST_NAME], name[ST_NAME];
    int players_lo, players_hi;  /* the counts it is designed for */
    int fewer_with_3;            /* one cube fewer per city with 3 players */
    int cols, rows, nhex;        /* hex index = row * cols + col */
    struct st_hex hex[ST_MAX_HEX];
    int ncities, ntowns;
    struct st_city city[ST_MAX_CITIES];
    struct st_town town[ST_MAX_TOWNS];
    int supply_spaces;
};

/* A track tile kind. Segments are pairs of ends: sides 0..5, or
 * ST_TOWN_END for the town in the middle of a town tile. */
struct st_tile {
    char id[ST_NAME], name[ST_NAME];
    int town;
    int nseg;
    int seg[ST_MAX_SEGS][2];
    int exits;                   /* sides with track: the base cost */
    int count;
    unsigned rot_distinct;       /* bit r: rotation r differs from all < r */
    unsigned side_mask[6];       /* sides with track at each rotation */
    unsigned seg_mask[6][ST_MAX_SEGS]; /* sides of each segment, by rotation */
};

struct st_action_info {
    char id[ST_NAME], name[ST_NAME];
    int value, cost, pass_option;
};

struct st_catalog {
    int ok;
    char error[RULES_DATA_ERROR];
    char version[ST_NAME];
    int nmaps;
    struct st_map map[ST_MAPS];
    int ntiles;
    struct st_tile tile[ST_MAX_TILES];
    int total_tiles;
    struct st_action_info action[ST_ACTIONS];
    int new_cities[ST_COLOURS];
    int cubes[ST_COLOURS];
    int total_cubes;
    int income_min, income_max, loco_max;
    int turns[7];                /* game length by players, 3..6 */
};

/* Parsed on first use (thread safe); never NULL; check ok. */
const struct st_catalog *steam_catalog_get(void);

int steam_catalog_map(const struct st_catalog *cat, const char *id);
int steam_catalog_tile(const struct st_catalog *cat, const char *id);
int steam_catalog_action(const struct st_catalog *cat, const char *id);

/* The hex named id ("e1") on map m, or -1. */
int steam_hex_parse(const struct st_map *m, const char *id);
/* Writes hex h's name into buf (at least 8 bytes); returns buf. */
const char *steam_hex_name(const struct st_map *m, int h, char *buf);

const char *steam_colour_name(int c);
int steam_colour_parse(const char *s);   /* -1 when unknown */
char steam_colour_letter(int c);
int steam_colour_from_letter(char ch);   /* -1 when unknown */

/* Side s of a tile kind at rotation r: (s + r) % 6, the town end fixed. */
static inline int st_rot(int s, int r)
{
    return s == ST_TOWN_END ? s : (s + r) % 6;
}

#endif
