/*
 * token.c - Ed25519 bearer tokens.
 *
 * The first part (claims, signing, parsing, verification) is pure: no
 * file I/O, no clock, no globals. Key files, the only I/O, come last.
 */
#include "token.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#define PREFIX "tp1."
#define PREFIX_LEN 4
#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING
#define SIG_B64_LEN 86   /* unpadded base64url of a 64-byte signature */
#define IAT_SKEW 60      /* seconds an iat may lie in the future */
#define SEAT_MAX 255     /* largest seat number a token may name */
#define KEY_FILE_MAX 4096

#define ALL_SCOPES (TOKEN_SCOPE_PLAY | TOKEN_SCOPE_ADMIN | TOKEN_SCOPE_SEAT | \
                    TOKEN_SCOPE_READ | TOKEN_SCOPE_BOT)

_Static_assert(sodium_base64_ENCODED_LEN(crypto_sign_BYTES, B64) ==
                   SIG_B64_LEN + 1,
               "signature length in base64url");
_Static_assert(crypto_sign_PUBLICKEYBYTES == 32 &&
                   crypto_sign_SECRETKEYBYTES == 64 &&
                   crypto_sign_SEEDBYTES == 32,
               "struct token_key sizes");

/* Scope names in the order token_sign writes them. */
static const struct {
    const char *name;
    unsigned bit;
} scope_names[] = {
    {"play", TOKEN_SCOPE_PLAY},
    {"admin", TOKEN_SCOPE_ADMIN},
    {"seat", TOKEN_SCOPE_SEAT},
    {"read", TOKEN_SCOPE_READ},
    {"bot", TOKEN_SCOPE_BOT},
};

#define N_SCOPES (sizeof scope_names / sizeof scope_names[0])

const char *token_scope_name(unsigned bit)
{
    for (size_t k = 0; k < N_SCOPES; k++)
        if (scope_names[k].bit == bit)
            return scope_names[k].name;
    return NULL;
}

/* ---- claims ---------------------------------------------------------- */

/* Whether the n bytes at s are 1..n visible ASCII characters (no space,
 * no control characters, nothing outside ASCII). */
static int id_chars_ok(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] < 0x21 || s[i] > 0x7e)
            return 0;
    return 1;
}

/* Whether the field s of cap bytes holds a NUL-terminated id. */
static int id_ok(const char *s, size_t cap)
{
    const char *nul = memchr(s, '\0', cap);

    return nul && id_chars_ok(s, (size_t)(nul - s));
}

/* Whether the field s of cap bytes holds 1..cap-1 lowercase hex digits. */
static int hex_ok(const char *s, size_t cap)
{
    const char *nul = memchr(s, '\0', cap);

    if (!nul || nul == s)
        return 0;
    for (; s < nul; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
            return 0;
    return 1;
}

/*
 * Whether c is a set of claims we both sign and accept: well-formed ids,
 * at least one known scope, a seat capability (and only it) naming one
 * game and one seat (0..SEAT_MAX), iat >= 0 strictly before exp, and
 * epoch >= 0. The same check guards token_sign and token_verify, so we
 * never issue a token we would refuse.
 */
static int claims_ok(const struct token_claims *c)
{
    int seat_cap = (c->scopes & TOKEN_SCOPE_SEAT) != 0;

    if (!id_ok(c->kid, sizeof c->kid) || !id_ok(c->sub, sizeof c->sub) ||
        !hex_ok(c->jti, sizeof c->jti))
        return 0;
    if (c->scopes == 0 || (c->scopes & ~(unsigned)ALL_SCOPES) != 0)
        return 0;
    /* A seat capability is handed to someone without an account: it must
     * not also carry the issuer's own powers. */
    if (seat_cap && c->scopes != TOKEN_SCOPE_SEAT)
        return 0;
    if (seat_cap) {
        if (!id_ok(c->game, sizeof c->game) || c->seat < 0 ||
            c->seat > SEAT_MAX)
            return 0;
    } else if (c->game[0] != '\0' || c->seat != -1) {
        return 0;
    }
    /* Only an account's personal token names its row. */
    if (c->tid[0] != '\0' && (seat_cap || !id_ok(c->tid, sizeof c->tid)))
        return 0;
    if (c->iat < 0 || c->exp <= c->iat || c->epoch < 0)
        return 0;
    return 1;
}

/* Copies the JSON string s of length n into the field dst of cap bytes;
 * 0 if it does not fit. */
static int copy_field(char *dst, size_t cap, const char *s, size_t n)
{
    if (n >= cap)
        return 0;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return 1;
}

unsigned token_scopes_parse(const json_t *a)
{
    unsigned bits = 0;
    size_t i;
    json_t *v;

    if (!json_is_array(a) || json_array_size(a) == 0)
        return 0;
    json_array_foreach(a, i, v) {
        const char *s = json_string_value(v);
        size_t n = json_string_length(v);
        unsigned bit = 0;

        if (!s)
            return 0;
        for (size_t k = 0; k < N_SCOPES; k++)
            if (strlen(scope_names[k].name) == n &&
                memcmp(scope_names[k].name, s, n) == 0)
                bit = scope_names[k].bit;
        if (bit == 0 || (bits & bit) != 0)
            return 0;
        bits |= bit;
    }
    return bits;
}

/*
 * Parses the claims JSON of n bytes at json into *c: an object with
 * exactly the keys kid, sub, scope, iat, exp, jti, epoch, and game and
 * seat together or not at all, of the right types, passing claims_ok.
 * Returns 0, or -1 if it is anything else.
 */
static int parse_claims(const char *json, size_t n, struct token_claims *c)
{
    json_error_t jerr;
    json_t *root, *scope, *game = NULL, *seat = NULL, *tid = NULL;
    const char *kid, *sub, *jti;
    size_t kid_n, sub_n, jti_n;
    json_int_t iat, exp, epoch;
    int ret = -1;

    root = json_loadb(json, n, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return -1;
    if (json_unpack_ex(root, &jerr, JSON_STRICT,
                       "{s:s%, s:s%, s:o, s:I, s:I, s:s%, s:I, s?o, s?o, s?o}",
                       "kid", &kid, &kid_n, "sub", &sub, &sub_n, "scope",
                       &scope, "iat", &iat, "exp", &exp, "jti", &jti, &jti_n,
                       "epoch", &epoch, "game", &game, "seat", &seat, "tid",
                       &tid) != 0)
        goto out;
    memset(c, 0, sizeof *c);
    if (!copy_field(c->kid, sizeof c->kid, kid, kid_n) ||
        !copy_field(c->sub, sizeof c->sub, sub, sub_n) ||
        !copy_field(c->jti, sizeof c->jti, jti, jti_n))
        goto out;
    c->scopes = token_scopes_parse(scope);
    c->iat = iat;
    c->exp = exp;
    c->epoch = epoch;
    c->seat = -1;
    if ((game == NULL) != (seat == NULL))
        goto out;
    if (game) {
        json_int_t s = json_integer_value(seat);

        if (!json_is_string(game) || !json_is_integer(seat) ||
            !copy_field(c->game, sizeof c->game, json_string_value(game),
                        json_string_length(game)) ||
            s < 0 || s > SEAT_MAX)
            goto out;
        c->seat = (int)s;
    }
    if (tid && (!json_is_string(tid) || json_string_length(tid) == 0 ||
                !copy_field(c->tid, sizeof c->tid, json_string_value(tid),
                            json_string_length(tid))))
        goto out;
    /* Strings cannot hold NUL (no JSON_ALLOW_NUL), and claims_ok checks
     * every character, so a copied field means exactly what it says. */
    if (claims_ok(c))
        ret = 0;
out:
    json_decref(root);
    return ret;
}

/* The claims as a new JSON object, keys in a fixed order; NULL on OOM. */
static json_t *claims_json(const struct token_claims *c)
{
    json_t *root, *scope = json_array();

    for (size_t k = 0; scope && k < N_SCOPES; k++)
        if ((c->scopes & scope_names[k].bit) &&
            json_array_append_new(scope, json_string(scope_names[k].name)))
            goto fail;
    root = json_pack("{s:s, s:s, s:o, s:I, s:I, s:s, s:I}", "kid", c->kid,
                     "sub", c->sub, "scope", scope, "iat",
                     (json_int_t)c->iat, "exp", (json_int_t)c->exp, "jti",
                     c->jti, "epoch", (json_int_t)c->epoch);
    scope = NULL; /* "o" stole it, even on failure */
    if (root && (c->scopes & TOKEN_SCOPE_SEAT) &&
        (json_object_set_new(root, "game", json_string(c->game)) ||
         json_object_set_new(root, "seat", json_integer(c->seat)))) {
        json_decref(root);
        root = NULL;
    }
    if (root && c->tid[0] &&
        json_object_set_new(root, "tid", json_string(c->tid))) {
        json_decref(root);
        root = NULL;
    }
    return root;
fail:
    json_decref(scope);
    return NULL;
}

/* ---- signing and verification ---------------------------------------- */

static const struct token_key *find_key(const struct token_keyring *ring,
                                        const char *kid)
{
    int n = ring->n < TOKEN_MAX_KEYS ? ring->n : TOKEN_MAX_KEYS;

    for (int i = 0; i < n; i++)
        if (strcmp(ring->keys[i].kid, kid) == 0)
            return &ring->keys[i];
    return NULL;
}

void token_keyring_add(struct token_keyring *ring, const char *kid,
                       const unsigned char seed[32], int make_signer)
{
    struct token_key *k;
    int i;

    /* An empty (or never initialised) ring: nothing signs yet. */
    if (ring->n <= 0 || ring->n > TOKEN_MAX_KEYS) {
        ring->n = 0;
        ring->signer = -1;
    }
    if (sodium_init() < 0 || !kid || !id_ok(kid, sizeof k->kid))
        return;
    for (i = 0; i < ring->n; i++)
        if (strcmp(ring->keys[i].kid, kid) == 0)
            break;
    if (i == ring->n) {
        if (ring->n >= TOKEN_MAX_KEYS)
            return;
        ring->n++;
    }
    k = &ring->keys[i];
    memset(k, 0, sizeof *k);
    strcpy(k->kid, kid);
    crypto_sign_seed_keypair(k->pk, k->sk, seed);
    k->has_secret = 1;
    if (make_signer)
        ring->signer = i;
}

int token_sign(const struct token_keyring *ring, struct token_claims *claims,
               char *out, size_t outlen)
{
    const struct token_key *key;
    struct token_claims c;
    json_t *root = NULL;
    char json[TOKEN_MAX_LEN];
    unsigned char sig[crypto_sign_BYTES];
    size_t json_len, b64_len, total;
    int ret = -1;

    if (!ring || !claims || !out || ring->signer < 0 ||
        ring->signer >= ring->n || ring->signer >= TOKEN_MAX_KEYS)
        return -1;
    key = &ring->keys[ring->signer];
    if (!key->has_secret)
        return -1;
    c = *claims;
    memcpy(c.kid, key->kid, sizeof c.kid);
    if (c.jti[0] == '\0') {
        unsigned char r[16];

        if (sodium_init() < 0)
            return -1;
        randombytes_buf(r, sizeof r);
        sodium_bin2hex(c.jti, sizeof c.jti, r, sizeof r);
    }
    if (!claims_ok(&c))
        return -1;
    root = claims_json(&c);
    if (!root)
        return -1;
    json_len = json_dumpb(root, json, sizeof json, JSON_COMPACT);
    if (json_len == 0 || json_len > sizeof json)
        goto out;
    b64_len = sodium_base64_ENCODED_LEN(json_len, B64) - 1;
    total = PREFIX_LEN + b64_len + 1 + SIG_B64_LEN;
    if (total > TOKEN_MAX_LEN || total >= outlen)
        goto out;
    memcpy(out, PREFIX, PREFIX_LEN);
    sodium_bin2base64(out + PREFIX_LEN, b64_len + 1, (unsigned char *)json,
                      json_len, B64);
    crypto_sign_detached(sig, NULL, (const unsigned char *)out,
                         PREFIX_LEN + b64_len, key->sk);
    out[PREFIX_LEN + b64_len] = '.';
    sodium_bin2base64(out + PREFIX_LEN + b64_len + 1, SIG_B64_LEN + 1, sig,
                      sizeof sig, B64);
    *claims = c;
    ret = (int)total;
out:
    json_decref(root);
    return ret;
}

/*
 * The order of the checks fixes which status a bad token gets: its shape
 * and claims first (MALFORMED), then the key (UNKNOWN_KEY), then the
 * signature (BAD_SIGNATURE), and the clock only for a genuine token.
 */
enum token_status token_verify(const struct token_keyring *ring,
                               const char *token, size_t len, int64_t now,
                               struct token_claims *claims)
{
    unsigned char json[TOKEN_MAX_LEN], sig[crypto_sign_BYTES];
    const char *dot, *b64, *sig_b64;
    size_t body_len, json_len, sig_len;
    struct token_claims c;
    const struct token_key *key;

    if (!ring || !token || len <= PREFIX_LEN || len > TOKEN_MAX_LEN ||
        memcmp(token, PREFIX, PREFIX_LEN) != 0)
        return TOKEN_MALFORMED;
    b64 = token + PREFIX_LEN;
    dot = memchr(b64, '.', len - PREFIX_LEN);
    if (!dot || dot == b64)
        return TOKEN_MALFORMED;
    body_len = (size_t)(dot - token);
    sig_b64 = dot + 1;
    if (len - body_len - 1 != SIG_B64_LEN ||
        memchr(sig_b64, '.', SIG_B64_LEN) != NULL)
        return TOKEN_MALFORMED;
    /* base642bin reads only the given length, refuses any character
     * outside the alphabet and non-zero trailing bits: one encoding per
     * value. */
    if (sodium_base642bin(json, sizeof json, b64, body_len - PREFIX_LEN, NULL,
                          &json_len, NULL, B64) != 0 ||
        json_len == 0 ||
        sodium_base642bin(sig, sizeof sig, sig_b64, SIG_B64_LEN, NULL,
                          &sig_len, NULL, B64) != 0 ||
        sig_len != sizeof sig)
        return TOKEN_MALFORMED;
    if (parse_claims((const char *)json, json_len, &c) != 0)
        return TOKEN_MALFORMED;
    key = find_key(ring, c.kid);
    if (!key)
        return TOKEN_UNKNOWN_KEY;
    if (crypto_sign_verify_detached(sig, (const unsigned char *)token,
                                    body_len, key->pk) != 0)
        return TOKEN_BAD_SIGNATURE;
    /* iat >= 0 (claims_ok), so iat - IAT_SKEW cannot overflow. */
    if (now >= c.exp || c.iat - IAT_SKEW > now)
        return TOKEN_EXPIRED;
    if (claims)
        *claims = c;
    return TOKEN_OK;
}

void token_key_public_b64(const struct token_key *key, char out[48])
{
    sodium_bin2base64(out, 48, key->pk, sizeof key->pk, B64);
}

/* ---- key files (I/O) -------------------------------------------------- */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    if (!err || errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

struct key_file {
    char kid[32];
    unsigned char seed[crypto_sign_SEEDBYTES];
    int64_t created;
};

/*
 * Reads and checks the key file name in the directory open as dfd (dir is
 * its path, for messages). Returns 0, or -1 with a message in err.
 */
static int read_key_file(int dfd, const char *dir, const char *name,
                         struct key_file *kf, char *err, size_t errlen)
{
    char buf[KEY_FILE_MAX + 1];
    size_t n = 0, kid_n, seed_n, seed_len;
    const char *kid, *seed;
    json_int_t created;
    json_error_t jerr;
    json_t *root = NULL;
    struct stat st;
    int fd, ret = -1;

    fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        set_err(err, errlen, "%s/%s: %s", dir, name, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        set_err(err, errlen, "%s/%s: not a regular file", dir, name);
        goto out;
    }
    for (;;) {
        ssize_t r = read(fd, buf + n, sizeof buf - n);

        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            set_err(err, errlen, "%s/%s: %s", dir, name, strerror(errno));
            goto out;
        }
        if (r == 0)
            break;
        n += (size_t)r;
        if (n == sizeof buf) {
            set_err(err, errlen, "%s/%s: larger than %d bytes", dir, name,
                    KEY_FILE_MAX);
            goto out;
        }
    }
    root = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &jerr);
    if (!root ||
        json_unpack_ex(root, &jerr, JSON_STRICT, "{s:s%, s:s%, s:I}", "kid",
                       &kid, &kid_n, "seed", &seed, &seed_n, "created",
                       &created) != 0) {
        set_err(err, errlen, "%s/%s: line %d: %s", dir, name, jerr.line,
                jerr.text);
        goto out;
    }
    if (!copy_field(kf->kid, sizeof kf->kid, kid, kid_n) ||
        !id_chars_ok(kid, kid_n)) {
        set_err(err, errlen,
                "%s/%s: kid must be 1 to %zu visible ASCII characters", dir,
                name, sizeof kf->kid - 1);
        goto out;
    }
    if (sodium_base642bin(kf->seed, sizeof kf->seed, seed, seed_n, NULL,
                          &seed_len, NULL, B64) != 0 ||
        seed_len != sizeof kf->seed) {
        set_err(err, errlen, "%s/%s: seed must be 32 bytes in base64url", dir,
                name);
        goto out;
    }
    if (created < 0) {
        set_err(err, errlen, "%s/%s: created must not be negative", dir,
                name);
        goto out;
    }
    kf->created = created;
    ret = 0;
out:
    if (root) {
        /* Wipe the seed's text in jansson's copy too; the object is ours. */
        json_t *s = json_object_get(root, "seed");

        if (json_is_string(s))
            sodium_memzero((char *)json_string_value(s),
                           json_string_length(s));
        json_decref(root);
    }
    sodium_memzero(buf, sizeof buf);
    close(fd);
    return ret;
}

static int key_file_before(const struct key_file *a, const struct key_file *b)
{
    if (a->created != b->created)
        return a->created < b->created;
    return strcmp(a->kid, b->kid) < 0;
}

int token_keyring_load_dir(struct token_keyring *ring, const char *dir,
                           char *err, size_t errlen)
{
    struct key_file kf[TOKEN_MAX_KEYS], t;
    struct token_keyring tmp;
    struct dirent *e;
    DIR *d;
    int n = 0, ret = -1;

    if (sodium_init() < 0) {
        set_err(err, errlen, "libsodium failed to initialise");
        return -1;
    }
    d = opendir(dir);
    if (!d) {
        set_err(err, errlen, "%s: %s", dir, strerror(errno));
        return -1;
    }
    for (;;) {
        size_t len;

        errno = 0;
        e = readdir(d);
        if (!e) {
            if (errno != 0) {
                set_err(err, errlen, "%s: %s", dir, strerror(errno));
                goto out;
            }
            break;
        }
        len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len <= 4 ||
            strcmp(e->d_name + len - 4, ".key") != 0)
            continue;
        if (n == TOKEN_MAX_KEYS) {
            set_err(err, errlen, "%s: more than %d key files", dir,
                    TOKEN_MAX_KEYS);
            goto out;
        }
        if (read_key_file(dirfd(d), dir, e->d_name, &kf[n], err, errlen))
            goto out;
        for (int i = 0; i < n; i++)
            if (strcmp(kf[i].kid, kf[n].kid) == 0) {
                set_err(err, errlen, "%s/%s: kid %s appears twice", dir,
                        e->d_name, kf[n].kid);
                goto out;
            }
        n++;
    }
    /* Oldest first, so the newest (by created, then kid) is last. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key_file_before(&kf[j], &kf[j - 1]); j--) {
            t = kf[j];
            kf[j] = kf[j - 1];
            kf[j - 1] = t;
        }
    memset(&tmp, 0, sizeof tmp);
    tmp.signer = -1;
    for (int i = 0; i < n; i++)
        token_keyring_add(&tmp, kf[i].kid, kf[i].seed, i == n - 1);
    if (tmp.n != n) { /* cannot happen: every kid was checked above */
        set_err(err, errlen, "%s: could not load the keys", dir);
        goto out;
    }
    *ring = tmp;
    ret = 0;
out:
    sodium_memzero(kf, sizeof kf);
    sodium_memzero(&t, sizeof t);
    sodium_memzero(&tmp, sizeof tmp);
    closedir(d);
    return ret;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);

        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/*
 * The new key is written to a dot-file (which the loader skips), synced,
 * and then linked to its name, so a loader never sees half a key and an
 * existing key is never replaced.
 */
int token_key_generate(const char *dir, char kid_out[32], char *err,
                       size_t errlen)
{
    unsigned char seed[crypto_sign_SEEDBYTES], r[4];
    char kid[32], seed_b64[sodium_base64_ENCODED_LEN(32, B64)], body[256];
    char path[PATH_MAX], tmp_path[PATH_MAX], date[16];
    time_t now = time(NULL);
    struct stat st;
    struct tm tm;
    int fd = -1, dfd, len, ret = -1, made_tmp = 0;

    if (sodium_init() < 0) {
        set_err(err, errlen, "libsodium failed to initialise");
        return -1;
    }
    if (mkdir(dir, 0700) == 0) {
        if (chmod(dir, 0700) != 0) { /* whatever the umask */
            set_err(err, errlen, "%s: %s", dir, strerror(errno));
            return -1;
        }
    } else if (errno != EEXIST) {
        set_err(err, errlen, "%s: %s", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        set_err(err, errlen, "%s: not a directory", dir);
        return -1;
    }
    if (!gmtime_r(&now, &tm) ||
        strftime(date, sizeof date, "%Y%m%d", &tm) == 0) {
        set_err(err, errlen, "the clock is out of range");
        return -1;
    }
    randombytes_buf(r, sizeof r);
    snprintf(kid, sizeof kid, "k%02x%02x%02x%02x-%s", r[0], r[1], r[2], r[3],
             date);
    randombytes_buf(seed, sizeof seed);
    sodium_bin2base64(seed_b64, sizeof seed_b64, seed, sizeof seed, B64);
    len = snprintf(body, sizeof body,
                   "{\"kid\": \"%s\", \"seed\": \"%s\", \"created\": %lld}\n",
                   kid, seed_b64, (long long)now);
    if (len < 0 || (size_t)len >= sizeof body ||
        snprintf(path, sizeof path, "%s/%s.key", dir, kid) >=
            (int)sizeof path ||
        snprintf(tmp_path, sizeof tmp_path, "%s/.%s.key.tmp", dir, kid) >=
            (int)sizeof tmp_path) {
        set_err(err, errlen, "%s: path too long", dir);
        goto out;
    }
    fd = open(tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        set_err(err, errlen, "%s: %s", tmp_path, strerror(errno));
        goto out;
    }
    made_tmp = 1;
    if (fchmod(fd, 0600) != 0 || write_all(fd, body, (size_t)len) != 0 ||
        fsync(fd) != 0) {
        set_err(err, errlen, "%s: %s", tmp_path, strerror(errno));
        goto out;
    }
    if (close(fd) != 0) {
        fd = -1;
        set_err(err, errlen, "%s: %s", tmp_path, strerror(errno));
        goto out;
    }
    fd = -1;
    if (link(tmp_path, path) != 0) {
        set_err(err, errlen, "%s: %s", path, strerror(errno));
        goto out;
    }
    dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) { /* best effort: make the new name durable */
        (void)fsync(dfd);
        close(dfd);
    }
    if (kid_out)
        memcpy(kid_out, kid, sizeof kid);
    ret = 0;
out:
    if (fd >= 0)
        close(fd);
    if (made_tmp)
        unlink(tmp_path);
    sodium_memzero(seed, sizeof seed);
    sodium_memzero(seed_b64, sizeof seed_b64);
    sodium_memzero(body, sizeof body);
    return ret;
}
