#include "dispatch.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>
#include <sodium.h>

#include "app.h"
#include "db.h"
#include "fanout.h"
#include "webhook_sign.h"
#include "webhooks.h"

#define FANOUT_BATCH 200

struct dispatch_thread;

/* One attempt in flight. */
struct transfer {
    CURL *easy;
    struct curl_slist *headers;
    char *body;
    char id[24];
    char webhook_id[37];
    int manual;
    int attempts;            /* before this one */
    double started;          /* epoch seconds */
    uint64_t t0;             /* monotonic ns */
    size_t received;
    int too_large;
    char refused[160];       /* why the address was refused, or "" */
    char error[CURL_ERROR_SIZE];
    const struct delivery_config *cfg;
    struct transfer *prev, *next;   /* the thread's attempts in flight */
};

struct dispatch_thread {
    struct dispatcher *d;
    pthread_t tid;
    struct db *db;
    CURLM *multi;
    struct transfer *flying;
    int in_flight;
    atomic_int woken;
};

struct dispatcher {
    struct app *app;
    struct dispatch_thread *threads;
    int n;
    atomic_int stopping;
};

static uint64_t mono_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static double epoch_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int delivery_config_from_env(struct delivery_config *c, char *err, size_t errlen)
{
    const char *retry = getenv("TURNPOST_WEBHOOK_RETRY");
    const char *timeout = getenv("TURNPOST_WEBHOOK_TIMEOUT");
    const char *threads = getenv("TURNPOST_DISPATCHERS");
    char buf[512], *save = NULL, *tok, *end;
    double t;

    memset(c, 0, sizeof *c);
    if (net_policy_parse(&c->policy, getenv("TURNPOST_WEBHOOK_ALLOW"), err, errlen))
        return -1;
    snprintf(buf, sizeof buf, "%s", retry ? retry : "5,300,1800,7200,18000,36000,50400");
    for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        t = strtod(tok, &end);
        if (*end || t < 0 || t > 7 * 86400 || c->retries == DISPATCH_MAX_RETRIES) {
            snprintf(err, errlen, "TURNPOST_WEBHOOK_RETRY: at most %d delays of 0 to "
                     "604800 seconds", DISPATCH_MAX_RETRIES);
            return -1;
        }
        c->retry[c->retries++] = t;
    }
    t = timeout ? strtod(timeout, &end) : 15;
    if ((timeout && *end) || t < 0.1 || t > 120) {
        snprintf(err, errlen, "TURNPOST_WEBHOOK_TIMEOUT: 0.1 to 120 seconds");
        return -1;
    }
    c->timeout_ms = (int)(t * 1000);
    c->connect_timeout_ms = c->timeout_ms < 5000 ? c->timeout_ms : 5000;
    c->threads = threads ? atoi(threads) : 1;
    if (c->threads < 0 || c->threads > 16) {
        snprintf(err, errlen, "TURNPOST_DISPATCHERS: 0 to 16");
        return -1;
    }
    c->in_flight = 32;
    c->max_response = 64 * 1024;
    c->max_webhooks = 20;
    return 0;
}

/*
 * Outbox rows into deliveries: one batch a round, so that sending is never
 * starved by a busy outbox (the round after comes at once when the batch
 * was full). Returns 1 when rows may be left.
 */
static int fan_out(struct dispatch_thread *t)
{
    struct db *db = t->db;
    size_t claimed;

    {
        json_t *rows = NULL, *listeners = NULL, *games = json_array(),
               *accounts = json_array(), *ids = json_array(), *out = json_array(), *row;
        char *games_text = NULL, *accounts_text = NULL, *ids_text = NULL, *out_text = NULL;
        enum storage_status st;
        size_t i;

        claimed = 0;
        /* fanned-out rows and their deliveries are kept at once (see loop) */
        if ((st = db_begin(db)) != STORAGE_OK ||
            (st = db_command(db, "SET LOCAL synchronous_commit = on")) != STORAGE_OK ||
            (st = storage_outbox_claim(db, FANOUT_BATCH, &rows)) != STORAGE_OK)
            goto done;
        claimed = json_array_size(rows);
        json_array_foreach(rows, i, row) {
            json_array_append(ids, json_object_get(row, "id"));
            if (json_is_string(json_object_get(row, "game_id")))
                json_array_append(games, json_object_get(row, "game_id"));
            if (json_is_string(json_object_get(row, "account_id")))
                json_array_append(accounts, json_object_get(row, "account_id"));
        }
        if (claimed) {
            games_text = json_dumps(games, JSON_COMPACT);
            accounts_text = json_dumps(accounts, JSON_COMPACT);
            if ((st = storage_outbox_listeners(db, games_text, accounts_text,
                                               &listeners)) != STORAGE_OK)
                goto done;
            json_array_foreach(rows, i, row)
                fanout_row(row, listeners, out);
            ids_text = json_dumps(ids, JSON_COMPACT);
            out_text = json_dumps(out, JSON_COMPACT);
            st = storage_outbox_fan_out(db, out_text, ids_text);
        }
        if (st == STORAGE_OK)
            st = db_commit(db);
    done:
        if (st != STORAGE_OK) {
            db_rollback(db);
            claimed = 0;
        }
        json_decref(rows);
        json_decref(listeners);
        json_decref(games);
        json_decref(accounts);
        json_decref(ids);
        json_decref(out);
        free(games_text);
        free(accounts_text);
        free(ids_text);
        free(out_text);
    }
    return claimed == FANOUT_BATCH;
}

/* Refuses a connection to an address the policy does not allow. */
static curl_socket_t open_checked(void *p, curlsocktype purpose,
                                  struct curl_sockaddr *a)
{
    struct transfer *tr = p;

    (void)purpose;
    if (!net_policy_allows(&tr->cfg->policy, &a->addr, tr->refused, sizeof tr->refused))
        return CURL_SOCKET_BAD;
    return socket(a->family, a->socktype, a->protocol);
}

static size_t count_answer(char *data, size_t size, size_t n, void *p)
{
    struct transfer *tr = p;

    (void)data;
    tr->received += size * n;
    if (tr->received > tr->cfg->max_response) {
        tr->too_large = 1;
        return 0;
    }
    return size * n;
}

static void transfer_free(struct transfer *tr)
{
    if (!tr)
        return;
    curl_easy_cleanup(tr->easy);
    curl_slist_free_all(tr->headers);
    free(tr->body);
    free(tr);
}

static struct curl_slist *header(struct curl_slist *list, const char *name,
                                 const char *value)
{
    char line[512];

    snprintf(line, sizeof line, "%s: %s", name, value);
    return curl_slist_append(list, line);
}

/* Starts one leased delivery; on failure it waits for its lease. */
static void start(struct dispatch_thread *t, const json_t *d)
{
    const struct delivery_config *cfg = &t->d->app->delivery;
    const struct token_keyring *ring = &t->d->app->keys;
    const char *secret_hex = json_string_value(json_object_get(d, "secret"));
    const char *old_hex = json_string_value(json_object_get(d, "old_secret"));
    const char *body = json_string_value(json_object_get(d, "body"));
    const char *msg_id = json_string_value(json_object_get(d, "msg_id"));
    unsigned char secret[128], old[128];
    size_t secret_len = 0, old_len = 0;
    char sig[WEBHOOK_SIGNATURE_TEXT], ts[24];
    struct transfer *tr;
    int64_t now;

    if (!secret_hex || !body || !msg_id || !(tr = calloc(1, sizeof *tr)))
        return;
    tr->cfg = cfg;
    snprintf(tr->id, sizeof tr->id, "%lld",
             (long long)json_integer_value(json_object_get(d, "id")));
    snprintf(tr->webhook_id, sizeof tr->webhook_id, "%s",
             json_string_value(json_object_get(d, "webhook_id")));
    tr->manual = json_is_true(json_object_get(d, "manual"));
    tr->attempts = (int)json_integer_value(json_object_get(d, "attempts"));
    tr->body = strdup(body);
    sodium_hex2bin(secret, sizeof secret, secret_hex, strlen(secret_hex), NULL,
                   &secret_len, NULL);
    if (old_hex)
        sodium_hex2bin(old, sizeof old, old_hex, strlen(old_hex), NULL, &old_len, NULL);
    tr->started = epoch_now();
    now = (int64_t)tr->started;
    snprintf(ts, sizeof ts, "%lld", (long long)now);
    if (!tr->body ||
        webhook_signature(sig, msg_id, now, body, strlen(body), secret, secret_len,
                          old_hex ? old : NULL, old_len,
                          ring->signer >= 0 ? &ring->keys[ring->signer] : NULL) ||
        !(tr->easy = curl_easy_init())) {
        transfer_free(tr);
        return;
    }
    sodium_memzero(secret, sizeof secret);
    sodium_memzero(old, sizeof old);
    tr->headers = header(NULL, "Content-Type", "application/json");
    tr->headers = header(tr->headers, "User-Agent", "Turnpost-Webhooks/1");
    tr->headers = header(tr->headers, "webhook-id", msg_id);
    tr->headers = header(tr->headers, "webhook-timestamp", ts);
    tr->headers = header(tr->headers, "webhook-signature", sig);
    tr->headers = header(tr->headers, "Expect", "");
    curl_easy_setopt(tr->easy, CURLOPT_URL, json_string_value(json_object_get(d, "url")));
    curl_easy_setopt(tr->easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(tr->easy, CURLOPT_FOLLOWLOCATION, 0L);
    /* a proxy would hide the address the policy must see */
    curl_easy_setopt(tr->easy, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(tr->easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(tr->easy, CURLOPT_HTTPHEADER, tr->headers);
    curl_easy_setopt(tr->easy, CURLOPT_POSTFIELDS, tr->body);
    curl_easy_setopt(tr->easy, CURLOPT_POSTFIELDSIZE, (long)strlen(tr->body));
    curl_easy_setopt(tr->easy, CURLOPT_CONNECTTIMEOUT_MS, (long)cfg->connect_timeout_ms);
    curl_easy_setopt(tr->easy, CURLOPT_TIMEOUT_MS, (long)cfg->timeout_ms);
    curl_easy_setopt(tr->easy, CURLOPT_OPENSOCKETFUNCTION, open_checked);
    curl_easy_setopt(tr->easy, CURLOPT_OPENSOCKETDATA, tr);
    curl_easy_setopt(tr->easy, CURLOPT_WRITEFUNCTION, count_answer);
    curl_easy_setopt(tr->easy, CURLOPT_WRITEDATA, tr);
    curl_easy_setopt(tr->easy, CURLOPT_ERRORBUFFER, tr->error);
    curl_easy_setopt(tr->easy, CURLOPT_PRIVATE, tr);
    tr->t0 = mono_ns();
    if (curl_multi_add_handle(t->multi, tr->easy) != CURLM_OK) {
        transfer_free(tr);
        return;
    }
    tr->next = t->flying;
    if (t->flying)
        t->flying->prev = tr;
    t->flying = tr;
    t->in_flight++;
}

static void claim(struct dispatch_thread *t)
{
    const struct delivery_config *cfg = &t->d->app->delivery;
    int lease = 2 * cfg->timeout_ms / 1000 + 10;
    json_t *due = NULL, *d;
    size_t i;

    if (t->in_flight >= cfg->in_flight ||
        storage_deliveries_claim(t->db, cfg->in_flight - t->in_flight, lease, &due) !=
            STORAGE_OK)
        return;
    json_array_foreach(due, i, d)
        start(t, d);
    json_decref(due);
}

/* Records a finished attempt and what follows from it. */
static void finish(struct dispatch_thread *t, struct transfer *tr, CURLcode result)
{
    const struct delivery_config *cfg = tr->cfg;
    struct storage_attempt a = {0};
    char error[CURL_ERROR_SIZE + 200];
    const char *disable = NULL;
    long code = 0;
    int ok;

    curl_easy_getinfo(tr->easy, CURLINFO_RESPONSE_CODE, &code);
    ok = result == CURLE_OK && code >= 200 && code < 300;
    error[0] = 0;
    if (tr->refused[0])
        snprintf(error, sizeof error, "refused: %s", tr->refused);
    else if (tr->too_large)
        snprintf(error, sizeof error, "the answer was longer than %zu bytes",
                 cfg->max_response);
    else if (result != CURLE_OK)
        snprintf(error, sizeof error, "%s%s%s", curl_easy_strerror(result),
                 tr->error[0] ? ": " : "", tr->error);
    a.delivery = tr->id;
    a.response_status = (int)code;
    a.error = error[0] ? error : NULL;
    a.latency_ms = (int)((mono_ns() - tr->t0) / 1000000u);
    a.started = tr->started;
    a.manual = tr->manual;
    if (ok) {
        a.status = "succeeded";
    } else if (code == 410) {
        a.status = "failed";
        disable = "gone";
    } else if (tr->manual) {
        a.status = "failed";   /* a redelivery is one attempt */
    } else if (tr->attempts >= cfg->retries) {
        a.status = "failed";
        disable = "failing";
    } else {
        /* jitter: 0.8 to 1.2 times the schedule */
        a.status = "pending";
        a.retry_in = cfg->retry[tr->attempts] * (0.8 + randombytes_uniform(4001) / 10000.0);
    }
    if (disable) {
        if (db_begin(t->db) == STORAGE_OK &&
            storage_delivery_record(t->db, &a) == STORAGE_OK &&
            storage_webhook_disable(t->db, tr->webhook_id, disable) == STORAGE_OK &&
            db_commit(t->db) == STORAGE_OK)
            atomic_store(&t->woken, 1);
        else
            db_rollback(t->db);
    } else {
        storage_delivery_record(t->db, &a);
    }
}

/* Takes tr out of the thread's attempts in flight and frees it. */
static void land(struct dispatch_thread *t, struct transfer *tr)
{
    curl_multi_remove_handle(t->multi, tr->easy);
    if (tr->prev)
        tr->prev->next = tr->next;
    else
        t->flying = tr->next;
    if (tr->next)
        tr->next->prev = tr->prev;
    transfer_free(tr);
    t->in_flight--;
}

static void reap(struct dispatch_thread *t)
{
    CURLMsg *msg;
    int left;

    while ((msg = curl_multi_info_read(t->multi, &left))) {
        struct transfer *tr = NULL;

        if (msg->msg != CURLMSG_DONE)
            continue;
        curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&tr);
        finish(t, tr, msg->data.result);
        land(t, tr);
        atomic_store(&t->woken, 1);   /* a free slot: claim again */
    }
}

static void *loop(void *arg)
{
    struct dispatch_thread *t = arg;
    uint64_t last = 0;
    int running;

    while (!atomic_load(&t->d->stopping)) {
        uint64_t now = mono_ns();

        /* under load, wakes are gathered into one round a DISPATCH_GAP_MS */
        if ((now - last >= (uint64_t)DISPATCH_GAP_MS * 1000000u &&
             atomic_exchange(&t->woken, 0)) ||
            now - last >= (uint64_t)DISPATCH_POLL_MS * 1000000u) {
            last = now;
            /*
             * Leases and attempts are written without waiting for the disk:
             * one lost in a crash leaves its delivery due, and it is sent
             * again with the same webhook-id, which is what at-least-once
             * allows. The fan-out waits, as a lost one would be fanned
             * out again under new webhook-ids.
             */
            if (db_ready(t->db) == STORAGE_OK &&
                db_command(t->db, "SET synchronous_commit = off") == STORAGE_OK) {
                if (fan_out(t))
                    atomic_store(&t->woken, 1);   /* more rows: another round soon */
                claim(t);
            }
        }
        curl_multi_perform(t->multi, &running);
        reap(t);
        curl_multi_poll(t->multi, NULL, 0,
                        atomic_load(&t->woken) ? DISPATCH_GAP_MS : DISPATCH_POLL_MS, NULL);
    }
    return NULL;
}

struct dispatcher *dispatch_start(struct app *app)
{
    struct dispatcher *d;

    if (app->delivery.threads <= 0 || !(d = calloc(1, sizeof *d)))
        return NULL;
    d->app = app;
    d->threads = calloc((size_t)app->delivery.threads, sizeof *d->threads);
    if (!d->threads) {
        free(d);
        return NULL;
    }
    for (int i = 0; i < app->delivery.threads; i++) {
        struct dispatch_thread *t = &d->threads[i];

        t->d = d;
        t->db = db_open(app->database_url);
        t->multi = curl_multi_init();
        atomic_store(&t->woken, 1);
        if (!t->db || !t->multi || pthread_create(&t->tid, NULL, loop, t) != 0) {
            db_close(t->db);
            curl_multi_cleanup(t->multi);
            break;
        }
        d->n++;
    }
    return d;
}

void dispatch_wake(struct dispatcher *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->n; i++) {
        atomic_store(&d->threads[i].woken, 1);
        curl_multi_wakeup(d->threads[i].multi);
    }
}

void dispatch_stop(struct dispatcher *d)
{
    if (!d)
        return;
    atomic_store(&d->stopping, 1);
    dispatch_wake(d);
    for (int i = 0; i < d->n; i++) {
        struct dispatch_thread *t = &d->threads[i];

        pthread_join(t->tid, NULL);
        /* attempts in flight are dropped; their leases bring them back */
        while (t->flying)
            land(t, t->flying);
        curl_multi_cleanup(t->multi);
        db_close(t->db);
    }
    free(d->threads);
    free(d);
}
