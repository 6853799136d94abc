/*
 * effects.h - the interpreter of the catalog's effect vocabulary (enum
 * hs_op, RULINGS.md "The effect vocabulary") on struct hs_game: one
 * function per operation, each checking its targets.
 *
 * Operations that only modify an attack in progress or a phase's number
 * (attack_dice, defense_dice, damage, critical, pierce, reroll_location,
 * release, spent_to_reserve) change nothing here: they add to a struct
 * hs_mods that the combat and pressure code read. A release outside the
 * Pressure phase (Cold Rain) pops its cubes at once (effects_cubes.h).
 *
 * Where a step needs its player's choice, the choice is a JSON object the
 * move carries, one key per operation:
 *   place_steam   {"steam": [{"station": id, "square": q}, ...]}
 *   damage_cubes  {"damage": [{"station": id, "square": q,
 *                              "to_station": id, "to_square": q}, ...]}
 *                 (to_*: where displaced steam goes, optional)
 *   hit           {"damage": [...]} as damage_cubes: the owed cubes, after
 *                 hs_effect_roll_hit rolled the location and the shields
 *   support       {"sector": s}
 *   play_terrain  {"terrain": card index (g->card)}
 *   move_titan    {"sector": s}
 *   move_support  {"unit": index in g->unit, "sector": s}
 *   free_move     {"steps": [{"from_station": id, "from_square": q,
 *                             "to_station": id, "to_square": q}, ...]}
 *   steal, give   {"opponent": seat (optional with one opponent),
 *                  "give": [card index, ...]}
 *   repair        {"repair": [{"station": id, "square": q}, ...]}
 *   shield        {"shield": [location name, ...]}  (one entry a cube)
 * hs_effect_options lists what may be chosen, in the same keys.
 */
#ifndef TURNPOST_HEAVYSTEAM_EFFECTS_H
#define TURNPOST_HEAVYSTEAM_EFFECTS_H

#include "game.h"
#include "mods.h"


/* 1 when effects.c interprets op. */
int hs_op_supported(enum hs_op op);

/* 1 when op only adds to struct hs_mods. */
int hs_op_mod(enum hs_op op);

/* 1 when op acts once for the whole game, not for each titan (smoke). */
int hs_op_global(enum hs_op op);

/* 1 when op asks its player a choice (in the choice object). */
int hs_op_chooses(enum hs_op op);

/*
 * Adds the effect's attack and phase numbers to m for a titan of size
 * (a step with a size counts only for that size): a played card's, or a
 * terrain card's while it is in play.
 */
void hs_effect_mods(const struct hs_effect *e, enum hs_size size,
                    struct hs_mods *m);

/*
 * What seat may choose for step (the keys above): {"n": cubes to place,
 * "steam": [...]}, {"damage": [...]} (the squares the next cube may
 * take), {"sector": [...]}, {"terrain": [...]}, {"opponent": [...],
 * "give": [...]}, {"unit": [...]}, {"from": [...], "to": [...]}; {} when
 * there is nothing to choose. New reference.
 */
json_t *hs_effect_options(const struct hs_game *g, int seat,
                          const struct hs_step *step);

/*
 * Does step for seat's titan (who is resolved by the caller: the step
 * acts on seat), card the g->card index it comes from (-1 an event's
 * unit). choice may be NULL where the step takes none, or where nothing
 * can be chosen. Returns 0, or -1 with err; a failure may leave g
 * half-changed, so callers work on a copy.
 */
int hs_effect_step(struct hs_game *g, int seat, int card,
                   const struct hs_step *step, const json_t *choice,
                   struct hs_mods *mods, struct rng *rng, json_t *events,
                   struct rules_error *err);

/* A hit step's roll for seat's titan: the hit location on 2d6, the
 * shields, and the points past them owed (hs_titan_hit), which the owner
 * then places through hs_effect_step. */
int hs_effect_roll_hit(struct hs_game *g, int seat, const struct hs_step *step,
                       struct rng *rng, json_t *events, struct rules_error *err);

/* A step that acts once (hs_op_global). */
int hs_effect_global(struct hs_game *g, const struct hs_step *step,
                     json_t *events, struct rules_error *err);

/*
 * Whether effect changes its titan's stations (repairs, shields, steam
 * placed or moved): not while the titan's steam is still moving in the
 * Steam Allocation (HS-R-133). 1 or 0.
 */
int hs_effect_touches_stations(const struct hs_effect *e);

#endif
