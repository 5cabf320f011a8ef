package org.verbs4j.provider.soft.wire;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.verbs4j.Gid;

/**
 * The 40-byte global route header of a datagram that came over the network, as rxe gives it to the receiver
 * from the packet's IP header: for IPv4, 20 zero bytes and then the IPv4 header (its checksum valid, so that
 * {@code ibv_init_ah_from_wc} recognizes it); for IPv6, the IPv6 header. A socket does not show the IP header, so
 * what it does not reveal is what Linux sends by default: traffic class 0, flow label 0, TTL (hop limit) 64,
 * don't-fragment set; the IPv4 identification is the one the ICRC gave.
 */
final class NetworkRoute {

    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int IPV4_AT = 20;
    private static final int IPV4_HEADER_BYTES = 20;
    private static final int UDP_HEADER_BYTES = 8;
    private static final int UDP = 17;
    private static final int DEFAULT_TTL = 64;
    private static final int DONT_FRAGMENT = 0x4000;

    private NetworkRoute() {
    }

    /**
     * Writes the header of a packet of {@code packetBytes} (BTH to ICRC) from {@code source} to {@code destination}.
     *
     * @param identification the IPv4 identification (ignored for IPv6)
     */
    static void write(MemorySegment grh, Gid source, Gid destination, int packetBytes, int identification) {
        if (isIpv4(source)) {
            ipv4(grh, source, destination, packetBytes, identification);
        } else {
            ipv6(grh, source, destination, packetBytes);
        }
    }

    /** @return whether the GID is an IPv4-mapped one ({@code ::ffff:a.b.c.d}) */
    static boolean isIpv4(Gid gid) {
        return gid.high() == 0 && (gid.low() >>> 32) == 0xffff;
    }

    private static void ipv4(MemorySegment grh, Gid source, Gid destination, int packetBytes, int identification) {
        grh.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0);
        grh.set(ValueLayout.JAVA_LONG_UNALIGNED, 8, 0);
        grh.set(ValueLayout.JAVA_INT_UNALIGNED, 16, 0);
        grh.set(BE_INT, IPV4_AT, 0x4500_0000 | (IPV4_HEADER_BYTES + UDP_HEADER_BYTES + packetBytes));
        grh.set(BE_INT, IPV4_AT + 4, (identification & 0xffff) << 16 | DONT_FRAGMENT);
        grh.set(BE_INT, IPV4_AT + 8, DEFAULT_TTL << 24 | UDP << 16);
        grh.set(BE_INT, IPV4_AT + 12, (int) source.low());
        grh.set(BE_INT, IPV4_AT + 16, (int) destination.low());
        grh.set(BE_SHORT, IPV4_AT + 10, (short) checksum(grh));
    }

    /** @return the IPv4 header checksum: the one's complement of the one's complement sum of its 16-bit words */
    private static int checksum(MemorySegment grh) {
        int sum = 0;
        for (int at = IPV4_AT; at < IPV4_AT + IPV4_HEADER_BYTES; at += 2) {
            sum += grh.get(BE_SHORT, at) & 0xffff;
        }
        sum = (sum & 0xffff) + (sum >>> 16);
        sum += sum >>> 16;
        return ~sum & 0xffff;
    }

    private static void ipv6(MemorySegment grh, Gid source, Gid destination, int packetBytes) {
        grh.set(BE_INT, 0, 6 << 28);
        grh.set(BE_SHORT, 4, (short) (UDP_HEADER_BYTES + packetBytes));
        grh.set(ValueLayout.JAVA_BYTE, 6, (byte) UDP);
        grh.set(ValueLayout.JAVA_BYTE, 7, (byte) DEFAULT_TTL);
        source.write(grh, 8);
        destination.write(grh, 24);
    }
}
