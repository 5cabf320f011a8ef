package org.verbs4j.provider.generic.binding;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import org.verbs4j.VerbsException;

/** Timed and non-blocking waits on an event file descriptor with {@code poll(2)}. */
final class Poll {

    private static final short POLLIN = 1;
    private static final int EINTR = 4;

    private Poll() {
    }

    /**
     * @param ib the library
     * @param fd the file descriptor
     * @param timeout how long to wait; zero means do not wait
     * @param verb the verb waiting, for messages
     * @return whether the descriptor is readable
     */
    static boolean readable(Ibverbs ib, int fd, Duration timeout, String verb) {
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(0, timeout.toMillis()));
        try (Arena call = Arena.ofConfined()) {
            MemorySegment pollfd = call.allocate(8, 4);
            pollfd.set(JAVA_INT, 0, fd);
            pollfd.set(JAVA_SHORT, 4, POLLIN);
            MemorySegment errno = ErrnoCapture.allocate(call);
            while (true) {
                int rc = (int) ib.poll.invokeExact(errno, pollfd, 1L, millis);
                if (rc >= 0) {
                    return rc > 0;
                }
                if (ErrnoCapture.errno(errno) != EINTR) {
                    throw VerbsException.of(verb, ErrnoCapture.errno(errno), "poll(2) on fd " + fd);
                }
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
