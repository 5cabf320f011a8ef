package org.verbs4j.cm;

/**
 * The transport-specific statuses of {@link CmEventType#REJECTED} and {@link CmEventType#UNREACHABLE} events on
 * InfiniBand and RoCE (the IB CM's reject reasons and SIDR statuses). Other failing events carry a negative errno,
 * for example {@code -ETIMEDOUT} (-110).
 */
public final class CmStatus {

    /** REJECTED: the remote side went away before the connection was established ({@code IB_CM_REJ_TIMEOUT}). */
    public static final int REJECT_TIMEOUT = 4;
    /** REJECTED: nobody listens on the port ({@code IB_CM_REJ_INVALID_SERVICE_ID}). */
    public static final int REJECT_INVALID_SERVICE_ID = 8;
    /** REJECTED: the remote application called {@code rdma_reject} ({@code IB_CM_REJ_CONSUMER_DEFINED}). */
    public static final int REJECT_CONSUMER_DEFINED = 28;
    /** UNREACHABLE, datagram lookup: nobody listens on the port ({@code IB_SIDR_UNSUPPORTED}). */
    public static final int SIDR_UNSUPPORTED = 1;
    /** UNREACHABLE, datagram lookup: the remote application called {@code rdma_reject} ({@code IB_SIDR_REJECT}). */
    public static final int SIDR_REJECT = 2;
    /** UNREACHABLE, ADDR_ERROR: no answer in time ({@code -ETIMEDOUT}). */
    public static final int TIMED_OUT = -110;

    private CmStatus() {
    }
}
