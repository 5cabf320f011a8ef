package org.verbs4j.benchmarks.standin;

import java.lang.foreign.MemorySegment;

/** The C loops of {@code standin_loops.c} on the same queues as {@link JavaWorkloads}. */
final class CWorkloads {

    private final MemorySegment empty;
    private final MemorySegment cq;
    private final MemorySegment qp;
    private final MemorySegment replay;
    private final long address;

    CWorkloads(StandInQueues queues) {
        this.empty = StandInDevice.pointer(queues.empty);
        this.cq = StandInDevice.pointer(queues.cq);
        this.qp = StandInDevice.pointer(queues.qp);
        this.replay = StandInDevice.pointer(queues.replay);
        this.address = queues.buffer.address();
    }

    /** @return nanoseconds per message of the C loop over {@code iterations} repetitions */
    double round(Workload workload, long iterations) throws Throwable {
        int lkey = StandInQueues.LKEY;
        return switch (workload) {
            case EMPTY_POLL -> (double) StandInNative.C_EMPTY_POLL.invokeExact(empty, iterations);
            case SEND_POLL -> (double) StandInNative.C_SEND_POLL.invokeExact(qp, cq, address, lkey, iterations);
            case BURST -> (double) StandInNative.C_BURST.invokeExact(qp, cq, address, lkey, iterations);
            case WRITE2 -> (double) StandInNative.C_WRITE2.invokeExact(qp, cq, address, lkey, iterations);
            case POLL16 -> (double) StandInNative.C_POLL16.invokeExact(replay, iterations);
        };
    }
}
