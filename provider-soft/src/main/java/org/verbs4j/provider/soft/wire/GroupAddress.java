package org.verbs4j.provider.soft.wire;

import java.net.InetAddress;
import org.verbs4j.Gid;

/**
 * The IP multicast address of a multicast GID, as RoCE v2 maps them (rxe finds a received packet's group from
 * its destination address so): an IPv4-mapped GID {@code ::ffff:a.b.c.d} with a.b.c.d in 224.0.0.0/4 is that IPv4
 * group, which rdma_cm's join gives; a GID in ff00::/8 is the IPv6 group with its 16 bytes.
 */
public final class GroupAddress {

    private static final long IPV4_MAPPED = 0xffffL;
    private static final int IPV4_MULTICAST = 0xe;

    private GroupAddress() {
    }

    /** @return whether {@code mgid} is the GID of an IPv4 or IPv6 multicast group */
    public static boolean isGroup(Gid mgid) {
        return isIpv4Group(mgid) || (mgid.high() >>> 56) == 0xff;
    }

    /** @return the group's address; {@code mgid} must be a group ({@link #isGroup}) */
    static InetAddress of(Gid mgid) {
        return mgid.toInetAddress();
    }

    /** @return whether {@code mgid} is the GID of an IPv4 multicast group */
    static boolean isIpv4Group(Gid mgid) {
        return mgid.high() == 0 && (mgid.low() >>> 32) == IPV4_MAPPED && (mgid.low() >>> 28 & 0xf) == IPV4_MULTICAST;
    }
}
