package org.verbs4j.provider.soft.engine;

import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;

/**
 * A ring of posted receive requests (of a queue pair or a shared receive queue). The device copies each
 * request when it is posted. Used under the fabric lock.
 *
 * <p>The requests lie in one {@code long[]}, a slot of {@code 2 + 2 * max_sge} words each: the work request id,
 * the number of SGEs, then per SGE its address and its length and key ({@link Sges#packed}). A stream of receives
 * reads one array in order instead of an object per slot, and an idle queue takes 32 bytes per slot of one SGE.
 */
public final class ReceiveQueue {

    private static final int WR_ID = 0;
    private static final int COUNT = 1;
    private static final int ENTRIES = 2;

    /** The head request's SGE list, as {@link #headSges} shows it: one per queue, refilled at every call. */
    private final Sges headView;
    private final int stride;
    private long[] words;
    private int mask;
    private int capacity;
    private final int maxSge;
    private final String maxSgeName;
    private final String name;
    private long headPosition;
    private long tail;

    /**
     * @param maxSgeName the attribute that limits the SGEs of a request, for error messages
     * @param name what the queue is, for error messages
     */
    public ReceiveQueue(int capacity, int maxSge, String maxSgeName, String name) {
        this.maxSge = maxSge;
        this.maxSgeName = maxSgeName;
        this.name = name;
        this.stride = ENTRIES + 2 * maxSge;
        this.headView = new Sges(maxSge);
        allocate(capacity);
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        int slots = RingSlots.lengthFor(newCapacity);
        words = new long[slots * stride];
        mask = slots - 1;
    }

    public int capacity() {
        return capacity;
    }

    public int maxSge() {
        return maxSge;
    }

    public int size() {
        return (int) (tail - headPosition);
    }

    public boolean isEmpty() {
        return tail == headPosition;
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
    public void post(String verb, ReceiveRequest first) {
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
        ScatterGatherList list = request.sgList();
        int at = offset(tail);
        int count = list.size();
        words[at + WR_ID] = request.wrId();
        words[at + COUNT] = count;
        if (count == 1) { // the common case, no loop
            words[at + ENTRIES] = list.address(0);
            words[at + ENTRIES + 1] = Sges.packed(list.length(0), list.lkey(0));
        } else {
            for (int i = 0; i < count; i++) {
                words[at + ENTRIES + 2 * i] = list.address(i);
                words[at + ENTRIES + 2 * i + 1] = Sges.packed(list.length(i), list.lkey(i));
            }
        }
        tail++;
    }

    /**
     * @return the SGE list of the request at the head, which must exist: a list of the queue that shows the head
     *     until the next call of this method or {@link #take}, to check and copy into
     */
    public Sges headSges() {
        int at = offset(headPosition);
        headView.load(words, at + ENTRIES, (int) words[at + COUNT]);
        return headView;
    }

    /** Removes the request at the head, which must exist; @return its work request id */
    public long take() {
        long id = words[offset(headPosition) + WR_ID];
        headPosition++;
        return id;
    }

    public void clear() {
        headPosition = tail;
    }

    /** Changes the capacity, keeping the posted requests; the caller checked that they fit. */
    public void resize(int newCapacity) {
        long[] old = words;
        int oldMask = mask;
        int count = size();
        allocate(newCapacity);
        for (int i = 0; i < count; i++) {
            System.arraycopy(old, ((int) (headPosition + i) & oldMask) * stride, words, i * stride, stride);
        }
        headPosition = 0;
        tail = count;
    }

    /** @return the index in {@link #words} of the slot of {@code position} */
    private int offset(long position) {
        return ((int) position & mask) * stride;
    }
}
