package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The MRA message (IBTA table 107) after the communication IDs of {@link CmMessage}: which message it acknowledges
 * and how long its sender needs before it answers.
 */
public final class CmMra {

    /** The message MRAed: a REQ. */
    public static final int REQ = 0;

    /** The message MRAed: a REP. */
    public static final int REP = 1;

    /**
     * The service timeout of rdma_cm's MRAs, Linux's {@code CM_MRA_SETTING}: 24, 4.096 µs × 2^24, about 68.7 s.
     */
    public static final int RDMA_CM_SERVICE_TIMEOUT = 24;

    private static final int M = Mad.HEADER_BYTES;

    private CmMra() {
    }

    /** @return which message ({@link #REQ}, {@link #REP}, 2 for a LAP) */
    public static int messageMraed(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 8, 6, 2);
    }

    /** @return the service timeout exponent: the answer comes within 4.096 µs × 2^value */
    public static int serviceTimeout(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 9, 3, 5);
    }

    /**
     * @param message which message ({@link #REQ}, {@link #REP})
     * @param serviceTimeout the service timeout exponent
     */
    public static void put(ByteBuffer b, int at, int message, int serviceTimeout) {
        b.put(at + M + 8, (byte) (message << 6));
        b.put(at + M + 9, (byte) (serviceTimeout << 3));
    }
}
