/*
 * catalog_parse.h - what catalog.c and catalog_cards.c share while reading
 * Heavy Steam's data; not part of the catalog's public face (catalog.h).
 */
#ifndef TURNPOST_HEAVYSTEAM_CATALOG_PARSE_H
#define TURNPOST_HEAVYSTEAM_CATALOG_PARSE_H

#include <jansson.h>

#include "catalog.h"

/* Each reads one file's root object into cat; 0, or -1 with cat->error. */
int hs_parse_weapons(struct hs_catalog *cat, const json_t *root);
int hs_parse_battle_cards(struct hs_catalog *cat, const json_t *root);
int hs_parse_pilots(struct hs_catalog *cat, const json_t *root);

/* The index of s among the NULL-terminated names, or -1. */
int hs_name_index(const char *s, const char *const *names);

extern const char *const hs_faction_names[];
extern const char *const hs_size_names[];

#endif
