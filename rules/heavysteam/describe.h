/*
 * describe.h - what /v1/rulesets tells of Heavy Steam: its options, its
 * move types with their schemas, and the public data (boards, cards,
 * pilots) a client draws from.
 */
#ifndef TURNPOST_HEAVYSTEAM_DESCRIBE_H
#define TURNPOST_HEAVYSTEAM_DESCRIBE_H

#include <jansson.h>

/* The engine's describe(). New reference. */
json_t *hs_describe_build(void);

#endif
