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
 * The limit for small messages inside one JVM: an 8-byte message handed from a producer thread to a
 * consumer thread through a padded single-producer single-consumer ring ({@link SpscRing}). Each message
 * here also pays JMH's cost of one invocation on each side, which bounds the rate well below the ring's own;
 * {@link MessageRateRatio} drives the same ring without a harness ({@link ThreadHandOff}).
 * {@code transfers} counts the messages that crossed, per second; the primary score counts the calls of
 * both threads, including those that found the ring full or empty, and is not the figure to use.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HandOffBenchmark {

    private static final int CAPACITY = 1024;
    private static final long EMPTY = -1;

    private final SpscRing ring = new SpscRing(CAPACITY);
    private long produced;

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

    /** @return whether the message was queued (the ring may be full) */
    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public boolean offer() {
        if (ring.offer(produced)) {
            produced++;
            return true;
        }
        return false;
    }

    /** @return the message, or {@link #EMPTY} if the ring was empty */
    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public long poll(Transfers counter) {
        long message = ring.poll(EMPTY);
        if (message != EMPTY) {
            counter.transfers++;
        }
        return message;
    }
}
