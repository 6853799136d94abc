/* The games this service hosts. */
#include "engine.h"
#include "handlers.h"

void handle_rulesets(struct request *r, struct worker *w)
{
    json_t *list = json_array();

    (void)w;
    for (int i = 0; i < rules_engine_count(); i++) {
        const struct rules_engine *e = rules_engine_at(i);

        json_array_append_new(list,
                              json_pack("{s:s, s:s, s:i, s:i}", "id", e->id,
                                        "title", e->title, "min_seats",
                                        e->min_seats, "max_seats", e->max_seats));
    }
    reply_json(r, 200, json_pack("{s:o}", "rulesets", list));
}

void handle_ruleset(struct request *r, struct worker *w)
{
    const struct rules_engine *e = rules_engine_find(r->params[0]);

    (void)w;
    if (!e) {
        reply_problem(r, PROBLEM_not_found, "No ruleset %s.", r->params[0]);
        return;
    }
    reply_json(r, 200, e->describe());
}
