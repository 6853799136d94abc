#include "sweeper.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "chain.h"
#include "clock.h"
#include "db.h"
#include "game_end.h"
#include "games.h"
#include "live.h"
#include "play.h"
#include "rng.h"

#define SWEEP_BATCH 20

struct sweeper {
    struct app *app;
    pthread_t tid;
    struct db *db;
    atomic_int stopping;
};

/*
 * The seat's timeout, as the pace says: under "auto" the engine's move for
 * it (logged as kind "auto"), else, or when the engine has none to make,
 * its resignation (kind "timeout").
 */
static enum storage_status time_out(struct sweeper *sw, struct storage_game *g, int seat)
{
    const struct rules_engine *e = play_engine(g);
    const char *policy = json_string_value(json_object_get(g->clock, "on_timeout"));
    struct play_change ch;
    struct rules_error err = {0};
    struct rules_status rs;
    json_t *events = NULL, *payload, *move = NULL;
    char *events_text = NULL, *move_text = NULL;
    const char *kind = "timeout";
    enum storage_status st = STORAGE_ERROR;
    int64_t version;
    struct rng rng;

    if (!e)
        goto out;
    if (policy && strcmp(policy, "auto") == 0 && e->timeout_move &&
        (move = e->timeout_move(g->state, seat))) {
        play_rng(g, &rng);
        if (e->apply(&g->state, seat, move, &rng, &events, &err) == 0) {
            g->rng_pos = (int64_t)rng.pos;
            kind = "auto";
        }
    }
    if (strcmp(kind, "auto") != 0) {
        policy = "forfeit";
        json_decref(move);
        move = json_pack("{s:s, s:i}", "type", "timeout", "seat", seat);
        if (!e->resign || e->resign(&g->state, seat, &events, &err))
            goto out;
    }
    move_text = json_dumps(move, CHAIN_JSON_FLAGS);
    if (!move_text || play_status(g, &rs))
        goto out;
    play_settle(g, &rs);
    g->move_count++;
    events_text = json_dumps(events, CHAIN_JSON_FLAGS);
    if (!events_text || play_chain_next(g, g->move_count, seat, kind, move_text, events_text))
        goto out;
    payload = json_pack("{s:s, s:I, s:I, s:i, s:s, s:s, s:o, s:i, s:s}", "game_id", g->id,
                        "seq", (json_int_t)g->move_count, "version",
                        (json_int_t)(g->version + 1), "seat", seat, "kind", kind,
                        "status", g->status, "must_act", play_seat_list(g->must_act),
                        "timed_out", seat, "policy", policy);
    play_change_init(&ch, g, seat, seat, kind, move_text, events_text, "clock.timeout",
                     payload);
    st = storage_game_advance(sw->db, g->id, &ch.a, &version);
    if (st == STORAGE_OK && strcmp(g->status, "finished") == 0)
        st = game_end_record(sw->db, g);
    play_change_clear(&ch);
out:
    json_decref(events);
    json_decref(move);
    free(events_text);
    free(move_text);
    return st;
}

/* Looks at one due clock; returns 1 when the game changed. */
static int look(struct sweeper *sw, struct storage_game *g, enum storage_status *st)
{
    int64_t now = play_now_ms(), due;
    char *text;
    json_t *payload = NULL;
    const char *topic = NULL;
    char *payload_text = NULL;

    *st = STORAGE_OK;
    if (!g->clock || !g->clock_state || strcmp(g->status, "active") != 0) {
        text = g->clock_state ? json_dumps(g->clock_state, JSON_COMPACT) : NULL;
        *st = storage_clock_touch(sw->db, g->id, text, -1, NULL, NULL);
        free(text);
        return 0;
    }
    for (int s = 0; s < g->seat_count; s++) {
        int64_t deadline = clock_deadline(g->clock, g->clock_state, g->vacations, s);

        if ((g->must_act >> s & 1u) && deadline >= 0 && now >= deadline) {
            *st = time_out(sw, g, s);
            return *st == STORAGE_OK;
        }
    }
    for (int s = 0; s < g->seat_count && !topic; s++) {
        if (clock_take_reminder(g->clock, g->clock_state, g->vacations, s, now)) {
            char when[32];

            clock_rfc3339(clock_deadline(g->clock, g->clock_state, g->vacations, s), when);
            topic = "clock.reminder";
            payload = json_pack("{s:s, s:i, s:s, s:I}", "game_id", g->id, "seat", s,
                                "deadline", when, "version", (json_int_t)g->version);
            payload_text = json_dumps(payload, JSON_COMPACT);
        }
    }
    due = clock_due(g->clock, g->clock_state, g->vacations);
    /* a due time already past (a vacation just ended) is looked at again soon */
    text = json_dumps(g->clock_state, JSON_COMPACT);
    *st = storage_clock_touch(sw->db, g->id, text, due >= 0 && due < now ? now + SWEEP_MS : due,
                              topic, payload_text);
    free(text);
    free(payload_text);
    json_decref(payload);
    return 0;
}

static void sweep(struct sweeper *sw)
{
    json_t *ids = NULL, *id, *changed = json_array();
    enum storage_status st;
    size_t i;

    if ((st = db_begin(sw->db)) != STORAGE_OK ||
        (st = storage_clocks_due(sw->db, SWEEP_BATCH, &ids)) != STORAGE_OK)
        goto out;
    json_array_foreach(ids, i, id) {
        struct storage_game g = {0};

        if ((st = storage_game_lock(sw->db, json_string_value(id), NULL, &g)) == STORAGE_OK &&
            look(sw, &g, &st))
            json_array_append(changed, id);
        storage_game_clear(&g);
        if (st != STORAGE_OK)
            break;
    }
    if (st == STORAGE_OK)
        st = db_commit(sw->db);
out:
    if (st != STORAGE_OK) {
        db_rollback(sw->db);
        json_array_clear(changed);
    }
    if (json_array_size(ids))
        dispatch_wake(sw->app->dispatch);
    json_array_foreach(changed, i, id)
        live_hub_changed(sw->app->live, json_string_value(id));
    json_decref(ids);
    json_decref(changed);
}

static void *loop(void *arg)
{
    struct sweeper *sw = arg;
    struct timespec pause = {0, SWEEP_MS * 1000000L};

    while (!atomic_load(&sw->stopping)) {
        if (db_ready(sw->db) == STORAGE_OK)
            sweep(sw);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

struct sweeper *sweeper_start(struct app *app, int threads)
{
    struct sweeper *sw;

    if (threads <= 0 || !(sw = calloc(1, sizeof *sw)))
        return NULL;
    sw->app = app;
    if (!(sw->db = db_open(app->database_url)) ||
        pthread_create(&sw->tid, NULL, loop, sw) != 0) {
        db_close(sw->db);
        free(sw);
        return NULL;
    }
    return sw;
}

void sweeper_stop(struct sweeper *sw)
{
    if (!sw)
        return;
    atomic_store(&sw->stopping, 1);
    pthread_join(sw->tid, NULL);
    db_close(sw->db);
    free(sw);
}
