#include "game_end.h"

#include "competition_run.h"
#include "play.h"
#include "rating_update.h"
#include "ratings.h"

enum storage_status game_end_record(struct db *db, const struct storage_game *g)
{
    json_t *links = NULL;
    const json_t *comp;
    enum storage_status st;

    if ((st = storage_game_finish_links(db, g->id, &links)) != STORAGE_OK)
        return st;
    /* the competition first: its row lock orders racing ends, and the
       ratings' row locks come after it on every path */
    comp = json_object_get(links, "competition_id");
    if (json_is_string(comp))
        st = comp_game_finished(db, json_string_value(comp),
                                (int)json_integer_value(json_object_get(links, "round")),
                                (int)json_integer_value(json_object_get(links, "board")), g);
    if (st == STORAGE_OK && json_is_true(json_object_get(links, "rated")))
        st = rating_game_finished(db, g, play_now_ms());
    json_decref(links);
    return st;
}
