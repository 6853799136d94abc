-- The lobby (GET /v1/games): games by status, newest first, filtered by
-- ruleset, creator, player and options, read a page at a time by sort key
-- (created_at, id), or (finished_at, id) for finished games.
--
-- No column of these indexes changes on an ordinary move (only when a game
-- starts or ends), so a move's update of its game row can stay a HOT
-- update and writes none of them.

CREATE INDEX games_lobby ON games (status, created_at DESC, id DESC);
CREATE INDEX games_finished ON games (finished_at DESC, id DESC)
    WHERE status = 'finished';
CREATE INDEX games_created_by ON games (created_by, created_at DESC, id DESC);
CREATE INDEX games_options ON games USING gin (options jsonb_path_ops);
