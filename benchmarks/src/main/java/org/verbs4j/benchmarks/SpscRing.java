package org.verbs4j.benchmarks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded single-producer single-consumer ring of {@code long} messages, built the way the fast
 * queues are (Lamport's ring with the refinements of JCTools' {@code SpscArrayQueue}): the producer's
 * and the consumer's index each sit on cache lines of their own, 128 bytes away from each other and from
 * anything else; each side keeps a private copy of the other side's index, next to its own, and reads
 * the shared one only when its copy says the ring is full or empty; indices are published with release
 * stores and read with acquire loads; the capacity is a power of two; and the message slots are padded
 * away from the array header and from whatever the heap puts after the array. It is the in-JVM limit for
 * handing a small message from one thread to another.
 *
 * <p>The four indices live in one {@code long} array, because the JVM keeps the order of array elements
 * (it may reorder the fields of an object, which would defeat padding made of fields).
 */
final class SpscRing {

    /** 128 bytes: two cache lines, so that the adjacent-line prefetcher does not couple the two sides. */
    private static final int PAD = 16;
    private static final int TAIL = PAD;
    private static final int HEAD_CACHE = PAD + 1;
    private static final int HEAD = 2 * PAD + 2;
    private static final int TAIL_CACHE = 2 * PAD + 3;
    private static final VarHandle INDEX = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] indices = new long[3 * PAD + 4];
    private final long[] slots;
    private final int mask;

    /** @param capacity the number of slots, a power of two */
    SpscRing(int capacity) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        slots = new long[capacity + 2 * PAD];
        mask = capacity - 1;
    }

    /**
     * Queues a message; called by the producer thread only.
     *
     * @return whether the message was queued ({@code false}: the ring is full)
     */
    boolean offer(long message) {
        long[] index = indices;
        long position = index[TAIL];
        if (position >= index[HEAD_CACHE]) {
            long limit = (long) INDEX.getAcquire(index, HEAD) + mask + 1;
            index[HEAD_CACHE] = limit;
            if (position >= limit) {
                return false;
            }
        }
        slots[PAD + (int) (position & mask)] = message;
        INDEX.setRelease(index, TAIL, position + 1);
        return true;
    }

    /**
     * Takes the oldest message; called by the consumer thread only.
     *
     * @param empty what to return when the ring is empty
     * @return the message, or {@code empty}
     */
    long poll(long empty) {
        long[] index = indices;
        long position = index[HEAD];
        if (position >= index[TAIL_CACHE]) {
            long available = (long) INDEX.getAcquire(index, TAIL);
            index[TAIL_CACHE] = available;
            if (position >= available) {
                return empty;
            }
        }
        long message = slots[PAD + (int) (position & mask)];
        INDEX.setRelease(index, HEAD, position + 1);
        return message;
    }
}
