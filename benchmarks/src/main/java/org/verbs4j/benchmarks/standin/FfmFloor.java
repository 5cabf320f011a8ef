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
 * The FFM floor of the empty poll and of the batch of 16: the stand-in's functions called through
 * {@code static final} critical downcall handles on the queue's function pointers, with none of Verbs4J's checks and no close protocol.
 * Verbs4J less this floor is what the binding's own code adds to the call; the floor less C is FFM's.
 */
@SuppressWarnings("restricted")
final class FfmFloor {

    private static final MethodHandle START_POLL = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG), Linker.Option.critical(false));
    private static final MethodHandle CALL_INT = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG), Linker.Option.critical(false));
    private static final MethodHandle CALL_VOID = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.ofVoid(JAVA_LONG), Linker.Option.critical(false));
    private static final int ENOENT = 2;

    private final MemorySegment startPoll;
    private final long cq;
    private final MemorySegment replay;
    private final MemorySegment[] replayFunctions = new MemorySegment[7];
    private final long wrIdOffset;
    private final long statusOffset;
    private final long attr = Arena.global().allocate(JAVA_INT).address();

    FfmFloor(StandInQueues queues) {
        MemorySegment cqEx = StandInDevice.pointer(queues.empty).reinterpret(Ibverbs.get().abi().ibvCqEx.byteSize());
        this.startPoll = cqEx.get(ADDRESS, Ibverbs.get().abi().ibvCqEx.byteOffset(
                java.lang.foreign.MemoryLayout.PathElement.groupElement("start_poll")));
        this.cq = cqEx.address();
        this.replay = StandInDevice.pointer(queues.replay).reinterpret(Ibverbs.get().abi().ibvCqEx.byteSize());
        String[] members = {"start_poll", "next_poll", "end_poll", "read_opcode", "read_byte_len", "read_qp_num",
            "read_wc_flags"};
        for (int i = 0; i < members.length; i++) {
            replayFunctions[i] = replay.get(ADDRESS, offset(members[i]));
        }
        this.wrIdOffset = offset("wr_id");
        this.statusOffset = offset("status");
    }

    private static long offset(String member) {
        return Ibverbs.get().abi().ibvCqEx.byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement(member));
    }

    /**
     * @return nanoseconds of the thread's CPU time per completion of the batch of 16 read through bare static
     *     critical handles (the six fields as {@code standin_loops.c} reads them), over {@code iterations} batches
     */
    double poll16Round(long iterations) throws Throwable {
        MemorySegment[] f = replayFunctions;
        long q = replay.address();
        long sum = 0;
        long start = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            int n = 0;
            if ((int) START_POLL.invokeExact(f[0], q, attr) != 0) {
                throw new IllegalStateException("the replaying queue is empty");
            }
            do {
                sum += replay.get(JAVA_LONG, wrIdOffset) + replay.get(JAVA_INT, statusOffset)
                        + (int) CALL_INT.invokeExact(f[3], q) + (int) CALL_INT.invokeExact(f[4], q)
                        + (int) CALL_INT.invokeExact(f[5], q) + (int) CALL_INT.invokeExact(f[6], q);
                n++;
            } while ((int) CALL_INT.invokeExact(f[1], q) == 0);
            CALL_VOID.invokeExact(f[2], q);
            if (n != JavaWorkloads.BATCH) {
                throw new IllegalStateException(n + " completions");
            }
        }
        double perCompletion = (CpuClock.now() - start) / (double) iterations / JavaWorkloads.BATCH;
        if (sum == 0) {
            throw new IllegalStateException("unreachable");
        }
        return perCompletion;
    }

    /** @return nanoseconds of the thread's CPU time per empty poll over {@code iterations} calls */
    double emptyPollRound(long iterations) throws Throwable {
        long start = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            if ((int) START_POLL.invokeExact(startPoll, cq, attr) != ENOENT) {
                throw new IllegalStateException("the stand-in queue is not empty");
            }
        }
        return (CpuClock.now() - start) / (double) iterations;
    }
}
