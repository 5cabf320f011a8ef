package org.verbs4j.provider.soft;

import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/** A work completion copied out of a completion queue, for assertions. */
record Wc(long wrId, WcStatus status, WcOpcode opcode, int byteLen, int imm, int qpNum, int srcQp, int flags) {

    static Wc read(CompletionQueue cq) {
        boolean ok = cq.status() == WcStatus.SUCCESS;
        return new Wc(cq.wrId(), cq.status(), ok ? cq.readOpcode() : null,
                ok && cq.wcFlags().contains(CompletionField.BYTE_LEN) ? cq.readByteLen() : 0,
                ok && cq.wcFlags().contains(CompletionField.IMM) ? cq.readImmData() : 0,
                cq.wcFlags().contains(CompletionField.QP_NUM) ? cq.readQpNum() : 0,
                ok && cq.wcFlags().contains(CompletionField.SRC_QP) ? cq.readSrcQp() : 0,
                ok ? cq.readWcFlags() : 0);
    }
}
