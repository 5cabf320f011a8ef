package org.verbs4j.provider.mlx5;

/** The side of a DC queue pair ({@code enum mlx5dv_dc_type}). */
public enum Mlx5DcType {
    /** {@code MLX5DV_DCTYPE_DCT}: the target, which receives from any DCI that knows its access key. */
    DCT(1),
    /** {@code MLX5DV_DCTYPE_DCI}: the initiator, which addresses each request to a DCT. */
    DCI(2);

    private final int value;

    Mlx5DcType(int value) {
        this.value = value;
    }

    /** @return the C value */
    public int value() {
        return value;
    }
}
