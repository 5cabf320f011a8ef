package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.provider.generic.raw.Native;

/**
 * The asynchronous events of one context that were read ({@code ibv_get_async_event}) and not acknowledged
 * yet, held as their native {@code struct ibv_async_event} only, never as Java objects, so that the
 * Cleaner actions of the context's queues can refer to it without keeping any queue reachable.
 *
 * <p>{@code ibv_destroy_cq}, {@code ibv_destroy_qp}, {@code ibv_destroy_srq} and {@code ibv_destroy_wq} wait
 * until every event reported for their object is acknowledged. When the safety net destroys a leaked queue,
 * nobody can acknowledge such an event any more, and the destroy would block the shared Cleaner thread
 * forever; so the Cleaner action of a queue ({@link #beforeDestroying}) first acknowledges the pending events
 * whose element is that queue. No application can still hold one of them: an {@link org.verbs4j.AsyncEvent}
 * refers to its queue, which keeps the queue reachable, and a queue is cleaned only once its context is
 * unreachable too (the context refers to its queues), so that no event of the context can be acknowledged
 * by the application any more.
 *
 * <p>Each event is acknowledged exactly once: by whoever takes it out of this set, the application
 * ({@link #acknowledge}) or the safety net.
 */
final class PendingAsyncEvents {

    /** Offset of {@code union element} (a cq, qp, srq or wq pointer, or the port number) in the event. */
    private static final long ELEMENT = 0;

    private final MethodHandle ack;
    private final Map<Long, MemorySegment> events = new ConcurrentHashMap<>();

    /** @param ack {@code void ibv_ack_async_event(struct ibv_async_event *)} */
    PendingAsyncEvents(MethodHandle ack) {
        this.ack = ack;
    }

    /** @param event an event just read, which must be acknowledged once */
    void add(MemorySegment event) {
        events.put(event.address(), event);
    }

    /**
     * Acknowledges an event for the application.
     *
     * @param event the event
     * @return whether it was pending (and is now acknowledged); {@code false} if it was acknowledged before
     */
    boolean acknowledge(MemorySegment event) {
        if (!events.remove(event.address(), event)) {
            return false;
        }
        try {
            ack.invokeExact(event);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return true;
    }

    /** @return how many events are pending */
    int size() {
        return events.size();
    }

    /**
     * A Cleaner action for a queue of the context: acknowledges the pending events of that queue, then
     * destroys it. It refers to this set and to the destroy action, never to a Java object of the api.
     *
     * @param element the queue ({@code struct ibv_cq *}, {@code ibv_qp *}, {@code ibv_srq *} or {@code ibv_wq *})
     * @param destroy the action that destroys it
     * @return the action
     */
    Runnable beforeDestroying(long element, Runnable destroy) {
        return () -> {
            acknowledgeAllOf(element);
            destroy.run();
        };
    }

    /** Acknowledges every pending event whose element is {@code element}; never throws (Cleaner thread). */
    private void acknowledgeAllOf(long element) {
        for (MemorySegment event : events.values()) {
            if (event.get(JAVA_LONG, ELEMENT) == element && events.remove(event.address(), event)) {
                try {
                    ack.invokeExact(event);
                } catch (Throwable ignored) {
                    // Safety net only: nothing can be reported from a Cleaner thread.
                }
            }
        }
    }
}
