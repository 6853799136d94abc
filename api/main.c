/*
 * turnpost - the play-by-post game server.
 *
 *   turnpost serve [--address A] [--port N] [--keys DIR] [--workers N]
 *                  [--io-threads N]       serve the API (DATABASE_URL)
 *   turnpost migrate                      apply pending migrations
 *   turnpost keygen [--keys DIR]          add a signing key (rotation)
 *   turnpost verify FILE [SEQ:HEAD ...]   replay an exported game; check
 *                                         heads kept from earlier answers
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <curl/curl.h>
#include <sodium.h>

#include "accounts.h"
#include "auth.h"
#include "live.h"
#include "sweeper.h"
#include "migrate.h"
#include "rate_limit.h"
#include "server.h"
#include "verify.h"
#include "view_cache.h"

static int usage(void)
{
    fprintf(stderr,
            "usage: turnpost serve [--address A] [--port N] [--keys DIR] [--workers N] [--io-threads N]\n"
            "       turnpost migrate\n"
            "       turnpost keygen [--keys DIR]\n"
            "       turnpost verify FILE [SEQ:HEAD ...]\n"
            "environment: DATABASE_URL, TURNPOST_KEYS, TURNPOST_LISTEN, TURNPOST_PORT,\n"
            "  TURNPOST_WORKERS (8), TURNPOST_IO_THREADS (2), TURNPOST_TOKEN_TTL,\n"
            "  TURNPOST_INVITE_TTL, TURNPOST_OPENAPI, TURNPOST_MIGRATIONS,\n"
            "  TURNPOST_VIEW_CACHE (rendered views kept in memory, 4096; 0 for none),\n"
            "  TURNPOST_RATE_LIMIT (per account, 1200/60), TURNPOST_RATE_LIMIT_ANON (per\n"
            "  address, 120/60), TURNPOST_RATE_LIMIT_BUCKETS (16384), TURNPOST_TRUST_PROXY,\n"
            "  TURNPOST_METRICS_DB_INTERVAL (seconds between a scrape's counts of games, 15)\n");
    return 2;
}

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);

    return v && *v ? v : fallback;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1))) {
        *len = fread(buf, 1, (size_t)n, f);
        buf[*len] = 0;
    }
    fclose(f);
    return buf;
}

static int cmd_migrate(void)
{
    const char *url = getenv("DATABASE_URL");
    char err[512];
    int n;

    if (!url) {
        fprintf(stderr, "turnpost: set DATABASE_URL\n");
        return 1;
    }
    n = storage_migrate(url, storage_migrations_dir(), err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "turnpost: migrate: %s\n", err);
        return 1;
    }
    printf("migrations applied: %d\n", n);
    return 0;
}

static int cmd_keygen(const char *dir)
{
    char kid[32], err[256];

    if (token_key_generate(dir, kid, err, sizeof err)) {
        fprintf(stderr, "turnpost: keygen: %s\n", err);
        return 1;
    }
    printf("new signing key %s in %s\n", kid, dir);
    return 0;
}

/*
 * Replays the export at path; each kept argument is SEQ:HEAD, a move
 * count and log head that an earlier answer showed, which the log must
 * still pass through.
 */
static int cmd_verify(const char *path, char **kept, int nkept)
{
    json_error_t jerr;
    json_t *ex = json_load_file(path, 0, &jerr);
    char why[512];
    long long from;
    int rc;

    if (!ex) {
        fprintf(stderr, "turnpost: verify: %s: %s\n", path, jerr.text);
        return 1;
    }
    rc = verify_export(ex, why, sizeof why);
    for (int i = 0; i < nkept && rc == 0; i++) {
        char *colon = strchr(kept[i], ':'), *end;
        long long seq = strtoll(kept[i], &end, 10);

        if (!colon || end != colon || end == kept[i]) {
            snprintf(why, sizeof why, "%s is not SEQ:HEAD", kept[i]);
            rc = -1;
        } else {
            rc = verify_kept_head(ex, seq, colon + 1, why, sizeof why);
        }
    }
    if (rc == 0) {
        from = (long long)json_integer_value(json_object_get(ex, "chain_from"));
        printf("verified: the seed matches its commitment, the log's entries are "
               "numbered without a gap and chain to its head, and every roll, "
               "shuffle and the final state replay exactly\n");
        if (from > 1)
            printf("note: entries 1 to %lld were written before the log was chained; "
                   "they replay but no hash vouches for them\n", from - 1);
        if (nkept)
            printf("the log passes through each of the %d kept heads\n", nkept);
    } else {
        fprintf(stderr, "turnpost: verify FAILED: %s\n", why);
    }
    json_decref(ex);
    return rc ? 1 : 0;
}

/* Ensures the "admin" account and prints a token for it. */
static void print_admin_token(struct app *app)
{
    struct db *db = db_open(app->database_url);
    struct storage_account a;
    struct worker w = {.id = -1, .app = app, .db = db};
    enum storage_status st = storage_account_get_by_name(db, "admin", &a);
    char token[TOKEN_MAX_LEN];
    int64_t exp;

    if (st == STORAGE_NOT_FOUND)
        st = storage_account_create(db, "admin", "player", 1, &a);
    if (st == STORAGE_CONFLICT)
        st = storage_account_get_by_name(db, "admin", &a);
    if (st == STORAGE_OK &&
        auth_issue_account(&w, a.id, 1, a.token_epoch, token, sizeof token, &exp) > 0)
        printf("admin token: %s\n", token);
    else
        fprintf(stderr, "turnpost: no admin token: the database is not reachable (%s)\n",
                db->error);
    db_close(db);
}

static int cmd_serve(int argc, char **argv)
{
    const char *address = env_or("TURNPOST_LISTEN", "127.0.0.1");
    const char *keys = env_or("TURNPOST_KEYS", ".turnpost/keys");
    int port = atoi(env_or("TURNPOST_PORT", "8080"));
    int io_threads = atoi(env_or("TURNPOST_IO_THREADS", "2"));
    struct app *app = calloc(1, sizeof *app);
    struct server *server;
    struct rate_config rate;
    char err[256];
    sigset_t sigs;
    int sig, rc = 1;

    /* Writes in flight at once. On a 2-core database 16 gave no more moves
     * per second than 8 and a longer tail (p99 at 32 clients 63-84 ms
     * against 46-61 ms); a bigger database wants more. */
    app->workers = atoi(env_or("TURNPOST_WORKERS", "8"));
    for (int i = 2; i < argc; i += 2) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;

        if (!v)
            return usage();
        if (!strcmp(argv[i], "--address"))
            address = v;
        else if (!strcmp(argv[i], "--port"))
            port = atoi(v);
        else if (!strcmp(argv[i], "--keys"))
            keys = v;
        else if (!strcmp(argv[i], "--workers"))
            app->workers = atoi(v);
        else if (!strcmp(argv[i], "--io-threads"))
            io_threads = atoi(v);
        else
            return usage();
    }
    if (!getenv("DATABASE_URL")) {
        fprintf(stderr, "turnpost: set DATABASE_URL\n");
        return 1;
    }
    if (port <= 0 || port > 65535 || app->workers < 1 || app->workers > 256 ||
        io_threads < 1 || io_threads > 64)
        return usage();
    if (rate_config_from_env(&rate, err, sizeof err)) {
        fprintf(stderr, "turnpost: %s\n", err);
        free(app);
        return 1;
    }
    app->database_url = strdup(getenv("DATABASE_URL"));
    app->token_ttl = atoll(env_or("TURNPOST_TOKEN_TTL", "2592000"));
    app->invite_ttl = atoll(env_or("TURNPOST_INVITE_TTL", "7776000"));
    app->openapi = slurp(env_or("TURNPOST_OPENAPI", TURNPOST_OPENAPI_PATH), &app->openapi_len);
    app->views = view_cache_new((size_t)atol(env_or("TURNPOST_VIEW_CACHE", "4096")));
    if (token_keyring_load_dir(&app->keys, keys, err, sizeof err) || app->keys.signer < 0) {
        if (token_key_generate(keys, NULL, err, sizeof err) ||
            token_keyring_load_dir(&app->keys, keys, err, sizeof err)) {
            fprintf(stderr, "turnpost: keys: %s\n", err);
            goto out;
        }
    }
    if (delivery_config_from_env(&app->delivery, err, sizeof err)) {
        fprintf(stderr, "turnpost: %s\n", err);
        goto out;
    }
    app->limits = rate_limiter_new(&rate, &app->keys);
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    /* before the server: its workers wake the dispatchers */
    app->dispatch = dispatch_start(app);
    app->live = live_hub_start(app, atoi(env_or("TURNPOST_SSE_HEARTBEAT", "15")));
    /* clocks are swept by the replicas that deliver, unless told otherwise */
    app->sweeper = sweeper_start(app, atoi(env_or("TURNPOST_SWEEPERS",
                                                  app->delivery.threads ? "1" : "0")));
    if (!(server = server_start(app, address, port, io_threads))) {
        sweeper_stop(app->sweeper);
        dispatch_stop(app->dispatch);
        live_hub_stop(app->live);
        goto out;
    }
    print_admin_token(app);
    printf("Turnpost serving on http://%s:%d (%d workers)\n", address, port, app->workers);
    fflush(stdout);
    sigwait(&sigs, &sig);
    fprintf(stderr, "turnpost: stopping\n");
    sweeper_stop(app->sweeper);
    server_stop(server);
    dispatch_stop(app->dispatch);
    live_hub_stop(app->live);
    rc = 0;
out:
    free(app->database_url);
    free(app->openapi);
    view_cache_free(app->views);
    rate_limiter_free(app->limits);
    free(app);
    curl_global_cleanup();
    return rc;
}

int main(int argc, char **argv)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "turnpost: libsodium failed to start\n");
        return 1;
    }
    if (argc < 2)
        return usage();
    if (!strcmp(argv[1], "serve"))
        return cmd_serve(argc, argv);
    if (!strcmp(argv[1], "migrate"))
        return cmd_migrate();
    if (!strcmp(argv[1], "keygen"))
        return cmd_keygen(argc == 4 && !strcmp(argv[2], "--keys") ? argv[3]
                                                                 : env_or("TURNPOST_KEYS", ".turnpost/keys"));
    if (!strcmp(argv[1], "verify") && argc >= 3)
        return cmd_verify(argv[2], argv + 3, argc - 3);
    return usage();
}
