package org.verbs4j.provider.soft;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;

/**
 * A completion channel: a queue of completion events, each naming the completion queue that was armed
 * and got a completion. An event counts towards its queue's unacknowledged events once it is read.
 */
final class SoftCompletionChannel extends SoftObject implements CompletionChannel {

    private static final String GET = "ibv_get_cq_event";

    private final SoftContext context;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<SoftCompletionQueue> pending = new ArrayDeque<>();

    SoftCompletionChannel(SoftContext context) {
        super("ibv_destroy_comp_channel", "completion channel", context.device().name());
        context.retain("ibv_create_comp_channel");
        this.context = context;
    }

    @Override
    public Context context() {
        return context;
    }

    void deliver(SoftCompletionQueue cq) {
        lock.lock();
        try {
            pending.addLast(cq);
            arrived.signal();
        } finally {
            lock.unlock();
        }
    }

    void discard(SoftCompletionQueue cq) {
        lock.lock();
        try {
            pending.removeIf(queued -> queued == cq);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public CompletionQueue getEvent() {
        ensureOpen(GET);
        lock.lock();
        try {
            while (pending.isEmpty()) {
                arrived.await();
                ensureOpen(GET);
            }
            return takeLocked();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.interrupted(GET);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public CompletionQueue getEvent(Duration timeout) {
        ensureOpen(GET);
        long remaining = Timeouts.nanos(Failures.required(GET, timeout, "the timeout"));
        lock.lock();
        try {
            while (pending.isEmpty()) {
                if (remaining <= 0) {
                    return null;
                }
                remaining = arrived.awaitNanos(remaining);
            }
            return takeLocked();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Failures.interrupted(GET);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public CompletionQueue tryGetEvent() {
        ensureOpen(GET);
        lock.lock();
        try {
            return pending.isEmpty() ? null : takeLocked();
        } finally {
            lock.unlock();
        }
    }

    private CompletionQueue takeLocked() {
        SoftCompletionQueue cq = pending.removeFirst();
        cq.completionEvents().delivered();
        return cq;
    }

    @Override
    void destroy() {
        // The queues that used the channel are gone; pending events went with them.
    }

    @Override
    void afterClose() {
        lock.lock();
        try {
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        context.release();
    }
}
