-- Messages to a team, in a game whose players play in teams: to_team
-- holds the seats of the sender's team (the sender's own included), who
-- alone read it; NULL for a message to everyone or to one seat.

ALTER TABLE messages ADD COLUMN to_team int[];
