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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.Ibverbs;

/**
 * The FFM floor of the two single requests: what {@code verbs4j_c_send_poll} and {@code verbs4j_c_write2} do (one
 * signaled SEND with {@code wr_set_sge}, or one signaled RDMA WRITE with a prebuilt two-SGE list, then the poll of
 * its completion: {@code start_poll}, {@code next_poll}, {@code end_poll}), through one {@code static final}
 * critical downcall handle per C signature, with none of Verbs4J's checks and no close protocol. Verbs4J less this floor is what the binding's own code adds; the floor
 * less C is FFM's.
 */
@SuppressWarnings("restricted")
final class RequestFloor {

    private static final MethodHandle VOID = handle(FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle INT = handle(FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle INT2 = handle(FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle SGE = handle(FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle REMOTE = handle(FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG));
    private static final MethodHandle LIST = handle(FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG, JAVA_LONG));
    private static final int SIGNALED = 2;
    private static final VarHandle SEND_OWNER = owner("sendOwner");
    private static final VarHandle POLLER = owner("poller");

    private final MemorySegment qpx;
    private final MemorySegment cqx;
    private final MemorySegment start;
    private final MemorySegment send;
    private final MemorySegment rdmaWrite;
    private final MemorySegment setSge;
    private final MemorySegment setSgeList;
    private final MemorySegment complete;
    private final MemorySegment startPoll;
    private final MemorySegment nextPoll;
    private final MemorySegment endPoll;
    private final long wrIdOffset;
    private final long wrFlagsOffset;
    private final long statusOffset;
    private final long address;
    private final long sges = Arena.global().allocate(32, 8).address();
    private final long pollAttr = Arena.global().allocate(16, 8).address();
    @SuppressWarnings("unused") // through SEND_OWNER
    private Object sendOwner;
    @SuppressWarnings("unused") // through POLLER
    private Object poller;

    RequestFloor(StandInQueues queues) {
        Abi abi = Ibverbs.get().abi();
        this.qpx = StandInDevice.pointer(queues.qp).reinterpret(abi.ibvQpEx.byteSize());
        this.cqx = StandInDevice.pointer(queues.cq).reinterpret(abi.ibvCqEx.byteSize());
        this.start = function(qpx, abi.ibvQpEx, "wr_start");
        this.send = function(qpx, abi.ibvQpEx, "wr_send");
        this.rdmaWrite = function(qpx, abi.ibvQpEx, "wr_rdma_write");
        this.setSge = function(qpx, abi.ibvQpEx, "wr_set_sge");
        this.setSgeList = function(qpx, abi.ibvQpEx, "wr_set_sge_list");
        this.complete = function(qpx, abi.ibvQpEx, "wr_complete");
        this.startPoll = function(cqx, abi.ibvCqEx, "start_poll");
        this.nextPoll = function(cqx, abi.ibvCqEx, "next_poll");
        this.endPoll = function(cqx, abi.ibvCqEx, "end_poll");
        this.wrIdOffset = Abi.offset(abi.ibvQpEx, "wr_id");
        this.wrFlagsOffset = Abi.offset(abi.ibvQpEx, "wr_flags");
        this.statusOffset = Abi.offset(abi.ibvCqEx, "status");
        this.address = queues.buffer.address();
        MemorySegment list = MemorySegment.ofAddress(sges).reinterpret(32);
        list.set(JAVA_LONG, 0, address);
        list.set(JAVA_LONG, 8, 8L | (long) StandInQueues.LKEY << 32);
        list.set(JAVA_LONG, 16, address + 64);
        list.set(JAVA_LONG, 24, 8L | (long) StandInQueues.LKEY << 32);
    }

    private static MethodHandle handle(FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(descriptor, Linker.Option.critical(false));
    }

    private static VarHandle owner(String field) {
        try {
            return MethodHandles.lookup().findVarHandle(RequestFloor.class, field, Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static MemorySegment function(MemorySegment struct, StructLayout layout, String member) {
        return struct.get(ADDRESS, Abi.offset(layout, member));
    }

    /** @return nanoseconds of the thread's CPU time per request over {@code iterations} signaled SENDs and polls */
    double sendPollRound(long iterations) throws Throwable {
        long qp = qpx.address();
        long begin = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            VOID.invokeExact(start, qp);
            qpx.set(JAVA_LONG, wrIdOffset, k);
            qpx.set(JAVA_INT, wrFlagsOffset, SIGNALED);
            VOID.invokeExact(send, qp);
            SGE.invokeExact(setSge, qp, StandInQueues.LKEY, address, 8);
            completeAndPoll(qp);
        }
        return (CpuClock.now() - begin) / (double) iterations;
    }

    /**
     * @return nanoseconds of the thread's CPU time per request over {@code iterations} signaled SENDs and polls as
     *     {@link #sendPollRound}, each batch taken and given back as the binding's close protocol does
     */
    double guardedSendPollRound(long iterations) throws Throwable {
        long qp = qpx.address();
        Thread self = Thread.currentThread();
        long begin = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            take(SEND_OWNER, self);
            VOID.invokeExact(start, qp);
            qpx.set(JAVA_LONG, wrIdOffset, k);
            qpx.set(JAVA_INT, wrFlagsOffset, SIGNALED);
            VOID.invokeExact(send, qp);
            SGE.invokeExact(setSge, qp, StandInQueues.LKEY, address, 8);
            if ((int) INT.invokeExact(complete, qp) != 0) {
                throw new IllegalStateException("wr_complete failed");
            }
            SEND_OWNER.setRelease(this, null);
            take(POLLER, self);
            poll();
            POLLER.setRelease(this, null);
        }
        return (CpuClock.now() - begin) / (double) iterations;
    }

    private void take(VarHandle owner, Thread self) {
        if (!owner.compareAndSet(this, null, self)) {
            throw new IllegalStateException("taken");
        }
    }

    /** @return nanoseconds of the thread's CPU time per request over {@code iterations} two-SGE WRITEs and polls */
    double write2Round(long iterations) throws Throwable {
        long qp = qpx.address();
        long begin = CpuClock.now();
        for (long k = 0; k < iterations; k++) {
            VOID.invokeExact(start, qp);
            qpx.set(JAVA_LONG, wrIdOffset, k);
            qpx.set(JAVA_INT, wrFlagsOffset, SIGNALED);
            REMOTE.invokeExact(rdmaWrite, qp, JavaWorkloads.REMOTE_KEY, JavaWorkloads.REMOTE_ADDRESS);
            LIST.invokeExact(setSgeList, qp, 2L, sges);
            completeAndPoll(qp);
        }
        return (CpuClock.now() - begin) / (double) iterations;
    }

    private void completeAndPoll(long qp) throws Throwable {
        if ((int) INT.invokeExact(complete, qp) != 0) {
            throw new IllegalStateException("wr_complete failed");
        }
        poll();
    }

    private void poll() throws Throwable {
        long cq = cqx.address();
        while ((int) INT2.invokeExact(startPoll, cq, pollAttr) != 0) {
            Thread.onSpinWait();
        }
        if (cqx.get(JAVA_INT, statusOffset) != 0) {
            throw new IllegalStateException("completion status " + cqx.get(JAVA_INT, statusOffset));
        }
        if ((int) INT.invokeExact(nextPoll, cq) == 0) {
            throw new IllegalStateException("a second completion");
        }
        VOID.invokeExact(endPoll, cq);
    }
}
