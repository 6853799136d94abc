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
 * ruleset's tiles.
 */
#ifndef TURNPOST_BENCH_STEAM_PLAYER_H
#define TURNPOST_BENCH_STEAM_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define STEAM_PLAYER_TILES 8

/* The plain one-track tiles of the ruleset (straight, curves), by sides. */
struct steam_player {
    int ntiles;
    char id[STEAM_PLAYER_TILES][24];
    int side[STEAM_PLAYER_TILES][2];
};

/* Reads the plain tiles from GET /v1/rulesets/steam (borrowed). Returns
 * 0, or -1 when it lists none. */
int steam_player_init(struct steam_player *p, const json_t *ruleset);

/*
 * The move for seat, from the "moves" array of legal-moves (borrowed) and
 * the text of the latest view of the game (view, len; NULL when unknown,
 * which leaves track building to the caller). r is a fresh random number.
 * Returns a new reference, or NULL when the caller should choose.
 */
json_t *steam_player_pick(const struct steam_player *p, const json_t *moves,
                          const char *view, size_t len, int seat, uint64_t r);

#endif
