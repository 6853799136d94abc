/*
 * view.h - what a seat sees of a Steam game, the moves it may make, who
 * must act, and the engine's self-description. Steam is open information
 * (RULINGS ST-DATA-10): every seat and spectators see the same view.
 *
 * Every function returns a new JSON reference owned by the caller.
 */
#ifndef TURNPOST_STEAM_VIEW_H
#define TURNPOST_STEAM_VIEW_H

#include <jansson.h>

#include "../engine.h"
#include "game.h"

json_t *steam_view_build(const struct st_game *g, int seat);
json_t *steam_moves_list(const struct st_game *g, int seat);
void steam_status_fill(const struct st_game *g, struct rules_status *st);
json_t *steam_describe_build(void);

/* The map as drawing data: rows of codes, cities, towns, impassable
 * sides (the static map when g is NULL). */
json_t *steam_map_json(const struct st_catalog *cat, const struct st_map *m,
                       const struct st_game *g);

#endif
