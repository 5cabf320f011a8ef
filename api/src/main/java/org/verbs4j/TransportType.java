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

    private static final String C_TYPE = "enum ibv_transport_type";
    private static final String C_PREFIX = "IBV_TRANSPORT_";
    private static final long FIRST_VALUE = -1;
    private static final TransportType[] BY_VALUE = byValue();

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
        return C_PREFIX + name();
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_transport_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static TransportType fromValue(long value) {
        long index = value - FIRST_VALUE;
        TransportType constant = index >= 0 && index < BY_VALUE.length ? BY_VALUE[(int) index] : null;
        if (constant == null) {
            throw new IllegalArgumentException("No " + C_TYPE + " constant has the value " + value);
        }
        return constant;
    }

    private static TransportType[] byValue() {
        TransportType[] table = new TransportType[6];
        for (TransportType constant : values()) {
            table[(int) (constant.value - FIRST_VALUE)] = constant;
        }
        return table;
    }
}
