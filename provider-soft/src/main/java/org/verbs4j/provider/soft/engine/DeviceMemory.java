package org.verbs4j.provider.soft.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * How the device moves data: every copy goes through the segments of the memory it reads and writes (a
 * registered region's own segment, or a buffer of the device), never through a view of raw addresses. The
 * device checks every access against the region or window that grants it before it copies; going through
 * the region's segment besides makes the copy an access of the region's arena, so an arena closed by another
 * thread meanwhile cannot free the memory under the copy: the copy stops with the arena's
 * {@link IllegalStateException} instead, which ends it as a DMA into memory freed under it would end. The
 * JDK interrupts the thread it stops that way (to wake it from a wait); that interrupt is the JDK's means,
 * not a request of the application, so the device takes it back unless the thread was interrupted before.
 */
public final class DeviceMemory {

    /** The largest copy made word by word. */
    private static final long SMALL_COPY = 64;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED;
    /** The buffer of no bytes, shared. */
    private static final MemorySegment EMPTY = Arena.global().allocate(Long.BYTES, Long.BYTES).asSlice(0, 0);

    private DeviceMemory() {
    }

    /**
     * Copies {@code bytes} bytes from address {@code from}, which lies in segment {@code source}, to address
     * {@code to}, which lies in segment {@code target}: one bulk copy, or for a few bytes a copy word by word
     * ({@link MemorySegment#copy} takes the bulk path for small ranges of overlapping segments, and two
     * parts of one registered region are one segment). If an arena of the two closed after the device
     * checked the access, the copy stops where it was.
     */
    static void copy(MemorySegment source, long from, MemorySegment target, long to, long bytes) {
        boolean interrupted = Thread.currentThread().isInterrupted();
        try {
            copyBetween(source, from - source.address(), target, to - target.address(), bytes);
        } catch (IllegalStateException arenaClosed) {
            stopped(interrupted); // the memory was freed under the copy (misuse): the data is lost, the JVM is not
        }
    }

    /**
     * Called when an access of the device stopped because an arena closed: takes back the interrupt the JDK
     * sent with the stop.
     *
     * @param interrupted whether the thread was interrupted before the access
     */
    public static void stopped(boolean interrupted) {
        if (!interrupted) {
            Thread.interrupted();
        }
    }

    private static void copyBetween(MemorySegment source, long from, MemorySegment target, long to, long bytes) {
        if (bytes > SMALL_COPY) {
            MemorySegment.copy(source, from, target, to, bytes);
            return;
        }
        long done = 0;
        for (; done <= bytes - Long.BYTES; done += Long.BYTES) {
            target.set(WORD, to + done, source.get(WORD, from + done));
        }
        for (; done < bytes; done++) {
            target.set(ValueLayout.JAVA_BYTE, to + done, source.get(ValueLayout.JAVA_BYTE, from + done));
        }
    }

    /**
     * @return a native buffer of the device, {@code bytes} long and 8-byte aligned, freed by the garbage
     *     collector with the object that keeps it (a buffer of no bytes is one shared segment)
     */
    public static MemorySegment buffer(long bytes) {
        return bytes == 0 ? EMPTY : Arena.ofAuto().allocate(bytes, Long.BYTES);
    }
}
