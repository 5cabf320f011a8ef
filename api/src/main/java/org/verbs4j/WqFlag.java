package org.verbs4j;

/**
 * A flag of a work queue, set with {@link WorkQueue#modify} ({@link WqAttributes#flags}).
 *
 * <p>Mirrors {@code enum ibv_wq_flags} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant (one bit of a
 * C mask; convert masks with {@link Flags}), and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum WqFlag implements CConstant {

    /** Strips the customer VLAN tag of incoming packets. */
    CVLAN_STRIPPING(1),

    /** Scatters the frame check sequence with the packet. */
    SCATTER_FCS(1 << 1),

    /** Delays dropping packets while the queue has no receive request. */
    DELAY_DROP(1 << 2),

    /** Pads PCI writes to the end of a cache line. */
    PCI_WRITE_END_PADDING(1 << 3);

    private static final ConstantTable<WqFlag> TABLE =
            ConstantTable.flags(WqFlag.class, "enum ibv_wq_flags", "IBV_WQ_FLAGS_");

    private final long value;

    WqFlag(long value) {
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
     * @param value a value of {@code enum ibv_wq_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static WqFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
