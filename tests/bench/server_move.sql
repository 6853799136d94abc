-- pgbench: the server's own statements for a move with an Idempotency-Key
-- (storage/statements.def: BEGIN, game_lock, move_answer, game_advance,
-- COMMIT), for diagnosis: the SQL of the HTTP path without HTTP, tokens,
-- JSON or rules. Keep it in step with statements.def. The row's own values
-- are written back, so the game stays playable; the move row's events and
-- answer are real ones from bench_answers, as in move.sql.
\set n random(1, :count)
\set a random(1, :answers)
BEGIN;
SELECT g.id AS gid, g.ruleset AS ruleset, g.status AS status, g.version AS version, g.move_count AS move_count, g.seat_count AS seat_count, coalesce(g.state, '{}') AS st, g.seed AS seed, g.commitment AS commitment, g.rng_pos AS rng_pos, g.must_act AS must_act, g.winners AS winners, g.result AS result, g.created_by AS created_by, to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"') AS created_at, to_char(g.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS"Z"') AS updated_at, g.options AS options, g.seats AS seats, (SELECT token_epoch FROM accounts WHERE id = g.created_by) AS epoch, a.response AS resp, a.events AS ev FROM games g, bench_answers a WHERE g.id = (SELECT id FROM bench_games WHERE n = :n) AND a.n = :a FOR UPDATE OF g \gset
SELECT response, move = '{"type":"pass"}'::jsonb FROM moves WHERE game_id = :gid AND seat = 0 AND idempotency_key = 'pgb-none';
WITH g AS (UPDATE games SET status = CAST(:status AS text), version = version + 1, move_count = move_count, state = CAST(:st AS jsonb), rng_pos = CAST(:rng_pos AS bigint), must_act = CAST(:must_act AS int[]), winners = CAST(:winners AS int[]), result = result, updated_at = now(), finished_at = CASE WHEN CAST(:status AS text) = 'finished' THEN now() END WHERE id = :gid RETURNING version), m AS (INSERT INTO moves (game_id, seq, seat, account_id, kind, move, events, rng_pos, idempotency_key, response) SELECT :gid, s, 0, NULL, 'move', '{"type":"pass"}'::jsonb, CAST(:ev AS jsonb), 1, 'pgb-' || s, :resp FROM nextval('bench_move_seq') s), o AS (INSERT INTO outbox (game_id, topic, payload) VALUES (:gid, 'game.move', '{"kind":"move","seat":0,"status":"active","must_act":[1]}'::jsonb)) SELECT version FROM g;
COMMIT;
