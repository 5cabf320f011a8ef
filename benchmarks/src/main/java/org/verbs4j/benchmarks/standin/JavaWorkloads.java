package org.verbs4j.benchmarks.standin;

import org.verbs4j.CompletionQueue;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * The workloads of {@code standin_loops.c} through the Verbs4J api, one repetition per call, as an
 * application writes them: the receive list and the scatter-gather list built once, reused.
 */
final class JavaWorkloads {

    static final int BURST = 64;
    static final int BATCH = 16;
    static final int REMOTE_KEY = 0x1234;
    static final long REMOTE_ADDRESS = 0x10000;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final CompletionQueue empty;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final SendOps ops;
    private final CompletionQueue replay;
    private final long address;
    private final ReceiveRequest receives;
    private final ScatterGatherList twoSges = new ScatterGatherList(2);

    JavaWorkloads(StandInQueues queues) {
        this.empty = queues.empty;
        this.cq = queues.cq;
        this.qp = queues.qp;
        this.ops = qp.sendOps();
        this.replay = queues.replay;
        this.address = queues.buffer.address();
        this.receives = receiveList(address);
        twoSges.add(address, 8, StandInQueues.LKEY).add(address + 64, 8, StandInQueues.LKEY);
    }

    private static ReceiveRequest receiveList(long address) {
        ReceiveRequest first = null;
        for (int i = BURST - 1; i >= 0; i--) {
            ReceiveRequest r = new ReceiveRequest(1).wrId(i).next(first);
            r.sgList().add(address + 8L * i, 8, StandInQueues.LKEY);
            first = r;
        }
        return first;
    }

    /**
     * @return nanoseconds of the thread's CPU time per message over {@code iterations} repetitions, each workload
     *     in a loop of its own
     */
    double round(Workload workload, long iterations) {
        long start = CpuClock.now();
        long sum = switch (workload) {
            case EMPTY_POLL -> emptyPolls(iterations);
            case SEND_POLL -> sendPolls(iterations);
            case BURST -> bursts(iterations);
            case WRITE2 -> writes(iterations);
            case POLL16 -> polls(iterations);
        };
        double perMessage = (CpuClock.now() - start) / (double) iterations / workload.messagesPerIteration;
        if (sum < 0) {
            throw new IllegalStateException("unreachable: " + sum);
        }
        return perMessage;
    }

    private long emptyPolls(long iterations) {
        long sum = 0;
        for (long k = 0; k < iterations; k++) {
            sum += emptyPoll();
        }
        return sum;
    }

    private long sendPolls(long iterations) {
        long sum = 0;
        for (long k = 0; k < iterations; k++) {
            sum += sendPoll(k);
        }
        return sum;
    }

    private long bursts(long iterations) {
        long sum = 0;
        for (long k = 0; k < iterations; k++) {
            sum += burst();
        }
        return sum;
    }

    private long writes(long iterations) {
        long sum = 0;
        for (long k = 0; k < iterations; k++) {
            sum += write2(k);
        }
        return sum;
    }

    private long polls(long iterations) {
        long sum = 0;
        for (long k = 0; k < iterations; k++) {
            sum += poll16();
        }
        return sum;
    }

    long emptyPoll() {
        if (empty.startPoll()) {
            throw new IllegalStateException("the empty queue is not empty");
        }
        return 0;
    }

    long sendPoll(long k) {
        ops.start();
        ops.wrId(k).wrFlags(SIGNALED).send().setSge(StandInQueues.LKEY, address, 8);
        ops.complete();
        return drain(1);
    }

    long burst() {
        postReceives();
        sendBurst();
        return drainBurst();
    }

    /** The burst's list of 64 receives posted. */
    void postReceives() {
        qp.postReceive(receives);
    }

    /** The burst's 64 SENDs, the last signaled, in one batch. */
    void sendBurst() {
        ops.start();
        for (int i = 0; i < BURST; i++) {
            ops.wrId(i).wrFlags(i == BURST - 1 ? SIGNALED : 0).send().setSge(StandInQueues.LKEY, address, 8);
        }
        ops.complete();
    }

    /** @return the burst's 65 completions, drained */
    long drainBurst() {
        return drain(BURST + 1);
    }

    long write2(long k) {
        ops.start();
        ops.wrId(k).wrFlags(SIGNALED).rdmaWrite(REMOTE_KEY, REMOTE_ADDRESS).setSgeList(twoSges);
        ops.complete();
        return drain(1);
    }

    long poll16() {
        long sum = 0;
        int n = 0;
        if (!replay.startPoll()) {
            throw new IllegalStateException("the replaying queue is empty");
        }
        do {
            sum += replay.wrId() + replay.status().ordinal() + replay.readOpcode().ordinal() + replay.readByteLen()
                    + replay.readQpNum() + replay.readWcFlags();
            n++;
        } while (replay.nextPoll());
        replay.endPoll();
        if (n != BATCH) {
            throw new IllegalStateException(n + " completions instead of " + BATCH);
        }
        return sum;
    }

    private long drain(int count) {
        int left = count;
        while (left > 0) {
            if (!cq.startPoll()) {
                continue;
            }
            do {
                if (cq.status() != WcStatus.SUCCESS) {
                    throw new IllegalStateException("completion " + cq.status());
                }
                left--;
            } while (cq.nextPoll());
            cq.endPoll();
        }
        return count;
    }
}
