package org.verbs4j.provider.soft.wire.roce;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/** RoCE v2 GIDs of IP addresses as rxe derives them: IPv4 mapped into ::ffff:a.b.c.d, IPv6 as it is. */
final class Gids {

    private static final byte[] V4_MAPPED_PREFIX = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1};

    private Gids() {
    }

    static byte[] of(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            byte[] gid = Arrays.copyOf(V4_MAPPED_PREFIX, 16);
            System.arraycopy(bytes, 0, gid, 12, 4);
            return gid;
        }
        return bytes;
    }

    static InetAddress address(byte[] gid) throws UnknownHostException {
        if (Arrays.equals(gid, 0, 12, V4_MAPPED_PREFIX, 0, 12)) {
            return InetAddress.getByAddress(Arrays.copyOfRange(gid, 12, 16));
        }
        return InetAddress.getByAddress(gid);
    }
}
