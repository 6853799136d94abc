/*
 * resign.c - a player leaves the battle (HS-R-127): in the two-team game
 * its team loses at once, as if its titan were destroyed.
 */
#include <string.h>

#include "round.h"

int hs_resign(struct hs_game *g, int seat, json_t *events, struct rules_error *err)
{
    if (g->stage == HS_STAGE_OVER)
        return rules_fail(err, "game_over", "HS-R-127 (Resigning)", "The game is over.");
    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", "HS-R-127 (Resigning)",
                          "Seat %d plays no titan.", seat);
    memset(&g->attack, 0, sizeof g->attack);
    g->winner_team = 1 - g->p[seat].team;
    g->stage = HS_STAGE_OVER;
    g->actor = -1;
    g->ask = HS_ASK_NONE;
    g->ask_seat = -1;
    g->station = -1;              /* no steam flows once the game is over */
    json_array_append_new(events, json_pack("{s:s, s:i}", "type", "resigned", "seat", seat));
    json_array_append_new(events, json_pack("{s:s, s:i}", "type", "game_over",
                                            "winner_team", g->winner_team));
    return 0;
}
