/*
 * titan_flow.h - steam moving inside a titan (Steam Allocation Phase:
 * Moving Steam, Mandatory Steam Movement, Red Squares, Heat Cubes, Moving
 * Steam Into Shield Stations, Shutting Down Shields, Moving Steam to the
 * Boiler, Conducting Repairs; Determine Initiative: Free Steam Cube
 * Move; pilots and events that add steam), on the types of titan.h.
 *
 * The movement goes station by station, furthest from the boiler first
 * (board->order): hs_steam_choices says whose cubes move now and where
 * they may go, hs_steam_move applies the player's distribution.
 */
#ifndef TURNPOST_HEAVYSTEAM_TITAN_FLOW_H
#define TURNPOST_HEAVYSTEAM_TITAN_FLOW_H

#include "titan.h"

#define HS_FREE_MOVE 2           /* steam cubes moved for the initiative */

/* Starts moving steam: no cube has moved yet. Refused while damage is owed. */
int hs_steam_begin(struct hs_titan *t, struct rules_error *err);

struct hs_flow_dest {
    int station;
    int free_white, free_red;
    int vent;                    /* no cube need go there */
};

/*
 * The station whose cubes move now (HS_NONE: the movement is over, call
 * hs_steam_end), its cubes that have not moved, and the stations its
 * arrows reach. A distribution sends 0..free_white cubes to each white
 * and 0..free_red to each red square of each destination, at most cubes
 * in all and at least must; and a cube may stay only while every free
 * white square of every destination but a vent is taken.
 */
struct hs_flow_choices {
    int station;
    int cubes, must;
    int ndest;
    struct hs_flow_dest dest[HS_MAX_STATIONS];
};

void hs_steam_choices(const struct hs_titan *t, struct hs_flow_choices *c);

/* A distribution: cubes onto white and onto red squares of each station
 * (by index); every other entry 0. */
struct hs_flow_move {
    int white[HS_MAX_STATIONS], red[HS_MAX_STATIONS];
};

/*
 * Moves the current station's cubes as m says, after checking it is
 * legal: the cubes leave red squares first (a cube left on one costs
 * heat), land on the first free squares of their colour, each cube on a
 * red square adding heat and each on a shield station's white square a
 * shield cube. Returns 0, or -1 with err and nothing moved.
 */
int hs_steam_move(struct hs_titan *t, const struct hs_flow_move *m,
                  struct rng *rng, json_t *events, struct rules_error *err);

/* Ends the movement: each cube still on the red square it held when the
 * phase began adds a heat cube. Refused while a station must still move. */
int hs_steam_end(struct hs_titan *t, struct rng *rng, json_t *events,
                 struct rules_error *err);

/*
 * Shuts down station after the movement: a shield station, or a weapon
 * slot whose card has Shutdown (the caller checks the trait). Its steam
 * to the reserve, its shield cubes to the stock.
 */
int hs_titan_shutdown(struct hs_titan *t, int station, json_t *events,
                      struct rules_error *err);

/* The boiler takes the board's production from the reserve, all that is
 * left when it is short; what the boiler has no white square for stays
 * in the reserve (HS-AMB-37). */
int hs_titan_refill(struct hs_titan *t, json_t *events, struct rules_error *err);

/*
 * A repair at the repair station: its repair cost in steam to the
 * pressure box, then the damage cubes on squares[0..n) (n up to the
 * board's removes; {station, square}) back to the stock. unrepairable[m]:
 * the card on mount m is Unrepairable, and so is its station.
 */
int hs_titan_repair(struct hs_titan *t, int station, const int squares[][2],
                    int n, const int unrepairable[HS_MOUNTS], json_t *events,
                    struct rules_error *err);

/* One steam cube from a square to another station's empty white or red
 * square. */
/* The most damage cubes one card's repair names (the vocabulary's n). */
#define HS_MAX_CARD_REPAIR 4

/*
 * A card's repair (Field Repairs, Field Workshop): removes the damage
 * cubes on the n squares named, paying nothing to the repair station,
 * whose cost is the Steam Allocation repair's; squares as hs_titan_repair,
 * a card with unrepairable[mount] set keeping its cubes (HS-R-78).
 * Returns 0, or -1 with err and nothing removed.
 */
int hs_titan_card_repair(struct hs_titan *t, const int squares[][2], int n,
                         const int unrepairable[HS_MOUNTS], json_t *events,
                         struct rules_error *err);

/* Empty blue squares of location's shield station; 0 when it has none. */
int hs_titan_shield_room(const struct hs_titan *t, enum hs_location location);

/*
 * A card's shield (Emergency Baffles): n blue cubes from the stock onto
 * the first empty blue squares of location's shield station. Refused when
 * the location has no shield station or fewer empty blue squares; the
 * caller gives no more than the blue stock holds (HS-DATA-16).
 */
int hs_titan_add_shield(struct hs_titan *t, enum hs_location location, int n,
                        json_t *events, struct rules_error *err);

struct hs_steam_step {
    int from_station, from_square;
    int to_station, to_square;
};

/*
 * The initiative's free move: up to HS_FREE_MOVE cubes, each from a
 * station to a valid square of another (never from the pressure box or
 * the reserve), red squares adding heat, shield squares shields.
 */
int hs_titan_free_move(struct hs_titan *t, const struct hs_steam_step *step,
                       int n, struct rng *rng, json_t *events,
                       struct rules_error *err);

/*
 * n steam cubes from the reserve onto the empty white or red squares
 * squares[0..n) ({station, square}) of location (HS_LOCATIONS: anywhere
 * on the titan), as a pilot or an event places them.
 */
int hs_titan_add_steam(struct hs_titan *t, enum hs_location location,
                       const int squares[][2], int n, struct rng *rng,
                       json_t *events, struct rules_error *err);

#endif
