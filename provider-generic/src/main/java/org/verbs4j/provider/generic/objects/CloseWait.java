package org.verbs4j.provider.generic.objects;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How long a {@code close()} waits for other threads to leave the object's verbs and batches before it fails
 * with {@link org.verbs4j.BusyException}: {@value #PROPERTY} milliseconds, 10 seconds by default, as the soft
 * provider's destroy timeout. It spins briefly (a verb is short), then sleeps in steps of 50 microseconds.
 */
final class CloseWait {

    /** The system property that sets the timeout in milliseconds. */
    static final String PROPERTY = "verbs4j.generic.closeTimeoutMillis";
    private static final int SPINS = 1000;
    private static final long SLEEP_NANOS = 50_000;

    private CloseWait() {
    }

    /** @return the timeout, read at each close */
    static Duration timeout() {
        return Duration.ofMillis(Long.getLong(PROPERTY, TimeUnit.SECONDS.toMillis(10)));
    }

    /** @return the {@link System#nanoTime()} at which a close starting now gives up */
    static long deadline() {
        return System.nanoTime() + timeout().toNanos();
    }

    /**
     * Waits a little before the next look.
     *
     * @param spins how many times the caller looked already
     * @param deadline when to give up
     * @return {@code false} if the deadline has passed
     */
    static boolean pause(int spins, long deadline) {
        if (System.nanoTime() - deadline > 0) {
            return false;
        }
        if (spins < SPINS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(SLEEP_NANOS);
        }
        return true;
    }
}
