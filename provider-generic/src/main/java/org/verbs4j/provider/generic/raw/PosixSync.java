package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code pthread_mutex_init} and {@code pthread_cond_init} of the C library, for the inlines of
 * {@code verbs.h} that initialise the mutex and condition of an object the driver returned (the inline
 * {@code ibv_create_wq}: the driver's {@code destroy_wq} waits on them for unacknowledged events).
 */
@SuppressWarnings("restricted")
public final class PosixSync {

    private static final FunctionDescriptor INIT = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
    private static final MethodHandle MUTEX_INIT = libc("pthread_mutex_init");
    private static final MethodHandle COND_INIT = libc("pthread_cond_init");

    private PosixSync() {
    }

    /**
     * Initialises a mutex and a condition with default attributes.
     *
     * @param mutex a {@code pthread_mutex_t}
     * @param cond a {@code pthread_cond_t}
     * @param verb the verb, for messages
     */
    public static void init(MemorySegment mutex, MemorySegment cond, String verb) {
        try {
            Native.check((int) MUTEX_INIT.invokeExact(mutex, MemorySegment.NULL), verb);
            Native.check((int) COND_INIT.invokeExact(cond, MemorySegment.NULL), verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static MethodHandle libc(String name) {
        Linker linker = Linker.nativeLinker();
        MemorySegment function = linker.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the C library has no " + name));
        return linker.downcallHandle(function, INIT);
    }
}
