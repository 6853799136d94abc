/* The service's own endpoints: health, readiness, metrics, contract, keys. */
#include <stdlib.h>

#include "db.h"
#include "games.h"
#include "handlers.h"

void handle_healthz(struct request *r, struct worker *w)
{
    (void)w;
    reply_json(r, 200, json_pack("{s:s}", "status", "ok"));
}

void handle_readyz(struct request *r, struct worker *w)
{
    if (storage_ping(w->db) != STORAGE_OK) {
        reply_problem(r, PROBLEM_service_unavailable,
                      "The database cannot be reached.");
        return;
    }
    reply_json(r, 200, json_pack("{s:s}", "status", "ready"));
}

void handle_metrics(struct request *r, struct worker *w)
{
    size_t len;
    char *text;

    metrics_count_db(&w->app->metrics, w->db);
    text = metrics_render(&w->app->metrics, w->app, &len);

    reply_raw(r, 200, "text/plain; version=0.0.4; charset=utf-8", text, len);
    free(text);
}

void handle_openapi(struct request *r, struct worker *w)
{
    if (!w->app->openapi) {
        reply_problem(r, PROBLEM_not_found, "The contract is not installed.");
        return;
    }
    reply_raw(r, 200, "application/yaml", w->app->openapi,
              w->app->openapi_len);
}

void handle_keys(struct request *r, struct worker *w)
{
    json_t *keys = json_array();

    for (int i = 0; i < w->app->keys.n; i++) {
        char x[48];

        token_key_public_b64(&w->app->keys.keys[i], x);
        json_array_append_new(
            keys, json_pack("{s:s, s:s, s:s, s:s, s:s}", "kid",
                            w->app->keys.keys[i].kid, "kty", "OKP", "crv",
                            "Ed25519", "alg", "EdDSA", "x", x));
    }
    reply_json(r, 200, json_pack("{s:o}", "keys", keys));
}
