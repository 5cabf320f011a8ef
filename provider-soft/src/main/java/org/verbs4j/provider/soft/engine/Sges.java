package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;

/**
 * A scatter/gather list held by the device: the address, length and local key of each entry, and their
 * total length; and, once an access check granted an entry, the segment of the memory it lies in, which
 * every copy goes through ({@link DeviceMemory}). {@link LocalAccess#check} decides whether the keys grant
 * the entries and records their memory; a list the device fills itself (inline data, a checked remote
 * target, a header) is resolved with its memory at once.
 *
 * <p>The first entry lives in fields of the list itself and the others in a {@link Tail} (two words per entry:
 * the address, then the length and the key), so that a list of one entry, the common case, is one object of 48
 * bytes: the device keeps one list per send queue slot, and the data path reads them one after another.
 * A receive queue stores its requests in the same two words per entry and shows its head through one list
 * ({@link #load}).
 */
public final class Sges {

    /** The entries after the first, or {@code null} for a list of one entry at most. */
    private final Tail tail;
    private long firstAddress;
    private long firstLengthAndKey;
    private MemorySegment firstMemory;
    private long firstShift;
    public int count;

    /** The entries of a list after its first, and their total length. */
    private static final class Tail {

        /** Per entry the address, then the length and the key. */
        final long[] more;
        /** The memory of each entry, as granted by the last check. */
        final MemorySegment[] memory;
        /** Per entry: what turns its address into an address in its memory (zero-based regions). */
        final long[] shift;
        /** The total length of the entries after the first that the list holds. */
        long total;

        Tail(int entries) {
            more = new long[2 * entries];
            memory = new MemorySegment[entries];
            shift = new long[entries];
        }
    }

    public Sges(int capacity) {
        tail = capacity > 1 ? new Tail(capacity - 1) : null;
    }

    public long address(int index) {
        return index == 0 ? firstAddress : tail.more[2 * index - 2];
    }

    public int length(int index) {
        return (int) lengthAndKey(index);
    }

    public int lkey(int index) {
        return (int) (lengthAndKey(index) >>> Integer.SIZE);
    }

    /** @return the memory that entry {@code index} lies in, as the last check or resolution recorded it */
    public MemorySegment memory(int index) {
        return index == 0 ? firstMemory : tail.memory[index - 1];
    }

    /**
     * @return the address of entry {@code index} in its {@link #memory(int)}: its address, moved for an entry of
     *     a zero-based region
     */
    public long memoryAddress(int index) {
        return address(index) + (index == 0 ? firstShift : tail.shift[index - 1]);
    }

    /**
     * Records the memory that a check found entry {@code index} to lie in, and what turns the entry's address
     * into an address in it (0 but for a zero-based region).
     */
    public void memory(int index, MemorySegment segment, long shift) {
        memory(index, segment);
        if (index == 0) {
            firstShift = shift;
        } else {
            tail.shift[index - 1] = shift;
        }
    }

    /**
     * Records the memory that a check found entry {@code index} to lie in. A list mostly meets the same
     * memory again, and an unchanged reference is not written (no garbage collector barrier).
     */
    public void memory(int index, MemorySegment segment) {
        if (index == 0) {
            if (firstMemory != segment) {
                firstMemory = segment;
            }
        } else if (tail.memory[index - 1] != segment) {
            tail.memory[index - 1] = segment;
        }
    }

    private long lengthAndKey(int index) {
        return index == 0 ? firstLengthAndKey : tail.more[2 * index - 1];
    }

    public void clear() {
        count = 0;
    }

    public void add(long entryAddress, int entryLength, int entryLkey) {
        long lengthAndKey = packed(entryLength, entryLkey);
        if (count == 0) {
            firstAddress = entryAddress;
            firstLengthAndKey = lengthAndKey;
        } else {
            if (count == 1) {
                tail.total = 0; // the list's first entry after the first
            }
            tail.more[2 * count - 2] = entryAddress;
            tail.more[2 * count - 1] = lengthAndKey;
            tail.total += Integer.toUnsignedLong(entryLength);
        }
        count++;
    }

    /**
     * Replaces the entries with {@code entries} entries stored as this list stores them, two words each (the
     * address, then the {@link #packed} length and key), from {@code words[from]} on.
     */
    void load(long[] words, int from, int entries) {
        count = entries;
        if (entries == 0) {
            return;
        }
        firstAddress = words[from];
        firstLengthAndKey = words[from + 1];
        if (entries > 1) {
            loadMore(words, from + 2, entries - 1);
        }
    }

    private void loadMore(long[] words, int from, int entries) {
        long[] more = tail.more;
        System.arraycopy(words, from, more, 0, 2 * entries);
        long total = 0;
        for (int i = 0; i < entries; i++) {
            total += more[2 * i + 1] & 0xffff_ffffL;
        }
        tail.total = total;
    }

    /** Replaces the list with one entry. */
    public void setSingle(long entryAddress, int entryLength, int entryLkey) {
        count = 1;
        firstAddress = entryAddress;
        firstLengthAndKey = packed(entryLength, entryLkey);
    }

    /** @return the second word of an entry: the length in the low half, the key in the high half */
    static long packed(int entryLength, int entryLkey) {
        return Integer.toUnsignedLong(entryLength) | (long) entryLkey << Integer.SIZE;
    }

    /**
     * Replaces the list with one entry that needs no key (inline data, a header of the device, a checked
     * remote target): {@code bytes} bytes at {@code entryAddress}, inside {@code segment}.
     */
    public void setResolved(MemorySegment segment, long entryAddress, long bytes) {
        count = 1;
        memory(0, segment, 0);
        firstAddress = entryAddress;
        firstLengthAndKey = bytes & 0xffff_ffffL; // a resolved entry holds at most MAX_MSG_SIZE bytes
    }

    /** Replaces the list with the first {@code bytes} bytes of {@code buffer}, a buffer of the device. */
    public void setResolved(MemorySegment buffer, long bytes) {
        setResolved(buffer, buffer.address(), bytes);
    }

    /** @return the total length of the entries */
    public long totalLength() {
        if (count <= 1) {
            return count == 0 ? 0 : firstLengthAndKey & 0xffff_ffffL;
        }
        return (firstLengthAndKey & 0xffff_ffffL) + tail.total;
    }
}
