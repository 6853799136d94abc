#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "chain.h"
#include "clock.h"
#include "common.h"

const struct rules_engine *play_engine(const struct storage_game *g)
{
    return rules_engine_find(g->ruleset);
}

static json_t *seat_field(const struct storage_game *g, int seat,
                          const char *key)
{
    return json_object_get(json_array_get(g->seats, (size_t)seat), key);
}

int play_seat_or_reply(struct request *r, const struct caller *c,
                       const struct storage_game *g, long requested,
                       int need_seat, int *seat)
{
    *seat = -1;
    if (c->seat_cap) {
        if (strcmp(c->claims.game, g->id) != 0 || c->claims.seat >= g->seat_count) {
            reply_problem(r, PROBLEM_forbidden,
                          "This seat token is for another game.");
            return -1;
        }
        if (requested >= 0 && requested != c->claims.seat) {
            reply_problem(r, PROBLEM_forbidden,
                          "This seat token plays seat %d only.", c->claims.seat);
            return -1;
        }
        if (auth_epoch_ok_or_reply(
                r, c, json_integer_value(seat_field(g, c->claims.seat, "invite_epoch"))))
            return -1;
        *seat = c->claims.seat;
        return 0;
    }
    if (auth_epoch_ok_or_reply(r, c, g->caller_epoch))
        return -1;
    for (int i = 0; i < g->seat_count; i++) {
        const char *acct = json_string_value(seat_field(g, i, "account_id"));

        if (!acct || strcmp(acct, c->claims.sub) != 0)
            continue;
        if (requested >= 0) {
            if (requested == i)
                *seat = i;
        } else if (*seat < 0 || (!(g->must_act & (1u << *seat)) &&
                                 (g->must_act & (1u << i)))) {
            *seat = i;
        }
    }
    if (*seat < 0 && (need_seat || requested >= 0)) {
        if (requested >= 0)
            reply_problem(r, PROBLEM_forbidden,
                          "You do not hold seat %ld of this game.", requested);
        else
            reply_problem(r, PROBLEM_forbidden, "You hold no seat in this game.");
        return -1;
    }
    return 0;
}

json_t *play_seat_list(unsigned m)
{
    json_t *a = json_array();

    for (int i = 0; i < 32; i++)
        if (m & (1u << i))
            json_array_append_new(a, json_integer(i));
    return a;
}

const char *const *play_timeout_policies(const struct rules_engine *e)
{
    /* every engine can resign a seat; some also know a move to make */
    static const char *const forfeit[] = {"forfeit", NULL};
    static const char *const both[] = {"forfeit", "auto", NULL};

    return e && e->timeout_move ? both : forfeit;
}

int64_t play_now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void play_clock_after(struct storage_game *g, int mover, struct storage_advance *a,
                      char **state_text)
{
    *state_text = NULL;
    a->clock_due_ms = -1;
    if (!g->clock)
        return;
    if (!g->clock_state)
        g->clock_state = clock_start(g->clock, g->seat_count);
    clock_after_change(g->clock, g->clock_state, g->vacations, mover,
                       strcmp(a->status, "finished") == 0 ? 0 : a->must_act, play_now_ms());
    *state_text = json_dumps(g->clock_state, JSON_COMPACT);
    a->clock_state_text = *state_text;
    if (strcmp(a->status, "finished") != 0)
        a->clock_due_ms = clock_due(g->clock, g->clock_state, g->vacations);
}

void play_change_init(struct play_change *c, struct storage_game *g, int seat,
                      int clock_mover, const char *kind, const char *move_text,
                      const char *events_text, const char *topic, json_t *payload)
{
    memset(c, 0, sizeof *c);
    c->state_text = json_dumps(g->state, JSON_COMPACT);
    c->result_text = g->result ? json_dumps(g->result, JSON_COMPACT) : NULL;
    c->payload_text = json_dumps(payload, JSON_COMPACT);
    json_decref(payload);
    c->a.status = g->status;
    c->a.seq = g->move_count;
    c->a.state_text = c->state_text;
    c->a.rng_pos = g->rng_pos;
    c->a.must_act = g->must_act;
    c->a.winners = g->winners;
    c->a.result_text = c->result_text;
    c->a.seat = seat;
    c->a.kind = kind;
    c->a.move_text = move_text;
    c->a.events_text = events_text;
    c->a.topic = topic;
    c->a.payload_text = c->payload_text;
    c->a.hash_hex = g->log_head;
    play_clock_after(g, clock_mover, &c->a, &c->clock_text);
}

void play_change_clear(struct play_change *c)
{
    free(c->state_text);
    free(c->result_text);
    free(c->payload_text);
    free(c->clock_text);
    memset(c, 0, sizeof *c);
}

json_t *play_view(const struct storage_game *g, int seat)
{
    const struct rules_engine *e = play_engine(g);
    json_t *seats = json_array(), *v;
    size_t i;
    json_t *s;

    json_array_foreach(g->seats, i, s) {
        json_array_append_new(
            seats, json_pack("{s:O, s:O, s:O, s:O, s:O}", "seat",
                             json_object_get(s, "seat"), "kind",
                             json_object_get(s, "kind"), "account_id",
                             json_object_get(s, "account_id"), "name",
                             json_object_get(s, "name"), "filled",
                             json_object_get(s, "filled")));
    }
    v = json_pack("{s:s, s:s, s:s, s:I, s:I, s:o, s:i, s:o, s:s, s:o, s:o, s:o, s:O*, s:s, s:s}",
                  "id", g->id, "ruleset", g->ruleset, "status", g->status,
                  "version", (json_int_t)g->version, "move_count",
                  (json_int_t)g->move_count, "log_head",
                  g->log_head[0] ? json_string(g->log_head) : json_null(), "seat_count",
                  g->seat_count, "seats", seats, "commitment", g->commitment,
                  "viewer_seat", seat >= 0 ? json_integer(seat) : json_null(),
                  "must_act", play_seat_list(g->must_act), "winners",
                  play_seat_list(g->winners), "result", g->result, "created_at",
                  g->created_at, "updated_at", g->updated_at);
    if (!json_object_get(v, "result"))
        json_object_set_new(v, "result", json_null());
    json_object_set_new(v, "rematch_of",
                        g->rematch_of[0] ? json_string(g->rematch_of) : json_null());
    json_object_set_new(v, "rematch", g->rematch[0] ? json_string(g->rematch) : json_null());
    json_object_set_new(v, "rated", json_boolean(g->rated));
    json_object_set_new(v, "clock", g->clock && g->clock_state
                                        ? clock_view(g->clock, g->clock_state, g->vacations,
                                                     play_now_ms())
                                        : json_null());
    json_object_set_new(v, "state",
                        g->state && e ? e->view(g->state, seat) : json_null());
    return v;
}

int play_chain_next(struct storage_game *g, int64_t seq, int seat,
                    const char *kind, const char *move_text,
                    const char *events_text)
{
    struct chain_entry e = {g->id, seq, seat, kind, move_text, events_text, g->rng_pos};
    char head[CHAIN_HEX_LEN];

    if (chain_next_hex(head, g->log_head, g->seed, sizeof g->seed, g->commitment,
                       g->chain_from, &e))
        return -1;
    memcpy(g->log_head, head, sizeof head);
    return 0;
}

json_t *play_events_for(const json_t *events, int seat)
{
    json_t *out = json_array(), *ev;
    size_t i;

    json_array_foreach(events, i, ev) {
        json_t *to = json_object_get(ev, "to");
        int visible = !to;
        size_t k;
        json_t *s;

        json_array_foreach(to, k, s) {
            if (seat >= 0 && json_integer_value(s) == seat)
                visible = 1;
        }
        if (visible)
            json_array_append(out, ev);
    }
    return out;
}

json_t *play_move_for(const char *ruleset, int finished, const json_t *move, int mover,
                      int viewer, int seats)
{
    const struct rules_engine *e = rules_engine_find(ruleset);
    json_t *seen = !finished && e && e->move_seen ? e->move_seen(move, mover, viewer, seats)
                                                  : NULL;

    return seen ? seen : json_incref((json_t *)move);
}

void play_move_seen(const char *ruleset, int finished, json_t *m, int viewer, int seats)
{
    json_object_set_new(m, "move", play_move_for(ruleset, finished, json_object_get(m, "move"),
                                                 (int)json_integer_value(json_object_get(m, "seat")),
                                                 viewer, seats));
}

void play_rng(const struct storage_game *g, struct rng *rng)
{
    const char *entropy[RULES_MAX_SEATS] = {0};
    unsigned char key[RNG_KEY_BYTES];

    for (int i = 0; i < g->seat_count && i < RULES_MAX_SEATS; i++)
        entropy[i] = json_string_value(seat_field(g, i, "entropy"));
    rng_derive_key(key, g->seed, g->id, entropy, g->seat_count);
    rng_init(rng, key, (uint64_t)g->rng_pos);
}

void play_settle(struct storage_game *g, const struct rules_status *rs)
{
    g->must_act = rs->finished ? 0 : rs->must_act;
    g->winners = rs->winners;
    if (rs->finished) {
        snprintf(g->status, sizeof g->status, "finished");
        json_decref(g->result);
        json_t *places = json_array();

        for (int s = 0; s < g->seat_count && s < RULES_MAX_SEATS; s++)
            json_array_append_new(places, json_integer(rs->place[s] > 0 ? rs->place[s]
                                                                        : g->seat_count));
        g->result = json_pack("{s:s, s:o}", "summary", rs->summary, "places", places);
    }
}

int play_status(const struct storage_game *g, struct rules_status *st)
{
    const struct rules_engine *e = play_engine(g);

    memset(st, 0, sizeof *st);
    return e && g->state ? e->status(g->state, st) : -1;
}

enum storage_status play_start(struct db *db, struct storage_game *g,
                               struct rules_error *err)
{
    const struct rules_engine *e = play_engine(g);
    struct storage_advance a = {0};
    struct rules_status st;
    json_t *state = NULL, *events = NULL, *payload;
    enum storage_status rc = STORAGE_ERROR;
    char *state_text = NULL, *events_text = NULL, *payload_text = NULL, *clock_text = NULL;
    struct rng rng;
    int64_t version;

    g->rng_pos = 0;
    play_rng(g, &rng);
    if (!e || e->setup(json_object_size(g->options) ? g->options : NULL,
                       g->seat_count, &rng, &state, &events, err))
        return STORAGE_ERROR;
    json_decref(g->state);
    g->state = state;
    if (play_status(g, &st))
        goto out;
    g->rng_pos = (int64_t)rng.pos;
    events_text = json_dumps(events, CHAIN_JSON_FLAGS);
    if (!events_text || play_chain_next(g, 1, -1, "setup", "{}", events_text))
        goto out;
    /* the statement below makes the version one more than the locked row's */
    payload = json_pack("{s:s, s:I, s:I, s:o}", "game_id", g->id, "seq", (json_int_t)1,
                        "version", (json_int_t)(g->version + 1), "must_act",
                        play_seat_list(st.must_act));
    state_text = json_dumps(state, JSON_COMPACT);
    payload_text = json_dumps(payload, JSON_COMPACT);
    json_decref(payload);
    a.status = st.finished ? "finished" : "active";
    a.seq = 1;
    a.state_text = state_text;
    a.rng_pos = (int64_t)rng.pos;
    a.must_act = st.must_act;
    a.winners = st.winners;
    a.seat = -1;
    a.kind = "setup";
    a.move_text = "{}";
    a.events_text = events_text;
    a.topic = "game.started";
    a.payload_text = payload_text;
    a.hash_hex = g->log_head;
    play_clock_after(g, -1, &a, &clock_text);
    rc = storage_game_advance(db, g->id, &a, &version);
    if (rc == STORAGE_OK) {
        snprintf(g->status, sizeof g->status, "%s", a.status);
        g->version = version;
        g->move_count = 1;
        g->rng_pos = a.rng_pos;
        g->must_act = st.must_act;
        g->winners = st.winners;
    }
out:
    json_decref(events);
    free(state_text);
    free(events_text);
    free(payload_text);
    free(clock_text);
    return rc;
}

/* A dry run of setup, so bad options are refused at creation. */
int play_options_or_reply(struct request *r, const struct rules_engine *e,
                          const json_t *options, int seats)
{
    static const unsigned char key[RNG_KEY_BYTES];
    struct rules_error err = {0};
    json_t *state = NULL, *events = NULL;
    struct rng rng;
    int rc;

    rng_init(&rng, key, 0);
    rc = e->setup(json_object_size(options) ? (json_t *)options : NULL, seats, &rng,
                  &state, &events, &err);
    json_decref(state);
    json_decref(events);
    if (rc && err.rule[0])
        reply_problem(r, PROBLEM_bad_request, "options: %s (%s)", err.message, err.rule);
    else if (rc)
        reply_problem(r, PROBLEM_bad_request, "options: %s", err.message);
    return rc;
}

enum storage_status play_game_insert(struct db *db, char id[37], const char *ruleset,
                                     const char *options_text, int seat_count,
                                     const char *created_by, const char *seats_text,
                                     const char *clock_text)
{
    unsigned char seed[RNG_SEED_BYTES];
    char commitment[65];

    uuid_new(id);
    randombytes_buf(seed, sizeof seed);
    rng_commitment(commitment, seed, id);
    return storage_game_insert(db, id, ruleset, options_text, seat_count, seed, commitment,
                               created_by, seats_text, clock_text);
}
