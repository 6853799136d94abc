/*
 * bracket.c - single and double elimination brackets.
 *
 * The bracket is a fixed graph of matches built from n alone: each match
 * takes its two entrants from a seed, or from the winner or the loser of
 * an earlier match. Replaying the history over that graph one event
 * round at a time tells which matches are ready, which advance someone
 * without a game (an empty slot left by a first-round bye) and who went
 * out where. Nothing is kept between calls: the history is the state.
 */
#include "bracket.h"

#include <stdlib.h>

enum src_kind { SRC_SEED, SRC_WINNER, SRC_LOSER };

struct src {
    enum src_kind kind;
    int value; /* the entrant (or COMP_NONE) of a seed, else a match index */
};

struct match {
    struct bracket_slot slot;
    struct src in[2];
    bool resolved;
    bool played;  /* a two-seat game decided it */
    int known_at; /* the first event round that may use its outcome */
    int winner, loser; /* entrants or COMP_NONE */
};

struct bracket {
    enum bracket_kind kind;
    int n;
    int size;    /* the next power of two >= n */
    int levels;  /* log2(size): winners' rounds */
    int nmatch;
    int gf;      /* index of the grand final, -1 in single elimination */
    int reset;
    struct match *m;
};

static int log2_ceil(int n, int *size)
{
    int levels = 0, s = 1;
    while (s < n) {
        s *= 2;
        levels++;
    }
    *size = s;
    return levels;
}

/*
 * seed_at[i] is the 0-based seed in first-round position i: positions 2k
 * and 2k+1 meet. Each doubling pairs every seed s of the smaller
 * bracket with its complement size-1-s, flipping the pair's order at
 * odd positions, so that 1 v 16, 8 v 9, 5 v 12, 4 v 13, ... and the top
 * two seeds sit in opposite halves, the top four in separate quarters.
 */
static void seed_positions(int size, int *seed_at)
{
    seed_at[0] = 0;
    for (int len = 1; len < size; len *= 2) {
        for (int i = len - 1; i >= 0; i--) {
            int s = seed_at[i], c = 2 * len - 1 - s;
            seed_at[2 * i] = i % 2 ? c : s;
            seed_at[2 * i + 1] = i % 2 ? s : c;
        }
    }
}

/*
 * Where the loser of winners' match i of round w drops into the losers'
 * drop-in round that takes them, of `count` matches. The losers' side of
 * a drop-in match comes from one part of the winners' bracket; a loser
 * sent to a different part cannot meet someone it beat there. A cycle
 * of four crossovers (reverse the order, reverse each half, swap the
 * halves, keep the order) keeps that true the longest: it is the one of
 * its family that measured the fewest losers' rematches for 8 to 128
 * entrants (docs/brackets.md).
 */
static int drop_position(int w, int i, int count)
{
    int half = count / 2;
    if (count == 1)
        return 0;
    switch (w % 4) {
    case 1:
        return count - 1 - i;
    case 2:
        return i < half ? half - 1 - i : count - 1 - (i - half);
    case 3:
        return (i + half) % count;
    default:
        return i;
    }
}

static int add_match(struct bracket *b, enum bracket_part part, int round,
                     int match, struct src a, struct src c)
{
    struct match *x = &b->m[b->nmatch];
    *x = (struct match){.slot = {part, round, match}, .in = {a, c},
                        .winner = COMP_NONE, .loser = COMP_NONE};
    return b->nmatch++;
}

static struct src from_seed(int e) { return (struct src){SRC_SEED, e}; }
static struct src from_winner(int i) { return (struct src){SRC_WINNER, i}; }
static struct src from_loser(int i) { return (struct src){SRC_LOSER, i}; }

/*
 * Builds the match graph in an order where every match comes after the
 * matches it draws from (winners' rounds, losers' rounds, grand final,
 * reset): one pass in that order settles everything a round allows.
 * Returns -1 if out of memory.
 */
static int bracket_build(struct bracket *b, enum bracket_kind k, int n)
{
    b->kind = k;
    b->n = n;
    b->levels = log2_ceil(n, &b->size);
    b->nmatch = 0;
    b->gf = b->reset = -1;
    b->m = malloc(sizeof(*b->m) * (size_t)(2 * b->size + 2));
    int *seed_at = malloc(sizeof(int) * (size_t)b->size);
    int *first = malloc(sizeof(int) * (size_t)(2 * b->levels + 1));
    if (!b->m || !seed_at || !first) {
        free(b->m);
        free(seed_at);
        free(first);
        b->m = NULL;
        return -1;
    }
    seed_positions(b->size, seed_at);

    /* first[w]: index of winners' round w's first match */
    for (int i = 0; i < b->size / 2; i++) {
        int s0 = seed_at[2 * i], s1 = seed_at[2 * i + 1];
        add_match(b, BRACKET_WINNERS, 0, i,
                  from_seed(s0 < n ? s0 : COMP_NONE),
                  from_seed(s1 < n ? s1 : COMP_NONE));
    }
    first[0] = 0;
    for (int w = 1, count = b->size / 4; w < b->levels; w++, count /= 2) {
        first[w] = b->nmatch;
        for (int i = 0; i < count; i++)
            add_match(b, BRACKET_WINNERS, w, i,
                      from_winner(first[w - 1] + 2 * i),
                      from_winner(first[w - 1] + 2 * i + 1));
    }
    if (k == BRACKET_SINGLE)
        goto out;

    int wfinal = b->nmatch - 1;
    struct src champion_of_losers = from_loser(0);
    if (b->levels >= 2) {
        /* losers' round 0: the first-round losers meet in pairs */
        int prev = b->nmatch, count = b->size / 4, lr = 0;
        for (int i = 0; i < count; i++)
            add_match(b, BRACKET_LOSERS, lr, i, from_loser(2 * i),
                      from_loser(2 * i + 1));
        for (int w = 1; w < b->levels; w++) {
            /* drop-in: winners' round w's losers meet the survivors */
            int drop = b->nmatch;
            lr++;
            for (int i = 0; i < count; i++)
                add_match(b, BRACKET_LOSERS, lr, i, from_winner(prev + i),
                          from_loser(COMP_NONE));
            for (int i = 0; i < count; i++)
                b->m[drop + drop_position(w, i, count)].in[1] =
                    from_loser(first[w] + i);
            prev = drop;
            if (w == b->levels - 1)
                break;
            /* internal: the survivors meet each other */
            int inner = b->nmatch;
            lr++;
            count /= 2;
            for (int i = 0; i < count; i++)
                add_match(b, BRACKET_LOSERS, lr, i,
                          from_winner(prev + 2 * i),
                          from_winner(prev + 2 * i + 1));
            prev = inner;
        }
        champion_of_losers = from_winner(prev);
    }
    b->gf = add_match(b, BRACKET_GRAND_FINAL, 0, 0, from_winner(wfinal),
                      champion_of_losers);
    /* the reset swaps seats, so the two games alternate who moves first */
    b->reset = add_match(b, BRACKET_RESET, 0, 0, from_winner(b->gf),
                         from_loser(b->gf));
out:
    free(seed_at);
    free(first);
    return 0;
}

/*
 * Whether round `round` knows who a source gives; if so, that entrant
 * (or COMP_NONE) and the first round it was known in.
 */
static bool source_known(const struct bracket *b, struct src s, int round,
                        int *entrant, int *at)
{
    if (s.kind == SRC_SEED) {
        *entrant = s.value;
        *at = 0;
        return true;
    }
    const struct match *x = &b->m[s.value];
    if (!x->resolved || x->known_at > round)
        return false;
    *entrant = s.kind == SRC_WINNER ? x->winner : x->loser;
    *at = x->known_at;
    return true;
}

static int max_int(int a, int b) { return a > b ? a : b; }

/*
 * The index of the winning seat of a finished two-seat game: the seat
 * with the better place alone, or on equal places the better seed.
 */
static int winning_seat(const struct comp_game *g)
{
    if (g->place[0] != g->place[1])
        return g->place[0] < g->place[1] ? 0 : 1;
    return g->entrant[0] < g->entrant[1] ? 0 : 1;
}

/* Does h record the game `want` of round `round`, finished? */
static bool game_fits(const struct comp_game *h, const struct comp_game *want,
                      int round)
{
    if (h->round != round || !h->done || h->seats != want->seats)
        return false;
    for (int s = 0; s < h->seats; s++)
        if (h->entrant[s] != want->entrant[s])
            return false;
    if (h->seats == 1)
        return h->how == COMP_BYE;
    if (h->how != COMP_PLAYED && h->how != COMP_FORFEIT)
        return false;
    return h->place[0] >= 1 && h->place[1] >= 1;
}

/*
 * Settles every match that round `round` allows without a game and
 * lists the games it holds in out/slot/idx (match order). Returns their
 * count.
 */
static int round_games(struct bracket *b, int round, struct comp_game *out,
                       struct bracket_slot *slot, int *idx)
{
    int count = 0;
    for (int i = 0; i < b->nmatch; i++) {
        struct match *x = &b->m[i];
        int e[2], at[2];
        if (x->resolved || !source_known(b, x->in[0], round, &e[0], &at[0]) ||
            !source_known(b, x->in[1], round, &e[1], &at[1]))
            continue;
        int known = max_int(at[0], at[1]);
        if (i == b->reset) {
            const struct match *gf = &b->m[b->gf];
            if (gf->winner == b->m[gf->in[0].value].winner) {
                /* the winners' champion is still unbeaten: no second game */
                x->resolved = true;
                x->known_at = known;
                x->winner = gf->winner;
                x->loser = gf->loser;
                continue;
            }
        }
        bool bye = e[0] == COMP_NONE || e[1] == COMP_NONE;
        bool first_round = x->slot.part == BRACKET_WINNERS &&
                           x->slot.part_round == 0;
        if (bye && !(first_round && e[0] != e[1])) {
            /* an empty slot: the other entrant (if any) walks on */
            x->resolved = true;
            x->known_at = known;
            x->winner = e[0] == COMP_NONE ? e[1] : e[0];
            continue;
        }
        struct comp_game *g = &out[count];
        *g = (struct comp_game){.round = round, .done = false,
                                .how = COMP_PLAYED};
        if (bye) {
            g->seats = 1;
            g->entrant[0] = e[0] == COMP_NONE ? e[1] : e[0];
            g->done = true;
            g->how = COMP_BYE;
            g->place[0] = 1;
        } else {
            g->seats = 2;
            bool keep = x->slot.part == BRACKET_GRAND_FINAL ||
                        x->slot.part == BRACKET_RESET || e[0] < e[1];
            g->entrant[0] = keep ? e[0] : e[1];
            g->entrant[1] = keep ? e[1] : e[0];
        }
        if (slot)
            slot[count] = x->slot;
        idx[count++] = i;
    }
    return count;
}

/*
 * Replays rounds 0..round-1 of hist over the bracket, then lists round
 * `round`'s games into out/slot (either may be NULL). Returns how many,
 * or -1 if hist does not fit.
 */
static int bracket_replay(struct bracket *b, const struct comp_game *hist,
                          int nh, int round, struct comp_game *out,
                          struct bracket_slot *slot)
{
    int cap = b->size + 2;
    struct comp_game *games = malloc(sizeof(*games) * (size_t)cap);
    int *idx = malloc(sizeof(int) * (size_t)cap);
    int pos = 0, ret = -1;
    if (!games || !idx || (nh > 0 && !hist))
        goto out;
    for (int r = 0; r <= round; r++) {
        int count = round_games(b, r, games, r == round ? slot : NULL, idx);
        if (r == round) {
            if (pos != nh)
                goto out;
            for (int i = 0; out && i < count; i++)
                out[i] = games[i];
            ret = count;
            break;
        }
        for (int i = 0; i < count; i++, pos++) {
            if (pos >= nh || !game_fits(&hist[pos], &games[i], r))
                goto out;
            struct match *x = &b->m[idx[i]];
            const struct comp_game *h = &hist[pos];
            x->resolved = true;
            x->known_at = r + 1;
            if (h->seats == 1) {
                x->winner = h->entrant[0];
            } else {
                int w = winning_seat(h);
                x->played = true;
                x->winner = h->entrant[w];
                x->loser = h->entrant[1 - w];
            }
        }
    }
out:
    free(games);
    free(idx);
    return ret;
}

int bracket_rounds(enum bracket_kind k, int n)
{
    if (n < 2)
        return 0;
    int size, levels = log2_ceil(n, &size);
    /* the losers' bracket ends one round after its 2(levels-1) rounds,
     * then the grand final and the reset */
    return k == BRACKET_SINGLE ? levels : 2 * levels + 1;
}

static bool args_ok(enum bracket_kind k, int n, int nh)
{
    return (k == BRACKET_SINGLE || k == BRACKET_DOUBLE) && n >= 1 &&
           n <= BRACKET_MAX_ENTRANTS && nh >= 0;
}

int bracket_round(enum bracket_kind k, int n, const struct comp_game *hist,
                  int nh, int round, struct comp_game *out,
                  struct bracket_slot *slot)
{
    if (!args_ok(k, n, nh) || round < 0)
        return -1;
    if (n == 1)
        return nh == 0 ? 0 : -1;
    struct bracket b;
    if (bracket_build(&b, k, n) < 0)
        return -1;
    int ret = bracket_replay(&b, hist, nh, round, out, slot);
    free(b.m);
    return ret;
}

int bracket_places(enum bracket_kind k, int n, const struct comp_game *hist,
                   int nh, int *place)
{
    if (!args_ok(k, n, nh))
        return -1;
    if (n == 1) {
        place[0] = 1;
        return nh == 0 ? 0 : -1;
    }
    struct bracket b;
    if (bracket_build(&b, k, n) < 0)
        return -1;
    int ret = -1;
    int *stage = malloc(sizeof(int) * (size_t)n);
    if (!stage ||
        bracket_replay(&b, hist, nh, bracket_rounds(k, n), NULL, NULL) != 0)
        goto out;

    /*
     * stage[e]: how far e went, by the part round it went out in
     * (losers' rounds count after all winners' rounds); the champion
     * and the runner-up above everyone.
     */
    int top = 2 * b.levels + 2;
    for (int e = 0; e < n; e++)
        stage[e] = -1;
    int last = k == BRACKET_SINGLE ? b.nmatch - 1 : b.reset;
    for (int i = 0; i < b.nmatch; i++) {
        const struct match *x = &b.m[i];
        if (!x->played)
            continue;
        if (x->slot.part == BRACKET_LOSERS || k == BRACKET_SINGLE)
            stage[x->loser] = x->slot.part_round;
    }
    stage[b.m[last].loser] = top - 1;
    stage[b.m[last].winner] = top;
    for (int e = 0; e < n; e++) {
        if (stage[e] < 0)
            goto out;
        int better = 0;
        for (int o = 0; o < n; o++)
            better += stage[o] > stage[e];
        place[e] = better + 1;
    }
    ret = 0;
out:
    free(stage);
    free(b.m);
    return ret;
}
