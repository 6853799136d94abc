/*
 * engine.h - the one interface every game implements.
 *
 * The service knows games only through struct rules_engine. An engine is
 * pure: no I/O, no clock, no globals that change after start-up, no SQL,
 * no HTTP. Given the same state, move and random stream it produces the
 * same result, so a game can be replayed from its move log.
 *
 * JSON ownership: every json_t returned by an engine is a new reference
 * owned by the caller. Arguments passed as const json_t * are borrowed.
 */
#ifndef TURNPOST_RULES_ENGINE_H
#define TURNPOST_RULES_ENGINE_H

#include <jansson.h>

#include "rng.h"

#define RULES_MAX_SEATS 8

/*
 * A refused move or setup. code is stable and machine readable
 * ("not_your_turn", "unknown_card"); message is a sentence a player
 * understands; rule cites the rulebook section the check enforces.
 */
struct rules_error {
    char code[48];
    char message[256];
    char rule[96];
};

/* Who must act now, and the result once the game is over. */
struct rules_status {
    unsigned must_act;     /* bitmask of seats that may move now */
    int finished;          /* 1 once the game is over */
    unsigned winners;      /* bitmask of winning seats; 0 for none */
    int place[RULES_MAX_SEATS]; /* once finished: each seat's finishing
                                   place, 1 first; equal places are ties */
    char summary[160];     /* one line a chat bot can post */
};

/*
 * Events: apply() returns a JSON array of event objects, each with a
 * "type". An event that only some seats may see carries "to": [seat, ...];
 * the service shows it to those seats only and to nobody else, including
 * spectators. Every other event is public. Engines put hidden facts (cards
 * drawn, deck order) only in such private events, never in public ones.
 */
struct rules_engine {
    const char *id;
    const char *title;
    int min_seats, max_seats;

    /* Options schema, move types and data version. New reference. */
    json_t *(*describe)(void);

    /*
     * Checks options (NULL means defaults) and deals the game for seats
     * players. On success *state is a new reference, *events the setup
     * events (new reference) and 0 is returned; on failure -1 and err.
     */
    int (*setup)(const json_t *options, int seats, struct rng *rng,
                 json_t **state, json_t **events, struct rules_error *err);

    /*
     * Applies move for seat. On success replaces *state (the old
     * reference is released), sets *events and returns 0. On a refused
     * move returns -1, fills err and leaves *state untouched.
     */
    int (*apply)(json_t **state, int seat, const json_t *move,
                 struct rng *rng, json_t **events, struct rules_error *err);

    /*
     * Seat resigns, at any time and whoever must act: the game's rules
     * decide what follows (status() then says whether the game is over,
     * who won and who must act). Uses no randomness. On success replaces
     * *state (the old reference is released), sets *events and returns 0;
     * refuses with -1 and err, leaving *state untouched, a seat that is
     * not a player or has already left the game, and a finished game.
     */
    int (*resign)(json_t **state, int seat, json_t **events,
                  struct rules_error *err);

    /* What seat may see; seat -1 is a spectator. New reference. */
    json_t *(*view)(const json_t *state, int seat);

    /* The moves seat may make now: {"moves": [...]} New reference. */
    json_t *(*legal_moves)(const json_t *state, int seat);

    /* Who must act and the result. Returns 0, or -1 on a corrupt state. */
    int (*status)(const json_t *state, struct rules_status *st);

    /*
     * The options of a rematch of a finished game: options are the old
     * game's (borrowed), state its final state. New reference, or NULL
     * when the state is not a finished game of this engine. NULL hook:
     * a rematch keeps the options as they were.
     */
    json_t *(*rematch_options)(const json_t *options, const json_t *state);

    /*
     * Text for chat, in the game's own notation (documented in its
     * RULINGS.md); each hook may be NULL when the game has none.
     *
     * text_view renders what seat (-1: a spectator) may see as Markdown a
     * chat bot can post as it is: whose turn, the scores, the board in
     * brief, the seat's own hand to that seat only. At most
     * RULES_TEXT_VIEW_MAX bytes (the service adds a header and the last
     * moves and keeps the whole under Discord's 2,000 characters). New
     * string (free()).
     *
     * text_moves lists the moves seat may make now, one per line, each as
     * a player types it; where legal_moves gives a shape, its line is a
     * pattern ("bid <0-12>", "build <hex> <tile> <rotation 0-5>"). New
     * string (free()); "" when seat has no move.
     *
     * text_parse reads text, typed by seat, into the move it names (a new
     * reference, as apply() takes it), or returns NULL with err filled
     * (code "unreadable_move", a message naming the notation). It reads
     * what text_moves and text_move write; whether the move is legal is
     * for apply() to say.
     *
     * text_move writes a move (as apply() takes it, or as the move log
     * holds it) in the notation. New string (free()).
     */
    char *(*text_view)(const json_t *state, int seat);
    char *(*text_moves)(const json_t *state, int seat);
    json_t *(*text_parse)(const json_t *state, int seat, const char *text,
                          struct rules_error *err);
    char *(*text_move)(const json_t *move);

    /*
     * A picture of what seat (-1: a spectator) may see, as a standalone
     * SVG document with its width and height in pixels (the service
     * renders it to PNG as well): the board or table, pieces, owners and
     * scores, drawn from the same redacted view. New string (free()); NULL
     * hook when the game has none.
     */
    char *(*svg_view)(const json_t *state, int seat);

    /*
     * The move seat makes when its time is up and the game's pace says
     * "auto" (NULL hook: the game knows no such move, and a timed-out seat
     * forfeits): the least committal move the rules allow now, as the
     * game's RULINGS.md says. New reference, or NULL when there is none
     * (the seat forfeits).
     */
    json_t *(*timeout_move)(const json_t *state, int seat);

    /*
     * Whether move is one a seat may make whoever must act (NULL hook:
     * none is): standing orders, which a seat sets in advance for the
     * questions it may be asked. The service then accepts it from any
     * seat of an active game; apply() still decides whether it is legal.
     */
    int (*any_time)(const json_t *move);

    /*
     * move, made by seat mover, as viewer (-1: a spectator) may see it in
     * the move log, live events and webhooks while the game is not over
     * (seats: the game's number of seats, which tells a ruleset with teams
     * who is whose teammate):
     * a new reference without its secret part, or NULL when viewer may
     * see it whole. NULL hook: every move is public. For a choice made in
     * secret and revealed by a later event (a pilot), or a seat's orders.
     * Once the game is over the service shows every move whole.
     */
    json_t *(*move_seen)(const json_t *move, int mover, int viewer, int seats);

    /*
     * The team of seat in a game of seats seats, for a ruleset whose
     * players play in teams; NULL hook: none do. Messages to a team go to
     * the seats of the sender's team.
     */
    int (*team_of)(int seat, int seats);
};

/* The most a text_view may write, in bytes. */
#define RULES_TEXT_VIEW_MAX 1500

/* The registered engines; NULL when id is unknown. */
const struct rules_engine *rules_engine_find(const char *id);

/* The number of registered engines and the i-th one, for listings. */
int rules_engine_count(void);
const struct rules_engine *rules_engine_at(int i);

/*
 * The first key of the JSON object obj that is not in the NULL-terminated
 * list allowed (borrowed from obj), or NULL when every key is allowed.
 * Engines use it to refuse unknown fields in moves and data files.
 */
const char *rules_unknown_key(const json_t *obj, const char *const *allowed);

/*
 * One pass over the JSON object obj for the fields names (NULL-terminated,
 * distinct): values[i] is obj's value of names[i] (borrowed), NULL when
 * obj has none. Returns the first key of obj not in names (borrowed from
 * obj), or NULL, as rules_unknown_key. A non-object has no fields and no
 * unknown key. Cheaper than a json_object_get a field when obj's keys
 * come in the order of names, as in the states an engine writes.
 */
const char *rules_object_fields(const json_t *obj, const char *const *names,
                                json_t **values);

/*
 * One change to a state, as an engine's apply() and resign() make it: fn
 * reads state into the engine's typed form, changes it (appending events
 * to the array it is given) and returns the new state as a new reference,
 * or NULL with err filled. On success *state is replaced and *events set;
 * on failure both are left alone. rule names the rule of an out-of-memory
 * failure.
 */
typedef json_t *(*rules_change_fn)(const json_t *state, const void *arg,
                                   json_t *events, struct rules_error *err);
int rules_change(json_t **state, json_t **events, struct rules_error *err,
                 const char *rule, rules_change_fn fn, const void *arg);

/*
 * The first entry of legal (a legal_moves "moves" array) whose type comes
 * earliest in types (NULL-terminated), copied; NULL when none has any of
 * them. For timeout_move: the types named must be concrete moves.
 */
json_t *rules_first_move_of(const json_t *legal, const char *const *types);

/* Fills err; returns -1 so a check can say `return rules_fail(...)`. */
int rules_fail(struct rules_error *err, const char *code, const char *rule,
               const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
