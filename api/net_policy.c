#include "net_policy.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An address block no delivery may reach unless allowed, and what it is. */
struct special {
    int family;
    const char *prefix;
    int bits;
    const char *what;
};

static const struct special refused[] = {
    {AF_INET, "0.0.0.0", 8, "an unspecified (this-network) address"},
    {AF_INET, "10.0.0.0", 8, "a private address"},
    {AF_INET, "100.64.0.0", 10, "a shared (carrier-grade NAT) address"},
    {AF_INET, "127.0.0.0", 8, "a loopback address"},
    {AF_INET, "169.254.0.0", 16, "a link-local address"},
    {AF_INET, "172.16.0.0", 12, "a private address"},
    {AF_INET, "192.0.0.0", 24, "a protocol-assignment address"},
    {AF_INET, "192.168.0.0", 16, "a private address"},
    {AF_INET, "198.18.0.0", 15, "a benchmarking address"},
    {AF_INET, "224.0.0.0", 4, "a multicast address"},
    {AF_INET, "240.0.0.0", 4, "a reserved or broadcast address"},
    {AF_INET6, "::", 128, "the unspecified address"},
    {AF_INET6, "::1", 128, "a loopback address"},
    {AF_INET6, "64:ff9b:1::", 48, "a local translation address"},
    {AF_INET6, "fc00::", 7, "a unique local (private) address"},
    {AF_INET6, "fe80::", 10, "a link-local address"},
    {AF_INET6, "fec0::", 10, "a site-local address"},
    {AF_INET6, "ff00::", 8, "a multicast address"},
};

static int in_block(const unsigned char *addr, const unsigned char *prefix, int bits)
{
    int whole = bits / 8, rest = bits % 8;

    if (memcmp(addr, prefix, (size_t)whole) != 0)
        return 0;
    if (rest == 0)
        return 1;
    return ((addr[whole] ^ prefix[whole]) & (0xff << (8 - rest)) & 0xff) == 0;
}

static int parse_block(const char *s, struct net_block *b)
{
    char buf[64], *slash;
    int max;

    if (strlen(s) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%s", s);
    slash = strchr(buf, '/');
    if (slash)
        *slash++ = 0;
    if (inet_pton(AF_INET, buf, b->addr) == 1) {
        b->family = AF_INET;
        max = 32;
    } else if (inet_pton(AF_INET6, buf, b->addr) == 1) {
        b->family = AF_INET6;
        max = 128;
    } else {
        return -1;
    }
    b->bits = max;
    if (slash) {
        char *end;
        long n = strtol(slash, &end, 10);

        if (!*slash || *end || n < 0 || n > max)
            return -1;
        b->bits = (int)n;
    }
    return 0;
}

int net_policy_parse(struct net_policy *p, const char *text, char *err,
                     size_t errlen)
{
    char buf[1024], *save = NULL, *tok;

    memset(p, 0, sizeof *p);
    if (!text)
        return 0;
    if (strlen(text) >= sizeof buf) {
        snprintf(err, errlen, "the allow-list is longer than %zu bytes", sizeof buf - 1);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", text);
    for (tok = strtok_r(buf, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
        if (p->n == NET_POLICY_MAX_ALLOW) {
            snprintf(err, errlen, "the allow-list has more than %d entries",
                     NET_POLICY_MAX_ALLOW);
            return -1;
        }
        if (parse_block(tok, &p->allow[p->n])) {
            snprintf(err, errlen, "'%s' is not an address or CIDR block", tok);
            return -1;
        }
        p->n++;
    }
    return 0;
}

int net_policy_allows(const struct net_policy *p, const struct sockaddr *sa,
                      char *why, size_t whylen)
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    unsigned char addr[16];
    char text[INET6_ADDRSTRLEN];
    int family;

    if (sa->sa_family == AF_INET) {
        family = AF_INET;
        memcpy(addr, &((const struct sockaddr_in *)sa)->sin_addr, 4);
    } else if (sa->sa_family == AF_INET6) {
        family = AF_INET6;
        memcpy(addr, &((const struct sockaddr_in6 *)sa)->sin6_addr, 16);
        if (memcmp(addr, mapped, sizeof mapped) == 0) {
            family = AF_INET;
            memmove(addr, addr + 12, 4);
        }
    } else {
        snprintf(why, whylen, "only IPv4 and IPv6 addresses are reached");
        return 0;
    }
    for (int i = 0; i < p->n; i++)
        if (p->allow[i].family == family && in_block(addr, p->allow[i].addr, p->allow[i].bits))
            return 1;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        unsigned char prefix[16];

        if (refused[i].family != family)
            continue;
        inet_pton(family, refused[i].prefix, prefix);
        if (in_block(addr, prefix, refused[i].bits)) {
            inet_ntop(family, addr, text, sizeof text);
            snprintf(why, whylen, "%s is %s", text, refused[i].what);
            return 0;
        }
    }
    return 1;
}

int net_policy_allows_host(const struct net_policy *p, const char *host,
                           char *why, size_t whylen)
{
    struct addrinfo hints = {0}, *res = NULL, *ai;
    int ok = 1, rc;

    hints.ai_socktype = SOCK_STREAM;
    if ((rc = getaddrinfo(host, NULL, &hints, &res)) != 0) {
        snprintf(why, whylen, "%s does not resolve (%s)", host, gai_strerror(rc));
        return 0;
    }
    for (ai = res; ai && ok; ai = ai->ai_next)
        ok = net_policy_allows(p, ai->ai_addr, why, whylen);
    freeaddrinfo(res);
    return ok;
}
