#include "games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "statements.h"

void storage_game_clear(struct storage_game *g)
{
    json_decref(g->state);
    json_decref(g->options);
    json_decref(g->result);
    json_decref(g->seats);
    json_decref(g->clock);
    json_decref(g->clock_state);
    json_decref(g->vacations);
    memset(g, 0, sizeof *g);
}

static json_t *json_field(PGresult *res, int col)
{
    if (PQgetisnull(res, 0, col))
        return NULL;
    return json_loads(PQgetvalue(res, 0, col), JSON_DECODE_ANY, NULL);
}

/* "{0,2}" -> bit 0 and bit 2 */
static unsigned seat_mask(const char *arr)
{
    unsigned m = 0;
    char *end;

    while (*arr) {
        if (*arr >= '0' && *arr <= '9') {
            long v = strtol(arr, &end, 10);
            if (v < 32)
                m |= 1u << v;
            arr = end;
        } else {
            arr++;
        }
    }
    return m;
}

static int hex_nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* bytea arrives in hex output format: \x0a1b... */
static int parse_seed(unsigned char *seed, const char *s)
{
    if (strncmp(s, "\\x", 2) != 0 || strlen(s) != 2 + 2 * STORAGE_SEED_BYTES)
        return -1;
    for (int i = 0; i < STORAGE_SEED_BYTES; i++) {
        int hi = hex_nibble(s[2 + 2 * i]), lo = hex_nibble(s[3 + 2 * i]);
        if (hi < 0 || lo < 0)
            return -1;
        seed[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src);
}

/* A JSON column read by name; NULL when NULL or absent. */
static json_t *named_json(PGresult *res, const char *name)
{
    int col = PQfnumber(res, name);

    return col >= 0 && !PQgetisnull(res, 0, col)
               ? json_loads(PQgetvalue(res, 0, col), 0, NULL)
               : NULL;
}

/* A rematch link column (by name), "" when NULL. */
static void link_field(PGresult *res, const char *name, char out[37])
{
    int col = PQfnumber(res, name);

    out[0] = 0;
    if (col >= 0 && !PQgetisnull(res, 0, col))
        copy(out, 37, PQgetvalue(res, 0, col));
}

static enum storage_status parse_game(enum storage_status st, PGresult **resp,
                                      struct storage_game *g)
{
    PGresult *res = *resp;

    memset(g, 0, sizeof *g);
    if (st != STORAGE_OK)
        return st;
    if (PQntuples(res) != 1) {
        PQclear(res);
        return STORAGE_NOT_FOUND;
    }
    copy(g->id, sizeof g->id, PQgetvalue(res, 0, 0));
    copy(g->ruleset, sizeof g->ruleset, PQgetvalue(res, 0, 1));
    copy(g->status, sizeof g->status, PQgetvalue(res, 0, 2));
    g->version = strtoll(PQgetvalue(res, 0, 3), NULL, 10);
    g->move_count = strtoll(PQgetvalue(res, 0, 4), NULL, 10);
    g->seat_count = atoi(PQgetvalue(res, 0, 5));
    g->state = json_field(res, 6);
    copy(g->commitment, sizeof g->commitment, PQgetvalue(res, 0, 8));
    g->rng_pos = strtoll(PQgetvalue(res, 0, 9), NULL, 10);
    g->must_act = seat_mask(PQgetvalue(res, 0, 10));
    g->winners = seat_mask(PQgetvalue(res, 0, 11));
    g->result = json_field(res, 12);
    link_field(res, "rematch_of", g->rematch_of);
    link_field(res, "rematch", g->rematch);
    {
        int col = PQfnumber(res, "rated");

        g->rated = col >= 0 && PQgetvalue(res, 0, col)[0] == 't';
    }
    g->clock = named_json(res, "clock");
    g->clock_state = named_json(res, "clock_state");
    g->vacations = named_json(res, "vacations");
    copy(g->created_by, sizeof g->created_by, PQgetvalue(res, 0, 13));
    copy(g->created_at, sizeof g->created_at, PQgetvalue(res, 0, 14));
    copy(g->updated_at, sizeof g->updated_at, PQgetvalue(res, 0, 15));
    g->options = json_field(res, 16);
    g->seats = json_field(res, 17);
    g->caller_epoch = PQgetisnull(res, 0, 18)
                          ? -1
                          : strtoll(PQgetvalue(res, 0, 18), NULL, 10);
    copy(g->log_head, sizeof g->log_head, PQgetvalue(res, 0, 19));
    g->chain_from = strtoll(PQgetvalue(res, 0, 20), NULL, 10);
    st = parse_seed(g->seed, PQgetvalue(res, 0, 7)) == 0 && g->seats &&
                 g->options && (g->state || PQgetisnull(res, 0, 6))
             ? STORAGE_OK
             : STORAGE_ERROR;
    PQclear(res);
    if (st != STORAGE_OK)
        storage_game_clear(g);
    return st;
}

enum storage_status storage_game_read(struct db *db, const char *id,
                                      const char *caller,
                                      struct storage_game *g)
{
    const char *p[] = {id, caller};
    PGresult *res;

    return parse_game(STORAGE_EXEC(db, game_read, 2, p, &res), &res, g);
}

enum storage_status storage_game_read_unless(struct db *db, const char *id,
                                             const char *caller, int64_t known,
                                             struct storage_game *g, int *unchanged)
{
    char v[24];
    const char *p[] = {id, caller, v};
    PGresult *res;
    enum storage_status st;

    snprintf(v, sizeof v, "%lld", (long long)known);
    st = STORAGE_EXEC(db, game_read_unless, 3, p, &res);
    /* parse_game needs to know the state was left out on purpose */
    *unchanged = st == STORAGE_OK && PQntuples(res) == 1 && PQgetisnull(res, 0, 6) &&
                 strtoll(PQgetvalue(res, 0, 3), NULL, 10) == known;
    return parse_game(st, &res, g);
}

enum storage_status storage_game_lock(struct db *db, const char *id,
                                      const char *caller,
                                      struct storage_game *g)
{
    const char *p[] = {id, caller};
    PGresult *res;

    return parse_game(STORAGE_EXEC(db, game_lock, 2, p, &res), &res, g);
}

enum storage_status storage_game_begin_lock(struct db *db, const char *id,
                                            const char *caller,
                                            struct storage_game *g)
{
    const char *p[] = {id, caller};
    PGresult *res;

    return parse_game(STORAGE_BEGIN_EXEC(db, game_lock, 2, p, &res), &res, g);
}

enum storage_status storage_move_answer(struct db *db, const char *game_id,
                                        int seat, const char *idempotency_key,
                                        const char *move_text, char **answer,
                                        int *same_move)
{
    char s[16];
    const char *p[] = {game_id, s, idempotency_key, move_text};
    PGresult *res;
    enum storage_status st;

    snprintf(s, sizeof s, "%d", seat);
    st = STORAGE_EXEC(db, move_answer, 4, p, &res);
    if (st != STORAGE_OK)
        return st;
    st = PQntuples(res) == 1 ? STORAGE_OK : STORAGE_NOT_FOUND;
    if (st == STORAGE_OK) {
        *answer = strdup(PQgetvalue(res, 0, 0));
        *same_move = PQgetvalue(res, 0, 1)[0] == 't';
        if (!*answer)
            st = STORAGE_ERROR;
    }
    PQclear(res);
    return st;
}


/* Copies the seat rows of game_id into games.seats. */
static enum storage_status seats_refresh(struct db *db, const char *game_id)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, game_seats_refresh, 1, &game_id, &res), &res);
}

enum storage_status storage_game_insert(struct db *db, const char *id,
                                        const char *ruleset,
                                        const char *options_text,
                                        int seat_count,
                                        const unsigned char *seed,
                                        const char *commitment,
                                        const char *created_by,
                                        const char *seats_text,
                                        const char *clock_text)
{
    char n[16], hex[3 + 2 * STORAGE_SEED_BYTES];
    const char *p[] = {id, ruleset, options_text, n, hex, commitment,
                       created_by, clock_text};
    const char *sp[] = {id, seats_text};
    PGresult *res;
    enum storage_status st;

    snprintf(n, sizeof n, "%d", seat_count);
    hex[0] = '\\';
    hex[1] = 'x';
    for (int i = 0; i < STORAGE_SEED_BYTES; i++)
        snprintf(hex + 2 + 2 * i, 3, "%02x", seed[i]);
    st = db_done(STORAGE_EXEC(db, game_insert, 8, p, &res), &res);
    if (st == STORAGE_OK)
        st = db_done(STORAGE_EXEC(db, seats_insert, 2, sp, &res), &res);
    return st == STORAGE_OK ? seats_refresh(db, id) : st;
}

enum storage_status storage_game_link_rematch(struct db *db, const char *game_id,
                                              const char *rematch_id,
                                              int64_t *version)
{
    const char *p[] = {game_id, rematch_id};
    PGresult *res;
    enum storage_status st = STORAGE_EXEC(db, game_rematch_link, 2, p, &res);

    if (st == STORAGE_OK && PQntuples(res) != 1) {
        PQclear(res);
        return STORAGE_CONFLICT;
    }
    return db_one_int(st, &res, version);
}

enum storage_status storage_seat_fill(struct db *db, const char *game_id,
                                      int seat, const char *account_id,
                                      const char *entropy, char *name)
{
    char s[16];
    const char *p[] = {game_id, s, account_id, entropy};
    PGresult *res;
    enum storage_status st;

    snprintf(s, sizeof s, "%d", seat);
    st = STORAGE_EXEC(db, seat_fill, 4, p, &res);
    if (st != STORAGE_OK)
        return st;
    st = PQntuples(res) == 1 ? STORAGE_OK : STORAGE_NOT_FOUND;
    if (st == STORAGE_OK)
        copy(name, 65, PQgetvalue(res, 0, 0));
    PQclear(res);
    return st == STORAGE_OK ? seats_refresh(db, game_id) : st;
}

enum storage_status storage_seat_set_entropy(struct db *db,
                                             const char *game_id, int seat,
                                             const char *entropy)
{
    char s[16];
    const char *p[] = {game_id, s, entropy};
    PGresult *res;
    enum storage_status st;

    snprintf(s, sizeof s, "%d", seat);
    st = db_done(STORAGE_EXEC(db, seat_set_entropy, 3, p, &res), &res);
    return st == STORAGE_OK ? seats_refresh(db, game_id) : st;
}


enum storage_status storage_seat_invite(struct db *db, const char *game_id,
                                        int seat, int64_t *epoch)
{
    char s[16];
    const char *p[] = {game_id, s};
    PGresult *res;
    enum storage_status st;

    snprintf(s, sizeof s, "%d", seat);
    st = db_one_int(STORAGE_EXEC(db, seat_invite, 2, p, &res), &res, epoch);
    return st == STORAGE_OK ? seats_refresh(db, game_id) : st;
}

enum storage_status storage_game_touch(struct db *db, const char *game_id,
                                       int64_t *version)
{
    PGresult *res;

    return db_one_int(STORAGE_EXEC(db, game_touch, 1, &game_id, &res), &res,
                   version);
}

/* "{0,2}" from a bitmask */
static void mask_text(char *out, size_t n, unsigned m)
{
    size_t len = 0;

    len += (size_t)snprintf(out + len, n - len, "{");
    for (int i = 0; i < 32 && len < n; i++)
        if (m & (1u << i))
            len += (size_t)snprintf(out + len, n - len, "%s%d",
                                    len > 1 ? "," : "", i);
    if (len < n)
        snprintf(out + len, n - len, "}");
}

/* One statement for the change; with commit, COMMIT in the same round trip. */
static enum storage_status advance(struct db *db, const char *game_id,
                                   const struct storage_advance *a, int commit,
                                   int64_t *version)
{
    char seq[24], pos[24], must[100], win[100], seat[16], due[24];
    const char *p[] = {game_id, a->status, seq, a->state_text, pos, must,
                       win, a->result_text, seat, a->account_id, a->kind,
                       a->move_text, a->events_text, a->idempotency_key,
                       a->answer_text, a->topic, a->payload_text, a->hash_hex,
                       a->clock_state_text, a->clock_due_ms >= 0 ? due : NULL};
    PGresult *res;

    snprintf(due, sizeof due, "%lld", (long long)a->clock_due_ms);
    snprintf(seq, sizeof seq, "%lld", (long long)a->seq);
    snprintf(pos, sizeof pos, "%lld", (long long)a->rng_pos);
    snprintf(seat, sizeof seat, "%d", a->seat);
    mask_text(must, sizeof must, a->must_act);
    mask_text(win, sizeof win, a->winners);
    return db_one_int(commit ? STORAGE_EXEC_COMMIT(db, game_advance, 20, p, &res)
                             : STORAGE_EXEC(db, game_advance, 20, p, &res),
                      &res, version);
}

enum storage_status storage_game_advance(struct db *db, const char *game_id,
                                         const struct storage_advance *a,
                                         int64_t *version)
{
    return advance(db, game_id, a, 0, version);
}

enum storage_status storage_game_advance_commit(struct db *db, const char *game_id,
                                                const struct storage_advance *a,
                                                int64_t *version)
{
    return advance(db, game_id, a, 1, version);
}

enum storage_status storage_moves_list(struct db *db, const char *game_id,
                                       int64_t after, int limit,
                                       json_t **moves)
{
    char a[24], l[16];
    const char *p[] = {game_id, a, l};
    PGresult *res;
    enum storage_status st;

    snprintf(a, sizeof a, "%lld", (long long)after);
    snprintf(l, sizeof l, "%d", limit);
    st = STORAGE_EXEC(db, moves_list, 3, p, &res);
    if (st != STORAGE_OK)
        return st;
    *moves = json_array();
    for (int i = 0; i < PQntuples(res); i++) {
        json_t *m = json_object();
        json_t *mv = json_loads(PQgetvalue(res, i, 3), 0, NULL);
        json_t *ev = json_loads(PQgetvalue(res, i, 4), 0, NULL);

        if (!mv || !ev) {
            json_decref(mv);
            json_decref(ev);
            json_decref(m);
            st = STORAGE_ERROR;
            break;
        }
        json_object_set_new(m, "seq",
                            json_integer(strtoll(PQgetvalue(res, i, 0), NULL, 10)));
        json_object_set_new(m, "seat", json_integer(atoi(PQgetvalue(res, i, 1))));
        json_object_set_new(m, "kind", json_string(PQgetvalue(res, i, 2)));
        json_object_set_new(m, "move", mv);
        json_object_set_new(m, "events", ev);
        json_object_set_new(m, "rng_pos",
                            json_integer(strtoll(PQgetvalue(res, i, 5), NULL, 10)));
        json_object_set_new(m, "created_at", json_string(PQgetvalue(res, i, 6)));
        json_object_set_new(m, "hash", PQgetisnull(res, i, 7)
                                           ? json_null()
                                           : json_string(PQgetvalue(res, i, 7)));
        json_array_append_new(*moves, m);
    }
    PQclear(res);
    if (st != STORAGE_OK) {
        json_decref(*moves);
        *moves = NULL;
    }
    return st;
}

enum storage_status storage_games_of_account(struct db *db,
                                             const char *account_id,
                                             const char *status,
                                             int awaiting, const char *after_us,
                                             const char *after_id, int limit,
                                             struct storage_page *page)
{
    char l[16];
    const char *p[] = {account_id, status, awaiting ? "true" : "false", after_us, after_id, l};
    PGresult *res;

    snprintf(l, sizeof l, "%d", limit + 1);
    return storage_page_take(STORAGE_EXEC(db, games_of_account, 6, p, &res), &res, limit,
                             page);
}

enum storage_status storage_lobby(struct db *db, const struct storage_lobby_filter *f,
                                  const char *after_us, const char *after_id, int limit,
                                  struct storage_page *page)
{
    char l[16];
    const char *p[] = {f->status, f->ruleset, f->created_by, f->player, f->options_text,
                       after_us, after_id, l};
    PGresult *res;
    enum storage_status st;

    snprintf(l, sizeof l, "%d", limit + 1);
    if (strcmp(f->status, "finished") == 0)
        st = f->player ? STORAGE_EXEC(db, lobby_finished_of, 8, p, &res)
                       : STORAGE_EXEC(db, lobby_finished, 8, p, &res);
    else
        st = f->player ? STORAGE_EXEC(db, lobby_games_of, 8, p, &res)
                       : STORAGE_EXEC(db, lobby_games, 8, p, &res);
    return storage_page_take(st, &res, limit, page);
}

enum storage_status storage_ping(struct db *db)
{
    PGresult *res;

    return db_done(STORAGE_EXEC(db, ping, 0, NULL, &res), &res);
}

enum storage_status storage_metrics_counts(struct db *db, long long counts[5])
{
    PGresult *res;
    enum storage_status st;

    if ((st = STORAGE_EXEC(db, metrics_counts, 0, NULL, &res)) != STORAGE_OK)
        return st;
    for (int i = 0; i < 5; i++)
        counts[i] = strtoll(PQgetvalue(res, 0, i), NULL, 10);
    PQclear(res);
    return STORAGE_OK;
}

enum storage_status storage_clocks_due(struct db *db, int limit, json_t **ids)
{
    char l[16];
    const char *p[] = {l};
    PGresult *res;
    enum storage_status st;

    snprintf(l, sizeof l, "%d", limit);
    if ((st = STORAGE_EXEC(db, clocks_due, 1, p, &res)) != STORAGE_OK)
        return st;
    *ids = json_array();
    for (int i = 0; i < PQntuples(res); i++)
        json_array_append_new(*ids, json_string(PQgetvalue(res, i, 0)));
    PQclear(res);
    return STORAGE_OK;
}

enum storage_status storage_clock_touch(struct db *db, const char *game_id,
                                        const char *state_text, int64_t due_ms,
                                        const char *topic, const char *payload_text)
{
    char due[24];
    const char *p[] = {game_id, state_text, due_ms >= 0 ? due : NULL, topic, payload_text};
    PGresult *res;

    snprintf(due, sizeof due, "%lld", (long long)due_ms);
    return db_done(STORAGE_EXEC(db, clock_touch, 5, p, &res), &res);
}
