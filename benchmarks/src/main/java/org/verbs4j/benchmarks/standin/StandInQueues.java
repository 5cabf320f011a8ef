package org.verbs4j.benchmarks.standin;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.CompletionQueue;
import org.verbs4j.QueuePair;

/**
 * The queues both sides drive, on one stand-in device: an empty completion queue, a queue pair with its
 * completion queue (its sends complete, and its receives are consumed by its own sends, on it), and a queue
 * that replays 16 completions; the buffer the requests point at (the stand-in moves no data and checks no key).
 */
final class StandInQueues {

    /** The local key of every scatter-gather entry. */
    static final int LKEY = 0x42;

    final CompletionQueue empty;
    final CompletionQueue cq;
    final QueuePair qp;
    final CompletionQueue replay;
    final MemorySegment buffer = Arena.global().allocate(4096, 64);

    StandInQueues() throws Throwable {
        StandInDevice device = new StandInDevice();
        this.empty = device.completionQueue(16);
        this.cq = device.completionQueue(4096);
        this.qp = device.queuePair(cq);
        this.replay = device.completionQueue(16);
        StandInNative.REPLAY.invokeExact(StandInDevice.pointer(replay), 16);
    }

    /** @throws IllegalStateException if a completion queue lost a completion (a workload that did not drain) */
    void checkNoOverflow() throws Throwable {
        for (CompletionQueue queue : new CompletionQueue[] {empty, cq, replay}) {
            if ((int) StandInNative.OVERFLOWED.invokeExact(StandInDevice.pointer(queue)) != 0) {
                throw new IllegalStateException("a stand-in completion queue overflowed");
            }
        }
    }
}
