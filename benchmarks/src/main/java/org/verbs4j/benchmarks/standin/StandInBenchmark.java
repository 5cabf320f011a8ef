package org.verbs4j.benchmarks.standin;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The Java side of {@link StandInRatio} under JMH, for its allocation profile ({@code -prof gc}: the
 * data path must allocate nothing) and a second look at the time per operation. One operation is one
 * repetition of the workload (the burst: 64 messages; the batch: 16 completions).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StandInBenchmark {

    private JavaWorkloads workloads;
    private long k;

    /** Creates the stand-in device and its queues. */
    @Setup(Level.Trial)
    public void setUp() throws Throwable {
        workloads = new JavaWorkloads(new StandInQueues());
    }

    /** @return the workload's value */
    @Benchmark
    public long emptyPoll() {
        return workloads.emptyPoll();
    }

    /** @return the workload's value */
    @Benchmark
    public long sendPoll() {
        return workloads.sendPoll(k++);
    }

    /** @return the workload's value */
    @Benchmark
    public long burst64() {
        return workloads.burst();
    }

    /** @return the workload's value */
    @Benchmark
    public long write2Sge() {
        return workloads.write2(k++);
    }

    /** @return the workload's value */
    @Benchmark
    public long poll16() {
        return workloads.poll16();
    }
}
