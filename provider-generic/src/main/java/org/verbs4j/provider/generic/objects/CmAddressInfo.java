package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpType;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.AddrInfoFlag;
import org.verbs4j.cm.AddressHints;
import org.verbs4j.cm.AddressInfo;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.Rdmacm;
import org.verbs4j.provider.generic.raw.SockAddr;

/** {@code rdma_getaddrinfo}: the list copied into {@link AddressInfo} values, then {@code rdma_freeaddrinfo}. */
@SuppressWarnings("restricted")
final class CmAddressInfo {

    private static final String VERB = "rdma_getaddrinfo";
    private static final int ENOENT = 2;

    private CmAddressInfo() {
    }

    static List<AddressInfo> resolve(Rdmacm cm, String node, String service, AddressHints hints) {
        if (service != null && !service.chars().allMatch(Character::isDigit)) {
            throw new InvalidArgumentException(VERB, "the service '" + service + "' is not a port number");
        }
        StructLayout layout = cm.addrInfo;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment hint = call.allocate(layout);
            hint.set(JAVA_INT, Abi.offset(layout, "ai_flags"), (int) flags(hints));
            hint.set(JAVA_INT, Abi.offset(layout, "ai_qp_type"), (int) hints.portSpace().qpType().value());
            hint.set(JAVA_INT, Abi.offset(layout, "ai_port_space"), (int) hints.portSpace().value());
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment out = call.allocate(ADDRESS);
            int rc = (int) cm.getAddrInfo.invokeExact(errno, string(node, call), string(service, call), hint, out);
            if (rc != 0) {
                int code = ErrnoCapture.errno(errno);
                throw VerbsException.of(VERB, code == 0 ? ENOENT : code, "node " + node + ", service " + service);
            }
            MemorySegment first = out.get(ADDRESS, 0);
            try {
                return read(first, layout);
            } finally {
                cm.freeAddrInfo.invokeExact(first);
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static long flags(AddressHints hints) {
        long bits = 0;
        for (AddrInfoFlag flag : hints.flags()) {
            bits |= flag.value();
        }
        return bits;
    }

    private static MemorySegment string(String value, Arena arena) {
        return value == null ? MemorySegment.NULL : arena.allocateFrom(value);
    }

    private static List<AddressInfo> read(MemorySegment first, StructLayout layout) {
        List<AddressInfo> result = new ArrayList<>();
        for (MemorySegment at = first; !at.equals(MemorySegment.NULL); ) {
            MemorySegment info = at.reinterpret(layout.byteSize());
            result.add(new AddressInfo((info.get(JAVA_INT, Abi.offset(layout, "ai_flags"))
                    & AddrInfoFlag.PASSIVE.value()) != 0,
                    QpType.fromValue(info.get(JAVA_INT, Abi.offset(layout, "ai_qp_type"))),
                    PortSpace.fromValue(info.get(JAVA_INT, Abi.offset(layout, "ai_port_space"))),
                    address(info, layout, "ai_src_len", "ai_src_addr"),
                    address(info, layout, "ai_dst_len", "ai_dst_addr")));
            at = info.get(ADDRESS, Abi.offset(layout, "ai_next"));
        }
        return result;
    }

    private static InetSocketAddress address(MemorySegment info, StructLayout layout, String length, String pointer) {
        int size = info.get(JAVA_INT, Abi.offset(layout, length));
        MemorySegment sockaddr = info.get(ADDRESS, Abi.offset(layout, pointer));
        return size == 0 || sockaddr.equals(MemorySegment.NULL) ? null : SockAddr.read(sockaddr.reinterpret(size));
    }
}
