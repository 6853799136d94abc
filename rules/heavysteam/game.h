/*
 * game.h - a Heavy Steam game as a typed struct: the battle, its teams and
 * titans, the battle cards' zones, the round's phase and the decision the
 * game waits for.
 *
 * Seats are players; each player has one titan and belongs to one of two
 * teams (a faction each). The two-player game is two teams of one, and
 * three or four players are teams of two, so nothing below assumes one
 * titan per team. Catalog entries (boards, weapon cards, battle cards,
 * pilots) are named by their index in the catalog; the JSON form names
 * them by id.
 *
 * A decision is a question the game asks one seat, and answers come as
 * that seat's moves: the acting seat's (move, attack, buy) and also the
 * defender's during the attacker's turn (evade, place damage, a card when
 * attacked). Standing orders answer some of them in advance: a seat may
 * set its orders at any time, and when a question they cover comes up the
 * engine answers it from them and logs that an order decided.
 *
 * The JSON state (game.c, game_titan.c) names catalog entries by id and
 * battle cards by id zone by zone; a titan's cubes are one letter a
 * square by station id. The stages: HS_STAGE_LOADOUTS (loadouts.h, only
 * when the game is created with "customize") and then HS_STAGE_PILOTS
 * (setup.h, pilots.h) each ask every seat at once (ask_seat -1), then the
 * rounds.
 */
#ifndef TURNPOST_HEAVYSTEAM_GAME_H
#define TURNPOST_HEAVYSTEAM_GAME_H

#include "../engine.h"
#include "catalog.h"
#include "titan.h"

#define HS_MAX_PLAYERS 4
#define HS_TEAMS 2
#define HS_MAX_DECK 64           /* battle cards, one entry a card, all zones */
#define HS_MAX_UNITS 16          /* infantry and mobile cannons on the board */

/* Before the first round, the rounds, and after the end; within a round
 * the phase is catalog.h's enum hs_phase. */
enum hs_stage { HS_STAGE_LOADOUTS, HS_STAGE_PILOTS, HS_STAGE_ROUND, HS_STAGE_OVER };

/* Where a battle card is; every one of them is in exactly one zone. */
enum hs_zone {
    HS_Z_DECK, HS_Z_TRACK, HS_Z_HAND, HS_Z_DISCARD, HS_Z_IN_PLAY, /* terrain, supports */
    HS_Z_EVENTS_DONE,            /* set aside once resolved (HS-AMB-18) */
    HS_Z_BOX,                    /* events not shuffled in, unused EIS cards */
    /* Scenario 5, Recon in Force */
    HS_Z_RECON                   /* face down in a side's recon pile; holder:
                                  * the team */
};

/* The questions a game can ask, each answered by a move of its seat or by
 * that seat's standing orders. */
enum hs_ask {
    HS_ASK_NONE,
    HS_ASK_PILOT,                /* choose a pilot (and Charged Up steam) */
    HS_ASK_MOVE,                 /* the acting titan's move */
    HS_ASK_AFTER_MOVE,           /* terrain card, supports, or done */
    HS_ASK_ATTACK,               /* an attack, or pass */
    HS_ASK_EVADE,                /* defender: evade and/or a card, before the roll */
    HS_ASK_REROLL,               /* attacker: re-roll the hit location or keep it */
    HS_ASK_DAMAGE,               /* defender: where the damage cubes go */
    HS_ASK_LAST_CUBE,            /* attacker, on a critical: the last cube */
    HS_ASK_FLOW,                 /* steam allocation, one station at a time */
    HS_ASK_AFTER_FLOW,           /* shield shutdown, repairs, or done */
    HS_ASK_BUY,                  /* a battle card, or pass */
    HS_ASK_FREE_MOVE,            /* the initiative's 2 free steam cubes */
    HS_ASK_PLAY,                 /* a card in a phase with nothing else to do */
    /* cards */
    HS_ASK_EVENT,                /* a seat's choice in an event drawn to the track */
    HS_ASK_LOADOUT,              /* customize the titan (and say done), in secret */
    /* scenarios (scenario_*.c answers them) */
    HS_ASK_PLACE,                /* Chance Encounter: where the titan starts */
    HS_ASK_PLACE_STEAM,          /* Chance Encounter: 2 steam from the reserve */
    HS_ASK_RECON,                /* Recon in Force: draw into the recon pile, or done */
    HS_ASK_DECLARE               /* Recon in Force: declare the battle over, or not */
};

/*
 * Standing orders: answers given in advance. Each field says "ask me"
 * (HS_ORDER_ASK) unless set; the engine applies what is set instead of
 * asking, and logs an "order_decided" event naming the order.
 */
#define HS_ORDER_ASK (-1)
struct hs_orders {
    int evade;                   /* ASK; 0 never; n: evade when the legs
                                  * hold at least n steam */
    int cards_when_attacked;     /* ASK; 0: never play one */
    int damage;                  /* ASK; 1: place by damage_types */
    int ntypes;                  /* stations of these types take damage
                                  * first, in this order; steam is kept
                                  * where a free square allows */
    enum hs_station_type damage_types[8];
    int reroll;                  /* attacker: ASK; else a bitmask of the
                                  * hit locations (1 << enum hs_location)
                                  * to re-roll when it can pay; 0 never */
};

/*
 * The team of seat in a game of seats seats (HS-R-151): the seats
 * alternate, 0 and 2 against 1 and 3; of three, seat 0 alone against 1
 * and 2. A player chooses a team by the seat taken.
 */
static inline int hs_seat_team(int seat, int seats)
{
    return seats == 3 ? seat != 0 : seat % 2;
}

struct hs_player {
    int team;                    /* hs_seat_team() */
    int titan;                   /* index in titans */
    int pilot;                   /* catalog index, -1 until chosen; secret
                                  * while the stage is HS_STAGE_PILOTS */
    int charge[HS_MOUNTS];       /* Charged Up steam asked per mount, put on
                                  * the card when the pilots are revealed */
    int loadout[HS_MOUNTS];      /* HS_STAGE_LOADOUTS: the cards chosen so far
                                  * (catalog weapon index, -1 empty); seen by
                                  * the seat's team only until the reveal */
    int loadout_done;            /* HS_STAGE_LOADOUTS: no more changes */
    int once_used;               /* the pilot's once-per-game effect */
    int played_phase;            /* a battle card played this phase */
    int passed;                  /* passed in this phase (combat, buying) */
    struct hs_orders orders;
};

struct hs_titan_at {
    struct hs_titan cubes;       /* the board and every cube on it */
    int board;                   /* catalog index */
    int card[HS_MOUNTS];         /* weapon card mounted per slot, -1 none */
    int owner;                   /* seat */
    int sector;                  /* 0..HS_SECTORS-1 */
    int terrain;                 /* index into card[] of the terrain card
                                  * played on it (zone HS_Z_IN_PLAY, held
                                  * by owner), -1 none */
    int terrain_damage;          /* black cubes on that terrain card */
    int moved;                   /* paid to move this round (HS-AMB-12) */
};

/* An infantry or mobile cannon on the board (its stats: the catalog's
 * struct hs_unit of the card that brought it). */
struct hs_unit_at {
    int card;                    /* catalog battle card it came from, -1 setup */
    enum hs_unit_kind kind;
    int team, owner;             /* owner: the seat that brought it in */
    int sector;
    int attacked;                /* has attacked this combat phase */
    /* Frontline Fight: an infantry's marks, each cube taken from its stock */
    int white;                   /* started on the map and neither moved nor fired */
    int black;                   /* has moved or fired (at most 1) */
};

/* The attack being resolved, between the questions it asks. */
struct hs_attack {
    int active;
    int attacker;                /* seat */
    int mount;                   /* weapon slot, or -1 for a support unit */
    int unit;                    /* attacking unit, -1 for a titan's weapon */
    int target_seat, target_unit;
    int range, dice, damage;
    int evaded;                  /* defense dice bought before the roll */
    int hits, crits, defends, crit_defends;
    int location, rerolled;      /* hit location (enum hs_location) */
    int to_place;                /* damage cubes the defender still places */
    int critical;                /* the attacker places the last cube */
    int shots_left;              /* Rate of Fire, Spread: further rolls */
    /* combat */
    int step;                    /* enum hs_attack_step (combat.h) */
    int close;                   /* a close-combat attack (range 0) */
    int charged;                 /* close combat at the parenthesised dice */
    int hotshot;                 /* Hotshot steam paid, +1 damage each */
    int mod_attack, mod_defense; /* dice from cards, equipment, pilots */
    int mod_damage, mod_critical, mod_pierce;
    int free_rerolls;            /* hit-location re-rolls without steam */
    int smoke;                   /* the target is in a sector with smoke */
    int evade_board, evade_card; /* evades bought (HS-AMB-13) */
    int hit;                     /* this shot hit */
    int locations_left;          /* Spread: locations still to strike */
    int through;                 /* this shot put damage past shields */
    int loc_roll;                /* 2d6 total of the location roll */
    int target_down;             /* the target unit is destroyed: it leaves
                                  * the board when the attack ends */
};

struct hs_game {
    int scenario;                /* 1: Meeting Engagement */
    int nplayers;
    struct hs_player p[HS_MAX_PLAYERS];
    int ntitans;
    struct hs_titan_at titan[HS_MAX_PLAYERS];
    int nunits;
    struct hs_unit_at unit[HS_MAX_UNITS];
    int team_faction[HS_TEAMS];  /* enum hs_faction */
    int round;
    enum hs_stage stage;
    enum hs_phase phase;
    int initiative;              /* team */
    int turn_team;               /* team acting now in a sequential phase */
    int actor;                   /* seat acting now, -1 none */
    enum hs_ask ask;
    int ask_seat;                /* seat the question is for */
    int station;                 /* HS_ASK_FLOW: station whose cubes move */
    struct hs_attack attack;
    /* battle cards: the zone of each card, the deck's order, the track */
    int ncards;                  /* 54: each a catalog battle card index */
    int card[HS_MAX_DECK];
    enum hs_zone zone[HS_MAX_DECK];
    int holder[HS_MAX_DECK];     /* HS_Z_HAND, HS_Z_IN_PLAY: the seat */
    int ndeck;
    int deck[HS_MAX_DECK];       /* indexes into card[], top first; secret */
    int nslots;
    int slot[HS_MAX_SLOTS];      /* index into card[] on each track slot, -1 empty */
    int nobody_bought;           /* every seat passed in this Cards phase */
    /* cubes not on any titan (HS-DATA-16) */
    int stock_white, stock_blue, stock_red, stock_black;
    int discarded_white;         /* steam discarded by damage: out of play */
    int winner_team;             /* -1 until over */
    /* cards: zero is the state of a game with no event resolving */
    int event_pending;           /* an event drawn to the track is resolving */
    int event;                   /* its card[] index */
    int event_step;              /* its step being done */
    int event_turn;              /* position in initiative order of the seat now */
    int events_owed;             /* events fired in this refill: each a draw after */
    int event_rolled;            /* a hit step: this seat's hit is rolled, cubes owed */
    int smoke[HS_SECTORS];       /* 1: a smoke token in the sector (HS-DATA-13) */
    int initiative_bonus[HS_TEAMS]; /* cubes counted more this round (Signal Relay) */
    /* Critical Recovery (scenario_recovery.c) */
    int dirigible[2];            /* the sectors it lies in while nobody carries it */
    int carrier;                 /* seat carrying it, -1 none; a destroyed carrier
                                  * has dropped it in its sector */
    unsigned recover_tried;      /* seats that tried a recovery this Cards phase */
    /* Scenario 2, Chance Encounter: before round 1 (scenario_chance.c) */
    int ce_placed[HS_MAX_PLAYERS]; /* the titan is placed on the battle board */
    int ce_steam[HS_MAX_PLAYERS];  /* steam cubes placed from the reserve, 0..2 */
    int ce_done[HS_MAX_PLAYERS];   /* its free steam is placed (or declined) */
    /* Scenario 5, Recon in Force (scenario_recon.c) */
    int recon_done[HS_MAX_PLAYERS];  /* done drawing recon this Initiative phase */
    int recon_declined[HS_TEAMS];    /* chose to fight on at this round's start */
};

/*
 * Reads a stored state, checked as strictly as a move: every index in
 * range, every battle card in exactly one zone, the deck a permutation of
 * the deck-zone cards, every cube of every titan on a square that may hold
 * it and the cube totals equal to the stocks' start (hs_game_count_cubes).
 * Returns 0, or -1 with err (code "corrupt_state", or
 * "data_version_mismatch").
 */
int hs_game_load(struct hs_game *g, const json_t *state, struct rules_error *err);

/* The JSON state of g. New reference; NULL only when out of memory.
 * Catalog entries are named by id; load followed by dump gives the same
 * JSON. */
json_t *hs_game_dump(const struct hs_game *g);

/* Moves what each titan drew from the stocks (struct hs_titan's drawn)
 * into the game's stocks and clears it, then tells each titan what the
 * red stock holds; call after every titan rule, and between two titans'
 * heat in one rule. */
void hs_game_settle(struct hs_game *g);

/* Every cube of each colour (enum hs_stock) wherever it is: on titans,
 * in pressure boxes and reserves, on terrain cards, discarded, in the
 * stocks. A settled game counts the board's stocks exactly. */
void hs_game_count_cubes(const struct hs_game *g, int total[HS_STOCKS]);

/* Names the JSON state uses; "?" out of range. */
const char *hs_stage_name(enum hs_stage s);
const char *hs_ask_name(enum hs_ask a);
const char *hs_faction_name(enum hs_faction f);

/*
 * The seats that may see what seat holds or chooses in secret: seat's
 * team, and other's team too when other >= 0 (HS-R-154, HS-R-107); the
 * "to" of an event only they see. New reference.
 */
json_t *hs_team_to(const struct hs_game *g, int seat, int other);

#endif
