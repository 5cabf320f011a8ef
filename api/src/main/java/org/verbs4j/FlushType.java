package org.verbs4j;

/**
 * Where a {@link SendOps#flush FLUSH} makes the remote data durable: its placement type.
 *
 * <p>Mirrors {@code enum ibv_placement_type} of rdma-core's {@code <infiniband/verbs.h>} (rdma-core 45 and later):
 * each constant carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant,
 * and {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum FlushType implements CConstant {

    /** Global visibility: the data is visible to every agent at the responder. */
    GLOBAL(1),

    /** Persistence: the data is in persistent memory at the responder. */
    PERSISTENT(2);

    private static final ConstantTable<FlushType> TABLE =
            ConstantTable.values(FlushType.class, "enum ibv_placement_type", "IBV_FLUSH_");

    private final long value;

    FlushType(long value) {
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
     * @param value a value of {@code enum ibv_placement_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static FlushType fromValue(long value) {
        return TABLE.of(value);
    }
}
