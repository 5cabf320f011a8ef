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

    private static final String C_TYPE = "enum ibv_srq_type";
    private static final String C_PREFIX = "IBV_SRQT_";
    private static final SrqType[] BY_VALUE = byValue();

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
        return C_PREFIX + name();
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_srq_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static SrqType fromValue(long value) {
        SrqType constant = value >= 0 && value < BY_VALUE.length ? BY_VALUE[(int) value] : null;
        if (constant == null) {
            throw new IllegalArgumentException("No " + C_TYPE + " constant has the value " + value);
        }
        return constant;
    }

    private static SrqType[] byValue() {
        SrqType[] table = new SrqType[3];
        for (SrqType constant : values()) {
            table[(int) constant.value] = constant;
        }
        return table;
    }
}
