package org.verbs4j;

/**
 * A flag that changes how a CQ is created.
 *
 * <p>Mirrors {@code enum ibv_create_cq_attr_flags} of rdma-core's {@code <infiniband/verbs.h>}:
 * each constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum CqCreateFlag implements CConstant {

    /** The CQ is used by one thread at a time, so the provider may skip locking. */
    SINGLE_THREADED(1L << 0),

    /** The device does not report an error when the CQ overruns. */
    IGNORE_OVERRUN(1L << 1);

    private static final ConstantTable<CqCreateFlag> TABLE =
            ConstantTable.flags(CqCreateFlag.class, "enum ibv_create_cq_attr_flags", "IBV_CREATE_CQ_ATTR_");

    private final long value;

    CqCreateFlag(long value) {
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
     * Returns the constant for one bit, without allocating.
     *
     * @param value a single bit of {@code enum ibv_create_cq_attr_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static CqCreateFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
