/*
 * test_standings_property.c - standings of thousands of random events
 * against a recomputation from the raw games written here.
 *
 * Each event has 2..40 entrants and 1..12 rounds of random pairings
 * (two-player games or tables of 3..6 seats, byes for whoever is left
 * over) or some rounds of a single or double round robin; random
 * forfeits, entrants who withdraw (their later games are forfeits
 * lost), games not yet finished, and one of several points schemes. The recomputation below follows docs/standings.md directly:
 * per entrant, the list of opponents met, summed, cut and weighted.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "round_robin.h"
#include "standings.h"

#define EVENTS 20000
#define MAX_N 40
#define MAX_SWISS_ROUNDS 12
#define MAX_ROUNDS (2 * MAX_N) /* a double round robin of 40 */
#define MAX_GAMES (MAX_ROUNDS * MAX_N)
#define MAX_MET (MAX_ROUNDS * (COMP_MAX_SEATS - 1))
#define EPS 1e-7

static uint64_t rng_state;

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(int k)
{
    return (int)(splitmix64() % (uint64_t)k);
}

static double halves(int max_halves)
{
    return below(max_halves + 1) / 2.0;
}

static bool near(double a, double b)
{
    return a - b < EPS && b - a < EPS;
}

struct event {
    int n, ng, rounds_done;
    int rr; /* 0 random draws, 1 a single round robin, 2 a double */
    struct comp_game g[MAX_GAMES];
    struct comp_points p;
    double total; /* points the generator handed out, game by game */
};

/* What seat s scores, from competition.h's definition of the points. */
static double seat_points(const struct comp_points *p,
                          const struct comp_game *g, int s)
{
    if (g->seats == 1)
        return p->bye;
    int ahead = 0, level = 0;
    for (int t = 0; t < g->seats; t++)
        if (t != s) {
            ahead += g->place[t] < g->place[s];
            level += g->place[t] == g->place[s];
        }
    bool forfeit = g->how == COMP_FORFEIT;
    if (g->seats == 2) {
        if (level)
            return p->draw;
        if (ahead)
            return forfeit ? p->forfeit_loss : p->loss;
        return forfeit ? p->forfeit_win : p->win;
    }
    if (forfeit && !level)
        return ahead ? p->forfeit_loss : p->forfeit_win;
    double sum = 0;
    for (int k = ahead; k <= ahead + level; k++)
        sum += p->by_place[k];
    return sum / (level + 1);
}

static void random_points(struct comp_points *p)
{
    switch (below(3)) {
    case 0:
        comp_points_chess(p);
        break;
    case 1:
        *p = (struct comp_points){.win = 3, .draw = 1, .bye = 3,
                                  .forfeit_win = 3,
                                  .by_place = {3, 2, 1}};
        break;
    default:
        p->loss = halves(2);
        p->draw = p->loss + halves(2);
        p->win = p->draw + halves(4);
        p->bye = halves(8);
        p->forfeit_win = halves(8);
        p->forfeit_loss = halves(2) - 1;
        p->by_place[COMP_MAX_SEATS - 1] = halves(2);
        for (int k = COMP_MAX_SEATS - 2; k >= 0; k--)
            p->by_place[k] = p->by_place[k + 1] + halves(4);
    }
}

static void shuffle(int *a, int m)
{
    for (int i = m - 1; i > 0; i--) {
        int j = below(i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* One game seating who[0..seats) in round r, its result drawn at random;
   withdrawn entrants lose by forfeit, behind everyone still playing. */
static struct comp_game random_game(int r, const int *who, int seats,
                                    const bool *gone)
{
    struct comp_game g = {.round = r, .seats = seats, .done = below(10) != 0};
    int absent = 0;

    for (int s = 0; s < COMP_MAX_SEATS; s++)
        g.entrant[s] = s < seats ? who[s] : COMP_NONE;
    for (int s = 0; s < seats; s++)
        absent += gone[who[s]];
    if (seats == 1) {
        g.how = COMP_BYE;
        g.place[0] = 1;
        g.done = true;
    } else if (absent == seats || (!absent && below(20) == 0)) {
        /* a forfeit for other reasons: seat order decides */
        g.how = COMP_FORFEIT;
        for (int s = 0; s < seats; s++)
            g.place[s] = s + 1;
    } else if (absent) {
        int order[COMP_MAX_SEATS], next = 1;
        for (int s = 0; s < seats; s++)
            order[s] = s;
        shuffle(order, seats);
        g.how = COMP_FORFEIT;
        for (int k = 0; k < seats; k++)
            if (!gone[who[order[k]]])
                g.place[order[k]] = next++;
        for (int s = 0; s < seats; s++)
            if (gone[who[s]])
                g.place[s] = seats;
    } else {
        g.how = COMP_PLAYED;
        for (int s = 0; s < seats; s++)
            g.place[s] = 1 + below(seats);
    }
    return g;
}

/* Seats round r: who[] in seating order, seats[] the size of each game;
   returns the number of games. A round-robin event takes the Berger
   schedule's round, any other a random draw into games of 2 or tables of
   3..6 seats, whoever is left over in a smaller game or a bye. */
static int seat_round(const struct event *ev, int rr, int r, bool tables,
                      int *who, int *seats)
{
    int games = 0;

    if (rr) {
        struct comp_game sched[MAX_N];
        int at = 0;
        games = round_robin_round(ev->n, rr == 2, r, sched);
        for (int i = 0; i < games; i++) {
            seats[i] = sched[i].seats;
            for (int k = 0; k < sched[i].seats; k++)
                who[at++] = sched[i].entrant[k];
        }
        return games;
    }
    for (int e = 0; e < ev->n; e++)
        who[e] = e;
    shuffle(who, ev->n);
    for (int at = 0; at < ev->n; at += seats[games++]) {
        seats[games] = tables ? 3 + below(COMP_MAX_SEATS - 2) : 2;
        if (seats[games] > ev->n - at)
            seats[games] = ev->n - at;
    }
    return games;
}

static void random_event(struct event *ev)
{
    int who[MAX_N], seats[MAX_N], gone_from[MAX_N];
    bool tables;

    ev->n = 2 + below(MAX_N - 1);
    ev->ng = 0;
    ev->total = 0;
    ev->rounds_done = 0;
    random_points(&ev->p);
    tables = ev->n >= 3 && below(3) == 0;
    /* 0: random draws; 1 or 2: a single or double round robin, partly
       or wholly played */
    int rr = ev->rr = tables || below(4) ? 0 : 1 + below(2);
    int rounds = rr ? 1 + below(round_robin_rounds(ev->n, rr == 2))
                    : 1 + below(MAX_SWISS_ROUNDS);
    for (int e = 0; e < ev->n; e++)
        gone_from[e] = below(4) == 0 ? below(rounds) : rounds;

    for (int r = 0; r < rounds; r++) {
        bool gone[MAX_N];
        for (int e = 0; e < ev->n; e++)
            gone[e] = r >= gone_from[e];
        int games = seat_round(ev, rr, r, tables, who, seats);
        for (int i = 0, at = 0; i < games; at += seats[i++]) {
            struct comp_game g = random_game(r, &who[at], seats[i], gone);
            if (g.done) {
                for (int s = 0; s < g.seats; s++)
                    ev->total += seat_points(&ev->p, &g, s);
                if (r + 1 > ev->rounds_done)
                    ev->rounds_done = r + 1;
            }
            ev->g[ev->ng++] = g;
        }
    }
}

/* Everything docs/standings.md says of one entrant, recomputed. */
struct expect {
    double points, key[TB_COUNT];
    int played, wins, draws, losses, byes, forfeits_won, forfeits_lost;
};

static int double_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double bye_result(const struct comp_points *p)
{
    if (p->bye >= p->win)
        return 1;
    return p->bye >= p->draw ? 0.5 : 0;
}

static void recompute(const struct event *ev, struct expect *x)
{
    static double met[MAX_N][MAX_MET];
    int nmet[MAX_N] = {0};
    bool pair_met[MAX_N][MAX_N] = {{false}};

    for (int e = 0; e < ev->n; e++)
        x[e] = (struct expect){0};
    for (int i = 0; i < ev->ng; i++) {
        const struct comp_game *g = &ev->g[i];
        for (int s = 0; g->done && s < g->seats; s++) {
            struct expect *me = &x[g->entrant[s]];
            me->points += seat_points(&ev->p, g, s);
            if (g->seats == 1) {
                me->byes++;
                continue;
            }
            int ahead = 0, level = 0;
            for (int t = 0; t < g->seats; t++)
                if (t != s) {
                    ahead += g->place[t] < g->place[s];
                    level += g->place[t] == g->place[s];
                }
            if (g->how == COMP_FORFEIT) {
                me->forfeits_won += !ahead && !level;
                me->forfeits_lost += ahead || level;
                continue;
            }
            me->played++;
            me->wins += !ahead && !level;
            me->draws += !ahead && level;
            me->losses += ahead > 0;
        }
    }

    for (int i = 0; i < ev->ng; i++) {
        const struct comp_game *g = &ev->g[i];
        for (int s = 0; g->done && s < g->seats; s++) {
            int e = g->entrant[s];
            if (g->seats == 1) {
                met[e][nmet[e]++] = x[e].points;
                x[e].key[TB_SONNEBORN_BERGER] +=
                    x[e].points * bye_result(&ev->p);
                continue;
            }
            for (int t = 0; t < g->seats; t++) {
                if (t == s)
                    continue;
                int o = g->entrant[t];
                double opp = g->how == COMP_FORFEIT ? x[e].points
                                                    : x[o].points;
                double result = g->place[s] < g->place[t]    ? 1
                                : g->place[s] == g->place[t] ? 0.5
                                                             : 0;
                met[e][nmet[e]++] = opp;
                x[e].key[TB_SONNEBORN_BERGER] += opp * result;
                pair_met[e][o] = true;
            }
        }
    }

    int cut = ev->rounds_done >= 9 ? 2 : 1;
    for (int e = 0; e < ev->n; e++) {
        qsort(met[e], (size_t)nmet[e], sizeof met[e][0], double_cmp);
        for (int k = 0; k < nmet[e]; k++) {
            x[e].key[TB_BUCHHOLZ] += met[e][k];
            if (k >= cut && k < nmet[e] - cut)
                x[e].key[TB_MEDIAN_BUCHHOLZ] += met[e][k];
        }
        x[e].key[TB_WINS] = x[e].wins;
    }

    /* head-to-head: each group level on points that fully met */
    for (int e = 0; e < ev->n; e++) {
        bool all_met = true;
        int level = 0;
        for (int o = 0; o < ev->n; o++)
            if (o != e && near(x[o].points, x[e].points)) {
                level++;
                for (int q = 0; q < ev->n; q++)
                    if (q != o && near(x[q].points, x[e].points) &&
                        !pair_met[o][q])
                        all_met = false;
            }
        if (!level || !all_met)
            continue;
        for (int i = 0; i < ev->ng; i++) {
            const struct comp_game *g = &ev->g[i];
            int s = -1;
            for (int k = 0; g->done && g->seats > 1 && k < g->seats; k++)
                if (g->entrant[k] == e)
                    s = k;
            for (int t = 0; s >= 0 && t < g->seats; t++) {
                if (t == s || !near(x[g->entrant[t]].points, x[e].points))
                    continue;
                bool forfeit = g->how == COMP_FORFEIT;
                x[e].key[TB_HEAD_TO_HEAD] +=
                    g->place[s] < g->place[t]
                        ? (forfeit ? ev->p.forfeit_win : ev->p.win)
                    : g->place[s] == g->place[t]
                        ? ev->p.draw
                        : (forfeit ? ev->p.forfeit_loss : ev->p.loss);
            }
        }
    }
}

/* -1 if a should stand above b on points and the chosen keys, 1 below,
   0 level on all of them. */
static int order_by_keys(const struct standing *a, const struct standing *b,
                         const enum tiebreak *order, int norder)
{
    if (!near(a->points, b->points))
        return a->points > b->points ? -1 : 1;
    for (int k = 0; k < norder; k++) {
        double x = a->tiebreak[order[k]], y = b->tiebreak[order[k]];
        if (!near(x, y))
            return x > y ? -1 : 1;
    }
    return 0;
}

static struct event ev;

static void test_random_events(void)
{
    static struct standing out[MAX_N];
    static struct expect x[MAX_N];
    long games = 0, tables = 0, forfeits = 0, byes = 0, long_events = 0,
         level_met = 0, rr_events = 0;

    rng_state = 20261203;
    for (int run = 0; run < EVENTS; run++) {
        enum tiebreak order[TB_COUNT];
        int pick[TB_COUNT], norder = below(TB_COUNT + 1);

        random_event(&ev);
        for (int t = 0; t < TB_COUNT; t++)
            pick[t] = t;
        shuffle(pick, TB_COUNT);
        for (int t = 0; t < TB_COUNT; t++)
            order[t] = (enum tiebreak)pick[t];
        standings_compute(ev.n, ev.g, ev.ng, &ev.p, order, norder, out);
        recompute(&ev, x);

        bool seen[MAX_N] = {false};
        double sum = 0;
        for (int i = 0; i < ev.n; i++) {
            const struct standing *s = &out[i];
            if (!CHECK(s->entrant >= 0 && s->entrant < ev.n) ||
                !CHECK(!seen[s->entrant]))
                return;
            seen[s->entrant] = true;
            const struct expect *w = &x[s->entrant];
            sum += s->points;
            level_met += w->key[TB_HEAD_TO_HEAD] != 0;
            CHECK(near(s->points, w->points));
            CHECK(near(s->tiebreak[TB_BUCHHOLZ], w->key[TB_BUCHHOLZ]));
            CHECK(near(s->tiebreak[TB_MEDIAN_BUCHHOLZ],
                       w->key[TB_MEDIAN_BUCHHOLZ]));
            CHECK(near(s->tiebreak[TB_SONNEBORN_BERGER],
                       w->key[TB_SONNEBORN_BERGER]));
            CHECK(near(s->tiebreak[TB_HEAD_TO_HEAD],
                       w->key[TB_HEAD_TO_HEAD]));
            CHECK(near(s->tiebreak[TB_WINS], w->wins));
            CHECK_EQ_INT(s->wins, w->wins);
            CHECK_EQ_INT(s->draws, w->draws);
            CHECK_EQ_INT(s->losses, w->losses);
            CHECK_EQ_INT(s->played, w->played);
            CHECK_EQ_INT(s->byes, w->byes);
            CHECK_EQ_INT(s->forfeits_won, w->forfeits_won);
            CHECK_EQ_INT(s->forfeits_lost, w->forfeits_lost);
            if (i == 0) {
                CHECK_EQ_INT(s->rank, 1);
                continue;
            }
            int c = order_by_keys(&out[i - 1], s, order, norder);
            CHECK(c <= 0);
            if (c == 0) {
                CHECK(out[i - 1].entrant < s->entrant);
                CHECK_EQ_INT(s->rank, out[i - 1].rank);
            } else {
                CHECK_EQ_INT(s->rank, i + 1);
            }
        }
        /* every finished game's points counted once, no more, no less */
        if (!CHECK(near(sum, ev.total)))
            return;

        long_events += ev.rounds_done >= 9;
        rr_events += ev.rr != 0;
        for (int i = 0; i < ev.ng; i++) {
            games++;
            tables += ev.g[i].seats > 2;
            forfeits += ev.g[i].how == COMP_FORFEIT;
            byes += ev.g[i].seats == 1;
        }
    }
    printf("# %d events (%ld round robins, %ld of 9 rounds or more), %ld "
           "games: %ld at tables, %ld forfeits, %ld byes; %ld head-to-head "
           "scores\n",
           EVENTS, rr_events, long_events, games, tables, forfeits, byes,
           level_met);
}

int main(void)
{
    RUN(test_random_events);
    return check_summary();
}
