/*
 * cards.h - Heavy Steam's battle cards on struct hs_game: the battle card
 * track, buying, events, hands and playing a card (the deal is the
 * setup's, setup.h) (Set up the Battle Cards on the Battle Board, Battle Card Acquisition
 * Phase, When to Play Battle Cards, Event Cards; RULINGS.md HS-R-08,
 * HS-R-12, HS-R-43..47).
 *
 * Every battle card is one entry of g->card[] and lies in exactly one
 * zone (hs_cards_check). Changes that may fail are checked or tried on a
 * copy first, so a refused call leaves the game as it was.
 *
 * A refill of the track can draw an event whose steps ask each player a
 * choice (where steam or damage goes): the event is then held in
 * g->event (g->event_pending set), g->ask is HS_ASK_EVENT for
 * g->ask_seat, and hs_event_answer
 * resumes the event, the refill and the draws after it.
 */
#ifndef TURNPOST_HEAVYSTEAM_CARDS_H
#define TURNPOST_HEAVYSTEAM_CARDS_H

#include "effects.h"
#include "game.h"

/* Every card in exactly one zone, the deck and track lists agreeing with
 * the zones; 0, or -1 with err saying which card is wrong. */
int hs_cards_check(const struct hs_game *g, struct rules_error *err);

/* Seats in initiative order: the team with initiative first, each team in
 * seat order. Returns how many. */
int hs_seat_order(const struct hs_game *g, int seats[HS_MAX_PLAYERS]);

/* The price of the card on slot: its printed cost plus the slot's
 * modifier; -1 for an empty slot. */
int hs_card_price(const struct hs_game *g, int slot);

/* Cards in seat's hand. */
int hs_hand_size(const struct hs_game *g, int seat);

/* ---- the Battle Card Acquisition phase ----------------------------------- */

/* Starts the phase: nobody has passed or bought yet. */
void hs_buy_begin(struct hs_game *g);

/*
 * The seats that may buy now, a bitmask: the seats of the team with
 * initiative that have not passed, or once all of them have, those of the
 * other team; 0 while an event waits for an answer or when the phase is
 * over.
 */
unsigned hs_buy_seats(const struct hs_game *g);

/*
 * seat buys the card on slot, paying its price from its titan's command
 * station into the power reserve; the card goes to its hand, the track
 * slides right and refills (HS-R-43, HS-R-44). Returns 0, 1 when an
 * event drawn asks a question (g->ask), or -1 with err.
 */
int hs_buy(struct hs_game *g, int seat, int slot, struct rng *rng,
           json_t *events, struct rules_error *err);

/*
 * seat passes for the rest of the phase. When the last seat passes and
 * nobody bought, the card on the +0 slot goes to the discard pile and the
 * track slides and refills (HS-R-46, HS-AMB-31). Returns as hs_buy.
 */
int hs_buy_pass(struct hs_game *g, int seat, struct rng *rng, json_t *events,
                struct rules_error *err);

/* ---- events --------------------------------------------------------------- */

/* 1 when effects.c plays every step of event b (for every player, or
 * once for all). */
int hs_event_supported(const struct hs_battle_card *b);

/* What seat may choose for the step the pending event asks (the format
 * of hs_effect_options), NULL when no event asks seat. New reference. */
json_t *hs_event_options(const struct hs_game *g, int seat);

/*
 * seat's answer to the event's question (a choice object as effects.h
 * reads it); the event goes on, then the refill and the draws. Returns
 * as hs_buy.
 */
int hs_event_answer(struct hs_game *g, int seat, const json_t *choice,
                    struct rng *rng, json_t *events, struct rules_error *err);

/* ---- hands ---------------------------------------------------------------- */

/*
 * seat draws n cards from the top of the deck into its hand, the discard
 * pile reshuffled into a new deck when it runs out (HS-R-45); an event
 * drawn so is dead. Returns the cards drawn (fewer when both are empty).
 */
int hs_draw(struct hs_game *g, int seat, int n, struct rng *rng, json_t *events);

/* The top card of the deck taken off it, the discard pile reshuffled
 * into a new deck when it runs out (HS-R-45); its zone is the caller's
 * to set. -1 when the deck and the discard pile are both empty. */
int hs_deck_take(struct hs_game *g, struct rng *rng, json_t *events);

/* Card c (index into g->card) to the discard pile, from wherever it is:
 * a terrain destroyed or swept away, a support unit gone, a hand
 * discarded. */
void hs_card_discard(struct hs_game *g, int c, json_t *events);

/* ---- playing a card (HS-R-12, HS-R-47, HS-AMB-22) ------------------------- */

/*
 * Whether seat may play card c now, in moment: HS_TIME_TURN in the
 * seat's team's part of the phase, HS_TIME_ATTACK with its own attack
 * (g->attack, before the roll), HS_TIME_ATTACKED when its titan is the
 * target. The card must be in its hand, not an event, of the phase now
 * (or without a phase icon), of that timing, and the seat must not have
 * played a card this phase. 0, or -1 with err.
 */
int hs_card_playable(const struct hs_game *g, int seat, int c,
                     enum hs_timing moment, struct rules_error *err);

/*
 * Plays card c: its effect at once with choice (effects.h), then the
 * discard pile; terrain goes onto the titan and supports stay in play
 * (HS_Z_IN_PLAY). What modifies the attack in progress or a phase's
 * numbers is added to *mods for the combat and round code to read.
 * Returns 0, or -1 with err and nothing changed.
 */
int hs_play_card(struct hs_game *g, int seat, int c, enum hs_timing moment,
                 const json_t *choice, struct hs_mods *mods, struct rng *rng,
                 json_t *events, struct rules_error *err);

/*
 * The cards seat may play now in moment, for legal moves: an array of
 * {"card": index, "id": catalog id, "options": [...]} with, for each step
 * that chooses, what hs_effect_options lists. New reference.
 */
json_t *hs_cards_playable(const struct hs_game *g, int seat, enum hs_timing moment);

/*
 * The card a move names: v is a catalog id, and the card is the lowest
 * copy of it in seat's hand (copies are alike, and a stored game gives
 * each id its copies in its own order, so a move never names a copy by
 * its index). -1 when v is not a string or seat holds no such card.
 * hs_cards_playable lists one entry per id, that copy.
 */
int hs_hand_card(const struct hs_game *g, int seat, const json_t *v);

/* The catalog id of card c (an index into g->card). */
const char *hs_card_id(const struct hs_game *g, int c);

/* Whether card c, in seat's hand, is the copy hs_hand_card names. */
int hs_hand_card_first(const struct hs_game *g, int seat, int c);

/* Resets the one-card-a-phase count; called as each phase begins. */
void hs_cards_phase_begin(struct hs_game *g);

#endif
