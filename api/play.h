/*
 * play.h - the game service between the handlers, the rules engines and
 * storage: who holds which seat, views for a viewer, the random stream of
 * a game, and writing a change (setup, move, resignation) to the log.
 */
#ifndef TURNPOST_API_PLAY_H
#define TURNPOST_API_PLAY_H

#include "app.h"
#include "auth.h"
#include "engine.h"
#include "games.h"

/* The engine of g, or NULL (then the row is corrupt). */
const struct rules_engine *play_engine(const struct storage_game *g);

/*
 * Checks that the caller's token is not revoked, using the epochs read
 * with the game, and finds the caller's seat: a seat capability's seat
 * (403 for another game), or the seat the account holds (requested, or
 * the one that must act, or the lowest). *seat is -1 for a spectator.
 * need_seat makes holding no seat a 403. Returns 0, or -1 having replied.
 */
int play_seat_or_reply(struct request *r, const struct caller *c,
                       const struct storage_game *g, long requested,
                       int need_seat, int *seat);

/* The GameView of g for seat (-1 spectator). New reference. */
json_t *play_view(const struct storage_game *g, int seat);

/* events as seat may see them: private events of others left out. */
json_t *play_events_for(const json_t *events, int seat);

/*
 * Puts in the log entry m (its "seat" and "move") what viewer (-1: a
 * spectator) may see of its move in a game of seats seats, as the game's
 * engine says (move_seen)
 * while the game is not finished; a finished game shows every move whole.
 */
void play_move_seen(const char *ruleset, int finished, json_t *m, int viewer, int seats);

/* The same for a move of mover on its own: a new reference. */
json_t *play_move_for(const char *ruleset, int finished, const json_t *move, int mover,
                      int viewer, int seats);

/* The game's random stream, at its current position. */
void play_rng(const struct storage_game *g, struct rng *rng);

/*
 * A new game row (storage_game_insert) under a fresh id, written to id,
 * with a fresh secret seed and its public commitment.
 */
enum storage_status play_game_insert(struct db *db, char id[37], const char *ruleset,
                                     const char *options_text, int seat_count,
                                     const char *created_by, const char *seats_text,
                                     const char *clock_text);

/*
 * Runs the engine's setup for g, whose seats are all filled, and writes
 * it as log entry 1 (status active). On success updates g (state,
 * version, status, rng_pos, must_act) and returns STORAGE_OK; a setup
 * the engine refuses is STORAGE_ERROR with err filled.
 */
enum storage_status play_start(struct db *db, struct storage_game *g,
                               struct rules_error *err);

/*
 * Chains the log entry that the next change of g writes (api/chain.h):
 * its hash after g->log_head, which becomes the new head. The move and
 * events are printed with CHAIN_JSON_FLAGS, as they are stored. Call it
 * with g already changed (rng_pos) and before rendering any answer, which
 * shows the head. Returns 0, or -1 when the stored chain is broken.
 */
int play_chain_next(struct storage_game *g, int64_t seq, int seat,
                    const char *kind, const char *move_text,
                    const char *events_text);

/* The on_timeout policies engine e supports, NULL-terminated. */
const char *const *play_timeout_policies(const struct rules_engine *e);

/*
 * After a change to g (must_act settled), mover having acted (-1: none):
 * runs the clock of a timed game and fills a's clock members; *state_text
 * is new (free it), NULL for an untimed game.
 */
void play_clock_after(struct storage_game *g, int mover, struct storage_advance *a,
                      char **state_text);

/* One change to a game as storage writes it, with the texts it owns. */
struct play_change {
    struct storage_advance a;
    char *state_text, *result_text, *payload_text, *clock_text;
};

/*
 * Fills c for the change g has had (settled, chained, move_count the new
 * entry's): seat's entry of kind, with move_text and events_text
 * (borrowed), notified as topic with payload (stolen), and the clock run.
 * The caller adds what only it knows (account, Idempotency-Key, answer).
 * clock_mover is the seat whose turn the change answers for the clock:
 * seat, or -1 for a move made whoever must act (standing orders), which
 * must not give its seat a fresh allowance of time.
 */
void play_change_init(struct play_change *c, struct storage_game *g, int seat,
                      int clock_mover, const char *kind, const char *move_text,
                      const char *events_text, const char *topic, json_t *payload);
void play_change_clear(struct play_change *c);

/* A dry run of e's setup for seats players, so bad options are refused
 * when a game or a competition is created: 0, or -1 having replied 400
 * (its detail the engine's message and the rule it cites). */
int play_options_or_reply(struct request *r, const struct rules_engine *e,
                          const json_t *options, int seats);

/* Milliseconds since the epoch, from the real clock. */
int64_t play_now_ms(void);

#define MESSAGE_MAX 2000   /* bytes of a message */

/*
 * Checks a message m (a string, or {text, to}) that seat sends in g:
 * 1 to MESSAGE_MAX bytes, to another seat of g, to everyone (*to -1), or
 * with "to": "team" to the seats of seat's team in a game played in teams
 * (*to MESSAGE_TO_TEAM, *team their bitmask, seat's own included). *text
 * is borrowed from m. Returns 0, or -1 having replied (messages.c).
 */
#define MESSAGE_TO_TEAM (-2)
int message_or_reply(struct request *r, const struct storage_game *g, int seat,
                     const json_t *m, const char **text, int *to, unsigned *team);

/* A JSON array of the seats in bitmask m. New reference. */
json_t *play_seat_list(unsigned m);

/* Who must act next, the winners and, once over, the status and result,
 * from the engine's status rs. */
void play_settle(struct storage_game *g, const struct rules_status *rs);

/* Fills st from the engine for g's state. */
int play_status(const struct storage_game *g, struct rules_status *st);

#endif
