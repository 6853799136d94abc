#include "competition_settings.h"

#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "common.h"
#include "competition/standings.h"
#include "competition_run.h"
#include "engine.h"
#include "play.h"

/* Whether two teams of k fill the ruleset's games: 2k seats within its
 * range, k of them a team (team_of). */
static int teams_fit(const struct rules_engine *e, int k)
{
    int count[RULES_MAX_SEATS] = {0}, n = 2 * k;

    if (n < e->min_seats || n > e->max_seats || n > RULES_MAX_SEATS)
        return 0;
    for (int s = 0; s < n; s++) {
        int t = e->team_of(s, n);

        if (t < 0 || t > 1 || ++count[t] > k)
            return 0;
    }
    return 1;
}

int comp_team_size_or_reply(struct request *r, const struct rules_engine *e, long long team_size,
                            int two_player)
{
    if (team_size < 1 || team_size > 4) {
        reply_problem(r, PROBLEM_bad_request, "team_size is 1 to 4 players a team.");
        return -1;
    }
    if (team_size == 1)
        return 0;
    if (!e->team_of) {
        reply_problem(r, PROBLEM_bad_request, "%s is not played in teams: team_size is 1.",
                      e->title);
        return -1;
    }
    if (!two_player) {
        reply_problem(r, PROBLEM_bad_request,
                      "Teams play team against team: games of two sides (not tables).");
        return -1;
    }
    if (!teams_fit(e, (int)team_size)) {
        reply_problem(r, PROBLEM_bad_request,
                      "%s does not seat two teams of %d: its games take %d to %d players in "
                      "two teams.", e->title, (int)team_size, e->min_seats, e->max_seats);
        return -1;
    }
    return 0;
}

/* Whether account is one of rows' accounts: a row's, or a teammate's. */
static int among(const json_t *rows, const char *account)
{
    const json_t *x, *m;
    size_t i, j;

    json_array_foreach(rows, i, x) {
        if (strcmp(json_string_value(json_object_get(x, "account_id")), account) == 0)
            return 1;
        json_array_foreach(json_object_get(x, "team"), j, m)
            if (strcmp(json_string_value(json_object_get(m, "account_id")), account) == 0)
                return 1;
    }
    return 0;
}

static int refuse(struct request *r, struct db *db, enum problem_code code, const char *what)
{
    db_rollback(db);
    reply_problem(r, code, "%s", what);
    return -1;
}

int comp_team_or_reply(struct request *r, struct db *db, const json_t *rows,
                       const json_t *team, const char *captain, int k, char *out, size_t n)
{
    size_t len = 0, i;
    const json_t *x;
    char why[160];

    if (among(rows, captain))
        return refuse(r, db, PROBLEM_conflict, "That account is registered already.");
    if (k == 1 && !team)
        return 0;
    if (k == 1)
        return refuse(r, db, PROBLEM_bad_request,
                      "The entrants here are players, not teams: leave team out.");
    if (!json_is_array(team) || json_array_size(team) != (size_t)k - 1) {
        snprintf(why, sizeof why, "team lists the %d other accounts of a team of %d, by id.",
                 k - 1, k);
        return refuse(r, db, PROBLEM_bad_request, why);
    }
    len += (size_t)snprintf(out + len, n - len, "{");
    json_array_foreach(team, i, x) {
        const char *id = json_string_value(x);
        struct storage_account a;
        enum storage_status st;

        if (!id || !uuid_valid(id) || strcmp(id, captain) == 0)
            return refuse(r, db, PROBLEM_bad_request, "team lists other accounts by id.");
        for (size_t j = 0; j < i; j++)
            if (strcmp(json_string_value(json_array_get(team, j)), id) == 0)
                return refuse(r, db, PROBLEM_bad_request, "team names an account twice.");
        if ((st = storage_account_get(db, id, &a)) != STORAGE_OK) {
            if (st == STORAGE_NOT_FOUND) {
                snprintf(why, sizeof why, "No such account: %s.", id);
                return refuse(r, db, PROBLEM_bad_request, why);
            }
            db_rollback(db);
            reply_storage(r, st, "account");
            return -1;
        }
        if (among(rows, id)) {
            snprintf(why, sizeof why, "%s plays here already.", a.name);
            return refuse(r, db, PROBLEM_conflict, why);
        }
        len += (size_t)snprintf(out + len, n - len, "%s%s", i ? "," : "", id);
    }
    snprintf(out + len, n - len, "}");
    return 0;
}

const struct rules_engine *comp_engine_or_reply(struct request *r, const char *ruleset)
{
    const struct rules_engine *e = rules_engine_find(ruleset);

    if (!e)
        reply_problem(r, PROBLEM_bad_request, "No ruleset %s; see /v1/rulesets.", ruleset);
    return e;
}

static int tiebreaks_or_reply(struct request *r, const json_t *tb)
{
    const json_t *x;
    size_t i;

    if (!tb)
        return 0;
    if (!json_is_array(tb) || json_array_size(tb) > TB_COUNT) {
        reply_problem(r, PROBLEM_bad_request, "tiebreaks is a list of at most %d names.",
                      TB_COUNT);
        return -1;
    }
    json_array_foreach(tb, i, x)
        if (!json_is_string(x) || tiebreak_parse(json_string_value(x)) < 0) {
            reply_problem(r, PROBLEM_bad_request,
                          "tiebreaks[%zu]: one of buchholz, median_buchholz, "
                          "sonneborn_berger, head_to_head, wins.", i);
            return -1;
        }
    return 0;
}

int comp_settings_or_reply(struct request *r, const struct rules_engine *e, const char *name,
                           const json_t *options, const json_t *points_in, const json_t *tb,
                           const json_t *clock_in, int seats, int game_seats,
                           struct comp_settings *out)
{
    char why[200];

    memset(out, 0, sizeof *out);
    if (!name || !*name || strlen(name) > COMP_NAME_MAX) {
        reply_problem(r, PROBLEM_bad_request, "name is 1 to %d bytes.", COMP_NAME_MAX);
        return -1;
    }
    if (options && !json_is_object(options)) {
        reply_problem(r, PROBLEM_bad_request, "options must be an object.");
        return -1;
    }
    if (comp_points_parse(points_in, seats, &out->points, why, sizeof why)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", why);
        return -1;
    }
    if (tiebreaks_or_reply(r, tb) || play_options_or_reply(r, e, options, game_seats))
        return -1;
    if (clock_in && clock_parse(clock_in, play_timeout_policies(e), &out->clock, why,
                                sizeof why)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", why);
        return -1;
    }
    return 0;
}

void comp_settings_clear(struct comp_settings *s)
{
    json_decref(s->clock);
    s->clock = NULL;
}

enum storage_status comp_named_account(struct db *db, const char *account_id, const char *name,
                                       struct storage_account *out)
{
    if (account_id)
        return uuid_valid(account_id) ? storage_account_get(db, account_id, out)
                                      : STORAGE_NOT_FOUND;
    return storage_account_get_by_name(db, name, out);
}
