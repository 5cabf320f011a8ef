package org.verbs4j.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
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
 * The streamed 8-byte SEND of {@link StreamingBenchmark} with the two sides in two threads, as perftest's
 * {@code ib_send_bw} runs them in two processes: a sender thread keeps bursts of {@link StreamingBenchmark#BURST}
 * sends (the last one signaled) in flight and polls their completions, a receiver thread keeps bursts of
 * receives posted and polls the messages' completions. Neither thread waits for the other (a call that
 * finds nothing to do returns), as in {@link HandOffBenchmark}, whose two threads this compares with.
 * {@code messages} counts the receive completions, per second; the primary score counts calls and is not
 * the figure to use. The soft device executes a send in the thread that posts it, or, when the send found
 * no receive (RNR, retried forever), in the thread that posts the receive it waited for.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StreamingTwoThreadsBenchmark {

    private static final int BURST = StreamingBenchmark.BURST;
    /** Messages in flight at most: the depth of the send and receive queues of {@link RcPair}. */
    private static final int DEPTH = 256;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int MESSAGE = 8;

    private RcPair pair;
    private SendOps ops;
    private ReceiveRequest receives;
    private int lkeyA;
    private long addressA;
    private long sendsPosted;
    private long sendsCompleted;
    private long receivesPosted;
    private long receivesCompleted;

    /** The messages the receiver got. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Messages {
        /** Receive completions in the iteration. */
        public long messages;

        /** Resets the counter. */
        @Setup(Level.Iteration)
        public void reset() {
            messages = 0;
        }
    }

    /** Connects the queue pairs and links the receive requests of a burst. */
    @Setup
    public void setUp() {
        pair = new RcPair(BURST * MESSAGE);
        ops = pair.a.sendOps();
        lkeyA = pair.mrA.lkey();
        addressA = pair.mrA.address();
        receives = StreamingBenchmark.receiveList(pair);
    }

    /** Releases the device objects. */
    @TearDown
    public void tearDown() {
        pair.close();
    }

    /** @return the messages sent so far */
    @Benchmark
    @Group("send8")
    @GroupThreads(1)
    public long sender() {
        if (sendsPosted - sendsCompleted <= DEPTH - BURST) {
            ops.start();
            for (int i = 0; i < BURST; i++) {
                ops.wrId(i).wrFlags(i == BURST - 1 ? SIGNALED : 0).send()
                        .setSge(lkeyA, addressA + (long) i * MESSAGE, MESSAGE);
            }
            ops.complete();
            sendsPosted += BURST;
        }
        sendsCompleted += BURST * (long) poll(pair.cqA);
        return sendsCompleted;
    }

    /** @return the messages received so far */
    @Benchmark
    @Group("send8")
    @GroupThreads(1)
    public long receiver(Messages counter) {
        if (receivesPosted - receivesCompleted <= DEPTH - BURST) {
            pair.b.postReceive(receives);
            receivesPosted += BURST;
        }
        int received = poll(pair.cqB);
        receivesCompleted += received;
        counter.messages += received;
        return receivesCompleted;
    }

    /**
     * Polls the completions that are there, without waiting.
     *
     * @return how many there were
     * @throws IllegalStateException on an error completion: the benchmark must not time flushes
     */
    private static int poll(CompletionQueue cq) {
        if (!cq.startPoll()) {
            return 0;
        }
        int count = 0;
        do {
            if (cq.status() != WcStatus.SUCCESS) {
                long wrId = cq.wrId();
                WcStatus status = cq.status();
                cq.endPoll();
                throw new IllegalStateException("completion of wr_id " + wrId + " has status " + status);
            }
            count++;
        } while (cq.nextPoll());
        cq.endPoll();
        return count;
    }
}
