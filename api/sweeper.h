/*
 * sweeper.h - the clocks of timed games, swept by the server itself.
 *
 * A thread with its own database connection looks, a few times a second,
 * for games whose clock_due has come (rows claimed with FOR UPDATE SKIP
 * LOCKED: any replica, each game once). For each it sends the reminder
 * that is due (clock.reminder) or applies the timeout of a seat whose time
 * is up: with on_timeout "forfeit", the engine's resignation, written to
 * the move log like any change (kind "timeout", notified as clock.timeout
 * with the move's other events). A seat whose account is on vacation has
 * its clock stopped (api/clock.h), so its deadline moves on instead.
 */
#ifndef TURNPOST_API_SWEEPER_H
#define TURNPOST_API_SWEEPER_H

#define SWEEP_MS 200

struct app;
struct sweeper;

/* Starts the thread; NULL on failure or when threads is 0. */
struct sweeper *sweeper_start(struct app *app, int threads);
void sweeper_stop(struct sweeper *s);

#endif
