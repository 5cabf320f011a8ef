package org.verbs4j;

/**
 * The type of an RDMA device node.
 *
 * <p>Mirrors {@code enum ibv_node_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum NodeType implements CConstant {

    /** Unknown node type. */
    UNKNOWN(-1),

    /** An InfiniBand channel adapter (also used for RoCE devices). */
    CA(1),

    /** An InfiniBand switch. */
    SWITCH(2),

    /** An InfiniBand router. */
    ROUTER(3),

    /** An iWARP RDMA NIC. */
    RNIC(4),

    /** A Cisco usNIC. */
    USNIC(5),

    /** A Cisco usNIC over UDP. */
    USNIC_UDP(6),

    /** A node of a type not otherwise listed. */
    UNSPECIFIED(7);

    private static final String C_TYPE = "enum ibv_node_type";
    private static final String C_PREFIX = "IBV_NODE_";
    private static final long FIRST_VALUE = -1;
    private static final NodeType[] BY_VALUE = byValue();

    private final long value;

    NodeType(long value) {
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
     * @param value a value of {@code enum ibv_node_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static NodeType fromValue(long value) {
        long index = value - FIRST_VALUE;
        NodeType constant = index >= 0 && index < BY_VALUE.length ? BY_VALUE[(int) index] : null;
        if (constant == null) {
            throw new IllegalArgumentException("No " + C_TYPE + " constant has the value " + value);
        }
        return constant;
    }

    private static NodeType[] byValue() {
        NodeType[] table = new NodeType[9];
        for (NodeType constant : values()) {
            table[(int) (constant.value - FIRST_VALUE)] = constant;
        }
        return table;
    }
}
