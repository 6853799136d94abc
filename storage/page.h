/*
 * page.h - a page of a list read by its sort key.
 *
 * A list statement returns one JSON value and its sort key (text) a row,
 * in order, and is asked for one row more than the page holds: that row
 * says a next page exists and is dropped.
 */
#ifndef TURNPOST_STORAGE_PAGE_H
#define TURNPOST_STORAGE_PAGE_H

#include <jansson.h>
#include <libpq-fe.h>

#include "db.h"

#define STORAGE_PAGE_KEY 96   /* the longest sort key */

struct storage_page {
    json_t *items;                  /* new array; NULL on failure */
    int more;                       /* a next page exists */
    char last[STORAGE_PAGE_KEY];    /* the sort key of the last item kept */
};

/*
 * Reads the rows of res (freed) of a statement asked for limit + 1 rows
 * into *page: column 0 the item as JSON, column 1 its sort key.
 */
enum storage_status storage_page_take(enum storage_status st, PGresult **res, int limit,
                                      struct storage_page *page);

#endif
