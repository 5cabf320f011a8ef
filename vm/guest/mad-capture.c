/*
 * mad-capture.c - compiled and run inside the rxe VM by the roce-wire-soft-*.sh guest scripts when
 * ROCE_WIRE_CAPTURE is set: prints every RoCE v2 packet to QP 1 (a MAD of the IB CM) that crosses a network
 * interface, either way, as the kernel hands it to a packet socket (no tcpdump in the image).
 *
 * Usage: mad-capture IFNAME LABEL
 * One line a packet, as provider-soft's test fixture rxe-cm-mads.txt has them:
 *   LABEL | source address | source port | destination address | destination port | UDP payload in hex
 * (the payload is the BTH to the ICRC). IPv4 only. Runs until killed; every line is flushed.
 */
#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define ROCE_V2_PORT 4791
#define BTH_BYTES 12

static int open_socket(const char *ifname)
{
	struct sockaddr_ll where = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL) };
	int fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL)); /* ETH_P_ALL: outgoing packets too */

	if (fd < 0) {
		perror("mad-capture: socket");
		return -1;
	}
	where.sll_ifindex = if_nametoindex(ifname);
	if (where.sll_ifindex == 0 || bind(fd, (struct sockaddr *)&where, sizeof(where)) < 0) {
		perror("mad-capture: bind");
		close(fd);
		return -1;
	}
	return fd;
}

/* The UDP payload of a RoCE v2 packet to QP 1 in the IPv4 packet, or NULL. */
static const unsigned char *mad_payload(const unsigned char *p, ssize_t n, size_t *length)
{
	const struct iphdr *ip = (const struct iphdr *)p;
	const struct udphdr *udp;
	const unsigned char *bth;
	size_t ihl;

	if (n < (ssize_t)sizeof(*ip) || ip->version != 4 || ip->protocol != IPPROTO_UDP)
		return NULL;
	ihl = ip->ihl * 4u;
	if ((size_t)n < ihl + sizeof(*udp) + BTH_BYTES)
		return NULL;
	udp = (const struct udphdr *)(p + ihl);
	bth = p + ihl + sizeof(*udp);
	if (ntohs(udp->dest) != ROCE_V2_PORT || bth[5] != 0 || bth[6] != 0 || bth[7] != 1)
		return NULL;
	*length = (size_t)n - ihl - sizeof(*udp);
	if (ntohs(udp->len) >= sizeof(*udp) && ntohs(udp->len) - sizeof(*udp) < *length)
		*length = ntohs(udp->len) - sizeof(*udp);
	return bth;
}

static void print_packet(const char *label, const unsigned char *p, const unsigned char *payload, size_t length)
{
	const struct iphdr *ip = (const struct iphdr *)p;
	const struct udphdr *udp = (const struct udphdr *)(payload - sizeof(*udp));
	char source[INET_ADDRSTRLEN], destination[INET_ADDRSTRLEN];
	size_t i;

	inet_ntop(AF_INET, &ip->saddr, source, sizeof(source));
	inet_ntop(AF_INET, &ip->daddr, destination, sizeof(destination));
	printf("%s | %s | %u | %s | %u | ", label, source, ntohs(udp->source), destination, ntohs(udp->dest));
	for (i = 0; i < length; i++)
		printf("%02x", payload[i]);
	printf("\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	unsigned char packet[65536];
	struct sockaddr_ll from;
	socklen_t from_length;
	const unsigned char *payload;
	size_t length;
	ssize_t n;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: mad-capture IFNAME LABEL\n");
		return 2;
	}
	fd = open_socket(argv[1]);
	if (fd < 0)
		return 1;
	for (;;) {
		from_length = sizeof(from);
		n = recvfrom(fd, packet, sizeof(packet), 0, (struct sockaddr *)&from, &from_length);
		if (n < 0) {
			perror("mad-capture: recvfrom");
			return 1;
		}
		if (from.sll_protocol != htons(ETH_P_IP))
			continue;
		payload = mad_payload(packet, n, &length);
		if (payload)
			print_packet(argv[2], packet, payload, length);
	}
}
