/*
 * mods.h - what battle cards, terrain and smoke add to one attack or one
 * phase: effects.c and cards.c fill it, combat.c and the round read it.
 * One definition, so a file may use both combat.h and effects.h.
 */
#ifndef TURNPOST_HEAVYSTEAM_MODS_H
#define TURNPOST_HEAVYSTEAM_MODS_H

/* Zero for nothing. */
struct hs_mods {
    int attack_dice, defense_dice, damage, critical, pierce;
    int rerolls;                 /* free hit-location re-rolls */
    int smoke;                   /* the target is in a sector with smoke */
    int release;                 /* more cubes released in the Pressure phase */
    int spent_to_reserve;        /* the firing's steam to the reserve */
};

#endif
