package org.verbs4j;

/**
 * The RDMA transport of a device.
 *
 * <p>Mirrors {@code enum ibv_transport_type} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant,
 * and {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum TransportType implements CConstant {

    /** Unknown transport. */
    UNKNOWN(-1),

    /** InfiniBand, including RoCE. */
    IB(0),

    /** iWARP. */
    IWARP(1),

    /** Cisco usNIC. */
    USNIC(2),

    /** Cisco usNIC over UDP. */
    USNIC_UDP(3),

    /** A transport not otherwise listed. */
    UNSPECIFIED(4);

    private static final ConstantTable<TransportType> TABLE =
            ConstantTable.values(TransportType.class, "enum ibv_transport_type", "IBV_TRANSPORT_");

    private final long value;

    TransportType(long value) {
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
     * @param value a value of {@code enum ibv_transport_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static TransportType fromValue(long value) {
        return TABLE.of(value);
    }
}
