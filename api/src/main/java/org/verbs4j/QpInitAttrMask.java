package org.verbs4j;

/**
 * A bit of the {@code comp_mask} of the extended QP creation attributes, saying which optional
 * attribute is set.
 *
 * <p>Mirrors {@code enum ibv_qp_init_attr_mask} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum QpInitAttrMask implements CConstant {

    /** The protection domain is set. */
    PD(1L << 0),

    /** The XRC domain is set. */
    XRCD(1L << 1),

    /** The creation flags ({@link QpCreateFlag}) are set. */
    CREATE_FLAGS(1L << 2),

    /** The maximum TSO header size is set. */
    MAX_TSO_HEADER(1L << 3),

    /** The receive work queue indirection table is set. */
    IND_TABLE(1L << 4),

    /** The receive hash configuration is set. */
    RX_HASH(1L << 5),

    /** The send operations ({@link SendOpsFlag}) of the work request API are set. */
    SEND_OPS_FLAGS(1L << 6);

    private static final ConstantTable<QpInitAttrMask> TABLE =
            ConstantTable.flags(QpInitAttrMask.class, "enum ibv_qp_init_attr_mask", "IBV_QP_INIT_ATTR_");

    private final long value;

    QpInitAttrMask(long value) {
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
     * @param value a single bit of {@code enum ibv_qp_init_attr_mask}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static QpInitAttrMask fromValue(long value) {
        return TABLE.of(value);
    }
}
