package org.verbs4j.provider.soft;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * Counts the events handed to the application about one object and the acknowledgements it gave, so
 * that destroying the object can wait until every delivered event is acknowledged (one to one).
 */
final class EventAccount {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition allAcknowledged = lock.newCondition();
    private final String kind;
    private int outstanding;

    /** @param kind what the events are ("asynchronous", "completion"), for the destroy error */
    EventAccount(String kind) {
        this.kind = kind;
    }

    void delivered() {
        lock.lock();
        try {
            outstanding++;
        } finally {
            lock.unlock();
        }
    }

    /** @return whether {@code count} events could be acknowledged (not more than are outstanding) */
    boolean acknowledge(int count) {
        lock.lock();
        try {
            if (count < 0 || count > outstanding) {
                return false;
            }
            outstanding -= count;
            if (outstanding == 0) {
                allAcknowledged.signalAll();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    int outstanding() {
        lock.lock();
        try {
            return outstanding;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until every delivered event is acknowledged, at most {@link #destroyTimeout()}.
     *
     * @param destroyVerb the destroy verb that waits
     * @throws org.verbs4j.BusyException naming {@code destroyVerb} if some are still outstanding then
     */
    void awaitAllAcknowledged(String destroyVerb) {
        awaitAllAcknowledged(destroyVerb, destroyDeadline());
    }

    /**
     * Waits as {@link #awaitAllAcknowledged(String)} does, until {@code deadline}, so that a destroy with
     * several waits takes at most one {@link #destroyTimeout()} in all.
     *
     * @param deadline a {@link System#nanoTime()} from {@link #destroyDeadline()}
     */
    void awaitAllAcknowledged(String destroyVerb, long deadline) {
        if (!awaitAllAcknowledged(deadline - System.nanoTime())) {
            throw Failures.busy(destroyVerb, outstanding() + " " + kind + " event(s) are not acknowledged after "
                    + destroyTimeout() + " (property " + DESTROY_TIMEOUT_PROPERTY + ")");
        }
    }

    /** @return when a destroy that starts now stops waiting for acknowledgements */
    static long destroyDeadline() {
        return System.nanoTime() + destroyTimeout().toNanos();
    }

    private boolean awaitAllAcknowledged(long nanos) {
        long remaining = nanos;
        lock.lock();
        try {
            while (outstanding > 0) {
                if (remaining <= 0) {
                    return false;
                }
                remaining = allAcknowledged.awaitNanos(remaining);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    static Duration destroyTimeout() {
        return Duration.ofMillis(Long.getLong(DESTROY_TIMEOUT_PROPERTY, TimeUnit.SECONDS.toMillis(10)));
    }

    /** The system property that bounds how long a destroy waits for acknowledgements, in milliseconds. */
    static final String DESTROY_TIMEOUT_PROPERTY = "verbs4j.soft.destroy-timeout-ms";
}
