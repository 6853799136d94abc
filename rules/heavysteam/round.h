/*
 * round.h - the Heavy Steam round (Round Sequence): the six phases in
 * order, each in initiative order team by team (RULINGS.md HS-R-11,
 * HS-AMB-22), and the sequence that takes a game from one question to
 * the next once the pilots are revealed (pilots.h).
 *
 * Every answer goes through hs_round_apply: the phase whose question it
 * is checks and applies it, then the machine runs on, doing whatever
 * asks nobody (a forced steam flow, the refill, initiative without a
 * free move, the whole Pressure phase), until the next question
 * (g->ask for g->ask_seat) or the end of the game.
 *
 * The moves, by question (every key named here; "form" appears only in
 * hs_round_moves' listing):
 *   HS_ASK_MOVE        {"type": "move", "pay": 1|2, "sector": s} | {"type": "hold"}
 *   HS_ASK_AFTER_MOVE  {"type": "card", "card": i, "choice": {...}}
 *                      | {"type": "done", "infantry": {"unit": u, "sector": s},
 *                         "cannon": {"unit": u, "sector": s}}  (both optional)
 *   HS_ASK_ATTACK      {"type": "attack", "mount": "left_arm"|..., or "unit": u,
 *                       "target": seat or "target_unit": u, "hotshot": n,
 *                       "boost": 0|1} | {"type": "pass"}
 *   HS_ASK_EVADE       {"type": "evade", "board": 0|1, "card": mount name|null}
 *   HS_ASK_REROLL      {"type": "reroll", "choice": "keep"|"reroll"|"legs"}
 *   HS_ASK_DAMAGE, HS_ASK_LAST_CUBE
 *                      {"type": "damage", "picks": [{"station": id, "square": n,
 *                        "to": [id, n]}, ...]}  ("to" where steam there goes)
 *   HS_ASK_FLOW        {"type": "flow", "white": {id: n}, "red": {id: n}}
 *   HS_ASK_AFTER_FLOW  {"type": "steam_done", "shutdown": [id, ...],
 *                       "repairs": [[[id, n], ...], ...]}  (both optional)
 *   HS_ASK_BUY         {"type": "buy", "slot": k} | {"type": "pass"}
 *   HS_ASK_EVENT       {"type": "event", "choice": {...}}
 *   HS_ASK_FREE_MOVE   {"type": "free_move", "steps": [{"from": [id, n],
 *                        "to": [id, n]}, ...]}  (0..2 steps)
 * Stations are named by their board id, squares by index in the station.
 */
#ifndef TURNPOST_HEAVYSTEAM_ROUND_H
#define TURNPOST_HEAVYSTEAM_ROUND_H

#include "../engine.h"
#include "../rng.h"
#include "game.h"

/*
 * Applies seat's answer to the question the game asks now, then runs the
 * round on to the next question. Returns 0, or -1 with err (the rule id,
 * HS-R-nn, and why) and g unchanged.
 */
int hs_round_apply(struct hs_game *g, int seat, const json_t *move,
                   struct rng *rng, json_t *events, struct rules_error *err);

/*
 * seat's standing orders (orders.h), at any time in the rounds, whoever
 * is asked: set, then the question asked now answered by them if it is
 * seat's and they cover it, and the round run on. Returns 0, or -1 with
 * err and g unchanged.
 */
int hs_round_orders(struct hs_game *g, int seat, const json_t *move, struct rng *rng,
                    json_t *events, struct rules_error *err);

/*
 * Ends the game, winner_team winning: nothing is left resolving once it is
 * over (no attack, no question, no station whose steam moves, no event),
 * so that its state loads. The caller logs why.
 */
void hs_game_over(struct hs_game *g, int winner_team);

/* seat resigns (resign.c): its team loses. 0, or -1 with err. */
int hs_resign(struct hs_game *g, int seat, json_t *events, struct rules_error *err);

/*
 * The moves seat may make now: {"moves": [...]}, each a move as above
 * ("form": "move") or a shape ("form": "shape") whose holes are bounded:
 * {"min": a, "max": b} for a number, {"of": [...]} for a choice among
 * values, and for a list its "max" length. Empty when nothing is asked
 * of seat. New reference.
 */
json_t *hs_round_moves(const struct hs_game *g, int seat);

#endif
