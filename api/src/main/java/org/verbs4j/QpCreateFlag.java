package org.verbs4j;

/**
 * A flag that changes how a queue pair is created.
 *
 * <p>Mirrors {@code enum ibv_qp_create_flags} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum QpCreateFlag implements CConstant {

    /** Multicast packets sent by this QP are not looped back to it. */
    BLOCK_SELF_MCAST_LB(1L << 1),

    /** The Ethernet frame check sequence is scattered into the receive buffer. */
    SCATTER_FCS(1L << 8),

    /** The customer VLAN tag is stripped from received packets. */
    CVLAN_STRIPPING(1L << 9),

    /** The QP sends with the given source QP number. */
    SOURCE_QPN(1L << 10),

    /** Writes of received data to memory are padded to a full cache line. */
    PCI_WRITE_END_PADDING(1L << 11);

    private static final ConstantTable<QpCreateFlag> TABLE =
            ConstantTable.flags(QpCreateFlag.class, "enum ibv_qp_create_flags", "IBV_QP_CREATE_");

    private final long value;

    QpCreateFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_qp_create_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static QpCreateFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
