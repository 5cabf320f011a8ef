package org.verbs4j.provider.mlx5.raw;

/**
 * Sizes and offsets of the mlx5dv structs the binding writes and reads, in bytes; the same on x86_64 and
 * aarch64 and checked by the tests against gcc and the real headers of rdma-core 44, 56.1 and 65.
 */
public final class Mlx5Layout {

    /** {@code sizeof(struct mlx5dv_context)} in the newest release (65): the binding's buffer. */
    public static final long CONTEXT_SIZE = 200;
    /** {@code mlx5dv_context.version}. */
    public static final long CONTEXT_VERSION = 0;
    /** {@code mlx5dv_context.flags}. */
    public static final long CONTEXT_FLAGS = 8;
    /** {@code mlx5dv_context.comp_mask}. */
    public static final long CONTEXT_COMP_MASK = 16;
    /** {@code mlx5dv_context.cqe_comp_caps.max_num}. */
    public static final long CONTEXT_CQE_COMP_MAX_NUM = 24;
    /** {@code mlx5dv_context.cqe_comp_caps.supported_format}. */
    public static final long CONTEXT_CQE_COMP_FORMATS = 28;
    /** {@code mlx5dv_context.max_dynamic_bfregs}. */
    public static final long CONTEXT_MAX_DYNAMIC_BFREGS = 64;
    /** {@code mlx5dv_context.max_clock_info_update_nsec}. */
    public static final long CONTEXT_MAX_CLOCK_INFO_UPDATE_NSEC = 72;
    /** {@code mlx5dv_context.hca_core_clock}, a pointer. */
    public static final long CONTEXT_HCA_CORE_CLOCK = 88;
    /** {@code mlx5dv_context.num_lag_ports}. */
    public static final long CONTEXT_NUM_LAG_PORTS = 96;
    /** {@code mlx5dv_context.dci_streams_caps.max_log_num_concurent}. */
    public static final long CONTEXT_DCI_MAX_LOG_CONCURRENT = 120;
    /** {@code mlx5dv_context.dci_streams_caps.max_log_num_errored}. */
    public static final long CONTEXT_DCI_MAX_LOG_ERRORED = 121;
    /** {@code mlx5dv_context.max_wr_memcpy_length}. */
    public static final long CONTEXT_MAX_WR_MEMCPY_LENGTH = 128;
    /** {@code mlx5dv_context.max_dc_rd_atom} (47 and later). */
    public static final long CONTEXT_MAX_DC_RD_ATOM = 152;
    /** {@code mlx5dv_context.max_dc_init_rd_atom} (47 and later). */
    public static final long CONTEXT_MAX_DC_INIT_RD_ATOM = 160;
    /** {@code mlx5dv_context.ooo_recv_wrs_caps}, five 32-bit maxima: rc, xrc, dct, ud, uc (55 and later). */
    public static final long CONTEXT_OOO_RECV_WRS = 176;

    /** {@code sizeof(struct mlx5dv_cq_init_attr)}. */
    public static final long CQ_INIT_SIZE = 24;
    /** {@code mlx5dv_cq_init_attr.comp_mask}. */
    public static final long CQ_INIT_COMP_MASK = 0;
    /** {@code mlx5dv_cq_init_attr.cqe_comp_res_format}. */
    public static final long CQ_INIT_FORMAT = 8;
    /** {@code mlx5dv_cq_init_attr.flags}. */
    public static final long CQ_INIT_FLAGS = 12;
    /** {@code mlx5dv_cq_init_attr.cqe_size}. */
    public static final long CQ_INIT_CQE_SIZE = 16;

    /** {@code sizeof(struct mlx5dv_qp_init_attr)}. */
    public static final long QP_INIT_SIZE = 40;
    /** {@code mlx5dv_qp_init_attr.comp_mask}. */
    public static final long QP_INIT_COMP_MASK = 0;
    /** {@code mlx5dv_qp_init_attr.create_flags}. */
    public static final long QP_INIT_CREATE_FLAGS = 8;
    /** {@code mlx5dv_qp_init_attr.dc_init_attr.dc_type}. */
    public static final long QP_INIT_DC_TYPE = 16;
    /** {@code mlx5dv_qp_init_attr.dc_init_attr.dct_access_key}. */
    public static final long QP_INIT_DCT_ACCESS_KEY = 24;
    /** {@code mlx5dv_qp_init_attr.dc_init_attr.dci_streams.log_num_concurent}. */
    public static final long QP_INIT_LOG_CONCURRENT = 24;
    /** {@code mlx5dv_qp_init_attr.dc_init_attr.dci_streams.log_num_errored}. */
    public static final long QP_INIT_LOG_ERRORED = 25;
    /** {@code mlx5dv_qp_init_attr.send_ops_flags}. */
    public static final long QP_INIT_SEND_OPS_FLAGS = 32;

    /** {@code sizeof(struct mlx5dv_qp_ex)}. */
    public static final long QP_EX_SIZE = 104;
    /** {@code mlx5dv_qp_ex.wr_set_dc_addr}. */
    public static final long QP_EX_WR_SET_DC_ADDR = 8;
    /** {@code mlx5dv_qp_ex.wr_set_dc_addr_stream}. */
    public static final long QP_EX_WR_SET_DC_ADDR_STREAM = 80;

    /** {@code sizeof(struct mlx5dv_clock_info)}. */
    public static final long CLOCK_INFO_SIZE = 40;
    /** {@code mlx5dv_clock_info.nsec}. */
    public static final long CLOCK_NSEC = 0;
    /** {@code mlx5dv_clock_info.last_cycles}. */
    public static final long CLOCK_LAST_CYCLES = 8;
    /** {@code mlx5dv_clock_info.frac}. */
    public static final long CLOCK_FRAC = 16;
    /** {@code mlx5dv_clock_info.mult}. */
    public static final long CLOCK_MULT = 24;
    /** {@code mlx5dv_clock_info.shift}. */
    public static final long CLOCK_SHIFT = 28;
    /** {@code mlx5dv_clock_info.mask}. */
    public static final long CLOCK_MASK = 32;

    /** {@code sizeof(struct mlx5dv_port)}. */
    public static final long PORT_SIZE = 40;
    /** {@code mlx5dv_port.flags}. */
    public static final long PORT_FLAGS = 0;
    /** {@code mlx5dv_port.vport}. */
    public static final long PORT_VPORT = 8;
    /** {@code mlx5dv_port.vport_vhca_id}. */
    public static final long PORT_VPORT_VHCA_ID = 10;
    /** {@code mlx5dv_port.esw_owner_vhca_id}. */
    public static final long PORT_ESW_OWNER_VHCA_ID = 12;

    /** {@code sizeof(struct mlx5dv_context_attr)} in the newest release (65; 16 before 57). */
    public static final long CONTEXT_ATTR_SIZE = 24;
    /** {@code mlx5dv_context_attr.flags}. */
    public static final long CONTEXT_ATTR_FLAGS = 0;
    /** {@code mlx5dv_context_attr.comp_mask}. */
    public static final long CONTEXT_ATTR_COMP_MASK = 8;

    private Mlx5Layout() {
    }
}
