/*
 * games.h - games, seats and the move log.
 *
 * The move path: storage_game_begin_lock() (BEGIN, row lock, version),
 * then storage_game_advance_commit(), one statement that writes the new
 * state, the log entry and the outbox row, with COMMIT: two round trips.
 * storage_move_answer() finds the stored answer to an Idempotency-Key when
 * a move is refused or the log's unique key refuses the write. Nothing
 * here knows about HTTP or the rules.
 */
#ifndef TURNPOST_STORAGE_GAMES_H
#define TURNPOST_STORAGE_GAMES_H

#include <stdint.h>

#include <jansson.h>

#include "db.h"
#include "page.h"

#define STORAGE_SEED_BYTES 32

/* A game row as read. Strings and JSON are owned by the struct. */
struct storage_game {
    char id[37];
    char ruleset[32];
    char status[12];        /* "open", "active" or "finished" */
    int64_t version;
    int64_t move_count;
    int seat_count;
    json_t *state;          /* NULL until the game starts */
    json_t *options;
    json_t *result;         /* NULL until finished */
    json_t *seats;          /* [{seat, kind, account_id, name, filled,
                               entropy, invite_epoch}] */
    unsigned char seed[STORAGE_SEED_BYTES];
    char commitment[65];
    int64_t rng_pos;
    unsigned must_act;      /* bitmask of seats */
    unsigned winners;       /* bitmask of seats */
    char created_by[37];
    char rematch_of[37];    /* the game this one replays; "" for none */
    char rematch[37];       /* the game that replays this one; "" for none */
    int rated;              /* its result moves the players' ratings */
    char created_at[24], updated_at[24];
    int64_t caller_epoch;   /* the caller's token_epoch; -1 if unknown */
    char log_head[65];      /* the move log's chain head in hex; "" before
                               the first chained entry */
    int64_t chain_from;     /* the first chained entry: 1, or later for a
                               game older than the chain */
    json_t *clock;          /* the pace (api/clock.h); NULL: untimed */
    json_t *clock_state;    /* each seat's time; NULL: untimed */
    json_t *vacations;      /* [{seat, from, until}] in epoch ms, of a timed
                               game's players; NULL when none */
};

void storage_game_clear(struct storage_game *g);

/* Reads a game without locking; caller may be NULL. */
enum storage_status storage_game_read(struct db *db, const char *id,
                                      const char *caller,
                                      struct storage_game *g);

/*
 * storage_game_read(), but when the game is at version known the state is
 * not sent: g->state is NULL and *unchanged 1 (a view of that version is
 * already at hand).
 */
enum storage_status storage_game_read_unless(struct db *db, const char *id,
                                             const char *caller, int64_t known,
                                             struct storage_game *g, int *unchanged);

/* Locks the game row for the rest of the transaction and reads it. */
enum storage_status storage_game_lock(struct db *db, const char *id,
                                      const char *caller,
                                      struct storage_game *g);

/*
 * BEGIN and storage_game_lock() in one round trip. On failure the
 * transaction may be open: roll it back.
 */
enum storage_status storage_game_begin_lock(struct db *db, const char *id,
                                            const char *caller,
                                            struct storage_game *g);

/*
 * The answer stored for seat's move with idempotency_key in game, after
 * storage_game_lock(): *answer (new, free()) and whether the stored move
 * equals move_text. STORAGE_NOT_FOUND when the key is new.
 */
enum storage_status storage_move_answer(struct db *db, const char *game_id,
                                        int seat, const char *idempotency_key,
                                        const char *move_text, char **answer,
                                        int *same_move);

/* A new game: seats is [{seat, kind, account_id, filled, entropy}];
 * clock_text its pace, or NULL. */
enum storage_status storage_game_insert(struct db *db, const char *id,
                                        const char *ruleset,
                                        const char *options_text,
                                        int seat_count,
                                        const unsigned char *seed,
                                        const char *commitment,
                                        const char *created_by,
                                        const char *seats_text,
                                        const char *clock_text);

/*
 * Links the new game rematch_id to the finished game game_id (locked),
 * bumping its version into *version. STORAGE_CONFLICT when game_id has a
 * rematch already.
 */
enum storage_status storage_game_link_rematch(struct db *db, const char *game_id,
                                              const char *rematch_id,
                                              int64_t *version);

/* Gives seat to account_id; name (65 bytes) receives the account's name. */
enum storage_status storage_seat_fill(struct db *db, const char *game_id,
                                      int seat, const char *account_id,
                                      const char *entropy, char *name);
enum storage_status storage_seat_set_entropy(struct db *db,
                                             const char *game_id, int seat,
                                             const char *entropy);
/* A new invite for seat; *epoch is its invite epoch. */
enum storage_status storage_seat_invite(struct db *db, const char *game_id,
                                        int seat, int64_t *epoch);
/* Bumps the version of a game whose seats changed; *version is the new. */
enum storage_status storage_game_touch(struct db *db, const char *game_id,
                                       int64_t *version);

/* One change to a game (see game_advance in statements.def). */
struct storage_advance {
    const char *status;
    int64_t seq;
    const char *state_text;
    int64_t rng_pos;
    unsigned must_act, winners;
    const char *result_text;      /* NULL for none */
    int seat;                     /* -1 for the setup */
    const char *account_id;       /* NULL for none */
    const char *kind;             /* "setup", "move" or "resign" */
    const char *move_text;
    const char *events_text;
    const char *idempotency_key;  /* NULL for none */
    const char *answer_text;      /* NULL for none */
    const char *topic;
    const char *payload_text;
    const char *hash_hex;         /* the entry's chain hash, the new head */
    const char *clock_state_text; /* NULL: untimed */
    int64_t clock_due_ms;         /* epoch ms; -1: never */
};
enum storage_status storage_game_advance(struct db *db, const char *game_id,
                                         const struct storage_advance *a,
                                         int64_t *version);
/* The same, and COMMIT in the same round trip; on failure roll back. */
enum storage_status storage_game_advance_commit(struct db *db, const char *game_id,
                                                const struct storage_advance *a,
                                                int64_t *version);

/*
 * Log entries with seq > after, at most limit, as a new JSON array of
 * {seq, seat, kind, move, events, rng_pos, created_at, hash}; hash is
 * hex, or null for an entry older than the chain.
 */
enum storage_status storage_moves_list(struct db *db, const char *game_id,
                                       int64_t after, int limit,
                                       json_t **moves);

/*
 * The account's games, newest first, after the one of sort key (after_us,
 * after_id) (NULL, NULL: from the newest), limit at most: items
 * {id, ruleset, status, version, updated_at, seats, must_act}. status may
 * be NULL.
 */
enum storage_status storage_games_of_account(struct db *db,
                                             const char *account_id,
                                             const char *status,
                                             int awaiting, const char *after_us,
                                             const char *after_id, int limit,
                                             struct storage_page *page);

/* What the lobby lists; NULL members match every game. */
struct storage_lobby_filter {
    const char *status;        /* "open" (a free open seat), "active", "finished" */
    const char *ruleset;
    const char *created_by;    /* an account id */
    const char *player;        /* an account id holding a seat */
    const char *options_text;  /* a JSON object the game's options contain */
};

/*
 * The games f picks, newest first (finished ones by when they finished),
 * after the one of sort key (after_us, after_id) (NULL, NULL: from the
 * first), limit at most, as the public sees them.
 */
enum storage_status storage_lobby(struct db *db, const struct storage_lobby_filter *f,
                                  const char *after_us, const char *after_id, int limit,
                                  struct storage_page *page);

/* In an open transaction: locks up to limit timed games whose clocks are
 * due (others' locks skipped); *ids is a new array of their ids. */
enum storage_status storage_clocks_due(struct db *db, int limit, json_t **ids);

/* Writes a clock looked at without a change to its game: its state, when
 * to look next (-1: never), and an outbox row of topic (NULL: none). */
enum storage_status storage_clock_touch(struct db *db, const char *game_id,
                                        const char *state_text, int64_t due_ms,
                                        const char *topic, const char *payload_text);

/* SELECT 1, for /readyz. */
enum storage_status storage_ping(struct db *db);

/*
 * Counts for the metrics: games open, active and finished (counts[0..2]),
 * outbox rows not yet fanned out (counts[3]) and webhook deliveries
 * pending (counts[4]). Reads every game row: call it seldom.
 */
enum storage_status storage_metrics_counts(struct db *db, long long counts[5]);

#endif
