package org.verbs4j;

/**
 * The type of a memory window.
 *
 * <p>Mirrors {@code enum ibv_mw_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum MwType implements CConstant {

    /** Type 1: bound with a bind call and associated with a protection domain. */
    TYPE_1(1),

    /** Type 2: bound with a work request and associated with a queue pair. */
    TYPE_2(2);

    private static final ConstantTable<MwType> TABLE =
            ConstantTable.values(MwType.class, "enum ibv_mw_type", "IBV_MW_");

    private final long value;

    MwType(long value) {
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
     * @param value a value of {@code enum ibv_mw_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static MwType fromValue(long value) {
        return TABLE.of(value);
    }
}
