package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/**
 * The FLUSH Extended Transport Header (IBTA 1.5, 9.3.8): four bytes, bits 31-6 reserved, bits 5-4 the selectivity
 * level, bits 3-0 the placement type, as rxe lays it out.
 */
public final class Feth {

    /** Placement type bit: global visibility (IBV_FLUSH_GLOBAL). */
    public static final int GLOBAL = 1;
    /** Placement type bit: persistence (IBV_FLUSH_PERSISTENT). */
    public static final int PERSISTENT = 2;
    /** Selectivity level: the range the RETH names (IBV_FLUSH_RANGE). */
    public static final int RANGE = 0;
    /** Selectivity level: the whole memory region of the R_Key (IBV_FLUSH_MR). */
    public static final int REGION = 1;

    private static final int TYPE_MASK = 0x0F;
    private static final int LEVEL_SHIFT = 4;
    private static final int LEVEL_MASK = 0x30;

    private Feth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the FETH
     * @param placementType {@link #GLOBAL}, {@link #PERSISTENT} or both
     * @param selectivityLevel {@link #RANGE} or {@link #REGION}
     */
    public static void put(ByteBuffer buffer, int at, int placementType, int selectivityLevel) {
        buffer.putInt(at, selectivityLevel << LEVEL_SHIFT & LEVEL_MASK | placementType & TYPE_MASK);
    }

    /**
     * @param buffer the packet
     * @param at the index of the FETH
     * @return the placement type bits
     */
    public static int placementType(ByteBuffer buffer, int at) {
        return buffer.getInt(at) & TYPE_MASK;
    }

    /**
     * @param buffer the packet
     * @param at the index of the FETH
     * @return the selectivity level
     */
    public static int selectivityLevel(ByteBuffer buffer, int at) {
        return (buffer.getInt(at) & LEVEL_MASK) >>> LEVEL_SHIFT;
    }
}
