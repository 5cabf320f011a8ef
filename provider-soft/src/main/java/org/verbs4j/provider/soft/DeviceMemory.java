package org.verbs4j.provider.soft;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The device's view of memory: the whole address space as one native segment, reached by absolute
 * address from any thread, as a DMA engine reaches memory. The device checks every access against the
 * memory region or window that grants it (the bounds, the access rights, and that the region's memory is
 * still alive) before it touches the memory, so it needs no segment of its own per region, and a scatter
 * list or a remote target is a list of addresses. The device's own buffers (inline data, headers it
 * writes) are native too, so that every copy is between addresses.
 */
final class DeviceMemory {

    /** The largest copy made word by word. */
    private static final long SMALL_COPY = 64;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED;

    /** Every address of the process. */
    @SuppressWarnings("restricted")
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private DeviceMemory() {
    }

    /**
     * Copies {@code bytes} bytes from address {@code from} to address {@code to}: one bulk copy, or for
     * a few bytes a copy word by word. ({@link MemorySegment#copy} copies small non-overlapping ranges word
     * by word itself, but source and target are the same segment here, which it counts as overlapping.)
     */
    static void copy(long from, long to, long bytes) {
        if (bytes > SMALL_COPY) {
            MemorySegment.copy(ALL, from, ALL, to, bytes);
            return;
        }
        long done = 0;
        for (; done <= bytes - Long.BYTES; done += Long.BYTES) {
            ALL.set(WORD, to + done, ALL.get(WORD, from + done));
        }
        for (; done < bytes; done++) {
            ALL.set(ValueLayout.JAVA_BYTE, to + done, ALL.get(ValueLayout.JAVA_BYTE, from + done));
        }
    }

    /**
     * @return a native buffer of the device, {@code bytes} long and 8-byte aligned, freed by the garbage
     *     collector with the object that keeps it
     */
    static MemorySegment buffer(long bytes) {
        return Arena.ofAuto().allocate(Math.max(bytes, 1), Long.BYTES);
    }
}
