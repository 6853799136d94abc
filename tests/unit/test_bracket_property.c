/*
 * test_bracket_property.c - random brackets of 2..70 entrants, single and
 * double elimination, with random wins, draws and forfeits. Every rule
 * is counted again here from the raw games, not from the bracket's own
 * bookkeeping.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "competition/bracket.h"

#define MAX_N 70
#define MAX_GAMES (4 * MAX_N)
#define BRACKETS 4000

static uint64_t rng_state = 0x7b3a9c15d2e8f401ull;

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(splitmix64() % (uint64_t)n); }

struct event {
    enum bracket_kind kind;
    int n;
    struct comp_game hist[MAX_GAMES];
    struct bracket_slot slot[MAX_GAMES];
    int nh;
    int rounds;
};

/* A random result: a win either way, a draw or a forfeit. */
static void decide(struct comp_game *g)
{
    int roll = below(10), w = below(2);
    g->done = true;
    g->how = roll == 0 ? COMP_FORFEIT : COMP_PLAYED;
    if (roll == 1) {
        g->place[0] = g->place[1] = 1;
        return;
    }
    g->place[w] = 1;
    g->place[1 - w] = 2;
}

/* The draw ruling restated: on equal places the worse seed loses. */
static int loser_of(const struct comp_game *g)
{
    if (g->place[0] != g->place[1])
        return g->place[0] > g->place[1] ? g->entrant[0] : g->entrant[1];
    return g->entrant[0] > g->entrant[1] ? g->entrant[0] : g->entrant[1];
}

static int winner_of(const struct comp_game *g)
{
    return g->entrant[0] == loser_of(g) ? g->entrant[1] : g->entrant[0];
}

static bool same_games(const struct comp_game *a, const struct comp_game *b,
                       int count)
{
    for (int i = 0; i < count; i++) {
        if (a[i].seats != b[i].seats || a[i].round != b[i].round)
            return false;
        for (int s = 0; s < a[i].seats; s++)
            if (a[i].entrant[s] != b[i].entrant[s])
                return false;
    }
    return true;
}

static bool has(const struct comp_game *g, int e)
{
    for (int s = 0; s < g->seats; s++)
        if (g->entrant[s] == e)
            return true;
    return false;
}

/* Plays ev to its end; returns false if a call failed. */
static bool play(struct event *ev)
{
    struct comp_game again[MAX_N];
    ev->nh = 0;
    ev->rounds = 0;
    for (int r = 0; r < 64; r++) {
        if (!CHECK(ev->nh + ev->n <= MAX_GAMES))
            return false;
        struct comp_game *out = ev->hist + ev->nh;
        int c = bracket_round(ev->kind, ev->n, ev->hist, ev->nh, r, out,
                              ev->slot + ev->nh);
        if (!CHECK(c >= 0 && c <= ev->n))
            return false;
        if (c == 0)
            return true;
        /* the same history gives the same round */
        CHECK_EQ_INT(bracket_round(ev->kind, ev->n, ev->hist, ev->nh, r,
                                   again, NULL),
                     c);
        CHECK(same_games(out, again, c));
        for (int i = 0; i < c; i++)
            if (out[i].seats == 2)
                decide(&out[i]);
        ev->nh += c;
        ev->rounds++;
    }
    return CHECK(0);
}

/* Every game seats two distinct entrants, or is a first-round bye. */
static void check_games(const struct event *ev)
{
    for (int i = 0; i < ev->nh; i++) {
        const struct comp_game *g = &ev->hist[i];
        if (g->seats == 1) {
            CHECK(g->done && g->how == COMP_BYE && g->round == 0);
            CHECK(g->entrant[0] >= 0 && g->entrant[0] < ev->n);
            continue;
        }
        CHECK_EQ_INT(g->seats, 2);
        CHECK(g->entrant[0] >= 0 && g->entrant[0] < ev->n);
        CHECK(g->entrant[1] >= 0 && g->entrant[1] < ev->n);
        CHECK(g->entrant[0] != g->entrant[1]);
    }
}

/* Nobody sits in two games of one round. */
static void check_rounds(const struct event *ev)
{
    int seen_in[MAX_N];
    for (int e = 0; e < ev->n; e++)
        seen_in[e] = -1;
    for (int i = 0; i < ev->nh; i++) {
        const struct comp_game *g = &ev->hist[i];
        for (int s = 0; s < g->seats; s++) {
            int e = g->entrant[s];
            if (e < 0 || e >= ev->n)
                continue;
            CHECK(seen_in[e] != g->round);
            seen_in[e] = g->round;
        }
    }
}

/* The byes of round 0 go to the top seeds: seeds 1..size-n. */
static void check_byes(const struct event *ev)
{
    int size = 1;
    while (size < ev->n)
        size *= 2;
    int byes = 0;
    for (int i = 0; i < ev->nh; i++)
        if (ev->hist[i].seats == 1) {
            byes++;
            CHECK(ev->hist[i].entrant[0] < size - ev->n);
        }
    CHECK_EQ_INT(byes, size - ev->n);
}

/* Did the two entrants of game i meet in an earlier game? */
static bool met_before(const struct event *ev, int i)
{
    const struct comp_game *g = &ev->hist[i];
    for (int j = 0; j < i; j++) {
        const struct comp_game *o = &ev->hist[j];
        if (o->seats == 2 && has(o, g->entrant[0]) && has(o, g->entrant[1]))
            return true;
    }
    return false;
}

/*
 * Losses, the champion and the places, from the games alone. Returns
 * how many losers' bracket games were rematches of an earlier game.
 */
static int check_outcome(const struct event *ev)
{
    int n = ev->n, loss[MAX_N] = {0}, out_round[MAX_N], place[MAX_N];
    int two_seat = 0, rematches = 0;
    for (int e = 0; e < n; e++)
        out_round[e] = -1;
    for (int i = 0; i < ev->nh; i++) {
        const struct comp_game *g = &ev->hist[i];
        if (g->seats != 2)
            continue;
        two_seat++;
        int l = loser_of(g);
        /* check_games reports entrants out of range */
        if (g->entrant[0] < 0 || g->entrant[0] >= n || g->entrant[1] < 0 ||
            g->entrant[1] >= n)
            continue;
        /* nobody plays again once out */
        CHECK_EQ_INT(out_round[g->entrant[0]], -1);
        CHECK_EQ_INT(out_round[g->entrant[1]], -1);
        if (++loss[l] == (ev->kind == BRACKET_SINGLE ? 1 : 2))
            out_round[l] = g->round;
        if (ev->slot[i].part == BRACKET_LOSERS && met_before(ev, i)) {
            rematches++;
            /* the first drop-in is crossed over: from 8 entrants up,
             * losers' rounds 0 and 1 hold no rematch */
            CHECK(n <= 4 || ev->slot[i].part_round > 1);
        }
    }
    const struct comp_game *last = &ev->hist[ev->nh - 1];
    if (!CHECK(last->seats == 2 && last->entrant[0] >= 0 &&
               last->entrant[0] < n && last->entrant[1] >= 0 &&
               last->entrant[1] < n))
        return rematches;
    int champion = winner_of(last), runner_up = loser_of(last);
    for (int e = 0; e < n; e++) {
        if (e == champion)
            CHECK(ev->kind == BRACKET_SINGLE ? loss[e] == 0 : loss[e] <= 1);
        else
            CHECK_EQ_INT(loss[e], ev->kind == BRACKET_SINGLE ? 1 : 2);
    }
    if (ev->kind == BRACKET_SINGLE)
        CHECK_EQ_INT(two_seat, n - 1);
    else
        CHECK(two_seat == 2 * n - 2 || two_seat == 2 * n - 1);

    if (!CHECK_EQ_INT(bracket_places(ev->kind, n, ev->hist, ev->nh, place),
                      0))
        return rematches;
    CHECK_EQ_INT(place[champion], 1);
    CHECK_EQ_INT(place[runner_up], 2);
    for (int e = 0; e < n; e++) {
        int better = 0, later = 0;
        for (int o = 0; o < n; o++) {
            better += place[o] < place[e];
            later += o != e && (out_round[o] < 0 ||
                                out_round[o] > out_round[e]);
            /* a better place never went out earlier */
            if (place[o] < place[e] && out_round[e] >= 0)
                CHECK(out_round[o] < 0 || out_round[o] >= out_round[e]);
        }
        CHECK_EQ_INT(place[e], better + 1);
        /* single elimination: each round of the event is one round of
         * the bracket, so the place is set by the round alone */
        if (ev->kind == BRACKET_SINGLE && e != champion)
            CHECK_EQ_INT(place[e], later + 1);
    }
    return rematches;
}

/* A history with one entrant changed no longer fits. */
static void check_tampered(struct event *ev)
{
    struct comp_game out[MAX_N];
    int i = below(ev->nh);
    struct comp_game keep = ev->hist[i];
    int s = below(ev->hist[i].seats);
    ev->hist[i].entrant[s] = (ev->hist[i].entrant[s] + 1 + below(ev->n - 1)) %
                             ev->n;
    CHECK_EQ_INT(bracket_round(ev->kind, ev->n, ev->hist, ev->nh,
                               ev->rounds, out, NULL),
                 -1);
    ev->hist[i] = keep;
    ev->hist[i].done = false;
    CHECK_EQ_INT(bracket_round(ev->kind, ev->n, ev->hist, ev->nh,
                               ev->rounds, out, NULL),
                 -1);
    ev->hist[i] = keep;
}

static void test_random_brackets(void)
{
    static struct event ev;
    long rematches = 0, lgames = 0, resets = 0;
    for (int t = 0; t < BRACKETS; t++) {
        ev.kind = t % 2 ? BRACKET_DOUBLE : BRACKET_SINGLE;
        ev.n = 2 + below(MAX_N - 1);
        if (!play(&ev))
            continue;
        /* the bound is reached exactly, the reset being the one round
         * an event may skip */
        bool reset = ev.slot[ev.nh - 1].part == BRACKET_RESET;
        CHECK_EQ_INT(ev.rounds + (ev.kind == BRACKET_DOUBLE && !reset),
                     bracket_rounds(ev.kind, ev.n));
        check_games(&ev);
        check_rounds(&ev);
        check_byes(&ev);
        rematches += check_outcome(&ev);
        check_tampered(&ev);
        if (ev.kind == BRACKET_DOUBLE) {
            for (int i = 0; i < ev.nh; i++)
                lgames += ev.slot[i].part == BRACKET_LOSERS;
            resets += reset;
        }
    }
    printf("# %d brackets; losers' games %ld, rematches %ld; resets %ld\n",
           BRACKETS, lgames, rematches, resets);
}

int main(void)
{
    RUN(test_random_brackets);
    return check_summary();
}
