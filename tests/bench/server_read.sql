-- pgbench: the server's own read of a game for GET /v1/games/{id} when its
-- view at that version is in the server's view cache (storage/statements.def,
-- game_read_unless: the state is not sent), for diagnosis. Keep it in step
-- with statements.def.
\set n random(1, :count)
SELECT g.id, g.ruleset, g.status, g.version, g.move_count, g.seat_count, CASE WHEN g.version >= 0 THEN NULL ELSE g.state END, g.seed, g.commitment, g.rng_pos, g.must_act, g.winners, g.result, g.created_by, to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"'), to_char(g.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"'), g.options, g.seats, (SELECT token_epoch FROM accounts WHERE id = g.created_by) FROM games g WHERE g.id = (SELECT id FROM bench_games WHERE n = :n);
