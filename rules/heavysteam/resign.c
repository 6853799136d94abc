/*
 * resign.c - a player leaves the battle (HS-R-127): in the two-team game
 * its team loses at once, as if its titan were destroyed.
 */
#include "round.h"

int hs_resign(struct hs_game *g, int seat, json_t *events, struct rules_error *err)
{
    if (g->stage == HS_STAGE_OVER)
        return rules_fail(err, "game_over", "HS-R-127 (Resigning)", "The game is over.");
    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", "HS-R-127 (Resigning)",
                          "Seat %d plays no titan.", seat);
    hs_game_over(g, 1 - g->p[seat].team);
    json_array_append_new(events, json_pack("{s:s, s:i}", "type", "resigned", "seat", seat));
    json_array_append_new(events, json_pack("{s:s, s:i}", "type", "game_over",
                                            "winner_team", g->winner_team));
    return 0;
}
