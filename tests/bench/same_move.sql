-- pgbench: a move in the server's shape, the reference for the move
-- targets. The server's own statements, sent in the server's round trips:
-- BEGIN with game_lock, then game_advance with COMMIT (pipeline mode;
-- run.sh runs pgbench -M prepared, and the server prepares its statements
-- too). Client c owns bench games c + 1, c + 1 + clients, ... and takes
-- them in turn, as turnpost-bench's move client c does with its games.
--
-- run.sh expands each "@name arg ..." line with "turnpost-bench sql": the
-- statement's text from storage/statements.def with $k replaced by arg k
-- (arguments without spaces). When a statement gains or loses a parameter
-- the expansion stops run.sh; then give it its value here.
--
-- pgbench cannot carry a value read inside a pipeline into a later
-- statement (\gset is refused there), so what the server computes from
-- the row it locked is read once per client before its first move: the
-- state of its first game, and one move the server logged (bench_answers:
-- the move, events, stored answer, seat, rng_pos and the notification's
-- payload, status and must_act). Every later move writes those values.
-- So the games are copies of the bench games made by run.sh before the
-- phase (id 00000000-0000-0000-0000-00000000000n for bench game n): the
-- games the HTTP clients play are not written. Where the server passes a
-- value this script differs in: the game id is computed from n in SQL,
-- result is NULL (as the server sends it for a game under way), seq
-- and the Idempotency-Key are the client's move count, and the chain
-- hash is a fixed 32 bytes (the server's is computed in the server).
\set k :k + 1
\set n 1 + :client_id + :clients * (:k % ((:count - 1 - :client_id) / :clients + 1))
\if :loaded = 0
\set first 1 + :client_id
\set a 1 + :client_id % :answers
SELECT g.state AS st, g.winners AS win, g.created_by AS caller, a.move AS mv, a.events AS ev, a.response AS resp, a.seat AS seat, a.rng_pos AS rng, a.payload AS payload, a.payload->>'status' AS status, translate(a.payload->>'must_act', '[]', '{}') AS must FROM games g, bench_answers a WHERE g.id = lpad((:first)::text, 32, '0')::uuid AND a.n = :a \gset
\set loaded 1
\endif
\startpipeline
BEGIN;
@game_lock lpad((:n)::text,32,'0')::uuid :caller
\endpipeline
\startpipeline
@game_advance lpad((:n)::text,32,'0')::uuid :status :k :st :rng :must :win NULL :seat :caller :kind :mv :ev :k :resp :topic :payload repeat('ab',32) NULL NULL
COMMIT;
\endpipeline
