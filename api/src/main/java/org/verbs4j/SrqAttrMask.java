package org.verbs4j;

/**
 * A bit of the attribute mask of modify-SRQ, saying which SRQ attribute is set.
 *
 * <p>Mirrors {@code enum ibv_srq_attr_mask} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum SrqAttrMask implements CConstant {

    /** Resize the SRQ to the given number of work requests. */
    MAX_WR(1L << 0),

    /** Arm the SRQ limit event with the given limit. */
    LIMIT(1L << 1);

    private static final ConstantTable<SrqAttrMask> TABLE =
            ConstantTable.flags(SrqAttrMask.class, "enum ibv_srq_attr_mask", "IBV_SRQ_");

    private final long value;

    SrqAttrMask(long value) {
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
     * @param value a single bit of {@code enum ibv_srq_attr_mask}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static SrqAttrMask fromValue(long value) {
        return TABLE.of(value);
    }
}
