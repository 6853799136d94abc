#include "server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>
#include <sodium.h>

#include "compress.h"
#include "cors.h"
#include "db.h"
#include "http_cache.h"
#include "live.h"
#include "rate_limit.h"

enum ctx_state { CTX_READING, CTX_QUEUED, CTX_ANSWERED };

/* One request in flight: what the handler sees, and the connection. */
struct ctx {
    struct request req;
    struct MHD_Connection *conn;
    enum ctx_state state;
    int route_index;
    int parked;              /* held by a long poll */
    struct server *server;
    struct ctx *next;        /* in the worker queue */
};

struct server {
    struct MHD_Daemon *daemon;
    struct app *app;
    pthread_t *threads;
    struct worker *workers;
    struct worker io_worker;  /* for inline routes: no database */
    struct io_reader *readers; /* one per I/O thread that has read */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct ctx *head, *tail;
    int stopping;
    atomic_int parked;       /* requests held by long polls */
    struct cors *cors;       /* the origins whose pages may call */
};

/* The connection an I/O thread reads with, made on its first read. */
struct io_reader {
    struct worker w;
    int connected;
    uint64_t retry_ns;       /* while down, reads go to the workers until then */
    struct io_reader *next;
};

static _Thread_local struct io_reader *thread_reader;

static char id_prefix[9];
static atomic_ulong id_counter;

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static char *dup_header(struct MHD_Connection *c, const char *name)
{
    const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);

    return v ? strdup(v) : NULL;
}

static enum MHD_Result collect_query(void *cls, enum MHD_ValueKind kind,
                                     const char *key, const char *value)
{
    struct request *r = cls;

    (void)kind;
    if (r->query_count == HTTP_MAX_QUERY) {
        r->query_overflow = 1;      /* refused, never silently dropped */
        return MHD_NO;
    }
    r->query_keys[r->query_count] = strdup(key);
    r->query_values[r->query_count] = strdup(value ? value : "");
    r->query_count++;
    return MHD_YES;
}

static enum MHD_Result add_header_size(void *cls, enum MHD_ValueKind kind,
                                       const char *key, const char *value)
{
    size_t *n = cls;

    (void)kind;
    *n += strlen(key) + (value ? strlen(value) : 0) + 4;
    return MHD_YES;
}

static size_t headers_size(struct MHD_Connection *c)
{
    size_t n = 0;

    MHD_get_connection_values(c, MHD_HEADER_KIND, add_header_size, &n);
    return n;
}

/*
 * URLs that would not mean what they say once decoded, and why each is
 * refused. Every "%00" decodes to a NUL, where the C string of the path or
 * of a query parameter would end, and every "%2F" to a '/': no other escape
 * can take in their '%', which is no hex digit.
 */
static const char *const refused_url[] = {
    "The URL holds %00: no path segment or query parameter may contain a NUL.",
    "The path holds %2F: a path segment may not contain a slash.",
};

/* The reason in refused_url to refuse uri (still encoded) for, or NULL. */
static const char *const *url_refusal(const char *uri)
{
    const char *query = strchr(uri, '?');

    for (const char *p = strchr(uri, '%'); p; p = strchr(p + 1, '%')) {
        if (p[1] == '0' && p[2] == '0')
            return &refused_url[0];
        if ((!query || p < query) && p[1] == '2' && (p[2] == 'f' || p[2] == 'F'))
            return &refused_url[1];
    }
    return NULL;
}

/* Before the URL is decoded: what on_request gets as its first *ptr. */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    (void)conn;
    return (void *)url_refusal(uri);
}

static int is_refusal(const void *p)
{
    return p == &refused_url[0] || p == &refused_url[1];
}

static void set_request_id(struct request *r, struct MHD_Connection *c)
{
    const char *given = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                    "X-Request-Id");
    size_t n = given ? strlen(given) : 0;

    if (n > 0 && n < sizeof r->request_id &&
        strspn(given, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                      "0123456789-_.") == n)
        memcpy(r->request_id, given, n + 1);
    else
        snprintf(r->request_id, sizeof r->request_id, "%s%012lx", id_prefix,
                 atomic_fetch_add(&id_counter, 1));
}

static void ctx_free(struct ctx *c)
{
    struct request *r = &c->req;

    free(r->path);
    for (int i = 0; i < HTTP_MAX_PARAMS; i++)
        free(r->params[i]);
    for (int i = 0; i < r->query_count; i++) {
        free(r->query_keys[i]);
        free(r->query_values[i]);
    }
    free(r->authorization);
    free(r->content_type);
    free(r->if_match);
    free(r->if_none_match);
    free(r->accept);
    free(r->idempotency_key);
    free(r->last_event_id);
    free(r->origin);
    free(r->accept_encoding);
    live_stream_free(r->stream);   /* one the hub never took */
    free(r->body);
    free(r->response);
    free(r->link);
    free(c);
}

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

/* A HEAD of an event stream: its headers, and the stream ends at once. */
static ssize_t no_stream(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)cls;
    (void)pos;
    (void)buf;
    (void)max;
    return MHD_CONTENT_READER_END_OF_STREAM;
}

/*
 * Settles what goes out for a body answer: a public resource's tag and a
 * 201's Location, the gzip variant (and its tag) where it pays, and 304
 * where If-None-Match holds the tag. Returns 1 when the body is gzipped.
 */
static int settle_body(struct request *r)
{
    int gz = compress_type_worth_it(r->response_type) &&
             r->response_len >= COMPRESS_MIN_BYTES &&
             compress_accepts_gzip(r->accept_encoding);
    char *packed;
    size_t packed_len;

    http_cache_complete(r);
    if (gz && r->etag[0])
        http_cache_gzip_etag(r->etag, sizeof r->etag);
    else if (r->status == 304 && r->etag[0] && r->if_none_match &&
             strstr(r->if_none_match, "-gz\"") && compress_accepts_gzip(r->accept_encoding))
        http_cache_gzip_etag(r->etag, sizeof r->etag);  /* the variant the cache holds */
    if (strcmp(r->method, "GET") == 0 && r->status == 200 && r->etag[0] &&
        http_cache_none_match(r->if_none_match, r->etag)) {
        r->status = 304;
        r->response_type = NULL;
        r->response[0] = 0;
        r->response_len = 0;
        return 0;
    }
    if (!gz || compress_gzip(r->response, r->response_len, &packed, &packed_len) < 0)
        return 0;
    free(r->response);
    r->response = packed;
    r->response_len = packed_len;
    return 1;
}

/* The CORS headers of an answer to a request from another origin. */
static void add_cors(struct server *s, struct ctx *c, struct MHD_Response *resp)
{
    struct request *r = &c->req;
    const char *asked = MHD_lookup_connection_value(c->conn, MHD_HEADER_KIND,
                                                    "Access-Control-Request-Method");
    int preflight = strcmp(r->method, "OPTIONS") == 0 && r->status == 204 && asked;
    enum cors_grant g;

    if (!cors_enabled(s->cors))
        return;
    if (preflight) {
        /* asked with "*" only, a page may read public answers only */
        g = cors_grant(s->cors, r->origin, asked, 0);
        if (g == CORS_NONE)
            return;
        MHD_add_response_header(resp, "Access-Control-Allow-Origin",
                                g == CORS_ORIGIN ? r->origin : "*");
        MHD_add_response_header(resp, "Access-Control-Allow-Methods",
                                g == CORS_ORIGIN ? r->allow : "GET, HEAD");
        MHD_add_response_header(resp, "Access-Control-Allow-Headers",
                                g == CORS_ORIGIN ? CORS_ALLOW_HEADERS : CORS_PUBLIC_HEADERS);
        MHD_add_response_header(resp, "Access-Control-Max-Age", STRINGIFY(CORS_MAX_AGE));
        return;
    }
    g = cors_grant(s->cors, r->origin, r->head ? "HEAD" : r->method,
                   r->authorization != NULL);
    if (g == CORS_NONE)
        return;
    MHD_add_response_header(resp, "Access-Control-Allow-Origin",
                            g == CORS_ORIGIN ? r->origin : "*");
    MHD_add_response_header(resp, "Access-Control-Expose-Headers", CORS_EXPOSE_HEADERS);
}

static enum MHD_Result queue(struct server *s, struct ctx *c)
{
    struct request *r = &c->req;
    struct MHD_Response *resp;
    enum MHD_Result ok;
    int gz = 0, compressible = 0;
    const char *vary;

    if (r->stream && s->app->live && r->head) {
        resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64, no_stream,
                                                 NULL, NULL);
        if (!resp)
            return MHD_NO;
        /* as for a 304 below: chunked, 0.9.75 would write a last chunk */
        MHD_set_response_options(resp, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
        MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    } else if (r->stream && s->app->live) {
        /* the hub owns the stream from here; the connection reads it */
        resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024,
                                                 live_stream_read, r->stream,
                                                 live_stream_closed);
        if (!resp)
            return MHD_NO;
        live_hub_add(s->app->live, r->stream, c->conn);
        r->stream = NULL;
        MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    } else {
        if (!r->response)
            reply_problem(r, PROBLEM_internal, "The request got no answer.");
        compressible = r->status == 304 || compress_type_worth_it(r->response_type);
        gz = settle_body(r);
        if (r->status == 304 || r->status == 204) {
            /* no body, and no Content-Length: a buffer of 0 bytes would be
             * announced as "Content-Length: 0", a size the 200 never had */
            resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 64, no_stream,
                                                     NULL, NULL);
            /* libmicrohttpd 0.9.75 frames a 304 of unknown size as chunked
             * and writes the last chunk after it, a body a 304 must not
             * have; without chunking it ends the connection instead */
            if (resp && r->status == 304)
                MHD_set_response_options(resp, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END);
        } else {
            resp = MHD_create_response_from_buffer(r->response_len, r->response,
                                                   MHD_RESPMEM_MUST_FREE);
            if (resp)
                r->response = NULL; /* libmicrohttpd frees it now */
        }
        if (!resp)
            return MHD_NO;
    }
    if (r->response_type)
        MHD_add_response_header(resp, "Content-Type", r->response_type);
    MHD_add_response_header(resp, "X-Request-Id", r->request_id);
    rate_limit_headers(s->app->limits, r, c->conn, resp);
    if (r->etag[0])
        MHD_add_response_header(resp, "ETag", r->etag);
    if (r->allow[0])
        MHD_add_response_header(resp, "Allow", r->allow);
    if (r->link)
        MHD_add_response_header(resp, "Link", r->link);
    if (r->www_authenticate[0])
        MHD_add_response_header(resp, "WWW-Authenticate", r->www_authenticate);
    if (r->retry_after > 0) {
        char secs[16];
        snprintf(secs, sizeof secs, "%d", r->retry_after);
        MHD_add_response_header(resp, "Retry-After", secs);
    }
    if (r->location[0])
        MHD_add_response_header(resp, "Location", r->location);
    if (gz)
        MHD_add_response_header(resp, "Content-Encoding", "gzip");
    vary = http_cache_vary(r, compressible);
    if (vary || cors_enabled(s->cors)) {
        char both[96];

        snprintf(both, sizeof both, "%s%s%s", vary ? vary : "",
                 vary && cors_enabled(s->cors) ? ", " : "",
                 cors_enabled(s->cors) ? "Origin" : "");
        MHD_add_response_header(resp, "Vary", both);
    }
    add_cors(s, c, resp);
    MHD_add_response_header(resp, "Cache-Control", http_cache_control(r));
    ok = MHD_queue_response(c->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    c->state = CTX_ANSWERED;
    return ok;
}

/* 1 when the Content-Type value is the media type type, parameters aside. */
static int media_is(const char *value, const char *type)
{
    size_t n = strlen(type);

    return value && strncasecmp(value, type, n) == 0 &&
           (value[n] == 0 || value[n] == ';' || value[n] == ' ');
}

/* The route table's methods for a path, with HEAD where GET is, and OPTIONS. */
static void full_allow(char *out, size_t n, const char *allow)
{
    int k = snprintf(out, n, "%s%s, OPTIONS", allow,
                     strncmp(allow, "GET", 3) == 0 || strstr(allow, ", GET") ? ", HEAD" : "");

    if (k < 0 || (size_t)k >= n)   /* the table's methods always fit; never cut a name */
        snprintf(out, n, "%s", allow);
}

/* Copies what the handler needs out of the connection and routes it. */
static void prepare(struct ctx *c)
{
    struct request *r = &c->req;
    char allow[sizeof r->allow];

    r->authorization = dup_header(c->conn, "Authorization");
    r->content_type = dup_header(c->conn, "Content-Type");
    r->if_match = dup_header(c->conn, "If-Match");
    r->if_none_match = dup_header(c->conn, "If-None-Match");
    r->accept = dup_header(c->conn, "Accept");
    r->idempotency_key = dup_header(c->conn, "Idempotency-Key");
    r->last_event_id = dup_header(c->conn, "Last-Event-ID");
    r->origin = dup_header(c->conn, "Origin");
    r->accept_encoding = dup_header(c->conn, "Accept-Encoding");
    if (strcmp(r->method, "HEAD") == 0) {
        r->head = 1;
        snprintf(r->method, sizeof r->method, "GET");
        r->wait.woken = 1;   /* a long poll's HEAD answers now: headers are all it gets */
    }
    MHD_get_connection_values(c->conn, MHD_GET_ARGUMENT_KIND, collect_query, r);
    r->route = routes_match(r, allow, sizeof allow);
    c->route_index = routes_index(r->route);
    if (rate_limit_check(c->server->app->limits, r, c->conn))
        return;   /* before any work: a refused request reads no database */
    if (r->headers_too_large) {
        reply_problem(r, PROBLEM_request_header_fields_too_large,
                      "The request's headers are larger than %d bytes.",
                      HTTP_MAX_HEADERS);
    } else if (r->url_refused) {
        reply_problem(r, PROBLEM_invalid_url, "%s", r->url_refused);
    } else if (!r->route && allow[0] && strcmp(r->method, "OPTIONS") == 0) {
        /* a preflight, or a client asking what the path serves */
        full_allow(r->allow, sizeof r->allow, allow);
        reply_raw(r, 204, NULL, "", 0);
    } else if (!r->route && allow[0]) {
        full_allow(r->allow, sizeof r->allow, allow);
        reply_problem(r, PROBLEM_method_not_allowed,
                      "%s is not allowed on %s; allowed: %s.", r->head ? "HEAD" : r->method,
                      r->path, r->allow);
    } else if (!r->route) {
        reply_problem(r, PROBLEM_not_found, "There is no resource at %s.",
                      r->path);
    } else if (r->body_too_large) {
        reply_problem(r, PROBLEM_payload_too_large,
                      "The body is larger than %d bytes.", HTTP_MAX_BODY);
    } else if ((strcmp(r->method, "POST") == 0 || strcmp(r->method, "PATCH") == 0) &&
               r->body_len > 0 && !media_is(r->content_type, "application/json") &&
               !(r->route->takes_text && media_is(r->content_type, "text/plain"))) {
        reply_problem(r, PROBLEM_unsupported_media_type, "Send the body as application/json%s.",
                      r->route->takes_text ? " (or a move as text/plain)" : "");
    }
}

static void enqueue(struct server *s, struct ctx *c)
{
    pthread_mutex_lock(&s->mu);
    c->next = NULL;
    if (s->tail)
        s->tail->next = c;
    else
        s->head = c;
    s->tail = c;
    atomic_fetch_add(&s->app->metrics.queue_length, 1);
    pthread_cond_signal(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

/*
 * A long poll's wait is over (why: 0 the game moved on, 1 time is up, 2
 * the server is stopping). The handler runs again on a worker, which
 * answers; while stopping there are no workers, so the answer is 503.
 */
static void unpark(void *arg, int why)
{
    struct ctx *c = arg;
    struct server *s = c->server;

    c->req.wait.seconds = 0;
    c->req.wait.woken = 1;
    if (why == 2) {
        reply_problem(&c->req, PROBLEM_service_unavailable, "The server is stopping.");
        c->req.retry_after = 1;
        MHD_resume_connection(c->conn);
    } else {
        enqueue(s, c);
    }
}

/*
 * Holds c when its handler asked to wait (reply_later): the connection is
 * suspended (or stays so) and the hub calls unpark. Returns 1 if held.
 */
static int park(struct server *s, struct ctx *c, int suspended)
{
    struct request *r = &c->req;

    if (!r->wait.seconds || r->response || !s->app->live)
        return 0;
    c->state = CTX_QUEUED;
    c->parked = 1;
    atomic_fetch_add(&s->parked, 1);
    if (!suspended)
        MHD_suspend_connection(c->conn);
    live_hub_wait(s->app->live, r->wait.game, r->wait.version, r->wait.seconds, unpark, c);
    return 1;
}

/*
 * Runs c's handler with w's connection, keeping the pool gauges true:
 * workers_busy while it runs, db_connected (w's share in *connected) after.
 */
static void run_handler(struct server *s, struct ctx *c, struct worker *w,
                        int *connected)
{
    atomic_fetch_add(&s->app->metrics.workers_busy, 1);
    c->req.route->handler(&c->req, w);
    atomic_fetch_sub(&s->app->metrics.workers_busy, 1);
    if (db_connected(w->db) != *connected) {
        *connected = !*connected;
        atomic_fetch_add(&s->app->metrics.db_connected, *connected ? 1 : -1);
    }
}

/*
 * Runs a short read on the calling I/O thread. Returns -1, having done
 * nothing, when the thread has no working connection: then the workers,
 * which wait out reconnects, take the read, and the I/O thread tries its
 * own connection again a second later.
 */
static int run_read(struct server *s, struct ctx *c)
{
    struct io_reader *rd = thread_reader;

    if (rd && !rd->connected && now_ns() < rd->retry_ns)
        return -1;
    if (!rd) {
        if (!(rd = calloc(1, sizeof *rd)))
            return -1;
        rd->w.id = -1;
        rd->w.app = s->app;
        rd->w.server = s;
        rd->w.db = db_open(s->app->database_url);
        pthread_mutex_lock(&s->mu);
        rd->next = s->readers;
        s->readers = rd;
        pthread_mutex_unlock(&s->mu);
        thread_reader = rd;
    }
    run_handler(s, c, &rd->w, &rd->connected);
    if (!rd->connected)
        rd->retry_ns = now_ns() + 1000000000u;
    return 0;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn,
                                  const char *url, const char *method,
                                  const char *version, const char *upload,
                                  size_t *upload_size, void **ptr)
{
    struct server *s = cls;
    struct ctx *c = *ptr;

    (void)version;
    if (!c || is_refusal(c)) {
        const char *len = MHD_lookup_connection_value(
            conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        const char *refused = c ? *(const char *const *)(void *)c : NULL;

        if (!(c = calloc(1, sizeof *c)))
            return MHD_NO;
        c->req.url_refused = refused;
        c->conn = conn;
        c->server = s;
        c->route_index = -1;
        c->req.started_ns = now_ns();
        snprintf(c->req.method, sizeof c->req.method, "%s", method);
        c->req.path = strdup(url);
        set_request_id(&c->req, conn);
        *ptr = c;
        if (len && strtoull(len, NULL, 10) > HTTP_DISCARD_BODY) {
            /* Too big even to read and throw away: answer now, which
             * closes the connection. */
            c->req.body_too_large = 1;
            reply_problem(&c->req, PROBLEM_payload_too_large,
                          "The body is larger than %d bytes.", HTTP_MAX_BODY);
            return queue(s, c);
        }
        if (headers_size(conn) > HTTP_MAX_HEADERS) {
            c->req.headers_too_large = 1;
            return MHD_YES;
        }
        /* Never answer on the first call: it would cost the keep-alive. */
        return MHD_YES;
    }
    if (c->state == CTX_ANSWERED)
        return MHD_YES;
    if (*upload_size) {
        struct request *r = &c->req;

        if (r->body_too_large || r->body_len + *upload_size > HTTP_MAX_BODY) {
            /* Read and drop the rest, then answer 413 on the final call:
             * the client gets the answer and keeps its connection. */
            r->body_too_large = 1;
            r->discarded += *upload_size;
            *upload_size = 0;
            return r->discarded > HTTP_DISCARD_BODY ? MHD_NO : MHD_YES;
        }
        r->body = realloc(r->body, r->body_len + *upload_size + 1);
        if (!r->body)
            return MHD_NO;
        memcpy(r->body + r->body_len, upload, *upload_size);
        r->body_len += *upload_size;
        r->body[r->body_len] = 0;
        *upload_size = 0;
        return MHD_YES;
    }
    if (c->state == CTX_QUEUED) { /* resumed: the worker has answered */
        if (c->parked) {
            c->parked = 0;
            atomic_fetch_sub(&s->parked, 1);
        }
        return queue(s, c);
    }
    prepare(c);
    if (c->req.response)
        return queue(s, c);
    if (c->req.route->runs == RUNS_INLINE) {
        c->req.route->handler(&c->req, &s->io_worker);
        return queue(s, c);
    }
    if (c->req.route->runs == RUNS_INLINE_READ && run_read(s, c) == 0)
        return park(s, c, 0) ? MHD_YES : queue(s, c);
    c->state = CTX_QUEUED;
    MHD_suspend_connection(conn);
    enqueue(s, c);
    return MHD_YES;
}

/* One JSON line per request, written with a single write(). */
static void log_request(const struct ctx *c, uint64_t ns)
{
    const struct request *r = &c->req;
    char line[1024];
    int n;

    n = snprintf(line, sizeof line,
                 "{\"level\":\"info\",\"msg\":\"request\",\"request_id\":\"%s\","
                 "\"method\":\"%s\",\"route\":\"%s\",\"status\":%d,"
                 "\"duration_ms\":%.3f%s%s%s}\n",
                 r->request_id, r->head ? "HEAD" : r->method,
                 r->route ? r->route->pattern : "unmatched", r->status,
                 (double)ns / 1e6, r->problem ? ",\"problem\":\"" : "",
                 r->problem ? problem_name(r->problem - 1) : "",
                 r->problem ? "\"" : "");
    if (n > 0 && write(STDERR_FILENO, line,
                       (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0)
        return;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **ptr,
                         enum MHD_RequestTerminationCode why)
{
    struct server *s = cls;
    struct ctx *c = *ptr;
    uint64_t ns;

    (void)conn;
    (void)why;
    if (!c || is_refusal(c)) {
        *ptr = NULL; /* never reached on_request */
        return;
    }
    ns = now_ns() - c->req.started_ns;
    if (c->req.status) {
        metrics_request(&s->app->metrics, c->route_index, c->req.status, ns,
                        c->req.problem);
        log_request(c, ns);
    }
    ctx_free(c);
    *ptr = NULL;
}

static void *worker_loop(void *arg)
{
    struct worker *w = arg;
    struct server *s = w->server;
    int connected = 0;

    for (;;) {
        struct ctx *c;

        pthread_mutex_lock(&s->mu);
        while (!s->head && !s->stopping)
            pthread_cond_wait(&s->cv, &s->mu);
        if (!s->head) {
            pthread_mutex_unlock(&s->mu);
            break;
        }
        c = s->head;
        s->head = c->next;
        if (!s->head)
            s->tail = NULL;
        atomic_fetch_sub(&s->app->metrics.queue_length, 1);
        pthread_mutex_unlock(&s->mu);

        run_handler(s, c, w, &connected);
        if (park(s, c, 1))
            continue;
        /* a write may have queued a notification for the dispatchers */
        if (c->req.status >= 200 && c->req.status < 300 && strcmp(c->req.method, "GET") != 0) {
            dispatch_wake(s->app->dispatch);
            /* and a write under /v1/games/{id} changed that game */
            if (strncmp(c->req.path, "/v1/games/", 10) == 0 && c->req.params[0])
                live_hub_changed(s->app->live, c->req.params[0]);
        }
        MHD_resume_connection(c->conn);
    }
    if (connected)
        atomic_fetch_sub(&s->app->metrics.db_connected, 1);
    return NULL;
}

/*
 * Connections held at once: event streams hold theirs for hours, so the
 * limit is high (TURNPOST_MAX_CONNECTIONS, default 12000), and the process
 * may open as many files as its hard limit allows.
 */
static int connection_limit(void)
{
    const char *v = getenv("TURNPOST_MAX_CONNECTIONS");
    long n = v ? atol(v) : 12000;
    struct rlimit rl;

    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (rlim_t)n + 256 > rl.rlim_cur)
        n = (long)rl.rlim_cur - 256;   /* room for database connections and logs */
    return n < 16 ? 16 : n > 1000000 ? 1000000 : (int)n;
}

struct server *server_start(struct app *app, const char *address, int port,
                            int io_threads)
{
    struct server *s = calloc(1, sizeof *s);
    struct sockaddr_in sa;
    unsigned char rnd[4];

    if (!s)
        return NULL;
    randombytes_buf(rnd, sizeof rnd);
    sodium_bin2hex(id_prefix, sizeof id_prefix, rnd, sizeof rnd);
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, address, &sa.sin_addr) != 1) {
        fprintf(stderr, "turnpost: bad listen address %s\n", address);
        free(s);
        return NULL;
    }
    {
        char why[256];

        if (!(s->cors = cors_parse(getenv("TURNPOST_CORS_ORIGINS"), why, sizeof why))) {
            fprintf(stderr, "turnpost: %s\n", why);
            free(s);
            return NULL;
        }
    }
    s->app = app;
    s->io_worker.id = -1;
    s->io_worker.app = app;
    s->io_worker.server = s;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    s->workers = calloc((size_t)app->workers, sizeof *s->workers);
    s->threads = calloc((size_t)app->workers, sizeof *s->threads);
    for (int i = 0; i < app->workers; i++) {
        s->workers[i].id = i;
        s->workers[i].app = app;
        s->workers[i].server = s;
        s->workers[i].db = db_open(app->database_url);
        pthread_create(&s->threads[i], NULL, worker_loop, &s->workers[i]);
    }
    s->daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME |
            MHD_USE_ERROR_LOG,
        (uint16_t)port, NULL, NULL, on_request, s,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)io_threads,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)connection_limit(),
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, s,
        MHD_OPTION_END);
    if (!s->daemon) {
        fprintf(stderr, "turnpost: cannot listen on %s:%d\n", address, port);
        server_stop(s);
        return NULL;
    }
    return s;
}

void server_stop(struct server *s)
{
    if (!s)
        return;
    if (s->daemon)
        MHD_quiesce_daemon(s->daemon);
    pthread_mutex_lock(&s->mu);
    s->stopping = 1;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    for (int i = 0; i < s->app->workers; i++)
        pthread_join(s->threads[i], NULL);
    /* libmicrohttpd must not stop with a stream's or a poll's connection
     * suspended */
    live_hub_end_streams(s->app->live);
    for (int i = 0; i < 200 && atomic_load(&s->parked) > 0; i++)
        usleep(10000);
    if (s->daemon)
        MHD_stop_daemon(s->daemon);
    for (int i = 0; i < s->app->workers; i++)
        db_close(s->workers[i].db);
    while (s->readers) {
        struct io_reader *rd = s->readers;

        s->readers = rd->next;
        if (rd->connected)
            atomic_fetch_sub(&s->app->metrics.db_connected, 1);
        db_close(rd->w.db);
        free(rd);
    }
    free(s->workers);
    free(s->threads);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    cors_free(s->cors);
    free(s);
}
