package org.verbs4j.provider.generic.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.reflect.Constructor;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.verbs4j.Context;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.provider.generic.GenericProvider;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.objects.NativeContext;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;

/**
 * The stand-in device of {@code src/test/c/standin_cq.c}, loaded from its shared library: a context of the
 * production {@code NativeContext} class over the stand-in's {@code struct ibv_context}, so that
 * {@code createCompletionQueue} and {@code startPoll} run Verbs4J's own code unchanged, and the C loop of
 * {@code standin_poll_loop.c}. The context is built with the constructor {@code ibv_open_device} would use,
 * reached by reflection (the benchmark is patched into the provider's module): the binding has no test
 * hook for it. Stand-in objects are never closed (their destroy functions are libibverbs', which would
 * free memory it never allocated), and stay reachable until the JVM exits, so that the safety net never
 * destroys them either.
 */
@SuppressWarnings("restricted")
final class StandInDevice {

    private static final List<Object> NEVER_DESTROYED = new CopyOnWriteArrayList<>();

    private final MemorySegment context;
    private final java.lang.invoke.MethodHandle lastCq;
    private final java.lang.invoke.MethodHandle cEmptyPoll;

    private StandInDevice(SymbolLookup library) throws Throwable {
        Linker linker = Linker.nativeLinker();
        this.context = (MemorySegment) linker.downcallHandle(library.findOrThrow("verbs4j_standin_context"),
                FunctionDescriptor.of(ADDRESS)).invokeExact();
        this.lastCq = linker.downcallHandle(library.findOrThrow("verbs4j_standin_last_cq"),
                FunctionDescriptor.of(ADDRESS));
        this.cEmptyPoll = linker.downcallHandle(library.findOrThrow("verbs4j_c_empty_poll"),
                FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_LONG));
        if (context.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("verbs4j_standin_context returned NULL");
        }
    }

    /**
     * @param library the shared library built from standin_cq.c and standin_poll_loop.c
     * @return the stand-in device
     */
    static StandInDevice load(Path library) throws Throwable {
        return new StandInDevice(SymbolLookup.libraryLookup(library, Arena.global()));
    }

    /** @return a Verbs4J context over the stand-in {@code struct ibv_context}, never to be closed */
    Context open() throws ReflectiveOperationException {
        Constructor<NativeContext> constructor =
                NativeContext.class.getDeclaredConstructor(Ibverbs.class, ListedDevice.class, MemorySegment.class,
                        boolean.class);
        constructor.setAccessible(true);
        ListedDevice device = new ListedDevice(new NativeDevice("stand-in", 0, NodeType.CA, TransportType.IB),
                GenericProvider.ID, DirectVerbs.GENERIC);
        return keep(constructor.newInstance(Ibverbs.get(), device, context, false));
    }

    /**
     * @param object a stand-in object
     * @param <T> its type
     * @return it, kept reachable until the JVM exits
     */
    static <T> T keep(T object) {
        NEVER_DESTROYED.add(object);
        return object;
    }

    /** @return the {@code struct ibv_cq_ex *} the stand-in's create_cq_ex returned last */
    MemorySegment lastCq() throws Throwable {
        return ((MemorySegment) lastCq.invokeExact()).reinterpret(Ibverbs.get().abi().ibvCqEx.byteSize());
    }

    /** @return nanoseconds per call of the C loop of {@code ibv_start_poll} on the queue */
    double cRound(MemorySegment cq, long iterations) throws Throwable {
        return (double) cEmptyPoll.invokeExact(cq, iterations);
    }
}
