/*
 * titan_damage.h - damage to a titan (Combat: Shields, Steam Titan Damage,
 * Critical Hit, Volatile and Weak Point Squares, Disabled hit locations,
 * Destroyed Steam Titans), on the types of titan.h.
 *
 * A hit first meets the location's shields (hs_titan_shields); the points
 * left become an obligation (hs_titan_hit) that the defender, and for a
 * critical's last cube the attacker, meet one cube after another
 * (hs_titan_damage_place), the legal squares listed by
 * hs_titan_damage_choices. A failed volatile roll adds an obligation that
 * comes before what was still owed.
 */
#ifndef TURNPOST_HEAVYSTEAM_TITAN_DAMAGE_H
#define TURNPOST_HEAVYSTEAM_TITAN_DAMAGE_H

#include "titan.h"

#define HS_IGNORE_ALL_SHIELDS 1000 /* close combat ignores all shields */

/*
 * points of damage against the shields of location: one shield cube per
 * point, steam before shield cubes; the first steam cube to the pressure
 * box, the others to the reserve, shield cubes to the stock. ignore
 * shield cubes (Piercing X; HS_IGNORE_ALL_SHIELDS for close combat) are
 * passed over and stay (HS-AMB-30). Returns the points past the shields.
 */
int hs_titan_shields(struct hs_titan *t, enum hs_location location, int points,
                     int ignore, struct rng *rng, json_t *events);

/*
 * Owes points damage cubes to location (points past the shields; 0 owes
 * nothing, so a critical stopped by shields does nothing, HS-AMB-09);
 * critical: the attacker places the last one. Refused while damage is
 * still owed or the titan is destroyed.
 */
int hs_titan_hit(struct hs_titan *t, enum hs_location location, int points,
                 int critical, json_t *events, struct rules_error *err);

/*
 * Owes n damage cubes to the weapon on mount itself, its white squares
 * only, what does not fit lost: Low Ammo X when it fires. (Fragile X,
 * from hs_mounted, owes its cubes by itself after each cube an enemy hit
 * puts on the weapon.) Refused while damage is still owed.
 */
int hs_titan_owe_weapon(struct hs_titan *t, enum hs_mount mount, int n,
                        json_t *events, struct rules_error *err);

enum hs_placer { HS_PLACER_NONE, HS_PLACER_OWNER, HS_PLACER_ATTACKER };

struct hs_target {
    int station, square;
    int steam;                   /* holds a steam cube that must make room */
};

/* Who places the next damage cube, how many cubes in a row they place,
 * and the squares the next one may take. */
struct hs_damage_choices {
    enum hs_placer placer;
    int cubes;
    int ntargets;
    struct hs_target target[HS_MAX_STATIONS * HS_MAX_SQUARES];
};

void hs_titan_damage_choices(const struct hs_titan *t,
                             struct hs_damage_choices *c);

/*
 * Where the steam on (station, square) may go when the next damage cube
 * takes that square: out[i] = {station, square}, empty white or red
 * squares of the same station, for a critical's last cube of the same hit
 * location (HS-AMB-10). Returns how many; 0: the cube is discarded.
 */
int hs_titan_displace_choices(const struct hs_titan *t, int station, int square,
                              int out[][2]);

/* One damage cube: its square, and where the steam there goes (to_station
 * HS_NONE when the square holds none or nothing has room). */
struct hs_damage_pick {
    int station, square;
    int to_station, to_square;
};

/*
 * Places n damage cubes, picked by placer, in order; all are checked
 * before any is placed (each as the ones before it left the titan). Each
 * cube on a weak point or volatile square is rolled for; a failed
 * volatile roll, a Fragile weapon's extra cubes or the titan's
 * destruction end the placement there: what is owed has changed.
 * Returns the picks placed, or -1 with err and nothing placed.
 */
int hs_titan_damage_place(struct hs_titan *t, enum hs_placer placer,
                          const struct hs_damage_pick *pick, int n,
                          struct rng *rng, json_t *events,
                          struct rules_error *err);

/* 1 when every white square of every station of location is damaged. */
int hs_titan_disabled(const struct hs_titan *t, enum hs_location location);

#endif
