/*
 * turnpost-bench - the HTTP side of the load figures (tests/bench/README.md).
 *
 *   turnpost-bench setup  --url U --state F --games N [--ruleset R]
 *                         [--seats N] [--accounts N] [--ids F]
 *   turnpost-bench moves  --url U --state F --clients N --duration S
 *                         [--warmup S] [--label L] [--result F] [--round N]
 *                         [--server-pid P] [--seed N] [--fixed-move JSON]
 *   turnpost-bench view   --url U --state F --clients N --duration S
 *                         [--warmup S] [--label L] [--result F] [--round N]
 *                         [--server-pid P] [--threads N]
 *   turnpost-bench deliveries --url U --state F --clients N --duration S
 *                         [--warmup S] [--drain S] [--label L] [--result F]
 *                         [--round N] [--server-pid P]
 *   turnpost-bench streams --url U --state F [--streams N] [--subscribers K]
 *                         [--rate R] --duration S [--label L] [--result F]
 *                         [--round N] [--server-pid P]
 *   turnpost-bench report --result F [--rss F] [--title TEXT]
 *   turnpost-bench cpu    --server-pid P --from S --to S --label L [--result F]
 *                         [--round N]
 *   turnpost-bench sql    NAME [ARG...]
 *
 * setup creates bot accounts and games whose seats are all held by them
 * (--seats of them, the ruleset's fewest by default), and writes a state
 * file (accounts, tokens, games) and the game ids. moves
 * runs N client threads, each with its own keep-alive HTTP/1.1 connection and
 * a disjoint share of the games: for a game it GETs the legal moves, picks
 * one, and POSTs it with an Idempotency-Key; only the POST is counted. A
 * finished game is replaced by a fresh one. view GETs games. With
 * --server-pid, a phase also measures who used the CPU in its timed window
 * (cpu does that for a pgbench run beside it). Each phase appends one line
 * "label key=value ... round=N" to the result file; report turns that file
 * (with the pgbench lines run.sh adds) and the RSS samples into the table
 * of figures and ratios, taking medians when there are several rounds.
 * deliveries runs a webhook receiver in this process, subscribes every
 * seated account to game.move, runs the move load and measures each
 * delivery from the move's answer to its arrival (and the lost ones).
 * streams holds N event streams open (epoll), reads the server's RSS,
 * then times "event: move" on K streams of one game from each move's
 * answer, moves made at --rate a second.
 * sql prints one of the server's statements as a pgbench command.
 *
 * Only loopback URLs are accepted; every loop ends by its deadline.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "hs_player.h"
#include "steam_player.h"

#define MAX_CLIENTS 256
#define MAX_SEATS 8
#define MAX_GAMES 65536
#define MAX_ACCOUNTS 1024
#define TOKEN_MAX 1024
#define HIST_STEP_US 10          /* histogram resolution */
#define HIST_BUCKETS 200000      /* 10 us steps up to 2 s, then overflow */
#define MAX_REQUESTS_PER_CLIENT 50000000L /* a bound besides the deadline */

/* ---------------------------------------------------------------- util */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void die(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "turnpost-bench: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);

    if (!p)
        die("out of memory");
    return p;
}

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t now_us(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* xorshift64*: a per-client deterministic stream. */
static uint64_t rnd_next(uint64_t *s)
{
    uint64_t x = *s;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static size_t rnd_below(uint64_t *s, size_t n)
{
    return n ? (size_t)(rnd_next(s) % n) : 0;
}

/* --------------------------------------------------------- histograms */

/* Latencies of one kind of request, per client; merged at the end. */
struct hist {
    uint32_t bucket[HIST_BUCKETS + 1];
    uint64_t count, sum_us, max_us;
    uint32_t status[600];           /* responses by HTTP status; 0: transport */
};

static void hist_add(struct hist *h, uint64_t us, int status)
{
    uint64_t b = us / HIST_STEP_US;

    h->bucket[b < HIST_BUCKETS ? b : HIST_BUCKETS]++;
    h->count++;
    h->sum_us += us;
    if (us > h->max_us)
        h->max_us = us;
    h->status[status > 0 && status < 600 ? status : 0]++;
}

static void hist_merge(struct hist *into, const struct hist *h)
{
    for (int i = 0; i <= HIST_BUCKETS; i++)
        into->bucket[i] += h->bucket[i];
    for (int i = 0; i < 600; i++)
        into->status[i] += h->status[i];
    into->count += h->count;
    into->sum_us += h->sum_us;
    if (h->max_us > into->max_us)
        into->max_us = h->max_us;
}

/* The q-quantile (0..1) in milliseconds, at the bucket's upper edge. */
static double hist_quantile_ms(const struct hist *h, double q)
{
    uint64_t want, seen = 0;

    if (!h->count)
        return 0;
    want = (uint64_t)ceil(q * (double)h->count);
    if (want < 1)
        want = 1;
    for (int i = 0; i <= HIST_BUCKETS; i++) {
        seen += h->bucket[i];
        if (seen >= want)
            return i == HIST_BUCKETS ? (double)h->max_us / 1000.0
                                     : (double)((i + 1) * HIST_STEP_US) / 1000.0;
    }
    return (double)h->max_us / 1000.0;
}

/* "201:1234,422:3" for the statuses seen; "none" when none. */
static void hist_statuses(const struct hist *h, char *out, size_t n, int skip)
{
    size_t len = 0;

    out[0] = 0;
    for (int i = 0; i < 600 && len < n; i++)
        if (h->status[i] && i != skip)
            len += (size_t)snprintf(out + len, n - len, "%s%d:%u", len ? "," : "",
                                    i, h->status[i]);
    if (!out[0])
        snprintf(out, n, "none");
}

static uint64_t hist_errors(const struct hist *h, int ok)
{
    uint64_t n = 0;

    for (int i = 0; i < 600; i++)
        if (i != ok)
            n += h->status[i];
    return n;
}

/* ---------------------------------------------------------------- http */

/*
 * One client's connection: a plain HTTP/1.1 keep-alive socket. The load
 * generator shares the machine's two CPUs with the server and PostgreSQL,
 * so it should cost about what pgbench's client costs: one write per
 * request, reads straight into a reused buffer, and only the status line,
 * Content-Length and Connection headers looked at. The server always
 * answers with a Content-Length (libmicrohttpd buffer responses).
 */
struct http {
    int fd;                         /* -1 when not connected */
    struct sockaddr_in addr;
    const char *host;               /* "127.0.0.1:PORT", for the Host header */
    char *req;                      /* the request being sent */
    size_t req_cap;
    char *buf;                      /* the answer: head, then body */
    size_t buf_cap;
    char *body;                     /* into buf, NUL-terminated */
    size_t len;
    char err[256];
};

static void http_grow(char **p, size_t *cap, size_t need)
{
    size_t cap2 = *cap ? *cap : 16384;

    if (need <= *cap)
        return;
    while (cap2 < need)
        cap2 *= 2;
    if (!(*p = realloc(*p, cap2)))
        die("out of memory");
    *cap = cap2;
}

static void http_init(struct http *c, const char *base)
{
    const char *hostport = base + strlen("http://");
    const char *colon = strchr(hostport, ':');

    memset(c, 0, sizeof *c);
    c->fd = -1;
    c->host = hostport;
    c->addr.sin_family = AF_INET;
    c->addr.sin_port = htons((uint16_t)atoi(colon + 1));
    c->addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    http_grow(&c->req, &c->req_cap, 4096);
    http_grow(&c->buf, &c->buf_cap, 16384);
    c->body = c->buf;
    c->body[0] = 0;
}

static void http_close(struct http *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

static void http_free(struct http *c)
{
    http_close(c);
    free(c->req);
    free(c->buf);
}

static int http_connect(struct http *c)
{
    struct timeval tv = { .tv_sec = 30 };
    int one = 1;

    if ((c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
        setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) ||
        setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) ||
        setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) ||
        connect(c->fd, (struct sockaddr *)&c->addr, sizeof c->addr)) {
        snprintf(c->err, sizeof c->err, "connect: %s", strerror(errno));
        http_close(c);
        return -1;
    }
    return 0;
}

/* The value of header name (lower case, with ':') in head, or NULL. */
static const char *http_header(const char *head, const char *name)
{
    size_t n = strlen(name);

    for (const char *l = strstr(head, "\r\n"); l && l[2] != '\r'; l = strstr(l + 2, "\r\n"))
        if (strncasecmp(l + 2, name, n) == 0)
            return l + 2 + n + strspn(l + 2 + n, " \t");
    return NULL;
}

/*
 * Writes the request into c->req and returns its length. body NULL means
 * GET; token and idem may be NULL.
 */
static size_t http_request_as(struct http *c, const char *method, const char *path,
                              const char *token, const char *body, size_t body_len,
                              const char *idem)
{
    size_t n;

    http_grow(&c->req, &c->req_cap, strlen(path) + body_len + TOKEN_MAX + 512);
    n = (size_t)snprintf(c->req, c->req_cap, "%s %s HTTP/1.1\r\nHost: %s\r\n",
                         method ? method : body ? "POST" : "GET", path, c->host);
    if (token)
        n += (size_t)snprintf(c->req + n, c->req_cap - n,
                              "Authorization: Bearer %s\r\n", token);
    if (idem)
        n += (size_t)snprintf(c->req + n, c->req_cap - n,
                              "Idempotency-Key: %s\r\n", idem);
    if (body)
        n += (size_t)snprintf(c->req + n, c->req_cap - n,
                              "Content-Type: application/json\r\n"
                              "Content-Length: %zu\r\n", body_len);
    n += (size_t)snprintf(c->req + n, c->req_cap - n, "\r\n");
    if (body) {
        memcpy(c->req + n, body, body_len);
        n += body_len;
    }
    return n;
}

static size_t http_request(struct http *c, const char *path, const char *token,
                           const char *body, size_t body_len, const char *idem)
{
    return http_request_as(c, NULL, path, token, body, body_len, idem);
}

/*
 * Looks at the got bytes of answer in c->buf: 1 when it is whole (status
 * in *status, body in c->body / c->len, *keep 0 when the server closes
 * the connection), 0 when more is to come, -1 when it is not HTTP we read.
 * Makes room in c->buf for the rest.
 */
static int http_answer(struct http *c, size_t got, int *status, int *keep)
{
    char *end = strstr(c->buf, "\r\n\r\n");
    size_t head_len, want;
    const char *v;

    if (!end)
        return 0;
    head_len = (size_t)(end - c->buf) + 4;
    end[2] = 0; /* the head alone, for the header lookups */
    if (sscanf(c->buf, "HTTP/1.%*d %d", status) != 1) {
        snprintf(c->err, sizeof c->err, "bad status line");
        return -1;
    }
    if (http_header(c->buf, "transfer-encoding:")) {
        snprintf(c->err, sizeof c->err, "chunked answers are not read");
        return -1;
    }
    want = (v = http_header(c->buf, "content-length:")) ? strtoul(v, NULL, 10) : 0;
    *keep = !((v = http_header(c->buf, "connection:")) && strncasecmp(v, "close", 5) == 0);
    end[2] = '\r';
    http_grow(&c->buf, &c->buf_cap, head_len + want + 1);
    if (got < head_len + want)
        return 0;
    c->body = c->buf + head_len;
    c->len = want;
    c->body[want] = 0;
    return 1;
}

/*
 * One exchange on the open connection: 0 with the status in *status, -1 on
 * a transport failure. *answered tells whether any byte of the answer came
 * (a keep-alive connection the server had closed answers nothing).
 */
static int http_exchange(struct http *c, size_t req_len, int *status, int *answered)
{
    size_t got = 0;
    int keep = 1, whole = 0;

    *answered = 0;
    for (size_t off = 0; off < req_len;) {
        ssize_t n = send(c->fd, c->req + off, req_len - off, MSG_NOSIGNAL);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(c->err, sizeof c->err, "send: %s", strerror(errno));
            return -1;
        }
        off += (size_t)n;
    }
    c->buf[0] = 0;
    while (!whole) {
        ssize_t n;

        http_grow(&c->buf, &c->buf_cap, got + 4096 + 1);
        n = recv(c->fd, c->buf + got, c->buf_cap - got - 1, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(c->err, sizeof c->err, "recv: %s",
                     n ? strerror(errno) : "connection closed");
            return -1;
        }
        *answered = 1;
        got += (size_t)n;
        c->buf[got] = 0;
        if ((whole = http_answer(c, got, status, &keep)) < 0)
            return -1;
    }
    if (!keep)
        http_close(c);
    return 0;
}

/*
 * Sends one request and waits for the answer; returns the HTTP status, or
 * 0 when the transport failed. body NULL means GET. token and idem may be
 * NULL. The answer is in c->body / c->len until the next request.
 */
static int http_do_as(struct http *c, const char *method, const char *path,
                      const char *token, const char *body, size_t body_len, const char *idem)
{
    for (int attempt = 0; attempt < 2; attempt++) {
        int reused = c->fd >= 0, status = 0, answered;
        size_t n;

        c->err[0] = 0;
        c->len = 0;
        c->body = c->buf;
        c->body[0] = 0;
        if (!reused && http_connect(c))
            return 0;
        n = http_request_as(c, method, path, token, body, body_len, idem);
        if (http_exchange(c, n, &status, &answered) == 0)
            return status;
        http_close(c);
        /* A kept-alive connection the server had closed: once more, anew
         * (a move carries its Idempotency-Key, so a retry applies nothing twice). */
        if (!reused || answered)
            return 0;
    }
    return 0;
}

static int http_do(struct http *c, const char *path, const char *token,
                   const char *body, size_t body_len, const char *idem)
{
    return http_do_as(c, NULL, path, token, body, body_len, idem);
}

/* The answer as JSON (new reference), or NULL. */
static json_t *http_json(const struct http *c)
{
    return json_loadb(c->body, c->len, 0, NULL);
}

/* Refuses anything but a loopback http URL. */
static void check_url(const char *url)
{
    if (strncmp(url, "http://127.0.0.1:", 17) != 0 &&
        strncmp(url, "http://localhost:", 17) != 0)
        die("--url must be http://127.0.0.1:PORT (loopback only), not %s", url);
}

/* ------------------------------------------------------------- state */

struct account {
    char id[40];
    char token[TOKEN_MAX];
};

struct game {
    char id[40];
    int acct[MAX_SEATS];            /* account index of each seat */
    unsigned must_act;              /* seats that must act now */
    int finished;
    char *view;                     /* Steam: the latest answer holding its view */
    size_t view_len, view_cap;
};

/* What setup made and the phases share, kept in the state file. */
struct bench {
    char ruleset[64];
    int steam;                      /* play Steam with steam_player */
    int heavysteam;                 /* fill Heavy Steam's shapes with hs_player */
    struct steam_player player;
    int seats;
    int naccounts;
    struct account *accounts;
    int ngames;
    struct game *games;
};

static void state_write(const struct bench *b, const char *path)
{
    char tmp[4096];
    FILE *f;

    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!(f = fopen(tmp, "w")))
        die("cannot write %s: %s", tmp, strerror(errno));
    fprintf(f, "turnpost-bench-state 1\nruleset %s\nseats %d\n", b->ruleset, b->seats);
    for (int i = 0; i < b->naccounts; i++)
        fprintf(f, "account %s %s\n", b->accounts[i].id, b->accounts[i].token);
    for (int i = 0; i < b->ngames; i++) {
        fprintf(f, "game %s", b->games[i].id);
        for (int s = 0; s < b->seats; s++)
            fprintf(f, " %d", b->games[i].acct[s]);
        fputc('\n', f);
    }
    if (fclose(f) || rename(tmp, path))
        die("cannot write %s: %s", path, strerror(errno));
}

static void state_read(struct bench *b, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[TOKEN_MAX + 256];

    if (!f)
        die("cannot read %s: %s", path, strerror(errno));
    memset(b, 0, sizeof *b);
    b->accounts = xcalloc(MAX_ACCOUNTS, sizeof *b->accounts);
    b->games = xcalloc(MAX_GAMES, sizeof *b->games);
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (strncmp(line, "ruleset ", 8) == 0) {
            snprintf(b->ruleset, sizeof b->ruleset, "%.63s", line + 8);
        } else if (strncmp(line, "seats ", 6) == 0) {
            b->seats = atoi(line + 6);
        } else if (strncmp(line, "account ", 8) == 0 && b->naccounts < MAX_ACCOUNTS) {
            struct account *a = &b->accounts[b->naccounts];

            if (sscanf(line + 8, "%39s %1023s", a->id, a->token) == 2)
                b->naccounts++;
        } else if (strncmp(line, "game ", 5) == 0 && b->ngames < MAX_GAMES) {
            struct game *g = &b->games[b->ngames];
            char *p = line + 5, *end;

            snprintf(g->id, sizeof g->id, "%.36s", p);
            p += strcspn(p, " ");
            for (int s = 0; s < b->seats && s < MAX_SEATS; s++) {
                long v = strtol(p, &end, 10);
                if (end == p || v < 0 || v >= b->naccounts)
                    die("%s: bad game line", path);
                g->acct[s] = (int)v;
                p = end;
            }
            b->ngames++;
        }
    }
    fclose(f);
    if (b->seats < 1 || b->seats > MAX_SEATS || !b->naccounts || !b->ngames)
        die("%s is not a bench state file", path);
}

/* --------------------------------------------------------- games, moves */

/* Reads status and must_act out of a GameView object. */
static void game_from_view(struct game *g, const json_t *view)
{
    const char *status = json_string_value(json_object_get(view, "status"));
    json_t *v;
    size_t i;

    g->must_act = 0;
    json_array_foreach(json_object_get(view, "must_act"), i, v) {
        json_int_t s = json_integer_value(v);
        if (s >= 0 && s < MAX_SEATS)
            g->must_act |= 1u << s;
    }
    g->finished = status && strcmp(status, "finished") == 0;
}

/* Keeps a copy of an answer holding g's view (Steam's player reads it). */
static void game_keep_view(struct game *g, const char *text, size_t len)
{
    if (len + 1 > g->view_cap) {
        g->view_cap = len + 1 > 2 * g->view_cap ? len + 1 : 2 * g->view_cap;
        if (!(g->view = realloc(g->view, g->view_cap)))
            die("out of memory");
    }
    memcpy(g->view, text, len);
    g->view[len] = 0;
    g->view_len = len;
}

/*
 * The fast path for a 201 move answer {"seq",...,"events",...,"game":
 * GameView}: the server writes the view's keys in a fixed order, so the
 * game's status and must_act are found by a scan from "game":{"id", with
 * no parse of the state. Returns -1 when the text is not as expected (the
 * caller then parses it).
 */
static int scan_answer(struct game *g, const char *body)
{
    const char *p = strstr(body, "\"game\":{\"id\":\"");
    const char *st, *ma;

    if (!p || !(st = strstr(p, "\"status\":\"")) || !(ma = strstr(p, "\"must_act\":[")))
        return -1;
    st += 10;
    g->finished = strncmp(st, "finished\"", 9) == 0;
    g->must_act = 0;
    for (ma += 12; *ma && *ma != ']';) {
        char *end;
        long s = strtol(ma, &end, 10);

        if (end == ma) {
            ma++;
            continue;
        }
        if (s >= 0 && s < MAX_SEATS)
            g->must_act |= 1u << s;
        ma = end;
    }
    return *ma == ']' ? 0 : -1;
}

/* Updates g from the server (GET /v1/games/{id}); untimed. */
static int game_refresh(struct http *c, const struct bench *b, struct game *g)
{
    char path[128];
    json_t *v;
    int status;

    snprintf(path, sizeof path, "/v1/games/%s", g->id);
    status = http_do(c, path, b->accounts[g->acct[0]].token, NULL, 0, NULL);
    if (status != 200 || !(v = http_json(c)))
        return -1;
    game_from_view(g, v);
    json_decref(v);
    if (b->steam)
        game_keep_view(g, c->body, c->len);
    return 0;
}

/*
 * Creates a game of b's ruleset whose seats are held by accounts first,
 * first+1, ... (mod the account count) and fills *g. Returns 0, or -1 with
 * the status on stderr.
 */
static int game_create(struct http *c, const struct bench *b, int first,
                       const char *idem, struct game *g)
{
    char body[1024];
    size_t len;
    json_t *v;
    int status;

    memset(g, 0, sizeof *g);
    len = (size_t)snprintf(body, sizeof body, "{\"ruleset\":\"%s\",\"seats\":[", b->ruleset);
    for (int s = 0; s < b->seats; s++) {
        g->acct[s] = (first + s) % b->naccounts;
        len += (size_t)snprintf(body + len, sizeof body - len, "%s{\"account_id\":\"%s\"}",
                                s ? "," : "", b->accounts[g->acct[s]].id);
    }
    len += (size_t)snprintf(body + len, sizeof body - len, "]}");
    status = http_do(c, "/v1/games", b->accounts[g->acct[0]].token, body, len, idem);
    if (status != 201 || !(v = http_json(c))) {
        fprintf(stderr, "turnpost-bench: POST /v1/games: %d %s %.300s\n", status,
                c->err, c->body);
        return -1;
    }
    snprintf(g->id, sizeof g->id, "%s",
             json_string_value(json_object_get(json_object_get(v, "game"), "id")) ?: "");
    game_from_view(g, json_object_get(v, "game"));
    json_decref(v);
    return g->id[0] ? 0 : -1;
}

/*
 * A concrete value for one field of a legal move: a scalar is itself; an
 * array of scalars lists the allowed values (one is picked), while an
 * array of objects is itself a value (a Steam delivery's route); an object
 * with an "enum"/"one_of"/"values"/"allowed" list or a "min"/"max"
 * ("minimum"/"maximum") range gives its choices; any other object is taken
 * as a value. NULL when there is nothing to choose from. New reference.
 */
static json_t *concrete_value(json_t *v, uint64_t *rng)
{
    static const char *const lists[] = {"enum", "one_of", "oneOf", "values",
                                        "allowed", "choices", NULL};

    if (json_is_array(v)) {
        size_t n = json_array_size(v);

        if (n && json_is_object(json_array_get(v, 0)))
            return json_incref(v);
        return n ? concrete_value(json_array_get(v, rnd_below(rng, n)), rng) : NULL;
    }
    if (json_is_object(v)) {
        json_t *lo = json_object_get(v, "min"), *hi = json_object_get(v, "max");

        for (int i = 0; lists[i]; i++) {
            json_t *l = json_object_get(v, lists[i]);
            if (json_is_array(l))
                return concrete_value(l, rng);
        }
        if (!lo)
            lo = json_object_get(v, "minimum");
        if (!hi)
            hi = json_object_get(v, "maximum");
        if (json_is_integer(lo) && json_is_integer(hi)) {
            json_int_t a = json_integer_value(lo), z = json_integer_value(hi);
            if (z < a)
                return NULL;
            return json_integer(a + (json_int_t)rnd_below(rng, (size_t)(z - a + 1)));
        }
    }
    return json_incref(v);
}

/*
 * Steam's track shape, "options": [{"hex", "tiles": [{"tile", "rotations",
 * "cost"}]}]: sets hex, tile and rotation of out to one listed choice.
 * Returns 0, or -1 when v is not that shape.
 */
static int concrete_tile_option(json_t *out, json_t *v, uint64_t *rng)
{
    json_t *opt, *tile, *rots;

    if (!json_is_array(v) || !json_array_size(v))
        return -1;
    opt = json_array_get(v, rnd_below(rng, json_array_size(v)));
    tile = json_object_get(opt, "tiles");
    if (!json_is_string(json_object_get(opt, "hex")) || !json_array_size(tile))
        return -1;
    tile = json_array_get(tile, rnd_below(rng, json_array_size(tile)));
    rots = json_object_get(tile, "rotations");
    if (!json_is_string(json_object_get(tile, "tile")) || !json_array_size(rots))
        return -1;
    json_object_set(out, "hex", json_object_get(opt, "hex"));
    json_object_set(out, "tile", json_object_get(tile, "tile"));
    json_object_set(out, "rotation", json_array_get(rots, rnd_below(rng, json_array_size(rots))));
    return 0;
}

/*
 * A concrete move from one entry of legal-moves, or NULL. An empty list
 * of allowed values means the field is left out (Steam's "supply" once
 * every Goods Supply space is empty). New reference.
 */
static json_t *concrete_move(json_t *m, uint64_t *rng)
{
    json_t *out, *v, *cv;
    const char *key;

    if (!json_is_object(m) || !json_is_string(json_object_get(m, "type")))
        return NULL;
    out = json_object();
    json_object_foreach(m, key, v) {
        if (strcmp(key, "type") == 0) {
            json_object_set(out, key, v);
            continue;
        }
        if (strcmp(key, "options") == 0 && json_is_array(v)) {
            if (concrete_tile_option(out, v, rng)) {
                json_decref(out);
                return NULL;
            }
            continue;
        }
        if (json_is_array(v) && json_array_size(v) == 0)
            continue;
        if (!(cv = concrete_value(v, rng))) {
            json_decref(out);
            return NULL;
        }
        json_object_set_new(out, key, cv);
    }
    return out;
}

/* Accepted moves by type, for the mix a phase played. */
#define MAX_MOVE_TYPES 32

struct mix {
    int n;
    char type[MAX_MOVE_TYPES][24];
    uint64_t count[MAX_MOVE_TYPES];
};

static void mix_add(struct mix *x, const char *type, uint64_t k)
{
    int i;

    for (i = 0; i < x->n && strcmp(x->type[i], type) != 0; i++)
        ;
    if (i == x->n) {
        if (x->n == MAX_MOVE_TYPES)
            return;
        snprintf(x->type[x->n++], sizeof x->type[0], "%.23s", type);
    }
    x->count[i] += k;
}

/* "deliver:12,build:40,..." for the result line; "none" when empty. */
static void mix_format(const struct mix *x, char *out, size_t n)
{
    size_t len = 0;

    out[0] = 0;
    for (int i = 0; i < x->n && len < n; i++)
        len += (size_t)snprintf(out + len, n - len, "%s%s:%" PRIu64, len ? "," : "",
                                x->type[i], x->count[i]);
    if (!out[0])
        snprintf(out, n, "none");
}

/*
 * Picks a move from a legal-moves answer {"moves": [...]}: in a Steam game
 * steam_player's choice (see steam_player.h), otherwise, or when it leaves
 * the choice to us, from a random entry on, the first that can be made
 * concrete. Writes the request body {"move": ..., "seat": n} into buf and
 * the move's type into type; returns the body's length, or 0 for none.
 */
static size_t pick_move(const struct http *c, const struct bench *b, const struct game *g,
                        int seat, uint64_t *rng, char *buf, size_t cap, char *type, size_t tcap)
{
    json_t *lm = http_json(c), *moves = json_object_get(lm, "moves"), *m = NULL;
    size_t n = json_array_size(moves), start = rnd_below(rng, n), len = 0, k;

    if (b->steam)
        m = steam_player_pick(&b->player, moves, g->view, g->view_len, seat, rnd_next(rng));
    /* a random entry whose shape hs_player can fill; what the engine then
     * refuses is answered 422 and counted with the errors */
    for (int t = 0; b->heavysteam && !m && t < HS_PLAYER_RANDOM_TRIES + (int)n; t++) {
        int e = hs_player_choose(moves, t, 0, rng);

        m = e < 0 ? NULL : hs_player_fill(json_array_get(moves, (size_t)e), rng);
    }
    for (size_t i = 0; i < n && !m; i++)
        m = concrete_move(json_array_get(moves, (start + i) % n), rng);
    if (m) {
        snprintf(type, tcap, "%s", json_string_value(json_object_get(m, "type")));
        len = (size_t)snprintf(buf, cap, "{\"move\":");
        k = json_dumpb(m, buf + len, cap - len - 32, JSON_COMPACT);
        if (k > 0 && k < cap - len - 32)
            len += k + (size_t)snprintf(buf + len + k, cap - len - k, ",\"seat\":%d}", seat);
        else
            len = 0;
        json_decref(m);
    }
    json_decref(lm);
    return len;
}

/* ----------------------------------------------------------------- cpu */

/* CPU ticks used so far, by who used them. */
struct cpu {
    double wall;
    unsigned long long busy, total;  /* the machine's, from /proc/stat */
    int n;
    struct proc_ticks {
        long pid;
        int who;                   /* WHO_* */
        unsigned long long ticks;
    } *procs;
};

enum { WHO_SERVER, WHO_PG, WHO_LOADGEN, WHO_OTHER };

/* utime + stime of /proc/PID/stat, and its command name in comm. */
static int proc_ticks(const char *pid, char *comm, size_t n, unsigned long long *ticks)
{
    char path[300], buf[1024], *open_paren, *close_paren;
    unsigned long long ut, st;
    FILE *f;
    size_t len;

    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    if (!(f = fopen(path, "r")))
        return -1;
    len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;
    if (!(open_paren = strchr(buf, '(')) || !(close_paren = strrchr(buf, ')')))
        return -1;
    snprintf(comm, n, "%.*s", (int)(close_paren - open_paren - 1), open_paren + 1);
    /* after ")": state ppid pgrp session tty tpgid flags minflt cminflt
       majflt cmajflt utime stime */
    if (sscanf(close_paren + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
               &ut, &st) != 2)
        return -1;
    *ticks = ut + st;
    return 0;
}

static int by_pid(const void *x, const void *y)
{
    const struct proc_ticks *a = x, *b = y;

    return (a->pid > b->pid) - (a->pid < b->pid);
}

/*
 * A snapshot of every process's CPU time, each tagged as the server (by
 * pid), PostgreSQL, a load generator (turnpost-bench, pgbench) or other,
 * and of the machine's busy and total time. Free with cpu_free().
 */
static void cpu_snapshot(struct cpu *c, long server_pid)
{
    char line[512], comm[64];
    unsigned long long v[10] = {0}, t;
    struct dirent *d;
    int cap = 1024;
    DIR *dir;
    FILE *f;

    memset(c, 0, sizeof *c);
    c->procs = xcalloc((size_t)cap, sizeof *c->procs);
    if ((dir = opendir("/proc"))) {
        while ((d = readdir(dir))) {
            if (d->d_name[0] < '1' || d->d_name[0] > '9' ||
                proc_ticks(d->d_name, comm, sizeof comm, &t))
                continue;
            if (c->n == cap) {
                cap *= 2;
                if (!(c->procs = realloc(c->procs, (size_t)cap * sizeof *c->procs)))
                    die("out of memory");
            }
            c->procs[c->n].pid = atol(d->d_name);
            c->procs[c->n].ticks = t;
            c->procs[c->n].who = c->procs[c->n].pid == server_pid ? WHO_SERVER
                                 : !strcmp(comm, "postgres")     ? WHO_PG
                                 : !strcmp(comm, "turnpost-bench") || !strcmp(comm, "pgbench")
                                     ? WHO_LOADGEN
                                     : WHO_OTHER;
            c->n++;
        }
        closedir(dir);
    }
    qsort(c->procs, (size_t)c->n, sizeof *c->procs, by_pid);
    c->wall = now_s();
    if ((f = fopen("/proc/stat", "r"))) {
        if (fgets(line, sizeof line, f) &&
            sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
                   &v[3], &v[4], &v[5], &v[6], &v[7]) == 8) {
            for (int i = 0; i < 8; i++)
                c->total += v[i];
            c->busy = c->total - v[3] - v[4];
        }
        fclose(f);
    }
}

/*
 * Ticks each kind of process used from a to b: a process in both counts
 * its difference, one started since counts whole; one that ended is
 * missed, which is why "other" is the machine's busy time less the rest.
 */
static void cpu_delta(const struct cpu *a, const struct cpu *b, double who[4])
{
    memset(who, 0, 4 * sizeof who[0]);
    for (int i = 0, j = 0; i < b->n; i++) {
        unsigned long long before = 0;

        while (j < a->n && a->procs[j].pid < b->procs[i].pid)
            j++;
        if (j < a->n && a->procs[j].pid == b->procs[i].pid && a->procs[j].ticks <= b->procs[i].ticks)
            before = a->procs[j].ticks;
        who[b->procs[i].who] += (double)(b->procs[i].ticks - before);
    }
}

static void cpu_free(struct cpu *c)
{
    free(c->procs);
    c->procs = NULL;
}

static void sleep_until(double t)
{
    double d;

    while ((d = t - now_s()) > 0) {
        struct timespec ts = {(time_t)d, (long)((d - (double)(time_t)d) * 1e9)};
        nanosleep(&ts, NULL);
    }
}

/* ----------------------------------------------------------- the phases */

struct options {
    const char *url, *state, *ids, *result, *label, *rss, *title;
    const char *ruleset, *fixed_move;
    int games, seats, accounts, clients, threads, round, streams, subscribers;
    long server_pid;
    double duration, warmup, from, to, rate, drain;
    uint64_t seed;
};

static void append_result(const struct options *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void cpu_write(const struct options *o, const char *label, const struct cpu *a,
                      const struct cpu *b);

/* What a client does and counts in a moves or view phase. */
struct client {
    pthread_t thread;
    int index;
    const struct options *o;
    struct bench *b;
    int *mine;                      /* indices into b->games */
    int nmine;
    pthread_barrier_t *start;
    double t_warm, t_end;           /* set between the two barriers */
    struct hist *post;              /* the counted requests */
    struct hist *legal;             /* legal-moves GETs, timed apart */
    struct mix *mix;                /* counted, accepted moves by type */
    uint64_t created, stuck, resyncs, scan_fallbacks;
};

/* This process's tag in idempotency keys and names; first called in main. */
static const char *run_id(void)
{
    static char id[16];

    if (!id[0])
        snprintf(id, sizeof id, "%lx%04x", (unsigned long)time(NULL) & 0xffffff,
                 (unsigned)getpid() & 0xffff);
    return id;
}

/* Replaces finished game slot gi by a fresh game; untimed. */
static int replace_game(struct client *cl, struct http *c, int gi, uint64_t *seq)
{
    char idem[96];
    struct game g;

    snprintf(idem, sizeof idem, "bc-%s-%s-%d-%" PRIu64, run_id(), cl->o->label,
             cl->index, (*seq)++);
    if (game_create(c, cl->b, cl->b->games[gi].acct[0], idem, &g))
        return -1;
    free(cl->b->games[gi].view);
    cl->b->games[gi] = g;
    if (cl->b->steam)
        game_keep_view(&cl->b->games[gi], c->body, c->len);
    cl->created++;
    return 0;
}

/* ------------------------------------------------- webhooks: the receiver */

/*
 * The deliveries phase: each move the clients make is noted with the time
 * its 201 answer came, by (game, seq); the receiver notes each delivery's
 * arrival by (game, seq, seat). One table for both, under one mutex (a few
 * thousand notes a second).
 */
#define HOOK_SLOTS (1u << 18)

struct hook_move {
    char game[37];
    uint8_t used, answered, counted;
    int64_t seq;
    uint64_t answer_us;
    uint64_t arrive_us[MAX_SEATS];  /* 0: not (yet) delivered */
};

struct hooktab {
    pthread_mutex_t mu;
    struct hook_move *slot;
    uint64_t used, deliveries, repeats, unreadable, no_seat;
    double t_warm, t_end;           /* the move phase's timed window */
    uint64_t in_window;             /* deliveries that came in it */
};

static struct hooktab *hooks; /* set during the deliveries phase */

/* The slot of (game, seq), made when new; NULL when the table is full. */
static struct hook_move *hook_slot(struct hooktab *t, const char *game, int64_t seq)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)seq;

    for (const char *p = game; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
    for (uint32_t i = 0; i < HOOK_SLOTS; i++) {
        struct hook_move *m = &t->slot[(h + i) & (HOOK_SLOTS - 1)];

        if (!m->used) {
            if (t->used > HOOK_SLOTS * 3 / 4)
                return NULL;
            m->used = 1;
            m->seq = seq;
            snprintf(m->game, sizeof m->game, "%.36s", game);
            t->used++;
            return m;
        }
        if (m->seq == seq && strcmp(m->game, game) == 0)
            return m;
    }
    return NULL;
}

/* A move client's 201: the move's seq and when its answer came. */
static void hook_answer(const char *game, int64_t seq, uint64_t t, int counted)
{
    struct hook_move *m;

    pthread_mutex_lock(&hooks->mu);
    if ((m = hook_slot(hooks, game, seq))) {
        m->answered = 1;
        m->counted = (uint8_t)counted;
        m->answer_us = t;
    }
    pthread_mutex_unlock(&hooks->mu);
}

/* A delivery's data: its game, seq and seat. */
static void hook_arrive(const char *body, size_t len, uint64_t t)
{
    json_t *v = json_loadb(body, len, 0, NULL), *d = json_object_get(v, "data");
    const char *game = json_string_value(json_object_get(d, "game_id"));
    json_t *seq = json_object_get(d, "seq"), *seat = json_object_get(d, "seat");
    struct hook_move *m;

    pthread_mutex_lock(&hooks->mu);
    hooks->deliveries++;
    if ((double)t / 1e6 >= hooks->t_warm && (double)t / 1e6 < hooks->t_end)
        hooks->in_window++;
    if (!game || !json_is_integer(seq)) {
        hooks->unreadable++;
    } else if (!json_is_integer(seat) || json_integer_value(seat) < 0 ||
               json_integer_value(seat) >= MAX_SEATS) {
        hooks->no_seat++;
    } else if ((m = hook_slot(hooks, game, json_integer_value(seq)))) {
        int s = (int)json_integer_value(seat);

        if (m->arrive_us[s])
            hooks->repeats++;
        else
            m->arrive_us[s] = t;
    }
    pthread_mutex_unlock(&hooks->mu);
    json_decref(v);
}

/* The seq of a 201 move answer {"seq":N,...}; -1 when not found. */
static int64_t answer_seq(const char *body)
{
    const char *p = strstr(body, "\"seq\":");

    return p ? strtoll(p + 6, NULL, 10) : -1;
}

/*
 * A minimal HTTP/1.1 receiver on 127.0.0.1 (an ephemeral port): one
 * thread, epoll, keep-alive; each request's body is read whole and noted,
 * and answered 204. Signatures are not checked (the HTTP suite does).
 */
struct receiver {
    pthread_t thread;
    int lfd, ep, port;
    atomic_int stop;
    uint64_t requests, bad;
};

struct rconn {
    int fd;
    char *buf;
    size_t len, cap;
};

/* Reads what c has and answers each whole request; -1 when it is closed. */
static int receiver_read(struct receiver *r, struct rconn *c)
{
    static const char answer[] = "HTTP/1.1 204 No Content\r\n\r\n";

    for (;;) {
        ssize_t n;

        http_grow(&c->buf, &c->cap, c->len + 16384 + 1);
        n = recv(c->fd, c->buf + c->len, c->cap - c->len - 1, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return 0;
        if (n <= 0)
            return -1;
        c->len += (size_t)n;
        c->buf[c->len] = 0;
        for (;;) {
            char *end = strstr(c->buf, "\r\n\r\n");
            const char *v;
            size_t head, want;
            uint64_t t = now_us();

            if (!end)
                break;
            head = (size_t)(end - c->buf) + 4;
            end[2] = 0;
            want = (v = http_header(c->buf, "content-length:")) ? strtoul(v, NULL, 10) : 0;
            end[2] = '\r';
            if (c->len < head + want) {
                http_grow(&c->buf, &c->cap, head + want + 1);
                break;
            }
            r->requests++;
            hook_arrive(c->buf + head, want, t);
            if (send(c->fd, answer, sizeof answer - 1, MSG_NOSIGNAL) != (ssize_t)(sizeof answer - 1))
                return -1;
            memmove(c->buf, c->buf + head + want, c->len - head - want);
            c->len -= head + want;
            c->buf[c->len] = 0;
        }
    }
}

static void *receiver_run(void *arg)
{
    struct receiver *r = arg;
    struct epoll_event ev[64];

    while (!atomic_load(&r->stop)) {
        int k = epoll_wait(r->ep, ev, 64, 100);

        for (int e = 0; e < k; e++) {
            struct rconn *c = ev[e].data.ptr;

            if (!c) {
                int fd;

                while ((fd = accept(r->lfd, NULL, NULL)) >= 0) {
                    struct epoll_event ce = {.events = EPOLLIN};
                    int one = 1;

                    /* reads are MSG_DONTWAIT; the 204s are short */
                    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    c = xcalloc(1, sizeof *c);
                    c->fd = fd;
                    ce.data.ptr = c;
                    if (epoll_ctl(r->ep, EPOLL_CTL_ADD, fd, &ce))
                        die("receiver: epoll_ctl: %s", strerror(errno));
                }
                continue;
            }
            if (receiver_read(r, c)) {
                close(c->fd); /* and out of the epoll set */
                free(c->buf);
                free(c);
            }
        }
    }
    return NULL; /* connections still open die with the process */
}

static void receiver_start(struct receiver *r)
{
    struct sockaddr_in a = {.sin_family = AF_INET};
    socklen_t alen = sizeof a;
    struct epoll_event e = {.events = EPOLLIN, .data.ptr = NULL};
    int one = 1;

    memset(r, 0, sizeof *r);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if ((r->lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0 ||
        setsockopt(r->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
        bind(r->lfd, (struct sockaddr *)&a, sizeof a) || listen(r->lfd, 512) ||
        getsockname(r->lfd, (struct sockaddr *)&a, &alen))
        die("receiver: %s", strerror(errno));
    r->port = ntohs(a.sin_port);
    if ((r->ep = epoll_create1(EPOLL_CLOEXEC)) < 0 ||
        epoll_ctl(r->ep, EPOLL_CTL_ADD, r->lfd, &e))
        die("receiver: epoll: %s", strerror(errno));
    if (pthread_create(&r->thread, NULL, receiver_run, r))
        die("cannot start the receiver thread");
}

static void receiver_stop(struct receiver *r)
{
    atomic_store(&r->stop, 1);
    pthread_join(r->thread, NULL);
    close(r->ep);
    close(r->lfd);
}

static void *moves_client(void *arg)
{
    struct client *cl = arg;
    const struct options *o = cl->o;
    struct bench *b = cl->b;
    struct http c;
    uint64_t rng = o->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)cl->index + 1, seq = 0;
    size_t bodycap = 1 << 16;
    char *body = xcalloc(1, bodycap), path[160], idem[96], type[24];
    long requests = 0;
    int next = 0;

    http_init(&c, o->url);
    for (int i = 0; i < cl->nmine; i++) /* learn where each game stands */
        if (game_refresh(&c, b, &b->games[cl->mine[i]]))
            fprintf(stderr, "turnpost-bench: cannot read game %s\n", b->games[cl->mine[i]].id);
    pthread_barrier_wait(cl->start); /* ready */
    pthread_barrier_wait(cl->start); /* go: t_warm and t_end are set */
    while (requests++ < MAX_REQUESTS_PER_CLIENT && cl->nmine) {
        int gi = cl->mine[next++ % cl->nmine], seat = -1, status;
        struct game *g = &b->games[gi];
        uint64_t t0, t1;
        double t = now_s();
        size_t len;
        int counted;

        if (t >= cl->t_end)
            break;
        counted = t >= cl->t_warm;
        if (g->finished && replace_game(cl, &c, gi, &seq))
            break;
        for (int s = 0; s < b->seats; s++)
            if (g->must_act & (1u << s)) {
                seat = s;
                break;
            }
        if (seat < 0) {
            cl->resyncs++;
            game_refresh(&c, b, g);
            continue;
        }
        if (o->fixed_move) {
            snprintf(type, sizeof type, "fixed");
            len = (size_t)snprintf(body, bodycap, "{\"move\":%s,\"seat\":%d}",
                                   o->fixed_move, seat);
        } else {
            snprintf(path, sizeof path, "/v1/games/%s/legal-moves?seat=%d", g->id, seat);
            t0 = now_us();
            status = http_do(&c, path, b->accounts[g->acct[seat]].token, NULL, 0, NULL);
            t1 = now_us();
            if (counted)
                hist_add(cl->legal, t1 - t0, status);
            if (status != 200) {
                cl->resyncs++;
                game_refresh(&c, b, g);
                continue;
            }
            if (!(len = pick_move(&c, b, g, seat, &rng, body, bodycap, type, sizeof type))) {
                /* No concrete move: give the game up for a fresh one. */
                cl->stuck++;
                snprintf(path, sizeof path, "/v1/games/%s/resign", g->id);
                snprintf(body, bodycap, "{\"seat\":%d}", seat);
                http_do(&c, path, b->accounts[g->acct[seat]].token, body,
                        strlen(body), NULL);
                g->finished = 1;
                continue;
            }
        }
        snprintf(path, sizeof path, "/v1/games/%s/moves", g->id);
        snprintf(idem, sizeof idem, "bm-%s-%s-%d-%" PRIu64, run_id(), o->label,
                 cl->index, seq++);
        t0 = now_us();
        status = http_do(&c, path, b->accounts[g->acct[seat]].token, body, len, idem);
        t1 = now_us();
        if (counted && now_s() <= cl->t_end) {
            hist_add(cl->post, t1 - t0, status);
            if (status == 201)
                mix_add(cl->mix, type, 1);
        }
        if (status == 201) {
            if (hooks)
                hook_answer(g->id, answer_seq(c.body), t1, counted && now_s() <= cl->t_end);
            if (b->steam)
                game_keep_view(g, c.body, c.len);
            if (scan_answer(g, c.body)) {
                json_t *v = http_json(&c);

                cl->scan_fallbacks++;
                game_from_view(g, json_object_get(v, "game"));
                json_decref(v);
            }
        } else {
            if (status == 0)
                fprintf(stderr, "turnpost-bench: POST: %s\n", c.err);
            cl->resyncs++;
            game_refresh(&c, b, g);
        }
    }
    http_free(&c);
    free(body);
    return NULL;
}

/*
 * A view thread holds some of the clients' connections (--threads T: T
 * threads; by default a thread each), keeping a request out on every one
 * and waking for whichever answers first, as pgbench's -j threads do.
 */
struct view_group {
    pthread_t thread;
    struct client **cl;
    int n;
    pthread_barrier_t *start;
};

struct view_conn {
    struct client *cl;
    struct http c;
    int next;                       /* the next of cl's games to read */
    size_t got;                     /* bytes of the answer so far */
    double started;                 /* when the request left */
    uint64_t t0;
};

static void view_watch(int ep, struct view_conn *v)
{
    struct epoll_event e = {.events = EPOLLIN, .data.ptr = v};

    if (http_connect(&v->c))
        die("view: %s", v->c.err);
    if (epoll_ctl(ep, EPOLL_CTL_ADD, v->c.fd, &e))
        die("view: epoll_ctl: %s", strerror(errno));
}

static void view_send(struct view_conn *v)
{
    const struct bench *b = v->cl->b;
    const struct game *g = &b->games[v->cl->mine[v->next++ % v->cl->nmine]];
    char path[128];
    size_t n;

    snprintf(path, sizeof path, "/v1/games/%s", g->id);
    n = http_request(&v->c, path, b->accounts[g->acct[0]].token, NULL, 0, NULL);
    v->got = 0;
    v->c.buf[0] = 0;
    v->started = now_s();
    v->t0 = now_us();
    /* The last answer was read whole, so the socket's buffer is empty. */
    if (send(v->c.fd, v->c.req, n, MSG_NOSIGNAL) != (ssize_t)n)
        die("view: send: %s", strerror(errno));
}

/* Reads what v's socket has; returns 1 when v's client is done. */
static int view_read(int ep, struct view_conn *v)
{
    struct client *cl = v->cl;
    int status = 0, keep = 1, whole;
    ssize_t n;

    http_grow(&v->c.buf, &v->c.buf_cap, v->got + 4096 + 1);
    n = recv(v->c.fd, v->c.buf + v->got, v->c.buf_cap - v->got - 1, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return 0;
    if (n <= 0)
        die("view: recv: %s", n ? strerror(errno) : "connection closed");
    v->got += (size_t)n;
    v->c.buf[v->got] = 0;
    if ((whole = http_answer(&v->c, v->got, &status, &keep)) < 0)
        die("view: %s", v->c.err);
    if (!whole)
        return 0;
    if (v->started >= cl->t_warm && now_s() <= cl->t_end)
        hist_add(cl->post, now_us() - v->t0, status);
    if (!keep) {
        http_close(&v->c); /* closing takes it out of the epoll set */
        view_watch(ep, v);
    }
    if (now_s() >= cl->t_end)
        return 1;
    view_send(v);
    return 0;
}

static void *view_group_run(void *arg)
{
    struct view_group *gr = arg;
    struct view_conn *vc = xcalloc((size_t)gr->n, sizeof *vc);
    struct epoll_event ev[64];
    int ep = epoll_create1(EPOLL_CLOEXEC), open = 0;

    if (ep < 0)
        die("view: epoll_create1: %s", strerror(errno));
    for (int i = 0; i < gr->n; i++) {
        vc[i].cl = gr->cl[i];
        http_init(&vc[i].c, gr->cl[i]->o->url);
        view_watch(ep, &vc[i]);
    }
    pthread_barrier_wait(gr->start); /* ready */
    pthread_barrier_wait(gr->start); /* go */
    for (int i = 0; i < gr->n; i++)
        if (vc[i].cl->nmine) {
            view_send(&vc[i]);
            open++;
        }
    while (open > 0) {
        int k = epoll_wait(ep, ev, 64, 1000);

        if (k < 0 && errno != EINTR)
            die("view: epoll_wait: %s", strerror(errno));
        if (k == 0 && now_s() > gr->cl[0]->t_end + 30)
            die("view: no answer for 30 s");
        for (int e = 0; e < k; e++) {
            struct view_conn *v = ev[e].data.ptr;

            if (view_read(ep, v)) {
                epoll_ctl(ep, EPOLL_CTL_DEL, v->c.fd, NULL);
                open--;
            }
        }
    }
    for (int i = 0; i < gr->n; i++)
        http_free(&vc[i].c);
    close(ep);
    free(vc);
    return NULL;
}

/* Appends one line, tagged with the round, to the result file and stdout. */
static void append_result(const struct options *o, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    FILE *f;

    va_start(ap, fmt);
    vsnprintf(line, sizeof line - 16, fmt, ap);
    va_end(ap);
    snprintf(line + strlen(line), 16, " round=%d", o->round);
    printf("%s\n", line);
    if (o->result) {
        if (!(f = fopen(o->result, "a")))
            die("cannot append to %s: %s", o->result, strerror(errno));
        fprintf(f, "%s\n", line);
        fclose(f);
    }
}

/*
 * Runs o->clients move or view clients over b's games (client i takes
 * games i, i + clients, ...) for warmup + duration seconds and writes the
 * figures. A move client has a thread; view clients share --threads.
 */
static void run_phase(const struct options *o, struct bench *b, int moves)
{
    struct client *cl = xcalloc((size_t)o->clients, sizeof *cl);
    struct hist *post = xcalloc(1, sizeof *post), *legal = xcalloc(1, sizeof *legal);
    struct mix *mix = xcalloc(1, sizeof *mix);
    uint64_t created = 0, stuck = 0, resyncs = 0, fallbacks = 0;
    char errs[512], lerrs[512], mixs[1024];
    pthread_barrier_t start;
    struct view_group *gr = NULL;
    int groups;
    struct cpu ca, cb;
    char cpu_label[96];
    double t0;

    if (o->clients < 1 || o->clients > MAX_CLIENTS)
        die("--clients must be 1 to %d", MAX_CLIENTS);
    if (o->duration <= 0)
        die("--duration must be positive");
    /* view: --threads threads share the connections; by default one each */
    groups = moves ? 0 : o->threads > 0 && o->threads < o->clients ? o->threads : o->clients;
    pthread_barrier_init(&start, NULL, (unsigned)(groups ? groups : o->clients) + 1);
    for (int i = 0; i < o->clients; i++) {
        cl[i].index = i;
        cl[i].o = o;
        cl[i].b = b;
        cl[i].start = &start;
        cl[i].mine = xcalloc((size_t)b->ngames / (size_t)o->clients + 1, sizeof(int));
        for (int k = i; k < b->ngames; k += o->clients)
            cl[i].mine[cl[i].nmine++] = k;
        cl[i].post = xcalloc(1, sizeof *cl[i].post);
        cl[i].legal = xcalloc(1, sizeof *cl[i].legal);
        cl[i].mix = xcalloc(1, sizeof *cl[i].mix);
        if (moves && pthread_create(&cl[i].thread, NULL, moves_client, &cl[i]))
            die("cannot start a client thread");
    }
    if (groups) {
        gr = xcalloc((size_t)groups, sizeof *gr);
        for (int g = 0; g < groups; g++) {
            gr[g].cl = xcalloc((size_t)o->clients / (size_t)groups + 1, sizeof *gr[g].cl);
            gr[g].start = &start;
        }
        for (int i = 0; i < o->clients; i++)
            gr[i % groups].cl[gr[i % groups].n++] = &cl[i];
        for (int g = 0; g < groups; g++)
            if (pthread_create(&gr[g].thread, NULL, view_group_run, &gr[g]))
                die("cannot start a client thread");
    }
    /* The clients read their games first; the clock starts when all have. */
    pthread_barrier_wait(&start);
    t0 = now_s();
    for (int i = 0; i < o->clients; i++) {
        cl[i].t_warm = t0 + o->warmup;
        cl[i].t_end = t0 + o->warmup + o->duration;
    }
    if (hooks) {
        pthread_mutex_lock(&hooks->mu);
        hooks->t_warm = t0 + o->warmup;
        hooks->t_end = t0 + o->warmup + o->duration;
        pthread_mutex_unlock(&hooks->mu);
    }
    pthread_barrier_wait(&start);
    if (o->server_pid > 0) {
        sleep_until(t0 + o->warmup);
        cpu_snapshot(&ca, o->server_pid);
        sleep_until(t0 + o->warmup + o->duration);
        cpu_snapshot(&cb, o->server_pid);
    }
    for (int g = 0; g < groups; g++) {
        pthread_join(gr[g].thread, NULL);
        free(gr[g].cl);
    }
    free(gr);
    for (int i = 0; i < o->clients; i++) {
        if (moves)
            pthread_join(cl[i].thread, NULL);
        hist_merge(post, cl[i].post);
        hist_merge(legal, cl[i].legal);
        for (int k = 0; k < cl[i].mix->n; k++)
            mix_add(mix, cl[i].mix->type[k], cl[i].mix->count[k]);
        created += cl[i].created;
        stuck += cl[i].stuck;
        resyncs += cl[i].resyncs;
        fallbacks += cl[i].scan_fallbacks;
        free(cl[i].mine);
        free(cl[i].post);
        free(cl[i].legal);
        free(cl[i].mix);
    }
    pthread_barrier_destroy(&start);
    hist_statuses(post, errs, sizeof errs, moves ? 201 : 200);
    if (moves) {
        hist_statuses(legal, lerrs, sizeof lerrs, 200);
        mix_format(mix, mixs, sizeof mixs);
        append_result(o,
                      "%s kind=moves clients=%d duration=%.1f rps=%.1f n=%" PRIu64
                      " ok=%u p50_ms=%.2f p99_ms=%.2f mean_ms=%.2f max_ms=%.1f errors=%" PRIu64
                      " by_status=%s legal_rps=%.1f legal_p50_ms=%.2f legal_p99_ms=%.2f"
                      " legal_errors=%s created=%" PRIu64 " stuck=%" PRIu64 " resyncs=%" PRIu64
                      " scan_fallbacks=%" PRIu64 " mix=%s",
                      o->label, o->clients, o->duration, (double)post->status[201] / o->duration,
                      post->count, post->status[201], hist_quantile_ms(post, 0.50),
                      hist_quantile_ms(post, 0.99),
                      post->count ? (double)post->sum_us / (double)post->count / 1000.0 : 0.0,
                      (double)post->max_us / 1000.0, hist_errors(post, 201), errs,
                      (double)legal->count / o->duration, hist_quantile_ms(legal, 0.50),
                      hist_quantile_ms(legal, 0.99), lerrs, created, stuck, resyncs, fallbacks,
                      mixs);
        state_write(b, o->state); /* finished games were replaced */
    } else {
        append_result(o,
                      "%s kind=view clients=%d duration=%.1f rps=%.1f n=%" PRIu64
                      " ok=%u p50_ms=%.2f p99_ms=%.2f mean_ms=%.2f max_ms=%.1f errors=%" PRIu64
                      " by_status=%s",
                      o->label, o->clients, o->duration, (double)post->status[200] / o->duration,
                      post->count, post->status[200], hist_quantile_ms(post, 0.50),
                      hist_quantile_ms(post, 0.99),
                      post->count ? (double)post->sum_us / (double)post->count / 1000.0 : 0.0,
                      (double)post->max_us / 1000.0, hist_errors(post, 200), errs);
    }
    if (o->server_pid > 0) {
        snprintf(cpu_label, sizeof cpu_label, "cpu_%s", o->label);
        cpu_write(o, cpu_label, &ca, &cb);
        cpu_free(&ca);
        cpu_free(&cb);
    }
    free(post);
    free(legal);
    free(mix);
    free(cl);
}

/* Writes who used the CPU between snapshots a and b, in % of one CPU. */
static void cpu_write(const struct options *o, const char *label, const struct cpu *a,
                      const struct cpu *b)
{
    double hz = (double)sysconf(_SC_CLK_TCK), wall = b->wall - a->wall, who[4], busy, pct[4];
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

    cpu_delta(a, b, who);
    busy = b->total > a->total ? 100.0 * (double)ncpu * (double)(b->busy - a->busy) /
                                     (double)(b->total - a->total)
                               : 0.0;
    for (int i = 0; i < 3; i++)
        pct[i] = 100.0 * who[i] / hz / wall;
    pct[WHO_OTHER] = busy - pct[0] - pct[1] - pct[2];
    if (pct[WHO_OTHER] < 0)
        pct[WHO_OTHER] = 0;
    append_result(o,
                  "%s kind=cpu window_s=%.1f ncpu=%ld server_pct=%.1f pg_pct=%.1f"
                  " loadgen_pct=%.1f other_pct=%.1f busy_pct=%.1f",
                  label, wall, ncpu, pct[WHO_SERVER], pct[WHO_PG], pct[WHO_LOADGEN],
                  pct[WHO_OTHER], busy);
}

/*
 * Measures who used the CPU between --from and --to seconds after its
 * start, for a phase it runs alongside (pgbench).
 */
static void cmd_cpu(const struct options *o)
{
    double start = now_s();
    struct cpu a, b;

    if (o->to <= o->from || o->from < 0)
        die("cpu needs 0 <= --from < --to");
    sleep_until(start + o->from);
    cpu_snapshot(&a, o->server_pid);
    sleep_until(start + o->to);
    cpu_snapshot(&b, o->server_pid);
    cpu_write(o, o->label, &a, &b);
    cpu_free(&a);
    cpu_free(&b);
}

/* ---------------------------------------------------- webhooks, streams */

/* Latencies kept whole, for exact quantiles past the histogram's 2 s. */
struct lats {
    uint64_t *v;
    size_t n, cap;
    double sum;
};

static void lats_add(struct lats *l, uint64_t us)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 65536;
        if (!(l->v = realloc(l->v, l->cap * sizeof *l->v)))
            die("out of memory");
    }
    l->v[l->n++] = us;
    l->sum += (double)us;
}

static int by_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

    return (a > b) - (a < b);
}

static void lats_sort(struct lats *l)
{
    qsort(l->v, l->n, sizeof *l->v, by_u64);
}

/* The q-quantile in ms of sorted l; 0 when empty. */
static double lats_ms(const struct lats *l, double q)
{
    size_t k = (size_t)ceil(q * (double)l->n);

    if (!l->n)
        return 0;
    return (double)l->v[k < 1 ? 0 : k > l->n ? l->n - 1 : k - 1] / 1000.0;
}

static double lats_mean_ms(const struct lats *l)
{
    return l->n ? l->sum / (double)l->n / 1000.0 : 0;
}

/* The server's VmRSS in kB; -1 when unknown. */
static long server_rss_kb(long pid)
{
    char path[64], line[256];
    long kb = -1;
    FILE *f;

    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    if (pid <= 0 || !(f = fopen(path, "r")))
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

/*
 * deliveries: a receiver in this process, a game.move webhook to it for
 * every account that holds a bench seat, then the move load (--clients,
 * 32 in run.sh). Each seat's account hears each move of its game, so a
 * move is due one delivery per seat. Latency is from the move's 201
 * answer (which follows its commit) to the delivery's arrival. After the
 * phase, --drain seconds for the rest; what has not come then is lost.
 */
static void cmd_deliveries(const struct options *o, struct bench *b)
{
    struct receiver r;
    struct options mo = *o;
    struct http c;
    struct lats lat = {0};
    char (*ids)[40] = xcalloc((size_t)b->naccounts, sizeof *ids);
    char body[512], path[128], mlabel[96], idem[96];
    int *seated = xcalloc((size_t)b->naccounts, sizeof *seated), subscribed = 0;
    uint64_t moves = 0, due = 0, got = 0, early = 0, late = 0, in_window, at_end;
    double drain = o->drain > 0 ? o->drain : 10, t_drain, waited;

    hooks = xcalloc(1, sizeof *hooks);
    hooks->slot = xcalloc(HOOK_SLOTS, sizeof *hooks->slot);
    pthread_mutex_init(&hooks->mu, NULL);
    receiver_start(&r);
    for (int i = 0; i < b->ngames; i++)
        for (int s = 0; s < b->seats; s++)
            seated[b->games[i].acct[s]] = 1;
    http_init(&c, o->url);
    for (int a = 0; a < b->naccounts; a++) {
        json_t *v;
        int status;

        if (!seated[a])
            continue;
        snprintf(body, sizeof body,
                 "{\"url\":\"http://127.0.0.1:%d/hook/%d\",\"events\":[\"game.move\"],"
                 "\"description\":\"turnpost-bench %s\"}", r.port, a, run_id());
        snprintf(idem, sizeof idem, "bw-%s-%d", run_id(), a);
        status = http_do(&c, "/v1/webhooks", b->accounts[a].token, body, strlen(body), idem);
        if (status != 201 || !(v = http_json(&c)))
            die("POST /v1/webhooks: %d %s %.300s (is TURNPOST_WEBHOOK_ALLOW=127.0.0.1 set?)",
                status, c.err, c.body);
        snprintf(ids[a], sizeof ids[a], "%s", json_string_value(json_object_get(v, "id")) ?: "");
        json_decref(v);
        subscribed++;
    }
    snprintf(mlabel, sizeof mlabel, "%s_moves", o->label);
    mo.label = mlabel;
    run_phase(&mo, b, 1);
    /* the drain: until every counted move's deliveries are in */
    t_drain = now_s();
    pthread_mutex_lock(&hooks->mu);
    at_end = hooks->deliveries;
    pthread_mutex_unlock(&hooks->mu);
    do {
        struct timespec ts = {0, 100000000};

        moves = due = got = 0;
        pthread_mutex_lock(&hooks->mu);
        for (uint32_t i = 0; i < HOOK_SLOTS; i++) {
            const struct hook_move *m = &hooks->slot[i];

            if (!m->used || !m->answered || !m->counted)
                continue;
            moves++;
            due += (uint64_t)b->seats;
            for (int s = 0; s < b->seats; s++)
                got += m->arrive_us[s] != 0;
        }
        pthread_mutex_unlock(&hooks->mu);
        if (got >= due)
            break;
        nanosleep(&ts, NULL);
    } while (now_s() - t_drain < drain);
    waited = now_s() - t_drain;
    pthread_mutex_lock(&hooks->mu);
    in_window = hooks->in_window;
    got = 0; /* counted again: some came since the drain's last look */
    for (uint32_t i = 0; i < HOOK_SLOTS; i++) {
        const struct hook_move *m = &hooks->slot[i];

        if (!m->used || !m->answered || !m->counted)
            continue;
        for (int s = 0; s < b->seats; s++) {
            if (!m->arrive_us[s])
                continue;
            got++;
            if (m->arrive_us[s] < m->answer_us)
                early++;
            else if (m->arrive_us[s] - m->answer_us > 1000000)
                late++;
            lats_add(&lat, m->arrive_us[s] > m->answer_us ? m->arrive_us[s] - m->answer_us : 0);
        }
    }
    pthread_mutex_unlock(&hooks->mu);
    lats_sort(&lat);
    append_result(o,
                  "%s kind=deliveries clients=%d duration=%.1f rps=%.1f moves=%" PRIu64
                  " due=%" PRIu64 " delivered=%" PRIu64 " lost=%" PRIu64
                  " p50_ms=%.2f p99_ms=%.2f mean_ms=%.2f max_ms=%.1f before_answer=%" PRIu64
                  " over_1s=%" PRIu64 " drain_s=%.1f webhooks=%d received=%" PRIu64
                  " repeats=%" PRIu64 " unreadable=%" PRIu64 " no_seat=%" PRIu64
                  " due_rps=%.1f drain_rps=%.1f",
                  o->label, o->clients, o->duration, (double)in_window / o->duration, moves, due,
                  got, due - got, lats_ms(&lat, 0.50), lats_ms(&lat, 0.99), lats_mean_ms(&lat),
                  lats_ms(&lat, 1.0), early, late, waited, subscribed, hooks->deliveries,
                  hooks->repeats, hooks->unreadable, hooks->no_seat, (double)due / o->duration,
                  waited > 0 ? (double)(hooks->deliveries - at_end) / waited : 0.0);
    /* the subscriptions go, so that later phases deliver nothing */
    for (int a = 0; a < b->naccounts; a++)
        if (ids[a][0]) {
            snprintf(path, sizeof path, "/v1/webhooks/%s", ids[a]);
            http_do_as(&c, "DELETE", path, b->accounts[a].token, NULL, 0, NULL);
        }
    http_free(&c);
    receiver_stop(&r);
    pthread_mutex_destroy(&hooks->mu);
    free(hooks->slot);
    free(hooks);
    hooks = NULL;
    free(ids);
    free(seated);
    free(lat.v);
}

/*
 * One event stream's reader: the answer's head, then (chunked or not) the
 * SSE lines, of which only "id:" and "event:" are kept.
 */
struct sse {
    int fd;
    int lat;                        /* index among the streams of the timed game; -1 */
    int state;                      /* SSE_* */
    int chunked;
    long chunk_left;                /* bytes left of the chunk; -1 reading its size */
    int skip_crlf;                  /* after a chunk's data */
    uint64_t started;
    char head[2048];
    size_t head_len;
    char size_line[32];
    size_t size_len;
    char line[96];
    size_t line_len;
    int64_t id_seq;
    int is_move;
};

enum { SSE_CONNECTING, SSE_HEAD, SSE_OPEN, SSE_DONE };

struct streams_run {
    struct sse *s;
    int n, lat_n;                   /* streams made; of them on the timed game */
    int open, refused, failed, ended, lat_open;
    int ep;
    int64_t base;                   /* the timed game's move_count before */
    int max_moves;
    _Atomic uint64_t *answer_us;    /* by seq - base: the mover's 201 answers */
    uint64_t *arrive_us;            /* [seq - base][lat]: event: move arrivals */
    uint64_t events;
};

/* One SSE line (without its newline) of stream x. */
static void sse_line(struct streams_run *sr, struct sse *x, uint64_t t)
{
    char *l = x->line;

    x->line[x->line_len < sizeof x->line ? x->line_len : sizeof x->line - 1] = 0;
    if (x->line_len && l[strlen(l) - 1] == '\r')
        l[strlen(l) - 1] = 0;
    x->line_len = 0;
    if (!l[0]) { /* the end of an event */
        if (x->is_move && x->lat >= 0 && x->id_seq > sr->base &&
            x->id_seq - sr->base <= sr->max_moves) {
            uint64_t *a = &sr->arrive_us[(size_t)(x->id_seq - sr->base - 1) * (size_t)sr->lat_n +
                                         (size_t)x->lat];
            if (!*a)
                *a = t;
        }
        if (x->is_move)
            sr->events++;
        x->is_move = 0;
        x->id_seq = -1;
    } else if (strncmp(l, "id:", 3) == 0) {
        x->id_seq = strtoll(l + 3, NULL, 10);
    } else if (strncmp(l, "event:", 6) == 0) {
        x->is_move = strcmp(l + 6 + strspn(l + 6, " "), "move") == 0;
    }
}

static void sse_feed(struct streams_run *sr, struct sse *x, const char *p, size_t n, uint64_t t)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\n')
            sse_line(sr, x, t);
        else if (x->line_len++ < sizeof x->line - 1)
            x->line[x->line_len - 1] = p[i];
    }
}

/* The body bytes of x, chunked or not. Returns -1 at the last chunk. */
static int sse_body(struct streams_run *sr, struct sse *x, const char *p, size_t n, uint64_t t)
{
    if (!x->chunked) {
        sse_feed(sr, x, p, n, t);
        return 0;
    }
    while (n) {
        if (x->skip_crlf) {
            if (*p == '\n')
                x->skip_crlf = 0;
            p++, n--;
        } else if (x->chunk_left < 0) {
            if (*p == '\n') {
                x->size_line[x->size_len < sizeof x->size_line ? x->size_len
                                                                : sizeof x->size_line - 1] = 0;
                x->chunk_left = strtol(x->size_line, NULL, 16);
                x->size_len = 0;
                if (x->chunk_left == 0)
                    return -1;
            } else if (x->size_len < sizeof x->size_line - 1) {
                x->size_line[x->size_len++] = *p;
            }
            p++, n--;
        } else {
            size_t k = n < (size_t)x->chunk_left ? n : (size_t)x->chunk_left;

            sse_feed(sr, x, p, k, t);
            p += k;
            n -= k;
            x->chunk_left -= (long)k;
            if (x->chunk_left == 0) {
                x->chunk_left = -1;
                x->skip_crlf = 1;
            }
        }
    }
    return 0;
}

static void sse_close(struct streams_run *sr, struct sse *x, int state)
{
    if (x->fd >= 0) {
        epoll_ctl(sr->ep, EPOLL_CTL_DEL, x->fd, NULL);
        close(x->fd);
    }
    x->fd = -1;
    x->state = state;
}

/* Starts stream x: a non-blocking connect, its request sent once connected. */
static void sse_start(struct streams_run *sr, struct sse *x, const struct sockaddr_in *addr)
{
    struct epoll_event e = {.events = EPOLLOUT, .data.ptr = x};

    x->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    x->started = now_us();
    x->chunk_left = -1;
    x->id_seq = -1;
    x->state = SSE_CONNECTING;
    if (x->fd < 0) {
        sr->failed++;
        x->state = SSE_DONE;
        return;
    }
    if (connect(x->fd, (const struct sockaddr *)addr, sizeof *addr) && errno != EINPROGRESS) {
        sr->failed++;
        sse_close(sr, x, SSE_DONE);
        return;
    }
    if (epoll_ctl(sr->ep, EPOLL_CTL_ADD, x->fd, &e))
        die("streams: epoll_ctl: %s", strerror(errno));
}

/* What happened on x's socket; req is x's request. */
static void sse_event(struct streams_run *sr, struct sse *x, uint32_t events, const char *req)
{
    char buf[65536];
    uint64_t t = now_us();

    if (x->state == SSE_CONNECTING) {
        struct epoll_event e = {.events = EPOLLIN, .data.ptr = x};
        int err = 0;
        socklen_t len = sizeof err;
        size_t n = strlen(req);

        (void)events;
        if (getsockopt(x->fd, SOL_SOCKET, SO_ERROR, &err, &len) || err ||
            send(x->fd, req, n, MSG_NOSIGNAL) != (ssize_t)n) {
            sr->failed++;
            sse_close(sr, x, SSE_DONE);
            return;
        }
        epoll_ctl(sr->ep, EPOLL_CTL_MOD, x->fd, &e);
        x->state = SSE_HEAD;
        return;
    }
    for (;;) {
        ssize_t n = recv(x->fd, buf, sizeof buf, MSG_DONTWAIT);
        const char *p = buf;

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n <= 0) {
            if (x->state == SSE_HEAD)
                sr->refused++;
            else {
                sr->ended++;
                sr->open--;
                if (x->lat >= 0)
                    sr->lat_open--;
            }
            sse_close(sr, x, SSE_DONE);
            return;
        }
        if (x->state == SSE_HEAD) {
            size_t k = (size_t)n < sizeof x->head - 1 - x->head_len ? (size_t)n
                                                                     : sizeof x->head - 1 - x->head_len;
            char *end;
            int status = 0;

            memcpy(x->head + x->head_len, buf, k);
            x->head_len += k;
            x->head[x->head_len] = 0;
            if (!(end = strstr(x->head, "\r\n\r\n"))) {
                if (x->head_len == sizeof x->head - 1) {
                    sr->failed++;
                    sse_close(sr, x, SSE_DONE);
                }
                return;
            }
            end[2] = 0;
            if (sscanf(x->head, "HTTP/1.%*d %d", &status) != 1 || status != 200) {
                if (sr->failed++ < 3)
                    fprintf(stderr, "turnpost-bench: streams: %.200s\n", x->head);
                sse_close(sr, x, SSE_DONE);
                return;
            }
            x->chunked = http_header(x->head, "transfer-encoding:") != NULL;
            x->state = SSE_OPEN;
            sr->open++;
            if (x->lat >= 0)
                sr->lat_open++;
            /* what followed the head in this read */
            p = buf + ((size_t)(end + 4 - x->head) - (x->head_len - k));
            n = buf + n - p;
        }
        if (n > 0 && sse_body(sr, x, p, (size_t)n, t)) {
            sr->ended++;
            sr->open--;
            if (x->lat >= 0)
                sr->lat_open--;
            sse_close(sr, x, SSE_DONE);
            return;
        }
    }
}

/* Waits up to ms for events on the streams and handles them. */
static void streams_pump(struct streams_run *sr, char **reqs, int ms)
{
    struct epoll_event ev[256];
    int k = epoll_wait(sr->ep, ev, 256, ms);

    for (int e = 0; e < k; e++) {
        struct sse *x = ev[e].data.ptr;

        sse_event(sr, x, ev[e].events, reqs[x - sr->s]);
    }
}

/* The mover: moves in the timed game at --rate a second, each 201 noted by seq. */
struct mover {
    pthread_t thread;
    const struct options *o;
    struct bench *b;
    struct game *g;
    struct streams_run *sr;
    struct http *c;                 /* opened before the streams: the limit may */
    double t_start, t_end;          /* keep a later connection waiting */
    int moves, refused, finished;
};

static void *mover_run(void *arg)
{
    struct mover *mv = arg;
    const struct options *o = mv->o;
    struct bench *b = mv->b;
    struct game *g = mv->g;
    struct http *c = mv->c;
    uint64_t rng = o->seed * 0x9E3779B97F4A7C15ULL + 77, seq = 0;
    char body[65536], path[160], idem[96], type[24];
    double rate = o->rate > 0 ? o->rate : 20;

    for (long k = 0; !g->finished; k++) {
        int seat = -1, status;
        size_t len;
        double t = mv->t_start + (double)k / rate;

        if (t >= mv->t_end)
            break;
        sleep_until(t);
        for (int s = 0; s < b->seats; s++)
            if (g->must_act & (1u << s)) {
                seat = s;
                break;
            }
        if (seat < 0) {
            game_refresh(c, b, g);
            continue;
        }
        snprintf(path, sizeof path, "/v1/games/%s/legal-moves?seat=%d", g->id, seat);
        if (http_do(c, path, b->accounts[g->acct[seat]].token, NULL, 0, NULL) != 200 ||
            !(len = pick_move(c, b, g, seat, &rng, body, sizeof body, type, sizeof type))) {
            mv->refused++;
            game_refresh(c, b, g);
            continue;
        }
        snprintf(path, sizeof path, "/v1/games/%s/moves", g->id);
        snprintf(idem, sizeof idem, "bv-%s-%" PRIu64, run_id(), seq++);
        status = http_do(c, path, b->accounts[g->acct[seat]].token, body, len, idem);
        if (status == 201) {
            uint64_t t1 = now_us();
            int64_t s = answer_seq(c->body);

            if (s > mv->sr->base && s - mv->sr->base <= mv->sr->max_moves)
                atomic_store(&mv->sr->answer_us[s - mv->sr->base - 1], t1);
            mv->moves++;
            if (b->steam)
                game_keep_view(g, c->body, c->len);
            if (scan_answer(g, c->body)) {
                json_t *v = http_json(c);

                game_from_view(g, json_object_get(v, "game"));
                json_decref(v);
            }
        } else {
            mv->refused++;
            game_refresh(c, b, g);
        }
    }
    mv->finished = g->finished;
    return NULL;
}

/* A request on c every 5 s, so that the server keeps it (30 s idle). */
static void keep_alive(struct http *c, const struct bench *b, struct game *g, double *t)
{
    if (now_s() - *t < 5)
        return;
    *t = now_s();
    if (game_refresh(c, b, g))
        die("streams: the control connection was lost: %s", c->err);
}

/*
 * streams: --streams N event streams (GET /v1/games/{id}/events) held at
 * once, --subscribers K of them on one new game and the rest spread over
 * the bench games; the server's VmRSS before and with them held; then
 * moves in that game at --rate a second for --duration seconds, and the
 * time from each move's 201 answer to its "event: move" on each of the K
 * streams. The server's connection limit may stop the opening first: the
 * streams are opened until none has opened for 3 s.
 */
static void cmd_streams(const struct options *o, struct bench *b)
{
    struct streams_run sr = {0};
    struct rlimit rl;
    struct http c;
    struct game lg;
    struct mover mv = {0};
    struct sockaddr_in addr;
    struct lats lat = {0};
    char **reqs, idem[96], path[128];
    int want = o->streams > 0 ? o->streams : 10000, k_lat = o->subscribers > 0 ? o->subscribers : 1000;
    int next = 0, pending = 0, noanswer = 0;
    long rss_before, rss_held, rss_after;
    double t_open, open_s, last_progress, t_kept = now_s(), rate = o->rate > 0 ? o->rate : 20;
    uint64_t pairs_missing = 0, early = 0, moves_seen = 0;
    json_t *v;

    if (k_lat > want)
        k_lat = want;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)want + 256) {
        rl.rlim_cur = rl.rlim_max < (rlim_t)want + 256 ? rl.rlim_max : (rlim_t)want + 256;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    getrlimit(RLIMIT_NOFILE, &rl);
    /* the timed game: a new one, with all its moves ahead */
    http_init(&c, o->url);
    snprintf(idem, sizeof idem, "bsse-%s", run_id());
    if (game_create(&c, b, 0, idem, &lg) || game_refresh(&c, b, &lg))
        die("streams: cannot create the timed game");
    if (!(v = http_json(&c)))
        die("streams: unreadable view");
    sr.base = json_integer_value(json_object_get(v, "move_count"));
    json_decref(v);
    sr.max_moves = (int)(rate * o->duration) + 64;
    sr.lat_n = k_lat;
    sr.answer_us = xcalloc((size_t)sr.max_moves, sizeof *sr.answer_us);
    sr.arrive_us = xcalloc((size_t)sr.max_moves * (size_t)k_lat, sizeof *sr.arrive_us);
    sr.s = xcalloc((size_t)want, sizeof *sr.s);
    reqs = xcalloc((size_t)want, sizeof *reqs);
    if ((sr.ep = epoll_create1(EPOLL_CLOEXEC)) < 0)
        die("streams: epoll_create1: %s", strerror(errno));
    addr = c.addr;
    rss_before = server_rss_kb(o->server_pid);
    t_open = last_progress = now_s();
    /* K streams on the timed game first, then the rest over the other games */
    while (next < want || pending > 0) {
        int opened = sr.open;

        while (next < want && pending < 256 && now_s() - last_progress < 3) {
            struct sse *x = &sr.s[next];
            const struct game *g = next < k_lat ? &lg : &b->games[(next - k_lat) % b->ngames];
            char req[TOKEN_MAX + 512];

            x->lat = next < k_lat ? next : -1;
            snprintf(req, sizeof req,
                     "GET /v1/games/%s/events HTTP/1.1\r\nHost: %s\r\n"
                     "Authorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n",
                     g->id, c.host, b->accounts[g->acct[0]].token);
            if (!(reqs[next] = strdup(req)))
                die("out of memory");
            sse_start(&sr, x, &addr);
            next++;
            sr.n = next;
        }
        streams_pump(&sr, reqs, 50);
        keep_alive(&c, b, &lg, &t_kept);
        pending = 0;
        for (int i = 0; i < sr.n; i++)
            pending += sr.s[i].state == SSE_CONNECTING || sr.s[i].state == SSE_HEAD;
        if (sr.open > opened)
            last_progress = now_s();
        if (now_s() - last_progress >= 3) {
            /* nothing opened for 3 s: the server takes no more */
            for (int i = 0; i < sr.n; i++)
                if (sr.s[i].state == SSE_CONNECTING || sr.s[i].state == SSE_HEAD) {
                    noanswer++;
                    sse_close(&sr, &sr.s[i], SSE_DONE);
                }
            break;
        }
    }
    open_s = now_s() - t_open;
    fprintf(stderr, "turnpost-bench: streams: %d open of %d tried (%d wanted) in %.1f s, "
            "%d on the timed game; %d refused, %d failed, %d unanswered\n",
            sr.open, sr.n, want, open_s, sr.lat_open, sr.refused, sr.failed, noanswer);
    /* settle, then the memory with them held */
    for (double t = now_s(); now_s() - t < 2;) {
        streams_pump(&sr, reqs, 50);
        keep_alive(&c, b, &lg, &t_kept);
    }
    rss_held = server_rss_kb(o->server_pid);
    mv.o = o;
    mv.b = b;
    mv.g = &lg;
    mv.sr = &sr;
    mv.c = &c;
    mv.t_start = now_s() + 0.1;
    mv.t_end = mv.t_start + o->duration;
    if (pthread_create(&mv.thread, NULL, mover_run, &mv))
        die("cannot start the mover thread");
    while (now_s() < mv.t_end + 3)
        streams_pump(&sr, reqs, 50);
    pthread_join(mv.thread, NULL);
    rss_after = server_rss_kb(o->server_pid);
    (void)path;
    for (int m = 0; m < sr.max_moves; m++) {
        uint64_t a = atomic_load(&sr.answer_us[m]);

        if (!a)
            continue;
        moves_seen++;
        for (int j = 0; j < k_lat; j++) {
            uint64_t t = sr.arrive_us[(size_t)m * (size_t)k_lat + (size_t)j];

            if (sr.s[j].state != SSE_OPEN)
                continue;
            if (!t) {
                pairs_missing++;
                continue;
            }
            if (t < a)
                early++;
            lats_add(&lat, t > a ? t - a : 0);
        }
    }
    lats_sort(&lat);
    append_result(o,
                  "%s kind=streams wanted=%d tried=%d open=%d refused=%d failed=%d unanswered=%d"
                  " ended=%d open_s=%.1f nofile=%lu rss_before_kb=%ld rss_held_kb=%ld"
                  " rss_after_kb=%ld kb_per_stream=%.1f subscribers=%d rate=%.1f duration=%.1f"
                  " moves=%" PRIu64 " pairs=%" PRIu64 " p50_ms=%.2f p99_ms=%.2f mean_ms=%.2f"
                  " max_ms=%.1f missing=%" PRIu64 " before_answer=%" PRIu64 " move_events=%" PRIu64
                  " mover_refused=%d game_finished=%d",
                  o->label, want, sr.n, sr.open, sr.refused, sr.failed, noanswer, sr.ended, open_s,
                  (unsigned long)rl.rlim_cur, rss_before, rss_held, rss_after,
                  sr.open > 0 && rss_before > 0 ? (double)(rss_held - rss_before) / sr.open : 0.0,
                  sr.lat_open, rate, o->duration, moves_seen, (uint64_t)lat.n,
                  lats_ms(&lat, 0.50), lats_ms(&lat, 0.99), lats_mean_ms(&lat),
                  lats_ms(&lat, 1.0), pairs_missing, early, sr.events, mv.refused,
                  mv.finished);
    for (int i = 0; i < sr.n; i++) {
        if (sr.s[i].fd >= 0)
            close(sr.s[i].fd);
        free(reqs[i]);
    }
    /* the timed game is left as it is; resigning it is not needed */
    (void)path;
    free(lg.view);
    close(sr.ep);
    http_free(&c);
    free(reqs);
    free(sr.s);
    free((void *)sr.answer_us);
    free(sr.arrive_us);
    free(lat.v);
}

/* --------------------------------------------------------------- setup */

struct setup_job {
    pthread_t thread;
    const struct options *o;
    struct bench *b;
    int from, to, failed;
};

static void *setup_games(void *arg)
{
    struct setup_job *j = arg;
    struct http c;
    char idem[96];

    http_init(&c, j->o->url);
    for (int i = j->from; i < j->to && !j->failed; i++) {
        snprintf(idem, sizeof idem, "bs-%s-%d", run_id(), i);
        if (game_create(&c, j->b, (i * j->b->seats) % j->b->naccounts, idem, &j->b->games[i]))
            j->failed = 1;
    }
    http_free(&c);
    return NULL;
}

static void cmd_setup(const struct options *o)
{
    struct bench b = {0};
    struct setup_job jobs[8];
    struct http c;
    char path[128], body[256];
    json_t *v;
    int status, njobs = 8;
    double t0 = now_s();
    FILE *f;

    if (o->games < 1 || o->games > MAX_GAMES)
        die("--games must be 1 to %d", MAX_GAMES);
    snprintf(b.ruleset, sizeof b.ruleset, "%s", o->ruleset);
    http_init(&c, o->url);
    snprintf(path, sizeof path, "/v1/rulesets/%s", o->ruleset);
    if ((status = http_do(&c, path, NULL, NULL, 0, NULL)) != 200 || !(v = http_json(&c)))
        die("GET %s: %d %s %.300s", path, status, c.err, c.body);
    b.seats = (int)json_integer_value(json_object_get(v, "min_seats"));
    if (o->seats) {
        if (o->seats < b.seats || o->seats > json_integer_value(json_object_get(v, "max_seats")))
            die("ruleset %s takes %d to %d seats, not %d", o->ruleset, b.seats,
                (int)json_integer_value(json_object_get(v, "max_seats")), o->seats);
        b.seats = o->seats;
    }
    json_decref(v);
    if (b.seats < 1 || b.seats > MAX_SEATS)
        die("ruleset %s has %d seats", o->ruleset, b.seats);

    b.naccounts = o->accounts > 0 ? o->accounts : 64;
    if (b.naccounts < b.seats || b.naccounts > MAX_ACCOUNTS)
        die("--accounts must be %d to %d", b.seats, MAX_ACCOUNTS);
    b.accounts = xcalloc((size_t)b.naccounts, sizeof *b.accounts);
    for (int i = 0; i < b.naccounts; i++) {
        const char *id, *token;

        snprintf(body, sizeof body, "{\"name\":\"bench-%s-%d\",\"kind\":\"bot\"}", run_id(), i);
        if ((status = http_do(&c, "/v1/accounts", NULL, body, strlen(body), NULL)) != 201 ||
            !(v = http_json(&c)))
            die("POST /v1/accounts: %d %s %.300s", status, c.err, c.body);
        id = json_string_value(json_object_get(json_object_get(v, "account"), "id"));
        token = json_string_value(json_object_get(v, "token"));
        if (!id || !token || strlen(token) >= TOKEN_MAX)
            die("POST /v1/accounts: unexpected answer %.300s", c.body);
        snprintf(b.accounts[i].id, sizeof b.accounts[i].id, "%s", id);
        snprintf(b.accounts[i].token, sizeof b.accounts[i].token, "%s", token);
        json_decref(v);
    }
    http_free(&c);

    b.ngames = o->games;
    b.games = xcalloc((size_t)b.ngames, sizeof *b.games);
    if (njobs > b.ngames)
        njobs = b.ngames;
    for (int i = 0; i < njobs; i++) {
        jobs[i] = (struct setup_job){.o = o, .b = &b,
                                     .from = b.ngames * i / njobs,
                                     .to = b.ngames * (i + 1) / njobs};
        if (pthread_create(&jobs[i].thread, NULL, setup_games, &jobs[i]))
            die("cannot start a setup thread");
    }
    for (int i = 0; i < njobs; i++)
        pthread_join(jobs[i].thread, NULL);
    for (int i = 0; i < njobs; i++)
        if (jobs[i].failed)
            die("could not create the games");
    state_write(&b, o->state);
    if (o->ids) {
        if (!(f = fopen(o->ids, "w")))
            die("cannot write %s: %s", o->ids, strerror(errno));
        for (int i = 0; i < b.ngames; i++)
            fprintf(f, "%s\n", b.games[i].id);
        fclose(f);
    }
    printf("setup: %d accounts, %d %s games of %d seats in %.1f s\n", b.naccounts,
           b.ngames, b.ruleset, b.seats, now_s() - t0);
    free(b.accounts);
    free(b.games);
}

/* ---------------------------------------------------------- statements */

/*
 * The server's own SQL (storage/statements.def), for the pgbench scripts
 * of the server's shape: run.sh expands their "@name arg..." lines with
 * "turnpost-bench sql name arg...", so the reference follows the server's
 * statements as they change.
 */
static const struct {
    const char *name, *sql;
} statements[] = {
#define STMT(name, sql) {#name, sql},
#include "../../storage/statements.def"
#undef STMT
};

/*
 * Prints statement name as one pgbench command, $k replaced by args[k - 1].
 * pgbench takes every ":word" for a variable, also inside a string literal,
 * so there a colon before a word character is written ' || ':' || ' (the
 * same text). Dies unless args are exactly the statement's parameters, so a
 * statement that gains one stops the script from being built.
 */
static void cmd_sql(int argc, char **argv)
{
    const char *sql = NULL;
    int top = 0, lit = 0;

    if (argc < 1)
        die("sql needs a statement name");
    for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++)
        if (!strcmp(statements[i].name, argv[0]))
            sql = statements[i].sql;
    if (!sql)
        die("no statement %s in storage/statements.def", argv[0]);
    for (const char *p = sql; *p; p++)
        if (*p == '$' && p[1] >= '1' && p[1] <= '9' && atoi(p + 1) > top)
            top = atoi(p + 1);
    if (top != argc - 1)
        die("%s takes %d parameters, %d given", argv[0], top, argc - 1);
    printf("-- %s (storage/statements.def)\n", argv[0]);
    for (const char *p = sql; *p; p++) {
        if (*p == '\'') {
            lit = !lit;
            putchar(*p);
        } else if (lit && *p == ':' && (isalnum((unsigned char)p[1]) || p[1] == '_')) {
            fputs("' || ':' || '", stdout);
        } else if (!lit && *p == '$' && p[1] >= '1' && p[1] <= '9') {
            char *end;
            long k = strtol(p + 1, &end, 10);

            fputs(argv[k], stdout);
            p = end - 1;
        } else {
            putchar(*p);
        }
    }
    printf(";\n");
}

/* -------------------------------------------------------------- report */

#define MAX_ROWS 1024
#define MAX_ROUNDS 32

/* The result file: one line "label key=value ..." per phase and round. */
struct results {
    struct row {
        char label[64];
        int round;
        char text[2048];           /* " label key=value ...", for lookups */
    } *rows;
    int n, rounds;
};

static void results_read(struct results *r, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[2048];
    const char *p;

    memset(r, 0, sizeof *r);
    r->rows = xcalloc(MAX_ROWS, sizeof *r->rows);
    if (!f)
        die("cannot read %s: %s", path, strerror(errno));
    while (r->n < MAX_ROWS && fgets(line, sizeof line, f)) {
        struct row *w = &r->rows[r->n];

        line[strcspn(line, "\n")] = 0;
        if (sscanf(line, "%63s", w->label) != 1)
            continue;
        snprintf(w->text, sizeof w->text, " %.2040s", line);
        w->round = (p = strstr(w->text, " round=")) ? atoi(p + 7) : 1;
        if (w->round < 1 || w->round > MAX_ROUNDS)
            continue;
        if (w->round > r->rounds)
            r->rounds = w->round;
        r->n++;
    }
    fclose(f);
}

/* The value of key in the row of label and round (0: any), or NULL. */
static const char *results_get(const struct results *r, const char *label, int round,
                               const char *key, char *out, size_t n)
{
    char pat[80];

    snprintf(pat, sizeof pat, " %s=", key);
    for (int i = r->n - 1; i >= 0; i--) {
        const char *p;

        if (strcmp(r->rows[i].label, label) != 0 || (round && r->rows[i].round != round) ||
            !(p = strstr(r->rows[i].text, pat)))
            continue;
        p += strlen(pat);
        snprintf(out, n, "%.*s", (int)strcspn(p, " "), p);
        return out;
    }
    return NULL;
}

static double results_at(const struct results *r, const char *label, int round,
                         const char *key)
{
    char v[64];

    return results_get(r, label, round, key, v, sizeof v) ? atof(v) : NAN;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;

    return (a > b) - (a < b);
}

/* The median of the values v[0..n) that are numbers; NAN when none. */
static double median(double *v, int n, double *lo, double *hi)
{
    int k = 0;

    for (int i = 0; i < n; i++)
        if (!isnan(v[i]))
            v[k++] = v[i];
    if (!k) {
        *lo = *hi = NAN;
        return NAN;
    }
    qsort(v, (size_t)k, sizeof *v, by_value);
    *lo = v[0];
    *hi = v[k - 1];
    return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/* key of label: its median over the rounds. */
static double results_num(const struct results *r, const char *label, const char *key)
{
    double v[MAX_ROUNDS], lo, hi;

    for (int i = 0; i < r->rounds; i++)
        v[i] = results_at(r, label, i + 1, key);
    return median(v, r->rounds, &lo, &hi);
}

/* The median over the rounds of a.ka / b.kb, each round with itself. */
static double ratio_of(const struct results *r, const char *a, const char *ka,
                       const char *b, const char *kb, double *lo, double *hi)
{
    double v[MAX_ROUNDS];

    for (int i = 0; i < r->rounds; i++) {
        double x = results_at(r, a, i + 1, ka), y = results_at(r, b, i + 1, kb);
        v[i] = isnan(x) || isnan(y) || y <= 0 ? NAN : x / y;
    }
    return median(v, r->rounds, lo, hi);
}

static void fmt_num(char *out, size_t n, double v, const char *fmt)
{
    if (isnan(v))
        snprintf(out, n, "-");
    else
        snprintf(out, n, fmt, v);
}

/* One line of the figures table: medians over the rounds. */
static void print_figure(const struct results *r, const char *label, const char *what)
{
    char v[32], p50[32], p99[32], errs[512], c[16], kbuf[16];
    int http;

    if (!results_get(r, label, 0, "kind", kbuf, sizeof kbuf))
        return;
    http = strcmp(kbuf, "pgbench") != 0;
    fmt_num(v, sizeof v, results_num(r, label, http ? "rps" : "tps"), "%.1f/s");
    fmt_num(p50, sizeof p50, results_num(r, label, "p50_ms"), "%.2f");
    fmt_num(p99, sizeof p99, results_num(r, label, "p99_ms"), "%.2f");
    if (r->rounds > 1) {
        double e = 0;

        for (int i = 0; i < r->rounds; i++) {
            double x = results_at(r, label, i + 1, http ? "errors" : "failed");
            e += isnan(x) ? 0 : x;
        }
        snprintf(errs, sizeof errs, "%.0f (all rounds)", e);
    } else if (!results_get(r, label, 0, http ? "by_status" : "failed", errs, sizeof errs)) {
        snprintf(errs, sizeof errs, "-");
    }
    if (!results_get(r, label, 0, "clients", c, sizeof c))
        snprintf(c, sizeof c, "-");
    printf("  %-42s %7s %11s %8s %8s  %s\n", what, c, v, p50, p99, errs);
}

/* The moves a phase played, by type, in % of its accepted moves. */
static void print_mix(const struct results *r, const char *label, const char *what)
{
    char v[1024], *p, *save = NULL;
    double total = 0;
    struct mix x = {0};

    if (!results_get(r, label, 0, "mix", v, sizeof v) || !strcmp(v, "none"))
        return;
    for (p = strtok_r(v, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        char *colon = strrchr(p, ':');

        if (!colon)
            continue;
        *colon = 0;
        mix_add(&x, p, strtoull(colon + 1, NULL, 10));
        total += strtod(colon + 1, NULL);
    }
    printf("  %-42s", what);
    for (int i = 0; i < x.n; i++)
        printf("%s %s %.0f%%", i ? "," : "", x.type[i], 100.0 * (double)x.count[i] / total);
    printf("\n");
}

/* A ratio or limit against its target; "(info)" targets get no verdict. */
static void print_check(const struct results *r, const char *what, double value, double lo,
                        double hi, const char *unit, const char *target, int ok,
                        const char *aim)
{
    char v[32], range[64] = "", a[16], b[16];

    fmt_num(v, sizeof v, value, unit);
    if (r->rounds > 1 && !isnan(lo)) {
        fmt_num(a, sizeof a, lo, unit);
        fmt_num(b, sizeof b, hi, unit);
        snprintf(range, sizeof range, "%s..%s", a, b);
    }
    printf("  %-42s %9s %-19s %-9s %-7s %s\n", what, v, range, target,
           isnan(value) || target[0] == '(' ? "" : ok ? "MET" : "MISSED", aim);
}

/* Who used the CPU in each phase, and the server's CPU per request. */
static void print_cpu(const struct results *r)
{
    static const char *const labels[] = {
        "http_moves_8", "http_moves_32", "pgbench_same_move_8", "pgbench_same_move_32",
        "pgbench_move_8", "pgbench_move_32", "http_view_8", "http_view_limits_off_8", "http_view_limits_on_8", "pgbench_same_read_8",
        "pgbench_read_8", "http_soak", "http_deliveries_moves", NULL};
    int header = 0;

    for (int i = 0; labels[i]; i++) {
        char cl[80], per_s[32], per_p[32];
        int http = strncmp(labels[i], "http", 4) == 0;
        double rate, srv, pg;

        snprintf(cl, sizeof cl, "cpu_%s", labels[i]);
        if (isnan(results_num(r, cl, "busy_pct")))
            continue;
        if (!header++)
            printf("\n  CPU in each phase's steady window, %% of one CPU (%.0f CPUs = %.0f%%)%s:\n"
                   "  %-24s %7s %9s %9s %7s %7s %13s %9s\n",
                   results_num(r, cl, "ncpu"), 100 * results_num(r, cl, "ncpu"),
                   r->rounds > 1 ? ", medians" : "", "phase", "server", "postgres",
                   "load gen", "other", "busy", "server ms/op", "pg ms/op");
        rate = results_num(r, labels[i], http ? "rps" : "tps");
        srv = results_num(r, cl, "server_pct");
        pg = results_num(r, cl, "pg_pct");
        fmt_num(per_s, sizeof per_s, http ? srv * 10 / rate : NAN, "%.3f");
        fmt_num(per_p, sizeof per_p, pg * 10 / rate, "%.3f");
        printf("  %-24s %6.0f%% %8.0f%% %8.0f%% %6.0f%% %6.0f%% %13s %9s\n", labels[i], srv,
               pg, results_num(r, cl, "loadgen_pct"), results_num(r, cl, "other_pct"),
               results_num(r, cl, "busy_pct"), per_s, per_p);
    }
    if (header)
        printf("  (\"other\" is every other process on the machine; ms/op is CPU per counted\n"
               "   request, and an HTTP move also carries its legal-moves GET)\n");
}

/* RSS samples "seconds phase kB", written by run.sh's sampler. */
static void print_rss(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256], phase[64], last_phase[64] = "";
    double t, t_first = -1, t_last = 0;
    long kb, first = -1, peak = 0, last = 0, phase_first = 0, phase_peak = 0;
    long *soak = xcalloc(100000, sizeof *soak);
    int nsoak = 0;

    if (!f) {
        free(soak);
        return;
    }
    printf("\n  Server memory (VmRSS every 2 s):\n");
    printf("  %-24s %10s %10s %10s\n", "phase", "first", "peak", "last");
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%lf %63s %ld", &t, phase, &kb) != 3)
            continue; /* a sample without its phase */
        if (first < 0) {
            first = kb;
            t_first = t;
        }
        if (strcmp(phase, last_phase) != 0) {
            if (last_phase[0])
                printf("  %-24s %7.1f MB %7.1f MB %7.1f MB\n", last_phase,
                       (double)phase_first / 1024, (double)phase_peak / 1024,
                       (double)last / 1024);
            snprintf(last_phase, sizeof last_phase, "%s", phase);
            phase_first = kb;
            phase_peak = 0;
        }
        if (kb > phase_peak)
            phase_peak = kb;
        if (kb > peak)
            peak = kb;
        last = kb;
        t_last = t;
        if (strcmp(phase, "soak") == 0 && nsoak < 100000)
            soak[nsoak++] = kb;
    }
    fclose(f);
    if (last_phase[0])
        printf("  %-24s %7.1f MB %7.1f MB %7.1f MB\n", last_phase, (double)phase_first / 1024,
               (double)phase_peak / 1024, (double)last / 1024);
    if (first >= 0)
        printf("  whole run: first %.1f MB, peak %.1f MB, last %.1f MB over %.0f s\n",
               (double)first / 1024, (double)peak / 1024, (double)last / 1024,
               t_last - t_first);
    if (nsoak >= 3) {
        long a = soak[0], m = soak[nsoak / 2], e = soak[nsoak - 1], top = 0;

        for (int i = 0; i < nsoak; i++)
            if (soak[i] > top)
                top = soak[i];
        printf("  soak: start %.1f MB, middle %.1f MB, end %.1f MB, peak %.1f MB; growth %+.1f MB"
               " (%+.1f%%), of which %+.1f MB in the second half\n",
               (double)a / 1024, (double)m / 1024, (double)e / 1024, (double)top / 1024,
               (double)(e - a) / 1024, 100.0 * (double)(e - a) / (double)a,
               (double)(e - m) / 1024);
    }
    free(soak);
}

/* The deliveries and streams phases, when they ran (last round). */
static void print_live(const struct results *r)
{
    char k[16], v[24][32];
    static const char *const dk[] = {"delivered", "due", "lost", "drain_s", "webhooks",
                                     "before_answer", "repeats", "over_1s"};
    static const char *const sk[] = {"open", "wanted", "refused", "unanswered", "failed",
                                     "rss_before_kb", "rss_held_kb", "kb_per_stream",
                                     "subscribers", "moves", "rate", "p50_ms", "p99_ms",
                                     "pairs", "missing", "max_ms", "open_s"};

    if (results_get(r, "http_deliveries", 0, "kind", k, sizeof k)) {
        for (int i = 0; i < 8; i++)
            if (!results_get(r, "http_deliveries", 0, dk[i], v[i], sizeof v[i]))
                snprintf(v[i], sizeof v[i], "?");
        printf("\n  webhooks: %s delivered of %s due, %s lost after a drain of %s s, to %s\n"
               "  endpoints (one per seated account; every seat hears each move); %s before\n"
               "  the move's answer, %s repeated, %s later than 1 s\n",
               v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    }
    if (results_get(r, "sse_streams", 0, "kind", k, sizeof k)) {
        for (int i = 0; i < 17; i++)
            if (!results_get(r, "sse_streams", 0, sk[i], v[i], sizeof v[i]))
                snprintf(v[i], sizeof v[i], "?");
        printf("\n  event streams: %s open of %s wanted in %s s (%s closed unanswered, %s left\n"
               "  waiting, %s failed); server VmRSS %.1f MB before, %.1f MB with them held\n"
               "  (%s kB a stream); %s of them on one game, %s moves at %s/s: answer to\n"
               "  event p50 %s ms, p99 %s ms, max %s ms over %s (move, stream) pairs, %s missing\n",
               v[0], v[1], v[16], v[2], v[3], v[4], atof(v[5]) / 1024, atof(v[6]) / 1024, v[7],
               v[8], v[9], v[10], v[11], v[12], v[15], v[13], v[14]);
    }
}

static void cmd_report(const struct options *o)
{
    struct results r;
    double x, lo, hi;
    char v8[32], v32[32], p8[32], p32[32];

    if (!o->result)
        die("report needs --result FILE");
    results_read(&r, o->result);
    if (!r.rounds)
        die("%s holds no results", o->result);
    if (o->title)
        printf("%s\n", o->title);
    printf("\n  %-42s %7s %11s %8s %8s  %s\n", r.rounds > 1 ? "figure (median of rounds)" : "figure",
           "clients", "rate", "p50 ms", "p99 ms", "errors: non-2xx by status / pgbench failed");
    print_figure(&r, "http_moves_8", "HTTP POST /v1/games/{id}/moves");
    print_figure(&r, "http_moves_32", "HTTP POST /v1/games/{id}/moves");
    print_figure(&r, "pgbench_same_move_8", "pgbench move, server's shape [ref]");
    print_figure(&r, "pgbench_same_move_32", "pgbench move, server's shape [ref]");
    print_figure(&r, "pgbench_move_8", "pgbench move, old shape [diag]");
    print_figure(&r, "pgbench_move_32", "pgbench move, old shape [diag]");
    print_figure(&r, "http_view_8", "HTTP GET /v1/games/{id}");
    print_figure(&r, "http_view_limits_off_8", "HTTP GET view, extra server, limits off");
    print_figure(&r, "http_view_limits_on_8", "HTTP GET view, extra server, limits on");
    print_figure(&r, "pgbench_same_read_8", "pgbench row without state [ref]");
    print_figure(&r, "pgbench_read_8", "pgbench SELECT state [diag]");
    print_figure(&r, "http_soak", "HTTP POST /moves, soak");
    print_figure(&r, "http_deliveries_moves", "HTTP POST /moves, webhooks subscribed");
    print_figure(&r, "http_deliveries", "webhook deliveries, 201 to arrival");
    fmt_num(v8, sizeof v8, results_num(&r, "http_moves_8", "legal_rps"), "%.1f/s");
    fmt_num(v32, sizeof v32, results_num(&r, "http_moves_32", "legal_rps"), "%.1f/s");
    fmt_num(p8, sizeof p8, results_num(&r, "http_moves_8", "legal_p50_ms"), "%.2f");
    fmt_num(p32, sizeof p32, results_num(&r, "http_moves_32", "legal_p50_ms"), "%.2f");
    printf("  %-42s %7s %11s %8s\n", "  (GET legal-moves before each, untimed)", "8", v8, p8);
    printf("  %-42s %7s %11s %8s\n", "  (GET legal-moves before each, untimed)", "32", v32, p32);
    print_mix(&r, "http_moves_8", "  (moves played, 8 clients, last round)");
    print_mix(&r, "http_moves_32", "  (moves played, 32 clients, last round)");
    printf("\n  [ref] the reference, in the server's shape: the server's statements\n"
           "        (storage/statements.def) in its round trips, each client with its own\n"
           "        games. move: BEGIN + game_lock, then game_advance + COMMIT, 2 round trips\n"
           "        (pipeline). read: game_read_unless at the version the view cache holds,\n"
           "        the game row without its state: what GET view reads on a cache hit (the\n"
           "        HTTP view phase hits, and sends the view the server rendered before).\n"
           "  [diag] the old reference: move.sql, 6 round trips (BEGIN, lock and read,\n"
           "        write, move row, outbox row, COMMIT) on a random game that any client\n"
           "        may hold; read.sql, SELECT state of a random game (the state alone).\n");

    printf("\n  %-42s %9s %-19s %-9s %-7s %s\n", "ratio or limit", "value",
           r.rounds > 1 ? "(range)" : "", "target", "", "aim");
    x = ratio_of(&r, "http_moves_8", "rps", "pgbench_same_move_8", "tps", &lo, &hi);
    print_check(&r, "submissions / move [ref], 8 clients", x, lo, hi, "%.2f", "(info)", 1, "");
    x = ratio_of(&r, "http_moves_32", "rps", "pgbench_same_move_32", "tps", &lo, &hi);
    print_check(&r, "submissions / move [ref], 32 clients", x, lo, hi, "%.2f", ">= 0.60",
                x >= 0.6, isnan(x) ? "" : x >= 0.8 ? "0.80: met" : "0.80: not met");
    {
        double v[MAX_ROUNDS];

        for (int i = 0; i < r.rounds; i++)
            v[i] = results_at(&r, "http_moves_32", i + 1, "p99_ms");
        x = median(v, r.rounds, &lo, &hi);
    }
    print_check(&r, "p99 of POST /moves, 32 clients", x, lo, hi, "%.1f ms", "< 50 ms", x < 50,
                "");
    x = ratio_of(&r, "http_view_8", "rps", "pgbench_same_read_8", "tps", &lo, &hi);
    print_check(&r, "GET view / read [ref], 8 clients", x, lo, hi, "%.2f", ">= 0.50", x >= 0.5,
                "");
    /* the old reference, when it ran (not with --no-extra) */
    for (int i = 0; i < 3; i++) {
        static const char *const what[] = {"submissions / move [diag], 8 clients",
                                           "submissions / move [diag], 32 clients",
                                           "GET view / SELECT state [diag], 8"};
        static const char *const http[] = {"http_moves_8", "http_moves_32", "http_view_8"};
        static const char *const pg[] = {"pgbench_move_8", "pgbench_move_32", "pgbench_read_8"};

        x = ratio_of(&r, http[i], "rps", pg[i], "tps", &lo, &hi);
        if (!isnan(x))
            print_check(&r, what[i], x, lo, hi, "%.2f", "(info)", 1, "");
    }
    /* --rate-limit: the view phase on two servers, one charging every request */
    x = ratio_of(&r, "http_view_limits_on_8", "rps", "http_view_limits_off_8", "rps", &lo, &hi);
    if (!isnan(x))
        print_check(&r, "GET view, rate limits on / off, 8", x, lo, hi, "%.2f", "(info)", 1, "");
    print_live(&r);
    print_cpu(&r);
    if (o->rss)
        print_rss(o->rss);
    free(r.rows);
}

/* ---------------------------------------------------------------- main */

/* Steam's games are played by steam_player, which reads the ruleset's
 * tiles; Heavy Steam's by hs_player's random moves; other rulesets pick
 * from legal-moves at random. */
static void player_init(const struct options *o, struct bench *b)
{
    struct http c;
    json_t *v;
    int status;

    b->heavysteam = strcmp(b->ruleset, "heavysteam") == 0;
    if (strcmp(b->ruleset, "steam") != 0)
        return;
    http_init(&c, o->url);
    if ((status = http_do(&c, "/v1/rulesets/steam", NULL, NULL, 0, NULL)) != 200 ||
        !(v = http_json(&c)))
        die("GET /v1/rulesets/steam: %d %s %.300s", status, c.err, c.body);
    if (steam_player_init(&b->player, v))
        die("the steam ruleset lists no plain tiles");
    json_decref(v);
    http_free(&c);
    b->steam = 1;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: turnpost-bench setup  --url U --state F --games N [--ruleset R] [--seats N]\n"
            "                             [--accounts N] [--ids F]\n"
            "       turnpost-bench moves  --url U --state F --clients N --duration S [--warmup S]\n"
            "                             [--label L] [--result F] [--round N] [--server-pid P]\n"
            "                             [--seed N] [--fixed-move JSON]\n"
            "       turnpost-bench view   --url U --state F --clients N --duration S [--warmup S]\n"
            "                             [--label L] [--result F] [--round N] [--server-pid P]\n"
            "                             [--threads N]\n"
            "       turnpost-bench deliveries --url U --state F --clients N --duration S\n"
            "                             [--warmup S] [--drain S] [--label L] [--result F]\n"
            "                             [--round N] [--server-pid P]\n"
            "       turnpost-bench streams --url U --state F [--streams N] [--subscribers K]\n"
            "                             [--rate R] --duration S [--label L] [--result F]\n"
            "                             [--round N] [--server-pid P]\n"
            "       turnpost-bench report --result F [--rss F] [--title TEXT]\n"
            "       turnpost-bench cpu    --server-pid P --from S --to S --label L [--result F]\n"
            "                             [--round N]\n"
            "       turnpost-bench sql    NAME [ARG...]\n");
    return 2;
}

int main(int argc, char **argv)
{
    struct options o = {.ruleset = "ironfuture", .label = "run", .games = 256,
                        .clients = 8, .duration = 20, .warmup = 2, .seed = 1,
                        .round = 1};
    struct bench b;
    const char *cmd;

    if (argc < 2)
        return usage();
    cmd = argv[1];
    if (!strcmp(cmd, "sql")) {
        cmd_sql(argc - 2, argv + 2);
        return 0;
    }
    for (int i = 2; i < argc; i++) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

        if (!v)
            return usage();
        i++;
        if (!strcmp(k, "--url"))
            o.url = v;
        else if (!strcmp(k, "--state"))
            o.state = v;
        else if (!strcmp(k, "--ids"))
            o.ids = v;
        else if (!strcmp(k, "--result"))
            o.result = v;
        else if (!strcmp(k, "--label"))
            o.label = v;
        else if (!strcmp(k, "--rss"))
            o.rss = v;
        else if (!strcmp(k, "--title"))
            o.title = v;
        else if (!strcmp(k, "--ruleset"))
            o.ruleset = v;
        else if (!strcmp(k, "--fixed-move"))
            o.fixed_move = v;
        else if (!strcmp(k, "--games"))
            o.games = atoi(v);
        else if (!strcmp(k, "--seats"))
            o.seats = atoi(v);
        else if (!strcmp(k, "--accounts"))
            o.accounts = atoi(v);
        else if (!strcmp(k, "--clients"))
            o.clients = atoi(v);
        else if (!strcmp(k, "--threads"))
            o.threads = atoi(v);
        else if (!strcmp(k, "--duration"))
            o.duration = atof(v);
        else if (!strcmp(k, "--warmup"))
            o.warmup = atof(v);
        else if (!strcmp(k, "--round"))
            o.round = atoi(v);
        else if (!strcmp(k, "--server-pid"))
            o.server_pid = atol(v);
        else if (!strcmp(k, "--from"))
            o.from = atof(v);
        else if (!strcmp(k, "--to"))
            o.to = atof(v);
        else if (!strcmp(k, "--streams"))
            o.streams = atoi(v);
        else if (!strcmp(k, "--subscribers"))
            o.subscribers = atoi(v);
        else if (!strcmp(k, "--rate"))
            o.rate = atof(v);
        else if (!strcmp(k, "--drain"))
            o.drain = atof(v);
        else if (!strcmp(k, "--seed"))
            o.seed = strtoull(v, NULL, 10);
        else
            return usage();
    }
    if (!strcmp(cmd, "report")) {
        cmd_report(&o);
        return 0;
    }
    if (!strcmp(cmd, "cpu")) {
        cmd_cpu(&o);
        return 0;
    }
    if (!o.url || !o.state)
        return usage();
    check_url(o.url);
    if (o.warmup < 0 || o.warmup > 600 || o.duration > 86400)
        die("--warmup is 0 to 600 s and --duration at most a day");
    run_id(); /* before any thread */
    if (!strcmp(cmd, "setup")) {
        cmd_setup(&o);
    } else if (!strcmp(cmd, "moves") || !strcmp(cmd, "view") || !strcmp(cmd, "deliveries") ||
               !strcmp(cmd, "streams")) {
        state_read(&b, o.state);
        if (cmd[0] != 'v' && !o.fixed_move)
            player_init(&o, &b);
        if (cmd[0] == 'd')
            cmd_deliveries(&o, &b);
        else if (cmd[0] == 's')
            cmd_streams(&o, &b);
        else
            run_phase(&o, &b, cmd[0] == 'm');
        for (int i = 0; i < b.ngames; i++)
            free(b.games[i].view);
        free(b.accounts);
        free(b.games);
    } else {
        return usage();
    }
    return 0;
}
