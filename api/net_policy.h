/*
 * net_policy.h - which addresses Turnpost's outgoing requests (webhook
 * deliveries) may reach.
 *
 * A webhook URL is chosen by any account, so a delivery could be aimed
 * at the operator's own network (SSRF). Loopback, private, shared
 * (carrier-grade NAT), link-local, multicast, unspecified, broadcast and
 * reserved addresses are refused, IPv4-mapped IPv6 as its IPv4 address,
 * unless the operator's allow-list names them: a list of addresses or
 * CIDR blocks, separated by commas or spaces ("127.0.0.1, 10.1.0.0/16,
 * ::1"). The check runs on the address actually connected to, on every
 * delivery, so a name that resolves elsewhere later is checked again.
 */
#ifndef TURNPOST_API_NET_POLICY_H
#define TURNPOST_API_NET_POLICY_H

#include <stddef.h>
#include <sys/socket.h>

#define NET_POLICY_MAX_ALLOW 16

struct net_block {
    int family;                /* AF_INET or AF_INET6 */
    unsigned char addr[16];
    int bits;
};

struct net_policy {
    struct net_block allow[NET_POLICY_MAX_ALLOW];
    int n;
};

/*
 * Parses the allow-list text (NULL or empty: none) into *p. Returns 0, or
 * -1 naming the entry it could not read in err.
 */
int net_policy_parse(struct net_policy *p, const char *text, char *err,
                     size_t errlen);

/*
 * 1 when a request may go to address sa; otherwise 0, with why (e.g.
 * "127.0.0.1 is a loopback address") in why.
 */
int net_policy_allows(const struct net_policy *p, const struct sockaddr *sa,
                      char *why, size_t whylen);

/*
 * Resolves host and checks every address it has (a name must not have
 * one address allowed and another not). Returns 1, or 0 with why.
 */
int net_policy_allows_host(const struct net_policy *p, const char *host,
                           char *why, size_t whylen);

#endif
