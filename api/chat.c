/* Text for chat: a game as Markdown, legal moves and moves in notation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chat.h"
#include "common.h"
#include "games.h"
#include "play.h"

#define CHAT_MAX 2000      /* Discord's limit, in characters (we count bytes) */
#define LAST_MOVES 3

static int appendf(char *out, size_t *used, size_t cap, const char *fmt, const char *a,
                   const char *b)
{
    int n = snprintf(out + *used, cap - *used, fmt, a, b);

    if (n < 0 || (size_t)n >= cap - *used)
        return -1;
    *used += (size_t)n;
    return 0;
}

/* The name of seat's player, or "seat N". */
static const char *who(const struct storage_game *g, int seat, char buf[32])
{
    const json_t *s = json_array_get(g->seats, (size_t)seat);
    const char *name = json_string_value(json_object_get(s, "name"));

    if (name)
        return name;
    snprintf(buf, 32, "seat %d", seat);
    return buf;
}

char *chat_view(struct db *db, const struct storage_game *g, int seat)
{
    const struct rules_engine *e = play_engine(g);
    char *out = malloc(CHAT_MAX + 1), *body = NULL, names[256] = "", buf[32], line[64];
    size_t used = 0, nlen = 0;
    json_t *log = NULL, *m;
    size_t i;

    if (!out)
        return NULL;
    out[0] = 0;
    for (int s = 0; s < g->seat_count; s++)
        if (g->must_act >> s & 1u)
            nlen += (size_t)snprintf(names + nlen, sizeof names - nlen, "%s%s",
                                     nlen ? ", " : "", who(g, s, buf));
    snprintf(line, sizeof line, "v%lld", (long long)g->version);
    appendf(out, &used, CHAT_MAX, "**%s** · `%.8s`", e ? e->title : g->ruleset, g->id);
    appendf(out, &used, CHAT_MAX, " · %s · %s\n", g->status, line);
    if (strcmp(g->status, "finished") == 0) {
        const char *summary = json_string_value(json_object_get(g->result, "summary"));

        appendf(out, &used, CHAT_MAX, "**Over:** %s%s\n", summary ? summary : "", "");
    } else if (names[0])
        appendf(out, &used, CHAT_MAX, "**To act:** %s%s\n", names, "");
    if (e && e->text_view && g->state && (body = e->text_view(g->state, seat))) {
        appendf(out, &used, CHAT_MAX, "%s%s", body, body[0] && body[strlen(body) - 1] == '\n' ? "" : "\n");
        free(body);
    }
    if (e && e->text_move && g->move_count > 1 &&
        storage_moves_list(db, g->id, g->move_count > LAST_MOVES ? g->move_count - LAST_MOVES : 1,
                           LAST_MOVES, &log) == STORAGE_OK) {
        appendf(out, &used, CHAT_MAX, "**Last moves:**%s%s", "", "");
        json_array_foreach(log, i, m) {
            int s = (int)json_integer_value(json_object_get(m, "seat"));
            char *text;

            play_move_seen(g->ruleset, strcmp(g->status, "finished") == 0, m, seat,
                           g->seat_count);
            text = e->text_move(json_object_get(m, "move"));

            if (text && (appendf(out, &used, CHAT_MAX, " %s `", i ? "·" : "", "") ||
                         appendf(out, &used, CHAT_MAX, "%s` (%s)", text, who(g, s, buf))))
                i = json_array_size(log);
            free(text);
        }
        appendf(out, &used, CHAT_MAX, "\n%s%s", "", "");
        json_decref(log);
    }
    return out;
}

int chat_text_move_or_reply(struct request *r, const struct storage_game *g, int seat,
                            json_t **move)
{
    const struct rules_engine *e = play_engine(g);
    struct rules_error err = {0};

    *move = NULL;
    if (!e || !e->text_parse) {
        reply_problem(r, PROBLEM_unsupported_media_type, "%s takes moves as JSON only.",
                      g->ruleset);
        return -1;
    }
    if (!g->state) {
        reply_problem(r, PROBLEM_game_not_started, "The game starts when every seat is filled.");
        return -1;
    }
    if (!(*move = e->text_parse(g->state, seat, r->body ? r->body : "", &err))) {
        reply_problem_ext(r, PROBLEM_illegal_move,
                          json_pack("{s:s, s:s}", "violation",
                                    err.code[0] ? err.code : "unreadable_move", "rule",
                                    err.rule[0] ? err.rule : "Turnpost: chat notation"),
                          err.message[0] ? err.message : "The move cannot be read.");
        return -1;
    }
    return 0;
}
