-- Messages: the "post" of play-by-post. Numbered per game from 1
-- (games.message_count); to_seat NULL is to everyone, else to that seat
-- alone (the sender sees it too). Not part of the game's state or version.

CREATE TABLE messages (
    game_id     uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    id          bigint NOT NULL,
    seat        int NOT NULL,                 -- the sender's seat
    account_id  uuid REFERENCES accounts(id), -- NULL for a seat token
    to_seat     int,
    text        text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    move_seq    bigint,                       -- the move it was sent with
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, id)
);

ALTER TABLE games ADD COLUMN message_count bigint NOT NULL DEFAULT 0;
