package org.verbs4j.provider.mlx5;

/** A bit of {@code enum mlx5dv_context_flags}, what {@code mlx5dv_query_device} reports in {@code flags}. */
public enum Mlx5ContextFlag {
    /** {@code MLX5DV_CONTEXT_FLAGS_CQE_V1}: the device writes version-1 CQEs. */
    CQE_V1(0),
    /** {@code MLX5DV_CONTEXT_FLAGS_MPW_ALLOWED}: multi-packet send is allowed. */
    MPW_ALLOWED(2),
    /** {@code MLX5DV_CONTEXT_FLAGS_ENHANCED_MPW}: enhanced multi-packet send. */
    ENHANCED_MPW(3),
    /** {@code MLX5DV_CONTEXT_FLAGS_CQE_128B_COMP}: 128-byte CQEs may be compressed. */
    CQE_128B_COMP(4),
    /** {@code MLX5DV_CONTEXT_FLAGS_CQE_128B_PAD}: 128-byte CQEs may be padded. */
    CQE_128B_PAD(5),
    /** {@code MLX5DV_CONTEXT_FLAGS_PACKET_BASED_CREDIT_MODE}: RC QPs may use packet-based credits. */
    PACKET_BASED_CREDIT_MODE(6),
    /** {@code MLX5DV_CONTEXT_FLAGS_REAL_TIME_TS}: completion timestamps are real time. */
    REAL_TIME_TS(7),
    /** {@code MLX5DV_CONTEXT_FLAGS_BLUEFLAME} (rdma-core 58 and later). */
    BLUEFLAME(8);

    private final int bit;

    Mlx5ContextFlag(int bit) {
        this.bit = bit;
    }

    /** @return the C value, {@code 1 << bit} */
    public long value() {
        return 1L << bit;
    }

    /** @return whether {@code flags} has this bit */
    boolean in(long flags) {
        return (flags & value()) != 0;
    }
}
