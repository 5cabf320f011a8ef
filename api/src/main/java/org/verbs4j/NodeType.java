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

    private static final ConstantTable<NodeType> TABLE =
            ConstantTable.values(NodeType.class, "enum ibv_node_type", "IBV_NODE_");

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
        return TABLE.cName(this);
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_node_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static NodeType fromValue(long value) {
        return TABLE.of(value);
    }
}
