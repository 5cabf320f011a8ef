package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The SIDR_REQ message (IBTA table 119): a request ID, the P_Key, the service ID and {@link #PRIVATE_DATA_BYTES}
 * bytes of private data (rdma_cm's {@link CmaHeader} first), at offsets after the MAD header.
 */
public final class CmSidrReq {

    /** The private data's length. */
    public static final int PRIVATE_DATA_BYTES = 216;

    private static final int M = Mad.HEADER_BYTES;

    private CmSidrReq() {
    }

    /** @return the request ID: the sender's communication ID, which its SIDR_REP names */
    public static int requestId(ByteBuffer b, int at) {
        return b.getInt(at + M);
    }

    /** @return the partition key */
    public static int partitionKey(ByteBuffer b, int at) {
        return b.getShort(at + M + 4) & 0xFFFF;
    }

    /** @return the service ID */
    public static long serviceId(ByteBuffer b, int at) {
        return b.getLong(at + M + 8);
    }

    /**
     * @param requestId the sender's communication ID
     * @param partitionKey the P_Key
     * @param serviceId the service ID
     */
    public static void put(ByteBuffer b, int at, int requestId, int partitionKey, long serviceId) {
        b.putInt(at + M, requestId);
        b.putShort(at + M + 4, (short) partitionKey);
        b.putLong(at + M + 8, serviceId);
    }

    /** @return the index of the private data */
    public static int privateData(int at) {
        return at + M + 16;
    }
}
