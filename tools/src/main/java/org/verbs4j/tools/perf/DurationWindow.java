package org.verbs4j.tools.perf;

import java.time.Duration;

/**
 * perftest's duration mode ({@code -D}, {@code catch_alarm}): a warm-up of {@code margin}, the sample (the
 * rest but another margin), a cool-down of {@code margin}, then the end. Only what completes during the
 * sample is counted.
 *
 * @param sampleStart when the sample starts ({@link System#nanoTime()})
 * @param sampleEnd when it ends
 * @param end when the test ends
 */
record DurationWindow(long sampleStart, long sampleEnd, long end) {

    /**
     * @param total the whole duration
     * @param margin the warm-up and the cool-down
     * @return the window, starting now
     */
    static DurationWindow startingNow(Duration total, Duration margin) {
        long now = System.nanoTime();
        return new DurationWindow(now + margin.toNanos(), now + total.toNanos() - margin.toNanos(),
                now + total.toNanos());
    }

    /** @return whether the sample is being taken now */
    boolean sampling() {
        long now = System.nanoTime();
        return now - sampleStart >= 0 && now - sampleEnd < 0;
    }

    /** @return whether the sample is over */
    boolean coolingDown() {
        return System.nanoTime() - sampleEnd >= 0;
    }

    /** @return whether the test's time is up */
    boolean ended() {
        return System.nanoTime() - end >= 0;
    }

    /** @return the sample's length in microseconds */
    double sampleMicros() {
        return (sampleEnd - sampleStart) / 1e3;
    }
}
