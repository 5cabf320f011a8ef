package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;

/**
 * Posts receive request lists through an {@code ibv_context_ops} slot ({@code post_recv} or
 * {@code post_srq_recv}), copying them into native {@code ibv_recv_wr} and {@code ibv_sge} arrays that
 * are reused, grow only when a longer list comes, and are written only where the list changed
 * ({@link NativeReceiveList}). The slot is called through a {@code static final}
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

    private final MemorySegment post;
    private final String verb;
    private final MemorySegment badWr;
    private final NativeReceiveList list;

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
        this.post = function;
        this.verb = verb;
        this.badWr = arena.allocate(ADDRESS);
        this.list = new NativeReceiveList(abi, arena);
    }

    /**
     * @param object the queue pair, SRQ or work queue
     * @param first the first request of the list
     * @throws InvalidArgumentException if the list is empty ({@code null}), which C would dereference
     */
    void post(MemorySegment object, ReceiveRequest first) {
        if (first == null) {
            throw new InvalidArgumentException(verb, "the list is empty (null)");
        }
        long wrs = list.copy(first);
        badWr.set(ADDRESS, 0, MemorySegment.NULL);
        int rc;
        try {
            rc = (int) CALL_POST.invokeExact(post, object.address(), wrs, badWr.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        if (rc != 0) {
            throw VerbsException.of(verb, rc, null, failed(first));
        }
    }

    private ReceiveRequest failed(ReceiveRequest first) {
        long bad = badWr.get(ADDRESS, 0).address();
        if (bad == 0) {
            return null;
        }
        long index = list.indexOf(bad);
        ReceiveRequest r = first;
        for (long i = 0; i < index && r != null; i++) {
            r = r.next();
        }
        return r;
    }
}
