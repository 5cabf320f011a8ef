package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The REQ message (IBTA table 106), read and written in place: every method takes the packet and the index of the
 * MAD, and field offsets count from the end of the MAD header. Only the primary path is written; the alternate
 * path stays zero, as rdma_cm sends it. Private data: {@link #PRIVATE_DATA_BYTES} bytes at {@link #privateData}.
 */
public final class CmReq {

    /** The private data's length. */
    public static final int PRIVATE_DATA_BYTES = 92;

    /** The transport service type of a reliable connection. */
    public static final int TRANSPORT_RC = 0;

    /** The transport service type of an unreliable connection. */
    public static final int TRANSPORT_UC = 1;

    private static final int M = Mad.HEADER_BYTES;

    private CmReq() {
    }

    /** @return the index of the private data */
    public static int privateData(int at) {
        return at + M + 140;
    }

    /** @return the sender's communication ID */
    public static int localCommId(ByteBuffer b, int at) {
        return b.getInt(at + M);
    }

    /** @param value the sender's communication ID */
    public static void localCommId(ByteBuffer b, int at, int value) {
        b.putInt(at + M, value);
    }

    /** @return the service ID */
    public static long serviceId(ByteBuffer b, int at) {
        return b.getLong(at + M + 8);
    }

    /** @param value the service ID */
    public static void serviceId(ByteBuffer b, int at, long value) {
        b.putLong(at + M + 8, value);
    }

    /** @return the sender's CA GUID */
    public static long localCaGuid(ByteBuffer b, int at) {
        return b.getLong(at + M + 16);
    }

    /** @param value the sender's CA GUID */
    public static void localCaGuid(ByteBuffer b, int at, long value) {
        b.putLong(at + M + 16, value);
    }

    /** @return the sender's Q_Key (UD only; 0 for RC) */
    public static int localQKey(ByteBuffer b, int at) {
        return b.getInt(at + M + 28);
    }

    /** @param value the sender's Q_Key */
    public static void localQKey(ByteBuffer b, int at, int value) {
        b.putInt(at + M + 28, value);
    }

    /** @return the sender's QP number */
    public static int localQpn(ByteBuffer b, int at) {
        return Bits.get24(b, at + M + 32);
    }

    /** @param value the sender's QP number */
    public static void localQpn(ByteBuffer b, int at, int value) {
        Bits.put24(b, at + M + 32, value);
    }

    /** @return the responder resources: RDMA READs and atomics the sender accepts at once */
    public static int responderResources(ByteBuffer b, int at) {
        return b.get(at + M + 35) & 0xFF;
    }

    /** @param value the responder resources */
    public static void responderResources(ByteBuffer b, int at, int value) {
        b.put(at + M + 35, (byte) value);
    }

    /** @return the initiator depth: RDMA READs and atomics the sender issues at once */
    public static int initiatorDepth(ByteBuffer b, int at) {
        return b.get(at + M + 39) & 0xFF;
    }

    /** @param value the initiator depth */
    public static void initiatorDepth(ByteBuffer b, int at, int value) {
        b.put(at + M + 39, (byte) value);
    }

    /** @return the remote CM response timeout, as an exponent: 4.096 µs × 2^value */
    public static int remoteCmResponseTimeout(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 43, 3, 5);
    }

    /** @param value the remote CM response timeout exponent */
    public static void remoteCmResponseTimeout(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 43, 3, 5, value);
    }

    /** @return the transport service type ({@link #TRANSPORT_RC}, {@link #TRANSPORT_UC}) */
    public static int transportServiceType(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 43, 1, 2);
    }

    /** @param value the transport service type */
    public static void transportServiceType(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 43, 1, 2, value);
    }

    /** @return whether the sender implements end-to-end flow control */
    public static boolean endToEndFlowControl(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 43, 0, 1) == 1;
    }

    /** @param value whether the sender implements end-to-end flow control */
    public static void endToEndFlowControl(ByteBuffer b, int at, boolean value) {
        Bits.put(b, at + M + 43, 0, 1, value ? 1 : 0);
    }

    /** @return the sender's starting PSN: the first its send queue uses */
    public static int startingPsn(ByteBuffer b, int at) {
        return Bits.get24(b, at + M + 44);
    }

    /** @param value the starting PSN */
    public static void startingPsn(ByteBuffer b, int at, int value) {
        Bits.put24(b, at + M + 44, value);
    }

    /** @return the local CM response timeout exponent */
    public static int localCmResponseTimeout(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 47, 3, 5);
    }

    /** @param value the local CM response timeout exponent */
    public static void localCmResponseTimeout(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 47, 3, 5, value);
    }

    /** @return the retry count: transport retries of the QP (retry_cnt) */
    public static int retryCount(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 47, 0, 3);
    }

    /** @param value the retry count */
    public static void retryCount(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 47, 0, 3, value);
    }

    /** @return the partition key */
    public static int partitionKey(ByteBuffer b, int at) {
        return b.getShort(at + M + 48) & 0xFFFF;
    }

    /** @param value the partition key */
    public static void partitionKey(ByteBuffer b, int at, int value) {
        b.putShort(at + M + 48, (short) value);
    }

    /** @return the path MTU as its enumeration (1: 256 ... 5: 4096) */
    public static int pathMtu(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 50, 4, 4);
    }

    /** @param value the path MTU enumeration */
    public static void pathMtu(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 50, 4, 4, value);
    }

    /** @return the RNR retry count (7: without limit) */
    public static int rnrRetryCount(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 50, 0, 3);
    }

    /** @param value the RNR retry count */
    public static void rnrRetryCount(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 50, 0, 3, value);
    }

    /** @return how often the sender's CM sends a message before it gives up */
    public static int maxCmRetries(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 51, 4, 4);
    }

    /** @param value the maximum CM retries */
    public static void maxCmRetries(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 51, 4, 4, value);
    }

    /** @return whether the sender's QP has a shared receive queue */
    public static boolean srq(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 51, 3, 1) == 1;
    }

    /** @param value whether the sender's QP has a shared receive queue */
    public static void srq(ByteBuffer b, int at, boolean value) {
        Bits.put(b, at + M + 51, 3, 1, value ? 1 : 0);
    }

    /** @return the primary path's local port LID (0xFFFF, permissive, over RoCE) */
    public static int primaryLocalLid(ByteBuffer b, int at) {
        return b.getShort(at + M + 52) & 0xFFFF;
    }

    /** @return the primary path's remote port LID */
    public static int primaryRemoteLid(ByteBuffer b, int at) {
        return b.getShort(at + M + 54) & 0xFFFF;
    }

    /**
     * @param local the local port LID
     * @param remote the remote port LID
     */
    public static void primaryLids(ByteBuffer b, int at, int local, int remote) {
        b.putShort(at + M + 52, (short) local);
        b.putShort(at + M + 54, (short) remote);
    }

    /** @return the index of the primary path's local port GID (16 bytes): the sender's */
    public static int primaryLocalGid(int at) {
        return at + M + 56;
    }

    /** @return the index of the primary path's remote port GID (16 bytes): the receiver's */
    public static int primaryRemoteGid(int at) {
        return at + M + 72;
    }

    /** @return the primary path's flow label */
    public static int primaryFlowLabel(ByteBuffer b, int at) {
        return b.getInt(at + M + 88) >>> 12;
    }

    /** @param value the flow label (20 bits); the packet rate stays as it is */
    public static void primaryFlowLabel(ByteBuffer b, int at, int value) {
        b.putInt(at + M + 88, (value << 12) | (b.getInt(at + M + 88) & 0xFFF));
    }

    /** @return the primary path's packet rate enumeration */
    public static int primaryPacketRate(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 91, 0, 6);
    }

    /** @param value the packet rate enumeration */
    public static void primaryPacketRate(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 91, 0, 6, value);
    }

    /** @return the primary path's traffic class */
    public static int primaryTrafficClass(ByteBuffer b, int at) {
        return b.get(at + M + 92) & 0xFF;
    }

    /** @param value the traffic class */
    public static void primaryTrafficClass(ByteBuffer b, int at, int value) {
        b.put(at + M + 92, (byte) value);
    }

    /** @return the primary path's hop limit */
    public static int primaryHopLimit(ByteBuffer b, int at) {
        return b.get(at + M + 93) & 0xFF;
    }

    /** @param value the hop limit */
    public static void primaryHopLimit(ByteBuffer b, int at, int value) {
        b.put(at + M + 93, (byte) value);
    }

    /** @return the primary path's service level */
    public static int primarySl(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 94, 4, 4);
    }

    /** @param value the service level */
    public static void primarySl(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 94, 4, 4, value);
    }

    /** @return whether the primary path stays in the local subnet */
    public static boolean primarySubnetLocal(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 94, 3, 1) == 1;
    }

    /** @param value whether the primary path stays in the local subnet */
    public static void primarySubnetLocal(ByteBuffer b, int at, boolean value) {
        Bits.put(b, at + M + 94, 3, 1, value ? 1 : 0);
    }

    /** @return the primary path's local ACK timeout exponent */
    public static int primaryLocalAckTimeout(ByteBuffer b, int at) {
        return Bits.get(b, at + M + 95, 3, 5);
    }

    /** @param value the local ACK timeout exponent */
    public static void primaryLocalAckTimeout(ByteBuffer b, int at, int value) {
        Bits.put(b, at + M + 95, 3, 5, value);
    }
}
