-- pgbench: a game read in the server's shape, the reference for the view
-- target. GET /v1/games/{id} whose view is in the server's view cache reads
-- the game row with game_read_unless at the cached version, so the state
-- is not sent (the server then answers with the cached view); so does this
-- script. run.sh makes the games copies of the bench games at version 1
-- (id 00000000-0000-0000-0000-00000000000n for bench game n) and passes
-- -D known=1. Client c owns bench games c + 1, c + 1 + clients, ... and
-- reads them in turn, as turnpost-bench's view client c does. The caller,
-- whose token epoch the statement reads, is the account that created the
-- client's first game (the HTTP view reads with seat 0's token). "@name
-- arg ..." lines are expanded by run.sh as in same_move.sql.
\set k :k + 1
\set n 1 + :client_id + :clients * (:k % ((:count - 1 - :client_id) / :clients + 1))
\if :loaded = 0
\set first 1 + :client_id
SELECT created_by AS caller FROM games WHERE id = lpad((:first)::text, 32, '0')::uuid \gset
\set loaded 1
\endif
@game_read_unless lpad((:n)::text,32,'0')::uuid :caller :known
