#include "fanout.h"

#include <string.h>

#include <sodium.h>

#include "play.h"

const char *const fanout_event_types[] = {
    "turn.yours",     "game.started",    "game.move",     "game.finished",
    "game.message",   "clock.reminder",  "clock.timeout", "seat.invited",
    "webhook.disabled", "tournament.round", "tournament.result", "tournament.finished",
    NULL,
};

/* Events addressed to one account (the outbox row's), not about a game. */
static int account_event(const char *topic)
{
    return strcmp(topic, "webhook.disabled") == 0 || strncmp(topic, "tournament.", 11) == 0;
}

int fanout_event_known(const char *name)
{
    if (strcmp(name, "*") == 0)
        return 1;
    for (int i = 0; fanout_event_types[i]; i++)
        if (strcmp(name, fanout_event_types[i]) == 0)
            return 1;
    return 0;
}

/* What one fan-out works from. */
struct happening {
    const json_t *row, *payload, *seats;
    const char *topic, *game_id, *created_at;
    json_t *out;
};

static int wants(const json_t *listener, const char *type)
{
    const json_t *t;
    size_t i;

    json_array_foreach(json_object_get(listener, "events"), i, t) {
        const char *s = json_string_value(t);

        if (s && (strcmp(s, type) == 0 || strcmp(s, "*") == 0))
            return 1;
    }
    return 0;
}

static const char *str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static int same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* Appends one delivery of type with data (reference stolen). */
static void emit(struct happening *h, const json_t *listener, const char *type,
                 json_t *data)
{
    unsigned char raw[12];
    char hex[2 * sizeof raw + 1], msg_id[4 + sizeof hex];
    json_t *body;
    char *text;

    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(hex, sizeof hex, raw, sizeof raw);
    memcpy(msg_id, "msg_", 4);
    memcpy(msg_id + 4, hex, sizeof hex);
    body = json_pack("{s:s, s:s, s:o}", "type", type, "timestamp", h->created_at,
                     "data", data);
    text = json_dumps(body, JSON_COMPACT);
    json_array_append_new(
        h->out, json_pack("{s:O, s:s, s:s, s:O, s:O, s:s}", "webhook_id",
                          json_object_get(listener, "id"), "msg_id", msg_id,
                          "event_type", type, "outbox_id", json_object_get(h->row, "id"),
                          "game_id", json_object_get(h->row, "game_id"), "body",
                          text ? text : "{}"));
    free(text);
    json_decref(body);
}

/* The seat numbers account holds in the game, as a bitmask. */
static unsigned held(const struct happening *h, const char *account)
{
    unsigned m = 0;
    const json_t *s;
    size_t i;

    json_array_foreach(h->seats, i, s)
        if (same(str(s, "account_id"), account))
            m |= 1u << json_integer_value(json_object_get(s, "seat"));
    return m;
}

static const json_t *seat_row(const struct happening *h, int seat)
{
    const json_t *s;
    size_t i;

    json_array_foreach(h->seats, i, s)
        if (json_integer_value(json_object_get(s, "seat")) == seat)
            return s;
    return NULL;
}

/* The common head of a game event's data, for viewer seat (-1: none). */
static json_t *game_data(const struct happening *h, int seat)
{
    return json_pack("{s:s, s:O, s:o}", "game_id", h->game_id, "ruleset",
                     json_object_get(h->row, "ruleset"), "seat",
                     seat >= 0 ? json_integer(seat) : json_null());
}

static void game_event(struct happening *h, const json_t *l, const char *type,
                       unsigned seats)
{
    const json_t *p = h->payload;

    for (int s = -1; s < 32; s++) {
        json_t *d;

        if (s >= 0 ? !(seats & (1u << s)) : seats != 0)
            continue;
        d = game_data(h, s);
        if (strcmp(type, "game.started") == 0) {
            json_t *names = json_array(), *row;
            size_t i;

            json_array_foreach(h->seats, i, row)
                json_array_append_new(names, json_pack("{s:O, s:O}", "seat",
                                                       json_object_get(row, "seat"),
                                                       "name", json_object_get(row, "name")));
            json_object_set_new(d, "seats", names);
            json_object_set(d, "must_act", json_object_get(p, "must_act"));
        } else if (strcmp(type, "game.move") == 0) {
            const char *status = json_string_value(json_object_get(p, "status"));

            json_object_set(d, "seq", json_object_get(p, "seq"));
            json_object_set(d, "version", json_object_get(p, "version"));
            json_object_set(d, "mover", json_object_get(h->row, "mover"));
            json_object_set(d, "kind", json_object_get(h->row, "kind"));
            json_object_set_new(
                d, "move",
                play_move_for(json_string_value(json_object_get(h->row, "ruleset")),
                              status && !strcmp(status, "finished"),
                              json_object_get(h->row, "move"),
                              (int)json_integer_value(json_object_get(h->row, "mover")), s,
                              (int)json_array_size(h->seats)));
            json_object_set_new(d, "events",
                                play_events_for(json_object_get(h->row, "events"), s));
            json_object_set(d, "status", json_object_get(p, "status"));
            json_object_set(d, "must_act", json_object_get(p, "must_act"));
        } else if (strcmp(type, "clock.timeout") == 0) {
            json_object_set(d, "seq", json_object_get(p, "seq"));
            json_object_set(d, "version", json_object_get(p, "version"));
            json_object_set(d, "timed_out", json_object_get(p, "timed_out"));
            json_object_set(d, "policy", json_object_get(p, "policy"));
        } else { /* game.finished */
            json_object_set(d, "seq", json_object_get(p, "seq"));
            json_object_set(d, "version", json_object_get(p, "version"));
            json_object_set(d, "winners", json_object_get(h->row, "winners"));
            json_object_set(d, "result", json_object_get(h->row, "result"));
        }
        emit(h, l, type, d);
    }
}

/* turn.yours for each seat that must act and this listener answers for:
 * its account's seats, and, for its creator, seats held by invitation. */
static void turns(struct happening *h, const json_t *l, unsigned mine, int creator)
{
    const json_t *s;
    size_t i;

    json_array_foreach(json_object_get(h->payload, "must_act"), i, s) {
        int seat = (int)json_integer_value(s);
        const json_t *row = seat_row(h, seat);
        json_t *d;

        if (seat < 0 || seat >= 32 ||
            !((mine & (1u << seat)) || (creator && row && same(str(row, "kind"), "invite"))))
            continue;
        d = game_data(h, seat);
        json_object_set(d, "seq", json_object_get(h->payload, "seq"));
        json_object_set(d, "version", json_object_get(h->payload, "version"));
        json_object_set(d, "must_act", json_object_get(h->payload, "must_act"));
        emit(h, l, "turn.yours", d);
    }
}

/* clock.reminder to whoever answers for the seat, as turn.yours goes. */
static void reminder(struct happening *h, const json_t *l, unsigned mine, int creator)
{
    int seat = (int)json_integer_value(json_object_get(h->payload, "seat"));
    const json_t *row = seat_row(h, seat);
    json_t *d;

    if (seat < 0 || seat >= 32 ||
        !((mine & (1u << seat)) || (creator && row && same(str(row, "kind"), "invite"))))
        return;
    d = game_data(h, seat);
    json_object_set(d, "deadline", json_object_get(h->payload, "deadline"));
    json_object_set(d, "version", json_object_get(h->payload, "version"));
    emit(h, l, "clock.reminder", d);
}

/*
 * game.message to each seat of the listener that may read it (public: every
 * seat, or the spectator; private: its sender and its addressee; a team's:
 * the team's seats), and for the game's creator, to an invite seat it was
 * addressed to.
 */
static void message(struct happening *h, const json_t *l, unsigned mine, int creator)
{
    const json_t *m = h->payload, *to = json_object_get(m, "to"), *v;
    int from = (int)json_integer_value(json_object_get(m, "seat"));
    int addressee = json_is_integer(to) ? (int)json_integer_value(to) : -1;
    const json_t *row = addressee >= 0 ? seat_row(h, addressee) : NULL;
    unsigned readers = addressee < 0 ? mine : mine & ((1u << from) | (1u << addressee));
    int open = json_is_null(to) || !to;
    size_t i;

    if (json_is_array(to)) {
        /* a team's: the seats listed */
        unsigned team = 0;

        json_array_foreach(to, i, v)
            if (json_integer_value(v) >= 0 && json_integer_value(v) < 32)
                team |= 1u << json_integer_value(v);
        readers = mine & team;
    }
    if (addressee >= 0 && creator && row && same(str(row, "kind"), "invite"))
        readers |= 1u << addressee;
    for (int s = -1; s < 32; s++) {
        json_t *d;

        if (s >= 0 ? !(readers & (1u << s)) : (!open || mine != 0))
            continue;
        d = game_data(h, s);
        json_object_set(d, "message", (json_t *)m);
        emit(h, l, "game.message", d);
    }
}

static void invited(struct happening *h, const json_t *l, const char *account)
{
    const json_t *s;
    size_t i;

    json_array_foreach(h->seats, i, s) {
        json_t *d;

        if (!same(str(s, "account_id"), account) ||
            same(account, str(h->row, "created_by")))
            continue;
        d = game_data(h, (int)json_integer_value(json_object_get(s, "seat")));
        json_object_set(d, "invited_by", json_object_get(h->row, "created_by"));
        emit(h, l, "seat.invited", d);
    }
}

void fanout_row(const json_t *row, const json_t *listeners, json_t *deliveries)
{
    struct happening h = {row, json_object_get(row, "payload"),
                          json_object_get(row, "seats"), str(row, "topic"),
                          str(row, "game_id"), str(row, "created_at"), deliveries};
    const json_t *l;
    size_t i;

    if (!h.topic || !h.created_at)
        return;
    json_array_foreach(listeners, i, l) {
        const char *account = str(l, "account_id");
        unsigned mine = h.game_id ? held(&h, account) : 0;
        int creator = same(account, str(row, "created_by"));
        int move = strcmp(h.topic, "game.move") == 0 ||
                   strcmp(h.topic, "game.finished") == 0 ||
                   strcmp(h.topic, "clock.timeout") == 0;
        int finished = strcmp(h.topic, "game.finished") == 0 ||
                       (strcmp(h.topic, "clock.timeout") == 0 &&
                        same(str(h.payload, "status"), "finished"));

        /* listeners come for a whole batch: keep this row's own */
        if (json_is_string(json_object_get(l, "game_id"))
                ? !same(str(l, "game_id"), h.game_id)
                : !(mine || creator || same(account, str(row, "account_id"))))
            continue;
        if (account_event(h.topic)) {
            if (same(account, str(row, "account_id")) && wants(l, h.topic))
                emit(&h, l, h.topic, json_deep_copy(h.payload));
            continue;
        }
        if (!h.game_id)
            continue;
        if (strcmp(h.topic, "game.created") == 0) {
            if (wants(l, "seat.invited"))
                invited(&h, l, account);
            continue;
        }
        if (strcmp(h.topic, "game.message") == 0) {
            if (wants(l, "game.message"))
                message(&h, l, mine, creator);
            continue;
        }
        if (strcmp(h.topic, "clock.reminder") == 0) {
            if (wants(l, "clock.reminder"))
                reminder(&h, l, mine, creator);
            continue;
        }
        if (strcmp(h.topic, "clock.timeout") == 0 && wants(l, "clock.timeout"))
            game_event(&h, l, "clock.timeout", mine);
        if (strcmp(h.topic, "game.started") == 0 && wants(l, "game.started"))
            game_event(&h, l, "game.started", mine);
        if (move && wants(l, "game.move"))
            game_event(&h, l, "game.move", mine);
        if (finished && wants(l, "game.finished"))
            game_event(&h, l, "game.finished", mine);
        if (wants(l, "turn.yours"))
            turns(&h, l, mine, creator);
    }
}
