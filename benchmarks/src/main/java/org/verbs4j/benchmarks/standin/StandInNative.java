package org.verbs4j.benchmarks.standin;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The stand-in device's shared library, which the build compiles into {@code target/standin} (system property
 * {@value #LIBRARY_PROPERTY} to load another), and downcall handles for its setup functions and C loops.
 */
@SuppressWarnings("restricted")
final class StandInNative {

    /** The system property that names the library. */
    static final String LIBRARY_PROPERTY = "verbs4j.standin.library";

    private static final SymbolLookup LIBRARY = load();
    private static final Linker LINKER = Linker.nativeLinker();

    static final MethodHandle CONTEXT = handle("verbs4j_standin_context", FunctionDescriptor.of(ADDRESS));
    static final MethodHandle PD = handle("verbs4j_standin_pd", FunctionDescriptor.of(ADDRESS, ADDRESS));
    static final MethodHandle REPLAY = handle("verbs4j_standin_replay", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
    static final MethodHandle OVERFLOWED = handle("verbs4j_standin_overflowed", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    static final MethodHandle C_EMPTY_POLL = loop("verbs4j_c_empty_poll", ADDRESS, JAVA_LONG);
    static final MethodHandle C_SEND_POLL = loop("verbs4j_c_send_poll", ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG);
    static final MethodHandle C_BURST = loop("verbs4j_c_burst", ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG);
    static final MethodHandle C_WRITE2 = loop("verbs4j_c_write2", ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG);
    static final MethodHandle C_POLL16 = loop("verbs4j_c_poll16", ADDRESS, JAVA_LONG);

    private StandInNative() {
    }

    private static SymbolLookup load() {
        Path library = Path.of(System.getProperty(LIBRARY_PROPERTY, "target/standin/libverbs4j-standin.so"));
        if (!Files.isReadable(library)) {
            throw new IllegalStateException("no stand-in library at " + library.toAbsolutePath()
                    + ": build the benchmarks module (mvn -pl benchmarks -am compile) and run from its directory");
        }
        return SymbolLookup.libraryLookup(library, Arena.global());
    }

    private static MethodHandle handle(String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(LIBRARY.findOrThrow(name), descriptor);
    }

    private static MethodHandle loop(String name, java.lang.foreign.MemoryLayout... arguments) {
        return handle(name, FunctionDescriptor.of(JAVA_DOUBLE, arguments));
    }
}
