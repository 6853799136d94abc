/*
 * test_heavysteam_scenarios.c - choosing a Heavy Steam scenario
 * (rules/heavysteam/scenario.h; RULINGS.md HS-R-150): the option, the
 * scenario stored, and the ones refused. Each scenario's own rules are
 * tested in its own file (test_heavysteam_scenario_*.c).
 */
#include "heavysteam_game_fixture.h"
#include "heavysteam/scenario.h"

/* setup refuses options with code under rule (2 seats). */
static void refuse(const char *options, const char *code, const char *rule)
{
    refuse_setup(options, 2, code, rule);
}

static void test_hs_r_150_scenario_option(void)
{
    struct hs_game *g = new_game(1, "{\"scenario\": 1}", NULL);
    json_t *state = hs_game_dump(g);

    CHECK_EQ_INT(g->scenario, 1);
    CHECK_EQ_INT((int)json_integer_value(json_object_get(state, "scenario")), 1);
    CHECK_EQ_STR(hs_scenario(1)->name, "meeting_engagement");
    json_decref(state);
    free(g);
    g = new_game(1, NULL, NULL);
    CHECK_EQ_INT(g->scenario, 1);
    free(g);
}

static void test_hs_r_150_unknown_scenarios_refused(void)
{
    refuse("{\"scenario\": 0}", "unknown_scenario", "HS-R-150");
    refuse("{\"scenario\": 6}", "unknown_scenario", "HS-R-150");
    refuse("{\"scenario\": \"meeting\"}", "unknown_scenario", "HS-R-150");
    refuse("{\"scenario\": 1.5}", "unknown_scenario", "HS-R-150");
    CHECK(hs_scenario(0) == NULL && hs_scenario(HS_SCENARIOS + 1) == NULL);
    /* a scenario not yet played here is refused, and so is the roll
     * that could land on it */
    for (int k = 1; k <= HS_SCENARIOS; k++)
        if (!hs_scenario(k)) {
            char o[32];

            snprintf(o, sizeof o, "{\"scenario\": %d}", k);
            refuse(o, "unknown_scenario", "HS-R-150");
            refuse("{\"scenario\": \"roll\"}", "unknown_scenario", "HS-R-150");
        }
}

/* "roll": the chart's die, a 6 rolled again, logged with the scenario
 * it gave; over many seeds every scenario comes up. */
static void test_hs_r_150_the_scenario_rolled(void)
{
    int seen[HS_SCENARIOS + 1] = {0};

    for (int k = 0; k < 60; k++) {
        json_t *ev = json_array(), *e;
        struct hs_game *g = new_game(k, "{\"scenario\": \"roll\"}", ev);
        size_t i;
        int logged = 0;

        json_array_foreach(ev, i, e)
            if (!strcmp(json_string_value(json_object_get(e, "type")), "scenario_rolled")) {
                json_t *rolls = json_object_get(e, "rolls");
                size_t n = json_array_size(rolls);

                logged = (int)json_integer_value(json_object_get(e, "scenario"));
                CHECK(n >= 1 && json_integer_value(json_array_get(rolls, n - 1)) == logged);
                for (size_t j = 0; j + 1 < n; j++)
                    CHECK_EQ_INT((int)json_integer_value(json_array_get(rolls, j)), 6);
            }
        CHECK(logged >= 1 && logged <= HS_SCENARIOS);
        CHECK_EQ_INT(g->scenario, logged);
        if (logged >= 1 && logged <= HS_SCENARIOS)
            seen[logged]++;
        json_decref(ev);
        free(g);
    }
    for (int s = 1; s <= HS_SCENARIOS; s++)
        CHECK(seen[s] > 0);
}

int main(void)
{
    if (!cat()->ok) {
        fprintf(stderr, "catalog: %s\n", cat()->error);
        return 1;
    }
    RUN(test_hs_r_150_scenario_option);
    RUN(test_hs_r_150_unknown_scenarios_refused);
    RUN(test_hs_r_150_the_scenario_rolled);
    return check_summary();
}
