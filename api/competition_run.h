/*
 * competition_run.h - a competition's rounds as they happen: pairing a
 * round and starting its games, recording results, and moving on to the
 * next round when the last game of one ends.
 *
 * Everything runs in the caller's transaction with the competition's row
 * locked (storage_comp_lock), so two games that end at once on two
 * replicas are serialized on that row: the second sees the first's result
 * and only one of them pairs the next round. The pairing itself is the
 * pure code of rules/competition/.
 */
#ifndef TURNPOST_API_COMPETITION_RUN_H
#define TURNPOST_API_COMPETITION_RUN_H

#include <stdbool.h>

#include <jansson.h>

#include "competition/competition.h"
#include "db.h"
#include "engine.h"
#include "games.h"

#define COMP_MAX_ROUNDS 100

enum comp_format {
    FORMAT_ROUND_ROBIN = 0,
    FORMAT_DOUBLE_ROUND_ROBIN,
    FORMAT_SWISS,
    FORMAT_SINGLE_ELIMINATION,
    FORMAT_DOUBLE_ELIMINATION,
    FORMAT_TABLES,
    FORMAT_COUNT
};

/* "round_robin", ...; and back (-1 for an unknown name). */
const char *comp_format_name(enum comp_format f);
int comp_format_parse(const char *name);

/* A competition as the pairing reads it. */
struct comp_event {
    json_t *row;              /* the competition (COMP_JSON) */
    json_t *entrants;         /* in seed order */
    int n;                    /* entrants */
    enum comp_format format;
    int round;                /* the round being played; -1 before */
    int rounds;               /* the most rounds it can take */
    int seats, min_seats;
    bool *active;             /* by seed: still playing in `round` */
    int *withdrawn_round;     /* by seed: first round not played, or -1 */
    struct comp_game *games;  /* every game so far, by round and board */
    json_t *game_rows;        /* the same as stored */
    int ngames, cap;
    struct comp_points points;
    int tiebreak[8], ntiebreaks;
    int names_first;          /* the ruleset's option first_player: 1 it has
                                 it, -1 not, 0 not looked up yet */
};

/* How many rounds format takes for n entrants: round robins their
 * schedule's, Swiss `given` or enough to tell a winner (ceil(log2 n)),
 * tables `given` or 3, brackets the most their bracket can take. */
int comp_rounds_for(enum comp_format format, int n, int given);

/* Players a team in ev: 1 unless its entrants are teams. */
int comp_team_size(const struct comp_event *ev);

/*
 * The seats of a game of ev between entrants entrants: their number
 * (entrants times the team size), and for each seat the entrant's
 * position in the pairing (pos) and which of its members sits there
 * (member, 0 its captain); a team takes the seats of one team of the
 * ruleset (team_of), its members in seat order. -1 when the game cannot
 * be seated so.
 */
int comp_game_seats(const struct comp_event *ev, int entrants, int pos[RULES_MAX_SEATS],
                    int member[RULES_MAX_SEATS]);

/* Reads competition id (locked when lock) with its entrants and games. */
enum storage_status comp_event_load(struct db *db, const char *id, int lock,
                                    struct comp_event *ev);
void comp_event_clear(struct comp_event *ev);

/* Points from a JSON object (missing members take the defaults for
 * seats); -1 with why filled when a member is not a number. */
int comp_points_parse(const json_t *o, int seats, struct comp_points *p, char *why,
                      size_t whylen);
/* The same back as JSON. New reference. */
json_t *comp_points_json(const struct comp_points *p, int seats);

/*
 * Starts the loaded competition (status registration, entrants seeded):
 * pairs round 0 and starts its games. why says what went wrong when the
 * pairing is impossible (STORAGE_CONFLICT).
 */
enum storage_status comp_start(struct db *db, struct comp_event *ev, char *why,
                               size_t whylen);

/* Game (round, board) of the loaded competition, or NULL. */
struct comp_game *comp_find_game(struct comp_event *ev, int round, int board);

/*
 * Records the result of game (round, board) of the loaded, locked
 * competition: how and places by seat (NULL for a bye), recorded by
 * by ("game", "organiser", "withdrawal"); then, when it was the last
 * game of the round, pairs the next round or finishes the competition.
 * STORAGE_CONFLICT when the game has a result already.
 */
enum storage_status comp_record(struct db *db, struct comp_event *ev, int round, int board,
                                enum comp_how how, const int *places, const char *by);

/*
 * In the transaction that finishes Turnpost game g, which is game (round,
 * board) of competition comp: records its result as the game decided it.
 */
enum storage_status comp_game_finished(struct db *db, const char *comp, int round, int board,
                                       const struct storage_game *g);

/*
 * Withdraws the entrant of seed e from the next round on: in the round
 * being played, the entrant's games without a result are lost by forfeit.
 */
enum storage_status comp_withdraw(struct db *db, struct comp_event *ev, int e);

/* Pairs the current round again (none of its games has had a move); who
 * withdrew during the round is out of it. */
enum storage_status comp_repair(struct db *db, struct comp_event *ev, char *why,
                                size_t whylen);

/* The standings as JSON: [{rank, seed, account_id, name, points, ...}]. */
json_t *comp_standings_json(const struct comp_event *ev);

/* The standings as Markdown for a chat bot. New string (free()). */
char *comp_standings_markdown(const struct comp_event *ev);

#endif
