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

    private static final String C_TYPE = "enum ibv_atomic_cap";
    private static final String C_PREFIX = "IBV_ATOMIC_";
    private static final AtomicCapability[] BY_VALUE = byValue();

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
        return C_PREFIX + name();
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_atomic_cap}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static AtomicCapability fromValue(long value) {
        AtomicCapability constant = value >= 0 && value < BY_VALUE.length ? BY_VALUE[(int) value] : null;
        if (constant == null) {
            throw new IllegalArgumentException("No " + C_TYPE + " constant has the value " + value);
        }
        return constant;
    }

    private static AtomicCapability[] byValue() {
        AtomicCapability[] table = new AtomicCapability[3];
        for (AtomicCapability constant : values()) {
            table[(int) constant.value] = constant;
        }
        return table;
    }
}
