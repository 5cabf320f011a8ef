package org.verbs4j.provider.soft;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * An event channel: a queue of communication events in the order they occurred. An event counts towards
 * its identifier's unacknowledged events once it is read; reading a connection request frees a place in
 * its listener's backlog.
 */
final class SoftEventChannel extends SoftObject implements EventChannel {

    private static final String GET = "rdma_get_cm_event";

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<SoftCmEvent> pending = new ArrayDeque<>();

    SoftEventChannel() {
        super("rdma_destroy_event_channel", "event channel", "");
    }

    void deliver(SoftCmEvent event) {
        VerbsEvents.cmEvent(event.type(), event.status());
        lock.lock();
        try {
            pending.addLast(event);
            arrived.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Drops the events not yet read about {@code id}; @return those that were connection requests */
    java.util.List<SoftCmEvent> discard(SoftCmId id) {
        lock.lock();
        try {
            java.util.List<SoftCmEvent> dropped = pending.stream().filter(event -> event.softId() == id
                    || event.softListenId() == id).toList();
            pending.removeAll(dropped);
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public CmEvent getEvent() {
        return taken(awaitEvent(Long.MAX_VALUE));
    }

    @Override
    public CmEvent getEvent(Duration timeout) {
        ensureOpen(GET);
        return taken(awaitEvent(Timeouts.nanos(Failures.required(GET, timeout, "the timeout"))));
    }

    @Override
    public CmEvent tryGetEvent() {
        return taken(awaitEvent(0));
    }

    private SoftCmEvent awaitEvent(long nanos) {
        ensureOpen(GET);
        long remaining = nanos;
        lock.lock();
        try {
            while (pending.isEmpty()) {
                if (remaining <= 0) {
                    return null;
                }
                remaining = nanos == Long.MAX_VALUE ? awaitForever() : arrived.awaitNanos(remaining);
                ensureOpen(GET);
            }
            SoftCmEvent event = pending.removeFirst();
            event.softId().events().delivered();
            return event;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.interrupted(GET);
        } finally {
            lock.unlock();
        }
    }

    private long awaitForever() throws InterruptedException {
        arrived.await();
        return Long.MAX_VALUE;
    }

    /** Frees the backlog place of a connection request, outside the channel's lock. */
    private static CmEvent taken(SoftCmEvent event) {
        if (event != null && event.softListenId() != null) {
            event.softListenId().requestRead();
        }
        return event;
    }

    @Override
    void destroy() {
        // The identifiers that used the channel are gone; their events went with them.
    }

    @Override
    void afterClose() {
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
