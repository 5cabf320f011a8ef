package org.verbs4j.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The message rate of 8-byte SEND and RDMA_WRITE between two RC queue pairs of the soft device as
 * perftest's {@code ib_send_bw} and {@code ib_write_bw} measure it with small messages: the messages stream
 * in bursts of {@link MessageStream#BURST} (receives posted as one list, requests as one batch with only
 * the last one signaled, completions drained in batches), both sides in one thread. One operation is one
 * message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StreamingBenchmark extends StreamState {


    /** One burst of SENDs: post the receives, post the sends, drain both completion queues. */
    @Benchmark
    @OperationsPerInvocation(MessageStream.BURST)
    public void send8() {
        stream.postReceives();
        stream.postSends();
        MessageStream.drain(stream.pair.cqA, 1);
        MessageStream.drain(stream.pair.cqB, MessageStream.BURST);
    }

    /** One burst of RDMA_WRITEs: post them, poll the signaled completion. */
    @Benchmark
    @OperationsPerInvocation(MessageStream.BURST)
    public void rdmaWrite8() {
        stream.postWrites();
        MessageStream.drain(stream.pair.cqA, 1);
    }
}
