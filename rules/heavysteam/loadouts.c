/*
 * loadouts.c - the secret customization before the pilots (loadouts.h).
 */
#include "loadouts.h"

#include <string.h>

#include "game_json.h"
#include "setup.h"

#define RULE_WHEN "HS-R-140 (Customize Steam Titan: When to Customize)"
#define RULE_HOW "HS-R-141 (Customize Steam Titan: How to Customize)"
#define RULE_DECK "HS-R-142 (Customize Steam Titan: How to Customize)"
#define RULE_DONE "HS-R-144 (Customize Steam Titan: When to Customize)"

int hs_loadout_move_is(const json_t *move)
{
    const char *type = json_string_value(json_object_get(move, "type"));

    return type && (!strcmp(type, "loadout") || !strcmp(type, "loadout_done"));
}

int hs_loadout_visible(const struct hs_game *g, int seat, int viewer)
{
    return viewer >= 0 && viewer < g->nplayers && g->p[viewer].team == g->p[seat].team;
}

static const struct hs_board *board_of(const struct hs_game *g, int seat)
{
    return &hs_catalog_get()->titan[g->titan[g->p[seat].titan].board];
}

static json_t *cards_json(const int card[HS_MOUNTS])
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *o = json_object();

    for (int m = 0; m < HS_MOUNTS; m++)
        hs_put_str(o, hs_mount_names[m], card[m] < 0 ? NULL : cat->weapon[card[m]].id);
    return o;
}

static int cost_of(const int card[HS_MOUNTS])
{
    const struct hs_catalog *cat = hs_catalog_get();
    int n = 0;

    for (int m = 0; m < HS_MOUNTS; m++)
        n += card[m] < 0 ? 0 : cat->weapon[card[m]].cost;
    return n;
}

/*
 * Whether seat's titan may carry ids (NULL: empty) by mount: as the
 * option's loadouts are checked (HS-R-141), and no card a teammate has
 * chosen, the team sharing its faction's one deck (HS-R-142). Fills card.
 */
static int check(const struct hs_game *g, int seat, const char *const id[HS_MOUNTS],
                 int card[HS_MOUNTS], struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    const struct hs_board *b = board_of(g, seat);
    struct rules_error why;

    if (hs_catalog_loadout_check(cat, b, id, card, &why))
        return rules_fail(err, why.code, why.rule, "Your %s: %s", b->name, why.message);
    for (int s = 0; s < g->nplayers; s++)
        for (int m = 0; s != seat && g->p[s].team == g->p[seat].team && m < HS_MOUNTS; m++)
            for (int k = 0; k < HS_MOUNTS; k++)
                if (card[m] >= 0 && g->p[s].loadout[k] == card[m])
                    return rules_fail(err, "card_with_teammate", RULE_DECK,
                                      "%s is on your teammate's titan, and your faction's "
                                      "deck holds one.", cat->weapon[card[m]].id);
    return 0;
}

/* Every loadout shown and mounted, then the pilots are asked for. */
static int reveal(struct hs_game *g, json_t *events, struct rules_error *err)
{
    const struct hs_catalog *cat = hs_catalog_get();
    int card[HS_MAX_PLAYERS][HS_MOUNTS];
    json_t *list = json_array();

    for (int s = 0; s < g->nplayers; s++) {
        struct hs_player *p = &g->p[s];

        memcpy(card[p->titan], p->loadout, sizeof card[0]);
        json_array_append_new(
            list, json_pack("{s:i, s:s, s:o, s:i, s:i}", "seat", s, "titan",
                            cat->titan[g->titan[p->titan].board].id, "cards",
                            cards_json(p->loadout), "cost", cost_of(p->loadout),
                            "points", board_of(g, s)->points));
    }
    hs_game_event(events, json_pack("{s:s, s:o}", "type", "loadouts_revealed", "loadouts",
                                    list));
    /* nothing has touched a cube since the setup: the titans are set up
     * again with the cards, as a setup with these loadouts would */
    if (hs_setup_titans(g, card, events, err))
        return -1;
    for (int s = 0; s < g->nplayers; s++) {
        memset(g->p[s].loadout, -1, sizeof g->p[s].loadout);
        g->p[s].loadout_done = 0;
    }
    g->stage = HS_STAGE_PILOTS;
    g->ask = HS_ASK_PILOT;
    hs_game_event(events, json_pack("{s:s}", "type", "choose_pilots"));
    return 0;
}

static int change(struct hs_game *g, int seat, const json_t *move, json_t *events,
                  struct rules_error *err)
{
    static const char *const keys[] = {"type", "left_arm", "right_arm", "torso", NULL};
    const struct hs_catalog *cat = hs_catalog_get();
    const char *id[HS_MOUNTS], *bad;
    int card[HS_MOUNTS];

    if ((bad = rules_unknown_key(move, keys)))
        return rules_fail(err, "unknown_field", RULE_HOW,
                          "A loadout move names the mounts (left_arm, right_arm, "
                          "torso); it has no field \"%s\".", bad);
    for (int m = 0; m < HS_MOUNTS; m++) {
        const json_t *v = json_object_get(move, hs_mount_names[m]);
        int c = g->p[seat].loadout[m];

        if (v && !json_is_null(v) && !json_is_string(v))
            return rules_fail(err, "bad_loadout_entry", RULE_HOW,
                              "The %s is a weapon card id, or null for an empty slot.",
                              hs_mount_names[m]);
        id[m] = v ? json_string_value(v) : c < 0 ? NULL : cat->weapon[c].id;
    }
    if (check(g, seat, id, card, err))
        return -1;
    memcpy(g->p[seat].loadout, card, sizeof card);
    hs_game_event(events, json_pack("{s:s, s:o, s:i, s:o, s:i}", "type", "loadout_chosen",
                                    "to", hs_team_to(g, seat, -1), "seat", seat, "loadout",
                                    cards_json(card), "cost", cost_of(card)));
    hs_game_event(events, json_pack("{s:s, s:i}", "type", "loadout_chosen", "seat", seat));
    return 0;
}

int hs_loadout_apply(struct hs_game *g, int seat, const json_t *move, json_t *events,
                     struct rules_error *err)
{
    const char *type = json_string_value(json_object_get(move, "type"));
    int done = 0;

    if (!json_is_object(move) || !hs_loadout_move_is(move))
        return rules_fail(err, "unknown_move", RULE_WHEN,
                          "Before the pilots the titans are customized: a move is "
                          "\"loadout\" or \"loadout_done\".");
    if (g->stage != HS_STAGE_LOADOUTS)
        return rules_fail(err, "not_now", RULE_DONE,
                          "There are no loadouts to choose now: the titans carry %s, and "
                          "once revealed no further changes to the loadout of steam "
                          "titans is allowed.",
                          g->stage == HS_STAGE_OVER ? "what they carried"
                                                    : "their revealed or agreed cards");
    if (seat < 0 || seat >= g->nplayers)
        return rules_fail(err, "not_a_player", RULE_WHEN, "Seat %d has no titan.", seat);
    if (g->p[seat].loadout_done)
        return rules_fail(err, "loadout_final", RULE_DONE,
                          "You have finished customizing your titan: your loadout is "
                          "final.");
    if (!strcmp(type, "loadout"))
        return change(g, seat, move, events, err);
    if (rules_unknown_key(move, (const char *const[]){"type", NULL}))
        return rules_fail(err, "unknown_field", RULE_DONE,
                          "loadout_done has no field but its type.");
    g->p[seat].loadout_done = 1;
    hs_game_event(events, json_pack("{s:s, s:i}", "type", "loadout_done", "seat", seat));
    for (int s = 0; s < g->nplayers; s++)
        done += g->p[s].loadout_done;
    return done == g->nplayers ? reveal(g, events, err) : 0;
}

json_t *hs_loadout_moves(const struct hs_game *g, int seat)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *moves = json_array(), *shape, *costs;
    const struct hs_board *b;
    const int *cur;

    if (g->stage != HS_STAGE_LOADOUTS || seat < 0 || seat >= g->nplayers ||
        g->p[seat].loadout_done)
        return json_pack("{s:o}", "moves", moves);
    b = board_of(g, seat);
    cur = g->p[seat].loadout;
    costs = json_object();
    shape = json_pack("{s:s, s:s, s:i, s:i, s:o}", "type", "loadout", "form", "shape",
                      "points", b->points, "spent", cost_of(cur), "current", cards_json(cur));
    for (int m = 0; m < HS_MOUNTS; m++) {
        json_t *of = json_pack("[n]");
        const char *id[HS_MOUNTS];
        int card[HS_MOUNTS];

        for (int k = 0; k < HS_MOUNTS; k++)
            id[k] = cur[k] < 0 ? NULL : cat->weapon[cur[k]].id;
        /* each card that fits this mount with the other two as they are */
        for (int w = 0; w < cat->nweapons; w++) {
            id[m] = cat->weapon[w].id;
            if (check(g, seat, id, card, NULL) == 0) {
                json_array_append_new(of, json_string(cat->weapon[w].id));
                json_object_set_new(costs, cat->weapon[w].id, json_integer(cat->weapon[w].cost));
            }
        }
        json_object_set_new(shape, hs_mount_names[m], json_pack("{s:o}", "of", of));
    }
    json_object_set_new(shape, "costs", costs);
    json_array_append_new(moves, shape);
    json_array_append_new(moves, json_pack("{s:s, s:s}", "type", "loadout_done", "form", "move"));
    return json_pack("{s:o}", "moves", moves);
}
