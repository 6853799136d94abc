/*
 * test_swiss_property.c - random Swiss events played round by round.
 *
 * Every invariant is recounted here from the raw games, not from
 * anything swiss.c computes: no rematch, at most one bye each and only
 * when the active count is odd, each active entrant in exactly one game
 * of the round and no withdrawn one, round 1 pairing the top half against
 * the bottom half, and the colour limits: nobody's difference moves
 * beyond ±2 and nobody takes the same seat a third time running, unless
 * no pairing keeps them. When at most EXHAUSTIVE_MAX entrants are
 * active (of at most 32), an exhaustive search confirms each -1 (no
 * pairing exists), each round that breaks a colour limit (no pairing
 * within them exists) and each bye that is not the lowest eligible one
 * (every lower choice leaves the rest unpairable, within the limits when
 * the round keeps them).
 */
#include <stdbool.h>
#include <stdint.h>

#include "check.h"
#include "competition/swiss.h"
#include "splitmix.h"

#define EVENTS 3000
#define MAX_N 64
#define MAX_ROUNDS 9
#define MAX_GAMES (MAX_ROUNDS * (MAX_N / 2 + 1))
#define EXHAUSTIVE_MAX 12
#define SMALL_MAX 10 /* the largest field of the small events */
/* Seat-0 games minus seat-1 games, for everyone in an event whose rounds
   all kept the colour limits. */
#define COLOUR_BOUND 2

static struct splitmix rng;

static int below(int k)
{
    return splitmix_below(&rng, k);
}

struct event {
    int n;
    bool active[MAX_N];
    struct comp_game g[MAX_GAMES];
    int ng;
    bool met[MAX_N][MAX_N];
    int byes[MAX_N];
    int colour[MAX_N];
    int last_seat[MAX_N][2]; /* of the two latest played games, newest
                                first; -1 none */
    int breaches;            /* rounds that broke a colour limit */
    double score[MAX_N];
};

static struct tally {
    long pairings, impossible, impossible_checked, byes_moved_up;
    long breaches, breaches_checked; /* rounds past the colour limits */
    int worst_colour;
    long colour_past_two; /* entrant-rounds with a difference above 2 */
} seen;

/* Whether x taking seat s breaks a colour limit: its difference moves
   beyond ±2 (or further beyond), or its last two games had seat s. */
static bool breaks_limit(const struct event *ev, int x, int s)
{
    int before = ev->colour[x], after = before + (s == 0 ? 1 : -1);
    int b = before < 0 ? -before : before, a = after < 0 ? -after : after;
    return (a > 2 && a > b) ||
           (ev->last_seat[x][0] == s && ev->last_seat[x][1] == s);
}

static bool can_meet(const struct event *ev, int a, int b, bool limits)
{
    if (ev->met[a][b])
        return false;
    if (!limits)
        return true;
    return (!breaks_limit(ev, a, 0) && !breaks_limit(ev, b, 1)) ||
           (!breaks_limit(ev, a, 1) && !breaks_limit(ev, b, 0));
}

/* Whether the entrants left in set (a bitmask) pair off without a
   rematch, and with limits within the colour limits too. */
static bool pairs_off(const struct event *ev, uint32_t set, bool limits)
{
    if (!set)
        return true;
    int a = __builtin_ctz(set);
    set &= ~(1u << a);
    for (uint32_t rest = set; rest; rest &= rest - 1) {
        int b = __builtin_ctz(rest);
        if (can_meet(ev, a, b, limits) &&
            pairs_off(ev, set & ~(1u << b), limits))
            return true;
    }
    return false;
}

static uint32_t active_set(const struct event *ev)
{
    uint32_t set = 0;
    for (int i = 0; i < ev->n; i++)
        if (ev->active[i])
            set |= 1u << i;
    return set;
}

/* Whether the exhaustive search is quick enough for this round. */
static bool searchable(const struct event *ev)
{
    return ev->n <= 32 && __builtin_popcount(active_set(ev)) <= EXHAUSTIVE_MAX;
}

static bool any_pairing(const struct event *ev, bool limits)
{
    uint32_t set = active_set(ev);
    if (__builtin_popcount(set) % 2 == 0)
        return pairs_off(ev, set, limits);
    for (int i = 0; i < ev->n; i++)
        if ((set >> i & 1) && ev->byes[i] == 0 &&
            pairs_off(ev, set & ~(1u << i), limits))
            return true;
    return false;
}

/* Ranks below `who`: lower score, or the same score and a higher seed. */
static bool ranks_below(const struct event *ev, int x, int who)
{
    double d = ev->score[x] - ev->score[who];
    return d < -1e-9 || (d < 1e-9 && x > who);
}

static void check_bye_is_lowest_possible(const struct event *ev, int who,
                                         bool limits)
{
    uint32_t set = active_set(ev);
    for (int x = 0; x < ev->n; x++) {
        if (!(set >> x & 1) || ev->byes[x] || !ranks_below(ev, x, who))
            continue;
        seen.byes_moved_up++;
        CHECK(!pairs_off(ev, set & ~(1u << x), limits));
    }
}

static void record(struct event *ev, struct comp_game *g)
{
    if (g->seats == 1) {
        ev->byes[g->entrant[0]]++;
        ev->score[g->entrant[0]] += 1;
        ev->g[ev->ng++] = *g;
        return;
    }
    int a = g->entrant[0], b = g->entrant[1];
    int r = below(100);
    g->done = true;
    g->how = r < 6 ? COMP_FORFEIT : COMP_PLAYED;
    g->place[0] = r % 5 == 4 ? 2 : 1; /* seat 0 a little stronger */
    g->place[1] = r % 5 < 2 ? 2 : 1;
    if (g->how == COMP_FORFEIT && g->place[0] == g->place[1])
        g->place[1] = 2;
    ev->met[a][b] = ev->met[b][a] = true;
    if (g->how != COMP_FORFEIT) {
        ev->colour[a]++;
        ev->colour[b]--;
        for (int s = 0; s < 2; s++) {
            int *last = ev->last_seat[g->entrant[s]];
            last[1] = last[0];
            last[0] = s;
        }
    }
    for (int s = 0; s < 2; s++) {
        int other = g->place[1 - s];
        ev->score[g->entrant[s]] +=
            g->place[s] < other ? 1 : g->place[s] == other ? 0.5 : 0;
    }
    ev->g[ev->ng++] = *g;
}

static void check_round(struct event *ev, const struct comp_game *out,
                        int count)
{
    int times[MAX_N] = {0};
    int byes_now = 0, active = 0;
    bool breach = false;
    for (int i = 0; i < ev->n; i++)
        active += ev->active[i];
    CHECK(count <= (ev->n + 1) / 2);
    for (int k = 0; k < count; k++)
        for (int s = 0; s < out[k].seats && out[k].seats == 2; s++)
            breach |= breaks_limit(ev, out[k].entrant[s], s);
    if (breach) {
        seen.breaches++;
        ev->breaches++;
        if (searchable(ev)) {
            seen.breaches_checked++;
            CHECK(!any_pairing(ev, true));
        }
    }
    for (int k = 0; k < count; k++) {
        const struct comp_game *g = &out[k];
        CHECK(g->seats == 1 || g->seats == 2);
        for (int s = 0; s < g->seats; s++) {
            int x = g->entrant[s];
            if (!CHECK(x >= 0 && x < ev->n))
                return;
            CHECK(ev->active[x]);
            times[x]++;
        }
        if (g->seats == 1) {
            byes_now++;
            CHECK(k == count - 1);
            CHECK_EQ_INT(ev->byes[g->entrant[0]], 0);
            if (searchable(ev))
                check_bye_is_lowest_possible(ev, g->entrant[0], !breach);
        } else {
            CHECK(!ev->met[g->entrant[0]][g->entrant[1]]);
        }
    }
    CHECK_EQ_INT(byes_now, active % 2);
    for (int i = 0; i < ev->n; i++)
        CHECK_EQ_INT(times[i], ev->active[i] ? 1 : 0);
}

/* Round 1, all level: seed i meets seed i + n/2 (the odd last sits out). */
static void check_top_half_meets_bottom_half(int n, const struct comp_game *out,
                                             int count)
{
    for (int k = 0; k < count; k++) {
        if (out[k].seats != 2)
            continue;
        int a = out[k].entrant[0], b = out[k].entrant[1];
        CHECK_EQ_INT(a < b ? b - a : a - b, n / 2);
    }
}

static void play_event(int n)
{
    static struct event ev;
    struct comp_points pts;
    struct comp_game out[MAX_N / 2 + 1];

    comp_points_chess(&pts);
    ev = (struct event){.n = n};
    for (int i = 0; i < n; i++) {
        ev.active[i] = true;
        ev.last_seat[i][0] = ev.last_seat[i][1] = -1;
    }
    int rounds = 2;
    while ((1 << (rounds - 2)) < n)
        rounds++;
    for (int r = 0; r < rounds && r < MAX_ROUNDS; r++) {
        if (r > 0)
            for (int i = 0; i < n; i++)
                if (ev.active[i] && below(100) < 4)
                    ev.active[i] = false;
        int count = swiss_pair(n, ev.active, ev.g, ev.ng, &pts, r, out);
        seen.pairings++;
        if (count < 0) {
            seen.impossible++;
            if (searchable(&ev)) {
                seen.impossible_checked++;
                CHECK(!any_pairing(&ev, false));
            }
            return;
        }
        check_round(&ev, out, count);
        if (r == 0)
            check_top_half_meets_bottom_half(n, out, count);
        for (int k = 0; k < count; k++) {
            CHECK_EQ_INT(out[k].round, r);
            record(&ev, &out[k]);
        }
        for (int i = 0; i < n; i++) {
            int c = ev.colour[i] < 0 ? -ev.colour[i] : ev.colour[i];
            seen.colour_past_two += c > 2;
            if (c > seen.worst_colour)
                seen.worst_colour = c;
            CHECK(c <= COLOUR_BOUND || ev.breaches > 0);
        }
    }
}

static void print_tally(void)
{
    printf("  %ld pairings, %ld impossible (%ld confirmed exhaustively), "
           "%ld lower byes ruled out, %ld past the colour limits (%ld "
           "confirmed exhaustively), worst colour difference %d (%ld times "
           "above 2)\n",
           seen.pairings, seen.impossible, seen.impossible_checked,
           seen.byes_moved_up, seen.breaches, seen.breaches_checked,
           seen.worst_colour, seen.colour_past_two);
}

static void test_random_events_keep_the_swiss_rules(void)
{
    rng = (struct splitmix){20261203};
    seen = (struct tally){0};
    for (int e = 0; e < EVENTS; e++)
        play_event(2 + below(MAX_N - 1));
    print_tally();
    /* Observed, not proven: every breach came with few enough entrants
       left to confirm it, so one in a larger field is worth a look. */
    CHECK_EQ_INT(seen.breaches, seen.breaches_checked);
}

static void test_small_events_are_searched_exhaustively(void)
{
    rng = (struct splitmix){7};
    seen = (struct tally){0};
    for (int e = 0; e < 2000; e++)
        play_event(2 + below(SMALL_MAX - 1));
    print_tally();
    CHECK(seen.impossible_checked > 0);
    CHECK(seen.breaches_checked > 0);
}

int main(void)
{
    RUN(test_random_events_keep_the_swiss_rules);
    RUN(test_small_events_are_searched_exhaustively);
    return check_summary();
}
