package org.verbs4j;

/**
 * The status of a work completion.
 *
 * <p>Only {@link #SUCCESS} means that the work request completed. For any other status only the
 * work request id, the status, the QP number and the vendor error of the completion are valid, and
 * the opcode is undefined. An error status normally moves the QP to the error state, after which
 * every outstanding work request completes with {@link #WR_FLUSH_ERR}. Errors are always reported,
 * even for unsignaled send work requests.
 *
 * <p>Mirrors {@code enum ibv_wc_status} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum WcStatus implements CConstant {

    /** The work request completed successfully. */
    SUCCESS(0),

    /** Local length error: a message did not fit the posted buffer, or exceeded the port's maximum message size. */
    LOC_LEN_ERR(1),

    /** Local QP operation error: the work request was inconsistent with the QP. */
    LOC_QP_OP_ERR(2),

    /** Local EE context operation error (reliable datagram only, which no provider implements). */
    LOC_EEC_OP_ERR(3),

    /** Local protection error: a local buffer is not covered by a valid memory region with the needed access. */
    LOC_PROT_ERR(4),

    /** The work request was flushed because the QP is in the error state. */
    WR_FLUSH_ERR(5),

    /** A memory window bind failed. */
    MW_BIND_ERR(6),

    /** Bad response: the responder answered with an unexpected transport opcode. */
    BAD_RESP_ERR(7),

    /** Local access error: a protection error on a local buffer while receiving RDMA read or atomic response data. */
    LOC_ACCESS_ERR(8),

    /** Remote invalid request: the responder rejected the message (bad length, unsupported operation, and so on). */
    REM_INV_REQ_ERR(9),

    /** Remote access error: a protection error on the remote buffer (bad rkey, out of bounds, missing access right). */
    REM_ACCESS_ERR(10),

    /** Remote operation error: the responder could not complete the operation. */
    REM_OP_ERR(11),

    /** Transport retry counter exceeded: the remote side did not acknowledge in time. */
    RETRY_EXC_ERR(12),

    /** Receiver-not-ready retry counter exceeded: the remote side had no receive posted. */
    RNR_RETRY_EXC_ERR(13),

    /** Local RDD violation (reliable datagram only). */
    LOC_RDD_VIOL_ERR(14),

    /** Remote invalid RD request (reliable datagram only). */
    REM_INV_RD_REQ_ERR(15),

    /** The remote side aborted the operation. */
    REM_ABORT_ERR(16),

    /** Invalid EE context number (reliable datagram only). */
    INV_EECN_ERR(17),

    /** Invalid EE context state (reliable datagram only). */
    INV_EEC_STATE_ERR(18),

    /** Fatal error of the device or the queue. */
    FATAL_ERR(19),

    /** The response timed out. */
    RESP_TIMEOUT_ERR(20),

    /** An error that no other status describes. */
    GENERAL_ERR(21),

    /** A tag-matching operation on a tag-matching SRQ failed. */
    TM_ERR(22),

    /** Tag matching completed but the device could not finish the rendezvous transfer; software must finish it. */
    TM_RNDV_INCOMPLETE(23);

    private static final ConstantTable<WcStatus> TABLE =
            ConstantTable.values(WcStatus.class, "enum ibv_wc_status", "IBV_WC_");

    private final long value;

    WcStatus(long value) {
        this.value = value;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return TABLE.cName(this);
    }

    /** @return whether this is {@link #SUCCESS}, the only status for which the whole completion is valid */
    public boolean isSuccess() {
        return this == SUCCESS;
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_wc_status}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static WcStatus fromValue(long value) {
        return TABLE.of(value);
    }
}
