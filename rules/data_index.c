/*
 * data_index.c - a catalog's ids in sorted order, so that a state's many
 * ids are found by binary search instead of one comparison an entry
 * (rules/data.h).
 */
#include <string.h>

#include "data.h"

static const char *id_at(const void *items, size_t size, size_t id_offset, int i)
{
    return (const char *)items + (size_t)i * size + id_offset;
}

void rules_data_index_build(struct rules_data_index *ix, const void *items, int n,
                            size_t size, size_t id_offset)
{
    ix->n = 0;
    if (n < 0 || n > RULES_DATA_INDEX_MAX)
        return;             /* too many: lookups stay linear */
    /* insertion sort: stable, so equal ids keep their entries' order */
    for (int i = 0; i < n; i++) {
        const char *id = id_at(items, size, id_offset, i);
        int j = i;

        for (; j > 0 && strcmp(id_at(items, size, id_offset, ix->order[j - 1]), id) > 0; j--)
            ix->order[j] = ix->order[j - 1];
        ix->order[j] = (unsigned char)i;
    }
    ix->n = n;
}

int rules_data_lookup(const struct rules_data_index *ix, const void *items, int n,
                      size_t size, size_t id_offset, const char *id)
{
    int lo = 0, hi = ix->n;

    if (ix->n != n || !id)
        return rules_data_find(items, n, size, id_offset, id);
    /* the first sorted entry not below id: the lowest entry of that id */
    while (lo < hi) {
        int mid = (lo + hi) / 2;

        if (strcmp(id_at(items, size, id_offset, ix->order[mid]), id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(id_at(items, size, id_offset, ix->order[lo]), id) == 0
               ? ix->order[lo] : -1;
}
