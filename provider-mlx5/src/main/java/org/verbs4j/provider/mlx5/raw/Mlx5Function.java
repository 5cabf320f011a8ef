package org.verbs4j.provider.mlx5.raw;

/**
 * The libmlx5.so.1 entry points the binding resolves by name, with the rdma-core release that introduced
 * each and the default version node {@code dlsym} resolves to. The tests check this table against the real
 * library of every supported release.
 */
public enum Mlx5Function {
    /** {@code mlx5dv_query_device}. */
    QUERY_DEVICE("mlx5dv_query_device", 13, "MLX5_1.0"),
    /** {@code mlx5dv_create_cq}. */
    CREATE_CQ("mlx5dv_create_cq", 14, "MLX5_1.1"),
    /** {@code mlx5dv_init_obj}, whose default is the MLX5_1.2 ABI. */
    INIT_OBJ("mlx5dv_init_obj", 15, "MLX5_1.2"),
    /** {@code mlx5dv_create_qp}. */
    CREATE_QP("mlx5dv_create_qp", 16, "MLX5_1.3"),
    /** {@code mlx5dv_get_clock_info}. */
    GET_CLOCK_INFO("mlx5dv_get_clock_info", 17, "MLX5_1.4"),
    /** {@code mlx5dv_open_device}. */
    OPEN_DEVICE("mlx5dv_open_device", 21, "MLX5_1.7"),
    /** {@code mlx5dv_is_supported}. */
    IS_SUPPORTED("mlx5dv_is_supported", 22, "MLX5_1.8"),
    /** {@code mlx5dv_qp_ex_from_ibv_qp_ex}. */
    QP_EX_FROM_IBV_QP_EX("mlx5dv_qp_ex_from_ibv_qp_ex", 24, "MLX5_1.10"),
    /** {@code _mlx5dv_query_port}, behind the inline {@code mlx5dv_query_port}. */
    QUERY_PORT("_mlx5dv_query_port", 35, "MLX5_1.19"),
    /** {@code mlx5dv_reg_dmabuf_mr}. */
    REG_DMABUF_MR("mlx5dv_reg_dmabuf_mr", 54, "MLX5_1.25"),
    /** {@code mlx5dv_get_data_direct_sysfs_path}. */
    GET_DATA_DIRECT_SYSFS_PATH("mlx5dv_get_data_direct_sysfs_path", 54, "MLX5_1.25");

    private final String cName;
    private final int since;
    private final String version;

    Mlx5Function(String cName, int since, String version) {
        this.cName = cName;
        this.since = since;
        this.version = version;
    }

    /** @return the exported name */
    public String cName() {
        return cName;
    }

    /** @return the first rdma-core release that exports it */
    public int since() {
        return since;
    }

    /** @return the default version node */
    public String version() {
        return version;
    }
}
