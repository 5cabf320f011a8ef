package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.MemoryLayout.sequenceLayout;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.verbs4j.provider.generic.raw.CStruct.member;
import static org.verbs4j.provider.generic.raw.CStruct.struct;
import static org.verbs4j.provider.generic.raw.CStruct.union;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The C layouts of the rdma-core structures the binding reads and writes, for one CPU architecture.
 * x86_64 and aarch64 differ only in the size of {@code pthread_mutex_t} (40 and 48 bytes), which
 * rdma-core embeds in {@code ibv_context}, {@code ibv_cq}, {@code ibv_qp} and {@code ibv_srq}.
 *
 * <p>Every layout is named after its C struct and every member after its C member, so that the ABI
 * conformance test can ask gcc, with the real rdma-core headers, for each size and offset.
 * Members added in later rdma-core versions are listed in {@link #SINCE}.
 */
public final class Abi {

    /** The architectures the binding supports. */
    public enum Arch {
        /** x86_64 (amd64). */
        X86_64(40),
        /** aarch64 (arm64). */
        AARCH64(48);

        private final long mutexSize;

        Arch(long mutexSize) {
            this.mutexSize = mutexSize;
        }
    }

    /**
     * The rdma-core release that added a member ({@code "struct.member"}); the binding touches such
     * a member only on that release or newer.
     */
    public static final Map<String, Integer> SINCE = Map.of(
            "ibv_qp_ex.wr_flush", 45,
            "ibv_port_attr.active_speed_ex", 49);

    /** {@code union ibv_gid}: 16 bytes, 8-aligned (it holds two {@code __be64}). */
    private static final MemoryLayout GID = sequenceLayout(2, JAVA_LONG);
    private static final MemoryLayout U8 = JAVA_BYTE;
    private static final MemoryLayout U16 = JAVA_SHORT;
    private static final MemoryLayout U32 = JAVA_INT;
    private static final MemoryLayout U64 = JAVA_LONG;
    private static final MemoryLayout PTR = ADDRESS;
    private static final String[] CONTEXT_OPS = {
        "_compat_query_device", "_compat_query_port", "_compat_alloc_pd", "_compat_dealloc_pd",
        "_compat_reg_mr", "_compat_rereg_mr", "_compat_dereg_mr", "alloc_mw", "bind_mw", "dealloc_mw",
        "_compat_create_cq", "poll_cq", "req_notify_cq", "_compat_cq_event", "_compat_resize_cq",
        "_compat_destroy_cq", "_compat_create_srq", "_compat_modify_srq", "_compat_query_srq",
        "_compat_destroy_srq", "post_srq_recv", "_compat_create_qp", "_compat_query_qp",
        "_compat_modify_qp", "_compat_destroy_qp", "post_send", "post_recv", "_compat_create_ah",
        "_compat_destroy_ah", "_compat_attach_mcast", "_compat_detach_mcast", "_compat_async_event"};

    private static final Abi X86_64 = new Abi(Arch.X86_64);
    private static final Abi AARCH64 = new Abi(Arch.AARCH64);

    private final Arch arch;
    private final List<StructLayout> structs;

    /** {@code struct ibv_device} (its fixed prefix). */
    public final StructLayout ibvDevice;
    /** {@code struct ibv_context}. */
    public final StructLayout ibvContext;
    /** {@code struct ibv_device_attr_ex}. */
    public final StructLayout ibvDeviceAttrEx;
    /** {@code struct ibv_port_attr}. */
    public final StructLayout ibvPortAttr;
    /** {@code struct ibv_gid_entry}. */
    public final StructLayout ibvGidEntry;
    /** {@code struct ibv_pd}. */
    public final StructLayout ibvPd;
    /** {@code struct ibv_mr}. */
    public final StructLayout ibvMr;
    /** {@code struct ibv_dm}. */
    public final StructLayout ibvDm;
    /** {@code struct ibv_alloc_dm_attr}. */
    public final StructLayout ibvAllocDmAttr;
    /** {@code struct ibv_comp_channel}. */
    public final StructLayout ibvCompChannel;
    /** {@code struct ibv_cq_init_attr_ex}. */
    public final StructLayout ibvCqInitAttrEx;
    /** {@code struct ibv_cq_ex}. */
    public final StructLayout ibvCqEx;
    /** {@code struct ibv_poll_cq_attr}. */
    public final StructLayout ibvPollCqAttr;
    /** {@code struct ibv_wc_tm_info}. */
    public final StructLayout ibvWcTmInfo;
    /** {@code struct ibv_wc}, the completion of {@code ibv_poll_cq}, for {@code ibv_create_ah_from_wc}. */
    public final StructLayout ibvWc;
    /** {@code struct ibv_grh}, the global route header in front of a UD message. */
    public final StructLayout ibvGrh;
    /** {@code struct ibv_qp_init_attr_ex}. */
    public final StructLayout ibvQpInitAttrEx;
    /** {@code struct ibv_qp_ex} (which starts with {@code struct ibv_qp}). */
    public final StructLayout ibvQpEx;
    /** {@code struct ibv_qp_attr}. */
    public final StructLayout ibvQpAttr;
    /** {@code struct ibv_ah_attr}. */
    public final StructLayout ibvAhAttr;
    /** {@code struct ibv_srq_init_attr_ex}. */
    public final StructLayout ibvSrqInitAttrEx;
    /** {@code struct ibv_srq}. */
    public final StructLayout ibvSrq;
    /** {@code struct ibv_srq_attr}. */
    public final StructLayout ibvSrqAttr;
    /** {@code struct ibv_sge}. */
    public final StructLayout ibvSge;
    /** {@code struct ibv_recv_wr}. */
    public final StructLayout ibvRecvWr;
    /** {@code struct ibv_ops_wr}. */
    public final StructLayout ibvOpsWr;
    /** {@code struct ibv_async_event}. */
    public final StructLayout ibvAsyncEvent;
    /** {@code struct ibv_data_buf}. */
    public final StructLayout ibvDataBuf;
    /** {@code struct ibv_mw_bind_info}. */
    public final StructLayout ibvMwBindInfo;
    /** {@code struct ibv_mw}. */
    public final StructLayout ibvMw;
    /** {@code struct ibv_xrcd_init_attr}. */
    public final StructLayout ibvXrcdInitAttr;
    /** {@code struct ibv_xrcd}. */
    public final StructLayout ibvXrcd;
    /** {@code struct ibv_parent_domain_init_attr}. */
    public final StructLayout ibvParentDomainInitAttr;
    /** {@code struct ibv_wq_init_attr}. */
    public final StructLayout ibvWqInitAttr;
    /** {@code struct ibv_wq}. */
    public final StructLayout ibvWq;
    /** {@code struct ibv_wq_attr}. */
    public final StructLayout ibvWqAttr;
    /** {@code struct ibv_rwq_ind_table_init_attr}. */
    public final StructLayout ibvRwqIndTableInitAttr;
    /** {@code struct ibv_rwq_ind_table}. */
    public final StructLayout ibvRwqIndTable;

    private Abi(Arch arch) {
        this.arch = arch;
        MemoryLayout mutex = sequenceLayout(arch.mutexSize / 8, U64);
        MemoryLayout cond = sequenceLayout(6, U64);
        ibvDevice = struct("ibv_device", member(struct("_ops", PTR.withName("_dummy1"), PTR.withName("_dummy2")),
                "_ops"), U32.withName("node_type"), U32.withName("transport_type"));
        ibvContext = struct("ibv_context", PTR.withName("device"), contextOps(), U32.withName("cmd_fd"),
                U32.withName("async_fd"), U32.withName("num_comp_vectors"), mutex.withName("mutex"),
                PTR.withName("abi_compat"));
        ibvDeviceAttrEx = deviceAttrEx();
        ibvPortAttr = portAttr();
        ibvGidEntry = struct("ibv_gid_entry", GID.withName("gid"), U32.withName("gid_index"),
                U32.withName("port_num"), U32.withName("gid_type"), U32.withName("ndev_ifindex"));
        ibvPd = struct("ibv_pd", PTR.withName("context"), U32.withName("handle"));
        ibvMr = struct("ibv_mr", PTR.withName("context"), PTR.withName("pd"), PTR.withName("addr"),
                U64.withName("length"), U32.withName("handle"), U32.withName("lkey"), U32.withName("rkey"));
        ibvCompChannel = struct("ibv_comp_channel", PTR.withName("context"), U32.withName("fd"),
                U32.withName("refcnt"));
        ibvCqInitAttrEx = struct("ibv_cq_init_attr_ex", U32.withName("cqe"), PTR.withName("cq_context"),
                PTR.withName("channel"), U32.withName("comp_vector"), U64.withName("wc_flags"),
                U32.withName("comp_mask"), U32.withName("flags"), PTR.withName("parent_domain"));
        ibvCqEx = cqEx(mutex, cond);
        ibvPollCqAttr = struct("ibv_poll_cq_attr", U32.withName("comp_mask"));
        ibvWcTmInfo = struct("ibv_wc_tm_info", U64.withName("tag"), U32.withName("priv"));
        ibvWc = struct("ibv_wc", U64.withName("wr_id"), U32.withName("status"), U32.withName("opcode"),
                U32.withName("vendor_err"), U32.withName("byte_len"),
                union("$imm", U32.withName("imm_data"), U32.withName("invalidated_rkey")), U32.withName("qp_num"),
                U32.withName("src_qp"), U32.withName("wc_flags"), U16.withName("pkey_index"), U16.withName("slid"),
                U8.withName("sl"), U8.withName("dlid_path_bits"));
        ibvGrh = struct("ibv_grh", U32.withName("version_tclass_flow"), U16.withName("paylen"),
                U8.withName("next_hdr"), U8.withName("hop_limit"), GID.withName("sgid"), GID.withName("dgid"));
        ibvQpInitAttrEx = qpInitAttrEx();
        ibvQpEx = qpEx(mutex, cond);
        ibvAhAttr = ahAttr("ibv_ah_attr");
        ibvQpAttr = qpAttr();
        ibvSrqAttr = srqAttr("ibv_srq_attr");
        ibvSrqInitAttrEx = struct("ibv_srq_init_attr_ex", PTR.withName("srq_context"), srqAttr("attr"),
                U32.withName("comp_mask"), U32.withName("srq_type"), PTR.withName("pd"), PTR.withName("xrcd"),
                PTR.withName("cq"), struct("tm_cap", U32.withName("max_num_tags"), U32.withName("max_ops")));
        ibvSrq = struct("ibv_srq", PTR.withName("context"), PTR.withName("srq_context"), PTR.withName("pd"),
                U32.withName("handle"), mutex.withName("mutex"), cond.withName("cond"),
                U32.withName("events_completed"));
        ibvSge = struct("ibv_sge", U64.withName("addr"), U32.withName("length"), U32.withName("lkey"));
        ibvRecvWr = struct("ibv_recv_wr", U64.withName("wr_id"), PTR.withName("next"), PTR.withName("sg_list"),
                U32.withName("num_sge"));
        ibvOpsWr = opsWr();
        ibvAsyncEvent = struct("ibv_async_event", union("element", PTR.withName("cq"), PTR.withName("qp"),
                PTR.withName("srq"), PTR.withName("wq"), U32.withName("port_num")), U32.withName("event_type"));
        ibvDataBuf = struct("ibv_data_buf", PTR.withName("addr"), U64.withName("length"));
        ibvMwBindInfo = struct("ibv_mw_bind_info", PTR.withName("mr"), U64.withName("addr"),
                U64.withName("length"), U32.withName("mw_access_flags"));
        ibvMw = struct("ibv_mw", PTR.withName("context"), PTR.withName("pd"), U32.withName("rkey"),
                U32.withName("handle"), U32.withName("type"));
        ibvXrcdInitAttr = struct("ibv_xrcd_init_attr", U32.withName("comp_mask"), U32.withName("fd"),
                U32.withName("oflags"));
        ibvXrcd = struct("ibv_xrcd", PTR.withName("context"));
        ibvParentDomainInitAttr = struct("ibv_parent_domain_init_attr", PTR.withName("pd"), PTR.withName("td"),
                U32.withName("comp_mask"), PTR.withName("alloc"), PTR.withName("free"), PTR.withName("pd_context"));
        ibvWqInitAttr = struct("ibv_wq_init_attr", PTR.withName("wq_context"), U32.withName("wq_type"),
                U32.withName("max_wr"), U32.withName("max_sge"), PTR.withName("pd"), PTR.withName("cq"),
                U32.withName("comp_mask"), U32.withName("create_flags"));
        ibvWq = struct("ibv_wq", PTR.withName("context"), PTR.withName("wq_context"), PTR.withName("pd"),
                PTR.withName("cq"), U32.withName("wq_num"), U32.withName("handle"), U32.withName("state"),
                U32.withName("wq_type"), PTR.withName("post_recv"), mutex.withName("mutex"), cond.withName("cond"),
                U32.withName("events_completed"), U32.withName("comp_mask"));
        ibvWqAttr = struct("ibv_wq_attr", U32.withName("attr_mask"), U32.withName("wq_state"),
                U32.withName("curr_wq_state"), U32.withName("flags"), U32.withName("flags_mask"));
        ibvRwqIndTableInitAttr = struct("ibv_rwq_ind_table_init_attr", U32.withName("log_ind_tbl_size"),
                PTR.withName("ind_tbl"), U32.withName("comp_mask"));
        ibvRwqIndTable = struct("ibv_rwq_ind_table", PTR.withName("context"), U32.withName("ind_tbl_handle"),
                U32.withName("ind_tbl_num"), U32.withName("comp_mask"));
        ibvDm = struct("ibv_dm", PTR.withName("context"), PTR.withName("memcpy_to_dm"),
                PTR.withName("memcpy_from_dm"), U32.withName("comp_mask"), U32.withName("handle"));
        ibvAllocDmAttr = struct("ibv_alloc_dm_attr", U64.withName("length"), U32.withName("log_align_req"),
                U32.withName("comp_mask"));
        structs = List.of(ibvDevice, ibvContext, ibvDeviceAttrEx, ibvPortAttr, ibvGidEntry, ibvPd, ibvMr,
                ibvCompChannel, ibvCqInitAttrEx, ibvCqEx, ibvPollCqAttr, ibvWcTmInfo, ibvWc, ibvGrh, ibvQpInitAttrEx, ibvQpEx,
                ibvQpAttr, ibvAhAttr, ibvSrqInitAttrEx, ibvSrq, ibvSrqAttr, ibvSge, ibvRecvWr, ibvOpsWr,
                ibvAsyncEvent, ibvDataBuf, ibvMwBindInfo, ibvMw, ibvXrcdInitAttr, ibvXrcd, ibvParentDomainInitAttr,
                ibvWqInitAttr, ibvWq, ibvWqAttr, ibvRwqIndTableInitAttr, ibvRwqIndTable, ibvDm, ibvAllocDmAttr);
    }

    /** @return the layouts of the architecture this JVM runs on */
    public static Abi current() {
        return of(currentArch());
    }

    /**
     * @param arch an architecture
     * @return its layouts
     */
    public static Abi of(Arch arch) {
        return arch == Arch.X86_64 ? X86_64 : AARCH64;
    }

    /**
     * @return the architecture this JVM runs on
     * @throws UnsupportedOperationException on another architecture
     */
    public static Arch currentArch() {
        String name = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        return switch (name) {
            case "amd64", "x86_64" -> Arch.X86_64;
            case "aarch64", "arm64" -> Arch.AARCH64;
            default -> throw new UnsupportedOperationException("no rdma-core layouts for " + name);
        };
    }

    /** @return the architecture of these layouts */
    public Arch arch() {
        return arch;
    }

    /** @return every layout, for the conformance test */
    public List<StructLayout> structs() {
        return structs;
    }

    /**
     * @param struct one of this ABI's layouts
     * @param path member names from the struct down
     * @return the member's byte offset
     */
    public static long offset(StructLayout struct, String... path) {
        MemoryLayout.PathElement[] elements = new MemoryLayout.PathElement[path.length];
        for (int i = 0; i < path.length; i++) {
            elements[i] = MemoryLayout.PathElement.groupElement(path[i]);
        }
        return struct.byteOffset(elements);
    }

    private static StructLayout contextOps() {
        MemoryLayout[] ops = new MemoryLayout[CONTEXT_OPS.length];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = PTR.withName(CONTEXT_OPS[i]);
        }
        return struct("ops", ops);
    }

    private static StructLayout deviceAttr() {
        return struct("orig_attr", sequenceLayout(64, U8).withName("fw_ver"), U64.withName("node_guid"),
                U64.withName("sys_image_guid"), U64.withName("max_mr_size"), U64.withName("page_size_cap"),
                U32.withName("vendor_id"), U32.withName("vendor_part_id"), U32.withName("hw_ver"),
                U32.withName("max_qp"), U32.withName("max_qp_wr"), U32.withName("device_cap_flags"),
                U32.withName("max_sge"), U32.withName("max_sge_rd"), U32.withName("max_cq"),
                U32.withName("max_cqe"), U32.withName("max_mr"), U32.withName("max_pd"),
                U32.withName("max_qp_rd_atom"), U32.withName("max_ee_rd_atom"), U32.withName("max_res_rd_atom"),
                U32.withName("max_qp_init_rd_atom"), U32.withName("max_ee_init_rd_atom"),
                U32.withName("atomic_cap"), U32.withName("max_ee"), U32.withName("max_rdd"),
                U32.withName("max_mw"), U32.withName("max_raw_ipv6_qp"), U32.withName("max_raw_ethy_qp"),
                U32.withName("max_mcast_grp"), U32.withName("max_mcast_qp_attach"),
                U32.withName("max_total_mcast_qp_attach"), U32.withName("max_ah"), U32.withName("max_fmr"),
                U32.withName("max_map_per_fmr"), U32.withName("max_srq"), U32.withName("max_srq_wr"),
                U32.withName("max_srq_sge"), U16.withName("max_pkeys"), U8.withName("local_ca_ack_delay"),
                U8.withName("phys_port_cnt"));
    }

    private static StructLayout deviceAttrEx() {
        return struct("ibv_device_attr_ex", deviceAttr(), U32.withName("comp_mask"),
                struct("odp_caps", U64.withName("general_caps"), struct("per_transport_caps",
                        U32.withName("rc_odp_caps"), U32.withName("uc_odp_caps"), U32.withName("ud_odp_caps"))),
                U64.withName("completion_timestamp_mask"), U64.withName("hca_core_clock"),
                U64.withName("device_cap_flags_ex"),
                struct("tso_caps", U32.withName("max_tso"), U32.withName("supported_qpts")),
                struct("rss_caps", U32.withName("supported_qpts"), U32.withName("max_rwq_indirection_tables"),
                        U32.withName("max_rwq_indirection_table_size"), U64.withName("rx_hash_fields_mask"),
                        U8.withName("rx_hash_function")),
                U32.withName("max_wq_type_rq"),
                struct("packet_pacing_caps", U32.withName("qp_rate_limit_min"), U32.withName("qp_rate_limit_max"),
                        U32.withName("supported_qpts")),
                U32.withName("raw_packet_caps"),
                struct("tm_caps", U32.withName("max_rndv_hdr_size"), U32.withName("max_num_tags"),
                        U32.withName("flags"), U32.withName("max_ops"), U32.withName("max_sge")),
                struct("cq_mod_caps", U16.withName("max_cq_count"), U16.withName("max_cq_period")),
                U64.withName("max_dm_size"),
                struct("pci_atomic_caps", U16.withName("fetch_add"), U16.withName("swap"),
                        U16.withName("compare_swap")),
                U32.withName("xrc_odp_caps"), U32.withName("phys_port_cnt_ex"));
    }

    private static StructLayout portAttr() {
        return struct("ibv_port_attr", U32.withName("state"), U32.withName("max_mtu"), U32.withName("active_mtu"),
                U32.withName("gid_tbl_len"), U32.withName("port_cap_flags"), U32.withName("max_msg_sz"),
                U32.withName("bad_pkey_cntr"), U32.withName("qkey_viol_cntr"), U16.withName("pkey_tbl_len"),
                U16.withName("lid"), U16.withName("sm_lid"), U8.withName("lmc"), U8.withName("max_vl_num"),
                U8.withName("sm_sl"), U8.withName("subnet_timeout"), U8.withName("init_type_reply"),
                U8.withName("active_width"), U8.withName("active_speed"), U8.withName("phys_state"),
                U8.withName("link_layer"), U8.withName("flags"), U16.withName("port_cap_flags2"),
                U32.withName("active_speed_ex"));
    }

    private static StructLayout cqEx(MemoryLayout mutex, MemoryLayout cond) {
        return struct("ibv_cq_ex", PTR.withName("context"), PTR.withName("channel"), PTR.withName("cq_context"),
                U32.withName("handle"), U32.withName("cqe"), mutex.withName("mutex"), cond.withName("cond"),
                U32.withName("comp_events_completed"), U32.withName("async_events_completed"),
                U32.withName("comp_mask"), U32.withName("status"), U64.withName("wr_id"),
                PTR.withName("start_poll"), PTR.withName("next_poll"), PTR.withName("end_poll"),
                PTR.withName("read_opcode"), PTR.withName("read_vendor_err"), PTR.withName("read_byte_len"),
                PTR.withName("read_imm_data"), PTR.withName("read_qp_num"), PTR.withName("read_src_qp"),
                PTR.withName("read_wc_flags"), PTR.withName("read_slid"), PTR.withName("read_sl"),
                PTR.withName("read_dlid_path_bits"), PTR.withName("read_completion_ts"),
                PTR.withName("read_cvlan"), PTR.withName("read_flow_tag"), PTR.withName("read_tm_info"),
                PTR.withName("read_completion_wallclock_ns"));
    }

    private static StructLayout qpCap(String name) {
        return struct(name, U32.withName("max_send_wr"), U32.withName("max_recv_wr"), U32.withName("max_send_sge"),
                U32.withName("max_recv_sge"), U32.withName("max_inline_data"));
    }

    private static StructLayout qpInitAttrEx() {
        return struct("ibv_qp_init_attr_ex", PTR.withName("qp_context"), PTR.withName("send_cq"),
                PTR.withName("recv_cq"), PTR.withName("srq"), qpCap("cap"), U32.withName("qp_type"),
                U32.withName("sq_sig_all"), U32.withName("comp_mask"), PTR.withName("pd"), PTR.withName("xrcd"),
                U32.withName("create_flags"), U16.withName("max_tso_header"), PTR.withName("rwq_ind_tbl"),
                struct("rx_hash_conf", U8.withName("rx_hash_function"), U8.withName("rx_hash_key_len"),
                        PTR.withName("rx_hash_key"), U64.withName("rx_hash_fields_mask")),
                U32.withName("source_qpn"), U64.withName("send_ops_flags"));
    }

    private static StructLayout qpEx(MemoryLayout mutex, MemoryLayout cond) {
        StructLayout qp = struct("qp_base", PTR.withName("context"), PTR.withName("qp_context"), PTR.withName("pd"),
                PTR.withName("send_cq"), PTR.withName("recv_cq"), PTR.withName("srq"), U32.withName("handle"),
                U32.withName("qp_num"), U32.withName("state"), U32.withName("qp_type"), mutex.withName("mutex"),
                cond.withName("cond"), U32.withName("events_completed"));
        String[] ops = {"wr_atomic_cmp_swp", "wr_atomic_fetch_add", "wr_bind_mw", "wr_local_inv", "wr_rdma_read",
            "wr_rdma_write", "wr_rdma_write_imm", "wr_send", "wr_send_imm", "wr_send_inv", "wr_send_tso",
            "wr_set_ud_addr", "wr_set_xrc_srqn", "wr_set_inline_data", "wr_set_inline_data_list", "wr_set_sge",
            "wr_set_sge_list", "wr_start", "wr_complete", "wr_abort", "wr_atomic_write", "wr_flush"};
        MemoryLayout[] members = new MemoryLayout[4 + ops.length];
        members[0] = qp;
        members[1] = U64.withName("comp_mask");
        members[2] = U64.withName("wr_id");
        members[3] = U32.withName("wr_flags");
        for (int i = 0; i < ops.length; i++) {
            members[4 + i] = PTR.withName(ops[i]);
        }
        return struct("ibv_qp_ex", members);
    }

    private static StructLayout ahAttr(String name) {
        StructLayout grh = struct("grh", GID.withName("dgid"), U32.withName("flow_label"),
                U8.withName("sgid_index"), U8.withName("hop_limit"), U8.withName("traffic_class"));
        return struct(name, grh, U16.withName("dlid"), U8.withName("sl"), U8.withName("src_path_bits"),
                U8.withName("static_rate"), U8.withName("is_global"), U8.withName("port_num"));
    }

    private static StructLayout qpAttr() {
        return struct("ibv_qp_attr", U32.withName("qp_state"), U32.withName("cur_qp_state"),
                U32.withName("path_mtu"), U32.withName("path_mig_state"), U32.withName("qkey"),
                U32.withName("rq_psn"), U32.withName("sq_psn"), U32.withName("dest_qp_num"),
                U32.withName("qp_access_flags"), qpCap("cap"), ahAttr("ah_attr"), ahAttr("alt_ah_attr"),
                U16.withName("pkey_index"), U16.withName("alt_pkey_index"), U8.withName("en_sqd_async_notify"),
                U8.withName("sq_draining"), U8.withName("max_rd_atomic"), U8.withName("max_dest_rd_atomic"),
                U8.withName("min_rnr_timer"), U8.withName("port_num"), U8.withName("timeout"),
                U8.withName("retry_cnt"), U8.withName("rnr_retry"), U8.withName("alt_port_num"),
                U8.withName("alt_timeout"), U32.withName("rate_limit"));
    }

    private static StructLayout srqAttr(String name) {
        return struct(name, U32.withName("max_wr"), U32.withName("max_sge"), U32.withName("srq_limit"));
    }

    private static StructLayout opsWr() {
        StructLayout add = struct("add", U64.withName("recv_wr_id"), PTR.withName("sg_list"), U32.withName("num_sge"),
                U64.withName("tag"), U64.withName("mask"));
        StructLayout tm = struct("tm", U32.withName("unexpected_cnt"), U32.withName("handle"), add);
        return struct("ibv_ops_wr", U64.withName("wr_id"), PTR.withName("next"), U32.withName("opcode"),
                U32.withName("flags"), tm);
    }
}
