package org.verbs4j;

/**
 * A tag-matching capability of a device.
 *
 * <p>Mirrors {@code enum ibv_tm_cap_flags} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum TmCapFlag implements CConstant {

    /** Tag matching is supported on RC queue pairs. */
    RC(1L << 0);

    private static final ConstantTable<TmCapFlag> TABLE =
            ConstantTable.flags(TmCapFlag.class, "enum ibv_tm_cap_flags", "IBV_TM_CAP_");

    private final long value;

    TmCapFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_tm_cap_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static TmCapFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
