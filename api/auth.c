#include "auth.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "common.h"

/*
 * Each thread keeps the tokens it verified lately, keyed by a hash of the
 * whole token: a hit skips base64, the claims' JSON and the Ed25519 check,
 * the largest cost of a request. Expiry is checked on every use;
 * revocation is checked by the handlers as always (token_epoch).
 */
#define TOKEN_CACHE_SLOTS 256

static __thread struct {
    unsigned char hash[crypto_generichash_BYTES];
    int used;
    struct token_claims claims;
} token_cache[TOKEN_CACHE_SLOTS];

static enum token_status verify_cached(const struct token_keyring *ring,
                                       const char *token, size_t len,
                                       int64_t now, struct token_claims *claims)
{
    unsigned char hash[crypto_generichash_BYTES];
    enum token_status st;
    unsigned slot;

    crypto_generichash(hash, sizeof hash, (const unsigned char *)token, len,
                       NULL, 0);
    slot = (hash[0] | (unsigned)hash[1] << 8) % TOKEN_CACHE_SLOTS;
    if (token_cache[slot].used &&
        sodium_memcmp(token_cache[slot].hash, hash, sizeof hash) == 0) {
        if (now >= token_cache[slot].claims.exp)
            return TOKEN_EXPIRED;
        *claims = token_cache[slot].claims;
        return TOKEN_OK;
    }
    st = token_verify(ring, token, len, now, claims);
    if (st == TOKEN_OK) {
        memcpy(token_cache[slot].hash, hash, sizeof hash);
        token_cache[slot].claims = *claims;
        token_cache[slot].used = 1;
    }
    return st;
}

/* RFC 6750 section 3: the challenge of a 401, naming why when a token
 * was sent and refused. */
static void challenge(struct request *r, const char *error, const char *why)
{
    if (error)
        snprintf(r->www_authenticate, sizeof r->www_authenticate,
                 "Bearer realm=\"turnpost\", error=\"%s\", error_description=\"%s\"",
                 error, why);
    else
        snprintf(r->www_authenticate, sizeof r->www_authenticate,
                 "Bearer realm=\"turnpost\"");
}

static void refuse_token(struct request *r, const char *why)
{
    challenge(r, "invalid_token", why);
    reply_problem(r, PROBLEM_invalid_token, "%s", why);
}

/* Not a scope a token can carry: the account's full rights, which only
 * an account token (not a personal one) has. */
#define NEED_ACCOUNT (1u << 16)

/* What c may do: an account token all the account may; a personal token
 * its scopes, each with those it implies (bot > play > read). */
static unsigned effective_scopes(const struct token_claims *c)
{
    unsigned s = c->scopes;

    if (s & TOKEN_SCOPE_SEAT)
        return s;
    if (!c->tid[0])
        return s | TOKEN_SCOPE_READ | TOKEN_SCOPE_PLAY | TOKEN_SCOPE_BOT | NEED_ACCOUNT;
    if (s & TOKEN_SCOPE_BOT)
        s |= TOKEN_SCOPE_PLAY;
    if (s & TOKEN_SCOPE_PLAY)
        s |= TOKEN_SCOPE_READ;
    return s;
}

static int is_pattern(const struct request *r, const char *pattern)
{
    return r->route && strcmp(r->route->pattern, pattern) == 0;
}

static int pattern_under(const struct request *r, const char *prefix)
{
    size_t n = strlen(prefix);

    return r->route && strncmp(r->route->pattern, prefix, n) == 0 &&
           (r->route->pattern[n] == '\0' || r->route->pattern[n] == '/');
}

/* The one scope the request's route needs (see auth.h), and its name. */
static unsigned route_needs(const struct request *r, const struct token_claims *c,
                            const char **name)
{
    if (is_pattern(r, "/v1/accounts/{id}/tokens") ||
        (is_pattern(r, "/v1/accounts/{id}/revoke") && r->params[0] &&
         strcmp(r->params[0], c->sub) != 0))
        return *name = "admin", TOKEN_SCOPE_ADMIN;
    if (is_pattern(r, "/v1/accounts/{id}/revoke") || is_pattern(r, "/v1/tokens") ||
        pattern_under(r, "/v1/me/password"))
        return *name = "account", NEED_ACCOUNT;
    if (pattern_under(r, "/v1/me/tokens"))
        return *name = "read", TOKEN_SCOPE_READ;
    if (pattern_under(r, "/v1/webhooks"))
        return *name = "bot", TOKEN_SCOPE_BOT;
    if (strcmp(r->method, "GET") == 0 || strcmp(r->method, "HEAD") == 0)
        return *name = "read", TOKEN_SCOPE_READ;
    return *name = "play", TOKEN_SCOPE_PLAY;
}

int auth_or_reply(struct request *r, struct worker *w, enum auth_need need,
                  struct caller *c)
{
    static const char *const why[] = {
        [TOKEN_MALFORMED] = "The bearer token is malformed.",
        [TOKEN_UNKNOWN_KEY] = "The bearer token was signed by a key this service does not know.",
        [TOKEN_BAD_SIGNATURE] = "The bearer token's signature does not verify.",
        [TOKEN_EXPIRED] = "The bearer token has expired.",
    };
    const char *h = r->authorization, *scope;
    enum token_status st;
    enum storage_status row;
    int64_t epoch;
    unsigned needs;

    memset(c, 0, sizeof *c);
    if (!h || !*h) {
        challenge(r, NULL, NULL);
        reply_problem(r, PROBLEM_unauthorized,
                      "Send Authorization: Bearer <token>.");
        return -1;
    }
    if (strncasecmp(h, "Bearer ", 7) != 0) {
        refuse_token(r, "The Authorization header must use the Bearer scheme.");
        return -1;
    }
    h += 7;
    st = verify_cached(&w->app->keys, h, strlen(h), app_now(), &c->claims);
    if (st != TOKEN_OK) {
        refuse_token(r, why[st]);
        return -1;
    }
    c->scopes = effective_scopes(&c->claims);
    c->seat_cap = (c->claims.scopes & TOKEN_SCOPE_SEAT) != 0;
    c->account = !c->seat_cap;
    c->admin = (c->scopes & TOKEN_SCOPE_ADMIN) != 0;
    c->personal = c->claims.tid[0] != '\0';
    if (need == AUTH_ACCOUNT && !c->account) {
        reply_problem(r, PROBLEM_forbidden,
                      "This needs an account token; a seat token only plays its seat.");
        return -1;
    }
    /* a seat token's game and seat, and whether an account token's account
     * may do what it asks (admin), are checked where they are read */
    if (!c->personal)
        return 0;
    /* the row is gone once revoked: refused at once, on every replica */
    row = storage_token_check(w->db, c->claims.sub, c->claims.tid, &epoch);
    if (row == STORAGE_NOT_FOUND || (row == STORAGE_OK && c->claims.epoch < epoch)) {
        refuse_token(r, "The bearer token has been revoked.");
        return -1;
    }
    if (row != STORAGE_OK) {
        reply_storage(r, row, "token");
        return -1;
    }
    needs = route_needs(r, &c->claims, &scope);
    if (!(c->scopes & needs)) {
        snprintf(r->www_authenticate, sizeof r->www_authenticate,
                 "Bearer realm=\"turnpost\", error=\"insufficient_scope\", scope=\"%s\"",
                 scope);
        reply_problem_ext(r, PROBLEM_insufficient_scope,
                          json_pack("{s:s}", "scope", scope),
                          needs == NEED_ACCOUNT
                              ? "This needs an account token (from creating the account, "
                                "POST /v1/sessions or POST /v1/tokens); a personal token "
                                "may not do it."
                              : "This token's scopes do not include the one this needs "
                                "(see scope).");
        return -1;
    }
    return 0;
}

int auth_epoch_ok_or_reply(struct request *r, const struct caller *c,
                           int64_t current)
{
    if (current >= 0 && c->claims.epoch >= current)
        return 0;
    refuse_token(r, "The bearer token has been revoked.");
    return -1;
}

int auth_account_or_reply(struct request *r, struct worker *w,
                          struct caller *c, struct storage_account *a)
{
    enum storage_status st;

    if (auth_or_reply(r, w, AUTH_ACCOUNT, c))
        return -1;
    st = storage_account_get(w->db, c->claims.sub, a);
    if (st != STORAGE_OK && st != STORAGE_NOT_FOUND) {
        reply_storage(r, st, "account");
        return -1;
    }
    return auth_epoch_ok_or_reply(r, c, st == STORAGE_OK ? a->token_epoch : -1);
}

static int issue(struct worker *w, struct token_claims *cl, int64_t ttl,
                 char *out, size_t outlen, int64_t *expires)
{
    cl->iat = app_now();
    cl->exp = cl->iat + ttl;
    *expires = cl->exp;
    return token_sign(&w->app->keys, cl, out, outlen);
}

int auth_issue_account(struct worker *w, const char *account_id, int admin,
                       int64_t epoch, char *out, size_t outlen,
                       int64_t *expires)
{
    struct token_claims cl;

    memset(&cl, 0, sizeof cl);
    snprintf(cl.sub, sizeof cl.sub, "%s", account_id);
    cl.scopes = TOKEN_SCOPE_PLAY | (admin ? TOKEN_SCOPE_ADMIN : 0);
    cl.seat = -1;
    cl.epoch = epoch;
    return issue(w, &cl, w->app->token_ttl, out, outlen, expires);
}

int auth_issue_personal(struct worker *w, const char *account_id, const char *tid,
                        unsigned scopes, int64_t epoch, int64_t exp, char *out,
                        size_t outlen)
{
    struct token_claims cl;

    memset(&cl, 0, sizeof cl);
    snprintf(cl.sub, sizeof cl.sub, "%s", account_id);
    snprintf(cl.tid, sizeof cl.tid, "%s", tid);
    cl.scopes = scopes;
    cl.seat = -1;
    cl.epoch = epoch;
    cl.iat = app_now();
    cl.exp = exp;
    return token_sign(&w->app->keys, &cl, out, outlen);
}

int auth_issue_seat(struct worker *w, const char *issuer, const char *game,
                    int seat, int64_t epoch, char *out, size_t outlen,
                    int64_t *expires)
{
    struct token_claims cl;

    memset(&cl, 0, sizeof cl);
    snprintf(cl.sub, sizeof cl.sub, "%s", issuer);
    snprintf(cl.game, sizeof cl.game, "%s", game);
    cl.scopes = TOKEN_SCOPE_SEAT;
    cl.seat = seat;
    cl.epoch = epoch;
    return issue(w, &cl, w->app->invite_ttl, out, outlen, expires);
}

/* ---- passwords ---------------------------------------------------------- */

static int limit_from_env(const char *name, unsigned long long lo,
                          unsigned long long hi, unsigned long long *v,
                          char *err, size_t errlen)
{
    const char *s = getenv(name);
    char *end;
    unsigned long long n;

    if (!s || !*s)
        return 0;
    errno = 0;
    n = strtoull(s, &end, 10);
    if (errno || *end || n < lo || n > hi) {
        snprintf(err, errlen, "%s must be a whole number from %llu to %llu", name, lo, hi);
        return -1;
    }
    *v = n;
    return 0;
}

int auth_init(struct app *app, char *err, size_t errlen)
{
    unsigned long long ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    unsigned long long mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    unsigned char pw[16];
    char text[sizeof pw * 2 + 1];

    _Static_assert(sizeof app->pwhash_dummy == crypto_pwhash_STRBYTES,
                   "a stored password hash fits");
    if (limit_from_env("TURNPOST_PWHASH_OPSLIMIT", crypto_pwhash_OPSLIMIT_MIN,
                       crypto_pwhash_OPSLIMIT_SENSITIVE, &ops, err, errlen) ||
        limit_from_env("TURNPOST_PWHASH_MEMLIMIT", crypto_pwhash_MEMLIMIT_MIN,
                       crypto_pwhash_MEMLIMIT_SENSITIVE, &mem, err, errlen))
        return -1;
    app->pwhash_ops = ops;
    app->pwhash_mem = (size_t)mem;
    /* a password nobody knows, so that a name without one costs the same */
    randombytes_buf(pw, sizeof pw);
    sodium_bin2hex(text, sizeof text, pw, sizeof pw);
    if (auth_password_hash(app, text, app->pwhash_dummy, sizeof app->pwhash_dummy)) {
        snprintf(err, errlen, "could not hash a password with these limits");
        return -1;
    }
    sodium_memzero(text, sizeof text);
    return 0;
}

int auth_password_hash(const struct app *app, const char *password, char *out,
                       size_t outlen)
{
    if (outlen < crypto_pwhash_STRBYTES)
        return -1;
    return crypto_pwhash_str(out, password, strlen(password), app->pwhash_ops,
                             app->pwhash_mem) == 0 ? 0 : -1;
}

int auth_password_verify(const struct app *app, const char *hash,
                         const char *password)
{
    int none = !hash || !*hash;
    int ok = crypto_pwhash_str_verify(none ? app->pwhash_dummy : hash, password,
                                      strlen(password)) == 0;

    return ok && !none ? 0 : -1;
}

int auth_password_stale(const struct app *app, const char *hash)
{
    return crypto_pwhash_str_needs_rehash(hash, app->pwhash_ops, app->pwhash_mem) != 0;
}
