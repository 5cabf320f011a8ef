package org.verbs4j.tools.pingpong;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * {@code ibv_rc_pingpong -t}: the device's clock cycles between consecutive receive completions, read from
 * each completion's timestamp (with the wrap-around of the device's timestamp mask), and the lines the C
 * tool prints after its figures.
 */
final class ReceiveTimestamps {

    private final long mask;
    private long previous;
    private boolean seenOne;
    private long max;
    private long min = 0xffffffffL;
    private long total;
    private long count;

    /** @param mask the valid bits of a timestamp ({@code completion_timestamp_mask}) */
    ReceiveTimestamps(long mask) {
        this.mask = mask;
    }

    /** @param timestamp the timestamp of a receive completion */
    void received(long timestamp) {
        if (seenOne) {
            long delta = Long.compareUnsigned(timestamp, previous) >= 0 ? timestamp - previous
                    : mask - previous + timestamp + 1;
            max = Math.max(max, delta);
            min = Math.min(min, delta);
            total += delta;
            count++;
        }
        previous = timestamp;
        seenOne = true;
    }

    /** Prints the maximum, minimum and average, if two receives had timestamps. */
    void print(PrintWriter out) {
        if (count == 0) {
            return;
        }
        out.println("Max receive completion clock cycles = " + Long.toUnsignedString(max));
        out.println("Min receive completion clock cycles = " + Long.toUnsignedString(min));
        out.println(String.format(Locale.ROOT, "Average receive completion clock cycles = %f", (double) total / count));
    }
}
