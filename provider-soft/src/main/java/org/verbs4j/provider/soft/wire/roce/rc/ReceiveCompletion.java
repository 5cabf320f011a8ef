package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The completion of a receive as a {@link Responder} reports it to {@link ResponderTarget#completeReceive}: one
 * reused object, valid only during that call.
 */
public final class ReceiveCompletion {

    WcStatus status;
    WcOpcode opcode;
    int byteLength;
    boolean hasImmediate;
    int immediate;
    boolean hasInvalidate;
    int invalidatedKey;
    boolean solicited;

    ReceiveCompletion() {
    }

    void reset(WcStatus newStatus, WcOpcode newOpcode, int length) {
        status = newStatus;
        opcode = newOpcode;
        byteLength = length;
        hasImmediate = false;
        immediate = 0;
        hasInvalidate = false;
        invalidatedKey = 0;
        solicited = false;
    }

    /** @return the status */
    public WcStatus status() {
        return status;
    }

    /** @return {@link WcOpcode#RECV} or {@link WcOpcode#RECV_RDMA_WITH_IMM} */
    public WcOpcode opcode() {
        return opcode;
    }

    /** @return the bytes received: the SEND's length, or the RDMA WRITE's for a write with immediate */
    public int byteLength() {
        return byteLength;
    }

    /** @return whether the message carried immediate data (IBV_WC_WITH_IMM) */
    public boolean hasImmediate() {
        return hasImmediate;
    }

    /** @return the immediate data, in wire order */
    public int immediate() {
        return immediate;
    }

    /** @return whether the message was a SEND with invalidate (IBV_WC_WITH_INV) */
    public boolean hasInvalidate() {
        return hasInvalidate;
    }

    /** @return the R_Key the SEND with invalidate names, which the target invalidates */
    public int invalidatedKey() {
        return invalidatedKey;
    }

    /** @return whether the last packet had the solicited event bit */
    public boolean solicited() {
        return solicited;
    }
}
