/* Accounts, their passwords and sessions, their profiles, and their account tokens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

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
    static const char *const none[] = {NULL};
    json_t *body;

    if (request_body_or_reply(r, &body, 1, none))
        return -1;
    json_decref(body);
    return 0;
}

/* A password as sent: AUTH_PASSWORD_MIN to AUTH_PASSWORD_MAX bytes. */
static int password_ok_or_reply(struct request *r, const char *field, const char *pw)
{
    size_t n = strlen(pw);

    if (n >= AUTH_PASSWORD_MIN && n <= AUTH_PASSWORD_MAX)
        return 0;
    reply_problem(r, PROBLEM_bad_request, "%s must be %d to %d bytes.", field,
                  AUTH_PASSWORD_MIN, AUTH_PASSWORD_MAX);
    return -1;
}

void handle_account_create(struct request *r, struct worker *w)
{
    static const char route[] = "POST /v1/accounts";
    struct storage_account a;
    enum storage_status st;
    const char *name, *kind = "player", *password = NULL;
    char hash[crypto_pwhash_STRBYTES];
    json_error_t err;
    json_t *body;

    if (request_body_or_reply(r, &body, 0, (const char *const[]){"name", "kind", "password", NULL}))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s?:s, s?:s}", "name", &name,
                       "kind", &kind, "password", &password)) {
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
    if (password && password_ok_or_reply(r, "password", password))
        goto out;
    /* hashed before the transaction: no row lock waits on argon2id */
    if (password && auth_password_hash(w->app, password, hash, sizeof hash)) {
        reply_problem(r, PROBLEM_internal, "The password could not be hashed.");
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
    if (st == STORAGE_OK && password)
        st = storage_account_password_set(w->db, a.id, "", hash);
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
    sodium_memzero(hash, sizeof hash);
    json_decref(body);
}

/*
 * The same answer, after the same work, for a name that does not exist,
 * one without a password and a wrong password: nothing tells them apart.
 */
void handle_session_create(struct request *r, struct worker *w)
{
    struct storage_account a;
    enum storage_status st;
    const char *name, *password;
    char *hash = NULL;
    json_error_t err;
    json_t *body;

    if (request_body_or_reply(r, &body, 0, (const char *const[]){"name", "password", NULL}))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s:s}", "name", &name,
                       "password", &password)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", err.text);
        goto out;
    }
    if (strlen(name) > 64 || strlen(password) > AUTH_PASSWORD_MAX) {
        reply_problem(r, PROBLEM_bad_request,
                      "name is at most 64 bytes and password at most %d.",
                      AUTH_PASSWORD_MAX);
        goto out;
    }
    st = storage_account_login(w->db, name, &a, &hash);
    if (st != STORAGE_OK && st != STORAGE_NOT_FOUND) {
        reply_storage(r, st, "account");
        goto out;
    }
    if (auth_password_verify(w->app, st == STORAGE_OK ? hash : "", password) != 0) {
        snprintf(r->www_authenticate, sizeof r->www_authenticate, "Bearer realm=\"turnpost\"");
        reply_problem(r, PROBLEM_invalid_credentials, "The name or the password is wrong.");
        goto out;
    }
    /* limits changed since it was stored: store it as they are now; a
     * change meanwhile wins */
    if (auth_password_stale(w->app, hash)) {
        char fresh[crypto_pwhash_STRBYTES];

        if (auth_password_hash(w->app, password, fresh, sizeof fresh) == 0)
            (void)storage_account_password_set(w->db, a.id, hash, fresh);
        sodium_memzero(fresh, sizeof fresh);
    }
    reply_token(r, w, &a, json_pack("{s:o}", "account", account_json(&a)));
out:
    free(hash);
    json_decref(body);
}

/* Sets the password; once one is set, changing it takes the current one. */
void handle_password_set(struct request *r, struct worker *w)
{
    struct storage_account a;
    struct caller c;
    enum storage_status st;
    const char *password, *current = NULL;
    char *old = NULL, hash[crypto_pwhash_STRBYTES];
    json_error_t err;
    json_t *body = NULL;

    hash[0] = '\0';
    if (auth_account_or_reply(r, w, &c, &a) ||
        request_body_or_reply(r, &body, 0,
                              (const char *const[]){"password", "current_password", NULL}))
        goto out;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s?:s}", "password", &password,
                       "current_password", &current)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", err.text);
        goto out;
    }
    if (password_ok_or_reply(r, "password", password))
        goto out;
    if (current && strlen(current) > AUTH_PASSWORD_MAX) {
        reply_problem(r, PROBLEM_bad_request, "current_password is at most %d bytes.",
                      AUTH_PASSWORD_MAX);
        goto out;
    }
    if ((st = storage_account_password(w->db, a.id, &old)) != STORAGE_OK) {
        reply_storage(r, st, "account");
        goto out;
    }
    if (*old && !current) {
        reply_problem(r, PROBLEM_bad_request,
                      "The account has a password: send it as current_password.");
        goto out;
    }
    if (!*old && current) {
        reply_problem(r, PROBLEM_bad_request,
                      "The account has no password yet: send only password.");
        goto out;
    }
    if (*old && auth_password_verify(w->app, old, current) != 0) {
        reply_problem(r, PROBLEM_forbidden, "current_password is wrong.");
        goto out;
    }
    if (auth_password_hash(w->app, password, hash, sizeof hash)) {
        reply_problem(r, PROBLEM_internal, "The password could not be hashed.");
        goto out;
    }
    st = storage_account_password_set(w->db, a.id, old, hash);
    if (st == STORAGE_CONFLICT)
        reply_problem(r, PROBLEM_conflict,
                      "The password was changed meanwhile; try again with the new one.");
    else if (st != STORAGE_OK)
        reply_storage(r, st, "account");
    else
        reply_raw(r, 204, NULL, "", 0);
out:
    sodium_memzero(hash, sizeof hash);
    free(old);
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
                                   int admin_only, struct storage_account *t,
                                   int *self_out)
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
    if (self_out)
        *self_out = strcmp(self.id, t->id) == 0;
    return 0;
}

void handle_account_token(struct request *r, struct worker *w)
{
    struct storage_account t;

    if (no_fields_or_reply(r) == 0 && target_account_or_reply(r, w, 1, &t, NULL) == 0)
        reply_token(r, w, &t, NULL);
}

/*
 * Every token of the account issued before is refused from now on, its
 * personal tokens are deleted, and the account's own call gets a fresh
 * account token at the new epoch: revoking all never locks the owner out.
 */
void handle_account_revoke(struct request *r, struct worker *w)
{
    struct storage_account t;
    enum storage_status st;
    char token[TOKEN_MAX_LEN];
    int64_t epoch, exp;
    int self = 0;
    json_t *body;

    if (no_fields_or_reply(r) || target_account_or_reply(r, w, 0, &t, &self))
        return;
    if ((st = db_begin(w->db)) != STORAGE_OK ||
        (st = storage_account_revoke(w->db, t.id, &epoch)) != STORAGE_OK ||
        (st = storage_token_delete_all(w->db, t.id)) != STORAGE_OK) {
        db_rollback(w->db);
        reply_storage(r, st, "account");
        return;
    }
    body = json_pack("{s:I}", "token_epoch", (json_int_t)epoch);
    if (self) {
        if (auth_issue_account(w, t.id, t.admin, epoch, token, sizeof token, &exp) < 0) {
            db_rollback(w->db);
            json_decref(body);
            reply_problem(r, PROBLEM_internal, "No signing key is loaded.");
            return;
        }
        json_object_set_new(body, "token", json_string(token));
        json_object_set_new(body, "expires_at", json_integer(exp));
    }
    if ((st = db_commit(w->db)) != STORAGE_OK) {
        db_rollback(w->db);
        json_decref(body);
        reply_storage(r, st, "account");
        return;
    }
    reply_json(r, 200, body);
}

/* ---- public profiles -------------------------------------------------- */

void handle_account_lookup(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"name", NULL};
    const char *name = request_query(r, "name");
    struct caller c;
    enum storage_status st;
    json_t *list, *p = NULL;

    if (request_params_or_reply(r, allowed) || auth_or_reply(r, w, AUTH_ACCOUNT, &c))
        return;
    if (!name) {
        reply_problem(r, PROBLEM_invalid_parameter, "Give the exact name: ?name=<name>.");
        return;
    }
    list = json_array();
    st = name_valid(name) ? storage_account_profile(w->db, NULL, name, &p) : STORAGE_NOT_FOUND;
    if (st != STORAGE_OK && st != STORAGE_NOT_FOUND) {
        json_decref(list);
        reply_storage(r, st, "account");
        return;
    }
    if (p)
        json_array_append_new(list, p);
    reply_json(r, 200, json_pack("{s:o, s:n}", "accounts", list, "next"));
}

void handle_account_profile(struct request *r, struct worker *w)
{
    struct caller c;
    enum storage_status st;
    json_t *p;

    if (auth_or_reply(r, w, AUTH_ACCOUNT, &c))
        return;
    if (!uuid_valid(r->params[0])) {
        reply_problem(r, PROBLEM_not_found, "No such account.");
        return;
    }
    st = storage_account_profile(w->db, r->params[0], NULL, &p);
    if (st != STORAGE_OK)
        reply_storage(r, st, "account");
    else
        reply_json(r, 200, p);
}
