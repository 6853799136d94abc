-- Passwords, so a player has a way back in, and personal tokens with
-- narrower scopes and their own expiry, each revocable alone.

-- crypto_pwhash_str (argon2id) of the password; NULL: none set.
ALTER TABLE accounts ADD COLUMN password_hash text;

-- One row per personal token; the token carries the row's id as its
-- "tid" claim and is refused once the row is gone (revoked) or expired.
CREATE TABLE account_tokens (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    account_id   uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    scopes       text[] NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    last_used_at timestamptz                 -- to the minute
);
CREATE INDEX account_tokens_account ON account_tokens (account_id, created_at);
