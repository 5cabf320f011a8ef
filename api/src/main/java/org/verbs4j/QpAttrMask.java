package org.verbs4j;

import java.util.List;

/**
 * A bit of the attribute mask of modify-QP and query-QP, saying which QP attribute is set or
 * wanted.
 *
 * <p>Each state transition requires some attributes and allows others; any other attribute makes
 * the modification fail with {@code EINVAL} and leaves the QP unchanged. Bits 21 to 24 were never
 * exposed by libibverbs and have no constant.
 *
 * <p>Mirrors {@code enum ibv_qp_attr_mask} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum QpAttrMask implements CConstant {

    /** The QP state. */
    STATE(1L << 0, "qpState"),

    /** The state the caller assumes the QP is in. */
    CUR_STATE(1L << 1, "curQpState"),

    /** Whether to raise an event when the send queue has drained. */
    EN_SQD_ASYNC_NOTIFY(1L << 2, "enSqdAsyncNotify"),

    /** The remote access flags. */
    ACCESS_FLAGS(1L << 3, "qpAccessFlags"),

    /** The P_Key index. */
    PKEY_INDEX(1L << 4, "pkeyIndex"),

    /** The physical port. */
    PORT(1L << 5, "portNum"),

    /** The Q_Key. */
    QKEY(1L << 6, "qkey"),

    /** The primary path address vector. */
    AV(1L << 7, "ahAttr"),

    /** The path MTU. */
    PATH_MTU(1L << 8, "pathMtu"),

    /** The local ACK timeout. */
    TIMEOUT(1L << 9, "timeout"),

    /** The transport retry count. */
    RETRY_CNT(1L << 10, "retryCnt"),

    /** The receiver-not-ready retry count. */
    RNR_RETRY(1L << 11, "rnrRetry"),

    /** The receive queue PSN. */
    RQ_PSN(1L << 12, "rqPsn"),

    /** The number of outstanding RDMA reads and atomics as initiator. */
    MAX_QP_RD_ATOMIC(1L << 13, "maxRdAtomic"),

    /** The alternate path. */
    ALT_PATH(1L << 14, "altAhAttr", "altPkeyIndex", "altPortNum", "altTimeout"),

    /** The minimum receiver-not-ready NAK timer. */
    MIN_RNR_TIMER(1L << 15, "minRnrTimer"),

    /** The send queue PSN. */
    SQ_PSN(1L << 16, "sqPsn"),

    /** The number of outstanding RDMA reads and atomics as responder. */
    MAX_DEST_RD_ATOMIC(1L << 17, "maxDestRdAtomic"),

    /** The path migration state. */
    PATH_MIG_STATE(1L << 18, "pathMigState"),

    /** The queue capacities. */
    CAP(1L << 19, "cap"),

    /** The destination QP number. */
    DEST_QPN(1L << 20, "destQpNum"),

    /** The send rate limit. */
    RATE_LIMIT(1L << 25, "rateLimit");

    private static final ConstantTable<QpAttrMask> TABLE =
            ConstantTable.flags(QpAttrMask.class, "enum ibv_qp_attr_mask", "IBV_QP_");

    private final long value;
    private final List<String> setters;

    QpAttrMask(long value, String... setters) {
        this.value = value;
        this.setters = List.of(setters);
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return TABLE.cName(this);
    }

    /**
     * @return the {@link QpAttributes} setters that set this bit, for example {@code [ahAttr]} for
     *     {@link #AV}, so that a message can name both: {@code "AV (ahAttr)"}
     */
    public List<String> setters() {
        return setters;
    }

    /** @return the C name without its prefix and the Java setters, for example {@code "AV (ahAttr)"} */
    public String describe() {
        return name() + " (" + String.join(", ", setters) + ")";
    }

    /**
     * Returns the constant for one bit, without allocating.
     *
     * @param value a single bit of {@code enum ibv_qp_attr_mask}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static QpAttrMask fromValue(long value) {
        return TABLE.of(value);
    }
}
