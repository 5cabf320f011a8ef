package org.verbs4j.benchmarks;

import org.verbs4j.CompletionQueue;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * 8-byte messages from A to B of an {@link RcPair} in bursts, as perftest streams them: the receives of a
 * burst are posted as one list, the requests as one {@code ibv_wr_start} ... {@code ibv_wr_complete} batch in
 * which only the last request is signaled ({@code sq_sig_all} off), and completions are polled in batches.
 */
final class MessageStream implements AutoCloseable {

    /** The messages of one burst. */
    static final int BURST = 64;
    /** The most messages in flight: the depth of the send and receive queues of {@link RcPair}. */
    static final int DEPTH = RcPair.QUEUE_DEPTH;

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int MESSAGE = 8;

    final RcPair pair = new RcPair(BURST * MESSAGE);
    private final SendOps ops = pair.a.sendOps();
    private final ReceiveRequest receives = receiveList();
    private final int lkeyA = pair.mrA.lkey();
    private final long addressA = pair.mrA.address();
    private final int rkeyB = pair.mrB.rkey();
    private final long addressB = pair.mrB.address();

    private ReceiveRequest receiveList() {
        ReceiveRequest next = null;
        for (int i = BURST - 1; i >= 0; i--) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(i).next(next);
            request.sgList().add(pair.mrB, (long) i * MESSAGE, MESSAGE);
            next = request;
        }
        return next;
    }

    /** Posts the receives of a burst on B, as one list. */
    void postReceives() {
        pair.b.postReceive(receives);
    }

    /** Posts a burst of SENDs on A, the last one signaled. */
    void postSends() {
        buildSends();
        ops.complete();
    }

    /** Builds a burst of SENDs on A as {@link #postSends} does, then aborts the batch: the builder's cost alone. */
    void buildSendsAndAbort() {
        buildSends();
        ops.abort();
    }

    private void buildSends() {
        ops.start();
        for (int i = 0; i < BURST; i++) {
            ops.wrId(i).wrFlags(flags(i)).send().setSge(lkeyA, addressA + (long) i * MESSAGE, MESSAGE);
        }
    }

    /** Posts a burst of RDMA_WRITEs from A to B, the last one signaled. */
    void postWrites() {
        ops.start();
        for (int i = 0; i < BURST; i++) {
            ops.wrId(i).wrFlags(flags(i)).rdmaWrite(rkeyB, addressB + (long) i * MESSAGE)
                    .setSge(lkeyA, addressA + (long) i * MESSAGE, MESSAGE);
        }
        ops.complete();
    }

    private static int flags(int index) {
        return index == BURST - 1 ? SIGNALED : 0;
    }

    /**
     * Polls the completions that are there, in one batch, without waiting.
     *
     * @param atMost the most completions to take
     * @return how many were taken
     * @throws IllegalStateException on an error completion: the benchmark must not time flushes
     */
    static int poll(CompletionQueue cq, int atMost) {
        if (!cq.startPoll()) {
            return 0;
        }
        int taken = 0;
        do {
            WcStatus status = cq.status();
            if (status != WcStatus.SUCCESS) {
                long wrId = cq.wrId();
                cq.endPoll();
                throw RcPair.errorCompletion(wrId, status);
            }
            taken++;
        } while (taken < atMost && cq.nextPoll());
        cq.endPoll();
        return taken;
    }

    /** Polls until {@code expected} completions were taken, spinning while the queue is empty. */
    static void drain(CompletionQueue cq, int expected) {
        int taken = 0;
        while (taken < expected) {
            int polled = poll(cq, expected - taken);
            if (polled == 0) {
                Thread.onSpinWait();
            }
            taken += polled;
        }
    }

    @Override
    public void close() {
        pair.close();
    }
}
