package org.verbs4j.tck;

import java.util.Set;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.TmInfo;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * A copy of one work completion, taken while it was current in a poll batch. Only the fields the queue
 * was created with are read, and for an error completion only those an error completion defines
 * ({@code man ibv_poll_cq}: wr_id, status, qp_num and vendor_err); the others are -1, or {@code null}
 * for the opcode.
 *
 * @param wrId the work request id
 * @param status the status
 * @param opcode the opcode, or {@code null} for an error completion
 * @param byteLen the byte count, or -1
 * @param immData the immediate data if {@link WcFlag#WITH_IMM} is set, otherwise 0
 * @param wcFlags the {@link WcFlag} bits, or 0 for an error completion
 * @param qpNum the local queue pair number, or -1
 * @param srcQp the source queue pair number, or -1
 * @param tmInfo the tag-matching information of a tag-matching receive on a queue created with
 *     {@link CompletionField#TM_INFO}, or {@code null}
 */
public record Completion(long wrId, WcStatus status, WcOpcode opcode, int byteLen, int immData, int wcFlags,
                         int qpNum, int srcQp, TmInfo tmInfo) {

    /**
     * @param cq a queue inside a poll batch, with a current completion
     * @return a copy of the current completion
     */
    public static Completion current(CompletionQueue cq) {
        Set<CompletionField> fields = cq.wcFlags();
        WcStatus status = cq.status();
        int qpNum = fields.contains(CompletionField.QP_NUM) ? cq.readQpNum() : -1;
        if (status != WcStatus.SUCCESS) {
            return new Completion(cq.wrId(), status, null, -1, 0, 0, qpNum, -1, null);
        }
        int flags = cq.readWcFlags();
        boolean withImm = (flags & WcFlag.WITH_IMM.value()) != 0 && fields.contains(CompletionField.IMM);
        WcOpcode opcode = cq.readOpcode();
        return new Completion(cq.wrId(), status, opcode,
                fields.contains(CompletionField.BYTE_LEN) ? cq.readByteLen() : -1,
                withImm ? cq.readImmData() : 0, flags, qpNum,
                fields.contains(CompletionField.SRC_QP) ? cq.readSrcQp() : -1, tmInfo(cq, fields, opcode));
    }

    private static TmInfo tmInfo(CompletionQueue cq, Set<CompletionField> fields, WcOpcode opcode) {
        if (!fields.contains(CompletionField.TM_INFO) || (opcode != WcOpcode.TM_RECV && opcode != WcOpcode.TM_NO_TAG)) {
            return null;
        }
        TmInfo info = new TmInfo();
        cq.readTmInfo(info);
        return info;
    }

    /**
     * @param flag a completion flag
     * @return whether the completion carries it
     */
    public boolean has(WcFlag flag) {
        return (wcFlags & flag.value()) != 0;
    }

    @Override
    public String toString() {
        return "{wr_id=" + wrId + ", status=" + status + ", opcode=" + opcode + ", byte_len=" + byteLen
                + ", imm=0x" + Integer.toHexString(immData) + ", wc_flags=0x" + Integer.toHexString(wcFlags)
                + ", qp_num=" + qpNum + ", src_qp=" + srcQp + (tmInfo == null ? "" : ", tm_info=" + tmInfo) + "}";
    }
}
