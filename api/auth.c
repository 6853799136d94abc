#include "auth.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

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
    st = token_verify(&w->app->keys, h, strlen(h), app_now(), &c->claims);
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
