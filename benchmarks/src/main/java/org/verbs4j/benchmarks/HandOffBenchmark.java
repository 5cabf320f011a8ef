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
 * The limit for small messages inside one JVM: 8-byte messages handed from a producer thread to a
 * consumer thread through a padded single-producer single-consumer ring ({@link SpscRing}). Each invocation
 * moves up to {@link MessageStream#BURST} messages on its side (fewer when the ring is full or empty), so that
 * JMH's cost of an invocation is shared by a burst, as it is in {@link StreamingBenchmark}; the producer's
 * count lives in a state of its own thread, away from what the consumer reads. {@link MessageRateRatio}
 * drives the same ring without a harness ({@link ThreadHandOff}). {@code transfers} counts the messages that
 * crossed, per second; the primary score counts the calls of both threads, including those that found the
 * ring full or empty, and is not the figure to use.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HandOffBenchmark {

    private static final int CAPACITY = 1024;
    private static final long EMPTY = -1;

    private static final int BURST = MessageStream.BURST;

    private final SpscRing ring = new SpscRing(CAPACITY);

    /** The producer's next message, in an object of the producer's thread. */
    @State(Scope.Thread)
    public static class Producer {
        long produced;
    }

    /** The number of messages the consumer received. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Transfers {
        /** Messages received in the iteration. */
        public long transfers;

        /** Resets the counter. */
        @Setup(Level.Iteration)
        public void reset() {
            transfers = 0;
        }
    }

    /**
     * @param producer the producer's count
     * @return the messages queued so far (a burst stops early when the ring is full)
     */
    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public long offer(Producer producer) {
        long next = producer.produced;
        long end = next + BURST;
        while (next < end && ring.offer(next)) {
            next++;
        }
        producer.produced = next;
        return next;
    }

    /**
     * @param counter the messages received in this iteration
     * @return the sum of the messages taken (a burst stops early when the ring is empty)
     */
    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public long poll(Transfers counter) {
        long sum = 0;
        int taken = 0;
        long message;
        while (taken < BURST && (message = ring.poll(EMPTY)) != EMPTY) {
            sum += message;
            taken++;
        }
        counter.transfers += taken;
        return sum;
    }
}
