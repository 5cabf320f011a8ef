package org.verbs4j.provider.efa.raw;

import java.util.List;
import java.util.TreeMap;

/**
 * The structs of efadv.h the binding reads and writes, in the layout of rdma-core 65's header (the newest
 * size is what the binding passes as {@code inlen}, its unknown bytes zero), with what each release has. The
 * test build checks every number with gcc against the real headers of rdma-core 44, 56.1 and 65, for x86_64
 * and aarch64.
 */
public final class EfaAbi {

    /** {@code struct efadv_device_attr}: {@code inline_buf_size_ex} took reserved bytes in place in 63. */
    public static final EfaStruct DEVICE_ATTR = struct("efadv_device_attr", 0, sizes(0, 32),
            m("comp_mask", 0, 8), m("max_sq_wr", 8, 4), m("max_rq_wr", 12, 4), m("max_sq_sge", 16, 2),
            m("max_rq_sge", 18, 2), m("inline_buf_size", 20, 2), m("inline_buf_size_ex", 22, 2, 63),
            m("device_caps", 24, 4), m("max_rdma_size", 28, 4));
    /** {@code struct efadv_cq_init_attr}: 16 bytes, then {@code flags} and the dmabuf in 59. */
    public static final EfaStruct CQ_INIT_ATTR = struct("efadv_cq_init_attr", 0, sizes(0, 16, 59, 56),
            m("comp_mask", 0, 8), m("wc_flags", 8, 8), m("flags", 16, 8, 59), m("ext_mem_dmabuf", 24, 32, 59));
    /** {@code struct efadv_cq}: the readers the inlines call; {@code wc_is_unsolicited} from 52. */
    public static final EfaStruct CQ = struct("efadv_cq", 0, sizes(0, 16, 52, 24),
            m("comp_mask", 0, 8), m("wc_read_sgid", 8, 8), m("wc_is_unsolicited", 16, 8, 52));
    /** {@code struct efadv_qp_init_attr}: {@code flags} (52) and {@code sl} (55) in place, {@code wr_flags} 64. */
    public static final EfaStruct QP_INIT_ATTR = struct("efadv_qp_init_attr", 0, sizes(0, 16, 64, 24),
            m("comp_mask", 0, 8), m("driver_qp_type", 8, 4), m("flags", 12, 2, 52), m("sl", 14, 1, 55),
            m("wr_flags", 16, 8, 64));
    /** {@code struct efadv_ah_attr}. */
    public static final EfaStruct AH_ATTR = struct("efadv_ah_attr", 0, sizes(0, 16),
            m("comp_mask", 0, 8), m("ahn", 8, 2));
    /** {@code struct efadv_mr_attr}, from 50. */
    public static final EfaStruct MR_ATTR = struct("efadv_mr_attr", 50, sizes(50, 16),
            m("comp_mask", 0, 8), m("ic_id_validity", 8, 2), m("recv_ic_id", 10, 2), m("rdma_read_ic_id", 12, 2),
            m("rdma_recv_ic_id", 14, 2));
    /** {@code struct efadv_cq_attr}, from 59; {@code doorbell} from 60. */
    public static final EfaStruct CQ_ATTR = struct("efadv_cq_attr", 59, sizes(59, 24, 60, 32),
            m("comp_mask", 0, 8), m("buffer", 8, 8), m("entry_size", 16, 4), m("num_entries", 20, 4),
            m("doorbell", 24, 8, 60));
    /** {@code struct efadv_wq_attr}, from 59; {@code caps} took reserved bytes in place in 65. */
    public static final EfaStruct WQ_ATTR = struct("efadv_wq_attr", 59, sizes(59, 40),
            m("comp_mask", 0, 8), m("buffer", 8, 8), m("entry_size", 16, 4), m("num_entries", 20, 4),
            m("doorbell", 24, 8), m("max_batch", 32, 4), m("caps", 36, 2, 65));
    /** {@code struct efadv_sq_depth_attr}, from 63. */
    public static final EfaStruct SQ_DEPTH_ATTR = struct("efadv_sq_depth_attr", 63, sizes(63, 24),
            m("comp_mask", 0, 8), m("flags", 8, 4), m("max_send_sge", 12, 4), m("max_rdma_sge", 16, 4),
            m("max_inline_data", 20, 4));
    /** {@code struct efadv_rq_depth_attr}, from 63. */
    public static final EfaStruct RQ_DEPTH_ATTR = struct("efadv_rq_depth_attr", 63, sizes(63, 16),
            m("comp_mask", 0, 8), m("max_recv_sge", 8, 4));
    /** {@code struct efadv_qp}, from 64: the pointer the processing-hints inline calls. */
    public static final EfaStruct QP = struct("efadv_qp", 64, sizes(64, 16),
            m("comp_mask", 0, 8), m("wr_set_processing_hints", 8, 8));

    /** Every struct above. */
    public static final List<EfaStruct> STRUCTS = List.of(DEVICE_ATTR, CQ_INIT_ATTR, CQ, QP_INIT_ATTR, AH_ATTR,
            MR_ATTR, CQ_ATTR, WQ_ATTR, SQ_DEPTH_ATTR, RQ_DEPTH_ATTR, QP);

    private EfaAbi() {
    }

    private static EfaStruct struct(String name, int since, TreeMap<Integer, Long> sizes, EfaStruct.Member... members) {
        return new EfaStruct(name, since, sizes, List.of(members));
    }

    private static TreeMap<Integer, Long> sizes(long... releaseAndSize) {
        TreeMap<Integer, Long> sizes = new TreeMap<>();
        for (int i = 0; i < releaseAndSize.length; i += 2) {
            sizes.put((int) releaseAndSize[i], releaseAndSize[i + 1]);
        }
        return sizes;
    }

    private static EfaStruct.Member m(String name, long offset, long size) {
        return m(name, offset, size, 0);
    }

    private static EfaStruct.Member m(String name, long offset, long size, int since) {
        return new EfaStruct.Member(name, offset, size, since);
    }
}
