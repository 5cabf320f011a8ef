package org.verbs4j.provider.generic.raw;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.VarHandle;

/**
 * The errno a downcall reported, captured by the linker right after the call (never read later,
 * when the JVM may have overwritten it).
 */
public final class ErrnoCapture {

    /** The linker option that makes a downcall capture errno into its first argument. */
    public static final Linker.Option OPTION = Linker.Option.captureCallState("errno");

    private static final StructLayout LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO =
            LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private ErrnoCapture() {
    }

    /**
     * @param arena the owner of the state segment
     * @return a segment to pass as the first argument of an errno-capturing downcall
     */
    public static MemorySegment allocate(Arena arena) {
        return arena.allocate(LAYOUT);
    }

    /**
     * @param state a segment from {@link #allocate} after the call
     * @return the errno the call left
     */
    public static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }
}
