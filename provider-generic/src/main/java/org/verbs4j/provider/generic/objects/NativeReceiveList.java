package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.provider.generic.raw.Abi;

/**
 * The native {@code ibv_recv_wr} and {@code ibv_sge} arrays a receive list is copied into, with a mirror in Java
 * arrays of which request each native entry holds, and at which count of its changes
 * ({@link ReceiveRequest#changes()}): an entry whose request is the same object, unchanged since it was written, at
 * the same place in the SGE array, whose SGE slots no other entry wrote since, is not read nor written again, so that
 * an application that posts the same list again (as C programs do) costs reads of a few Java fields per request,
 * not native stores. Entry {@code i} always points to entry {@code i + 1}, but the last entry of the list, whose
 * {@code next} is NULL. The arrays grow when a longer list comes, and are owned by the queue's arena (the mirror
 * keeps the requests of the longest list posted reachable). rdma-core's providers only read the list
 * ({@code post_recv} copies it into the receive queue). Not thread-safe.
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
    /** What entry {@code i} holds: its request, that request's count of changes, its first SGE and its count. */
    private ReceiveRequest[] requests = new ReceiveRequest[0];
    private long[] requestChanges = new long[0];
    private int[] firstSges = new int[0];
    private int[] sgeCounts = new int[0];
    /** The entry that wrote SGE slot {@code s} last, or -1. */
    private int[] slotOwners = new int[0];
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
            if (index == requests.length) {
                return grownCopy(first);
            }
            if (index < valid && same(index, sge, r)) {
                sge += sgeCounts[index];
                continue;
            }
            int n = r.sgList().size();
            if (sge + n > slotOwners.length) {
                return grownCopy(first);
            }
            write(index, sge, r);
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

    private long grownCopy(ReceiveRequest first) {
        int count = 0;
        int sgeCount = 0;
        for (ReceiveRequest r = first; r != null; r = r.next()) {
            count++;
            sgeCount += r.sgList().size();
        }
        grow(Math.max(count, requests.length), Math.max(sgeCount, slotOwners.length));
        return copy(first);
    }

    /** New arrays, with room for four more entries and SGEs than needed; nothing in them is valid yet. */
    private void grow(int count, int sgeCount) {
        wrs = arena.allocate(wrSize * (count + 4), Long.BYTES);
        sges = arena.allocate(sgeSize * (sgeCount + 4), Long.BYTES);
        requests = new ReceiveRequest[count + 4];
        requestChanges = new long[count + 4];
        firstSges = new int[count + 4];
        sgeCounts = new int[count + 4];
        slotOwners = new int[sgeCount + 4];
        Arrays.fill(slotOwners, -1);
        valid = 0;
        last = -1;
    }

    private boolean same(int index, int sge, ReceiveRequest r) {
        return requests[index] == r && requestChanges[index] == r.changes() && firstSges[index] == sge
                && ownsSlots(index, sge, sgeCounts[index]);
    }

    private boolean ownsSlots(int index, int sge, int n) {
        for (int i = 0; i < n; i++) {
            if (slotOwners[sge + i] != index) {
                return false;
            }
        }
        return true;
    }

    private void write(int index, int sge, ReceiveRequest r) {
        ScatterGatherList list = r.sgList();
        int n = list.size();
        long at = index * wrSize;
        wrs.set(JAVA_LONG, at, r.wrId());
        wrs.set(JAVA_LONG, at + nextOffset, wrs.address() + at + wrSize);
        wrs.set(JAVA_LONG, at + sgListOffset, n == 0 ? 0 : sges.address() + sge * sgeSize);
        wrs.set(JAVA_INT, at + numSgeOffset, n);
        for (int i = 0; i < n; i++) {
            writeSge(sge + i, list.address(i), list.length(i), list.lkey(i));
            slotOwners[sge + i] = index;
        }
        requests[index] = r;
        requestChanges[index] = r.changes();
        firstSges[index] = sge;
        sgeCounts[index] = n;
        if (index == last) {
            last = -1;
        }
    }

    private void writeSge(int sge, long address, int length, int lkey) {
        long at = sge * sgeSize;
        sges.set(JAVA_LONG, at, address);
        sges.set(JAVA_INT, at + lengthOffset, length);
        sges.set(JAVA_INT, at + lkeyOffset, lkey);
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
