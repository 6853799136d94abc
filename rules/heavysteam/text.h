/*
 * text.h - Heavy Steam for chat (RULINGS.md HS-R-131, "Chat notation"):
 * every move written (hs_text_move) and read (hs_text_parse) in one
 * notation, the legal moves as lines a player types (hs_text_moves) and a
 * seat's view as Markdown (hs_text_view). The engine's text hooks
 * (engine.h), registered in heavysteam.c.
 *
 * Every returned string is new (malloc; the caller free()s it), NULL only
 * when out of memory; every returned json_t is a new reference.
 */
#ifndef TURNPOST_HEAVYSTEAM_TEXT_H
#define TURNPOST_HEAVYSTEAM_TEXT_H

#include <jansson.h>

#include "../engine.h"

/* The most hs_text_moves() writes, in bytes. */
#define HS_TEXT_MOVES_MAX 1800

/*
 * What seat (-1: a spectator) sees, from hs_view_build() for that seat:
 * round, phase, who is asked and why, each titan's sector, steam, damage
 * and pressure in brief, the units and smoke, the track's cards, and the
 * seat's own hand and orders. At most RULES_TEXT_VIEW_MAX bytes; what does
 * not fit is left off from the end, marked "…".
 */
char *hs_text_view(const json_t *state, int seat);

/*
 * The moves seat may make now, one a line: a concrete move as typed, a
 * shape as a pattern whose holes are "<a|b>" (one of), "<lo-hi>" (a
 * number), "<a|b>..." (one or more) and "[...]" (optional); a gloss in
 * parentheses may follow. At most HS_TEXT_MOVES_MAX bytes. "" when seat
 * has no move.
 */
char *hs_text_moves(const json_t *state, int seat);

/*
 * The move text names, as apply() takes it; NULL with err ("unreadable_move",
 * naming the notation) when it is in no form of the notation. A text that
 * begins with "{" is read as the move's JSON. Legality is for apply(): the
 * state is read only to take a plain "done" as the Steam Allocation's end.
 */
json_t *hs_text_parse(const json_t *state, int seat, const char *text,
                      struct rules_error *err);

/* The notation of move; a move in no form of the notation (one the
 * reading would not give back whole) is written as its compact JSON. */
char *hs_text_move(const json_t *move);

#endif
