/*
 * pairing_fixture.h - a small event for the Swiss and tables tests:
 * entrants all active, chess points, and its games written by hand.
 */
#ifndef TURNPOST_TESTS_PAIRING_FIXTURE_H
#define TURNPOST_TESTS_PAIRING_FIXTURE_H

#include <stdbool.h>

#include "competition/competition.h"

#define FIXTURE_MAX_ENTRANTS 32
#define FIXTURE_MAX_GAMES 256

struct event {
    int n;
    bool active[FIXTURE_MAX_ENTRANTS];
    struct comp_game g[FIXTURE_MAX_GAMES];
    int ng;
    struct comp_points pts;
};

static inline void event_init(struct event *ev, int n)
{
    *ev = (struct event){.n = n};
    for (int i = 0; i < n; i++)
        ev->active[i] = true;
    comp_points_chess(&ev->pts);
}

/* A finished two-seat game: +1 seat 0 won, 0 drawn, -1 seat 1 won. */
static inline void played(struct event *ev, int round, int first, int second,
                          int result)
{
    struct comp_game *g = &ev->g[ev->ng++];
    *g = (struct comp_game){.round = round, .seats = 2, .done = true,
                            .how = COMP_PLAYED};
    g->entrant[0] = first;
    g->entrant[1] = second;
    g->place[0] = result < 0 ? 2 : 1;
    g->place[1] = result > 0 ? 2 : 1;
}

static inline void bye(struct event *ev, int round, int who)
{
    struct comp_game *g = &ev->g[ev->ng++];
    *g = (struct comp_game){.round = round, .seats = 1, .done = true,
                            .how = COMP_BYE};
    g->entrant[0] = who;
    g->place[0] = 1;
}

/* A finished table of who[0..size) in seat order, all tied for first. */
static inline void tied_table(struct event *ev, int round, const int *who,
                              int size)
{
    struct comp_game *g = &ev->g[ev->ng++];
    *g = (struct comp_game){.round = round, .seats = size, .done = true,
                            .how = COMP_PLAYED};
    for (int s = 0; s < size; s++) {
        g->entrant[s] = who[s];
        g->place[s] = 1;
    }
}

static inline bool seated_at(const struct comp_game *g, int who)
{
    for (int s = 0; s < g->seats; s++)
        if (g->entrant[s] == who)
            return true;
    return false;
}

#endif
