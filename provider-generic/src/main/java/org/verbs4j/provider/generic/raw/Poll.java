package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.verbs4j.VerbsException;

/**
 * Waits on an event file descriptor with {@code poll(2)}. A Java interrupt does not wake a thread inside a
 * native call, so a wait polls in slices of at most {@link #SLICE_MILLIS} and looks at the thread's
 * interrupt status between them: an interrupted thread stops waiting within a slice, with {@code EINTR}.
 */
public final class Poll {

    /** The longest single {@code poll(2)}: how long an interrupt may go unnoticed. */
    static final int SLICE_MILLIS = 50;
    private static final short POLLIN = 1;
    private static final int EINTR = 4;

    private Poll() {
    }

    /**
     * @param ib the library
     * @param fd the file descriptor
     * @param timeout how long to wait; zero means do not wait, {@code null} means until it is readable
     * @param verb the verb waiting, for messages
     * @return whether the descriptor is readable
     * @throws VerbsException with errno {@code EINTR} if the thread is interrupted while it waits (its
     *     interrupt status stays set)
     */
    public static boolean readable(Ibverbs ib, int fd, Duration timeout, String verb) {
        long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + Args.nanos(timeout);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment pollfd = call.allocate(8, 4);
            pollfd.set(JAVA_INT, 0, fd);
            pollfd.set(JAVA_SHORT, 4, POLLIN);
            MemorySegment errno = ErrnoCapture.allocate(call);
            while (true) {
                long left = timeout == null ? SLICE_MILLIS : deadline - System.nanoTime();
                int millis = (int) Math.min(SLICE_MILLIS, Math.max(0, TimeUnit.NANOSECONDS.toMillis(left)));
                int rc = (int) ib.poll.invokeExact(errno, pollfd, 1L, millis);
                if (rc > 0) {
                    return true;
                }
                if (rc < 0 && ErrnoCapture.errno(errno) != EINTR) {
                    throw VerbsException.of(verb, ErrnoCapture.errno(errno), "poll(2) on fd " + fd);
                }
                if (timeout != null && deadline - System.nanoTime() <= 0) {
                    return false;
                }
                if (Thread.currentThread().isInterrupted()) {
                    throw VerbsException.of(verb, EINTR, "interrupted while waiting");
                }
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
