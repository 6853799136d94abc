/*
 * json_pool.h - a counting free-list allocator for jansson, for the
 * property tests that play thousands of games.
 *
 *   int main(void) { json_set_alloc_funcs(pool_malloc, pool_free); ... }
 *
 * Under ASan every jansson allocation would otherwise go through ASan's
 * allocator (stack capture, quarantine, fresh pages), which costs more
 * than the engine it serves; jansson itself is not instrumented, so ASan
 * saw little of those objects anyway. The pool is stricter than
 * LeakSanitizer for JSON: live_blocks counts the values not yet freed,
 * so a test can demand that a game frees all it allocated; a double free
 * or a foreign pointer aborts; and under ASan every block is fenced by
 * poisoned headers and slack, and poisoned whole once freed, so the
 * instrumented engine code still trips on overflows and use after free.
 *
 * Memory from json_dumps() comes from the pool too: release it with
 * pool_free(), not free(). Single threaded; one pool per process (after
 * fork each worker has its own copy).
 *
 * SCAFFOLD marks test code that is not under test: it keeps sanitizers
 * and coverage out of it.
 */
#ifndef TURNPOST_TESTS_JSON_POOL_H
#define TURNPOST_TESTS_JSON_POOL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define POOL_ASAN 1
#endif
#ifdef POOL_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#if defined(__has_attribute)
#if __has_attribute(no_sanitize_coverage)
#define POOL_NO_COVERAGE __attribute__((no_sanitize_coverage))
#endif
#endif
#ifndef POOL_NO_COVERAGE
#define POOL_NO_COVERAGE
#endif
#if defined(__clang__)
#define SCAFFOLD __attribute__((no_sanitize("address", "undefined"))) POOL_NO_COVERAGE
#else
#define SCAFFOLD __attribute__((no_sanitize_address, no_sanitize_undefined))
#endif

#define POOL_GRAIN 16
#define POOL_CLASSES 256            /* blocks up to 4 KB are pooled */
#define POOL_SLAB (1 << 20)
#define POOL_LIVE 0x6a736f6eu
#define POOL_DEAD 0x64656164u

/* In front of every block; poisoned while the block's owner holds it. */
struct pool_blk {
    uint32_t magic;
    uint32_t cls;                   /* POOL_CLASSES: a plain malloc */
    struct pool_blk *next;          /* free list; keeps payloads 16-aligned */
};

static struct pool_blk *pool_free_list[POOL_CLASSES];
static char *pool_cur, *pool_end;
static void *pool_slabs;            /* chained, so LeakSanitizer sees them */
static long live_blocks;

SCAFFOLD static inline struct pool_blk *pool_carve(size_t size)
{
    struct pool_blk *b;

    if (!pool_cur || pool_cur + size > pool_end) {
        char *s = malloc(POOL_SLAB);

        if (!s)
            return NULL;
        *(void **)s = pool_slabs;
        pool_slabs = s;
        pool_cur = s + POOL_GRAIN;
        pool_end = s + POOL_SLAB;
        POISON(pool_cur, (size_t)(pool_end - pool_cur));
    }
    b = (struct pool_blk *)pool_cur;
    pool_cur += size;
    return b;
}

SCAFFOLD static inline void *pool_malloc(size_t n)
{
    size_t cls = (n + POOL_GRAIN - 1) / POOL_GRAIN;
    struct pool_blk *b;

    if (cls >= POOL_CLASSES) {
        b = malloc(sizeof *b + n);
        if (!b)
            return NULL;
        b->cls = POOL_CLASSES;
    } else {
        b = pool_free_list[cls];
        if (b)
            pool_free_list[cls] = b->next;
        else if (!(b = pool_carve(sizeof *b + cls * POOL_GRAIN)))
            return NULL;
        b->cls = (uint32_t)cls;
        UNPOISON(b + 1, n);
    }
    b->magic = POOL_LIVE;
    live_blocks++;
    return b + 1;
}

SCAFFOLD static inline void pool_free(void *p)
{
    struct pool_blk *b;

    if (!p)
        return;
    b = (struct pool_blk *)p - 1;
    if (b->magic != POOL_LIVE) {
        fprintf(stderr, "jansson value freed twice or never allocated\n");
        abort();
    }
    b->magic = POOL_DEAD;
    live_blocks--;
    if (b->cls == POOL_CLASSES) {
        free(b);
        return;
    }
    POISON(b + 1, b->cls * POOL_GRAIN);
    b->next = pool_free_list[b->cls];
    pool_free_list[b->cls] = b;
}

#endif
