package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * The native {@code ibv_recv_wr} and {@code ibv_sge} arrays a receive list is copied into, with a mirror in Java
 * arrays of what each native entry holds: an entry whose request has not changed since the last post is not
 * written again, so that an application that posts the same list again (as C programs do) costs reads of Java
 * fields, not native stores. Entry {@code i} always points to entry {@code i + 1}, but the last entry of the list,
 * whose {@code next} is NULL. The arrays grow when a longer list comes, and are owned by the queue's arena.
 * rdma-core's providers only read the list ({@code post_recv} copies it into the receive queue). Not thread-safe.
 */
final class NativeReceiveList {

    private final Arena arena;
    private final long wrSize;
    private final long sgeSize;
    private final long nextOffset;
    private final long sgListOffset;
    private final long numSgeOffset;
    private final long lengthOffset;
    private final long lkeyOffset;
    private MemorySegment wrs = MemorySegment.NULL;
    private MemorySegment sges = MemorySegment.NULL;
    /** What entry {@code i} holds: its {@code wr_id}, the index of its first SGE and its {@code num_sge}. */
    private long[] wrIds = new long[0];
    private int[] firstSges = new int[0];
    private int[] sgeCounts = new int[0];
    /** What SGE {@code s} holds: {@code addr} at {@code 2s}, {@code length | lkey << 32} at {@code 2s + 1}. */
    private long[] sgeWords = new long[0];
    /** The entries whose native copy matches the mirror. */
    private int valid;
    /** The entry whose {@code next} is NULL, or -1. */
    private int last = -1;

    NativeReceiveList(Abi abi, Arena arena) {
        this.arena = arena;
        this.wrSize = abi.ibvRecvWr.byteSize();
        this.sgeSize = abi.ibvSge.byteSize();
        this.nextOffset = Abi.offset(abi.ibvRecvWr, "next");
        this.sgListOffset = Abi.offset(abi.ibvRecvWr, "sg_list");
        this.numSgeOffset = Abi.offset(abi.ibvRecvWr, "num_sge");
        this.lengthOffset = Abi.offset(abi.ibvSge, "length");
        this.lkeyOffset = Abi.offset(abi.ibvSge, "lkey");
    }

    /**
     * Copies a list into the native arrays, writing only the entries that changed.
     *
     * @param first the first request, not {@code null}
     * @return the address of the first native {@code ibv_recv_wr}
     */
    long copy(ReceiveRequest first) {
        int index = 0;
        int sge = 0;
        for (ReceiveRequest r = first; r != null; r = r.next(), index++) {
            ScatterGatherList list = r.sgList();
            int n = list.size();
            if (index == wrIds.length || 2L * (sge + n) > sgeWords.length) {
                grow(first);
                return copy(first);
            }
            if (index >= valid || !same(index, sge, r.wrId(), list)) {
                write(index, sge, r.wrId(), list);
            }
            sge += n;
        }
        valid = Math.max(valid, index);
        endAt(index - 1);
        return wrs.address();
    }

    /** @return the index of the native entry at {@code address}, for {@code bad_wr} */
    long indexOf(long address) {
        return (address - wrs.address()) / wrSize;
    }

    private void grow(ReceiveRequest first) {
        int count = 0;
        int sgeCount = 0;
        for (ReceiveRequest r = first; r != null; r = r.next()) {
            count++;
            sgeCount += r.sgList().size();
        }
        grow(Math.max(count, wrIds.length), Math.max(sgeCount, sgeWords.length / 2));
    }

    /** New arrays, with room for four more entries and SGEs than needed; nothing in them is valid yet. */
    private void grow(int count, int sgeCount) {
        wrs = arena.allocate(wrSize * (count + 4), Long.BYTES);
        sges = arena.allocate(sgeSize * (sgeCount + 4), Long.BYTES);
        wrIds = new long[count + 4];
        firstSges = new int[count + 4];
        sgeCounts = new int[count + 4];
        sgeWords = new long[2 * (sgeCount + 4)];
        valid = 0;
        last = -1;
    }

    private boolean same(int index, int sge, long wrId, ScatterGatherList list) {
        int n = list.size();
        if (wrIds[index] != wrId || firstSges[index] != sge || sgeCounts[index] != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (sgeWords[2 * (sge + i)] != list.address(i) || sgeWords[2 * (sge + i) + 1] != lengthAndKey(list, i)) {
                return false;
            }
        }
        return true;
    }

    private static long lengthAndKey(ScatterGatherList list, int i) {
        return Integer.toUnsignedLong(list.length(i)) | (long) list.lkey(i) << Integer.SIZE;
    }

    private void write(int index, int sge, long wrId, ScatterGatherList list) {
        int n = list.size();
        long at = index * wrSize;
        wrs.set(JAVA_LONG, at, wrId);
        wrs.set(JAVA_LONG, at + nextOffset, wrs.address() + at + wrSize);
        wrs.set(JAVA_LONG, at + sgListOffset, n == 0 ? 0 : sges.address() + sge * sgeSize);
        wrs.set(JAVA_INT, at + numSgeOffset, n);
        for (int i = 0; i < n; i++) {
            writeSge(sge + i, list.address(i), lengthAndKey(list, i));
        }
        wrIds[index] = wrId;
        firstSges[index] = sge;
        sgeCounts[index] = n;
        if (index == last) {
            last = -1;
        }
    }

    private void writeSge(int sge, long address, long lengthAndKey) {
        long at = sge * sgeSize;
        sges.set(JAVA_LONG, at, address);
        sges.set(JAVA_INT, at + lengthOffset, (int) lengthAndKey);
        sges.set(JAVA_INT, at + lkeyOffset, (int) (lengthAndKey >>> Integer.SIZE));
        sgeWords[2 * sge] = address;
        sgeWords[2 * sge + 1] = lengthAndKey;
    }

    /** Makes {@code index} the last entry: its {@code next} NULL, the former last one's the entry after it. */
    private void endAt(int index) {
        if (last == index) {
            return;
        }
        if (last >= 0) {
            wrs.set(JAVA_LONG, last * wrSize + nextOffset, wrs.address() + (last + 1) * wrSize);
        }
        wrs.set(JAVA_LONG, index * wrSize + nextOffset, 0L);
        last = index;
    }
}
