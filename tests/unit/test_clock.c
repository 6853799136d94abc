/* Clocks: durations, a seat's decision time and reserve, vacations. */
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "clock.h"

static const char *const forfeit[] = {"forfeit", NULL};

static json_t *pace(const char *text)
{
    json_t *in = json_loads(text, 0, NULL), *cfg = NULL;
    char err[200];

    if (!CHECK(clock_parse(in, forfeit, &cfg, err, sizeof err) == 0))
        fprintf(stderr, "  %s: %s\n", text, err);
    json_decref(in);
    return cfg;
}

static int64_t reserve_of(const json_t *state, int seat)
{
    return json_integer_value(json_object_get(
        json_array_get(json_object_get(state, "seats"), (size_t)seat), "reserve_ms"));
}

static void test_durations_are_iso_8601(void)
{
    static const struct { const char *text; long long ms; } ok[] = {
        {"PT2S", 2000}, {"P1D", 86400000}, {"PT12H", 43200000}, {"P1DT1H1M1S", 90061000},
        {"P2W", 1209600000}, {"PT90M", 5400000}, {"PT0S", 0},
    };
    static const char *const bad[] = {"", "P", "PT", "2S", "P1M", "P1Y", "PT1D", "P1H",
                                      "PT1.5S", "PT-1S", "P1DT", "pt2s", "PT2S ", NULL};
    int64_t ms;

    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        CHECK(clock_duration_ms(ok[i].text, &ms) == 0);
        CHECK_EQ_INT(ms, ok[i].ms);
    }
    for (int i = 0; bad[i]; i++)
        if (!CHECK(clock_duration_ms(bad[i], &ms) == -1))
            fprintf(stderr, "  %s was read\n", bad[i]);
}

static void test_a_pace_out_of_range_or_unknown_is_refused(void)
{
    static const char *const bad[] = {
        "{}", "{\"per_move\":\"PT0S\"}", "{\"per_move\":\"P61D\"}",
        "{\"per_move\":\"PT1S\",\"reserve\":\"P366D\"}", "{\"per_move\":\"PT1S\",\"on_timeout\":\"skip\"}",
        "{\"per_move\":\"PT1S\",\"x\":1}", "{\"per_move\":1}", "[]", NULL,
    };
    char err[200];
    json_t *cfg;

    for (int i = 0; bad[i]; i++) {
        json_t *in = json_loads(bad[i], 0, NULL);

        if (!CHECK(clock_parse(in, forfeit, &cfg, err, sizeof err) == -1))
            fprintf(stderr, "  %s was taken\n", bad[i]);
        CHECK(strstr(err, "clock") != NULL);
        json_decref(in);
    }
    cfg = pace("{\"per_move\":\"PT1S\"}");
    CHECK_EQ_STR(json_string_value(json_object_get(cfg, "on_timeout")), "forfeit");
    CHECK_EQ_STR(json_string_value(json_object_get(cfg, "reserve")), "PT0S");
    json_decref(cfg);
}

/* Per decision, then the reserve: time over per_move comes out of it. */
static void test_time_over_a_decision_comes_out_of_the_reserve(void)
{
    json_t *cfg = pace("{\"per_move\":\"PT10S\",\"reserve\":\"PT60S\"}");
    json_t *st = clock_start(cfg, 2);

    clock_after_change(cfg, st, NULL, -1, 1u << 0, 1000000);   /* seat 0 must act */
    CHECK_EQ_INT(clock_deadline(cfg, st, NULL, 0), 1000000 + 70000);
    CHECK_EQ_INT(clock_deadline(cfg, st, NULL, 1), -1);
    clock_after_change(cfg, st, NULL, 0, 1u << 1, 1000000 + 25000);   /* 25 s: 15 over */
    CHECK_EQ_INT(reserve_of(st, 0), 45000);
    CHECK_EQ_INT(clock_deadline(cfg, st, NULL, 0), -1);
    CHECK_EQ_INT(clock_deadline(cfg, st, NULL, 1), 1025000 + 70000);
    clock_after_change(cfg, st, NULL, 1, 1u << 1, 1025000 + 4000);    /* 4 s: within */
    CHECK_EQ_INT(reserve_of(st, 1), 60000);
    /* seat 1 acts again: a new decision, its time starts again */
    CHECK_EQ_INT(clock_deadline(cfg, st, NULL, 1), 1029000 + 70000);
    CHECK_EQ_INT(clock_due(cfg, st, NULL), 1029000 + 70000);
    json_decref(st);
    json_decref(cfg);
}

static void test_a_reminder_is_due_once_before_the_deadline(void)
{
    json_t *cfg = pace("{\"per_move\":\"PT10S\",\"remind_before\":\"PT3S\"}");
    json_t *st = clock_start(cfg, 2);

    clock_after_change(cfg, st, NULL, -1, 1u << 1, 0);
    CHECK_EQ_INT(clock_due(cfg, st, NULL), 7000);
    CHECK(!clock_take_reminder(cfg, st, NULL, 1, 6999));
    CHECK(clock_take_reminder(cfg, st, NULL, 1, 7000));
    CHECK(!clock_take_reminder(cfg, st, NULL, 1, 8000));
    CHECK_EQ_INT(clock_due(cfg, st, NULL), 10000);
    json_decref(st);
    json_decref(cfg);
}

/* Time on vacation does not count, before, during or after the turn. */
static void test_a_vacation_stops_the_clock(void)
{
    json_t *cfg = pace("{\"per_move\":\"PT10S\",\"reserve\":\"PT5S\"}");
    json_t *st = clock_start(cfg, 2);
    json_t *vac = json_loads("[{\"seat\":0,\"from\":4000,\"until\":104000}]", 0, NULL);

    clock_after_change(cfg, st, vac, -1, 1u << 0, 0);
    /* 15 s of time, and the 100 s of the vacation that began at 4 s */
    CHECK_EQ_INT(clock_deadline(cfg, st, vac, 0), 115000);
    CHECK_EQ_INT(clock_deadline(cfg, st, vac, 1), -1);
    /* moving at 110 s: 10 s counted, within per_move */
    clock_after_change(cfg, st, vac, 0, 1u << 1, 110000);
    CHECK_EQ_INT(reserve_of(st, 0), 5000);
    /* the other seat's clock knows no vacation */
    CHECK_EQ_INT(clock_deadline(cfg, st, vac, 1), 125000);
    json_decref(vac);
    /* a vacation over before the turn began changes nothing */
    vac = json_loads("[{\"seat\":1,\"from\":0,\"until\":100000}]", 0, NULL);
    CHECK_EQ_INT(clock_deadline(cfg, st, vac, 1), 125000);
    json_decref(vac);
    json_decref(st);
    json_decref(cfg);
}

static void test_the_view_shows_deadlines_and_vacations(void)
{
    json_t *cfg = pace("{\"per_move\":\"PT2S\"}"), *st = clock_start(cfg, 2), *v, *vac;
    char when[32];

    vac = json_loads("[{\"seat\":1,\"from\":0,\"until\":86400000}]", 0, NULL);
    clock_after_change(cfg, st, vac, -1, 1u << 0, 1000);
    v = clock_view(cfg, st, vac, 5000);
    clock_rfc3339(3000, when);
    CHECK_EQ_STR(when, "1970-01-01T00:00:03.000Z");
    CHECK_EQ_STR(json_string_value(json_object_get(
                     json_array_get(json_object_get(v, "seats"), 0), "deadline")), when);
    CHECK(json_is_null(json_object_get(json_array_get(json_object_get(v, "seats"), 1),
                                       "deadline")));
    CHECK_EQ_STR(json_string_value(json_object_get(
                     json_array_get(json_object_get(v, "seats"), 1), "on_vacation_until")),
                 "1970-01-02T00:00:00.000Z");
    json_decref(v);
    json_decref(vac);
    json_decref(st);
    json_decref(cfg);
}

int main(void)
{
    RUN(test_durations_are_iso_8601);
    RUN(test_a_pace_out_of_range_or_unknown_is_refused);
    RUN(test_time_over_a_decision_comes_out_of_the_reserve);
    RUN(test_a_reminder_is_due_once_before_the_deadline);
    RUN(test_a_vacation_stops_the_clock);
    RUN(test_the_view_shows_deadlines_and_vacations);
    return check_summary();
}
