package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The SIDR_REP message (IBTA table 120): the request ID of the SIDR_REQ it answers, a status, the QPN and Q_Key of
 * the service's UD queue pair, the service ID, 72 bytes of additional information (left empty here) and
 * {@link #PRIVATE_DATA_BYTES} bytes of private data, at offsets after the MAD header.
 */
public final class CmSidrRep {

    /** The private data's length. */
    public static final int PRIVATE_DATA_BYTES = 136;

    /** Status: the QPN and Q_Key are valid. */
    public static final int SUCCESS = 0;

    /** Status: no service listens on the service ID ({@code IB_SIDR_UNSUPPORTED}). */
    public static final int UNSUPPORTED = 1;

    /** Status: the service refused ({@code IB_SIDR_REJECT}). */
    public static final int REJECT = 2;

    private static final int M = Mad.HEADER_BYTES;

    private CmSidrRep() {
    }

    /** @return the request ID of the SIDR_REQ answered */
    public static int requestId(ByteBuffer b, int at) {
        return b.getInt(at + M);
    }

    /** @return the status */
    public static int status(ByteBuffer b, int at) {
        return b.get(at + M + 4) & 0xFF;
    }

    /** @return the length of the additional information */
    public static int additionalInfoLength(ByteBuffer b, int at) {
        return b.get(at + M + 5) & 0xFF;
    }

    /** @return the service's QPN */
    public static int qpn(ByteBuffer b, int at) {
        return Bits.get24(b, at + M + 8);
    }

    /** @return the service ID */
    public static long serviceId(ByteBuffer b, int at) {
        return b.getLong(at + M + 12);
    }

    /** @return the service's Q_Key */
    public static int qKey(ByteBuffer b, int at) {
        return b.getInt(at + M + 20);
    }

    /**
     * @param requestId the request ID of the SIDR_REQ answered
     * @param status {@link #SUCCESS}, {@link #UNSUPPORTED}, {@link #REJECT} or another IBTA status
     * @param qpn the service's QPN (0 unless successful)
     * @param serviceId the service ID
     * @param qKey the service's Q_Key (0 unless successful)
     */
    public static void put(ByteBuffer b, int at, int requestId, int status, int qpn, long serviceId, int qKey) {
        b.putInt(at + M, requestId);
        b.put(at + M + 4, (byte) status);
        Bits.put24(b, at + M + 8, qpn);
        b.putLong(at + M + 12, serviceId);
        b.putInt(at + M + 20, qKey);
    }

    /** @return the index of the private data */
    public static int privateData(int at) {
        return at + M + 96;
    }
}
