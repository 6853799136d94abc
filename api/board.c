/* Pictures of a game: GET /v1/games/{id}/board.svg and board.png. */
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "handlers.h"
#include "http_cache.h"
#include "play.h"
#include "png.h"

/* The SVG of the game of the path for the caller; NULL having replied. */
static char *picture_or_reply(struct request *r, struct worker *w, struct storage_game *g)
{
    const struct rules_engine *e;
    enum storage_status st;
    struct caller c;
    char *svg;
    int seat;

    if (request_params_or_reply(r, (const char *const[]){NULL}) ||
        auth_or_reply(r, w, AUTH_ANY, &c) || game_id_or_reply(r, r->params[0]))
        return NULL;
    if ((st = storage_game_read(w->db, r->params[0], c.claims.sub, g)) != STORAGE_OK) {
        reply_storage(r, st, "game");
        return NULL;
    }
    if (play_seat_or_reply(r, &c, g, -1, 0, &seat))
        return NULL;
    e = play_engine(g);
    if (!e || !e->svg_view) {
        reply_problem(r, PROBLEM_not_acceptable, "%s has no picture.", g->ruleset);
        return NULL;
    }
    if (!g->state) {
        reply_problem(r, PROBLEM_game_not_started, "The game starts when every seat is filled.");
        return NULL;
    }
    if (!(svg = e->svg_view(g->state, seat)))
        reply_problem(r, PROBLEM_internal, "The picture could not be drawn.");
    http_cache_view_etag(r, g->version, seat, NULL);
    return svg;
}

void handle_board_svg(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    char *svg = picture_or_reply(r, w, &g);

    if (svg)
        reply_take(r, 200, "image/svg+xml", svg, strlen(svg));
    storage_game_clear(&g);
}

void handle_board_png(struct request *r, struct worker *w)
{
    struct storage_game g = {0};
    char *svg = picture_or_reply(r, w, &g), err[200];
    unsigned char *png;
    size_t len;

    if (svg) {
        if (png_from_svg(svg, strlen(svg), &png, &len, err, sizeof err) == 0)
            reply_take(r, 200, "image/png", (char *)png, len);
        else
            reply_problem(r, PROBLEM_internal, "%s.", err);
        free(svg);
    }
    storage_game_clear(&g);
}
