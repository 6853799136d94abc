/*
 * text.h - Steam for chat: the notation of every move, written and read
 * (RULINGS.md, "Chat notation"), the legal moves as lines a player types,
 * and a seat's view as Markdown. These are the engine's text hooks
 * (engine.h), registered in steam.c.
 *
 * Every returned string is new (malloc; the caller free()s it), NULL only
 * when out of memory; every returned json_t is a new reference.
 */
#ifndef TURNPOST_STEAM_TEXT_H
#define TURNPOST_STEAM_TEXT_H

#include <jansson.h>

#include "../engine.h"

/* The most steam_text_moves() writes, in bytes. */
#define ST_TEXT_MOVES_MAX 1500

/*
 * What seat (-1: a spectator) sees, rendered from the engine's own view()
 * of that seat: the turn and phase, who acts, each player's money, income,
 * VP, locomotive, action tile and links, the turn order, the cubes on the
 * cities and the Goods Supply. At most RULES_TEXT_VIEW_MAX bytes, always:
 * what does not fit is left off from the end, which then reads "…".
 */
char *steam_text_view(const json_t *state, int seat);

/*
 * The moves seat may make now, one a line: concrete moves as they are
 * typed (a gloss in parentheses may follow), and for each shape a pattern
 * line ("bid <3-12>", "urbanize <d2|g5> <red|gray> <s0|s4>") and, for
 * build and redirect, a line listing what may go where now ("build c5
 * straight r0|r3, gentle r1; d6 ..."). At most ST_TEXT_MOVES_MAX bytes; a
 * list cut short ends with "…". "" when seat has no move.
 */
char *steam_text_moves(const json_t *state, int seat);

/*
 * The move text names, typed by seat, as apply() takes it; NULL with err
 * filled (code "unreadable_move", a message naming the forms) when it is
 * in no form of the notation. Case does not matter, nor extra spaces, nor
 * a gloss in parentheses at the end. Legality is for apply(): the state is
 * read only to find the owners of a delivery's links that the text does
 * not name.
 */
json_t *steam_text_parse(const json_t *state, int seat, const char *text,
                         struct rules_error *err);

/* The notation of move, every link owner of a delivery named; a move in
 * no form of the notation is written as its JSON. */
char *steam_text_move(const json_t *move);

#endif
