package org.verbs4j;

import java.util.Objects;

/**
 * A reusable list of scatter/gather entries (C {@code struct ibv_sge} arrays): address, length and
 * local key of each piece of registered memory a request reads or writes.
 *
 * <p>It has a fixed capacity and stores its entries in primitive arrays, so that building and
 * reusing a list allocates nothing. Not thread-safe.
 */
public final class ScatterGatherList {

    private final long[] addresses;
    private final int[] lengths;
    private final int[] lkeys;
    private int size;

    /**
     * @param capacity the most entries the list can hold
     */
    public ScatterGatherList(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        addresses = new long[capacity];
        lengths = new int[capacity];
        lkeys = new int[capacity];
    }

    /**
     * Appends an entry.
     *
     * @param address the start address
     * @param length the length in bytes
     * @param lkey the local key of the memory region holding the memory
     * @return this list
     * @throws IndexOutOfBoundsException if the list is full
     */
    public ScatterGatherList add(long address, int length, int lkey) {
        Objects.checkIndex(size, addresses.length);
        addresses[size] = address;
        lengths[size] = length;
        lkeys[size] = lkey;
        size++;
        return this;
    }

    /**
     * Appends an entry for part of a memory region.
     *
     * @param region the memory region
     * @param offset the offset in the region
     * @param length the length in bytes
     * @return this list
     */
    public ScatterGatherList add(MemoryRegion region, long offset, int length) {
        return add(region.address() + offset, length, region.lkey());
    }

    /**
     * Removes every entry.
     *
     * @return this list
     */
    public ScatterGatherList clear() {
        size = 0;
        return this;
    }

    /** @return the number of entries (C {@code num_sge}) */
    public int size() {
        return size;
    }

    /** @return the most entries the list can hold */
    public int capacity() {
        return addresses.length;
    }

    /** @param index an entry index @return the start address of the entry */
    public long address(int index) {
        return addresses[Objects.checkIndex(index, size)];
    }

    /** @param index an entry index @return the length of the entry */
    public int length(int index) {
        return lengths[Objects.checkIndex(index, size)];
    }

    /** @param index an entry index @return the local key of the entry */
    public int lkey(int index) {
        return lkeys[Objects.checkIndex(index, size)];
    }

    /** @return the sum of the entry lengths, as a long so that it cannot overflow */
    public long totalLength() {
        long total = 0;
        for (int i = 0; i < size; i++) {
            total += Integer.toUnsignedLong(lengths[i]);
        }
        return total;
    }
}
