package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;

/** {@code struct sockaddr_in} and {@code sockaddr_in6}, written from and read into {@link InetSocketAddress}. */
public final class SockAddr {

    /** {@code AF_INET}. */
    public static final short AF_INET = 2;
    /** {@code AF_INET6}. */
    public static final short AF_INET6 = 10;
    private static final ValueLayout.OfShort PORT = JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN);
    private static final long IN_ADDR = Abi.offset(CmAbi.SOCKADDR_IN, "sin_addr");
    private static final long IN6_ADDR = Abi.offset(CmAbi.SOCKADDR_IN6, "sin6_addr");
    private static final long IN6_SCOPE = Abi.offset(CmAbi.SOCKADDR_IN6, "sin6_scope_id");

    private SockAddr() {
    }

    /**
     * @param address the address and port; an unresolved one is refused
     * @param arena the owner of the new struct
     * @return a {@code sockaddr_storage} holding it as {@code sockaddr_in} or {@code sockaddr_in6}
     */
    public static MemorySegment write(InetSocketAddress address, Arena arena) {
        if (address.isUnresolved()) {
            throw new IllegalArgumentException("unresolved address: " + address);
        }
        MemorySegment storage = arena.allocate(CmAbi.SOCKADDR_STORAGE_SIZE, 8);
        InetAddress ip = address.getAddress();
        storage.set(JAVA_SHORT, 0, ip instanceof Inet6Address ? AF_INET6 : AF_INET);
        storage.set(PORT, 2, (short) address.getPort());
        long at = ip instanceof Inet6Address ? IN6_ADDR : IN_ADDR;
        MemorySegment.copy(ip.getAddress(), 0, storage, JAVA_BYTE, at, ip.getAddress().length);
        if (ip instanceof Inet6Address v6) {
            storage.set(ValueLayout.JAVA_INT, IN6_SCOPE, v6.getScopeId());
        }
        return storage;
    }

    /**
     * @param sockaddr a {@code struct sockaddr} of family {@code AF_INET} or {@code AF_INET6}, at least as large
     *     as its family's struct
     * @return its address and port; {@code 0.0.0.0:0} for another family (an unset address)
     */
    public static InetSocketAddress read(MemorySegment sockaddr) {
        short family = sockaddr.get(JAVA_SHORT, 0);
        int port = Short.toUnsignedInt(sockaddr.get(PORT, 2));
        try {
            return switch (family) {
                case AF_INET -> new InetSocketAddress(InetAddress.getByAddress(bytes(sockaddr, IN_ADDR, 4)), port);
                case AF_INET6 -> new InetSocketAddress(Inet6Address.getByAddress(null, bytes(sockaddr, IN6_ADDR, 16),
                        sockaddr.get(ValueLayout.JAVA_INT, IN6_SCOPE)), port);
                default -> new InetSocketAddress(Inet4Address.getByAddress(new byte[4]), 0);
            };
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bytes(MemorySegment segment, long offset, int length) {
        return segment.asSlice(offset, length).toArray(JAVA_BYTE);
    }
}
