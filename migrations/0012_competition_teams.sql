-- Competitions and leagues of teams, for a ruleset whose players play in
-- teams: each entrant (member) is a team of team_size accounts, its
-- captain the row's account_id and the others, in order, its teammates;
-- a game seats seats * team_size players, each team on its team's seats.

ALTER TABLE competitions ADD COLUMN team_size int NOT NULL DEFAULT 1
    CHECK (team_size BETWEEN 1 AND 4);
ALTER TABLE competition_entrants ADD COLUMN teammates uuid[];
ALTER TABLE leagues ADD COLUMN team_size int NOT NULL DEFAULT 1
    CHECK (team_size BETWEEN 1 AND 4);
ALTER TABLE league_members ADD COLUMN teammates uuid[];
