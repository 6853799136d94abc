/*
 * Personal tokens: tokens an account makes with narrower scopes and a
 * chosen life, listed and revoked one by one (each is a row; its tid claim
 * names it, so revoking it needs no epoch).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "accounts.h"
#include "auth.h"
#include "common.h"
#include "handlers.h"
#include "idempotency.h"

#define TOKENS_PER_ACCOUNT 50
#define TOKEN_EXPIRES_MAX (365 * 86400)
#define TOKEN_EXPIRES_DEFAULT (30 * 86400)

/* What a personal token may hold: a seat capability is no personal token. */
#define PERSONAL_SCOPES (TOKEN_SCOPE_READ | TOKEN_SCOPE_PLAY | TOKEN_SCOPE_BOT | TOKEN_SCOPE_ADMIN)

/* 1 to 64 printable ASCII characters, spaces allowed: a label for people. */
static int label_valid(const char *s)
{
    size_t n = strlen(s);

    for (size_t i = 0; i < n; i++)
        if (s[i] < 0x20 || s[i] > 0x7e)
            return 0;
    return n >= 1 && n <= 64;
}

/* bits with those each implies: bot > play > read. */
static unsigned implied(unsigned bits)
{
    if (bits & TOKEN_SCOPE_BOT)
        bits |= TOKEN_SCOPE_PLAY;
    if (bits & TOKEN_SCOPE_PLAY)
        bits |= TOKEN_SCOPE_READ;
    return bits;
}

void handle_personal_token_create(struct request *r, struct worker *w)
{
    static const char route[] = "POST /v1/me/tokens";
    struct storage_account a;
    struct caller c;
    enum storage_status st;
    const char *name;
    json_t *body = NULL, *scopes, *row = NULL;
    json_int_t expires_in = TOKEN_EXPIRES_DEFAULT;
    char token[TOKEN_MAX_LEN], *scopes_text = NULL;
    json_error_t err;
    unsigned bits, missing;
    int64_t exp;

    if (auth_account_or_reply(r, w, &c, &a) ||
        request_body_or_reply(r, &body, 0,
                              (const char *const[]){"name", "scopes", "expires_in", NULL}))
        goto out;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s:o, s?:I}", "name", &name,
                       "scopes", &scopes, "expires_in", &expires_in)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", err.text);
        goto out;
    }
    if (!label_valid(name)) {
        reply_problem(r, PROBLEM_bad_request, "name must be 1 to 64 printable ASCII characters.");
        goto out;
    }
    if (!(bits = token_scopes_parse(scopes)) || (bits & ~PERSONAL_SCOPES)) {
        reply_problem(r, PROBLEM_bad_request,
                      "scopes must be 1 to 4 distinct of read, play, bot and admin.");
        goto out;
    }
    if (expires_in < 1 || expires_in > TOKEN_EXPIRES_MAX) {
        reply_problem(r, PROBLEM_bad_request, "expires_in must be 1 to %d seconds.",
                      TOKEN_EXPIRES_MAX);
        goto out;
    }
    /* no wider than the caller; admin only for an administrator's token */
    missing = implied(bits) & ~c.scopes;
    if ((bits & TOKEN_SCOPE_ADMIN) && !a.admin)
        missing |= TOKEN_SCOPE_ADMIN;
    if (missing) {
        /* the widest scope missing */
        const char *need = token_scope_name(missing & TOKEN_SCOPE_ADMIN  ? TOKEN_SCOPE_ADMIN
                                            : missing & TOKEN_SCOPE_BOT  ? TOKEN_SCOPE_BOT
                                            : missing & TOKEN_SCOPE_PLAY ? TOKEN_SCOPE_PLAY
                                                                         : TOKEN_SCOPE_READ);
        reply_problem_ext(r, PROBLEM_insufficient_scope, json_pack("{s:s}", "scope", need),
                          (missing & TOKEN_SCOPE_ADMIN) && !a.admin
                              ? "Only an administrator's token may grant admin."
                              : "A token may not grant a scope it does not have itself.");
        goto out;
    }
    exp = app_now() + expires_in;
    if (c.personal && exp > c.claims.exp) {
        reply_problem(r, PROBLEM_bad_request,
                      "expires_in would outlive the token that asks (at most %lld seconds).",
                      (long long)(c.claims.exp - app_now()));
        goto out;
    }
    scopes_text = json_dumps(scopes, JSON_COMPACT);
    if (!scopes_text) {
        reply_problem(r, PROBLEM_internal, "Out of memory.");
        goto out;
    }
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "token");
        goto out;
    }
    if (idempotency_claim_or_reply(r, w, a.id, route, body))
        goto rollback;
    st = storage_token_create(w->db, a.id, name, scopes_text, exp, TOKENS_PER_ACCOUNT, &row);
    if (st == STORAGE_CONFLICT) {
        reply_problem(r, PROBLEM_conflict, "An account has at most %d personal tokens.",
                      TOKENS_PER_ACCOUNT);
        goto rollback;
    }
    if (st != STORAGE_OK) {
        reply_storage(r, st, "token");
        goto rollback;
    }
    if (auth_issue_personal(w, a.id, json_string_value(json_object_get(row, "id")),
                            bits, a.token_epoch, exp, token, sizeof token) < 0) {
        reply_problem(r, PROBLEM_internal, "No signing key is loaded.");
        goto rollback;
    }
    json_object_set_new(row, "token", json_string(token));
    reply_json(r, 201, row);
    row = NULL;
    if ((st = idempotency_finish(r, w, a.id, route)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "token");
        goto rollback;
    }
    goto out;
rollback:
    db_rollback(w->db);
out:
    sodium_memzero(token, sizeof token);
    free(scopes_text);
    json_decref(row);
    json_decref(body);
}

void handle_personal_token_list(struct request *r, struct worker *w)
{
    struct caller c;
    enum storage_status st;
    json_t *list;

    if (request_params_or_reply(r, (const char *const[]){NULL}) ||
        auth_or_reply(r, w, AUTH_ACCOUNT, &c))
        return;
    st = storage_token_list(w->db, c.claims.sub, &list);
    if (st != STORAGE_OK)
        reply_storage(r, st, "token");
    else
        reply_json(r, 200, json_pack("{s:o, s:n}", "tokens", list, "next"));
}

void handle_personal_token_get(struct request *r, struct worker *w)
{
    struct caller c;
    enum storage_status st;
    json_t *row;

    if (auth_or_reply(r, w, AUTH_ACCOUNT, &c))
        return;
    st = uuid_valid(r->params[0]) ? storage_token_get(w->db, c.claims.sub, r->params[0], &row)
                                  : STORAGE_NOT_FOUND;
    if (st != STORAGE_OK)
        reply_storage(r, st, "token");
    else
        reply_json(r, 200, row);
}

void handle_personal_token_delete(struct request *r, struct worker *w)
{
    struct caller c;
    enum storage_status st;

    if (auth_or_reply(r, w, AUTH_ACCOUNT, &c))
        return;
    st = uuid_valid(r->params[0]) ? storage_token_delete(w->db, c.claims.sub, r->params[0])
                                  : STORAGE_NOT_FOUND;
    if (st != STORAGE_OK)
        reply_storage(r, st, "token");
    else
        reply_raw(r, 204, NULL, "", 0);
}
