package org.verbs4j.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * The message rate of 8-byte SEND and RDMA_WRITE between two RC queue pairs of the soft device as
 * perftest's {@code ib_send_bw} and {@code ib_write_bw} measure it with small messages: messages stream in
 * bursts of {@link #BURST}; the receives of a burst are posted as one list, the sends as one
 * {@code ibv_wr_start} ... {@code ibv_wr_complete} batch in which only the last request is signaled
 * ({@code sq_sig_all} off), and the completions are drained in one poll batch per queue. One operation is
 * one message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StreamingBenchmark {

    /** The messages of one burst: one invocation. */
    static final int BURST = 64;

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int MESSAGE = 8;

    private RcPair pair;
    private SendOps ops;
    private ReceiveRequest receives;
    private int lkeyA;
    private long addressA;
    private int rkeyB;
    private long addressB;

    /** Connects the queue pairs and links the receive requests of a burst. */
    @Setup
    public void setUp() {
        pair = new RcPair(BURST * MESSAGE);
        ops = pair.a.sendOps();
        lkeyA = pair.mrA.lkey();
        addressA = pair.mrA.address();
        rkeyB = pair.mrB.rkey();
        addressB = pair.mrB.address();
        receives = receiveList(pair);
    }

    /** @return a list of {@link #BURST} receive requests for 8-byte messages into B's buffer */
    static ReceiveRequest receiveList(RcPair pair) {
        ReceiveRequest next = null;
        for (int i = BURST - 1; i >= 0; i--) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(i).next(next);
            request.sgList().add(pair.mrB, (long) i * MESSAGE, MESSAGE);
            next = request;
        }
        return next;
    }

    /** Releases the device objects. */
    @TearDown
    public void tearDown() {
        pair.close();
    }

    /** @return the sum of the work request ids, so that nothing is optimised away */
    @Benchmark
    @OperationsPerInvocation(BURST)
    public long send8() {
        pair.b.postReceive(receives);
        ops.start();
        for (int i = 0; i < BURST; i++) {
            ops.wrId(i).wrFlags(i == BURST - 1 ? SIGNALED : 0).send()
                    .setSge(lkeyA, addressA + (long) i * MESSAGE, MESSAGE);
        }
        ops.complete();
        return drain(pair.cqA, 1) + drain(pair.cqB, BURST);
    }

    /** @return the sum of the work request ids */
    @Benchmark
    @OperationsPerInvocation(BURST)
    public long rdmaWrite8() {
        ops.start();
        for (int i = 0; i < BURST; i++) {
            ops.wrId(i).wrFlags(i == BURST - 1 ? SIGNALED : 0).rdmaWrite(rkeyB, addressB + (long) i * MESSAGE)
                    .setSge(lkeyA, addressA + (long) i * MESSAGE, MESSAGE);
        }
        ops.complete();
        return drain(pair.cqA, 1);
    }

    /**
     * Polls {@code expected} successful completions, in as few poll batches as they arrive in.
     *
     * @throws IllegalStateException on an error completion: the benchmark must not time flushes
     */
    static long drain(CompletionQueue cq, int expected) {
        long sum = 0;
        int seen = 0;
        while (seen < expected) {
            if (!cq.startPoll()) {
                Thread.onSpinWait();
                continue;
            }
            do {
                if (cq.status() != WcStatus.SUCCESS) {
                    long wrId = cq.wrId();
                    WcStatus status = cq.status();
                    cq.endPoll();
                    throw new IllegalStateException("completion of wr_id " + wrId + " has status " + status);
                }
                sum += cq.wrId();
                seen++;
            } while (seen < expected && cq.nextPoll());
            cq.endPoll();
        }
        return sum;
    }
}
