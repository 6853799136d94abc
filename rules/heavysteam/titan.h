/*
 * titan.h - a Heavy Steam titan board (its station graph, pressure box and
 * numbers) and a titan's cubes on it, with the board-level rules that move
 * them: steam flow, shields, the pressure box, damage, repair.
 *
 * A board is data (data/titans/<id>.json, read by hs_board_read); a titan
 * is state (every square's cube, the pressure box as a stack, the power
 * reserve). Weapon and equipment cards extend the weapon-slot station they
 * are mounted on: their squares are appended to that station's squares
 * when the titan is set up, so every rule below sees one station.
 *
 * This header: the board, setup, the pressure box, paying steam and the
 * census (titan_board.c, titan.c); steam allocation and steam moved
 * outside it: titan_flow.h; shields and damage: titan_damage.h. Every
 * change reports events ({"type": ...}) to the array the caller passes
 * (NULL for none) and refuses a bad request with struct rules_error,
 * changing nothing. A saved titan keeps cube, moved, pressure, reserve,
 * destroyed, flow, flow_next, owed and discarded; square, nsquares,
 * max_damage and fragile come back from the board and the cards
 * (hs_titan_init).
 *
 * Board JSON (every key required unless marked optional):
 *   {"id": "uk_heavy_...", "name": "...", "faction": "uk"|"cet",
 *    "size": "heavy"|"light", "points": 12, "reserve": 20,
 *    "production": 8, "release": 5,
 *    "move_cost": [1-sector cost, 2-sector cost],
 *    "evade": {"cost": n, "dice": n}, "repair": {"cost": n, "removes": n},
 *    "pressure": [{"cells": n, "dice": n, "section": "blue"|"green"|"red"}, ...]
 *                 (columns left to right; the red ones are the overload box),
 *    "stations": [{"id": "boiler", "location": "head"|"torso"|"left_arm"|
 *                  "right_arm"|"legs", "type": "boiler"|"command"|"mobility"|
 *                  "repair"|"shield"|"weapon_slot"|"vent"|"conduit",
 *                  "mount": "left_arm"|"right_arm"|"torso" (weapon_slot only),
 *                  "squares": [{"colour": "white"|"red"|"blue",
 *                               "start": true (optional: a white dot),
 *                               "weak": 2..6 (optional: a weak point)}]}],
 *    "arrows": [["from station id", "to station id"], ...],
 *    "loadout": {"left_arm": card id, "right_arm": card id, "torso": card id},
 *    "data_version": "..." (optional: the catalog compares it)}
 * Exactly one boiler and one command station, each with white squares;
 * arrows leave the boiler towards the extremities, reach every station
 * and never form a cycle; exactly one weapon_slot per mount, in the
 * mount's hit location (its own squares may be none); at most one shield
 * station per hit location; blue squares only in shield stations, weak
 * points only on white squares, no start dot on red.
 */
#ifndef TURNPOST_HEAVYSTEAM_TITAN_H
#define TURNPOST_HEAVYSTEAM_TITAN_H

#include <jansson.h>

#include "../data.h"
#include "../engine.h"
#include "../rng.h"

#define HS_NAME 40
#define HS_MAX_STATIONS 24
#define HS_MAX_SQUARES 12        /* in one station, a mounted card's included */
#define HS_MAX_ARROWS 48
#define HS_MAX_COLUMNS 8
#define HS_MAX_PRESSURE 32       /* cells of a pressure box */
#define HS_MAX_OWED 8            /* damage obligations waiting to be placed */
#define HS_NONE (-1)

enum hs_faction { HS_UK, HS_CET };
enum hs_size { HS_HEAVY, HS_LIGHT };
enum hs_location { HS_HEAD, HS_TORSO, HS_LEFT_ARM, HS_RIGHT_ARM, HS_LEGS, HS_LOCATIONS };
enum hs_station_type {
    HS_BOILER, HS_COMMAND, HS_MOBILITY, HS_REPAIR, HS_SHIELD, HS_WEAPON_SLOT,
    HS_VENT, HS_CONDUIT
};
enum hs_mount { HS_MOUNT_LEFT_ARM, HS_MOUNT_RIGHT_ARM, HS_MOUNT_TORSO, HS_MOUNTS };
enum hs_colour { HS_WHITE, HS_RED, HS_BLUE };
enum hs_section { HS_SECTION_BLUE, HS_SECTION_GREEN, HS_SECTION_RED };

/* What sits on a square: a white steam cube, a blue shield cube, a black
 * damage cube, or nothing (HS_C_: HS_SHIELD is the station type). */
enum hs_cube { HS_C_EMPTY, HS_C_STEAM, HS_C_SHIELD, HS_C_DAMAGE };

/* A cube in the pressure box: steam (white) or heat (red). */
enum hs_pressure_cube { HS_P_STEAM, HS_P_HEAT };

struct hs_square {
    enum hs_colour colour;
    int start;                   /* a white dot: filled at setup */
    int weak;                    /* weak-point number, 0 for none */
    int volatile_n;              /* a card's volatile number, 0 for none */
};

struct hs_station {
    char id[HS_NAME];
    enum hs_location location;
    enum hs_station_type type;
    enum hs_mount mount;         /* weapon_slot only */
    int nsquares;                /* the board's, before a card is mounted */
    struct hs_square square[HS_MAX_SQUARES];
};

struct hs_column {
    int cells, dice;
    enum hs_section section;
};

struct hs_board {
    char id[HS_NAME], name[HS_NAME];
    enum hs_faction faction;
    enum hs_size size;
    int points, reserve, production, release;
    int move_cost[2];            /* 1 sector, 2 sectors */
    int evade_cost, evade_dice;
    int repair_cost, repair_removes;
    int ncolumns, capacity;      /* capacity: all cells */
    struct hs_column column[HS_MAX_COLUMNS];
    int nstations;
    struct hs_station station[HS_MAX_STATIONS];
    int boiler, command;         /* station indexes */
    int narrows;
    int arrow[HS_MAX_ARROWS][2]; /* from, to: station indexes */
    int depth[HS_MAX_STATIONS];  /* arrows from the boiler (the boiler 0) */
    char loadout[HS_MOUNTS][HS_NAME];
    /* Derived while reading, for the rules below: */
    int order[HS_MAX_STATIONS];  /* steam allocation: furthest stations first */
    int mount_station[HS_MOUNTS];
    int shield[HS_LOCATIONS];    /* the location's shield station, or HS_NONE */
    int dist[HS_MAX_STATIONS][HS_MAX_STATIONS]; /* arrows between, either way */
};

/*
 * Reads and checks one board; returns 0, or -1 with error filled (the
 * same checks as every data file: unknown keys, ranges, one boiler, the
 * graph acyclic and reaching every station from the boiler).
 */
int hs_board_read(const json_t *obj, struct hs_board *b, char *error);

/* Names as the board JSON spells them ("left_arm"); "?" when out of range. */
const char *hs_location_name(enum hs_location l);
const char *hs_mount_name(enum hs_mount m);
/* The mounts' names in mount order, NULL-terminated: the keys of every
 * object by mount (cards, charge, a loadout). */
extern const char *const hs_mount_names[HS_MOUNTS + 1];
const char *hs_station_type_name(enum hs_station_type t);
/* The station type named name ("boiler"), -1 none. */
int hs_station_type_named(const char *name);
/* The hit location a mount's station is in. */
enum hs_location hs_mount_location(enum hs_mount m);

/* Cubes a titan took from the stocks (negative: gave back); the caller
 * holds the stocks and clears this when it has counted them. */
struct hs_cubes {
    int white, blue, red, black;
};

/* Damage still to be placed, one cube at a time, newest obligation first. */
enum hs_owed_kind {
    HS_OWED_HIT,                 /* a hit's points past the shields */
    HS_OWED_VOLATILE,            /* a failed volatile roll's extra cubes */
    HS_OWED_WEAPON               /* Fragile, Low Ammo: on the weapon only */
};

struct hs_owed {
    enum hs_owed_kind kind;
    int count;
    enum hs_location location;   /* HS_OWED_HIT */
    int critical;                /* HS_OWED_HIT: the attacker places the last */
    int station;                 /* VOLATILE, WEAPON: the weapon's station */
};

/* A titan's cubes: its board (borrowed) with the cards mounted on it. */
struct hs_titan {
    const struct hs_board *board;
    int nsquares[HS_MAX_STATIONS];                 /* board's plus the card's */
    struct hs_square square[HS_MAX_STATIONS][HS_MAX_SQUARES];
    enum hs_cube cube[HS_MAX_STATIONS][HS_MAX_SQUARES];
    int moved[HS_MAX_STATIONS][HS_MAX_SQUARES];    /* arrived this steam phase */
    int npressure;
    enum hs_pressure_cube pressure[HS_MAX_PRESSURE]; /* bottom (first in) first */
    int reserve;                                   /* white cubes in the power reserve */
    int destroyed;
    int max_damage[HS_MOUNTS];   /* the card's highest damage (volatile) */
    int fragile[HS_MOUNTS];      /* the card's Fragile X, 0 for none */
    int flow;                    /* 1 while steam allocation moves steam */
    int flow_next;               /* position in board->order still to move */
    int nowed;
    struct hs_owed owed[HS_MAX_OWED]; /* owed[nowed - 1] is placed first */
    struct hs_cubes drawn;       /* from the stocks, since the caller cleared it */
    int red_stock;               /* red cubes in the stock when the game last
                                  * settled (hs_game_settle); its box's cells
                                  * for a titan outside a game */
    int discarded;               /* steam cubes out of play */
};

/* ---- setup --------------------------------------------------------------- */

/* The card mounted on one weapon slot, as the catalog reads it. */
struct hs_mounted {
    int nsquares;
    struct hs_square square[HS_MAX_SQUARES];
    int max_damage;              /* highest damage it can deal (volatile) */
    int fragile;                 /* Fragile X, 0 for none */
    int charged;                 /* Charged Up X taken at setup, else 0 */
};

/*
 * Sets titan up on board (borrowed for the titan's life) with card[m]
 * mounted on mount m: the cards' squares appended to their slots, steam
 * on the white dots, shields on the blue dots, the reserve at its start,
 * then each card's Charged Up steam from the reserve onto its white
 * squares. titan->drawn says what left the stocks. Returns 0, or -1 with
 * err (a card that does not fit its slot, Charged Up beyond the reserve
 * or the card's white squares).
 */
int hs_titan_init(struct hs_titan *t, const struct hs_board *board,
                  const struct hs_mounted card[HS_MOUNTS], json_t *events,
                  struct rules_error *err);

/* ---- the pressure box (titan.c) ------------------------------------------- */

/* Free cells of the pressure box. */
int hs_pressure_room(const struct hs_titan *t);
/* Base defense dice: the dice of the rightmost column holding cubes, 4
 * when the box is empty. */
int hs_pressure_dice(const struct hs_titan *t);
/* Cubes in the red (overload) section. */
int hs_pressure_overload(const struct hs_titan *t);
/*
 * Forces n cubes of kind c into the box (heat from a red square, Inflame,
 * Trails, a shield's steam): each that does not fit, and each heat cube
 * the red stock no longer holds (HS-DATA-16), is a damage cube in the
 * boiler instead (HS-DATA-05), placed by hs_titan_boiler_damage.
 */
void hs_pressure_force(struct hs_titan *t, enum hs_pressure_cube c, int n,
                       struct rng *rng, json_t *events);
/*
 * Pressure Release: pops the board's release plus bleed cubes, last in
 * first out (steam to the reserve, heat to the stock), after moving each
 * vent's steam to the reserve, one more cube popped per cube vented.
 */
void hs_pressure_release(struct hs_titan *t, int bleed, json_t *events);
/*
 * A card's release outside the Pressure phase (Cold Rain): pops n cubes
 * of the box now, last in first out, steam to the reserve and heat to
 * the stock, as the release does; vents are not emptied and no cube more
 * is popped for them (that is the Pressure phase's). Returns the cubes
 * popped (fewer when the box holds fewer).
 */
int hs_pressure_pop(struct hs_titan *t, int n, json_t *events);
/* A card's n white cubes from the stock into the power reserve (Supply
 * Column); the caller gives no more than the stock holds (HS-DATA-16). */
void hs_titan_reserve_add(struct hs_titan *t, int n, json_t *events);
/*
 * The overload roll: with more than one cube in the red section (steam
 * and heat alike, HS-AMB-15) rolls 1d6, and a roll below that count puts
 * the difference in damage cubes into the boiler.
 */
void hs_pressure_overload_roll(struct hs_titan *t, struct rng *rng,
                               json_t *events);

/*
 * One damage cube into the boiler where no player chooses (a forced cube
 * the box cannot hold, an overload): the first free white square that is
 * no weak point, an empty one before one holding steam (whose cube moves
 * to the boiler's first free white, then red, square, or is discarded),
 * then the lowest weak point, rolled for.
 */
void hs_titan_boiler_damage(struct hs_titan *t, struct rng *rng,
                            json_t *events);

/* ---- paying steam (titan.c) ----------------------------------------------- */

enum hs_pay_to { HS_PAY_PRESSURE, HS_PAY_RESERVE };

/*
 * Spends n steam cubes from station (mobility for moves and evade, a
 * weapon slot for its attack cost, command for cards and the location
 * re-roll, repair), red squares first, then white ones from the last: the
 * cubes a player would least keep. To the pressure box (refused when it
 * lacks the room: a payment is voluntary) or to the reserve. Returns 0,
 * or -1 with err and nothing spent.
 */
int hs_titan_pay(struct hs_titan *t, int station, int n, enum hs_pay_to to,
                 json_t *events, struct rules_error *err);
/* Steam cubes on station's squares. */
int hs_titan_steam_at(const struct hs_titan *t, int station);

/* ---- the cube census (titan.c) -------------------------------------------- */

struct hs_census {
    int steam_white, steam_red;  /* steam on white squares, on red squares */
    int shield, damage;          /* blue and black cubes on squares */
    int pressure_steam, pressure_heat;
    int reserve, discarded;
};

void hs_titan_census(const struct hs_titan *t, struct hs_census *c);

#endif
