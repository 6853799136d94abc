/*
 * turnpost - the play-by-post game server.
 *
 *   turnpost serve [--address A] [--port N] [--keys DIR] [--workers N]
 *                  [--io-threads N] [--admin-token-file FILE]
 *                                         serve the API (DATABASE_URL)
 *   turnpost migrate                      apply pending migrations
 *   turnpost admin-token [--keys DIR] [--out FILE]
 *                                         write a fresh admin token to a
 *                                         new file (mode 0600)
 *   turnpost keygen [--keys DIR]          add a signing key (rotation)
 *   turnpost verify FILE [SEQ:HEAD ...]   replay an exported game; check
 *                                         heads kept from earlier answers
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
            "                      [--admin-token-file FILE]\n"
            "       turnpost migrate\n"
            "       turnpost admin-token [--keys DIR] [--out FILE]\n"
            "       turnpost keygen [--keys DIR]\n"
            "       turnpost verify FILE [SEQ:HEAD ...]\n"
            "environment: DATABASE_URL, TURNPOST_KEYS, TURNPOST_LISTEN, TURNPOST_PORT,\n"
            "  TURNPOST_WORKERS (8), TURNPOST_IO_THREADS (2), TURNPOST_TOKEN_TTL,\n"
            "  TURNPOST_INVITE_TTL, TURNPOST_OPENAPI, TURNPOST_MIGRATIONS,\n"
            "  TURNPOST_VIEW_CACHE (rendered views kept in memory, 4096; 0 for none),\n"
            "  TURNPOST_ADMIN_TOKEN_FILE (KEYS/admin-token), TURNPOST_PWHASH_OPSLIMIT,\n"
            "  TURNPOST_PWHASH_MEMLIMIT (argon2id; default the interactive limits),\n"
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

/*
 * Writes token to a new file at path that only its owner may read. An
 * existing file is never replaced: whoever holds it keeps a working token.
 */
static int write_token_file(const char *path, const char *token, char *err,
                            size_t errlen)
{
    size_t n = strlen(token);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    int ok;

    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    ok = fchmod(fd, 0600) == 0 && write(fd, token, n) == (ssize_t)n &&
         write(fd, "\n", 1) == 1 && fsync(fd) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
    if (close(fd) != 0 && ok) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        ok = 0;
    }
    if (!ok)
        unlink(path);
    return ok ? 0 : -1;
}

/* The admin token file: TURNPOST_ADMIN_TOKEN_FILE, else beside the keys. */
static void admin_token_path(const char *keys, const char *given, char *out, size_t n)
{
    if (given)
        snprintf(out, n, "%s", given);
    else if (getenv("TURNPOST_ADMIN_TOKEN_FILE") && *getenv("TURNPOST_ADMIN_TOKEN_FILE"))
        snprintf(out, n, "%s", getenv("TURNPOST_ADMIN_TOKEN_FILE"));
    else
        snprintf(out, n, "%s/admin-token", keys);
}

/*
 * Ensures the "admin" account. A token for it is written to path only by
 * the start that made the account (always, with issue_anyway), so tokens
 * are not printed, nor a new one made, on every start.
 */
static int ensure_admin(struct app *app, const char *path, int issue_anyway)
{
    struct db *db = db_open(app->database_url);
    struct storage_account a;
    struct worker w = {.id = -1, .app = app, .db = db};
    enum storage_status st = storage_account_get_by_name(db, "admin", &a);
    char token[TOKEN_MAX_LEN], err[512];
    int64_t exp;
    int made = 0, rc = -1;

    if (st == STORAGE_NOT_FOUND &&
        (st = storage_account_create(db, "admin", "player", 1, &a)) == STORAGE_OK)
        made = 1;
    if (st == STORAGE_CONFLICT) /* another replica made it just now */
        st = storage_account_get_by_name(db, "admin", &a);
    if (st != STORAGE_OK) {
        fprintf(stderr, "turnpost: no admin account: the database is not reachable (%s)\n",
                db->error);
    } else if (!made && !issue_anyway) {
        printf("admin account exists; its token was written when it was made "
               "(turnpost admin-token --out FILE writes another)\n");
        rc = 0;
    } else if (auth_issue_account(&w, a.id, 1, a.token_epoch, token, sizeof token, &exp) < 0) {
        fprintf(stderr, "turnpost: no admin token: no signing key\n");
    } else if (write_token_file(path, token, err, sizeof err)) {
        fprintf(stderr, "turnpost: admin token not written: %s\n", err);
    } else {
        printf("admin token written to %s (mode 0600)\n", path);
        rc = 0;
    }
    sodium_memzero(token, sizeof token);
    db_close(db);
    return rc;
}

/* turnpost admin-token [--keys DIR] [--out FILE]: a fresh admin token. */
static int cmd_admin_token(int argc, char **argv)
{
    const char *keys = env_or("TURNPOST_KEYS", ".turnpost/keys"), *out = NULL;
    struct app app;
    char err[256], path[4096];
    int rc;

    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc)
            return usage();
        if (!strcmp(argv[i], "--keys"))
            keys = argv[i + 1];
        else if (!strcmp(argv[i], "--out"))
            out = argv[i + 1];
        else
            return usage();
    }
    if (!getenv("DATABASE_URL")) {
        fprintf(stderr, "turnpost: set DATABASE_URL\n");
        return 1;
    }
    memset(&app, 0, sizeof app);
    app.database_url = getenv("DATABASE_URL");
    app.token_ttl = atoll(env_or("TURNPOST_TOKEN_TTL", "2592000"));
    if (token_keyring_load_dir(&app.keys, keys, err, sizeof err) || app.keys.signer < 0) {
        fprintf(stderr, "turnpost: keys: %s\n", app.keys.signer < 0 ? "no signing key" : err);
        return 1;
    }
    admin_token_path(keys, out, path, sizeof path);
    rc = ensure_admin(&app, path, 1) ? 1 : 0;
    sodium_memzero(&app.keys, sizeof app.keys);
    return rc;
}

static int cmd_serve(int argc, char **argv)
{
    const char *address = env_or("TURNPOST_LISTEN", "127.0.0.1");
    const char *keys = env_or("TURNPOST_KEYS", ".turnpost/keys");
    const char *admin_token_file = NULL;
    int port = atoi(env_or("TURNPOST_PORT", "8080"));
    int io_threads = atoi(env_or("TURNPOST_IO_THREADS", "2"));
    struct app *app = calloc(1, sizeof *app);
    struct server *server;
    struct rate_config rate;
    char err[256], admin_path[4096];
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
        else if (!strcmp(argv[i], "--admin-token-file"))
            admin_token_file = v;
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
    if (auth_init(app, err, sizeof err)) {
        fprintf(stderr, "turnpost: passwords: %s\n", err);
        goto out;
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
    admin_token_path(keys, admin_token_file, admin_path, sizeof admin_path);
    ensure_admin(app, admin_path, 0);
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
    if (!strcmp(argv[1], "admin-token"))
        return cmd_admin_token(argc, argv);
    if (!strcmp(argv[1], "migrate"))
        return cmd_migrate();
    if (!strcmp(argv[1], "keygen"))
        return cmd_keygen(argc == 4 && !strcmp(argv[2], "--keys") ? argv[3]
                                                                 : env_or("TURNPOST_KEYS", ".turnpost/keys"));
    if (!strcmp(argv[1], "verify") && argc >= 3)
        return cmd_verify(argv[2], argv + 3, argc - 3);
    return usage();
}
