/* Accounts and their tokens. */
#include <stdio.h>
#include <string.h>

#include "accounts.h"
#include "auth.h"
#include "common.h"
#include "handlers.h"
#include "idempotency.h"

static json_t *account_json(const struct storage_account *a)
{
    return json_pack("{s:s, s:s, s:s, s:b, s:s}", "id", a->id, "name",
                     a->name, "kind", a->kind, "admin", a->admin,
                     "created_at", a->created_at);
}

static int name_valid(const char *s)
{
    size_t n = strlen(s);

    return n >= 1 && n <= 64 &&
           strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789_.-") == n;
}

static void reply_token(struct request *r, struct worker *w,
                        const struct storage_account *a, json_t *extra)
{
    char token[TOKEN_MAX_LEN];
    int64_t exp;
    json_t *body;

    if (auth_issue_account(w, a->id, a->admin, a->token_epoch, token,
                           sizeof token, &exp) < 0) {
        json_decref(extra);
        reply_problem(r, PROBLEM_internal, "No signing key is loaded.");
        return;
    }
    body = json_pack("{s:s, s:I}", "token", token, "expires_at", (json_int_t)exp);
    if (extra)
        json_object_update_new(body, extra);
    reply_json(r, 201, body);
}

/* These requests take an empty body or {}; anything else is refused. */
static int no_fields_or_reply(struct request *r)
{
    json_t *body;
    int rc;

    if (request_json_or_reply(r, &body, 1))
        return -1;
    rc = json_object_size(body) ? -1 : 0;
    if (rc)
        reply_problem(r, PROBLEM_bad_request, "This request takes no fields.");
    json_decref(body);
    return rc;
}

void handle_account_create(struct request *r, struct worker *w)
{
    static const char route[] = "POST /v1/accounts";
    struct storage_account a;
    enum storage_status st;
    const char *name, *kind = "player";
    json_error_t err;
    json_t *body;

    if (request_json_or_reply(r, &body, 0))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s?:s}", "name", &name,
                       "kind", &kind)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", err.text);
        goto out;
    }
    if (!name_valid(name)) {
        reply_problem(r, PROBLEM_bad_request,
                      "name must be 1 to 64 letters, digits, '_', '.' or '-'.");
        goto out;
    }
    if (strcmp(kind, "player") != 0 && strcmp(kind, "bot") != 0) {
        reply_problem(r, PROBLEM_bad_request, "kind must be player or bot.");
        goto out;
    }
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "account");
        goto out;
    }
    if (idempotency_claim_or_reply(r, w, "anon", route, body))
        goto rollback;
    st = storage_account_create(w->db, name, kind, 0, &a);
    if (st == STORAGE_CONFLICT) {
        reply_problem(r, PROBLEM_conflict, "The name %s is taken.", name);
        goto rollback;
    }
    if (st != STORAGE_OK) {
        reply_storage(r, st, "account");
        goto rollback;
    }
    reply_token(r, w, &a, json_pack("{s:o}", "account", account_json(&a)));
    if (r->problem || (st = idempotency_finish(r, w, "anon", route)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        if (!r->problem)
            reply_storage(r, st, "account");
        goto rollback;
    }
    goto out;
rollback:
    db_rollback(w->db);
out:
    json_decref(body);
}

void handle_me(struct request *r, struct worker *w)
{
    struct storage_account a;
    struct caller c;

    if (auth_account_or_reply(r, w, &c, &a))
        return;
    reply_json(r, 200, account_json(&a));
}

void handle_token_refresh(struct request *r, struct worker *w)
{
    struct storage_account a;
    struct caller c;

    if (no_fields_or_reply(r) == 0 && auth_account_or_reply(r, w, &c, &a) == 0)
        reply_token(r, w, &a, NULL);
}

/* The account named in the path, for its owner or an admin. */
static int target_account_or_reply(struct request *r, struct worker *w,
                                   int admin_only, struct storage_account *t)
{
    struct storage_account self;
    struct caller c;
    enum storage_status st;

    if (auth_account_or_reply(r, w, &c, &self))
        return -1;
    if (!(c.admin && self.admin) &&
        (admin_only || strcmp(self.id, r->params[0]) != 0)) {
        reply_problem(r, PROBLEM_forbidden,
                      admin_only ? "Only an administrator may do this."
                                 : "Only the account itself or an administrator may do this.");
        return -1;
    }
    if (!uuid_valid(r->params[0])) {
        reply_problem(r, PROBLEM_not_found, "No such account.");
        return -1;
    }
    st = storage_account_get(w->db, r->params[0], t);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "account");
        return -1;
    }
    return 0;
}

void handle_account_token(struct request *r, struct worker *w)
{
    struct storage_account t;

    if (no_fields_or_reply(r) == 0 && target_account_or_reply(r, w, 1, &t) == 0)
        reply_token(r, w, &t, NULL);
}

void handle_account_revoke(struct request *r, struct worker *w)
{
    struct storage_account t;
    enum storage_status st;
    int64_t epoch;

    if (no_fields_or_reply(r) || target_account_or_reply(r, w, 0, &t))
        return;
    st = storage_account_revoke(w->db, t.id, &epoch);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "account");
        return;
    }
    reply_json(r, 200, json_pack("{s:I}", "token_epoch", (json_int_t)epoch));
}
