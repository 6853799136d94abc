-- pgbench: the plain read of one game's state.
\set n random(1, :count)
SELECT state FROM games WHERE id = (SELECT id FROM bench_games WHERE n = :n);
