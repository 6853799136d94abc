/*
 * auth.h - who is calling: the bearer token's verified claims.
 *
 * Verification reads no database. Revocation is checked by the handler
 * once it has read the account's (or seat's) epoch with its other data:
 * auth_epoch_ok_or_reply().
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
};

enum auth_need {
    AUTH_ANY,       /* an account token or a seat capability */
    AUTH_ACCOUNT,   /* an account token */
};

/*
 * Verifies the request's bearer token into *c. Returns 0, or -1 having
 * replied 401 (missing, malformed, forged, expired) or 403 (a seat
 * capability where an account is needed).
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

/* Issues a seat capability for seat of game, signed for issuer. */
int auth_issue_seat(struct worker *w, const char *issuer, const char *game,
                    int seat, int64_t epoch, char *out, size_t outlen,
                    int64_t *expires);

#endif
