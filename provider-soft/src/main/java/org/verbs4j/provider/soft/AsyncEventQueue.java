package org.verbs4j.provider.soft;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.VerbsObject;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The asynchronous events of one context (C {@code ibv_get_async_event}, {@code ibv_ack_async_event}):
 * queued until read, then outstanding until acknowledged exactly once.
 */
final class AsyncEventQueue {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<AsyncEvent> queued = new ArrayDeque<>();
    private final Set<AsyncEvent> unacknowledged = Collections.newSetFromMap(new IdentityHashMap<>());
    private final String device;
    private boolean shutDown;

    /** @param device the name of the context's device, for the JFR event */
    AsyncEventQueue(String device) {
        this.device = device;
    }

    void post(AsyncEventType type, VerbsObject element, int portNum) {
        VerbsEvents.asyncEvent(device, type, element instanceof SoftObject object ? object.kind() : "port " + portNum);
        AsyncEvent event = new AsyncEvent(type, element, portNum);
        lock.lock();
        try {
            queued.addLast(event);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every waiter for good: the context is closed. */
    void shutDown() {
        lock.lock();
        try {
            shutDown = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * @return the next event, or {@code null} if none arrived within {@code timeout} ({@code null}: forever)
     *     or the queue was shut down
     * @throws org.verbs4j.VerbsException with errno {@code EINTR} if the thread was interrupted while it waited
     *     (its interrupt status stays set)
     */
    AsyncEvent take(Duration timeout) {
        long remaining = timeout == null ? Long.MAX_VALUE : Timeouts.nanos(timeout);
        lock.lock();
        try {
            while (queued.isEmpty()) {
                if (remaining <= 0 || shutDown) {
                    return null;
                }
                remaining = timeout == null ? waitForever() : arrived.awaitNanos(remaining);
            }
            AsyncEvent event = queued.removeFirst();
            unacknowledged.add(event);
            if (event.element() instanceof EventSubject subject) {
                subject.asyncEvents().delivered();
            }
            return event;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.interrupted("ibv_get_async_event");
        } finally {
            lock.unlock();
        }
    }

    private long waitForever() throws InterruptedException {
        arrived.await();
        return Long.MAX_VALUE;
    }

    /** @return whether the event was outstanding (and is now acknowledged) */
    boolean acknowledge(AsyncEvent event) {
        lock.lock();
        try {
            if (!unacknowledged.remove(event)) {
                return false;
            }
        } finally {
            lock.unlock();
        }
        if (event.element() instanceof EventSubject subject) {
            subject.asyncEvents().acknowledge(1);
        }
        return true;
    }

    /** Drops the events about {@code element} that were not read yet (the object is being destroyed). */
    void discard(VerbsObject element) {
        lock.lock();
        try {
            Iterator<AsyncEvent> events = queued.iterator();
            while (events.hasNext()) {
                if (events.next().element() == element) {
                    events.remove();
                }
            }
        } finally {
            lock.unlock();
        }
    }
}
