package org.verbs4j;

/**
 * A bit of the {@code comp_mask} of the extended SRQ creation attributes, saying which optional
 * attribute is set.
 *
 * <p>The C sentinel {@code IBV_SRQ_INIT_ATTR_RESERVED} has no constant.
 *
 * <p>Mirrors {@code enum ibv_srq_init_attr_mask} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum SrqInitAttrMask implements CConstant {

    /** The SRQ type is set. */
    TYPE(1L << 0),

    /** The protection domain is set. */
    PD(1L << 1),

    /** The XRC domain is set. */
    XRCD(1L << 2),

    /** The completion queue is set. */
    CQ(1L << 3),

    /** The tag-matching capabilities are set. */
    TM(1L << 4);

    private static final ConstantTable<SrqInitAttrMask> TABLE =
            ConstantTable.flags(SrqInitAttrMask.class, "enum ibv_srq_init_attr_mask", "IBV_SRQ_INIT_ATTR_");

    private final long value;

    SrqInitAttrMask(long value) {
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
     * @param value a single bit of {@code enum ibv_srq_init_attr_mask}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static SrqInitAttrMask fromValue(long value) {
        return TABLE.of(value);
    }
}
