/*
 * chat.h - a game for chat: the view as Markdown (GET /v1/games/{id} with
 * Accept: text/markdown), the legal moves in the game's notation (Accept:
 * text/plain) and moves typed in it (Content-Type: text/plain).
 */
#ifndef TURNPOST_API_CHAT_H
#define TURNPOST_API_CHAT_H

#include "db.h"
#include "games.h"
#include "http.h"

/*
 * The Markdown a chat bot posts for seat (-1: a spectator): a header (the
 * game, who must act or how it ended), the engine's text view, and the
 * last moves in notation (read from the log with db). Under 2,000 bytes.
 * New string (free()), NULL when out of memory.
 */
char *chat_view(struct db *db, const struct storage_game *g, int seat);

/*
 * Reads the request's text/plain body as seat's move in g's notation into
 * *move (new). Returns 0, or -1 having replied (415 for a game without a
 * notation, 422 illegal_move with violation unreadable_move).
 */
int chat_text_move_or_reply(struct request *r, const struct storage_game *g, int seat,
                            json_t **move);

#endif
