#include "competition_settings.h"

#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "common.h"
#include "competition/standings.h"
#include "competition_run.h"
#include "engine.h"
#include "play.h"

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
