/*
 * webhook_sign.h - Standard Webhooks signatures.
 *
 * The signed content is "<webhook-id>.<webhook-timestamp>.<body>". The
 * webhook-signature header is a space-separated list of
 *   v1,<base64 HMAC-SHA256 with the subscription's secret>
 *   v1,<the same with the previous secret, while it is still valid>
 *   v1a,<base64 Ed25519 with the server's signing key>
 * so a receiver holding the secret ("whsec_" + base64) checks v1, and one
 * holding only the server's public key (GET /v1/keys) checks v1a.
 */
#ifndef TURNPOST_API_WEBHOOK_SIGN_H
#define TURNPOST_API_WEBHOOK_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "token.h"

#define WEBHOOK_SECRET_BYTES 32
#define WEBHOOK_SECRET_TEXT 64       /* "whsec_" + base64 of 32 bytes + NUL */
#define WEBHOOK_SIGNATURE_TEXT 400   /* the whole header value */

/* "whsec_" + standard base64 of the secret's n bytes. */
void webhook_secret_text(char out[WEBHOOK_SECRET_TEXT], const unsigned char *secret,
                         size_t n);

/*
 * Writes the webhook-signature header value for one attempt into out.
 * old may be NULL (no previous secret); key may be NULL (no v1a). Returns
 * 0, or -1 when out is too small or the content cannot be signed.
 */
int webhook_signature(char out[WEBHOOK_SIGNATURE_TEXT], const char *msg_id,
                      int64_t timestamp, const char *body, size_t body_len,
                      const unsigned char *secret, size_t secret_len,
                      const unsigned char *old, size_t old_len,
                      const struct token_key *key);

#endif
