package org.verbs4j.provider.soft;

import org.verbs4j.ReceiveRequest;

/**
 * A ring of posted receive requests (of a queue pair or a shared receive queue). The device copies each
 * request when it is posted. Used under the fabric lock.
 */
final class ReceiveQueue {

    private long[] wrId;
    private Sges[] entries;
    private int mask;
    private int capacity;
    private final int maxSge;
    private final String maxSgeName;
    private final String name;
    private long head;
    private long tail;

    /**
     * @param maxSgeName the attribute that limits the SGEs of a request, for error messages
     * @param name what the queue is, for error messages
     */
    ReceiveQueue(int capacity, int maxSge, String maxSgeName, String name) {
        this.maxSge = maxSge;
        this.maxSgeName = maxSgeName;
        this.name = name;
        allocate(capacity);
        fillEmptySlots();
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        wrId = new long[RingSlots.lengthFor(newCapacity)];
        entries = new Sges[wrId.length];
        mask = wrId.length - 1;
    }

    /** Gives every slot that has none an SGE list of its own. */
    private void fillEmptySlots() {
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] == null) {
                entries[i] = new Sges(maxSge);
            }
        }
    }

    int capacity() {
        return capacity;
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

    /**
     * Copies the requests of a list into the ring, in order; the requests before one that cannot be posted
     * stay posted, as in C.
     *
     * @param verb the verb that posts, for the exception
     * @throws org.verbs4j.InvalidArgumentException if a request has more SGEs than the queue allows
     * @throws org.verbs4j.OutOfResourcesException if the queue is full
     */
    void post(String verb, ReceiveRequest first) {
        for (ReceiveRequest request = first; request != null; request = request.next()) {
            if (request.sgList().size() > maxSge) {
                throw Failures.invalid(verb, request.sgList().size() + " SGEs exceed " + maxSgeName + " " + maxSge,
                        request);
            }
            if (isFull()) {
                throw Failures.noMemory(verb, name + " is full (" + capacity() + " requests)", request);
            }
            add(request);
        }
    }

    private void add(ReceiveRequest request) {
        int slot = slot(tail);
        wrId[slot] = request.wrId();
        entries[slot].copyOf(request.sgList());
        tail++;
    }

    Sges headSges() {
        return entries[slot(head)];
    }

    /** Removes the request at the head, which must exist; @return its work request id */
    long take() {
        long id = wrId[slot(head)];
        head++;
        return id;
    }

    void clear() {
        head = tail;
    }

    /** Changes the capacity, keeping the posted requests; the caller checked that they fit. */
    void resize(int newCapacity) {
        long[] oldIds = wrId;
        Sges[] oldEntries = entries;
        int oldMask = mask;
        int count = size();
        allocate(newCapacity);
        for (int i = 0; i < count; i++) {
            int from = (int) (head + i) & oldMask;
            wrId[i] = oldIds[from];
            entries[i] = oldEntries[from];
        }
        fillEmptySlots();
        head = 0;
        tail = count;
    }

    private int slot(long position) {
        return (int) position & mask;
    }
}
