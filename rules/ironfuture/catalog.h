/*
 * catalog.h - Iron Future's card data: units and locations, parsed once
 * from the embedded data files and never changed afterwards.
 *
 * The catalog is immutable after ironfuture_catalog_get() first returns;
 * every pointer into it is borrowed for the life of the process.
 */
#ifndef TURNPOST_IRONFUTURE_CATALOG_H
#define TURNPOST_IRONFUTURE_CATALOG_H

#include <stddef.h>

#include "../data.h"

#define IF_MAX_WEAPONS 3
#define IF_MAX_ABILITIES 4
#define IF_MAX_UNITS 48
#define IF_MAX_LOCATIONS 32
#define IF_MAX_LOC_RULES 3
#define IF_ID_LEN 32
#define IF_TEXT_LEN 320

/* Range letters as bits; bit i is range band i (S = same location). */
#define IF_RANGE_S 1u
#define IF_RANGE_M 2u
#define IF_RANGE_L 4u

enum if_ability_kind {
    /* front-line abilities */
    IF_AB_RETALIATE,  /* enemy deployed here takes X damage */
    IF_AB_ACCURACY,   /* +X to its own attack dice */
    IF_AB_EVASIVE,    /* -X to attack dice against it */
    IF_AB_HARDENED,   /* critical hits deal it 1 damage, not 2 */
    IF_AB_INFILTRATE, /* takes no retaliation damage */
    IF_AB_STEALTH,    /* only Short range attacks may target it */
    IF_AB_BULWARK,    /* enemy Short range attacks here must target it */
    IF_AB_HARVEST,    /* after attacking, X resource tokens onto its location */
    IF_AB_SCAVENGE,   /* after attacking, X resources into its owner's pool */
    IF_AB_REPAIR,     /* after attacking, removes X damage from each friend here */
    IF_AB_SHOCKWAVE,  /* after attacking, X damage to each enemy here */
    IF_AB_RALLY,      /* each other friend here counts X more capture */
    /* support abilities: activated at the start of the owner's turn */
    IF_AB_DRAW,       /* draw X cards */
    IF_AB_SUPPLY,     /* gain X resources */
    IF_AB_WORKSHOP,   /* remove up to X damage from one own unit (target) */
    IF_AB_ARTILLERY,  /* roll X dice at one enemy unit anywhere (target) */
    IF_AB_TARGETING,  /* this turn's deployed unit has +X to hit */
    IF_AB_SMOKE,      /* this turn's deployed unit takes no retaliation */
    IF_AB_BEACON,     /* +X capture at one location this round (location) */
    IF_AB_COUNT
};

#define IF_AB_FIRST_SUPPORT IF_AB_DRAW

struct if_weapon {
    char name[IF_ID_LEN];
    int dice;
    unsigned ranges;          /* IF_RANGE_* bits */
};

struct if_ability {
    enum if_ability_kind kind;
    int value;
};

struct if_unit {
    char id[IF_ID_LEN];
    char name[IF_ID_LEN];
    char text[IF_TEXT_LEN];
    int cost, armor, capture;
    int starter;              /* copies in each starting deck; 0 if none */
    int count;                /* copies in the unit deck */
    int support;              /* 1 for a support card */
    int nweapons;
    struct if_weapon weapon[IF_MAX_WEAPONS];
    int nabilities;
    struct if_ability ability[IF_MAX_ABILITIES];
};

enum if_rule_kind {
    IF_LR_DEFENSE,           /* attacks at `ranges` on units here: value+ */
    IF_LR_VANTAGE,           /* units here: +value to hit at `ranges` */
    IF_LR_NO_RETALIATION,    /* Retaliate has no effect here */
    IF_LR_RETALIATION_BONUS, /* retaliation here deals value more */
    IF_LR_DEPLOY_DAMAGE,     /* each unit deployed here takes value damage */
    IF_LR_WAREHOUSE,         /* the winner gets a support card */
    IF_LR_SALVAGE,           /* +value token per unit destroyed here, up to max */
    IF_LR_MIDDLE,            /* +value tokens when revealed in the middle */
    IF_LR_CONTESTED,         /* +value at capture if both sides have units here */
    IF_LR_VOLATILE,          /* -value token per unit destroyed here */
    IF_LR_TIE_FIRST,         /* a tie goes to the first player token holder */
    IF_LR_CHAIN,             /* +value if its winner won the previous location */
    IF_LR_COUNT
};

struct if_loc_rule {
    enum if_rule_kind kind;
    unsigned ranges;          /* IF_LR_DEFENSE and IF_LR_VANTAGE only */
    int value, max;
};

struct if_location {
    char id[IF_ID_LEN];
    char name[IF_ID_LEN];
    char text[IF_TEXT_LEN];
    int resources;
    int nrules;
    struct if_loc_rule rule[IF_MAX_LOC_RULES];
};

struct if_catalog {
    int ok;                   /* 0 when the data failed to load; see error */
    char error[RULES_DATA_ERROR];
    char version[IF_ID_LEN];
    int nunits;
    struct if_unit unit[IF_MAX_UNITS];
    int nlocations;
    struct if_location location[IF_MAX_LOCATIONS];
    int ninstances;           /* card instances in a game: starters + deck */
    int instance[128];        /* unit index of each instance, catalog order */
    signed char unit_hash[128], location_hash[128]; /* id lookups; -1 empty */
};

/*
 * The catalog from the embedded data, parsed on first use (thread safe).
 * Never NULL; when ok is 0 the engine refuses every call.
 */
const struct if_catalog *ironfuture_catalog_get(void);

/*
 * Parses and checks the two data texts into *cat; returns 0, or -1 with
 * cat->ok = 0 and cat->error saying what is wrong. Exposed for tests.
 */
int ironfuture_catalog_parse(struct if_catalog *cat, const char *units_text,
                             const char *locations_text);

/* Index of the unit or location with that id, or -1. */
int ironfuture_catalog_unit(const struct if_catalog *cat, const char *id);
int ironfuture_catalog_location(const struct if_catalog *cat, const char *id);

/* The value of ability kind on u, or 0 when u lacks it. */
int ironfuture_unit_ability(const struct if_unit *u, enum if_ability_kind kind);

/* The rule of kind on loc, or NULL. */
const struct if_loc_rule *ironfuture_location_rule(const struct if_location *loc,
                                                   enum if_rule_kind kind);

/* Names of kinds as written in the data ("retaliate", "defense"). */
const char *ironfuture_ability_name(enum if_ability_kind kind);
const char *ironfuture_rule_name(enum if_rule_kind kind);

/* "SM" for IF_RANGE_S | IF_RANGE_M; buf holds at least 4 bytes. */
const char *ironfuture_ranges_format(unsigned ranges, char buf[4]);

#endif
