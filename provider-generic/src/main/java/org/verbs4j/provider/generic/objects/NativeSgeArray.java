package org.verbs4j.provider.generic.objects;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.provider.generic.raw.PlainMemory;

/**
 * The native {@code struct ibv_sge} array that {@code ibv_wr_set_sge_list} is given, with a mirror in a Java
 * array of what each entry holds. The list copied last, set again unchanged ({@link ScatterGatherList#changes()}
 * the same) as C programs pass theirs, is not read again; another list costs reads of Java fields where it
 * matches the mirror, not native stores, which the provider would read back at once (a copy of the array in
 * wider loads than the stores it spans waits for them to reach the cache). The array grows when a longer list
 * comes, and is owned by the arena given. Not thread-safe.
 */
final class NativeSgeArray {

    /** {@code sizeof(struct ibv_sge)}: {@code addr} (8 bytes), {@code length} and {@code lkey} (4 each). */
    private static final int SGE_BYTES = 16;
    private static final int MIN_ENTRIES = 4;

    private final Arena arena;
    private long address;
    /** What entry {@code i} holds: {@code addr} at {@code 2i}, {@code length} and {@code lkey} at {@code 2i + 1}. */
    private long[] words = new long[0];
    /** The list the array holds a copy of, and its count of changes then; {@code null} before the first copy. */
    private ScatterGatherList copied;
    private long copiedChanges;

    NativeSgeArray(Arena arena) {
        this.arena = arena;
    }

    /**
     * Copies a list into the native array, storing only the words that changed.
     *
     * @param sges the list
     * @return the address of the first native entry
     */
    long copy(ScatterGatherList sges) {
        if (sges == copied && sges.changes() == copiedChanges) {
            return address;
        }
        copyEntries(sges);
        copied = sges;
        copiedChanges = sges.changes();
        return address;
    }

    private void copyEntries(ScatterGatherList sges) {
        int count = sges.size();
        if (2 * count > words.length) {
            grow(count);
        }
        long[] mirror = words;
        for (int i = 0; i < count; i++) {
            long addr = sges.address(i);
            long lengthAndKey = PlainMemory.intPair(sges.length(i), sges.lkey(i));
            if (mirror[2 * i] != addr | mirror[2 * i + 1] != lengthAndKey) {
                store(i, addr, lengthAndKey);
            }
        }
    }

    private void store(int entry, long addr, long lengthAndKey) {
        long at = address + (long) entry * SGE_BYTES;
        PlainMemory.putLong(at, addr);
        PlainMemory.putLong(at + Long.BYTES, lengthAndKey);
        words[2 * entry] = addr;
        words[2 * entry + 1] = lengthAndKey;
    }

    /** A new array of zeros, which the new mirror of zeros matches. */
    private void grow(int count) {
        int entries = Math.max(count, MIN_ENTRIES);
        MemorySegment array = arena.allocate((long) entries * SGE_BYTES, 64);
        address = array.address();
        words = new long[2 * entries];
    }
}
