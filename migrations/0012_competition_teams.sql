-- Competitions of teams, for a ruleset whose players play in teams: each
-- entrant is a team of team_size accounts, its captain the entrant's
-- account_id and the others, in order, its teammates; a game of the
-- competition seats seats * team_size players, each team on its seats.

ALTER TABLE competitions ADD COLUMN team_size int NOT NULL DEFAULT 1
    CHECK (team_size BETWEEN 1 AND 4);
ALTER TABLE competition_entrants ADD COLUMN teammates uuid[];
