/*
 * game.h - a Steam game as a typed struct, and its JSON form.
 *
 * steam_game_load() checks a stored state as strictly as a move (every
 * cube and tile accounted for, every index in range, every link owned by
 * one seat) so the rules never index out of bounds on a damaged row;
 * steam_game_dump() writes it back, and load followed by dump reproduces
 * the same JSON.
 */
#ifndef TURNPOST_STEAM_GAME_H
#define TURNPOST_STEAM_GAME_H

#include <jansson.h>

#include "../engine.h"
#include "catalog.h"

#define ST_MAX_PLAYERS 6
#define ST_NONE (-1)

/* Pending duties of the builder: the committed actions of Phase 1. */
#define ST_OWE_URBANIZE 1
#define ST_OWE_GROWTH 2

enum st_phase { ST_AUCTION, ST_SELECT, ST_BUILD, ST_MOVE, ST_SCORE, ST_OVER };

/* The tile on one hex. */
struct st_track {
    int tile;                   /* tile kind, -1 for an empty hex */
    int rot;                    /* 0..5 */
    int owner[ST_MAX_SEGS];     /* per segment: owning seat, -1 unowned */
    int stamp[ST_MAX_SEGS];     /* turn the segment was laid */
};

struct st_player {
    int cash, income, vp, loco;
    int action;                 /* action tile this turn, -1 none */
    int passed_option;          /* took the tile's Pass Option */
    int bankrupt;
    int resigned;               /* left the game by resigning */
    int builds;                 /* tiles built or redirected this turn */
    int owe;                    /* ST_OWE_* still to do in the build */
    int loco_moved;             /* improved in Move Goods this turn */
};

struct st_game {
    const struct st_catalog *cat;   /* borrowed */
    const struct st_map *map;       /* borrowed, in cat */
    int nplayers;
    int auction;                    /* option: initial order by auction */
    int turn, last_turn;
    enum st_phase phase;
    int norder;                     /* entries in order */
    int order[ST_MAX_PLAYERS];      /* turn order (auction: places so far);
                                     * a player who resigns mid-turn stays
                                     * until Phase 5, skipped */
    int cur;                        /* index into the phase's sequence */
    int round;                      /* Move Goods round, 1 or 2 */
    struct st_player p[ST_MAX_PLAYERS];
    struct st_track track[ST_MAX_HEX];
    int cubes[ST_MAX_HEX][ST_COLOURS];
    int growth[ST_MAX_HEX];         /* a City Growth marker on the city */
    int new_city[ST_MAX_HEX];       /* New City tile colour + 1; 0 none */
    int city_tiles[ST_COLOURS];     /* New City tiles left */
    int supply[ST_MAX_SUPPLY][ST_COLOURS];
    int bag[ST_COLOURS];
    int tiles_left[ST_MAX_TILES];
    /* The auction for initial turn order. */
    int auc_bid;                    /* highest bid, -1 before any */
    int auc_high;                   /* its bidder, -1 */
    int auc_turn;                   /* seat to bid now */
    unsigned auc_out;               /* seats out of this position's auction */
    /* Scorers of the last delivery still to choose income or VP. */
    int nscore;
    int score_seat[ST_MAX_PLAYERS], score_pts[ST_MAX_PLAYERS];
    long money_out, money_in;       /* paid by the bank, paid to it */
    int winner;                     /* -1 until over */
};

/* Still playing: neither bankrupt nor resigned. */
static inline int st_in_game(const struct st_game *g, int s)
{
    return !g->p[s].bankrupt && !g->p[s].resigned;
}

static inline int st_is_city(const struct st_game *g, int h)
{
    return g->map->hex[h].terrain == ST_CITY || g->new_city[h] != 0;
}

static inline int st_city_colour(const struct st_game *g, int h)
{
    if (g->new_city[h])
        return g->new_city[h] - 1;
    return g->map->city[g->map->hex[h].city].colour;
}

int steam_game_load(struct st_game *g, const json_t *state,
                    struct rules_error *err);

/* The JSON state of g. New reference; NULL only when out of memory. */
json_t *steam_game_dump(const struct st_game *g);

const char *steam_phase_name(enum st_phase ph);

#endif
