/*
 * auth.h - who is calling: the bearer token's verified claims.
 *
 * Verification reads no database. Revocation is checked by the handler
 * once it has read the account's (or seat's) epoch with its other data:
 * auth_epoch_ok_or_reply(). A personal token (one with a tid) is also
 * looked up on every request, and its scopes are held against what the
 * route needs, here, for every route that asks who is calling.
 */
#ifndef TURNPOST_API_AUTH_H
#define TURNPOST_API_AUTH_H

#include "accounts.h"
#include "app.h"
#include "token.h"

struct caller {
    struct token_claims claims;
    int account;    /* an account token: acts as claims.sub */
    int admin;
    int seat_cap;   /* a seat capability: claims.game, claims.seat only */
    unsigned scopes;  /* what it may do: TOKEN_SCOPE_* bits, implied included */
    int personal;   /* a personal token (claims.tid) */
};

enum auth_need {
    AUTH_ANY,       /* an account token or a seat capability */
    AUTH_ACCOUNT,   /* an account token */
};

/*
 * Verifies the request's bearer token into *c. Returns 0, or -1 having
 * replied 401 (missing, malformed, forged, expired, a personal token
 * revoked) or 403 (a seat capability where an account is needed; a
 * personal token without the scope the route needs: insufficient_scope).
 *
 * What a route needs, by its method and pattern: POST
 * /v1/accounts/{id}/tokens and another account's revoke, admin; the own
 * revoke, POST /v1/tokens and /v1/me/password, an account token (no
 * personal token); /v1/me/tokens..., read (creation is bounded by the
 * caller's own scopes); /v1/webhooks..., bot; any other GET or HEAD,
 * read; anything else, play.
 */
int auth_or_reply(struct request *r, struct worker *w, enum auth_need need,
                  struct caller *c);

/*
 * Refuses (401, and returns -1) a token issued before the holder's
 * current epoch, i.e. revoked. current is -1 when the holder is gone.
 */
int auth_epoch_ok_or_reply(struct request *r, const struct caller *c,
                           int64_t current);

/*
 * An account token's own account, read into *a, with the token checked
 * against revocation. Returns 0, or -1 having replied.
 */
int auth_account_or_reply(struct request *r, struct worker *w,
                          struct caller *c, struct storage_account *a);

/* Issues an account token for account id; returns its length or -1. */
int auth_issue_account(struct worker *w, const char *account_id, int admin,
                       int64_t epoch, char *out, size_t outlen,
                       int64_t *expires);

/*
 * Issues a personal token of row tid with scopes (TOKEN_SCOPE_* bits),
 * expiring at exp; returns its length or -1.
 */
int auth_issue_personal(struct worker *w, const char *account_id, const char *tid,
                        unsigned scopes, int64_t epoch, int64_t exp, char *out,
                        size_t outlen);

/* Issues a seat capability for seat of game, signed for issuer. */
int auth_issue_seat(struct worker *w, const char *issuer, const char *game,
                    int seat, int64_t epoch, char *out, size_t outlen,
                    int64_t *expires);

/*
 * Passwords: argon2id (crypto_pwhash_str) with the limits auth_init read
 * (TURNPOST_PWHASH_OPSLIMIT and TURNPOST_PWHASH_MEMLIMIT, default the
 * interactive limits). Both are slow on purpose: call them on a worker.
 * verify returns 0 when password matches hash; hash "" (none set) never
 * matches, after the same work as a real check.
 */
#define AUTH_PASSWORD_MIN 8
#define AUTH_PASSWORD_MAX 256
int auth_init(struct app *app, char *err, size_t errlen);
int auth_password_hash(const struct app *app, const char *password, char *out,
                       size_t outlen);
int auth_password_verify(const struct app *app, const char *hash,
                         const char *password);
/* 1 when hash was made with other limits than today's. */
int auth_password_stale(const struct app *app, const char *hash);

#endif
