package org.verbs4j.cm;

import java.util.Arrays;
import java.util.Objects;

/**
 * Connection parameters (C {@code struct rdma_conn_param}), given to {@link CmId#connect} and
 * {@link CmId#accept}, and reported by {@link CmEventType#CONNECT_REQUEST}, {@link CmEventType#CONNECT_RESPONSE},
 * {@link CmEventType#ESTABLISHED} and {@link CmEventType#REJECTED} events.
 *
 * <p>All fields but the private data apply only to {@link PortSpace#TCP}. In an event, the private
 * data may be longer than what the remote side sent (the transport's fixed size, zero-padded), and
 * {@code responderResources} is the remote side's initiator depth and {@code initiatorDepth} its
 * responder resources.
 *
 * @param privateData the user data passed to the remote side, copied; at most 255 bytes here, and at most the
 *     transport's limit in a call ({@link PrivateDataLimits})
 * @param responderResources the RDMA read and atomic operations the local side accepts from the remote side at
 *     once (0 to 255)
 * @param initiatorDepth the RDMA read and atomic operations the local side has outstanding to the remote side at
 *     once (0 to 255)
 * @param flowControl whether hardware flow control is available; exchanged, not used to configure the QP
 * @param retryCount how often a transfer is retried after a timeout (0 to 7); ignored when accepting
 * @param rnrRetryCount how often the remote side retries a send after a receiver-not-ready error (0 to 7, 7 is
 *     forever)
 * @param srq whether the QP of the connection uses a shared receive queue; ignored if a QP was created on the
 *     identifier
 * @param qpNum the number of the QP of the connection, for a QP the caller created; ignored if a QP was created
 *     on the identifier
 */
public record ConnParam(byte[] privateData, int responderResources, int initiatorDepth, boolean flowControl,
                        int retryCount, int rnrRetryCount, boolean srq, int qpNum) {

    /** The longest private data {@code struct rdma_conn_param} can carry: its length is a {@code uint8_t}. */
    public static final int MAX_PRIVATE_DATA = 255;

    /**
     * @throws IllegalArgumentException if a field is outside its range
     */
    public ConnParam {
        privateData = privateData == null ? new byte[0] : privateData.clone();
        check(privateData.length <= MAX_PRIVATE_DATA, "private_data_len", privateData.length, MAX_PRIVATE_DATA);
        check(responderResources >= 0 && responderResources <= 255, "responder_resources", responderResources, 255);
        check(initiatorDepth >= 0 && initiatorDepth <= 255, "initiator_depth", initiatorDepth, 255);
        check(retryCount >= 0 && retryCount <= 7, "retry_count", retryCount, 7);
        check(rnrRetryCount >= 0 && rnrRetryCount <= 7, "rnr_retry_count", rnrRetryCount, 7);
        check((qpNum & ~0xffffff) == 0, "qp_num", qpNum, 0xffffff);
    }

    /**
     * @return parameters with no private data, one responder resource and one initiator depth (as
     *     {@code rping} asks), 7 retries and 7 RNR retries, no SRQ, QP number 0
     */
    public static ConnParam defaults() {
        return new ConnParam(null, 1, 1, false, 7, 7, false, 0);
    }

    /** @return a copy of the private data */
    @Override
    public byte[] privateData() {
        return privateData.clone();
    }

    /**
     * @param value the private data, copied, or {@code null} for none
     * @return these parameters with {@code value} as private data
     */
    public ConnParam withPrivateData(byte[] value) {
        return new ConnParam(value, responderResources, initiatorDepth, flowControl, retryCount, rnrRetryCount,
                srq, qpNum);
    }

    /**
     * @param responder the responder resources
     * @param initiator the initiator depth
     * @return these parameters with the given RDMA read and atomic resources
     */
    public ConnParam withRdAtomic(int responder, int initiator) {
        return new ConnParam(privateData, responder, initiator, flowControl, retryCount, rnrRetryCount, srq, qpNum);
    }

    /**
     * @param retry the retry count
     * @param rnrRetry the RNR retry count
     * @return these parameters with the given retry counts
     */
    public ConnParam withRetries(int retry, int rnrRetry) {
        return new ConnParam(privateData, responderResources, initiatorDepth, flowControl, retry, rnrRetry, srq,
                qpNum);
    }

    /**
     * @param number the number of the caller's QP
     * @param usesSrq whether that QP uses a shared receive queue
     * @return these parameters naming the caller's own QP
     */
    public ConnParam withQp(int number, boolean usesSrq) {
        return new ConnParam(privateData, responderResources, initiatorDepth, flowControl, retryCount, rnrRetryCount,
                usesSrq, number);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ConnParam that && Arrays.equals(privateData, that.privateData)
                && responderResources == that.responderResources && initiatorDepth == that.initiatorDepth
                && flowControl == that.flowControl && retryCount == that.retryCount
                && rnrRetryCount == that.rnrRetryCount && srq == that.srq && qpNum == that.qpNum;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(privateData), responderResources, initiatorDepth, flowControl, retryCount,
                rnrRetryCount, srq, qpNum);
    }

    @Override
    public String toString() {
        return "ConnParam[privateData=" + privateData.length + " bytes, responderResources=" + responderResources
                + ", initiatorDepth=" + initiatorDepth + ", flowControl=" + flowControl + ", retryCount=" + retryCount
                + ", rnrRetryCount=" + rnrRetryCount + ", srq=" + srq + ", qpNum=" + qpNum + "]";
    }

    private static void check(boolean valid, String field, int value, int max) {
        if (!valid) {
            throw new IllegalArgumentException(field + " must be 0 to " + max + ": " + value);
        }
    }
}
