/*
 * round_phase.h - what round.c shares with the phase files (move.c,
 * combat_turns.c, steam_phase.c, initiative.c, pressure.c): each phase's
 * part for one seat, its answers and its legal moves. Not for callers
 * outside the round.
 *
 * A phase's start function begins seat's part of the phase: it asks a
 * question (g->ask, g->ask_seat) or, when there is nothing to ask, does
 * the part and leaves g->ask HS_ASK_NONE (the seat is done). An apply
 * function answers the question asked now and leaves the next question,
 * or HS_ASK_NONE when the seat's part is over. hs_round_apply runs it on
 * a copy of the game and keeps the copy only when it succeeds, so an
 * apply may refuse after changing something.
 */
#ifndef TURNPOST_HEAVYSTEAM_ROUND_PHASE_H
#define TURNPOST_HEAVYSTEAM_ROUND_PHASE_H

#include "../engine.h"
#include "../rng.h"
#include "game.h"
#include "mods.h"

/* Rule ids the refusals name (RULINGS.md). */
#define HS_RULE_ROUND "HS-R-11 (Round Sequence)"
#define HS_RULE_COST "HS-R-13 (Move Cost)"
#define HS_RULE_WHERE "HS-R-14 (How to Move)"
#define HS_RULE_TERRAIN "HS-R-15 (Removing Existing Terrain Card)"
#define HS_RULE_SUPPORT "HS-R-16 (Moving Infantry and Mobile Cannon Support)"
#define HS_RULE_ALTERNATE "HS-R-17 (Combat Phase: Initiative Order)"
#define HS_RULE_STEAM "HS-R-36 (Steam Phase)"
#define HS_RULE_FLOW "HS-R-37 (Moving Steam)"
#define HS_RULE_SHUTDOWN "HS-R-40 (Shutting Down Shields)"
#define HS_RULE_REPAIR "HS-R-42 (Conducting Repairs)"
#define HS_RULE_BUY "HS-R-43 (Battle Card Acquisition)"
#define HS_RULE_FREE "HS-R-49 (Free Steam Cube Move)"
#define HS_RULE_PRESSURE "HS-R-130 (Pressure Release Phase: a card first)"

/* The general rules' beginning of the phase g->phase (the Combat slots,
 * the buying, the initiative count, then the scenario's phase_begin);
 * round.c calls it as the phase begins, or a scenario once the questions
 * its phase_before asked are answered. */
void hs_round_phase_rules(struct hs_game *g, struct rng *rng, json_t *events);

/* Sets the question. */
void hs_round_ask(struct hs_game *g, enum hs_ask q, int seat);
/* The seat's titan. */
struct hs_titan_at *hs_round_titan(struct hs_game *g, int seat);
/* A station of t named by its board id, or -1. */
int hs_round_station(const struct hs_titan *t, const json_t *id);
/* {station id, square} of a [id, n] pair; 0, or -1 when it names none. */
int hs_round_square(const struct hs_titan *t, const json_t *pair, int out[2]);
/* Refuses keys outside allowed (code "unknown_field"). */
int hs_round_keys(const json_t *move, const char *const *allowed,
                  struct rules_error *err);
/* A move of the legal-moves listing: {"type": type, "form": form}. */
json_t *hs_round_entry(const char *type, const char *form);

/* ---- a `turn` card between questions (turn_cards.c) ---- */
/* mods (NULL: none) takes what the card adds to the phase's numbers. */
int hs_turn_card_apply(struct hs_game *g, int seat, const json_t *move,
                       struct hs_mods *mods, struct rng *rng, json_t *events,
                       struct rules_error *err);
void hs_turn_card_moves(const struct hs_game *g, int seat, json_t *moves);

/* ---- Move (move.c) ---- */
void hs_move_start(struct hs_game *g, int seat);
int hs_move_apply(struct hs_game *g, int seat, const json_t *move,
                  struct rng *rng, json_t *events, struct rules_error *err);
void hs_move_moves(const struct hs_game *g, int seat, json_t *moves);

/* ---- Combat (combat_turns.c) ---- */
void hs_combat_begin(struct hs_game *g, json_t *events);
/* The next attack slot: asks its seat, or returns 0 when both teams
 * have passed. */
int hs_combat_next(struct hs_game *g, json_t *events);
/* After an attack ended outside hs_combat_apply: the other team's turn. */
void hs_combat_turn_next(struct hs_game *g);
int hs_combat_apply(struct hs_game *g, int seat, const json_t *move,
                    struct rng *rng, json_t *events, struct rules_error *err);
void hs_combat_moves(const struct hs_game *g, int seat, json_t *moves);

/* ---- Steam Allocation (steam_phase.c) ---- */
void hs_steam_start(struct hs_game *g, int seat, struct rng *rng, json_t *events);
int hs_steam_apply(struct hs_game *g, int seat, const json_t *move,
                   struct rng *rng, json_t *events, struct rules_error *err);
void hs_steam_moves(const struct hs_game *g, int seat, json_t *moves);

/* ---- Determine Initiative (initiative.c) ---- */
/* Counts the command stations and gives or keeps the initiative. */
void hs_initiative_begin(struct hs_game *g, json_t *events);
/* The free move of seat, when its team won the initiative. */
void hs_free_move_start(struct hs_game *g, int seat);
int hs_free_move_apply(struct hs_game *g, int seat, const json_t *move,
                       struct rng *rng, json_t *events, struct rules_error *err);
void hs_free_move_moves(const struct hs_game *g, int seat, json_t *moves);

/* ---- Pressure (pressure.c) ---- */
/* seat's part: asks HS_ASK_PLAY when it holds a card of the phase, else
 * the overload roll, then release and vents, for its titan. */
void hs_pressure_start(struct hs_game *g, int seat, struct rng *rng, json_t *events);
int hs_pressure_apply(struct hs_game *g, int seat, const json_t *move,
                      struct rng *rng, json_t *events, struct rules_error *err);
void hs_pressure_moves(const struct hs_game *g, int seat, json_t *moves);

#endif
