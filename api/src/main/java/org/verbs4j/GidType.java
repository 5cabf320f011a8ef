package org.verbs4j;

/**
 * The type of a GID table entry.
 *
 * <p>Mirrors {@code enum ibv_gid_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum GidType implements CConstant {

    /** An InfiniBand GID. */
    IB(0),

    /** A RoCE v1 GID (Ethernet frames). */
    ROCE_V1(1),

    /** A RoCE v2 GID (UDP/IP packets). */
    ROCE_V2(2);

    private static final String C_TYPE = "enum ibv_gid_type";
    private static final String C_PREFIX = "IBV_GID_TYPE_";
    private static final GidType[] BY_VALUE = byValue();

    private final long value;

    GidType(long value) {
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
     * @param value a value of {@code enum ibv_gid_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static GidType fromValue(long value) {
        GidType constant = value >= 0 && value < BY_VALUE.length ? BY_VALUE[(int) value] : null;
        if (constant == null) {
            throw new IllegalArgumentException("No " + C_TYPE + " constant has the value " + value);
        }
        return constant;
    }

    private static GidType[] byValue() {
        GidType[] table = new GidType[3];
        for (GidType constant : values()) {
            table[(int) constant.value] = constant;
        }
        return table;
    }
}
