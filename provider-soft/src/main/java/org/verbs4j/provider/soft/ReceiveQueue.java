package org.verbs4j.provider.soft;

import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;

/**
 * A ring of posted receive requests (of a queue pair or a shared receive queue). The device copies each
 * request when it is posted. Used under the fabric's wire lock.
 */
final class ReceiveQueue {

    private long[] wrId;
    private Sges[] entries;
    private final int maxSge;
    private long head;
    private long tail;

    ReceiveQueue(int capacity, int maxSge) {
        this.maxSge = maxSge;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        wrId = new long[capacity];
        entries = new Sges[capacity];
        for (int i = 0; i < capacity; i++) {
            entries[i] = new Sges(maxSge);
        }
    }

    int capacity() {
        return wrId.length;
    }

    int maxSge() {
        return maxSge;
    }

    int size() {
        return (int) (tail - head);
    }

    boolean isEmpty() {
        return tail == head;
    }

    boolean isFull() {
        return size() >= capacity();
    }

    /** Copies {@code request} into the ring; the caller checked the SGE count and the room. */
    void add(ReceiveRequest request) {
        int slot = slot(tail);
        wrId[slot] = request.wrId();
        Sges sges = entries[slot];
        sges.clear();
        ScatterGatherList list = request.sgList();
        for (int i = 0; i < list.size(); i++) {
            sges.add(list.address(i), list.length(i), list.lkey(i));
        }
        tail++;
    }

    long headWrId() {
        return wrId[slot(head)];
    }

    Sges headSges() {
        return entries[slot(head)];
    }

    void removeHead() {
        head++;
    }

    void clear() {
        head = tail;
    }

    /** Changes the capacity, keeping the posted requests; the caller checked that they fit. */
    void resize(int capacity) {
        long[] oldIds = wrId;
        Sges[] oldEntries = entries;
        int oldCapacity = oldIds.length;
        int count = size();
        wrId = new long[capacity];
        entries = new Sges[capacity];
        for (int i = 0; i < count; i++) {
            int from = (int) Long.remainderUnsigned(head + i, oldCapacity);
            wrId[i] = oldIds[from];
            entries[i] = oldEntries[from];
        }
        for (int i = count; i < capacity; i++) {
            entries[i] = new Sges(maxSge);
        }
        head = 0;
        tail = count;
    }

    private int slot(long position) {
        return (int) Long.remainderUnsigned(position, wrId.length);
    }
}
