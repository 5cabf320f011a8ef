package org.verbs4j.benchmarks.standin;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.provider.generic.raw.Ibverbs;

/**
 * The FFM floor of the empty poll: the stand-in's {@code start_poll} called through a {@code static final}
 * critical downcall handle on the queue's function pointer, with none of Verbs4J's checks and no close protocol.
 * Verbs4J less this floor is what the binding's own code adds to the call; the floor less C is FFM's.
 */
@SuppressWarnings("restricted")
final class FfmFloor {

    private static final MethodHandle START_POLL = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG), Linker.Option.critical(false));
    private static final int ENOENT = 2;

    private final MemorySegment startPoll;
    private final long cq;
    private final long attr = Arena.global().allocate(JAVA_INT).address();

    FfmFloor(StandInQueues queues) {
        MemorySegment cqEx = StandInDevice.pointer(queues.empty).reinterpret(Ibverbs.get().abi().ibvCqEx.byteSize());
        this.startPoll = cqEx.get(ADDRESS, Ibverbs.get().abi().ibvCqEx.byteOffset(
                java.lang.foreign.MemoryLayout.PathElement.groupElement("start_poll")));
        this.cq = cqEx.address();
    }

    /** @return nanoseconds per empty poll over {@code iterations} calls */
    double emptyPollRound(long iterations) throws Throwable {
        long start = System.nanoTime();
        for (long k = 0; k < iterations; k++) {
            if ((int) START_POLL.invokeExact(startPoll, cq, attr) != ENOENT) {
                throw new IllegalStateException("the stand-in queue is not empty");
            }
        }
        return (System.nanoTime() - start) / (double) iterations;
    }
}
