package org.verbs4j.provider.soft;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The send queue of a queue pair: a ring of {@link SendWqe} slots addressed by ever-growing positions.
 * Requests up to {@link #posted} were posted, up to {@link #executed} were executed; a slot is free again
 * once a completion at or after it was polled ({@link #retire}), as on hardware, so unsignaled requests
 * occupy the queue until a later signaled one is polled.
 */
final class SendQueue {

    private final SendWqe[] slots;
    private final AtomicLong retired = new AtomicLong();
    long posted;
    long executed;

    SendQueue(int capacity, int maxSge, int maxInline) {
        slots = new SendWqe[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = new SendWqe(maxSge, maxInline);
        }
    }

    int capacity() {
        return slots.length;
    }

    SendWqe slot(long position) {
        return slots[(int) Long.remainderUnsigned(position, slots.length)];
    }

    /** @return whether {@code position} may be written by a new request */
    boolean hasRoom(long position) {
        return position - retired.get() < slots.length;
    }

    /** Frees the slots before {@code position}; called by the poller. */
    void retire(long position) {
        retired.accumulateAndGet(position, Math::max);
    }

    boolean hasPending() {
        return executed < posted;
    }

    /** Drops every request without completion (transition to RESET). */
    void discard() {
        executed = posted;
        retire(posted);
    }
}
