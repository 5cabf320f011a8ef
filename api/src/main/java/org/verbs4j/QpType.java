package org.verbs4j;

/**
 * The transport service of a queue pair.
 *
 * <p>Mirrors {@code enum ibv_qp_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum QpType implements CConstant {

    /** Reliable connected. */
    RC(2),

    /** Unreliable connected. */
    UC(3),

    /** Unreliable datagram. */
    UD(4),

    /** Raw Ethernet packets. */
    RAW_PACKET(8),

    /** Extended reliable connected, initiator side. */
    XRC_SEND(9),

    /** Extended reliable connected, target side. */
    XRC_RECV(10),

    /** A provider-specific transport, such as EFA's SRD. */
    DRIVER(255);

    private static final ConstantTable<QpType> TABLE =
            ConstantTable.values(QpType.class, "enum ibv_qp_type", "IBV_QPT_");

    private final long value;

    QpType(long value) {
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
     * @param value a value of {@code enum ibv_qp_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static QpType fromValue(long value) {
        return TABLE.of(value);
    }
}
