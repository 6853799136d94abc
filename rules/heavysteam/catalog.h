/*
 * catalog.h - Heavy Steam's data: the battle board, the titan boards, the
 * weapon and equipment cards, the battle cards and the pilots, parsed
 * once from data/ (JSON) and checked strictly (RULINGS.md, HS-DATA-nn).
 *
 * Effects on cards and pilots are lists of steps in a small closed
 * vocabulary (enum hs_op) that the engine interprets; RULINGS.md
 * documents every operation.
 */
#ifndef TURNPOST_HEAVYSTEAM_CATALOG_H
#define TURNPOST_HEAVYSTEAM_CATALOG_H

#include "../data.h"
#include "titan.h"

#define HS_SECTORS 8             /* track positions: 0 and 7 the start sectors */
#define HS_MAX_SLOTS 8           /* battle card track */
#define HS_MAX_TITANS 12
#define HS_MAX_CARDS 40          /* weapon and equipment cards, both decks */
#define HS_MAX_BATTLE 48         /* distinct battle cards */
#define HS_MAX_PILOTS 16
#define HS_MAX_STEPS 4           /* steps in one effect */
#define HS_MAX_CARD_SQUARES 8
#define HS_TEXT 240
#define HS_DIE_FACES 6

/* What the rulebook fixes: its component counts. */
#define HS_BATTLE_CARDS 54
#define HS_EVENT_CARDS 10
#define HS_START_CARDS 4
#define HS_UK_CARDS 15
#define HS_CET_CARDS 16
#define HS_FACTION_PILOTS 5

enum hs_trait {
    HS_T_ATTACK_COST, HS_T_CLOSE_COMBAT, HS_T_CHARGED_UP, HS_T_CRITICAL,
    HS_T_EVADE, HS_T_FRAGILE, HS_T_EXPLODING_ROUNDS, HS_T_HOTSHOT,
    HS_T_IGNORE_TERRAIN, HS_T_INFLAME, HS_T_KNOCKBACK, HS_T_LOW_AMMO,
    HS_T_LOW_TRAJECTORY, HS_T_PIERCING_ROUNDS, HS_T_RATE_OF_FIRE,
    HS_T_SHUTDOWN, HS_T_SPREAD, HS_T_TRAILS, HS_T_UNREPAIRABLE, HS_TRAITS
};

enum hs_op {
    HS_OP_ATTACK_DICE, HS_OP_DEFENSE_DICE, HS_OP_DAMAGE, HS_OP_CRITICAL,
    HS_OP_PIERCE, HS_OP_REROLL_LOCATION, HS_OP_PLACE_STEAM, HS_OP_FREE_MOVE,
    HS_OP_RESERVE, HS_OP_REPAIR, HS_OP_SHIELD, HS_OP_RELEASE, HS_OP_HEAT,
    HS_OP_DAMAGE_CUBES, HS_OP_HIT, HS_OP_DRAW, HS_OP_STEAL, HS_OP_GIVE,
    HS_OP_SUPPORT, HS_OP_MOVE_SUPPORT, HS_OP_MOVE_TITAN, HS_OP_PLAY_TERRAIN,
    HS_OP_DISCARD_TERRAIN, HS_OP_INITIATIVE, HS_OP_SMOKE,
    HS_OP_SPENT_TO_RESERVE, HS_OPS
};

enum hs_who { HS_WHO_SELF, HS_WHO_OPPONENT, HS_WHO_ENEMIES, HS_WHO_ALL };

/* When an equipment card's or a pilot's effect applies; HS_W_PLAYED for
 * a battle card (when it is played, or drawn for an event). */
enum hs_when {
    HS_W_PLAYED, HS_W_ATTACKING, HS_W_ATTACKING_CLOSE, HS_W_ATTACKING_MOVED,
    HS_W_ATTACKED, HS_W_MOVING, HS_W_STEAM_TO_COMMAND, HS_W_STEAM,
    HS_W_REPAIRING, HS_W_CARDS, HS_W_INITIATIVE, HS_W_PRESSURE,
    HS_W_AFTER_FIRING, HS_W_TURN, HS_WHENS
};

enum hs_phase {
    HS_PH_MOVE, HS_PH_COMBAT, HS_PH_STEAM, HS_PH_CARDS, HS_PH_INITIATIVE,
    HS_PH_PRESSURE, HS_PH_NONE   /* no icon: any phase */
};

enum hs_card_kind {
    HS_K_EVENT, HS_K_START, HS_K_TERRAIN, HS_K_SUPPORT, HS_K_REPAIR,
    HS_K_REACTION, HS_K_TACTIC
};

/* In whose moment a battle card is played (HS-AMB-22). */
enum hs_timing { HS_TIME_TURN, HS_TIME_ATTACK, HS_TIME_ATTACKED };

/* A die face: Hit or Defend count as a success, Critical as both. */
enum hs_face { HS_FACE_BLANK, HS_FACE_SUCCESS, HS_FACE_CRITICAL };

enum hs_stock { HS_STOCK_WHITE, HS_STOCK_BLUE, HS_STOCK_RED, HS_STOCK_BLACK, HS_STOCKS };

enum hs_unit_kind { HS_UNIT_INFANTRY, HS_UNIT_CANNON };

struct hs_step {
    enum hs_op op;
    int n;                       /* 0 for an operation without a number */
    enum hs_who who;
    int location;                /* enum hs_location, HS_NONE: anywhere */
    int station_type;            /* enum hs_station_type, HS_NONE: any */
    int size;                    /* enum hs_size it counts for, HS_NONE: any */
};

struct hs_effect {
    int nsteps;
    struct hs_step step[HS_MAX_STEPS];
};

/* ---- the battle board ---------------------------------------------------- */

struct hs_sector {
    char name[HS_NAME];
    int start;                   /* enum hs_faction whose start sector, HS_NONE */
};

struct hs_slot {
    int modifier;                /* added to the card's cost */
    int titan;                   /* carries the titan icon (Enemy in Sight) */
};

struct hs_battle_board {
    struct hs_sector sector[HS_SECTORS];
    int start[2];                /* by faction: its start sector */
    int dirigible[2];            /* the positions it lies between */
    int nslots;
    struct hs_slot slot[HS_MAX_SLOTS];  /* left to right */
    enum hs_location hit_location[13];  /* by 2d6 total, 2..12 */
    enum hs_face attack_die[HS_DIE_FACES], defense_die[HS_DIE_FACES];
    int stock[HS_STOCKS];
    int smoke_tokens, smoke_dice; /* attack dice fewer against a target in smoke */
};

/* ---- weapon and equipment cards ---------------------------------------- */

enum hs_card_mount { HS_CARD_ARM, HS_CARD_TORSO };

struct hs_chart {
    int dice, damage;
};

struct hs_weapon_card {
    char id[HS_NAME], name[HS_NAME];
    enum hs_faction faction;
    int weapon;                  /* 1 a weapon, 0 equipment (no attack) */
    enum hs_card_mount mount;
    int size;                    /* enum hs_size it is restricted to, HS_NONE */
    int cost;                    /* build points */
    int trait[HS_TRAITS];        /* X; 1 for a trait without X; 0 absent */
    int attack_cost;             /* Attack Cost X, 0 for equipment */
    int min_range, max_range;    /* HS_NONE without a range chart */
    struct hs_chart chart[HS_SECTORS]; /* by range, min..max */
    int close_combat;            /* attacks at range 0 with the two dice */
    int cc_dice, cc_charged_dice, cc_damage;
    int max_damage;              /* chart or close combat (HS-AMB-11) */
    int nsquares;
    int volatile_n[HS_MAX_CARD_SQUARES]; /* 0 plain, else the red number */
    enum hs_when when;           /* equipment: when its effect applies */
    struct hs_effect effect;
    char text[HS_TEXT];
};

/* ---- battle cards -------------------------------------------------------- */

struct hs_unit {
    enum hs_unit_kind kind;
    int attack_dice, range_lo, range_hi, damage, defense_dice;
    int ignore_terrain;
};

struct hs_battle_card {
    char id[HS_NAME], name[HS_NAME];
    enum hs_card_kind kind;
    int cost;                    /* printed; 0 for events */
    enum hs_phase phase;
    enum hs_timing timing;
    int copies;
    int black_squares;           /* terrain only */
    int has_unit;
    struct hs_unit unit;         /* what a support step places */
    struct hs_effect effect;
    char text[HS_TEXT];
};

/* ---- pilots -------------------------------------------------------------- */

struct hs_power {
    enum hs_when when;
    int min;                     /* steam_to_command: cubes it takes */
    struct hs_effect effect;
    char text[HS_TEXT];
};

struct hs_pilot {
    char id[HS_NAME], name[HS_NAME];
    enum hs_faction faction;
    int size;                    /* enum hs_size it is restricted to, HS_NONE */
    struct hs_power ability, once;
};

/* ---- the catalog --------------------------------------------------------- */

struct hs_catalog {
    int ok;
    char error[RULES_DATA_ERROR];
    char version[HS_NAME];
    struct hs_battle_board board;
    int ntitans;
    struct hs_board titan[HS_MAX_TITANS];
    int nweapons;
    struct hs_weapon_card weapon[HS_MAX_CARDS];
    int nbattle;
    struct hs_battle_card battle[HS_MAX_BATTLE];
    int npilots;
    struct hs_pilot pilot[HS_MAX_PILOTS];
    /* each list's ids sorted, built once the whole catalog is read */
    struct rules_data_index titan_ids, weapon_ids, battle_ids, pilot_ids;
};

/* Parsed from the embedded files on first use (thread safe); never NULL;
 * check ok. */
const struct hs_catalog *hs_catalog_get(void);

/*
 * Reads and checks every file into cat (zeroed first), asking read for
 * each file's text by its path relative to rules/ (NULL: missing).
 * Returns 0 with cat->ok set, or -1 with cat->error. For the tests, which
 * feed it altered files; the engine uses hs_catalog_get.
 */
int hs_catalog_read(struct hs_catalog *cat,
                    const char *(*read)(const char *path, void *ctx),
                    void *ctx);

/* Indexes by id, or -1. */
int hs_catalog_titan(const struct hs_catalog *cat, const char *id);
int hs_catalog_weapon(const struct hs_catalog *cat, const char *id);
int hs_catalog_battle(const struct hs_catalog *cat, const char *id);
int hs_catalog_pilot(const struct hs_catalog *cat, const char *id);

/*
 * Whether board t may carry the cards id[m] on its mounts (NULL: the
 * slot left empty), as customizing allows (RULINGS.md HS-R-02, HS-R-03,
 * HS-R-135): each card in the catalog, of the board's faction, an arm
 * card on an arm and a torso card on the torso, for the board's size,
 * its squares within what the slot holds; no card twice, the deck
 * holding one copy of each; the costs within the board's points. Fills
 * card[m] with catalog weapon indexes (-1 empty). Returns 0, or -1 with
 * err (code, rule, and a message that reads after the titan's name).
 * The catalog checks each printed loadout with it, setup a chosen one.
 */
int hs_catalog_loadout_check(const struct hs_catalog *cat, const struct hs_board *t,
                             const char *const id[HS_MOUNTS], int card[HS_MOUNTS],
                             struct rules_error *err);

/* The card as titan.h mounts it (no Charged Up steam taken). */
void hs_catalog_mounted(const struct hs_weapon_card *w, struct hs_mounted *m);

/* Names as the data files spell them; "?" out of range. */
const char *hs_trait_name(enum hs_trait t);
const char *hs_op_name(enum hs_op op);
const char *hs_when_name(enum hs_when w);
const char *hs_phase_name(enum hs_phase p);

#endif
