/*
 * track.h - Steam's track network: links computed from the tiles on the
 * board, and the checks of building, improving and redirecting that
 * apply() and legal_moves() share so the two never disagree.
 *
 * A link is a chain of track segments. Each end is a node (a city hex or
 * a town with a town tile) or open (track that stops short). A link is
 * complete when both ends are nodes. Segments are (hex, index on the
 * tile); all segments of a link have the same owner.
 */
#ifndef TURNPOST_STEAM_TRACK_H
#define TURNPOST_STEAM_TRACK_H

#include "../engine.h"
#include "game.h"

#define ST_MAX_LINKS (ST_MAX_HEX * 2)

struct st_link {
    int owner;                  /* seat, -1 unowned */
    int end[2];                 /* node hex, or -1 for an open end */
    int open_hex, open_side;    /* the open end's tile and side; -1 none */
    int stamp;                  /* turn its newest segment was laid */
    int nseg;
    int complete;
};

struct st_net {
    int nlinks;
    struct st_link link[ST_MAX_LINKS];
    short link_of[ST_MAX_HEX][ST_MAX_SEGS];  /* -1 where no segment */
    short open_at[ST_MAX_HEX][6];            /* link open at (hex, side) */
    unsigned at_node[ST_MAX_HEX];            /* seats with a link ending here */
};

/* Computes the links of g into *net. Returns 0, or -1 when the track is
 * not one this engine could have built (a loop, mixed owners). */
int steam_net_build(const struct st_game *g, struct st_net *net);

/* The ends of segment k of the tile on hex h (sides after rotation). */
void steam_seg_ends(const struct st_game *g, int h, int k, int e[2]);

/*
 * May seat put tile kind `tile` at rotation rot on hex h now (a new tile
 * or an improvement of the tile there)? 0 and *cost, or -1 and err.
 * Checks the tile rules only, not whose turn it is or the build count.
 */
int steam_build_check(const struct st_game *g, const struct st_net *net,
                      int seat, int h, int tile, int rot, int *cost,
                      struct rules_error *err);

/* Places it (after steam_build_check passed): owners, claims, supply. */
void steam_build_do(struct st_game *g, int seat, int h, int tile, int rot);

/* The same two for redirecting the open-end tile of an incomplete link. */
int steam_redirect_check(const struct st_game *g, const struct st_net *net,
                         int seat, int h, int tile, int rot, int *cost,
                         struct rules_error *err);
void steam_redirect_do(struct st_game *g, int seat, int h, int tile, int rot);

/* Sets the owner of every segment of link l of net (computed from g). */
void steam_link_set_owner(struct st_game *g, const struct st_net *net, int l,
                          int owner);

/* Rule names cited by refusals. */
#define ST_RULE_MONEY "Steam: Money"
#define ST_RULE_ORDER "Steam: Turn Order"
#define ST_RULE_AUCTION "Steam: Turn Order (auction)"
#define ST_RULE_PHASE1 "Steam: Phase 1 - Select Action Tiles"
#define ST_RULE_BUILD "Steam: Phase 2 - Build Track"
#define ST_RULE_LIMITS "Steam: Other Track Building Limitations"
#define ST_RULE_COST "Steam: Paying For Initial Tracks"
#define ST_RULE_TOWNS "Steam: Towns and Town Track Tiles"
#define ST_RULE_INCOMPLETE "Steam: Incomplete Links"
#define ST_RULE_UNOWNED "Steam: Unowned Track"
#define ST_RULE_REDIRECT "Steam: Redirecting Track"
#define ST_RULE_IMPROVE "Steam: Improving Existing Track"
#define ST_RULE_URBAN "Steam: Urbanization"
#define ST_RULE_GROWTH "Steam: City Growth"
#define ST_RULE_MOVE "Steam: Phase 3 - Move Goods"
#define ST_RULE_POINTS "Steam: Track Points"
#define ST_RULE_INCOME "Steam: Phase 4 - Collect Income & Pay Expenses"
#define ST_RULE_END "Steam: End of the Game"
#define ST_RULE_SETUP "Steam: Initial Set Up"
#define ST_RULE_FORMAT "Turnpost: move format"

#endif
