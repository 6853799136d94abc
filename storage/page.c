#include "page.h"

#include <stdio.h>
#include <string.h>

enum storage_status storage_page_take(enum storage_status st, PGresult **res, int limit,
                                      struct storage_page *page)
{
    int n;

    memset(page, 0, sizeof *page);
    if (st != STORAGE_OK)
        return st;
    n = PQntuples(*res);
    page->more = n > limit;
    if (page->more)
        n = limit;
    page->items = json_array();
    for (int i = 0; i < n && st == STORAGE_OK; i++) {
        json_t *v = json_loads(PQgetvalue(*res, i, 0), JSON_DECODE_ANY, NULL);

        if (v)
            json_array_append_new(page->items, v);
        else
            st = STORAGE_ERROR;
    }
    if (n > 0)
        snprintf(page->last, sizeof page->last, "%s", PQgetvalue(*res, n - 1, 1));
    PQclear(*res);
    if (st != STORAGE_OK) {
        json_decref(page->items);
        page->items = NULL;
    }
    return st;
}
