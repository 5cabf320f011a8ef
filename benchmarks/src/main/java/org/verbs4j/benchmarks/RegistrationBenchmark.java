package org.verbs4j.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.verbs4j.Context;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.Verbs;

/**
 * Registering a region of {@code size} bytes on {@code soft0} and deregistering it (one operation), for sizes
 * from 4 KiB to 256 MiB: the soft device copies nothing at registration, so the cost should not grow with the
 * size; the 4 KiB figure of the same run is the baseline.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RegistrationBenchmark {

    /** The region's size in bytes. */
    @Param({"4096", "1048576", "67108864", "268435456"})
    public long size;

    private Arena arena;
    private Context context;
    private ProtectionDomain pd;
    private MemorySegment region;

    /** Opens the device and allocates the region. */
    @Setup(Level.Trial)
    public void setUp() {
        arena = Arena.ofShared();
        context = Verbs.open("soft0");
        pd = context.allocateProtectionDomain();
        region = arena.allocate(size, 4096);
    }

    /** Closes them. */
    @TearDown(Level.Trial)
    public void tearDown() {
        pd.close();
        context.close();
        arena.close();
    }

    /** @return the key of the region, registered and deregistered */
    @Benchmark
    public int registerAndDeregister() {
        try (var mr = pd.registerMemory(region, RcPair.ACCESS)) {
            return mr.lkey();
        }
    }
}
