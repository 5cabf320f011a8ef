package org.verbs4j.provider.mlx5;

/**
 * A block of {@code struct mlx5dv_context} ({@code enum mlx5dv_context_comp_mask}), with the rdma-core release
 * that introduced it: the binding requests the blocks the loaded release knows, and the device answers those
 * it fills.
 */
public enum Mlx5ContextMask {
    /** {@code MLX5DV_CONTEXT_MASK_CQE_COMPRESION}. */
    CQE_COMPRESSION(0, 0),
    /** {@code MLX5DV_CONTEXT_MASK_SWP}. */
    SWP(1, 0),
    /** {@code MLX5DV_CONTEXT_MASK_STRIDING_RQ}. */
    STRIDING_RQ(2, 0),
    /** {@code MLX5DV_CONTEXT_MASK_TUNNEL_OFFLOADS}. */
    TUNNEL_OFFLOADS(3, 0),
    /** {@code MLX5DV_CONTEXT_MASK_DYN_BFREGS}. */
    DYN_BFREGS(4, 0),
    /** {@code MLX5DV_CONTEXT_MASK_CLOCK_INFO_UPDATE}. */
    CLOCK_INFO_UPDATE(5, 0),
    /** {@code MLX5DV_CONTEXT_MASK_FLOW_ACTION_FLAGS}. */
    FLOW_ACTION_FLAGS(6, 0),
    /** {@code MLX5DV_CONTEXT_MASK_DC_ODP_CAPS}. */
    DC_ODP_CAPS(7, 0),
    /** {@code MLX5DV_CONTEXT_MASK_HCA_CORE_CLOCK}. */
    HCA_CORE_CLOCK(8, 0),
    /** {@code MLX5DV_CONTEXT_MASK_NUM_LAG_PORTS}. */
    NUM_LAG_PORTS(9, 0),
    /** {@code MLX5DV_CONTEXT_MASK_SIGNATURE_OFFLOAD}. */
    SIGNATURE_OFFLOAD(10, 0),
    /** {@code MLX5DV_CONTEXT_MASK_DCI_STREAMS}. */
    DCI_STREAMS(11, 0),
    /** {@code MLX5DV_CONTEXT_MASK_WR_MEMCPY_LENGTH}. */
    WR_MEMCPY_LENGTH(12, 0),
    /** {@code MLX5DV_CONTEXT_MASK_CRYPTO_OFFLOAD}. */
    CRYPTO_OFFLOAD(13, 0),
    /** {@code MLX5DV_CONTEXT_MASK_MAX_DC_RD_ATOM} (47 and later). */
    MAX_DC_RD_ATOM(14, 47),
    /** {@code MLX5DV_CONTEXT_MASK_REG_C0} (50 and later). */
    REG_C0(15, 50),
    /** {@code MLX5DV_CONTEXT_MASK_OOO_RECV_WRS} (55 and later). */
    OOO_RECV_WRS(16, 55);

    private final int bit;
    private final int since;

    Mlx5ContextMask(int bit, int since) {
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

    /**
     * @param release an rdma-core major release
     * @return the request {@code comp_mask} of every block that release knows
     */
    public static long knownIn(int release) {
        long mask = 0;
        for (Mlx5ContextMask block : values()) {
            mask |= block.since <= release ? block.value() : 0;
        }
        return mask;
    }
}
