package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The REP message (IBTA table 110), read and written in place after the communication IDs of {@link CmMessage}.
 * Private data: {@link #PRIVATE_DATA_BYTES} bytes at {@link #privateData}.
 */
public final class CmRep {

    /** The private data's length. */
    public static final int PRIVATE_DATA_BYTES = 196;

    private static final int M = Mad.HEADER_BYTES;

    private CmRep() {
    }

    /** @return the index of the private data */
    public static int privateData(int at) {
        return at + M + 36;
    }

    /** @return the sender's Q_Key (UD only) */
    public static int localQKey(ByteBuffer b, int at) {
        return b.getInt(at + M + 8);
    }

    /** @return the sender's QP number */
    public static int localQpn(ByteBuffer b, int at) {
        return Bits.get24(b, at + M + 12);
    }

    /** @param value the sender's QP number */
    public static void localQpn(ByteBuffer b, int at, int value) {
        Bits.put24(b, at + M + 12, value);
    }

    /** @return the sender's starting PSN */
    public static int startingPsn(ByteBuffer b, int at) {
        return Bits.get24(b, at + M + 20);
    }

    /** @param value the starting PSN */
    public static void startingPsn(ByteBuffer b, int at, int value) {
        Bits.put24(b, at + M + 20, value);
    }

    /** @return the responder resources the sender grants */
    public static int responderResources(ByteBuffer b, int at) {
        return b.get(at + M + 24) & 0xFF;
    }

    /** @param value the responder resources */
    public static void responderResources(ByteBuffer b, int at, int value) {
        b.put(at + M + 24, (byte) value);
    }

    /** @return the initiator depth of the sender */
    public static int initiatorDepth(ByteBuffer b, int at) {
        return b.get(at + M + 25) & 0xFF;
    }

    /** @param value the initiator depth */
    public static void initiatorDepth(ByteBuffer b, int at, int value) {
        b.put(at + M + 25, (byte) value);
    }

    /** @return the target ACK delay exponent */
    public static int targetAckDelay(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 26, 3, 5);
    }

    /** @param value the target ACK delay exponent */
    public static void targetAckDelay(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 26, 3, 5, value);
    }

    /** @return the failover accepted code (0: accepted) */
    public static int failoverAccepted(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 26, 1, 2);
    }

    /** @return whether the sender implements end-to-end flow control */
    public static boolean endToEndFlowControl(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 26, 0, 1) == 1;
    }

    /** @param value whether the sender implements end-to-end flow control */
    public static void endToEndFlowControl(ByteBuffer b, int at, boolean value) {
        Bits.put(b, at + M + 26, 0, 1, value ? 1 : 0);
    }

    /** @return the RNR retry count */
    public static int rnrRetryCount(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 27, 5, 3);
    }

    /** @param value the RNR retry count */
    public static void rnrRetryCount(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 27, 5, 3, value);
    }

    /** @return whether the sender's QP has a shared receive queue */
    public static boolean srq(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 27, 4, 1) == 1;
    }

    /** @param value whether the sender's QP has a shared receive queue */
    public static void srq(ByteBuffer b, int at, boolean value) {
        Bits.put(b, at + M + 27, 4, 1, value ? 1 : 0);
    }

    /** @return the sender's CA GUID */
    public static long localCaGuid(ByteBuffer b, int at) {
        return b.getLong(at + M + 28);
    }

    /** @param value the sender's CA GUID */
    public static void localCaGuid(ByteBuffer b, int at, long value) {
        b.putLong(at + M + 28, value);
    }
}
