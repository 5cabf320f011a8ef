package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The send queue of a queue pair: a ring of {@link SendWqe} slots addressed by ever-growing positions.
 * Requests up to {@link #posted} were posted, up to {@link #executed} were executed; a slot is free again
 * once a completion at or after it was polled ({@link #retire}), as on hardware, so unsignaled requests
 * occupy the queue until a later signaled one is polled.
 *
 * <p>Two positions free slots, each written by one party only, so neither needs an atomic update: the
 * poller of the send completion queue (one batch owner at a time, in completion order, so its position
 * only grows) and a transition to RESET (under the fabric lock), which drops every posted request.
 */
public final class SendQueue {

    private static final VarHandle POLLED = FieldHandles.of(MethodHandles.lookup(), "polled", long.class);
    private static final VarHandle DISCARDED = FieldHandles.of(MethodHandles.lookup(), "discarded", long.class);

    /** The slots, each made when the queue first reaches it. */
    private final SendWqe[] slots;
    /** The native buffer of the slots' inline data, {@link #inlineStride} bytes each. */
    private final MemorySegment inline;
    private final int inlineStride;
    private final int maxSge;
    /**
     * The inline data of the request being executed, as a one-entry list: one per queue, not per slot, and
     * not one for the whole engine, because executing a request may execute other queues' requests (a
     * responder that fails wakes the requesters waiting on it) but never this queue's again.
     */
    private final Sges inlineView = new Sges(1);
    private final int mask;
    private final int capacity;
    private volatile long polled;
    private volatile long discarded;
    /** The poster's bound: the positions below it are known to be free (see {@link #hasRoom}). */
    private long freeUntil;
    public long posted;
    public long executed;

    public SendQueue(int capacity, int maxSge, int maxInline) {
        this.capacity = capacity;
        slots = new SendWqe[RingSlots.lengthFor(capacity)];
        mask = slots.length - 1;
        this.maxSge = maxSge;
        inlineStride = (maxInline + Long.BYTES - 1) & -Long.BYTES;
        inline = DeviceMemory.buffer((long) inlineStride * slots.length);
    }

    public int capacity() {
        return capacity;
    }

    /**
     * @return the slot of {@code position}; a queue that is never filled holds only the slots it reached (the
     *     first request of a slot makes it, once). Only the poster reaches a new position, and the requester reads
     *     posted slots only, which the fabric lock taken by {@code ibv_wr_complete} publishes.
     */
    public SendWqe slot(long position) {
        int index = (int) position & mask;
        SendWqe wqe = slots[index];
        return wqe != null ? wqe : newSlot(index);
    }

    private SendWqe newSlot(int index) {
        SendWqe wqe = new SendWqe(maxSge, inline, index * inlineStride);
        slots[index] = wqe;
        return wqe;
    }

    /** @return the data {@code wqe}, a slot of this queue, sends: its inline data or its SGE list */
    Sges source(SendWqe wqe) {
        return wqe.source(inlineView);
    }

    /**
     * Called by the poster only. The positions that free slots only grow, so a bound read once stays valid
     * until the poster reaches it; only then are they read again.
     *
     * @return whether {@code position} may be written by a new request
     */
    public boolean hasRoom(long position) {
        if (position < freeUntil) {
            return true;
        }
        freeUntil = Math.max(polled, discarded) + capacity;
        return position < freeUntil;
    }

    /** Frees the slots before {@code position}; called by the poller of the send completion queue. */
    public void retire(long position) {
        POLLED.setRelease(this, position);
    }

    public boolean hasPending() {
        return executed < posted;
    }

    /** Drops every request without completion (transition to RESET); fabric lock held. */
    public void discard() {
        executed = posted;
        DISCARDED.setRelease(this, posted);
    }
}
