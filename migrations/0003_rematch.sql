-- Rematches: a finished game and the game that replays it with the same
-- seats. rematch_of is on the new game, rematch on the old one; the
-- unique index lets a game have one rematch only.

ALTER TABLE games
    ADD COLUMN rematch_of uuid REFERENCES games(id) ON DELETE SET NULL,
    ADD COLUMN rematch uuid REFERENCES games(id) ON DELETE SET NULL;

CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
