#include "idempotency.h"

#include <stdlib.h>
#include <string.h>

#include "accounts.h"

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

int idempotency_replayed(struct request *r, struct worker *w,
                         const char *scope, const char *route)
{
    enum storage_status st;
    char *body = NULL;
    int status;

    if (!r->idempotency_key)
        return 0;
    if (!idempotency_key_valid(r->idempotency_key)) {
        reply_problem(r, PROBLEM_bad_request,
                      "Idempotency-Key must be 1 to %d printable characters.",
                      IDEMPOTENCY_KEY_MAX);
        return 1;
    }
    st = storage_idempotency_get(w->db, scope, route, r->idempotency_key,
                                 &status, &body);
    if (st == STORAGE_NOT_FOUND)
        return 0;
    if (st != STORAGE_OK) {
        reply_problem(r, PROBLEM_service_unavailable,
                      "The database cannot be reached.");
        return 1;
    }
    reply_raw(r, status, "application/json", body, strlen(body));
    free(body);
    return 1;
}

void idempotency_store(struct request *r, struct worker *w,
                       const char *scope, const char *route)
{
    if (r->idempotency_key && r->response && !r->problem)
        storage_idempotency_put(w->db, scope, route, r->idempotency_key,
                                r->status, r->response);
}
