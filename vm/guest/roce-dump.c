/* roce-dump.c - prints the RoCE v2 packets (UDP port 4791, IPv4) that cross one interface, for the diagnosis of an
 * exchange in the rxe VM, where tcpdump is not installed: one line per packet, its direction as the interface
 * sees it ("out": sent from this side, "in": received), the addresses, the IPv4 identification and UDP source port
 * (which the ICRC covers), then the UDP payload (BTH onwards, ICRC included) in hex.
 * Usage: roce-dump INTERFACE [COUNT]   (stops after COUNT packets, default 200; needs CAP_NET_RAW) */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <net/ethernet.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: roce-dump INTERFACE [COUNT]\n");
		return 2;
	}
	int count = argc > 2 ? atoi(argv[2]) : 200;
	int fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	struct sockaddr_ll bind_to = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
				       .sll_ifindex = (int)if_nametoindex(argv[1]) };
	if (fd < 0 || bind_to.sll_ifindex == 0 || bind(fd, (struct sockaddr *)&bind_to, sizeof(bind_to)) < 0) {
		perror("roce-dump");
		return 1;
	}
	unsigned char buf[4096];
	for (int seen = 0; seen < count;) {
		struct sockaddr_ll from;
		socklen_t len = sizeof(from);
		ssize_t n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
		if (n < 28 || from.sll_protocol != htons(ETH_P_IP) || buf[9] != 17)
			continue;
		int ihl = (buf[0] & 15) * 4;
		int dport = buf[ihl + 2] << 8 | buf[ihl + 3];
		if (dport != 4791 || n < ihl + 8)
			continue;
		printf("%s %u.%u.%u.%u>%u.%u.%u.%u id=%u sport=%u", from.sll_pkttype == PACKET_OUTGOING ? "out" : "in",
		       buf[12], buf[13], buf[14], buf[15], buf[16], buf[17], buf[18], buf[19], buf[4] << 8 | buf[5],
		       buf[ihl] << 8 | buf[ihl + 1]);
		for (ssize_t i = ihl + 8; i < n; i++)
			printf("%s%02x", (i - ihl - 8) % 4 ? "" : " ", buf[i]);
		printf("\n");
		fflush(stdout);
		seen++;
	}
	return 0;
}
