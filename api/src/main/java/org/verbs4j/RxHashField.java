package org.verbs4j;

/**
 * A packet field that takes part in the receive hash.
 *
 * <p>Mirrors {@code enum ibv_rx_hash_fields} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum RxHashField implements CConstant {

    /** The IPv4 source address. */
    SRC_IPV4(1L << 0),

    /** The IPv4 destination address. */
    DST_IPV4(1L << 1),

    /** The IPv6 source address. */
    SRC_IPV6(1L << 2),

    /** The IPv6 destination address. */
    DST_IPV6(1L << 3),

    /** The TCP source port. */
    SRC_PORT_TCP(1L << 4),

    /** The TCP destination port. */
    DST_PORT_TCP(1L << 5),

    /** The UDP source port. */
    SRC_PORT_UDP(1L << 6),

    /** The UDP destination port. */
    DST_PORT_UDP(1L << 7),

    /** The IPsec security parameter index. */
    IPSEC_SPI(1L << 8),

    /** Hash on the inner (encapsulated) packet of a tunnel; combine with the fields to hash. */
    INNER(1L << 31);

    private static final ConstantTable<RxHashField> TABLE =
            ConstantTable.flags(RxHashField.class, "enum ibv_rx_hash_fields", "IBV_RX_HASH_");

    private final long value;

    RxHashField(long value) {
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
     * @param value a single bit of {@code enum ibv_rx_hash_fields}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static RxHashField fromValue(long value) {
        return TABLE.of(value);
    }
}
