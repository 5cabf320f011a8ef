package org.verbs4j.tck;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;
import org.verbs4j.Context;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;

/** The IPv4 address of a device as rdma_cm finds it: that of the first IPv4-mapped GID of a port. */
final class DeviceIpv4 {

    private DeviceIpv4() {
    }

    /**
     * @param context a context of the device
     * @param port the port number
     * @return the address of the port's first IPv4-mapped GID ({@code ::ffff:a.b.c.d}), or empty if it has none
     */
    static Optional<InetAddress> of(Context context, int port) {
        return context.queryGidTable(port).stream().map(GidEntry::gid).filter(DeviceIpv4::ipv4Mapped)
                .findFirst().map(DeviceIpv4::address);
    }

    private static boolean ipv4Mapped(Gid gid) {
        return gid.high() == 0 && (gid.low() >>> 32) == 0xffffL;
    }

    private static InetAddress address(Gid gid) {
        try {
            return InetAddress.getByAddress(Arrays.copyOfRange(gid.toBytes(), 12, 16));
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
