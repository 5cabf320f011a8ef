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

/**
 * The streamed 8-byte SEND of {@link StreamingBenchmark} with the two sides in two threads, as perftest's
 * {@code ib_send_bw} runs them in two processes: a sender thread keeps bursts of sends in flight and polls
 * their completions, a receiver thread keeps bursts of receives posted and polls the messages. Neither
 * thread waits for the other (a call that finds nothing to do returns), as in {@link HandOffBenchmark},
 * whose two threads this compares with. {@code messages} counts the receive completions, per second; the
 * primary score counts calls and is not the figure to use. The soft device executes a send in the thread
 * that posts it or, when the send found no receive (RNR, retried forever), in the thread that posts the
 * receive it waited for.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StreamingTwoThreadsBenchmark extends StreamState {

    private static final int BURST = MessageStream.BURST;
    private static final int DEPTH = MessageStream.DEPTH;

    /**
     * One side's count of posted and completed requests, in an object of its own thread: two processes in
     * perftest share nothing, and counters of both threads side by side would share a cache line.
     */
    @State(Scope.Thread)
    public static class Window {
        long posted;
        long completed;

        /** @return whether another burst fits in the queue */
        boolean hasRoom() {
            return posted - completed <= DEPTH - BURST;
        }
    }

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

    /**
     * @param sends the sender's window
     * @return the messages sent so far
     */
    @Benchmark
    @Group("send8")
    @GroupThreads(1)
    public long sender(Window sends) {
        if (sends.hasRoom()) {
            stream.postSends();
            sends.posted += BURST;
        }
        sends.completed += (long) BURST * MessageStream.poll(stream.pair.cqA, Integer.MAX_VALUE);
        return sends.completed;
    }

    /**
     * @param receives the receiver's window
     * @param counter the messages received in this iteration
     * @return the messages received so far
     */
    @Benchmark
    @Group("send8")
    @GroupThreads(1)
    public long receiver(Window receives, Messages counter) {
        if (receives.hasRoom()) {
            stream.postReceives();
            receives.posted += BURST;
        }
        int received = MessageStream.poll(stream.pair.cqB, Integer.MAX_VALUE);
        receives.completed += received;
        counter.messages += received;
        return receives.completed;
    }
}
