package org.verbs4j.benchmarks;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;

/**
 * The bandwidth of a large RDMA_WRITE between two RC queue pairs of the soft device, beside
 * {@link MemorySegment#copy} of the same size between the same buffers (the limit). Bytes per second are
 * operations per second times {@link #size}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class BandwidthBenchmark {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    /** The message size in bytes. */
    @Param({"65536", "1048576"})
    public int size;

    private RcPair pair;
    private SendOps ops;

    /** Connects the queue pairs. */
    @Setup
    public void setUp() {
        pair = new RcPair(size);
        ops = pair.a.sendOps();
    }

    /** Releases the device objects. */
    @TearDown
    public void tearDown() {
        pair.close();
    }

    /** @return the work request id */
    @Benchmark
    public long rdmaWrite() {
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(pair.mrB.rkey(), pair.mrB.address())
                .setSge(pair.mrA.lkey(), pair.mrA.address(), size);
        ops.complete();
        return RcPair.pollOne(pair.cqA);
    }

    /** The same bytes moved by {@link MemorySegment#copy}. */
    @Benchmark
    public void memorySegmentCopy() {
        MemorySegment.copy(pair.mrA.segment(), 0, pair.mrB.segment(), 0, size);
    }
}
