package org.verbs4j.provider.mlx5;

/**
 * What {@code mlx5dv_query_port} reports of a port ({@code struct mlx5dv_port}), for switchdev users.
 *
 * @param flags {@code flags} ({@code MLX5DV_QUERY_PORT_*} bits saying which members are valid)
 * @param vport {@code vport}
 * @param vportVhcaId {@code vport_vhca_id}
 * @param eswOwnerVhcaId {@code esw_owner_vhca_id}
 */
public record Mlx5Port(long flags, int vport, int vportVhcaId, int eswOwnerVhcaId) {
}
