-- The move log's hash chain (api/chain.h): each entry's hash covers the
-- entry and the hash before it; the game row keeps the last one, the head.
--
-- The hash is keyed by the game's secret seed and computed by the server,
-- so SQL cannot backfill it. Entries written before this migration keep a
-- NULL hash, and a game that already has entries starts its chain at its
-- next entry (chain_from): the export says so, and `turnpost verify`
-- replays the older entries without vouching for them by hash.

ALTER TABLE moves ADD COLUMN hash bytea
    CHECK (hash IS NULL OR length(hash) = 32);

ALTER TABLE games
    ADD COLUMN log_head bytea CHECK (log_head IS NULL OR length(log_head) = 32),
    ADD COLUMN chain_from bigint NOT NULL DEFAULT 1 CHECK (chain_from >= 1);

UPDATE games SET chain_from = move_count + 1 WHERE move_count > 0;

-- The head exists exactly when an entry of the chain does.
ALTER TABLE games ADD CONSTRAINT games_log_head_present
    CHECK ((log_head IS NOT NULL) = (move_count >= chain_from));
