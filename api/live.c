#define _GNU_SOURCE   /* asprintf */
#include "live.h"

#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include <jansson.h>
#include <microhttpd.h>

#include "app.h"
#include "db.h"
#include "fanout.h"
#include "games.h"
#include "messages.h"
#include "notify.h"
#include "play.h"
#include "webhooks.h"

#define LOG_PAGE 500
#define SAFETY_POLL_MS 1000
#define NOTIFY_GAP_MS 10

struct live_stream {
    pthread_mutex_t mu;
    int refs;                    /* the connection's and the hub's */
    struct MHD_Connection *conn; /* NULL once the connection is gone */
    int suspended;
    int ending;                  /* finish once the buffer is sent */
    char *buf;                   /* what the connection has yet to send */
    size_t len, off, cap;
    char game_id[37];            /* "" for an account's stream */
    char ruleset[32];            /* the game's */
    char account[37];            /* an account's stream: whose */
    int seat;
    int seats;                   /* the game's number of seats */
    int64_t pos;                 /* the last log entry sent (hub only) */
    int64_t mpos;                /* the last message looked at; -1: start
                                    from the game's messages now (hub only) */
    int64_t version;             /* the version last announced (hub only) */
    int dirty;                   /* to be brought up to date (hub only) */
    struct live_stream *next;    /* in the hub's list (hub only) */
};

/* A long poll waiting for a game to move on. */
struct live_waiter {
    char game_id[37];
    int64_t version;
    uint64_t deadline_ms;
    int dirty;
    void (*fire)(void *arg, int why);
    void *arg;
    struct live_waiter *next;
};

struct live_hub {
    struct app *app;
    pthread_t tid;
    int joined;                  /* the thread has been stopped */
    struct db *db;
    int heartbeat;
    int wake[2];                 /* a pipe: any thread wakes the hub */
    atomic_int stopping;
    atomic_long count;
    pthread_mutex_t mu;          /* guards incoming and changed */
    struct live_stream *incoming;
    struct live_waiter *incoming_waiters;
    json_t *changed;             /* ids of games changed here */
    struct live_waiter *waiters; /* hub thread only */
    struct live_stream *streams; /* hub thread only */
};

static void fire_waiters(struct live_hub *hub, const json_t *pulse, int why);

static uint64_t mono_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

struct live_stream *live_stream_new(const char *game_id, const char *ruleset, int seat,
                                    int seats, int64_t pos, int64_t mpos)
{
    struct live_stream *s = calloc(1, sizeof *s);

    if (!s)
        return NULL;
    pthread_mutex_init(&s->mu, NULL);
    snprintf(s->game_id, sizeof s->game_id, "%s", game_id);
    snprintf(s->ruleset, sizeof s->ruleset, "%s", ruleset);
    s->seat = seat;
    s->seats = seats;
    s->pos = pos;
    s->mpos = mpos;
    s->version = -1;
    s->dirty = 1;
    s->refs = 2;
    return s;
}

struct live_stream *live_stream_new_account(const char *account, int64_t pos)
{
    struct live_stream *s = live_stream_new("", "", -1, 0, pos, 0);

    if (s)
        snprintf(s->account, sizeof s->account, "%s", account);
    return s;
}

void live_stream_free(struct live_stream *s)
{
    if (!s)
        return;
    pthread_mutex_destroy(&s->mu);
    free(s->buf);
    free(s);
}

static void unref(struct live_stream *s)
{
    int left;

    pthread_mutex_lock(&s->mu);
    left = --s->refs;
    pthread_mutex_unlock(&s->mu);
    if (left == 0)
        live_stream_free(s);
}

/* Appends text to the stream and wakes its connection. */
static void push(struct live_stream *s, const char *text, size_t n)
{
    pthread_mutex_lock(&s->mu);
    if (s->conn) {
        if (s->off && s->off == s->len)
            s->off = s->len = 0;
        if (s->len + n > s->cap) {
            size_t cap = (s->len + n) * 2;
            char *b = realloc(s->buf, cap);

            if (!b) {
                pthread_mutex_unlock(&s->mu);
                return;
            }
            s->buf = b;
            s->cap = cap;
        }
        memcpy(s->buf + s->len, text, n);
        s->len += n;
        if (s->suspended) {
            s->suspended = 0;
            MHD_resume_connection(s->conn);
        }
    }
    pthread_mutex_unlock(&s->mu);
}

static void push_event(struct live_stream *s, const char *id, const char *event,
                       json_t *data)
{
    char *text = json_dumps(data, JSON_COMPACT), *out;
    int n;

    if (!text)
        return;
    n = id ? asprintf(&out, "id: %s\nevent: %s\ndata: %s\n\n", id, event, text)
           : asprintf(&out, "event: %s\ndata: %s\n\n", event, text);
    free(text);
    if (n < 0)
        return;
    push(s, out, (size_t)n);
    free(out);
}

ssize_t live_stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    struct live_stream *s = cls;
    size_t n;

    (void)pos;
    pthread_mutex_lock(&s->mu);
    n = s->len - s->off;
    if (n == 0 && s->ending) {
        pthread_mutex_unlock(&s->mu);
        return MHD_CONTENT_READER_END_OF_STREAM;
    }
    if (n == 0) {
        /* nothing to send: park the connection until push() wakes it */
        s->suspended = 1;
        MHD_suspend_connection(s->conn);
        pthread_mutex_unlock(&s->mu);
        return 0;
    }
    if (n > max)
        n = max;
    memcpy(buf, s->buf + s->off, n);
    s->off += n;
    pthread_mutex_unlock(&s->mu);
    return (ssize_t)n;
}

void live_stream_closed(void *cls)
{
    struct live_stream *s = cls;

    pthread_mutex_lock(&s->mu);
    s->conn = NULL;
    pthread_mutex_unlock(&s->mu);
    unref(s);
}

static void wake(struct live_hub *hub)
{
    char c = 1;

    if (write(hub->wake[1], &c, 1) < 0) {
        /* the pipe is full: the hub is awake already */
    }
}

void live_hub_add(struct live_hub *hub, struct live_stream *s,
                  struct MHD_Connection *conn)
{
    s->conn = conn;
    push(s, "retry: 3000\n\n", 13);
    pthread_mutex_lock(&hub->mu);
    s->next = hub->incoming;
    hub->incoming = s;
    pthread_mutex_unlock(&hub->mu);
    atomic_fetch_add(&hub->count, 1);
    wake(hub);
}

void live_hub_wait(struct live_hub *hub, const char *game_id, int64_t version,
                   int seconds, void (*fire)(void *arg, int why), void *arg)
{
    struct live_waiter *wt = calloc(1, sizeof *wt);

    if (!wt) {
        fire(arg, 1);
        return;
    }
    snprintf(wt->game_id, sizeof wt->game_id, "%s", game_id);
    wt->version = version;
    wt->deadline_ms = mono_ms() + (uint64_t)seconds * 1000u;
    wt->dirty = 1;
    wt->fire = fire;
    wt->arg = arg;
    pthread_mutex_lock(&hub->mu);
    wt->next = hub->incoming_waiters;
    hub->incoming_waiters = wt;
    pthread_mutex_unlock(&hub->mu);
    wake(hub);
}

void live_hub_changed(struct live_hub *hub, const char *game_id)
{
    if (!hub)
        return;
    pthread_mutex_lock(&hub->mu);
    json_array_append_new(hub->changed, json_string(game_id));
    pthread_mutex_unlock(&hub->mu);
    wake(hub);
}

/* Ends s; returns 1 while its connection still holds it. */
static int end_stream(struct live_stream *s)
{
    int held;

    pthread_mutex_lock(&s->mu);
    s->ending = 1;
    if (s->conn && s->suspended) {
        s->suspended = 0;
        MHD_resume_connection(s->conn);
    }
    held = s->conn != NULL;
    pthread_mutex_unlock(&s->mu);
    return held;
}

void live_hub_end_streams(struct live_hub *hub)
{
    if (!hub)
        return;
    /* the hub thread is stopped first: the lists are ours */
    atomic_store(&hub->stopping, 1);
    wake(hub);
    pthread_join(hub->tid, NULL);
    hub->joined = 1;
    while (hub->incoming_waiters) {
        struct live_waiter *wt = hub->incoming_waiters;

        hub->incoming_waiters = wt->next;
        wt->next = hub->waiters;
        hub->waiters = wt;
    }
    fire_waiters(hub, NULL, 2);
    for (int i = 0; i < 200; i++) {
        int held = 0;

        for (struct live_stream *s = hub->incoming; s; s = s->next)
            held += end_stream(s);
        for (struct live_stream *s = hub->streams; s; s = s->next)
            held += end_stream(s);
        if (!held)
            return;
        usleep(10000);
    }
}

long live_hub_streams(const struct live_hub *hub)
{
    return hub ? atomic_load(&hub->count) : 0;
}

static void mark_game(struct live_hub *hub, const char *game_id)
{
    /* an account's stream may care about any game: it looks again */
    for (struct live_stream *s = hub->streams; s; s = s->next)
        if (strcmp(s->game_id, game_id) == 0 || s->account[0])
            s->dirty = 1;
    for (struct live_waiter *wt = hub->waiters; wt; wt = wt->next)
        if (strcmp(wt->game_id, game_id) == 0)
            wt->dirty = 1;
}

/* Fires and frees the waiters for which pulse (NULL: none) or the clock
 * says so; why as for live_hub_wait, -1 to ask the pulse and the clock. */
static void fire_waiters(struct live_hub *hub, const json_t *pulse, int why)
{
    const char *id = pulse ? json_string_value(json_object_get(pulse, "id")) : NULL;
    int64_t version = pulse ? json_integer_value(json_object_get(pulse, "version")) : 0;
    uint64_t now = mono_ms();
    struct live_waiter **pp = &hub->waiters;

    while (*pp) {
        struct live_waiter *wt = *pp;
        int go = why >= 0 ? why : -1;

        if (go < 0 && id && strcmp(wt->game_id, id) == 0) {
            wt->dirty = 0;
            if (version > wt->version)
                go = 0;
        }
        if (go < 0 && !id && now >= wt->deadline_ms)
            go = 1;
        if (go < 0) {
            pp = &wt->next;
            continue;
        }
        *pp = wt->next;
        wt->fire(wt->arg, go);
        free(wt);
    }
}

static void on_notified(void *arg, const char *game_id)
{
    mark_game(arg, game_id);
}

/* 1 when seat (-1: a spectator) may read message m: to everyone (to
 * null), to seat or from it, or to a team (the seats listed) of seat. */
static int may_read(const json_t *m, int seat)
{
    const json_t *to = json_object_get(m, "to"), *v;
    size_t i;

    if (json_is_array(to)) {
        json_array_foreach(to, i, v)
            if (seat >= 0 && json_integer_value(v) == seat)
                return 1;
        return 0;
    }
    return !json_is_integer(to) ||
           (seat >= 0 && (json_integer_value(to) == seat ||
                          json_integer_value(json_object_get(m, "seat")) == seat));
}

/* Sends the dirty streams of game id its messages up to count. */
static void send_messages(struct live_hub *hub, const char *id, int64_t count)
{
    int64_t from = count;
    json_t *page, *m;
    size_t i;

    for (struct live_stream *s = hub->streams; s; s = s->next) {
        if (strcmp(s->game_id, id) != 0 || !s->dirty)
            continue;
        if (s->mpos < 0)
            s->mpos = count;   /* a stream from now on */
        if (s->mpos < from)
            from = s->mpos;
    }
    while (from < count) {
        if (storage_messages_all(hub->db, id, from, LOG_PAGE, &page) != STORAGE_OK)
            return;
        json_array_foreach(page, i, m) {
            int64_t mid = json_integer_value(json_object_get(m, "id"));

            for (struct live_stream *s = hub->streams; s; s = s->next) {
                char ids[48];

                if (strcmp(s->game_id, id) != 0 || !s->dirty || mid <= s->mpos)
                    continue;
                s->mpos = mid;
                if (!may_read(m, s->seat))
                    continue;
                snprintf(ids, sizeof ids, "%lld:%lld", (long long)s->pos, (long long)mid);
                push_event(s, ids, "message", m);
            }
            from = mid;
        }
        i = json_array_size(page);
        json_decref(page);
        if (i == 0)
            break;
    }
}

/* Sends the streams of one game what they have not had yet. */
static void bring_up(struct live_hub *hub, const json_t *pulse)
{
    const char *id = json_string_value(json_object_get(pulse, "id"));
    int64_t count = json_integer_value(json_object_get(pulse, "move_count"));
    int64_t version = json_integer_value(json_object_get(pulse, "version"));
    int64_t from = count;
    json_t *page;
    size_t i;

    for (struct live_stream *s = hub->streams; s; s = s->next)
        if (strcmp(s->game_id, id) == 0 && s->dirty && s->pos < from)
            from = s->pos;
    while (from < count) {
        json_t *m;

        if (storage_moves_list(hub->db, id, from, LOG_PAGE, &page) != STORAGE_OK)
            return;   /* the next round tries again */
        json_array_foreach(page, i, m) {
            int64_t seq = json_integer_value(json_object_get(m, "seq"));
            char seqs[48];

            json_object_del(m, "rng_pos");
            for (struct live_stream *s = hub->streams; s; s = s->next) {
                json_t *entry;

                if (strcmp(s->game_id, id) != 0 || !s->dirty || seq <= s->pos)
                    continue;
                snprintf(seqs, sizeof seqs, "%lld:%lld", (long long)seq,
                         (long long)(s->mpos > 0 ? s->mpos : 0));
                entry = json_copy(m);
                json_object_set_new(entry, "events",
                                    play_events_for(json_object_get(m, "events"), s->seat));
                /* a stream does not learn the end before its last move: hide */
                play_move_seen(s->ruleset, 0, entry, s->seat, s->seats);
                push_event(s, seqs, "move", entry);
                json_decref(entry);
                s->pos = seq;
            }
            from = seq;
        }
        i = json_array_size(page);
        json_decref(page);
        if (i == 0)
            break;
    }
    send_messages(hub, id, json_integer_value(json_object_get(pulse, "message_count")));
    for (struct live_stream *s = hub->streams; s; s = s->next) {
        if (strcmp(s->game_id, id) != 0 || !s->dirty)
            continue;
        s->dirty = 0;
        if (s->version != version) {
            json_t *g = json_deep_copy(pulse);

            json_object_del(g, "id");
            push_event(s, NULL, "game", g);
            json_decref(g);
            s->version = version;
        }
    }
}

/* What an account's stream carries: its turns, invites, messages, clocks
 * and the ends of its games, not every move. */
static json_t *account_listener(const char *account)
{
    return json_pack("{s:s, s:s, s:n, s:[s, s, s, s, s, s, s, s, s, s, s]}", "id", "stream",
                     "account_id", account, "game_id", "events", "turn.yours", "seat.invited",
                     "game.message", "game.started", "game.finished", "clock.reminder",
                     "clock.timeout", "webhook.disabled", "tournament.round",
                     "tournament.result", "tournament.finished");
}

/* Brings the dirty accounts' streams up from the outbox. */
static void bring_up_accounts(struct live_hub *hub)
{
    json_t *accounts = json_array(), *rows, *row;
    int64_t from = -1;
    char *text;
    size_t i, n;

    for (struct live_stream *s = hub->streams; s; s = s->next) {
        if (!s->account[0] || !s->dirty)
            continue;
        json_array_append_new(accounts, json_string(s->account));
        if (from < 0 || s->pos < from)
            from = s->pos;
    }
    if (!json_array_size(accounts) || !(text = json_dumps(accounts, JSON_COMPACT))) {
        json_decref(accounts);
        return;
    }
    do {
        if (storage_outbox_since(hub->db, text, from, LOG_PAGE, &rows) != STORAGE_OK)
            break;
        json_array_foreach(rows, i, row) {
            int64_t id = json_integer_value(json_object_get(row, "id"));
            char ids[24];

            snprintf(ids, sizeof ids, "%lld", (long long)id);
            for (struct live_stream *s = hub->streams; s; s = s->next) {
                json_t *ls, *out, *d;
                size_t k;

                if (!s->account[0] || !s->dirty || id <= s->pos)
                    continue;
                ls = json_pack("[o]", account_listener(s->account));
                out = json_array();
                fanout_row(row, ls, out);
                json_array_foreach(out, k, d) {
                    json_t *body = json_loads(json_string_value(json_object_get(d, "body")),
                                              0, NULL);

                    if (body)
                        push_event(s, ids, json_string_value(json_object_get(d, "event_type")),
                                   body);
                    json_decref(body);
                }
                json_decref(out);
                json_decref(ls);
                s->pos = id;
            }
            from = id;
        }
        n = json_array_size(rows);
        json_decref(rows);
    } while (n == LOG_PAGE);
    for (struct live_stream *s = hub->streams; s; s = s->next)
        if (s->account[0])
            s->dirty = 0;
    free(text);
    json_decref(accounts);
}

/* One round: the games of dirty streams (every game, when all) brought up. */
static void round_trip(struct live_hub *hub, int all)
{
    json_t *ids = json_array(), *pulses = NULL, *p;
    char *text;
    size_t i;

    for (struct live_stream *s = hub->streams; s; s = s->next) {
        int seen = 0;

        if (all)
            s->dirty = 1;
        if (!s->dirty || s->account[0])
            continue;
        json_array_foreach(ids, i, p)
            seen |= strcmp(json_string_value(p), s->game_id) == 0;
        if (!seen)
            json_array_append_new(ids, json_string(s->game_id));
    }
    for (struct live_waiter *wt = hub->waiters; wt; wt = wt->next) {
        int seen = 0;

        if (!all && !wt->dirty)
            continue;
        json_array_foreach(ids, i, p)
            seen |= strcmp(json_string_value(p), wt->game_id) == 0;
        if (!seen)
            json_array_append_new(ids, json_string(wt->game_id));
    }
    if (json_array_size(ids) && (text = json_dumps(ids, JSON_COMPACT))) {
        if (storage_games_pulse(hub->db, text, &pulses) == STORAGE_OK)
            json_array_foreach(pulses, i, p) {
                bring_up(hub, p);
                fire_waiters(hub, p, -1);
            }
        json_decref(pulses);
        free(text);
    }
    json_decref(ids);
    bring_up_accounts(hub);
}

static void heartbeat(struct live_hub *hub)
{
    for (struct live_stream *s = hub->streams; s; s = s->next)
        push(s, ": heartbeat\n\n", 13);
}

/* Drops the streams whose connections are gone. */
static void sweep(struct live_hub *hub)
{
    struct live_stream **pp = &hub->streams;

    while (*pp) {
        struct live_stream *s = *pp;
        int gone;

        pthread_mutex_lock(&s->mu);
        gone = s->conn == NULL;
        pthread_mutex_unlock(&s->mu);
        if (gone) {
            *pp = s->next;
            atomic_fetch_sub(&hub->count, 1);
            unref(s);
        } else {
            pp = &s->next;
        }
    }
}

static void *loop(void *arg)
{
    struct live_hub *hub = arg;
    uint64_t last_poll = 0, last_beat = mono_ms(), last_notify = 0;
    int fd = -1, session = -1;

    while (!atomic_load(&hub->stopping)) {
        struct pollfd pfd[2] = {{hub->wake[0], POLLIN, 0}, {-1, POLLIN, 0}};
        struct live_stream *in;
        json_t *changed;
        char drain[256];
        uint64_t now;
        int pending;

        if (fd < 0 || storage_live_session(hub->db) != session) {
            fd = storage_live_listen(hub->db);
            session = storage_live_session(hub->db);
            if (fd >= 0)
                last_poll = 0;   /* what happened while not listening */
        }
        pfd[1].fd = fd;
        pthread_mutex_lock(&hub->mu);
        pending = json_array_size(hub->changed) > 0;
        pthread_mutex_unlock(&hub->mu);
        poll(pfd, 2, pending ? NOTIFY_GAP_MS : fd < 0 ? 500 : 250);
        if (pfd[0].revents & POLLIN)
            while (read(hub->wake[0], drain, sizeof drain) == (ssize_t)sizeof drain)
                ;
        pthread_mutex_lock(&hub->mu);
        in = hub->incoming;
        hub->incoming = NULL;
        while (hub->incoming_waiters) {
            struct live_waiter *wt = hub->incoming_waiters;

            hub->incoming_waiters = wt->next;
            wt->next = hub->waiters;
            hub->waiters = wt;
        }
        /* changes are gathered a NOTIFY_GAP_MS at a time: one NOTIFY for
         * all the moves of that time */
        if (mono_ms() - last_notify >= NOTIFY_GAP_MS) {
            changed = hub->changed;
            hub->changed = json_array();
            last_notify = mono_ms();
        } else {
            changed = json_array();
        }
        pthread_mutex_unlock(&hub->mu);
        while (in) {
            struct live_stream *next = in->next;

            in->next = hub->streams;
            hub->streams = in;
            in = next;
        }
        if (json_array_size(changed)) {
            char *text = json_dumps(changed, JSON_COMPACT);
            json_t *id;
            size_t i;

            if (text && storage_games_notify(hub->db, text) != STORAGE_OK)
                fd = -1;
            free(text);
            json_array_foreach(changed, i, id)
                mark_game(hub, json_string_value(id));
        }
        json_decref(changed);
        if (fd >= 0 && storage_live_notified(hub->db, on_notified, hub))
            fd = -1;
        sweep(hub);
        now = mono_ms();
        round_trip(hub, now - last_poll >= SAFETY_POLL_MS);
        fire_waiters(hub, NULL, -1);   /* the ones whose time is up */
        if (now - last_poll >= SAFETY_POLL_MS)
            last_poll = now;
        if (now - last_beat >= (uint64_t)hub->heartbeat * 1000u) {
            heartbeat(hub);
            last_beat = now;
        }
    }
    return NULL;
}

struct live_hub *live_hub_start(struct app *app, int heartbeat_s)
{
    struct live_hub *hub = calloc(1, sizeof *hub);

    if (!hub)
        return NULL;
    hub->app = app;
    hub->heartbeat = heartbeat_s > 0 ? heartbeat_s : 15;
    hub->changed = json_array();
    pthread_mutex_init(&hub->mu, NULL);
    if (pipe(hub->wake) != 0) {
        free(hub);
        return NULL;
    }
    /* a wake never blocks its caller */
    fcntl(hub->wake[1], F_SETFL, O_NONBLOCK);
    fcntl(hub->wake[0], F_SETFL, O_NONBLOCK);
    hub->db = db_open(app->database_url);
    if (!hub->db || pthread_create(&hub->tid, NULL, loop, hub) != 0) {
        db_close(hub->db);
        close(hub->wake[0]);
        close(hub->wake[1]);
        json_decref(hub->changed);
        free(hub);
        return NULL;
    }
    return hub;
}

void live_hub_stop(struct live_hub *hub)
{
    struct live_stream *s;

    if (!hub)
        return;
    if (!hub->joined) {
        atomic_store(&hub->stopping, 1);
        wake(hub);
        pthread_join(hub->tid, NULL);
    }
    /* the daemon is stopped: every connection has let its stream go */
    for (s = hub->incoming; s;) {
        struct live_stream *next = s->next;

        unref(s);
        s = next;
    }
    for (s = hub->streams; s;) {
        struct live_stream *next = s->next;

        unref(s);
        s = next;
    }
    /* live_hub_end_streams fired every waiter; none is left but by a bug */
    while (hub->waiters || hub->incoming_waiters) {
        struct live_waiter **list = hub->waiters ? &hub->waiters : &hub->incoming_waiters;
        struct live_waiter *wt = *list;

        *list = wt->next;
        free(wt);
    }
    db_close(hub->db);
    close(hub->wake[0]);
    close(hub->wake[1]);
    json_decref(hub->changed);
    pthread_mutex_destroy(&hub->mu);
    free(hub);
}
