package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.verbs4j.provider.efa.raw.EfaAbi;

/**
 * What {@code efadv_query_device} tells of an EFA device ({@code struct efadv_device_attr}).
 *
 * @param maxSqWr the most send work requests of a queue pair ({@code max_sq_wr})
 * @param maxRqWr the most receive work requests ({@code max_rq_wr})
 * @param maxSqSge the most scatter/gather entries of a send request ({@code max_sq_sge})
 * @param maxRqSge the most scatter/gather entries of a receive request ({@code max_rq_sge})
 * @param inlineBufSize the most inline data of a send ({@code inline_buf_size})
 * @param inlineBufSizeEx the most inline data of a send or RDMA write ({@code inline_buf_size_ex}, rdma-core 63
 *     and later; 0 before)
 * @param caps the device capabilities ({@code device_caps})
 * @param maxRdmaSize the largest RDMA read or write, in bytes ({@code max_rdma_size})
 */
public record EfaDeviceAttributes(int maxSqWr, int maxRqWr, int maxSqSge, int maxRqSge, int inlineBufSize,
        int inlineBufSizeEx, Set<EfaDeviceCap> caps, long maxRdmaSize) {

    /** Copies the capabilities. */
    public EfaDeviceAttributes {
        caps = Set.copyOf(caps);
    }

    /**
     * @param attr a filled {@code struct efadv_device_attr}
     * @return its values
     */
    static EfaDeviceAttributes read(MemorySegment attr) {
        return new EfaDeviceAttributes(u32(attr, "max_sq_wr"), u32(attr, "max_rq_wr"), u16(attr, "max_sq_sge"),
                u16(attr, "max_rq_sge"), u16(attr, "inline_buf_size"), u16(attr, "inline_buf_size_ex"),
                EfaDeviceCap.decode(Integer.toUnsignedLong(u32(attr, "device_caps"))),
                Integer.toUnsignedLong(u32(attr, "max_rdma_size")));
    }

    private static int u32(MemorySegment attr, String member) {
        return attr.get(JAVA_INT, EfaAbi.DEVICE_ATTR.offset(member));
    }

    private static int u16(MemorySegment attr, String member) {
        return Short.toUnsignedInt(attr.get(JAVA_SHORT, EfaAbi.DEVICE_ATTR.offset(member)));
    }
}
