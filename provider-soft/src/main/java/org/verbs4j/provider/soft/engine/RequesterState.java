package org.verbs4j.provider.soft.engine;

import java.util.ArrayDeque;

/**
 * The requester's state of one queue pair, kept apart from the verbs object as rxe keeps its requester
 * state per queue pair: whether its send queue is being executed, whether the request at the head is
 * executing, the answer it waits for, and its wait for a receive after an RNR NAK. Read and written by the {@link Requester} only, with
 * the fabric lock held; the queue pair asks it whether a flush must wait and drops the wait when it leaves.
 */
public final class RequesterState {

    /** The answer to the request at the head, which the requester places (one per queue pair, reused). */
    private final Response response = new Response();
    private boolean progressing;
    private boolean executingHead;
    private boolean rnrTimerPending;
    private boolean awaitsAnswer;
    /** The responder's queue of waiting requesters that this one is in, or {@code null}. */
    private ArrayDeque<QueuePairView> waitingOn;
    /** The packet sequence number of the next datagram that leaves for the network (24 bits). */
    private int datagramPsn;

    /** @return the PSN of the next datagram sent over the network, then advances it */
    public int nextDatagramPsn() {
        int psn = datagramPsn;
        datagramPsn = (psn + 1) & 0xFF_FFFF;
        return psn;
    }

    /** @return where the wire puts the answer to the request at the head */
    public Response response() {
        return response;
    }

    /** @return whether the send queue is being executed further up the stack */
    boolean progressing() {
        return progressing;
    }

    void progressing(boolean value) {
        progressing = value;
    }

    /** @return whether the request at the head of the send queue is executing (a flush waits for it) */
    public boolean executingHead() {
        return executingHead;
    }

    public void executingHead(boolean value) {
        executingHead = value;
    }

    /** @return whether the request at the head is on its way and the send queue waits for its answer */
    public boolean awaitsAnswer() {
        return awaitsAnswer;
    }

    void awaitsAnswer(boolean value) {
        awaitsAnswer = value;
    }

    /**
     * The queue pair flushes, resets or goes away: the request at the head waits for nothing any more (an answer
     * that still arrives is ignored), and {@code qp}, whose state this is, leaves the queue it waits in.
     */
    public void abandon(QueuePairView qp) {
        awaitsAnswer = false;
        forgetRnrWait(qp);
    }

    /** @return whether the RNR timer will retry the request at the head */
    boolean rnrTimerPending() {
        return rnrTimerPending;
    }

    void rnrTimerPending(boolean value) {
        rnrTimerPending = value;
    }

    /** @return whether the request at the head waits for a receive of its responder after an RNR NAK */
    boolean waitsForReceive() {
        return waitingOn != null;
    }

    /** @return whether the request at the head waits in {@code waiters} */
    boolean waitsIn(ArrayDeque<QueuePairView> waiters) {
        return waitingOn == waiters;
    }

    /** Records that {@code qp}, whose state this is, waits in {@code waiters}. */
    void waitIn(ArrayDeque<QueuePairView> waiters, QueuePairView qp) {
        waiters.addLast(qp);
        waitingOn = waiters;
    }

    /** Records that the responder took {@code qp} off its queue of waiting requesters to retry it. */
    void woken() {
        waitingOn = null;
    }

    /** Takes {@code qp}, whose state this is, off the queue it waits in, if any. */
    void forgetRnrWait(QueuePairView qp) {
        if (waitingOn != null) {
            waitingOn.remove(qp);
            waitingOn = null;
        }
    }
}
