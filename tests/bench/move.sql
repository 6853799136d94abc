-- pgbench: the move transaction in its reference shape (DESIGN.md,
-- "Performance"): lock one bench game and read its state, write the state
-- back (the row's own, so of the engine's real size) with version + 1,
-- append a move row like the server's and an outbox row. The move row's
-- events and stored answer are real ones, sampled from the server's moves
-- into bench_answers by run.sh, which passes -D count=<games> and
-- -D answers=<answers>. The game stays playable: only version, updated_at
-- and the logs change (these move rows take seq numbers from 10^9 on).
\set n random(1, :count)
\set a random(1, :answers)
BEGIN;
SELECT g.id AS gid, coalesce(g.state, '{}') AS st, a.response AS resp, a.events AS ev FROM games g, bench_answers a WHERE g.id = (SELECT id FROM bench_games WHERE n = :n) AND a.n = :a FOR UPDATE OF g \gset
UPDATE games SET state = CAST(:st AS jsonb), version = version + 1, updated_at = now() WHERE id = :gid;
INSERT INTO moves (game_id, seq, seat, account_id, kind, move, events, rng_pos, idempotency_key, response) SELECT :gid, s, 0, NULL, 'move', '{"type":"pass"}', CAST(:ev AS jsonb), 1, 'pgb-' || s, :resp FROM nextval('bench_move_seq') s;
INSERT INTO outbox (game_id, topic, payload) VALUES (:gid, 'game.move', jsonb_build_object('game_id', CAST(:gid AS text), 'seq', 0, 'version', 0, 'seat', 0, 'kind', 'move', 'status', 'active', 'must_act', '[1]'::jsonb));
COMMIT;
