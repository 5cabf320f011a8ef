package org.verbs4j;

/**
 * A bit of the {@code wc_flags} of a work completion, saying which optional information it carries.
 *
 * <p>Mirrors {@code enum ibv_wc_flags} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * is one bit of a C mask and carries the value ({@link #value()}) and the name ({@link #cName()})
 * of one C constant. Convert between masks and sets with {@link Flags}; {@link #fromValue(long)}
 * maps a single bit back to its constant.
 */
public enum WcFlag implements CConstant {

    /** The receive buffer starts with a valid 40-byte global routing header. */
    GRH(1L << 0),

    /** The completion carries immediate data. */
    WITH_IMM(1L << 1),

    /** The device verified the IP checksum (and the TCP or UDP checksum) of the received packet. */
    IP_CSUM_OK(1L << 2),

    /** The completion carries the rkey that the sender invalidated. */
    WITH_INV(1L << 3),

    /** The device asks software to synchronise its tag-matching state with a tag-sync operation. */
    TM_SYNC_REQ(1L << 4),

    /** The message matched a posted tag. */
    TM_MATCH(1L << 5),

    /** The message data has been placed in the tagged buffer. */
    TM_DATA_VALID(1L << 6);

    private static final ConstantTable<WcFlag> TABLE =
            ConstantTable.flags(WcFlag.class, "enum ibv_wc_flags", "IBV_WC_");

    private final long value;

    WcFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_wc_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static WcFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
