package org.verbs4j.provider.soft.engine;

/**
 * The entries of a completion queue: preallocated {@link Completion}s, one object per slot, so that
 * writing or reading an entry touches one or two cache lines.
 */
public final class CompletionRing {

    /** The number of entries the queue holds (its {@code cqe}); the slot array may be longer. */
    public final int capacity;
    private final Completion[] slots;
    private final int mask;

    public CompletionRing(int capacity) {
        this.capacity = capacity;
        slots = new Completion[RingSlots.lengthFor(capacity)];
        mask = slots.length - 1;
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Completion();
        }
    }

    /** @return the entry at the absolute {@code position} */
    public Completion at(long position) {
        return slots[(int) position & mask];
    }

    /**
     * Copies the entry at {@code position} of another ring to the same position of this one.
     *
     * @param position the absolute position of the entry
     * @param from the ring holding it
     */
    public void copy(long position, CompletionRing from) {
        at(position).copyFrom(from.at(position));
    }
}
