/*
 * verify.h - replays an exported game: checks the seed against the
 * commitment, the log's numbering and its hash chain (chain.h) up to the
 * head, recomputes every roll and shuffle from the seed and the seats'
 * entropy, and compares each entry's events, the stream position and the
 * final state with what the export claims.
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

/*
 * After verify_export() accepted export: 0 when its log entry seq has the
 * hash head (hex), the head an earlier answer showed with move_count seq;
 * otherwise -1 and why. This is how a player proves that the log up to
 * that answer was not rewritten.
 */
int verify_kept_head(const json_t *export, long long seq, const char *head,
                     char *why, size_t whylen);

#endif
