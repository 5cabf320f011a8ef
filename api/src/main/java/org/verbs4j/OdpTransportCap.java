package org.verbs4j;

/**
 * An operation a device supports on on-demand paging memory for one transport (C
 * {@code enum ibv_odp_transport_cap_bits}, in {@code odp_caps.per_transport_caps} and {@code xrc_odp_caps} of
 * {@code ibv_query_device_ex}). {@link #FLUSH} and {@link #ATOMIC_WRITE} exist from rdma-core 58.
 */
public enum OdpTransportCap implements CConstant {

    /** Sends from on-demand memory. */
    SEND(1L << 0),

    /** Receives into on-demand memory. */
    RECV(1L << 1),

    /** RDMA writes to on-demand memory. */
    WRITE(1L << 2),

    /** RDMA reads of on-demand memory. */
    READ(1L << 3),

    /** Atomic operations on on-demand memory. */
    ATOMIC(1L << 4),

    /** Receives of a shared receive queue into on-demand memory. */
    SRQ_RECV(1L << 5),

    /** Flushes of on-demand memory. */
    FLUSH(1L << 6),

    /** Atomic writes to on-demand memory. */
    ATOMIC_WRITE(1L << 7);

    private static final ConstantTable<OdpTransportCap> TABLE =
            ConstantTable.flags(OdpTransportCap.class, "enum ibv_odp_transport_cap_bits", "IBV_ODP_SUPPORT_");

    private final long value;

    OdpTransportCap(long value) {
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
     * @param value a single bit of {@code enum ibv_odp_transport_cap_bits}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static OdpTransportCap fromValue(long value) {
        return TABLE.of(value);
    }
}
