package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The REJ message (IBTA table 108) after the communication IDs of {@link CmMessage}: which message it rejects, the
 * reason, the additional rejection information (ARI, up to 72 bytes) and {@link #PRIVATE_DATA_BYTES} bytes of
 * private data (rdma_cm hands a consumer's reject data over there).
 */
public final class CmRej {

    /** The message rejected: a REQ. */
    public static final int REQ = 0;

    /** The message rejected: a REP. */
    public static final int REP = 1;

    /** The message rejected: none of these (a reject in another state). */
    public static final int OTHER = 2;

    /** The private data's length. */
    public static final int PRIVATE_DATA_BYTES = 148;

    /** The ARI's largest length. */
    public static final int ARI_BYTES = 72;

    private static final int M = Mad.HEADER_BYTES;

    private CmRej() {
    }

    /** @return which message ({@link #REQ}, {@link #REP}, {@link #OTHER}) */
    public static int messageRejected(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 8, 6, 2);
    }

    /** @return the length of the ARI */
    public static int rejectedInfoLength(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 9, 1, 7);
    }

    /** @return the reason's code ({@link RejectReason#code()}) */
    public static int reason(ByteBuffer b, int at) {
        return b.getShort(at + M + 10) & 0xFFFF;
    }

    /**
     * @param message which message ({@link #REQ}, {@link #REP}, {@link #OTHER})
     * @param reason the reason's code
     * @param infoLength the ARI's length (the caller writes it at {@link #ari})
     */
    public static void put(ByteBuffer b, int at, int message, int reason, int infoLength) {
        b.put(at + M + 8, (byte) (message << 6));
        b.put(at + M + 9, (byte) (infoLength << 1));
        b.putShort(at + M + 10, (short) reason);
    }

    /** @return the index of the ARI */
    public static int ari(int at) {
        return at + M + 12;
    }

    /** @return the index of the private data */
    public static int privateData(int at) {
        return at + M + 84;
    }
}
