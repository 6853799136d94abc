#include "common.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

void reply_storage(struct request *r, enum storage_status st,
                   const char *what)
{
    switch (st) {
    case STORAGE_NOT_FOUND:
        reply_problem(r, PROBLEM_not_found, "No such %s.", what);
        break;
    case STORAGE_CONFLICT:
        reply_problem(r, PROBLEM_conflict, "That %s conflicts with one that exists.", what);
        break;
    case STORAGE_UNAVAILABLE:
        reply_problem(r, PROBLEM_service_unavailable,
                      "The database cannot be reached; try again shortly.");
        break;
    default:
        reply_problem(r, PROBLEM_internal, "The %s could not be stored or read.", what);
        break;
    }
}

int uuid_valid(const char *s)
{
    static const int dash[] = {8, 13, 18, 23};

    if (!s || strlen(s) != 36)
        return 0;
    for (int i = 0, d = 0; i < 36; i++) {
        if (d < 4 && i == dash[d]) {
            if (s[i] != '-')
                return 0;
            d++;
        } else if (!isxdigit((unsigned char)s[i])) {
            return 0;
        }
    }
    return 1;
}

void uuid_new(char out[37])
{
    unsigned char b[16];

    randombytes_buf(b, sizeof b);
    b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
    b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
    snprintf(out, 37,
             "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10],
             b[11], b[12], b[13], b[14], b[15]);
}

int game_id_or_reply(struct request *r, const char *id)
{
    if (uuid_valid(id))
        return 0;
    reply_problem(r, PROBLEM_invalid_parameter, "A game id is a UUID.");
    return -1;
}

int parse_int_in(const char *s, long min, long max, long *out)
{
    char *end;
    long v;

    if (!s || !*s || !(isdigit((unsigned char)*s) || *s == '-'))
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int seat_rows_filled(const json_t *rows)
{
    const json_t *row;
    size_t i;

    json_array_foreach(rows, i, row) {
        if (!json_is_true(json_object_get(row, "filled")))
            return 0;
    }
    return 1;
}
