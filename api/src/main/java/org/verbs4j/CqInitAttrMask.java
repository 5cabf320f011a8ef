package org.verbs4j;

/**
 * A bit of the {@code comp_mask} of the extended CQ attributes, saying which optional attribute is
 * set.
 *
 * <p>Mirrors {@code enum ibv_cq_init_attr_mask} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum CqInitAttrMask implements CConstant {

    /** The creation flags ({@link CqCreateFlag}) are set. */
    FLAGS(1L << 0),

    /** The parent domain is set. */
    PD(1L << 1);

    private static final ConstantTable<CqInitAttrMask> TABLE =
            ConstantTable.flags(CqInitAttrMask.class, "enum ibv_cq_init_attr_mask", "IBV_CQ_INIT_ATTR_MASK_");

    private final long value;

    CqInitAttrMask(long value) {
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
     * @param value a single bit of {@code enum ibv_cq_init_attr_mask}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static CqInitAttrMask fromValue(long value) {
        return TABLE.of(value);
    }
}
