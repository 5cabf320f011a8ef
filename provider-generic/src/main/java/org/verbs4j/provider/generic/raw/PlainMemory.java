package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * Loads and stores at plain addresses, for the data path's fields of structs that a verbs object keeps alive
 * while it is held ({@code ibv_qp_ex.wr_id} in a send batch, {@code ibv_cq_ex.status} in a poll batch, the
 * binding's own {@code ibv_sge} arrays): one segment over the whole address space, in a {@code static final}
 * field, so that the JIT folds its bounds and liveness checks, and unaligned layouts, so that no alignment check
 * runs. The caller guarantees that the address is live and that the access fits the struct.
 */
@SuppressWarnings("restricted")
public final class PlainMemory {

    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private PlainMemory() {
    }

    /** @return the {@code int} at {@code address} */
    public static int getInt(long address) {
        return ALL.get(JAVA_INT_UNALIGNED, address);
    }

    /** @return the {@code long} at {@code address} */
    public static long getLong(long address) {
        return ALL.get(JAVA_LONG_UNALIGNED, address);
    }

    /** Stores {@code value} at {@code address}. */
    public static void putInt(long address, int value) {
        ALL.set(JAVA_INT_UNALIGNED, address, value);
    }

    /** Stores {@code value} at {@code address}. */
    public static void putLong(long address, long value) {
        ALL.set(JAVA_LONG_UNALIGNED, address, value);
    }

    /**
     * @param first the value of a 32-bit field
     * @param second the value of the 32-bit field that follows it (for example {@code ibv_sge}'s {@code length}
     *     and {@code lkey})
     * @return the two as the 64-bit word that holds them in memory, for one {@link #putLong}
     */
    public static long intPair(int first, int second) {
        long low = Integer.toUnsignedLong(LITTLE_ENDIAN ? first : second);
        long high = LITTLE_ENDIAN ? second : first;
        return low | high << Integer.SIZE;
    }
}
