package org.verbs4j.benchmarks.standin;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.Ibverbs;

/**
 * The FFM floor of the burst: what {@code verbs4j_c_burst} does (a prebuilt list of 64 receives posted, 64 SENDs
 * built and completed, 65 completions drained), with the stand-in's functions called through one
 * {@code static final} critical downcall handle per C signature, with none of Verbs4J's checks, no close protocol
 * and no copy of the receive list. Verbs4J less this floor is what the binding's own code adds; the floor less C
 * is FFM's. {@link #partRound} replaces one part of the burst ({@link Part}) with the api's, so that the binding's
 * cost is split among the parts.
 */
@SuppressWarnings("restricted")
final class BurstFloor {

    private static final MethodHandle VOID = handle(FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle INT = handle(FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle INT2 = handle(FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle INT3 = handle(FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle SGE = handle(FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final int SIGNALED = 2;

    /** A part of the burst. */
    enum Part {
        /** The list of 64 receives posted. */
        RECEIVES("the receive posting"),
        /** The 64 SENDs built and completed. */
        SENDS("the send batch"),
        /** The 65 completions drained. */
        POLLS("the drain");

        final String description;

        Part(String description) {
            this.description = description;
        }
    }

    private final MemorySegment qpx;
    private final MemorySegment cqx;
    private final MemorySegment start;
    private final MemorySegment send;
    private final MemorySegment setSge;
    private final MemorySegment complete;
    private final MemorySegment postRecv;
    private final MemorySegment startPoll;
    private final MemorySegment nextPoll;
    private final MemorySegment endPoll;
    private final long wrIdOffset;
    private final long wrFlagsOffset;
    private final long statusOffset;
    private final long address;
    private final long receives;
    private final long badWr = Arena.global().allocate(ADDRESS).address();
    private final long pollAttr = Arena.global().allocate(16, 8).address();

    BurstFloor(StandInQueues queues) {
        Abi abi = Ibverbs.get().abi();
        this.qpx = StandInDevice.pointer(queues.qp).reinterpret(abi.ibvQpEx.byteSize());
        this.cqx = StandInDevice.pointer(queues.cq).reinterpret(abi.ibvCqEx.byteSize());
        this.start = function(qpx, abi.ibvQpEx, "wr_start");
        this.send = function(qpx, abi.ibvQpEx, "wr_send");
        this.setSge = function(qpx, abi.ibvQpEx, "wr_set_sge");
        this.complete = function(qpx, abi.ibvQpEx, "wr_complete");
        this.startPoll = function(cqx, abi.ibvCqEx, "start_poll");
        this.nextPoll = function(cqx, abi.ibvCqEx, "next_poll");
        this.endPoll = function(cqx, abi.ibvCqEx, "end_poll");
        MemorySegment context = qpx.get(ADDRESS, Abi.offset(abi.ibvQpEx, "qp_base", "context"))
                .reinterpret(abi.ibvContext.byteSize());
        this.postRecv = function(context, abi.ibvContext, "ops", "post_recv");
        this.wrIdOffset = Abi.offset(abi.ibvQpEx, "wr_id");
        this.wrFlagsOffset = Abi.offset(abi.ibvQpEx, "wr_flags");
        this.statusOffset = Abi.offset(abi.ibvCqEx, "status");
        this.address = queues.buffer.address();
        this.receives = receiveList(abi, address);
    }

    private static MethodHandle handle(FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(descriptor, Linker.Option.critical(false));
    }

    private static MemorySegment function(MemorySegment struct, StructLayout layout, String... member) {
        return struct.get(ADDRESS, Abi.offset(layout, member));
    }

    /** @return the address of 64 {@code ibv_recv_wr}s linked as {@code verbs4j_c_burst} links them */
    private static long receiveList(Abi abi, long address) {
        long wrSize = abi.ibvRecvWr.byteSize();
        long sgeSize = abi.ibvSge.byteSize();
        MemorySegment wrs = Arena.global().allocate(wrSize * JavaWorkloads.BURST, 8);
        MemorySegment sges = Arena.global().allocate(sgeSize * JavaWorkloads.BURST, 8);
        for (int i = 0; i < JavaWorkloads.BURST; i++) {
            long at = i * wrSize;
            long next = i + 1 < JavaWorkloads.BURST ? wrs.address() + at + wrSize : 0;
            wrs.set(JAVA_LONG, at + Abi.offset(abi.ibvRecvWr, "wr_id"), i);
            wrs.set(JAVA_LONG, at + Abi.offset(abi.ibvRecvWr, "next"), next);
            wrs.set(JAVA_LONG, at + Abi.offset(abi.ibvRecvWr, "sg_list"), sges.address() + i * sgeSize);
            wrs.set(JAVA_INT, at + Abi.offset(abi.ibvRecvWr, "num_sge"), 1);
            sges.set(JAVA_LONG, i * sgeSize + Abi.offset(abi.ibvSge, "addr"), address + 8L * i);
            sges.set(JAVA_INT, i * sgeSize + Abi.offset(abi.ibvSge, "length"), 8);
            sges.set(JAVA_INT, i * sgeSize + Abi.offset(abi.ibvSge, "lkey"), StandInQueues.LKEY);
        }
        return wrs.address();
    }

    /** @return nanoseconds of the thread's CPU time per message over {@code iterations} bursts */
    double round(long iterations) throws Throwable {
        long start = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            burst();
        }
        return (CpuClock.now() - start) / (double) iterations / JavaWorkloads.BURST;
    }

    /**
     * @param part the part that goes through the api
     * @param api the api's workloads on the same queues
     * @return nanoseconds of the thread's CPU time per message over {@code iterations} bursts
     */
    double partRound(long iterations, Part part, JavaWorkloads api) throws Throwable {
        long start = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            partBurst(part, api);
        }
        return (CpuClock.now() - start) / (double) iterations / JavaWorkloads.BURST;
    }

    private void burst() throws Throwable {
        postReceives();
        sends();
        drain(JavaWorkloads.BURST + 1);
    }

    private void partBurst(Part part, JavaWorkloads api) throws Throwable {
        if (part == Part.RECEIVES) {
            api.postReceives();
        } else {
            postReceives();
        }
        if (part == Part.SENDS) {
            api.sendBurst();
        } else {
            sends();
        }
        if (part == Part.POLLS) {
            api.drainBurst();
        } else {
            drain(JavaWorkloads.BURST + 1);
        }
    }

    private void postReceives() throws Throwable {
        if ((int) INT3.invokeExact(postRecv, qpx.address(), receives, badWr) != 0) {
            throw new IllegalStateException("post_recv failed");
        }
    }

    private void sends() throws Throwable {
        long qp = qpx.address();
        VOID.invokeExact(start, qp);
        for (int i = 0; i < JavaWorkloads.BURST; i++) {
            qpx.set(JAVA_LONG, wrIdOffset, (long) i);
            qpx.set(JAVA_INT, wrFlagsOffset, i == JavaWorkloads.BURST - 1 ? SIGNALED : 0);
            VOID.invokeExact(send, qp);
            SGE.invokeExact(setSge, qp, StandInQueues.LKEY, address, 8);
        }
        if ((int) INT.invokeExact(complete, qp) != 0) {
            throw new IllegalStateException("wr_complete failed");
        }
    }

    private void drain(int count) throws Throwable {
        long cq = cqx.address();
        int left = count;
        while (left > 0) {
            if ((int) INT2.invokeExact(startPoll, cq, pollAttr) != 0) {
                continue;
            }
            do {
                if (cqx.get(JAVA_INT, statusOffset) != 0) {
                    throw new IllegalStateException("completion status " + cqx.get(JAVA_INT, statusOffset));
                }
                left--;
            } while ((int) INT.invokeExact(nextPoll, cq) == 0);
            VOID.invokeExact(endPoll, cq);
        }
    }
}
