package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;
import org.verbs4j.AhAttributes;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.GidType;
import org.verbs4j.GlobalRoute;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * {@code ibv_init_ah_from_wc(3)} on the soft device: the address vector of a reply to the sender of a received
 * message, from the completion's route and the global route header in front of the message. The header is
 * IPv6-shaped (an IB or RoCE v2 GRH) unless it holds a valid RoCE v2 IPv4 header in its last 20 bytes.
 */
final class ReplyAddress {

    static final int GRH_BYTES = 40;

    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int IPV4_HEADER = 20;
    private static final int UDP = 17;
    private static final int IB_NEXT_HEADER = 0x1b;
    private static final long IPV4_MAPPED = 0x0000_ffff_0000_0000L;

    private ReplyAddress() {
    }

    static AhAttributes of(SoftContext context, String verb, int portNum, ReceivedRoute route, MemorySegment grh) {
        SoftContext.checkPort(verb, portNum);
        GlobalRoute global = route.hasGrh() ? globalRoute(context, verb, portNum, header(verb, grh)) : null;
        return new AhAttributes(global, route.slid(), route.sl(), route.dlidPathBits(), 0, portNum);
    }

    /** @return a copy of the 40 bytes of {@code grh}, 8-aligned for the GIDs */
    private static MemorySegment header(String verb, MemorySegment grh) {
        Failures.required(verb, grh, "the GRH of a completion with IBV_WC_GRH");
        if (grh.byteSize() < GRH_BYTES) {
            throw Failures.invalid(verb, "the GRH has " + grh.byteSize() + " bytes, not " + GRH_BYTES);
        }
        if (!grh.scope().isAlive()) {
            throw Failures.invalid(verb, "the GRH's memory is closed");
        }
        return MemorySegment.ofArray(new long[GRH_BYTES / Long.BYTES]).copyFrom(grh.asSlice(0, GRH_BYTES));
    }

    private static GlobalRoute globalRoute(SoftContext context, String verb, int portNum, MemorySegment header) {
        int flowLabel = header.get(BE_INT, 0) & 0xfffff;
        return isIpv4(verb, header) ? ipv4(context, verb, portNum, header, flowLabel)
                : ipv6(context, verb, portNum, header, flowLabel);
    }

    private static boolean isIpv4(String verb, MemorySegment header) {
        int ipVersion = u8(header, 0) >>> 4;
        int ipv4Version = u8(header, IPV4_HEADER) >>> 4;
        if (ipVersion != 6) {
            if (ipv4Version == 4) {
                return true;
            }
            throw VerbsException.of(verb, Errno.EPROTONOSUPPORT.code(), "the GRH is neither IPv6 nor IPv4");
        }
        return (u8(header, IPV4_HEADER) & 0xf) == 5 && ipv4ChecksumHolds(header);
    }

    private static boolean ipv4ChecksumHolds(MemorySegment header) {
        int sum = 0;
        for (int offset = IPV4_HEADER; offset < GRH_BYTES; offset += 2) {
            sum += Short.toUnsignedInt(header.get(BE_SHORT, offset));
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return sum == 0xffff;
    }

    private static GlobalRoute ipv4(SoftContext context, String verb, int portNum, MemorySegment header,
                                    int flowLabel) {
        int destination = header.get(BE_INT, IPV4_HEADER + 16);
        if ((destination >>> 28) == 0xe) {
            throw Failures.invalid(verb, "the GRH's destination is an IPv4 multicast address");
        }
        Gid sent = new Gid(0, IPV4_MAPPED | Integer.toUnsignedLong(destination));
        Gid sender = new Gid(0, IPV4_MAPPED | Integer.toUnsignedLong(header.get(BE_INT, IPV4_HEADER + 12)));
        int index = gidIndex(context, verb, portNum, sent, List.of(GidType.ROCE_V2));
        return new GlobalRoute(sender, flowLabel, index, u8(header, IPV4_HEADER + 8), u8(header, IPV4_HEADER + 1));
    }

    private static GlobalRoute ipv6(SoftContext context, String verb, int portNum, MemorySegment header,
                                    int flowLabel) {
        Gid sent = Gid.read(header, 24);
        if (u8(header, 24) == 0xff) {
            throw Failures.invalid(verb, "the GRH's destination is a multicast GID");
        }
        List<GidType> types = switch (u8(header, 6)) {
            case UDP -> List.of(GidType.ROCE_V2);
            case IB_NEXT_HEADER -> List.of(GidType.IB, GidType.ROCE_V1);
            default -> throw VerbsException.of(verb, Errno.EPROTONOSUPPORT.code(),
                    "the GRH's next header " + u8(header, 6) + " is neither UDP (RoCE v2) nor IB");
        };
        int index = gidIndex(context, verb, portNum, sent, types);
        return new GlobalRoute(Gid.read(header, 8), flowLabel, index, u8(header, 7),
                (header.get(BE_INT, 0) >>> 20) & 0xff);
    }

    private static int gidIndex(SoftContext context, String verb, int portNum, Gid gid, List<GidType> types) {
        for (GidEntry entry : context.queryGidTable(portNum)) {
            if (entry.gid().equals(gid) && types.contains(entry.type())) {
                return entry.index();
            }
        }
        throw Failures.invalid(verb, "no GID of port " + portNum + " of type " + types + " is " + gid
                + ", the GRH's destination");
    }

    private static int u8(MemorySegment segment, long offset) {
        return Byte.toUnsignedInt(segment.get(ValueLayout.JAVA_BYTE, offset));
    }
}
