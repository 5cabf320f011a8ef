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

    private static final ConstantTable<GidType> TABLE =
            ConstantTable.values(GidType.class, "enum ibv_gid_type", "IBV_GID_TYPE_");

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
        return TABLE.cName(this);
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_gid_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static GidType fromValue(long value) {
        return TABLE.of(value);
    }
}
