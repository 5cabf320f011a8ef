package org.verbs4j.provider.mlx5;

/**
 * How {@link Mlx5Context#open} opens a ConnectX device ({@code struct mlx5dv_context_attr} of
 * {@code mlx5dv_open_device}).
 *
 * @param devx {@code MLX5DV_CONTEXT_FLAGS_DEVX}: open the device for DEVX, the raw firmware commands (the
 *     kernel may refuse it to an unprivileged process, EPERM)
 */
public record Mlx5OpenOptions(boolean devx) {

    /** {@code flags} 0: what {@code ibv_open_device} gives. */
    public static final Mlx5OpenOptions DEFAULT = new Mlx5OpenOptions(false);
    /** {@code MLX5DV_CONTEXT_FLAGS_DEVX}. */
    public static final Mlx5OpenOptions DEVX = new Mlx5OpenOptions(true);

    /** @return the C {@code flags} */
    int flags() {
        return devx ? DeviceOpener.FLAG_DEVX : 0;
    }
}
