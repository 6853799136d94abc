/*
 * competition.h - what every competition module speaks: entrants, the
 * games of a round and their results.
 *
 * Competitions (pairing, brackets, standings, tie-breaks, ratings) are
 * pure logic like the game engines: no SQL, no HTTP, no clock. api/ reads
 * an event's rows from storage/, hands them here as the structs below and
 * stores what comes back, inside the transaction that records a result.
 *
 * An entrant is an index 0..n-1 into the event's entrant list, in seed
 * order (0 is the top seed). A game seats 2..COMP_MAX_SEATS entrants in
 * seat order (seat 0 moves first: "white" in a two-player game); a game
 * of one seat is a bye. A result gives each seat its finishing place,
 * 1 for first; seats with the same place tied (a two-player draw is 1, 1).
 */
#ifndef TURNPOST_RULES_COMPETITION_H
#define TURNPOST_RULES_COMPETITION_H

#include <stdbool.h>

#define COMP_MAX_SEATS 6
#define COMP_NONE (-1) /* no entrant: an empty bracket slot */

enum comp_how {
    COMP_PLAYED = 0,   /* the game was played to its end (resignation and
                          timeout included: the game itself decided) */
    COMP_FORFEIT,      /* decided without play: no-show, withdrawal, an
                          organiser's forfeit; places say who won */
    COMP_BYE,          /* a game of one seat: no opponent this round */
};

struct comp_game {
    int round;                        /* 0-based round of the event */
    int seats;                        /* 1 (a bye) .. COMP_MAX_SEATS */
    int entrant[COMP_MAX_SEATS];      /* by seat; seat 0 moves first */
    bool done;                        /* a result is in place[] */
    enum comp_how how;
    int place[COMP_MAX_SEATS];        /* by seat, 1 = first; valid if done */
};

/*
 * Points an event gives, chosen by its organiser. Two-player games score
 * win/draw/loss; a game of more seats scores by_place[place - 1], and k
 * seats tied on a place share the points of the k places they cover
 * (their mean). A forfeit scores forfeit_win/forfeit_loss; a bye, bye.
 */
struct comp_points {
    double win, draw, loss;
    double bye;
    double forfeit_win, forfeit_loss;
    double by_place[COMP_MAX_SEATS];
};

/* The usual chess points: 1, 1/2, 0; a bye and a forfeit win count 1. */
void comp_points_chess(struct comp_points *p);

/* What seat s of the finished game g scores under p. */
double comp_game_points(const struct comp_points *p,
                        const struct comp_game *g, int s);

#endif
