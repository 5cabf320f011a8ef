package org.verbs4j.provider.soft;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The timeouts the api gives as a {@link Duration}, as the soft device's waits count them. */
final class Timeouts {

    private Timeouts() {
    }

    /**
     * @return {@code timeout} in nanoseconds: 0 (no wait) if it is negative, {@link Long#MAX_VALUE} (forever) if
     *     it is too long for a {@code long} of nanoseconds
     */
    static long nanos(Duration timeout) {
        if (timeout.isNegative()) {
            return 0;
        }
        try {
            return timeout.toNanos();
        } catch (ArithmeticException forever) {
            return Long.MAX_VALUE;
        }
    }

    /** @return {@code timeout} in milliseconds, as {@link #nanos} bounds it */
    static long millis(Duration timeout) {
        return TimeUnit.NANOSECONDS.toMillis(nanos(timeout));
    }
}
