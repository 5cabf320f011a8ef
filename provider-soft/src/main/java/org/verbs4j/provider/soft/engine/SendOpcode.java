package org.verbs4j.provider.soft.engine;

import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.QpType;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcOpcode;

/** The operations of the send queue: their send-ops flag, completion opcode and transport types. */
public enum SendOpcode {
    SEND(SendOpsFlag.SEND, WcOpcode.SEND, EnumSet.of(QpType.RC, QpType.UC, QpType.UD, QpType.XRC_SEND)),
    SEND_WITH_IMM(SendOpsFlag.SEND_WITH_IMM, WcOpcode.SEND,
            EnumSet.of(QpType.RC, QpType.UC, QpType.UD, QpType.XRC_SEND)),
    SEND_WITH_INV(SendOpsFlag.SEND_WITH_INV, WcOpcode.SEND, EnumSet.of(QpType.RC, QpType.UC)),
    RDMA_WRITE(SendOpsFlag.RDMA_WRITE, WcOpcode.RDMA_WRITE, EnumSet.of(QpType.RC, QpType.UC, QpType.XRC_SEND)),
    RDMA_WRITE_WITH_IMM(SendOpsFlag.RDMA_WRITE_WITH_IMM, WcOpcode.RDMA_WRITE,
            EnumSet.of(QpType.RC, QpType.UC, QpType.XRC_SEND)),
    RDMA_READ(SendOpsFlag.RDMA_READ, WcOpcode.RDMA_READ, EnumSet.of(QpType.RC, QpType.XRC_SEND)),
    ATOMIC_CMP_AND_SWP(SendOpsFlag.ATOMIC_CMP_AND_SWP, WcOpcode.COMP_SWAP, EnumSet.of(QpType.RC, QpType.XRC_SEND)),
    ATOMIC_FETCH_AND_ADD(SendOpsFlag.ATOMIC_FETCH_AND_ADD, WcOpcode.FETCH_ADD,
            EnumSet.of(QpType.RC, QpType.XRC_SEND)),
    LOCAL_INV(SendOpsFlag.LOCAL_INV, WcOpcode.LOCAL_INV, EnumSet.of(QpType.RC, QpType.UC)),
    BIND_MW(SendOpsFlag.BIND_MW, WcOpcode.BIND_MW, EnumSet.of(QpType.RC, QpType.UC)),
    ATOMIC_WRITE(SendOpsFlag.ATOMIC_WRITE, WcOpcode.ATOMIC_WRITE, EnumSet.of(QpType.RC)),
    FLUSH(SendOpsFlag.FLUSH, WcOpcode.FLUSH, EnumSet.of(QpType.RC));

    private final SendOpsFlag flag;
    private final WcOpcode completionOpcode;
    private final Set<QpType> types;

    SendOpcode(SendOpsFlag flag, WcOpcode completionOpcode, Set<QpType> types) {
        this.flag = flag;
        this.completionOpcode = completionOpcode;
        this.types = types;
    }

    SendOpsFlag flag() {
        return flag;
    }

    public WcOpcode completionOpcode() {
        return completionOpcode;
    }

    public boolean validFor(QpType type) {
        return types.contains(type);
    }

    /** @return whether the operation acts on the local device only (LOCAL_INV, BIND_MW) */
    public boolean isLocal() {
        return this == LOCAL_INV || this == BIND_MW;
    }

    /** @return whether the operation moves data described by an SGE list or inline data */
    public boolean carriesData() {
        return !isLocal() && this != ATOMIC_WRITE && this != FLUSH;
    }

    public boolean isAtomic() {
        return this == ATOMIC_CMP_AND_SWP || this == ATOMIC_FETCH_AND_ADD;
    }

    /** @return whether inline data is valid for the operation (SEND and RDMA_WRITE kinds) */
    public boolean allowsInline() {
        return this == SEND || this == SEND_WITH_IMM || this == SEND_WITH_INV || this == RDMA_WRITE
                || this == RDMA_WRITE_WITH_IMM;
    }

    /** @return whether the operation consumes a receive request at the responder */
    boolean consumesReceive() {
        return this == SEND || this == SEND_WITH_IMM || this == SEND_WITH_INV || this == RDMA_WRITE_WITH_IMM;
    }

    /** @return whether the local SGEs are written (the data flows back to the requester) */
    public boolean writesLocal() {
        return this == RDMA_READ || isAtomic();
    }

    public static SendOpcode of(SendOpsFlag flag) {
        for (SendOpcode opcode : values()) {
            if (opcode.flag == flag) {
                return opcode;
            }
        }
        return null;
    }
}
