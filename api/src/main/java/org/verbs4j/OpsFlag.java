package org.verbs4j;

/**
 * A flag of a tag-matching SRQ operation work request.
 *
 * <p>Mirrors {@code enum ibv_ops_flags} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * is one bit of a C mask and carries the value ({@link #value()}) and the name ({@link #cName()})
 * of one C constant. Convert between masks and sets with {@link Flags}; {@link #fromValue(long)}
 * maps a single bit back to its constant.
 */
public enum OpsFlag implements CConstant {

    /** Generate a completion for the operation. */
    SIGNALED(1L << 0),

    /** The operation carries the count of unexpected messages software has handled. */
    TM_SYNC(1L << 1);

    private static final ConstantTable<OpsFlag> TABLE =
            ConstantTable.flags(OpsFlag.class, "enum ibv_ops_flags", "IBV_OPS_");

    private final long value;

    OpsFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_ops_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static OpsFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
