package org.verbs4j.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;

/**
 * The message rate of 8-byte SEND and RDMA_WRITE between two RC queue pairs of the soft device: each
 * operation posts the request (and, for SEND, the receive it consumes) and polls its completions.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MessageRateBenchmark {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int MESSAGE = 8;

    private RcPair pair;
    private SendOps ops;
    private ReceiveRequest receive;

    /** Connects the queue pairs. */
    @Setup
    public void setUp() {
        pair = new RcPair(4096);
        ops = pair.a.sendOps();
        receive = new ReceiveRequest(1).wrId(2);
        receive.sgList().add(pair.mrB, 0, MESSAGE);
    }

    /** Releases the device objects. */
    @TearDown
    public void tearDown() {
        pair.close();
    }

    /** @return the work request ids, so that nothing is optimised away */
    @Benchmark
    public long send8() {
        pair.b.postReceive(receive);
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setSge(pair.mrA.lkey(), pair.mrA.address(), MESSAGE);
        ops.complete();
        return RcPair.pollOne(pair.cqA) + RcPair.pollOne(pair.cqB);
    }

    /** @return the work request id */
    @Benchmark
    public long rdmaWrite8() {
        ops.start();
        ops.wrId(3).wrFlags(SIGNALED).rdmaWrite(pair.mrB.rkey(), pair.mrB.address())
                .setSge(pair.mrA.lkey(), pair.mrA.address(), MESSAGE);
        ops.complete();
        return RcPair.pollOne(pair.cqA);
    }
}
