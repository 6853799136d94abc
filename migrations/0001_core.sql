-- Accounts, games, seats, the move log and the notification outbox.

CREATE TABLE accounts (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name         text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 64),
    kind         text NOT NULL CHECK (kind IN ('player', 'bot')),
    is_admin     boolean NOT NULL DEFAULT false,
    token_epoch  bigint NOT NULL DEFAULT 0,   -- tokens issued with a lower epoch are revoked
    created_at   timestamptz NOT NULL DEFAULT now()
);

-- One row per game; state is the engine's whole state, version counts moves.
CREATE TABLE games (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    ruleset      text NOT NULL,
    options      jsonb NOT NULL DEFAULT '{}',
    status       text NOT NULL CHECK (status IN ('open', 'active', 'finished')),
    version      bigint NOT NULL DEFAULT 0,   -- bumped by every change: the ETag
    move_count   bigint NOT NULL DEFAULT 0,   -- entries in the move log
    seat_count   int NOT NULL,
    state        jsonb,                       -- NULL until every seat is filled
    seed         bytea NOT NULL,              -- secret until the game is finished
    commitment   text NOT NULL,
    rng_pos      bigint NOT NULL DEFAULT 0,   -- bytes of the random stream consumed
    seats        jsonb NOT NULL DEFAULT '[]', -- copy of the seat rows, read with the game
    must_act     int[] NOT NULL DEFAULT '{}', -- seats that must act now
    winners      int[] NOT NULL DEFAULT '{}',
    result       jsonb,
    created_by   uuid NOT NULL REFERENCES accounts(id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz
);

CREATE TABLE seats (
    game_id      uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat         int NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('account', 'open', 'invite')),
    account_id   uuid REFERENCES accounts(id),
    filled       boolean NOT NULL DEFAULT false,
    entropy      text NOT NULL DEFAULT '',    -- public, mixed into the random stream
    invite_epoch bigint NOT NULL DEFAULT 0,   -- a new invite revokes the older ones
    joined_at    timestamptz,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_account ON seats (account_id, game_id);

-- Append-only: the setup (seq 1), then one row per accepted move or
-- game-level act such as resigning, with the events it caused and the
-- answer the mover received.
CREATE TABLE moves (
    game_id         uuid NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq             bigint NOT NULL,
    seat            int NOT NULL,             -- -1 for the setup
    account_id      uuid REFERENCES accounts(id),
    kind            text NOT NULL DEFAULT 'move' CHECK (kind IN ('setup', 'move', 'resign')),
    move            jsonb NOT NULL,
    events          jsonb NOT NULL DEFAULT '[]',
    rng_pos         bigint NOT NULL,          -- stream position after the move
    idempotency_key text,
    response        text,                     -- the first answer, byte for byte
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seq)
);
CREATE UNIQUE INDEX moves_idempotency ON moves (game_id, seat, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

-- Requests other than moves that create something (accounts, games) and
-- carried an Idempotency-Key: claimed in the request's own transaction,
-- so a concurrent retry waits for it and then replays its answer.
CREATE TABLE idempotency_keys (
    scope        text NOT NULL,               -- the caller: account id, or 'anon'
    route        text NOT NULL,
    key          text NOT NULL,
    request_hash text NOT NULL,               -- tells a retry from a reused key
    status       int NOT NULL,
    response     text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, route, key)
);

-- Notifications waiting for delivery; claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE outbox (
    id           bigserial PRIMARY KEY,
    game_id      uuid REFERENCES games(id) ON DELETE CASCADE,
    topic        text NOT NULL,               -- game.started, game.move, game.finished
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    attempts     int NOT NULL DEFAULT 0,
    next_attempt timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz
);
CREATE INDEX outbox_pending ON outbox (next_attempt) WHERE delivered_at IS NULL;
