-- Ratings, and competitions (tournaments; the divisions of league
-- seasons) with their entrants and games.

-- A rated game's result moves its players' ratings when it finishes.
ALTER TABLE games ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- An account's Glicko-2 rating in one ruleset. start_* is the rating at
-- the start of the rating period number `period`; rating/rd/volatility
-- are what that start and every result of the period give (rating_games),
-- recomputed whenever one of its games finishes.
CREATE TABLE ratings (
    account_id       uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    ruleset          text NOT NULL,
    period           bigint NOT NULL,
    start_rating     double precision NOT NULL,
    start_rd         double precision NOT NULL,
    start_volatility double precision NOT NULL,
    rating           double precision NOT NULL,
    rd               double precision NOT NULL,
    volatility       double precision NOT NULL,
    games            int NOT NULL DEFAULT 0,
    wins             int NOT NULL DEFAULT 0,
    draws            int NOT NULL DEFAULT 0,
    losses           int NOT NULL DEFAULT 0,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, ruleset)
);
CREATE INDEX ratings_board ON ratings (ruleset, rating DESC, account_id);

-- One row per player of a rated game: its pairwise results against the
-- opponents' period-start ratings, and the rating it left behind.
CREATE TABLE rating_games (
    game_id      uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    account_id   uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    ruleset      text NOT NULL,
    period       bigint NOT NULL,
    seat         int NOT NULL,
    results      jsonb NOT NULL,   -- [{opponent, rating, rd, volatility, score, weight}]
    score        double precision NOT NULL, -- the weighted sum of the results
    rating_before double precision NOT NULL,
    rd_before    double precision NOT NULL,
    rating_after double precision NOT NULL,
    rd_after     double precision NOT NULL,
    volatility_after double precision NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, account_id)
);
CREATE INDEX rating_games_period ON rating_games (account_id, ruleset, period);
CREATE INDEX rating_games_history ON rating_games (account_id, ruleset, created_at);

-- A tournament, or one division of a league season (league_id set).
-- round is the round being played (-1 before the start); version counts
-- changes, for the ETag and the tests that race.
CREATE TABLE competitions (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    organiser     uuid NOT NULL REFERENCES accounts(id),
    ruleset       text NOT NULL,
    options       jsonb NOT NULL DEFAULT '{}',
    seats         int NOT NULL,                -- players in each game
    min_seats     int NOT NULL,                -- tables: the smallest table
    format        text NOT NULL CHECK (format IN ('round_robin', 'double_round_robin',
                      'swiss', 'single_elimination', 'double_elimination', 'tables')),
    rounds        int NOT NULL,
    points        jsonb NOT NULL,
    tiebreaks     text[] NOT NULL DEFAULT '{}',
    rated         boolean NOT NULL DEFAULT false,
    clock         jsonb,                       -- the pace of its games; NULL untimed
    registration  text NOT NULL CHECK (registration IN ('open', 'invite')),
    check_in      boolean NOT NULL DEFAULT false,
    max_entrants  int NOT NULL DEFAULT 1000,
    withdrawals   text NOT NULL DEFAULT 'forfeit' CHECK (withdrawals IN ('forfeit', 'bye')),
    status        text NOT NULL DEFAULT 'registration'
                  CHECK (status IN ('registration', 'running', 'finished')),
    round         int NOT NULL DEFAULT -1,
    version       bigint NOT NULL DEFAULT 1,
    league_id     uuid,
    season        int,
    division      int,
    created_at    timestamptz NOT NULL DEFAULT now(),
    started_at    timestamptz,
    finished_at   timestamptz
);
CREATE INDEX competitions_listing ON competitions (created_at DESC, id);

-- seed is set at the start (0 the top seed: by rating, then registration);
-- withdrawn_round is the first round the entrant does not play.
CREATE TABLE competition_entrants (
    competition_id  uuid NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
    account_id      uuid NOT NULL REFERENCES accounts(id),
    seed            int,
    invited         boolean NOT NULL DEFAULT false,
    checked_in      boolean NOT NULL DEFAULT false,
    withdrawn_round int,
    registered_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (competition_id, account_id),
    UNIQUE (competition_id, seed)
);

-- The games of each round by board: entrants are seeds by seat; a game of
-- one seat is a bye. game_id is the Turnpost game (NULL for byes and
-- forfeits decided without play). places by seat once done.
CREATE TABLE competition_games (
    competition_id uuid NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
    round          int NOT NULL,
    board          int NOT NULL,
    entrants       int[] NOT NULL,
    game_id        uuid UNIQUE REFERENCES games(id) ON DELETE SET NULL,
    done           boolean NOT NULL DEFAULT false,
    how            text NOT NULL DEFAULT 'played' CHECK (how IN ('played', 'forfeit', 'bye')),
    places         int[],
    slot           jsonb,                      -- where a bracket game stands
    scheduled_for  timestamptz,                -- a league fixture's date
    recorded_at    timestamptz,
    recorded_by    text,                       -- 'game', 'organiser' or 'withdrawal'
    PRIMARY KEY (competition_id, round, board)
);

-- Leagues: seasons of divisions, each division a competition above.
CREATE TABLE leagues (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    organiser   uuid NOT NULL REFERENCES accounts(id),
    ruleset     text NOT NULL,
    options     jsonb NOT NULL DEFAULT '{}',
    seats       int NOT NULL DEFAULT 2,
    points      jsonb NOT NULL,
    tiebreaks   text[] NOT NULL DEFAULT '{}',
    rated       boolean NOT NULL DEFAULT false,
    clock       jsonb,
    promote     int NOT NULL DEFAULT 1,        -- up from each division but the top
    relegate    int NOT NULL DEFAULT 1,        -- down from each division but the last
    round_days  int NOT NULL DEFAULT 7,        -- the fixture list's spacing
    division_size int NOT NULL DEFAULT 8,      -- members a division, at most
    games       int NOT NULL DEFAULT 0,        -- games a season for tables (more seats)
    twice       boolean NOT NULL DEFAULT false, -- two-player: a double round robin
    season      int NOT NULL DEFAULT 0,        -- the latest season; 0 before the first
    created_at  timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE competitions ADD CONSTRAINT competitions_league
    FOREIGN KEY (league_id) REFERENCES leagues(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX competitions_division ON competitions (league_id, season, division)
    WHERE league_id IS NOT NULL;

-- A league's members: who plays its next season.
CREATE TABLE league_members (
    league_id   uuid NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    account_id  uuid NOT NULL REFERENCES accounts(id),
    joined_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (league_id, account_id)
);
