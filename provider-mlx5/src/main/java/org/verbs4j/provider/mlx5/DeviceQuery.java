package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.Function;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;

/**
 * {@code mlx5dv_query_device} with a struct sized for the newest release and the request mask of the loaded
 * release, read into {@link Mlx5DeviceAttributes}.
 */
final class DeviceQuery {

    private DeviceQuery() {
    }

    static Mlx5DeviceAttributes query(Mlx5Calls calls, MemorySegment context) {
        return query(calls, context, DeviceQuery::read);
    }

    /** @return what {@code reader} makes of the {@code struct mlx5dv_context} libmlx5 filled */
    static <T> T query(Mlx5Calls calls, MemorySegment context, Function<MemorySegment, T> reader) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attrs = call.allocate(CONTEXT_SIZE, 8);
            attrs.set(JAVA_LONG, CONTEXT_COMP_MASK, Mlx5ContextMask.knownIn(calls.library().release()));
            calls.queryDevice(context, attrs);
            return reader.apply(attrs);
        }
    }

    static Mlx5DeviceAttributes read(MemorySegment a) {
        return new Mlx5DeviceAttributes(u8(a, CONTEXT_VERSION), a.get(JAVA_LONG, CONTEXT_FLAGS),
                a.get(JAVA_LONG, CONTEXT_COMP_MASK), a.get(JAVA_INT, CONTEXT_CQE_COMP_MAX_NUM),
                a.get(JAVA_INT, CONTEXT_CQE_COMP_FORMATS), a.get(JAVA_INT, CONTEXT_MAX_DYNAMIC_BFREGS),
                a.get(JAVA_LONG, CONTEXT_MAX_CLOCK_INFO_UPDATE_NSEC),
                !a.get(ADDRESS, CONTEXT_HCA_CORE_CLOCK).equals(MemorySegment.NULL), u8(a, CONTEXT_NUM_LAG_PORTS),
                u8(a, CONTEXT_DCI_MAX_LOG_CONCURRENT), u8(a, CONTEXT_DCI_MAX_LOG_ERRORED),
                a.get(JAVA_LONG, CONTEXT_MAX_WR_MEMCPY_LENGTH), a.get(JAVA_LONG, CONTEXT_MAX_DC_RD_ATOM),
                a.get(JAVA_LONG, CONTEXT_MAX_DC_INIT_RD_ATOM), outOfOrder(a));
    }

    private static Mlx5OutOfOrderCaps outOfOrder(MemorySegment a) {
        return new Mlx5OutOfOrderCaps(u32(a, 0), u32(a, 4), u32(a, 8), u32(a, 12), u32(a, 16));
    }

    private static int u32(MemorySegment a, long index) {
        return a.get(JAVA_INT, CONTEXT_OOO_RECV_WRS + index);
    }

    private static int u8(MemorySegment a, long offset) {
        return Byte.toUnsignedInt(a.get(JAVA_BYTE, offset));
    }
}
