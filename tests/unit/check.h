/*
 * check.h - a tiny assert helper for the C unit tests.
 *
 *   static void test_something(void) { CHECK(x > 0); CHECK_EQ_INT(a, b); }
 *   int main(void) { RUN(test_something); return check_summary(); }
 *
 * A failed check prints file:line and both sides, and the test goes on;
 * RUN counts a test as failed if any check in it failed. check_summary()
 * prints "N passed, N failed" (tests) on its own line and returns the
 * exit status: 0 only if nothing failed. One test program per file.
 */
#ifndef TURNPOST_TESTS_CHECK_H
#define TURNPOST_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

struct check_state {
    int checks_failed; /* failed checks so far, over all tests */
    int passed, failed; /* tests */
};

static inline struct check_state *check_state(void)
{
    static struct check_state s;
    return &s;
}

static inline int check_true_(int ok, const char *expr, const char *file,
                              int line)
{
    if (!ok) {
        fprintf(stderr, "%s:%d: CHECK(%s) failed\n", file, line, expr);
        check_state()->checks_failed++;
    }
    return ok;
}

static inline int check_eq_int_(long long a, long long b, const char *as,
                                const char *bs, const char *file, int line)
{
    if (a != b) {
        fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", file,
                line, as, bs, a, b);
        check_state()->checks_failed++;
    }
    return a == b;
}

static inline int check_eq_str_(const char *a, const char *b, const char *as,
                                const char *bs, const char *file, int line)
{
    int ok = a && b ? strcmp(a, b) == 0 : a == b;

    if (!ok) {
        fprintf(stderr, "%s:%d: %s == %s failed: \"%s\" != \"%s\"\n", file,
                line, as, bs, a ? a : "(null)", b ? b : "(null)");
        check_state()->checks_failed++;
    }
    return ok;
}

#define CHECK(cond) check_true_((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b) \
    check_eq_int_((long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)
#define CHECK_EQ_STR(a, b) check_eq_str_((a), (b), #a, #b, __FILE__, __LINE__)

static inline void check_run_(void (*fn)(void), const char *name)
{
    struct check_state *s = check_state();
    int before = s->checks_failed;

    fn();
    if (s->checks_failed == before) {
        s->passed++;
        printf("ok   %s\n", name);
    } else {
        s->failed++;
        printf("FAIL %s\n", name);
    }
    fflush(stdout);
}

#define RUN(fn) check_run_((fn), #fn)

/* Prints the summary line; returns main's exit status. */
static inline int check_summary(void)
{
    struct check_state *s = check_state();

    printf("%d passed, %d failed\n", s->passed, s->failed);
    return s->failed != 0 || s->checks_failed != 0;
}

#endif
