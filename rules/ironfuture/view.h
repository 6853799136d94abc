/*
 * view.h - what each seat may see of an Iron Future game, the moves it
 * may make, who must act, and the engine's self-description.
 *
 * Every function returns a new JSON reference owned by the caller.
 */
#ifndef TURNPOST_IRONFUTURE_VIEW_H
#define TURNPOST_IRONFUTURE_VIEW_H

#include <jansson.h>

#include "../engine.h"
#include "game.h"

/* The view for seat (0, 1; -1 a spectator): hands and deck order hidden. */
json_t *ironfuture_view_build(const struct if_game *g, int seat);

/* {"moves": [...]}: every move seat may make now, each concrete. */
json_t *ironfuture_moves_list(const struct if_game *g, int seat);

/* Fills st from g. */
void ironfuture_status_fill(const struct if_game *g, struct rules_status *st);

/* The engine's description: options, move types, public card data. */
json_t *ironfuture_describe_build(void);

/*
 * Reading a view, for the renderers of its text and picture: a member as
 * an integer (0 when absent), as a string ("?" when absent), and the
 * catalog unit a card object names (public data; NULL for none).
 */
int ironfuture_view_int(const json_t *o, const char *key);
const char *ironfuture_view_str(const json_t *o, const char *key);
const struct if_unit *ironfuture_view_unit(const json_t *card);

#endif
