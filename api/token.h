/*
 * token.h - Ed25519 bearer tokens.
 *
 * Format: tp1.<base64url(claims JSON)>.<base64url(signature)>, unpadded
 * base64url. The signature is Ed25519 (crypto_sign_detached) over the
 * ASCII bytes "tp1.<base64url(claims JSON)>". Claims:
 *   kid    key id of the signing key
 *   sub    account id (for a seat capability: the account that issued it)
 *   scope  list of strings: "play", "admin", "seat", "read", "bot"
 *   iat    issued at, seconds since the epoch
 *   exp    expires at, seconds since the epoch
 *   jti    random token id (hex)
 *   epoch  the account's token_epoch (or the seat's invite epoch) when
 *          issued; a later epoch revokes the token
 *   game   for a seat capability: the game id
 *   seat   for a seat capability: the seat number
 *   tid    for a personal token: its row in account_tokens, checked on
 *          every request (a token without tid is an account token with
 *          the account's full rights)
 * Verification reads no database; revocation is checked by the caller
 * against the epoch it reads with the request's other data.
 */
#ifndef TURNPOST_API_TOKEN_H
#define TURNPOST_API_TOKEN_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define TOKEN_MAX_KEYS 8
#define TOKEN_MAX_LEN 1024

enum token_scope {
    TOKEN_SCOPE_PLAY = 1u << 0,  /* act as the account */
    TOKEN_SCOPE_ADMIN = 1u << 1, /* administer any account */
    TOKEN_SCOPE_SEAT = 1u << 2,  /* play exactly one seat of one game */
    TOKEN_SCOPE_READ = 1u << 3,  /* a personal token: GET and HEAD */
    TOKEN_SCOPE_BOT = 1u << 4,   /* a personal token: play and webhooks */
};

enum token_status {
    TOKEN_OK = 0,
    TOKEN_MALFORMED,     /* not tp1.x.y, bad base64url, bad JSON, bad claims */
    TOKEN_UNKNOWN_KEY,   /* kid names no key we hold */
    TOKEN_BAD_SIGNATURE, /* signature does not verify */
    TOKEN_EXPIRED,       /* now >= exp, or iat in the future beyond skew */
};

struct token_claims {
    char kid[32];
    char sub[40];
    char jti[33];
    char game[40];     /* empty unless TOKEN_SCOPE_SEAT */
    int seat;          /* -1 unless TOKEN_SCOPE_SEAT */
    char tid[40];      /* empty unless a personal token */
    unsigned scopes;   /* enum token_scope bits */
    int64_t iat, exp;
    int64_t epoch;
};

struct token_key {
    char kid[32];
    unsigned char pk[32];
    unsigned char sk[64];
    int has_secret;
};

/* The keys we verify with; keys[signer] signs new tokens. */
struct token_keyring {
    struct token_key keys[TOKEN_MAX_KEYS];
    int n;
    int signer;        /* -1 when no key can sign */
};

/*
 * Loads every "*.key" file in dir. A key file is JSON
 * {"kid": "...", "seed": "<base64url 32-byte Ed25519 seed>",
 *  "created": <unix seconds>}; the newest (by "created", then kid) signs.
 * Returns 0, or -1 with a message in err.
 */
int token_keyring_load_dir(struct token_keyring *ring, const char *dir,
                           char *err, size_t errlen);

/*
 * Creates dir (mode 0700) and a new key file in it (mode 0600) named
 * <kid>.key, with a fresh random seed. For rotation: old keys stay and
 * keep verifying; the new one signs. Writes the kid to kid_out if not
 * NULL. Returns 0, or -1 with a message in err.
 */
int token_key_generate(const char *dir, char kid_out[32], char *err,
                       size_t errlen);

/* Loads the one key in seed (32 bytes) as kid, for tests and tools. */
void token_keyring_add(struct token_keyring *ring, const char *kid,
                       const unsigned char seed[32], int make_signer);

/*
 * Signs claims (its kid is overwritten with the signer's, its jti filled
 * with fresh random hex if empty) into out. Returns the token's length,
 * or -1 if no key can sign or outlen is too small.
 */
int token_sign(const struct token_keyring *ring, struct token_claims *claims,
               char *out, size_t outlen);

/*
 * Parses and verifies the token of len bytes (need not be NUL-terminated)
 * at time now. Fills *claims only on TOKEN_OK. Never reads past len.
 */
enum token_status token_verify(const struct token_keyring *ring,
                               const char *token, size_t len, int64_t now,
                               struct token_claims *claims);

/* Unpadded base64url of a public key, for GET /v1/keys. */
void token_key_public_b64(const struct token_key *key, char out[48]);

/* The scope bits of the JSON array a: a non-empty list of distinct known
 * scope names. Returns 0 if a is anything else. */
unsigned token_scopes_parse(const json_t *a);

/* The name of the one scope bit, or NULL. */
const char *token_scope_name(unsigned bit);

#endif
