package org.verbs4j.benchmarks;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * consumer thread through a bounded single-producer single-consumer ring. {@code transfers} counts the
 * messages that crossed, per second.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class HandOffBenchmark {

    private static final int CAPACITY = 1024;

    private final long[] ring = new long[CAPACITY];
    private final AtomicLong head = new AtomicLong();
    private final AtomicLong tail = new AtomicLong();
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
        long position = tail.get();
        if (position - head.get() >= CAPACITY) {
            return false;
        }
        ring[(int) (position & (CAPACITY - 1))] = ++produced;
        tail.lazySet(position + 1);
        return true;
    }

    /** @return the message, or 0 if the ring was empty */
    @Benchmark
    @Group("handoff")
    @GroupThreads(1)
    public long poll(Transfers counter) {
        long position = head.get();
        if (position >= tail.get()) {
            return 0;
        }
        long message = ring[(int) (position & (CAPACITY - 1))];
        head.lazySet(position + 1);
        counter.transfers++;
        return message;
    }
}
