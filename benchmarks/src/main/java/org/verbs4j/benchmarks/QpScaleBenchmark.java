package org.verbs4j.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The streamed 8-byte SEND with {@code pairs} connected RC pairs ({@link PairSet}): one operation is one
 * message, a burst of 64 on the next pair in turn. {@link QpScaleRatio} measures the sets against each other in
 * alternating rounds of one JVM; this is the same workload under JMH, one set per fork.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class QpScaleBenchmark {

    /** The number of connected pairs. */
    @Param({"1", "16", "256", "4096"})
    public int pairs;

    private PairSet set;

    /** Builds the pairs. */
    @Setup(Level.Trial)
    public void setUp() {
        set = new PairSet(pairs);
    }

    /** Closes them. */
    @TearDown(Level.Trial)
    public void tearDown() {
        set.close();
    }

    /** One burst of 64 SENDs on the next pair. */
    @Benchmark
    @OperationsPerInvocation(PairSet.BURST)
    public void send8() {
        set.burst();
    }
}
