package org.verbs4j;

/**
 * The state of a work queue ({@link WorkQueue}): created in {@link #RESET}, it receives in {@link #RDY}.
 *
 * <p>Mirrors {@code enum ibv_wq_state} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum WqState implements CConstant {

    /** Created, not receiving; receive requests may be posted. */
    RESET(0),

    /** Ready: delivers incoming packets to its posted receive requests. */
    RDY(1),

    /** In error: its receive requests complete with a flush error. */
    ERR(2),

    /** Unknown (C {@code IBV_WQS_UNKNOWN}). */
    UNKNOWN(3);

    private static final ConstantTable<WqState> TABLE =
            ConstantTable.values(WqState.class, "enum ibv_wq_state", "IBV_WQS_");

    private final long value;

    WqState(long value) {
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
     * @param value a value of {@code enum ibv_wq_state}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static WqState fromValue(long value) {
        return TABLE.of(value);
    }
}
