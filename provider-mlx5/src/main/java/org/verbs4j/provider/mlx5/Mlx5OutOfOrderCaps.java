package org.verbs4j.provider.mlx5;

/**
 * The out-of-order receive caps ({@code struct mlx5dv_ooo_recv_wrs_caps}, rdma-core 55 and later): the most
 * receive requests each QP type may have outstanding with {@link Mlx5QpCreateFlag#OOO_DP}; 0 for none.
 *
 * @param maxRc of an RC queue pair
 * @param maxXrc of an XRC queue pair
 * @param maxDct of a DCT
 * @param maxUd of a UD queue pair
 * @param maxUc of a UC queue pair
 */
public record Mlx5OutOfOrderCaps(int maxRc, int maxXrc, int maxDct, int maxUd, int maxUc) {

    /** None: the release or the device has no out-of-order receive. */
    public static final Mlx5OutOfOrderCaps NONE = new Mlx5OutOfOrderCaps(0, 0, 0, 0, 0);
}
