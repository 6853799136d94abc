-- Clocks: a game's pace, each seat's time, and the accounts' vacations.
--
-- clock is the pace chosen at creation (NULL: untimed); clock_state keeps,
-- per seat, the reserve left and since when the seat has had to act;
-- clock_due is when the sweeper must look next (a reminder or a deadline),
-- claimed with FOR UPDATE SKIP LOCKED by any replica. A timeout is logged
-- like a resignation, with kind 'timeout'.

ALTER TABLE games
    ADD COLUMN clock jsonb,
    ADD COLUMN clock_state jsonb,
    ADD COLUMN clock_due timestamptz;
CREATE INDEX games_clock_due ON games (clock_due)
    WHERE clock_due IS NOT NULL AND status = 'active';

ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check
    CHECK (kind IN ('setup', 'move', 'resign', 'timeout'));

-- One vacation at a time; its days come out of the year's allowance.
ALTER TABLE accounts
    ADD COLUMN vacation_from timestamptz,
    ADD COLUMN vacation_until timestamptz,
    ADD COLUMN vacation_year int,
    ADD COLUMN vacation_days_used int NOT NULL DEFAULT 0;
