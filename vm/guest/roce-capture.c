/*
 * roce-capture.c - compiled and run inside the rxe VM, where tcpdump is not installed: prints the RoCE v2 packets
 * (IPv4, UDP destination port 4791) that cross one network interface, either way, as the kernel hands them to a
 * packet socket (needs CAP_NET_RAW). Every line is flushed. Two modes:
 *
 * roce-capture IFNAME mads LABEL
 *   the MADs: packets to QP 1 alone, until killed; one line a packet, as provider-soft's test fixture
 *   rxe-cm-exchanges.txt has them (the roce-wire-soft-cm.sh and roce-wire-soft-udp.sh captures):
 *     LABEL | source address | source port | destination address | destination port | UDP payload in hex
 *
 * roce-capture IFNAME packets [COUNT]
 *   every packet, until COUNT of them (default 200); one line a packet, as provider-soft's test program
 *   FlushIcrcCheck reads them (roce-wire-soft-atomic.sh): its direction as the interface sees it ("out": sent
 *   from this side, "in": received), the addresses, the IPv4 identification and UDP source port (which the ICRC
 *   covers), then the UDP payload in hex, in groups of 4 bytes:
 *     out 10.79.0.1>10.79.0.2 id=1234 sport=49152 0a400000 ...
 *
 * In both, the UDP payload runs from the BTH to the ICRC.
 */
#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define ROCE_V2_PORT 4791
#define BTH_BYTES 12
#define QP1 1

/* A RoCE v2 packet as the socket gave it: the IPv4 header, the UDP header and the UDP payload. */
struct roce_packet {
	const struct iphdr *ip;
	const struct udphdr *udp;
	const unsigned char *payload;
	size_t length;
	int outgoing;
};

static void usage(void)
{
	fprintf(stderr, "usage: roce-capture IFNAME mads LABEL\n"
			"       roce-capture IFNAME packets [COUNT]\n");
}

static int open_socket(const char *ifname)
{
	struct sockaddr_ll where = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL) };
	int fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL)); /* ETH_P_ALL: outgoing packets too */

	if (fd < 0) {
		perror("roce-capture: socket");
		return -1;
	}
	where.sll_ifindex = if_nametoindex(ifname);
	if (where.sll_ifindex == 0 || bind(fd, (struct sockaddr *)&where, sizeof(where)) < 0) {
		perror("roce-capture: bind");
		close(fd);
		return -1;
	}
	return fd;
}

/* Whether the n bytes at p are an IPv4 packet of RoCE v2 with a whole BTH; if so, fills in packet. */
static int parse(const unsigned char *p, ssize_t n, struct roce_packet *packet)
{
	const struct iphdr *ip = (const struct iphdr *)p;
	size_t ihl, udp_length;

	if (n < (ssize_t)sizeof(*ip) || ip->version != 4 || ip->protocol != IPPROTO_UDP)
		return 0;
	ihl = ip->ihl * 4u;
	if ((size_t)n < ihl + sizeof(struct udphdr) + BTH_BYTES)
		return 0;
	packet->ip = ip;
	packet->udp = (const struct udphdr *)(p + ihl);
	packet->payload = p + ihl + sizeof(struct udphdr);
	packet->length = (size_t)n - ihl - sizeof(struct udphdr);
	udp_length = ntohs(packet->udp->len);
	if (udp_length >= sizeof(struct udphdr) && udp_length - sizeof(struct udphdr) < packet->length)
		packet->length = udp_length - sizeof(struct udphdr); /* not the Ethernet padding */
	return ntohs(packet->udp->dest) == ROCE_V2_PORT;
}

/* Waits for the next RoCE v2 packet on the socket; 0 when it is there, -1 when the socket fails. */
static int next_packet(int fd, unsigned char *buffer, size_t size, struct roce_packet *packet)
{
	struct sockaddr_ll from;
	socklen_t from_length;
	ssize_t n;

	do {
		from_length = sizeof(from);
		n = recvfrom(fd, buffer, size, 0, (struct sockaddr *)&from, &from_length);
		if (n < 0) {
			perror("roce-capture: recvfrom");
			return -1;
		}
	} while (from.sll_protocol != htons(ETH_P_IP) || !parse(buffer, n, packet));
	packet->outgoing = from.sll_pkttype == PACKET_OUTGOING;
	return 0;
}

static int to_qp1(const struct roce_packet *packet)
{
	const unsigned char *destination_qp = packet->payload + 5;

	return destination_qp[0] == 0 && destination_qp[1] == 0 && destination_qp[2] == QP1;
}

/* The UDP payload in hex, with a space before every group of group_bytes bytes (0: no spaces), and the line's end. */
static void print_payload(const struct roce_packet *packet, size_t group_bytes)
{
	size_t i;

	for (i = 0; i < packet->length; i++)
		printf("%s%02x", group_bytes && i % group_bytes == 0 ? " " : "", packet->payload[i]);
	printf("\n");
	fflush(stdout);
}

static void addresses(const struct roce_packet *packet, char *source, char *destination)
{
	inet_ntop(AF_INET, &packet->ip->saddr, source, INET_ADDRSTRLEN);
	inet_ntop(AF_INET, &packet->ip->daddr, destination, INET_ADDRSTRLEN);
}

static void print_mad(const char *label, const struct roce_packet *packet)
{
	char source[INET_ADDRSTRLEN], destination[INET_ADDRSTRLEN];

	addresses(packet, source, destination);
	printf("%s | %s | %u | %s | %u | ", label, source, ntohs(packet->udp->source), destination,
	       ntohs(packet->udp->dest));
	print_payload(packet, 0);
}

static void print_packet(const struct roce_packet *packet)
{
	char source[INET_ADDRSTRLEN], destination[INET_ADDRSTRLEN];

	addresses(packet, source, destination);
	printf("%s %s>%s id=%u sport=%u", packet->outgoing ? "out" : "in", source, destination,
	       ntohs(packet->ip->id), ntohs(packet->udp->source));
	print_payload(packet, 4);
}

static int capture_mads(int fd, const char *label)
{
	static unsigned char buffer[65536];
	struct roce_packet packet;

	while (next_packet(fd, buffer, sizeof(buffer), &packet) == 0)
		if (to_qp1(&packet))
			print_mad(label, &packet);
	return 1;
}

static int capture_packets(int fd, long count)
{
	static unsigned char buffer[65536];
	struct roce_packet packet;
	long seen;

	for (seen = 0; seen < count; seen++) {
		if (next_packet(fd, buffer, sizeof(buffer), &packet) < 0)
			return 1;
		print_packet(&packet);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int mads = argc == 4 && strcmp(argv[2], "mads") == 0;
	int packets = (argc == 3 || argc == 4) && strcmp(argv[2], "packets") == 0;
	int fd;

	if (!mads && !packets) {
		usage();
		return 2;
	}
	fd = open_socket(argv[1]);
	if (fd < 0)
		return 1;
	return mads ? capture_mads(fd, argv[3]) : capture_packets(fd, argc == 4 ? atol(argv[3]) : 200);
}
