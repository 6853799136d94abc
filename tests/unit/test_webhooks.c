/*
 * Webhooks: the Standard Webhooks signature, the delivery address policy
 * and what each subscriber hears of a move.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "check.h"
#include "fanout.h"
#include "net_policy.h"
#include "webhook_sign.h"

/* The test vector the Standard Webhooks libraries sign and check. */
static void test_v1_matches_the_standard_webhooks_vector(void)
{
    unsigned char key[64];
    size_t n = 0;
    char sig[WEBHOOK_SIGNATURE_TEXT];
    const char *body = "{\"test\": 2432232314}";

    CHECK(sodium_base642bin(key, sizeof key, "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 32, NULL,
                            &n, NULL, sodium_base64_VARIANT_ORIGINAL) == 0);
    CHECK(webhook_signature(sig, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body,
                            strlen(body), key, n, NULL, 0, NULL) == 0);
    CHECK_EQ_STR(sig, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
}

static void test_old_secret_and_v1a_follow_the_new_secret(void)
{
    unsigned char secret[32] = {1}, old[32] = {2}, seed[32] = {3}, sig[64], raw[64];
    struct token_keyring ring = {0};
    char text[WEBHOOK_SIGNATURE_TEXT], one[WEBHOOK_SIGNATURE_TEXT], *v1a;
    const char *body = "{}", *msg = "msg_1.1700000000.{}";
    size_t n = 0;

    token_keyring_add(&ring, "k1", seed, 1);
    CHECK(webhook_signature(one, "msg_1", 1700000000, body, 2, secret, 32, NULL, 0, NULL) == 0);
    CHECK(webhook_signature(text, "msg_1", 1700000000, body, 2, secret, 32, old, 32,
                            &ring.keys[0]) == 0);
    /* the new secret's first, then the old one's, then v1a */
    CHECK(strncmp(text, one, strlen(one)) == 0);
    CHECK(text[strlen(one)] == ' ' && strncmp(text + strlen(one) + 1, "v1,", 3) == 0);
    v1a = strstr(text, " v1a,");
    CHECK(v1a != NULL);
    if (!v1a)
        return;
    CHECK(sodium_base642bin(raw, sizeof raw, v1a + 5, strlen(v1a + 5), NULL, &n, NULL,
                            sodium_base64_VARIANT_ORIGINAL) == 0);
    CHECK_EQ_INT((long long)n, 64);
    memcpy(sig, raw, 64);
    CHECK(crypto_sign_verify_detached(sig, (const unsigned char *)msg, strlen(msg),
                                      ring.keys[0].pk) == 0);
}

static void test_secret_text_is_whsec_base64(void)
{
    unsigned char s[32];
    char t[WEBHOOK_SECRET_TEXT];

    memset(s, 0xff, sizeof s);
    webhook_secret_text(t, s, sizeof s);
    CHECK_EQ_STR(t, "whsec_//////////////////////////////////////////8=");
}

static int allowed(const struct net_policy *p, const char *addr)
{
    struct sockaddr_storage ss = {0};
    char why[160];

    if (strchr(addr, ':')) {
        struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;

        s6->sin6_family = AF_INET6;
        inet_pton(AF_INET6, addr, &s6->sin6_addr);
    } else {
        struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;

        s4->sin_family = AF_INET;
        inet_pton(AF_INET, addr, &s4->sin_addr);
    }
    return net_policy_allows(p, (struct sockaddr *)&ss, why, sizeof why);
}

static void test_internal_addresses_are_refused(void)
{
    static const char *const refused[] = {
        "127.0.0.1", "127.5.6.7", "10.1.2.3", "172.16.0.1", "172.31.255.255",
        "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.251",
        "255.255.255.255", "::1", "::", "fe80::1", "fd00::5", "ff02::1",
        "::ffff:127.0.0.1", "::ffff:10.0.0.1",
    };
    static const char *const open[] = {
        "93.184.216.34", "172.32.0.1", "172.15.255.255", "8.8.8.8", "2606:4700::1111",
        "::ffff:8.8.8.8", "100.128.0.1",
    };
    struct net_policy p;
    char err[128];

    CHECK(net_policy_parse(&p, NULL, err, sizeof err) == 0);
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        if (!CHECK(!allowed(&p, refused[i])))
            fprintf(stderr, "  %s was allowed\n", refused[i]);
    for (size_t i = 0; i < sizeof open / sizeof *open; i++)
        if (!CHECK(allowed(&p, open[i])))
            fprintf(stderr, "  %s was refused\n", open[i]);
}

static void test_the_allow_list_opens_exactly_what_it_names(void)
{
    struct net_policy p;
    char err[128];

    CHECK(net_policy_parse(&p, "127.0.0.1, 10.1.0.0/16 ::1", err, sizeof err) == 0);
    CHECK_EQ_INT(p.n, 3);
    CHECK(allowed(&p, "127.0.0.1"));
    CHECK(!allowed(&p, "127.0.0.2"));
    CHECK(allowed(&p, "10.1.200.3"));
    CHECK(!allowed(&p, "10.2.0.1"));
    CHECK(allowed(&p, "::1"));
    CHECK(allowed(&p, "::ffff:127.0.0.1"));
    CHECK(net_policy_parse(&p, "10.0.0.0/33", err, sizeof err) == -1);
    CHECK(net_policy_parse(&p, "localhost", err, sizeof err) == -1);
    CHECK(strstr(err, "localhost") != NULL);
}

/* One Iron Future-like move with a private event for seat 1. */
static json_t *move_row(void)
{
    return json_pack(
        "{s:I, s:s, s:n, s:s, s:{s:I, s:I, s:i, s:s, s:s, s:[i]}, s:s, s:s, "
        "s:[{s:s, s:s, s:i, s:b}, {s:s, s:s, s:i, s:b}, {s:s, s:n, s:i, s:b}], s:s, "
        "s:n, s:[], s:s, s:i, s:{s:s}, s:[{s:s}, {s:s, s:[i], s:[i]}]}",
        "id", (json_int_t)7, "game_id", "g1", "account_id", "topic", "game.move",
        "payload", "seq", (json_int_t)5, "version", (json_int_t)6, "seat", 0, "kind",
        "move", "status", "active", "must_act", 1, "created_at", "2026-12-01T00:00:00Z",
        "ruleset", "ironfuture", "seats", "account_id", "a0", "kind", "account", "seat",
        0, "filled", 1, "account_id", "a1", "kind", "account", "seat", 1, "filled", 1,
        "kind", "invite", "account_id", "seat", 2, "filled", 1, "created_by", "a9",
        "result", "winners", "kind", "move", "mover", 0, "move", "type", "deploy",
        "events", "type", "deployed", "type", "drawn", "to", 1, "cards", 42);
}

static json_t *listener(const char *id, const char *account, const char *game,
                        const char *events)
{
    json_t *l = json_pack("{s:s, s:s, s:o}", "id", id, "account_id", account, "events",
                          json_loads(events, 0, NULL));

    json_object_set_new(l, "game_id", game ? json_string(game) : json_null());
    return l;
}

static json_t *data_of(const json_t *delivery)
{
    json_t *body = json_loads(json_string_value(json_object_get(delivery, "body")), 0, NULL);
    json_t *d = json_incref(json_object_get(body, "data"));

    json_decref(body);
    return d;
}

static void test_each_subscriber_hears_the_move_as_its_seat_may_see_it(void)
{
    json_t *row = move_row(), *ls = json_array(), *out = json_array(), *d;
    int seen[4] = {0};
    size_t i;

    json_array_append_new(ls, listener("w0", "a0", NULL, "[\"game.move\"]"));
    json_array_append_new(ls, listener("w1", "a1", NULL, "[\"*\"]"));
    json_array_append_new(ls, listener("ws", "a5", "g1", "[\"game.move\", \"turn.yours\"]"));
    json_array_append_new(ls, listener("wx", "a6", NULL, "[\"*\"]"));       /* not in it */
    json_array_append_new(ls, listener("wo", "a7", "g2", "[\"*\"]"));       /* another game */
    fanout_row(row, ls, out);
    json_array_foreach(out, i, d) {
        const char *w = json_string_value(json_object_get(d, "webhook_id"));
        const char *type = json_string_value(json_object_get(d, "event_type"));
        json_t *data = data_of(d);
        size_t nev = json_array_size(json_object_get(data, "events"));

        CHECK(strncmp(json_string_value(json_object_get(d, "msg_id")), "msg_", 4) == 0);
        if (strcmp(w, "w0") == 0) {
            seen[0]++;
            CHECK_EQ_STR(type, "game.move");
            CHECK_EQ_INT((long long)nev, 1);   /* seat 1's draw left out */
        } else if (strcmp(w, "w1") == 0 && strcmp(type, "game.move") == 0) {
            seen[1]++;
            CHECK_EQ_INT((long long)nev, 2);
            CHECK_EQ_INT(json_integer_value(json_object_get(data, "seat")), 1);
        } else if (strcmp(w, "w1") == 0) {
            seen[2]++;
            CHECK_EQ_STR(type, "turn.yours");
            CHECK_EQ_INT(json_integer_value(json_object_get(data, "seat")), 1);
            CHECK_EQ_INT(json_integer_value(json_object_get(data, "version")), 6);
        } else if (strcmp(w, "ws") == 0) {
            seen[3]++;
            CHECK_EQ_STR(type, "game.move");   /* a spectator has no turn */
            CHECK(json_is_null(json_object_get(data, "seat")));
            CHECK_EQ_INT((long long)nev, 1);
        } else {
            CHECK(!"a delivery to a webhook that may not hear of this game");
        }
        json_decref(data);
    }
    CHECK_EQ_INT(seen[0], 1);
    CHECK_EQ_INT(seen[1], 1);
    CHECK_EQ_INT(seen[2], 1);
    CHECK_EQ_INT(seen[3], 1);
    json_decref(row);
    json_decref(ls);
    json_decref(out);
}

static void test_an_invite_seat_turn_goes_to_the_games_creator(void)
{
    json_t *row = move_row(), *ls = json_array(), *out = json_array(), *data;

    json_object_set_new(json_object_get(row, "payload"), "must_act", json_pack("[i]", 2));
    json_array_append_new(ls, listener("wc", "a9", NULL, "[\"turn.yours\"]"));
    json_array_append_new(ls, listener("w0", "a0", NULL, "[\"turn.yours\"]"));
    fanout_row(row, ls, out);
    CHECK_EQ_INT((long long)json_array_size(out), 1);
    if (json_array_size(out) == 1) {
        CHECK_EQ_STR(json_string_value(json_object_get(json_array_get(out, 0), "webhook_id")),
                     "wc");
        data = data_of(json_array_get(out, 0));
        CHECK_EQ_INT(json_integer_value(json_object_get(data, "seat")), 2);
        json_decref(data);
    }
    json_decref(row);
    json_decref(ls);
    json_decref(out);
}

/* A private message reaches its sender and its addressee, nobody else. */
static void test_a_private_message_reaches_its_two_seats_only(void)
{
    json_t *row = move_row(), *ls = json_array(), *out = json_array(), *d;
    int seen = 0;
    size_t i;

    json_object_set_new(row, "topic", json_string("game.message"));
    json_object_set_new(row, "payload", json_pack("{s:i, s:i, s:i, s:s}", "id", 1, "seat", 0,
                                                  "to", 1, "text", "psst"));
    json_array_append_new(ls, listener("w0", "a0", NULL, "[\"game.message\"]"));
    json_array_append_new(ls, listener("w1", "a1", NULL, "[\"*\"]"));
    json_array_append_new(ls, listener("wc", "a9", NULL, "[\"*\"]"));   /* creator */
    json_array_append_new(ls, listener("ws", "a5", "g1", "[\"*\"]"));   /* spectator */
    fanout_row(row, ls, out);
    json_array_foreach(out, i, d) {
        const char *w = json_string_value(json_object_get(d, "webhook_id"));

        CHECK(strcmp(w, "w0") == 0 || strcmp(w, "w1") == 0);
        seen++;
    }
    CHECK_EQ_INT(seen, 2);
    json_decref(out);
    /* the same to everyone: every listener, the spectator as a spectator */
    out = json_array();
    json_object_del(json_object_get(row, "payload"), "to");
    fanout_row(row, ls, out);
    CHECK_EQ_INT((long long)json_array_size(out), 4);
    json_array_foreach(out, i, d) {
        json_t *data = data_of(d);

        if (strcmp(json_string_value(json_object_get(d, "webhook_id")), "ws") == 0)
            CHECK(json_is_null(json_object_get(data, "seat")));
        json_decref(data);
    }
    json_decref(row);
    json_decref(ls);
    json_decref(out);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    RUN(test_v1_matches_the_standard_webhooks_vector);
    RUN(test_old_secret_and_v1a_follow_the_new_secret);
    RUN(test_secret_text_is_whsec_base64);
    RUN(test_internal_addresses_are_refused);
    RUN(test_the_allow_list_opens_exactly_what_it_names);
    RUN(test_each_subscriber_hears_the_move_as_its_seat_may_see_it);
    RUN(test_an_invite_seat_turn_goes_to_the_games_creator);
    RUN(test_a_private_message_reaches_its_two_seats_only);
    return check_summary();
}
