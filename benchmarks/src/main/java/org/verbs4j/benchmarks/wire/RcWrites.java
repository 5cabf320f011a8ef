package org.verbs4j.benchmarks.wire;

import java.util.concurrent.TimeUnit;
import org.verbs4j.CompletionQueue;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * The sending side of the soft wire's bandwidth: RDMA WRITEs of {@link SoftEnd#BUFFER_BYTES} from this JVM's
 * buffer into the peer's over the connected RC queue pairs, in bursts of {@link WireRatio#WRITES} with only the
 * last one signaled.
 */
final class RcWrites {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final SoftEnd end;
    private final long remoteAddress;
    private final int remoteRkey;

    RcWrites(SoftEnd end, long remoteAddress, int remoteRkey) {
        this.end = end;
        this.remoteAddress = remoteAddress;
        this.remoteRkey = remoteRkey;
    }

    /**
     * Posts one signaled WRITE and waits for its completion.
     *
     * @return its status, or {@code null} if none came within {@code seconds}
     */
    WcStatus probe(int seconds) {
        post(1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        CompletionQueue cq = end.rcCq;
        while (!cq.startPoll()) {
            if (System.nanoTime() > deadline) {
                return null;
            }
            Thread.onSpinWait();
        }
        WcStatus status = cq.status();
        cq.endPoll();
        return status;
    }

    /** Writes one burst and waits for its completion. */
    void burst() {
        post(WireRatio.WRITES);
        UdStream.awaitOne(end.rcCq);
    }

    private void post(int count) {
        SendOps ops = end.rc.sendOps();
        ops.start();
        for (int i = 0; i < count; i++) {
            ops.wrId(i).wrFlags(i == count - 1 ? SIGNALED : 0).rdmaWrite(remoteRkey, remoteAddress)
                    .setSge(end.buffer.lkey(), end.buffer.address(), SoftEnd.BUFFER_BYTES);
        }
        ops.complete();
    }
}
