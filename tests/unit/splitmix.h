/*
 * splitmix.h - the tests' seeded generator (Steele, Lea and Flood's
 * SplitMix64): deterministic, so a failing case comes back on rerun.
 *
 *   struct splitmix r = {seed}; int die = splitmix_below(&r, 6);
 */
#ifndef TURNPOST_TESTS_SPLITMIX_H
#define TURNPOST_TESTS_SPLITMIX_H

#include <stdint.h>

struct splitmix {
    uint64_t state;
};

static inline uint64_t splitmix_next(struct splitmix *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* 0 .. k-1 for k >= 1 (the modulo's bias is nothing at test sizes). */
static inline int splitmix_below(struct splitmix *r, int k)
{
    return (int)(splitmix_next(r) % (uint64_t)k);
}

#endif
