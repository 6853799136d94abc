/*
 * competition.c - points of a finished game under an event's points.
 */
#include "competition.h"

void comp_points_chess(struct comp_points *p)
{
    *p = (struct comp_points){.win = 1, .draw = 0.5, .loss = 0, .bye = 1,
                              .forfeit_win = 1, .forfeit_loss = 0};
    /* a table of more seats: its winner takes 1, the others 0 */
    for (int i = 0; i < COMP_MAX_SEATS; i++)
        p->by_place[i] = 0;
    p->by_place[0] = 1;
}

double comp_game_points(const struct comp_points *p,
                        const struct comp_game *g, int s)
{
    if (!g->done || s < 0 || s >= g->seats)
        return 0;
    if (g->how == COMP_BYE || g->seats == 1)
        return p->bye;
    int place = g->place[s];
    int better = 0, tied = 0;
    for (int i = 0; i < g->seats; i++) {
        if (g->place[i] < place)
            better++;
        else if (g->place[i] == place)
            tied++;
    }
    if (g->seats == 2) {
        bool won = better == 0 && tied == 1;
        bool drew = tied == 2;
        if (g->how == COMP_FORFEIT)
            return won ? p->forfeit_win : drew ? p->draw : p->forfeit_loss;
        return won ? p->win : drew ? p->draw : p->loss;
    }
    if (g->how == COMP_FORFEIT && tied == 1)
        return better == 0 ? p->forfeit_win : p->forfeit_loss;
    /* the tied seats cover places better+1 .. better+tied */
    double sum = 0;
    for (int k = better; k < better + tied && k < COMP_MAX_SEATS; k++)
        sum += p->by_place[k];
    return sum / tied;
}
