/*
 * titan_cubes.h - what titan.c, titan_flow.c and titan_damage.c share:
 * putting a steam cube on a square with what that costs, and events.
 * Not for callers outside the titan's files (they use titan.h).
 */
#ifndef TURNPOST_HEAVYSTEAM_TITAN_CUBES_H
#define TURNPOST_HEAVYSTEAM_TITAN_CUBES_H

#include "titan.h"

/* Appends ev (stolen) to events; events may be NULL. */
void hs_event(json_t *events, json_t *ev);

/* The station's first empty square of colour, or HS_NONE. */
int hs_first_free(const struct hs_titan *t, int station, enum hs_colour colour);
/* Empty squares of colour in station. */
int hs_count_free(const struct hs_titan *t, int station, enum hs_colour colour);

/*
 * A steam cube onto the empty square q of station, wherever it came from:
 * a red square adds a heat cube to the pressure box, a white square of a
 * shield station adds a shield cube (HS-AMB-17: whenever, inside the steam
 * phase or not).
 */
void hs_put_steam(struct hs_titan *t, int station, int q, struct rng *rng,
                  json_t *events);

/* The station's id for events. */
const char *hs_station_id(const struct hs_titan *t, int station);

/* Destroys the titan when its boiler's or command station's white squares
 * are all damaged; returns t->destroyed. */
int hs_check_destroyed(struct hs_titan *t, json_t *events);

#endif
