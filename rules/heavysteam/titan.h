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
 * Exactly one boiler and one command station; arrows leave the boiler
 * towards the extremities and never form a cycle; exactly one weapon_slot
 * per mount, in the mount's hit location; blue squares only in shield
 * stations, weak points only on white squares, no start dot on red.
 */
#ifndef TURNPOST_HEAVYSTEAM_TITAN_H
#define TURNPOST_HEAVYSTEAM_TITAN_H

#include <jansson.h>

#include "../data.h"
#include "../rng.h"

#define HS_NAME 40
#define HS_MAX_STATIONS 24
#define HS_MAX_SQUARES 12        /* in one station, a mounted card's included */
#define HS_MAX_ARROWS 48
#define HS_MAX_COLUMNS 8
#define HS_MAX_PRESSURE 32       /* cells of a pressure box */
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
/* The hit location a mount's station is in. */
enum hs_location hs_mount_location(enum hs_mount m);

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
};

#endif
