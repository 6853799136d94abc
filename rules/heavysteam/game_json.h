/*
 * game_json.h - what game.c and game_titan.c share to read and write the
 * JSON state. Not for callers outside them (they use game.h).
 */
#ifndef TURNPOST_HEAVYSTEAM_GAME_JSON_H
#define TURNPOST_HEAVYSTEAM_GAME_JSON_H

#include "game.h"

/* Fills err with "corrupt_state" naming what is damaged; returns -1. */
int hs_corrupt(struct rules_error *err, const char *what);

/* Appends ev (stolen) to events; events may be NULL. */
void hs_game_event(json_t *events, json_t *ev);

/* o[key] as an integer in [lo, hi], or as a boolean (0/1); -1 otherwise. */
int hs_get_int(const json_t *o, const char *key, int lo, int hi, int *out);
int hs_get_bool(const json_t *o, const char *key, int *out);
/* The same of a value v (NULL: none), as rules_object_fields gives it. */
int hs_int(const json_t *v, int lo, int hi, int *out);
int hs_bool(const json_t *v, int *out);

/* o[key] = v (stolen), and the same for an integer, a boolean and a
 * string (copied). For writing the state: its keys and names are the
 * engine's own and the catalog's ids were checked as the data was read,
 * so none is checked for UTF-8 again. */
void hs_put(json_t *o, const char *key, json_t *v);
void hs_put_int(json_t *o, const char *key, json_int_t v);
void hs_put_bool(json_t *o, const char *key, int v);
void hs_put_str(json_t *o, const char *key, const char *s);
/* A string value of the same kind; JSON null for NULL. */
json_t *hs_str(const char *s);

/* The index of name in the NULL-terminated list names, or -1. */
int hs_json_name(const char *const *names, const char *name);

/* A titan, its cubes and its cards (the seats already read). Its terrain
 * is taken from the in-play cards still unclaimed (claimed[] by card
 * index), so that each in-play card lies under one titan at most. */
int hs_titan_load(struct hs_game *g, int i, const json_t *o, int claimed[],
                  struct rules_error *err);
json_t *hs_titan_dump(const struct hs_game *g, int i);
/* A support unit on the board. */
int hs_unit_load(struct hs_game *g, int i, const json_t *o,
                 struct rules_error *err);
json_t *hs_unit_dump(const struct hs_game *g, int i);

/* The first card index in zone IN_PLAY held by seat with catalog entry
 * battle, not yet claimed; claims it. -1 when none. */
int hs_claim_in_play(struct hs_game *g, int battle, int seat, int claimed[]);

/* The attack in progress (game_attack.c), JSON null for none; read after
 * the counters, seats, titans and units it is checked against. */
int hs_attack_load(struct hs_game *g, const json_t *o);
json_t *hs_attack_dump(const struct hs_game *g);

/* The battle cards' state beyond their zones (game_event.c): the event
 * waiting for an answer, the smoke tokens, the initiative bonus; read
 * after the rest, whose seats, titans and question it is checked against. */
int hs_cards_state_load(struct hs_game *g, const json_t *state);
void hs_cards_state_dump(const struct hs_game *g, json_t *o);

#endif
