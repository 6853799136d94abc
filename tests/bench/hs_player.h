/*
 * hs_player.h - how the bench plays Heavy Steam: a random legal move made
 * from the legal-moves listing alone (what the API returns, or the
 * engine's legal_moves()), its shape's holes filled within their bounds.
 * turnpost-bench sends it over HTTP; turnpost-playouts plays it through
 * the engine for speed and, with hs_player_pick's greedy flag, for the
 * titans' balance.
 *
 * It reads no state: a filled shape may still be refused (a free move
 * within one station, a card's choice the listing cannot tell apart), so
 * a caller that can retry offers another entry.
 */
#ifndef TURNPOST_BENCH_HS_PLAYER_H
#define TURNPOST_BENCH_HS_PLAYER_H

#include <stdint.h>

#include <jansson.h>

/* The next value of the player's random stream (xorshift64*; *s != 0). */
uint64_t hs_player_next(uint64_t *s);

/*
 * The move one listed entry e (borrowed) makes, as apply() takes it: e
 * without its "form", and for a shape every hole filled at random from
 * its bounds. NULL when the player cannot fill it. New reference.
 */
json_t *hs_player_fill(const json_t *e, uint64_t *rng);

/* Attempts at random before hs_player_choose goes through the listing in
 * order. */
#define HS_PLAYER_RANDOM_TRIES 6

/*
 * The index of the entry of moves (a listing's "moves", borrowed) to try
 * on attempt try (0 first): at random, with greedy an attack whenever one
 * is listed (attempts 0 and 1); from attempt HS_PLAYER_RANDOM_TRIES on,
 * entry try - HS_PLAYER_RANDOM_TRIES (mod their number), so that a caller
 * trying HS_PLAYER_RANDOM_TRIES + n times offers every entry. -1 when
 * moves is empty.
 */
int hs_player_choose(const json_t *moves, int try, int greedy, uint64_t *rng);

#endif
