package org.verbs4j.provider.soft;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * The events of a channel (a completion channel, a connection manager's event channel) that were not read yet,
 * in the order they arrived. A reader waits for the next one; closing the channel wakes every reader, which then
 * finds it closed.
 *
 * @param <E> the event
 */
final class PendingEvents<E> {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<E> pending = new ArrayDeque<>();
    private final String verb;
    private final Runnable ensureOpen;
    private final Consumer<? super E> onRead;

    /**
     * @param verb the C function that reads an event, for the failure of an interrupted wait
     * @param ensureOpen throws if the channel is closed; called before and after every wait
     * @param onRead what reading an event starts (its count of unacknowledged events), under the queue's lock
     */
    PendingEvents(String verb, Runnable ensureOpen, Consumer<? super E> onRead) {
        this.verb = verb;
        this.ensureOpen = ensureOpen;
        this.onRead = onRead;
    }

    void add(E event) {
        lock.lock();
        try {
            pending.addLast(event);
            arrived.signal();
        } finally {
            lock.unlock();
        }
    }

    /** @return the events {@code which} selects, no longer pending */
    List<E> remove(Predicate<? super E> which) {
        lock.lock();
        try {
            List<E> removed = pending.stream().filter(which).toList();
            pending.removeAll(removed);
            return removed;
        } finally {
            lock.unlock();
        }
    }

    /**
     * @param nanos how long to wait: 0 not at all, {@link Long#MAX_VALUE} for ever
     * @return the next event, or {@code null} if none arrived in time
     * @throws org.verbs4j.VerbsException with errno {@code EINTR} if the thread was interrupted while it waited
     *     (its interrupt status stays set)
     */
    E take(long nanos) {
        ensureOpen.run();
        long remaining = nanos;
        lock.lock();
        try {
            while (pending.isEmpty()) {
                if (remaining <= 0) {
                    return null;
                }
                remaining = nanos == Long.MAX_VALUE ? awaitForever() : arrived.awaitNanos(remaining);
                ensureOpen.run();
            }
            E event = pending.removeFirst();
            onRead.accept(event);
            return event;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.interrupted(verb);
        } finally {
            lock.unlock();
        }
    }

    private long awaitForever() throws InterruptedException {
        arrived.await();
        return Long.MAX_VALUE;
    }

    /** Wakes every reader: the channel is closed. */
    void wakeAll() {
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
