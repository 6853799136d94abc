#include "webhook_sign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

void webhook_secret_text(char out[WEBHOOK_SECRET_TEXT], const unsigned char *secret,
                         size_t n)
{
    memcpy(out, "whsec_", 6);
    sodium_bin2base64(out + 6, WEBHOOK_SECRET_TEXT - 6, secret, n,
                      sodium_base64_VARIANT_ORIGINAL);
}

/* Appends " <version>,<base64 of sig>" (no space first) at *used. */
static int append(char *out, size_t *used, const char *version,
                  const unsigned char *sig, size_t n)
{
    char b64[sodium_base64_ENCODED_LEN(crypto_sign_BYTES, sodium_base64_VARIANT_ORIGINAL)];
    int w;

    sodium_bin2base64(b64, sizeof b64, sig, n, sodium_base64_VARIANT_ORIGINAL);
    w = snprintf(out + *used, WEBHOOK_SIGNATURE_TEXT - *used, "%s%s,%s",
                 *used ? " " : "", version, b64);
    if (w < 0 || (size_t)w >= WEBHOOK_SIGNATURE_TEXT - *used)
        return -1;
    *used += (size_t)w;
    return 0;
}

int webhook_signature(char out[WEBHOOK_SIGNATURE_TEXT], const char *msg_id,
                      int64_t timestamp, const char *body, size_t body_len,
                      const unsigned char *secret, size_t secret_len,
                      const unsigned char *old, size_t old_len,
                      const struct token_key *key)
{
    char head[128];
    unsigned char mac[crypto_auth_hmacsha256_BYTES], sig[crypto_sign_BYTES];
    const unsigned char *keys[2] = {secret, old};
    size_t lens[2] = {secret_len, old_len}, used = 0, hn;
    unsigned char *content;
    int rc = 0;

    hn = (size_t)snprintf(head, sizeof head, "%s.%lld.", msg_id, (long long)timestamp);
    if (hn >= sizeof head)
        return -1;
    out[0] = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        crypto_auth_hmacsha256_state st;

        if (!keys[i])
            continue;
        crypto_auth_hmacsha256_init(&st, keys[i], lens[i]);
        crypto_auth_hmacsha256_update(&st, (const unsigned char *)head, hn);
        crypto_auth_hmacsha256_update(&st, (const unsigned char *)body, body_len);
        crypto_auth_hmacsha256_final(&st, mac);
        rc = append(out, &used, "v1", mac, sizeof mac);
    }
    if (rc || !key || !key->has_secret)
        return rc;
    if (!(content = malloc(hn + body_len)))
        return -1;
    memcpy(content, head, hn);
    memcpy(content + hn, body, body_len);
    crypto_sign_detached(sig, NULL, content, hn + body_len, key->sk);
    free(content);
    return append(out, &used, "v1a", sig, sizeof sig);
}
