/*
 * game.h - an Iron Future game as a typed struct, and its JSON form.
 *
 * The JSON state is what the service stores; the struct is what the rules
 * work on. ironfuture_game_load() checks a state thoroughly (every card in
 * exactly one zone, every index in range) so the rules never index out of
 * bounds on a damaged row; ironfuture_game_dump() writes it back so that
 * load followed by dump reproduces the same JSON.
 *
 * Piles keep their top card last: c[n - 1] is drawn first, c[0] is the
 * bottom. Card instances are numbered in catalog order before any shuffle,
 * so a number says which kind of card it is but nothing about deck order.
 */
#ifndef TURNPOST_IRONFUTURE_GAME_H
#define TURNPOST_IRONFUTURE_GAME_H

#include <jansson.h>

#include "../engine.h"
#include "../rng.h"
#include "catalog.h"

#define IF_SEATS 2
#define IF_LINE 3              /* locations in play each round */
#define IF_MAX_CARDS 128       /* card instances in one game */
#define IF_HAND 5              /* cards drawn and played per round */
#define IF_MARKET 5            /* units offered in the acquisition phase */

#define IF_ALLOC_PENDING (-2)  /* weapon not yet allocated */
#define IF_ALLOC_HOLD (-1)     /* weapon holds fire (or had no target) */

/* Ids are below 128, so a byte each keeps the struct small (it is on the
 * stack of every engine call). */
struct if_pile {
    int n;
    unsigned char c[IF_MAX_CARDS]; /* card instances or location indices */
};

struct if_seat {
    struct if_pile deck, hand, discard;
    struct if_pile supports;   /* support cards face up in front of the seat */
    struct if_pile trophies;   /* location indices: one per round won */
    int resources;             /* the resource pool */
    int played;                /* units deployed this conquest phase */
    int passed;                /* passed in this acquisition phase */
};

struct if_slot {
    int loc;                   /* location index in the catalog */
    int resources;             /* resource tokens on it now */
    int beacon[IF_SEATS];      /* capture added by Forward Beacon this round */
    struct if_pile units[IF_SEATS];
};

/* IF_TROPHY: the round's winner, who won more than one location, chooses
 * which becomes the trophy (RULINGS IF-AMB-04); the line stays for it. */
/* IF_CHOOSE_FIRST: a rematch's loser of the last game chooses the first
 * player before the first deal (RULINGS IF-R-13); turn is the chooser. */
enum if_phase {
    IF_CONQUEST, IF_ACQUISITION, IF_TROPHY, IF_CHOOSE_FIRST, IF_OVER
};

struct if_game {
    const struct if_catalog *cat;  /* borrowed */
    int rounds_to_win;
    int ncards;
    const int *type;               /* unit index of each instance (catalog's) */
    unsigned char damage[IF_MAX_CARDS]; /* damage counters; 0 off the field */
    unsigned char used[IF_MAX_CARDS]; /* support activated this conquest */
    enum if_phase phase;
    int round;                     /* 1-based conquest round */
    int first;                     /* seat holding the first player token */
    int turn;                      /* seat to act; -1 once over */
    int winner;                    /* -1 until the game is over */
    int resigned;                  /* the seat that resigned, or -1 */
    struct if_seat seat[IF_SEATS];
    struct if_pile unit_deck, market;
    struct if_pile loc_deck, loc_discard;  /* location indices */
    int nline;                     /* IF_LINE in conquest, else 0 */
    struct if_slot line[IF_LINE];  /* position 0 is next to the location deck */
    int nchoice;                   /* IF_TROPHY: positions the winner won */
    int choice[IF_LINE];
    /* The unit deployed this turn, while its weapons are being allocated. */
    int attacking;                 /* 1 while allocation is open */
    int attacker;                  /* its card instance */
    int attacker_pos;
    int alloc[IF_MAX_WEAPONS];     /* target card, or IF_ALLOC_* */
    int aim;                       /* to-hit bonus for this turn's unit */
    int smoke;                     /* this turn's unit ignores retaliation */
};

/* Unit data of card instance c. */
static inline const struct if_unit *if_card_unit(const struct if_game *g, int c)
{
    return &g->cat->unit[g->type[c]];
}

/*
 * Parses state into *g (which needs no initialising). Returns 0, or -1
 * with err filled ("corrupt_state") when the state is not one this engine
 * could have written.
 */
int ironfuture_game_load(struct if_game *g, const json_t *state,
                         struct rules_error *err);

/* The JSON state of g. New reference; NULL only when out of memory. */
json_t *ironfuture_game_dump(const struct if_game *g);

/* Pile helpers. */
void ironfuture_pile_push(struct if_pile *p, int c);
int ironfuture_pile_pop(struct if_pile *p);                 /* top card */
int ironfuture_pile_find(const struct if_pile *p, int c);   /* index or -1 */
int ironfuture_pile_remove(struct if_pile *p, int c);       /* 0 or -1 */
void ironfuture_pile_put_bottom(struct if_pile *p, const struct if_pile *under);
void ironfuture_pile_shuffle(struct if_pile *p, struct rng *rng);

/* Where a card on the field is: fills *pos and *seat, or returns -1. */
int ironfuture_field_find(const struct if_game *g, int c, int *pos, int *seat);

/* Names used in JSON. */
const char *ironfuture_phase_name(enum if_phase phase);

#endif
