#include "idempotency.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "accounts.h"
#include "common.h"

int idempotency_key_valid(const char *key)
{
    size_t n = strlen(key);

    if (n == 0 || n > IDEMPOTENCY_KEY_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (key[i] < 0x21 || key[i] > 0x7e)
            return 0;
    return 1;
}

/* BLAKE2b-128 of the request's canonical JSON, in hex. */
static void request_hash(const json_t *body, char hex[33])
{
    char *text = json_dumps(body, JSON_COMPACT | JSON_SORT_KEYS);
    unsigned char h[16];

    crypto_generichash(h, sizeof h, (const unsigned char *)(text ? text : ""),
                       text ? strlen(text) : 0, NULL, 0);
    sodium_bin2hex(hex, 33, h, sizeof h);
    free(text);
}

int idempotency_claim_or_reply(struct request *r, struct worker *w,
                               const char *scope, const char *route,
                               const json_t *body)
{
    enum storage_status st;
    char hash[33], *stored = NULL;
    int status = 0, same = 0;

    if (!r->idempotency_key)
        return 0;
    if (!idempotency_key_valid(r->idempotency_key)) {
        reply_problem(r, PROBLEM_bad_request,
                      "Idempotency-Key must be 1 to %d printable characters.",
                      IDEMPOTENCY_KEY_MAX);
        return 1;
    }
    request_hash(body, hash);
    st = storage_idempotency_claim(w->db, scope, route, r->idempotency_key, hash,
                                   &status, &stored, &same);
    if (st == STORAGE_OK)
        return 0;
    if (st != STORAGE_CONFLICT)
        reply_storage(r, st, "idempotency key");
    else if (!same)
        reply_problem(r, PROBLEM_idempotency_key_reused,
                      "This Idempotency-Key was used for another request.");
    else
        reply_raw(r, status, "application/json", stored, strlen(stored));
    free(stored);
    return 1;
}

enum storage_status idempotency_finish(struct request *r, struct worker *w,
                                       const char *scope, const char *route)
{
    if (!r->idempotency_key || !r->response || r->problem)
        return STORAGE_OK;
    return storage_idempotency_finish(w->db, scope, route, r->idempotency_key,
                                      r->status, r->response);
}
