package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The DREQ message (IBTA table 112) after the communication IDs of {@link CmMessage}: the receiver's QP number,
 * then {@link #PRIVATE_DATA_BYTES} bytes of private data.
 */
public final class CmDreq {

    /** The private data's length. */
    public static final int PRIVATE_DATA_BYTES = 220;

    private static final int M = Mad.HEADER_BYTES;

    private CmDreq() {
    }

    /** @return the receiver's QP number */
    public static int remoteQpn(ByteBuffer b, int at) {
        return Bits.get24(b, at + M + 8);
    }

    /** @param value the receiver's QP number */
    public static void remoteQpn(ByteBuffer b, int at, int value) {
        Bits.put24(b, at + M + 8, value);
    }

    /** @return the index of the private data */
    public static int privateData(int at) {
        return at + M + 12;
    }
}
