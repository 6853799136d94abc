#include "rating_update.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "competition/rating_games.h"
#include "ratings.h"

int64_t rating_period(int64_t now_ms)
{
    return now_ms / RATING_PERIOD_MS;
}

static void triple(const json_t *a, struct glicko2 *g)
{
    g->rating = json_number_value(json_array_get(a, 0));
    g->rd = json_number_value(json_array_get(a, 1));
    g->volatility = json_number_value(json_array_get(a, 2));
}

void rating_as_of(const json_t *row, int64_t current, struct glicko2 *start,
                  struct glicko2 *now)
{
    int64_t period = json_integer_value(json_object_get(row, "period"));

    triple(json_object_get(row, "start"), start);
    triple(json_object_get(row, "now"), now);
    if (period >= current)
        return;
    /* the last period's end, then one growth per empty period; past the
       cap on the deviation more periods change nothing */
    *start = *now;
    for (int64_t k = period + 1; k < current && start->rd < GLICKO2_RD; k++) {
        struct glicko2 grown;

        if (glicko2_rate(start, NULL, 0, GLICKO2_TAU, &grown))
            break;
        *start = grown;
    }
    *now = *start;
}

/* The finished game as a competition game: places from its result. */
static int as_comp_game(const struct storage_game *g, struct comp_game *cg)
{
    const json_t *places = json_object_get(g->result, "places");

    memset(cg, 0, sizeof *cg);
    if (g->seat_count < 2 || g->seat_count > COMP_MAX_SEATS ||
        json_array_size(places) != (size_t)g->seat_count)
        return -1;
    cg->seats = g->seat_count;
    cg->done = true;
    cg->how = COMP_PLAYED;
    for (int s = 0; s < g->seat_count; s++) {
        cg->entrant[s] = s;
        cg->place[s] = (int)json_integer_value(json_array_get(places, (size_t)s));
        if (cg->place[s] < 1)
            return -1;
    }
    return 0;
}

static const char *seat_account(const struct storage_game *g, int s)
{
    return json_string_value(json_object_get(json_array_get(g->seats, (size_t)s),
                                             "account_id"));
}

static int by_string(const void *a, const void *b)
{
    return strcmp(json_string_value(*(json_t *const *)a),
                  json_string_value(*(json_t *const *)b));
}

/* Account ids of the seats, sorted; NULL when a seat has none or one
   account holds two seats (a game against oneself is not rated). */
static json_t *sorted_accounts(const struct storage_game *g)
{
    json_t *v[COMP_MAX_SEATS], *out;
    int n = g->seat_count;

    for (int s = 0; s < n; s++) {
        const char *a = seat_account(g, s);

        if (!a) {
            while (s--)
                json_decref(v[s]);
            return NULL;
        }
        v[s] = json_string(a);
    }
    qsort(v, (size_t)n, sizeof v[0], by_string);
    out = json_array();
    for (int s = 0; s < n; s++) {
        if (s && strcmp(json_string_value(v[s]), json_string_value(v[s - 1])) == 0) {
            json_decref(out);
            out = NULL;
        }
        if (out)
            json_array_append(out, v[s]);
        json_decref(v[s]);
    }
    return out;
}

static const json_t *row_of(const json_t *rows, const char *account)
{
    const json_t *r;
    size_t i;

    json_array_foreach(rows, i, r)
        if (strcmp(json_string_value(json_object_get(r, "account_id")), account) == 0)
            return r;
    return NULL;
}

/* Rates seat s of cg for its account, whose period-start is start[s]. */
static enum storage_status rate_seat(struct db *db, const struct storage_game *g,
                                     const struct comp_game *cg, int s,
                                     const struct glicko2 start[], const struct glicko2 now[],
                                     int64_t period)
{
    struct rating_pair pair[COMP_MAX_SEATS - 1];
    struct glicko2_result *r = NULL;
    struct glicko2 after;
    json_t *mine = json_array(), *prior = NULL, *x;
    char *mine_text = NULL;
    int n = rating_pairs(cg, NULL, s, pair), wdl[3] = {0, 0, 0}, better = 0, tied = 0;
    double score = 0;
    enum storage_status st;
    size_t i, k = 0;

    for (int j = 0; j < n; j++) {
        const struct glicko2 *o = &start[pair[j].opponent_seat];

        json_array_append_new(mine, json_pack("{s:s, s:f, s:f, s:f, s:f, s:f}",
                                              "opponent", seat_account(g, pair[j].opponent_seat),
                                              "rating", o->rating, "rd", o->rd,
                                              "volatility", o->volatility,
                                              "score", pair[j].score,
                                              "weight", pair[j].weight));
        score += pair[j].score * pair[j].weight;
    }
    if ((st = storage_rating_period_results(db, seat_account(g, s), g->ruleset, period,
                                            &prior)) != STORAGE_OK)
        goto out;
    r = calloc(json_array_size(prior) + (size_t)n + 1, sizeof *r);
    st = STORAGE_ERROR;
    if (!r)
        goto out;
    json_array_extend(prior, mine);
    json_array_foreach(prior, i, x) {
        r[k].opponent.rating = json_number_value(json_object_get(x, "rating"));
        r[k].opponent.rd = json_number_value(json_object_get(x, "rd"));
        r[k].opponent.volatility = json_number_value(json_object_get(x, "volatility"));
        r[k].score = json_number_value(json_object_get(x, "score"));
        r[k].weight = json_number_value(json_object_get(x, "weight"));
        k++;
    }
    if (glicko2_rate(&start[s], r, (int)k, GLICKO2_TAU, &after))
        goto out;
    for (int t = 0; t < cg->seats; t++) {
        better += cg->place[t] < cg->place[s];
        tied += cg->place[t] == cg->place[s];
    }
    wdl[better ? 2 : tied > 1 ? 1 : 0] = 1;
    mine_text = json_dumps(mine, JSON_COMPACT);
    {
        struct storage_rating_game rg = {
            .game_id = g->id, .account_id = seat_account(g, s), .ruleset = g->ruleset,
            .period = period, .seat = s, .results_text = mine_text, .score = score,
            .before = {now[s].rating, now[s].rd},
            .after = {after.rating, after.rd, after.volatility}};
        double st3[3] = {start[s].rating, start[s].rd, start[s].volatility};
        double now3[3] = {after.rating, after.rd, after.volatility};

        if (!mine_text || (st = storage_rating_game_insert(db, &rg)) != STORAGE_OK)
            goto out;
        st = storage_rating_set(db, rg.account_id, g->ruleset, period, st3, now3, wdl);
    }
out:
    free(r);
    free(mine_text);
    json_decref(mine);
    json_decref(prior);
    return st;
}

enum storage_status rating_game_finished(struct db *db, const struct storage_game *g,
                                         int64_t now_ms)
{
    struct glicko2 start[COMP_MAX_SEATS], now[COMP_MAX_SEATS], fresh;
    int64_t period = rating_period(now_ms);
    double s3[3];
    struct comp_game cg;
    json_t *accounts, *rows = NULL;
    enum storage_status st;

    if (as_comp_game(g, &cg) || !(accounts = sorted_accounts(g)))
        return STORAGE_OK;
    glicko2_initial(&fresh);
    s3[0] = fresh.rating;
    s3[1] = fresh.rd;
    s3[2] = fresh.volatility;
    if ((st = storage_ratings_lock(db, accounts, g->ruleset, period, s3, &rows)) != STORAGE_OK)
        goto out;
    st = STORAGE_ERROR;
    for (int s = 0; s < g->seat_count; s++) {
        const json_t *row = row_of(rows, seat_account(g, s));

        if (!row)
            goto out;
        rating_as_of(row, period, &start[s], &now[s]);
    }
    for (int s = 0; s < g->seat_count; s++)
        if ((st = rate_seat(db, g, &cg, s, start, now, period)) != STORAGE_OK)
            break;
out:
    json_decref(accounts);
    json_decref(rows);
    return st;
}
