package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;

/**
 * Posts receive request lists through an {@code ibv_context_ops} slot ({@code post_recv} or
 * {@code post_srq_recv}), copying them into native {@code ibv_recv_wr} and {@code ibv_sge} arrays that
 * are reused and grow only when a longer list comes. The slot is called through a {@code static final}
 * critical handle that takes the function pointer as its first argument, which the JIT inlines, with
 * {@code bad_wr} set to NULL before each call. Not thread-safe: callers synchronise.
 */
final class ReceivePoster {

    /**
     * {@code int (*)(void *qp_or_srq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)}; the three
     * pointers are passed as addresses: the native arrays are owned by the queue, which is open.
     */
    private static final MethodHandle CALL_POST = FunctionPointers.criticalInvoker(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));

    private final Abi abi;
    private final Arena arena;
    private final MemorySegment post;
    private final String verb;
    private final MemorySegment badWr;
    private final long nextOffset;
    private final long sgListOffset;
    private final long numSgeOffset;
    private final long lengthOffset;
    private final long lkeyOffset;
    private MemorySegment wrs = MemorySegment.NULL;
    private MemorySegment sges = MemorySegment.NULL;

    /**
     * @param abi the struct layouts
     * @param arena the queue's arena, which owns the native arrays
     * @param function the {@code ibv_context_ops} slot
     * @param verb the C verb, for messages
     * @throws UnsupportedVerbException if the slot is NULL
     */
    ReceivePoster(Abi abi, Arena arena, MemorySegment function, String verb) {
        if (function.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(verb, "the provider set no function for it in ibv_context_ops");
        }
        this.abi = abi;
        this.arena = arena;
        this.post = function;
        this.verb = verb;
        this.badWr = arena.allocate(ADDRESS);
        this.nextOffset = Abi.offset(abi.ibvRecvWr, "next");
        this.sgListOffset = Abi.offset(abi.ibvRecvWr, "sg_list");
        this.numSgeOffset = Abi.offset(abi.ibvRecvWr, "num_sge");
        this.lengthOffset = Abi.offset(abi.ibvSge, "length");
        this.lkeyOffset = Abi.offset(abi.ibvSge, "lkey");
    }

    void post(MemorySegment object, ReceiveRequest first) {
        int count = 0;
        int sgeCount = 0;
        for (ReceiveRequest r = first; r != null; r = r.next()) {
            count++;
            sgeCount += r.sgList().size();
        }
        ensureCapacity(count, sgeCount);
        fill(first);
        badWr.set(ADDRESS, 0, MemorySegment.NULL);
        int rc;
        try {
            rc = (int) CALL_POST.invokeExact(post, object.address(), wrs.address(), badWr.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        if (rc != 0) {
            throw VerbsException.of(verb, rc, null, failed(first));
        }
    }

    private void ensureCapacity(int count, int sgeCount) {
        StructLayout wr = abi.ibvRecvWr;
        if (wrs.byteSize() < count * wr.byteSize()) {
            wrs = arena.allocate(wr, Math.max(count, 4));
        }
        if (sges.byteSize() < sgeCount * abi.ibvSge.byteSize()) {
            sges = arena.allocate(abi.ibvSge, Math.max(sgeCount, 4));
        }
    }

    private void fill(ReceiveRequest first) {
        long wrSize = abi.ibvRecvWr.byteSize();
        long sgeSize = abi.ibvSge.byteSize();
        int index = 0;
        int sgeIndex = 0;
        for (ReceiveRequest r = first; r != null; r = r.next(), index++) {
            long at = index * wrSize;
            ScatterGatherList list = r.sgList();
            wrs.set(JAVA_LONG, at, r.wrId());
            wrs.set(JAVA_LONG, at + nextOffset, r.next() == null ? 0 : wrs.address() + at + wrSize);
            wrs.set(JAVA_LONG, at + sgListOffset, list.size() == 0 ? 0 : sges.address() + sgeIndex * sgeSize);
            wrs.set(JAVA_INT, at + numSgeOffset, list.size());
            for (int i = 0; i < list.size(); i++, sgeIndex++) {
                long s = sgeIndex * sgeSize;
                sges.set(JAVA_LONG, s, list.address(i));
                sges.set(JAVA_INT, s + lengthOffset, list.length(i));
                sges.set(JAVA_INT, s + lkeyOffset, list.lkey(i));
            }
        }
    }

    private ReceiveRequest failed(ReceiveRequest first) {
        long bad = badWr.get(ADDRESS, 0).address();
        if (bad == 0) {
            return null;
        }
        long index = (bad - wrs.address()) / abi.ibvRecvWr.byteSize();
        ReceiveRequest r = first;
        for (long i = 0; i < index && r != null; i++) {
            r = r.next();
        }
        return r;
    }
}
