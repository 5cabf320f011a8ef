package org.verbs4j;

/**
 * A verbs object that owns device resources: a context, protection domain, memory region,
 * completion queue, queue pair and so on.
 *
 * <p>Lifetime rules, as in rdma-core: an object is destroyed by {@link #close()} exactly once;
 * closing it again, or calling any of its verbs afterwards, throws {@link ClosedObjectException}
 * naming the verb. Closing a parent that still has live children (a protection domain with
 * memory regions, a completion queue used by a queue pair) fails with {@link BusyException}
 * and leaves the parent usable.
 */
public interface VerbsObject extends AutoCloseable, Unwrappable {

    /**
     * Destroys the object (the C {@code ibv_destroy_*}, {@code ibv_dealloc_*} or {@code ibv_dereg_*}
     * verb).
     *
     * @throws ClosedObjectException if it was already closed
     * @throws BusyException if children are still alive; for a queue pair, if it is attached to a
     *     multicast group; for a completion queue, queue pair or shared receive queue, if its completion or
     *     asynchronous events are still not acknowledged when the provider's documented wait runs out
     *     (rdma-core waits forever; a Java provider may instead fail and leave the object usable); for a
     *     completion queue or a queue pair, if another thread's open poll or send batch does not end within
     *     the provider's documented wait, or the calling thread's own batch is open
     */
    @Override
    void close();

    /** @return whether {@link #close()} has completed successfully */
    boolean isClosed();
}
