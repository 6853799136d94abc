#include "messages.h"

#include <stdio.h>

#include "statements.h"

enum storage_status storage_message_post(struct db *db, const char *game_id, int seat,
                                         const char *account, int to, unsigned team,
                                         const char *text, int64_t move_seq, json_t **out)
{
    char s[16], t[16], m[24], tm[3 * 32 + 3];
    const char *p[] = {game_id, s, account, to >= 0 ? t : NULL, text,
                       move_seq >= 0 ? m : NULL, to < -1 ? tm : NULL};
    size_t len = 0;
    PGresult *res;

    snprintf(s, sizeof s, "%d", seat);
    snprintf(t, sizeof t, "%d", to);
    snprintf(m, sizeof m, "%lld", (long long)move_seq);
    /* the team's seats as an array literal, "{0,2}" */
    tm[len++] = '{';
    for (int k = 0; k < 32; k++)
        if (team >> k & 1)
            len += (size_t)snprintf(tm + len, sizeof tm - len, "%s%d", len > 1 ? "," : "", k);
    snprintf(tm + len, sizeof tm - len, "}");
    return db_json_row(STORAGE_EXEC(db, message_post, 7, p, &res), &res, out);
}

enum storage_status storage_messages_list(struct db *db, const char *game_id, int seat,
                                          int64_t after, int limit, json_t **out)
{
    char s[16], a[24], l[16];
    const char *p[] = {game_id, s, a, l};
    PGresult *res;

    snprintf(s, sizeof s, "%d", seat);
    snprintf(a, sizeof a, "%lld", (long long)after);
    snprintf(l, sizeof l, "%d", limit);
    return db_json_rows(STORAGE_EXEC(db, messages_list, 4, p, &res), &res, out);
}

enum storage_status storage_messages_all(struct db *db, const char *game_id, int64_t after,
                                         int limit, json_t **out)
{
    char a[24], l[16];
    const char *p[] = {game_id, a, l};
    PGresult *res;

    snprintf(a, sizeof a, "%lld", (long long)after);
    snprintf(l, sizeof l, "%d", limit);
    return db_json_rows(STORAGE_EXEC(db, messages_all, 3, p, &res), &res, out);
}
