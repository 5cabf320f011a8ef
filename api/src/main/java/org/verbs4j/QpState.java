package org.verbs4j;

/**
 * The state of a queue pair.
 *
 * <p>A QP is created in {@link #RESET} and is moved through {@link #INIT}, {@link #RTR} and
 * {@link #RTS} by modify-QP calls. Receives may be posted from {@link #INIT} on, sends only in
 * {@link #RTS}.
 *
 * <p>Mirrors {@code enum ibv_qp_state} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum QpState implements CConstant {

    /** Reset: the initial state; no work requests are processed. */
    RESET(0),

    /** Initialised: receives may be posted but are not processed. */
    INIT(1),

    /** Ready to receive. */
    RTR(2),

    /** Ready to send. */
    RTS(3),

    /** Send queue drained: new send work requests are not started. */
    SQD(4),

    /** Send queue error: a send completed in error, the receive queue still works. */
    SQE(5),

    /** Error: every outstanding work request completes with a flush error. */
    ERR(6),

    /** The state is unknown. */
    UNKNOWN(7);

    private static final ConstantTable<QpState> TABLE =
            ConstantTable.values(QpState.class, "enum ibv_qp_state", "IBV_QPS_");

    private final long value;

    QpState(long value) {
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

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_qp_state}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static QpState fromValue(long value) {
        return TABLE.of(value);
    }
}
