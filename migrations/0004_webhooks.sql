-- Webhooks: an account's subscriptions, and the deliveries made to them
-- from the outbox.
--
-- The outbox keeps one row per change to a game (or per account-level
-- event such as webhook.disabled). A dispatcher claims rows that are not
-- fanned out yet (FOR UPDATE SKIP LOCKED, any replica), turns each into
-- one delivery per subscription that may see it, and marks it fanned out
-- (delivered_at). A delivery keeps the exact body it sends and its
-- webhook-id, so every retry sends the same bytes.

CREATE TABLE webhooks (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id       uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    url              text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
    events           text[] NOT NULL CHECK (cardinality(events) >= 1),
    game_id          uuid REFERENCES games(id) ON DELETE CASCADE, -- only this game
    description      text NOT NULL DEFAULT '' CHECK (length(description) <= 256),
    enabled          boolean NOT NULL DEFAULT true,
    disabled_reason  text CHECK (disabled_reason IN ('owner', 'failing', 'gone')),
    disabled_at      timestamptz,
    secret           bytea NOT NULL,
    old_secret       bytea,           -- still signs until old_secret_until
    old_secret_until timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_account ON webhooks (account_id, created_at);
CREATE INDEX webhooks_game ON webhooks (game_id) WHERE game_id IS NOT NULL;

-- Account-level events have no game; their recipient is this account.
ALTER TABLE outbox ADD COLUMN account_id uuid REFERENCES accounts(id) ON DELETE CASCADE;
CREATE INDEX outbox_unfanned ON outbox (id) WHERE delivered_at IS NULL;
DROP INDEX outbox_pending;

CREATE TABLE webhook_deliveries (
    id            bigserial PRIMARY KEY,
    webhook_id    uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    msg_id        text NOT NULL UNIQUE,   -- the webhook-id header, on every attempt
    event_type    text NOT NULL,
    outbox_id     bigint,
    game_id       uuid,
    body          text NOT NULL,          -- sent byte for byte on every attempt
    status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts      int NOT NULL DEFAULT 0,
    next_attempt  timestamptz NOT NULL DEFAULT now(),
    lease_until   timestamptz,            -- a dispatcher is sending it until then
    manual        boolean NOT NULL DEFAULT false, -- the next attempt is a redelivery
    last_status   int,                    -- the receiver's HTTP status
    last_error    text,
    last_latency_ms int,
    created_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt)
    WHERE status = 'pending';
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, id);

CREATE TABLE webhook_attempts (
    delivery_id   bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    attempt       int NOT NULL,
    started_at    timestamptz NOT NULL,
    latency_ms    int NOT NULL,
    response_status int,                  -- NULL when no answer came
    error         text,
    manual        boolean NOT NULL DEFAULT false,
    PRIMARY KEY (delivery_id, attempt)
);
