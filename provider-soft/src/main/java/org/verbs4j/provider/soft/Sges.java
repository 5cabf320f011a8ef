package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;

/**
 * A scatter/gather list held by the device, and after {@link LocalAccess#resolve} the memory each
 * entry names (the DMA segment of its region and the offset in it).
 */
final class Sges {

    final long[] address;
    final int[] length;
    final int[] lkey;
    final MemorySegment[] segment;
    final long[] offset;
    int count;

    Sges(int capacity) {
        address = new long[capacity];
        length = new int[capacity];
        lkey = new int[capacity];
        segment = new MemorySegment[capacity];
        offset = new long[capacity];
    }


    void clear() {
        count = 0;
    }

    void add(long entryAddress, int entryLength, int entryLkey) {
        address[count] = entryAddress;
        length[count] = entryLength;
        lkey[count] = entryLkey;
        count++;
    }

    /** Replaces the list with one resolved entry (inline data, or a contiguous remote target). */
    void setResolved(MemorySegment memory, long memoryOffset, int bytes) {
        count = 1;
        address[0] = 0;
        length[0] = bytes;
        lkey[0] = 0;
        segment[0] = memory;
        offset[0] = memoryOffset;
    }

    long totalLength() {
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += Integer.toUnsignedLong(length[i]);
        }
        return total;
    }
}
