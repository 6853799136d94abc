/*
 * data.h - the games' data files (cards, boards, maps), embedded at build
 * time from rules/<game>/data/ so that engines read them without I/O.
 */
#ifndef TURNPOST_RULES_DATA_H
#define TURNPOST_RULES_DATA_H

/*
 * The text of the data file at path, relative to rules/ (for example
 * "ironfuture/data/units.json"), NUL-terminated and borrowed for the life
 * of the process; NULL when there is no such file.
 */
const char *rules_data(const char *path);

#endif
