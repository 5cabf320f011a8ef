package org.verbs4j.provider.mlx5.raw;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import org.verbs4j.UnsupportedVerbException;

/**
 * libmlx5.so.1 (or the library named by the system property {@value #PATH_PROPERTY}), loaded for the life of
 * the JVM, and the rdma-core release it belongs to. A function the loaded release does not export is an
 * {@link UnsupportedVerbException} naming the function and the release that introduced it.
 */
@SuppressWarnings("restricted")
public final class Mlx5Library {

    /** The system property naming the library to load, a soname or a path. */
    public static final String PATH_PROPERTY = "verbs4j.mlx5.library";
    /** The soname loaded by default. */
    public static final String SONAME = "libmlx5.so.1";

    private static final Linker LINKER = Linker.nativeLinker();

    private final String name;
    private final SymbolLookup lookup;
    private final int release;

    private Mlx5Library(String name, SymbolLookup lookup, int release) {
        this.name = name;
        this.lookup = lookup;
        this.release = release;
    }

    /**
     * @return the library named by {@value #PATH_PROPERTY} (default {@value #SONAME}), loaded once
     * @throws UnsupportedVerbException if it cannot be loaded
     */
    public static Mlx5Library system() {
        return SystemLibrary.INSTANCE;
    }

    /**
     * @param nameOrPath a soname or a path
     * @param release the rdma-core major release it belongs to, {@link Mlx5Release#NEWEST} if unknown
     * @return the library, loaded for the life of the JVM
     * @throws UnsupportedVerbException if it cannot be loaded
     */
    public static Mlx5Library load(String nameOrPath, int release) {
        try {
            return new Mlx5Library(nameOrPath, SymbolLookup.libraryLookup(nameOrPath, Arena.global()), release);
        } catch (IllegalArgumentException | IllegalCallerException e) {
            throw new UnsupportedVerbException("dlopen", nameOrPath + " not found (" + e.getMessage() + ")");
        }
    }

    /** @return the soname or path it was loaded by */
    public String name() {
        return name;
    }

    /** @return the rdma-core major release it belongs to */
    public int release() {
        return release;
    }

    /** @return whether the loaded release exports {@code function} */
    public boolean exports(Mlx5Function function) {
        return find(function).isPresent();
    }

    /**
     * @param function an entry point
     * @throws UnsupportedVerbException if the loaded release does not export it, naming the release that has it
     */
    public void require(Mlx5Function function) {
        find(function).orElseThrow(() -> missing(function));
    }

    /**
     * @param function an entry point
     * @param descriptor its C signature
     * @param options linker options
     * @return a downcall handle for it
     * @throws UnsupportedVerbException if the loaded release does not export it
     */
    public MethodHandle downcall(Mlx5Function function, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment address = find(function).orElseThrow(() -> missing(function));
        return LINKER.downcallHandle(address, descriptor, options);
    }

    private UnsupportedVerbException missing(Mlx5Function function) {
        return new UnsupportedVerbException(function.cName(), name + " (rdma-core " + release
                + ") does not export it; it is in rdma-core " + function.since() + " and later");
    }

    private Optional<MemorySegment> find(Mlx5Function function) {
        return lookup.find(function.cName());
    }

    /** The system library, loaded on first use. */
    private static final class SystemLibrary {
        static final Mlx5Library INSTANCE = loadSystem();

        private static Mlx5Library loadSystem() {
            String name = System.getProperty(PATH_PROPERTY, SONAME);
            Mlx5Library library = load(name, Mlx5Release.NEWEST);
            return new Mlx5Library(name, library.lookup, Mlx5Release.loaded());
        }
    }
}
