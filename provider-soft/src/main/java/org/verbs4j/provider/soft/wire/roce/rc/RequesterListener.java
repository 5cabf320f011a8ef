package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/** What a {@link Requester} hands back to the engine: the data responses carry, and the send completions. */
public interface RequesterListener {

    /**
     * Places a slice of an RDMA READ response into the work request's scatter list.
     *
     * @param wrId the work request
     * @param offset the slice's offset in the READ
     * @param packet the response packet, valid only during the call
     * @param at where the slice starts in {@code packet}
     * @param length the slice's length
     */
    void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length);

    /**
     * Places the remote value an atomic operation found (from the AtomicAckETH) into the work request's buffer.
     *
     * @param wrId the work request
     * @param original the 8-byte value before the operation
     */
    void placeAtomic(long wrId, long original);

    /**
     * Completes a work request, in the order they were posted: on RC once the responder acknowledged it (or an
     * error ended it), on UC once it is sent. After an error the later requests complete with
     * {@link WcStatus#WR_FLUSH_ERR}.
     *
     * @param wrId the work request
     * @param opcode the completion opcode
     * @param status its status
     * @param byteLength the message length
     */
    void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength);
}
