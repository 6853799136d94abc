-- pgbench: the server's own read of a game for GET /v1/games/{id}
-- (storage/statements.def, game_read), for diagnosis. Keep it in step with
-- statements.def.
\set n random(1, :count)
SELECT g.id, g.ruleset, g.status, g.version, g.move_count, g.seat_count, g.state, g.seed, g.commitment, g.rng_pos, g.must_act, g.winners, g.result, g.created_by, to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"'), to_char(g.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"'), g.options, (SELECT json_agg(json_build_object('seat', s.seat, 'kind', s.kind, 'account_id', s.account_id, 'name', a.name, 'filled', s.filled, 'entropy', s.entropy, 'invite_epoch', s.invite_epoch) ORDER BY s.seat) FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = g.id), (SELECT token_epoch FROM accounts WHERE id = g.created_by) FROM games g WHERE g.id = (SELECT id FROM bench_games WHERE n = :n);
