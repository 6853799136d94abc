/*
 * handlers.h - one function per route. Each answers through reply_*();
 * the route table in routes.c says which runs where.
 */
#ifndef TURNPOST_API_HANDLERS_H
#define TURNPOST_API_HANDLERS_H

#include "app.h"

/* service.c */
void handle_healthz(struct request *r, struct worker *w);
void handle_readyz(struct request *r, struct worker *w);
void handle_metrics(struct request *r, struct worker *w);
void handle_openapi(struct request *r, struct worker *w);
void handle_keys(struct request *r, struct worker *w);

/* accounts.c */
void handle_account_create(struct request *r, struct worker *w);
void handle_me(struct request *r, struct worker *w);
void handle_token_refresh(struct request *r, struct worker *w);
void handle_account_token(struct request *r, struct worker *w);
void handle_account_revoke(struct request *r, struct worker *w);
void handle_session_create(struct request *r, struct worker *w);
void handle_password_set(struct request *r, struct worker *w);
void handle_account_lookup(struct request *r, struct worker *w);
void handle_account_profile(struct request *r, struct worker *w);

/* personal_tokens.c */
void handle_personal_token_create(struct request *r, struct worker *w);
void handle_personal_token_list(struct request *r, struct worker *w);
void handle_personal_token_get(struct request *r, struct worker *w);
void handle_personal_token_delete(struct request *r, struct worker *w);

/* rulesets.c */
void handle_rulesets(struct request *r, struct worker *w);
void handle_ruleset(struct request *r, struct worker *w);

/* games.c */
void handle_game_create(struct request *r, struct worker *w);
void handle_game_join(struct request *r, struct worker *w);
void handle_seat_invite(struct request *r, struct worker *w);
void handle_game_view(struct request *r, struct worker *w);
void handle_my_games(struct request *r, struct worker *w);
void handle_lobby(struct request *r, struct worker *w);

/* moves.c */
void handle_legal_moves(struct request *r, struct worker *w);
void handle_move_submit(struct request *r, struct worker *w);
void handle_moves_list(struct request *r, struct worker *w);
void handle_resign(struct request *r, struct worker *w);
void handle_export(struct request *r, struct worker *w);

/* rematch.c */
void handle_game_rematch(struct request *r, struct worker *w);

/* vacation.c */
void handle_vacation_get(struct request *r, struct worker *w);
void handle_vacation_start(struct request *r, struct worker *w);
void handle_vacation_end(struct request *r, struct worker *w);

/* messages.c */
void handle_message_post(struct request *r, struct worker *w);
void handle_messages_list(struct request *r, struct worker *w);

/* board.c */
void handle_board_svg(struct request *r, struct worker *w);
void handle_board_png(struct request *r, struct worker *w);

/* events.c */
void handle_game_events(struct request *r, struct worker *w);
void handle_my_events(struct request *r, struct worker *w);

/* resources.c */
void handle_move_get(struct request *r, struct worker *w);
void handle_message_get(struct request *r, struct worker *w);

/* webhooks.c */
void handle_webhook_create(struct request *r, struct worker *w);
void handle_webhook_list(struct request *r, struct worker *w);
void handle_webhook_get(struct request *r, struct worker *w);
void handle_webhook_update(struct request *r, struct worker *w);
void handle_webhook_delete(struct request *r, struct worker *w);
void handle_webhook_rotate(struct request *r, struct worker *w);
void handle_webhook_deliveries(struct request *r, struct worker *w);
void handle_webhook_redeliver(struct request *r, struct worker *w);

/* tournaments.c */
void handle_tournament_create(struct request *r, struct worker *w);
void handle_tournament_list(struct request *r, struct worker *w);
void handle_tournament_get(struct request *r, struct worker *w);
void handle_tournament_register(struct request *r, struct worker *w);
void handle_tournament_check_in(struct request *r, struct worker *w);
void handle_tournament_withdraw(struct request *r, struct worker *w);
void handle_tournament_start(struct request *r, struct worker *w);
void handle_tournament_games(struct request *r, struct worker *w);
void handle_tournament_standings(struct request *r, struct worker *w);
void handle_tournament_crosstable(struct request *r, struct worker *w);
void handle_tournament_result(struct request *r, struct worker *w);
void handle_tournament_repair(struct request *r, struct worker *w);

/* leagues.c */
void handle_league_create(struct request *r, struct worker *w);
void handle_league_list(struct request *r, struct worker *w);
void handle_league_get(struct request *r, struct worker *w);
void handle_league_join(struct request *r, struct worker *w);
void handle_league_leave(struct request *r, struct worker *w);
void handle_league_season(struct request *r, struct worker *w);
void handle_league_season_get(struct request *r, struct worker *w);

/* ratings.c */
void handle_rating_board(struct request *r, struct worker *w);
void handle_rating_of(struct request *r, struct worker *w);
void handle_webhook_event_types(struct request *r, struct worker *w);

#endif
