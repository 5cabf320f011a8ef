package org.verbs4j.tools.perf;

/**
 * One row of perftest's bandwidth table ({@code struct bw_report_data}).
 *
 * @param size the message size in bytes
 * @param iters the messages
 * @param peak the best bandwidth over any run of completions, in the report's unit
 * @param average the bandwidth from the first post to the last completion, in the report's unit
 * @param messageRate millions of messages per second
 */
record BwReport(long size, long iters, double peak, double average, double messageRate) {

    /** MiB/sec ({@code MBS}): bytes per second over 2^20. */
    static final double MIB = 0x100000;
    /** Gb/sec ({@code --report_gbits}): bytes per second over 1.25e8. */
    static final double GBIT = 125_000_000;

    /**
     * perftest's {@code print_report_bw}: the average over the whole run, the peak as the fastest
     * stretch from a post to a later completion (over at most 4096 starting posts, evenly spread).
     *
     * @param size the message size
     * @param posted the time of each post, in nanoseconds
     * @param completed the time each message was known complete, in nanoseconds
     * @param cqMod completions are signaled every {@code cqMod} messages
     * @param unit {@link #MIB} or {@link #GBIT}
     * @return the row
     */
    static BwReport of(long size, long[] posted, long[] completed, int cqMod, double unit) {
        int iters = posted.length;
        double seconds = (completed[iters - 1] - posted[0]) / 1e9;
        double best = bestNanosPerMessage(posted, completed, cqMod) / 1e9;
        return new BwReport(size, iters, size / best / unit, size * iters / seconds / unit, iters / seconds / 1e6);
    }

    private static double bestNanosPerMessage(long[] posted, long[] completed, int cqMod) {
        int iters = posted.length;
        double best = (completed[iters - 1] - posted[0]) / (double) iters;
        int step = Math.max(1, iters / 4096);
        for (int i = 0; i < iters; i += step) {
            for (int j = roundUp(i + 1, cqMod) - 1; j < iters; j += cqMod) {
                best = Math.min(best, (completed[j] - posted[i]) / (double) (j - i + 1));
            }
            best = Math.min(best, (completed[iters - 1] - posted[i]) / (double) (iters - i));
        }
        return best;
    }

    private static int roundUp(int value, int multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }

    /** @return this row with a peak of 0, as perftest prints it when it measures none ({@code noPeak}) */
    BwReport withoutPeak() {
        return new BwReport(size, iters, 0, average, messageRate);
    }

    /**
     * The receiver's row of a send test: it has no post times, so, as perftest ({@code noPeak}), no peak (0).
     *
     * @param size the message size
     * @param iters the messages received
     * @param firstNanos when the first arrived
     * @param lastNanos when the last arrived
     * @param unit {@link #MIB} or {@link #GBIT}
     * @return the row
     */
    static BwReport received(long size, long iters, long firstNanos, long lastNanos, double unit) {
        double seconds = Math.max(lastNanos - firstNanos, 1) / 1e9;
        double average = size * iters / seconds / unit;
        return new BwReport(size, iters, 0, average, iters / seconds / 1e6);
    }
}
