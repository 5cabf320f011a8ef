package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.WcOpcode;
import org.verbs4j.provider.soft.wire.roce.MessagePart;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * The operations a requester sends ({@code ibv_wr_opcode} of a connected queue pair), each with its BTH opcodes
 * by message part: the low five bits of IBTA Table 38, to which UC adds 0x20 and XRC 0xA0.
 */
public enum WorkOperation {
    /** SEND. */
    SEND(WcOpcode.SEND, 0x00, 0x01, 0x02, 0x04),
    /** SEND with immediate data. */
    SEND_WITH_IMMEDIATE(WcOpcode.SEND, 0x00, 0x01, 0x03, 0x05),
    /** SEND with invalidate (RC and XRC only). */
    SEND_WITH_INVALIDATE(WcOpcode.SEND, 0x00, 0x01, 0x16, 0x17),
    /** RDMA WRITE. */
    RDMA_WRITE(WcOpcode.RDMA_WRITE, 0x06, 0x07, 0x08, 0x0A),
    /** RDMA WRITE with immediate data. */
    RDMA_WRITE_WITH_IMMEDIATE(WcOpcode.RDMA_WRITE, 0x06, 0x07, 0x09, 0x0B),
    /** RDMA READ (RC and XRC only). */
    RDMA_READ(WcOpcode.RDMA_READ, -1, -1, -1, 0x0C),
    /** Atomic compare and swap (RC and XRC only). */
    COMPARE_SWAP(WcOpcode.COMP_SWAP, -1, -1, -1, 0x13),
    /** Atomic fetch and add (RC and XRC only). */
    FETCH_ADD(WcOpcode.FETCH_ADD, -1, -1, -1, 0x14),
    /** FLUSH (RC only): answered by an RDMA READ response without payload. */
    FLUSH(WcOpcode.FLUSH, -1, -1, -1, 0x1C),
    /** ATOMIC WRITE of 8 bytes (RC only): answered by an RDMA READ response without payload. */
    ATOMIC_WRITE(WcOpcode.ATOMIC_WRITE, -1, -1, -1, 0x1D);

    private final WcOpcode completion;
    private final int[] codes;

    WorkOperation(WcOpcode completion, int first, int middle, int last, int only) {
        this.completion = completion;
        this.codes = new int[] {first, middle, last, only};
    }

    /** @return the opcode of the requester's completion */
    public WcOpcode completion() {
        return completion;
    }

    /**
     * @return whether it is an RDMA READ, an atomic, a FLUSH or an ATOMIC WRITE: one that takes a responder
     *     resource, is answered by a response rather than an ACK, and counts against max_rd_atomic
     */
    public boolean isReadOrAtomic() {
        return this == RDMA_READ || isAtomic() || answeredEmpty();
    }

    /** @return whether a READ response without payload answers it (FLUSH and ATOMIC WRITE, as rxe answers) */
    public boolean answeredEmpty() {
        return this == FLUSH || this == ATOMIC_WRITE;
    }

    /** @return whether it is an atomic operation */
    public boolean isAtomic() {
        return this == COMPARE_SWAP || this == FETCH_ADD;
    }

    /** @return whether it carries a payload segmented at the path MTU (SEND and RDMA WRITE) */
    public boolean isSegmented() {
        return !isReadOrAtomic();
    }

    /** @return whether it is an RDMA WRITE */
    public boolean isWrite() {
        return completion == WcOpcode.RDMA_WRITE;
    }

    /**
     * @param transport RC, UC or XRC
     * @return whether the transport service carries this operation
     */
    public boolean runsOn(Transport transport) {
        return transport.reliable() || isSegmented() && this != SEND_WITH_INVALIDATE;
    }

    /**
     * @param transport RC, UC or XRC
     * @param part where the packet sits in the message
     * @return the packet's opcode
     */
    public Opcode opcode(Transport transport, MessagePart part) {
        return Opcode.of(transport.opcodeBase() | codes[part.ordinal()]);
    }
}
