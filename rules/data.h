/*
 * data.h - the games' data files (cards, boards, maps), embedded at build
 * time from rules/<game>/data/ so that engines read them without I/O.
 */
#ifndef TURNPOST_RULES_DATA_H
#define TURNPOST_RULES_DATA_H

#include <stddef.h>

#include <jansson.h>

/*
 * The text of the data file at path, relative to rules/ (for example
 * "ironfuture/data/units.json"), NUL-terminated and borrowed for the life
 * of the process; NULL when there is no such file.
 */
const char *rules_data(const char *path);

/*
 * Checks for reading a data file's JSON. Each writes what it found wrong
 * to error (RULES_DATA_ERROR bytes) and returns -1, or returns 0; what
 * names the object for the message ("unit \"mbt\"").
 */
#define RULES_DATA_ERROR 200

int rules_data_fail(char *error, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* obj is an object with no key outside the NULL-terminated allowed. */
int rules_data_keys(char *error, const json_t *obj, const char *what,
                    const char *const *allowed);
/* obj's key is an integer in lo..hi. */
int rules_data_int(char *error, const json_t *obj, const char *what,
                   const char *key, int lo, int hi, int *out);
/* obj's key is a string that fits out (size bytes with its NUL). */
int rules_data_str(char *error, const json_t *obj, const char *what,
                   const char *key, char *out, size_t size);

/*
 * The index of the entry of items (n of them, size bytes apart) whose
 * NUL-terminated id, at id_offset inside each, is id; -1 when none is or
 * id is NULL. For a catalog's lookups by id.
 */
int rules_data_find(const void *items, int n, size_t size, size_t id_offset,
                    const char *id);

/*
 * The same lookup through a hash table (data_index.c): a catalog builds an
 * index of each of its lists once they are read, and reads it only after.
 * Up to RULES_DATA_INDEX_MAX entries; a longer list is not indexed.
 */
#define RULES_DATA_INDEX_MAX 128
#define RULES_DATA_INDEX_SLOTS 256      /* twice the entries: short probes */
struct rules_data_index {
    int n;                              /* entries indexed, 0 before the build */
    unsigned char slot[RULES_DATA_INDEX_SLOTS]; /* entry index + 1 by hash, 0 free */
};

void rules_data_index_build(struct rules_data_index *ix, const void *items, int n,
                            size_t size, size_t id_offset);
/* As rules_data_find (the lowest entry of id); linear while the index does
 * not cover the n entries, as while the list is still being read. */
int rules_data_lookup(const struct rules_data_index *ix, const void *items, int n,
                      size_t size, size_t id_offset, const char *id);

#endif
