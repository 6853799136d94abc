/*
 * verify.h - replays an exported game: checks the seed against the
 * commitment, recomputes every roll and shuffle from the seed and the
 * seats' entropy, and compares each entry's events, the stream position
 * and the final state with what the export claims.
 */
#ifndef TURNPOST_API_VERIFY_H
#define TURNPOST_API_VERIFY_H

#include <stddef.h>

#include <jansson.h>

/*
 * Returns 0 when the export replays exactly; otherwise -1 and a sentence
 * naming the first difference in why.
 */
int verify_export(const json_t *export, char *why, size_t whylen);

#endif
