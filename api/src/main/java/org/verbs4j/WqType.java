package org.verbs4j;

/**
 * The type of a work queue ({@link WorkQueue}).
 *
 * <p>Mirrors {@code enum ibv_wq_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum WqType implements CConstant {

    /** A receive work queue, the only type rdma-core defines. */
    RQ(0);

    private static final ConstantTable<WqType> TABLE =
            ConstantTable.values(WqType.class, "enum ibv_wq_type", "IBV_WQT_");

    private final long value;

    WqType(long value) {
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
     * @param value a value of {@code enum ibv_wq_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static WqType fromValue(long value) {
        return TABLE.of(value);
    }
}
