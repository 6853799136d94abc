/* Webhook subscriptions, their secrets and their delivery log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>
#include <sodium.h>

#include "auth.h"
#include "common.h"
#include "dispatch.h"
#include "fanout.h"
#include "games.h"
#include "handlers.h"
#include "idempotency.h"
#include "paging.h"
#include "webhook_sign.h"
#include "webhooks.h"

#define WEBHOOK_URL_MAX 2048
#define WEBHOOK_DESCRIPTION_MAX 256
#define WEBHOOK_EVENTS_MAX 16
#define SECRET_GRACE (24 * 3600)   /* seconds a rotated-out secret still signs */

/*
 * Checks a webhook URL: absolute http or https, a host, no fragment, and
 * a host whose every address the delivery policy allows. Returns 0, or -1
 * having replied (400 for a malformed URL, 422 for a refused target).
 */
static int url_or_reply(struct request *r, struct worker *w, const char *url)
{
    CURLU *u = curl_url();
    char *scheme = NULL, *host = NULL, *frag = NULL, why[200];
    int rc = -1;

    if (strlen(url) > WEBHOOK_URL_MAX || !u ||
        curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
        (strcmp(scheme, "http") != 0 && strcmp(scheme, "https") != 0) ||
        curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK || !host[0] ||
        curl_url_get(u, CURLUPART_FRAGMENT, &frag, 0) == CURLUE_OK) {
        reply_problem(r, PROBLEM_bad_request,
                      "url must be an absolute http:// or https:// URL of at most %d "
                      "bytes, with a host and no fragment.",
                      WEBHOOK_URL_MAX);
        goto out;
    }
    if (host[0] == '[') {   /* an IPv6 literal */
        memmove(host, host + 1, strlen(host));
        host[strcspn(host, "]")] = 0;
    }
    if (!net_policy_allows_host(&w->app->delivery.policy, host, why, sizeof why)) {
        reply_problem_ext(r, PROBLEM_webhook_url_refused,
                          json_pack("{s:s}", "reason", why),
                          "Webhooks are not delivered there; ask the operator to "
                          "allow the address if it is meant.");
        goto out;
    }
    rc = 0;
out:
    curl_free(scheme);
    curl_free(host);
    curl_free(frag);
    curl_url_cleanup(u);
    return rc;
}

/* Checks a list of event types: 1 to 16 known names, no repeats. */
static int events_or_reply(struct request *r, const json_t *events)
{
    size_t i, k;
    json_t *e;

    if (!json_is_array(events) || json_array_size(events) < 1 ||
        json_array_size(events) > WEBHOOK_EVENTS_MAX) {
        reply_problem(r, PROBLEM_bad_request, "events is a list of 1 to %d event types.",
                      WEBHOOK_EVENTS_MAX);
        return -1;
    }
    json_array_foreach(events, i, e) {
        const char *name = json_string_value(e);

        if (!name || !fanout_event_known(name)) {
            reply_problem_ext(r, PROBLEM_unknown_event_type,
                              json_pack("{s:O}", "event_type", e ? e : json_null()),
                              "events names an event type that does not exist; "
                              "GET /v1/webhooks/event-types lists them.");
            return -1;
        }
        for (k = 0; k < i; k++)
            if (json_equal(json_array_get(events, k), e)) {
                reply_problem(r, PROBLEM_bad_request, "events names %s twice.", name);
                return -1;
            }
    }
    return 0;
}

static int description_or_reply(struct request *r, const char *d)
{
    if (d && strlen(d) > WEBHOOK_DESCRIPTION_MAX) {
        reply_problem(r, PROBLEM_bad_request, "description is at most %d bytes.",
                      WEBHOOK_DESCRIPTION_MAX);
        return -1;
    }
    return 0;
}

/* A fresh secret: its hex for storage and its whsec_ text for the owner. */
static void new_secret(char hex[2 * WEBHOOK_SECRET_BYTES + 1], char text[WEBHOOK_SECRET_TEXT])
{
    unsigned char raw[WEBHOOK_SECRET_BYTES];

    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(hex, 2 * WEBHOOK_SECRET_BYTES + 1, raw, sizeof raw);
    webhook_secret_text(text, raw, sizeof raw);
    sodium_memzero(raw, sizeof raw);
}

/* The webhook id of the path, checked; -1 having replied 404. */
static int webhook_id_or_reply(struct request *r, const char *id)
{
    if (!uuid_valid(id)) {
        reply_problem(r, PROBLEM_not_found, "No such webhook.");
        return -1;
    }
    return 0;
}

/* A game a subscription is limited to must exist. */
static int game_or_reply(struct request *r, struct worker *w, const char *id)
{
    struct storage_game g = {0};
    enum storage_status st = storage_game_read(w->db, id, NULL, &g);

    storage_game_clear(&g);
    if (st == STORAGE_OK)
        return 0;
    reply_storage(r, st, "game");
    return -1;
}

/* The caller's account, which must be a live account token. */
static int owner_or_reply(struct request *r, struct worker *w, struct storage_account *a)
{
    struct caller c;

    return auth_account_or_reply(r, w, &c, a);
}

void handle_webhook_create(struct request *r, struct worker *w)
{
    static const char route[] = "POST /v1/webhooks";
    struct storage_webhook_fields f = {0};
    char hex[2 * WEBHOOK_SECRET_BYTES + 1], secret[WEBHOOK_SECRET_TEXT];
    json_t *body = NULL, *events, *hook = NULL;
    struct storage_account a;
    enum storage_status st;
    json_error_t err;
    int enabled = 1;

    if (owner_or_reply(r, w, &a) ||
        request_body_or_reply(r, &body, 0, (const char *const[]){"url", "events", "description", "game_id", "enabled", NULL}))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s:s, s:o, s?:s, s?:s, s?:b}", "url",
                       &f.url, "events", &events, "description", &f.description,
                       "game_id", &f.game_id, "enabled", &enabled)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", err.text);
        goto out;
    }
    if (events_or_reply(r, events) || description_or_reply(r, f.description))
        goto out;
    if (f.game_id && !uuid_valid(f.game_id)) {
        reply_problem(r, PROBLEM_bad_request, "game_id must be a game's id.");
        goto out;
    }
    if (url_or_reply(r, w, f.url) || (f.game_id && game_or_reply(r, w, f.game_id)))
        goto out;
    if (!f.description)
        f.description = "";
    new_secret(hex, secret);
    if ((st = db_begin(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "webhook");
        goto out;
    }
    if (idempotency_claim_or_reply(r, w, a.id, route, body))
        goto rollback;
    f.events_text = json_dumps(events, JSON_COMPACT);
    st = storage_webhook_create(w->db, a.id, &f, hex, w->app->delivery.max_webhooks, &hook);
    free((char *)f.events_text);
    if (st == STORAGE_CONFLICT) {
        reply_problem(r, PROBLEM_conflict, "An account has at most %d webhooks.",
                      w->app->delivery.max_webhooks);
        goto rollback;
    }
    if (st != STORAGE_OK) {
        reply_storage(r, st, "webhook");
        goto rollback;
    }
    if (!enabled) {
        char id[37];

        snprintf(id, sizeof id, "%s", json_string_value(json_object_get(hook, "id")));
        json_decref(hook);
        f = (struct storage_webhook_fields){.enabled = "false"};
        if ((st = storage_webhook_update(w->db, id, a.id, &f, &hook)) != STORAGE_OK) {
            reply_storage(r, st, "webhook");
            goto rollback;
        }
    }
    json_object_set_new(hook, "secret", json_string(secret));
    reply_json(r, 201, hook);
    hook = NULL;
    if ((st = idempotency_finish(r, w, a.id, route)) != STORAGE_OK ||
        (st = db_commit(w->db)) != STORAGE_OK) {
        reply_storage(r, st, "webhook");
        goto rollback;
    }
    goto out;
rollback:
    db_rollback(w->db);
out:
    sodium_memzero(secret, sizeof secret);
    json_decref(hook);
    json_decref(body);
}

void handle_webhook_list(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"limit", "cursor", NULL};
    struct storage_account a;
    struct storage_page page;
    enum storage_status st;
    char us[24], id[37];
    struct paging pg;
    json_t *body;

    if (request_params_or_reply(r, allowed) ||
        paging_or_reply(r, &w->app->keys, NULL, &pg) || owner_or_reply(r, w, &a))
        return;
    if (pg.key && paging_key_time_id(pg.key, us, id)) {
        reply_problem(r, PROBLEM_invalid_parameter, "cursor is not one of this list's.");
        return;
    }
    st = storage_webhook_list(w->db, a.id, pg.key ? us : NULL, pg.key ? id : NULL,
                              (int)pg.limit, &page);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "webhook");
        return;
    }
    body = json_pack("{s:o}", "webhooks", page.items);
    paging_finish(r, &w->app->keys, &pg, page.more ? page.last : NULL, body);
    reply_json(r, 200, body);
}

void handle_webhook_get(struct request *r, struct worker *w)
{
    struct storage_account a;
    enum storage_status st;
    json_t *hook;

    if (owner_or_reply(r, w, &a) || webhook_id_or_reply(r, r->params[0]))
        return;
    if ((st = storage_webhook_get(w->db, r->params[0], a.id, &hook)) != STORAGE_OK)
        reply_storage(r, st, "webhook");
    else
        reply_json(r, 200, hook);
}

void handle_webhook_update(struct request *r, struct worker *w)
{
    struct storage_webhook_fields f = {0};
    struct storage_account a;
    json_t *body = NULL, *events = NULL, *hook, *enabled = NULL;
    enum storage_status st;
    json_error_t err;

    if (owner_or_reply(r, w, &a) || webhook_id_or_reply(r, r->params[0]) ||
        request_body_or_reply(r, &body, 0, (const char *const[]){"url", "events", "description", "enabled", NULL}))
        return;
    if (json_unpack_ex(body, &err, JSON_STRICT, "{s?:s, s?:o, s?:s, s?:o}", "url", &f.url,
                       "events", &events, "description", &f.description, "enabled",
                       &enabled)) {
        reply_problem(r, PROBLEM_bad_request, "%s.", err.text);
        goto out;
    }
    if (enabled && !json_is_boolean(enabled)) {
        reply_problem(r, PROBLEM_bad_request, "enabled is true or false.");
        goto out;
    }
    if (!json_object_size(body)) {
        reply_problem(r, PROBLEM_bad_request,
                      "Send at least one of url, events, description and enabled.");
        goto out;
    }
    if ((events && events_or_reply(r, events)) || description_or_reply(r, f.description) ||
        (f.url && url_or_reply(r, w, f.url)))
        goto out;
    f.enabled = enabled ? (json_is_true(enabled) ? "true" : "false") : NULL;
    f.events_text = events ? json_dumps(events, JSON_COMPACT) : NULL;
    st = storage_webhook_update(w->db, r->params[0], a.id, &f, &hook);
    free((char *)f.events_text);
    if (st != STORAGE_OK)
        reply_storage(r, st, "webhook");
    else
        reply_json(r, 200, hook);
out:
    json_decref(body);
}

void handle_webhook_delete(struct request *r, struct worker *w)
{
    struct storage_account a;
    enum storage_status st;

    if (owner_or_reply(r, w, &a) || webhook_id_or_reply(r, r->params[0]))
        return;
    if ((st = storage_webhook_delete(w->db, r->params[0], a.id)) != STORAGE_OK)
        reply_storage(r, st, "webhook");
    else
        reply_raw(r, 204, NULL, "", 0);
}

void handle_webhook_rotate(struct request *r, struct worker *w)
{
    char hex[2 * WEBHOOK_SECRET_BYTES + 1], secret[WEBHOOK_SECRET_TEXT];
    struct storage_account a;
    enum storage_status st;
    json_t *hook, *body;

    if (owner_or_reply(r, w, &a) || webhook_id_or_reply(r, r->params[0]) ||
        request_body_or_reply(r, &body, 1, (const char *const[]){NULL}))
        return;
    if (json_object_size(body)) {
        reply_problem(r, PROBLEM_bad_request, "This request takes no fields.");
    } else {
        new_secret(hex, secret);
        st = storage_webhook_rotate(w->db, r->params[0], a.id, hex, SECRET_GRACE, &hook);
        if (st != STORAGE_OK) {
            reply_storage(r, st, "webhook");
        } else {
            json_object_set_new(hook, "secret", json_string(secret));
            reply_json(r, 200, hook);
        }
        sodium_memzero(secret, sizeof secret);
    }
    json_decref(body);
}

void handle_webhook_deliveries(struct request *r, struct worker *w)
{
    static const char *const allowed[] = {"before", "limit", "cursor", NULL};
    const char *before = request_query(r, "before");
    struct storage_account a;
    enum storage_status st;
    long long b = 0;
    json_t *list, *body;
    struct paging pg;
    char key[24];
    int more;

    if (request_params_or_reply(r, allowed) ||
        paging_or_reply(r, &w->app->keys, "before", &pg) || owner_or_reply(r, w, &a) ||
        webhook_id_or_reply(r, r->params[0]))
        return;
    if (pg.key)
        before = pg.key;
    if (before && paging_key_int(before, 1, &b)) {
        reply_problem(r, PROBLEM_invalid_parameter, "before is a delivery id.");
        return;
    }
    /* a webhook of someone else's is not found, not an empty log */
    if ((st = storage_webhook_get(w->db, r->params[0], a.id, &list)) != STORAGE_OK) {
        reply_storage(r, st, "webhook");
        return;
    }
    json_decref(list);
    /* one more than asked says whether a next page exists */
    st = storage_webhook_deliveries(w->db, r->params[0], a.id, before, (int)pg.limit + 1,
                                    &list);
    if (st != STORAGE_OK) {
        reply_storage(r, st, "delivery log");
        return;
    }
    if ((more = json_array_size(list) > (size_t)pg.limit))
        json_array_remove(list, json_array_size(list) - 1);
    snprintf(key, sizeof key, "%lld",
             (long long)json_integer_value(json_object_get(
                 json_array_get(list, json_array_size(list) - 1), "id")));
    body = json_pack("{s:o}", "deliveries", list);
    paging_finish(r, &w->app->keys, &pg, more ? key : NULL, body);
    reply_json(r, 200, body);
}

void handle_webhook_redeliver(struct request *r, struct worker *w)
{
    struct storage_account a;
    enum storage_status st;
    json_t *body;
    long id;

    if (owner_or_reply(r, w, &a) || request_body_or_reply(r, &body, 1, (const char *const[]){NULL}))
        return;
    if (json_object_size(body)) {
        reply_problem(r, PROBLEM_bad_request, "This request takes no fields.");
    } else if (webhook_id_or_reply(r, r->params[0])) {
        /* replied */
    } else if (parse_int_in(r->params[1], 1, 1L << 53, &id)) {
        reply_problem(r, PROBLEM_not_found, "No such delivery.");
    } else if ((st = storage_webhook_redeliver(w->db, r->params[0], a.id, r->params[1])) ==
               STORAGE_NOT_FOUND) {
        reply_problem(r, PROBLEM_not_found,
                      "No such delivery of an enabled webhook of yours; enable the "
                      "webhook before redelivering.");
    } else if (st != STORAGE_OK) {
        reply_storage(r, st, "delivery");
    } else {
        reply_json(r, 202, json_pack("{s:I, s:s}", "id", (json_int_t)id, "status", "pending"));
    }
    json_decref(body);
}

void handle_webhook_event_types(struct request *r, struct worker *w)
{
    json_t *types = json_array();

    (void)w;
    for (int i = 0; fanout_event_types[i]; i++)
        json_array_append_new(types, json_string(fanout_event_types[i]));
    reply_json(r, 200, json_pack("{s:o}", "event_types", types));
}
