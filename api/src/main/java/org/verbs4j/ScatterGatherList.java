package org.verbs4j;

import java.util.Objects;

/**
 * A reusable list of scatter/gather entries (C {@code struct ibv_sge} arrays): address, length and
 * local key of each piece of registered memory a request reads or writes.
 *
 * <p>It has a fixed capacity and stores its entries in one primitive array, so that building and
 * reusing a list allocates nothing. Every change is counted ({@link #changes()}), so that a provider that copied
 * the list into its own {@code ibv_sge} array for {@code ibv_wr_set_sge_list} can pass that copy again while the
 * list is unchanged, as C programs pass the same array again. Not thread-safe.
 */
public final class ScatterGatherList {

    /** Two words per entry: the address, then the length (low half) and the local key (high half). */
    private final long[] words;
    private int size;
    private long changes;

    /**
     * @param capacity the most entries the list can hold
     */
    public ScatterGatherList(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        words = new long[2 * capacity];
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
        Objects.checkIndex(size, capacity());
        words[2 * size] = address;
        words[2 * size + 1] = Integer.toUnsignedLong(length) | (long) lkey << Integer.SIZE;
        size++;
        changes++;
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
        changes++;
        return this;
    }

    /**
     * The number of changes made to this list: {@link #add(long, int, int)} and {@link #clear()} each increase it
     * by one. Two reads that return the same count bracket no change to the entries.
     *
     * @return the count of changes since the list was created
     */
    public long changes() {
        return changes;
    }

    /** @return the number of entries (C {@code num_sge}) */
    public int size() {
        return size;
    }

    /** @return the most entries the list can hold */
    public int capacity() {
        return words.length / 2;
    }

    /**
     * @param index an entry index
     * @return the start address of the entry
     */
    public long address(int index) {
        return words[2 * Objects.checkIndex(index, size)];
    }

    /**
     * @param index an entry index
     * @return the length of the entry
     */
    public int length(int index) {
        return (int) lengthAndKey(index);
    }

    /**
     * @param index an entry index
     * @return the local key of the entry
     */
    public int lkey(int index) {
        return (int) (lengthAndKey(index) >>> Integer.SIZE);
    }

    private long lengthAndKey(int index) {
        return words[2 * Objects.checkIndex(index, size) + 1];
    }

    /** @return the sum of the entry lengths, as a long so that it cannot overflow */
    public long totalLength() {
        long total = 0;
        for (int i = 0; i < size; i++) {
            total += words[2 * i + 1] & 0xffff_ffffL;
        }
        return total;
    }
}
