package org.verbs4j;

/**
 * What a {@link SendOps#flush FLUSH} covers: its selectivity level.
 *
 * <p>Mirrors {@code enum ibv_selectivity_level} of rdma-core's {@code <infiniband/verbs.h>} (rdma-core 45 and later):
 * each constant carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant,
 * and {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum FlushLevel implements CConstant {

    /** The given address range of the region. */
    RANGE(0),

    /** The whole memory region named by the rkey; the address and length are ignored. */
    MR(1);

    private static final ConstantTable<FlushLevel> TABLE =
            ConstantTable.values(FlushLevel.class, "enum ibv_selectivity_level", "IBV_FLUSH_");

    private final long value;

    FlushLevel(long value) {
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
     * @param value a value of {@code enum ibv_selectivity_level}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static FlushLevel fromValue(long value) {
        return TABLE.of(value);
    }
}
