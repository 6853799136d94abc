#include "common.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
