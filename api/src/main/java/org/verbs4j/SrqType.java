package org.verbs4j;

/**
 * The type of a shared receive queue.
 *
 * <p>Mirrors {@code enum ibv_srq_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum SrqType implements CConstant {

    /** An ordinary shared receive queue. */
    BASIC(0),

    /** A shared receive queue of an XRC domain. */
    XRC(1),

    /** A shared receive queue with tag matching. */
    TM(2);

    private static final ConstantTable<SrqType> TABLE =
            ConstantTable.values(SrqType.class, "enum ibv_srq_type", "IBV_SRQT_");

    private final long value;

    SrqType(long value) {
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
     * @param value a value of {@code enum ibv_srq_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static SrqType fromValue(long value) {
        return TABLE.of(value);
    }
}
