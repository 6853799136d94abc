/*
 * orders.h - standing orders (RULINGS HS-R-126): answers a seat gives in
 * advance to the questions an attack asks, set by a move of its own at any
 * time, whoever must act.
 *
 * The move; every key optional, a key left out keeps its order:
 *   {"type": "orders",
 *    "evade": "ask" | "never" | n,          (n >= 1: evade with the board's
 *                                            cost when mobility holds >= n)
 *    "cards_when_attacked": "ask" | "never",
 *    "damage": "ask" | [station type, ...], (place damage on these types
 *                                            first, in order; 1..8 types)
 *    "reroll": "ask" | [location, ...]}     (re-roll these hit locations
 *                                            when it can pay; [] never)
 * The orders are the seat's secret: the event saying what they are is
 * shown to it alone, and the move log shows the others {"type": "orders"}.
 */
#ifndef TURNPOST_HEAVYSTEAM_ORDERS_H
#define TURNPOST_HEAVYSTEAM_ORDERS_H

#include "../engine.h"
#include "game.h"

/* Whether move is an "orders" move (any seat, any time before the end). */
int hs_orders_move_is(const json_t *move);

/* Sets seat's orders from move. Returns 0, or -1 with err and nothing
 * changed. */
int hs_orders_set(struct hs_game *g, int seat, const json_t *move, json_t *events,
                  struct rules_error *err);

/* seat's orders in the move's own form (for its view). New reference. */
json_t *hs_orders_json(const struct hs_orders *o);

#endif
