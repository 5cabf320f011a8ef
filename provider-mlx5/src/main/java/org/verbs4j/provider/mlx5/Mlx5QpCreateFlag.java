package org.verbs4j.provider.mlx5;

/** A bit of {@code enum mlx5dv_qp_create_flags}, with the rdma-core release that introduced it. */
public enum Mlx5QpCreateFlag {
    /** {@code MLX5DV_QP_CREATE_TUNNEL_OFFLOADS}. */
    TUNNEL_OFFLOADS(0, 0),
    /** {@code MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_UC}. */
    TIR_ALLOW_SELF_LOOPBACK_UC(1, 0),
    /** {@code MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_MC}. */
    TIR_ALLOW_SELF_LOOPBACK_MC(2, 0),
    /** {@code MLX5DV_QP_CREATE_DISABLE_SCATTER_TO_CQE}: small messages are never written into the CQE. */
    DISABLE_SCATTER_TO_CQE(3, 0),
    /** {@code MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE}: scatter-to-CQE also when the send queue does not signal all. */
    ALLOW_SCATTER_TO_CQE(4, 0),
    /** {@code MLX5DV_QP_CREATE_PACKET_BASED_CREDIT_MODE}. */
    PACKET_BASED_CREDIT_MODE(5, 0),
    /** {@code MLX5DV_QP_CREATE_SIG_PIPELINING}. */
    SIG_PIPELINING(6, 0),
    /** {@code MLX5DV_QP_CREATE_OOO_DP}: out-of-order data placement (rdma-core 55 and later). */
    OOO_DP(7, 55);

    private final int bit;
    private final int since;

    Mlx5QpCreateFlag(int bit, int since) {
        this.bit = bit;
        this.since = since;
    }

    /** @return the C value, {@code 1 << bit} */
    public long value() {
        return 1L << bit;
    }

    /** @return the first rdma-core release that knows it (0: every supported release) */
    public int since() {
        return since;
    }
}
