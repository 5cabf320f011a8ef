package org.verbs4j.cm;

import org.verbs4j.CConstant;
import org.verbs4j.QpType;

/**
 * The port space of a communication identifier (C {@code enum rdma_port_space}): which kind of service
 * its ports name, and so which QP type it connects.
 */
public enum PortSpace implements CConstant {

    /** IPoIB datagrams, with UD QPs. */
    IPOIB(0x0002, QpType.UD),
    /** Reliable connections, like TCP ports, with RC QPs. */
    TCP(0x0106, QpType.RC),
    /** Unreliable datagrams, like UDP ports, with UD QPs: "connect" is a lookup of the remote QP. */
    UDP(0x0111, QpType.UD),
    /** Any InfiniBand service, RC or UD. */
    IB(0x013F, QpType.RC);

    private final long value;
    private final QpType qpType;

    PortSpace(long value, QpType qpType) {
        this.value = value;
        this.qpType = qpType;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return "RDMA_PS_" + name();
    }

    /** @return the QP type {@code rdma_create_id} associates with the port space */
    public QpType qpType() {
        return qpType;
    }

    /**
     * @param value a value of {@code enum rdma_port_space}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static PortSpace fromValue(long value) {
        for (PortSpace space : values()) {
            if (space.value == value) {
                return space;
            }
        }
        throw new IllegalArgumentException("No enum rdma_port_space constant has the value " + value);
    }
}
