package org.verbs4j.provider.soft;

import java.time.Instant;

/**
 * The clock of the soft devices: completion timestamps in device ticks of one nanosecond (a 1 GHz
 * clock) since the fabric started, and the matching wall-clock time.
 */
final class DeviceClock {

    /** The clock frequency in kHz (1 GHz). */
    static final long CORE_CLOCK_KHZ = 1_000_000;
    /** The valid bits of a timestamp. */
    static final long TIMESTAMP_MASK = Long.MAX_VALUE;

    private final long startNanos = System.nanoTime();
    private final long startWallclockNanos;

    DeviceClock() {
        Instant now = Instant.now();
        startWallclockNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    long ticks() {
        return (System.nanoTime() - startNanos) & TIMESTAMP_MASK;
    }

    long wallclockNanos(long ticks) {
        return startWallclockNanos + ticks;
    }
}
