package org.verbs4j.provider.generic.raw;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import org.verbs4j.UnsupportedVerbException;

/**
 * A shared library loaded for the lifetime of the JVM, and the downcall handles of its exported
 * symbols.
 */
@SuppressWarnings("restricted")
public final class NativeLibrary {

    private static final Linker LINKER = Linker.nativeLinker();

    private final String soname;
    private final SymbolLookup lookup;

    private NativeLibrary(String soname, SymbolLookup lookup) {
        this.soname = soname;
        this.lookup = lookup;
    }

    /**
     * Loads a library with the dynamic linker's search rules.
     *
     * @param soname the library's soname, for example {@code "libibverbs.so.1"}
     * @return the library
     * @throws UnsupportedVerbException if the library cannot be loaded; the message says why
     */
    public static NativeLibrary load(String soname) {
        try {
            return new NativeLibrary(soname, SymbolLookup.libraryLookup(soname, Arena.global()));
        } catch (IllegalArgumentException | IllegalCallerException e) {
            throw loadFailure(soname, e);
        }
    }

    private static UnsupportedVerbException loadFailure(String soname, RuntimeException e) {
        UnsupportedVerbException failure = new UnsupportedVerbException("dlopen", e instanceof IllegalCallerException
                ? soname + " could not be loaded (" + e.getMessage() + ")"
                : soname + " not found (" + e.getMessage() + ")");
        failure.initCause(e);
        return failure;
    }

    /** @return the soname the library was loaded by */
    public String soname() {
        return soname;
    }

    /**
     * @param symbol an exported symbol
     * @return its address, if the library exports it
     */
    public Optional<MemorySegment> find(String symbol) {
        return lookup.find(symbol);
    }

    /**
     * @param symbol an exported function of libibverbs
     * @param descriptor its C signature
     * @param options linker options, for example {@link ErrnoCapture#OPTION}
     * @return a downcall handle for it
     * @throws UnsupportedVerbException if the library does not export the symbol
     */
    public MethodHandle downcall(Symbol symbol, FunctionDescriptor descriptor, Linker.Option... options) {
        return downcall(symbol.cName(), descriptor, options);
    }

    /**
     * @param symbol an exported function
     * @param descriptor its C signature
     * @param options linker options, for example {@link ErrnoCapture#OPTION}
     * @return a downcall handle for it
     * @throws UnsupportedVerbException if the library does not export the symbol
     */
    public MethodHandle downcall(String symbol, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment address = find(symbol).orElseThrow(() -> new UnsupportedVerbException("dlsym",
                soname + " does not export " + symbol));
        return LINKER.downcallHandle(address, descriptor, options);
    }
}
