/* Vacations: while one is on, the clocks of the account's seats stop. */
#include <stdio.h>
#include <stdlib.h>

#include "accounts.h"
#include "auth.h"
#include "common.h"
#include "handlers.h"

/* Days of vacation an account has in a calendar year. */
static int per_year(void)
{
    const char *v = getenv("TURNPOST_VACATION_DAYS");
    int n = v ? atoi(v) : 30;

    return n >= 0 && n <= 366 ? n : 30;
}

static void reply_vacation(struct request *r, enum storage_status st, json_t *v, int status)
{
    if (st != STORAGE_OK) {
        reply_storage(r, st, "vacation");
        return;
    }
    json_object_set_new(v, "days_per_year", json_integer(per_year()));
    reply_json(r, status, v);
}

void handle_vacation_get(struct request *r, struct worker *w)
{
    struct storage_account a;
    struct caller c;
    json_t *v;

    enum storage_status st;

    if (auth_account_or_reply(r, w, &c, &a))
        return;
    st = storage_vacation_get(w->db, a.id, &v);
    reply_vacation(r, st, v, 200);
}

void handle_vacation_start(struct request *r, struct worker *w)
{
    struct storage_account a;
    enum storage_status st;
    json_int_t days;
    json_error_t err;
    struct caller c;
    json_t *body, *v;

    if (auth_account_or_reply(r, w, &c, &a) ||
        request_body_or_reply(r, &body, 0, (const char *const[]){"days", NULL}))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:I}", "days", &days) || days < 1 ||
        days > per_year()) {
        reply_problem(r, PROBLEM_bad_request, "The body is {\"days\": n}, 1 to %d.", per_year());
        goto out;
    }
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "vacation");
        goto out;
    }
    st = storage_vacation_start(w->db, a.id, (int)days, per_year(), &v);
    if (st == STORAGE_OK)
        st = db_commit(w->db);
    if (st == STORAGE_CONFLICT)
        reply_problem(r, PROBLEM_conflict,
                      "A vacation is on already, or %lld more days would pass the %d of "
                      "this year; GET /v1/me/vacation tells what is left.",
                      (long long)days, per_year());
    else
        reply_vacation(r, st, v, 201);
    if (st != STORAGE_OK)
        db_rollback(w->db);
out:
    json_decref(body);
}

void handle_vacation_end(struct request *r, struct worker *w)
{
    struct storage_account a;
    enum storage_status st;
    struct caller c;
    json_t *v;

    if (auth_account_or_reply(r, w, &c, &a))
        return;
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "vacation");
        return;
    }
    st = storage_vacation_end(w->db, a.id, &v);
    if (st == STORAGE_OK)
        st = db_commit(w->db);
    if (st != STORAGE_OK)
        db_rollback(w->db);
    if (st == STORAGE_NOT_FOUND)
        reply_problem(r, PROBLEM_not_found, "No vacation is on.");
    else
        reply_vacation(r, st, v, 200);
}
