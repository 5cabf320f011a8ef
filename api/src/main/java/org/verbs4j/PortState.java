package org.verbs4j;

/**
 * The logical state of a port.
 *
 * <p>Mirrors {@code enum ibv_port_state} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum PortState implements CConstant {

    /** No state change (reserved). */
    NOP(0),

    /** The logical link is down. */
    DOWN(1),

    /** The link is up but the subnet manager has not configured the port. */
    INIT(2),

    /** The port is configured but not yet active. */
    ARMED(3),

    /** The port is active and can send and receive. */
    ACTIVE(4),

    /** The port is active but deferring a transition to the down state. */
    ACTIVE_DEFER(5);

    private static final ConstantTable<PortState> TABLE =
            ConstantTable.values(PortState.class, "enum ibv_port_state", "IBV_PORT_");

    private final long value;

    PortState(long value) {
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
     * @param value a value of {@code enum ibv_port_state}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static PortState fromValue(long value) {
        return TABLE.of(value);
    }
}
