/*
 * combat.h - one attack of the Combat Phase (Attack Cost, Range, Close
 * Combat, Attack Dice, Defense Dice, Evading, Determining Results, Rolling
 * for Hit Location, Damage, Shields, Critical Hit, Attacking and Hitting
 * Terrain, Infantry and Mobile Cannons, Destroyed Steam Titans) and the
 * weapon traits that act in it, on struct hs_game (game.h).
 *
 * The engine calls these between the questions an attack asks; the order
 * inside one attack is HS-AMB-35's. hs_combat_declare starts an attack
 * and every call runs it on until the next question (g->ask, g->ask_seat:
 * HS_ASK_EVADE, HS_ASK_REROLL, HS_ASK_DAMAGE, HS_ASK_LAST_CUBE) or its
 * end (g->attack.active 0, g->ask HS_ASK_NONE: the caller goes on with the
 * alternation of attacks). A question the asked seat's standing orders
 * answer is answered from them, with an "order_decided" event. Every call
 * checks its move completely before the first change.
 *
 * Effects of battle cards (Enemy in Sight, tactics, reactions) and smoke
 * come in as struct hs_mods from the caller; terrain, powered equipment
 * and pilots' abilities are read here.
 */
#ifndef TURNPOST_HEAVYSTEAM_COMBAT_H
#define TURNPOST_HEAVYSTEAM_COMBAT_H

#include "game.h"
#include "mods.h"
#include "titan_damage.h"

/* Where an attack stands (g->attack.step). */
enum hs_attack_step {
    HS_AS_EVADE,                 /* waits for the defender's evade */
    HS_AS_ROLL,                  /* the next shot's attack and defense rolls */
    HS_AS_LOCATION,              /* the next hit location is rolled */
    HS_AS_REROLL,                /* waits for the attacker: re-roll, legs, keep */
    HS_AS_STRIKE,                /* damage against the location's shields */
    HS_AS_PLACE,                 /* damage cubes on the target */
    HS_AS_AFTER_SHOT,            /* Inflame, Knockback, the next shot */
    HS_AS_LOW_AMMO,              /* the fired weapon's own damage */
    HS_AS_PLACE_OWN,             /* those cubes, placed by the attacker */
    HS_AS_TRAILS                 /* heat into the firer's box, then the end */
};


/* Close combat's parenthesised dice (HS-R-20). */
enum hs_boost { HS_BOOST_NONE, HS_BOOST_PAY, HS_BOOST_FREE };

/* One attack seat may declare now: its weapon or unit, its target, and
 * the numbers a move chooses. */
struct hs_attack_option {
    int mount;                   /* weapon slot, -1 for a unit */
    int unit;                    /* attacking unit, -1 for a weapon */
    int target_seat, target_unit; /* the target: a titan's seat or a unit */
    int range;
    int close;                   /* a close-combat weapon at range 0 */
    int hotshot_max;             /* Hotshot: 0..hotshot_max more steam */
    enum hs_boost boost;         /* PAY: boost 0 or 1; FREE: the titan moved */
};

#define HS_MAX_OPTIONS \
    ((HS_MOUNTS + HS_MAX_UNITS) * (HS_MAX_PLAYERS + HS_MAX_UNITS))

/*
 * The attacks seat may declare now (out holds HS_MAX_OPTIONS): each of
 * its titan's weapons (not equipment) with the attack cost on its squares
 * and the pressure box room for it, against each enemy titan, infantry
 * and mobile cannon within the chart's range (close combat at range 0
 * only), and each of its team's support units that has not attacked this
 * Combat phase. Returns how many.
 */
int hs_combat_options(const struct hs_game *g, int seat,
                      struct hs_attack_option *out);

/* An attack as a move declares it. */
struct hs_declare {
    int mount, unit;             /* one of them -1 */
    int target_seat, target_unit; /* one of them -1 */
    int hotshot;                 /* Hotshot steam, 0..X */
    int boost;                   /* 1: pay Close Combat X from mobility */
    int to_reserve;              /* 1: the pilot's once-per-game power moves
                                  * the weapon's steam to the power reserve
                                  * (HS-R-129) */
};

/* Whether seat's pilot has an unused after-firing power (HS-R-129). */
int hs_combat_after_firing_power(const struct hs_game *g, int seat);

/*
 * Declares and pays an attack (HS-R-18): the attack cost and Hotshot from
 * the weapon, the close-combat boost from mobility, all to the pressure
 * box. mods: the attacker's battle card (NULL none). Then asks the
 * defender to evade, or rolls when nobody can or its orders answer.
 */
int hs_combat_declare(struct hs_game *g, int seat, const struct hs_declare *d,
                      const struct hs_mods *mods, struct rng *rng,
                      json_t *events, struct rules_error *err);

/*
 * hs_combat_declare with the attacker's `attack` battle card: card plays
 * it once the cost is paid and the attack stands in g->attack (HS-AMB-35),
 * adding its numbers to *mods; 0, or -1 with err (the whole declaration is
 * then refused: the caller works on a copy).
 */
typedef int (*hs_attack_card_fn)(struct hs_game *g, const void *arg, struct hs_mods *mods,
                                 struct rng *rng, json_t *events,
                                 struct rules_error *err);
int hs_combat_declare_card(struct hs_game *g, int seat, const struct hs_declare *d,
                           const struct hs_mods *mods, hs_attack_card_fn card,
                           const void *card_arg, struct rng *rng, json_t *events,
                           struct rules_error *err);

/* The defender's answer to HS_ASK_EVADE. */
struct hs_evade {
    int board;                   /* 1: the board's evade */
    int card;                    /* mount of an Evade X card to use, -1 none */
};

/*
 * The defender's evade (HS-R-24, HS-AMB-13): steam from mobility to the
 * pressure box for defense dice, before the roll; mods: its `attacked`
 * battle card (NULL none). Then the rolls and what follows.
 */
int hs_combat_evade(struct hs_game *g, int seat, const struct hs_evade *ev,
                    const struct hs_mods *mods, struct rng *rng,
                    json_t *events, struct rules_error *err);

/*
 * The defender's standing orders answer the evade question of the attack
 * in progress (the card part too: never, or none to play): the evade is
 * paid as they say, an "order_decided" event logged, and 1 returned (the
 * roll follows: the caller runs the attack on); 0 when they do not cover
 * it, nothing changed.
 */
int hs_combat_evade_by_orders(struct hs_game *g, json_t *events);

/*
 * After seat's standing orders change: the question asked now, if it is
 * seat's and the new orders cover it (evade, re-roll, damage), is answered
 * by them and the attack runs on. A question they do not cover stays.
 */
void hs_combat_orders_changed(struct hs_game *g, int seat, struct rng *rng,
                              json_t *events);

/* The attacker's answer to HS_ASK_REROLL. */
enum hs_reroll { HS_KEEP, HS_REROLL, HS_TO_LEGS };

/* What the attacker may answer now: re-roll (paid or free), Low
 * Trajectory's legs. */
void hs_combat_reroll_choices(const struct hs_game *g, int *reroll, int *legs);

/*
 * The attacker keeps the hit location, re-rolls it (HS-R-26: 2 command
 * steam to the power reserve, or a free re-roll; once per location) or
 * moves it to the legs (Low Trajectory).
 */
int hs_combat_reroll(struct hs_game *g, int seat, enum hs_reroll choice,
                     struct rng *rng, json_t *events, struct rules_error *err);

/* The seat whose titan takes the damage HS_ASK_DAMAGE or HS_ASK_LAST_CUBE
 * asks about (its choices: hs_titan_damage_choices), -1 none. */
int hs_combat_damage_seat(const struct hs_game *g);

/*
 * Damage cubes placed by seat (HS_ASK_DAMAGE: the titan's owner;
 * HS_ASK_LAST_CUBE: the attacker), in order, as hs_titan_damage_place
 * takes them.
 */
int hs_combat_damage(struct hs_game *g, int seat,
                     const struct hs_damage_pick *pick, int n,
                     struct rng *rng, json_t *events,
                     struct rules_error *err);

#endif
