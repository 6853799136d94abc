/*
 * swiss.c - Swiss pairing, a simplified Dutch system (docs/pairing.md).
 *
 * The active entrants are ranked by score, then seed. Two entrants may
 * meet when they have not met and some seating keeps both within the
 * colour limits (a difference within ±2, no third same seat running).
 * Then:
 *
 *  1. a depth-first search, top of the ranking first, tries each
 *     entrant's partners in Dutch order (top half of the score group
 *     against the bottom half, then upward in the group, then down into
 *     the next groups), refusing pairs that may not meet; it gives up
 *     after a bounded number of tries, so a large field cannot make it
 *     exponential;
 *  2. if it failed, a greedy pass in the same order, completed to a
 *     maximum matching by Edmonds' blossom algorithm on the graph of
 *     pairs that may meet. This pass is exact: it fails only when no
 *     pairing within the colour limits exists;
 *  3. only then, with every bye candidate tried, the limits give way:
 *     the search ignoring colours, then one that tries pairs breaking a
 *     limit last within each score, the second replacing the first if it
 *     floats no more; the blossom pass on the graph of pairs that have
 *     not met if the search fails. That pass fails only when no pairing
 *     without a rematch exists, which is what makes -1 trustworthy.
 *
 * With an odd count the bye is tried from the bottom of the ranking up
 * among those who have had none, so a bye that would leave the others
 * unpairable moves to the next entrant up.
 */
#include "swiss.h"

#include <stdlib.h>

#include "history.h"

struct pairing {
    const struct history *h;
    const unsigned char *seats_ok; /* by entrant: bit s if seat s keeps it
                                      within the colour limits */
    bool limits;        /* pairs breaking a colour limit may not meet */
    const int *list;    /* entrants to pair, best first */
    int k;              /* length of list */
    int *group_end;     /* by list position: one past its score group */
    int *mate;          /* by list position: partner position or -1 */
    int *bit;           /* Fenwick tree of the unpaired positions */
};

/*
 * The seat an entrant wants next and how much: 3 absolute (its colour
 * difference would pass 2, or it would take the same seat a third time
 * running), 2 to even out its difference, 1 to alternate, 0 no wish.
 */
static int seat_wish(const struct history_entrant *x, int *strength)
{
    if (x->last_seat[0] >= 0 && x->last_seat[0] == x->last_seat[1]) {
        *strength = 3;
        return 1 - x->last_seat[0];
    }
    if (x->colour_diff <= -2 || x->colour_diff >= 2) {
        *strength = 3;
        return x->colour_diff < 0 ? 0 : 1;
    }
    if (x->colour_diff != 0) {
        *strength = 2;
        return x->colour_diff < 0 ? 0 : 1;
    }
    *strength = x->last_seat[0] >= 0 ? 1 : 0;
    return x->last_seat[0] >= 0 ? 1 - x->last_seat[0] : 0;
}

/*
 * The seats x may take within the colour limits (C.04.1 f-g): bit s when
 * seat s neither takes its difference beyond ±2 nor gives it the same
 * seat a third time running. A difference already beyond ±2 (left by an
 * unavoidable breach) may still move back towards 0.
 */
static unsigned char seats_within_limits(const struct history_entrant *x)
{
    unsigned char ok = 0;
    int now = abs(x->colour_diff);
    for (int s = 0; s < 2; s++) {
        int next = abs(x->colour_diff + (s == 0 ? 1 : -1));
        bool too_far = next > 2 && next > now;
        bool third = x->last_seat[0] == s && x->last_seat[1] == s;
        if (!too_far && !third)
            ok |= (unsigned char)(1u << s);
    }
    return ok;
}

/* Whether a at seat s and b at the other keeps both within the limits. */
static bool seating_ok(const struct pairing *pr, int a, int b, int s)
{
    return (pr->seats_ok[a] >> s & 1) && (pr->seats_ok[b] >> (1 - s) & 1);
}

static bool colours_clash(const struct pairing *pr, int a, int b)
{
    return !seating_ok(pr, a, b, 0) && !seating_ok(pr, a, b, 1);
}

/* Whether list positions i and j may meet this round. */
static bool may_meet(const struct pairing *pr, int i, int j)
{
    int a = pr->list[i], b = pr->list[j];
    return !history_met(pr->h, a, b) &&
           !(pr->limits && colours_clash(pr, a, b));
}

/*
 * The seat the higher-ranked entrant a takes against b on the given
 * board: each gets its wish if they differ; otherwise the stronger wish
 * wins, then the larger colour difference, then the higher rank. With
 * no wish on either side the top seat alternates by board. A seating
 * that breaks a colour limit is turned round when the other does not.
 */
static int seat_by_wishes(const struct pairing *pr, int a, int b, int board)
{
    const struct history_entrant *x = &pr->h->e[a], *y = &pr->h->e[b];
    int sa, sb;
    int wa = seat_wish(x, &sa), wb = seat_wish(y, &sb);

    if (sa == 0 && sb == 0)
        return board % 2;
    if (sb == 0 || (sa > 0 && wa != wb))
        return wa;
    if (sa == 0)
        return 1 - wb;
    if (sa != sb)
        return sa > sb ? wa : 1 - wb;
    int da = abs(x->colour_diff), db = abs(y->colour_diff);
    if (da != db)
        return da > db ? wa : 1 - wb;
    return wa;
}

static int seat_of_higher(const struct pairing *pr, int a, int b, int board)
{
    int s = seat_by_wishes(pr, a, b, board);
    if (!seating_ok(pr, a, b, s) && seating_ok(pr, a, b, 1 - s))
        return 1 - s;
    return s;
}

/* Fenwick tree over list positions: 1 while a position is unpaired. */
static void bit_add(struct pairing *pr, int pos, int delta)
{
    for (int i = pos + 1; i <= pr->k; i += i & -i)
        pr->bit[i] += delta;
}

static int bit_prefix(const struct pairing *pr, int end)
{
    int sum = 0;
    for (int i = end; i > 0; i -= i & -i)
        sum += pr->bit[i];
    return sum;
}

/* The position of the unpaired entrant of 0-based rank r. */
static int bit_kth(const struct pairing *pr, int r)
{
    int pos = 0, step = 1;
    while (step * 2 <= pr->k)
        step *= 2;
    for (; step > 0; step /= 2)
        if (pos + step <= pr->k && pr->bit[pos + step] <= r) {
            pos += step;
            r -= pr->bit[pos];
        }
    return pos;
}

static void bit_fill(struct pairing *pr)
{
    for (int i = 1; i <= pr->k; i++)
        pr->bit[i] = 0;
    for (int i = 0; i < pr->k; i++)
        bit_add(pr, i, 1);
}

/*
 * Dutch order of partners for the top unpaired entrant u (rank 0) when
 * g unpaired entrants, u included, share its score and m are unpaired
 * in all: rank j of that order among the other m - 1. The top half of
 * the group meets the bottom half (g/2 first, then down), then the
 * group upward, then the lower groups best first.
 */
static int dutch_rank(int j, int g)
{
    if (g < 2)
        return j + 1;
    int half = g / 2;
    if (j < g - half)
        return half + j;
    if (j < g - 1)
        return half - 1 - (j - (g - half));
    return j + 1;
}

/* What the search does with a pair whose colour needs clash. */
enum colours {
    COLOURS_IGNORED,   /* nothing: Dutch order alone */
    COLOURS_PREFERRED, /* tried after the other partners of the same score */
    COLOURS_REFUSED,   /* never paired */
};

struct frame {
    int u, v;      /* list positions; v valid once chosen */
    int g, m;      /* group and field sizes when u was reached */
    int next;      /* the next Dutch rank to try; -1 before u is known */
    int sweep;     /* COLOURS_PREFERRED: 0 partners without a clash, 1 with */
    int seg_start; /* the rank where the current score segment begins */
    int seg_end;   /* one past its last list position; -1 not known yet */
};

/*
 * The next partner for f->u in Dutch order, or -1. Under
 * COLOURS_PREFERRED the order is walked one score segment at a time (u's
 * own group, then each lower group), first skipping colour clashes, then
 * taking only them, so that heeding colours never costs a float. Counts
 * each try against *budget; -2 when it runs out.
 */
static int next_partner(struct pairing *pr, struct frame *f,
                        enum colours colours, long *budget)
{
    while (true) {
        int v = -1;
        bool in_segment = false;
        if (f->next < f->m - 1) {
            v = bit_kth(pr, dutch_rank(f->next, f->g));
            if (f->seg_start < f->g - 1) {
                in_segment = f->next < f->g - 1;
            } else {
                if (f->seg_end < 0)
                    f->seg_end = pr->group_end[v];
                in_segment = v < f->seg_end;
            }
        }
        if (colours == COLOURS_PREFERRED && !in_segment) {
            if (f->sweep == 0 && f->next > f->seg_start) {
                f->sweep = 1;
                f->next = f->seg_start;
                continue;
            }
            if (v < 0)
                return -1;
            f->sweep = 0;
            f->seg_start = f->next;
            f->seg_end = -1;
            continue;
        }
        if (v < 0)
            return -1;
        f->next++;
        if (--*budget < 0)
            return -2;
        int a = pr->list[f->u], b = pr->list[v];
        if (history_met(pr->h, a, b))
            continue;
        bool clash = colours != COLOURS_IGNORED && colours_clash(pr, a, b);
        if (colours == COLOURS_REFUSED && clash)
            continue;
        if (colours == COLOURS_PREFERRED && clash != (f->sweep == 1))
            continue;
        return v;
    }
}

/*
 * Searches for partners top-down. With backtrack it is a depth-first
 * search of at most budget tries and succeeds only with everyone
 * paired; without, an entrant that finds nobody is left unpaired and
 * the pass goes on (mate -1).
 */
static bool search(struct pairing *pr, enum colours colours, bool backtrack,
                   long budget)
{
    int k = pr->k;
    struct frame *st = history_calloc((size_t)k / 2 + 1, sizeof *st);
    int depth = 0, unpaired = k;
    bool ok = false;

    if (!backtrack)
        budget = (long)k * k + 1;
    for (int i = 0; i < k; i++)
        pr->mate[i] = -1;
    bit_fill(pr);
    st[0].next = -1;
    while (unpaired > 0) {
        struct frame *f = &st[depth];
        if (f->next < 0) {
            f->u = bit_kth(pr, 0);
            f->m = unpaired;
            f->g = bit_prefix(pr, pr->group_end[f->u]) -
                   bit_prefix(pr, f->u);
            f->next = 0;
            f->sweep = 0;
            f->seg_start = 0;
            f->seg_end = -1;
        }
        int chosen = next_partner(pr, f, colours, &budget);
        if (chosen == -2)
            goto out;
        if (chosen >= 0) {
            f->v = chosen;
            pr->mate[f->u] = chosen;
            pr->mate[chosen] = f->u;
            bit_add(pr, f->u, -1);
            bit_add(pr, chosen, -1);
            unpaired -= 2;
            st[++depth].next = -1;
            continue;
        }
        if (!backtrack) {
            /* u stays out; the frame is reused for the next entrant */
            bit_add(pr, f->u, -1);
            unpaired--;
            f->next = -1;
            continue;
        }
        if (depth == 0)
            goto out;
        f = &st[--depth];
        pr->mate[f->u] = pr->mate[f->v] = -1;
        bit_add(pr, f->u, 1);
        bit_add(pr, f->v, 1);
        unpaired += 2;
    }
    ok = true;
out:
    free(st);
    return ok;
}

/*
 * Edmonds' blossom algorithm: grows alternating trees from each
 * unpaired position over the pairs that may meet and augments the
 * matching along every path found. Afterwards the matching is maximum.
 */
struct blossom {
    struct pairing *pr;
    int *parent, *base, *queue;
    bool *used, *in_blossom;
};

static int common_base(struct blossom *b, int x, int y)
{
    bool *seen = history_calloc((size_t)b->pr->k, sizeof *seen);
    int *mate = b->pr->mate;
    for (;;) {
        x = b->base[x];
        seen[x] = true;
        if (mate[x] < 0)
            break;
        x = b->parent[mate[x]];
    }
    for (;;) {
        y = b->base[y];
        if (seen[y])
            break;
        y = b->parent[mate[y]];
    }
    free(seen);
    return y;
}

static void mark_path(struct blossom *b, int v, int top, int child)
{
    int *mate = b->pr->mate;
    while (b->base[v] != top) {
        b->in_blossom[b->base[v]] = b->in_blossom[b->base[mate[v]]] = true;
        b->parent[v] = child;
        child = mate[v];
        v = b->parent[mate[v]];
    }
}

/* One alternating-tree search from root; the path's free end or -1. */
static int find_path(struct blossom *b, int root)
{
    struct pairing *pr = b->pr;
    int k = pr->k, *mate = pr->mate;
    int head = 0, tail = 0;

    for (int i = 0; i < k; i++) {
        b->used[i] = false;
        b->parent[i] = -1;
        b->base[i] = i;
    }
    b->used[root] = true;
    b->queue[tail++] = root;
    while (head < tail) {
        int v = b->queue[head++];
        for (int to = 0; to < k; to++) {
            if (to == v || b->base[v] == b->base[to] || mate[v] == to ||
                !may_meet(pr, v, to))
                continue;
            if (to == root || (mate[to] >= 0 && b->parent[mate[to]] >= 0)) {
                int top = common_base(b, v, to);
                for (int i = 0; i < k; i++)
                    b->in_blossom[i] = false;
                mark_path(b, v, top, to);
                mark_path(b, to, top, v);
                for (int i = 0; i < k; i++) {
                    if (!b->in_blossom[b->base[i]])
                        continue;
                    b->base[i] = top;
                    if (!b->used[i]) {
                        b->used[i] = true;
                        b->queue[tail++] = i;
                    }
                }
            } else if (b->parent[to] < 0) {
                b->parent[to] = v;
                if (mate[to] < 0)
                    return to;
                b->used[mate[to]] = true;
                b->queue[tail++] = mate[to];
            }
        }
    }
    return -1;
}

static bool complete_matching(struct pairing *pr)
{
    int k = pr->k;
    struct blossom b = {.pr = pr};
    bool ok = true;

    b.parent = history_calloc((size_t)k, sizeof *b.parent);
    b.base = history_calloc((size_t)k, sizeof *b.base);
    b.queue = history_calloc((size_t)k, sizeof *b.queue);
    b.used = history_calloc((size_t)k, sizeof *b.used);
    b.in_blossom = history_calloc((size_t)k, sizeof *b.in_blossom);
    for (int root = 0; root < k; root++) {
        if (pr->mate[root] >= 0)
            continue;
        int v = find_path(&b, root);
        if (v < 0) {
            /* a vertex no augmenting path reaches now never gets one */
            ok = false;
            break;
        }
        while (v >= 0) {
            int pv = b.parent[v], next = pr->mate[pv];
            pr->mate[v] = pv;
            pr->mate[pv] = v;
            v = next;
        }
    }
    free(b.parent);
    free(b.base);
    free(b.queue);
    free(b.used);
    free(b.in_blossom);
    return ok;
}

/* How far a pairing strays from score groups: pairs across scores, and
   the sum of their score differences. */
struct spread {
    int floats;
    double points;
};

static struct spread spread_of(const struct pairing *pr)
{
    struct spread sp = {0, 0};
    for (int i = 0; i < pr->k; i++) {
        int j = pr->mate[i];
        if (j <= i || history_level(pr->h, pr->list[i], pr->list[j]))
            continue;
        double d = pr->h->e[pr->list[i]].score - pr->h->e[pr->list[j]].score;
        sp.floats++;
        sp.points += d < 0 ? -d : d;
    }
    return sp;
}

static bool no_wider(struct spread a, struct spread b)
{
    return a.floats < b.floats ||
           (a.floats == b.floats && a.points <= b.points + 1e-9);
}

/*
 * Pairs pr->list into pr->mate within the colour limits: the search in
 * Dutch order refusing pairs that break one, the blossom pass on the
 * same graph when the bounded search gives up. Fails only when no such
 * pairing exists.
 */
static bool pair_within_limits(struct pairing *pr, long budget)
{
    /* only after a breach: nobody can seat such an entrant, and the
       blossom pass would learn it slowly */
    for (int i = 0; i < pr->k; i++)
        if (!pr->seats_ok[pr->list[i]])
            return false;
    pr->limits = true;
    if (search(pr, COLOURS_REFUSED, true, budget))
        return true;
    search(pr, COLOURS_REFUSED, false, 0);
    return complete_matching(pr);
}

/*
 * Pairs pr->list into pr->mate when no pairing keeps the colour limits,
 * so some pair must break one. The plain search by score groups sets the
 * standard; the search trying such pairs last within each score
 * replaces it if it floats no more entrants and no more points. Blossom
 * on the pairs that have not met only when the bounded search fails.
 */
static bool pair_past_limits(struct pairing *pr, long budget)
{
    pr->limits = false;
    if (!search(pr, COLOURS_IGNORED, true, budget)) {
        search(pr, COLOURS_IGNORED, false, 0);
        return complete_matching(pr);
    }
    int *best = history_calloc((size_t)pr->k, sizeof *best);
    for (int i = 0; i < pr->k; i++)
        best[i] = pr->mate[i];
    struct spread plain = spread_of(pr);
    if (!search(pr, COLOURS_PREFERRED, true, budget) ||
        !no_wider(spread_of(pr), plain))
        for (int i = 0; i < pr->k; i++)
            pr->mate[i] = best[i];
    free(best);
    return true;
}

static bool pair_list(struct pairing *pr, bool limits)
{
    long budget = 20L * pr->k + 2000;

    if (pr->k == 0)
        return true;
    return limits ? pair_within_limits(pr, budget)
                  : pair_past_limits(pr, budget);
}

static struct comp_game new_game(int round)
{
    struct comp_game g = {.round = round, .how = COMP_PLAYED};
    for (int s = 0; s < COMP_MAX_SEATS; s++)
        g.entrant[s] = COMP_NONE;
    return g;
}

int swiss_pair(int n, const bool *active, const struct comp_game *hist, int nh,
               const struct comp_points *p, int round, struct comp_game *out)
{
    if (n < 0 || nh < 0 || (n > 0 && (!active || !out || !p)) ||
        (nh > 0 && !hist))
        return -1;
    if (n == 0)
        return 0;

    struct history h;
    history_read(&h, n, hist, nh, p);
    const struct history_entrant *e = h.e;
    int *ranking = history_calloc((size_t)n, sizeof *ranking);
    int *list = history_calloc((size_t)n, sizeof *list);
    int m = history_rank(&h, active, ranking);

    struct pairing pr = {.h = &h, .list = list};
    pr.group_end = history_calloc((size_t)n, sizeof *pr.group_end);
    pr.mate = history_calloc((size_t)n, sizeof *pr.mate);
    pr.bit = history_calloc((size_t)n + 1, sizeof *pr.bit);

    unsigned char *seats_ok = history_calloc((size_t)n, sizeof *seats_ok);
    for (int i = 0; i < n; i++)
        seats_ok[i] = seats_within_limits(&e[i]);
    pr.seats_ok = seats_ok;

    /* The colour limits are absolute: every bye candidate is tried
       within them before any pairing may break one. */
    int bye = -1, count = -1;
    bool paired = false;
    for (int limits = 1; limits >= 0 && !paired; limits--)
        for (int cand = m % 2 ? m - 1 : -1; !paired; cand--) {
            if (m % 2) {
                if (cand < 0)
                    break;
                if (e[ranking[cand]].byes > 0)
                    continue;
            }
            pr.k = 0;
            for (int i = 0; i < m; i++)
                if (i != cand)
                    list[pr.k++] = ranking[i];
            for (int i = pr.k - 1; i >= 0; i--) {
                bool same =
                    i + 1 < pr.k && history_level(&h, list[i], list[i + 1]);
                pr.group_end[i] = same ? pr.group_end[i + 1] : i + 1;
            }
            paired = pair_list(&pr, limits);
            bye = cand;
            if (m % 2 == 0)
                break;
        }

    if (paired) {
        count = 0;
        for (int i = 0; i < pr.k; i++) {
            int j = pr.mate[i];
            if (j < i)
                continue;
            int a = list[i], b = list[j];
            struct comp_game g = new_game(round);
            int seat = seat_of_higher(&pr, a, b, count);
            g.seats = 2;
            g.entrant[seat] = a;
            g.entrant[1 - seat] = b;
            out[count++] = g;
        }
        if (bye >= 0) {
            struct comp_game g = new_game(round);
            g.seats = 1;
            g.entrant[0] = ranking[bye];
            g.done = true;
            g.how = COMP_BYE;
            g.place[0] = 1;
            out[count++] = g;
        }
    }
    free(seats_ok);
    free(pr.group_end);
    free(pr.mate);
    free(pr.bit);
    free(list);
    free(ranking);
    history_free(&h);
    return count;
}
