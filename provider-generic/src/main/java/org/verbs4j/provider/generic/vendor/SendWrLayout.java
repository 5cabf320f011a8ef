package org.verbs4j.provider.generic.vendor;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.verbs4j.provider.generic.raw.CStruct.struct;
import static org.verbs4j.provider.generic.raw.CStruct.union;

import java.lang.foreign.StructLayout;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * C {@code struct ibv_send_wr} of verbs.h, the request of the legacy {@code ibv_post_send}
 * ({@link PostSendOps}), and the {@code enum ibv_wr_opcode} values it carries. The same on x86_64 and aarch64;
 * checked by the tests against gcc with the real headers of rdma-core 44, 56.1 and 65.
 */
public final class SendWrLayout {

    /** {@code struct ibv_send_wr}. */
    public static final StructLayout IBV_SEND_WR = sendWr();

    /** {@code IBV_WR_RDMA_WRITE}. */
    public static final int RDMA_WRITE = 0;
    /** {@code IBV_WR_RDMA_WRITE_WITH_IMM}. */
    public static final int RDMA_WRITE_WITH_IMM = 1;
    /** {@code IBV_WR_SEND}. */
    public static final int SEND = 2;
    /** {@code IBV_WR_SEND_WITH_IMM}. */
    public static final int SEND_WITH_IMM = 3;
    /** {@code IBV_WR_RDMA_READ}. */
    public static final int RDMA_READ = 4;
    /** {@code IBV_WR_ATOMIC_CMP_AND_SWP}. */
    public static final int ATOMIC_CMP_AND_SWP = 5;
    /** {@code IBV_WR_ATOMIC_FETCH_AND_ADD}. */
    public static final int ATOMIC_FETCH_AND_ADD = 6;
    /** {@code IBV_WR_LOCAL_INV}. */
    public static final int LOCAL_INV = 7;
    /** {@code IBV_WR_SEND_WITH_INV}. */
    public static final int SEND_WITH_INV = 9;

    static final long WR_ID = offset("wr_id");
    static final long NEXT = offset("next");
    static final long SG_LIST = offset("sg_list");
    static final long NUM_SGE = offset("num_sge");
    static final long OPCODE = offset("opcode");
    static final long SEND_FLAGS = offset("send_flags");
    static final long IMM_DATA = offset("$imm", "imm_data");
    static final long REMOTE_ADDR = offset("wr", "rdma", "remote_addr");
    static final long RKEY = offset("wr", "rdma", "rkey");
    static final long ATOMIC_REMOTE_ADDR = offset("wr", "atomic", "remote_addr");
    static final long COMPARE_ADD = offset("wr", "atomic", "compare_add");
    static final long SWAP = offset("wr", "atomic", "swap");
    static final long ATOMIC_RKEY = offset("wr", "atomic", "rkey");
    static final long UD_AH = offset("wr", "ud", "ah");
    static final long UD_REMOTE_QPN = offset("wr", "ud", "remote_qpn");
    static final long UD_REMOTE_QKEY = offset("wr", "ud", "remote_qkey");
    static final long XRC_REMOTE_SRQN = offset("qp_type", "xrc", "remote_srqn");

    private SendWrLayout() {
    }

    private static StructLayout sendWr() {
        StructLayout bindInfo = struct("bind_info", ADDRESS.withName("mr"), JAVA_LONG.withName("addr"),
                JAVA_LONG.withName("length"), JAVA_INT.withName("mw_access_flags"));
        return struct("ibv_send_wr", JAVA_LONG.withName("wr_id"), ADDRESS.withName("next"),
                ADDRESS.withName("sg_list"), JAVA_INT.withName("num_sge"), JAVA_INT.withName("opcode"),
                JAVA_INT.withName("send_flags"),
                union("$imm", JAVA_INT.withName("imm_data"), JAVA_INT.withName("invalidate_rkey")),
                union("wr", struct("rdma", JAVA_LONG.withName("remote_addr"), JAVA_INT.withName("rkey")),
                        struct("atomic", JAVA_LONG.withName("remote_addr"), JAVA_LONG.withName("compare_add"),
                                JAVA_LONG.withName("swap"), JAVA_INT.withName("rkey")),
                        struct("ud", ADDRESS.withName("ah"), JAVA_INT.withName("remote_qpn"),
                                JAVA_INT.withName("remote_qkey"))),
                union("qp_type", struct("xrc", JAVA_INT.withName("remote_srqn"))),
                union("$bind", struct("bind_mw", ADDRESS.withName("mw"), JAVA_INT.withName("rkey"), bindInfo),
                        struct("tso", ADDRESS.withName("hdr"), JAVA_SHORT.withName("hdr_sz"),
                                JAVA_SHORT.withName("mss"))));
    }

    private static long offset(String... path) {
        return Abi.offset(IBV_SEND_WR, path);
    }
}
