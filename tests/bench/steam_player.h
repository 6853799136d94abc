/*
 * steam_player.h - how turnpost-bench plays Steam: like the API tests'
 * players (tests/api/lib/steam-policy.mjs), in short. It lays track that
 * joins two cities where cubes wait for each other's colour, delivers
 * whenever it can, takes the free action tiles, and otherwise passes, so
 * that the bench's games move goods and grow their track and states as
 * played games do. Random legal moves would mostly pass, pay for tiles
 * they never use and go bankrupt without a delivery.
 *
 * It reads only what the API returns: the legal moves, the seat's view of
 * the game (GameView, or an answer holding one under "game") and the
 * ruleset's tiles. turnpost-playouts --balance gives it the same from the
 * engine: legal_moves(), view() and describe().
 */
#ifndef TURNPOST_BENCH_STEAM_PLAYER_H
#define TURNPOST_BENCH_STEAM_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define STEAM_PLAYER_TILES 8

/* The plain one-track tiles of the ruleset (straight, curves) and its town
 * tiles with two exits, by sides. */
struct steam_player {
    int ntiles;
    char id[STEAM_PLAYER_TILES][24];
    int side[STEAM_PLAYER_TILES][2];
    unsigned char town[STEAM_PLAYER_TILES];     /* a town tile */
    int through_towns;  /* 1: links may run on through a free town (a town tile
                           with two exits), up to 5 tiles; 0 (the default, and
                           turnpost-bench's): around towns, up to 4 tiles */
};

/* Reads the tiles from GET /v1/rulesets/steam (borrowed). Returns 0, or -1
 * when it lists no plain tile. */
int steam_player_init(struct steam_player *p, const json_t *ruleset);

/*
 * The move for seat, from the "moves" array of legal-moves (borrowed) and
 * the text of the latest view of the game (view, len; NULL when unknown,
 * which leaves track building to the caller). r is a fresh random number.
 * Returns a new reference, or NULL when the caller should choose.
 */
json_t *steam_player_pick(const struct steam_player *p, const json_t *moves,
                          const char *view, size_t len, int seat, uint64_t r);

/*
 * The same choice from a Steam view as the engine's view() returns it, the
 * "state" of a GameView (borrowed; NULL leaves track building to the
 * caller), for players that drive the rules engine directly.
 */
json_t *steam_player_choose(const struct steam_player *p, const json_t *moves,
                            const json_t *state, int seat, uint64_t r);

#endif
