package org.verbs4j.provider.mlx5.abi;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.verbs4j.provider.generic.abi.RdmaCorePackages;

/**
 * The mlx5dv structs, members and constants the v1 binding uses, as the binding assumes them (bytes, the same
 * on x86_64 and aarch64), with the rdma-core release that introduced each where it is later than 44.
 * {@link Mlx5AbiConformanceTest} checks every number with gcc and the real headers of 44, 56.1 and 65. Also the
 * three libibverbs structs the stand-in tests write by hand. The test tree holds the table for now; the binding
 * is to take its layouts from it (or have them checked against it).
 */
public final class Mlx5Abi {

    /** A member, by its C path ({@code dc_init_attr.dct_access_key}); since 0 = every supported release. */
    public record Member(String path, long offset, long size, int since) {
    }

    /**
     * A struct: its sizes by the release that set them (a struct that grows has several), its alignment,
     * whether the table lists all of it (false: only a prefix, so {@code sizeof} is not compared), and how much
     * later its members are on aarch64 (only {@code ibv_qp_ex}: the {@code pthread_mutex_t} in its
     * {@code struct ibv_qp} is 40 bytes on x86_64 and 48 on aarch64).
     */
    public record Struct(String name, int since, long alignment, NavigableMap<Integer, Long> sizes,
            boolean complete, long aarch64Shift, List<Member> members) {

        /** @return the offset of {@code path} on {@code arch} */
        public long offset(String path, RdmaCorePackages.Arch arch) {
            return member(path).offset() + (arch == RdmaCorePackages.Arch.ARM64 ? aarch64Shift : 0);
        }

        /** @return {@code sizeof} on rdma-core {@code major} */
        public long size(int major) {
            return sizes.floorEntry(major).getValue();
        }

        /** @return the member at {@code path} */
        public Member member(String path) {
            return members.stream().filter(m -> m.path().equals(path)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(name + " has no " + path));
        }
    }

    /** A C constant (enumerator or macro). */
    public record Constant(String name, long value, int since) {
    }

    public static final List<Struct> STRUCTS = List.of(
            struct("mlx5dv_context", 0, 8, sizes(0, 152, 47, 168, 50, 176, 55, 200),
                    m("version", 0, 1), m("flags", 8, 8), m("comp_mask", 16, 8),
                    m("cqe_comp_caps", 24, 8), m("cqe_comp_caps.max_num", 24, 4),
                    m("cqe_comp_caps.supported_format", 28, 4), m("sw_parsing_caps", 32, 8),
                    m("sw_parsing_caps.sw_parsing_offloads", 32, 4), m("sw_parsing_caps.supported_qpts", 36, 4),
                    m("striding_rq_caps", 40, 20), m("striding_rq_caps.min_single_stride_log_num_of_bytes", 40, 4),
                    m("striding_rq_caps.max_single_stride_log_num_of_bytes", 44, 4),
                    m("striding_rq_caps.min_single_wqe_log_num_of_strides", 48, 4),
                    m("striding_rq_caps.max_single_wqe_log_num_of_strides", 52, 4),
                    m("striding_rq_caps.supported_qpts", 56, 4), m("sig_caps.block_size", 104, 8),
                    m("sig_caps.block_prot", 112, 4), m("sig_caps.t10dif_bg", 116, 2), m("sig_caps.crc_type", 118, 2),
                    m("crypto_caps.failed_selftests", 136, 2), m("crypto_caps.crypto_engines", 138, 1),
                    m("crypto_caps.wrapped_import_method", 139, 1), m("crypto_caps.log_max_num_deks", 140, 1),
                    m("crypto_caps.flags", 144, 4), m("tunnel_offloads_caps", 60, 4), m("max_dynamic_bfregs", 64, 4),
                    m("max_clock_info_update_nsec", 72, 8), m("flow_action_flags", 80, 4), m("dc_odp_caps", 84, 4),
                    m("hca_core_clock", 88, 8), m("num_lag_ports", 96, 1), m("sig_caps", 104, 16),
                    m("dci_streams_caps", 120, 2), m("dci_streams_caps.max_log_num_concurent", 120, 1),
                    m("dci_streams_caps.max_log_num_errored", 121, 1), m("max_wr_memcpy_length", 128, 8),
                    m("crypto_caps", 136, 12), m("max_dc_rd_atom", 152, 8, 47), m("max_dc_init_rd_atom", 160, 8, 47),
                    m("reg_c0", 168, 8, 50), m("reg_c0.value", 168, 4, 50), m("reg_c0.mask", 172, 4, 50),
                    m("ooo_recv_wrs_caps", 176, 20, 55), m("ooo_recv_wrs_caps.max_rc", 176, 4, 55),
                    m("ooo_recv_wrs_caps.max_xrc", 180, 4, 55), m("ooo_recv_wrs_caps.max_dct", 184, 4, 55),
                    m("ooo_recv_wrs_caps.max_ud", 188, 4, 55), m("ooo_recv_wrs_caps.max_uc", 192, 4, 55)),
            struct("mlx5dv_cq_init_attr", 0, 8, sizes(0, 24),
                    m("comp_mask", 0, 8), m("cqe_comp_res_format", 8, 1), m("flags", 12, 4), m("cqe_size", 16, 2)),
            struct("mlx5dv_qp_init_attr", 0, 8, sizes(0, 40),
                    m("comp_mask", 0, 8), m("create_flags", 8, 4), m("dc_init_attr", 16, 16),
                    m("dc_init_attr.dc_type", 16, 4), m("dc_init_attr.dct_access_key", 24, 8),
                    m("dc_init_attr.dci_streams", 24, 2), m("dc_init_attr.dci_streams.log_num_concurent", 24, 1),
                    m("dc_init_attr.dci_streams.log_num_errored", 25, 1), m("send_ops_flags", 32, 8)),
            struct("mlx5dv_qp_ex", 0, 8, sizes(0, 104),
                    m("comp_mask", 0, 8), m("wr_set_dc_addr", 8, 8), m("wr_mr_interleaved", 16, 8),
                    m("wr_mr_list", 24, 8), m("wr_mkey_configure", 32, 8), m("wr_set_mkey_access_flags", 40, 8),
                    m("wr_set_mkey_layout_list", 48, 8), m("wr_set_mkey_layout_interleaved", 56, 8),
                    m("wr_set_mkey_sig_block", 64, 8), m("wr_raw_wqe", 72, 8), m("wr_set_dc_addr_stream", 80, 8),
                    m("wr_memcpy", 88, 8), m("wr_set_mkey_crypto", 96, 8)),
            struct("mlx5dv_clock_info", 0, 8, sizes(0, 40),
                    m("nsec", 0, 8), m("last_cycles", 8, 8), m("frac", 16, 8), m("mult", 24, 4), m("shift", 28, 4),
                    m("mask", 32, 8)),
            struct("mlx5dv_context_attr", 0, 8, sizes(0, 16, 57, 24),
                    m("flags", 0, 4), m("comp_mask", 8, 8), m("fds", 16, 8, 57)),
            struct("mlx5dv_obj", 0, 8, sizes(0, 112, 54, 128),
                    m("qp.in", 0, 8), m("qp.out", 8, 8), m("cq.in", 16, 8), m("cq.out", 24, 8), m("srq.in", 32, 8),
                    m("srq.out", 40, 8), m("rwq.in", 48, 8), m("rwq.out", 56, 8), m("dm.in", 64, 8),
                    m("dm.out", 72, 8), m("ah.in", 80, 8), m("ah.out", 88, 8), m("pd.in", 96, 8), m("pd.out", 104, 8),
                    m("devx.in", 112, 8, 54), m("devx.out", 120, 8, 54)),
            struct("mlx5dv_cq", 0, 8, sizes(0, 48),
                    m("buf", 0, 8), m("dbrec", 8, 8), m("cqe_cnt", 16, 4), m("cqe_size", 20, 4), m("cq_uar", 24, 8),
                    m("cqn", 32, 4), m("comp_mask", 40, 8)),
            struct("mlx5dv_port", 0, 8, sizes(0, 40),
                    m("flags", 0, 8), m("vport", 8, 2), m("vport_vhca_id", 10, 2), m("esw_owner_vhca_id", 12, 2),
                    m("vport_steering_icm_rx", 16, 8), m("vport_steering_icm_tx", 24, 8), m("reg_c0", 32, 8)),
            struct("mlx5dv_reg", 0, 4, sizes(0, 8), m("value", 0, 4), m("mask", 4, 4)),
            struct("mlx5dv_ooo_recv_wrs_caps", 55, 4, sizes(0, 20),
                    m("max_rc", 0, 4), m("max_xrc", 4, 4), m("max_dct", 8, 4), m("max_ud", 12, 4), m("max_uc", 16, 4)),
            // libibverbs structs the stand-in tests lay out by hand (the binding's own are provider-generic's Abi)
            struct("ibv_cq_init_attr_ex", 0, 8, sizes(0, 56),
                    m("cqe", 0, 4), m("cq_context", 8, 8), m("channel", 16, 8), m("comp_vector", 24, 4),
                    m("wc_flags", 32, 8), m("comp_mask", 40, 4), m("flags", 44, 4), m("parent_domain", 48, 8)),
            struct("ibv_qp_init_attr_ex", 0, 8, sizes(0, 136),
                    m("qp_context", 0, 8), m("send_cq", 8, 8), m("recv_cq", 16, 8), m("srq", 24, 8),
                    m("cap", 32, 20), m("qp_type", 52, 4), m("sq_sig_all", 56, 4), m("comp_mask", 60, 4),
                    m("pd", 64, 8), m("create_flags", 80, 4), m("send_ops_flags", 128, 8)),
            prefix("ibv_cq_ex", 8, 0, m("context", 0, 8), m("cq_context", 16, 8), m("cqe", 28, 4)),
            prefix("ibv_qp", 8, 0, m("context", 0, 8), m("pd", 16, 8), m("qp_num", 52, 4), m("qp_type", 60, 4)),
            prefix("ibv_qp_ex", 8, 8,
                    m("comp_mask", 160, 8), m("wr_id", 168, 8), m("wr_flags", 176, 4),
                    m("wr_atomic_cmp_swp", 184, 8), m("wr_local_inv", 208, 8), m("wr_rdma_read", 216, 8),
                    m("wr_rdma_write", 224, 8),
                    m("wr_send", 240, 8), m("wr_set_sge", 304, 8), m("wr_start", 320, 8), m("wr_complete", 328, 8),
                    m("wr_abort", 336, 8)));

    public static final List<Constant> CONSTANTS = constants();

    private Mlx5Abi() {
    }

    /** @return the struct called {@code name} */
    public static Struct struct(String name) {
        return STRUCTS.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no struct " + name));
    }

    /** @return the offset of {@code path} in {@code struct} on the host's architecture */
    public static long offset(String struct, String path) {
        return struct(struct).offset(path, RdmaCorePackages.Arch.host());
    }

    /** @return the value of the C constant {@code name} */
    public static long constant(String name) {
        return CONSTANTS.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no constant " + name)).value();
    }

    private static List<Constant> constants() {
        List<Constant> all = new ArrayList<>();
        String[] contextMask = {"CQE_COMPRESION", "SWP", "STRIDING_RQ", "TUNNEL_OFFLOADS", "DYN_BFREGS",
            "CLOCK_INFO_UPDATE", "FLOW_ACTION_FLAGS", "DC_ODP_CAPS", "HCA_CORE_CLOCK", "NUM_LAG_PORTS",
            "SIGNATURE_OFFLOAD", "DCI_STREAMS", "WR_MEMCPY_LENGTH", "CRYPTO_OFFLOAD", "MAX_DC_RD_ATOM", "REG_C0",
            "OOO_RECV_WRS"};
        int[] contextMaskSince = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 47, 50, 55};
        for (int bit = 0; bit < contextMask.length; bit++) {
            all.add(new Constant("MLX5DV_CONTEXT_MASK_" + contextMask[bit], 1L << bit, contextMaskSince[bit]));
        }
        String[] contextFlags = {"CQE_V1", "OBSOLETE", "MPW_ALLOWED", "ENHANCED_MPW", "CQE_128B_COMP",
            "CQE_128B_PAD", "PACKET_BASED_CREDIT_MODE", "REAL_TIME_TS", "BLUEFLAME"};
        int[] contextFlagsSince = {0, 0, 0, 0, 0, 0, 0, 0, 58};
        for (int bit = 0; bit < contextFlags.length; bit++) {
            all.add(new Constant("MLX5DV_CONTEXT_FLAGS_" + contextFlags[bit], 1L << bit, contextFlagsSince[bit]));
        }
        bits(all, "MLX5DV_CQ_INIT_ATTR_MASK_", "COMPRESSED_CQE", "FLAGS", "CQE_SIZE");
        bits(all, "MLX5DV_CQ_INIT_ATTR_FLAGS_", "CQE_PAD", "RESERVED");
        bits(all, "MLX5DV_CQE_RES_FORMAT_", "HASH", "CSUM", "CSUM_STRIDX");
        bits(all, "MLX5DV_QP_INIT_ATTR_MASK_", "QP_CREATE_FLAGS", "DC", "SEND_OPS_FLAGS", "DCI_STREAMS");
        bits(all, "MLX5DV_QP_CREATE_", "TUNNEL_OFFLOADS", "TIR_ALLOW_SELF_LOOPBACK_UC",
                "TIR_ALLOW_SELF_LOOPBACK_MC", "DISABLE_SCATTER_TO_CQE", "ALLOW_SCATTER_TO_CQE",
                "PACKET_BASED_CREDIT_MODE", "SIG_PIPELINING");
        all.add(new Constant("MLX5DV_QP_CREATE_OOO_DP", 1L << 7, 55));
        bits(all, "MLX5DV_QP_EX_WITH_", "MR_INTERLEAVED", "MR_LIST", "MKEY_CONFIGURE", "RAW_WQE", "MEMCPY");
        bits(all, "MLX5DV_OBJ_", "QP", "CQ", "SRQ", "RWQ", "DM", "AH", "PD");
        all.add(new Constant("MLX5DV_OBJ_DEVX", 1L << 7, 54));
        all.add(new Constant("MLX5DV_DCTYPE_DCT", 1, 0));
        all.add(new Constant("MLX5DV_DCTYPE_DCI", 2, 0));
        all.add(new Constant("MLX5DV_CONTEXT_FLAGS_DEVX", 1, 0));
        all.add(new Constant("MLX5DV_CONTEXT_ATTR_MASK_FD_ARRAY", 1, 57));
        all.add(new Constant("MLX5DV_REG_DMABUF_ACCESS_DATA_DIRECT", 1, 54));
        // libibverbs constants the stand-in tests use
        all.add(new Constant("IBV_QPT_RC", 2, 0));
        all.add(new Constant("IBV_QPT_DRIVER", 0xff, 0));
        all.add(new Constant("IBV_QP_INIT_ATTR_PD", 1, 0));
        all.add(new Constant("IBV_QP_INIT_ATTR_SEND_OPS_FLAGS", 1 << 6, 0));
        all.add(new Constant("IBV_QP_EX_WITH_RDMA_WRITE", 1, 0));
        all.add(new Constant("IBV_QP_EX_WITH_SEND", 1 << 2, 0));
        all.add(new Constant("IBV_QP_EX_WITH_RDMA_READ", 1 << 4, 0));
        return List.copyOf(all);
    }

    private static void bits(List<Constant> all, String prefix, String... names) {
        for (int bit = 0; bit < names.length; bit++) {
            all.add(new Constant(prefix + names[bit], 1L << bit, 0));
        }
    }

    private static Struct struct(String name, int since, long alignment, NavigableMap<Integer, Long> sizes,
            Member... members) {
        return new Struct(name, since, alignment, sizes, true, 0, List.of(members));
    }

    private static Struct prefix(String name, long alignment, long aarch64Shift, Member... members) {
        return new Struct(name, 0, alignment, sizes(0, 0), false, aarch64Shift, List.of(members));
    }

    private static NavigableMap<Integer, Long> sizes(long... sinceAndSize) {
        NavigableMap<Integer, Long> sizes = new TreeMap<>();
        for (int i = 0; i < sinceAndSize.length; i += 2) {
            sizes.put((int) sinceAndSize[i], sinceAndSize[i + 1]);
        }
        return sizes;
    }

    private static Member m(String path, long offset, long size) {
        return new Member(path, offset, size, 0);
    }

    private static Member m(String path, long offset, long size, int since) {
        return new Member(path, offset, size, since);
    }
}
