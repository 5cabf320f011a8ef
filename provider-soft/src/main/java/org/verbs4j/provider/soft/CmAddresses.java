package org.verbs4j.provider.soft;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.verbs4j.Gid;

/**
 * The IP addresses of the soft devices, as the connection manager resolves them: device i has
 * 10.83.0.(i+1) and the link-local IPv6 address fe80::(node GUID), the addresses of its GIDs 1 and 0; the
 * loopback addresses reach soft0, as rdma_cm binds loopback to the first device. A device on the network has its
 * bound address instead of 10.83.0.(i+1); other hosts' addresses are reached through it ({@link CmWire}).
 */
final class CmAddresses {

    private static final int IPV4_PREFIX = 0x0a530000;
    private static final int IPV4_PREFIX_MASK = 0xffffff00;
    private static final long LINK_LOCAL_HIGH = 0xfe80_0000_0000_0000L;
    private static final long MULTICAST_IPV4_HIGH = 0xff0e_0000_0000_0000L;

    private final List<SoftDevice> devices;

    CmAddresses(List<SoftDevice> devices) {
        this.devices = devices;
    }

    /**
     * @return the device that owns {@code address} (loopback: the first, unless it is on the network, where a
     *     loopback address is a host's like any other), or {@code null}
     */
    SoftDevice deviceOf(InetAddress address) {
        for (SoftDevice device : devices) {
            if (address.equals(ipv4(device)) || address.equals(ipv6(device))) {
                return device;
            }
        }
        boolean firstInJvm = !devices.isEmpty() && devices.get(0).networkAddress() == null;
        return address.isLoopbackAddress() && firstInJvm ? devices.get(0) : null;
    }

    /** @return the first device on the network with an address of the family of {@code like}, or {@code null} */
    SoftDevice networkDevice(InetAddress like) {
        for (SoftDevice device : devices) {
            InetAddress bound = device.networkAddress();
            if (bound != null && bound.getAddress().length == like.getAddress().length) {
                return device;
            }
        }
        return null;
    }

    /** @return whether {@code address} is in a network of the soft devices, where an unknown host times out */
    static boolean inSoftNetwork(InetAddress address) {
        if (address instanceof Inet4Address) {
            return (toInt(address.getAddress()) & IPV4_PREFIX_MASK) == IPV4_PREFIX;
        }
        return Gid.ofBytes(address.getAddress()).high() == LINK_LOCAL_HIGH;
    }

    /** @return the device's address of the family of {@code like} */
    static InetAddress addressOf(SoftDevice device, InetAddress like) {
        return like instanceof Inet4Address ? ipv4(device) : ipv6(device);
    }

    /** @return the GID of the device's address of the family of {@code like} */
    static Gid gidOf(SoftDevice device, InetAddress like) {
        return like instanceof Inet4Address ? DeviceProfile.ipv4Gid(device) : DeviceProfile.linkLocalGid(device);
    }

    /** @return the index of {@link #gidOf} in the device's GID table */
    static int gidIndexOf(InetAddress like) {
        return like instanceof Inet4Address ? 1 : 0;
    }

    /**
     * @return the multicast GID of a group address: for IPv4 ff0e::ffff:(address), as rdma_cm forms it for RoCE v1
     *     and InfiniBand (the soft device's multicast groups are ff00::/8), for IPv6 the address itself
     */
    static Gid multicastGid(InetAddress group) {
        byte[] raw = group.getAddress();
        if (raw.length == 4) {
            return new Gid(MULTICAST_IPV4_HIGH, 0x0000_ffff_0000_0000L | (toInt(raw) & 0xffffffffL));
        }
        return Gid.ofBytes(raw);
    }

    static InetAddress ipv4(SoftDevice device) {
        return byAddress(DeviceProfile.ipv4Gid(device), 12, 4);
    }

    static InetAddress ipv6(SoftDevice device) {
        return byAddress(DeviceProfile.linkLocalGid(device), 0, 16);
    }

    private static InetAddress byAddress(Gid gid, int from, int length) {
        byte[] raw = new byte[length];
        System.arraycopy(gid.toBytes(), from, raw, 0, length);
        try {
            return InetAddress.getByAddress(raw);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int toInt(byte[] raw) {
        return (raw[0] & 0xff) << 24 | (raw[1] & 0xff) << 16 | (raw[2] & 0xff) << 8 | raw[3] & 0xff;
    }
}
