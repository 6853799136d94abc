/*
 * data_index.c - a catalog's ids in a hash table, so that a state's many
 * ids are found with one comparison instead of one an entry
 * (rules/data.h).
 */
#include <string.h>

#include "data.h"

static const char *id_at(const void *items, size_t size, size_t id_offset, int i)
{
    return (const char *)items + (size_t)i * size + id_offset;
}

/* FNV-1a */
static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

void rules_data_index_build(struct rules_data_index *ix, const void *items, int n,
                            size_t size, size_t id_offset)
{
    memset(ix, 0, sizeof *ix);
    if (n < 0 || n > RULES_DATA_INDEX_MAX)
        return;             /* too many: lookups stay linear */
    for (int i = 0; i < n; i++) {
        const char *id = id_at(items, size, id_offset, i);
        unsigned k = hash(id) % RULES_DATA_INDEX_SLOTS;

        /* open addressing; an id met again keeps its first entry */
        while (ix->slot[k] && strcmp(id_at(items, size, id_offset, ix->slot[k] - 1), id))
            k = (k + 1) % RULES_DATA_INDEX_SLOTS;
        if (!ix->slot[k])
            ix->slot[k] = (unsigned char)(i + 1);
    }
    ix->n = n;
}

int rules_data_lookup(const struct rules_data_index *ix, const void *items, int n,
                      size_t size, size_t id_offset, const char *id)
{
    unsigned k;

    if (ix->n != n || !id)
        return rules_data_find(items, n, size, id_offset, id);
    for (k = hash(id) % RULES_DATA_INDEX_SLOTS; ix->slot[k];
         k = (k + 1) % RULES_DATA_INDEX_SLOTS)
        if (strcmp(id_at(items, size, id_offset, ix->slot[k] - 1), id) == 0)
            return ix->slot[k] - 1;
    return -1;
}
