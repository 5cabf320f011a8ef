package org.verbs4j.tck;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.verbs4j.TmhOpcode;

/**
 * Writes the tag-matching headers of {@code <infiniband/tm_types.h>} in wire (big-endian) order:
 * {@code struct ibv_tmh} (opcode, 3 reserved bytes, app_ctx, tag; 16 bytes) and {@code struct ibv_rvh}
 * (va, rkey, len; 16 bytes).
 */
public final class TagMatchingHeaders {

    /** The size of {@code struct ibv_tmh}. */
    public static final int TMH_SIZE = 16;
    /** The size of {@code struct ibv_rvh}. */
    public static final int RVH_SIZE = 16;

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private TagMatchingHeaders() {
    }

    /**
     * @param segment the message buffer
     * @param offset where the header starts
     * @param opcode the TMH opcode
     * @param appCtx the application context ({@code priv} of the receive's tm_info)
     * @param tag the tag
     */
    public static void writeTmh(MemorySegment segment, long offset, TmhOpcode opcode, int appCtx, long tag) {
        segment.set(ValueLayout.JAVA_BYTE, offset, (byte) opcode.value());
        segment.asSlice(offset + 1, 3).fill((byte) 0);
        segment.set(INT, offset + 4, appCtx);
        segment.set(LONG, offset + 8, tag);
    }

    /**
     * @param segment the message buffer
     * @param offset where the header starts, right after the TMH
     * @param va the address of the data the receiver reads
     * @param rkey the remote key of that data
     * @param length the length of that data
     */
    public static void writeRvh(MemorySegment segment, long offset, long va, int rkey, int length) {
        segment.set(LONG, offset, va);
        segment.set(INT, offset + 8, rkey);
        segment.set(INT, offset + 12, length);
    }
}
