package org.verbs4j.provider.generic.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Downcall handles for C function pointers (the ops that rdma-core's static inlines call), cached per
 * function address and signature: all queues of one provider share their handles, and building a
 * handle happens once, never on the data path.
 */
@SuppressWarnings("restricted")
public final class FunctionPointers {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final Map<Key, MethodHandle> CACHE = new ConcurrentHashMap<>();

    private record Key(long address, FunctionDescriptor descriptor, boolean critical, boolean errno) {
    }

    private FunctionPointers() {
    }

    /**
     * @param pointer a non-NULL function pointer
     * @param descriptor its C signature
     * @return a handle for a short call that never blocks and never calls back into Java
     *     ({@code Linker.Option.critical(false)})
     */
    public static MethodHandle critical(MemorySegment pointer, FunctionDescriptor descriptor) {
        return CACHE.computeIfAbsent(new Key(requireNonNull(pointer), descriptor, true, false),
                key -> LINKER.downcallHandle(pointer, descriptor, Linker.Option.critical(false)));
    }

    /**
     * @param pointer a non-NULL function pointer
     * @param descriptor its C signature
     * @return a handle that captures errno (its first argument is the capture state)
     */
    public static MethodHandle withErrno(MemorySegment pointer, FunctionDescriptor descriptor) {
        return CACHE.computeIfAbsent(new Key(requireNonNull(pointer), descriptor, false, true),
                key -> LINKER.downcallHandle(pointer, descriptor, ErrnoCapture.OPTION));
    }

    /**
     * @param pointer a non-NULL function pointer
     * @param descriptor its C signature
     * @return a plain handle, for calls that may block
     */
    public static MethodHandle plain(MemorySegment pointer, FunctionDescriptor descriptor) {
        return CACHE.computeIfAbsent(new Key(requireNonNull(pointer), descriptor, false, false),
                key -> LINKER.downcallHandle(pointer, descriptor));
    }

    /**
     * A critical handle that takes the function pointer as its first argument ({@code MemorySegment}),
     * for the data path (the poll iterator, {@code req_notify_cq}, {@code post_recv}, {@code post_srq_ops},
     * the {@code ibv_wr_*} functions): held in a
     * {@code static final} field, the JIT can inline the whole downcall, which it cannot do through a
     * handle bound to one address and held in an instance field. The caller checks that the pointer is
     * not NULL (and that the provider set it for this object) before every call.
     *
     * @param descriptor the C signature of the functions it will call
     * @return the handle
     */
    public static MethodHandle criticalInvoker(FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(descriptor, Linker.Option.critical(false));
    }

    /**
     * @return an invoker like {@link #criticalInvoker} that may also be given heap segments, which the callee
     *     then reads in place (for a short copy, such as inline data)
     */
    public static MethodHandle heapCriticalInvoker(FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(descriptor, Linker.Option.critical(true));
    }

    private static long requireNonNull(MemorySegment pointer) {
        if (pointer.equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException("NULL function pointer");
        }
        return pointer.address();
    }
}
