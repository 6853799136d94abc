#include <stdio.h>
#include <string.h>

#include "app.h"
#include "handlers.h"

static const struct route routes[] = {
    {"GET", "/healthz", handle_healthz, RUNS_INLINE, 0},
    {"GET", "/readyz", handle_readyz, RUNS_INLINE_READ, 0},
    {"GET", "/metrics", handle_metrics, RUNS_INLINE_READ, 0},  /* counts games now and then */
    {"GET", "/openapi.yaml", handle_openapi, RUNS_INLINE, 0},
    {"GET", "/v1/keys", handle_keys, RUNS_INLINE, 0},
    {"POST", "/v1/accounts", handle_account_create, RUNS_ON_WORKER, 0},
    {"GET", "/v1/me", handle_me, RUNS_INLINE_READ, 0},
    {"POST", "/v1/tokens", handle_token_refresh, RUNS_ON_WORKER, 0},
    {"POST", "/v1/accounts/{id}/tokens", handle_account_token, RUNS_ON_WORKER, 0},
    {"POST", "/v1/accounts/{id}/revoke", handle_account_revoke, RUNS_ON_WORKER, 0},
    {"GET", "/v1/accounts", handle_account_lookup, RUNS_INLINE_READ, 0},
    {"GET", "/v1/accounts/{id}", handle_account_profile, RUNS_INLINE_READ, 0},
    /* argon2id is slow on purpose: never on an I/O thread */
    {"POST", "/v1/sessions", handle_session_create, RUNS_ON_WORKER, 0},
    {"POST", "/v1/me/password", handle_password_set, RUNS_ON_WORKER, 0},
    {"POST", "/v1/me/tokens", handle_personal_token_create, RUNS_ON_WORKER, 0},
    {"GET", "/v1/me/tokens", handle_personal_token_list, RUNS_INLINE_READ, 0},
    {"GET", "/v1/me/tokens/{id}", handle_personal_token_get, RUNS_INLINE_READ, 0},
    {"DELETE", "/v1/me/tokens/{id}", handle_personal_token_delete, RUNS_ON_WORKER, 0},
    {"GET", "/v1/rulesets", handle_rulesets, RUNS_INLINE, 0},
    {"GET", "/v1/rulesets/{id}", handle_ruleset, RUNS_INLINE, 0},
    {"POST", "/v1/games", handle_game_create, RUNS_ON_WORKER, 0},
    {"GET", "/v1/games", handle_lobby, RUNS_INLINE_READ, 0},
    {"GET", "/v1/games/{id}", handle_game_view, RUNS_INLINE_READ, 0},
    {"POST", "/v1/games/{id}/join", handle_game_join, RUNS_ON_WORKER, 0},
    {"POST", "/v1/games/{id}/seats/{seat}/invite", handle_seat_invite, RUNS_ON_WORKER, 0},
    /* legal-moves runs the engine, which takes long for some states */
    {"GET", "/v1/games/{id}/legal-moves", handle_legal_moves, RUNS_ON_WORKER, 0},
    {"POST", "/v1/games/{id}/moves", handle_move_submit, RUNS_ON_WORKER, 1},
    {"GET", "/v1/games/{id}/moves", handle_moves_list, RUNS_INLINE_READ, 0},
    {"GET", "/v1/games/{id}/moves/{seq}", handle_move_get, RUNS_INLINE_READ, 0},
    {"POST", "/v1/games/{id}/resign", handle_resign, RUNS_ON_WORKER, 0},
    {"POST", "/v1/games/{id}/rematch", handle_game_rematch, RUNS_ON_WORKER, 0},
    {"GET", "/v1/games/{id}/export", handle_export, RUNS_ON_WORKER, 0},  /* the whole log */
    {"GET", "/v1/games/{id}/events", handle_game_events, RUNS_INLINE_READ, 0},
    {"GET", "/v1/games/{id}/board.svg", handle_board_svg, RUNS_ON_WORKER, 0},
    {"GET", "/v1/games/{id}/board.png", handle_board_png, RUNS_ON_WORKER, 0},
    {"POST", "/v1/games/{id}/messages", handle_message_post, RUNS_ON_WORKER, 0},
    {"GET", "/v1/games/{id}/messages", handle_messages_list, RUNS_INLINE_READ, 0},
    {"GET", "/v1/games/{id}/messages/{message}", handle_message_get, RUNS_INLINE_READ, 0},
    {"GET", "/v1/me/games", handle_my_games, RUNS_INLINE_READ, 0},
    {"GET", "/v1/me/events", handle_my_events, RUNS_INLINE_READ, 0},
    {"GET", "/v1/me/vacation", handle_vacation_get, RUNS_ON_WORKER, 0},
    {"POST", "/v1/me/vacation", handle_vacation_start, RUNS_ON_WORKER, 0},
    {"DELETE", "/v1/me/vacation", handle_vacation_end, RUNS_ON_WORKER, 0},
    {"GET", "/v1/webhooks/event-types", handle_webhook_event_types, RUNS_INLINE, 0},
    {"POST", "/v1/webhooks", handle_webhook_create, RUNS_ON_WORKER, 0},
    {"GET", "/v1/webhooks", handle_webhook_list, RUNS_ON_WORKER, 0},
    {"GET", "/v1/webhooks/{id}", handle_webhook_get, RUNS_ON_WORKER, 0},
    {"PATCH", "/v1/webhooks/{id}", handle_webhook_update, RUNS_ON_WORKER, 0},
    {"DELETE", "/v1/webhooks/{id}", handle_webhook_delete, RUNS_ON_WORKER, 0},
    {"POST", "/v1/webhooks/{id}/rotate-secret", handle_webhook_rotate, RUNS_ON_WORKER, 0},
    {"GET", "/v1/webhooks/{id}/deliveries", handle_webhook_deliveries, RUNS_ON_WORKER, 0},
    {"POST", "/v1/webhooks/{id}/deliveries/{delivery}/redeliver", handle_webhook_redeliver,
     RUNS_ON_WORKER, 0},
    {"POST", "/v1/tournaments", handle_tournament_create, RUNS_ON_WORKER, 0},
    {"GET", "/v1/tournaments", handle_tournament_list, RUNS_INLINE_READ, 0},
    {"GET", "/v1/tournaments/{id}", handle_tournament_get, RUNS_INLINE_READ, 0},
    {"POST", "/v1/tournaments/{id}/entrants", handle_tournament_register, RUNS_ON_WORKER, 0},
    {"DELETE", "/v1/tournaments/{id}/entrants/{account}", handle_tournament_withdraw,
     RUNS_ON_WORKER, 0},
    {"POST", "/v1/tournaments/{id}/check-in", handle_tournament_check_in, RUNS_ON_WORKER, 0},
    /* starting pairs round 1 and sets up its games: a write of many rows */
    {"POST", "/v1/tournaments/{id}/start", handle_tournament_start, RUNS_ON_WORKER, 0},
    {"GET", "/v1/tournaments/{id}/games", handle_tournament_games, RUNS_INLINE_READ, 0},
    {"GET", "/v1/tournaments/{id}/standings", handle_tournament_standings, RUNS_ON_WORKER, 0},
    {"GET", "/v1/tournaments/{id}/crosstable", handle_tournament_crosstable, RUNS_ON_WORKER, 0},
    {"POST", "/v1/tournaments/{id}/rounds/{round}/games/{board}/result",
     handle_tournament_result, RUNS_ON_WORKER, 0},
    {"POST", "/v1/tournaments/{id}/rounds/{round}/repair", handle_tournament_repair,
     RUNS_ON_WORKER, 0},
    {"POST", "/v1/leagues", handle_league_create, RUNS_ON_WORKER, 0},
    {"GET", "/v1/leagues", handle_league_list, RUNS_INLINE_READ, 0},
    {"GET", "/v1/leagues/{id}", handle_league_get, RUNS_INLINE_READ, 0},
    {"POST", "/v1/leagues/{id}/members", handle_league_join, RUNS_ON_WORKER, 0},
    {"DELETE", "/v1/leagues/{id}/members/{account}", handle_league_leave, RUNS_ON_WORKER, 0},
    /* a season starts every division: many games at once */
    {"POST", "/v1/leagues/{id}/seasons", handle_league_season, RUNS_ON_WORKER, 0},
    {"GET", "/v1/leagues/{id}/seasons/{season}", handle_league_season_get, RUNS_ON_WORKER, 0},
    {"GET", "/v1/ratings/{ruleset}", handle_rating_board, RUNS_INLINE_READ, 0},
    {"GET", "/v1/ratings/{ruleset}/{account}", handle_rating_of, RUNS_INLINE_READ, 0},
};

#define ROUTE_COUNT ((int)(sizeof routes / sizeof routes[0]))

int routes_count(void)
{
    return ROUTE_COUNT;
}

int routes_index(const struct route *route)
{
    return route ? (int)(route - routes) : -1;
}

const struct route *routes_at(int i)
{
    return i >= 0 && i < ROUTE_COUNT ? &routes[i] : NULL;
}

/*
 * Matches path against pattern segment by segment; "{x}" takes one
 * non-empty segment. Captured segments are pointers into path with
 * lengths, copied out only on a full match.
 */
static int match(const char *pattern, const char *path, const char **cap,
                 size_t *caplen, int *ncap)
{
    *ncap = 0;
    while (*pattern && *path) {
        if (*pattern != '/' || *path != '/')
            return 0;
        pattern++;
        path++;
        if (*pattern == '{') {
            size_t n = strcspn(path, "/");
            if (n == 0 || *ncap == HTTP_MAX_PARAMS)
                return 0;
            cap[*ncap] = path;
            caplen[(*ncap)++] = n;
            path += n;
            pattern = strchr(pattern, '}') + 1;
        } else {
            size_t n = strcspn(pattern, "/");
            if (strncmp(pattern, path, n) != 0 ||
                (path[n] != '/' && path[n] != 0))
                return 0;
            pattern += n;
            path += n;
        }
    }
    return *pattern == 0 && *path == 0;
}

const struct route *routes_match(struct request *r, char *allow,
                                 size_t allowlen)
{
    const char *cap[HTTP_MAX_PARAMS];
    size_t caplen[HTTP_MAX_PARAMS];
    const struct route *found = NULL;
    const char *first = NULL;
    size_t used = 0;
    int ncap;

    allow[0] = 0;
    for (int i = 0; i < ROUTE_COUNT; i++) {
        if (!match(routes[i].pattern, r->path, cap, caplen, &ncap))
            continue;
        /* the first pattern that matches owns the path: event-types is no {id} */
        if (!first)
            first = routes[i].pattern;
        else if (strcmp(first, routes[i].pattern) != 0)
            continue;
        if (strcmp(routes[i].method, r->method) == 0) {
            found = &routes[i];
            for (int k = 0; k < ncap; k++)
                r->params[k] = strndup(cap[k], caplen[k]);
            break;
        }
        if (!strstr(allow, routes[i].method))
            used += (size_t)snprintf(allow + used, allowlen - used, "%s%s",
                                     used ? ", " : "", routes[i].method);
    }
    if (found)
        allow[0] = 0;
    return found;
}
