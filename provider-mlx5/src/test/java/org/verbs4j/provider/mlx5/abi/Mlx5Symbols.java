package org.verbs4j.provider.mlx5.abi;

import java.util.List;

/**
 * The libmlx5.so.1 entry points the v1 mlx5 binding resolves, with the rdma-core release that introduced
 * each and its version node ({@code providers/mlx5/libmlx5.map}, {@code debian/ibverbs-providers.symbols}).
 * FFM resolves by name only (no {@code dlvsym}), so the default ({@code @@}) version is what the binding gets.
 * The test tree holds the table for now; the binding is to share it. {@link #INLINE_ONLY} lists
 * {@code static inline} names of {@code mlx5dv.h} that no release exports.
 */
public enum Mlx5Symbols {
    QUERY_DEVICE("mlx5dv_query_device", 13, "MLX5_1.0"),
    CREATE_CQ("mlx5dv_create_cq", 14, "MLX5_1.1"),
    /** The default is MLX5_1.2; MLX5_1.0 is the compatibility version of the old {@code mlx5dv_cq} ABI. */
    INIT_OBJ("mlx5dv_init_obj", 15, "MLX5_1.2", "MLX5_1.0"),
    CREATE_QP("mlx5dv_create_qp", 16, "MLX5_1.3"),
    GET_CLOCK_INFO("mlx5dv_get_clock_info", 17, "MLX5_1.4"),
    OPEN_DEVICE("mlx5dv_open_device", 21, "MLX5_1.7"),
    IS_SUPPORTED("mlx5dv_is_supported", 22, "MLX5_1.8"),
    QP_EX_FROM_IBV_QP_EX("mlx5dv_qp_ex_from_ibv_qp_ex", 24, "MLX5_1.10"),
    /** What the inline {@code mlx5dv_query_port} calls, with {@code sizeof(struct mlx5dv_port)}. */
    QUERY_PORT("_mlx5dv_query_port", 35, "MLX5_1.19"),
    REG_DMABUF_MR("mlx5dv_reg_dmabuf_mr", 54, "MLX5_1.25"),
    GET_DATA_DIRECT_SYSFS_PATH("mlx5dv_get_data_direct_sysfs_path", 54, "MLX5_1.25");

    /** Inline in every supported release: binding them by name must fail, so they must stay absent. */
    public static final List<String> INLINE_ONLY = List.of("mlx5dv_wr_set_dc_addr", "mlx5dv_wr_set_dc_addr_stream",
            "mlx5dv_query_port", "mlx5dv_ts_to_ns", "mlx5dv_wr_raw_wqe", "mlx5dv_wr_memcpy");

    private final String cName;
    private final int since;
    private final String version;
    private final List<String> compatVersions;

    Mlx5Symbols(String cName, int since, String version, String... compatVersions) {
        this.cName = cName;
        this.since = since;
        this.version = version;
        this.compatVersions = List.of(compatVersions);
    }

    /** @return the C name */
    public String cName() {
        return cName;
    }

    /** @return the first rdma-core major release that exports it */
    public int since() {
        return since;
    }

    /** @return its default version node */
    public String version() {
        return version;
    }

    /** @return the older, non-default versions the library also defines */
    public List<String> compatVersions() {
        return compatVersions;
    }

    /** @return whether rdma-core {@code major} exports it */
    public boolean existsIn(int major) {
        return major >= since;
    }

    /** @return every {@code name@@default} and {@code name@compat} that a release exporting it defines */
    public List<String> versionedNames() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(cName + "@@" + version),
                compatVersions.stream().map(compat -> cName + "@" + compat)).toList();
    }
}
