/*
 * turn_cards.c - a `turn` battle card played between the questions of the
 * Steam Allocation, Battle Card Acquisition and Initiative phases (HS-R-12,
 * HS-R-95, HS-R-124): a move of its own, {"type": "card", "card": its id,
 * "choice": {...}}, after which the same question is asked again.
 * The Move phase (move.c) and the Combat phase (combat_turns.c) play
 * theirs in their own moves.
 */
#include <string.h>

#include "cards.h"
#include "game_json.h"
#include "round_phase.h"

int hs_turn_card_apply(struct hs_game *g, int seat, const json_t *move,
                       struct hs_mods *mods, struct rng *rng, json_t *events,
                       struct rules_error *err)
{
    static const char *const keys[] = {"type", "card", "choice", NULL};
    int c;

    if (hs_round_keys(move, keys, err))
        return -1;
    if ((c = hs_hand_card(g, seat, json_object_get(move, "card"))) < 0)
        return rules_fail(err, "bad_card", "HS-R-12 (When to Play Battle Cards)",
                          "\"card\" is a card of your hand.");
    return hs_play_card(g, seat, c, HS_TIME_TURN, json_object_get(move, "choice"), mods,
                        rng, events, err);
}

void hs_turn_card_moves(const struct hs_game *g, int seat, json_t *moves)
{
    json_t *cards = hs_cards_playable(g, seat, HS_TIME_TURN), *c, *e;
    size_t i;

    json_array_foreach(cards, i, c) {
        int shape = json_array_size(json_object_get(c, "options")) > 0;

        e = hs_round_entry("card", shape ? "shape" : "move");
        json_object_set(e, "card", json_object_get(c, "id"));
        if (shape)
            json_object_set(e, "choice", json_object_get(c, "options"));
        json_array_append_new(moves, e);
    }
    json_decref(cards);
}
