package org.verbs4j.provider.soft;

/**
 * A scatter/gather list held by the device: the address, length and local key of each entry, and their
 * total length. The addresses are absolute ({@link DeviceMemory}); {@link LocalAccess#check} decides
 * whether the keys grant them.
 */
final class Sges {

    final long[] address;
    final int[] length;
    final int[] lkey;
    int count;
    private long total;

    Sges(int capacity) {
        address = new long[capacity];
        length = new int[capacity];
        lkey = new int[capacity];
    }

    void clear() {
        count = 0;
        total = 0;
    }

    void add(long entryAddress, int entryLength, int entryLkey) {
        address[count] = entryAddress;
        length[count] = entryLength;
        lkey[count] = entryLkey;
        count++;
        total += Integer.toUnsignedLong(entryLength);
    }

    /** Replaces the list with one entry that needs no key (inline data, a checked remote target). */
    void setResolved(long entryAddress, long bytes) {
        count = 1;
        address[0] = entryAddress;
        length[0] = (int) bytes;
        lkey[0] = 0;
        total = bytes;
    }

    long totalLength() {
        return total;
    }
}
