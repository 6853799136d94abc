#include "auth.h"

#include <stdio.h>
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

int auth_or_reply(struct request *r, struct worker *w, enum auth_need need,
                  struct caller *c)
{
    static const char *const why[] = {
        [TOKEN_MALFORMED] = "The bearer token is malformed.",
        [TOKEN_UNKNOWN_KEY] = "The bearer token was signed by a key this service does not know.",
        [TOKEN_BAD_SIGNATURE] = "The bearer token's signature does not verify.",
        [TOKEN_EXPIRED] = "The bearer token has expired.",
    };
    const char *h = r->authorization;
    enum token_status st;

    memset(c, 0, sizeof *c);
    if (!h || !*h) {
        reply_problem(r, PROBLEM_unauthorized,
                      "Send Authorization: Bearer <token>.");
        return -1;
    }
    if (strncasecmp(h, "Bearer ", 7) != 0) {
        reply_problem(r, PROBLEM_invalid_token,
                      "The Authorization header must use the Bearer scheme.");
        return -1;
    }
    h += 7;
    st = verify_cached(&w->app->keys, h, strlen(h), app_now(), &c->claims);
    if (st != TOKEN_OK) {
        reply_problem(r, PROBLEM_invalid_token, "%s", why[st]);
        return -1;
    }
    c->account = (c->claims.scopes & TOKEN_SCOPE_PLAY) != 0;
    c->admin = (c->claims.scopes & TOKEN_SCOPE_ADMIN) != 0;
    c->seat_cap = (c->claims.scopes & TOKEN_SCOPE_SEAT) != 0;
    if (need == AUTH_ACCOUNT && !c->account) {
        reply_problem(r, PROBLEM_forbidden,
                      "This needs an account token; a seat token only plays its seat.");
        return -1;
    }
    return 0;
}

int auth_epoch_ok_or_reply(struct request *r, const struct caller *c,
                           int64_t current)
{
    if (current >= 0 && c->claims.epoch >= current)
        return 0;
    reply_problem(r, PROBLEM_invalid_token, "The bearer token has been revoked.");
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
