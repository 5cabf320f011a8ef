package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import org.verbs4j.WcStatus;

/**
 * What a responder answers to one request, as the wire carries it back: an ACK, an RNR NAK or an error NAK
 * (the codes below) and, with an ACK, what the requester places in its own memory: the data of an
 * RDMA READ response (the responder's memory, checked) or the original value of an atomic acknowledgement.
 * The responder never writes into the requester's memory: the requester places the response, as rxe's completer
 * does. One per requester, reused for every request (no allocation).
 */
public final class Response {

    /** The request was executed (the response, if any, is in this object). */
    static final int ACK = 0;
    /** Receiver not ready: no receive request for the message; the requester retries. */
    static final int RNR = 1;
    /** The remote access was refused (key, bounds, access rights): REM_ACCESS_ERR at the requester. */
    static final int NAK_ACCESS = 2;
    /** The request is invalid at the responder (length, alignment, SRQ number): REM_INV_REQ_ERR. */
    public static final int NAK_INVALID = 3;
    /** The responder failed to execute it (its receive buffer): REM_OP_ERR. */
    static final int NAK_OPERATION = 4;
    /** No queue pair answered at the destination: the requester's retries are exhausted at once. */
    public static final int NO_ANSWER = 5;
    /**
     * The request is on its way and its answer comes later ({@link Requester#answer}), when it arrives from
     * the network; the send queue waits for it. The in-JVM wire never gives it.
     */
    public static final int PENDING = 6;
    /**
     * The request was executed and the wire has already placed its response (READ data, an atomic's original
     * value) in the request's memory: a wire that runs the transport itself (RoCE v2) gives it.
     */
    public static final int PLACED = 7;
    /** The request ended with the status {@link #status()} that the wire's own transport gave it. */
    public static final int FAILED = 8;

    /** The data of an RDMA READ response: the checked range of the responder's memory. */
    private final Sges readData = new Sges(1);
    /** The original value of an atomic acknowledgement, and a one-entry list over it for the copy. */
    private final MemorySegment original = DeviceMemory.buffer(Long.BYTES);
    private final Sges originalView = new Sges(1);
    /** With an RNR NAK inside the JVM: the requesters waiting for a receive of the responder. */
    private ArrayDeque<QueuePairView> rnrWaiters;
    /** With an RNR NAK: the responder's {@code min_rnr_timer} (the timer field of the NAK). */
    private int rnrTimer;
    /** With {@link #FAILED}: the status of the request. */
    private WcStatus status = WcStatus.SUCCESS;

    Response() {
        originalView.setResolved(original, Long.BYTES);
    }

    /** @return the list the responder resolves the data of an RDMA READ response into */
    Sges readData() {
        return readData;
    }

    /** The responder's answer to an atomic operation: the value before it. */
    public void original(long value) {
        original.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, value);
    }

    /** @return the original value of an atomic acknowledgement, as a list of one 8-byte entry */
    public Sges originalData() {
        return originalView;
    }

    /** An RNR NAK: the requester retries after {@code timer} or when a receive reaches {@code waiters}. */
    void receiverNotReady(int timer, ArrayDeque<QueuePairView> waiters) {
        rnrTimer = timer;
        rnrWaiters = waiters;
    }

    /** @return the responder's {@code min_rnr_timer}, with an RNR NAK */
    int rnrTimer() {
        return rnrTimer;
    }

    /** The wire's transport ended the request with {@code failure}; the answer is {@link #FAILED}. */
    public void failed(WcStatus failure) {
        status = failure;
    }

    /** @return the status of a request answered {@link #FAILED} */
    WcStatus status() {
        return status;
    }

    /** @return the requesters waiting for a receive of the responder that RNR-NAKed, or {@code null} */
    ArrayDeque<QueuePairView> rnrWaiters() {
        return rnrWaiters;
    }
}
