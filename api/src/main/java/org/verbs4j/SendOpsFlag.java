package org.verbs4j;

/**
 * An operation that a queue pair created for the work request API may post.
 *
 * <p>QP creation fails if the QP cannot support every requested operation.
 *
 * <p>Mirrors {@code enum ibv_qp_create_send_ops_flags} of rdma-core's {@code <infiniband/verbs.h>}:
 * each constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum SendOpsFlag implements CConstant {

    /** RDMA write. */
    RDMA_WRITE(1L << 0),

    /** RDMA write with immediate data. */
    RDMA_WRITE_WITH_IMM(1L << 1),

    /** Send. */
    SEND(1L << 2),

    /** Send with immediate data. */
    SEND_WITH_IMM(1L << 3),

    /** RDMA read. */
    RDMA_READ(1L << 4),

    /** Atomic compare-and-swap. */
    ATOMIC_CMP_AND_SWP(1L << 5),

    /** Atomic fetch-and-add. */
    ATOMIC_FETCH_AND_ADD(1L << 6),

    /** Local invalidate. */
    LOCAL_INV(1L << 7),

    /** Memory window bind. */
    BIND_MW(1L << 8),

    /** Send with invalidate. */
    SEND_WITH_INV(1L << 9),

    /** TCP segmentation offload send. */
    TSO(1L << 10),

    /** Flush of remote memory to a placement type (rdma-core 45 and later). */
    FLUSH(1L << 11),

    /** 8-byte atomic write to remote memory. */
    ATOMIC_WRITE(1L << 12);

    private static final ConstantTable<SendOpsFlag> TABLE =
            ConstantTable.flags(SendOpsFlag.class, "enum ibv_qp_create_send_ops_flags", "IBV_QP_EX_WITH_");

    private final long value;

    SendOpsFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_qp_create_send_ops_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static SendOpsFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
