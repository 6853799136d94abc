/*
 * clock.h - a game's pace and each seat's time.
 *
 * The pace, chosen when the game is created, is a time per decision and a
 * reserve bank: a seat that must act has per_move, and then its reserve,
 * before it times out; time over per_move comes out of the reserve. What
 * a timeout does is on_timeout ("forfeit": the engine's resignation). A
 * reminder goes out remind_before the deadline. Durations are ISO 8601
 * (P1D, PT12H, PT2S).
 *
 * The state keeps per seat {reserve_ms, since, reminded}: since is when the
 * seat came to have to act (epoch ms), null while it need not. Time on
 * vacation is not counted: a seat's account may have one vacation window
 * [from, until] (epoch ms) in the game's vacations list.
 *
 * Pure: the caller gives the time.
 */
#ifndef TURNPOST_API_CLOCK_H
#define TURNPOST_API_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* An ISO 8601 duration (PnW, PnDTnHnMnS, whole numbers) in milliseconds.
 * Returns 0, or -1 for anything else. */
int clock_duration_ms(const char *iso, int64_t *ms);

/*
 * Checks a pace as a client sends it ({per_move, reserve?, on_timeout?,
 * remind_before?}) into *cfg (new: the same with the defaults filled and
 * each duration also in ms). policies lists the on_timeout values the
 * ruleset supports, NULL-terminated. Returns 0, or -1 with a sentence in
 * err.
 */
int clock_parse(const json_t *in, const char *const *policies, json_t **cfg,
                char *err, size_t errlen);

/* The first state for seats seats: full reserves, nobody's time running. */
json_t *clock_start(const json_t *cfg, int seats);

/*
 * After a change at now: mover (-1: none) is charged for its decision; each
 * seat of must_act whose time is not running starts it now, the mover's
 * again; the others stop.
 */
void clock_after_change(const json_t *cfg, json_t *state, const json_t *vacations,
                        int mover, unsigned must_act, int64_t now);

/* When seat times out (epoch ms), or -1 when its time is not running. */
int64_t clock_deadline(const json_t *cfg, const json_t *state, const json_t *vacations,
                       int seat);

/* The next time anything is due (a reminder or a deadline), or -1. */
int64_t clock_due(const json_t *cfg, const json_t *state, const json_t *vacations);

/* 1 when seat's reminder is due at now (and marks it sent). */
int clock_take_reminder(const json_t *cfg, json_t *state, const json_t *vacations,
                        int seat, int64_t now);

/* What a view shows: {per_move, reserve, on_timeout, remind_before,
 * seats: [{seat, reserve_ms, deadline, on_vacation_until}]}. New. */
json_t *clock_view(const json_t *cfg, const json_t *state, const json_t *vacations,
                   int64_t now);

/* Epoch ms as RFC 3339 UTC with milliseconds. */
void clock_rfc3339(int64_t ms, char out[32]);

#endif
