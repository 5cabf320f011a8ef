package org.verbs4j.provider.mlx5;

/** A mini-CQE format of compressed CQEs ({@code enum mlx5dv_cqe_comp_res_format}). */
public enum Mlx5CqeFormat {
    /** {@code MLX5DV_CQE_RES_FORMAT_HASH}: the mini-CQE holds the RX hash. */
    HASH(1),
    /** {@code MLX5DV_CQE_RES_FORMAT_CSUM}: the mini-CQE holds the checksum. */
    CSUM(2),
    /** {@code MLX5DV_CQE_RES_FORMAT_CSUM_STRIDX}: checksum and stride index (striding RQ). */
    CSUM_STRIDX(4);

    private final int value;

    Mlx5CqeFormat(int value) {
        this.value = value;
    }

    /** @return the C value */
    public int value() {
        return value;
    }
}
