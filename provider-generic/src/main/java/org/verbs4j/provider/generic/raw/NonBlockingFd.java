package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.VerbsException;

/**
 * {@code fcntl(fd, F_SETFL, flags | O_NONBLOCK)} on an event descriptor of libibverbs or librdmacm, as
 * ibv_get_cq_event(3) and ibv_get_async_event(3) describe for polling: a read whose event another thread
 * took between {@code poll(2)} and the read then fails with {@code EAGAIN} instead of blocking for good.
 */
@SuppressWarnings("restricted")
public final class NonBlockingFd {

    /** {@code EAGAIN} on Linux (x86_64 and aarch64). */
    public static final int EAGAIN = 11;
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int O_NONBLOCK = 04000;
    private static final MethodHandle FCNTL = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("fcntl").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2),
            ErrnoCapture.OPTION);

    private NonBlockingFd() {
    }

    /**
     * @param fd the descriptor; a negative one (a context without events) is left alone
     * @param verb the verb that made it, named if {@code fcntl} fails
     */
    public static void set(int fd, String verb) {
        if (fd < 0) {
            return;
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment state = ErrnoCapture.allocate(call);
            int flags = (int) FCNTL.invokeExact(state, fd, F_GETFL, 0);
            if (flags < 0 || (int) FCNTL.invokeExact(state, fd, F_SETFL, flags | O_NONBLOCK) < 0) {
                throw VerbsException.of(verb, ErrnoCapture.errno(state), "fcntl(O_NONBLOCK) on fd " + fd);
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
