-- pgbench: the server's own statements for a move that goes ahead
-- (storage/statements.def: BEGIN, game_lock, game_advance, COMMIT; the
-- server sends BEGIN with the lock and COMMIT with the write, two round
-- trips, which pgbench cannot do with \gset, so here they are four), for
-- diagnosis: the SQL of the HTTP path without HTTP, tokens, JSON or rules.
-- An Idempotency-Key is looked up only for a refused move (move_answer), so
-- it is not here. Keep it in step with statements.def. The row's own values
-- are written back, so the game stays playable; the move row's events and
-- answer are real ones from bench_answers, as in move.sql.
\set n random(1, :count)
\set a random(1, :answers)
BEGIN;
SELECT g.id AS gid, g.ruleset AS ruleset, g.status AS status, g.version AS version, g.move_count AS move_count, g.seat_count AS seat_count, coalesce(g.state, '{}') AS st, g.seed AS seed, g.commitment AS commitment, g.rng_pos AS rng_pos, g.must_act AS must_act, g.winners AS winners, g.result AS result, g.created_by AS created_by, to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"') AS created_at, to_char(g.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"') AS updated_at, g.options AS options, g.seats AS seats, (SELECT token_epoch FROM accounts WHERE id = g.created_by) AS epoch, a.response AS resp, a.events AS ev FROM games g, bench_answers a WHERE g.id = (SELECT id FROM bench_games WHERE n = :n) AND a.n = :a FOR UPDATE OF g \gset
WITH g AS (UPDATE games SET status = CAST(:status AS text), version = version + 1, move_count = move_count, state = CAST(:st AS jsonb), rng_pos = CAST(:rng_pos AS bigint), must_act = CAST(:must_act AS int[]), winners = CAST(:winners AS int[]), result = result, updated_at = now(), finished_at = CASE WHEN CAST(:status AS text) = 'finished' THEN now() END WHERE id = :gid RETURNING version), m AS (INSERT INTO moves (game_id, seq, seat, account_id, kind, move, events, rng_pos, idempotency_key, response) SELECT :gid, s, 0, NULL, 'move', '{"type":"pass"}'::jsonb, CAST(:ev AS jsonb), 1, 'pgb-' || s, :resp FROM nextval('bench_move_seq') s), o AS (INSERT INTO outbox (game_id, topic, payload) VALUES (:gid, 'game.move', '{"kind":"move","seat":0,"status":"active","must_act":[1]}'::jsonb)) SELECT version FROM g;
COMMIT;
