package org.verbs4j.provider.soft.engine;

/**
 * The slot arrays of the device's rings (send queues, receive queues, completion queues) have a power of
 * two length, at least the ring's capacity, so that an ever-growing position finds its slot with a mask
 * instead of a division; the capacity, not the array length, limits what a ring holds.
 */
final class RingSlots {

    private RingSlots() {
    }

    /** @return the smallest power of two that is at least {@code capacity} (1 for 0) */
    static int lengthFor(int capacity) {
        return capacity <= 1 ? 1 : Integer.highestOneBit(capacity - 1) << 1;
    }
}
