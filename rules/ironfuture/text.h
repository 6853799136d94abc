/*
 * text.h - Iron Future for chat: a seat's view as Markdown, the legal
 * moves as lines, and the chat notation of every move (RULINGS.md,
 * "Chat notation"). These are the engine's text hooks (engine.h).
 *
 * Every returned string is new (malloc; the caller free()s it), NULL
 * only when out of memory; every returned json_t is a new reference.
 */
#ifndef TURNPOST_IRONFUTURE_TEXT_H
#define TURNPOST_IRONFUTURE_TEXT_H

#include <jansson.h>

#include "../engine.h"

/*
 * What seat (0, 1; -1 a spectator) may see, rendered from the engine's
 * own view of that seat (so its redaction applies), in at most
 * RULES_TEXT_VIEW_MAX bytes: detail is dropped first, then the tail.
 */
char *ironfuture_text_view(const json_t *state, int seat);

/* The moves seat may make now, one a line: notation, two spaces, gloss. */
char *ironfuture_text_moves(const json_t *state, int seat);

/*
 * The move text names, as apply() takes it; NULL with err filled (code
 * "unreadable_move") when text is in no form of the notation. A gloss in
 * parentheses at the end is ignored. Legality is not checked; state and
 * seat are not needed for reading and may be NULL / any seat.
 */
json_t *ironfuture_text_parse(const json_t *state, int seat, const char *text,
                              struct rules_error *err);

/* The notation of move; a move in no form of it is written as its JSON. */
char *ironfuture_text_move(const json_t *move);

#endif
