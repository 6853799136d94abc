-- A move made by the clock for a seat whose time ran out under the pace
-- "auto" is logged with kind 'auto' (replayed like any move).
ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check
    CHECK (kind IN ('setup', 'move', 'resign', 'timeout', 'auto'));
