package org.verbs4j.provider.efa.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.NativeLibrary;

/**
 * libefa.so.1, loaded after libibverbs (so that the process shares the image libibverbs' EFA driver is:
 * libefa recognises its devices by the address of its own ops table), with its release. A function is
 * looked up only if the release has it.
 */
public final class Libefa {

    /** The soname. */
    public static final String SONAME = "libefa.so.1";

    private static Libefa instance;

    private final NativeLibrary library;
    private final int release;
    private final Map<EfaSymbol, MethodHandle> handles = new ConcurrentHashMap<>();

    Libefa(NativeLibrary library, int release) {
        this.library = library;
        this.release = release;
    }

    /**
     * @return the library, loaded on first use
     * @throws UnsupportedVerbException if libibverbs or libefa cannot be loaded
     */
    public static synchronized Libefa get() {
        if (instance == null) {
            Ibverbs.get();
            NativeLibrary library = NativeLibrary.load(SONAME);
            instance = new Libefa(library, EfaRelease.loaded());
        }
        return instance;
    }

    /** @return the rdma-core release of the loaded library, 0 if unknown */
    public int release() {
        return release;
    }

    /** @return whether the loaded release has {@code symbol} */
    public boolean has(EfaSymbol symbol) {
        return symbol.inRelease(release);
    }

    /**
     * @param symbol a function of libefa
     * @param descriptor its C signature
     * @return its downcall handle, with errno captured
     * @throws UnsupportedVerbException if the loaded release does not have it
     */
    public MethodHandle handle(EfaSymbol symbol, FunctionDescriptor descriptor) {
        requireRelease(symbol);
        return handles.computeIfAbsent(symbol, s -> library.downcall(s.cName(), descriptor, ErrnoCapture.OPTION));
    }

    /**
     * @param symbol a function of libefa
     * @throws UnsupportedVerbException if the loaded release does not have it
     */
    public void requireRelease(EfaSymbol symbol) {
        if (!has(symbol)) {
            throw new UnsupportedVerbException(symbol.cName(), "libefa of rdma-core " + release
                    + " does not have it (since rdma-core " + symbol.since() + ")");
        }
    }
}
