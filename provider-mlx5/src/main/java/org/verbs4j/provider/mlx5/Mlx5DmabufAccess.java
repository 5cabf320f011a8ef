package org.verbs4j.provider.mlx5;

/** The {@code mlx5_access} flags of {@code mlx5dv_reg_dmabuf_mr} ({@code enum mlx5dv_reg_dmabuf_access}). */
public enum Mlx5DmabufAccess {
    /**
     * {@code MLX5DV_REG_DMABUF_ACCESS_DATA_DIRECT}: the device reaches the memory through its data-direct
     * device ({@link Mlx5Context#dataDirectSysfsPath()}).
     */
    DATA_DIRECT(1);

    private final int value;

    Mlx5DmabufAccess(int value) {
        this.value = value;
    }

    /** @return the C bit */
    public int value() {
        return value;
    }
}
