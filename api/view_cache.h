/*
 * view_cache.h - rendered game views, kept in memory by this process.
 *
 * Reading a game's view means parsing its state, asking the engine what
 * the viewer may see and printing that: most of the CPU of a GET. A game
 * at a given version never changes, so the body rendered for one viewer
 * at one version can be served again as long as the database still says
 * that version. The database stays the authority: every GET still reads
 * the game's row (without its state when the version is the cached one),
 * so a move made through any replica is seen at once.
 *
 * Slots are chosen by game and viewer; a newer version replaces an older
 * one in place, so memory is bounded by the slot count. Thread safe.
 */
#ifndef TURNPOST_API_VIEW_CACHE_H
#define TURNPOST_API_VIEW_CACHE_H

#include <stddef.h>
#include <stdint.h>

struct view_cache;

/* A cache of slots entries; 0 gives a cache that keeps nothing. */
struct view_cache *view_cache_new(size_t slots);
void view_cache_free(struct view_cache *vc);

/* The version held for (game_id, viewer), or -1. */
int64_t view_cache_version(struct view_cache *vc, const char *game_id,
                           const char *viewer);

/*
 * A copy (malloc, caller frees) of the body held for exactly this game,
 * viewer, version and seat, with its length in *len; NULL otherwise.
 */
char *view_cache_get(struct view_cache *vc, const char *game_id,
                     const char *viewer, int64_t version, int seat,
                     size_t *len);

/* Keeps a copy of body; an older version in the slot is dropped. */
void view_cache_put(struct view_cache *vc, const char *game_id,
                    const char *viewer, int64_t version, int seat,
                    const char *body, size_t len);

/* Views served from the cache, and views that had to be rendered. */
void view_cache_counts(struct view_cache *vc, unsigned long *hits,
                       unsigned long *misses);

#endif
