package org.verbs4j;

/**
 * How far a device guarantees the atomicity of atomic operations.
 *
 * <p>Mirrors {@code enum ibv_atomic_cap} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum AtomicCapability implements CConstant {

    /** Atomic operations are not supported. */
    NONE(0),

    /** Atomic between the QPs of this device only. */
    HCA(1),

    /** Atomic between this device and any other agent, including the CPU. */
    GLOB(2);

    private static final ConstantTable<AtomicCapability> TABLE =
            ConstantTable.values(AtomicCapability.class, "enum ibv_atomic_cap", "IBV_ATOMIC_");

    private final long value;

    AtomicCapability(long value) {
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
     * @param value a value of {@code enum ibv_atomic_cap}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static AtomicCapability fromValue(long value) {
        return TABLE.of(value);
    }
}
